//! Recurring appointments: a series booked, checked and changed as one.
//!
//! A rule ("every N weeks on these weekdays", "every N months on the same
//! weekday of the month") is expanded on the business's local calendar,
//! each date at the first occurrence's wall-clock time with chrono-tz, so
//! 09:00 stays 09:00 across a daylight-saving change. Every occurrence is
//! put to `schedule::check_bookings` inside the one transaction that
//! writes them, after the staff member's lock: a series is saved whole or
//! refused whole (409 listing every date that cannot be booked).
//!
//! Changing "this and the following" or "all" works the same way: each
//! occurrence is validated as its own edit would be, all are checked
//! together, and one transaction writes them with one audit entry of the
//! series. Past occurrences, and those already cancelled or done, are
//! never changed by it (only the one the user opened). The writes are the
//! gate's (`booking`); what they need to plan them is here.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc, Weekday};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{AppointmentInput, AppointmentView, Fields, RepeatInput};
use crate::kit::validation::{TextPatch, parse_day};
use crate::kit::{Context, names_by_id};
use crate::kit::time::{local_instant, parse_instant, to_local_rfc3339};
use entities::appointment::AppointmentStatus;
use entities::{appointment, appointment_series, user};

/// Most occurrences one series may have.
pub const MAX_OCCURRENCES: usize = 104;
/// Longest interval of a rule, in weeks or months.
const MAX_EVERY: i64 = 12;
const NOT_IN_SERIES: &str = "Este agendamento não faz parte de uma série.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Week,
    Month,
}

/// A series' rule, checked, as it is kept and answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    pub every: u32,
    pub unit: Unit,
    /// Weekly: 1 (Monday) to 7 (Sunday); monthly: empty.
    pub weekdays: Vec<u8>,
    pub count: Option<u32>,
    #[schema(value_type = Option<String>)]
    pub until: Option<NaiveDate>,
}

/// Where the occurrences of a series may lie: up to two years after its first.
fn horizon(start: NaiveDate) -> NaiveDate {
    start.checked_add_months(Months::new(24)).unwrap_or(start)
}

impl RepeatInput {
    /// The rule, or its errors (as `repeat.field`), for a series whose
    /// first occurrence is on `start`.
    pub(crate) fn check(&self, start: NaiveDate, all_errors: &mut FieldErrors) -> Option<Rule> {
        let mut found = FieldErrors::new();
        let errors = &mut found;
        for key in self.extra.keys() {
            errors.add(&format!("repeat.{key}"), "Campo desconhecido.");
        }
        let every = match self.every {
            None => {
                errors.add("repeat.every", "Informe a cada quantas semanas ou meses (every).");
                None
            }
            Some(n) if !(1..=MAX_EVERY).contains(&n) => {
                errors.add("repeat.every", "O intervalo deve ser de 1 a 12.");
                None
            }
            Some(n) => u32::try_from(n).ok(),
        };
        let unit = match self.unit.as_deref().map(str::trim) {
            Some("week") => Some(Unit::Week),
            Some("month") => Some(Unit::Month),
            None => {
                errors.add("repeat.unit", "Informe a unidade: week (semanas) ou month (meses).");
                None
            }
            Some(_) => {
                errors.add("repeat.unit", "Unidade inválida: use week (semanas) ou month (meses).");
                None
            }
        };
        let mut weekdays: Vec<u8> = Vec::new();
        match (unit, &self.weekdays) {
            (Some(Unit::Week), None) => errors.add("repeat.weekdays", "Escolha ao menos um dia da semana."),
            (Some(Unit::Week), Some(days)) if days.is_empty() => errors.add("repeat.weekdays", "Escolha ao menos um dia da semana."),
            (_, Some(days)) if days.iter().any(|d| !(1..=7).contains(d)) => {
                errors.add("repeat.weekdays", "Dias da semana vão de 1 (segunda) a 7 (domingo).")
            }
            (Some(Unit::Month), Some(days)) if !days.is_empty() => {
                errors.add("repeat.weekdays", "Na repetição mensal o dia da semana é o do primeiro agendamento: não informe weekdays.")
            }
            (_, Some(days)) => {
                weekdays = days.iter().filter_map(|d| u8::try_from(*d).ok()).collect();
                weekdays.sort_unstable();
                weekdays.dedup();
            }
            _ => {}
        }
        let until = parse_day(self.until.as_deref(), "repeat.until", errors);
        let count = match (self.count, self.until.as_deref().map(str::trim).filter(|t| !t.is_empty())) {
            (Some(_), Some(_)) => {
                errors.add("repeat.count", "Informe o número de vezes (count) ou a data final (until), não os dois.");
                None
            }
            (None, None) => {
                errors.add("repeat.count", "Informe o número de vezes (count) ou a data final (until).");
                None
            }
            (Some(n), None) if !(1..=MAX_OCCURRENCES as i64).contains(&n) => {
                errors.add("repeat.count", "Uma série tem de 1 a 104 agendamentos.");
                None
            }
            (Some(n), None) => u32::try_from(n).ok(),
            (None, Some(_)) => None,
        };
        if let Some(until) = until {
            if until < start {
                errors.add("repeat.until", "A data final deve ser igual ou depois do primeiro agendamento.");
            } else if until > horizon(start) {
                errors.add("repeat.until", "A data final pode ser no máximo dois anos depois do primeiro agendamento.");
            }
        }
        let valid = found.is_empty();
        all_errors.merge(found);
        valid.then_some(Rule { every: every?, unit: unit?, weekdays, count, until })
    }
}

