use sea_orm_migration::{prelude::*, schema::*};

create_table!(
    Users::Table,
    Table::create()
        .col(pk_auto(Users::Id))
        .col(string(Users::Name))
        .col(string_uniq(Users::Email))
        .col(string(Users::PasswordHash))
        .col(string(Users::Role))
        .col(boolean(Users::Active).default(true))
        .col(timestamp_with_time_zone(Users::CreatedAt))
        .col(timestamp_with_time_zone(Users::UpdatedAt)),
    []
);

#[derive(DeriveIden)]
pub enum Users {
    Table,
    Id,
    Name,
    Email,
    PasswordHash,
    Role,
    Active,
    CreatedAt,
    UpdatedAt,
}
