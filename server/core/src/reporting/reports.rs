//! Reports: the summary of a period (appointments by status, day, staff
//! member and service, rates, revenue, new clients).
//!
//! Days are calendar days in the business time zone: the period runs from
//! local midnight of `from` to local midnight after `to` (`to` inclusive).
//! The database counts a period's appointments over the period index by
//! local day, each day given as the instants it starts and ends at
//! (computed here, so a day is the same on SQLite and PostgreSQL whatever
//! the zone's offset), and by staff member, service spelling and channel:
//! in one pass on PostgreSQL, two on SQLite (`Queries`). A year comes back as some
//! hundreds of rows instead of its thousands of appointments (read one by
//! one, those cost about eleven first pages of clients on SQLite;
//! bench/README.md). Services then group here by their name as people read
//! it (`normalize_text`: "Limpeza" and "limpeza " are one service), which
//! neither database's collation does.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_orm::sea_query::{Alias, CommonTableExpression, Expr, ExprTrait, Func, JoinType, Values, WithClause};
use sea_orm::{
    ActiveEnum, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, Iterable, QueryFilter, QueryResult, QuerySelect, QueryTrait,
    Select, Statement, Value,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::validation::normalize_text;
use crate::kit::{Context, csv, list, names_by_id};
use crate::kit::time::local_midnight;
use entities::appointment::{AppointmentStatus, Channel};
use entities::{appointment, client, reminder, user};
use crate::kit::access;

/// The longest period a summary covers, in days.
pub const MAX_DAYS: i64 = 366;

query_params! {
    /// `GET /api/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD` or `?period=week`.
    pub struct SummaryQuery {
        /// Primeiro dia, YYYY-MM-DD (sem ele: o primeiro dia do mês de `to`).
        pub from: Option<String>,
        /// Último dia (inclusivo), YYYY-MM-DD (sem ele: o último dia do mês de `from`).
        pub to: Option<String>,
        /// Sem datas: today, week (de segunda a domingo), month (padrão) ou last_month, no fuso do negócio.
        pub period: Option<String>,
    }
}

/// The named periods of the reports screen, as `period` spells them.
pub const PERIODS: &[&str] = &["today", "week", "month", "last_month"];

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct ByStatus {
    pub agendado: u64,
    pub confirmado: u64,
    pub concluido: u64,
    pub cancelado: u64,
    pub faltou: u64,
    /// Online bookings still waiting for the front desk.
    pub pendente: u64,
}

/// Appointments counted by outcome, with the revenue of the concluded
/// ones: a day's, a staff member's or a service's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub total: u64,
    pub concluido: u64,
    pub cancelado: u64,
    pub faltou: u64,
    /// Sum of `priceCents` of the concluded appointments.
    pub revenue_cents: i64,
}

impl Figures {
    /// The figures of a group of appointments counted by status.
    fn of(counts: &StatusCounts) -> Figures {
        let n = |status| counts.by_status.iter().find(|(s, _)| *s == status).map_or(0, |(_, n)| *n);
        Figures {
            total: counts.by_status.iter().map(|(_, n)| n).sum(),
            concluido: n(AppointmentStatus::Concluido),
            cancelado: n(AppointmentStatus::Cancelado),
            faltou: n(AppointmentStatus::Faltou),
            revenue_cents: counts.revenue_cents,
        }
    }

    /// Adds `other`'s counts to these.
    fn add(&mut self, other: Figures) {
        self.total += other.total;
        self.concluido += other.concluido;
        self.cancelado += other.cancelado;
        self.faltou += other.faltou;
        self.revenue_cents += other.revenue_cents;
    }
}

/// One local day's figures.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayFigures {
    /// The local calendar day, `YYYY-MM-DD`.
    pub date: String,
    #[serde(flatten)]
    pub figures: Figures,
}

/// One staff member's figures.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffFigures {
    pub staff_id: i32,
    pub staff_name: String,
    #[serde(flatten)]
    pub figures: Figures,
}

/// One service's figures: the appointments whose kept service name
/// (`appointments.service`, as it was when booked) reads the same once
/// trimmed, without accents and case.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceFigures {
    /// The service's most frequent spelling in the period (trimmed).
    pub service: String,
    #[serde(flatten)]
    pub figures: Figures,
}

/// The figures of one channel: where the appointments were booked.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelFigures {
    pub channel: Channel,
    #[serde(flatten)]
    pub figures: Figures,
}

