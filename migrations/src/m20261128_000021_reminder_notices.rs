//! Notices in the reminders' outbox: `reminders.kind` says what a row
//! tells the client (`reminder`, the reminder of an appointment ahead; a
//! `notice_…`, that the business cancelled or moved it). A notice may
//! outlive its appointment (a deleted one is told as cancelled), so
//! `appointment_id` becomes nullable and is set to null, not cascaded, when
//! the appointment goes; `client_id` names whom it is for (the e-mail's
//! greeting, and the client's erasure clears it) and `details` keeps what
//! the notice says of the appointment as it was (JSON: service, staff,
//! former start).
//!
//! SQLite cannot change a foreign key in place: the table is rebuilt
//! there (same columns, rows and indexes); PostgreSQL alters it.

use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The columns both versions of the table share, in order.
const COMMON: &str = "id, appointment_id, channel, state, recipient, appointment_starts_at, due_at, next_attempt_at, attempts, last_error, sent_at, sent_by, created_at";

fn table(name: Reminders, with_notices: bool) -> TableCreateStatement {
    let mut table = Table::create();
    table
        .table(name)
        .col(pk_auto(Reminders::Id))
        .col(if with_notices { integer_null(Reminders::AppointmentId) } else { integer(Reminders::AppointmentId) })
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
        .col(timestamp_with_time_zone(Reminders::CreatedAt));
    if with_notices {
        table.col(string(Reminders::Kind).default("reminder")).col(integer_null(Reminders::ClientId)).col(text_null(Reminders::Details));
    }
    table.foreign_key(
        ForeignKey::create()
            .name("reminders_appointment_fk")
            .from(name, Reminders::AppointmentId)
            .to(Appointments::Table, Appointments::Id)
            .on_delete(if with_notices { ForeignKeyAction::SetNull } else { ForeignKeyAction::Cascade }),
    );
    table.to_owned()
}

/// SQLite: the table rebuilt as `table(…, with_notices)`, rows kept; one
/// batch on one connection (the pool's other connections could otherwise
/// run a step against the schema as it was before the previous one).
async fn rebuild(manager: &SchemaManager<'_>, with_notices: bool) -> Result<(), DbErr> {
    let filter = if with_notices { "" } else { " WHERE appointment_id IS NOT NULL AND kind = 'reminder'" };
    let batch = [
        table(Reminders::Rebuilt, with_notices).to_string(SqliteQueryBuilder),
        format!("INSERT INTO reminders_rebuilt ({COMMON}) SELECT {COMMON} FROM reminders{filter}"),
        "DROP TABLE reminders".to_string(),
        "ALTER TABLE reminders_rebuilt RENAME TO reminders".to_string(),
        index("reminders_state_next_idx", Reminders::Table, [Reminders::State, Reminders::NextAttemptAt], false).to_string(SqliteQueryBuilder),
        index("reminders_appointment_idx", Reminders::Table, [Reminders::AppointmentId], false).to_string(SqliteQueryBuilder),
    ];
    manager.get_connection().execute_unprepared(&format!("BEGIN; {}; COMMIT;", batch.join("; "))).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Sqlite {
            return rebuild(manager, true).await;
        }
        let db = manager.get_connection();
        for sql in [
            "ALTER TABLE reminders ADD COLUMN kind varchar NOT NULL DEFAULT 'reminder'",
            "ALTER TABLE reminders ADD COLUMN client_id integer NULL",
            "ALTER TABLE reminders ADD COLUMN details text NULL",
            "ALTER TABLE reminders ALTER COLUMN appointment_id DROP NOT NULL",
            "ALTER TABLE reminders DROP CONSTRAINT reminders_appointment_fk",
            "ALTER TABLE reminders ADD CONSTRAINT reminders_appointment_fk FOREIGN KEY (appointment_id) REFERENCES appointments (id) ON DELETE SET NULL",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Sqlite {
            return rebuild(manager, false).await;
        }
        let db = manager.get_connection();
        for sql in [
            "DELETE FROM reminders WHERE appointment_id IS NULL OR kind <> 'reminder'",
            "ALTER TABLE reminders DROP CONSTRAINT reminders_appointment_fk",
            "ALTER TABLE reminders ADD CONSTRAINT reminders_appointment_fk FOREIGN KEY (appointment_id) REFERENCES appointments (id) ON DELETE CASCADE",
            "ALTER TABLE reminders ALTER COLUMN appointment_id SET NOT NULL",
            "ALTER TABLE reminders DROP COLUMN details",
            "ALTER TABLE reminders DROP COLUMN client_id",
            "ALTER TABLE reminders DROP COLUMN kind",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Reminders {
    Table,
    #[sea_orm(iden = "reminders_rebuilt")]
    Rebuilt,
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
    Kind,
    ClientId,
    Details,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    Id,
}
