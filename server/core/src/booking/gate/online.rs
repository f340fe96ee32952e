//! A client books themselves on the public page (`/agendar`), in two
//! writes: choosing a time holds it ([`hold`]: for
//! [`online::HOLD_MINUTES`], nobody else is offered it and no one books
//! over it), and their details turn the hold into the appointment
//! ([`book_online`]). Both judge the time under the staff member's row
//! lock, as every booking does, so two visitors (or a visitor and the
//! front desk) never get one time, across instances.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, JoinType, PaginatorTrait, QueryFilter, QuerySelect, RelationTrait, Set};

use super::written;
use crate::booking::appointments;
use crate::booking::catalogue::ServiceView;
use crate::booking::online::{self, Contact, MAX_FUTURE_PER_NUMBER, MAX_HOLDS_PER_ADDRESS, Offer, same_name};
use crate::booking::schedule::{self, Booking};
use crate::clients::{self, ClientView};
use crate::kit::audit::Change;
use crate::kit::error::{AppError, Result};
use crate::kit::time::Span;
use crate::kit::{Actor, Context};
use entities::appointment::{self, AppointmentStatus, Channel};
use entities::{booking_hold, client};

/// Why the page could not do what the visitor asked (each its own page).
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Online booking is off.
    Closed,
    /// Not a service offered online now.
    UnknownService,
    /// Not someone who offers that service.
    UnknownStaff,
    /// Before the shortest notice, past the farthest day, or in the past.
    OutOfRange,
    /// Not free any more (booked or held by someone else, or off hours).
    Taken,
    /// This address holds too many times already.
    TooManyHolds,
    /// No such hold (a forged or very old form).
    UnknownHold,
    /// This number already has the most future online bookings.
    TooManyBookings,
}

/// A time a visitor chose.
#[derive(Debug, Clone)]
pub struct HoldRequest {
    pub service_id: i32,
    pub staff_id: i32,
    pub starts_at: DateTime<Utc>,
    /// The visitor's address (the per-address limit).
    pub address: String,
}

/// Holds `request`'s time for its visitor, when it is free and offered.
pub async fn hold(cx: &Context, request: HoldRequest) -> Result<std::result::Result<booking_hold::Model, Refusal>> {
    let (tz, now) = (cx.tz, Utc::now());
    let offer = Offer::read(&cx.db, tz).await?;
    if !offer.settings.enabled {
        return Ok(Err(Refusal::Closed));
    }
    let Some(service) = offer.service(request.service_id).cloned() else { return Ok(Err(Refusal::UnknownService)) };
    if !online::staff_of(&cx.db, &service).await?.iter().any(|s| s.id == request.staff_id) {
        return Ok(Err(Refusal::UnknownStaff));
    }
    if !offer.allows(request.starts_at, now, tz) {
        return Ok(Err(Refusal::OutOfRange));
    }
    let ends_at = request.starts_at + Duration::minutes(i64::from(service.duration_minutes));
    let time = Span { start: request.starts_at, end: ends_at };
    let booking = booking_of(request.staff_id, time, service.buffer_before_minutes, service.buffer_after_minutes);
    cx.write(async |w| {
        // Holds that lapsed a day ago are of no use, not even to a replayed form.
        // (An offer of the waitlist is kept until its time: never offered twice.)
        booking_hold::Entity::delete_many()
            .filter(booking_hold::Column::ExpiresAt.lt(now - Duration::days(1)))
            .filter(Condition::any().add(booking_hold::Column::WaitlistEntryId.is_null()).add(booking_hold::Column::StartsAt.lt(now)))
            .exec(&w.txn)
            .await?;
        let live = booking_hold::Entity::find()
            .filter(booking_hold::Column::Address.eq(request.address.as_str()))
            .filter(booking_hold::Column::ExpiresAt.gt(now))
            .filter(booking_hold::Column::AppointmentId.is_null())
            .count(&w.txn)
            .await?;
        if live >= MAX_HOLDS_PER_ADDRESS {
            return Ok(Err(Refusal::TooManyHolds));
        }
        if let Some(refusal) = judge(&w.txn, &booking, tz).await? {
            return Ok(Err(refusal));
        }
        let hold = new_hold(request.staff_id, &service, time, now + Duration::minutes(online::HOLD_MINUTES), &request.address, None);
        Ok(Ok(hold.insert(&w.txn).await?))
    })
    .await
}

