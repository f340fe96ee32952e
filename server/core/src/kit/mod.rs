//! What every area uses: the call's context and the one audited write,
//! the error type, lists, validation, the business's time, CSV, and the
//! few database statements the rules share.

pub mod access;
pub mod audit;
mod context;
pub mod csv;
pub mod db;
pub mod error;
pub mod events;
pub mod list;
pub mod read_log;
pub mod time;
pub mod validation;

pub use context::*;
pub use list::{Data, Meta, Page};

/// 32 random bytes as hex: a key no one can guess (a calendar feed's, a
/// booking hold's).
pub fn random_key() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
