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
                .table(Clients::Table)
                .col(pk_auto(Clients::Id))
                .col(string(Clients::Name))
                .col(string_null(Clients::Email))
                .col(string_null(Clients::Phone))
                .col(string_null(Clients::Document))
                .col(date_null(Clients::BirthDate))
                .col(text_null(Clients::Notes))
                .col(boolean(Clients::Archived).default(false))
                .col(text(Clients::SearchText))
                .col(integer(Clients::Version).default(1))
                .col(timestamp_with_time_zone(Clients::CreatedAt))
                .col(timestamp_with_time_zone(Clients::UpdatedAt)),
        )
        .await?;
        // Unique when given: NULLs never clash in either database.
        table::index(
            manager,
            "clients_email_key",
            Clients::Table,
            [Clients::Email],
            true,
        )
        .await?;
        table::index(
            manager,
            "clients_name_idx",
            Clients::Table,
            [Clients::Name],
            false,
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        table::drop(manager, Clients::Table).await
    }
}

#[derive(DeriveIden)]
pub enum Clients {
    Table,
    Id,
    Name,
    Email,
    Phone,
    Document,
    BirthDate,
    Notes,
    Archived,
    SearchText,
    Version,
    CreatedAt,
    UpdatedAt,
}
