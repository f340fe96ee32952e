//! Appointments: list with filters, detail, CSV export, and what a booking
//! is made of: its body (`AppointmentInput`), its checks (`validate`) and
//! its views, and its history. The writes, one appointment or a series, are
//! the gate's (`booking`).

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, SubsecRound, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity, Audited};
use crate::booking::catalogue;
use crate::booking::schedule::{self, Booking, MAX_MINUTES};
use crate::kit::list::{ListParams, ListQuery, ListStatements, SortKey, Sorting};
use crate::kit::validation::{TextPatch, check_notes, patched, reject_unknown};
use crate::kit::{Context, Page, Versioned, csv, find, names_by_id};
use crate::kit::time::{Span, local_midnight, parse_instant, to_local_rfc3339};
use entities::appointment::{AppointmentStatus, Channel};
use entities::service::ServiceColor;
use entities::{appointment, audit_log, client, service, user};
use crate::kit::access;

pub const NOT_FOUND: &str = "Agendamento não encontrado.";

impl Versioned for appointment::Entity {
    const ID: appointment::Column = appointment::Column::Id;
    const VERSION: appointment::Column = appointment::Column::Version;
    const UPDATED_AT: appointment::Column = appointment::Column::UpdatedAt;
    const NOT_FOUND: &'static str = NOT_FOUND;
}

/// The message for a status name that is not one; a long text is not
/// repeated back (statuses have at most 10 letters).
fn unknown_status(name: &str) -> String {
    const CHOICES: &str = "Use agendado, confirmado, concluido, cancelado, faltou ou pendente.";
    if name.chars().count() > 20 {
        return format!("Situação inválida. {CHOICES}");
    }
    format!("Situação inválida: {name}. {CHOICES}")
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Appointment)]
pub struct AppointmentView {
    pub id: i32,
    pub client_id: i32,
    pub client_name: String,
    pub staff_id: i32,
    pub staff_name: String,
    /// The service's name as it was when booked.
    pub service: String,
    /// The catalogue's service, when booked from it.
    pub service_id: Option<i32>,
    /// That service's colour now (for the agenda).
    pub service_color: Option<ServiceColor>,
    /// Time kept free before and after it (its service's when booked).
    pub buffer_before_minutes: i32,
    pub buffer_after_minutes: i32,
    /// The series it is an occurrence of, if any.
    pub series_id: Option<i32>,
    /// Its place in that series, from 1, by start ("3 de 12").
    pub series_position: Option<usize>,
    /// How many occurrences the series has.
    pub series_total: Option<usize>,
    pub starts_at: String,
    pub ends_at: String,
    pub status: AppointmentStatus,
    /// The statuses it may change to now (`PATCH …/status`), in order.
    pub next_statuses: Vec<AppointmentStatus>,
    pub price_cents: i64,
    pub notes: Option<String>,
    pub cancellation_reason: Option<String>,
    /// Where it was booked: `balcao` (by the staff) or `internet` (by the client, on `/agendar`).
    pub channel: Channel,
    pub version: i32,
    pub created_at: String,
    pub updated_at: String,
}

impl Audited for AppointmentView {
    const ENTITY: AuditEntity = AuditEntity::Appointment;

    fn id(&self) -> i32 {
        self.id
    }

    /// The audited fields (what follows from the status is not one).
    fn snapshot(&self) -> Value {
        let mut value = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Some(fields) = value.as_object_mut() {
            fields.remove("nextStatuses");
            fields.remove("serviceColor");
            fields.remove("seriesPosition");
            fields.remove("seriesTotal");
        }
        value
    }
}

query_params! {
    /// `?status&staff_id&client_id`: which appointments, for the list, its
    /// export and the agenda. `status` may list several, comma-separated.
    pub struct AppointmentFilter {
        /// Um ou vários, separados por vírgula.
        pub status: Option<String>,
        pub staff_id: Option<i32>,
        pub client_id: Option<i32>,
    }
}

