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
//! never changed by it (only the one the user opened).

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc, Weekday};
use chrono_tz::Tz;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::error::{AppError, FieldErrors, Result};
use crate::services::appointments::{self, AppointmentInput, AppointmentView, Fields, NOT_FOUND, RepeatInput};
use crate::services::validation::{TextPatch, parse_day};
use crate::services::{Context, audit, expected_version, find, names_by_id, reminders, versioned_update};
use crate::time::{local_instant, parse_instant, to_local_rfc3339};
use entities::appointment::AppointmentStatus;
use entities::{appointment, appointment_series, user};

/// Most occurrences one series may have.
pub const MAX_OCCURRENCES: usize = 104;
/// Longest interval of a rule, in weeks or months.
const MAX_EVERY: i64 = 12;
/// The `entity` of a series' audit entries.
pub const ENTITY: &str = "series";
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
    fn check(&self, start: NaiveDate, all_errors: &mut FieldErrors) -> Option<Rule> {
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
fn plan(
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
fn refused(conflicts: Vec<crate::error::SeriesConflict>) -> AppError {
    let n = conflicts.len();
    let message = if n == 1 {
        "Um dia da série tem conflito; nada foi salvo.".to_string()
    } else {
        format!("{n} dias da série têm conflito; nada foi salvo.")
    };
    AppError::SeriesClash { message, conflicts }
}

/// `POST /api/appointments` with `repeat`: every occurrence checked, then
/// all written in one transaction, or none.
pub async fn create(cx: &Context, input: AppointmentInput) -> Result<SeriesCreated> {
    let (db, tz) = (&cx.db, cx.tz);
    let checked = appointments::validate(db, &input, None, tz).await;
    let mut errors = match &checked {
        Err(AppError::Validation { errors, .. }) => errors.clone(),
        Err(_) | Ok(_) => FieldErrors::new(),
    };
    if let Err(other @ (AppError::Internal(_) | AppError::Unavailable(_) | AppError::NoSpace(_))) = checked {
        return Err(other);
    }
    // The rule is checked against the first day even when other fields failed.
    let first_day = match &checked {
        Ok(fields) => fields.starts_at.with_timezone(&tz).date_naive(),
        Err(_) => input.starts_at.as_deref().and_then(|t| parse_instant(t, tz).ok()).unwrap_or_else(Utc::now).with_timezone(&tz).date_naive(),
    };
    let rule = input.repeat.as_ref().and_then(|repeat| repeat.check(first_day, &mut errors));
    let (Ok(fields), Some(rule)) = (checked, rule) else { return Err(AppError::invalid(errors)) };
    let occurrences = plan(&input, &fields, &rule, tz, &mut errors);
    errors.check()?;

    let now = Utc::now();
    let bookings: Vec<_> =
        occurrences.iter().map(|(start, end)| fields.at(*start, *end).booking(None)).collect();
    let txn = crate::db::write_transaction(db).await?;
    let conflicts = crate::services::schedule::check_bookings(&txn, &bookings, &[], tz).await?;
    if !conflicts.is_empty() {
        return Err(refused(conflicts));
    }
    let series = appointment_series::ActiveModel {
        client_id: Set(fields.client_id),
        staff_id: Set(fields.staff_id),
        rule: Set(serde_json::to_string(&rule).map_err(anyhow::Error::from)?),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let rows = occurrences.iter().map(|(start, end)| {
        let mut model = fields.at(*start, *end).active_model();
        model.series_id = Set(Some(series.id));
        model.version = Set(1);
        model.created_at = Set(now);
        model.updated_at = Set(now);
        model
    });
    // The rows as written (RETURNING), in no promised order: by start, as of_series reads them.
    let mut saved = appointment::Entity::insert_many(rows).exec_with_returning(&txn).await?;
    saved.sort_by_key(|a| (a.starts_at, a.id));
    reminders::on_booked(&txn, &saved).await?; // the occurrences' e-mail reminders, in this transaction
    let (first, last) = (saved.first().map(|a| a.starts_at), saved.last().map(|a| a.starts_at));
    let changes = json!({
        "summary": { "old": null, "new": format!("Série de {} agendamentos criada", saved.len()) },
        "rule": { "old": null, "new": rule.describe(first_day) },
        "from": { "old": null, "new": first.map(|t| to_local_rfc3339(t, tz)) },
        "until": { "old": null, "new": last.map(|t| to_local_rfc3339(t, tz)) },
    });
    audit::record(&txn, ENTITY, series.id, "create", cx.actor_id(), changes).await?;
    let data = appointments::views(&txn, saved, tz).await?;
    txn.commit().await?;
    Ok(SeriesCreated { data, series_id: series.id })
}

/// Every occurrence of a series, by start.
async fn of_series(db: &impl ConnectionTrait, series_id: i32) -> Result<Vec<appointment::Model>> {
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

/// A `scope` given for an appointment that is in no series is a 422.
pub fn check_scope(scope: Option<Scope>, current: &appointment::Model) -> Result<()> {
    if scope.is_some() && current.series_id.is_none() {
        return Err(AppError::field("scope", NOT_IN_SERIES));
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
fn summary(edit: &Edit, status: Option<AppointmentStatus>, count: usize, from: &str) -> String {
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
fn input_for(input: &AppointmentInput, target: &appointment::Model, member: &appointment::Model, tz: Tz) -> AppointmentInput {
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
fn split_rule(origin: &str, starts: impl Iterator<Item = DateTime<Utc>>, tz: Tz) -> String {
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

/// `PUT`, `PATCH …/status` or `DELETE` with `scope=following|all`: the
/// opened occurrence and the series' later (or all) ones not yet started
/// and still active, checked whole like a new series, in one transaction
/// with one audit entry of the series. "Following" splits the series: the
/// occurrences from the opened one on become a new series. Answers the
/// opened occurrence as it is now (none after a delete).
pub async fn change(cx: &Context, id: i32, scope: Scope, edit: Edit) -> Result<Option<AppointmentView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let target = find::<appointment::Entity>(db, id).await?;
    let Some(series_id) = target.series_id else { return Err(AppError::field("scope", NOT_IN_SERIES)) };
    let now = Utc::now();
    let all = of_series(db, series_id).await?;
    let members: Vec<appointment::Model> = all
        .iter()
        .filter(|m| scope != Scope::Following || m.starts_at >= target.starts_at)
        .filter(|m| m.id == target.id || (m.starts_at >= now && m.status.is_active()))
        .cloned()
        .collect();
    let member_ids: Vec<i32> = members.iter().map(|m| m.id).collect();
    let first = members.first().map_or(target.starts_at, |m| m.starts_at);
    let from = first.with_timezone(&tz).format("%d/%m/%Y").to_string();

    // Each occurrence validated as its own edit would be; the opened one's
    // errors are the answer, another's are named by its date.
    let mut changed: Vec<(appointment::Model, Fields)> = Vec::new();
    let mut new_status = None;
    if let Edit::Update { input, .. } = &edit {
        expected_version(input.version, target.version)?;
        for member in &members {
            let each = input_for(input, &target, member, tz);
            match appointments::validate(db, &each, Some(member), tz).await {
                Ok(fields) => changed.push((member.clone(), fields)),
                Err(AppError::Validation { errors, .. }) if member.id != target.id => {
                    let day = member.starts_at.with_timezone(&tz).format("%d/%m/%Y");
                    let first = errors.values().flatten().next().cloned().unwrap_or_default();
                    return Err(AppError::field("scope", format!("Não é possível aplicar a mudança em {day}: {first}")));
                }
                Err(other) => return Err(other),
            }
        }
        new_status = changed.first().map(|(_, f)| f.status());
    }

    let txn = crate::db::write_transaction(db).await?;
    let bookings: Vec<_> = changed.iter().filter(|(_, f)| f.status().is_active()).map(|(m, f)| f.booking(Some(m.id))).collect();
    let conflicts = crate::services::schedule::check_bookings(&txn, &bookings, &member_ids, tz).await?;
    if !conflicts.is_empty() {
        return Err(refused(conflicts));
    }
    let action = match &edit {
        Edit::Update { action, .. } => *action,
        Edit::Delete => "delete",
    };
    match &edit {
        Edit::Update { .. } => {
            for (member, fields) in &changed {
                let saved = versioned_update::<appointment::Entity>(&txn, member.id, member.version, fields.active_model()).await?;
                reminders::on_saved(&txn, &saved).await?;
            }
        }
        Edit::Delete => {
            appointment::Entity::delete_many().filter(appointment::Column::Id.is_in(member_ids.clone())).exec(&txn).await?;
        }
    }
    let summary = summary(&edit, new_status, members.len(), &from);
    let mut changes = json!({ "summary": { "old": null, "new": summary }, "appointments": { "old": null, "new": member_ids } });
    // "This and the following" from a later occurrence: those become a new series.
    let earlier = all.iter().any(|a| a.starts_at < target.starts_at);
    if scope == Scope::Following && earlier && !matches!(edit, Edit::Delete) {
        let series = appointment_series::Entity::find_by_id(series_id).one(&txn).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
        let (client_id, staff_id) = changed.first().map_or((target.client_id, target.staff_id), |(_, f)| (f.client_id, f.staff_id));
        // By the times read before the change: a move may take the opened one earlier.
        let later: Vec<&appointment::Model> = all.iter().filter(|a| a.starts_at >= target.starts_at).collect();
        let starts = later.iter().map(|a| changed.iter().find(|(m, _)| m.id == a.id).map_or(a.starts_at, |(_, f)| f.starts_at));
        let split = appointment_series::ActiveModel {
            client_id: Set(client_id),
            staff_id: Set(staff_id),
            rule: Set(split_rule(&series.rule, starts, tz)),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let later_ids: Vec<i32> = later.iter().map(|a| a.id).collect();
        appointment::Entity::update_many()
            .col_expr(appointment::Column::SeriesId, sea_orm::sea_query::Expr::value(split.id))
            .filter(appointment::Column::Id.is_in(later_ids))
            .exec(&txn)
            .await?;
        changes["split"] = json!({ "old": null, "new": split.id });
        let origin = json!({
            "summary": { "old": null, "new": format!("Série separada da série {series_id} a partir de {from}") },
            "from": { "old": null, "new": series_id },
        });
        audit::record(&txn, ENTITY, split.id, "split", cx.actor_id(), origin).await?;
    }
    audit::record(&txn, ENTITY, series_id, action, cx.actor_id(), changes).await?;
    let answer = match edit {
        Edit::Delete => None,
        Edit::Update { .. } => {
            let now = find::<appointment::Entity>(&txn, id).await?;
            Some(appointments::views(&txn, vec![now], tz).await?.remove(0))
        }
    };
    txn.commit().await?;
    Ok(answer)
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
    let rows = appointment::Entity::find()
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
