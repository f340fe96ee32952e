//! Connecting to the database (SQLite by default, PostgreSQL by URL) and
//! bringing its schema up to date.

use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use migrations::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, TransactionTrait};

/// Opens the database and checks that it can be written.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let db = open(url).await?;
    check_writable(&db, url).await?;
    Ok(db)
}

/// Opens the database.
async fn open(url: &str) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url) {
        make_private(Path::new(path)).map_err(|error| not_writable(url, error))?;
    }
    let mut options = ConnectOptions::new(url);
    // A request waits at most ACQUIRE_TIMEOUT for a connection: with the
    // database down it gets a 503 soon instead of hanging (error.rs).
    options
        .sqlx_logging(false)
        .max_connections(16)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_timeout(ACQUIRE_TIMEOUT)
        .map_sqlx_sqlite_opts(|opts| opts.pragma("wal_autocheckpoint", WAL_BACKSTOP_PAGES.to_string()))
        .map_sqlx_sqlite_pool_opts(|pool| {
            pool.after_connect(|conn, _| Box::pin(sqlite_plans_stay_prepared(conn)))
                .after_release(|conn, _| Box::pin(sqlite_connection_is_clean(conn)))
        })
        .map_sqlx_postgres_pool_opts(|pool| {
            pool.after_release(|conn, _| Box::pin(async move { Ok(!sea_orm::sqlx::Connection::is_in_transaction(conn)) }))
        });
    let db = Database::connect(options).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers go on while one request writes.
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
    }
    Ok(db)
}

/// SQLite checkpoints (copies the WAL into the database file, with its
/// fsyncs) inside the commit that takes the WAL past `wal_autocheckpoint`
/// pages: the request that wrote much paid for it (a series of 104 dirties
/// some 600 pages of indexes, and measured half its time in commits). A
/// server checkpoints from a task of its own instead (`spawn_checkpointer`);
/// the automatic one stays as a backstop, at 40 MB of WAL rather than
/// SQLite's 4 MB, for the command line and a checkpointer that falls behind.
const WAL_BACKSTOP_PAGES: u32 = 10_000;
/// How often a server checkpoints SQLite's WAL.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// On SQLite, checkpoints the WAL every `CHECKPOINT_EVERY`, off the
/// requests. PASSIVE: it never waits for, nor blocks, a reader or a writer;
/// what it could not copy is copied next time. Durability is the commit's
/// (its WAL fsync), not the checkpoint's.
pub fn spawn_checkpointer(db: &DatabaseConnection) -> Option<tokio::task::JoinHandle<()>> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return None;
    }
    let db = db.clone();
    Some(tokio::spawn(async move {
        loop {
            tokio::time::sleep(CHECKPOINT_EVERY).await;
            if let Err(error) = db.execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)").await {
                tracing::warn!(%error, "SQLite checkpoint failed");
            }
        }
    }))
}

/// Turns on SQLite's query planner stability guarantee for a new
/// connection. Without it, a statement whose plan SQLite derived from a
/// bound value (every list's `LIMIT ? OFFSET ?`, folded into the plan as a
/// constant) is compiled again each time it runs, whatever the statement
/// cache holds: a profile of a page read through the memo spent 9 % of its
/// CPU in SQLite's parser. Our plans need no bound value (no partial
/// indexes, no prefix `LIKE`; `tests/http/lists.rs` checks them).
async fn sqlite_plans_stay_prepared(conn: &mut sea_orm::sqlx::sqlite::SqliteConnection) -> Result<(), sea_orm::SqlxError> {
    if !stable_plans(conn, 1).await? {
        tracing::warn!("SQLite's query planner stability guarantee could not be turned on");
    }
    Ok(())
}

