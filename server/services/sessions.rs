//! Sessions: sign-in (credentials checked in constant-ish time, a token
//! issued, the sign-in audited), sign-out (the token revoked) and the
//! session's view, the `auth` fields that `POST /api/login` answers and the
//! page's state carries. Used by the API (`routes/auth.rs`), the login form
//! and the pages (`pages.rs`).

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde_json::json;

use crate::auth::{AuthUser, Claims, DeviceClaims, HashingPlace, authenticate, reserve_device_place, reserve_hashing_place};
use crate::error::{AppError, FieldErrors, Result};
use crate::services::throttle::{self, ClientAddress};
use crate::services::{audit, users, validation};
use crate::state::AppState;
use entities::user::{self, Role};

/// An argon2id hash of a random password nobody knows.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$G0bXvwNsVZ5tBO3jYqA3JA5Cs1A5Y5iD2v1cUq0l7rU";

/// A successful sign-in: the user, their new token, and the new device
/// cookie's token for the browser (SECURITY.md#device-cookies).
pub struct SignedIn {
    pub user: user::Model,
    pub token: String,
    pub claims: Claims,
    pub device: String,
}

impl SignedIn {
    /// The view `POST /api/login` answers: `expiresIn` is the token's whole lifetime.
    pub fn view(&self) -> SessionView {
        SessionView::new(&self.user, &self.token, &self.claims, self.claims.iat)
    }
}

/// Checks the credentials and issues a token (and a new device cookie); the
/// sign-in is audited. Too many failures for `email` from `address` get a
/// 429 (`services::throttle`); when the hashing threads have no place free,
/// a 503 before anything else is done. A browser whose `device` cookie
/// names this account is neither: see [`known_device`].
pub async fn sign_in(
    state: &AppState,
    email: &str,
    password: String,
    address: &ClientAddress,
    device: Option<&str>,
) -> Result<SignedIn> {
    let mut errors = FieldErrors::new();
    if email.trim().is_empty() {
        errors.insert("email".into(), vec!["Informe o e-mail.".into()]);
    } else if email.trim().chars().count() > validation::MAX_EMAIL {
        // Before anything is stored (the throttle's row) or hashed.
        errors.insert("email".into(), vec![validation::LONG_EMAIL.into()]);
    }
    if password.is_empty() {
        errors.insert("password".into(), vec!["Informe a senha.".into()]);
    } else if password.chars().count() > users::MAX_PASSWORD {
        // No password can be longer (`users::password_problem`).
        errors.insert("password".into(), vec![users::LONG_PASSWORD.into()]);
    }
    // The login form's fields do not pass through the JSON check.
    if validation::has_control_characters(email, false) {
        errors.insert("email".into(), vec![validation::CONTROL_CHARACTERS.into()]);
    }
    if !errors.is_empty() {
        return Err(AppError::invalid(errors));
    }
    let email = users::normalize_email(email);
    let device = device.and_then(|token| state.keys.verify_device(token));
    let (user, hashing, source) = match known_device(state, &email, device).await? {
        Some(known) => known,
        None => {
            // The hashing place first: when none is free for this address,
            // the sign-in is refused at once, so a flood's excess never
            // waits for the database, and a flood from one address leaves
            // the others room.
            let hashing = reserve_hashing_place(Some(&address.0))?;
            throttle::count_attempt(&state.db, &email, &address.0).await?;
            (users::find_by_email(&state.db, &email).await?, hashing, address.0.clone())
        }
    };
    // Verify against a real hash even for an unknown e-mail, so the answer
    // takes as long and says as little either way.
    let hash = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| DUMMY_HASH.to_string());
    let password_ok = hashing.verify_password(password, hash).await?;
    let user = user.filter(|_| password_ok).ok_or_else(|| AppError::Unauthorized("E-mail ou senha inválidos.".into()))?;
    // Only the count this attempt was counted in: a device's success leaves
    // its address's count (others' failures) as it was.
    throttle::clear(&state.db, &email, &source).await?;
    if !user.active {
        return Err(AppError::Unauthorized("Usuário desativado. Fale com um administrador.".into()));
    }
    let (token, claims) = state.keys.issue(user.id, user.session_version);
    let device = state.keys.issue_device(user.id);
    audit::record(&state.db, "user", user.id, "sign_in", Some(user.id), json!({})).await?;
    Ok(SignedIn { user, token, claims, device })
}

