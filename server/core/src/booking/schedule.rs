//! The one place that decides whether a time is bookable: inside the staff
//! member's working hours, outside their time off and the business's
//! holidays, clear of their other active appointments and of the buffers
//! around them. Booking and moving ask it (`check_booking`, inside the
//! writing transaction, so the overlap guard holds across instances), and
//! the free-slot search and the agenda's shading read the same `Schedule`,
//! so they can never disagree.
//!
//! An appointment occupies its time plus its buffers ("blocked"): two
//! appointments' blocked spans may not meet, and a blocked span must lie
//! inside working hours and outside time off. Rules are wall-clock times in
//! the business zone, expanded day by day with chrono-tz, so 09:00 stays
//! 09:00 across a daylight-saving change.

use chrono::{DateTime, Datelike, Duration, Timelike, Utc};
use chrono_tz::Tz;
use sea_orm::{ActiveEnum, ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder};
use serde::Serialize;

use crate::kit::error::{AppError, ConflictReason, FieldErrors, Result, ScheduleConflict, ScheduleRule, SeriesConflict};
use crate::booking::catalogue::{self, MAX_BUFFER};
use crate::booking::hours::{self, Weekly};
use crate::booking::time_off;
use crate::kit::validation::parse_day;
use crate::kit::Context;
use crate::kit::time::{Span, local_instant, local_midnight, to_local_rfc3339};
use entities::appointment::AppointmentStatus;
use entities::{client, user};

/// Longest appointment.
pub const MAX_MINUTES: i64 = 12 * 60;

/// An active appointment as the rules see it.
#[derive(Debug, Clone)]
struct Busy {
    id: i32,
    client_id: i32,
    time: Span,
    /// With its buffers.
    blocked: Span,
    /// A time held on the public booking page rather than an appointment:
    /// until when (`online`).
    held_until: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
struct Off {
    span: Span,
    reason: String,
    /// A holiday of the whole business rather than this member's own.
    business: bool,
}

/// One staff member's rules over a window of time.
#[derive(Debug, Clone)]
pub struct Schedule {
    pub staff_id: i32,
    pub staff_name: String,
    /// Working hours as instants, merged, by start.
    pub working: Vec<Span>,
    off: Vec<Off>,
    busy: Vec<Busy>,
}

/// Why a time is not bookable (beside an overlap, which is a 409).
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub rule: ScheduleRule,
    pub message: String,
}

/// Every active appointment that can matter to a span: it starts before
/// the span (widened by the longest buffers) ends, and no earlier than the
/// longest appointment before it, so the (staff, starts_at) index bounds
/// the scan on both sides.
fn around(window: Span) -> Span {
    let margin = Duration::minutes(i64::from(2 * MAX_BUFFER));
    Span { start: window.start - Duration::minutes(MAX_MINUTES) - margin, end: window.end + margin }
}

/// The schedules of `staff` over `window` (the working hours of every local
/// day it touches), read in four queries whatever the number of members.
pub async fn load(db: &impl ConnectionTrait, staff: &[user::Model], window: Span, tz: Tz) -> Result<Vec<Schedule>> {
    load_windows(db, staff, &[window], tz).await
}

/// What the rules read of an appointment in the way.
#[derive(Debug, FromQueryResult)]
struct Taken {
    id: i32,
    staff_id: i32,
    client_id: i32,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    buffer_before_minutes: i32,
    buffer_after_minutes: i32,
}

