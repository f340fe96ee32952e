//! The sessions of the open live streams (`routes/events.rs`), checked
//! together: at each keep-alive tick one pair of reads for every stream
//! of this instance (`sessions::still_held`), not a read per stream, so
//! that idle streams cost the database one check a tick however many
//! there are. Each stream hears the verdict on its own channel, and sends
//! its keep-alive comment when it does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::watch;

use entities::user;
use expediente_core::kit::Context;
use expediente_core::people::sessions;

/// What a tick found of one stream's session.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// Not checked yet.
    Opened,
    /// It holds, for this user as they are now (a new role counts from now on).
    Holds(Arc<user::Model>),
    /// The database did not answer: the stream goes on, and is asked again next tick.
    Unknown,
    /// Signed out, expired, deactivated, or its password changed.
    Ended,
}

#[derive(Default)]
struct Registry {
    next: u64,
    watched: HashMap<u64, (String, watch::Sender<Verdict>)>,
}

/// The open streams' sessions (see the module's documentation).
#[derive(Clone, Default)]
pub struct StreamSessions(Arc<Mutex<Registry>>);

impl std::fmt::Debug for StreamSessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamSessions").field("watched", &lock(&self.0).watched.len()).finish()
    }
}

fn lock(registry: &Mutex<Registry>) -> MutexGuard<'_, Registry> {
    registry.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One stream's session while it is open: its verdicts, one a tick.
pub struct Watched {
    pub verdicts: watch::Receiver<Verdict>,
    id: u64,
    sessions: StreamSessions,
}

impl Drop for Watched {
    fn drop(&mut self) {
        lock(&self.sessions.0).watched.remove(&self.id);
    }
}

impl StreamSessions {
    /// Watches the session of `token` until the returned value is dropped.
    pub fn watch(&self, token: String) -> Watched {
        let (sender, verdicts) = watch::channel(Verdict::Opened);
        let mut registry = lock(&self.0);
        registry.next += 1;
        let id = registry.next;
        registry.watched.insert(id, (token, sender));
        Watched { verdicts, id, sessions: self.clone() }
    }

    /// Checks every watched session each `period`, for as long as the process runs.
    pub fn start(&self, cx: Context, period: Duration) {
        let sessions = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                sessions.check(&cx).await;
            }
        });
    }

    async fn check(&self, cx: &Context) {
        let watched: Vec<(u64, String)> = lock(&self.0).watched.iter().map(|(id, (token, _))| (*id, token.clone())).collect();
        if watched.is_empty() {
            return;
        }
        let tokens: Vec<&str> = watched.iter().map(|(_, token)| token.as_str()).collect();
        let verdicts: Vec<Verdict> = match sessions::still_held(cx, &tokens).await {
            Ok(users) => users.into_iter().map(|user| user.map_or(Verdict::Ended, |user| Verdict::Holds(Arc::new(user)))).collect(),
            Err(error) => {
                tracing::warn!(%error, "live streams: their sessions could not be checked");
                vec![Verdict::Unknown; watched.len()]
            }
        };
        let registry = lock(&self.0);
        for ((id, _), verdict) in watched.iter().zip(verdicts) {
            // A stream closed meanwhile is no longer there.
            if let Some((_, sender)) = registry.watched.get(id) {
                sender.send_replace(verdict);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_stream_is_no_longer_watched() {
        let sessions = StreamSessions::default();
        let first = sessions.watch("a".into());
        let _second = sessions.watch("b".into());
        assert_eq!(lock(&sessions.0).watched.len(), 2);
        drop(first);
        let registry = lock(&sessions.0);
        assert_eq!(registry.watched.values().map(|(token, _)| token.as_str()).collect::<Vec<_>>(), ["b"]);
    }
}
