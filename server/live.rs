//! The live agenda's feed: every appointment change, numbered, for the
//! streams of `GET /api/events` (`routes/events.rs`).
//!
//! The gate's [`Events`] broadcast is this instance's writes. [`Live`]
//! numbers each change it hears of (this instance's, and on PostgreSQL the
//! other instances' through LISTEN/NOTIFY), keeps the last [`RING`] of them
//! so that a stream that reconnects with `Last-Event-ID` gets what it
//! missed, and hands each to the open streams.
//!
//! The numbers start at the instance's start time in milliseconds times a
//! million, so they grow across restarts too: a `Last-Event-ID` of another
//! instance or of an earlier run of this one falls outside the ring, and
//! the stream is told to reload instead of resuming from the wrong place.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use expediente_core::kit::events::{Author, ChangeEvent, Events, Place};

/// Changes kept for streams that reconnect.
pub const RING: usize = 1000;
/// Most changes a stream may fall behind by before it is told to reload.
const BACKLOG: usize = 1024;
/// The PostgreSQL channel the instances tell each other their changes on.
pub const CHANNEL: &str = "expediente_events";

/// What a change did to its appointment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Created,
    Changed,
    Deleted,
}

/// Whose column and which day, as the stream names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Spot {
    pub staff_id: i32,
    pub day: NaiveDate,
}

/// Who made the change: `{"kind":"user","id":3}`, a client (through
/// their link), a client booking online (`{"kind":"online"}`), or the system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum By {
    User { id: i32 },
    Client { id: i32 },
    Online,
    System,
}

/// One change as a stream sends it (well under 200 bytes of JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub kind: Kind,
    pub appointment_id: i32,
    /// Its client, for those who may see the appointment (so that the
    /// client's record is read again); none for the others ([`Told`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<i32>,
    pub version: Option<i32>,
    pub staff_id: i32,
    pub day: NaiveDate,
    pub moved_from: Option<Spot>,
    pub author: By,
}

impl From<&ChangeEvent> for Change {
    fn from(event: &ChangeEvent) -> Change {
        let spot = |place: &Place| Spot { staff_id: place.staff_id, day: place.day };
        Change {
            // A new appointment's version is 1; every write adds one.
            kind: match event.version {
                None => Kind::Deleted,
                Some(1) => Kind::Created,
                Some(_) => Kind::Changed,
            },
            appointment_id: event.appointment_id,
            client_id: Some(event.client_id),
            version: event.version,
            staff_id: event.place.staff_id,
            day: event.place.day,
            moved_from: event.moved_from.as_ref().map(spot),
            author: match event.author {
                Author::User { id } => By::User { id },
                Author::Client { id } => By::Client { id },
                Author::Online => By::Online,
                Author::System => By::System,
            },
        }
    }
}

/// What a presence is on: an appointment's dialog, or a client's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Subject {
    Appointment,
    Client,
}

/// Someone has a record open to edit ("Ana está editando"): ephemeral,
/// neither numbered nor kept; the screens forget it 30 s after its last
/// renewal. It names the editor, never the record's content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Presence {
    pub subject: Subject,
    pub id: i32,
    /// The appointment's staff member (who may see it); none for a client.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub staff_id: Option<i32>,
    pub user_id: i32,
    /// The editor's first name (at most 40 characters).
    pub name: String,
    /// False once closed.
    pub active: bool,
}

/// A change as JSON, twice: whole for whoever may see its appointment, and
/// without its client for whoever sees that staff member's agenda only as
/// busy time (a Profissional, of the others': docs/permissions.md).
#[derive(Debug, PartialEq, Eq)]
pub struct Told {
    pub staff_id: i32,
    pub whole: String,
    pub busy: String,
}

impl Told {
    fn new(change: &Change) -> Told {
        let json = |change: &Change| serde_json::to_string(change).expect("a change serialises");
        Told { staff_id: change.staff_id, whole: json(change), busy: json(&Change { client_id: None, ..change.clone() }) }
    }
}