/// The schedules of `staff` over several windows at once (a series: one
/// per occurrence): the appointments of each window, so a series two years
/// long reads only its own days, not the two years between.
pub async fn load_windows(db: &impl ConnectionTrait, staff: &[user::Model], windows: &[Span], tz: Tz) -> Result<Vec<Schedule>> {
    let default = hours::business(db).await?;
    let ids: Vec<i32> = staff.iter().map(|s| s.id).collect();
    let Some(overall) = windows.iter().copied().reduce(|a, b| Span { start: a.start.min(b.start), end: a.end.max(b.end) }) else {
        return Ok(Vec::new());
    };
    // The windows as a table joined to the appointments: one statement, and
    // each window one (staff_id, starts_at) index range, a nested loop with
    // the windows outside (CROSS JOIN fixes that order on SQLite, whose
    // planner otherwise scanned all of a member's appointments: 360 ms; a
    // plain join to PostgreSQL). An OR of 104 ranges measured 46 × one
    // booking at 500k appointments on SQLite, and a UNION ALL of 104 SELECTs
    // spent 11–18 ms in PostgreSQL's planner.
    let mut values: Vec<sea_orm::Value> = Vec::with_capacity(3 * windows.len() + ids.len() + 1);
    let mut rows = Vec::with_capacity(windows.len());
    for window in windows {
        let wide = around(*window);
        let n = values.len();
        rows.push(format!("(${}, ${}, ${})", n + 1, n + 2, n + 3));
        // An appointment that ends before the window (less the longest
        // buffers on both sides) cannot reach it.
        values.extend([wide.start.into(), wide.end.into(), (window.start - Duration::minutes(i64::from(2 * MAX_BUFFER))).into()]);
    }
    let mut members = Vec::with_capacity(ids.len());
    for id in &ids {
        values.push((*id).into());
        members.push(format!("${}", values.len()));
    }
    values.push(AppointmentStatus::Cancelado.to_value().into());
    let sql = format!(
        "WITH windows (starts_from, starts_before, ends_after) AS (VALUES {}) \
         SELECT a.id, a.staff_id, a.client_id, a.starts_at, a.ends_at, a.buffer_before_minutes, a.buffer_after_minutes \
         FROM windows w CROSS JOIN appointments a \
         WHERE a.starts_at >= w.starts_from AND a.starts_at < w.starts_before AND a.ends_at > w.ends_after \
         AND a.staff_id IN ({}) AND a.status <> ${}",
        rows.join(", "),
        members.join(", "),
        values.len(),
    );
    let statement = crate::kit::db::statement(db.get_database_backend(), &sql, values);
    let mut appointments = Taken::find_by_statement(statement).all(db).await?;
    appointments.sort_by_key(|a| (a.starts_at, a.id));
    appointments.dedup_by_key(|a| a.id);
    let holds = crate::booking::online::live_holds(db, &ids, around(overall)).await?;
    let offs = time_off::touching(db, ids, overall).await?;
    Ok(staff
        .iter()
        .map(|member| {
            let weekly = hours::of_user(member, &default);
            let mut working: Vec<Span> = windows.iter().flat_map(|w| working_spans(&weekly, *w, tz)).collect();
            working.sort_by_key(|s| s.start);
            working.dedup_by(|later, earlier| {
                let merges = later.start <= earlier.end;
                if merges {
                    earlier.end = earlier.end.max(later.end);
                }
                merges
            });
            Schedule {
                staff_id: member.id,
                staff_name: member.name.clone(),
                working,
                off: offs
                    .iter()
                    .filter(|o| o.staff_id.is_none_or(|id| id == member.id))
                    .map(|o| Off { span: Span { start: o.starts_at, end: o.ends_at }, reason: o.reason.clone(), business: o.staff_id.is_none() })
                    .collect(),
                busy: appointments
                    .iter()
                    .filter(|a| a.staff_id == member.id)
                    .map(|a| Busy {
                        id: a.id,
                        client_id: a.client_id,
                        time: Span { start: a.starts_at, end: a.ends_at },
                        blocked: blocked(a.starts_at, a.ends_at, a.buffer_before_minutes, a.buffer_after_minutes),
                        held_until: None,
                    })
                    .chain(holds.iter().filter(|h| h.staff_id == member.id).map(|h| Busy {
                        id: 0,
                        client_id: 0,
                        time: Span { start: h.starts_at, end: h.ends_at },
                        blocked: blocked(h.starts_at, h.ends_at, h.buffer_before_minutes, h.buffer_after_minutes),
                        held_until: Some(h.expires_at),
                    }))
                    .collect(),
            }
        })
        .collect())
}

