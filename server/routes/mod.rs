//! The JSON API under `/api`, one module per resource. Each module's
//! `router()` registers its handlers with `routes!`, which also adds their
//! `#[utoipa::path]` to the OpenAPI document: the document lists exactly the
//! routes that exist (`openapi.rs`).

pub mod appointments;
pub mod auth;
pub mod clients;
pub mod dashboard;
pub mod openapi;
pub mod reports;
pub mod users;

use axum::Router;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The API's routes with their documentation, paths relative to `/api`.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(clients::router())
        .merge(appointments::router())
        .merge(dashboard::router())
        .merge(users::router())
        .merge(reports::router())
        .merge(openapi::router())
}

/// The API's routes, to nest under `/api`.
pub fn router() -> Router<AppState> {
    api().split_for_parts().0
}

/// A bare message: `{ "message": "…" }`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MessageBody)]
pub struct Message {
    #[schema(example = "Sessão encerrada.")]
    pub message: &'static str,
}
