//! Sessions: argon2id password hashes, HS256 JWTs, the `Authorization:
//! Bearer` extractor of the API and the session cookie of page requests.

mod password;
mod secret;
mod token;

pub use password::{hash_password, verify_password};
pub use secret::load_or_create_secret;
pub use token::{Claims, Keys, SESSION_COOKIE, TokenError};

use axum::extract::FromRequestParts;
use axum::http::header;
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

impl AuthUser {
    pub fn is_admin(&self) -> bool {
        self.user.role == "admin"
    }

    /// 403 unless the user is an admin.
    pub fn require_admin(&self) -> Result<(), AppError> {
        if self.is_admin() { Ok(()) } else { Err(AppError::Forbidden) }
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
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
    Ok(AuthUser { user, claims })
}