/// An appointment's time with its buffers.
pub fn blocked(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>, before: i32, after: i32) -> Span {
    Span { start: starts_at - Duration::minutes(i64::from(before)), end: ends_at + Duration::minutes(i64::from(after)) }
}

/// A week of hours as instants over the local days `window` touches (a day
/// either side, so spans around midnight are whole), adjacent spans merged.
pub fn working_spans(weekly: &Weekly, window: Span, tz: Tz) -> Vec<Span> {
    let first = window.start.with_timezone(&tz).date_naive() - Duration::days(1);
    let last = window.end.with_timezone(&tz).date_naive() + Duration::days(1);
    let mut spans: Vec<Span> = Vec::new();
    let mut day = first;
    while day <= last {
        let weekday = day.weekday().number_from_monday() as u8;
        for interval in weekly.of_day(weekday) {
            let at = |minutes: u16| match minutes {
                1440 => local_midnight(day + Duration::days(1), tz),
                m => local_instant(day.and_hms_opt(u32::from(m / 60), u32::from(m % 60), 0).unwrap_or_default(), tz),
            };
            let span = Span { start: at(interval.start), end: at(interval.end) };
            match spans.last_mut() {
                Some(previous) if previous.end >= span.start => previous.end = previous.end.max(span.end),
                _ if span.end > span.start => spans.push(span),
                _ => {}
            }
        }
        day += Duration::days(1);
    }
    spans
}

fn clock(instant: DateTime<Utc>, tz: Tz) -> String {
    instant.with_timezone(&tz).format("%H:%M").to_string()
}

impl Schedule {
    /// The other active appointment whose time meets `time`, if any (first by start).
    fn overlap(&self, time: Span, except: &[i32]) -> Option<&Busy> {
        self.busy.iter().find(|b| !except.contains(&b.id) && b.time.meets(&time))
    }

    /// Why `blocked` (a time with its buffers) may not be booked, if it may
    /// not; the appointments in `except` are the ones being moved.
    pub fn violation(&self, blocked: Span, except: &[i32], tz: Tz) -> Option<Violation> {
        if !self.working.iter().any(|w| w.contains(&blocked)) {
            return Some(Violation {
                rule: ScheduleRule::OutsideHours,
                message: format!("Fora do horário de trabalho de {}.", self.staff_name),
            });
        }
        if let Some(off) = self.off.iter().find(|o| o.span.meets(&blocked)) {
            let message = if off.business {
                format!("O negócio está fechado: {}.", off.reason)
            } else {
                format!("{} está de folga: {}.", self.staff_name, off.reason)
            };
            return Some(Violation { rule: ScheduleRule::TimeOff, message });
        }
        if let Some(near) = self.busy.iter().find(|b| !except.contains(&b.id) && b.blocked.meets(&blocked)) {
            return Some(Violation {
                rule: ScheduleRule::Buffer,
                message: format!(
                    "Respeite o intervalo entre atendimentos: {} tem outro agendamento das {} às {}.",
                    self.staff_name,
                    clock(near.time.start, tz),
                    clock(near.time.end, tz)
                ),
            });
        }
        None
    }

    /// The time in which something may still be booked: working hours
    /// without time off and without the blocked spans of appointments.
    pub fn free(&self) -> Vec<Span> {
        let mut taken: Vec<Span> = self.off.iter().map(|o| o.span).chain(self.busy.iter().map(|b| b.blocked)).collect();
        taken.sort_by_key(|s| s.start);
        let mut free = Vec::new();
        for work in &self.working {
            let mut cursor = work.start;
            for t in taken.iter().filter(|t| t.meets(work)) {
                if t.start > cursor {
                    free.push(Span { start: cursor, end: t.start });
                }
                cursor = cursor.max(t.end);
            }
            if cursor < work.end {
                free.push(Span { start: cursor, end: work.end });
            }
        }
        free
    }
}

