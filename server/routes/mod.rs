//! The JSON API under `/api`, one module per resource. Each module's
//! `router()` registers its handlers with `routes!`, which also adds their
//! `#[utoipa::path]` to the OpenAPI document: the document lists exactly the
//! routes that exist (`openapi.rs`).

/// Defines `$name(pub i32)`, the extractor of a resource's `{id}` path
/// parameter, read as `parse_id` reads every path id: anything but a
/// positive number is the resource's 404 (`$not_found`), never axum's
/// plain-text 400.
macro_rules! path_id {
    ($name:ident, $not_found:expr) => {
        pub struct $name(pub i32);

        impl axum::extract::FromRequestParts<crate::state::AppState> for $name {
            type Rejection = crate::error::HttpError;

            async fn from_request_parts(
                parts: &mut axum::http::request::Parts,
                state: &crate::state::AppState,
            ) -> Result<Self, Self::Rejection> {
                let axum::extract::Path(raw) = axum::extract::Path::<String>::from_request_parts(parts, state)
                    .await
                    .map_err(|_| crate::error::AppError::NotFound($not_found.into()))?;
                Ok(expediente_core::kit::validation::parse_id(&raw, $not_found).map($name)?)
            }
        }
    };
}

/// Defines `$name(pub i32, pub i32)`, the extractor of a record's history
/// entry (`{id}/history/{entryId}`): both read as `parse_id` reads every
/// path id, anything else the record's 404 (`$not_found`) or the entry's.
macro_rules! history_path {
    ($name:ident, $not_found:expr) => {
        pub struct $name(pub i32, pub i32);

        impl axum::extract::FromRequestParts<crate::state::AppState> for $name {
            type Rejection = crate::error::HttpError;

            async fn from_request_parts(
                parts: &mut axum::http::request::Parts,
                state: &crate::state::AppState,
            ) -> Result<Self, Self::Rejection> {
                let axum::extract::Path((id, entry)) =
                    axum::extract::Path::<(String, String)>::from_request_parts(parts, state)
                        .await
                        .map_err(|_| crate::error::AppError::NotFound($not_found.into()))?;
                let id = expediente_core::kit::validation::parse_id(&id, $not_found)?;
                let entry = expediente_core::kit::validation::parse_id(&entry, expediente_core::kit::audit::ENTRY_NOT_FOUND)?;
                Ok($name(id, entry))
            }
        }
    };
}

pub mod agenda;
pub mod appointments;
pub mod auth;
pub mod calendar;
pub mod clients;
pub mod dashboard;
pub mod events;
pub mod openapi;
pub mod reads;
pub mod reminders;
pub mod reports;
pub mod schedule;
pub mod services;
pub mod users;

use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::{Json, Router};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use expediente_core::kit::Data;
use crate::state::AppState;

/// The API's routes with their documentation, paths relative to `/api`.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(clients::router())
        .merge(appointments::router())
        .merge(agenda::router())
        .merge(events::router())
        .merge(dashboard::router())
        .merge(users::router())
        .merge(calendar::router())
        .merge(reports::router())
        .merge(reminders::router())
        .merge(services::router())
        .merge(schedule::router())
        .merge(reads::router())
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

/// `{ "data": … }`.
pub fn data<T>(data: T) -> Json<Data<T>> {
    Json(Data { data })
}

/// `201 Created` with `{ "data": … }`.
pub fn created<T>(data: T) -> (StatusCode, Json<Data<T>>) {
    (StatusCode::CREATED, Json(Data { data }))
}

/// A CSV download saved as `filename`.
pub fn csv_file(filename: &'static str, body: Vec<u8>) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")),
        ],
        body,
    )
}
