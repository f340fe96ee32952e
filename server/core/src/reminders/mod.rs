//! Reminders: the day's appointments with their reminder state,
//! the WhatsApp message from the admin's template, the e-mail outbox kept
//! in step with bookings, and the client's link (`/c/{token}`) that
//! confirms or cancels one appointment without signing in.
//!
//! The outbox: `on_saved` runs inside the transaction that books, moves or
//! changes an appointment, so the reminder row and the booking are kept
//! together or not at all; `mailer` sends the rows later. A moved
//! appointment's pending reminder is replaced, a cancelled or finished
//! one's withdrawn; a deleted appointment takes its rows with it (the
//! foreign key cascades).

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, SubsecRound, Utc};
use chrono_tz::Tz;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::people::auth::Keys;
use crate::people::auth::{LINK_RESPOND, LinkClaims};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{self, AppointmentView};
use crate::kit::audit::{self, AuditEntity, Audited};
use crate::kit::validation::reject_unknown;
use crate::booking::hours;
use crate::kit::{Context, Site, names_by_id};
use crate::kit::time::{local_midnight, to_local_rfc3339};
use entities::appointment::AppointmentStatus;
use entities::reminder::{Channel, Kind, ReminderState};
use entities::{appointment, client, reminder, user};
use crate::kit::access;

pub mod notices;

/// The `settings` key of the reminders' settings (JSON).
const SETTINGS_KEY: &str = "reminders";
/// Longest template.
pub const MAX_TEMPLATE_CHARS: usize = 1000;
/// The placeholders a template may use.
pub const PLACEHOLDERS: &[&str] = &["cliente", "data", "hora", "profissional", "servico", "link"];
pub const DEFAULT_TEMPLATE: &str = "Olá, {cliente}! Lembramos do seu horário de {servico} com {profissional} em {data} às {hora}. \
    Para confirmar ou cancelar, use este link: {link}";
pub const DEFAULT_HOURS: i32 = 24;
/// Reminders go out at most a week ahead.
pub const MAX_HOURS: i32 = 168;
pub const DEFAULT_BUSINESS_NAME: &str = "Expediente";


/// The admin's settings, as stored and as the API answers them.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettings {
    /// Mensagem do WhatsApp, com {cliente}, {data}, {hora}, {profissional}, {servico} e {link}.
    pub template: String,
    /// Horas antes do início em que o e-mail de lembrete sai (1 a 168).
    pub hours_before: i32,
    /// O nome do negócio, na página do cliente e nos e-mails.
    pub business_name: String,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        ReminderSettings { template: DEFAULT_TEMPLATE.into(), hours_before: DEFAULT_HOURS, business_name: DEFAULT_BUSINESS_NAME.into() }
    }
}

/// `GET/PUT /api/reminders/settings`: the settings, and whether e-mail is on.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettingsView {
    pub template: String,
    pub hours_before: i32,
    pub business_name: String,
    /// False without `--smtp-url`: no e-mail goes out.
    pub email_enabled: bool,
    pub placeholders: Vec<String>,
}

impl ReminderSettingsView {
    fn new(settings: ReminderSettings, site: &Site) -> ReminderSettingsView {
        ReminderSettingsView {
            template: settings.template,
            hours_before: settings.hours_before,
            business_name: settings.business_name,
            email_enabled: site.email_enabled,
            placeholders: PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect(),
        }
    }
}

