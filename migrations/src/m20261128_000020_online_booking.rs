//! Clients book themselves (`/agendar`):
//!
//! - `booking_holds`: a time a visitor chose, kept from everyone else for a
//!   few minutes while they type their name; booked, it names its
//!   appointment (a replayed form finds it), else it lapses at `expires_at`.
//!   The free-slot search and every booking read the live ones as taken.
//! - `appointments.channel`: where it was booked (`balcao`, `internet`).
//! - `clients.online_signup`: created by the public page ("cadastro pela
//!   internet"), for the front desk to check.

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
                    .table(BookingHolds::Table)
                    .if_not_exists()
                    .col(pk_auto(BookingHolds::Id))
                    .col(string_uniq(BookingHolds::Token))
                    .col(integer(BookingHolds::StaffId))
                    .col(integer(BookingHolds::ServiceId))
                    .col(timestamp_with_time_zone(BookingHolds::StartsAt))
                    .col(timestamp_with_time_zone(BookingHolds::EndsAt))
                    .col(integer(BookingHolds::BufferBeforeMinutes))
                    .col(integer(BookingHolds::BufferAfterMinutes))
                    .col(timestamp_with_time_zone(BookingHolds::ExpiresAt))
                    .col(string(BookingHolds::Address))
                    .col(integer_null(BookingHolds::AppointmentId))
                    .col(timestamp_with_time_zone(BookingHolds::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_booking_holds_staff")
                            .from(BookingHolds::Table, BookingHolds::StaffId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_booking_holds_appointment")
                            .from(BookingHolds::Table, BookingHolds::AppointmentId)
                            .to(Appointments::Table, Appointments::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("booking_holds_staff_idx", BookingHolds::Table, [BookingHolds::StaffId, BookingHolds::StartsAt], false)).await?;
        manager.create_index(index("booking_holds_expires_idx", BookingHolds::Table, [BookingHolds::ExpiresAt], false)).await?;
        manager.create_index(index("booking_holds_address_idx", BookingHolds::Table, [BookingHolds::Address, BookingHolds::CreatedAt], false)).await?;
        manager
            .alter_table(Table::alter().table(Appointments::Table).add_column(string(Appointments::Channel).default("balcao")).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(Clients::Table).add_column(boolean(Clients::OnlineSignup).default(false)).to_owned())
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Clients::Table).drop_column(Clients::OnlineSignup).to_owned()).await?;
        manager.alter_table(Table::alter().table(Appointments::Table).drop_column(Appointments::Channel).to_owned()).await?;
        manager.drop_table(Table::drop().table(BookingHolds::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum BookingHolds {
    Table,
    Id,
    Token,
    StaffId,
    ServiceId,
    StartsAt,
    EndsAt,
    BufferBeforeMinutes,
    BufferAfterMinutes,
    ExpiresAt,
    Address,
    AppointmentId,
    CreatedAt,
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
    Channel,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    OnlineSignup,
}
