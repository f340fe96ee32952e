//! The agenda: one day (a column per staff member) or one week (a column per
//! day, Monday to Sunday) of appointments, with what the grid needs to draw
//! them: the staff, the hours to show and the business's "now". Used by
//! `GET /api/agenda` and by the `/appointments` page (day and week views).

use chrono::{Datelike, Duration, DurationRound, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;
use serde::Serialize;

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{self, AppointmentFilter, AppointmentView, TimeRange};
use crate::booking::hours;
use crate::kit::list::ListQuery;
use crate::booking::schedule::working_spans;
use crate::booking::time_off::{self, TimeOffView};
use crate::people::users;
use crate::kit::Context;
use crate::kit::validation::parse_day;
use crate::kit::time::{Span, local_midnight, to_local_rfc3339};
use entities::appointment::{self, AppointmentStatus};
use entities::user;

/// The business hours the grid shows at least (local hours, end exclusive);
/// an appointment outside them widens the grid.
pub const OPENING_HOUR: u32 = 8;
pub const CLOSING_HOUR: u32 = 20;

query_params! {
    /// `?view&date` (both optional), beside the appointments' own
    /// `AppointmentFilter` (`status` defaults to every status but `cancelado`).
    pub struct AgendaQuery {
        /// day (padrão: um dia, uma coluna por profissional) ou week (a semana de segunda a domingo, uma coluna por dia).
        pub view: Option<String>,
        /// Data YYYY-MM-DD (padrão: hoje, no fuso do negócio).
        pub date: Option<String>,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgendaView {
    Day,
    Week,
}

/// A staff member as a column of the day view.
pub use crate::people::users::StaffMember;

/// Taken time shown without an appointment: someone else's appointment
/// as a Profissional sees it (only that the time is taken, and whose
/// column: docs/permissions.md), so they can still find an "encaixe"; or
/// a time a client holds on the booking page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusyBlock {
    pub staff_id: i32,
    pub starts_at: String,
    pub ends_at: String,
    /// Held on the booking page (`/agendar`), or offered to a client of the
    /// waitlist, until then; null: an appointment.
    pub held_until: Option<String>,
    /// Offered from the waitlist (`heldUntil` is then the offer's deadline).
    pub waitlist: bool,
    /// Whom the waitlist's offer is for; null for a Profissional.
    pub held_for: Option<String>,
}

/// A span of a staff member's working hours inside the shown days.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkingSpan {
    pub staff_id: i32,
    pub starts_at: String,
    pub ends_at: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Agenda {
    pub view: AgendaView,
    /// The day asked for (YYYY-MM-DD).
    pub date: String,
    /// The business's today and now (RFC 3339 with its offset).
    pub today: String,
    pub now: String,
    /// The days shown: one, or Monday to Sunday.
    pub days: Vec<String>,
    /// The hours the grid shows, local, `endHour` exclusive.
    pub start_hour: u32,
    pub end_hour: u32,
    /// Active staff (by name), and anyone else with an appointment shown; only the filtered one with `staff_id`.
    pub staff: Vec<StaffMember>,
    /// Every appointment of the period and filters the reader reaches, by start.
    pub appointments: Vec<AppointmentView>,
    /// For a Profissional, everyone else's active appointments of the
    /// period (of `staff_id` when given) as busy time only (the others see
    /// them whole in `appointments`); for everyone, the shown staff's times
    /// held on the booking page.
    pub busy: Vec<BusyBlock>,
    /// The shown staff's working hours in the shown days (the rest is shaded).
    pub working_hours: Vec<WorkingSpan>,
    /// Time off of the shown staff and the business's holidays that touch the shown days.
    pub time_off: Vec<TimeOffView>,
}

/// The statuses the grid shows unless asked for others: the active ones (a
/// cancelled appointment frees its slot), as the filter names them.
fn active_statuses() -> String {
    use sea_orm::Iterable;
    AppointmentStatus::iter().filter(|s| s.is_active()).map(AppointmentStatus::as_str).collect::<Vec<_>>().join(",")
}

pub async fn get(cx: &Context, query: &AgendaQuery, filter: &AppointmentFilter) -> Result<Agenda> {
    let (db, tz) = (&cx.db, cx.tz);
    let mut errors = FieldErrors::new();
    let view = match query.view.as_deref().map(str::trim) {
        None | Some("") | Some("day") => AgendaView::Day,
        Some("week") => AgendaView::Week,
        Some(other) => {
            errors.add("view", format!("Visão inválida: {other}. Use day ou week."));
            AgendaView::Day
        }
    };
    let now = Utc::now();
    let today = now.with_timezone(&tz).date_naive();
    let date = parse_day(query.date.as_deref(), "date", &mut errors).unwrap_or(today);
    let first = match view {
        AgendaView::Day => date,
        AgendaView::Week => date - Duration::days(i64::from(date.weekday().num_days_from_monday())),
    };
    let count = if view == AgendaView::Day { 1 } else { 7 };
    let days: Vec<NaiveDate> = (0..count).map(|i| first + Duration::days(i)).collect();
    let last = *days.last().unwrap_or(&first);

    let range = TimeRange { from: Some(first.to_string()), to: Some(last.to_string()) };
    let filter = AppointmentFilter {
        status: Some(filter.status.clone().filter(|s| !s.trim().is_empty()).unwrap_or_else(active_statuses)),
        ..filter.clone()
    };
    let appointments = match appointments::all(cx, &ListQuery::default(), &range, &filter).await {
        Ok(rows) if errors.is_empty() => rows,
        Ok(_) => return Err(AppError::invalid(errors)),
        Err(AppError::Validation { errors: more, .. }) => {
            errors.merge(more);
            return Err(AppError::invalid(errors));
        }
        Err(other) => return Err(other),
    };

    let mut members: Vec<user::Model> = users::active(db).await?;
    if let Some(id) = filter.staff_id {
        members.retain(|s| s.id == id);
    }
    let mut staff: Vec<StaffMember> = members.iter().map(|u| StaffMember { id: u.id, name: u.name.clone() }).collect();
    for a in &appointments {
        if !staff.iter().any(|s| s.id == a.staff_id) && filter.staff_id.is_none_or(|id| id == a.staff_id) {
            staff.push(StaffMember { id: a.staff_id, name: a.staff_name.clone() });
        }
    }

    // The rules the grid shades: working hours and time off of the shown days.
    let window = Span { start: local_midnight(first, tz), end: local_midnight(last + Duration::days(1), tz) };
    let default = hours::business(db).await?;
    let mut working_hours = Vec::new();
    for member in &members {
        for span in working_spans(&hours::of_user(member, &default), window, tz) {
            let (start, end) = (span.start.max(window.start), span.end.min(window.end));
            if start < end {
                working_hours.push(WorkingSpan { staff_id: member.id, starts_at: to_local_rfc3339(start, tz), ends_at: to_local_rfc3339(end, tz) });
            }
        }
    }
    let ids: Vec<i32> = members.iter().map(|m| m.id).collect();
    let time_off = time_off::views(db, time_off::touching(db, ids.clone(), window).await?, tz).await?;

    let mut busy = match cx.own_only() {
        Some(me) => busy(cx, me, window, filter.staff_id).await?,
        None => Vec::new(),
    };
    let holds = crate::booking::online::live_holds(db, &ids, window).await?;
    let waiting = crate::booking::waitlist::clients_of(db, &holds).await?;
    for hold in holds {
        let held_for = waiting.get(&hold.id).filter(|_| cx.own_only().is_none()).cloned();
        busy.push(BusyBlock {
            staff_id: hold.staff_id,
            starts_at: to_local_rfc3339(hold.starts_at, tz),
            ends_at: to_local_rfc3339(hold.ends_at, tz),
            held_until: Some(to_local_rfc3339(hold.expires_at, tz)),
            waitlist: hold.waitlist_entry_id.is_some(),
            held_for,
        });
    }
    let (start_hour, end_hour) = grid_hours(&appointments, &working_hours, &days, tz);
    Ok(Agenda {
        view,
        date: date.to_string(),
        today: today.to_string(),
        // To the minute, as the grid draws it: the page's state is then the
        // same for a minute, and its render is kept rather than made again.
        now: to_local_rfc3339(now.duration_trunc(Duration::minutes(1)).unwrap_or(now), tz),
        days: days.iter().map(NaiveDate::to_string).collect(),
        start_hour,
        end_hour,
        staff,
        appointments,
        busy,
        working_hours,
        time_off,
    })
}

/// The active appointments of everyone but `me` in `window` (of `staff_id`
/// when given), three columns each. Never narrowed by a client: which
/// client's the time is must not show through a filter.
async fn busy(cx: &Context, me: i32, window: Span, staff_id: Option<i32>) -> Result<Vec<BusyBlock>> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
    let mut select = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::StaffId)
        .column(appointment::Column::StartsAt)
        .column(appointment::Column::EndsAt)
        .filter(appointment::Column::StaffId.ne(me))
        .filter(appointment::Column::Status.ne(AppointmentStatus::Cancelado))
        .filter(appointment::Column::StartsAt.lt(window.end))
        .filter(appointment::Column::EndsAt.gt(window.start));
    if let Some(staff_id) = staff_id {
        select = select.filter(appointment::Column::StaffId.eq(staff_id));
    }
    let rows: Vec<(i32, chrono::DateTime<Utc>, chrono::DateTime<Utc>)> =
        select.order_by_asc(appointment::Column::StartsAt).order_by_asc(appointment::Column::Id).into_tuple().all(&cx.db).await?;
    Ok(rows
        .into_iter()
        .map(|(staff_id, starts, ends)| BusyBlock {
            staff_id,
            starts_at: to_local_rfc3339(starts, cx.tz),
            ends_at: to_local_rfc3339(ends, cx.tz),
            held_until: None,
            waitlist: false,
            held_for: None,
        })
        .collect())
}

