use chrono::Utc;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};

/// The HttpOnly cookie that carries the token on page requests.
pub const SESSION_COOKIE: &str = "expediente_session";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: i32,
    pub iat: i64,
    pub exp: i64,
    /// Names this token, so signing out can revoke it alone.
    pub jti: String,
    /// The user's `session_version` when issued: a password change moves
    /// it on and so ends every token issued before.
    #[serde(default)]
    pub ver: i32,
}

/// The HttpOnly cookie of a browser that signed in to an account before
/// (OWASP's device cookie, SECURITY.md#device-cookies).
pub const DEVICE_COOKIE: &str = "expediente_device";
/// A device cookie's lifetime, in seconds: a year.
pub const DEVICE_TTL: i64 = 365 * 24 * 3600;

/// What a device cookie says: this browser signed in to account `sub`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceClaims {
    /// The user's id.
    pub sub: i32,
    /// Random, new at each sign-in: this device's own count of failures.
    pub dev: String,
    pub exp: i64,
}

impl DeviceClaims {
    /// The source the throttle counts this device's attempts by.
    pub fn source(&self) -> String {
        format!("device:{}", self.dev)
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum TokenError {
    Expired,
    Invalid,
}

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Device cookies are signed with a key of their own (derived from the
    /// same secret), so neither kind of token passes for the other.
    device_encoding: EncodingKey,
    device_decoding: DecodingKey,
    /// Signs the clients' links (`/c/{token}`), derived from the same secret.
    link_key: Vec<u8>,
    /// The key of calendar feed addresses (`booking::calendar`), derived
    /// from the same secret: a feed address is no session token.
    calendar: Vec<u8>,
    /// Token lifetime in seconds.
    pub ttl: i64,
    /// These keys' own number in the process: a user id names an account
    /// only within its database, and one process may serve several (the
    /// tests do), each with its keys (`reserve_device_place`).
    pub instance: u64,
}

impl Keys {
    pub fn new(secret: &[u8], ttl: u64) -> Keys {
        let device = [secret, b"\0expediente device cookie"].concat();
        Keys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            device_encoding: EncodingKey::from_secret(&device),
            device_decoding: DecodingKey::from_secret(&device),
            link_key: [secret, b"\0expediente client link"].concat(),
            calendar: [secret, b"\0expediente calendar feed"].concat(),
            ttl: ttl as i64,
            instance: {
                static CREATED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                CREATED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
        }
    }

    /// HMAC-SHA256 of `text` with the calendar feeds' key, as hex.
    pub fn calendar_mac(&self, text: &str) -> String {
        use hmac::{Hmac, Mac};
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.calendar).expect("HMAC takes a key of any length");
        mac.update(text.as_bytes());
        mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A new device cookie's token for a user, with a fresh random `dev`.
    pub fn issue_device(&self, user_id: i32) -> String {
        let dev = uuid::Uuid::new_v4().simple().to_string();
        self.sign_device(&DeviceClaims { sub: user_id, dev, exp: Utc::now().timestamp() + DEVICE_TTL })
    }

    /// The signed token of a device's claims (tests also sign expired ones).
    pub fn sign_device(&self, claims: &DeviceClaims) -> String {
        encode(&Header::new(Algorithm::HS256), claims, &self.device_encoding).expect("HS256 encoding cannot fail")
    }

    /// The claims of a device token, `None` when it is forged, altered or
    /// expired: such a browser is an unknown client, never an error.
    pub fn verify_device(&self, token: &str) -> Option<DeviceClaims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        decode::<DeviceClaims>(token, &self.device_decoding, &validation).ok().map(|data| data.claims)
    }

    /// A new token for a user (at their current `session_version`), and its claims.
    pub fn issue(&self, user_id: i32, session_version: i32) -> (String, Claims) {
        let now = Utc::now().timestamp();
        let jti = uuid::Uuid::new_v4().to_string();
        let claims = Claims { sub: user_id, iat: now, exp: now + self.ttl, jti, ver: session_version };
        (self.sign(&claims), claims)
    }

    /// The signed token of these claims (tests also sign expired ones).
    pub fn sign(&self, claims: &Claims) -> String {
        encode(&Header::new(Algorithm::HS256), claims, &self.encoding).expect("HS256 encoding cannot fail")
    }

    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        decode::<Claims>(token, &self.decoding, &validation).map(|data| data.claims).map_err(|error| {
            match error.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            }
        })
    }
}

/// What a client's link (`/c/{token}`) says: one appointment, the client it
/// was made for, one purpose, valid until `exp` (the appointment's start
/// when it was made).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkClaims {
    pub appointment_id: i32,
    /// The link holds only while the appointment is this client's.
    pub client_id: i32,
    pub purpose: u8,
    pub exp: i64,
}

/// The one purpose a link has today: the client confirms or cancels.
pub const LINK_RESPOND: u8 = 1;
/// Bytes of HMAC-SHA256 a link keeps: 128 bits, beyond guessing.
const LINK_MAC_BYTES: usize = 16;
/// Bytes of a link's claims: appointment (4), client (4), purpose (1), exp (8).
const LINK_BODY_BYTES: usize = 17;

