//! GET /api/agenda

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::Result;
use crate::extract::ApiQuery;
use expediente_core::kit::{Context, Data};
use expediente_core::booking::agenda::{self, Agenda, AgendaQuery};
use expediente_core::booking::appointments::AppointmentFilter;
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show))
}

/// One day (a column per staff member) or one week (a column per day) of appointments, with the grid's staff and hours.
/// Without `status`, every status but cancelado.
#[utoipa::path(get, path = "/agenda", tag = "agenda", params(AgendaQuery, AppointmentFilter),
    responses((status = 200, body = Data<Agenda>)))]
async fn show(cx: Context, ApiQuery(query): ApiQuery<AgendaQuery>, ApiQuery(filter): ApiQuery<AppointmentFilter>) -> Result<Json<Data<Agenda>>> {
    Ok(data(agenda::get(&cx, &query, &filter).await?))
}