/// Which of a month's weekdays `date` is: 1 to 4, or 5 for "the last" (a
/// fifth one, which most months do not have).
fn week_of_month(date: NaiveDate) -> u8 {
    u8::try_from(date.day0() / 7 + 1).unwrap_or(5)
}

/// The `nth` (1–4, 5 = last) `weekday` of the month of `first`.
fn nth_weekday(first: NaiveDate, weekday: Weekday, nth: u8) -> Option<NaiveDate> {
    if nth < 5 {
        return NaiveDate::from_weekday_of_month_opt(first.year(), first.month(), weekday, nth);
    }
    (1..=5).rev().find_map(|n| NaiveDate::from_weekday_of_month_opt(first.year(), first.month(), weekday, n))
}

impl Rule {
    /// The series' days from `start` (its first), in order: until `count`
    /// or `until`, never past two years, and at most one more than
    /// `MAX_OCCURRENCES` (so a rule that asks for more can be told).
    pub fn dates(&self, start: NaiveDate) -> Vec<NaiveDate> {
        let last = self.until.unwrap_or(NaiveDate::MAX).min(horizon(start));
        let wanted = self.count.map_or(MAX_OCCURRENCES + 1, |c| c as usize);
        let every = i64::from(self.every.max(1));
        let mut dates = Vec::new();
        match self.unit {
            Unit::Week => {
                let first_monday = start - Duration::days(i64::from(start.weekday().num_days_from_monday()));
                let mut day = start;
                while day <= last && dates.len() < wanted {
                    let week = (day - first_monday).num_days() / 7;
                    if week % every == 0 && self.weekdays.contains(&(day.weekday().number_from_monday() as u8)) {
                        dates.push(day);
                    }
                    day += Duration::days(1);
                }
            }
            Unit::Month => {
                let (weekday, nth) = (start.weekday(), week_of_month(start));
                let Some(month) = start.with_day(1) else { return dates };
                for step in 0.. {
                    let Some(first) = month.checked_add_months(Months::new(self.every * step)) else { break };
                    let Some(day) = nth_weekday(first, weekday, nth) else { continue };
                    if day > last || dates.len() >= wanted {
                        break;
                    }
                    if day >= start {
                        dates.push(day);
                    }
                }
            }
        }
        dates
    }

