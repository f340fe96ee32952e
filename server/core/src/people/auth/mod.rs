//! The keys and hashes of sessions: argon2id password hashes on their own
//! threads, HS256 JWTs for the session and the device cookie, and the
//! server's secret. Who a request's token names is read by `http` and
//! checked by `people::sessions`.

mod password;
mod secret;
mod token;

pub use password::{HashingPlace, hash_password, reserve_device_place, reserve_hashing_place, verify_password};
pub use secret::load_or_create_secret;
pub use token::{Claims, DEVICE_COOKIE, DEVICE_TTL, DeviceClaims, Keys, LINK_RESPOND, LinkClaims, SESSION_COOKIE, TokenError};
