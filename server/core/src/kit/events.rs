//! The change events of appointment writes: one per appointment a committed
//! write touched, queued by the gate (booking/gate) inside the write and
//! published by `Context::write` after its commit. The live agenda
//! (server/live.rs) and the tests subscribe to them.

use chrono::NaiveDate;
use serde::Serialize;
use tokio::sync::broadcast;

/// Where an appointment is on the agenda: whose column, which day (in the
/// business's time zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    pub staff_id: i32,
    pub day: NaiveDate,
}

/// Who made a change, as an event names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Author {
    User { id: i32 },
    Client { id: i32 },
    /// A client booking themselves on the public page.
    Online,
    System,
}

/// One appointment a committed write touched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeEvent {
    pub appointment_id: i32,
    /// Its client (whose record lists it).
    pub client_id: i32,
    /// Its version now; none once deleted.
    pub version: Option<i32>,
    /// Where it is now (where it was, once deleted).
    pub place: Place,
    /// Where it was before, when the write moved it to another day or
    /// another staff member.
    pub moved_from: Option<Place>,
    pub author: Author,
}

/// Most events a slow subscriber may fall behind by before it misses some
/// (and is told so by the channel).
const BACKLOG: usize = 1024;

/// The publisher of the change events: an in-process broadcast, which
/// anyone may subscribe to; events published with no subscriber are dropped.
#[derive(Debug, Clone)]
pub struct Events(broadcast::Sender<ChangeEvent>);

impl Default for Events {
    fn default() -> Self {
        Events(broadcast::channel(BACKLOG).0)
    }
}

impl Events {
    pub fn subscribe(&self) -> broadcast::Receiver<ChangeEvent> {
        self.0.subscribe()
    }

    pub(crate) fn publish(&self, events: Vec<ChangeEvent>) {
        for event in events {
            // An error only says nobody listens now.
            let _ = self.0.send(event);
        }
    }
}
