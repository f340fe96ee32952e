//! POST /api/login, POST /api/logout, GET /api/me, PUT /api/me

use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::CookieJar;
use serde::Deserialize;
use serde_json::json;

use crate::auth::{AuthUser, SESSION_COOKIE, removal_cookie, session_cookie};
use crate::error::{ApiJson, Result};
use crate::services::{sessions, users};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/login", post(login)).route("/logout", post(logout)).route("/me", get(me).put(update_me))
}

#[derive(Deserialize)]
pub struct LoginInput {
    email: String,
    password: String,
}

async fn login(State(state): State<AppState>, jar: CookieJar, ApiJson(input): ApiJson<LoginInput>) -> Result<impl IntoResponse> {
    let signed_in = sessions::sign_in(&state, &input.email, input.password).await?;
    let data = signed_in.view();
    let cookie = session_cookie(signed_in.token, state.keys.ttl);
    Ok((jar.add(cookie), Json(json!({ "data": data }))))
}

/// Signs out: revokes the token given (header or cookie) and clears the cookie.
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
    Ok((jar.remove(removal_cookie()), Json(json!({ "message": "Sessão encerrada." }))))
}

async fn me(State(state): State<AppState>, auth: AuthUser) -> Json<serde_json::Value> {
    Json(json!({ "data": users::UserView::new(&auth.user, state.config.tz) }))
}

/// Changes one's own name, e-mail or password (the last two need the current password).
async fn update_me(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<users::ProfileInput>,
) -> Result<Json<serde_json::Value>> {
    let user = users::update_profile(&state.db, &auth.user, input).await?;
    Ok(Json(json!({ "data": users::UserView::new(&user, state.config.tz) })))
}
