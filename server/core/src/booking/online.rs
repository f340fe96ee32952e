//! Clients book themselves on the public page (`/agendar`): what the
//! business offers there (its settings, `GET/PUT /api/online-booking`),
//! the free times of a day, the visitor's details checked, and the client
//! they are booked for. The writes (a hold, the booking) are the gate's
//! (`gate::online`).
//!
//! A booking never changes an existing client: a WhatsApp number that is
//! exactly one client's attaches the appointment to them (a different
//! name is noted on the appointment for the front desk); otherwise a new
//! client is created, marked "cadastro pela internet".

use chrono::{DateTime, Duration, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::booking::catalogue::{self, ServiceView};
use crate::booking::schedule;
use crate::kit::audit::{self, AuditEntity};
use crate::kit::error::{FieldErrors, Result};
use crate::kit::time::{Span, local_midnight};
use crate::kit::validation::{check_name, email_problem, has_control_characters, normalize_text, reject_unknown};
use crate::kit::Context;
use crate::reminders::whatsapp_number;
use entities::{booking_hold, client, user};

const SETTINGS_KEY: &str = "online_booking";

/// How long a chosen time is kept for its visitor.
pub const HOLD_MINUTES: i64 = 5;
/// Future online bookings one WhatsApp number may have at once.
pub const MAX_FUTURE_PER_NUMBER: u64 = 3;
/// Live holds one address may have at once.
pub const MAX_HOLDS_PER_ADDRESS: u64 = 3;
/// The finest step between the times a client is offered, in minutes: a
/// 45-minute service fits on the staff's 5-minute grid, but a phone
/// screen of 100 times a day is no choice.
pub const CLIENT_STEP_MINUTES: i64 = 15;

pub const DEFAULT_PRIVACY_TEXT: &str = "Usamos seu nome, WhatsApp e e-mail só para marcar, lembrar e, se preciso, remarcar este \
atendimento. Você pode pedir a qualquer momento para ver, corrigir ou apagar seus dados (LGPD).";

/// What the business decides about its public booking page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OnlineBookingSettings {
    /// Off on a new install.
    pub enabled: bool,
    /// The services offered online; null: every active service.
    pub service_ids: Option<Vec<i32>>,
    /// The shortest notice, in hours (0 to 720).
    pub min_notice_hours: i32,
    /// The farthest day, in days from today (1 to 365).
    pub max_days_ahead: i32,
    /// The text shown beside the consent (up to 2,000 characters).
    pub privacy_text: String,
    /// Until how many hours before its start a client may cancel through
    /// their link (any appointment's, online or not); 0: until the start.
    pub cancel_hours_before: i32,
    /// True (the default): an online booking is confirmado at once; false:
    /// it is `pendente`, holding its time, until the front desk accepts or
    /// refuses it.
    pub confirm_at_once: bool,
}

impl Default for OnlineBookingSettings {
    fn default() -> Self {
        OnlineBookingSettings {
            enabled: false,
            service_ids: None,
            min_notice_hours: 2,
            max_days_ahead: 30,
            privacy_text: DEFAULT_PRIVACY_TEXT.into(),
            cancel_hours_before: 0,
            confirm_at_once: true,
        }
    }
}

/// `GET/PUT /api/online-booking`: the settings and the page's address.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineBookingView {
    #[serde(flatten)]
    pub settings: OnlineBookingSettings,
    /// Where clients book (`--public-url` + `/agendar`).
    pub page_url: String,
}

/// `PUT /api/online-booking`: the fields to change (absent: kept).
/// `{"enabled": true}` alone turns the page on with every active service.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineBookingInput {
    pub enabled: Option<bool>,
    /// Null or absent in the stored value: every active service.
    #[serde(default, deserialize_with = "crate::kit::validation::present")]
    #[schema(value_type = Option<Vec<i32>>)]
    pub service_ids: Option<Option<Vec<i32>>>,
    pub min_notice_hours: Option<i32>,
    pub max_days_ahead: Option<i32>,
    pub privacy_text: Option<String>,
    pub cancel_hours_before: Option<i32>,
    pub confirm_at_once: Option<bool>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// The stored settings (the defaults until an admin saves).
pub async fn settings(db: &impl ConnectionTrait) -> Result<OnlineBookingSettings> {
    Ok(crate::kit::db::setting_json(db, SETTINGS_KEY).await?)
}

