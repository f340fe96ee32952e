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

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use chrono::Utc;
use ipnet::IpNet;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, Value};

use crate::error::{AppError, Result};
use crate::state::AppState;

/// Failed sign-ins allowed per e-mail and source within a window.
pub const MAX_FAILURES: i32 = 5;
/// The window, from its first attempt.
pub const WINDOW_SECONDS: i64 = 15 * 60;
/// Expired rows are deleted on one attempt in this many.
const PRUNE_EVERY: u64 = 64;

/// The client's address as the throttle and the connection limit count it:
/// the peer's IP, or behind a trusted proxy (`--trusted-proxies`) the
/// address its `X-Forwarded-For` names ([`client_ip`]); an IPv6 address by
/// its /64, which one subscriber usually holds whole. Requests without a
/// peer address (in-process tests) share one.
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

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> std::result::Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        let client = peer.map(|peer| client_ip(peer, &parts.headers, &state.config.trusted_proxies));
        Ok(client.map_or_else(|| ClientAddress("desconhecido".into()), ClientAddress::new))
    }
}

/// True when `ip` is one of the trusted proxies.
pub fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    let ip = ip.to_canonical();
    trusted.iter().any(|net| net.contains(&ip))
}

/// The client's IP: `peer` itself, unless `peer` is a trusted proxy; then
/// the `X-Forwarded-For` entries read from the right (each proxy appends
/// the address it got the request from), past every trusted proxy, to the
/// first address that is not one: whatever a client wrote itself is left of
/// it and never read. An entry that is not an address stops the walk at the
/// last trusted hop.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let mut client = peer.to_canonical();
    if !is_trusted(client, trusted) {
        return client;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|value| value.to_str().unwrap_or("").split(','))
        .collect();
    for entry in entries.iter().rev() {
        let entry = entry.trim();
        let parsed = entry.parse::<IpAddr>().ok().or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()));
        let Some(ip) = parsed else { break };
        client = ip.to_canonical();
        if !is_trusted(client, trusted) {
            break;
        }
    }
    client
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

/// Counts an attempt of `email` from `source` (a [`ClientAddress`]'s text,
/// or a device cookie's `auth::DeviceClaims::source`); refuses it with a
/// 429 when the window already holds [`MAX_FAILURES`].
pub async fn count_attempt(db: &DatabaseConnection, email: &str, source: &str) -> Result<()> {
    let now = Utc::now().timestamp();
    let cutoff = now - WINDOW_SECONDS;
    let sql = "INSERT INTO sign_in_throttle (email, address, failures, window_start) VALUES ($1, $2, 1, $3) \
               ON CONFLICT (email, address) DO UPDATE SET \
               failures = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.failures + 1 ELSE 1 END, \
               window_start = CASE WHEN sign_in_throttle.window_start > $4 THEN sign_in_throttle.window_start ELSE $3 END \
               RETURNING failures, window_start";
    let values = [email.into(), source.into(), now.into(), cutoff.into()];
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

/// A successful sign-in clears the count of its source.
pub async fn clear(db: &DatabaseConnection, email: &str, source: &str) -> Result<()> {
    let sql = "DELETE FROM sign_in_throttle WHERE email = $1 AND address = $2";
    db.execute_raw(statement(db, sql, [email.into(), source.into()])).await?;
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

    #[test]
    fn x_forwarded_for_counts_only_from_a_trusted_proxy() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap(), "192.0.2.1/32".parse().unwrap()];
        let forwarded = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert("x-forwarded-for", value.parse().unwrap());
            headers
        };
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        // From an untrusted peer the header is ignored.
        assert_eq!(client_ip(ip("203.0.113.5"), &forwarded("198.51.100.7"), &trusted), ip("203.0.113.5"));
        // From a trusted one, the rightmost entry that is not a trusted proxy.
        assert_eq!(client_ip(ip("192.0.2.1"), &forwarded("198.51.100.7"), &trusted), ip("198.51.100.7"));
        assert_eq!(client_ip(ip("192.0.2.1"), &forwarded("6.6.6.6, 198.51.100.7, 10.1.2.3"), &trusted), ip("198.51.100.7"));
        assert_eq!(client_ip(ip("::ffff:192.0.2.1"), &forwarded("198.51.100.7:5123"), &trusted), ip("198.51.100.7"));
        assert_eq!(client_ip(ip("192.0.2.1"), &forwarded("[2001:db8::1]:80"), &trusted), ip("2001:db8::1"));
        // A trusted proxy without the header, or with rubbish in it, is the client itself.
        assert_eq!(client_ip(ip("192.0.2.1"), &HeaderMap::new(), &trusted), ip("192.0.2.1"));
        assert_eq!(client_ip(ip("192.0.2.1"), &forwarded("198.51.100.7, rubbish"), &trusted), ip("192.0.2.1"));
        // Nothing trusted: the peer, whatever the header says.
        assert_eq!(client_ip(ip("192.0.2.1"), &forwarded("198.51.100.7"), &[]), ip("192.0.2.1"));
        let mut two = forwarded("6.6.6.6");
        two.append("x-forwarded-for", "198.51.100.8".parse().unwrap());
        assert_eq!(client_ip(ip("10.9.9.9"), &two, &trusted), ip("198.51.100.8"), "headers read in order, the last last");
    }
}
