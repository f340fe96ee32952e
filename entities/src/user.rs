use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A staff member who signs in. `email` is stored lower-cased, so the unique
/// index makes it unique regardless of case.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    #[sea_orm(unique)]
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub active: bool,
    /// Name (lower case, no accents) and e-mail: what the user list searches
    /// and sorts by name with.
    pub search_text: String,
    /// Tokens carry the version they were issued under and stop working
    /// when it moves on (a password change or reset).
    pub session_version: i32,
    /// Their weekly working hours as JSON (`[{weekday, start, end}]`), or
    /// null while they follow the business's default.
    pub working_hours: Option<String>,
    /// Whether an admin lets them set their own working hours.
    pub own_hours: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What a user may do (docs/permissions.md): an admin everything; Recepção
/// (`staff`, the front desk) books for everyone and reads every client;
/// a Profissional (`professional`) their own agenda and the clients they
/// see. Stored as its lower-case name (a plain text column) and written so
/// in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum Role {
    #[sea_orm(string_value = "admin")]
    Admin,
    #[sea_orm(string_value = "staff")]
    Staff,
    #[sea_orm(string_value = "professional")]
    Professional,
}

impl Role {
    /// The stored and JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Staff => "staff",
            Role::Professional => "professional",
        }
    }

    /// Its name as people read it.
    pub fn label(self) -> &'static str {
        match self {
            Role::Admin => "Administrador",
            Role::Staff => "Recepção",
            Role::Professional => "Profissional",
        }
    }

    pub fn is_admin(self) -> bool {
        self == Role::Admin
    }
}

named_enum!(Role);

#[cfg(test)]
mod tests {
    use super::Role;

    #[test]
    fn names_are_stored_and_serialized_as_before() {
        crate::assert_names_round_trip(Role::as_str, Role::parse);
    }
}
