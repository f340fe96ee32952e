//! Sign-in throttling (SECURITY.md#sign-in-throttling): at most
//! [`MAX_FAILURES`] failed sign-ins for one e-mail from one source in a
//! window of [`WINDOW_SECONDS`] from the first; the next attempt gets a 429
//! with `Retry-After` until the window ends, without its password being
//! checked (so guessing goes no faster, and costs no hashing). A source is
//! a client address, or a device cookie (`auth::device`): a browser that
//! signed in to the account before is counted by its cookie alone, so
//! others' failures from its address do not lock it out.
//!
//! The count lives in the database (`sign_in_throttle`), so it holds across
//! server instances, and memory does not grow with the number of e-mails
//! tried. An attempt is counted *before* its password is checked, in one
//! atomic statement, so concurrent guesses cannot slip past the limit; a
//! successful sign-in then clears the count.

use std::sync::atomic::{AtomicU64, Ordering};

use chrono::Utc;
use sea_orm::{ConnectionTrait, DatabaseConnection};

use crate::kit::error::{AppError, Result};
use crate::kit::db::statement;

/// Failed sign-ins allowed per e-mail and source within a window.
pub const MAX_FAILURES: i32 = 5;
/// The window, from its first attempt.
pub const WINDOW_SECONDS: i64 = 15 * 60;
/// Expired rows are deleted on one attempt in this many.
const PRUNE_EVERY: u64 = 64;

/// The Portuguese message of a sign-in's 429.
pub fn message(retry_after: u64) -> String {
    format!("Muitas tentativas de entrada com este e-mail. Tente novamente em {}.", wait(retry_after))
}

/// A 429's wait in words, rounded up to minutes past the first one.
pub fn wait(retry_after: u64) -> String {
    match retry_after {
        0 | 1 => "1 segundo".to_string(),
        2..=59 => format!("{retry_after} segundos"),
        60 => "1 minuto".to_string(),
        seconds => format!("{} minutos", seconds.div_ceil(60)),
    }
}

/// Counts an attempt of `email` (or another key) from `source` (an
/// `http::ClientAddress`'s text, or a device cookie's
/// `auth::DeviceClaims::source`); refuses it with a 429 saying
/// `message(retry_after)` when the window already holds [`MAX_FAILURES`].
pub async fn count_attempt(db: &DatabaseConnection, email: &str, source: &str, message: fn(u64) -> String) -> Result<()> {
    match count(db, email, source, MAX_FAILURES, WINDOW_SECONDS).await? {
        Some(retry_after) => Err(AppError::TooManyRequests { message: message(retry_after), retry_after }),
        None => Ok(()),
    }
}

/// Counts one attempt of `key` from `source` in a window of `window`
/// seconds from its first; `Some(seconds to wait)` once the window holds
/// more than `max`. Also counts the guesses at the clients' links
/// (server/public/link.rs), under a key no e-mail can be.
pub async fn count(db: &DatabaseConnection, key: &str, source: &str, max: i32, window: i64) -> Result<Option<u64>> {
    let email = key;
    let now = Utc::now().timestamp();
    let cutoff = now - window;
    let sql = "INSERT INTO sign_in_throttle (email, address, failures, window_start) VALUES ($1, $2, 1, $3) \
               ON CONFLICT (email, address) DO UPDATE SET \
               failures = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.failures + 1 ELSE 1 END, \
               window_start = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.window_start ELSE $3 END \
               RETURNING failures, window_start";
    let values = [email.into(), source.into(), now.into(), cutoff.into()];
    let row = db
        .query_one_raw(statement(db.get_database_backend(), sql, values))
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the throttle upsert returned no row")))?;
    let failures: i32 = row.try_get("", "failures")?;
    let window_start: i64 = row.try_get("", "window_start")?;
    static ATTEMPTS: AtomicU64 = AtomicU64::new(0);
    if ATTEMPTS.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == 0 {
        let prune = statement(db.get_database_backend(), "DELETE FROM sign_in_throttle WHERE window_start <= $1", [cutoff.into()]);
        db.execute_raw(prune).await?;
    }
    if failures > max {
        return Ok(Some((window_start + window - now).max(1) as u64));
    }
    Ok(None)
}

/// A successful sign-in clears the count of its source.
pub async fn clear(db: &DatabaseConnection, email: &str, source: &str) -> Result<()> {
    let sql = "DELETE FROM sign_in_throttle WHERE email = $1 AND address = $2";
    db.execute_raw(statement(db.get_database_backend(), sql, [email.into(), source.into()])).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        assert_eq!(message(900), "Muitas tentativas de entrada com este e-mail. Tente novamente em 15 minutos.");
        assert_eq!(message(61), "Muitas tentativas de entrada com este e-mail. Tente novamente em 2 minutos.");
        assert_eq!(message(60), "Muitas tentativas de entrada com este e-mail. Tente novamente em 1 minuto.");
        assert_eq!(message(0), "Muitas tentativas de entrada com este e-mail. Tente novamente em 1 segundo.");
    }
}