/// The business hours, widened to every shown appointment's and working
/// span's part inside the shown days (one that crosses midnight counts up
/// to 24 h).
fn grid_hours(appointments: &[AppointmentView], working: &[WorkingSpan], days: &[NaiveDate], tz: Tz) -> (u32, u32) {
    let (mut start, mut end) = (OPENING_HOUR, CLOSING_HOUR);
    let spans = appointments.iter().map(|a| (&a.starts_at, &a.ends_at)).chain(working.iter().map(|w| (&w.starts_at, &w.ends_at)));
    for (starts_at, ends_at) in spans {
        let (Ok(starts), Ok(ends)) =
            (chrono::DateTime::parse_from_rfc3339(starts_at), chrono::DateTime::parse_from_rfc3339(ends_at))
        else {
            continue;
        };
        let (starts, ends) = (starts.with_timezone(&tz), ends.with_timezone(&tz));
        if days.contains(&starts.date_naive()) {
            start = start.min(starts.hour());
        }
        // Ending at the next midnight is ending at 24:00, not starting a day.
        let ends_at_midnight = ends.time() == chrono::NaiveTime::MIN;
        let end_hour = if ends.date_naive() > starts.date_naive() {
            if days.contains(&ends.date_naive()) && !ends_at_midnight {
                start = 0;
            }
            24
        } else {
            ends.hour() + u32::from(ends.minute() > 0)
        };
        end = end.max(end_hour);
    }
    (start, end.min(24))
}