/// The summary of a period. Rates are fractions from 0 to 1, rounded to
/// four decimals, and 0 when their denominator is 0.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// The named period asked for (`period`), or null for dates.
    pub period: Option<String>,
    pub from: String,
    pub to: String,
    /// The business time zone the days are counted in (IANA name).
    pub time_zone: String,
    /// Appointments starting in the period, in any status.
    pub total: u64,
    pub by_status: ByStatus,
    /// Every day of the period, in order, including days without appointments.
    pub by_day: Vec<DayFigures>,
    /// Staff members with at least one appointment in the period, by name.
    pub by_staff: Vec<StaffFigures>,
    /// Services with at least one appointment in the period, by revenue
    /// (highest first), then by appointments, then by name.
    pub by_service: Vec<ServiceFigures>,
    /// Every channel (the front desk, the booking page), in that order.
    pub by_channel: Vec<ChannelFigures>,
    /// faltou / (concluido + faltou): of the appointments that were due to
    /// happen and were not cancelled, the share the client missed.
    pub no_show_rate: f64,
    /// cancelado / total.
    pub cancellation_rate: f64,
    /// Sum of `priceCents` of the concluded appointments.
    pub revenue_cents: i64,
    /// Clients created in the period (archived ones included); exact up to
    /// 10.000, beyond that an estimate (`newClientsEstimated`), as a list's total.
    pub new_clients: u64,
    pub new_clients_estimated: bool,
    /// No-shows of the appointments that had a reminder sent (WhatsApp or
    /// e-mail) against those that had none.
    pub reminders: ReminderFigures,
    /// Times the waitlist filled in the period: offers claimed (or entries
    /// booked) then, still active.
    pub recovered: RecoveredFigures,
}

/// The times the waitlist recovered, and what they are worth.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveredFigures {
    pub count: i64,
    pub revenue_cents: i64,
}

/// The period's appointments split by whether a reminder was sent.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderFigures {
    pub with_reminder: ReminderGroup,
    pub without_reminder: ReminderGroup,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderGroup {
    pub total: u64,
    pub concluido: u64,
    pub faltou: u64,
    /// faltou / (concluido + faltou), as `noShowRate`.
    pub no_show_rate: f64,
}

/// The first and last day of the calendar month `day` falls in.
fn month_bounds(day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let first = day.with_day(1).unwrap_or(day);
    let last = (first + chrono::Months::new(1)).pred_opt().unwrap_or(day);
    (first, last)
}

/// The days of a named period around `today`; None for an unknown name.
fn named_period(name: &str, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    match name {
        "today" => Some((today, today)),
        "week" => {
            let monday = today - Duration::days(today.weekday().num_days_from_monday() as i64);
            Some((monday, monday + Duration::days(6)))
        }
        "month" => Some(month_bounds(today)),
        "last_month" => Some(month_bounds(today.with_day(1)?.pred_opt()?)),
        _ => None,
    }
}

/// The days a query asks for, with the period's name when it used one:
/// dates when either is given (the missing one completes its month), else
/// `period`, else this month, in the business time zone.
pub fn resolve(query: &SummaryQuery, tz: Tz) -> Result<(Option<&'static str>, NaiveDate, NaiveDate)> {
    let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let (from, to) = (given(&query.from), given(&query.to));
    if from.is_none() && to.is_none() {
        let name = given(&query.period).unwrap_or_else(|| "month".into());
        let today = Utc::now().with_timezone(&tz).date_naive();
        let Some(&name) = PERIODS.iter().find(|p| **p == name) else {
            return Err(AppError::field("period", "Período inválido: use today, week, month ou last_month."));
        };
        let (first, last) = named_period(name, today).ok_or_else(|| AppError::field("period", "Período inválido."))?;
        return Ok((Some(name), first, last));
    }
    // One date alone: the other end of its month.
    let day = |text: &Option<String>| text.as_deref().and_then(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok());
    let from = from.or_else(|| day(&to).map(|d| month_bounds(d).0.to_string()));
    let to = to.or_else(|| day(&from).map(|d| month_bounds(d).1.to_string()));
    let (first, last) = parse_period(&SummaryQuery { from, to, period: None })?;
    Ok((None, first, last))
}