/// The schedule's judgement of a time, as the page's refusal: any clash
/// or rule is "not free any more".
pub(super) async fn judge(txn: &impl sea_orm::ConnectionTrait, booking: &Booking, tz: chrono_tz::Tz) -> Result<Option<Refusal>> {
    match schedule::check_booking(txn, booking, tz).await {
        Ok(()) => Ok(None),
        Err(AppError::Clash { .. } | AppError::Conflict(_) | AppError::OffSchedule { .. } | AppError::NotFound(_)) => Ok(Some(Refusal::Taken)),
        Err(other) => Err(other),
    }
}

/// A booking done (or found done: a replayed form).
#[derive(Debug, Clone)]
pub struct OnlineBooked {
    pub appointment: appointment::Model,
    /// The client's confirm/cancel link (`/c/{token}`).
    pub link: String,
    /// The form had been sent before: nothing new was booked.
    pub replayed: bool,
}

/// What the appointment's notes say when the number is a client's whose
/// name is not the one typed.
fn mismatch_note(typed: &str) -> String {
    format!("Agendado pela internet com o nome \"{typed}\", diferente do cadastro: confira com o cliente.")
}

/// Books the hold `token` for the visitor `contact`: the hold's time, if
/// still theirs or still free; the client whose number it is, or a new one.
pub async fn book_online(cx: &Context, token: &str, contact: &Contact) -> Result<std::result::Result<OnlineBooked, Refusal>> {
    let (tz, now) = (cx.tz, Utc::now());
    let offer = Offer::read(&cx.db, tz).await?;
    let cx = &cx.acting_as(Actor::Online);
    cx.write(async |w| {
        // The hold's row first (a write: SQLite's lock, PostgreSQL's row
        // lock), so one form sent twice at once books once.
        let locked = booking_hold::Entity::update_many()
            .col_expr(booking_hold::Column::Token, Expr::col(booking_hold::Column::Token))
            .filter(booking_hold::Column::Token.eq(token))
            .filter(booking_hold::Column::WaitlistEntryId.is_null())
            .exec(&w.txn)
            .await?;
        let Some(held) = booking_hold::Entity::find().filter(booking_hold::Column::Token.eq(token)).one(&w.txn).await?.filter(|_| locked.rows_affected > 0)
        else {
            return Ok(Err(Refusal::UnknownHold));
        };
        if let Some(id) = held.appointment_id {
            let Some(appointment) = appointment::Entity::find_by_id(id).one(&w.txn).await? else { return Ok(Err(Refusal::UnknownHold)) };
            let link = crate::reminders::link(cx, &appointment);
            return Ok(Ok(OnlineBooked { appointment, link, replayed: true }));
        }
        if !offer.settings.enabled {
            return Ok(Err(Refusal::Closed));
        }
        let Some(service) = offer.service(held.service_id).cloned() else { return Ok(Err(Refusal::UnknownService)) };
        if held.starts_at <= now {
            return Ok(Err(Refusal::OutOfRange));
        }
        let future = appointment::Entity::find()
            .join(JoinType::InnerJoin, appointment::Relation::Client.def())
            .filter(client::Column::Phone.eq(contact.phone.as_str()))
            .filter(appointment::Column::Channel.eq(Channel::Internet))
            .filter(appointment::Column::Status.is_in([AppointmentStatus::Agendado, AppointmentStatus::Confirmado, AppointmentStatus::Pendente]))
            .filter(appointment::Column::StartsAt.gt(now))
            .count(&w.txn)
            .await?;
        if future >= MAX_FUTURE_PER_NUMBER {
            return Ok(Err(Refusal::TooManyBookings));
        }
        // The hold no longer holds (it would clash with its own booking);
        // a lapsed one books too when its time is still free.
        let released = booking_hold::ActiveModel { id: Set(held.id), expires_at: Set(now.min(held.expires_at)), ..Default::default() };
        released.update(&w.txn).await?;
        if let Some(refusal) = judge(&w.txn, &held_time(&held), tz).await? {
            return Ok(Err(refusal));
        }
        let (client, note) = match online::client_by_phone(&w.txn, &contact.phone).await? {
            Some(found) => {
                let note = (!same_name(&found.name, &contact.name)).then(|| mismatch_note(&contact.name));
                (found, note)
            }
            None => {
                let created = clients::insert_online(&w.txn, contact).await?;
                w.audit_change("create", Change::Created(ClientView::new(created.clone(), tz)));
                (created, None)
            }
        };
        // The client chose it themselves: confirmed, unless the business
        // has online bookings wait for the front desk.
        let status = if offer.settings.confirm_at_once { AppointmentStatus::Confirmado } else { AppointmentStatus::Pendente };
        let model = appointment_of(&held, client.id, &service, status, Channel::Internet, note, now);
        let saved = model.insert(&w.txn).await?;
        written(cx, w, None, &saved).await?;
        w.audit_change("create", Change::Created(appointments::view(&w.txn, saved.clone(), tz).await?));
        let booked = booking_hold::ActiveModel { id: Set(held.id), appointment_id: Set(Some(saved.id)), ..Default::default() };
        booked.update(&w.txn).await?;
        let link = crate::reminders::link(cx, &saved);
        Ok(Ok(OnlineBooked { appointment: saved, link, replayed: false }))
    })
    .await
}

