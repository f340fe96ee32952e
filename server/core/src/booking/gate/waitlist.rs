//! The waitlist's writes (booking/waitlist.rs): a free time offered to an
//! entry ([`offer`]: a hold that names it), the client's answer through
//! the offer's link ([`claim`] books it, [`decline`] passes it on), and
//! the front desk taking an offer back ([`withdraw_offer`]). An offer is
//! judged under the staff member's row lock like every booking, and its
//! claim locks the hold's row first, so one offer books once, across
//! instances.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::online::{appointment_of, booking_of, held_time, judge, new_hold};
use super::written;
use crate::booking::appointments;
use crate::booking::catalogue::{self, ServiceView};
use crate::booking::online::FreeTime;
use crate::booking::waitlist::live_offers;
use crate::kit::audit::{AuditEntity, Change};
use crate::kit::error::Result;
use crate::kit::time::Span;
use crate::kit::{Actor, Context};
use entities::appointment::{self, AppointmentStatus, Channel};
use entities::reminder::NoticeDetails;
use entities::{booking_hold, waitlist_entry};

/// What the hold of an offer's `address` says (holds of the public page
/// keep their visitor's address there, for its per-address limits).
const OFFER_ADDRESS: &str = "lista-de-espera";

/// Holds `time` for `entry` until `expires_at`, when the entry still waits
/// with no live offer and the time is still free. None otherwise (another
/// instance offered first, or the time was taken meanwhile).
pub async fn offer(
    cx: &Context,
    entry: &waitlist_entry::Model,
    service: &ServiceView,
    time: &FreeTime,
    expires_at: DateTime<Utc>,
) -> Result<Option<booking_hold::Model>> {
    let tz = cx.tz;
    let ends_at = time.starts_at + Duration::minutes(i64::from(service.duration_minutes));
    let span = Span { start: time.starts_at, end: ends_at };
    let booking = booking_of(time.staff_id, span, service.buffer_before_minutes, service.buffer_after_minutes);
    let cx = &cx.acting_as(Actor::System);
    cx.write(async |w| {
        // The entry's row first: two instances filling at once offer it once.
        let locked = waitlist_entry::Entity::update_many()
            .col_expr(waitlist_entry::Column::Id, Expr::col(waitlist_entry::Column::Id))
            .filter(waitlist_entry::Column::Id.eq(entry.id))
            .filter(waitlist_entry::Column::AppointmentId.is_null())
            .exec(&w.txn)
            .await?;
        if locked.rows_affected == 0 || !live_offers(&w.txn, &[entry.id]).await?.is_empty() {
            return Ok(None);
        }
        if judge(&w.txn, &booking, tz).await?.is_some() {
            return Ok(None);
        }
        let hold = new_hold(time.staff_id, service, span, expires_at, OFFER_ADDRESS, Some(entry.id));
        let hold = hold.insert(&w.txn).await?;
        // Told by e-mail through the reminders' outbox, with the write.
        let offer = NoticeDetails {
            service: service.name.clone(),
            staff: time.staff_name.clone(),
            from: hold.starts_at,
            link: Some(crate::booking::waitlist::offer_link(cx, &hold)),
            until: Some(hold.expires_at),
        };
        crate::reminders::notices::offer_by_email(&w.txn, entry.client_id, &offer).await?;
        w.audit(AuditEntity::Waitlist, entry.id, "offer", serde_json::json!({
            "offer": { "old": null, "new": { "startsAt": crate::kit::time::to_local_rfc3339(hold.starts_at, tz), "staffId": hold.staff_id,
                "expiresAt": crate::kit::time::to_local_rfc3339(hold.expires_at, tz) } }
        }));
        Ok(Some(hold))
    })
    .await
}

/// Why an offer's page could not book it (each its own page).
#[derive(Debug, Clone, PartialEq)]
pub enum OfferRefusal {
    /// No such offer (a forged or altered link).
    Unknown,
    /// Its time to answer is over (or it was answered "Não posso", or taken back).
    Lapsed { expired_at: DateTime<Utc> },
    /// The time is no longer free (the service is no longer offered, say).
    Taken,
}

/// An offer booked (or found booked: a second claim).
#[derive(Debug, Clone)]
pub struct Claimed {
    pub appointment: appointment::Model,
    /// The client's confirm/cancel link of the appointment (`/c/{token}`).
    pub link: String,
    pub replayed: bool,
}

/// The hold of `token` locked (a write: SQLite's lock, PostgreSQL's row
/// lock), when it is an offer.
async fn locked_offer(txn: &sea_orm::DatabaseTransaction, token: &str) -> Result<Option<booking_hold::Model>> {
    let locked = booking_hold::Entity::update_many()
        .col_expr(booking_hold::Column::Token, Expr::col(booking_hold::Column::Token))
        .filter(booking_hold::Column::Token.eq(token))
        .filter(booking_hold::Column::WaitlistEntryId.is_not_null())
        .exec(txn)
        .await?;
    if locked.rows_affected == 0 {
        return Ok(None);
    }
    Ok(booking_hold::Entity::find().filter(booking_hold::Column::Token.eq(token)).one(txn).await?)
}