fn page_url(cx: &Context) -> String {
    format!("{}/agendar", cx.site.public_base)
}

pub async fn get_settings(cx: &Context) -> Result<OnlineBookingView> {
    cx.user()?;
    Ok(OnlineBookingView { settings: settings(&cx.db).await?, page_url: page_url(cx) })
}

/// Admins only.
pub async fn put_settings(cx: &Context, input: OnlineBookingInput) -> Result<OnlineBookingView> {
    cx.require_admin()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    if input.min_notice_hours.is_some_and(|h| !(0..=720).contains(&h)) {
        errors.add("minNoticeHours", "Use de 0 a 720 horas (30 dias).");
    }
    if input.max_days_ahead.is_some_and(|d| !(1..=365).contains(&d)) {
        errors.add("maxDaysAhead", "Use de 1 a 365 dias.");
    }
    if input.cancel_hours_before.is_some_and(|h| !(0..=168).contains(&h)) {
        errors.add("cancelHoursBefore", "Use de 0 a 168 horas (uma semana).");
    }
    if let Some(text) = &input.privacy_text {
        let count = text.trim().chars().count();
        if count == 0 {
            errors.add("privacyText", "Escreva o texto de privacidade.");
        } else if count > 2000 {
            errors.add("privacyText", "O texto pode ter até 2.000 caracteres.");
        } else if has_control_characters(text, true) {
            errors.add("privacyText", crate::kit::validation::CONTROL_CHARACTERS);
        }
    }
    if let Some(Some(ids)) = &input.service_ids {
        if ids.len() > 500 {
            errors.add("serviceIds", "No máximo 500 serviços.");
        } else {
            let known: Vec<i32> = entities::service::Entity::find()
                .filter(entities::service::Column::Id.is_in(ids.clone()))
                .all(&cx.db)
                .await?
                .into_iter()
                .map(|s| s.id)
                .collect();
            let missing: Vec<String> = ids.iter().filter(|id| !known.contains(id)).map(i32::to_string).collect();
            if !missing.is_empty() {
                errors.add("serviceIds", format!("Serviço não encontrado: {}.", missing.join(", ")));
            }
        }
    }
    errors.check()?;
    let after = cx
        .write(async |w| {
            let before = settings(&w.txn).await?;
            let mut after = before.clone();
            if let Some(enabled) = input.enabled {
                after.enabled = enabled;
            }
            if let Some(ids) = input.service_ids {
                after.service_ids = ids.map(|mut ids| {
                    ids.sort_unstable();
                    ids.dedup();
                    ids
                });
            }
            after.min_notice_hours = input.min_notice_hours.unwrap_or(before.min_notice_hours);
            after.max_days_ahead = input.max_days_ahead.unwrap_or(before.max_days_ahead);
            after.cancel_hours_before = input.cancel_hours_before.unwrap_or(before.cancel_hours_before);
            after.confirm_at_once = input.confirm_at_once.unwrap_or(before.confirm_at_once);
            if let Some(text) = input.privacy_text {
                after.privacy_text = text.trim().to_string();
            }
            let value = serde_json::to_string(&after).map_err(anyhow::Error::from)?;
            crate::kit::db::put_setting(&w.txn, SETTINGS_KEY, value).await?;
            let snapshot = |s: &OnlineBookingSettings| serde_json::json!({ "onlineBooking": s });
            w.audit(AuditEntity::Business, 0, "online-booking", audit::diff(&snapshot(&before), &snapshot(&after)));
            Ok(after)
        })
        .await?;
    Ok(OnlineBookingView { settings: after, page_url: page_url(cx) })
}

/// What the public page may offer now: the settings, and the active
/// services they name (every active one when they name none), by name.
pub struct Offer {
    pub settings: OnlineBookingSettings,
    pub services: Vec<ServiceView>,
}

impl Offer {
    pub async fn read(db: &impl ConnectionTrait, tz: Tz) -> Result<Offer> {
        let settings = settings(db).await?;
        let mut services = if settings.enabled { catalogue::active(db, tz).await? } else { Vec::new() };
        if let Some(ids) = &settings.service_ids {
            services.retain(|s| ids.contains(&s.id));
        }
        Ok(Offer { settings, services })
    }

