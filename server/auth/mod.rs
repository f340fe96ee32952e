//! Sessions: argon2id password hashes, HS256 JWTs, the `Authorization:
//! Bearer` extractor of the API, the session cookie of page requests and
//! the device cookie of browsers that signed in before.

mod password;
mod secret;
mod token;

pub use password::{HashingPlace, hash_password, reserve_device_place, reserve_hashing_place, verify_password};
pub use secret::load_or_create_secret;
pub use token::{Claims, DEVICE_COOKIE, DEVICE_TTL, DeviceClaims, Keys, SESSION_COOKIE, TokenError};

use axum::extract::FromRequestParts;
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use axum::http::{HeaderMap, header};
use axum::http::request::Parts;
use sea_orm::EntityTrait;

use crate::error::AppError;
use crate::state::AppState;

/// The signed-in user of an API request, checked against the database on
/// every request: a deactivated user or a signed-out token stops working at once.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: entities::user::Model,
    pub claims: Claims,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        // A page's own reads (`reads.rs`) run as the session the page
        // checked a moment ago; a request from the network never carries
        // extensions.
        if let Some(auth) = parts.extensions.get::<AuthUser>() {
            return Ok(auth.clone());
        }
        let header = parts
            .headers
            .get(header::AUTHORIZATION)
            .ok_or_else(|| AppError::Unauthorized("Autenticação necessária: envie Authorization: Bearer <token>.".into()))?;
        let token = header
            .to_str()
            .ok()
            .and_then(|h| h.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| AppError::Unauthorized("Cabeçalho Authorization inválido: use Bearer <token>.".into()))?;
        authenticate(state, token).await
    }
}

/// The context of a signed-in API request: its services act as its user.
impl FromRequestParts<AppState> for crate::services::Context {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        Ok(Self::new(state, Some(auth.user.id)))
    }
}

/// A signed-in admin: the user-management API is theirs alone (403 for
/// anyone else).
pub struct Admin {
    pub cx: crate::services::Context,
    pub user: entities::user::Model,
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        if !auth.user.role.is_admin() {
            return Err(AppError::Forbidden);
        }
        Ok(Admin { cx: crate::services::Context::new(state, Some(auth.user.id)), user: auth.user })
    }
}

/// A token issued before its user's password changed.
pub const PASSWORD_CHANGED: &str = "A senha foi alterada: entre novamente.";

/// Verifies a token and loads its user.
pub async fn authenticate(state: &AppState, token: &str) -> Result<AuthUser, AppError> {
    let claims = state.keys.verify(token).map_err(|error| match error {
        TokenError::Expired => AppError::TokenExpired,
        TokenError::Invalid => AppError::Unauthorized("Token inválido.".into()),
    })?;
    let revoked = entities::revoked_token::Entity::find_by_id(claims.jti.clone()).one(&state.db).await?;
    if revoked.is_some() {
        return Err(AppError::Unauthorized("Sessão encerrada. Entre novamente.".into()));
    }
    let user = entities::user::Entity::find_by_id(claims.sub)
        .one(&state.db)
        .await?
        .filter(|u| u.active)
        .ok_or_else(|| AppError::Unauthorized("Usuário inativo ou inexistente.".into()))?;
    if claims.ver != user.session_version {
        return Err(AppError::Unauthorized(PASSWORD_CHANGED.into()));
    }
    Ok(AuthUser { user, claims })
}

/// The session cookie of a page request's token; `secure` (the
/// `--secure-cookies` setting) keeps it to https.
pub fn session_cookie(token: String, ttl: i64, secure: bool) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::seconds(ttl))
        .build()
}

/// What clears the session cookie (with the attributes that set it).
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, "")).path("/").http_only(true).same_site(SameSite::Lax).secure(secure).build()
}

/// The device cookie (SECURITY.md#device-cookies): it outlives sessions
/// and sign-outs, so that this browser keeps counting as one that signed
/// in before; `secure` as for the session cookie.
pub fn device_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build((DEVICE_COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::seconds(DEVICE_TTL))
        .build()
}

/// The device cookie's token, if the request carries one.
pub fn device_token(jar: &CookieJar) -> Option<String> {
    jar.get(DEVICE_COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty())
}

/// The token of the session cookie, if there is one.
pub fn cookie_token(jar: &CookieJar) -> Option<String> {
    jar.get(SESSION_COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty())
}

/// True when the request's `Origin` (sent by browsers on form posts) names
/// the host it was sent to, or is absent (non-browser clients).
pub fn same_origin(headers: &HeaderMap) -> bool {
    // Browsers also say where a request comes from; only this origin counts
    // (a sibling subdomain is "same-site").
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if site.is_some_and(|site| !matches!(site, "same-origin" | "none")) {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    origin.split_once("://").is_some_and(|(_, rest)| rest == host)
}
