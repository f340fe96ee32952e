use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .if_not_exists()
                    .col(pk_auto(AuditLog::Id))
                    .col(string(AuditLog::Entity))
                    .col(integer(AuditLog::EntityId))
                    .col(string(AuditLog::Action))
                    .col(integer_null(AuditLog::UserId))
                    .col(json(AuditLog::Changes))
                    .col(timestamp_with_time_zone(AuditLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("audit_log_entity_idx")
                    .table(AuditLog::Table)
                    .col(AuditLog::Entity)
                    .col(AuditLog::EntityId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AuditLog::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    Entity,
    EntityId,
    Action,
    UserId,
    Changes,
    CreatedAt,
}
