//! The waitlist (docs/behaviour.md#the-waitlist): clients who want an
//! earlier or another time of a service, in the order they asked. Whenever
//! a time that suits the first of them is free ([`fill`], run by the
//! server's job on every change to the agenda and every minute), it is
//! offered to them: held for a while (`gate::waitlist::offer`), told by
//! e-mail and shown to the front desk with a WhatsApp text. Their link
//! (`/o/{token}`) books it or passes it on; an offer that nobody answers
//! lapses and the time goes to the next in line.

use chrono::{DateTime, Duration, NaiveDate, Timelike, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::booking::catalogue::{self, ServiceView};
use crate::booking::online::{self, FreeTime};
use crate::booking::gate;
use crate::kit::audit::{self, AuditEntity, Audited, Change};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::time::to_local_rfc3339;
use crate::kit::validation::{clean, has_control_characters, parse_day, reject_unknown};
use crate::kit::{Context, names_by_id};
use crate::reminders::{self, whatsapp_number};
use entities::waitlist_entry::{self, Period};
use entities::{booking_hold, client, user};

pub const NOT_FOUND: &str = "Entrada da lista de espera não encontrada.";
/// The widest window of days an entry may wait for.
pub const MAX_WINDOW_DAYS: i64 = 90;
/// How far ahead of its first day a round searches an entry's window: a
/// round reads every staff member's appointments over it, once a minute.
const ROUND_DAYS: i64 = 31;
/// Longest note of an entry ("prefere cedo", "só às terças").
const MAX_NOTE_CHARS: usize = 500;
const SETTINGS_KEY: &str = "waitlist";

/// How long an offered time is kept for its client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct WaitlistSettings {
    /// Minutes to answer an offer of another day (5 to 1440).
    pub offer_minutes: i32,
    /// Minutes to answer an offer of today (5 to 120): the time is near.
    pub today_offer_minutes: i32,
}

impl Default for WaitlistSettings {
    fn default() -> Self {
        WaitlistSettings { offer_minutes: 30, today_offer_minutes: 10 }
    }
}

impl WaitlistSettings {
    /// Until when an offer of `starts_at` made `now` is kept: never past
    /// the time itself.
    pub fn deadline(&self, starts_at: DateTime<Utc>, now: DateTime<Utc>, tz: chrono_tz::Tz) -> DateTime<Utc> {
        let today = starts_at.with_timezone(&tz).date_naive() == now.with_timezone(&tz).date_naive();
        let minutes = if today { self.today_offer_minutes } else { self.offer_minutes };
        (now + Duration::minutes(i64::from(minutes))).min(starts_at)
    }
}

/// `PUT /api/waitlist/settings`: the fields to change.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistSettingsInput {
    pub offer_minutes: Option<i32>,
    pub today_offer_minutes: Option<i32>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

pub async fn settings(db: &impl ConnectionTrait) -> Result<WaitlistSettings> {
    Ok(crate::kit::db::setting_json(db, SETTINGS_KEY).await?)
}

pub async fn get_settings(cx: &Context) -> Result<WaitlistSettings> {
    cx.user()?;
    cx.require_front_desk()?;
    settings(&cx.db).await
}

/// Admins only.
pub async fn put_settings(cx: &Context, input: WaitlistSettingsInput) -> Result<WaitlistSettings> {
    cx.require_admin()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    if input.offer_minutes.is_some_and(|m| !(5..=1440).contains(&m)) {
        errors.add("offerMinutes", "Use de 5 a 1.440 minutos (um dia).");
    }
    if input.today_offer_minutes.is_some_and(|m| !(5..=120).contains(&m)) {
        errors.add("todayOfferMinutes", "Use de 5 a 120 minutos.");
    }
    errors.check()?;
    cx.write(async |w| {
        let before = settings(&w.txn).await?;
        let after = WaitlistSettings {
            offer_minutes: input.offer_minutes.unwrap_or(before.offer_minutes),
            today_offer_minutes: input.today_offer_minutes.unwrap_or(before.today_offer_minutes),
        };
        let value = serde_json::to_string(&after).map_err(anyhow::Error::from)?;
        crate::kit::db::put_setting(&w.txn, SETTINGS_KEY, value).await?;
        let snapshot = |s: &WaitlistSettings| serde_json::json!({ "waitlist": s });
        w.audit(AuditEntity::Business, 0, "waitlist", audit::diff(&snapshot(&before), &snapshot(&after)));
        Ok(after)
    })
    .await
}

