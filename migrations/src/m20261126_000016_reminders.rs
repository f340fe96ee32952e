//! Reminders: `reminders` holds each reminder of an appointment,
//! by channel. A WhatsApp row records who sent it and when (the screen's
//! button); an e-mail row is the outbox: written in the transaction that
//! books or moves the appointment, claimed and sent by the background
//! worker (`jobs::mailer` in the server), retried with growing back-off. And
//! `audit_log.actor`: who acted when no staff member did (`cliente`, the
//! client through their link), beside the null `user_id`.

use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let reminders = Table::create()
            .table(Reminders::Table)
            .if_not_exists()
            .col(pk_auto(Reminders::Id))
            .col(integer(Reminders::AppointmentId))
            .col(string(Reminders::Channel))
            .col(string(Reminders::State))
            .col(text_null(Reminders::Recipient))
            .col(timestamp_with_time_zone(Reminders::AppointmentStartsAt))
            .col(timestamp_with_time_zone(Reminders::DueAt))
            .col(timestamp_with_time_zone(Reminders::NextAttemptAt))
            .col(integer(Reminders::Attempts).default(0))
            .col(text_null(Reminders::LastError))
            .col(timestamp_with_time_zone_null(Reminders::SentAt))
            .col(integer_null(Reminders::SentBy))
            .col(timestamp_with_time_zone(Reminders::CreatedAt))
            .foreign_key(
                ForeignKey::create()
                    .name("reminders_appointment_fk")
                    .from(Reminders::Table, Reminders::AppointmentId)
                    .to(Appointments::Table, Appointments::Id)
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .to_owned();
        manager.create_table(reminders).await?;
        // The worker's claim: due rows of one state, oldest first.
        manager.create_index(index("reminders_state_next_idx", Reminders::Table, [Reminders::State, Reminders::NextAttemptAt], false)).await?;
        manager.create_index(index("reminders_appointment_idx", Reminders::Table, [Reminders::AppointmentId], false)).await?;
        manager.alter_table(Table::alter().table(AuditLog::Table).add_column(string_null(AuditLog::Actor)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(AuditLog::Table).drop_column(AuditLog::Actor).to_owned()).await?;
        manager.drop_table(Table::drop().table(Reminders::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Reminders {
    Table,
    Id,
    AppointmentId,
    Channel,
    State,
    Recipient,
    AppointmentStartsAt,
    DueAt,
    NextAttemptAt,
    Attempts,
    LastError,
    SentAt,
    SentBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Actor,
}