/// Body of `PUT /api/reminders/settings`; an absent field keeps its value.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReminderSettingsBody)]
pub struct SettingsInput {
    pub template: Option<String>,
    pub hours_before: Option<i32>,
    pub business_name: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// Body of `POST /api/reminders/preview`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReminderPreviewBody)]
pub struct PreviewInput {
    #[schema(required)]
    pub template: Option<String>,
    /// O agendamento da prévia; sem ele, o próximo agendamento ativo (ou o último).
    pub appointment_id: Option<i32>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderPreview {
    pub text: String,
    /// The appointment the text was filled from (null: no appointment yet, sample values).
    pub appointment_id: Option<i32>,
}

/// The stored settings (the defaults until an admin saves).
pub async fn settings(db: &impl ConnectionTrait) -> Result<ReminderSettings> {
    Ok(crate::kit::db::setting_json(db, SETTINGS_KEY).await?)
}

pub async fn get_settings(cx: &Context) -> Result<ReminderSettingsView> {
    Ok(ReminderSettingsView::new(settings(&cx.db).await?, &cx.site))
}

/// The problems of a template: empty, too long, or a `{name}` that is not
/// one of [`PLACEHOLDERS`] (each unknown one named).
fn check_template(template: &str, field: &str, errors: &mut FieldErrors) {
    if template.trim().is_empty() {
        errors.add(field, "Escreva a mensagem.");
        return;
    }
    if template.chars().count() > MAX_TEMPLATE_CHARS {
        errors.add(field, format!("A mensagem pode ter até {MAX_TEMPLATE_CHARS} caracteres."));
    }
    let mut unknown: Vec<String> = placeholders_in(template).filter(|name| !PLACEHOLDERS.contains(name)).map(|n| format!("{{{n}}}")).collect();
    unknown.dedup();
    if !unknown.is_empty() {
        let what = if unknown.len() == 1 { "Marcador desconhecido" } else { "Marcadores desconhecidos" };
        errors.add(
            field,
            format!("{what}: {}. Use {{cliente}}, {{data}}, {{hora}}, {{profissional}}, {{servico}} ou {{link}}.", unknown.join(", ")),
        );
    }
}

/// The names between braces (`{name}`: a word without spaces, at most 30
/// characters); anything else with braces is plain text.
fn placeholders_in(template: &str) -> impl Iterator<Item = &str> {
    template.split('{').skip(1).filter_map(|part| {
        let (name, _) = part.split_once('}')?;
        let plausible = !name.is_empty() && name.chars().count() <= 30 && !name.contains(char::is_whitespace);
        plausible.then_some(name)
    })
}

/// The values a message is filled with.
pub struct Values {
    pub cliente: String,
    pub data: String,
    pub hora: String,
    pub profissional: String,
    pub servico: String,
    pub link: String,
}

impl Values {
    /// The value of a placeholder's name; `None` for an unknown one.
    fn of(&self, name: &str) -> Option<&str> {
        Some(match name {
            "cliente" => &self.cliente,
            "data" => &self.data,
            "hora" => &self.hora,
            "profissional" => &self.profissional,
            "servico" => &self.servico,
            "link" => &self.link,
            _ => return None,
        })
    }
}

/// `template` with each known placeholder replaced, in one pass over the
/// template: a value is never read again, so a client named `{link}` is
/// called `{link}`. Unknown `{names}` and other braces stay as written.
pub fn fill(template: &str, values: &Values) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        // The nearest `{…}` without another `{` inside it.
        match after.find(['{', '}']).filter(|&end| after.as_bytes()[end] == b'}').and_then(|end| Some((values.of(&after[..end])?, end))) {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Admins only.
pub async fn put_settings(cx: &Context, input: SettingsInput) -> Result<ReminderSettingsView> {
    cx.require_admin()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    if let Some(template) = &input.template {
        check_template(template, "template", &mut errors);
    }
    if input.hours_before.is_some_and(|h| !(1..=MAX_HOURS).contains(&h)) {
        errors.add("hoursBefore", "Use de 1 a 168 horas (uma semana).");
    }
    if let Some(name) = &input.business_name {
        let count = name.trim().chars().count();
        if count == 0 {
            errors.add("businessName", "Informe o nome do negócio.");
        } else if count > 120 {
            errors.add("businessName", "O nome pode ter até 120 caracteres.");
        }
    }
    errors.check()?;
    let after = cx
        .write(async |w| {
            let before = settings(&w.txn).await?;
            let after = ReminderSettings {
                template: input.template.unwrap_or_else(|| before.template.clone()),
                hours_before: input.hours_before.unwrap_or(before.hours_before),
                business_name: input.business_name.map(|n| n.trim().to_string()).unwrap_or_else(|| before.business_name.clone()),
            };
            let value = serde_json::to_string(&after).map_err(anyhow::Error::from)?;
            crate::kit::db::put_setting(&w.txn, SETTINGS_KEY, value).await?;
            let snapshot = |s: &ReminderSettings| serde_json::json!({ "reminders": s });
            w.audit(AuditEntity::Business, 0, "reminders", audit::diff(&snapshot(&before), &snapshot(&after)));
            Ok(after)
        })
        .await?;
    Ok(ReminderSettingsView::new(after, &cx.site))
}

/// A template filled with a real appointment (the one asked for, else the
/// next active one, else the latest), checked as saving would check it.
pub async fn preview(cx: &Context, input: PreviewInput) -> Result<ReminderPreview> {
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    match &input.template {
        None => errors.add("template", "Escreva a mensagem."),
        Some(template) => check_template(template, "template", &mut errors),
    }
    errors.check()?;
    let template = input.template.unwrap_or_default();
    let chosen = match input.appointment_id {
        Some(id) => Some(appointments::reachable(cx, &cx.db, id).await.map_err(|_| AppError::field("appointmentId", appointments::NOT_FOUND))?),
        None => {
            let next = access::appointments(cx, appointment::Entity::find())
                .filter(appointment::Column::StartsAt.gte(Utc::now()))
                .filter(appointment::Column::Status.is_in([AppointmentStatus::Agendado, AppointmentStatus::Confirmado]))
                .order_by_asc(appointment::Column::StartsAt)
                .one(&cx.db)
                .await?;
            match next {
                Some(next) => Some(next),
                None => access::appointments(cx, appointment::Entity::find()).order_by_desc(appointment::Column::StartsAt).one(&cx.db).await?,
            }
        }
    };
    let Some(model) = chosen else {
        let sample = Values {
            cliente: "Maria".into(),
            data: "27/11/2026".into(),
            hora: "14:00".into(),
            profissional: "Paula".into(),
            servico: "Consulta".into(),
            link: format!("{}/c/…", cx.site.public_base),
        };
        return Ok(ReminderPreview { text: fill(&template, &sample), appointment_id: None });
    };
    let id = model.id;
    let row = rows(cx, vec![model]).await?.remove(0);
    Ok(ReminderPreview { text: fill(&template, &row.values), appointment_id: Some(id) })
}

query_params! {
    /// `GET /api/reminders?date=YYYY-MM-DD`.
    pub struct ReminderQuery {
        /// O dia, YYYY-MM-DD (padrão: o próximo dia de expediente).
        pub date: Option<String>,
    }
}

/// One appointment of the day, as the reminders screen lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderRow {
    pub appointment_id: i32,
    pub starts_at: String,
    pub ends_at: String,
    pub client_id: i32,
    pub client_name: String,
    /// As kept on the client's record.
    pub phone: Option<String>,
    /// Why WhatsApp cannot be used (no phone, a landline, not a Brazilian
    /// number); null when it can.
    pub phone_problem: Option<String>,
    pub email: Option<String>,
    pub staff_name: String,
    pub service: String,
    pub status: AppointmentStatus,
    /// `https://wa.me/55…?text=…`: the template filled for this appointment
    /// (only while it is ahead and active, and the phone usable).
    pub whatsapp_url: Option<String>,
    /// The client's link (`/c/{token}`), while the appointment is ahead and active.
    pub link: Option<String>,
    pub whatsapp_sent_at: Option<String>,
    pub whatsapp_sent_by: Option<String>,
    /// off (sem --smtp-url), none (sem lembrete: sem e-mail, ou já não cabe),
    /// pending, sending, sent, failed.
    pub email_state: String,
    pub email_sent_at: Option<String>,
    /// Why the last try failed (a permanent failure, or the one retried).
    pub email_error: Option<String>,
    /// A confirmation or cancellation by the client through the link.
    pub client_response: Option<String>,
    /// The latest notice of a change by the business (cancelled, moved, an
    /// online booking accepted or refused), with its WhatsApp text.
    pub notice: Option<ReminderNotice>,
    #[serde(skip)]
    #[schema(ignore)]
    pub values: Values,
}

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Values")
    }
}

