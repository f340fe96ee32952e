use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Clients::Table)
                    .if_not_exists()
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
                    .col(timestamp_with_time_zone(Clients::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        // Unique when given: NULLs never clash in either database.
        manager
            .create_index(
                Index::create().name("clients_email_key").table(Clients::Table).col(Clients::Email).unique().to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("clients_name_idx").table(Clients::Table).col(Clients::Name).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Clients::Table).to_owned()).await
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
