use sea_orm_migration::{prelude::*, schema::*};

use crate::{index, restrict_fk};

use crate::m20261121_000001_create_users::Users;
use crate::m20261121_000002_create_clients::Clients;

create_table!(
    Appointments::Table,
    Table::create()
        .col(pk_auto(Appointments::Id))
        .col(integer(Appointments::ClientId))
        .col(integer(Appointments::StaffId))
        .col(string(Appointments::Service))
        .col(timestamp_with_time_zone(Appointments::StartsAt))
        .col(timestamp_with_time_zone(Appointments::EndsAt))
        .col(string(Appointments::Status))
        .col(big_integer(Appointments::PriceCents).default(0))
        .col(text_null(Appointments::Notes))
        .col(text_null(Appointments::CancellationReason))
        .col(integer(Appointments::Version).default(1))
        .col(timestamp_with_time_zone(Appointments::CreatedAt))
        .col(timestamp_with_time_zone(Appointments::UpdatedAt))
        .foreign_key(&mut restrict_fk("appointments_client_fk", (Appointments::Table, Appointments::ClientId), (Clients::Table, Clients::Id)))
        .foreign_key(&mut restrict_fk("appointments_staff_fk", (Appointments::Table, Appointments::StaffId), (Users::Table, Users::Id))),
    [
        // The overlap check looks up one staff member's appointments by time.
        index(
            "appointments_staff_starts_idx",
            Appointments::Table,
            [Appointments::StaffId, Appointments::StartsAt],
            false
        ),
        index(
            "appointments_client_idx",
            Appointments::Table,
            [Appointments::ClientId],
            false
        ),
        index(
            "appointments_starts_idx",
            Appointments::Table,
            [Appointments::StartsAt],
            false
        ),
    ]
);

#[derive(DeriveIden)]
enum Appointments {
    Table,
    Id,
    ClientId,
    StaffId,
    Service,
    StartsAt,
    EndsAt,
    Status,
    PriceCents,
    Notes,
    CancellationReason,
    Version,
    CreatedAt,
    UpdatedAt,
}
