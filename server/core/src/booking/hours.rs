//! Working hours: weekly intervals of wall-clock time in the business's
//! zone. The business has a default (Monday to Friday 08:00–18:00 until an
//! admin changes it, kept in `settings`); a staff member follows it until
//! their own hours are set (`users.working_hours`), and goes back to it when
//! those are removed. `schedule` turns them into instants, day by day.

use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity};
use crate::people::users::find as find_user;
use crate::kit::validation::reject_unknown;
use crate::kit::Context;
use entities::{setting, user};
use crate::kit::error::AppError;

/// The `settings` key of the business's default hours.
const DEFAULT_KEY: &str = "working_hours";
/// Most intervals one day may have.
pub const MAX_PER_DAY: usize = 6;

/// One interval of one weekday, in minutes from local midnight (`end` up to
/// 24:00), written `{"weekday": 1, "start": "09:00", "end": "12:00"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Interval {
    /// 1 = Monday … 7 = Sunday (ISO 8601).
    pub weekday: u8,
    pub start: u16,
    pub end: u16,
}

/// As the API writes an interval. A field it does not have is refused
/// (`Campo desconhecido.` under `weekly[i].field`), as in every body.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IntervalView {
    /// 1 = segunda … 7 = domingo.
    pub weekday: u8,
    /// HH:MM
    #[schema(example = "09:00")]
    pub start: String,
    /// HH:MM (até 24:00)
    #[schema(example = "12:00")]
    pub end: String,
}

/// A week of working hours, by weekday and start.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Weekly(pub Vec<Interval>);

impl Weekly {
    /// Monday to Friday, 08:00–18:00: where every install starts.
    pub fn business_default() -> Weekly {
        Weekly((1..=5).map(|weekday| Interval { weekday, start: 8 * 60, end: 18 * 60 }).collect())
    }

    /// The intervals of one weekday (1–7), by start.
    pub fn of_day(&self, weekday: u8) -> impl Iterator<Item = &Interval> {
        self.0.iter().filter(move |i| i.weekday == weekday)
    }

    pub fn views(&self) -> Vec<IntervalView> {
        self.0
            .iter()
            .map(|i| IntervalView { weekday: i.weekday, start: clock(i.start), end: clock(i.end) })
            .collect()
    }

    /// Checked, sorted intervals from the API's form; every problem of every
    /// interval under `weekly[i].field` (and one of a day under `weekly`).
    pub fn parse(items: &[IntervalView]) -> Result<Weekly> {
        let mut errors = FieldErrors::new();
        let mut intervals = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let field = |name: &str| format!("weekly[{i}].{name}");
            if !(1..=7).contains(&item.weekday) {
                errors.add(&field("weekday"), "Dia da semana inválido: use 1 (segunda) a 7 (domingo).");
            }
            let start = parse_clock(&item.start, false);
            let end = parse_clock(&item.end, true);
            if start.is_none() {
                errors.add(&field("start"), "Horário inválido: use HH:MM, de 00:00 a 23:59.");
            }
            if end.is_none() {
                errors.add(&field("end"), "Horário inválido: use HH:MM, de 00:00 a 24:00.");
            }
            if let (Some(start), Some(end)) = (start, end) {
                if end <= start {
                    errors.add(&field("end"), "O fim deve ser depois do início.");
                } else {
                    intervals.push(Interval { weekday: item.weekday, start, end });
                }
            }
        }
        intervals.sort();
        for day in 1..=7u8 {
            let of_day: Vec<&Interval> = intervals.iter().filter(|i| i.weekday == day).collect();
            if of_day.len() > MAX_PER_DAY {
                errors.add("weekly", format!("No máximo {MAX_PER_DAY} intervalos por dia ({}).", weekday_name(day)));
            }
            if of_day.windows(2).any(|pair| pair[1].start < pair[0].end) {
                errors.add("weekly", format!("Intervalos sobrepostos na {}.", weekday_name(day)));
            }
        }
        errors.check()?;
        Ok(Weekly(intervals))
    }

    /// As stored (JSON text of the API's form).
    fn to_json(&self) -> String {
        serde_json::to_string(&self.views()).unwrap_or_else(|_| "[]".into())
    }

    /// What a stored text holds; a text that is not one (never written by
    /// us) reads as the business default rather than failing every booking.
    fn from_json(text: &str) -> Weekly {
        serde_json::from_str::<Vec<IntervalView>>(text)
            .ok()
            .and_then(|items| Weekly::parse(&items).ok())
            .unwrap_or_else(Weekly::business_default)
    }
}

