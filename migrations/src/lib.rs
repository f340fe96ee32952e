//! SeaORM migrations, one file per change.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_users;
mod m20261121_000002_create_clients;
mod m20261121_000003_create_appointments;
mod m20261121_000004_create_audit_log;
mod m20261121_000005_create_revoked_tokens;
mod m20261122_000006_users_search_text;

/// What every create-table migration does, so that each file says only its
/// columns and indexes.
mod table {
    use sea_orm_migration::prelude::*;

    pub async fn create(
        manager: &SchemaManager<'_>,
        table: &mut TableCreateStatement,
    ) -> Result<(), DbErr> {
        manager.create_table(table.if_not_exists().to_owned()).await
    }

    pub async fn drop(
        manager: &SchemaManager<'_>,
        table: impl IntoTableRef + 'static,
    ) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(table).to_owned())
            .await
    }

    /// `CREATE [UNIQUE] INDEX name ON table (columns)`.
    pub async fn index<C: IntoIndexColumn>(
        manager: &SchemaManager<'_>,
        name: &str,
        table: impl IntoTableRef,
        columns: impl IntoIterator<Item = C>,
        unique: bool,
    ) -> Result<(), DbErr> {
        let mut index = Index::create();
        index.name(name).table(table);
        for column in columns {
            index.col(column);
        }
        if unique {
            index.unique();
        }
        manager.create_index(index.to_owned()).await
    }
}

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
