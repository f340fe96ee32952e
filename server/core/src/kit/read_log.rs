//! The writer of the access log's rows (`clients::access_log`): reads of a
//! client's record queue their row here and one task per database writes
//! them in one INSERT a batch: the rows queued within [`LINGER`] of the
//! first (or until one waits for them, [`ReadLog::flush`]). A request never
//! waits for the database's commit, and the server commits once for many
//! reads instead of once each (bench/README.md#the-access-log).

use std::time::Duration;

use sea_orm::{DatabaseConnection, EntityTrait};
use tokio::sync::{mpsc, oneshot};

use entities::client_read;

/// Most rows one INSERT writes.
const BATCH: usize = 256;
/// How long the writer gathers rows after the first of a batch: at one
/// reader a page apart, a batch carries several pages' reads, and a read
/// shows in the log at most this late (sooner when someone reads the log,
/// which flushes first).
const LINGER: Duration = Duration::from_millis(100);
/// Most rows waiting for the writer; a read that finds the queue full
/// waits for room (the database is then slower than the reads) rather than
/// drop its row.
const QUEUE: usize = 4096;

enum Job {
    Row(client_read::ActiveModel),
    /// Answered once every row queued before it is written (or failed).
    Flush(oneshot::Sender<()>),
}

/// A handle on one database's writer. The server starts it with its state
/// (server/app.rs) and hands it to every `Context`.
#[derive(Clone, Debug)]
pub struct ReadLog(mpsc::Sender<Job>);

impl ReadLog {
    /// Starts the writer of `db` on the current Tokio runtime; it ends once
    /// every handle is dropped and what was queued is written.
    pub fn start(db: DatabaseConnection) -> ReadLog {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_queued(db, rx));
        ReadLog(tx)
    }

    /// Queues `row` for the writer.
    pub async fn queue(&self, row: client_read::ActiveModel) {
        if self.0.send(Job::Row(row)).await.is_err() {
            tracing::error!("access log: the writer has stopped, a read was not written");
        }
    }

    /// Waits until every row queued before this call is written (or its
    /// write failed and was logged).
    pub async fn flush(&self) {
        let (done, written) = oneshot::channel();
        if self.0.send(Job::Flush(done)).await.is_ok() {
            let _ = written.await;
        }
    }
}

/// The writer: waits for a job, gathers those queued within [`LINGER`]
/// (up to [`BATCH`], and no longer once a flush waits), writes their rows
/// in one INSERT, then answers the flushes.
async fn write_queued(db: DatabaseConnection, mut rx: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut jobs, BATCH).await > 0 {
        let deadline = tokio::time::Instant::now() + LINGER;
        while jobs.len() < BATCH && !jobs.iter().any(|job| matches!(job, Job::Flush(_))) {
            let room = BATCH - jobs.len();
            match tokio::time::timeout_at(deadline, rx.recv_many(&mut jobs, room)).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
        let mut rows = Vec::with_capacity(jobs.len());
        let mut flushes = Vec::new();
        for job in jobs.drain(..) {
            match job {
                Job::Row(row) => rows.push(row),
                Job::Flush(done) => flushes.push(done),
            }
        }
        if !rows.is_empty() {
            insert(&db, rows).await;
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

/// Writes `rows` in one INSERT; if that fails (a client erased between its
/// read and the write), one by one, so that only the failing rows are lost.
async fn insert(db: &DatabaseConnection, rows: Vec<client_read::ActiveModel>) {
    if rows.len() > 1 {
        match client_read::Entity::insert_many(rows.clone()).exec_without_returning(db).await {
            Ok(_) => return,
            Err(error) => tracing::warn!(%error, rows = rows.len(), "access log: a batch failed, written row by row"),
        }
    }
    for row in rows {
        let client_id = row.client_id.clone();
        if let Err(error) = client_read::Entity::insert(row).exec_without_returning(db).await {
            tracing::error!(%error, ?client_id, "access log: a read could not be written");
        }
    }
}
