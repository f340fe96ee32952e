//! Who works here and how they get in: users, sessions, the sign-in
//! throttle, and the keys and password hashes under them.

pub mod auth;
pub mod sessions;
pub mod throttle;
pub mod users;
