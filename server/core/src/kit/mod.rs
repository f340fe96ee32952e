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
