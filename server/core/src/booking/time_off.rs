//! Time off and holidays: a range of time when one staff member does not
//! work (`staffId`) or the whole business is closed (`staffId` null), with
//! its reason. Admins manage all; a staff member manages their own.
//! Bookings in it are refused (`schedule`), and the agenda draws it.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity, Audited, Change};
use crate::kit::list::{ListQuery, SortKey, Sorting};
use crate::kit::validation::{clean, parse_day, plausible_day, reject_unknown};
use crate::kit::{Context, Page, names_by_id};
use crate::kit::time::{Span, local_midnight, parse_instant, to_local_rfc3339};
use entities::{time_off, user};

pub const NOT_FOUND: &str = "Folga não encontrada.";
/// Longest range, in days: a year is a sabbatical, not a typo.
pub const MAX_DAYS: i64 = 366;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TimeOff)]
pub struct TimeOffView {
    pub id: i32,
    /// Null: the whole business (a holiday).
    pub staff_id: Option<i32>,
    pub staff_name: Option<String>,
    pub starts_at: String,
    pub ends_at: String,
    pub reason: String,
    pub created_at: String,
}

impl Audited for TimeOffView {
    const ENTITY: AuditEntity = AuditEntity::TimeOff;

    fn id(&self) -> i32 {
        self.id
    }

    fn snapshot(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

query_params! {
    /// `?staff_id&holidays&from&to`: whose time off, and which days
    /// (`from` defaults to today: what has not ended yet).
    pub struct TimeOffFilter {
        /// Só as folgas deste profissional.
        pub staff_id: Option<i32>,
        /// true: só os feriados e fechamentos do negócio (sem profissional).
        pub holidays: Option<bool>,
        /// Primeiro dia, YYYY-MM-DD (padrão: hoje).
        pub from: Option<String>,
        /// Último dia (inclusivo), YYYY-MM-DD.
        pub to: Option<String>,
    }
}

/// `POST /api/time-off`. `startsAt` and `endsAt` are dates (YYYY-MM-DD,
/// whole days: `endsAt`'s day included) or instants (RFC 3339, or a
/// wall-clock time in the business zone).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TimeOffBody)]
pub struct TimeOffInput {
    /// Null or absent: the whole business (admins only).
    pub staff_id: Option<i32>,
    #[schema(required, value_type = String)]
    pub starts_at: Option<String>,
    #[schema(required, value_type = String)]
    pub ends_at: Option<String>,
    /// 2 a 120 caracteres, e.g. "Congresso", "Natal".
    #[schema(required, value_type = String)]
    pub reason: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

const SORTING: Sorting<time_off::Column> = Sorting {
    keys: &[SortKey { name: "startsAt", aliases: &["starts_at"], column: time_off::Column::StartsAt }],
    default: "startsAt",
    id: time_off::Column::Id,
};

/// A date (its local midnight; with `end`, the midnight after it) or an instant.
fn parse_edge(text: &str, tz: chrono_tz::Tz, end: bool) -> Result<DateTime<Utc>, &'static str> {
    match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
        Ok(date) if !plausible_day(date) => Err("Data inválida: use AAAA-MM-DD."),
        Ok(date) if end => Ok(local_midnight(date.succ_opt().unwrap_or(date), tz)),
        Ok(date) => Ok(local_midnight(date, tz)),
        Err(_) => parse_instant(text, tz),
    }
}

/// The ranges of `staff` (and the business's) that touch `window`, by start.
pub async fn touching(db: &impl ConnectionTrait, staff: Vec<i32>, window: Span) -> Result<Vec<time_off::Model>> {
    Ok(time_off::Entity::find()
        .filter(Condition::any().add(time_off::Column::StaffId.is_in(staff)).add(time_off::Column::StaffId.is_null()))
        .filter(time_off::Column::EndsAt.gt(window.start))
        .filter(time_off::Column::StartsAt.lt(window.end))
        .order_by_asc(time_off::Column::StartsAt)
        .all(db)
        .await?)
}

pub async fn list(cx: &Context, list: &ListQuery, filter: &TimeOffFilter) -> Result<Page<TimeOffView>> {
    let tz = cx.tz;
    let mut errors = FieldErrors::new();
    let params = list.check(&SORTING, &mut errors);
    let today = Utc::now().with_timezone(&tz).date_naive();
    let from = parse_day(filter.from.as_deref(), "from", &mut errors).unwrap_or(today);
    let to = parse_day(filter.to.as_deref(), "to", &mut errors);
    let Some(params) = params.filter(|_| errors.is_empty()) else { return Err(AppError::invalid(errors)) };
    let mut select = time_off::Entity::find().filter(time_off::Column::EndsAt.gt(local_midnight(from, tz)));
    if let Some(to) = to {
        select = select.filter(time_off::Column::StartsAt.lt(local_midnight(to.succ_opt().unwrap_or(to), tz)));
    }
    if let Some(staff) = filter.staff_id {
        select = select.filter(time_off::Column::StaffId.eq(staff));
    } else if filter.holidays == Some(true) {
        select = select.filter(time_off::Column::StaffId.is_null());
    }
    let page = params.fetch(&cx.db, select).await?;
    let views = views(&cx.db, page.data, tz).await?;
    Ok(Page { data: views, meta: page.meta })
}

/// Views of many ranges, with the staff names in one query.
pub async fn views(db: &impl ConnectionTrait, rows: Vec<time_off::Model>, tz: chrono_tz::Tz) -> Result<Vec<TimeOffView>> {
    let ids = rows.iter().filter_map(|r| r.staff_id).collect();
    let names = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| TimeOffView {
            id: r.id,
            staff_name: r.staff_id.and_then(|id| names.get(&id).cloned()),
            staff_id: r.staff_id,
            starts_at: to_local_rfc3339(r.starts_at, tz),
            ends_at: to_local_rfc3339(r.ends_at, tz),
            reason: r.reason,
            created_at: to_local_rfc3339(r.created_at, tz),
        })
        .collect())
}

