//! The JSON API under `/api`, one module per resource. Each module's
//! `router()` registers its handlers with `routes!`, which also adds their
//! `#[utoipa::path]` to the OpenAPI document: the document lists exactly the
//! routes that exist (`openapi.rs`).

/// Defines `$name(pub i32, …)`, the extractor of a path's ids (a
/// resource's `{id}`, a history entry's `{id}/history/{entryId}`), each read
/// as `parse_id` reads every path id: anything but a positive number is
/// that id's 404 (the `$not_found` beside it), never axum's plain-text 400.
/// `path_ids!(ClientId(id: NOT_FOUND))` reads `{id}`.
macro_rules! path_ids {
    ($name:ident($($id:ident: $not_found:expr),+)) => {
        pub struct $name($(pub path_ids!(@i32 $id)),+);

        impl axum::extract::FromRequestParts<crate::state::AppState> for $name {
            type Rejection = crate::error::HttpError;

            async fn from_request_parts(
                parts: &mut axum::http::request::Parts,
                state: &crate::state::AppState,
            ) -> Result<Self, Self::Rejection> {
                let [$($id),+] = crate::routes::read_path_ids(parts, state, [$($not_found),+]).await?;
                Ok($name($($id),+))
            }
        }
    };
    (@i32 $id:ident) => { i32 };
}

pub mod agenda;
pub mod appointments;
pub mod auth;
pub mod calendar;
pub mod clients;
pub mod dashboard;
pub mod events;
pub mod online_booking;
pub mod openapi;
pub mod reads;
pub mod reminders;
pub mod reports;
pub mod schedule;
pub mod services;
pub mod users;
pub mod waitlist;

use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::{Json, Router};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use expediente_core::kit::Data;
use expediente_core::kit::validation::parse_id;
use crate::error::{AppError, HttpError};
use crate::state::AppState;

/// The ids of a request's path (what `path_ids!` defines extractors of),
/// each a positive number or its own 404; a path with another count of
/// parameters is the first's 404.
async fn read_path_ids<const N: usize>(
    parts: &mut axum::http::request::Parts,
    state: &AppState,
    not_found: [&str; N],
) -> Result<[i32; N], HttpError> {
    use axum::extract::{FromRequestParts, Path};
    let missing = || AppError::NotFound(not_found[0].into());
    let Path(raw) = Path::<Vec<String>>::from_request_parts(parts, state).await.map_err(|_| missing())?;
    let raw: [String; N] = raw.try_into().map_err(|_| missing())?;
    let mut ids = [0; N];
    for ((id, raw), not_found) in ids.iter_mut().zip(&raw).zip(not_found) {
        *id = parse_id(raw, not_found)?;
    }
    Ok(ids)
}

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
        .merge(online_booking::router())
        .merge(waitlist::router())
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
