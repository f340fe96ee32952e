//! The services catalogue (`services`, and `service_staff`: who offers each,
//! none meaning everyone), and what an appointment keeps of its service:
//! `service_id` (null for appointments booked before the catalogue, whose
//! text stays) and the buffers it was booked with.

use sea_orm_migration::{prelude::*, schema::*};

use crate::{index, restrict_fk};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let services = Table::create()
            .table(Services::Table)
            .if_not_exists()
            .col(pk_auto(Services::Id))
            .col(string(Services::Name))
            // The name folded (lower case, no accents): what makes it unique.
            .col(string(Services::NameKey))
            .col(integer(Services::DurationMinutes))
            .col(big_integer(Services::PriceCents).default(0))
            .col(string(Services::Color))
            .col(integer(Services::BufferBeforeMinutes).default(0))
            .col(integer(Services::BufferAfterMinutes).default(0))
            .col(boolean(Services::Active).default(true))
            .col(integer(Services::Version).default(1))
            .col(timestamp_with_time_zone(Services::CreatedAt))
            .col(timestamp_with_time_zone(Services::UpdatedAt))
            .to_owned();
        manager.create_table(services).await?;
        manager.create_index(index("services_name_key_idx", Services::Table, [Services::NameKey], true)).await?;

        let offered = Table::create()
            .table(ServiceStaff::Table)
            .if_not_exists()
            .col(integer(ServiceStaff::ServiceId))
            .col(integer(ServiceStaff::StaffId))
            .primary_key(Index::create().col(ServiceStaff::ServiceId).col(ServiceStaff::StaffId))
            .foreign_key(&mut restrict_fk("service_staff_service_fk", (ServiceStaff::Table, ServiceStaff::ServiceId), (Services::Table, Services::Id)))
            .foreign_key(&mut restrict_fk("service_staff_staff_fk", (ServiceStaff::Table, ServiceStaff::StaffId), (Users::Table, Users::Id)))
            .to_owned();
        manager.create_table(offered).await?;

        // One column per statement: SQLite alters one thing at a time. No
        // foreign key on service_id (SQLite cannot add one to a table):
        // a service in use is deactivated, never deleted (booking::catalogue::delete).
        for column in [
            integer_null(Appointments::ServiceId),
            integer(Appointments::BufferBeforeMinutes).default(0).to_owned(),
            integer(Appointments::BufferAfterMinutes).default(0).to_owned(),
        ] {
            manager.alter_table(Table::alter().table(Appointments::Table).add_column(column).to_owned()).await?;
        }
        manager.create_index(index("appointments_service_id_idx", Appointments::Table, [Appointments::ServiceId], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("appointments_service_id_idx").table(Appointments::Table).to_owned()).await?;
        for column in [Appointments::ServiceId, Appointments::BufferBeforeMinutes, Appointments::BufferAfterMinutes] {
            manager.alter_table(Table::alter().table(Appointments::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(ServiceStaff::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Services::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Services {
    Table,
    Id,
    Name,
    NameKey,
    DurationMinutes,
    PriceCents,
    Color,
    BufferBeforeMinutes,
    BufferAfterMinutes,
    Active,
    Version,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ServiceStaff {
    Table,
    ServiceId,
    StaffId,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    ServiceId,
    BufferBeforeMinutes,
    BufferAfterMinutes,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