/// A time offered to an entry, waiting for its answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferView {
    pub starts_at: String,
    pub staff_id: i32,
    pub staff_name: String,
    /// Until when it is kept for them.
    pub expires_at: String,
    /// The client's page of the offer (`/o/{token}`): "Quero este horário" or "Não posso".
    pub link: String,
    /// `https://wa.me/…` with the offer's text, for the front desk to send;
    /// null when the client has no mobile number.
    pub whatsapp_url: Option<String>,
}

/// An entry of the waitlist, as the screen lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitlistEntry)]
pub struct WaitlistEntryView {
    pub id: i32,
    pub client_id: i32,
    pub client_name: String,
    pub service_id: i32,
    pub service_name: String,
    /// Null: anyone who offers the service.
    pub staff_id: Option<i32>,
    pub staff_name: Option<String>,
    /// First and last day (YYYY-MM-DD) the client can come.
    pub from: String,
    pub to: String,
    pub period: Period,
    pub note: Option<String>,
    /// The appointment booked for it, once booked.
    pub appointment_id: Option<i32>,
    pub created_at: String,
    /// The time offered to them now, if any.
    pub offer: Option<OfferView>,
}

impl Audited for WaitlistEntryView {
    const ENTITY: AuditEntity = AuditEntity::Waitlist;

    fn id(&self) -> i32 {
        self.id
    }

    fn snapshot(&self) -> Value {
        let mut value = serde_json::to_value(self).unwrap_or(Value::Null);
        // The offer is the moment's, not the entry's.
        if let Value::Object(map) = &mut value {
            map.remove("offer");
        }
        value
    }
}

/// `POST /api/waitlist`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitlistEntryBody)]
pub struct WaitlistInput {
    #[schema(required)]
    pub client_id: Option<i32>,
    #[schema(required)]
    pub service_id: Option<i32>,
    /// Null or absent: anyone who offers the service.
    pub staff_id: Option<i32>,
    /// Primeiro dia, YYYY-MM-DD (padrão: hoje).
    pub from: Option<String>,
    /// Último dia, YYYY-MM-DD (até 90 dias depois do primeiro).
    #[schema(required, value_type = String)]
    pub to: Option<String>,
    /// manha, tarde, noite ou qualquer (padrão).
    #[schema(value_type = Option<String>)]
    pub period: Option<String>,
    pub note: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// The front desk's: a Profissional gets 403 (the list names every client).
fn front_desk(cx: &Context) -> Result<()> {
    cx.user()?;
    cx.require_front_desk()
}

fn today(cx: &Context) -> NaiveDate {
    Utc::now().with_timezone(&cx.tz).date_naive()
}

/// The entries still waiting (nothing booked, window not past), first in
/// line first.
async fn waiting(db: &impl ConnectionTrait, today: NaiveDate) -> Result<Vec<waitlist_entry::Model>> {
    Ok(waitlist_entry::Entity::find()
        .filter(waitlist_entry::Column::AppointmentId.is_null())
        .filter(waitlist_entry::Column::ToDay.gte(today))
        .order_by_asc(waitlist_entry::Column::CreatedAt)
        .order_by_asc(waitlist_entry::Column::Id)
        .all(db)
        .await?)
}

/// The live offer of each of `entries` (one at most each).
pub(crate) async fn live_offers(db: &impl ConnectionTrait, entries: &[i32]) -> Result<Vec<booking_hold::Model>> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    Ok(booking_hold::Entity::find()
        .filter(booking_hold::Column::WaitlistEntryId.is_in(entries.iter().copied()))
        .filter(booking_hold::Column::AppointmentId.is_null())
        .filter(booking_hold::Column::ExpiresAt.gt(Utc::now()))
        .all(db)
        .await?)
}

