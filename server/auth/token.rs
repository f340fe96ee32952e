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

#[derive(Debug, PartialEq, Eq)]
pub enum TokenError {
    Expired,
    Invalid,
}

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Token lifetime in seconds.
    pub ttl: i64,
}

impl Keys {
    pub fn new(secret: &[u8], ttl: u64) -> Keys {
        Keys { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), ttl: ttl as i64 }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn an_expired_token_says_so() {
        let keys = Keys::new(b"secret", 0);
        let expired = Claims { sub: 1, iat: 0, exp: Utc::now().timestamp() - 10, jti: "x".into(), ver: 0 };
        assert_eq!(keys.verify(&keys.sign(&expired)).unwrap_err(), TokenError::Expired);
    }
}
