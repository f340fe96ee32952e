//! GET /api/online-booking, PUT /api/online-booking (admins): what the
//! clients' own booking page (`/agendar`, server/public/booking.rs) offers.

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::ApiJson;
use expediente_core::booking::online::{self, OnlineBookingInput, OnlineBookingView};
use expediente_core::kit::{Context, Data};
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, put_settings))
}

/// O agendamento pelos clientes: ligado ou não, serviços oferecidos, antecedência, dia mais distante, texto de privacidade e o endereço da página.
#[utoipa::path(get, path = "/online-booking", tag = "schedule",
    responses((status = 200, body = Data<OnlineBookingView>)))]
async fn get_settings(cx: Context) -> Result<Json<Data<OnlineBookingView>>> {
    Ok(data(online::get_settings(&cx).await?))
}

/// Só os campos enviados mudam; `{"enabled": true}` sozinho liga a página com todos os serviços ativos (`serviceIds`: null).
#[utoipa::path(put, path = "/online-booking", tag = "schedule", request_body = OnlineBookingInput,
    responses((status = 200, body = Data<OnlineBookingView>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn put_settings(cx: Context, ApiJson(input): ApiJson<OnlineBookingInput>) -> Result<Json<Data<OnlineBookingView>>> {
    Ok(data(online::put_settings(&cx, input).await?))
}