query_params! {
    /// `?from&to` of the list and its export: RFC 3339 instants or dates
    /// (YYYY-MM-DD) of the business time zone; `from` is inclusive, a `to` date
    /// includes that whole day.
    pub struct TimeRange {
        /// Instante RFC 3339 ou data YYYY-MM-DD (inclusivo).
        pub from: Option<String>,
        /// Instante RFC 3339 ou data YYYY-MM-DD (a data inclui o dia todo).
        pub to: Option<String>,
    }
}

/// Body of POST and PUT. Times are RFC 3339 (any offset) or local wall-clock times in the business zone. Give `endsAt`
/// or `durationMinutes`, not both. On PUT an absent field keeps its value
/// (moving `startsAt` alone keeps the duration) and `version` is required.
/// Unknown fields are refused (422). A staff member's active appointments
/// never overlap (409 naming the other one). With `serviceId`, the name and
/// buffers come from the catalogue, and a duration or a price not given
/// too. A time outside the staff member's working hours, in their time off
/// or within another appointment's buffer is a 422 with `rule`, unless
/// `allowOutsideHours` is true. On POST, `repeat` books a series (answered
/// as `{"data": [every appointment], "seriesId"}`): all of it or, when any
/// date cannot be booked, nothing (409 with `conflicts`).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AppointmentBody)]
pub struct AppointmentInput {
    pub client_id: Option<i32>,
    pub staff_id: Option<i32>,
    /// Texto livre; com `serviceId`, o nome do catálogo.
    #[serde(default)]
    pub service: TextPatch,
    /// Um serviço ativo do catálogo; `null` desfaz o vínculo.
    #[serde(default, deserialize_with = "crate::kit::validation::present")]
    #[schema(value_type = Option<i32>)]
    pub service_id: Option<Option<i32>>,
    /// true: agenda mesmo fora do horário, na folga ou no intervalo de outro atendimento (depois de perguntar).
    pub allow_outside_hours: Option<bool>,
    /// RFC 3339 with any offset, or a wall-clock time in the business zone.
    pub starts_at: Option<String>,
    #[serde(default)]
    pub ends_at: TextPatch,
    pub duration_minutes: Option<i64>,
    pub status: Option<String>,
    pub price_cents: Option<i64>,
    #[serde(default)]
    pub notes: TextPatch,
    #[serde(default)]
    pub cancellation_reason: TextPatch,
    pub version: Option<i32>,
    /// POST: repete o agendamento (uma série).
    pub repeat: Option<RepeatInput>,
    /// POST com `repeat`: dias da série que não são agendados (YYYY-MM-DD).
    pub skip_dates: Option<Vec<String>>,
    /// POST com `repeat`: dias da série agendados em outro horário.
    pub moves: Option<Vec<MoveInput>>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// `repeat` of `POST /api/appointments`: the appointment given is the
/// series' first day and time. Give `count` or `until`, not both.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RepeatBody)]
pub struct RepeatInput {
    /// De 1 a 12: a cada quantas semanas ou meses.
    #[schema(required, value_type = i64)]
    pub every: Option<i64>,
    /// `week`, ou `month` (no mesmo dia da semana do mês que o primeiro: "toda 2ª terça"; "última" quando o primeiro cai na 5ª semana).
    #[schema(required, value_type = String)]
    pub unit: Option<String>,
    /// Semanal: os dias da semana, de 1 (segunda) a 7 (domingo).
    pub weekdays: Option<Vec<i64>>,
    /// Quantos agendamentos, de 1 a 104.
    pub count: Option<i64>,
    /// Último dia (inclusivo), YYYY-MM-DD, no máximo dois anos depois do primeiro.
    pub until: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// One occurrence of a new series booked at another time than its rule's
/// (`moves` of `POST /api/appointments`).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MoveBody)]
pub struct MoveInput {
    /// O dia da série que muda, YYYY-MM-DD.
    #[schema(required, value_type = String)]
    pub date: Option<String>,
    /// O novo início (RFC 3339 ou horário local do negócio); a duração fica.
    #[schema(required, value_type = String)]
    pub starts_at: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// Body of `PATCH /api/appointments/{id}/status`; `cancelado` needs a reason.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StatusBody)]
pub struct StatusInput {
    /// agendado, confirmado, concluido, cancelado or faltou.
    #[schema(required, value_type = String)]
    pub status: Option<String>,
    #[schema(required, value_type = i32)]
    pub version: Option<i32>,
    #[serde(default)]
    pub cancellation_reason: TextPatch,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

enum Bound {
    Instant(DateTime<Utc>),
    Date(NaiveDate),
}

fn parse_bound(text: &str) -> Option<Bound> {
    let text = text.trim();
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(Bound::Date(date));
    }
    DateTime::parse_from_rfc3339(text).ok().map(|t| Bound::Instant(t.with_timezone(&Utc)))
}

const SORTING: Sorting<appointment::Column> = Sorting {
    keys: &[
        SortKey { name: "startsAt", aliases: &["starts_at"], column: appointment::Column::StartsAt },
        SortKey { name: "endsAt", aliases: &["ends_at"], column: appointment::Column::EndsAt },
        SortKey { name: "createdAt", aliases: &["created_at"], column: appointment::Column::CreatedAt },
        SortKey { name: "updatedAt", aliases: &["updated_at"], column: appointment::Column::UpdatedAt },
        SortKey { name: "status", aliases: &[], column: appointment::Column::Status },
        SortKey { name: "priceCents", aliases: &["price_cents"], column: appointment::Column::PriceCents },
        SortKey { name: "service", aliases: &[], column: appointment::Column::Service },
        SortKey { name: "id", aliases: &[], column: appointment::Column::Id },
    ],
    default: "startsAt",
    id: appointment::Column::Id,
};

/// The filtered query of a list or an export, and its checked page and order.
fn filtered(
    list: &ListQuery,
    range: &TimeRange,
    filter: &AppointmentFilter,
    tz: Tz,
) -> Result<(Select<appointment::Entity>, ListParams<appointment::Column>)> {
    let mut errors = FieldErrors::new();
    let params = list.check(&SORTING, &mut errors);
    let mut select = appointment::Entity::find();
    if let Some(text) = range.from.as_deref().filter(|t| !t.trim().is_empty()) {
        match parse_bound(text) {
            Some(Bound::Date(date)) => select = select.filter(appointment::Column::StartsAt.gte(local_midnight(date, tz))),
            Some(Bound::Instant(instant)) => select = select.filter(appointment::Column::StartsAt.gte(instant)),
            None => errors.add("from", "Data inválida: use AAAA-MM-DD ou RFC 3339 com fuso."),
        }
    }
    if let Some(text) = range.to.as_deref().filter(|t| !t.trim().is_empty()) {
        match parse_bound(text) {
            Some(Bound::Date(date)) => {
                let next = date.succ_opt().unwrap_or(date);
                select = select.filter(appointment::Column::StartsAt.lt(local_midnight(next, tz)))
            }
            Some(Bound::Instant(instant)) => select = select.filter(appointment::Column::StartsAt.lte(instant)),
            None => errors.add("to", "Data inválida: use AAAA-MM-DD ou RFC 3339 com fuso."),
        }
    }
    if let Some(text) = filter.status.as_deref().filter(|t| !t.trim().is_empty()) {
        let wanted: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        let statuses: Vec<Option<AppointmentStatus>> = wanted.iter().map(|s| AppointmentStatus::parse(s)).collect();
        match wanted.iter().zip(&statuses).find(|(_, status)| status.is_none()) {
            Some((bad, _)) => errors.add("status", unknown_status(bad)),
            None => select = select.filter(appointment::Column::Status.is_in(statuses.into_iter().flatten())),
        }
    }
    if let Some(staff) = filter.staff_id {
        select = select.filter(appointment::Column::StaffId.eq(staff));
    }
    if let Some(client) = filter.client_id {
        select = select.filter(appointment::Column::ClientId.eq(client));
    }
    match params {
        Some(params) if errors.is_empty() => Ok((select, params)),
        _ => Err(AppError::invalid(errors)),
    }
}

/// The statements one page of the list runs (the plan tests explain them).
pub fn list_statements(
    backend: DbBackend,
    list: &ListQuery,
    range: &TimeRange,
    filter: &AppointmentFilter,
    tz: Tz,
) -> Result<ListStatements> {
    let (select, params) = filtered(list, range, filter, tz)?;
    params.statements(backend, select)
}

pub async fn list(
    cx: &Context,
    list: &ListQuery,
    range: &TimeRange,
    filter: &AppointmentFilter,
) -> Result<Page<AppointmentView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let (select, params) = filtered(list, range, filter, tz)?;
    let page = params.fetch(db, access::appointments(cx, select)).await?;
    Ok(Page { data: views(db, page.data, tz).await?, meta: page.meta })
}

/// Every appointment the list's filters select that `cx` reaches (all
/// pages, in the list's order): the export and the agenda's days.
pub async fn all(cx: &Context, list: &ListQuery, range: &TimeRange, filter: &AppointmentFilter) -> Result<Vec<AppointmentView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let (select, params) = filtered(list, range, filter, tz)?;
    views(db, params.order(access::appointments(cx, select)).all(db).await?, tz).await
}

/// Every appointment the list's filters select (all pages), as CSV.
pub async fn export_csv(
    cx: &Context,
    list: &ListQuery,
    range: &TimeRange,
    filter: &AppointmentFilter,
) -> Result<Vec<u8>> {
    let views = all(cx, list, range, filter).await?;
    let mut out = csv::CsvWriter::new(&[
        "Data",
        "Início",
        "Fim",
        "Cliente",
        "Profissional",
        "Serviço",
        "Situação",
        "Valor (R$)",
        "Observações",
    ])?;
    for view in views {
        let starts = DateTime::parse_from_rfc3339(&view.starts_at).map_err(anyhow::Error::from)?;
        let ends = DateTime::parse_from_rfc3339(&view.ends_at).map_err(anyhow::Error::from)?;
        out.row(&[
            starts.format("%d/%m/%Y").to_string(),
            starts.format("%H:%M").to_string(),
            ends.format("%H:%M").to_string(),
            view.client_name,
            view.staff_name,
            view.service,
            view.status.label().to_string(),
            csv::money(view.price_cents),
            view.notes.unwrap_or_default(),
        ])?;
    }
    out.finish()
}

/// Views of many appointments, with client and staff names in two queries
/// (and their services' colours in a third, when any has one).
pub async fn views(db: &impl ConnectionTrait, rows: Vec<appointment::Model>, tz: Tz) -> Result<Vec<AppointmentView>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let client_ids: Vec<i32> = rows.iter().map(|a| a.client_id).collect();
    let staff_ids: Vec<i32> = rows.iter().map(|a| a.staff_id).collect();
    let mut service_ids: Vec<i32> = rows.iter().filter_map(|a| a.service_id).collect();
    service_ids.sort_unstable();
    service_ids.dedup();
    let clients = names_by_id::<client::Entity>(db, client::Column::Id, client::Column::Name, client_ids).await?;
    let staff = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, staff_ids).await?;
    let mut series_ids: Vec<i32> = rows.iter().filter_map(|a| a.series_id).collect();
    series_ids.sort_unstable();
    series_ids.dedup();
    let positions = positions(db, series_ids).await?;
    let colors: HashMap<i32, ServiceColor> = if service_ids.is_empty() {
        HashMap::new()
    } else {
        service::Entity::find()
            .select_only()
            .column(service::Column::Id)
            .column(service::Column::Color)
            .filter(service::Column::Id.is_in(service_ids))
            .into_tuple()
            .all(db)
            .await?
            .into_iter()
            .collect()
    };
    Ok(rows
        .into_iter()
        .map(|a| AppointmentView {
            id: a.id,
            client_name: clients.get(&a.client_id).cloned().unwrap_or_default(),
            client_id: a.client_id,
            staff_name: staff.get(&a.staff_id).cloned().unwrap_or_default(),
            staff_id: a.staff_id,
            service: a.service,
            service_color: a.service_id.and_then(|id| colors.get(&id).copied()),
            service_id: a.service_id,
            buffer_before_minutes: a.buffer_before_minutes,
            buffer_after_minutes: a.buffer_after_minutes,
            series_id: a.series_id,
            series_position: positions.get(&a.id).map(|p| p.0),
            series_total: positions.get(&a.id).map(|p| p.1),
            starts_at: to_local_rfc3339(a.starts_at, tz),
            ends_at: to_local_rfc3339(a.ends_at, tz),
            status: a.status,
            next_statuses: a.status.transitions(),
            price_cents: a.price_cents,
            notes: a.notes,
            cancellation_reason: a.cancellation_reason,
            channel: a.channel,
            version: a.version,
            created_at: to_local_rfc3339(a.created_at, tz),
            updated_at: to_local_rfc3339(a.updated_at, tz),
        })
        .collect())
}