/// Reads and checks the period.
pub fn parse_period(query: &SummaryQuery) -> Result<(NaiveDate, NaiveDate)> {
    let mut errors = FieldErrors::new();
    let mut date = |field: &str, value: Option<&str>, label: &str| -> Option<NaiveDate> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => {
                errors.add(field, format!("Informe a data {label} (AAAA-MM-DD)."));
                None
            }
            Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                Ok(date) => Some(date),
                Err(_) => {
                    errors.add(field, format!("Data {label} inválida: use AAAA-MM-DD."));
                    None
                }
            },
        }
    };
    let from = date("from", query.from.as_deref(), "inicial");
    let to = date("to", query.to.as_deref(), "final");
    if let (Some(from), Some(to)) = (from, to) {
        if to < from {
            errors.add("to", "A data final deve ser igual ou posterior à inicial.");
        } else if (to - from).num_days() + 1 > MAX_DAYS {
            errors.add("to", format!("O período pode ter no máximo {MAX_DAYS} dias."));
        }
    }
    match (from, to) {
        (Some(from), Some(to)) if errors.is_empty() => Ok((from, to)),
        _ => Err(AppError::invalid(errors)),
    }
}

fn rate(part: u64, whole: u64) -> f64 {
    if whole == 0 { 0.0 } else { (part as f64 / whole as f64 * 10_000.0).round() / 10_000.0 }
}

/// A group of appointments counted by status, with the revenue of the
/// concluded ones: one row of a grouped pass.
struct StatusCounts {
    by_status: Vec<(AppointmentStatus, u64)>,
    revenue_cents: i64,
}

impl StatusCounts {
    /// The counts of a row whose columns from `first` on are one per status
    /// (in `AppointmentStatus::iter()`'s order), then the revenue.
    fn read(row: &QueryResult, first: usize) -> Result<StatusCounts> {
        let mut by_status = Vec::new();
        for (i, status) in AppointmentStatus::iter().enumerate() {
            by_status.push((status, u64::try_from(row.try_get_by_index::<i64>(first + i)?).unwrap_or(0)));
        }
        let revenue_cents = row.try_get_by_index::<i64>(first + by_status.len())?;
        Ok(StatusCounts { by_status, revenue_cents })
    }
}

impl Figures {
    /// The figures of a row whose columns from `first` on are those of
    /// `count_figures`.
    fn read(row: &QueryResult, first: usize) -> Result<Figures> {
        let n = |i: usize| -> Result<u64> { Ok(u64::try_from(row.try_get_by_index::<i64>(first + i)?).unwrap_or(0)) };
        Ok(Figures { total: n(0)?, concluido: n(1)?, cancelado: n(2)?, faltou: n(3)?, revenue_cents: row.try_get_by_index::<i64>(first + 4)? })
    }
}

/// The sum of `then` over the group's appointments in `status`, as BIGINT
/// on both databases (PostgreSQL sums to NUMERIC or BIGINT by the column's
/// type).
fn sum_when(status: AppointmentStatus, then: Expr) -> Expr {
    Expr::from(Func::cast_as(Func::sum(Expr::case(appointment::Column::Status.eq(status), then).finally(0)), Alias::new("BIGINT")))
}

/// The revenue: the sum of `price_cents` of the concluded appointments.
fn revenue() -> Expr {
    sum_when(AppointmentStatus::Concluido, Expr::col((appointment::Entity, appointment::Column::PriceCents)))
}

/// `select` counting its group's appointments by status, one column each
/// (in `AppointmentStatus::iter()`'s order), then the revenue.
fn count_by_status(select: Select<appointment::Entity>) -> Select<appointment::Entity> {
    let counted = AppointmentStatus::iter().fold(select, |select, status| {
        let name = format!("n_{}", status.to_value());
        select.column_as(sum_when(status, Expr::val(1)), name)
    });
    counted.column_as(revenue(), "revenue_cents")
}

/// `select` counting its group's appointments as [`Figures`] holds them:
/// all, concluded, cancelled, missed, then the revenue. Four sums where
/// `count_by_status` has seven: on SQLite each sum costs about a
/// millisecond over a year's 13,000 appointments (bench/README.md).
fn count_figures(select: Select<appointment::Entity>) -> Select<appointment::Entity> {
    let counted = select.column_as(Expr::cust("COUNT(*)"), "total");
    let counted = [AppointmentStatus::Concluido, AppointmentStatus::Cancelado, AppointmentStatus::Faltou]
        .into_iter()
        .fold(counted, |select, status| select.column_as(sum_when(status, Expr::val(1)), format!("n_{}", status.to_value())));
    counted.column_as(revenue(), "revenue_cents")
}

/// What a grouped pass's rows hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// `day`, then the day's figures (`count_figures`).
    Days,
    /// Staff member, service spelling and channel, then their counts by
    /// status (`count_by_status`).
    Kinds,
    /// Both sets in one (`GROUPING SETS`): `day`, staff member, service and
    /// channel, then the counts by status; a day's row has its `day` and no
    /// staff member, a kind's the other way round.
    Both,
}