impl Clone for Values {
    fn clone(&self) -> Self {
        Values {
            cliente: self.cliente.clone(),
            data: self.data.clone(),
            hora: self.hora.clone(),
            profissional: self.profissional.clone(),
            servico: self.servico.clone(),
            link: self.link.clone(),
        }
    }
}

/// A notice on the reminders screen.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderNotice {
    pub kind: Kind,
    /// The message, as the e-mail says it.
    pub text: String,
    /// `https://wa.me/55…?text=…` with the message (the phone usable).
    pub whatsapp_url: Option<String>,
    /// off (sem --smtp-url), none (o cliente não tem e-mail), pending, sending, sent, failed.
    pub email_state: String,
    pub email_sent_at: Option<String>,
    pub created_at: String,
}

/// `GET /api/reminders` → `data`: the day asked for, or the next working day.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderDay {
    /// YYYY-MM-DD
    pub date: String,
    pub email_enabled: bool,
    pub hours_before: i32,
    pub rows: Vec<ReminderRow>,
}

/// The number WhatsApp reaches a client's phone at (`55` + area code +
/// the 9-digit mobile number), or why there is none. Accepts what people
/// type: punctuation, a leading `+55`/`55`, a trunk `0`.
pub fn whatsapp_number(phone: Option<&str>) -> Result<String, &'static str> {
    let Some(phone) = phone.filter(|p| !p.trim().is_empty()) else { return Err("Sem telefone cadastrado.") };
    if phone.chars().any(|c| c.is_alphabetic()) {
        return Err("Não é um número de telefone brasileiro.");
    }
    let mut digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if phone.trim_start().starts_with('+') && !digits.starts_with("55") {
        return Err("Não é um número de telefone brasileiro.");
    }
    if (digits.len() == 12 || digits.len() == 13) && digits.starts_with("55") {
        digits.drain(..2);
    }
    if digits.len() == 12 && digits.starts_with('0') {
        digits.remove(0);
    }
    let area_ok = |d: &str| d.as_bytes().first().is_some_and(|b| (b'1'..=b'9').contains(b)) && d.as_bytes()[1] != b'0';
    match digits.len() {
        11 if area_ok(&digits) && digits.as_bytes()[2] == b'9' => Ok(format!("55{digits}")),
        10 if area_ok(&digits) && (b'2'..=b'5').contains(&digits.as_bytes()[2]) => Err("Telefone fixo: o WhatsApp precisa de um celular."),
        _ => Err("Não é um número de telefone brasileiro."),
    }
}

/// `https://wa.me/55…?text=…`: WhatsApp opened on `number` with `text` typed.
pub fn whatsapp_url(number: &str, text: &str) -> String {
    format!("https://wa.me/{number}?text={}", percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC))
}

