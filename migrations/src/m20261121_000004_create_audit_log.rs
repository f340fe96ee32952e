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
                .table(AuditLog::Table)
                .col(pk_auto(AuditLog::Id))
                .col(string(AuditLog::Entity))
                .col(integer(AuditLog::EntityId))
                .col(string(AuditLog::Action))
                .col(integer_null(AuditLog::UserId))
                .col(json(AuditLog::Changes))
                .col(timestamp_with_time_zone(AuditLog::CreatedAt)),
        )
        .await?;
        table::index(
            manager,
            "audit_log_entity_idx",
            AuditLog::Table,
            [AuditLog::Entity, AuditLog::EntityId],
            false,
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        table::drop(manager, AuditLog::Table).await
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
