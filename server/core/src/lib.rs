//! The rules of Expediente, over the database and with no HTTP: what may be
//! booked and by whom, who may see what, what is audited. The server's API,
//! pages, background jobs and command line call them, never the other way
//! round (docs/architecture.md#the-crates).
//!
//! By area: `booking` (appointments and their one gate, series, the
//! schedule's rules, hours, time off, the catalogue, the agenda, calendar
//! feeds), `reminders`, `clients` (with LGPD), `people` (users, sessions,
//! sign-in throttle, keys and password hashes), `reporting`, and the `kit`
//! every area uses (the context and the audited write, errors, lists,
//! validation, time, CSV).

/// A struct of query parameters (`?a&b`), the one way a list's or a
/// screen's query is declared: every field optional, read by
/// `extract::ApiQuery` (a bad value is a 422 naming the parameter) and by the
/// pages from the same address, and described in the OpenAPI document.
macro_rules! query_params {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty),*
        }
    };
}

pub mod booking;
pub mod clients;
pub mod kit;
pub mod people;
pub mod reminders;
pub mod reporting;
