//! The HTTP side of a request, in one place: the extractors that read who
//! asks (`AuthUser` from the `Authorization: Bearer` header, the service
//! `Context` it opens, `Admin`, the `ClientAddress`) and the cookies of the
//! pages (the session cookie, the device cookie, the same-origin check).
//! The services below know nothing of HTTP: they are given a `Context`.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use ipnet::IpNet;

use expediente_core::people::auth::{DEVICE_COOKIE, DEVICE_TTL, SESSION_COOKIE};
use crate::error::{AppError, HttpError};
use expediente_core::kit::{Context, SIGN_IN_NEEDED};
use expediente_core::people::sessions;
use crate::state::AppState;

pub use expediente_core::people::sessions::AuthUser;

/// The signed-in user of an API request (`sessions::authenticate`).
impl FromRequestParts<AppState> for AuthUser {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, HttpError> {
        // A page's own reads (`reads.rs`) run as the session the page
        // checked a moment ago; a request from the network never carries
        // extensions.
        if let Some(auth) = parts.extensions.get::<AuthUser>() {
            return Ok(auth.clone());
        }
        let token = bearer(&parts.headers)?.ok_or_else(|| AppError::Unauthorized(SIGN_IN_NEEDED.into()))?;
        Ok(sessions::authenticate(&state.context(None), token).await?)
    }
}

/// The token of the request's `Authorization: Bearer` header: none without
/// the header, a 401 for a header of another kind.
pub fn bearer(headers: &HeaderMap) -> Result<Option<&str>, AppError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(None) };
    value
        .to_str()
        .ok()
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(Some)
        .ok_or_else(|| AppError::Unauthorized("Cabeçalho Authorization inválido: use Bearer <token>.".into()))
}

/// The context of a signed-in API request: its services act as its user.
impl FromRequestParts<AppState> for Context {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, HttpError> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let Ok(address) = ClientAddress::from_request_parts(parts, state).await;
        Ok(Context { address: Some(address.0), ..state.context(Some(auth.user)) })
    }
}

/// An admin's context: the user-management API answers anyone else 403
/// (`Context::require_admin`, which its services check too) before it
/// reads the request's path or body.
pub struct Admin(pub Context);

impl FromRequestParts<AppState> for Admin {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, HttpError> {
        let cx = Context::from_request_parts(parts, state).await?;
        cx.require_admin()?;
        Ok(Admin(cx))
    }
}

/// The client's address as the sign-in throttle and the connection limit
/// count it: the peer's IP, or behind a trusted proxy (`--trusted-proxies`)
/// the address its `X-Forwarded-For` names ([`client_ip`]); an IPv6 address
/// by its /64, which one subscriber usually holds whole. Requests without a
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

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        // A page's own reads (`reads.rs`) carry the page request's address.
        if let Some(address) = parts.extensions.get::<ClientAddress>() {
            return Ok(address.clone());
        }
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

/// A cookie of ours: the whole site, out of scripts' reach, sent along
/// only on same-site requests and top-level navigations (Lax), https only
/// when `secure` (the `--secure-cookies` setting); kept `max_age` seconds.
fn cookie(name: &'static str, value: String, max_age: Option<i64>, secure: bool) -> Cookie<'static> {
    let cookie = Cookie::build((name, value)).path("/").http_only(true).same_site(SameSite::Lax).secure(secure);
    match max_age {
        Some(seconds) => cookie.max_age(time::Duration::seconds(seconds)).build(),
        None => cookie.build(),
    }
}

/// The session cookie of a page request's token.
pub fn session_cookie(token: String, ttl: i64, secure: bool) -> Cookie<'static> {
    cookie(SESSION_COOKIE, token, Some(ttl), secure)
}

/// What clears the session cookie (with the attributes that set it).
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    cookie(SESSION_COOKIE, String::new(), None, secure)
}

/// The device cookie (SECURITY.md#device-cookies): it outlives sessions
/// and sign-outs, so that this browser keeps counting as one that signed
/// in before.
pub fn device_cookie(token: String, secure: bool) -> Cookie<'static> {
    cookie(DEVICE_COOKIE, token, Some(DEVICE_TTL), secure)
}

/// The device cookie's token, if the request carries one.
pub fn device_token(jar: &CookieJar) -> Option<String> {
    jar.get(DEVICE_COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty())
}

/// The token of the session cookie, if there is one.
pub fn cookie_token(jar: &CookieJar) -> Option<String> {
    jar.get(SESSION_COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty())
}

/// True when the request's `Origin` (sent by browsers on form posts) names
/// the host it was sent to, or is absent (non-browser clients).
pub fn same_origin(headers: &HeaderMap) -> bool {
    // Browsers also say where a request comes from; only this origin counts
    // (a sibling subdomain is "same-site").
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if site.is_some_and(|site| !matches!(site, "same-origin" | "none")) {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    origin.split_once("://").is_some_and(|(_, rest)| rest == host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(ClientAddress::new("203.0.113.9".parse().unwrap()).0, "203.0.113.9");
        assert_eq!(ClientAddress::new("::ffff:203.0.113.9".parse().unwrap()).0, "203.0.113.9");
        let a = ClientAddress::new("2001:db8:1:2:aaaa::1".parse().unwrap());
        assert_eq!(a, ClientAddress::new("2001:db8:1:2:ffff:1:2:3".parse().unwrap()), "one /64");
        assert_eq!(a.0, "2001:db8:1:2::/64");
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

/// A weak ETag of an answer's content (`W/"…"`, 128 bits of its SHA-256):
/// the same content, on any instance, is the same tag.
pub fn content_etag(content: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(content);
    format!("W/\"{}\"", digest.iter().take(16).map(|b| format!("{b:02x}")).collect::<String>())
}

/// True when the request's `If-None-Match` names `etag` (compared weakly,
/// RFC 9110 §13.1.2) or is `*`: the answer is a 304 without its body.
pub fn none_match(headers: &HeaderMap, etag: &str) -> bool {
    let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
    let wanted = opaque(etag);
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || opaque(tag) == wanted)
}