    /// The rule in words, as the screens show it ("Toda semana: segunda e quinta").
    pub fn describe(&self, first: NaiveDate) -> String {
        const DAYS: [&str; 7] = ["segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"];
        let every = match (self.unit, self.every) {
            (Unit::Week, 1) => "Toda semana".to_string(),
            (Unit::Week, n) => format!("A cada {n} semanas"),
            (Unit::Month, 1) => "Todo mês".to_string(),
            (Unit::Month, n) => format!("A cada {n} meses"),
        };
        let on = match self.unit {
            Unit::Week => {
                let names: Vec<&str> = self.weekdays.iter().map(|d| DAYS[usize::from(d.clamp(&1, &7) - 1)]).collect();
                match names.split_last() {
                    Some((last, [])) => format!(": {last}"),
                    Some((last, rest)) => format!(": {} e {last}", rest.join(", ")),
                    None => String::new(),
                }
            }
            Unit::Month => {
                let day = DAYS[first.weekday().num_days_from_monday() as usize];
                match week_of_month(first) {
                    5 => format!(", na última {day}"),
                    n => format!(", na {n}ª {day}"),
                }
            }
        };
        let end = match (self.count, self.until) {
            (Some(1), _) => ", 1 vez".to_string(),
            (Some(n), _) => format!(", {n} vezes"),
            (None, Some(until)) => format!(", até {}", until.format("%d/%m/%Y")),
            _ => String::new(),
        };
        format!("{every}{on}{end}")
    }
}

/// The answer to a new series: every appointment created, by start.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesCreated {
    pub data: Vec<AppointmentView>,
    pub series_id: i32,
}

/// The occurrences of a new series: the rule's days, less `skipDates`, with
/// `moves` applied; each its start and end.
pub(crate) fn plan(
    input: &AppointmentInput,
    fields: &Fields,
    rule: &Rule,
    tz: Tz,
    errors: &mut FieldErrors,
) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
    let first = fields.starts_at.with_timezone(&tz);
    let length = fields.ends_at - fields.starts_at;
    let dates = rule.dates(first.date_naive());
    if dates.len() > MAX_OCCURRENCES {
        errors.add("repeat.until", "Uma série tem no máximo 104 agendamentos: escolha uma data final mais próxima.");
    } else if rule.count.is_some_and(|c| dates.len() < c as usize) {
        errors.add("repeat.count", "A série passaria de dois anos: escolha menos vezes ou um intervalo menor.");
    }
    let day_of = |text: &str, field: &str, errors: &mut FieldErrors| {
        let day = parse_day(Some(text), field, errors)?;
        if dates.contains(&day) {
            return Some(day);
        }
        errors.add(field, format!("{} não é um dia desta série.", day.format("%d/%m/%Y")));
        None
    };
    let skipped: Vec<NaiveDate> =
        input.skip_dates.iter().flatten().filter_map(|text| day_of(text, "skipDates", errors)).collect();
    let mut moved: HashMap<NaiveDate, DateTime<Utc>> = HashMap::new();
    for item in input.moves.iter().flatten() {
        for key in item.extra.keys() {
            errors.add(&format!("moves.{key}"), "Campo desconhecido.");
        }
        let day = match item.date.as_deref() {
            None => {
                errors.add("moves.date", "Informe o dia da série que muda.");
                None
            }
            Some(text) => day_of(text, "moves.date", errors),
        };
        let start = match item.starts_at.as_deref().map(|t| parse_instant(t, tz)) {
            None => {
                errors.add("moves.startsAt", "Informe o novo início.");
                None
            }
            Some(Err(message)) => {
                errors.add("moves.startsAt", message);
                None
            }
            Some(Ok(start)) => Some(start),
        };
        if let (Some(day), Some(start)) = (day, start) {
            moved.insert(day, start);
        }
    }
    let occurrences: Vec<(DateTime<Utc>, DateTime<Utc>)> = dates
        .into_iter()
        .take(MAX_OCCURRENCES)
        .filter(|day| !skipped.contains(day))
        .map(|day| {
            let start = moved.get(&day).copied().unwrap_or_else(|| local_instant(day.and_time(first.time()), tz));
            (start, start + length)
        })
        .collect();
    if occurrences.is_empty() && errors.is_empty() {
        errors.add("skipDates", "Nenhum agendamento restou na série.");
    }
    occurrences
}