impl Keys {
    /// A client's link token: appointment id (4 bytes), client id (4),
    /// purpose (1), exp (8), then the first 16 bytes of HMAC-SHA256 of those
    /// under the link key, in base64url: 44 characters, short enough for a
    /// WhatsApp message.
    pub fn sign_link(&self, claims: &LinkClaims) -> String {
        use base64::Engine;
        use hmac::Mac;
        let mut bytes = Vec::with_capacity(LINK_BODY_BYTES + LINK_MAC_BYTES);
        bytes.extend_from_slice(&claims.appointment_id.to_be_bytes());
        bytes.extend_from_slice(&claims.client_id.to_be_bytes());
        bytes.push(claims.purpose);
        bytes.extend_from_slice(&claims.exp.to_be_bytes());
        let mac = self.link_mac(&bytes).finalize().into_bytes();
        bytes.extend_from_slice(&mac[..LINK_MAC_BYTES]);
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The claims of a link token whose signature holds (expiry is the
    /// caller's to judge, so the page can say the link lapsed); `None` for
    /// anything forged, altered or malformed.
    pub fn verify_link(&self, token: &str) -> Option<LinkClaims> {
        use base64::Engine;
        use hmac::Mac;
        if token.len() > 64 {
            return None;
        }
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token).ok()?;
        if bytes.len() != LINK_BODY_BYTES + LINK_MAC_BYTES {
            return None;
        }
        let (body, mac) = bytes.split_at(LINK_BODY_BYTES);
        // Constant time, on the kept bytes.
        self.link_mac(body).verify_truncated_left(mac).ok()?;
        Some(LinkClaims {
            appointment_id: i32::from_be_bytes(body[0..4].try_into().ok()?),
            client_id: i32::from_be_bytes(body[4..8].try_into().ok()?),
            purpose: body[8],
            exp: i64::from_be_bytes(body[9..17].try_into().ok()?),
        })
    }

    fn link_mac(&self, body: &[u8]) -> hmac::Hmac<sha2::Sha256> {
        use hmac::Mac;
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.link_key).expect("HMAC takes a key of any length");
        mac.update(body);
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_tokens_hold_only_as_signed() {
        let keys = Keys::new(b"secret-one", 60);
        let claims = LinkClaims { appointment_id: 42, client_id: 9, purpose: LINK_RESPOND, exp: 1_900_000_000 };
        let token = keys.sign_link(&claims);
        assert_eq!(token.len(), 44);
        assert_eq!(keys.verify_link(&token), Some(claims));
        assert_eq!(Keys::new(b"secret-two", 60).verify_link(&token), None, "another secret");
        // Every one-character change is refused.
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for i in 0..token.len() {
            for c in alphabet.chars().filter(|c| Some(*c) != token.chars().nth(i)) {
                let mut altered = token.clone();
                altered.replace_range(i..i + 1, &c.to_string());
                assert_eq!(keys.verify_link(&altered), None, "{altered}");
            }
        }
        let other = keys.sign_link(&LinkClaims { appointment_id: 43, ..claims });
        assert_ne!(other, token);
        assert_ne!(keys.sign_link(&LinkClaims { client_id: 10, ..claims }), token, "the client is signed");
        // Another client's id under the same signature.
        {
            use base64::Engine;
            let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let mut bytes = b64.decode(&token).unwrap();
            bytes[4..8].copy_from_slice(&10i32.to_be_bytes());
            assert_eq!(keys.verify_link(&b64.encode(bytes)), None, "another client");
        }
        assert_eq!(keys.verify_link(""), None);
        assert_eq!(keys.verify_link(&"A".repeat(1000)), None);
        assert_eq!(keys.verify_link(&keys.issue(7, 0).0), None, "a session token is no link");
    }

    #[test]
    fn issued_tokens_verify_and_forged_ones_do_not() {
        let keys = Keys::new(b"secret-one", 60);
        let (token, claims) = keys.issue(7, 2);
        assert_eq!(keys.verify(&token).unwrap().sub, 7);
        assert_eq!(keys.verify(&token).unwrap().ver, 2);
        assert_eq!(claims.exp - claims.iat, 60);
        assert_eq!(Keys::new(b"secret-two", 60).verify(&token).unwrap_err(), TokenError::Invalid);
        assert_eq!(keys.verify("not.a.token").unwrap_err(), TokenError::Invalid);
    }

    #[test]
    fn device_tokens_verify_only_as_device_tokens() {
        let keys = Keys::new(b"secret-one", 60);
        let device = keys.issue_device(7);
        let claims = keys.verify_device(&device).expect("an issued device token verifies");
        assert_eq!(claims.sub, 7);
        assert_eq!(claims.dev.len(), 32);
        assert_ne!(keys.verify_device(&keys.issue_device(7)).unwrap().dev, claims.dev, "a fresh nonce each time");
        // Another account's id in the same signature.
        use base64::Engine;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let parts: Vec<&str> = device.split('.').collect();
        let payload = String::from_utf8(b64.decode(parts[1]).unwrap()).unwrap().replace("\"sub\":7", "\"sub\":8");
        assert!(payload.contains("\"sub\":8"), "{payload}");
        let altered = format!("{}.{}.{}", parts[0], b64.encode(payload), parts[2]);
        assert!(keys.verify_device(&altered).is_none(), "altered");
        assert!(keys.verify_device("not.a.token").is_none());
        assert!(Keys::new(b"secret-two", 60).verify_device(&device).is_none(), "another secret");
        let expired = DeviceClaims { exp: Utc::now().timestamp() - 10, ..claims };
        assert!(keys.verify_device(&keys.sign_device(&expired)).is_none(), "expired");
        // Neither kind of token passes for the other.
        assert_eq!(keys.verify(&device).unwrap_err(), TokenError::Invalid);
        assert!(keys.verify_device(&keys.issue(7, 0).0).is_none());
    }

    #[test]
    fn an_expired_token_says_so() {
        let keys = Keys::new(b"secret", 0);
        let expired = Claims { sub: 1, iat: 0, exp: Utc::now().timestamp() - 10, jti: "x".into(), ver: 0 };
        assert_eq!(keys.verify(&keys.sign(&expired)).unwrap_err(), TokenError::Expired);
    }
}
