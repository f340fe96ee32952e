//! GET /api/users, POST /api/users, GET /api/users/{id}, PUT /api/users/{id},
//! POST /api/users/{id}/deactivate, POST /api/users/{id}/activate (admins only)

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, ErrorBody, Result};
use crate::services::users::{self, CreateUserInput, UpdateUserInput, UserQuery, UserView};
use crate::services::{Data, Page};
use crate::state::AppState;

use super::data;

const NOT_FOUND: &str = "Usuário não encontrado.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update))
        .routes(routes!(deactivate))
        .routes(routes!(activate))
}

path_id!(UserId, NOT_FOUND);

fn user_data(state: &AppState, user: &entities::user::Model) -> Json<Data<UserView>> {
    data(UserView::new(user, state.config.tz))
}

#[utoipa::path(get, path = "/users", tag = "users", params(UserQuery),
    responses((status = 200, body = Page<UserView>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn list(State(state): State<AppState>, auth: AuthUser, ApiQuery(query): ApiQuery<UserQuery>) -> Result<Json<Page<UserView>>> {
    auth.require_admin()?;
    Ok(Json(users::list(&state.db, &query, state.config.tz).await?))
}

#[utoipa::path(get, path = "/users/{id}", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_one(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    auth.require_admin()?;
    Ok(user_data(&state, &users::get(&state.db, id).await?))
}

#[utoipa::path(post, path = "/users", tag = "users", request_body = CreateUserInput,
    responses((status = 201, body = Data<UserView>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<CreateUserInput>,
) -> Result<(StatusCode, Json<Data<UserView>>)> {
    auth.require_admin()?;
    let user = users::create_by(&state.db, &auth.user, input).await?;
    Ok((StatusCode::CREATED, user_data(&state, &user)))
}

/// Every field optional; what is sent changes. An admin cannot change their
/// own role (422). Users have no version: the last write wins.
#[utoipa::path(put, path = "/users/{id}", tag = "users", params(("id" = i32, Path)), request_body = UpdateUserInput,
    responses(
        (status = 200, body = Data<UserView>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "Dados inválidos, e-mail em uso ou alteração do próprio perfil"),
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    UserId(id): UserId,
    ApiJson(input): ApiJson<UpdateUserInput>,
) -> Result<Json<Data<UserView>>> {
    auth.require_admin()?;
    Ok(user_data(&state, &users::update(&state.db, &auth.user, id, input).await?))
}

#[utoipa::path(post, path = "/users/{id}/deactivate", tag = "users", params(("id" = i32, Path)),
    description = "Desativa: o usuário não entra mais e seus tokens param de valer. Ninguém desativa a si mesmo (422).",
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn deactivate(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    auth.require_admin()?;
    Ok(user_data(&state, &users::set_active(&state.db, &auth.user, id, false).await?))
}

#[utoipa::path(post, path = "/users/{id}/activate", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn activate(State(state): State<AppState>, auth: AuthUser, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    auth.require_admin()?;
    Ok(user_data(&state, &users::set_active(&state.db, &auth.user, id, true).await?))
}
