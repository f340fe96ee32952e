//! argon2id hashing on a few dedicated threads behind a bounded queue
//! (SECURITY.md#password-hashing).
//!
//! One hash takes ~19 MiB and tens of milliseconds of a core, by design. A
//! flood of sign-ins must neither queue without end (every waiting request
//! holds memory, and a real sign-in would wait seconds) nor spread hashes
//! over many threads (each thread's allocator arena would keep its 19 MiB,
//! had `memory.rs` not made such blocks go back to the system). So: one
//! thread per core does all hashing, at most [`QUEUE_PER_WORKER`] jobs per
//! thread wait, and a job that finds the queue full is refused at once with
//! [`AppError::Busy`] (503, `Retry-After`).

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, LazyLock, Mutex};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};

use crate::error::AppError;

/// Jobs that may wait per hashing thread: with ~50 ms a hash, a sign-in
/// waits well under a second before it is hashed or refused.
pub const QUEUE_PER_WORKER: usize = 8;

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    queue: SyncSender<Job>,
}

static POOL: LazyLock<Pool> = LazyLock::new(|| {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    Pool::start(workers, workers * QUEUE_PER_WORKER)
});

impl Pool {
    fn start(workers: usize, capacity: usize) -> Pool {
        let (queue, jobs) = sync_channel::<Job>(capacity);
        let jobs = Arc::new(Mutex::new(jobs));
        for n in 0..workers {
            let jobs = Arc::clone(&jobs);
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || work(&jobs))
                .expect("starting a password-hashing thread");
        }
        Pool { queue }
    }
}

fn work(jobs: &Mutex<Receiver<Job>>) {
    loop {
        let job = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(job) = job else { return };
        // A job's panic must not take a hashing thread with it; its caller
        // sees the dropped answer as an internal error.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}

/// Runs `work` on a hashing thread, or refuses at once when the queue is full.
async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    match POOL.queue.try_send(job) {
        Ok(()) => {}
        Err(TrySendError::Full(_)) => return Err(AppError::Busy),
        Err(TrySendError::Disconnected(_)) => return Err(AppError::Internal(anyhow::anyhow!("password hashing stopped"))),
    }
    answered.await.map_err(|_| AppError::Internal(anyhow::anyhow!("password hashing failed")))
}

/// argon2id with the crate's default (OWASP) parameters.
pub async fn hash_password(password: String) -> Result<String, AppError> {
    run(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await?
    .map_err(AppError::Internal)
}

pub async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    run(move || PasswordHash::new(&hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_a_full_queue_refuses_at_once() {
        let hash = hash_password("senha-secreta-123".into()).await.unwrap();
        assert!(verify_password("senha-secreta-123".into(), hash.clone()).await.unwrap());
        assert!(!verify_password("outra".into(), hash.clone()).await.unwrap());
        assert!(!verify_password("x".into(), "not a hash".into()).await.unwrap());

        // Far more jobs than threads and queue: the excess is refused, the rest verify.
        let jobs: Vec<_> = (0..200).map(|_| tokio::spawn(verify_password("senha-secreta-123".into(), hash.clone()))).collect();
        let mut busy = 0;
        for job in jobs {
            match job.await.unwrap() {
                Ok(ok) => assert!(ok),
                Err(AppError::Busy) => busy += 1,
                Err(other) => panic!("{other:?}"),
            }
        }
        assert!(busy > 0, "a full queue refuses");
        assert!(busy < 200, "the queue still hashes");
        // And it recovers.
        assert!(verify_password("senha-secreta-123".into(), hash).await.unwrap());
    }
}
