//! The waitlist's offers (docs/behaviour.md#the-waitlist): after every
//! change to the agenda this instance makes, the days it touched are
//! searched for times the clients waiting can take; every round (a
//! minute by default, and once at start) the coming weeks of every entry's
//! window are, so a time freed by another instance, an offer that lapsed
//! and one that an instance stopped before making are offered too. What is offered is in
//! the database (a hold), never only in memory: an instance that stops
//! loses no offer.

use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;

use crate::state::AppState;
use expediente_core::booking::waitlist::{self, Freed};
use expediente_core::kit::events::ChangeEvent;

/// The places an event says time may have come free at: none for a new
/// appointment (a booking or a series takes time, it frees none).
fn freed(event: &ChangeEvent) -> impl Iterator<Item = Freed> + '_ {
    let created = event.version == Some(1) && event.moved_from.is_none();
    std::iter::once(event.place).filter(move |_| !created).chain(event.moved_from).map(|p| Freed { staff_id: p.staff_id, day: p.day })
}

pub fn start(state: &AppState) {
    let cx = state.context(None);
    let mut events = state.events.subscribe();
    let every = Duration::from_secs(state.config.waitlist_round_seconds.max(1));
    tokio::spawn(async move {
        let mut next_round = Instant::now();
        loop {
            let places: Option<Vec<Freed>> = tokio::select! {
                () = tokio::time::sleep_until(next_round) => {
                    next_round = Instant::now() + every;
                    None
                }
                received = events.recv() => match received {
                    Ok(event) => {
                        let mut places: Vec<Freed> = freed(&event).collect();
                        while let Ok(more) = events.try_recv() {
                            places.extend(freed(&more));
                        }
                        if places.is_empty() {
                            continue;
                        }
                        places.sort_by_key(|p| (p.staff_id, p.day));
                        places.dedup();
                        Some(places)
                    }
                    // Fell behind: the whole round.
                    Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => return,
                },
            };
            if let Err(error) = waitlist::fill(&cx, places.as_deref()).await {
                tracing::warn!(%error, "waitlist: offering freed times failed");
            }
        }
    });
}