/// The names of the clients the waitlist's offers among `holds` are for,
/// by hold id.
pub async fn clients_of(db: &impl ConnectionTrait, holds: &[booking_hold::Model]) -> Result<std::collections::HashMap<i32, String>> {
    let entries: Vec<i32> = holds.iter().filter_map(|h| h.waitlist_entry_id).collect();
    if entries.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let rows = waitlist_entry::Entity::find().filter(waitlist_entry::Column::Id.is_in(entries)).all(db).await?;
    let names = names_by_id::<client::Entity>(db, client::Column::Id, client::Column::Name, rows.iter().map(|e| e.client_id).collect()).await?;
    Ok(holds
        .iter()
        .filter_map(|h| {
            let entry = rows.iter().find(|e| Some(e.id) == h.waitlist_entry_id)?;
            Some((h.id, names.get(&entry.client_id)?.clone()))
        })
        .collect())
}

/// `/o/{token}`: the page of an offer.
pub fn offer_link(cx: &Context, hold: &booking_hold::Model) -> String {
    format!("{}/o/{}", cx.site.public_base, hold.token)
}

/// The text of an offer, for WhatsApp and the e-mail.
pub fn offer_text(client: &str, service: &str, staff: &str, hold: &booking_hold::Model, link: &str, tz: chrono_tz::Tz) -> String {
    let starts = hold.starts_at.with_timezone(&tz);
    let until = hold.expires_at.with_timezone(&tz);
    format!(
        "Olá, {client}! Abriu um horário de {service} com {staff} em {} às {}. Se quiser, garanta pelo link até as {}: {link}",
        starts.format("%d/%m"),
        starts.format("%H:%M"),
        until.format("%H:%M"),
    )
}

/// Views of `rows`, with names and live offers in a few queries.
async fn views(cx: &Context, db: &impl ConnectionTrait, rows: Vec<waitlist_entry::Model>) -> Result<Vec<WaitlistEntryView>> {
    let tz = cx.tz;
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let offers = live_offers(db, &ids).await?;
    let clients: std::collections::HashMap<i32, client::Model> = client::Entity::find()
        .filter(client::Column::Id.is_in(rows.iter().map(|r| r.client_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let services = names_by_id::<entities::service::Entity>(
        db,
        entities::service::Column::Id,
        entities::service::Column::Name,
        rows.iter().map(|r| r.service_id).collect(),
    )
    .await?;
    let staff_ids = rows.iter().filter_map(|r| r.staff_id).chain(offers.iter().map(|o| o.staff_id)).collect();
    let staff = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, staff_ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let client = clients.get(&r.client_id);
            let client_name = client.map(|c| c.name.clone()).unwrap_or_default();
            let service_name = services.get(&r.service_id).cloned().unwrap_or_default();
            let offer = offers.iter().find(|o| o.waitlist_entry_id == Some(r.id)).map(|hold| {
                let link = offer_link(cx, hold);
                let staff_name = staff.get(&hold.staff_id).cloned().unwrap_or_default();
                let text = offer_text(&client_name, &service_name, &staff_name, hold, &link, tz);
                let whatsapp_url = whatsapp_number(client.and_then(|c| c.phone.as_deref())).ok().map(|n| reminders::whatsapp_url(&n, &text));
                OfferView {
                    starts_at: to_local_rfc3339(hold.starts_at, tz),
                    staff_id: hold.staff_id,
                    staff_name,
                    expires_at: to_local_rfc3339(hold.expires_at, tz),
                    link,
                    whatsapp_url,
                }
            });
            WaitlistEntryView {
                id: r.id,
                client_id: r.client_id,
                client_name,
                service_id: r.service_id,
                service_name,
                staff_name: r.staff_id.and_then(|id| staff.get(&id).cloned()),
                staff_id: r.staff_id,
                from: r.from_day.to_string(),
                to: r.to_day.to_string(),
                period: r.period,
                note: r.note,
                appointment_id: r.appointment_id,
                created_at: to_local_rfc3339(r.created_at, tz),
                offer,
            }
        })
        .collect())
}