/// The 409 of a series (or a change to many occurrences) some dates of
/// which cannot be booked.
pub(crate) fn refused(conflicts: Vec<crate::kit::error::SeriesConflict>) -> AppError {
    let n = conflicts.len();
    let message = if n == 1 {
        "Um dia da série tem conflito; nada foi salvo.".to_string()
    } else {
        format!("{n} dias da série têm conflito; nada foi salvo.")
    };
    AppError::SeriesClash { message, conflicts }
}

/// Every occurrence of a series, by start.
pub(crate) async fn of_series(db: &impl ConnectionTrait, series_id: i32) -> Result<Vec<appointment::Model>> {
    Ok(appointment::Entity::find()
        .filter(appointment::Column::SeriesId.eq(series_id))
        .order_by_asc(appointment::Column::StartsAt)
        .order_by_asc(appointment::Column::Id)
        .all(db)
        .await?)
}

/// Which occurrences a change reaches (`?scope=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Only the one opened (as without `scope`).
    This,
    /// It and the later ones: the series is split there.
    Following,
    /// It and every one not yet started.
    All,
}

query_params! {
    /// `?scope=` of `PUT`, `PATCH …/status` and `DELETE` on an appointment.
    pub struct ScopeQuery {
        /// Numa série: `this` (padrão: só esta), `following` (esta e as seguintes) ou `all` (todas as que ainda não começaram).
        pub scope: Option<String>,
    }
}

impl ScopeQuery {
    pub fn scope(&self) -> Result<Option<Scope>> {
        match self.scope.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some("this") => Ok(Some(Scope::This)),
            Some("following") => Ok(Some(Scope::Following)),
            Some("all") => Ok(Some(Scope::All)),
            Some(_) => Err(AppError::field("scope", "Escopo inválido: use this (só esta), following (esta e as seguintes) ou all (todas).")),
        }
    }
}

/// The 422 of a `scope` given for an appointment that is in no series.
pub fn not_in_series() -> AppError {
    AppError::field("scope", NOT_IN_SERIES)
}

/// A `scope` given for an appointment that is in no series is a 422.
pub fn check_scope(scope: Option<Scope>, current: &appointment::Model) -> Result<()> {
    if scope.is_some() && current.series_id.is_none() {
        return Err(not_in_series());
    }
    Ok(())
}