/// What the schedule judges of `staff_id`'s `time`, with its buffers.
pub(super) fn booking_of(staff_id: i32, time: Span, before: i32, after: i32) -> Booking {
    Booking { staff_id, time, blocked: schedule::blocked(time.start, time.end, before, after), except: None, rules: true }
}

/// What the schedule judges of a held time.
pub(super) fn held_time(held: &booking_hold::Model) -> Booking {
    booking_of(held.staff_id, Span { start: held.starts_at, end: held.ends_at }, held.buffer_before_minutes, held.buffer_after_minutes)
}

/// A hold of `service`'s `time` with `staff_id` until `expires_at`: a
/// visitor's of the booking page (`address`), or a waitlist's offer to `entry`.
pub(super) fn new_hold(staff_id: i32, service: &ServiceView, time: Span, expires_at: DateTime<Utc>, address: &str, entry: Option<i32>) -> booking_hold::ActiveModel {
    booking_hold::ActiveModel {
        token: Set(crate::kit::random_key()),
        staff_id: Set(staff_id),
        service_id: Set(service.id),
        starts_at: Set(time.start),
        ends_at: Set(time.end),
        buffer_before_minutes: Set(service.buffer_before_minutes),
        buffer_after_minutes: Set(service.buffer_after_minutes),
        expires_at: Set(expires_at),
        address: Set(address.to_string()),
        appointment_id: Set(None),
        created_at: Set(Utc::now()),
        waitlist_entry_id: Set(entry),
        ..Default::default()
    }
}

/// The appointment a hold becomes, for `client_id`.
pub(super) fn appointment_of(
    held: &booking_hold::Model,
    client_id: i32,
    service: &ServiceView,
    status: AppointmentStatus,
    channel: Channel,
    notes: Option<String>,
    now: DateTime<Utc>,
) -> appointment::ActiveModel {
    appointment::ActiveModel {
        client_id: Set(client_id),
        staff_id: Set(held.staff_id),
        service: Set(service.name.clone()),
        service_id: Set(Some(service.id)),
        buffer_before_minutes: Set(held.buffer_before_minutes),
        buffer_after_minutes: Set(held.buffer_after_minutes),
        series_id: Set(None),
        starts_at: Set(held.starts_at),
        ends_at: Set(held.ends_at),
        status: Set(status),
        price_cents: Set(service.price_cents),
        notes: Set(notes),
        cancellation_reason: Set(None),
        channel: Set(channel),
        version: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
