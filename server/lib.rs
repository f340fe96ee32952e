//! Expediente: the staff back office of a scheduling business, in one binary.
//! axum serves the JSON API and the pages, which `ssr` renders with React
//! inside an embedded JavaScript engine; SeaORM keeps the data.

pub mod app;
pub mod assets;
pub mod auth;
pub mod client_page;
pub mod cli;
pub mod compression;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod health;
pub mod http;
pub mod layout;
pub mod memory;
pub mod middleware;
pub mod pages;
pub mod reads;
pub mod routes;
pub mod services;
pub mod state;
pub mod time;
