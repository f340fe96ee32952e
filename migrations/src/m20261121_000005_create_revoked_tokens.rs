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
                .table(RevokedTokens::Table)
                .col(string(RevokedTokens::Jti).primary_key())
                .col(timestamp_with_time_zone(RevokedTokens::ExpiresAt)),
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        table::drop(manager, RevokedTokens::Table).await
    }
}

#[derive(DeriveIden)]
enum RevokedTokens {
    Table,
    Jti,
    ExpiresAt,
}