/// What a booking asks of the rules.
pub struct Booking {
    pub staff_id: i32,
    pub time: Span,
    pub blocked: Span,
    /// The appointment being moved (it does not clash with itself).
    pub except: Option<i32>,
    /// Check hours, time off and buffers (the user did not agree to book
    /// outside them); overlaps are always refused.
    pub rules: bool,
}

/// Why a time cannot be booked: another appointment in it, or a rule.
enum Refusal<'a> {
    Overlap(&'a Busy),
    Rule(Violation),
}

impl Schedule {
    /// The one judgement of a booking, `except` being the appointments it
    /// moves (they do not clash with their own new times).
    fn judge(&self, booking: &Booking, except: &[i32], tz: Tz) -> Option<Refusal<'_>> {
        if let Some(clash) = self.overlap(booking.time, except) {
            return Some(Refusal::Overlap(clash));
        }
        booking.rules.then(|| self.violation(booking.blocked, except, tz)).flatten().map(Refusal::Rule)
    }

    /// Counts `booking` as taken, for the next bookings of one request.
    fn take(&mut self, booking: &Booking) {
        self.busy.push(Busy { id: 0, client_id: 0, time: booking.time, blocked: booking.blocked, held_until: None });
    }
}

/// The two ends of `booking` with its buffers.
fn reach(booking: &Booking) -> Span {
    Span { start: booking.blocked.start.min(booking.time.start), end: booking.blocked.end.max(booking.time.end) }
}

async fn clash_message(db: &impl ConnectionTrait, clash: &Busy, tz: Tz) -> Result<String> {
    if let Some(until) = clash.held_until {
        return Ok(format!(
            "Este horário está reservado por um cliente no agendamento online até as {}. Escolha outro horário ou aguarde.",
            clock(until, tz)
        ));
    }
    let client_name = client::Entity::find_by_id(clash.client_id).one(db).await?.map(|c| c.name).unwrap_or_default();
    let (starts, ends) = (clash.time.start.with_timezone(&tz), clash.time.end.with_timezone(&tz));
    Ok(format!(
        "Conflito de horário: {client_name} já tem agendamento com este profissional em {} das {} às {}.",
        starts.format("%d/%m/%Y"),
        starts.format("%H:%M"),
        ends.format("%H:%M"),
    ))
}

/// Inside the caller's transaction: write-locks the staff member's row
/// (on PostgreSQL a row lock held until commit, on SQLite the database
/// write lock), then refuses an overlap with another active appointment
/// (409 naming it) and, with `rules`, a time outside the rules (422 on
/// `startsAt`, with the rule). Half-open: 10:00–11:00 and 11:00–12:00 do
/// not overlap.
pub async fn check_booking(db: &impl ConnectionTrait, booking: &Booking, tz: Tz) -> Result<()> {
    crate::kit::db::lock_row::<user::Entity>(db, user::Column::Id, booking.staff_id, user::Column::UpdatedAt).await?;
    let member = crate::people::users::find(db, booking.staff_id).await?;
    let schedule = load(db, std::slice::from_ref(&member), reach(booking), tz).await?.remove(0);
    match schedule.judge(booking, booking.except.as_slice(), tz) {
        None => Ok(()),
        // A hold is no appointment to show: a plain 409 that says until when.
        Some(Refusal::Overlap(clash)) if clash.held_until.is_some() => Err(AppError::Conflict(clash_message(db, clash, tz).await?)),
        Some(Refusal::Overlap(clash)) => {
            let conflict = ScheduleConflict {
                appointment_id: clash.id,
                starts_at: to_local_rfc3339(clash.time.start, tz),
                ends_at: to_local_rfc3339(clash.time.end, tz),
            };
            Err(AppError::Clash { message: clash_message(db, clash, tz).await?, conflict })
        }
        Some(Refusal::Rule(violation)) => Err(AppError::OffSchedule { rule: violation.rule, message: violation.message }),
    }
}