    pub fn service(&self, id: i32) -> Option<&ServiceView> {
        self.services.iter().find(|s| s.id == id)
    }

    /// The first instant that may be booked: now plus the shortest notice.
    pub fn earliest(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now + Duration::hours(i64::from(self.settings.min_notice_hours))
    }

    /// The days that may be booked: from the day of [`Offer::earliest`] to
    /// today plus the farthest day.
    pub fn days(&self, now: DateTime<Utc>, tz: Tz) -> (NaiveDate, NaiveDate) {
        let today = now.with_timezone(&tz).date_naive();
        (self.earliest(now).with_timezone(&tz).date_naive(), today + Duration::days(i64::from(self.settings.max_days_ahead)))
    }

    /// Whether `start` may be booked online now (notice and farthest day).
    pub fn allows(&self, start: DateTime<Utc>, now: DateTime<Utc>, tz: Tz) -> bool {
        let (_, last) = self.days(now, tz);
        start >= self.earliest(now) && start.with_timezone(&tz).date_naive() <= last
    }
}

/// The active staff members who offer `service`, by name.
pub async fn staff_of(db: &impl ConnectionTrait, service: &ServiceView) -> Result<Vec<user::Model>> {
    let mut staff = user::Entity::find().filter(user::Column::Active.eq(true)).order_by_asc(user::Column::SearchText).all(db).await?;
    staff.retain(|s| service.offered_by(s.id));
    Ok(staff)
}

/// A free start with whom.
#[derive(Debug, Clone)]
pub struct FreeTime {
    pub staff_id: i32,
    pub staff_name: String,
    pub starts_at: DateTime<Utc>,
}

/// The free starts of `service` between `from` and `to` (local days,
/// inclusive) with `staff` (one member, or all who offer it), at most
/// `limit`, earliest first, one per start (the first member by name), on
/// a step of at least [`CLIENT_STEP_MINUTES`]. The same search the
/// staff's free-slot search makes (`schedule::slots`), live holds counting
/// as taken.
pub async fn free_times(
    db: &impl ConnectionTrait,
    offer: &Offer,
    service: &ServiceView,
    staff: &[user::Model],
    (from, to): (NaiveDate, NaiveDate),
    limit: usize,
    tz: Tz,
) -> Result<Vec<FreeTime>> {
    let now = Utc::now();
    let (first, last) = offer.days(now, tz);
    free_starts(db, service, staff, (from.max(first), to.min(last)), offer.earliest(now), limit, tz).await
}

/// [`free_times`] from `earliest` on, whatever the online settings: the
/// waitlist's search too.
pub async fn free_starts(
    db: &impl ConnectionTrait,
    service: &ServiceView,
    staff: &[user::Model],
    (from, to): (NaiveDate, NaiveDate),
    earliest: DateTime<Utc>,
    limit: usize,
    tz: Tz,
) -> Result<Vec<FreeTime>> {
    if from > to || staff.is_empty() {
        return Ok(Vec::new());
    }
    let window = Span { start: local_midnight(from, tz), end: local_midnight(to + Duration::days(1), tz) };
    let schedules = schedule::load(db, staff, window, tz).await?;
    let found = schedule::slots(
        &schedules,
        service.duration_minutes,
        service.buffer_before_minutes,
        service.buffer_after_minutes,
        earliest.max(window.start),
        tz,
    );
    let step = schedule::grid_minutes(service.duration_minutes).max(CLIENT_STEP_MINUTES);
    let on_step = |at: DateTime<Utc>| i64::from(at.with_timezone(&tz).num_seconds_from_midnight()) % (step * 60) == 0;
    let mut times: Vec<FreeTime> = Vec::new();
    for (index, span) in found.into_iter().filter(|(_, span)| span.start < window.end && on_step(span.start)) {
        if times.last().is_some_and(|t| t.starts_at == span.start) {
            continue;
        }
        times.push(FreeTime { staff_id: schedules[index].staff_id, staff_name: schedules[index].staff_name.clone(), starts_at: span.start });
        if times.len() >= limit {
            break;
        }
    }
    Ok(times)
}

