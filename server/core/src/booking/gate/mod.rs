//! The gate of the appointments: every insert, update and delete of an
//! `appointments` or `appointment_series` row is written by this module and
//! nowhere else (`tests/http/gate.rs` checks it). Each write runs in one
//! [`Context::write`]: the staff members' rows locked, the schedule judged
//! (`schedule::check_bookings`: overlaps, working hours, time off and
//! buffers), the rows written, the e-mail reminders' outbox kept in step,
//! the audit entries recorded and, after the commit, one [`ChangeEvent`]
//! per appointment touched handed to [`Events`].
//!
//! No double booking: a write that leaves an appointment active FIRST
//! write-locks the staff member's row (`UPDATE users SET updated_at =
//! updated_at WHERE id = $staff`: on PostgreSQL a row lock held until
//! commit, on SQLite the database write lock, waited for on busy_timeout),
//! THEN asks the schedule, then writes. Two requests for one slot are
//! thereby serialised: the second sees the first's row and gets 409.
//!
//! The writers: `one` (an appointment: book, change, set its status,
//! delete), `series` (a series booked whole, or changed from one of its
//! occurrences on), `link` (the client's confirm or cancel through their
//! link) and `anonymise` (a client's appointments when their data is
//! erased).

mod anonymise;
mod link;
mod one;
mod series;

pub use anonymise::anonymise_appointments;
pub use link::reply;
pub use one::{Booked, book, change, delete, set_status};

use chrono::NaiveDate;
use serde::Serialize;
use tokio::sync::broadcast;

use crate::error::Result;
use crate::services::audit::Write;
use crate::services::{Actor, Context, reminders};
use entities::appointment;

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
    System,
}

/// One appointment a committed write touched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeEvent {
    pub appointment_id: i32,
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

fn place(cx: &Context, model: &appointment::Model) -> Place {
    Place { staff_id: model.staff_id, day: model.starts_at.with_timezone(&cx.tz).date_naive() }
}

fn author(cx: &Context) -> Author {
    match &cx.actor {
        Actor::User(user) => Author::User { id: user.id },
        Actor::Client { client_id } => Author::Client { id: *client_id },
        Actor::System => Author::System,
    }
}

/// An appointment just inserted or updated in `w`: its e-mail reminder
/// kept in step (moved → replaced; cancelled or done → withdrawn), in the
/// same transaction, and its event queued. `before` is the row as it was.
async fn written(cx: &Context, w: &mut Write, before: Option<&appointment::Model>, saved: &appointment::Model) -> Result<()> {
    reminders::on_saved(&w.txn, saved).await?;
    let now = place(cx, saved);
    let moved_from = before.map(|b| place(cx, b)).filter(|was| *was != now);
    w.events.push(ChangeEvent { appointment_id: saved.id, version: Some(saved.version), place: now, moved_from, author: author(cx) });
    Ok(())
}

/// Appointments just inserted together for one client (a series): their
/// reminders written at once, an event each.
async fn booked(cx: &Context, w: &mut Write, saved: &[appointment::Model]) -> Result<()> {
    reminders::on_booked(&w.txn, saved).await?;
    for model in saved {
        w.events.push(ChangeEvent { appointment_id: model.id, version: Some(model.version), place: place(cx, model), moved_from: None, author: author(cx) });
    }
    Ok(())
}

/// An appointment just deleted in `w` (its reminders go with it: the
/// foreign key cascades).
fn deleted(cx: &Context, w: &mut Write, model: &appointment::Model) {
    w.events.push(ChangeEvent { appointment_id: model.id, version: None, place: place(cx, model), moved_from: None, author: author(cx) });
}