/// A sign-in from a browser whose device cookie names the account of
/// `email` (OWASP's device cookies, SECURITY.md#device-cookies): its
/// hashing place comes from the devices' own share, and its attempt is
/// counted against the device alone, so neither a flood nor others'
/// failures from its address keep it out. `None` (an unknown client's
/// sign-in, then) when there is no valid cookie, it names another account,
/// the share has no place for it, or the device has used up its own
/// failures.
async fn known_device(
    state: &AppState,
    email: &str,
    device: Option<DeviceClaims>,
) -> Result<Option<(Option<user::Model>, HashingPlace, String)>> {
    let Some(device) = device else { return Ok(None) };
    let account = format!("{}/{}", state.config.database_url, device.sub);
    let Ok(hashing) = reserve_device_place(&account) else { return Ok(None) };
    let Some(user) = users::find_by_email(&state.db, email).await?.filter(|user| user.id == device.sub) else {
        return Ok(None);
    };
    let source = device.source();
    match throttle::count_attempt(&state.db, email, &source).await {
        Ok(()) => Ok(Some((Some(user), hashing, source))),
        Err(AppError::TooManyRequests { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}

/// The session a token opens, `None` when it opens none (expired, revoked,
/// forged); an error when that cannot be told now (database down), so a
/// page never drops a cookie that may still be good.
pub async fn current(state: &AppState, token: &str) -> Result<Option<AuthUser>> {
    match authenticate(state, token).await {
        Ok(auth) => Ok(Some(auth)),
        Err(AppError::Unauthorized(_) | AppError::TokenExpired) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Signs out: revokes a still-valid token; an invalid or expired one needs
/// nothing. Fails (never claims success) when the revocation was not saved.
pub async fn sign_out(state: &AppState, token: &str) -> Result<()> {
    use entities::revoked_token::{ActiveModel, Column, Entity};
    if let Some(auth) = current(state, token).await? {
        let expires_at = chrono::DateTime::from_timestamp(auth.claims.exp, 0).unwrap_or_else(Utc::now);
        // Two sign-outs of one token at once: the second has nothing to add.
        let row = ActiveModel { jti: Set(auth.claims.jti), expires_at: Set(expires_at) };
        Entity::insert(row).on_conflict_do_nothing().exec(&state.db).await?;
        // Revoked tokens past their expiry would be refused anyway: drop them.
        Entity::delete_many().filter(Column::ExpiresAt.lt(Utc::now())).exec(&state.db).await?;
    }
    Ok(())
}

/// A signed-in session as the client's auth slice holds it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub access_token: String,
    /// Always `Bearer`.
    pub type_token: String,
    /// Seconds the token has left.
    pub expires_in: i64,
    /// Expiry in epoch milliseconds, for the client's session timer.
    pub expires_at: i64,
}

impl SessionView {
    /// The view of `user`'s session with `token`, `now` being epoch seconds.
    pub fn new(user: &user::Model, token: &str, claims: &Claims, now: i64) -> SessionView {
        SessionView {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.role,
            access_token: token.to_string(),
            type_token: "Bearer".into(),
            expires_in: (claims.exp - now).max(0),
            expires_at: claims.exp * 1000,
        }
    }
}

/// The fields of `SessionView` without a session: every one null.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct NoSession {
    id: (),
    name: (),
    email: (),
    role: (),
    access_token: (),
    type_token: (),
    expires_in: (),
    expires_at: (),
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum SessionFields {
    Signed(SessionView),
    None(NoSession),
}

/// `auth` of the page's state (ssr/CONTRACT.md): the client's auth slice,
/// settled (`loading: false`).
#[derive(Debug, Clone, Serialize)]
pub struct AuthState {
    #[serde(flatten)]
    session: SessionFields,
    loading: bool,
    error: Option<String>,
}

/// The page's `auth`: the session opened by `token` (with the message of a
/// failed sign-out, if any), or the message of a failed form sign-in, or
/// nothing (the client's initial state).
pub fn page_auth(session: Option<&AuthUser>, token: Option<&str>, error: Option<&str>) -> Option<AuthState> {
    let login_error = error;
    match (session, token) {
        (Some(auth), Some(token)) => {
            let view = SessionView::new(&auth.user, token, &auth.claims, Utc::now().timestamp());
            Some(AuthState { session: SessionFields::Signed(view), loading: false, error: error.map(str::to_string) })
        }
        _ => login_error.map(|error| AuthState {
            session: SessionFields::None(NoSession::default()),
            loading: false,
            error: Some(error.to_string()),
        }),
    }
}

/// The page's `auth` with no session: every field null.
pub fn signed_out() -> AuthState {
    AuthState { session: SessionFields::None(NoSession::default()), loading: false, error: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn user() -> user::Model {
        user::Model {
            id: 3,
            name: "Ana".into(),
            email: "ana@example.com".into(),
            password_hash: String::new(),
            search_text: "ana ana@example.com".into(),
            session_version: 0,
            role: Role::Staff,
            active: true,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn the_view_has_the_auth_fields_and_no_session_nulls_each() {
        let claims = Claims { sub: 3, iat: 1_000, exp: 4_600, jti: "j".into(), ver: 0 };
        let view = serde_json::to_value(SessionView::new(&user(), "t.o.k", &claims, claims.iat)).unwrap();
        assert_eq!(
            view,
            json!({
                "id": 3, "name": "Ana", "email": "ana@example.com", "role": "staff", "accessToken": "t.o.k",
                "typeToken": "Bearer", "expiresIn": 3600, "expiresAt": 4_600_000,
            })
        );
        let signed_out = serde_json::to_value(page_auth(None, None, Some("E-mail ou senha inválidos."))).unwrap();
        let Value::Object(fields) = &signed_out else { panic!("{signed_out}") };
        let keys: Vec<&String> = fields.keys().filter(|k| !["loading", "error"].contains(&k.as_str())).collect();
        assert_eq!(keys, view.as_object().unwrap().keys().collect::<Vec<_>>());
        assert!(keys.iter().all(|k| signed_out[k.as_str()].is_null()));
        assert_eq!(signed_out["loading"], false);
        assert_eq!(signed_out["error"], "E-mail ou senha inválidos.");
        assert!(page_auth(None, None, None).is_none());
    }
}