/// What a stream is handed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A change, by its number.
    Change { seq: u64, told: Arc<Told> },
    /// Someone opened or closed a record (for the streams that may see it).
    Presence(Arc<Presence>),
    /// Changes were lost on the way (this instance could not hear the
    /// others for a while): whatever the client shows must be read again.
    Reload { seq: u64 },
}

/// Where a stream starts.
#[derive(Debug)]
pub enum Start {
    /// From now on; `latest` is the number it is at.
    Fresh { latest: u64 },
    /// The changes after the `Last-Event-ID` given, still kept.
    Resume { missed: Vec<Item>, latest: u64 },
    /// The `Last-Event-ID` is not one this instance can resume from
    /// (not a number, too old, never sent): read everything again.
    Reload { latest: u64 },
}

struct Ring {
    /// The number of the last change (the start value before any).
    latest: u64,
    /// The last changes, oldest first, numbered `latest - len + 1 ..= latest`.
    kept: VecDeque<Arc<Told>>,
}

struct Inner {
    ring: Mutex<Ring>,
    streams: broadcast::Sender<Item>,
    /// This instance's presences, for the other instances (on PostgreSQL).
    presences: broadcast::Sender<Presence>,
    /// Open streams per client address.
    per_address: Mutex<HashMap<String, usize>>,
    /// This instance's name in its notifications, so it skips its own.
    origin: String,
    /// Set when the server stops: every stream ends, so that the graceful
    /// shutdown need not wait out its grace for them.
    closing: tokio::sync::watch::Sender<bool>,
}

/// The numbered feed of changes (see the module's documentation).
#[derive(Clone)]
pub struct Live(Arc<Inner>);

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").field("origin", &self.0.origin).finish()
    }
}

