//! Recurring appointments: a series is the rule it was booked with
//! (`rule`, JSON: every, unit, weekdays, count or until, as asked), and its
//! occurrences are ordinary appointments that name it (`series_id`). An
//! occurrence changed alone keeps its series; "this and the following"
//! moves the later ones into a new series.

use sea_orm_migration::{prelude::*, schema::*};

use crate::{index, restrict_fk};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let series = Table::create()
            .table(AppointmentSeries::Table)
            .if_not_exists()
            .col(pk_auto(AppointmentSeries::Id))
            .col(integer(AppointmentSeries::ClientId))
            .col(integer(AppointmentSeries::StaffId))
            .col(text(AppointmentSeries::Rule))
            .col(timestamp_with_time_zone(AppointmentSeries::CreatedAt))
            .foreign_key(&mut restrict_fk("appointment_series_client_fk", (AppointmentSeries::Table, AppointmentSeries::ClientId), (Clients::Table, Clients::Id)))
            .foreign_key(&mut restrict_fk("appointment_series_staff_fk", (AppointmentSeries::Table, AppointmentSeries::StaffId), (Users::Table, Users::Id)))
            .to_owned();
        manager.create_table(series).await?;
        manager
            .create_index(index("appointment_series_client_idx", AppointmentSeries::Table, [AppointmentSeries::ClientId], false))
            .await?;
        // No foreign key on series_id: SQLite cannot add one to a table.
        manager
            .alter_table(Table::alter().table(Appointments::Table).add_column(integer_null(Appointments::SeriesId)).to_owned())
            .await?;
        manager
            .create_index(index("appointments_series_idx", Appointments::Table, [Appointments::SeriesId, Appointments::StartsAt], false))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("appointments_series_idx").table(Appointments::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Appointments::Table).drop_column(Appointments::SeriesId).to_owned()).await?;
        manager.drop_table(Table::drop().table(AppointmentSeries::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum AppointmentSeries {
    Table,
    Id,
    ClientId,
    StaffId,
    Rule,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    SeriesId,
    StartsAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
