//! GET /api/dashboard

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ErrorBody, Result};
use crate::services::Data;
use crate::services::dashboard::{self, Dashboard};
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(summary))
}

#[utoipa::path(get, path = "/dashboard", tag = "dashboard",
    responses((status = 200, body = Data<Dashboard>), (status = 401, body = ErrorBody)))]
async fn summary(State(state): State<AppState>, _auth: AuthUser) -> Result<Json<Data<Dashboard>>> {
    Ok(data(dashboard::summary(&state.db, state.config.tz).await?))
}