/// Each series' position of its occurrences: `(position from 1, total)` by
/// appointment id, for the "3 de 12" of a view.
pub async fn positions(db: &impl ConnectionTrait, series_ids: Vec<i32>) -> Result<HashMap<i32, (usize, usize)>> {
    if series_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, Option<i32>)> = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::Id)
        .column(appointment::Column::SeriesId)
        .filter(appointment::Column::SeriesId.is_in(series_ids))
        .order_by_asc(appointment::Column::SeriesId)
        .order_by_asc(appointment::Column::StartsAt)
        .order_by_asc(appointment::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut totals: HashMap<i32, usize> = HashMap::new();
    for (_, series) in &rows {
        *totals.entry(series.unwrap_or_default()).or_default() += 1;
    }
    let mut seen: HashMap<i32, usize> = HashMap::new();
    Ok(rows
        .into_iter()
        .map(|(id, series)| {
            let series = series.unwrap_or_default();
            let position = seen.entry(series).or_default();
            *position += 1;
            (id, (*position, totals[&series]))
        })
        .collect())
}

pub(crate) async fn view(db: &impl ConnectionTrait, model: appointment::Model, tz: Tz) -> Result<AppointmentView> {
    Ok(views(db, vec![model], tz).await?.remove(0))
}

pub async fn get(cx: &Context, id: i32) -> Result<AppointmentView> {
    view(&cx.db, reachable(cx, &cx.db, id).await?, cx.tz).await
}

