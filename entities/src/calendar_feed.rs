use sea_orm::entity::prelude::*;

/// A staff member's calendar subscription (`server/services/calendar.rs`):
/// the feed's address is an HMAC of `key` with the server's secret, so this
/// row alone opens nothing, and a new key revokes the old address.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "calendar_feeds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i32,
    /// Random, 32 bytes as hex.
    pub key: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
