//! GET /api/appointments, POST /api/appointments, GET /api/appointments/export.csv,
//! GET /api/appointments/{id}, PUT /api/appointments/{id}, DELETE /api/appointments/{id},
//! PATCH /api/appointments/{id}/status, GET /api/appointments/{id}/history

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, patch};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, Result};
use crate::services::appointments::{self, AppointmentInput, AppointmentQuery, AppointmentView, NOT_FOUND, StatusInput};
use crate::services::validation::parse_id;
use crate::services::Page;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/appointments", get(list).post(create))
        .route("/appointments/export.csv", get(export))
        .route("/appointments/{id}", get(get_one).put(update).delete(remove))
        .route("/appointments/{id}/status", patch(change_status))
        .route("/appointments/{id}/history", get(history))
}

async fn list(
    State(state): State<AppState>,
    _auth: AuthUser,
    ApiQuery(query): ApiQuery<AppointmentQuery>,
) -> Result<Json<Page<AppointmentView>>> {
    Ok(Json(appointments::list(&state.db, &query, state.config.tz).await?))
}

async fn export(
    State(state): State<AppState>,
    _auth: AuthUser,
    ApiQuery(query): ApiQuery<AppointmentQuery>,
) -> Result<impl IntoResponse> {
    let body = appointments::export_csv(&state.db, &query, state.config.tz).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"agendamentos.csv\""),
        ],
        body,
    ))
}

async fn get_one(State(state): State<AppState>, _auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": appointments::get(&state.db, id, state.config.tz).await? })))
}

async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<AppointmentInput>,
) -> Result<impl IntoResponse> {
    let appointment = appointments::create(&state.db, input, Some(auth.user.id), state.config.tz).await?;
    Ok((StatusCode::CREATED, Json(json!({ "data": appointment }))))
}

async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<AppointmentInput>,
) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": appointments::update(&state.db, id, input, Some(auth.user.id), state.config.tz).await? })))
}

async fn change_status(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<StatusInput>,
) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": appointments::change_status(&state.db, id, input, Some(auth.user.id), state.config.tz).await? })))
}

async fn remove(State(state): State<AppState>, auth: AuthUser, Path(id): Path<String>) -> Result<StatusCode> {
    let id = parse_id(&id, NOT_FOUND)?;
    appointments::delete(&state.db, id, Some(auth.user.id), state.config.tz).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn history(State(state): State<AppState>, _auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": appointments::history(&state.db, id, state.config.tz).await? })))
}
