//! GET /healthz, GET /readyz: for a load balancer or an orchestrator.
//! `/healthz` says the process is up and serving (no database needed, so a
//! database outage does not get the process restarted); `/readyz` says it
//! can do its work: the database answers and can be written, and the
//! render pool renders.

use std::time::Duration;

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sea_orm::{ConnectionTrait, DbBackend};
use serde_json::json;

use crate::db::WriteFailed;
use crate::error::RETRY_AFTER_SECONDS;
use crate::state::AppState;

/// Longest `/readyz` waits for each check.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// Free bytes below which a SQLite database's file system counts as full.
const MIN_FREE_BYTES: u64 = 1 << 20;

/// Middleware: notes every response marked [`WriteFailed`].
pub async fn note_write_failures(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.extensions().get::<WriteFailed>().is_some() {
        state.writes.note_failure();
    }
    response
}

/// Whether the database can take writes now: none failed for lack of space
/// of late, and a SQLite file's file system has room.
fn writable(state: &AppState) -> bool {
    if state.writes.failing() {
        return false;
    }
    if state.db.get_database_backend() != DbBackend::Sqlite {
        return true;
    }
    let Some(dir) = crate::db::sqlite_path(&state.config.database_url).map(|path| {
        let parent = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty());
        parent.map_or_else(|| std::path::PathBuf::from("."), std::path::Path::to_path_buf)
    }) else {
        return true;
    };
    crate::db::free_bytes(&dir).is_none_or(|free| free >= MIN_FREE_BYTES)
}

pub async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz(State(state): State<AppState>) -> Response {
    let database = tokio::time::timeout(CHECK_TIMEOUT, state.db.execute_unprepared("SELECT 1")).await;
    let reachable = matches!(database, Ok(Ok(_)));
    if !reachable {
        tracing::warn!(?database, "readyz: database not reachable");
    }
    let writable = writable(&state);
    if reachable && !writable {
        tracing::warn!("readyz: the database cannot be written (no space)");
    }
    let database_ok = reachable && writable;
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
        "database": if reachable && !writable { "sem espaço" } else { status(database_ok) },
        "render": status(render_ok),
    });
    if database_ok && render_ok {
        (StatusCode::OK, Json(body)).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, RETRY_AFTER_SECONDS.to_string())], Json(body)).into_response()
    }
}
