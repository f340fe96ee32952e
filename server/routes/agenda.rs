//! GET /api/agenda

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiQuery, ErrorBody, Result};
use crate::services::Data;
use crate::services::agenda::{self, Agenda, AgendaQuery};
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show))
}

/// One day (a column per staff member) or one week (a column per day) of appointments, with the grid's staff and hours.
#[utoipa::path(get, path = "/agenda", tag = "agenda", params(AgendaQuery),
    responses((status = 200, body = Data<Agenda>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn show(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<AgendaQuery>) -> Result<Json<Data<Agenda>>> {
    Ok(data(agenda::get(&state.db, &query, state.config.tz).await?))
}
