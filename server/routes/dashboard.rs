//! GET /api/dashboard

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::auth::AuthUser;
use crate::error::Result;
use crate::services::dashboard;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/dashboard", get(summary))
}

async fn summary(State(state): State<AppState>, _auth: AuthUser) -> Result<Json<Value>> {
    Ok(Json(json!({ "data": dashboard::summary(&state.db, state.config.tz).await? })))
}