/// What a summary reads: the period's appointments counted by local day
/// and by staff member, service spelling and channel over the period index
/// (which holds every column they read: a year costs what a year holds,
/// however long the history), and its new clients (which grow with the
/// business: counted up to a cap and estimated beyond it, `list::total`).
///
/// PostgreSQL counts both groupings in one pass (`GROUPING SETS`: the
/// year's entries read and hashed once). SQLite, which has no grouping
/// sets, makes two: one by local day, counting only what a day shows, and
/// one by kind; the period's counts by status come from the second.
pub struct Queries {
    /// The period's local days, each with the instants it starts and ends at.
    days: Vec<(NaiveDate, DateTime<Utc>, DateTime<Utc>)>,
    /// Where the period starts and ends.
    bounds: (DateTime<Utc>, DateTime<Utc>),
    pub new_clients: Select<client::Entity>,
}

/// The name of the days' table in the day passes' statements.
const DAYS: &str = "days";

impl Queries {
    /// The queries of the local days `from` to `to`.
    fn period(from: NaiveDate, to: NaiveDate, tz: Tz) -> Queries {
        let start = local_midnight(from, tz);
        let end = local_midnight(to + Duration::days(1), tz);
        let mut days = Vec::new();
        let mut day = from;
        while day <= to {
            days.push((day, local_midnight(day, tz), local_midnight(day + Duration::days(1), tz)));
            day += Duration::days(1);
        }
        Queries {
            days,
            bounds: (start, end),
            new_clients: client::Entity::find()
                .filter(client::Column::CreatedAt.gte(start))
                .filter(client::Column::CreatedAt.lt(end)),
        }
    }

    /// The queries of a summary's period (`query` as `summary` reads it).
    pub fn of(query: &SummaryQuery, tz: Tz) -> Result<Queries> {
        let (_, from, to) = resolve(query, tz)?;
        Ok(Queries::period(from, to, tz))
    }

    /// The period's appointments (between its bounds).
    fn in_period(&self) -> Select<appointment::Entity> {
        appointment::Entity::find()
            .select_only()
            .filter(appointment::Column::StartsAt.gte(self.bounds.0))
            .filter(appointment::Column::StartsAt.lt(self.bounds.1))
    }

