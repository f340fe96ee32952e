//! The clients' search served by an index, with the meaning it always had
//! (every word of `q` inside the folded `search_text`: name, e-mail, phone
//! and CPF, lower case without accents):
//!
//! - SQLite: an FTS5 table with the trigram tokenizer over `search_text`
//!   (external content: it holds only the index), kept in step by triggers;
//!   a quoted word of three or more characters matches as a substring.
//! - PostgreSQL: `pg_trgm` and a GIN trigram index on `search_text`, which
//!   serves the same `LIKE '%word%'` the list always ran.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE VIRTUAL TABLE IF NOT EXISTS clients_search USING fts5(search_text, content='clients', content_rowid='id', tokenize='trigram')",
    "CREATE TRIGGER IF NOT EXISTS clients_search_insert AFTER INSERT ON clients BEGIN
        INSERT INTO clients_search(rowid, search_text) VALUES (new.id, new.search_text);
    END",
    "CREATE TRIGGER IF NOT EXISTS clients_search_delete AFTER DELETE ON clients BEGIN
        INSERT INTO clients_search(clients_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END",
    "CREATE TRIGGER IF NOT EXISTS clients_search_update AFTER UPDATE OF search_text ON clients BEGIN
        INSERT INTO clients_search(clients_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
        INSERT INTO clients_search(rowid, search_text) VALUES (new.id, new.search_text);
    END",
    // The clients saved before this migration.
    "INSERT INTO clients_search(clients_search) VALUES ('rebuild')",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS clients_search_update",
    "DROP TRIGGER IF EXISTS clients_search_delete",
    "DROP TRIGGER IF EXISTS clients_search_insert",
    "DROP TABLE IF EXISTS clients_search",
];

const POSTGRES_UP: &[&str] = &[
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS clients_search_trgm_idx ON clients USING gin (search_text gin_trgm_ops)",
];

const POSTGRES_DOWN: &[&str] = &["DROP INDEX IF EXISTS clients_search_trgm_idx"];

async fn run(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    let db = manager.get_connection();
    for statement in statements {
        db.execute_unprepared(statement).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, SQLITE_UP).await,
            _ => run(manager, POSTGRES_UP).await,
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, SQLITE_DOWN).await,
            _ => run(manager, POSTGRES_DOWN).await,
        }
    }
}
