//! GET /api/users, POST /api/users, GET /api/users/{id}, PUT /api/users/{id},
//! POST /api/users/{id}/deactivate, POST /api/users/{id}/activate (admins only);
//! GET /api/staff (every signed-in user)

use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use crate::http::Admin;
use expediente_core::kit::list::ListQuery;
use expediente_core::people::users::{self, CreateUserInput, NOT_FOUND, StaffMember, UpdateUserInput, UserFilter, UserView};
use expediente_core::kit::{Context, Data, Page};
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update))
        .routes(routes!(deactivate))
        .routes(routes!(activate))
        .routes(routes!(staff))
}

/// The people who take appointments (active users, by name): the choices of
/// every staff picker and filter.
#[utoipa::path(get, path = "/staff", tag = "users", responses((status = 200, body = Data<Vec<StaffMember>>)))]
async fn staff(cx: Context) -> Result<Json<Data<Vec<StaffMember>>>> {
    Ok(data(users::staff(&cx).await?))
}

path_ids!(UserId(id: NOT_FOUND));

fn user_data(cx: &Context, user: &entities::user::Model) -> Json<Data<UserView>> {
    data(UserView::new(user, cx.tz))
}

/// `sort`: name (padrão, sem diferenciar acentos), email, role, active, createdAt.
#[utoipa::path(get, path = "/users", tag = "users", params(ListQuery, UserFilter),
    responses((status = 200, body = Page<UserView>), (status = 403, body = ErrorBody)))]
async fn list(Admin(cx): Admin, ApiQuery(list): ApiQuery<ListQuery>, ApiQuery(filter): ApiQuery<UserFilter>) -> Result<Json<Page<UserView>>> {
    Ok(Json(users::list(&cx, &list, &filter).await?))
}

#[utoipa::path(get, path = "/users/{id}", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody)))]
async fn get_one(Admin(cx): Admin, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    Ok(user_data(&cx, &users::get(&cx, id).await?))
}

#[utoipa::path(post, path = "/users", tag = "users", request_body = CreateUserInput,
    responses((status = 201, body = Data<UserView>), (status = 403, body = ErrorBody)))]
async fn create(Admin(cx): Admin, ApiJson(input): ApiJson<CreateUserInput>) -> Result<(StatusCode, Json<Data<UserView>>)> {
    let user = users::create_by(&cx, input).await?;
    Ok((StatusCode::CREATED, user_data(&cx, &user)))
}

/// Every field optional; what is sent changes. An admin cannot change their
/// own role (422). Users have no version: the last write wins.
#[utoipa::path(put, path = "/users/{id}", tag = "users", params(("id" = i32, Path)), request_body = UpdateUserInput,
    responses(
        (status = 200, body = Data<UserView>),
        (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "Dados inválidos, e-mail em uso ou alteração do próprio perfil"),
        (status = 429, body = ErrorBody, description = "Muitas senhas atuais erradas nesta conta: aguarde o tempo de Retry-After"),
    ))]
async fn update(Admin(cx): Admin, UserId(id): UserId, ApiJson(input): ApiJson<UpdateUserInput>) -> Result<Json<Data<UserView>>> {
    Ok(user_data(&cx, &users::update(&cx, id, input).await?))
}

#[utoipa::path(post, path = "/users/{id}/deactivate", tag = "users", params(("id" = i32, Path)),
    description = "Desativa: o usuário não entra mais e seus tokens param de valer. Ninguém desativa a si mesmo (422).",
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody)))]
async fn deactivate(Admin(cx): Admin, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    Ok(user_data(&cx, &users::set_active(&cx, id, false).await?))
}

#[utoipa::path(post, path = "/users/{id}/activate", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorBody)))]
async fn activate(Admin(cx): Admin, UserId(id): UserId) -> Result<Json<Data<UserView>>> {
    Ok(user_data(&cx, &users::set_active(&cx, id, true).await?))
}