    /// The grouped passes of `backend`, each narrowed by `narrow` (whom the
    /// reader reaches), with what their rows hold.
    fn passes(&self, backend: DbBackend, narrow: impl Fn(Select<appointment::Entity>) -> Select<appointment::Entity>) -> Vec<(Pass, Statement)> {
        let day = || Expr::col((Alias::new(DAYS), Alias::new("i")));
        let kind = [appointment::Column::StaffId, appointment::Column::Service, appointment::Column::Channel];
        if backend == DbBackend::Postgres {
            // The period's bounds beside each day's: without them PostgreSQL
            // took 220–590 ms for a year instead of 6–18, the same plan
            // (bench/README.md).
            let select = kind.iter().fold(self.in_period().column_as(day(), "day"), |s, c| s.column(*c));
            let sets = Expr::cust(r#"GROUPING SETS (("days"."i"), ("appointments"."staff_id", "appointments"."service", "appointments"."channel"))"#);
            let both = count_by_status(narrow(select)).group_by(sets);
            return vec![(Pass::Both, self.with_days(backend, both))];
        }
        // Each day's range of the period index, read once: SQLite reads the
        // day's bounds alone (given the period's too, it reads the whole
        // period's range for each day: 2.7 s for a year at 100,000 clients).
        let days = count_figures(narrow(appointment::Entity::find().select_only().column_as(day(), "day"))).group_by(day());
        let kinds = kind.iter().fold(count_by_status(narrow(kind.iter().fold(self.in_period(), |s, c| s.column(*c)))), |s, c| s.group_by(*c));
        vec![(Pass::Days, self.with_days(backend, days)), (Pass::Kinds, kinds.build(backend))]
    }

    /// `select` joined to the period's days: `WITH days(i, starts, ends) AS
    /// (VALUES …)`, `i` the day's place in the period, each day given as the
    /// instants it starts and ends at (computed here, so a day is the same on
    /// SQLite and PostgreSQL whatever the zone's offset).
    fn with_days(&self, backend: DbBackend, mut select: Select<appointment::Entity>) -> Statement {
        let column = |name: &str| Expr::col((Alias::new(DAYS), Alias::new(name)));
        let starts_at = || Expr::col((appointment::Entity, appointment::Column::StartsAt));
        QueryTrait::query(&mut select).join(
            JoinType::InnerJoin,
            Alias::new(DAYS),
            starts_at().gte(column("starts")).and(starts_at().lt(column("ends"))),
        );
        let rows = self.days.iter().enumerate().map(|(i, (_, starts, ends))| {
            Values(vec![Value::Int(Some(i as i32)), Value::from(*starts), Value::from(*ends)])
        });
        let days = CommonTableExpression::new()
            .table_name(Alias::new(DAYS))
            .columns([Alias::new("i"), Alias::new("starts"), Alias::new("ends")])
            .values(rows.collect())
            .to_owned();
        backend.build(&select.into_query().with(WithClause::new().cte(days).to_owned()))
    }

    /// Every statement over the period, named, for the plan tests (the
    /// appointments' as an admin reads them and as a Profissional does).
    pub fn statements(&self, backend: DbBackend) -> Vec<(String, Statement)> {
        let name = |pass: Pass| match pass {
            Pass::Days => "appointments by day",
            Pass::Kinds => "appointments by staff, service and channel",
            Pass::Both => "appointments by day and by staff, service and channel",
        };
        let own = |select: Select<appointment::Entity>| select.filter(appointment::Column::StaffId.eq(1));
        let mut statements: Vec<(String, Statement)> = self.passes(backend, |s| s).into_iter().map(|(p, s)| (name(p).to_string(), s)).collect();
        statements.extend(self.passes(backend, own).into_iter().map(|(p, s)| (format!("a Profissional's {}", name(p)), s)));
        statements.push(("newClients".into(), list::capped_count(backend, self.new_clients.clone(), client::Column::Id)));
        statements
    }
}

pub async fn summary(cx: &Context, query: &SummaryQuery) -> Result<Summary> {
    let (db, tz) = (&cx.db, cx.tz);
    let (period, from, to) = resolve(query, tz)?;
    let q = Queries::period(from, to, tz);
    let backend = db.get_database_backend();
    // A Profissional's own figures (docs/permissions.md): their
    // appointments, and the new clients among those they see.
    let passes = q.passes(backend, |select| access::appointments(cx, select));
    let new_clients_query = access::clients(cx, q.new_clients.clone());
    let (start, end) = q.bounds;
    // The reads do not wait on one another: they run at once, each on a
    // connection of its own (on SQLite each connection has its thread, so
    // the year's two passes take the longer one's time, not their sum).
    let (passes, (new_clients, new_clients_estimated), reminded, (count, revenue_cents)) = tokio::try_join!(
        read_passes(db, passes),
        list::total(db, new_clients_query, client::Column::Id),
        reminded(cx, start, end),
        crate::booking::waitlist::recovered(db, start, end, cx.own_only()),
    )?;

    let mut days: BTreeMap<NaiveDate, Figures> = q.days.iter().map(|(day, _, _)| (*day, Figures::default())).collect();
    let mut kinds = Vec::new();
    for (pass, rows) in passes {
        for row in rows {
            // A day's row: its figures counted (`Days`) or its counts by
            // status (`Both`); else a kind's, its key from `first` on.
            let day = match pass {
                Pass::Days => Some((row.try_get_by_index::<i32>(0)?, Figures::read(&row, 1)?)),
                Pass::Both => match row.try_get_by_index::<Option<i32>>(0)? {
                    Some(i) => Some((i, Figures::of(&StatusCounts::read(&row, 4)?))),
                    None => None,
                },
                Pass::Kinds => None,
            };
            if let Some((i, figures)) = day {
                if let Some(day) = usize::try_from(i).ok().and_then(|i| q.days.get(i)).and_then(|(day, _, _)| days.get_mut(day)) {
                    day.add(figures);
                }
                continue;
            }
            let first = if pass == Pass::Both { 1 } else { 0 };
            let (staff_id, service, channel) = (
                row.try_get_by_index::<i32>(first)?,
                row.try_get_by_index::<String>(first + 1)?,
                row.try_get_by_index::<Channel>(first + 2)?,
            );
            kinds.push((staff_id, service, channel, StatusCounts::read(&row, first + 3)?));
        }
    }
    // The period's counts by status, from its kinds (each appointment in one).
    let mut by_status = ByStatus::default();
    let mut all = Figures::default();
    for (_, _, _, counts) in &kinds {
        all.add(Figures::of(counts));
        for (status, n) in &counts.by_status {
            *match status {
                AppointmentStatus::Agendado => &mut by_status.agendado,
                AppointmentStatus::Confirmado => &mut by_status.confirmado,
                AppointmentStatus::Concluido => &mut by_status.concluido,
                AppointmentStatus::Cancelado => &mut by_status.cancelado,
                AppointmentStatus::Faltou => &mut by_status.faltou,
                AppointmentStatus::Pendente => &mut by_status.pendente,
            } += n;
        }
    }
    let mut staff: HashMap<i32, Figures> = HashMap::new();
    let mut by_channel: Vec<ChannelFigures> = Channel::iter().map(|channel| ChannelFigures { channel, figures: Figures::default() }).collect();
    // By exact spelling first (few per period), merged by name below.
    let mut spellings: HashMap<&str, Figures> = HashMap::new();
    for (staff_id, service, channel, counts) in &kinds {
        let figures = Figures::of(counts);
        staff.entry(*staff_id).or_default().add(figures);
        spellings.entry(service.as_str()).or_default().add(figures);
        if let Some(of) = by_channel.iter_mut().find(|c| c.channel == *channel) {
            of.figures.add(figures);
        }
    }
    let names = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, staff.keys().copied().collect()).await?;
    let mut by_staff: Vec<StaffFigures> = staff
        .into_iter()
        .map(|(staff_id, figures)| StaffFigures { staff_id, staff_name: names.get(&staff_id).cloned().unwrap_or_default(), figures })
        .collect();
    // "Élton" among the E's, not after "Z".
    by_staff.sort_by_cached_key(|s| (normalize_text(&s.staff_name), s.staff_id));
    let by_service = by_service(spellings);