/// `dd/mm/yyyy` and `HH:MM` of an instant in the business zone.
fn local_date_time(instant: DateTime<Utc>, tz: Tz) -> (String, String) {
    let local = instant.with_timezone(&tz);
    (local.format("%d/%m/%Y").to_string(), local.format("%H:%M").to_string())
}

/// The client's link of an appointment, for its current client: valid
/// until its start, and only while the appointment stays that client's.
pub fn link(cx: &Context, model: &appointment::Model) -> String {
    let claims = LinkClaims { appointment_id: model.id, client_id: model.client_id, purpose: LINK_RESPOND, exp: model.starts_at.timestamp() };
    let token = cx.keys.sign_link(&claims);
    format!("{}/c/{token}", cx.site.public_base)
}

/// An appointment whose reminder still makes sense: active and ahead.
fn remindable(model: &appointment::Model, now: DateTime<Utc>) -> bool {
    matches!(model.status, AppointmentStatus::Agendado | AppointmentStatus::Confirmado) && model.starts_at > now
}

/// Rows of these appointments (in their order), with their clients, staff
/// names and reminders in four queries.
async fn rows(cx: &Context, models: Vec<appointment::Model>) -> Result<Vec<ReminderRow>> {
    let (db, tz) = (&cx.db, cx.tz);
    if models.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i32> = models.iter().map(|m| m.id).collect();
    let client_ids: Vec<i32> = models.iter().map(|m| m.client_id).collect();
    let clients: HashMap<i32, client::Model> =
        client::Entity::find().filter(client::Column::Id.is_in(client_ids)).all(db).await?.into_iter().map(|c| (c.id, c)).collect();
    let staff = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, models.iter().map(|m| m.staff_id).collect()).await?;
    let reminders = reminder::Entity::find()
        .filter(reminder::Column::AppointmentId.is_in(ids.clone()))
        .order_by_asc(reminder::Column::Id)
        .all(db)
        .await?;
    let senders = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, reminders.iter().filter_map(|r| r.sent_by).collect()).await?;
    let responses = client_responses(db, &ids).await?;
    let settings = settings(db).await?;
    let now = Utc::now();
    Ok(models
        .into_iter()
        .map(|m| {
            let client = clients.get(&m.client_id);
            let (data, hora) = local_date_time(m.starts_at, tz);
            let open = remindable(&m, now);
            let link = open.then(|| link(cx, &m));
            let values = Values {
                cliente: client.map(|c| c.name.clone()).unwrap_or_default(),
                data,
                hora,
                profissional: staff.get(&m.staff_id).cloned().unwrap_or_default(),
                servico: m.service.clone(),
                link: link.clone().unwrap_or_default(),
            };
            let phone = client.and_then(|c| c.phone.clone());
            let number = whatsapp_number(phone.as_deref());
            let whatsapp_url = match (&number, open) {
                (Ok(number), true) => Some(whatsapp_url(number, &fill(&settings.template, &values))),
                _ => None,
            };
            let mine = || reminders.iter().filter(|r| r.appointment_id == Some(m.id));
            let whatsapp = mine().filter(|r| r.channel == Channel::Whatsapp && r.kind == Kind::Reminder).last();
            let email = mine().filter(|r| r.channel == Channel::Email && r.kind == Kind::Reminder).last();
            let notice = mine().filter(|r| r.kind.is_notice()).last().map(|last| {
                let sent = mine().filter(|r| r.channel == Channel::Email && r.kind == last.kind && r.created_at == last.created_at).last();
                let former = notices::details_of(last).unwrap_or_default();
                let facts = notices::Facts {
                    business: &settings.business_name,
                    client: &values.cliente,
                    service: &m.service,
                    staff: &values.profissional,
                    starts_at: m.starts_at,
                    former: &former,
                    link: link.clone(),
                };
                let text = notices::words(last.kind, &facts, tz).text();
                ReminderNotice {
                    kind: last.kind,
                    whatsapp_url: number.as_ref().ok().map(|n| {
                        format!("https://wa.me/{n}?text={}", percent_encoding::utf8_percent_encode(&text, percent_encoding::NON_ALPHANUMERIC))
                    }),
                    text,
                    email_state: match sent {
                        _ if !cx.site.email_enabled => "off".into(),
                        Some(r) => r.state.as_str().into(),
                        None => "none".into(),
                    },
                    email_sent_at: sent.and_then(|r| r.sent_at).map(|t| to_local_rfc3339(t, tz)),
                    created_at: to_local_rfc3339(last.created_at, tz),
                }
            });
            let email_state = match email {
                _ if !cx.site.email_enabled => "off".into(),
                Some(r) => r.state.as_str().into(),
                None => "none".into(),
            };
            ReminderRow {
                appointment_id: m.id,
                starts_at: to_local_rfc3339(m.starts_at, tz),
                ends_at: to_local_rfc3339(m.ends_at, tz),
                client_id: m.client_id,
                client_name: values.cliente.clone(),
                phone,
                phone_problem: number.err().map(str::to_string),
                email: client.and_then(|c| c.email.clone()),
                staff_name: values.profissional.clone(),
                service: m.service.clone(),
                status: m.status,
                whatsapp_url,
                link,
                whatsapp_sent_at: whatsapp.and_then(|r| r.sent_at).map(|t| to_local_rfc3339(t, tz)),
                whatsapp_sent_by: whatsapp.and_then(|r| r.sent_by).and_then(|id| senders.get(&id).cloned()),
                email_state,
                email_sent_at: email.and_then(|r| r.sent_at).map(|t| to_local_rfc3339(t, tz)),
                email_error: email.and_then(|r| r.last_error.clone()),
                client_response: responses.get(&m.id).cloned(),
                notice,
                values,
            }
        })
        .collect())
}

