//! POST /api/login, POST /api/logout, GET /api/me, PUT /api/me

use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use axum::Json;
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{AuthUser, Claims, SESSION_COOKIE, authenticate, verify_password};
use crate::error::{ApiJson, AppError, ErrorBody, FieldErrors, Result};
use crate::routes::Message;
use crate::services::{Data, audit, users};
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

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginData {
    id: i32,
    name: String,
    email: String,
    /// `admin` or `staff`.
    role: String,
    access_token: String,
    #[schema(example = "Bearer")]
    type_token: &'static str,
    /// Lifetime of the token in seconds.
    expires_in: i64,
    /// Expiry in epoch milliseconds, for the client's session timer.
    expires_at: i64,
}

#[utoipa::path(post, path = "/login", tag = "auth", security(()), request_body = LoginInput,
    description = "Entra com e-mail e senha; também grava o cookie HttpOnly da sessão das páginas.",
    responses(
        (status = 200, body = Data<LoginData>),
        (status = 401, body = ErrorBody, description = "E-mail ou senha inválidos, ou usuário desativado"),
        (status = 422, body = ErrorBody),
    ))]
async fn login(State(state): State<AppState>, jar: CookieJar, ApiJson(input): ApiJson<LoginInput>) -> Result<impl IntoResponse> {
    let (user, token, claims) = sign_in(&state, &input.email, input.password).await?;
    let cookie = session_cookie(token.clone(), state.keys.ttl);
    let data = LoginData {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        access_token: token,
        type_token: "Bearer",
        expires_in: state.keys.ttl,
        expires_at: claims.exp * 1000,
    };
    Ok((jar.add(cookie), Json(Data { data })))
}

/// Checks the credentials and issues a token; the sign-in is audited. Used
/// by the API and by the login form posted before the page's script runs.
pub async fn sign_in(state: &AppState, email: &str, password: String) -> Result<(entities::user::Model, String, Claims)> {
    let mut errors = FieldErrors::new();
    if email.trim().is_empty() {
        errors.insert("email".into(), vec!["Informe o e-mail.".into()]);
    }
    if password.is_empty() {
        errors.insert("password".into(), vec!["Informe a senha.".into()]);
    }
    if !errors.is_empty() {
        return Err(AppError::invalid(errors));
    }
    let user = users::find_by_email(&state.db, email).await?;
    // Verify against a real hash even for an unknown e-mail, so the answer
    // takes as long and says as little either way.
    let hash = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| DUMMY_HASH.to_string());
    let password_ok = verify_password(password, hash).await?;
    let user = user.filter(|_| password_ok).ok_or_else(|| AppError::Unauthorized("E-mail ou senha inválidos.".into()))?;
    if !user.active {
        return Err(AppError::Unauthorized("Usuário desativado. Fale com um administrador.".into()));
    }
    let (token, claims) = state.keys.issue(user.id);
    audit::record(&state.db, "user", user.id, "sign_in", Some(user.id), json!({})).await?;
    Ok((user, token, claims))
}

/// An argon2id hash of a random password nobody knows.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$G0bXvwNsVZ5tBO3jYqA3JA5Cs1A5Y5iD2v1cUq0l7rU";

pub fn session_cookie(token: String, ttl: i64) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(ttl))
        .build()
}

pub fn removal_cookie() -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, "")).path("/").http_only(true).same_site(SameSite::Lax).build()
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
        revoke(&state, &token).await?;
    }
    Ok((jar.remove(removal_cookie()), Json(Message { message: "Sessão encerrada." })))
}

/// Revokes a still-valid token; an invalid or expired one needs nothing.
pub async fn revoke(state: &AppState, token: &str) -> Result<()> {
    if let Ok(auth) = authenticate(state, token).await {
        let expires_at = chrono::DateTime::from_timestamp(auth.claims.exp, 0).unwrap_or_else(Utc::now);
        use entities::revoked_token::{ActiveModel, Column, Entity};
        // Two sign-outs of one token at once: the second has nothing to add.
        let row = ActiveModel { jti: Set(auth.claims.jti), expires_at: Set(expires_at) };
        Entity::insert(row).on_conflict_do_nothing().exec(&state.db).await?;
        // Revoked tokens past their expiry would be refused anyway: drop them.
        Entity::delete_many().filter(Column::ExpiresAt.lt(Utc::now())).exec(&state.db).await?;
    }
    Ok(())
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
