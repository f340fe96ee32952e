//! The JSON API under `/api`, one module per resource.

pub mod appointments;
pub mod auth;
pub mod clients;
pub mod dashboard;
pub mod openapi;
pub mod reports;
pub mod users;

use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(auth::router())
        .merge(clients::router())
        .merge(appointments::router())
        .merge(dashboard::router())
        .merge(users::router())
        .merge(reports::router())
        .merge(openapi::router())
}
