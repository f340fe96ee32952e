use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::assets::Manifest;
use entities::user;
use expediente_core::kit::{Actor, Context, Site};
use expediente_core::people::auth::Keys;
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
    /// commit (`kit::events::Events`).
    pub events: expediente_core::kit::events::Events,
    /// The numbered feed of those changes (and, on PostgreSQL, the other
    /// instances'), which the live streams of `GET /api/events` read.
    pub live: crate::live::Live,
    /// The sessions of this instance's open live streams, checked together.
    pub stream_sessions: crate::stream_sessions::StreamSessions,
    /// The access log's writer of this database (`kit::read_log`): one
    /// task that writes the queued reads in batches.
    pub read_log: expediente_core::kit::read_log::ReadLog,
    /// The public pages' own few places (server/public/booking.rs).
    pub public_places: crate::public::booking::PublicPlaces,
    /// The API with this state, which pages read their data through
    /// (`reads.rs`); built once, at start. Its own copy of the state has
    /// none (the API never reads pages), so nothing holds itself.
    pub api: Option<axum::Router>,
}

impl AppState {
    /// The rules' context for a call by `user` (or, without one, by the
    /// server itself until someone signs in or a link names a client).
    pub fn context(&self, user: Option<user::Model>) -> Context {
        Context {
            db: self.db.clone(),
            tz: self.config.tz,
            keys: self.keys.clone(),
            actor: user.map_or(Actor::System, Actor::User),
            events: self.events.clone(),
            site: Arc::new(Site { public_base: self.config.public_base(), email_enabled: self.config.smtp_url.is_some() }),
            address: None,
            read_log: self.read_log.clone(),
        }
    }
}
