//! Business rules as plain functions over the database, shared by the JSON
//! API and the server-rendered pages.

/// A struct of query parameters (`?a&b`), the one way a list's or a
/// screen's query is declared: every field optional, read by
/// `error::ApiQuery` (a bad value is a 422 naming the parameter) and by the
/// pages from the same address, and described in the OpenAPI document.
macro_rules! query_params {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty),*
        }
    };
}

pub mod agenda;
pub mod appointments;
pub mod audit;
pub mod clients;
pub mod csv;
pub mod dashboard;
pub mod list;
pub mod reports;
pub mod seed;
pub mod sessions;
pub mod throttle;
pub mod users;
pub mod validation;

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};

use crate::error::AppError;
use crate::state::AppState;

pub use list::{Data, Meta, Page};

/// What a service call needs besides its input: the database, the business
/// time zone that times are read and shown in, and who acts (the user the
/// audit log records). An API handler gets it by extracting it, which also
/// requires a signed-in user (`auth::AuthUser`).
#[derive(Clone)]
pub struct Context {
    pub db: DatabaseConnection,
    pub tz: chrono_tz::Tz,
    pub actor: Option<i32>,
}

impl Context {
    pub fn new(state: &AppState, actor: Option<i32>) -> Self {
        Context { db: state.db.clone(), tz: state.config.tz, actor }
    }
}

/// The 409 of an update whose `version` is no longer the record's.
pub const STALE: &str = "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.";

/// Updates must say which version they read (optimistic concurrency).
pub fn required_version(version: Option<i32>) -> Result<i32, AppError> {
    version.ok_or_else(|| AppError::field("version", "Informe a versão do registro que você leu (version)."))
}

/// `id → name` of the rows of `E` whose ids are given (clients, staff
/// members): one query for a whole page, reading only those two columns.
pub async fn names_by_id<E: EntityTrait>(
    db: &impl ConnectionTrait,
    id: E::Column,
    name: E::Column,
    ids: Vec<i32>,
) -> Result<HashMap<i32, String>, AppError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, String)> =
        E::find().select_only().column(id).column(name).filter(id.is_in(ids)).into_tuple().all(db).await?;
    Ok(rows.into_iter().collect())
}
