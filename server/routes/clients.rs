//! GET /api/clients, POST /api/clients, GET /api/clients/export.csv,
//! GET /api/clients/{id}, PUT /api/clients/{id}, DELETE /api/clients/{id},
//! POST /api/clients/{id}/archive, POST /api/clients/{id}/unarchive,
//! GET /api/clients/{id}/history

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, Result};
use crate::services::clients::{self, ClientInput, ClientQuery, ClientView, NOT_FOUND};
use crate::services::validation::parse_id;
use crate::services::Page;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/clients", get(list).post(create))
        .route("/clients/export.csv", get(export))
        .route("/clients/{id}", get(get_one).put(update).delete(remove))
        .route("/clients/{id}/archive", post(archive))
        .route("/clients/{id}/unarchive", post(unarchive))
        .route("/clients/{id}/history", get(history))
}

async fn list(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<ClientQuery>) -> Result<Json<Page<ClientView>>> {
    Ok(Json(clients::list(&state.db, &query, state.config.tz).await?))
}

async fn export(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<ClientQuery>) -> Result<impl IntoResponse> {
    let body = clients::export_csv(&state.db, &query, state.config.tz).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"clientes.csv\""),
        ],
        body,
    ))
}

async fn get_one(State(state): State<AppState>, _auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": clients::get(&state.db, id, state.config.tz).await? })))
}

async fn create(State(state): State<AppState>, auth: AuthUser, ApiJson(input): ApiJson<ClientInput>) -> Result<impl IntoResponse> {
    let client = clients::create(&state.db, input, Some(auth.user.id), state.config.tz).await?;
    Ok((StatusCode::CREATED, Json(json!({ "data": client }))))
}

async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<ClientInput>,
) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": clients::update(&state.db, id, input, Some(auth.user.id), state.config.tz).await? })))
}

async fn remove(State(state): State<AppState>, auth: AuthUser, Path(id): Path<String>) -> Result<StatusCode> {
    let id = parse_id(&id, NOT_FOUND)?;
    clients::delete(&state.db, id, Some(auth.user.id), state.config.tz).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn archive(State(state): State<AppState>, auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": clients::set_archived(&state.db, id, true, Some(auth.user.id), state.config.tz).await? })))
}

async fn unarchive(State(state): State<AppState>, auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": clients::set_archived(&state.db, id, false, Some(auth.user.id), state.config.tz).await? })))
}

async fn history(State(state): State<AppState>, _auth: AuthUser, Path(id): Path<String>) -> Result<Json<Value>> {
    let id = parse_id(&id, NOT_FOUND)?;
    Ok(Json(json!({ "data": clients::history(&state.db, id, state.config.tz).await? })))
}
