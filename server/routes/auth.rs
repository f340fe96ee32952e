//! POST /api/login, POST /api/logout, GET /api/me, PUT /api/me

use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use axum::Json;
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{AuthUser, SESSION_COOKIE, removal_cookie, session_cookie};
use crate::error::{ApiJson, ErrorBody, Result};
use crate::routes::Message;
use crate::services::{Data, sessions, users};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(logout)).routes(routes!(me, update_me))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = LoginBody)]
pub struct LoginInput {
    #[schema(example = "admin@example.com")]
    email: String,
    password: String,
}

#[utoipa::path(post, path = "/login", tag = "auth", security(()), request_body = LoginInput,
    description = "Entra com e-mail e senha; também grava o cookie HttpOnly da sessão das páginas.",
    responses(
        (status = 200, body = Data<sessions::SessionView>),
        (status = 401, body = ErrorBody, description = "E-mail ou senha inválidos, ou usuário desativado"),
        (status = 422, body = ErrorBody),
    ))]
async fn login(State(state): State<AppState>, jar: CookieJar, ApiJson(input): ApiJson<LoginInput>) -> Result<impl IntoResponse> {
    let signed_in = sessions::sign_in(&state, &input.email, input.password).await?;
    let data = signed_in.view();
    let cookie = session_cookie(signed_in.token, state.keys.ttl, state.config.secure_cookies);
    Ok((jar.add(cookie), Json(Data { data })))
}

/// Signs out: revokes the token given (header or cookie) and clears the cookie.
#[utoipa::path(post, path = "/logout", tag = "auth", security(()),
    description = "Encerra a sessão: revoga o token enviado (cabeçalho ou cookie) e apaga o cookie.",
    responses((status = 200, body = Message)))]
async fn logout(State(state): State<AppState>, headers: HeaderMap, jar: CookieJar) -> Result<impl IntoResponse> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::to_string);
    let token = bearer.or_else(|| jar.get(SESSION_COOKIE).map(|c| c.value().to_string()));
    if let Some(token) = token {
        sessions::sign_out(&state, &token).await?;
    }
    Ok((jar.remove(removal_cookie(state.config.secure_cookies)), Json(Message { message: "Sessão encerrada." })))
}

#[utoipa::path(get, path = "/me", tag = "auth",
    responses((status = 200, body = Data<users::UserView>), (status = 401, body = ErrorBody)))]
async fn me(State(state): State<AppState>, auth: AuthUser) -> Json<Data<users::UserView>> {
    Json(Data { data: users::UserView::new(&auth.user, state.config.tz) })
}

/// Changes one's own name, e-mail or password (the last two need the current password).
#[utoipa::path(put, path = "/me", tag = "auth", request_body = users::ProfileInput,
    description = "Altera o próprio nome, e-mail ou senha; e-mail e senha pedem a senha atual.",
    responses((status = 200, body = Data<users::UserView>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update_me(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<users::ProfileInput>,
) -> Result<Json<Data<users::UserView>>> {
    let user = users::update_profile(&state.db, &auth.user, input).await?;
    Ok(Json(Data { data: users::UserView::new(&user, state.config.tz) }))
}