/// What the client last did through the link, by appointment: `confirmou`
/// or `cancelou` (from the audit log, where the link's changes are kept).
async fn client_responses(db: &impl ConnectionTrait, ids: &[i32]) -> Result<HashMap<i32, String>> {
    let entries = entities::audit_log::Entity::find()
        .filter(entities::audit_log::Column::Entity.eq(AppointmentView::ENTITY))
        .filter(entities::audit_log::Column::EntityId.is_in(ids.to_vec()))
        .filter(entities::audit_log::Column::Actor.eq(audit::CLIENT_ACTOR))
        .order_by_asc(entities::audit_log::Column::Id)
        .all(db)
        .await?;
    Ok(entries.iter().filter_map(|e| Some((e.entity_id, reply_of(e)?.to_string()))).collect())
}

/// What a client said through their link in an appointment's audit entry:
/// `confirmou` or `cancelou` (None for an entry that changed no status).
pub fn reply_of(entry: &entities::audit_log::Model) -> Option<&'static str> {
    let status = entry.changes.get("status")?.get("new")?.as_str()?;
    Some(if status == AppointmentStatus::Cancelado.as_str() { "cancelou" } else { "confirmou" })
}

/// The first day after today (business zone) with working hours in the
/// business's week; tomorrow when the week has none.
fn next_working_day(today: NaiveDate, week: &hours::Weekly) -> NaiveDate {
    (1..=7)
        .map(|n| today + Duration::days(n))
        .find(|day| week.of_day(day.weekday().number_from_monday() as u8).next().is_some())
        .unwrap_or(today + Duration::days(1))
}

pub async fn day(cx: &Context, query: &ReminderQuery) -> Result<ReminderDay> {
    let date = match query.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Ok(date) if (1900..=2200).contains(&date.year()) => date,
            _ => return Err(AppError::field("date", "Data inválida: use AAAA-MM-DD.")),
        },
        None => next_working_day(Utc::now().with_timezone(&cx.tz).date_naive(), &hours::business(&cx.db).await?),
    };
    let from = local_midnight(date, cx.tz);
    let to = local_midnight(date + Duration::days(1), cx.tz);
    let models = access::appointments(cx, appointment::Entity::find())
        .filter(appointment::Column::StartsAt.gte(from))
        .filter(appointment::Column::StartsAt.lt(to))
        .order_by_asc(appointment::Column::StartsAt)
        .order_by_asc(appointment::Column::Id)
        .all(&cx.db)
        .await?;
    Ok(ReminderDay {
        date: date.format("%Y-%m-%d").to_string(),
        email_enabled: cx.site.email_enabled,
        hours_before: settings(&cx.db).await?.hours_before,
        rows: rows(cx, models).await?,
    })
}

/// `POST /api/reminders/{id}/whatsapp`: the staff member sent the WhatsApp
/// message (the button opened it); who and when are kept and audited.
pub async fn mark_whatsapp_sent(cx: &Context, id: i32) -> Result<ReminderRow> {
    let actor = cx.user()?.id;
    let model = cx
        .write(async |w| {
            // Write first (row lock), read after: see `booking::one`.
            if !crate::kit::db::lock_row::<appointment::Entity>(&w.txn, appointment::Column::Id, id, appointment::Column::Version).await? {
                return Err(AppError::NotFound(appointments::NOT_FOUND.into()));
            }
            let model = appointments::reachable(cx, &w.txn, id).await?;
            if !matches!(model.status, AppointmentStatus::Agendado | AppointmentStatus::Confirmado) {
                return Err(AppError::field("status", format!("Este agendamento está {}: não há o que lembrar.", model.status.label().to_lowercase())));
            }
            let now = Utc::now().trunc_subsecs(0);
            let previous = reminder::Entity::find()
                .filter(reminder::Column::AppointmentId.eq(id))
                .filter(reminder::Column::Channel.eq(Channel::Whatsapp))
                .filter(reminder::Column::Kind.eq(Kind::Reminder))
                .one(&w.txn)
                .await?;
            let before = previous.as_ref().and_then(|r| r.sent_at).map(|t| to_local_rfc3339(t, cx.tz));
            match previous {
                Some(row) => {
                    let mut row: reminder::ActiveModel = row.into();
                    row.sent_at = Set(Some(now));
                    row.sent_by = Set(Some(actor));
                    row.appointment_starts_at = Set(model.starts_at);
                    row.update(&w.txn).await?;
                }
                None => {
                    reminder::ActiveModel {
                        appointment_id: Set(Some(id)),
                        kind: Set(Kind::Reminder),
                        channel: Set(Channel::Whatsapp),
                        state: Set(ReminderState::Sent),
                        recipient: Set(None),
                        appointment_starts_at: Set(model.starts_at),
                        due_at: Set(now),
                        next_attempt_at: Set(now),
                        attempts: Set(1),
                        last_error: Set(None),
                        sent_at: Set(Some(now)),
                        sent_by: Set(Some(actor)),
                        created_at: Set(now),
                        ..Default::default()
                    }
                    .insert(&w.txn)
                    .await?;
                }
            }
            let changes = serde_json::json!({ "whatsappReminderSentAt": { "old": before, "new": to_local_rfc3339(now, cx.tz) } });
            w.audit(AuditEntity::Appointment, id, "reminder", changes);
            Ok(model)
        })
        .await?;
    Ok(rows(cx, vec![model]).await?.remove(0))
}