/// Whether the actor may manage `staff_id`'s time off (None: the business's).
fn may_manage(cx: &Context, staff_id: Option<i32>) -> Result<()> {
    let actor = cx.user()?;
    if actor.role.is_admin() || staff_id == Some(actor.id) { Ok(()) } else { Err(AppError::Forbidden) }
}

pub async fn create(cx: &Context, input: TimeOffInput) -> Result<TimeOffView> {
    let tz = cx.tz;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let mut edge = |text: &Option<String>, field: &str, end: bool| match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => {
            errors.add(field, if end { "Informe o fim (endsAt)." } else { "Informe o início (startsAt)." });
            None
        }
        Some(text) => parse_edge(text, tz, end).map_err(|m| errors.add(field, m)).ok(),
    };
    let starts_at = edge(&input.starts_at, "startsAt", false);
    let ends_at = edge(&input.ends_at, "endsAt", true);
    if let (Some(start), Some(end)) = (starts_at, ends_at) {
        if end <= start {
            errors.add("endsAt", "O fim deve ser depois do início.");
        } else if end - start > Duration::days(MAX_DAYS) {
            errors.add("endsAt", "Uma folga pode durar no máximo 366 dias.");
        }
    }
    let reason = clean(input.reason.as_deref());
    match &reason {
        None => errors.add("reason", "Informe o motivo."),
        Some(r) if !(2..=120).contains(&r.chars().count()) => errors.add("reason", "O motivo deve ter de 2 a 120 caracteres."),
        _ => {}
    }
    if let Some(id) = input.staff_id {
        let staff = user::Entity::find_by_id(id).one(&cx.db).await?;
        if staff.is_none() {
            errors.add("staffId", "Profissional não encontrado.");
        }
    }
    // Permission after the body is read: a staff member learns that they
    // may not add another's time off, not whether that member exists.
    may_manage(cx, input.staff_id)?;
    errors.check()?;
    let model = time_off::ActiveModel {
        staff_id: Set(input.staff_id),
        starts_at: Set(starts_at.unwrap_or_default()),
        ends_at: Set(ends_at.unwrap_or_default()),
        reason: Set(reason.unwrap_or_default()),
        created_by: Set(cx.actor_id()),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    audit::write(cx, "create", async |txn| {
        let saved = model.insert(txn).await?;
        Ok(Change::Created(views(txn, vec![saved], tz).await?.remove(0)))
    })
    .await
}

pub async fn delete(cx: &Context, id: i32) -> Result<()> {
    let tz = cx.tz;
    let current = time_off::Entity::find_by_id(id).one(&cx.db).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    may_manage(cx, current.staff_id)?;
    audit::write(cx, "delete", async |txn| {
        let gone = time_off::Entity::delete_by_id(id).exec(txn).await?;
        if gone.rows_affected == 0 {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        Ok(Change::Deleted(views(txn, vec![current], tz).await?.remove(0)))
    })
    .await?;
    Ok(())
}