/// The appointment `id`, when `cx` reaches it; else the 404 of one that is
/// not there (a Profissional and someone else's: docs/permissions.md).
pub async fn reachable(cx: &Context, db: &impl ConnectionTrait, id: i32) -> Result<appointment::Model> {
    let model = find::<appointment::Entity>(db, id).await?;
    access::check_appointment(cx, model.staff_id, NOT_FOUND)?;
    Ok(model)
}

/// The checked values of an appointment.
#[derive(Debug, Clone)]
pub(crate) struct Fields {
    pub(crate) client_id: i32,
    pub(crate) staff_id: i32,
    service: String,
    service_id: Option<i32>,
    buffer_before_minutes: i32,
    buffer_after_minutes: i32,
    /// New, or its time, staff member or buffers change: the schedule's
    /// rules apply (an edit of notes does not re-judge an old booking).
    rescheduled: bool,
    allow_outside_hours: bool,
    pub(crate) starts_at: DateTime<Utc>,
    pub(crate) ends_at: DateTime<Utc>,
    status: AppointmentStatus,
    price_cents: i64,
    notes: Option<String>,
    cancellation_reason: Option<String>,
}

impl Fields {
    pub(crate) fn status(&self) -> AppointmentStatus {
        self.status
    }

    /// The same appointment at another time (an occurrence of a series).
    pub(crate) fn at(&self, starts_at: DateTime<Utc>, ends_at: DateTime<Utc>) -> Fields {
        Fields { starts_at, ends_at, ..self.clone() }
    }

