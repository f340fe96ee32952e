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
//! link), `online` (a client's own booking on the public page, and the
//! hold on its time before it), `waitlist` (a freed time offered to a
//! client waiting for one, and their claim of it), `anonymise` (a client's appointments when
//! their data is erased) and `merge` (a client's appointments and series
//! given to the record they are merged into).

mod anonymise;
mod link;
mod merge;
mod one;
mod online;
mod series;
mod waitlist;

pub use anonymise::anonymise_appointments;
pub use link::reply;
pub use merge::{Merging, merge_appointments};
pub use one::{Booked, book, change, delete, set_status};
pub use online::{HoldRequest, OnlineBooked, Refusal, book_online, hold};
pub use waitlist::{Claimed, OfferRefusal, claim, decline, offer, withdraw_offer};

use crate::kit::error::Result;
use crate::kit::audit::Write;
use crate::kit::events::{Author, ChangeEvent, Place};
use crate::kit::{Actor, Context};
use crate::reminders;
use entities::appointment;

fn place(cx: &Context, model: &appointment::Model) -> Place {
    Place { staff_id: model.staff_id, day: model.starts_at.with_timezone(&cx.tz).date_naive() }
}

fn author(cx: &Context) -> Author {
    match &cx.actor {
        Actor::User(user) => Author::User { id: user.id },
        Actor::Client { client_id } => Author::Client { id: *client_id },
        Actor::Online => Author::Online,
        Actor::System => Author::System,
    }
}

/// An appointment just inserted or updated in `w`: its e-mail reminder
/// kept in step (moved → replaced; cancelled or done → withdrawn), in the
/// same transaction, and its event queued. `before` is the row as it was.
/// A staff member's cancel or move is told to the client (`notices`).
async fn written(cx: &Context, w: &mut Write, before: Option<&appointment::Model>, saved: &appointment::Model) -> Result<()> {
    reminders::on_saved(&w.txn, saved).await?;
    if let Some(before) = before {
        reminders::notices::on_changed(&w.txn, by_business(cx), before, Some(saved)).await?;
    }
    announced(cx, w, before, saved);
    Ok(())
}

/// A change by a staff member, which the client is told of; not the
/// client's own (their link, the public page) nor the server's.
fn by_business(cx: &Context) -> bool {
    matches!(cx.actor, Actor::User(_))
}

/// An appointment about to be deleted in `w`: its cancellation told to
/// the client (the notice outlives it) and its reminders withdrawn.
async fn deleting(cx: &Context, w: &mut Write, model: &appointment::Model) -> Result<()> {
    reminders::notices::on_changed(&w.txn, by_business(cx), model, None).await?;
    reminders::on_deleting(&w.txn, model.id).await
}

/// The event of an appointment just updated in `w`, queued (`written`
/// without the reminder, for a writer that keeps it in step itself).
fn announced(cx: &Context, w: &mut Write, before: Option<&appointment::Model>, saved: &appointment::Model) {
    let moved_from = before.map(|b| place(cx, b)).filter(|was| *was != place(cx, saved));
    w.events.push(event_of(cx, saved, Some(saved.version), moved_from));
}

/// The event of `model` as written (`version` none once deleted).
fn event_of(cx: &Context, model: &appointment::Model, version: Option<i32>, moved_from: Option<Place>) -> ChangeEvent {
    ChangeEvent { appointment_id: model.id, client_id: model.client_id, version, place: place(cx, model), moved_from, author: author(cx) }
}

/// Appointments just inserted together for one client (a series): their
/// reminders written at once, an event each.
async fn booked(cx: &Context, w: &mut Write, saved: &[appointment::Model]) -> Result<()> {
    reminders::on_booked(&w.txn, saved).await?;
    for model in saved {
        w.events.push(event_of(cx, model, Some(model.version), None));
    }
    Ok(())
}

/// An appointment just deleted in `w` (after `deleting`).
fn deleted(cx: &Context, w: &mut Write, model: &appointment::Model) {
    w.events.push(event_of(cx, model, None, None));
}
