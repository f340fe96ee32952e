//! SeaORM entities, one module per table.

pub mod appointment;
pub mod audit_log;
pub mod client;
pub mod revoked_token;
pub mod user;