    pub(crate) fn active_model(&self) -> appointment::ActiveModel {
        appointment::ActiveModel {
            client_id: Set(self.client_id),
            staff_id: Set(self.staff_id),
            service: Set(self.service.clone()),
            service_id: Set(self.service_id),
            buffer_before_minutes: Set(self.buffer_before_minutes),
            buffer_after_minutes: Set(self.buffer_after_minutes),
            starts_at: Set(self.starts_at),
            ends_at: Set(self.ends_at),
            status: Set(self.status),
            price_cents: Set(self.price_cents),
            notes: Set(self.notes.clone()),
            cancellation_reason: Set(self.cancellation_reason.clone()),
            ..Default::default()
        }
    }

    /// What the schedule's rules are asked about it.
    pub(crate) fn booking(&self, except: Option<i32>) -> Booking {
        Booking {
            staff_id: self.staff_id,
            time: Span { start: self.starts_at, end: self.ends_at },
            blocked: schedule::blocked(self.starts_at, self.ends_at, self.buffer_before_minutes, self.buffer_after_minutes),
            except,
            rules: self.rescheduled && !self.allow_outside_hours,
        }
    }
}

/// The service a booking names (`serviceId`), when it names a new one: it
/// must exist, be active and be offered by the staff member.
async fn chosen_service(
    db: &impl ConnectionTrait,
    input: &AppointmentInput,
    current: Option<&appointment::Model>,
    staff_id: Option<i32>,
    tz: Tz,
    errors: &mut FieldErrors,
) -> Result<Option<catalogue::ServiceView>> {
    let Some(Some(id)) = input.service_id else { return Ok(None) };
    let unchanged = current.is_some_and(|c| c.service_id == Some(id)) && input.staff_id.is_none_or(|s| current.is_some_and(|c| c.staff_id == s));
    if unchanged {
        return Ok(None);
    }
    let found = match catalogue::one(db, id, tz).await {
        Ok(found) => found,
        Err(AppError::NotFound(_)) => {
            errors.add("serviceId", catalogue::NOT_FOUND);
            return Ok(None);
        }
        Err(other) => return Err(other),
    };
    if !found.active {
        errors.add("serviceId", "Este serviço está desativado: escolha outro.");
    } else if let Some(staff_id) = staff_id.filter(|s| !found.offered_by(*s)) {
        let name = user::Entity::find_by_id(staff_id).one(db).await?.map(|u| u.name).unwrap_or_default();
        errors.add("serviceId", format!("{name} não oferece este serviço."));
    }
    Ok(Some(found))
}

