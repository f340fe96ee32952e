//! GET /api/reports/summary

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::auth::AuthUser;
use crate::error::{ApiQuery, Result};
use crate::services::reports::{self, SummaryQuery};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/reports/summary", get(summary))
}

/// Staff and admins alike may read the reports.
async fn summary(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<SummaryQuery>) -> Result<Json<Value>> {
    Ok(Json(json!({ "data": reports::summary(&state.db, &query, state.config.tz).await? })))
}
