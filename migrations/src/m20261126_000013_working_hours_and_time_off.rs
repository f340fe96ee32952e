//! Working hours and time off. `settings` holds the business's own values
//! (its default weekly hours, as JSON, under `working_hours`); a staff
//! member's `users.working_hours` is null while they follow that default.
//! `time_off` is a range of instants for one staff member or, with a null
//! `staff_id`, the whole business (a holiday).

use sea_orm_migration::{prelude::*, schema::*};

use crate::{index, restrict_fk};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let settings = Table::create()
            .table(Settings::Table)
            .if_not_exists()
            .col(string(Settings::Key).primary_key())
            .col(text(Settings::Value))
            .col(timestamp_with_time_zone(Settings::UpdatedAt))
            .to_owned();
        manager.create_table(settings).await?;

        manager
            .alter_table(Table::alter().table(Users::Table).add_column(text_null(Users::WorkingHours)).to_owned())
            .await?;

        let time_off = Table::create()
            .table(TimeOff::Table)
            .if_not_exists()
            .col(pk_auto(TimeOff::Id))
            .col(integer_null(TimeOff::StaffId))
            .col(timestamp_with_time_zone(TimeOff::StartsAt))
            .col(timestamp_with_time_zone(TimeOff::EndsAt))
            .col(string(TimeOff::Reason))
            .col(integer_null(TimeOff::CreatedBy))
            .col(timestamp_with_time_zone(TimeOff::CreatedAt))
            .foreign_key(&mut restrict_fk("time_off_staff_fk", (TimeOff::Table, TimeOff::StaffId), (Users::Table, Users::Id)))
            .to_owned();
        manager.create_table(time_off).await?;
        // A range is looked up by its end (what is still ahead) per member.
        manager.create_index(index("time_off_staff_ends_idx", TimeOff::Table, [TimeOff::StaffId, TimeOff::EndsAt], false)).await?;
        manager.create_index(index("time_off_ends_idx", TimeOff::Table, [TimeOff::EndsAt], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TimeOff::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::WorkingHours).to_owned()).await?;
        manager.drop_table(Table::drop().table(Settings::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Settings {
    Table,
    Key,
    Value,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    WorkingHours,
}

#[derive(DeriveIden)]
enum TimeOff {
    Table,
    Id,
    StaffId,
    StartsAt,
    EndsAt,
    Reason,
    CreatedBy,
    CreatedAt,
}