    let total = all.total;
    let reminders = reminder_figures(&reminded, total, &by_status);
    Ok(Summary {
        period: period.map(str::to_string),
        from: from.format("%Y-%m-%d").to_string(),
        to: to.format("%Y-%m-%d").to_string(),
        time_zone: tz.name().to_string(),
        total,
        no_show_rate: rate(by_status.faltou, by_status.concluido + by_status.faltou),
        cancellation_rate: rate(by_status.cancelado, total),
        by_status,
        by_day: days.into_iter().map(|(day, figures)| DayFigures { date: day.format("%Y-%m-%d").to_string(), figures }).collect(),
        by_staff,
        by_service,
        by_channel,
        revenue_cents: all.revenue_cents,
        new_clients,
        new_clients_estimated,
        reminders,
        recovered: RecoveredFigures { count, revenue_cents },
    })
}

/// The grouped passes' rows, the passes (at most two, `Queries::passes`)
/// read at once.
async fn read_passes(db: &DatabaseConnection, passes: Vec<(Pass, Statement)>) -> Result<Vec<(Pass, Vec<QueryResult>)>> {
    let read = |pass: Option<(Pass, Statement)>| async move {
        Ok::<_, AppError>(match pass {
            Some((pass, statement)) => Some((pass, db.query_all_raw(statement).await?)),
            None => None,
        })
    };
    let mut passes = passes.into_iter();
    let (first, second) = tokio::try_join!(read(passes.next()), read(passes.next()))?;
    Ok(first.into_iter().chain(second).collect())
}

