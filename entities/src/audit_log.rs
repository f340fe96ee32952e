use sea_orm::entity::prelude::*;

/// One recorded change or sign-in: who, when, and the values before and after.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `client`, `appointment` or `user`.
    pub entity: String,
    pub entity_id: i32,
    /// create, update, status, archive, delete, sign_in.
    pub action: String,
    pub user_id: Option<i32>,
    /// Who acted when no staff member did (`user_id` null): `cliente`, the
    /// client through their confirmation link.
    pub actor: Option<String>,
    /// `{ "field": { "old": …, "new": … } }`
    pub changes: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
