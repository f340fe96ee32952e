//! GET /api/agenda

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::Result;
use crate::http::{content_etag, none_match};
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
#[utoipa::path(get, path = "/agenda", tag = "agenda", params(AgendaQuery, AppointmentFilter,
        ("If-None-Match" = Option<String>, Header, description = "O ETag de uma resposta anterior: sem mudança, a resposta é 304 sem corpo")),
    responses((status = 200, body = Data<Agenda>, headers(("ETag" = String, description = "Fraco, do conteúdo (sem `now`)"))),
        (status = 304, description = "Nada mudou desde o ETag enviado")))]
async fn show(cx: Context, headers: HeaderMap, ApiQuery(query): ApiQuery<AgendaQuery>, ApiQuery(filter): ApiQuery<AppointmentFilter>) -> Result<Response> {
    let agenda = agenda::get(&cx, &query, &filter).await?;
    // The tag leaves out `now`, which moves on with every read: an agenda
    // nobody changed answers 304, a few hundred bytes, to the screens that
    // read it again every 30 s without the live stream (docs/behaviour.md#live-agenda).
    let etag = content_etag(&serde_json::to_vec(&Agenda { now: String::new(), ..agenda.clone() }).map_err(anyhow::Error::from)?);
    let mut response = if none_match(&headers, &etag) { StatusCode::NOT_MODIFIED.into_response() } else { data(agenda).into_response() };
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    Ok(response)
}
