//! GET /healthz, GET /readyz: for a load balancer or an orchestrator.
//! `/healthz` says the process is up and serving (no database needed, so a
//! database outage does not get the process restarted); `/readyz` says it
//! can do its work: the database answers and the render pool renders.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::error::RETRY_AFTER_SECONDS;
use crate::state::AppState;

/// Longest `/readyz` waits for each check.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

pub async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz(State(state): State<AppState>) -> Response {
    let database = tokio::time::timeout(CHECK_TIMEOUT, state.db.execute_unprepared("SELECT 1")).await;
    let database_ok = matches!(database, Ok(Ok(_)));
    if !database_ok {
        tracing::warn!(?database, "readyz: database not reachable");
    }
    let render_ok = match &state.ssr {
        // A real render of the login page: the workers have their bundle loaded and answer.
        Some(pool) => {
            let input = json!({ "url": "/login", "state": {} }).to_string();
            matches!(tokio::time::timeout(CHECK_TIMEOUT, pool.render(input)).await, Ok(Ok(_)))
        }
        None => true,
    };
    let status = |ok: bool| if ok { "ok" } else { "indisponível" };
    let body = json!({
        "status": status(database_ok && render_ok),
        "database": status(database_ok),
        "render": status(render_ok),
    });
    if database_ok && render_ok {
        (StatusCode::OK, Json(body)).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, RETRY_AFTER_SECONDS.to_string())], Json(body)).into_response()
    }
}
