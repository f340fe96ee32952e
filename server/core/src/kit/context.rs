//! What every rule is given: who acts (`Actor`), the `Context` of a call,
//! and the versioned rows' one read and one update.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};

use crate::kit::error::{AppError, Result};
use crate::kit::events::Events;
use crate::people::auth::Keys;
use entities::user;

/// Who acts: what the audit log records as the author of a change, what
/// permissions are checked against and what a change event names.
#[derive(Debug, Clone)]
pub enum Actor {
    /// A signed-in user, as their request found them.
    User(user::Model),
    /// A client, through a link of theirs (`/c/{token}`), without signing in.
    Client { client_id: i32 },
    /// A visitor of the public booking page (`/agendar`): a client booking
    /// themselves, found or created by the booking.
    Online,
    /// Nobody yet (before a sign-in) or the server itself (a job, the seed).
    System,
}

impl Actor {
    pub fn user_id(&self) -> Option<i32> {
        match self {
            Actor::User(user) => Some(user.id),
            Actor::Client { .. } | Actor::Online | Actor::System => None,
        }
    }
}

/// Where clients reach this site, and whether e-mail goes out: what links
/// and messages to clients need.
#[derive(Debug, Clone)]
pub struct Site {
    /// The public address links to clients start with, without a final `/`.
    pub public_base: String,
    /// False without an SMTP server configured: no e-mail goes out.
    pub email_enabled: bool,
}

/// The one argument of every rule's entry point besides its input: the
/// database, the business time zone that times are read and shown in, the
/// keys that sign sessions and links, who acts, where the change events of
/// appointment writes go (`events::Events`), and the site's address. The
/// server builds it from its state (server/state.rs); an API handler gets
/// it by extracting it, which requires a signed-in user.
#[derive(Clone)]
pub struct Context {
    pub db: DatabaseConnection,
    pub tz: chrono_tz::Tz,
    pub keys: Arc<Keys>,
    pub actor: Actor,
    pub events: Events,
    pub site: Arc<Site>,
    /// Where the request came from (the server's `ClientAddress`), for the
    /// access log; none outside a request.
    pub address: Option<String>,
    /// Where the access log's rows are queued for the database's writer.
    pub read_log: crate::kit::read_log::ReadLog,
}

/// The 401 of a request that needs a signed-in user and has none.
pub const SIGN_IN_NEEDED: &str = "Autenticação necessária: envie Authorization: Bearer <token>.";

impl Context {
    /// The same context with another actor (a client acting through their
    /// link, a user who just signed in).
    pub fn acting_as(&self, actor: Actor) -> Self {
        Context { actor, ..self.clone() }
    }

    pub fn actor_id(&self) -> Option<i32> {
        self.actor.user_id()
    }

    /// The signed-in user who acts (401 without one).
    pub fn user(&self) -> Result<&user::Model> {
        match &self.actor {
            Actor::User(user) => Ok(user),
            Actor::Client { .. } | Actor::Online | Actor::System => Err(AppError::Unauthorized(SIGN_IN_NEEDED.into())),
        }
    }

    /// The acting admin: user management is theirs alone (403 for anyone else).
    pub fn require_admin(&self) -> Result<&user::Model> {
        match &self.actor {
            Actor::User(user) if user.role.is_admin() => Ok(user),
            _ => Err(AppError::Forbidden),
        }
    }
}

/// The 409 of an update whose `version` is no longer the record's.
pub const STALE: &str = "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.";

/// The 422 of an update that does not say which version it read.
pub const VERSION_NEEDED: &str = "Informe a versão do registro que você leu (version).";

/// The version an update says it read (required: optimistic concurrency),
/// when it is still the record's; else the 409 that someone saved first.
pub fn expected_version(given: Option<i32>, current: i32) -> Result<i32> {
    let version = given.ok_or_else(|| AppError::field("version", VERSION_NEEDED))?;
    if version != current {
        return Err(AppError::Conflict(STALE.into()));
    }
    Ok(version)
}

/// A table whose rows carry a `version` that every update raises
/// (optimistic concurrency) and an `updated_at`.
pub trait Versioned: EntityTrait {
    const ID: Self::Column;
    const VERSION: Self::Column;
    const UPDATED_AT: Self::Column;
    /// The 404 of a row that is not there.
    const NOT_FOUND: &'static str;

    /// What a write the database refused means (a unique index, say).
    fn refused(error: DbErr) -> AppError {
        error.into()
    }
}

/// One row of `E` (404 when there is none).
pub async fn find<E: Versioned>(db: &impl ConnectionTrait, id: i32) -> Result<E::Model> {
    E::find().filter(E::ID.eq(id)).one(db).await?.ok_or_else(|| AppError::NotFound(E::NOT_FOUND.into()))
}

/// `UPDATE … SET …, version = version + 1 WHERE id = ? AND version = ?`,
/// the one update of a versioned row: no row means someone else saved
/// first (409) or the row is gone (404).
pub async fn versioned_update<E: Versioned>(
    db: &impl ConnectionTrait,
    id: i32,
    version: i32,
    model: E::ActiveModel,
) -> Result<E::Model> {
    let result = E::update_many()
        .set(model)
        .col_expr(E::VERSION, Expr::col(E::VERSION).add(1))
        .col_expr(E::UPDATED_AT, Expr::val(Utc::now()))
        .filter(E::ID.eq(id))
        .filter(E::VERSION.eq(version))
        .exec(db)
        .await
        .map_err(E::refused)?;
    if result.rows_affected == 0 {
        find::<E>(db, id).await?;
        return Err(AppError::Conflict(STALE.into()));
    }
    find::<E>(db, id).await
}

/// `id → name` of the rows of `E` whose ids are given (clients, staff
/// members): one query for a whole page, reading only those two columns.
pub async fn names_by_id<E: EntityTrait>(
    db: &impl ConnectionTrait,
    id: E::Column,
    name: E::Column,
    mut ids: Vec<i32>,
) -> Result<HashMap<i32, String>, AppError> {
    // A page of a series names one client 104 times: asked for once.
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, String)> =
        E::find().select_only().column(id).column(name).filter(id.is_in(ids)).into_tuple().all(db).await?;
    Ok(rows.into_iter().collect())
}
