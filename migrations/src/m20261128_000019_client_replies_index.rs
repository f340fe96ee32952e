//! The dashboard's "Respostas dos clientes" reads the last days' audit
//! entries written by a client through their link (`actor` set), newest
//! first. A partial index on (actor, created_at, id) of those entries
//! alone gives them in that order: the staff's writes, nearly every entry,
//! neither grow it nor pay for keeping it. (Written as SQL: the schema
//! builder has no partial index; SQLite and PostgreSQL read it alike.)

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const CREATE: &str = "CREATE INDEX IF NOT EXISTS audit_log_actor_idx ON audit_log (actor, created_at, id) WHERE actor IS NOT NULL";
const DROP: &str = "DROP INDEX IF EXISTS audit_log_actor_idx";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(CREATE).await.map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(DROP).await.map(|_| ())
    }
}
