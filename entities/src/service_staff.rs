use sea_orm::entity::prelude::*;

/// A staff member who offers a service. A service with no rows here is
/// offered by everyone.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "service_staff")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub service_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub staff_id: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