/// Keeps an appointment's e-mail reminder in step with it, inside the
/// transaction that just wrote it (so the outbox row and the booking are
/// one). Active and ahead, with a client who has an e-mail: one pending
/// reminder for its current start, due `hours_before` ahead (at once when
/// that moment has passed); unchanged when one for that start and the
/// client's address exists already (sent or not). Otherwise, or when it
/// moved or went to another client, the pending one is withdrawn (and
/// replaced).
pub async fn on_saved(txn: &impl ConnectionTrait, saved: &appointment::Model) -> Result<()> {
    let now = Utc::now().trunc_subsecs(0);
    let email = if remindable(saved, now) {
        client::Entity::find_by_id(saved.client_id).one(txn).await?.and_then(|c| c.email)
    } else {
        None
    };
    // A notice of the move or of the acceptance told this start already.
    let existing = reminder::Entity::find()
        .filter(reminder::Column::AppointmentId.eq(saved.id))
        .filter(reminder::Column::Channel.eq(Channel::Email))
        .filter(reminder::Column::Kind.is_in([Kind::Reminder, Kind::NoticeMoved, Kind::NoticeAccepted]))
        .all(txn)
        .await?;
    // Given to another client, the pending one is replaced (it will carry
    // the new client's link) and a sent one stays as it went.
    if let Some(email) = &email
        && existing.iter().any(|r| r.appointment_starts_at == saved.starts_at && r.recipient.as_deref() == Some(email.as_str()))
    {
        return Ok(());
    }
    reminder::Entity::delete_many()
        .filter(reminder::Column::AppointmentId.eq(saved.id))
        .filter(reminder::Column::Channel.eq(Channel::Email))
        .filter(reminder::Column::Kind.eq(Kind::Reminder))
        .filter(reminder::Column::State.is_in([ReminderState::Pending, ReminderState::Sending]))
        .exec(txn)
        .await?;
    let Some(email) = email else { return Ok(()) };
    let hours = settings(txn).await?.hours_before;
    pending_email(saved, email, hours, now).insert(txn).await?;
    Ok(())
}

/// The reminders of an appointment about to be deleted go with it (its
/// notices stay, loose: see `notices`).
pub async fn on_deleting(txn: &impl ConnectionTrait, id: i32) -> Result<()> {
    reminder::Entity::delete_many()
        .filter(reminder::Column::AppointmentId.eq(id))
        .filter(reminder::Column::Kind.eq(Kind::Reminder))
        .exec(txn)
        .await?;
    Ok(())
}

/// `on_saved` for appointments just created together for one client (a
/// series): none has a reminder yet, so the client and the settings are
/// read once and the rows written in one statement.
pub async fn on_booked(txn: &impl ConnectionTrait, booked: &[appointment::Model]) -> Result<()> {
    let now = Utc::now().trunc_subsecs(0);
    let ahead: Vec<&appointment::Model> = booked.iter().filter(|a| remindable(a, now)).collect();
    let Some(first) = ahead.first() else { return Ok(()) };
    let Some(email) = client::Entity::find_by_id(first.client_id).one(txn).await?.and_then(|c| c.email) else { return Ok(()) };
    let hours = settings(txn).await?.hours_before;
    reminder::Entity::insert_many(ahead.iter().map(|a| pending_email(a, email.clone(), hours, now))).exec(txn).await?;
    Ok(())
}

/// The pending e-mail reminder of `saved`, due `hours` before it (at once
/// when that moment has passed).
fn pending_email(saved: &appointment::Model, email: String, hours: i32, now: DateTime<Utc>) -> reminder::ActiveModel {
    let due = (saved.starts_at - Duration::hours(i64::from(hours))).max(now);
    reminder::ActiveModel {
        appointment_id: Set(Some(saved.id)),
        channel: Set(Channel::Email),
        state: Set(ReminderState::Pending),
        recipient: Set(Some(email)),
        appointment_starts_at: Set(saved.starts_at),
        due_at: Set(due),
        next_attempt_at: Set(due),
        attempts: Set(0),
        last_error: Set(None),
        sent_at: Set(None),
        sent_by: Set(None),
        created_at: Set(now),
        kind: Set(Kind::Reminder),
        client_id: Set(None),
        details: Set(None),
        ..Default::default()
    }
}

