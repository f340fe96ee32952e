use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

create_table!(
    AuditLog::Table,
    Table::create()
        .col(pk_auto(AuditLog::Id))
        .col(string(AuditLog::Entity))
        .col(integer(AuditLog::EntityId))
        .col(string(AuditLog::Action))
        .col(integer_null(AuditLog::UserId))
        .col(json(AuditLog::Changes))
        .col(timestamp_with_time_zone(AuditLog::CreatedAt)),
    [index(
        "audit_log_entity_idx",
        AuditLog::Table,
        [AuditLog::Entity, AuditLog::EntityId],
        false
    ),]
);

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
