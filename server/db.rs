//! Connecting to the database (SQLite by default, PostgreSQL by URL) and
//! bringing its schema up to date.

use std::path::Path;
use std::time::Duration;

use migrations::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend};

pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url) {
        if let Some(dir) = Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
    }
    let mut options = ConnectOptions::new(url);
    options.sqlx_logging(false).max_connections(16).acquire_timeout(Duration::from_secs(10));
    let db = Database::connect(options).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers go on while one request writes.
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
    }
    Ok(db)
}

pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None).await?;
    Ok(())
}

/// The file path of a `sqlite://` URL, if it names a file.
fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then_some(path)
}

#[cfg(test)]
mod tests {
    #[test]
    fn sqlite_path_reads_the_file_part() {
        assert_eq!(super::sqlite_path("sqlite://data/x.db?mode=rwc"), Some("data/x.db"));
        assert_eq!(super::sqlite_path("sqlite::memory:"), None);
        assert_eq!(super::sqlite_path("postgres://a@b/c"), None);
    }
}