/// Inside the caller's transaction: locks every staff member of
/// `bookings` (in id order, so two requests never wait on each other
/// crosswise), then judges them all, each also against the ones before it
/// (the bookings of one request must not clash among themselves), and
/// answers every refusal, by start: a series is saved whole or not at all.
/// `except` are the appointments the bookings replace (a series moved).
pub async fn check_bookings(db: &impl ConnectionTrait, bookings: &[Booking], except: &[i32], tz: Tz) -> Result<Vec<SeriesConflict>> {
    let mut staff_ids: Vec<i32> = bookings.iter().map(|b| b.staff_id).collect();
    staff_ids.sort_unstable();
    staff_ids.dedup();
    let mut conflicts = Vec::new();
    for staff_id in staff_ids {
        crate::kit::db::lock_row::<user::Entity>(db, user::Column::Id, staff_id, user::Column::UpdatedAt).await?;
        let member = crate::people::users::find(db, staff_id).await?;
        let mine: Vec<&Booking> = bookings.iter().filter(|b| b.staff_id == staff_id).collect();
        let windows: Vec<Span> = mine.iter().map(|b| reach(b)).collect();
        let mut schedule = load_windows(db, std::slice::from_ref(&member), &windows, tz).await?.remove(0);
        for booking in mine {
            let conflict = match schedule.judge(booking, except, tz) {
                None => None,
                Some(Refusal::Overlap(clash)) if clash.id == 0 && clash.held_until.is_none() => Some(SeriesConflict {
                    starts_at: to_local_rfc3339(booking.time.start, tz),
                    reason: ConflictReason::Overlap,
                    with: None,
                    message: "Dois agendamentos desta série se sobrepõem.".into(),
                }),
                Some(Refusal::Overlap(clash)) => Some(SeriesConflict {
                    starts_at: to_local_rfc3339(booking.time.start, tz),
                    reason: ConflictReason::Overlap,
                    with: clash.held_until.is_none().then(|| ScheduleConflict {
                        appointment_id: clash.id,
                        starts_at: to_local_rfc3339(clash.time.start, tz),
                        ends_at: to_local_rfc3339(clash.time.end, tz),
                    }),
                    message: clash_message(db, clash, tz).await?,
                }),
                Some(Refusal::Rule(violation)) => Some(SeriesConflict {
                    starts_at: to_local_rfc3339(booking.time.start, tz),
                    reason: violation.rule.into(),
                    with: None,
                    message: violation.message,
                }),
            };
            match conflict {
                Some(conflict) => conflicts.push(conflict),
                None => schedule.take(booking),
            }
        }
    }
    conflicts.sort_by(|a, b| a.starts_at.cmp(&b.starts_at));
    Ok(conflicts)
}

query_params! {
    /// `GET /api/availability?service_id|duration_minutes&staff_id&from&to&limit`.
    pub struct AvailabilityQuery {
        /// O serviço: sua duração e seus intervalos. Sem ele, `duration_minutes`.
        pub service_id: Option<i32>,
        /// Sem serviço, só a duração (5 a 480, múltiplo de 5): os horários em que ela cabe, sem intervalos próprios, com qualquer profissional.
        pub duration_minutes: Option<i32>,
        /// Um profissional (padrão: todos os que oferecem o serviço).
        pub staff_id: Option<i32>,
        /// Primeiro dia, YYYY-MM-DD (padrão: hoje).
        pub from: Option<String>,
        /// Último dia (inclusivo), YYYY-MM-DD (padrão: `from`); no máximo 31 dias.
        pub to: Option<String>,
        /// No máximo tantos horários, os mais cedo (1 a 5.000; padrão: 200). `meta.truncated` diz se havia mais.
        pub limit: Option<u32>,
    }
}

