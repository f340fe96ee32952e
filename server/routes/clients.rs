//! GET /api/clients

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use crate::auth::AuthUser;
use crate::error::{ApiQuery, Result};
use crate::services::clients::{self, ClientQuery, ClientView};
use crate::services::Page;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/clients", get(list))
}

async fn list(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<ClientQuery>) -> Result<Json<Page<ClientView>>> {
    Ok(Json(clients::list(&state.db, &query, state.config.tz).await?))
}