/// A change to many occurrences.
pub enum Edit {
    /// `PUT` (or `PATCH …/status`, as its status fields): the body given
    /// for the opened occurrence, applied to each.
    Update { input: AppointmentInput, action: &'static str },
    Delete,
}

/// Verbs of a series' history entry, by action and status.
pub(crate) fn summary(edit: &Edit, status: Option<AppointmentStatus>, count: usize, from: &str) -> String {
    let what = match (edit, status) {
        (Edit::Delete, _) => return format!("{count} agendamentos da série excluídos a partir de {from}"),
        (Edit::Update { action: "status", .. }, Some(AppointmentStatus::Cancelado)) => "cancelada",
        (Edit::Update { action: "status", .. }, Some(AppointmentStatus::Confirmado)) => "confirmada",
        (Edit::Update { action: "status", .. }, Some(AppointmentStatus::Concluido)) => "concluída",
        (Edit::Update { action: "status", .. }, Some(AppointmentStatus::Faltou)) => "marcada como falta",
        (Edit::Update { action: "status", .. }, _) => "reagendada",
        (Edit::Update { .. }, _) => "alterada",
    };
    format!("Série {what} a partir de {from} ({count} agendamentos)")
}

/// The input of one more occurrence of a change made on `target`: a new
/// start moves it by the same days to the same new wall-clock time, a new
/// end becomes the same length; every other field given applies as is.
pub(crate) fn input_for(input: &AppointmentInput, target: &appointment::Model, member: &appointment::Model, tz: Tz) -> AppointmentInput {
    let mut each = input.clone();
    each.version = Some(member.version);
    if member.id == target.id {
        return each;
    }
    let new_start = input.starts_at.as_deref().and_then(|t| parse_instant(t, tz).ok());
    if let Some(new_start) = new_start {
        let (old, new) = (target.starts_at.with_timezone(&tz), new_start.with_timezone(&tz));
        let shift = Duration::days((new.date_naive() - old.date_naive()).num_days());
        if let Some(day) = member.starts_at.with_timezone(&tz).date_naive().checked_add_signed(shift) {
            each.starts_at = Some(day.and_time(new.time()).format("%Y-%m-%dT%H:%M:%S").to_string());
        }
    }
    if let Some(end) = input.ends_at.text().and_then(|t| parse_instant(t, tz).ok()) {
        let start = new_start.unwrap_or(target.starts_at);
        each.ends_at = TextPatch(None);
        each.duration_minutes = Some((end - start).num_minutes());
    }
    each
}

/// The rule of a part split off a series, from the origin's (its JSON):
/// a weekly one's weekdays are those its occurrences now fall on (moved
/// from Monday to Tuesday, "Toda semana: terça"); anything else is kept.
pub(crate) fn split_rule(origin: &str, starts: impl Iterator<Item = DateTime<Utc>>, tz: Tz) -> String {
    let Ok(mut rule) = serde_json::from_str::<Rule>(origin) else { return origin.to_string() };
    if rule.unit == Unit::Week {
        let mut weekdays: Vec<u8> = starts.map(|t| t.with_timezone(&tz).weekday().number_from_monday() as u8).collect();
        weekdays.sort_unstable();
        weekdays.dedup();
        if !weekdays.is_empty() {
            rule.weekdays = weekdays;
        }
    }
    serde_json::to_string(&rule).unwrap_or_else(|_| origin.to_string())
}

/// A client's series, as the client page lists them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Series)]
pub struct SeriesView {
    pub id: i32,
    pub client_id: i32,
    pub staff_id: i32,
    pub staff_name: String,
    /// The service of its latest occurrence.
    pub service: String,
    pub rule: Rule,
    /// The rule in words ("Toda semana: terça, 12 vezes").
    pub description: String,
    /// Occurrences, whatever their status.
    pub total: usize,
    /// Occurrences not yet started and still active.
    pub remaining: usize,
    pub first_starts_at: String,
    pub last_starts_at: String,
    /// The next one still active, if any.
    pub next_starts_at: Option<String>,
    /// The next one's id (to open it).
    pub next_id: Option<i32>,
}

query_params! {
    /// `GET /api/series?client_id=`.
    pub struct SeriesFilter {
        /// O cliente (obrigatório).
        pub client_id: Option<i32>,
    }
}

/// A client's series, those with occurrences ahead first.
pub async fn of_client(cx: &Context, filter: &SeriesFilter) -> Result<Vec<SeriesView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let Some(client_id) = filter.client_id else { return Err(AppError::field("client_id", "Informe o cliente (client_id).")) };
    crate::kit::access::check_client(cx, db, client_id, crate::clients::NOT_FOUND).await?;
    let rows = crate::kit::access::appointments(cx, appointment::Entity::find())
        .filter(appointment::Column::ClientId.eq(client_id))
        .filter(appointment::Column::SeriesId.is_not_null())
        .order_by_asc(appointment::Column::StartsAt)
        .all(db)
        .await?;
    let mut by_series: Vec<(i32, Vec<appointment::Model>)> = Vec::new();
    for row in rows {
        let Some(series_id) = row.series_id else { continue };
        match by_series.iter_mut().find(|(id, _)| *id == series_id) {
            Some((_, members)) => members.push(row),
            None => by_series.push((series_id, vec![row])),
        }
    }
    let ids: Vec<i32> = by_series.iter().map(|(id, _)| *id).collect();
    let rules: HashMap<i32, String> = appointment_series::Entity::find()
        .select_only()
        .column(appointment_series::Column::Id)
        .column(appointment_series::Column::Rule)
        .filter(appointment_series::Column::Id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let staff_ids: Vec<i32> = by_series.iter().filter_map(|(_, m)| m.last().map(|a| a.staff_id)).collect();
    let staff = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, staff_ids).await?;
    let now = Utc::now();
    let mut views: Vec<SeriesView> = by_series
        .into_iter()
        .filter_map(|(id, members)| {
            let mut rule: Rule = serde_json::from_str(rules.get(&id)?).ok()?;
            // A part split off keeps the rule, not its count: say what it holds.
            if rule.count.is_some() {
                rule.count = u32::try_from(members.len()).ok();
            }
            let (first, last) = (members.first()?, members.last()?);
            let ahead: Vec<&appointment::Model> = members.iter().filter(|m| m.starts_at >= now && m.status.is_active()).collect();
            Some(SeriesView {
                id,
                client_id,
                staff_id: last.staff_id,
                staff_name: staff.get(&last.staff_id).cloned().unwrap_or_default(),
                service: last.service.clone(),
                description: rule.describe(first.starts_at.with_timezone(&tz).date_naive()),
                rule,
                total: members.len(),
                remaining: ahead.len(),
                first_starts_at: to_local_rfc3339(first.starts_at, tz),
                last_starts_at: to_local_rfc3339(last.starts_at, tz),
                next_starts_at: ahead.first().map(|a| to_local_rfc3339(a.starts_at, tz)),
                next_id: ahead.first().map(|a| a.id),
            })
        })
        .collect();
    views.sort_by(|a, b| (b.remaining > 0).cmp(&(a.remaining > 0)).then_with(|| b.first_starts_at.cmp(&a.first_starts_at)));
    Ok(views)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn weekly(every: u32, weekdays: &[u8], count: u32) -> Rule {
        Rule { every, unit: Unit::Week, weekdays: weekdays.to_vec(), count: Some(count), until: None }
    }