/// Sets SQLite's query planner stability guarantee on `conn` (1 on, 0 off;
/// -1 leaves it) and says whether it is on.
async fn stable_plans(conn: &mut sea_orm::sqlx::sqlite::SqliteConnection, set: std::ffi::c_int) -> Result<bool, sea_orm::SqlxError> {
    use libsqlite3_sys::{SQLITE_DBCONFIG_ENABLE_QPSG, SQLITE_OK, sqlite3_db_config};
    let mut handle = conn.lock_handle().await?;
    let mut on: std::ffi::c_int = 0;
    // SAFETY: the handle is locked for us; the option takes an int and a
    // pointer to an int it writes the resulting setting to.
    let rc = unsafe { sqlite3_db_config(handle.as_raw_handle().as_ptr(), SQLITE_DBCONFIG_ENABLE_QPSG, set, &mut on as *mut std::ffi::c_int) };
    Ok(rc == SQLITE_OK && on == 1)
}

/// Whether a connection given back to the pool may serve again: only when
/// it is outside any transaction, as SQLite and sqlx both see it. A COMMIT
/// that fails (a full disk) may leave SQLite rolled back while sqlx still
/// counts the transaction open; such a connection,
/// reused, turned the next BEGIN into a SAVEPOINT and its COMMIT into a
/// RELEASE that kept nothing, and the server answered 201 for rows that were
/// never written. So it is closed instead, and the pool opens a fresh one.
///
/// A connection sqlx counts outside any transaction (every read, and every
/// write that committed) is clean without asking SQLite: sqlx counts a
/// transaction open once SQLite's BEGIN succeeded and closed once its
/// COMMIT or ROLLBACK did (sqlx-sqlite's worker), so its count may stay
/// open where SQLite's is closed, never the other way round. Asking costs
/// two hops to the connection's thread, on every query of every page.
async fn sqlite_connection_is_clean(conn: &mut sea_orm::sqlx::sqlite::SqliteConnection) -> Result<bool, sea_orm::SqlxError> {
    if !sea_orm::sqlx::Connection::is_in_transaction(conn) {
        return Ok(true);
    }
    // Taking the handle waits for the connection's worker to run what was
    // queued before (the ROLLBACK of a dropped transaction).
    let mut handle = conn.lock_handle().await?;
    // SAFETY: the handle is locked for us; sqlite3_get_autocommit only reads its state.
    let autocommit = unsafe { libsqlite3_sys::sqlite3_get_autocommit(handle.as_raw_handle().as_ptr()) } != 0;
    drop(handle);
    let clean = autocommit && !sea_orm::sqlx::Connection::is_in_transaction(conn);
    if !clean {
        tracing::warn!("a database connection was left inside a transaction (a failed COMMIT?): closed");
    }
    Ok(clean)
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
    probe.map(drop).map_err(|error| not_writable(url, error))
}

/// Why the server cannot start on the database at `url`, in Portuguese.
fn not_writable(url: &str, error: impl std::fmt::Display) -> anyhow::Error {
    let place = match sqlite_path(url) {
        Some(path) => format!("o arquivo SQLite {path} (veja as permissões do arquivo e da pasta)"),
        None => "o banco de dados (veja as permissões do usuário)".to_string(),
    };
    anyhow::anyhow!("não é possível gravar no banco de dados, somente leitura ou bloqueado: {place}. Detalhe: {error}")
}

/// What a backup holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupReport {
    pub clients: u64,
    pub appointments: u64,
}

