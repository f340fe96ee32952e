use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

create_table!(
    Clients::Table,
    Table::create()
        .col(pk_auto(Clients::Id))
        .col(string(Clients::Name))
        .col(string_null(Clients::Email))
        .col(string_null(Clients::Phone))
        .col(string_null(Clients::Document))
        .col(date_null(Clients::BirthDate))
        .col(text_null(Clients::Notes))
        .col(boolean(Clients::Archived).default(false))
        .col(text(Clients::SearchText))
        .col(integer(Clients::Version).default(1))
        .col(timestamp_with_time_zone(Clients::CreatedAt))
        .col(timestamp_with_time_zone(Clients::UpdatedAt)),
    [
        // Unique when given: NULLs never clash in either database.
        index("clients_email_key", Clients::Table, [Clients::Email], true),
        index("clients_name_idx", Clients::Table, [Clients::Name], false),
    ]
);

#[derive(DeriveIden)]
pub enum Clients {
    Table,
    Id,
    Name,
    Email,
    Phone,
    Document,
    BirthDate,
    Notes,
    Archived,
    SearchText,
    Version,
    CreatedAt,
    UpdatedAt,
}
