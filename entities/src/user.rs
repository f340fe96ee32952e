use sea_orm::entity::prelude::*;

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
    /// `admin` or `staff`.
    pub role: String,
    pub active: bool,
    /// Name (lower case, no accents) and e-mail: what the user list searches
    /// and sorts by name with.
    pub search_text: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
