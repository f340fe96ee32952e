use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::assets::Manifest;
use crate::auth::Keys;
use crate::config::Config;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    /// `None` when pages are rendered only in the browser (`EXPEDIENTE_SSR=off`).
    pub ssr: Option<ssr::Pool>,
    pub config: Arc<Config>,
    pub keys: Arc<Keys>,
    pub manifest: Arc<Manifest>,
    /// Writes failing for lack of space, for `/readyz`.
    pub writes: Arc<crate::db::WriteHealth>,
    /// Where every appointment write announces what it changed, after its
    /// commit (`booking::Events`).
    pub events: crate::services::booking::Events,
    /// The numbered feed of those changes (and, on PostgreSQL, the other
    /// instances'), which the live streams of `GET /api/events` read.
    pub live: crate::services::live::Live,
    /// The API with this state, which pages read their data through
    /// (`reads.rs`); built once, at start. Its own copy of the state has
    /// none (the API never reads pages), so nothing holds itself.
    pub api: Option<axum::Router>,
}