/// What the client's page shows of an appointment.
#[derive(Debug, Clone)]
pub struct LinkView {
    pub business_name: String,
    pub client_name: String,
    /// "quinta-feira, 27/11/2026"
    pub date: String,
    pub time: String,
    pub staff_name: String,
    pub service: String,
    pub status: AppointmentStatus,
    /// Hours before the start after which the link no longer cancels (the
    /// online booking's setting): `Some` once that time has come.
    pub too_late_to_cancel: Option<i32>,
}

/// What a link leads to.
#[derive(Debug, Clone)]
pub enum LinkState {
    /// Forged, altered, another purpose's, its appointment is gone, or
    /// the appointment is now another client's.
    Invalid,
    /// The appointment has started (or the link's time has passed).
    Expired(LinkView),
    /// Cancelled, done or missed: nothing to confirm or cancel.
    Closed(LinkView),
    /// Agendado, confirmado or pendente (cancel only), ahead: the client may act.
    Open(LinkView),
}

/// What the client asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkAction {
    Confirm,
    Cancel,
}

/// What an action did.
#[derive(Debug, Clone)]
pub enum LinkOutcome {
    /// Not done: the link is not (or no longer) one to act on.
    Refused(LinkState),
    Confirmed(LinkView),
    /// Already confirmed: nothing changed.
    AlreadyConfirmed(LinkView),
    Cancelled(LinkView),
    /// A cancel past the business's deadline: nothing changed.
    TooLateToCancel(LinkView),
}

pub const CLIENT_CANCELLATION: &str = "Cancelado pelo cliente";

async fn link_view(db: &impl ConnectionTrait, tz: Tz, model: &appointment::Model) -> Result<LinkView> {
    let client_name = client::Entity::find_by_id(model.client_id).one(db).await?.map(|c| c.name).unwrap_or_default();
    let staff_name = user::Entity::find_by_id(model.staff_id).one(db).await?.map(|u| u.name).unwrap_or_default();
    let local = model.starts_at.with_timezone(&tz);
    let weekday = hours::weekday_name(local.weekday().number_from_monday() as u8);
    let deadline = crate::booking::online::settings(db).await?.cancel_hours_before;
    let too_late = deadline > 0 && Utc::now() + Duration::hours(i64::from(deadline)) > model.starts_at;
    Ok(LinkView {
        too_late_to_cancel: too_late.then_some(deadline),
        business_name: settings(db).await?.business_name,
        client_name,
        date: format!("{weekday}, {}", local.format("%d/%m/%Y")),
        time: local.format("%H:%M").to_string(),
        staff_name,
        service: model.service.clone(),
        status: model.status,
    })
}

/// The appointment a token names, when its signature and purpose hold.
pub(crate) fn claims(keys: &Keys, token: &str) -> Option<LinkClaims> {
    keys.verify_link(token).filter(|c| c.purpose == LINK_RESPOND)
}

/// What a link leads to, judged on the appointment's row as read now (so
/// a moved appointment shows, and is acted on at, its current time).
pub(crate) async fn judge(db: &impl ConnectionTrait, tz: Tz, claims: &LinkClaims, model: Option<appointment::Model>) -> Result<(LinkState, Option<appointment::Model>)> {
    // Given to another client, the appointment is none of this link's
    // business: it shows and changes nothing while it is theirs. A client
    // merged into the appointment's (`clients::merge`) is the same person:
    // the links they were sent keep working.
    let Some(model) = model else { return Ok((LinkState::Invalid, None)) };
    if model.client_id != claims.client_id
        && !audit::merged_into(db, AuditEntity::Client, model.client_id).await?.iter().any(|(merged, _)| *merged == claims.client_id)
    {
        return Ok((LinkState::Invalid, None));
    }
    let view = link_view(db, tz, &model).await?;
    let now = Utc::now().timestamp();
    let state = if now >= claims.exp.min(model.starts_at.timestamp()) {
        LinkState::Expired(view)
    } else if matches!(model.status, AppointmentStatus::Agendado | AppointmentStatus::Confirmado | AppointmentStatus::Pendente) {
        LinkState::Open(view)
    } else {
        LinkState::Closed(view)
    };
    Ok((state, Some(model)))
}

