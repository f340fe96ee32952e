use sea_orm_migration::{prelude::*, schema::*};

use crate::table;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        table::create(
            manager,
            Table::create()
                .table(Users::Table)
                .col(pk_auto(Users::Id))
                .col(string(Users::Name))
                .col(string_uniq(Users::Email))
                .col(string(Users::PasswordHash))
                .col(string(Users::Role))
                .col(boolean(Users::Active).default(true))
                .col(timestamp_with_time_zone(Users::CreatedAt))
                .col(timestamp_with_time_zone(Users::UpdatedAt)),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        table::drop(manager, Users::Table).await
    }
}

#[derive(DeriveIden)]
pub enum Users {
    Table,
    Id,
    Name,
    Email,
    PasswordHash,
    Role,
    Active,
    CreatedAt,
    UpdatedAt,
}
