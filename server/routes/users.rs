//! GET /api/users, POST /api/users, GET /api/users/{id}, PUT /api/users/{id},
//! POST /api/users/{id}/deactivate, POST /api/users/{id}/activate (admins only)

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, AppError, Result};
use crate::services::Page;
use crate::services::users::{self, CreateUserInput, UpdateUserInput, UserQuery, UserView};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users", get(list).post(create))
        .route("/users/{id}", get(get_one).put(update))
        .route("/users/{id}/deactivate", post(deactivate))
        .route("/users/{id}/activate", post(activate))
}

/// The `{id}` of a path; anything but a positive number is a 404.
pub struct UserId(pub i32);

impl axum::extract::FromRequestParts<AppState> for UserId {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &AppState) -> Result<Self> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::NotFound("Usuário não encontrado.".into()))?;
        raw.parse::<i32>().ok().filter(|id| *id > 0).map(UserId).ok_or_else(|| AppError::NotFound("Usuário não encontrado.".into()))
    }
}

fn data(state: &AppState, user: &entities::user::Model) -> Json<Value> {
    Json(json!({ "data": UserView::new(user, state.config.tz) }))
}

async fn list(State(state): State<AppState>, auth: AuthUser, ApiQuery(query): ApiQuery<UserQuery>) -> Result<Json<Page<UserView>>> {
    auth.require_admin()?;
    Ok(Json(users::list(&state.db, &query, state.config.tz).await?))
}

async fn get_one(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Value>> {
    auth.require_admin()?;
    Ok(data(&state, &users::get(&state.db, id).await?))
}

async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<CreateUserInput>,
) -> Result<(StatusCode, Json<Value>)> {
    auth.require_admin()?;
    let user = users::create_by(&state.db, &auth.user, input).await?;
    Ok((StatusCode::CREATED, data(&state, &user)))
}

async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    UserId(id): UserId,
    ApiJson(input): ApiJson<UpdateUserInput>,
) -> Result<Json<Value>> {
    auth.require_admin()?;
    Ok(data(&state, &users::update(&state.db, &auth.user, id, input).await?))
}

async fn deactivate(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Value>> {
    auth.require_admin()?;
    Ok(data(&state, &users::set_active(&state.db, &auth.user, id, false).await?))
}

async fn activate(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Value>> {
    auth.require_admin()?;
    Ok(data(&state, &users::set_active(&state.db, &auth.user, id, true).await?))
}
