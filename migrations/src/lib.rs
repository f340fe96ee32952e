//! SeaORM migrations, one file per change.

pub use sea_orm_migration::prelude::*;

/// A migration that creates one table with its indexes, and drops it on the
/// way down, so that each file says only its columns and indexes:
/// `create_table!(Name::Table, Table::create().col(…)…, [index(…), …]);`
macro_rules! create_table {
    ($name:expr, $create:expr, [$($index:expr),* $(,)?]) => {
        #[derive(DeriveMigrationName)]
        pub struct Migration;

        #[async_trait::async_trait]
        impl MigrationTrait for Migration {
            async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
                manager.create_table($create.table($name).if_not_exists().to_owned()).await?;
                $(manager.create_index($index).await?;)*
                Ok(())
            }

            async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
                manager.drop_table(Table::drop().table($name).to_owned()).await
            }
        }
    };
}

/// `CREATE [UNIQUE] INDEX name ON table (columns)`.
fn index<C: IntoIndexColumn>(
    name: &str,
    table: impl IntoTableRef,
    columns: impl IntoIterator<Item = C>,
    unique: bool,
) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table);
    for column in columns {
        index.col(column);
    }
    if unique {
        index.unique();
    }
    index.to_owned()
}

/// A foreign key named `name` from `(table, column)` to `(table, column)`
/// that refuses to delete a row still referenced.
fn restrict_fk(
    name: &str,
    from: (impl IntoTableRef, impl IntoIden),
    to: (impl IntoTableRef, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(from.0, from.1).to(to.0, to.1).on_delete(ForeignKeyAction::Restrict).to_owned()
}

mod m20261121_000001_create_users;
mod m20261121_000002_create_clients;
mod m20261121_000003_create_appointments;
mod m20261121_000004_create_audit_log;
mod m20261121_000005_create_revoked_tokens;
mod m20261122_000006_users_search_text;
mod m20261123_000007_list_indexes;
mod m20261123_000008_client_search_index;
mod m20261123_000009_create_sign_in_throttle;
mod m20261123_000010_users_session_version;
mod m20261126_000011_clients_sort_name;
mod m20261126_000012_create_services;
mod m20261126_000013_working_hours_and_time_off;
mod m20261126_000014_period_index_service;
mod m20261126_000015_appointment_series;
mod m20261126_000016_reminders;
mod m20261126_000017_calendar_feeds_and_anonymised_clients;
mod m20261128_000018_least_privilege;
mod m20261128_000019_client_replies_index;
mod m20261128_000020_online_booking;
mod m20261128_000021_reminder_notices;
mod m20261128_000022_waitlist;
mod m20261128_000023_period_index_channel;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_users::Migration),
            Box::new(m20261121_000002_create_clients::Migration),
            Box::new(m20261121_000003_create_appointments::Migration),
            Box::new(m20261121_000004_create_audit_log::Migration),
            Box::new(m20261121_000005_create_revoked_tokens::Migration),
            Box::new(m20261122_000006_users_search_text::Migration),
            Box::new(m20261123_000007_list_indexes::Migration),
            Box::new(m20261123_000008_client_search_index::Migration),
            Box::new(m20261123_000009_create_sign_in_throttle::Migration),
            Box::new(m20261123_000010_users_session_version::Migration),
            Box::new(m20261126_000011_clients_sort_name::Migration),
            Box::new(m20261126_000012_create_services::Migration),
            Box::new(m20261126_000013_working_hours_and_time_off::Migration),
            Box::new(m20261126_000014_period_index_service::Migration),
            Box::new(m20261126_000015_appointment_series::Migration),
            Box::new(m20261126_000016_reminders::Migration),
            Box::new(m20261126_000017_calendar_feeds_and_anonymised_clients::Migration),
            Box::new(m20261128_000018_least_privilege::Migration),
            Box::new(m20261128_000019_client_replies_index::Migration),
            Box::new(m20261128_000020_online_booking::Migration),
            Box::new(m20261128_000021_reminder_notices::Migration),
            Box::new(m20261128_000022_waitlist::Migration),
            Box::new(m20261128_000023_period_index_channel::Migration),
        ]
    }
}