/// `GET /api/waitlist`: who waits, first in line first.
pub async fn list(cx: &Context) -> Result<Vec<WaitlistEntryView>> {
    front_desk(cx)?;
    let rows = waiting(&cx.db, today(cx)).await?;
    views(cx, &cx.db, rows).await
}

/// `POST /api/waitlist`.
pub async fn create(cx: &Context, input: WaitlistInput) -> Result<WaitlistEntryView> {
    front_desk(cx)?;
    let today = today(cx);
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    match input.client_id {
        None => errors.add("clientId", "Escolha o cliente."),
        Some(id) => {
            let found = client::Entity::find_by_id(id).one(&cx.db).await?;
            match found {
                None => errors.add("clientId", "Cliente não encontrado."),
                Some(c) if c.archived || c.anonymised_at.is_some() => errors.add("clientId", "Este cliente está arquivado."),
                Some(_) => {}
            }
        }
    }
    let service = match input.service_id {
        None => {
            errors.add("serviceId", "Escolha o serviço.");
            None
        }
        Some(id) => {
            let found = catalogue::active(&cx.db, cx.tz).await?.into_iter().find(|s| s.id == id);
            if found.is_none() {
                errors.add("serviceId", "Serviço não encontrado ou inativo.");
            }
            found
        }
    };
    if let Some(id) = input.staff_id {
        let staff = user::Entity::find_by_id(id).one(&cx.db).await?.filter(|u| u.active);
        match (staff, &service) {
            (None, _) => errors.add("staffId", "Profissional não encontrado."),
            (Some(_), Some(service)) if !service.offered_by(id) => errors.add("staffId", "Este profissional não faz este serviço."),
            _ => {}
        }
    }
    let from = parse_day(input.from.as_deref(), "from", &mut errors).unwrap_or(today);
    let to = parse_day(input.to.as_deref(), "to", &mut errors);
    if input.to.as_deref().map(str::trim).is_none_or(str::is_empty) {
        errors.add("to", "Informe até que dia o cliente pode vir.");
    }
    if from < today {
        errors.add("from", "O primeiro dia já passou.");
    }
    if let Some(to) = to {
        if to < from {
            errors.add("to", "O último dia deve ser o primeiro ou depois dele.");
        } else if to - from > Duration::days(MAX_WINDOW_DAYS) {
            errors.add("to", "Espere no máximo 90 dias: marque uma nova entrada depois.");
        }
    }
    let period = match input.period.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        None => Period::Qualquer,
        Some(name) => Period::parse(name).unwrap_or_else(|| {
            errors.add("period", "Período inválido: use manha, tarde, noite ou qualquer.");
            Period::Qualquer
        }),
    };
    let note = clean(input.note.as_deref());
    if let Some(note) = &note {
        if note.chars().count() > MAX_NOTE_CHARS {
            errors.add("note", "A observação pode ter até 500 caracteres.");
        } else if has_control_characters(note, true) {
            errors.add("note", crate::kit::validation::CONTROL_CHARACTERS);
        }
    }
    errors.check()?;
    let now = Utc::now();
    let model = waitlist_entry::ActiveModel {
        client_id: sea_orm::Set(input.client_id.unwrap_or_default()),
        service_id: sea_orm::Set(input.service_id.unwrap_or_default()),
        staff_id: sea_orm::Set(input.staff_id),
        from_day: sea_orm::Set(from),
        to_day: sea_orm::Set(to.unwrap_or(from)),
        period: sea_orm::Set(period),
        note: sea_orm::Set(note),
        appointment_id: sea_orm::Set(None),
        created_by: sea_orm::Set(cx.actor_id()),
        created_at: sea_orm::Set(now),
        updated_at: sea_orm::Set(now),
        ..Default::default()
    };
    let view = cx
        .write(async |w| {
            use sea_orm::ActiveModelTrait;
            let saved = model.insert(&w.txn).await?;
            let view = views(cx, &w.txn, vec![saved]).await?.remove(0);
            Ok(w.audit_change("create", Change::Created(view)))
        })
        .await?;
    Ok(view)
}

