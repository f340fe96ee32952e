//! GET /api/appointments

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use crate::auth::AuthUser;
use crate::error::{ApiQuery, Result};
use crate::services::appointments::{self, AppointmentQuery, AppointmentView};
use crate::services::Page;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/appointments", get(list))
}

async fn list(
    State(state): State<AppState>,
    _auth: AuthUser,
    ApiQuery(query): ApiQuery<AppointmentQuery>,
) -> Result<Json<Page<AppointmentView>>> {
    Ok(Json(appointments::list(&state.db, &query, state.config.tz).await?))
}
