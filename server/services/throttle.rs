//! Sign-in throttling (SECURITY.md#sign-in-throttling): at most
//! [`MAX_FAILURES`] failed sign-ins for one e-mail from one client address
//! in a window of [`WINDOW_SECONDS`] from the first; the next attempt gets
//! a 429 with `Retry-After` until the window ends, without its password
//! being checked (so guessing goes no faster, and costs no hashing).
//!
//! The count lives in the database (`sign_in_throttle`), so it holds across
//! server instances, and memory does not grow with the number of e-mails
//! tried. An attempt is counted *before* its password is checked, in one
//! atomic statement, so concurrent guesses cannot slip past the limit; a
//! successful sign-in then clears the count.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use chrono::Utc;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, Value};

use crate::error::{AppError, Result};

/// Failed sign-ins allowed per e-mail and address within a window.
pub const MAX_FAILURES: i32 = 5;
/// The window, from its first attempt.
pub const WINDOW_SECONDS: i64 = 15 * 60;
/// Expired rows are deleted on one attempt in this many.
const PRUNE_EVERY: u64 = 64;

/// The client's address as the throttle counts it: the peer's IP (an IPv6
/// address by its /64, which one subscriber usually holds whole). Requests
/// without a peer address (in-process tests) share one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl ClientAddress {
    pub fn new(ip: IpAddr) -> ClientAddress {
        let text = match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
        };
        ClientAddress(text)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> std::result::Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        Ok(peer.map_or_else(|| ClientAddress("desconhecido".into()), ClientAddress::new))
    }
}

/// The Portuguese message of a 429, with the wait rounded up to minutes.
pub fn message(retry_after: u64) -> String {
    let wait = match retry_after {
        0 | 1 => "1 segundo".to_string(),
        2..=59 => format!("{retry_after} segundos"),
        60 => "1 minuto".to_string(),
        seconds => format!("{} minutos", seconds.div_ceil(60)),
    };
    format!("Muitas tentativas de entrada com este e-mail. Tente novamente em {wait}.")
}

/// Counts an attempt of `email` from `address`; refuses it with a 429 when
/// the window already holds [`MAX_FAILURES`].
pub async fn count_attempt(db: &DatabaseConnection, email: &str, address: &ClientAddress) -> Result<()> {
    let now = Utc::now().timestamp();
    let cutoff = now - WINDOW_SECONDS;
    let sql = "INSERT INTO sign_in_throttle (email, address, failures, window_start) VALUES ($1, $2, 1, $3) \
               ON CONFLICT (email, address) DO UPDATE SET \
               failures = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.failures + 1 ELSE 1 END, \
               window_start = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.window_start ELSE $3 END \
               RETURNING failures, window_start";
    let values = [email.into(), address.0.as_str().into(), now.into(), cutoff.into()];
    let row = db
        .query_one_raw(statement(db, sql, values))
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the throttle upsert returned no row")))?;
    let failures: i32 = row.try_get("", "failures")?;
    let window_start: i64 = row.try_get("", "window_start")?;
    static ATTEMPTS: AtomicU64 = AtomicU64::new(0);
    if ATTEMPTS.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY == 0 {
        let prune = statement(db, "DELETE FROM sign_in_throttle WHERE window_start <= $1", [cutoff.into()]);
        db.execute_raw(prune).await?;
    }
    if failures > MAX_FAILURES {
        let retry_after = (window_start + WINDOW_SECONDS - now).max(1) as u64;
        return Err(AppError::TooManyRequests { message: message(retry_after), retry_after });
    }
    Ok(())
}

/// A successful sign-in clears the count.
pub async fn clear(db: &DatabaseConnection, email: &str, address: &ClientAddress) -> Result<()> {
    let sql = "DELETE FROM sign_in_throttle WHERE email = $1 AND address = $2";
    db.execute_raw(statement(db, sql, [email.into(), address.0.as_str().into()])).await?;
    Ok(())
}

/// `sql` with `$n` parameters, written `?n` for SQLite.
fn statement<const N: usize>(db: &DatabaseConnection, sql: &str, values: [Value; N]) -> Statement {
    let backend = db.get_database_backend();
    let sql = if backend == DbBackend::Sqlite { sql.replace('$', "?") } else { sql.to_string() };
    Statement::from_sql_and_values(backend, sql, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_messages() {
        assert_eq!(ClientAddress::new("203.0.113.9".parse().unwrap()).0, "203.0.113.9");
        assert_eq!(ClientAddress::new("::ffff:203.0.113.9".parse().unwrap()).0, "203.0.113.9");
        let a = ClientAddress::new("2001:db8:1:2:aaaa::1".parse().unwrap());
        assert_eq!(a, ClientAddress::new("2001:db8:1:2:ffff:1:2:3".parse().unwrap()), "one /64");
        assert_eq!(a.0, "2001:db8:1:2::/64");
        assert_eq!(message(900), "Muitas tentativas de entrada com este e-mail. Tente novamente em 15 minutos.");
        assert_eq!(message(61), "Muitas tentativas de entrada com este e-mail. Tente novamente em 2 minutos.");
        assert_eq!(message(60), "Muitas tentativas de entrada com este e-mail. Tente novamente em 1 minuto.");
        assert_eq!(message(0), "Muitas tentativas de entrada com este e-mail. Tente novamente em 1 segundo.");
    }
}
