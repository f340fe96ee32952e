//! Sessions: sign-in (credentials checked in constant-ish time, a token
//! issued, the sign-in audited), the session a token opens (checked
//! against the database on every request), sign-out (the token revoked)
//! and the session's view, the `auth` fields that `POST /api/login` answers
//! and the page's state carries. Used by the API (`routes/auth.rs`, the
//! extractors of `http`), the login form and the pages (`pages.rs`).

use chrono::Utc;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde_json::json;

use crate::people::auth::{Claims, DeviceClaims, HashingPlace, TokenError, reserve_device_place, reserve_hashing_place};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::AuditEntity;
use crate::kit::{Actor, Context, validation};
use crate::people::{throttle, users};
use entities::revoked_token;
use entities::user::{self, Role};

/// A signed-in user and their token's claims: the session of a request.
/// Checked against the database on every request ([`authenticate`]): a
/// deactivated user or a signed-out token stops working at once.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: user::Model,
    pub claims: Claims,
}

/// A token issued before its user's password changed.
pub const PASSWORD_CHANGED: &str = "A senha foi alterada: entre novamente.";

/// Verifies a token and loads its user.
pub async fn authenticate(cx: &Context, token: &str) -> Result<AuthUser> {
    let claims = cx.keys.verify(token).map_err(|error| match error {
        TokenError::Expired => AppError::TokenExpired,
        TokenError::Invalid => AppError::Unauthorized("Token inválido.".into()),
    })?;
    // Here, not at the top: the trait's `max` would shadow `Ord::max` below.
    use sea_orm::sea_query::ExprTrait as _;
    // Every request pays for this read: one statement for the user and the
    // revocation; only a refusal reads again, to say which it was.
    let not_revoked = Expr::exists(
        Query::select().expr(Expr::val(1)).from(revoked_token::Entity).and_where(revoked_token::Column::Jti.eq(claims.jti.clone())).to_owned(),
    )
    .not();
    let user = user::Entity::find_by_id(claims.sub).filter(not_revoked).one(&cx.db).await?.filter(|u| u.active);
    let Some(user) = user else {
        let revoked = revoked_token::Entity::find_by_id(claims.jti.clone()).one(&cx.db).await?.is_some();
        let message = if revoked { "Sessão encerrada. Entre novamente." } else { "Usuário inativo ou inexistente." };
        return Err(AppError::Unauthorized(message.into()));
    };
    if claims.ver != user.session_version {
        return Err(AppError::Unauthorized(PASSWORD_CHANGED.into()));
    }
    Ok(AuthUser { user, claims })
}