/// Longest period of one free-slot search, in days.
pub const MAX_AVAILABILITY_DAYS: i64 = 31;
/// Free starts answered without `limit`: a month of a short service on
/// every member's grid is some 100,000 (13 MB), and a person picks among a
/// few.
pub const DEFAULT_SLOT_LIMIT: u32 = 200;
/// The most free starts one answer may ask for.
pub const MAX_SLOT_LIMIT: u32 = 5000;

/// `GET /api/availability`: the earliest free starts, and whether there were more.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Availability {
    pub data: Vec<Slot>,
    pub meta: AvailabilityMeta,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityMeta {
    /// O limite aplicado (`limit`, ou 200 sem ele).
    pub limit: u32,
    /// Havia mais horários livres no período: vieram só os `limit` mais cedo.
    pub truncated: bool,
}

/// A time where the service fits.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    pub staff_id: i32,
    pub staff_name: String,
    pub starts_at: String,
    pub ends_at: String,
}

/// Starts on a grid of the local clock: the service's length when it
/// divides the hour (a 20-minute service at :00, :20, :40), else 5 minutes.
pub fn grid_minutes(duration: i32) -> i64 {
    if 60 % duration == 0 { i64::from(duration) } else { 5 }
}

/// The first instant at or after `t` whose local clock is on the grid.
fn align_up(t: DateTime<Utc>, step_minutes: i64, tz: Tz) -> DateTime<Utc> {
    let local = t.with_timezone(&tz);
    let seconds = i64::from(local.num_seconds_from_midnight()) + i64::from(local.nanosecond() > 0);
    let step = step_minutes * 60;
    let rest = seconds % step;
    let t = t.with_nanosecond(0).unwrap_or(t);
    if rest == 0 { t } else { t + Duration::seconds(step - rest) }
}

/// Every free start for the service in `schedules`, from `not_before` on,
/// by start then member.
pub fn slots(schedules: &[Schedule], duration: i32, before: i32, after: i32, not_before: DateTime<Utc>, tz: Tz) -> Vec<(usize, Span)> {
    let step = grid_minutes(duration);
    let (length, before, after) =
        (Duration::minutes(i64::from(duration)), Duration::minutes(i64::from(before)), Duration::minutes(i64::from(after)));
    let mut found = Vec::new();
    for (index, schedule) in schedules.iter().enumerate() {
        for free in schedule.free() {
            let mut start = align_up((free.start + before).max(not_before), step, tz);
            while start + length + after <= free.end {
                found.push((index, Span { start, end: start + length }));
                start += Duration::minutes(step);
            }
        }
    }
    found.sort_by_key(|(index, span)| (span.start, schedules[*index].staff_name.clone()));
    found
}

