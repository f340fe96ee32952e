//! SeaORM migrations, one file per change.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_users;
mod m20261121_000002_create_clients;
mod m20261121_000003_create_appointments;
mod m20261121_000004_create_audit_log;
mod m20261121_000005_create_revoked_tokens;
mod m20261122_000006_users_search_text;

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
        ]
    }
}
