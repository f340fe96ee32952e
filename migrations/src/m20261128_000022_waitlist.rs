//! The waitlist (docs/behaviour.md#the-waitlist):
//!
//! - `waitlist_entries`: a client waiting for a time of a service, with
//!   one staff member or anyone, within a window of days and a period of
//!   the day; once a time is booked for them it names the appointment.
//! - `booking_holds.waitlist_entry_id`: a hold made for an entry is its
//!   offer (the time kept for them until `expires_at`; its token is the
//!   offer's link). The holds of an entry are kept until their time has
//!   passed, so no time is offered twice to the same person.

use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WaitlistEntries::Table)
                    .if_not_exists()
                    .col(pk_auto(WaitlistEntries::Id))
                    .col(integer(WaitlistEntries::ClientId))
                    .col(integer(WaitlistEntries::ServiceId))
                    .col(integer_null(WaitlistEntries::StaffId))
                    .col(date(WaitlistEntries::FromDay))
                    .col(date(WaitlistEntries::ToDay))
                    .col(string(WaitlistEntries::Period))
                    .col(string_null(WaitlistEntries::Note))
                    .col(integer_null(WaitlistEntries::AppointmentId))
                    .col(integer_null(WaitlistEntries::CreatedBy))
                    .col(timestamp_with_time_zone(WaitlistEntries::CreatedAt))
                    .col(timestamp_with_time_zone(WaitlistEntries::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_entries_client")
                            .from(WaitlistEntries::Table, WaitlistEntries::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_entries_service")
                            .from(WaitlistEntries::Table, WaitlistEntries::ServiceId)
                            .to(Services::Table, Services::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_entries_staff")
                            .from(WaitlistEntries::Table, WaitlistEntries::StaffId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_waitlist_entries_appointment")
                            .from(WaitlistEntries::Table, WaitlistEntries::AppointmentId)
                            .to(Appointments::Table, Appointments::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("waitlist_entries_waiting_idx", WaitlistEntries::Table, [WaitlistEntries::ToDay, WaitlistEntries::CreatedAt], false))
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(BookingHolds::Table)
                    .add_column(integer_null(BookingHolds::WaitlistEntryId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("booking_holds_waitlist_idx", BookingHolds::Table, [BookingHolds::WaitlistEntryId], false))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("booking_holds_waitlist_idx").table(BookingHolds::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(BookingHolds::Table).drop_column(BookingHolds::WaitlistEntryId).to_owned()).await?;
        manager.drop_table(Table::drop().table(WaitlistEntries::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum WaitlistEntries {
    Table,
    Id,
    ClientId,
    ServiceId,
    StaffId,
    FromDay,
    ToDay,
    Period,
    Note,
    AppointmentId,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BookingHolds {
    Table,
    WaitlistEntryId,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Services {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    Id,
}