/// The live holds of `staff` that meet `window`, by start: the schedule
/// reads them as taken, the agenda shows them.
pub async fn live_holds(db: &impl ConnectionTrait, staff: &[i32], window: Span) -> Result<Vec<booking_hold::Model>> {
    if staff.is_empty() {
        return Ok(Vec::new());
    }
    Ok(booking_hold::Entity::find()
        .filter(booking_hold::Column::StaffId.is_in(staff.iter().copied()))
        .filter(booking_hold::Column::StartsAt.lt(window.end))
        .filter(booking_hold::Column::EndsAt.gt(window.start))
        .filter(booking_hold::Column::ExpiresAt.gt(Utc::now()))
        .filter(booking_hold::Column::AppointmentId.is_null())
        .order_by_asc(booking_hold::Column::StartsAt)
        .all(db)
        .await?)
}

/// What a visitor types, as sent.
#[derive(Debug, Default, Clone)]
pub struct ContactForm {
    pub name: String,
    pub whatsapp: String,
    pub email: String,
    pub consent: bool,
}

/// What a visitor typed, checked.
#[derive(Debug, Clone)]
pub struct Contact {
    pub name: String,
    /// 11 digits, area code first, as clients' phones are stored.
    pub phone: String,
    pub email: Option<String>,
}

/// Longest text read from the form's fields (more is refused, not cut).
const MAX_FIELD_CHARS: usize = 254;

impl ContactForm {
    /// The details checked, or each field's problem (in Portuguese).
    pub fn check(&self) -> std::result::Result<Contact, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = self.name.split_whitespace().collect::<Vec<_>>().join(" ");
        if has_control_characters(&self.name, false) {
            errors.add("name", crate::kit::validation::CONTROL_CHARACTERS);
        } else {
            check_name(&name, &mut errors);
        }
        let phone = if self.whatsapp.chars().count() > 40 {
            Err("Não é um número de telefone brasileiro.")
        } else {
            whatsapp_number(Some(&self.whatsapp))
        };
        let phone = match phone {
            Ok(number) => number[2..].to_string(),
            Err(problem) => {
                let problem = if problem == "Sem telefone cadastrado." { "Informe seu WhatsApp, com DDD." } else { problem };
                errors.add("whatsapp", problem);
                String::new()
            }
        };
        let email = Some(self.email.trim().to_lowercase()).filter(|e| !e.is_empty());
        if let Some(problem) = email.as_deref().and_then(|e| if e.chars().count() > MAX_FIELD_CHARS { Some("O e-mail pode ter no máximo 254 caracteres.") } else { email_problem(e) }) {
            errors.add("email", problem);
        }
        if !self.consent {
            errors.add("consent", "Para agendar, marque que está de acordo com o uso dos seus dados.");
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Contact { name, phone, email })
    }
}

/// Whether two names are the same person's as typed: without accents,
/// case or extra spaces.
pub fn same_name(a: &str, b: &str) -> bool {
    normalize_text(a) == normalize_text(b)
}

/// The one client with this phone, when exactly one (not archived, not
/// anonymised) has it.
pub(crate) async fn client_by_phone(db: &impl ConnectionTrait, phone: &str) -> Result<Option<client::Model>> {
    use sea_orm::QuerySelect;
    let mut found = client::Entity::find()
        .filter(client::Column::Phone.eq(phone))
        .filter(client::Column::Archived.eq(false))
        .filter(client::Column::AnonymisedAt.is_null())
        .limit(2)
        .all(db)
        .await?;
    Ok(if found.len() == 1 { found.pop() } else { None })
}

/// A hold as its page shows it.
#[derive(Debug, Clone)]
pub struct HeldTime {
    pub hold: booking_hold::Model,
    pub service: String,
    pub price_cents: i64,
    pub staff_name: String,
}

/// The hold of `token`, with its service's and staff member's names.
pub async fn find_hold(db: &impl ConnectionTrait, token: &str) -> Result<Option<HeldTime>> {
    let Some(hold) = booking_hold::Entity::find().filter(booking_hold::Column::Token.eq(token)).one(db).await? else { return Ok(None) };
    let service = entities::service::Entity::find_by_id(hold.service_id).one(db).await?;
    let staff_name = user::Entity::find_by_id(hold.staff_id).one(db).await?.map(|u| u.name).unwrap_or_default();
    let (service, price_cents) = service.map(|s| (s.name, s.price_cents)).unwrap_or_default();
    Ok(Some(HeldTime { hold, service, price_cents, staff_name }))
}