/// "segunda-feira" … "domingo" for 1–7.
pub fn weekday_name(weekday: u8) -> &'static str {
    ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"]
        .get(usize::from(weekday.clamp(1, 7) - 1))
        .copied()
        .unwrap_or("segunda-feira")
}

/// Minutes from midnight as HH:MM.
fn clock(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// HH:MM as minutes from midnight; 24:00 only where `end_of_day` allows it.
fn parse_clock(text: &str, end_of_day: bool) -> Option<u16> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    match (h, m) {
        (24, 0) if end_of_day => Some(24 * 60),
        (0..=23, 0..=59) => Some(h * 60 + m),
        _ => None,
    }
}

/// `{"weekly": [...]}`: a week of hours (`PUT` body and answer).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[schema(as = WorkingHoursBody)]
pub struct WorkingHoursInput {
    #[schema(required, value_type = Vec<IntervalView>)]
    pub weekly: Option<Vec<IntervalView>>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

impl WorkingHoursInput {
    fn checked(&self) -> Result<Weekly> {
        let mut errors = FieldErrors::new();
        reject_unknown(&self.extra, &mut errors);
        if self.weekly.is_none() {
            errors.add("weekly", "Informe os intervalos da semana (weekly).");
        }
        errors.check()?;
        Weekly::parse(self.weekly.as_deref().unwrap_or_default())
    }
}

/// A week of hours as the API answers it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkingHours {
    pub weekly: Vec<IntervalView>,
    /// True while a staff member follows the business's default (always
    /// true for the default itself).
    pub uses_default: bool,
}

/// The business's default hours.
pub async fn business(db: &impl ConnectionTrait) -> Result<Weekly> {
    let row = setting::Entity::find_by_id(DEFAULT_KEY).one(db).await?;
    Ok(row.map_or_else(Weekly::business_default, |row| Weekly::from_json(&row.value)))
}

/// A staff member's hours: their own, or the business's (`default`, read
/// once by the caller for many members).
pub fn of_user(user: &user::Model, default: &Weekly) -> Weekly {
    user.working_hours.as_deref().map_or_else(|| default.clone(), Weekly::from_json)
}

pub async fn get_business(cx: &Context) -> Result<WorkingHours> {
    Ok(WorkingHours { weekly: business(&cx.db).await?.views(), uses_default: true })
}

/// Admins only: the default every member without their own hours follows.
pub async fn put_business(cx: &Context, input: WorkingHoursInput) -> Result<WorkingHours> {
    cx.require_admin()?;
    let weekly = input.checked()?;
    cx.write(async |w| {
        let before = business(&w.txn).await?;
        crate::kit::db::put_setting(&w.txn, DEFAULT_KEY, weekly.to_json()).await?;
        let changes = audit::diff(&hours_snapshot(&before), &hours_snapshot(&weekly));
        w.audit(AuditEntity::Business, 0, "working_hours", changes);
        Ok(())
    })
    .await?;
    Ok(WorkingHours { weekly: weekly.views(), uses_default: true })
}

fn hours_snapshot(weekly: &Weekly) -> Value {
    serde_json::json!({ "workingHours": weekly.views() })
}

