//! Connecting to the database (SQLite by default, PostgreSQL by URL) and
//! bringing its schema up to date.

use std::path::Path;
use std::time::Duration;

use migrations::{Migrator, MigratorTrait};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectOptions, EntityTrait, QueryFilter, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, SqliteTransactionMode,
    TransactionOptions, TransactionTrait,
};

/// Opens the database and checks that it can be written.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let db = open(url).await?;
    check_writable(&db, url).await?;
    Ok(db)
}

/// Opens the database (a backup only reads it).
pub async fn open(url: &str) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url) {
        make_private(Path::new(path))?;
    }
    let mut options = ConnectOptions::new(url);
    // A request waits at most ACQUIRE_TIMEOUT for a connection: with the
    // database down it gets a 503 soon instead of hanging (error.rs).
    options
        .sqlx_logging(false)
        .max_connections(16)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_timeout(ACQUIRE_TIMEOUT);
    let db = Database::connect(options).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers go on while one request writes.
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
    }
    Ok(db)
}

/// A transaction that writes. On SQLite it takes the write lock at BEGIN
/// (IMMEDIATE): concurrent writers then wait their turn (the busy timeout)
/// instead of failing with SQLITE_BUSY when the snapshot they read first
/// went stale. PostgreSQL ignores the option.
pub async fn write_transaction(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let options = TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() };
    db.begin_with_options(options).await
}

/// Locks one row until `txn` ends by writing one of its columns unchanged
/// (`column = column`): SQLite lets a transaction wait for the write lock
/// only when it writes before it reads, and PostgreSQL keeps other writers
/// of the row waiting. False when there is no such row.
pub async fn lock_row<E: EntityTrait>(
    txn: &impl ConnectionTrait,
    id_column: E::Column,
    id: i32,
    unchanged: E::Column,
) -> Result<bool, DbErr> {
    let result = E::update_many().col_expr(unchanged, Expr::col(unchanged)).filter(id_column.eq(id)).exec(txn).await?;
    Ok(result.rows_affected > 0)
}

/// Longest a request waits for a database connection.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// Refuses to go on with a database that cannot be written (a read-only
/// SQLite file or folder, a read-only PostgreSQL role), saying so plainly,
/// instead of starting a server where nobody can sign in. The probe is a
/// table created in a transaction that is rolled back.
pub async fn check_writable(db: &DatabaseConnection, url: &str) -> anyhow::Result<()> {
    let txn = db.begin().await?;
    let probe = txn.execute_unprepared("CREATE TABLE expediente_write_check (id INTEGER)").await;
    txn.rollback().await?;
    match probe {
        Ok(_) => Ok(()),
        Err(error) => {
            let place = match sqlite_path(url) {
                Some(path) => format!("o arquivo SQLite {path} (veja as permissões do arquivo e da pasta)"),
                None => "o banco de dados (veja as permissões do usuário)".to_string(),
            };
            anyhow::bail!("não é possível gravar no banco de dados, somente leitura ou bloqueado: {place}. Detalhe: {error}")
        }
    }
}

/// Writes a consistent copy of a live SQLite database to `file` (`VACUUM
/// INTO`: one read transaction, so requests go on meanwhile), readable by
/// its owner only. PostgreSQL is backed up with `pg_dump` (README.md).
pub async fn backup(db: &DatabaseConnection, file: &Path) -> anyhow::Result<()> {
    if db.get_database_backend() != DbBackend::Sqlite {
        anyhow::bail!("o backup embutido é só para SQLite; para PostgreSQL use pg_dump (veja o README)");
    }
    if file.exists() {
        anyhow::bail!("{} já existe: escolha outro nome de arquivo", file.display());
    }
    let path = file.to_str().ok_or_else(|| anyhow::anyhow!("caminho de arquivo inválido: {}", file.display()))?;
    // Created empty first with mode 0600 so the copy is never world-readable.
    create_private(file)?;
    let result = db.execute_unprepared(&format!("VACUUM INTO '{}'", path.replace('\'', "''"))).await;
    if let Err(error) = result {
        let _ = std::fs::remove_file(file);
        return Err(error.into());
    }
    Ok(())
}

/// An empty file only its owner can read and write.
fn create_private(file: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(file).map(drop)
}

pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None).await?;
    Ok(())
}

/// The SQLite file holds password hashes and every client's data: its
/// directory is created 0700 and the file is 0600 (also when an older
/// version left it world-readable). SQLite gives its `-wal` and `-shm`
/// files the database file's mode.
fn make_private(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    }
    // Created empty (a valid empty database) with the right mode, so it is
    // never readable by others, not even for a moment.
    std::fs::OpenOptions::new().write(true).create(true).truncate(false).mode(0o600).open(path)?;
    for suffix in ["", "-wal", "-shm"] {
        let file = Path::new(&format!("{}{suffix}", path.display())).to_path_buf();
        if file.exists() {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))?;
        }
    }
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
