use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::Argon2;

use std::sync::LazyLock;

use tokio::sync::Semaphore;

use crate::error::AppError;

/// Each hash takes ~19 MiB and a core for tens of milliseconds; at most one
/// per core runs at once, so a burst of sign-ins queues instead of
/// exhausting memory.
static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// argon2id with the crate's default (OWASP) parameters; runs off the async
/// executor because it takes tens of milliseconds by design.
pub async fn hash_password(password: String) -> Result<String, AppError> {
    let _permit = HASHING.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
    .map_err(AppError::Internal)
}

pub async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    let _permit = HASHING.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))
}
