//! Expediente: the staff back office of a scheduling business, in one binary.
//! axum serves the JSON API and the pages, which `ssr` renders with React
//! inside an embedded JavaScript engine; SeaORM keeps the data. The rules
//! live in their own crate, expediente_core, which knows no HTTP.

pub mod app;
pub mod assets;
pub mod cli;
pub mod compression;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod health;
pub mod http;
pub mod jobs;
pub mod layout;
pub mod live;
pub mod memory;
pub mod middleware;
pub mod pages;
pub mod public;
pub mod reads;
pub mod routes;
pub mod state;
pub mod stream_sessions;