impl Default for Live {
    fn default() -> Live {
        let start = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
        Live(Arc::new(Inner {
            ring: Mutex::new(Ring { latest: start.saturating_mul(1_000_000), kept: VecDeque::with_capacity(RING) }),
            streams: broadcast::channel(BACKLOG).0,
            presences: broadcast::channel(64).0,
            per_address: Mutex::default(),
            origin: uuid::Uuid::new_v4().simple().to_string(),
            closing: tokio::sync::watch::channel(false).0,
        }))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Live {
    /// Numbers `change`, keeps it and hands it to the open streams.
    pub fn push(&self, change: &Change) {
        let told = Arc::new(Told::new(change));
        let mut ring = lock(&self.0.ring);
        ring.latest += 1;
        if ring.kept.len() == RING {
            ring.kept.pop_front();
        }
        ring.kept.push_back(told.clone());
        // Sent under the lock: a stream that opens meanwhile gets it either
        // in its missed changes or from the channel, never both or neither.
        let _ = self.0.streams.send(Item::Change { seq: ring.latest, told });
    }

    /// Tells the open streams (and the other instances') that someone
    /// opened or closed a record.
    pub fn presence(&self, presence: Presence) {
        let _ = self.0.presences.send(presence.clone());
        let _ = self.0.streams.send(Item::Presence(Arc::new(presence)));
    }

    /// Changes may have been lost: every stream is told to reload, and none
    /// resumes from before now.
    pub fn reload_all(&self) {
        let mut ring = lock(&self.0.ring);
        ring.kept.clear();
        let _ = self.0.streams.send(Item::Reload { seq: ring.latest });
    }

    /// Ends every open stream (the server is stopping; the browsers
    /// reconnect to whichever instance serves next).
    pub fn close(&self) {
        self.0.closing.send_replace(true);
    }

    /// Resolves once [`Live::close`] has been called.
    pub fn closed(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut closing = self.0.closing.subscribe();
        async move {
            let _ = closing.wait_for(|closed| *closed).await;
        }
    }

    /// A stream's start after `last_event_id` (the header as sent, if any),
    /// and the channel of what follows.
    pub fn open(&self, last_event_id: Option<&str>) -> (Start, broadcast::Receiver<Item>) {
        let ring = lock(&self.0.ring);
        let receiver = self.0.streams.subscribe();
        let latest = ring.latest;
        let Some(text) = last_event_id else {
            return (Start::Fresh { latest }, receiver);
        };
        let oldest = latest - ring.kept.len() as u64;
        let start = match text.trim().parse::<u64>() {
            Ok(last) if (oldest..=latest).contains(&last) => {
                let skip = (last - oldest) as usize;
                let missed = ring
                    .kept
                    .iter()
                    .enumerate()
                    .skip(skip)
                    .map(|(i, told)| Item::Change { seq: oldest + 1 + i as u64, told: told.clone() })
                    .collect();
                Start::Resume { missed, latest }
            }
            _ => Start::Reload { latest },
        };
        (start, receiver)
    }

    /// A stream from `address`, unless it already holds `max`; the slot is
    /// given back when dropped.
    pub fn take_slot(&self, address: String, max: usize) -> Option<StreamSlot> {
        let mut held = lock(&self.0.per_address);
        let count = held.entry(address.clone()).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(StreamSlot { live: self.clone(), address })
    }

    /// Hears this instance's changes from the gate.
    pub fn follow(&self, events: &Events) {
        let live = self.clone();
        let mut heard = events.subscribe();
        tokio::spawn(async move {
            loop {
                match heard.recv().await {
                    Ok(event) => live.push(&Change::from(&event)),
                    Err(broadcast::error::RecvError::Lagged(_)) => live.reload_all(),
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
    }

    /// On PostgreSQL: tells the other instances this one's changes
    /// (NOTIFY, in the order they were made) and hears theirs (LISTEN).
    /// While the listening connection is lost, changes may be missed: the
    /// streams are told to reload once it is back.
    pub fn bridge(&self, db: &sea_orm::DatabaseConnection, events: &Events) {
        use sea_orm::{ConnectionTrait, Statement};
        let backend = db.get_database_backend();
        if backend != sea_orm::DatabaseBackend::Postgres {
            return;
        }
        let origin = self.0.origin.clone();
        let mut heard = events.subscribe();
        let mut presences = self.0.presences.subscribe();
        let db_out = db.clone();
        tokio::spawn(async move {
            let note = |change: Option<Change>, presence: Option<Presence>| {
                serde_json::to_string(&Note { origin: origin.clone(), change, presence }).expect("a note serialises")
            };
            loop {
                let notes = tokio::select! {
                    event = heard.recv() => match event {
                        Ok(event) => {
                            // A write's events come together (a series of 104 makes
                            // 104): told in one statement, not one round trip each.
                            let mut notes = vec![note(Some(Change::from(&event)), None)];
                            while let Ok(more) = heard.try_recv() {
                                notes.push(note(Some(Change::from(&more)), None));
                            }
                            notes
                        }
                        Err(broadcast::error::RecvError::Lagged(missed)) => {
                            tracing::warn!(missed, "live events: changes not told to the other instances");
                            continue;
                        }
                        Err(broadcast::error::RecvError::Closed) => break,
                    },
                    presence = presences.recv() => match presence {
                        Ok(presence) => vec![note(None, Some(presence))],
                        // Ephemeral: one lost is renewed within 15 s.
                        Err(_) => continue,
                    },
                };
                let notify = Statement::from_sql_and_values(
                    backend,
                    "SELECT pg_notify($1, note) FROM json_array_elements_text($2::json) WITH ORDINALITY AS notes(note, n) ORDER BY n",
                    [CHANNEL.into(), serde_json::to_string(&notes).expect("notes serialise").into()],
                );
                if let Err(error) = db_out.execute_raw(notify).await {
                    tracing::warn!(%error, "live events: NOTIFY failed");
                }
            }
        });
        let live = self.clone();
        let pool = db.get_postgres_connection_pool().clone();
        tokio::spawn(async move {
            use sea_orm::sqlx::postgres::PgListener;
            // A listener, once one can be had (none: the server is stopping).
            let listen = async || loop {
                match PgListener::connect_with(&pool).await {
                    Ok(mut listener) => match listener.listen(CHANNEL).await {
                        Ok(()) => return Some(listener),
                        Err(error) => tracing::warn!(%error, "live events: LISTEN failed"),
                    },
                    Err(error) if listener_closed(&error) => return None,
                    Err(error) => tracing::warn!(%error, "live events: no connection to listen on"),
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            };
            let Some(mut listener) = listen().await else { return };
            loop {
                match listener.try_recv().await {
                    Ok(Some(notification)) => match serde_json::from_str::<Note>(notification.payload()) {
                        Ok(note) if note.origin != live.0.origin => {
                            if let Some(change) = &note.change {
                                live.push(change);
                            }
                            if let Some(presence) = note.presence {
                                let _ = live.0.streams.send(Item::Presence(Arc::new(presence)));
                            }
                        }
                        Ok(_) => {}
                        Err(error) => tracing::warn!(%error, "live events: a notification that is not a change"),
                    },
                    // The connection was lost, and is made again already
                    // (sqlx connects and LISTENs again before it answers).
                    Ok(None) => live.reload_all(),
                    Err(error) if listener_closed(&error) => break,
                    // Lost and not made again (the database is out of reach):
                    // one reload once a new listener LISTENs, not one at each
                    // try meanwhile (a reload told while nothing listens is
                    // followed by changes that no stream hears).
                    Err(error) => {
                        tracing::warn!(%error, "live events: listening failed");
                        drop(listener);
                        let Some(again) = listen().await else { break };
                        listener = again;
                        live.reload_all();
                    }
                }
            }
        });
    }
}

/// True when the pool is closed for good (the server is stopping).
fn listener_closed(error: &sea_orm::sqlx::Error) -> bool {
    matches!(error, sea_orm::sqlx::Error::PoolClosed)
}

/// A change, or a presence, as one instance tells the others.
#[derive(Serialize, Deserialize)]
struct Note {
    #[serde(rename = "o")]
    origin: String,
    #[serde(rename = "c", default, skip_serializing_if = "Option::is_none")]
    change: Option<Change>,
    #[serde(rename = "p", default, skip_serializing_if = "Option::is_none")]
    presence: Option<Presence>,
}

/// One open stream counted for its address.
pub struct StreamSlot {
    live: Live,
    address: String,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut held = lock(&self.live.0.per_address);
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(id: i32, version: Option<i32>) -> Change {
        Change {
            kind: Kind::Changed,
            appointment_id: id,
            client_id: Some(2_000_000_000),
            version,
            staff_id: 7,
            day: NaiveDate::from_ymd_opt(2054, 3, 2).unwrap(),
            moved_from: Some(Spot { staff_id: 8, day: NaiveDate::from_ymd_opt(2054, 3, 1).unwrap() }),
            author: By::User { id: 123456 },
        }
    }

    fn seqs(items: &[Item]) -> Vec<u64> {
        items.iter().map(|item| match item {
            Item::Change { seq, .. } | Item::Reload { seq } => *seq,
            Item::Presence(_) => 0,
        }).collect()
    }

    #[test]
    fn a_change_is_small() {
        // Ids of ten digits, a version of six (a million writes of one appointment).
        let json = serde_json::to_string(&change(2_000_000_000, Some(999_999))).unwrap();
        assert!(json.len() < 200, "{} bytes: {json}", json.len());
        assert!(json.contains(r#""movedFrom":{"staffId":8,"day":"2054-03-01"}"#), "{json}");
        assert!(json.contains(r#""author":{"kind":"user","id":123456}"#), "{json}");
    }

    #[test]
    fn the_busy_version_names_no_client() {
        let told = Told::new(&change(5, Some(2)));
        assert!(told.whole.contains(r#""clientId":2000000000"#), "{}", told.whole);
        assert!(!told.busy.contains("client"), "{}", told.busy);
        assert_eq!(told.busy, told.whole.replace(r#""clientId":2000000000,"#, ""));
    }

    #[test]
    fn a_presence_is_small() {
        let presence = Presence { subject: Subject::Appointment, id: 2_000_000_000, staff_id: Some(2_000_000_000), user_id: 2_000_000_000, name: "M".repeat(40), active: true };
        let json = serde_json::to_string(&presence).unwrap();
        assert!(json.len() < 200, "{} bytes: {json}", json.len());
    }

    #[test]
    fn resuming_gives_what_was_missed_and_nothing_else() {
        let live = Live::default();
        let (Start::Fresh { latest: start }, _) = live.open(None) else { panic!("a fresh start") };
        for id in 1..=5 {
            live.push(&change(id, Some(1)));
        }
        let (Start::Resume { missed, latest }, _) = live.open(Some(&(start + 2).to_string())) else { panic!("a resume") };
        assert_eq!(seqs(&missed), vec![start + 3, start + 4, start + 5]);
        assert_eq!(latest, start + 5);
        let (Start::Resume { missed, .. }, _) = live.open(Some(&(start + 5).to_string())) else { panic!("a resume") };
        assert!(missed.is_empty());
        let (Start::Resume { missed, .. }, _) = live.open(Some(&format!(" {start} "))) else { panic!("a resume") };
        assert_eq!(missed.len(), 5);
    }

    #[test]
    fn what_cannot_be_resumed_reloads() {
        let live = Live::default();
        let (Start::Fresh { latest: start }, _) = live.open(None) else { panic!() };
        for id in 0..(RING as i32 + 10) {
            live.push(&change(id, Some(2)));
        }
        let latest = start + RING as u64 + 10;
        for id in ["", "abc", "-1", "1.5", "99999999999999999999999", &(start + 9).to_string(), &(latest + 1).to_string(), "0"] {
            assert!(matches!(live.open(Some(id)).0, Start::Reload { latest: l } if l == latest), "{id:?}");
        }
        assert!(matches!(live.open(Some(&(start + 10).to_string())).0, Start::Resume { ref missed, .. } if missed.len() == RING));
        // After a loss nothing earlier resumes.
        live.reload_all();
        assert!(matches!(live.open(Some(&(latest - 1).to_string())).0, Start::Reload { .. }));
        assert!(matches!(live.open(Some(&latest.to_string())).0, Start::Resume { ref missed, .. } if missed.is_empty()));
    }

    #[tokio::test]
    async fn a_stream_hears_each_change_once() {
        let live = Live::default();
        live.push(&change(1, Some(1)));
        let (Start::Fresh { latest }, mut receiver) = live.open(None) else { panic!() };
        live.push(&change(2, Some(1)));
        assert!(matches!(receiver.recv().await.unwrap(), Item::Change { seq, .. } if seq == latest + 1));
        assert!(receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn closing_ends_the_streams() {
        let live = Live::default();
        let closed = live.closed();
        live.close();
        tokio::time::timeout(std::time::Duration::from_secs(1), closed).await.expect("closed");
        tokio::time::timeout(std::time::Duration::from_secs(1), live.closed()).await.expect("closed for later streams too");
    }

    #[test]
    fn slots_are_bounded_per_address() {
        let live = Live::default();
        let a = live.take_slot("a".into(), 2).unwrap();
        let _b = live.take_slot("a".into(), 2).unwrap();
        assert!(live.take_slot("a".into(), 2).is_none());
        assert!(live.take_slot("b".into(), 2).is_some());
        drop(a);
        assert!(live.take_slot("a".into(), 2).is_some());
    }
}
