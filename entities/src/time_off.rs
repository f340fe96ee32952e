use sea_orm::entity::prelude::*;

/// Time when a staff member does not work (`staff_id`), or the whole
/// business is closed (a holiday: `staff_id` null), with its reason.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "time_off")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub staff_id: Option<i32>,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub reason: String,
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