/// The client of the offer `token`, when it is one.
async fn offer_client(db: &impl sea_orm::ConnectionTrait, token: &str) -> Result<Option<i32>> {
    let Some(hold) = booking_hold::Entity::find().filter(booking_hold::Column::Token.eq(token)).one(db).await? else { return Ok(None) };
    let Some(entry_id) = hold.waitlist_entry_id else { return Ok(None) };
    Ok(waitlist_entry::Entity::find_by_id(entry_id).one(db).await?.map(|e| e.client_id))
}

/// "Quero este horário": books the offered time for the entry's client,
/// while the offer is theirs.
pub async fn claim(cx: &Context, token: &str) -> Result<std::result::Result<Claimed, OfferRefusal>> {
    let (tz, now) = (cx.tz, Utc::now());
    // Whose offer it is, before the write: the client acts (the history's author).
    let Some(client_id) = offer_client(&cx.db, token).await? else { return Ok(Err(OfferRefusal::Unknown)) };
    let cx = &cx.acting_as(Actor::Client { client_id });
    cx.write(async |w| {
        let Some(held) = locked_offer(&w.txn, token).await? else { return Ok(Err(OfferRefusal::Unknown)) };
        let Some(entry) = waitlist_entry::Entity::find_by_id(held.waitlist_entry_id.unwrap_or_default()).one(&w.txn).await? else {
            return Ok(Err(OfferRefusal::Unknown));
        };
        if let Some(id) = held.appointment_id {
            let Some(appointment) = appointment::Entity::find_by_id(id).one(&w.txn).await? else { return Ok(Err(OfferRefusal::Unknown)) };
            let link = crate::reminders::link(cx, &appointment);
            return Ok(Ok(Claimed { appointment, link, replayed: true }));
        }
        if held.expires_at <= now || entry.appointment_id.is_some() {
            return Ok(Err(OfferRefusal::Lapsed { expired_at: held.expires_at }));
        }
        let Ok(service) = catalogue::one(&w.txn, held.service_id, tz).await else { return Ok(Err(OfferRefusal::Taken)) };
        if !service.active {
            return Ok(Err(OfferRefusal::Taken));
        }
        // The hold no longer holds (it would clash with its own booking).
        booking_hold::ActiveModel { id: Set(held.id), expires_at: Set(now), ..Default::default() }.update(&w.txn).await?;
        if judge(&w.txn, &held_time(&held), tz).await?.is_some() {
            return Ok(Err(OfferRefusal::Taken));
        }
        // The client chose it themselves: confirmed.
        let notes = Some("Horário da lista de espera.".to_string());
        let model = appointment_of(&held, entry.client_id, &service, AppointmentStatus::Confirmado, Channel::Balcao, notes, now);
        let saved = model.insert(&w.txn).await?;
        written(cx, w, None, &saved).await?;
        w.audit_change("create", Change::Created(appointments::view(&w.txn, saved.clone(), tz).await?));
        booking_hold::ActiveModel { id: Set(held.id), appointment_id: Set(Some(saved.id)), ..Default::default() }.update(&w.txn).await?;
        waitlist_entry::ActiveModel { id: Set(entry.id), appointment_id: Set(Some(saved.id)), updated_at: Set(now), ..Default::default() }
            .update(&w.txn)
            .await?;
        w.audit(AuditEntity::Waitlist, entry.id, "claim", serde_json::json!({ "appointmentId": { "old": null, "new": saved.id } }));
        let link = crate::reminders::link(cx, &saved);
        Ok(Ok(Claimed { appointment: saved, link, replayed: false }))
    })
    .await
}

/// "Não posso": the offer ends now (its time is for the next in line,
/// never this entry again). The hold as it ended, or why it could not.
pub async fn decline(cx: &Context, token: &str) -> Result<std::result::Result<booking_hold::Model, OfferRefusal>> {
    let now = Utc::now();
    let Some(client_id) = offer_client(&cx.db, token).await? else { return Ok(Err(OfferRefusal::Unknown)) };
    let cx = &cx.acting_as(Actor::Client { client_id });
    cx.write(async |w| {
        let Some(held) = locked_offer(&w.txn, token).await? else { return Ok(Err(OfferRefusal::Unknown)) };
        if held.appointment_id.is_some() || held.expires_at <= now {
            return Ok(Err(OfferRefusal::Lapsed { expired_at: held.expires_at }));
        }
        booking_hold::ActiveModel { id: Set(held.id), expires_at: Set(now), ..Default::default() }.update(&w.txn).await?;
        let entry_id = held.waitlist_entry_id.unwrap_or_default();
        w.audit(AuditEntity::Waitlist, entry_id, "decline", serde_json::json!({ "offer": { "old": "aberta", "new": "recusada" } }));
        Ok(Ok(held))
    })
    .await
}

/// The front desk takes back the live offer of entry `id`: the hold that
/// was, if there was one.
pub async fn withdraw_offer(cx: &Context, id: i32) -> Result<Option<booking_hold::Model>> {
    let now = Utc::now();
    cx.write(async |w| {
        let Some(live) = live_offers(&w.txn, &[id]).await?.pop() else { return Ok(None) };
        let withdrawn = booking_hold::ActiveModel { id: Set(live.id), expires_at: Set(now), ..Default::default() }.update(&w.txn).await?;
        w.audit(AuditEntity::Waitlist, id, "withdraw", serde_json::json!({ "offer": { "old": "aberta", "new": "retirada" } }));
        Ok(Some(withdrawn))
    })
    .await
}