/// The users of many sessions that are still held (in the tokens' order;
/// none for one that ended), judged as [`authenticate`] judges one: in two
/// reads for all of them, for whoever holds many open at once (the live
/// streams of an instance, checked at each keep-alive).
pub async fn still_held(cx: &Context, tokens: &[&str]) -> Result<Vec<Option<user::Model>>> {
    let claims: Vec<Option<Claims>> = tokens.iter().map(|token| cx.keys.verify(token).ok()).collect();
    let mut users = std::collections::HashMap::new();
    let mut revoked = std::collections::HashSet::new();
    let valid: Vec<&Claims> = claims.iter().flatten().collect();
    // Bounded lists of values, whatever the number of streams.
    for chunk in valid.chunks(500) {
        let ids = chunk.iter().map(|c| c.sub);
        users.extend(user::Entity::find().filter(user::Column::Id.is_in(ids)).all(&cx.db).await?.into_iter().map(|u| (u.id, u)));
        let jtis = chunk.iter().map(|c| c.jti.clone());
        let found = revoked_token::Entity::find().filter(revoked_token::Column::Jti.is_in(jtis)).all(&cx.db).await?;
        revoked.extend(found.into_iter().map(|r| r.jti));
    }
    Ok(claims
        .iter()
        .map(|claims| {
            let claims = claims.as_ref()?;
            let user = users.get(&claims.sub)?;
            (user.active && user.session_version == claims.ver && !revoked.contains(&claims.jti)).then(|| user.clone())
        })
        .collect())
}

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
/// sign-in is audited. Too many failures for `email` from `address` (an
/// `http::ClientAddress`'s text) get a 429 (`people::throttle`); when the
/// hashing threads have no place free, a 503 before anything else is done.
/// A browser whose `device` cookie names this account is neither: see
/// [`known_device`].
pub async fn sign_in(
    cx: &Context,
    email: &str,
    password: String,
    address: &str,
    device: Option<&str>,
) -> Result<SignedIn> {
    let mut errors = FieldErrors::new();
    if validation::has_control_characters(email, false) {
        // The login form's fields do not pass through the JSON check.
        errors.add("email", validation::CONTROL_CHARACTERS);
    } else if email.trim().is_empty() {
        errors.add("email", "Informe o e-mail.");
    } else if email.trim().chars().count() > validation::MAX_EMAIL {
        // Before anything is stored (the throttle's row) or hashed.
        errors.add("email", validation::LONG_EMAIL);
    }
    if password.is_empty() {
        errors.add("password", "Informe a senha.");
    } else if password.chars().count() > users::MAX_PASSWORD {
        // No password can be longer (`users::password_problem`).
        errors.add("password", users::LONG_PASSWORD);
    }
    errors.check()?;
    let email = users::normalize_email(email);
    let device = device.and_then(|token| cx.keys.verify_device(token));
    let (user, hashing, source) = match known_device(cx, &email, device).await? {
        Some(known) => known,
        None => {
            // The hashing place first: when none is free for this address,
            // the sign-in is refused at once, so a flood's excess never
            // waits for the database, and a flood from one address leaves
            // the others room.
            let hashing = reserve_hashing_place(Some(address))?;
            throttle::count_attempt(&cx.db, &email, address, throttle::message).await?;
            (users::find_by_email(&cx.db, &email).await?, hashing, address.to_string())
        }
    };
    // Verify against a real hash even for an unknown e-mail, so the answer
    // takes as long and says as little either way.
    let hash = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| DUMMY_HASH.to_string());
    let password_ok = hashing.verify_password(password, hash).await?;
    let user = user.filter(|_| password_ok).ok_or_else(|| AppError::Unauthorized("E-mail ou senha inválidos.".into()))?;
    // Only the count this attempt was counted in: a device's success leaves
    // its address's count (others' failures) as it was.
    throttle::clear(&cx.db, &email, &source).await?;
    if !user.active {
        return Err(AppError::Unauthorized("Usuário desativado. Fale com um administrador.".into()));
    }
    let (token, claims) = cx.keys.issue(user.id, user.session_version);
    let device = cx.keys.issue_device(user.id);
    cx.acting_as(Actor::User(user.clone())).write(async |w| Ok(w.audit(AuditEntity::User, user.id, "sign_in", json!({})))).await?;
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
    cx: &Context,
    email: &str,
    device: Option<DeviceClaims>,
) -> Result<Option<(Option<user::Model>, HashingPlace, String)>> {
    let Some(device) = device else { return Ok(None) };
    let account = format!("{}/{}", cx.keys.instance, device.sub);
    let Ok(hashing) = reserve_device_place(&account) else { return Ok(None) };
    let Some(user) = users::find_by_email(&cx.db, email).await?.filter(|user| user.id == device.sub) else {
        return Ok(None);
    };
    let source = device.source();
    match throttle::count_attempt(&cx.db, email, &source, throttle::message).await {
        Ok(()) => Ok(Some((Some(user), hashing, source))),
        Err(AppError::TooManyRequests { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}

/// The session a token opens, `None` when it opens none (expired, revoked,
/// forged); an error when that cannot be told now (database down), so a
/// page never drops a cookie that may still be good.
pub async fn current(cx: &Context, token: &str) -> Result<Option<AuthUser>> {
    match authenticate(cx, token).await {
        Ok(auth) => Ok(Some(auth)),
        Err(AppError::Unauthorized(_) | AppError::TokenExpired) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Signs out: revokes a still-valid token; an invalid or expired one needs
/// nothing. Fails (never claims success) when the revocation was not saved.
pub async fn sign_out(cx: &Context, token: &str) -> Result<()> {
    use entities::revoked_token::{ActiveModel, Column, Entity};
    if let Some(auth) = current(cx, token).await? {
        let expires_at = chrono::DateTime::from_timestamp(auth.claims.exp, 0).unwrap_or_else(Utc::now);
        // Two sign-outs of one token at once: the second has nothing to add.
        let row = ActiveModel { jti: Set(auth.claims.jti), expires_at: Set(expires_at) };
        Entity::insert(row).on_conflict_do_nothing().exec(&cx.db).await?;
        // Revoked tokens past their expiry would be refused anyway: drop them.
        Entity::delete_many().filter(Column::ExpiresAt.lt(Utc::now())).exec(&cx.db).await?;
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
            // `expiresIn` is the token's whole lifetime, as `POST /api/login`
            // answers it (the session timer counts to `expiresAt`): seconds
            // left would make the page's bytes differ every second, and
            // the memo store none of them.
            let view = SessionView::new(&auth.user, token, &auth.claims, auth.claims.iat);
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
            working_hours: None,
            own_hours: false,
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