    #[test]
    fn weeks_count_from_the_first_week() {
        // Tuesday 5 January 2027; Mondays and Thursdays.
        let dates = weekly(1, &[1, 4], 4).dates(day("2027-01-05"));
        assert_eq!(dates, [day("2027-01-07"), day("2027-01-11"), day("2027-01-14"), day("2027-01-18")]);
        let fortnightly = weekly(2, &[2], 3).dates(day("2027-01-05"));
        assert_eq!(fortnightly, [day("2027-01-05"), day("2027-01-19"), day("2027-02-02")]);
    }

    #[test]
    fn months_keep_the_weekday_of_the_month() {
        // The second Tuesday of January 2027 is the 12th.
        let rule = Rule { every: 1, unit: Unit::Month, weekdays: vec![], count: Some(3), until: None };
        assert_eq!(rule.dates(day("2027-01-12")), [day("2027-01-12"), day("2027-02-09"), day("2027-03-09")]);
        assert_eq!(rule.describe(day("2027-01-12")), "Todo mês, na 2ª terça, 3 vezes");
        // A fifth Friday is read as the last one.
        assert_eq!(rule.dates(day("2027-01-29")), [day("2027-01-29"), day("2027-02-26"), day("2027-03-26")]);
    }

    #[test]
    fn until_is_inclusive_and_two_years_is_the_limit() {
        let rule = Rule { every: 1, unit: Unit::Week, weekdays: vec![2], count: None, until: Some(day("2027-01-19")) };
        assert_eq!(rule.dates(day("2027-01-05")).len(), 3);
        let long = weekly(12, &[2], 104).dates(day("2027-01-05"));
        assert!(long.len() < 104 && long.last().unwrap() <= &day("2029-01-05"));
        let daily = Rule { every: 1, unit: Unit::Week, weekdays: vec![1, 2, 3, 4, 5], count: None, until: Some(day("2027-12-31")) };
        assert_eq!(daily.dates(day("2027-01-04")).len(), MAX_OCCURRENCES + 1);
    }

    #[test]
    fn the_rule_in_words() {
        assert_eq!(weekly(1, &[1, 4], 6).describe(day("2027-01-04")), "Toda semana: segunda e quinta, 6 vezes");
        assert_eq!(weekly(2, &[1, 3, 5], 6).describe(day("2027-01-04")), "A cada 2 semanas: segunda, quarta e sexta, 6 vezes");
    }
}
