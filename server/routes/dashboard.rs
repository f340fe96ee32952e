//! GET /api/dashboard

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::Result;
use expediente_core::kit::{Context, Data};
use expediente_core::reporting::dashboard::{self, Dashboard};
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(summary))
}

#[utoipa::path(get, path = "/dashboard", tag = "dashboard",
    responses((status = 200, body = Data<Dashboard>)))]
async fn summary(cx: Context) -> Result<Json<Data<Dashboard>>> {
    Ok(data(dashboard::summary(&cx).await?))
}