/// Writes a consistent copy of the live SQLite database at `url` to `file`
/// (`VACUUM INTO`: one read transaction, so requests go on meanwhile),
/// readable by its owner only, and says what the copy holds. The source is
/// opened read-only and must exist and hold Expediente's tables: a
/// mistyped URL once made an empty database there and a "backup" of it.
/// PostgreSQL is backed up with `pg_dump` (README.md).
pub async fn backup(url: &str, file: &Path) -> anyhow::Result<BackupReport> {
    let Some(source) = sqlite_path(url) else {
        anyhow::bail!("o backup embutido é só para SQLite; para PostgreSQL use pg_dump (veja o README)");
    };
    match std::fs::metadata(source) {
        Ok(meta) if meta.len() > 0 => {}
        Ok(_) => anyhow::bail!("o banco de dados {source} está vazio: confira DATABASE_URL"),
        Err(_) => anyhow::bail!("o banco de dados {source} não existe: confira DATABASE_URL"),
    }
    if file.exists() {
        anyhow::bail!("{} já existe: escolha outro nome de arquivo", file.display());
    }
    let path = file.to_str().ok_or_else(|| anyhow::anyhow!("caminho de arquivo inválido: {}", file.display()))?;
    let db = Database::connect(read_only_options(source)).await?;
    if count_rows(&db, "users").await.is_err() {
        db.close().await?;
        anyhow::bail!("{source} não é um banco de dados do Expediente (não tem as tabelas): confira DATABASE_URL");
    }
    // Created empty first with mode 0600 so the copy is never world-readable.
    create_private(file)?;
    let result = db.execute_unprepared(&format!("VACUUM INTO '{}'", path.replace('\'', "''"))).await;
    db.close().await?;
    if let Err(error) = result {
        let _ = std::fs::remove_file(file);
        return Err(error.into());
    }
    // Counted in the copy itself: what a restore would find.
    let copy = Database::connect(read_only_options(path)).await?;
    let report = BackupReport { clients: count_rows(&copy, "clients").await?, appointments: count_rows(&copy, "appointments").await? };
    copy.close().await?;
    Ok(report)
}

/// A read-only connection to the SQLite file at `path`.
fn read_only_options(path: &str) -> ConnectOptions {
    let mut options = ConnectOptions::new(format!("sqlite://{path}?mode=ro"));
    options.sqlx_logging(false).max_connections(1);
    options
}

async fn count_rows(db: &DatabaseConnection, table: &str) -> Result<u64, DbErr> {
    let statement = sea_orm::Statement::from_string(db.get_database_backend(), format!("SELECT COUNT(*) AS n FROM {table}"));
    let row = db.query_one_raw(statement).await?.ok_or_else(|| DbErr::RecordNotFound(table.into()))?;
    Ok(row.try_get::<i64>("", "n")?.max(0) as u64)
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

/// Bytes free for this process in the file system holding `dir`.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: a valid C string and a statvfs to fill.
    if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    Some(stats.f_bavail as u64 * stats.f_frsize as u64)
}

/// The file path of a `sqlite://` URL, if it names a file.
pub fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then_some(path)
}

/// How long after a write failed for lack of space `/readyz` still says
/// 503: a load balancer then sends writes elsewhere while it lasts.
const WRITE_FAILURE_MEMORY_SECONDS: i64 = 10;

/// Marks a response whose write failed for lack of space (error.rs sets
/// it; `health::note_write_failures` notes it in [`WriteHealth`]).
#[derive(Debug, Clone, Copy)]
pub struct WriteFailed;

/// When a write last failed for lack of space (epoch seconds, 0: never).
#[derive(Debug, Default)]
pub struct WriteHealth {
    last_failure: AtomicI64,
}

impl WriteHealth {
    pub fn note_failure(&self) {
        self.last_failure.store(chrono::Utc::now().timestamp(), Ordering::Relaxed);
    }

    /// Whether a write failed for lack of space of late.
    pub fn failing(&self) -> bool {
        let last = self.last_failure.load(Ordering::Relaxed);
        last > 0 && chrono::Utc::now().timestamp() - last < WRITE_FAILURE_MEMORY_SECONDS
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sqlite_path_reads_the_file_part() {
        assert_eq!(super::sqlite_path("sqlite://data/x.db?mode=rwc"), Some("data/x.db"));
        assert_eq!(super::sqlite_path("sqlite::memory:"), None);
        assert_eq!(super::sqlite_path("postgres://a@b/c"), None);
    }

    /// Every connection the pool opens has the planner's stability guarantee
    /// on (`sqlite_plans_stay_prepared`).
    #[tokio::test]
    async fn sqlite_connections_keep_their_plans() {
        let db = super::open("sqlite::memory:").await.unwrap();
        let mut conn = db.get_sqlite_connection_pool().acquire().await.unwrap();
        assert!(super::stable_plans(&mut conn, -1).await.unwrap());
    }
}
