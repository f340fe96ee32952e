use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RevokedTokens::Table)
                    .if_not_exists()
                    .col(string(RevokedTokens::Jti).primary_key())
                    .col(timestamp_with_time_zone(RevokedTokens::ExpiresAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(RevokedTokens::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum RevokedTokens {
    Table,
    Jti,
    ExpiresAt,
}