/// The statuses of the appointments between `start` and `end` with a sent
/// reminder (any channel), counted by the database, one row a status.
async fn reminded(cx: &Context, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Vec<(AppointmentStatus, i64)>> {
    use sea_orm::sea_query::Query;
    let sent = Query::select()
        .column(reminder::Column::AppointmentId)
        .from(reminder::Entity)
        .and_where(reminder::Column::State.eq(entities::reminder::ReminderState::Sent))
        .and_where(reminder::Column::Kind.eq(entities::reminder::Kind::Reminder))
        .to_owned();
    Ok(access::appointments(cx, appointment::Entity::find())
        .select_only()
        .column(appointment::Column::Status)
        .column_as(Expr::cust("COUNT(*)"), "n")
        .filter(appointment::Column::StartsAt.gte(start))
        .filter(appointment::Column::StartsAt.lt(end))
        .filter(appointment::Column::Id.in_subquery(sent))
        .group_by(appointment::Column::Status)
        .into_tuple()
        .all(&cx.db)
        .await?)
}

/// The period's appointments split by whether a reminder was sent:
/// `statuses` those with one (`reminded`), the others the rest of the
/// period's figures.
fn reminder_figures(statuses: &[(AppointmentStatus, i64)], total: u64, all: &ByStatus) -> ReminderFigures {
    let n = |status| statuses.iter().filter(|(s, _)| *s == status).map(|(_, n)| u64::try_from(*n).unwrap_or(0)).sum::<u64>();
    let mut with = ReminderGroup { total: statuses.iter().map(|(_, n)| u64::try_from(*n).unwrap_or(0)).sum(), ..Default::default() };
    with.concluido = n(AppointmentStatus::Concluido);
    with.faltou = n(AppointmentStatus::Faltou);
    with.no_show_rate = rate(with.faltou, with.concluido + with.faltou);
    let mut without = ReminderGroup {
        total: total.saturating_sub(with.total),
        concluido: all.concluido.saturating_sub(with.concluido),
        faltou: all.faltou.saturating_sub(with.faltou),
        no_show_rate: 0.0,
    };
    without.no_show_rate = rate(without.faltou, without.concluido + without.faltou);
    ReminderFigures { with_reminder: with, without_reminder: without }
}

/// The figures of each exact spelling of a service merged by name
/// (`normalize_text` of the trimmed text), each group named by its most
/// frequent trimmed spelling (a tie goes to the first in byte order, capitals
/// before lower case), in the summary's order.
fn by_service(spellings: HashMap<&str, Figures>) -> Vec<ServiceFigures> {
    let mut groups: HashMap<String, (ServiceFigures, BTreeMap<&str, u64>)> = HashMap::new();
    for (spelling, figures) in spellings {
        let spelling = spelling.trim();
        let (group, counts) = groups.entry(normalize_text(spelling)).or_default();
        group.figures.add(figures);
        *counts.entry(spelling).or_default() += figures.total;
    }
    let mut services: Vec<(String, ServiceFigures)> = groups
        .into_iter()
        .map(|(key, (mut group, counts))| {
            // max_by_key keeps the last of equals: walk the spellings backwards.
            group.service = counts.iter().rev().max_by_key(|(_, n)| **n).map(|(s, _)| s.to_string()).unwrap_or_default();
            (key, group)
        })
        .collect();
    services.sort_by(|(a_key, a), (b_key, b)| {
        let (a, b) = (&a.figures, &b.figures);
        (b.revenue_cents, b.total).cmp(&(a.revenue_cents, a.total)).then_with(|| a_key.cmp(b_key))
    });
    services.into_iter().map(|(_, s)| s).collect()
}

/// The summary as CSV for the reports screen's export: one row a day, then
/// the totals; after a blank line, one row a service (in the summary's
/// order). Formats as every export (kit::csv).
pub fn export_csv(summary: &Summary) -> Result<Vec<u8>> {
    let mut out = csv::CsvWriter::new(&["Data", "Agendamentos", "Concluídos", "Cancelados", "Faltas", "Receita (R$)"])?;
    // A row: what it counts, then its figures.
    let row = |name: String, f: &Figures| [name, f.total.to_string(), f.concluido.to_string(), f.cancelado.to_string(), f.faltou.to_string(), csv::money(f.revenue_cents)];
    for d in &summary.by_day {
        let date = NaiveDate::parse_from_str(&d.date, "%Y-%m-%d").map_or_else(|_| d.date.clone(), |d| d.format("%d/%m/%Y").to_string());
        out.row(&row(date, &d.figures))?;
    }
    let totals = Figures {
        total: summary.total,
        concluido: summary.by_status.concluido,
        cancelado: summary.by_status.cancelado,
        faltou: summary.by_status.faltou,
        revenue_cents: summary.revenue_cents,
    };
    out.row(&row("Total".into(), &totals))?;
    out.section(&["Serviço", "Agendamentos", "Concluídos", "Cancelados", "Faltas", "Receita (R$)"])?;
    for s in &summary.by_service {
        out.row(&row(s.service.clone(), &s.figures))?;
    }
    out.section(&["Canal", "Agendamentos", "Concluídos", "Cancelados", "Faltas", "Receita (R$)"])?;
    for c in &summary.by_channel {
        out.row(&row(c.channel.label().to_string(), &c.figures))?;
    }
    out.section(&["Lembrete", "Agendamentos", "Concluídos", "Faltas", "Taxa de faltas (%)"])?;
    let groups = [("Com lembrete enviado", &summary.reminders.with_reminder), ("Sem lembrete", &summary.reminders.without_reminder)];
    for (label, g) in groups {
        let percent = format!("{:.1}", g.no_show_rate * 100.0).replace('.', ",");
        out.row(&[label.to_string(), g.total.to_string(), g.concluido.to_string(), g.faltou.to_string(), percent])?;
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(from: &str, to: &str) -> SummaryQuery {
        SummaryQuery { from: Some(from.into()), to: Some(to.into()), period: None }
    }

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn named_periods_are_calendar_days() {
        // 2026-11-25 is a Wednesday.
        let today = day("2026-11-25");
        assert_eq!(named_period("today", today), Some((today, today)));
        assert_eq!(named_period("week", today), Some((day("2026-11-23"), day("2026-11-29"))));
        assert_eq!(named_period("month", today), Some((day("2026-11-01"), day("2026-11-30"))));
        assert_eq!(named_period("last_month", today), Some((day("2026-10-01"), day("2026-10-31"))));
        assert_eq!(named_period("last_month", day("2026-01-15")), Some((day("2025-12-01"), day("2025-12-31"))));
        assert_eq!(named_period("year", today), None);
    }

    #[test]
    fn missing_dates_complete_their_month_or_default_to_this_month() {
        let tz = chrono_tz::America::Sao_Paulo;
        let only = |from: Option<&str>, to: Option<&str>| {
            resolve(&SummaryQuery { from: from.map(Into::into), to: to.map(Into::into), period: None }, tz).unwrap()
        };
        assert_eq!(only(Some("2026-02-10"), None), (None, day("2026-02-10"), day("2026-02-28")));
        assert_eq!(only(None, Some("2026-02-10")), (None, day("2026-02-01"), day("2026-02-10")));
        let (name, first, last) = only(None, None);
        assert_eq!(name, Some("month"));
        assert_eq!(first.day(), 1);
        assert!(last >= first);
        let week = SummaryQuery { period: Some("week".into()), ..Default::default() };
        assert_eq!(resolve(&week, tz).unwrap().0, Some("week"));
        let bad = SummaryQuery { period: Some("ano".into()), ..Default::default() };
        assert!(resolve(&bad, tz).is_err());
        assert!(resolve(&SummaryQuery { from: Some("ontem".into()), ..Default::default() }, tz).is_err());
    }

    #[test]
    fn periods_are_checked() {
        assert!(parse_period(&query("2026-01-01", "2026-12-31")).is_ok());
        // 2028 is a leap year: 366 days is the maximum.
        assert!(parse_period(&query("2028-01-01", "2028-12-31")).is_ok());
        assert!(parse_period(&query("2026-01-01", "2027-01-02")).is_err());
        assert!(parse_period(&query("2026-02-02", "2026-02-01")).is_err());
        assert!(parse_period(&query("2026-02-30", "2026-03-01")).is_err());
        assert!(parse_period(&SummaryQuery::default()).is_err());
    }

    #[test]
    fn the_default_period_is_the_whole_month() {
        assert_eq!(month_bounds(day("2028-02-15")), (day("2028-02-01"), day("2028-02-29")));
        assert_eq!(month_bounds(day("2026-12-31")), (day("2026-12-01"), day("2026-12-31")));
        let (_, from, to) = resolve(&SummaryQuery::default(), chrono_tz::America::Sao_Paulo).unwrap();
        assert!(parse_period(&query(&from.to_string(), &to.to_string())).is_ok());
    }

    #[test]
    fn services_group_by_name_as_read_and_take_the_most_frequent_spelling() {
        let figures = |total: u64, concluido: u64, revenue_cents: i64| Figures { total, concluido, cancelado: 0, faltou: total - concluido, revenue_cents };
        let spellings = HashMap::from([
            ("Limpeza", figures(1, 1, 100)),
            ("limpeza ", figures(2, 1, 100)),
            (" LIMPÉZA", figures(1, 0, 0)),
            ("Corte", figures(1, 1, 300)),
            ("Barba", figures(3, 1, 200)),
            ("Ácido hialurônico", figures(3, 1, 200)),
            ("Escova", figures(1, 1, 200)),
        ]);
        let services = by_service(spellings);
        let rows: Vec<(&str, u64, u64, u64, i64)> =
            services.iter().map(|s| (s.service.as_str(), s.figures.total, s.figures.concluido, s.figures.faltou, s.figures.revenue_cents)).collect();
        assert_eq!(
            rows,
            [
                ("Corte", 1, 1, 0, 300),
                // Equal revenue: more appointments first, then by name ("Ácido" among the A's).
                ("limpeza", 4, 2, 2, 200),
                ("Ácido hialurônico", 3, 1, 2, 200),
                ("Barba", 3, 1, 2, 200),
                ("Escova", 1, 1, 0, 200),
            ]
        );
        // A tie between spellings goes to the capitalised one.
        let tie = by_service(HashMap::from([("limpeza", figures(1, 0, 0)), ("Limpeza ", figures(1, 0, 0))]));
        assert_eq!(tie[0].service, "Limpeza");
    }

    #[test]
    fn rates_are_rounded_fractions_and_zero_without_a_denominator() {
        assert_eq!(rate(1, 3), 0.3333);
        assert_eq!(rate(2, 3), 0.6667);
        assert_eq!(rate(0, 0), 0.0);
    }
}