/// The appointment of a link as an iCalendar file for the client's own
/// calendar; none for a link that names no appointment of theirs.
pub async fn link_calendar(db: &sea_orm::DatabaseConnection, keys: &Keys, tz: Tz, token: &str) -> Result<Option<String>> {
    let Some(claims) = claims(keys, token) else { return Ok(None) };
    let model = appointment::Entity::find_by_id(claims.appointment_id).one(db).await?;
    let (state, model) = judge(db, tz, &claims, model).await?;
    let (LinkState::Open(view) | LinkState::Closed(view) | LinkState::Expired(view), Some(model)) = (state, model) else { return Ok(None) };
    Ok(Some(crate::booking::calendar::client_event(&view.business_name, &view.staff_name, &model)))
}

/// What a link shows; reads only (a GET never changes anything).
pub async fn link_state(db: &sea_orm::DatabaseConnection, keys: &Keys, tz: Tz, token: &str) -> Result<LinkState> {
    let Some(claims) = claims(keys, token) else { return Ok(LinkState::Invalid) };
    let model = appointment::Entity::find_by_id(claims.appointment_id).one(db).await?;
    Ok(judge(db, tz, &claims, model).await?.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatsapp_numbers_are_brazilian_mobiles() {
        assert_eq!(whatsapp_number(Some("11987654321")), Ok("5511987654321".into()));
        assert_eq!(whatsapp_number(Some("(11) 98765-4321")), Ok("5511987654321".into()));
        assert_eq!(whatsapp_number(Some("+55 11 98765-4321")), Ok("5511987654321".into()));
        assert_eq!(whatsapp_number(Some("5511987654321")), Ok("5511987654321".into()));
        assert_eq!(whatsapp_number(Some("011987654321")), Ok("5511987654321".into()));
        assert_eq!(whatsapp_number(None), Err("Sem telefone cadastrado."));
        assert_eq!(whatsapp_number(Some("  ")), Err("Sem telefone cadastrado."));
        assert_eq!(whatsapp_number(Some("1133334444")), Err("Telefone fixo: o WhatsApp precisa de um celular."));
        for bad in ["+1 212 555 0100", "987654321", "01987654321", "abc", "00987654321", "119876543210000"] {
            assert_eq!(whatsapp_number(Some(bad)), Err("Não é um número de telefone brasileiro."), "{bad}");
        }
    }

    #[test]
    fn templates_name_only_known_placeholders() {
        let check = |t: &str| {
            let mut errors = FieldErrors::new();
            check_template(t, "template", &mut errors);
            errors.check().err().map(|e| format!("{e:?}"))
        };
        assert!(check(DEFAULT_TEMPLATE).is_none());
        assert!(check("Oi {cliente}, { até } logo {}").is_none(), "braces that are no placeholder are text");
        assert!(check("Oi {nome} e {Cliente}").unwrap().contains("Marcadores desconhecidos: {nome}, {Cliente}"));
        assert!(check(&"a".repeat(1001)).unwrap().contains("até 1000 caracteres"));
        assert!(check(&"a".repeat(1000)).is_none());
        assert!(check(" ").is_some());
        let values = Values {
            cliente: "Ana".into(),
            data: "27/11/2026".into(),
            hora: "14:00".into(),
            profissional: "Paula".into(),
            servico: "Corte".into(),
            link: "http://x/c/t".into(),
        };
        assert_eq!(fill("{cliente} {data} {hora} {profissional} {servico} {link} {x}", &values), "Ana 27/11/2026 14:00 Paula Corte http://x/c/t {x}");
    }

    #[test]
    fn placeholders_are_filled_in_one_pass_never_inside_values() {
        let values = Values {
            cliente: "{link} {profissional} {hora}".into(),
            data: "{cliente}".into(),
            hora: "14:00".into(),
            profissional: "Paula {servico}".into(),
            servico: "Corte {".into(),
            link: "http://x/c/t?{data}".into(),
        };
        assert_eq!(
            fill("Olá, {cliente}! {servico} com {profissional} em {data} às {hora}: {link}", &values),
            "Olá, {link} {profissional} {hora}! Corte { com Paula {servico} em {cliente} às 14:00: http://x/c/t?{data}"
        );
        // Unknown names, stray and nested braces stay as written.
        let plain = Values { cliente: "Ana".into(), ..values.clone() };
        assert_eq!(fill("{x} {{cliente}} {cli{cliente}} { } {} {hora", &plain), "{x} {Ana} {cliAna} { } {} {hora");
        assert_eq!(fill("", &plain), "");
        assert_eq!(fill("sem marcadores", &plain), "sem marcadores");
        assert_eq!(fill("{hora}{hora}", &plain), "14:0014:00");
        assert_eq!(fill("ação {cliente} é", &plain), "ação Ana é", "multibyte text around a placeholder");
    }

    #[test]
    fn the_next_working_day_skips_days_without_hours() {
        let week = hours::Weekly::business_default();
        let friday = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(next_working_day(friday, &week), NaiveDate::from_ymd_opt(2026, 11, 30).unwrap());
        let monday = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        assert_eq!(next_working_day(monday, &week), NaiveDate::from_ymd_opt(2026, 11, 24).unwrap());
        assert_eq!(next_working_day(monday, &hours::Weekly::default()), NaiveDate::from_ymd_opt(2026, 11, 24).unwrap());
    }
}