/// Anyone signed in reads anyone's hours (the agenda shows them to all).
pub async fn get_user(cx: &Context, id: i32) -> Result<WorkingHours> {
    let user = find_user(&cx.db, id).await?;
    let default = business(&cx.db).await?;
    Ok(WorkingHours { weekly: of_user(&user, &default).views(), uses_default: user.working_hours.is_none() })
}

/// A member's own hours (`Some`), or back to the default (`None`): an
/// admin's, or the member's own where an admin allowed it (`own_hours`).
pub async fn put_user(cx: &Context, id: i32, input: Option<WorkingHoursInput>) -> Result<WorkingHours> {
    let actor = cx.user()?;
    if !(actor.role.is_admin() || (actor.id == id && actor.own_hours)) {
        return Err(AppError::Forbidden);
    }
    let weekly = input.as_ref().map(WorkingHoursInput::checked).transpose()?;
    let stored = weekly.as_ref().map(Weekly::to_json);
    let after = cx
        .write(async |w| {
            let user = find_user(&w.txn, id).await?;
            let default = business(&w.txn).await?;
            let before = of_user(&user, &default);
            let mut model: user::ActiveModel = user.into();
            model.working_hours = Set(stored.clone());
            model.update(&w.txn).await?;
            let after = weekly.unwrap_or(default);
            w.audit(AuditEntity::User, id, "working_hours", audit::diff(&hours_snapshot(&before), &hours_snapshot(&after)));
            Ok(after)
        })
        .await?;
    Ok(WorkingHours { weekly: after.views(), uses_default: stored.is_none() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::error::AppError;

    fn item(weekday: u8, start: &str, end: &str) -> IntervalView {
        IntervalView { weekday, start: start.into(), end: end.into() }
    }

    fn errors(items: &[IntervalView]) -> Vec<(String, String)> {
        match Weekly::parse(items) {
            Err(AppError::Validation { errors, .. }) => {
                errors.iter().flat_map(|(f, ms)| ms.iter().map(move |m| (f.clone(), m.clone()))).collect()
            }
            other => panic!("expected a 422, got {other:?}"),
        }
    }

    #[test]
    fn a_week_is_checked_and_sorted() {
        let weekly = Weekly::parse(&[item(1, "14:00", "18:00"), item(1, "08:00", "12:00"), item(7, "20:00", "24:00")]).unwrap();
        assert_eq!(weekly.0[0], Interval { weekday: 1, start: 480, end: 720 });
        assert_eq!(weekly.views()[2].end, "24:00");
        assert_eq!(Weekly::from_json(&weekly.to_json()), weekly);
    }

    #[test]
    fn bad_weeks_say_what_is_wrong() {
        assert_eq!(errors(&[item(1, "25:00", "26:00")]).len(), 2);
        assert_eq!(errors(&[item(1, "10:00", "09:00")]), [("weekly[0].end".to_string(), "O fim deve ser depois do início.".to_string())]);
        assert_eq!(errors(&[item(8, "09:00", "10:00")])[0].0, "weekly[0].weekday");
        assert_eq!(errors(&[item(2, "09:00", "12:00"), item(2, "11:00", "13:00")])[0].1, "Intervalos sobrepostos na terça-feira.");
        let seven: Vec<IntervalView> = (0..7).map(|h| item(3, &format!("{:02}:00", h + 8), &format!("{:02}:30", h + 8))).collect();
        assert!(errors(&seven)[0].1.starts_with("No máximo 6 intervalos"));
        assert!(Weekly::parse(&[item(1, "24:00", "24:00")]).is_err());
        assert!(Weekly::parse(&[item(1, "9:00", "10:00")]).is_err());
    }

    #[test]
    fn the_default_is_weekdays_eight_to_six() {
        let default = Weekly::business_default();
        assert_eq!(default.0.len(), 5);
        assert!(default.of_day(6).next().is_none());
        assert_eq!(default.of_day(3).next().map(|i| (i.start, i.end)), Some((480, 1080)));
    }
}