/// `DELETE /api/waitlist/{id}`: off the list, its offer withdrawn.
pub async fn delete(cx: &Context, id: i32) -> Result<()> {
    front_desk(cx)?;
    let current = waitlist_entry::Entity::find_by_id(id).one(&cx.db).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    cx.write(async |w| {
        let view = views(cx, &w.txn, vec![current]).await?.remove(0);
        booking_hold::Entity::delete_many().filter(booking_hold::Column::WaitlistEntryId.eq(id)).exec(&w.txn).await?;
        let gone = waitlist_entry::Entity::delete_by_id(id).exec(&w.txn).await?;
        if gone.rows_affected == 0 {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        w.audit_change("delete", Change::Deleted(view));
        Ok(())
    })
    .await
}

/// `DELETE /api/waitlist/{id}/offer`: the front desk takes back the time
/// offered (it goes to the next in line, not to this entry again).
pub async fn withdraw(cx: &Context, id: i32) -> Result<WaitlistEntryView> {
    front_desk(cx)?;
    waitlist_entry::Entity::find_by_id(id).one(&cx.db).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let Some(hold) = gate::withdraw_offer(cx, id).await? else {
        return Err(AppError::Conflict("Não há oferta em aberto para esta entrada.".into()));
    };
    pass_on(cx, &hold).await;
    let row = waitlist_entry::Entity::find_by_id(id).one(&cx.db).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(views(cx, &cx.db, vec![row]).await?.remove(0))
}

/// Entries one WhatsApp number may have waiting at once, from the public page.
pub const MAX_WAITING_PER_NUMBER: u64 = 3;

/// Why the public page could not put a visitor on the list.
#[derive(Debug, Clone, PartialEq)]
pub enum JoinRefusal {
    /// Online booking is off, or the service is not offered online.
    Closed,
    /// Not someone who offers the service online.
    UnknownStaff,
    /// A day before the shortest notice or past the farthest day.
    OutOfRange,
    /// This number already waits for [`MAX_WAITING_PER_NUMBER`] times.
    TooMany,
}

/// A visitor of the public booking page who found `day` full waits for
/// it: the client whose number it is (never changed), or a new one
/// ("cadastro pela internet"), put on the list for `service` with `staff`
/// (None: anyone) on that day, any period.
pub async fn join_online(
    cx: &Context,
    service_id: i32,
    staff_id: Option<i32>,
    day: NaiveDate,
    contact: &online::Contact,
) -> Result<std::result::Result<WaitlistEntryView, JoinRefusal>> {
    use sea_orm::{ActiveModelTrait, PaginatorTrait, Set};
    let (tz, now) = (cx.tz, Utc::now());
    let offer = online::Offer::read(&cx.db, tz).await?;
    let Some(service) = offer.service(service_id).cloned().filter(|_| offer.settings.enabled) else { return Ok(Err(JoinRefusal::Closed)) };
    if let Some(id) = staff_id {
        if !online::staff_of(&cx.db, &service).await?.iter().any(|s| s.id == id) {
            return Ok(Err(JoinRefusal::UnknownStaff));
        }
    }
    let (first, last) = offer.days(now, tz);
    if day < first || day > last {
        return Ok(Err(JoinRefusal::OutOfRange));
    }
    let cx = &cx.acting_as(crate::kit::Actor::Online);
    cx.write(async |w| {
        let client = match online::client_by_phone(&w.txn, &contact.phone).await? {
            Some(found) => {
                let waiting = waitlist_entry::Entity::find()
                    .filter(waitlist_entry::Column::ClientId.eq(found.id))
                    .filter(waitlist_entry::Column::AppointmentId.is_null())
                    .filter(waitlist_entry::Column::ToDay.gte(now.with_timezone(&tz).date_naive()))
                    .count(&w.txn)
                    .await?;
                if waiting >= MAX_WAITING_PER_NUMBER {
                    return Ok(Err(JoinRefusal::TooMany));
                }
                found
            }
            None => {
                let created = crate::clients::insert_online(&w.txn, contact).await?;
                w.audit_change("create", Change::Created(crate::clients::ClientView::new(created.clone(), tz)));
                created
            }
        };
        let entry = waitlist_entry::ActiveModel {
            client_id: Set(client.id),
            service_id: Set(service.id),
            staff_id: Set(staff_id),
            from_day: Set(day),
            to_day: Set(day),
            period: Set(Period::Qualquer),
            note: Set(Some("Pela página de agendamento: o dia estava cheio.".into())),
            appointment_id: Set(None),
            created_by: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        let saved = entry.insert(&w.txn).await?;
        let view = views(cx, &w.txn, vec![saved]).await?.remove(0);
        Ok(Ok(w.audit_change("create", Change::Created(view))))
    })
    .await
}

/// "Não posso" on the offer's page: its time goes to the next in line.
pub async fn decline(cx: &Context, token: &str) -> Result<std::result::Result<(), gate::OfferRefusal>> {
    let declined = gate::decline(cx, token).await?;
    if let Ok(hold) = &declined {
        pass_on(cx, hold).await;
    }
    Ok(declined.map(|_| ()))
}

/// The time of an offer that ended offered to the next in line now. Its
/// failure is left to the job's next round (the answer itself is saved).
async fn pass_on(cx: &Context, hold: &booking_hold::Model) {
    let day = hold.starts_at.with_timezone(&cx.tz).date_naive();
    if let Err(error) = fill(cx, Some(&[Freed { staff_id: hold.staff_id, day }])).await {
        tracing::warn!(%error, "waitlist: passing an offer on failed; the next round will");
    }
}

/// Where time may have come free: a staff member's day. None: anywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Freed {
    pub staff_id: i32,
    pub day: NaiveDate,
}

/// Offers the free times to the entries waiting, first in line first: an
/// entry with no live offer gets the earliest free time that suits it
/// (its service, staff member or anyone, window, period), never one it was
/// offered before. With `freed`, only those staff members' days are
/// searched (a change to the agenda); without, every entry's window, its
/// next [`ROUND_DAYS`] days (the job's round). The offers made.
pub async fn fill(cx: &Context, freed: Option<&[Freed]>) -> Result<Vec<booking_hold::Model>> {
    let (tz, now) = (cx.tz, Utc::now());
    let today = now.with_timezone(&tz).date_naive();
    let entries = waiting(&cx.db, today).await?;
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i32> = entries.iter().map(|e| e.id).collect();
    let offered = live_offers(&cx.db, &ids).await?;
    let settings = settings(&cx.db).await?;
    let services = catalogue::active(&cx.db, tz).await?;
    let staff = user::Entity::find().filter(user::Column::Active.eq(true)).order_by_asc(user::Column::SearchText).all(&cx.db).await?;
    // A time must still be worth coming for when the offer lapses.
    let earliest = now + Duration::minutes(15);
    let mut made = Vec::new();
    for entry in entries.iter().filter(|e| !offered.iter().any(|o| o.waitlist_entry_id == Some(e.id))) {
        let Some(service) = services.iter().find(|s| s.id == entry.service_id) else { continue };
        let whom: Vec<user::Model> =
            staff.iter().filter(|s| service.offered_by(s.id) && entry.staff_id.is_none_or(|id| id == s.id)).cloned().collect();
        let from = entry.from_day.max(today);
        let mut searches: Vec<(Vec<user::Model>, NaiveDate, NaiveDate)> = Vec::new();
        match freed {
            // A round reads the next weeks only: later days come into reach day by day.
            None => searches.push((whom, from, entry.to_day.min(from + Duration::days(ROUND_DAYS)))),
            Some(places) => {
                for place in places.iter().filter(|p| p.day >= from && p.day <= entry.to_day) {
                    let one: Vec<user::Model> = whom.iter().filter(|s| s.id == place.staff_id).cloned().collect();
                    if !one.is_empty() {
                        searches.push((one, place.day, place.day));
                    }
                }
            }
        }
        if let Some(time) = first_time(cx, service, entry, &searches, earliest).await? {
            let expires_at = settings.deadline(time.starts_at, Utc::now(), tz);
            if let Some(hold) = gate::offer(cx, entry, service, &time, expires_at).await? {
                made.push(hold);
            }
        }
    }
    Ok(made)
}

/// The earliest free time of `searches` that suits `entry` and was not
/// offered to it before.
async fn first_time(
    cx: &Context,
    service: &ServiceView,
    entry: &waitlist_entry::Model,
    searches: &[(Vec<user::Model>, NaiveDate, NaiveDate)],
    earliest: DateTime<Utc>,
) -> Result<Option<FreeTime>> {
    let before: Vec<(i32, DateTime<Utc>)> = booking_hold::Entity::find()
        .filter(booking_hold::Column::WaitlistEntryId.eq(entry.id))
        .all(&cx.db)
        .await?
        .into_iter()
        .map(|h| (h.staff_id, h.starts_at))
        .collect();
    let mut best: Option<FreeTime> = None;
    for (staff, from, to) in searches {
        let times = online::free_starts(&cx.db, service, staff, (*from, *to), earliest, usize::MAX, cx.tz).await?;
        let suits = |t: &&FreeTime| {
            entry.period.admits(t.starts_at.with_timezone(&cx.tz).hour()) && !before.contains(&(t.staff_id, t.starts_at))
        };
        if let Some(found) = times.iter().find(suits) {
            if best.as_ref().is_none_or(|b| found.starts_at < b.starts_at) {
                best = Some(found.clone());
            }
        }
    }
    Ok(best)
}

/// The offer of `token` as its page shows it.
pub struct OfferPage {
    pub held: online::HeldTime,
    pub client_name: String,
}

/// The offer of `token`: its hold, when it is an offer.
pub async fn find_offer(db: &impl ConnectionTrait, token: &str) -> Result<Option<OfferPage>> {
    let Some(held) = online::find_hold(db, token).await? else { return Ok(None) };
    let Some(entry_id) = held.hold.waitlist_entry_id else { return Ok(None) };
    let Some(entry) = waitlist_entry::Entity::find_by_id(entry_id).one(db).await? else { return Ok(None) };
    let client_name = client::Entity::find_by_id(entry.client_id).one(db).await?.map(|c| c.name).unwrap_or_default();
    Ok(Some(OfferPage { held, client_name }))
}

/// The times recovered by the waitlist between `start` and `end`: the
/// appointments booked for an entry, still active, and what they are worth.
pub async fn recovered(db: &impl ConnectionTrait, start: DateTime<Utc>, end: DateTime<Utc>, own: Option<i32>) -> Result<(i64, i64)> {
    use entities::appointment::{self, AppointmentStatus};
    let booked: Vec<i32> = waitlist_entry::Entity::find()
        .filter(waitlist_entry::Column::AppointmentId.is_not_null())
        .filter(waitlist_entry::Column::UpdatedAt.gte(start))
        .filter(waitlist_entry::Column::UpdatedAt.lt(end))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|e| e.appointment_id)
        .collect();
    if booked.is_empty() {
        return Ok((0, 0));
    }
    let mut select = appointment::Entity::find()
        .filter(appointment::Column::Id.is_in(booked))
        .filter(appointment::Column::Status.ne(AppointmentStatus::Cancelado));
    if let Some(me) = own {
        select = select.filter(appointment::Column::StaffId.eq(me));
    }
    let rows = select.all(db).await?;
    Ok((rows.len() as i64, rows.iter().map(|a| a.price_cents).sum()))
}