pub async fn availability(cx: &Context, query: &AvailabilityQuery) -> Result<Availability> {
    let (db, tz) = (&cx.db, cx.tz);
    let mut errors = FieldErrors::new();
    let now = Utc::now();
    let today = now.with_timezone(&tz).date_naive();
    let from = parse_day(query.from.as_deref(), "from", &mut errors).unwrap_or(today);
    let to = parse_day(query.to.as_deref(), "to", &mut errors).unwrap_or(from);
    if to < from {
        errors.add("to", "O último dia deve ser igual ou depois do primeiro.");
    } else if (to - from).num_days() >= MAX_AVAILABILITY_DAYS {
        errors.add("to", "No máximo 31 dias por busca.");
    }
    let limit = query.limit.unwrap_or(DEFAULT_SLOT_LIMIT);
    if !(1..=MAX_SLOT_LIMIT).contains(&limit) {
        errors.add("limit", "O limite deve ser de 1 a 5.000.");
    }
    // Without a service, a length alone: no buffers of its own, anyone may take it.
    let length = match (query.service_id, query.duration_minutes) {
        (Some(_), Some(_)) => {
            errors.add("duration_minutes", "Informe o serviço ou a duração, não os dois.");
            None
        }
        (None, Some(m)) if !catalogue::valid_duration(m) => {
            errors.add("duration_minutes", catalogue::DURATION_RANGE);
            None
        }
        (None, Some(m)) => Some(m),
        _ => None,
    };
    let service = match query.service_id {
        None if query.duration_minutes.is_some() => None,
        None => {
            errors.add("service_id", "Informe o serviço (service_id) ou a duração (duration_minutes).");
            None
        }
        Some(id) => match catalogue::one(db, id, tz).await {
            Ok(s) if s.active => Some(s),
            Ok(_) => {
                errors.add("service_id", "Este serviço está desativado.");
                None
            }
            Err(AppError::NotFound(_)) => {
                errors.add("service_id", catalogue::NOT_FOUND);
                None
            }
            Err(other) => return Err(other),
        },
    };
    let mut staff: Vec<user::Model> =
        user::Entity::find().filter(user::Column::Active.eq(true)).order_by_asc(user::Column::SearchText).all(db).await?;
    // A Profissional books on their own agenda only: their own free time.
    if let Some(me) = cx.own_only() {
        if query.staff_id.is_some_and(|id| id != me) {
            return Err(AppError::Forbidden);
        }
        staff.retain(|s| s.id == me);
    }
    if let Some(id) = query.staff_id {
        staff.retain(|s| s.id == id);
        match (&service, staff.first()) {
            (_, None) => errors.add("staff_id", "Profissional não encontrado ou inativo."),
            (Some(service), Some(member)) if !service.offered_by(member.id) => {
                errors.add("staff_id", format!("{} não oferece este serviço.", member.name))
            }
            _ => {}
        }
    }
    errors.check()?;
    let (duration, before, after) = match (&service, length) {
        (Some(service), _) => {
            staff.retain(|s| service.offered_by(s.id));
            (service.duration_minutes, service.buffer_before_minutes, service.buffer_after_minutes)
        }
        (None, Some(minutes)) => (minutes, 0, 0),
        (None, None) => return Ok(Availability { data: Vec::new(), meta: AvailabilityMeta { limit, truncated: false } }),
    };
    let window = Span { start: local_midnight(from, tz), end: local_midnight(to + Duration::days(1), tz) };
    let schedules = load(db, &staff, window, tz).await?;
    let found = slots(&schedules, duration, before, after, now.max(window.start), tz);
    let mut within = found.into_iter().filter(|(_, span)| span.start < window.end);
    let data: Vec<Slot> = within
        .by_ref()
        .take(limit as usize)
        .map(|(index, span)| Slot {
            staff_id: schedules[index].staff_id,
            staff_name: schedules[index].staff_name.clone(),
            starts_at: to_local_rfc3339(span.start, tz),
            ends_at: to_local_rfc3339(span.end, tz),
        })
        .collect();
    let truncated = within.next().is_some();
    Ok(Availability { data, meta: AvailabilityMeta { limit, truncated } })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::hours::{IntervalView, Weekly};

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn span(a: &str, b: &str) -> Span {
        Span { start: at(a), end: at(b) }
    }

    fn week(items: &[(u8, &str, &str)]) -> Weekly {
        let items: Vec<IntervalView> =
            items.iter().map(|(d, s, e)| IntervalView { weekday: *d, start: s.to_string(), end: e.to_string() }).collect();
        Weekly::parse(&items).unwrap()
    }

    #[test]
    fn nine_stays_nine_across_a_daylight_saving_change() {
        let ny = chrono_tz::America::New_York;
        // New York springs forward on Sunday 8 March 2026.
        let weekly = week(&[(6, "09:00", "12:00"), (1, "09:00", "12:00")]);
        let spans = working_spans(&weekly, span("2026-03-07T00:00:00-05:00", "2026-03-10T00:00:00-04:00"), ny);
        let starts: Vec<String> = spans.iter().map(|s| to_local_rfc3339(s.start, ny)).collect();
        assert!(starts.contains(&"2026-03-07T09:00:00-05:00".to_string()), "{starts:?}");
        assert!(starts.contains(&"2026-03-09T09:00:00-04:00".to_string()), "{starts:?}");
    }

    fn schedule(working: Vec<Span>) -> Schedule {
        Schedule { staff_id: 1, staff_name: "Ana Lima".into(), working, off: Vec::new(), busy: Vec::new() }
    }

    #[test]
    fn the_rules_say_why() {
        let tz = chrono_tz::America::Sao_Paulo;
        let mut s = schedule(vec![span("2026-12-01T08:00:00-03:00", "2026-12-01T12:00:00-03:00")]);
        assert_eq!(s.violation(span("2026-12-01T08:00:00-03:00", "2026-12-01T09:00:00-03:00"), &[], tz), None);
        let late = s.violation(span("2026-12-01T11:30:00-03:00", "2026-12-01T12:30:00-03:00"), &[], tz).unwrap();
        assert_eq!((late.rule, late.message.as_str()), (ScheduleRule::OutsideHours, "Fora do horário de trabalho de Ana Lima."));
        s.off.push(Off { span: span("2026-12-01T10:00:00-03:00", "2026-12-01T11:00:00-03:00"), reason: "Congresso".into(), business: false });
        let off = s.violation(span("2026-12-01T10:30:00-03:00", "2026-12-01T10:45:00-03:00"), &[], tz).unwrap();
        assert_eq!(off.message, "Ana Lima está de folga: Congresso.");
        s.busy.push(Busy {
            id: 7,
            client_id: 1,
            time: span("2026-12-01T08:00:00-03:00", "2026-12-01T09:00:00-03:00"),
            blocked: span("2026-12-01T08:00:00-03:00", "2026-12-01T09:15:00-03:00"),
            held_until: None,
        });
        let near = s.violation(span("2026-12-01T09:00:00-03:00", "2026-12-01T09:30:00-03:00"), &[], tz).unwrap();
        assert_eq!(near.rule, ScheduleRule::Buffer);
        // Moving the appointment itself is not a clash with itself.
        assert_eq!(s.violation(span("2026-12-01T08:15:00-03:00", "2026-12-01T09:00:00-03:00"), &[7], tz), None);
        assert_eq!(
            s.free(),
            vec![span("2026-12-01T09:15:00-03:00", "2026-12-01T10:00:00-03:00"), span("2026-12-01T11:00:00-03:00", "2026-12-01T12:00:00-03:00")]
        );
    }

    #[test]
    fn slots_sit_on_the_grid_and_fit_with_their_buffers() {
        let tz = chrono_tz::America::Sao_Paulo;
        let s = schedule(vec![span("2026-12-01T08:00:00-03:00", "2026-12-01T10:00:00-03:00")]);
        let past = at("2026-01-01T00:00:00Z");
        let starts = |found: Vec<(usize, Span)>| found.iter().map(|(_, sp)| clock(sp.start, tz)).collect::<Vec<_>>();
        assert_eq!(starts(slots(std::slice::from_ref(&s), 30, 0, 0, past, tz)), ["08:00", "08:30", "09:00", "09:30"]);
        // 50 minutes does not divide the hour: a 5-minute grid; 10 minutes before it.
        let fifty = starts(slots(std::slice::from_ref(&s), 50, 10, 0, past, tz));
        assert_eq!((fifty.first().map(String::as_str), fifty.last().map(String::as_str)), (Some("08:10"), Some("09:10")));
        // Not before now, and rounded up to the grid.
        assert_eq!(starts(slots(std::slice::from_ref(&s), 30, 0, 0, at("2026-12-01T08:31:00-03:00"), tz)), ["09:00", "09:30"]);
        assert_eq!(grid_minutes(20), 20);
        assert_eq!(grid_minutes(45), 5);
    }
}
