use sea_orm::entity::prelude::*;

/// A booked service of one client with one staff member.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appointments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub staff_id: i32,
    pub service: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    /// agendado, confirmado, concluido, cancelado or faltou.
    pub status: String,
    pub price_cents: i64,
    pub notes: Option<String>,
    pub cancellation_reason: Option<String>,
    pub version: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::client::Entity", from = "Column::ClientId", to = "super::client::Column::Id")]
    Client,
    #[sea_orm(belongs_to = "super::user::Entity", from = "Column::StaffId", to = "super::user::Column::Id")]
    Staff,
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