/// `input` over `current` (absent fields keep the current value), checked.
pub(crate) async fn validate(
    db: &impl ConnectionTrait,
    input: &AppointmentInput,
    current: Option<&appointment::Model>,
    tz: Tz,
) -> Result<Fields> {
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    // A series is asked for when booking; its changes go by `?scope=`.
    if current.is_some() {
        for (given, field) in [(input.repeat.is_some(), "repeat"), (input.skip_dates.is_some(), "skipDates"), (input.moves.is_some(), "moves")] {
            if given {
                errors.add(field, "Só ao criar: para mudar uma série use scope (this, following ou all).");
            }
        }
    } else if input.repeat.is_none() {
        for (given, field) in [(input.skip_dates.is_some(), "skipDates"), (input.moves.is_some(), "moves")] {
            if given {
                errors.add(field, "Só numa série (com repeat).");
            }
        }
    }

    // Client: must exist and not be archived (checked when it is chosen).
    let client_id = input.client_id.or(current.map(|c| c.client_id));
    match (client_id, input.client_id) {
        (None, _) => errors.add("clientId", "Informe o cliente."),
        (Some(id), Some(_)) if current.is_none_or(|c| c.client_id != id) => {
            match client::Entity::find_by_id(id).one(db).await? {
                None => errors.add("clientId", "Cliente não encontrado."),
                Some(c) if c.archived => {
                    errors.add("clientId", "Este cliente está arquivado; desarquive-o para agendar.")
                }
                Some(_) => {}
            }
        }
        _ => {}
    }

    // Staff member: an active user (checked when chosen).
    let staff_id = input.staff_id.or(current.map(|c| c.staff_id));
    match (staff_id, input.staff_id) {
        (None, _) => errors.add("staffId", "Informe o profissional."),
        (Some(id), Some(_)) if current.is_none_or(|c| c.staff_id != id) => {
            let active = user::Entity::find_by_id(id).one(db).await?.is_some_and(|u| u.active);
            if !active {
                errors.add("staffId", "Profissional não encontrado ou inativo.");
            }
        }
        _ => {}
    }

    let chosen = chosen_service(db, input, current, staff_id, tz, &mut errors).await?;
    let service_id = match input.service_id {
        None => current.and_then(|c| c.service_id),
        Some(id) => id,
    };
    let current_service = current.map(|c| c.service.clone());
    let service = match chosen.as_ref().map(|s| s.name.clone()).or_else(|| patched(&input.service, current_service)) {
        None => {
            errors.add("service", "Informe o serviço.");
            String::new()
        }
        Some(s) if s.chars().count() > 120 => {
            errors.add("service", "O serviço pode ter até 120 caracteres.");
            s
        }
        Some(s) => s,
    };

    // Times: start; end or duration (not both); end after start; 12 h at most.
    let starts_at = match &input.starts_at {
        None => current.map(|c| c.starts_at),
        Some(text) => match parse_instant(text, tz) {
            Ok(t) => Some(t.trunc_subsecs(0)),
            Err(message) => {
                errors.add("startsAt", message);
                None
            }
        },
    };
    if starts_at.is_none() && input.starts_at.is_none() {
        errors.add("startsAt", "Informe o início (startsAt).");
    }
    let explicit_end = match input.ends_at.text() {
        Some(text) => match parse_instant(text, tz) {
            Ok(t) => Some(Some(t.trunc_subsecs(0))),
            Err(message) => {
                errors.add("endsAt", message);
                Some(None)
            }
        },
        _ => None,
    };
    if explicit_end.is_some() && input.duration_minutes.is_some() {
        errors.add("durationMinutes", "Informe o fim (endsAt) ou a duração (durationMinutes), não os dois.");
    }
    if input.duration_minutes.is_some_and(|m| !(1..=MAX_MINUTES).contains(&m)) {
        errors.add("durationMinutes", "A duração deve ser de 1 a 720 minutos (12 horas).");
    }
    // A new service's length, when no end or duration is given.
    let duration_minutes = input.duration_minutes.or_else(|| {
        chosen.as_ref().filter(|_| explicit_end.is_none()).map(|s| i64::from(s.duration_minutes))
    });
    let ends_at = match (explicit_end, duration_minutes, starts_at) {
        (Some(end), _, _) => end,
        (None, Some(minutes), Some(start)) if (1..=MAX_MINUTES).contains(&minutes) => Some(start + Duration::minutes(minutes)),
        (None, Some(_), _) => None,
        // Moving the start alone keeps the duration.
        (None, None, Some(start)) => match current {
            Some(c) => Some(start + (c.ends_at - c.starts_at)),
            None => {
                errors.add("endsAt", "Informe o fim (endsAt) ou a duração (durationMinutes).");
                None
            }
        },
        (None, None, None) => None,
    };
    if let (Some(start), Some(end)) = (starts_at, ends_at) {
        if end <= start {
            errors.add("endsAt", "O fim deve ser depois do início.");
        } else if end - start > Duration::minutes(MAX_MINUTES) {
            errors.add("endsAt", "Um agendamento pode durar no máximo 12 horas.");
        }
    }

    // Status: a known value; on create agendado or confirmado; on update only
    // an allowed transition; cancelado needs a reason.
    let current_status = current.map(|c| c.status);
    let status = match input.status.as_deref().map(str::trim) {
        None => Some(current_status.unwrap_or(AppointmentStatus::Agendado)),
        Some(name) => {
            let status = AppointmentStatus::parse(name);
            if status.is_none() {
                errors.add("status", unknown_status(name));
            }
            status
        }
    };
    match (current_status, status) {
        (None, Some(status)) if !status.is_initial() => {
            errors.add("status", "Um agendamento novo começa como agendado ou confirmado.")
        }
        (Some(from), Some(status)) if from != status && !from.can_become(status) => {
            errors.add("status", format!("Não é possível mudar a situação de {from} para {status}."))
        }
        _ => {}
    }
    let reason = patched(&input.cancellation_reason, current.and_then(|c| c.cancellation_reason.clone()));
    let cancellation_reason = if status == Some(AppointmentStatus::Cancelado) {
        if reason.is_none() {
            errors.add("cancellationReason", "Informe o motivo do cancelamento.");
        } else if reason.as_ref().is_some_and(|r| r.chars().count() > 500) {
            errors.add("cancellationReason", "O motivo pode ter até 500 caracteres.");
        }
        reason
    } else {
        None
    };

    let price_cents =
        input.price_cents.or(chosen.as_ref().map(|s| s.price_cents)).or(current.map(|c| c.price_cents)).unwrap_or(0);
    // Buffers: the new service's; none once the link is undone; else as booked.
    let (buffer_before_minutes, buffer_after_minutes) = match (&chosen, service_id, current) {
        (Some(s), _, _) => (s.buffer_before_minutes, s.buffer_after_minutes),
        (None, None, _) | (None, _, None) => (0, 0),
        (None, Some(_), Some(c)) => (c.buffer_before_minutes, c.buffer_after_minutes),
    };
    let rescheduled = current.is_none_or(|c| {
        Some(c.starts_at) != starts_at
            || Some(c.ends_at) != ends_at
            || Some(c.staff_id) != staff_id
            || c.buffer_before_minutes != buffer_before_minutes
            || c.buffer_after_minutes != buffer_after_minutes
    });
    if price_cents < 0 {
        errors.add("priceCents", "O valor não pode ser negativo.");
    } else if price_cents > 10_000_000_000 {
        errors.add("priceCents", "Valor alto demais.");
    }
    let notes = patched(&input.notes, current.and_then(|c| c.notes.clone()));
    check_notes(notes.as_deref(), &mut errors);

    errors.check()?;
    Ok(Fields {
        client_id: client_id.unwrap_or_default(),
        staff_id: staff_id.unwrap_or_default(),
        service,
        service_id,
        buffer_before_minutes,
        buffer_after_minutes,
        rescheduled,
        allow_outside_hours: input.allow_outside_hours.unwrap_or(false),
        starts_at: starts_at.unwrap_or_default(),
        ends_at: ends_at.unwrap_or_default(),
        status: status.unwrap_or(AppointmentStatus::Agendado),
        price_cents,
        notes,
        cancellation_reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_take_any_offset_or_the_business_zone() {
        let sao_paulo = chrono_tz::America::Sao_Paulo;
        let a = parse_instant("2026-11-21T14:00:00-03:00", sao_paulo).unwrap();
        let b = parse_instant("2026-11-21T17:00:00Z", sao_paulo).unwrap();
        let c = parse_instant("2026-11-21T14:00", sao_paulo).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        // 02:30 on the day New York springs forward does not exist.
        assert!(parse_instant("2026-03-08T02:30", chrono_tz::America::New_York).is_err());
        assert!(parse_instant("amanhã", sao_paulo).is_err());
    }
}

/// Whose audit entries are an appointment's history: its own and, in a
/// series, the series' (created, changed as a whole: one entry, not one
/// per occurrence). A deleted occurrence names its series in its own
/// deletion entry.
async fn history_records(cx: &Context, id: i32) -> Result<Vec<(AuditEntity, i32)>> {
    let series_id = match appointment::Entity::find_by_id(id).one(&cx.db).await? {
        Some(row) => row.series_id,
        None => audit_log::Entity::find()
            .filter(audit_log::Column::Entity.eq(AuditEntity::Appointment))
            .filter(audit_log::Column::EntityId.eq(id))
            .filter(audit_log::Column::Action.eq("delete"))
            .one(&cx.db)
            .await?
            .and_then(|entry| entry.changes["seriesId"]["old"].as_i64())
            .and_then(|series| i32::try_from(series).ok()),
    };
    Ok(std::iter::once((AuditEntity::Appointment, id)).chain(series_id.map(|s| (AuditEntity::Series, s))).collect())
}

/// A page of the audit entries of an appointment, newest first; 404 when
/// there is neither the appointment nor any entry (a deleted one keeps its
/// history).
pub async fn history(cx: &Context, id: i32, list: &ListQuery) -> Result<Page<audit::HistoryEntry>> {
    // A Profissional reads the history of their own appointments still there.
    if cx.own_only().is_some() {
        reachable(cx, &cx.db, id).await?;
    }
    let records = history_records(cx, id).await?;
    audit::history(cx, &records, list, find::<appointment::Entity>(&cx.db, id)).await
}

/// One entry of an appointment's history, whole.
pub async fn history_entry(cx: &Context, id: i32, entry: i32) -> Result<audit::HistoryEntry> {
    if cx.own_only().is_some() {
        reachable(cx, &cx.db, id).await?;
    }
    let records = history_records(cx, id).await?;
    audit::entry(cx, &records, entry).await
}
