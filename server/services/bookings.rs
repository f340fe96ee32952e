//! Bookings: an appointment's writes (create, update with optimistic
//! version, status changes by the allowed transitions, delete) and its
//! history, of one appointment or, with `repeat` or a `scope`, of its series.
//! Above `appointments` (the body, its checks and views), `series` and
//! `reminders`, which depend on none of these writes.
//!
//! No double booking: every write that leaves an appointment active runs in
//! one transaction that FIRST write-locks the staff member's row
//! (`UPDATE users SET updated_at = updated_at WHERE id = $staff`: on
//! PostgreSQL a row lock held until commit, on SQLite the database write
//! lock, waited for on busy_timeout), THEN asks `schedule::check_booking`
//! (overlaps, and working hours, time off and buffers), then writes, audits
//! and commits. Two requests for one slot are thereby serialised: the
//! second sees the first's row and gets 409.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::Serialize;

use crate::error::{AppError, FieldErrors, Result};
use crate::services::appointments::{AppointmentInput, AppointmentView, NOT_FOUND, StatusInput, validate, view};
use crate::services::audit::{self, Audited, Change};
use crate::services::list::ListQuery;
use crate::services::series::{self, Edit, Scope, SeriesCreated};
use crate::services::validation::reject_unknown;
use crate::services::{Context, Data, Page, expected_version, find, reminders, schedule, versioned_update};
use entities::appointment;

/// What `POST /api/appointments` answers: one appointment, or a series.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Booked {
    One(Data<AppointmentView>),
    Series(SeriesCreated),
}

/// POST: one appointment, or with `repeat` a series (`series::create`).
pub async fn create(cx: &Context, input: AppointmentInput) -> Result<Booked> {
    if input.repeat.is_some() {
        return Ok(Booked::Series(series::create(cx, input).await?));
    }
    Ok(Booked::One(Data { data: create_one(cx, input).await? }))
}

async fn create_one(cx: &Context, input: AppointmentInput) -> Result<AppointmentView> {
    let tz = cx.tz;
    let fields = validate(&cx.db, &input, None, tz).await?;
    let now = Utc::now();
    let mut model = fields.active_model();
    model.version = Set(1);
    model.created_at = Set(now);
    model.updated_at = Set(now);
    audit::write(cx, "create", async |txn| {
        schedule::check_booking(txn, &fields.booking(None), tz).await?;
        let saved = model.insert(txn).await?;
        reminders::on_saved(txn, &saved).await?; // the e-mail reminder's outbox row, in this transaction
        Ok(Change::Created(view(txn, saved, tz).await?))
    })
    .await
}

/// PUT: any field; status only by an allowed transition. In a series,
/// `scope` reaches the later occurrences or all (`series::change`).
pub async fn update(cx: &Context, id: i32, input: AppointmentInput, scope: Option<Scope>) -> Result<AppointmentView> {
    save(cx, id, input, "update", scope).await
}

/// PATCH …/status: `{ status, version, cancellationReason? }`.
pub async fn change_status(cx: &Context, id: i32, input: StatusInput, scope: Option<Scope>) -> Result<AppointmentView> {
    if input.status.is_none() {
        let mut errors = FieldErrors::new();
        reject_unknown(&input.extra, &mut errors);
        errors.add("status", "Informe a nova situação.");
        return Err(AppError::invalid(errors));
    }
    let input = AppointmentInput {
        status: input.status,
        version: input.version,
        cancellation_reason: input.cancellation_reason,
        extra: input.extra,
        ..Default::default()
    };
    save(cx, id, input, "status", scope).await
}

async fn save(cx: &Context, id: i32, input: AppointmentInput, action: &'static str, scope: Option<Scope>) -> Result<AppointmentView> {
    if let Some(scope @ (Scope::Following | Scope::All)) = scope {
        let changed = series::change(cx, id, scope, Edit::Update { input, action }).await?;
        return changed.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()));
    }
    let (db, tz) = (&cx.db, cx.tz);
    let current = find::<appointment::Entity>(db, id).await?;
    series::check_scope(scope, &current)?;
    let version = expected_version(input.version, current.version)?;
    let fields = validate(db, &input, Some(&current), tz).await?;
    let before = view(db, current, tz).await?;
    audit::write(cx, action, async |txn| {
        // On SQLite a transaction must write before it reads (a read-then-write
        // transaction cannot wait for the write lock), so the lock comes first.
        if fields.status().is_active() {
            schedule::check_booking(txn, &fields.booking(Some(id)), tz).await?;
        }
        let saved = versioned_update::<appointment::Entity>(txn, id, version, fields.active_model()).await?;
        reminders::on_saved(txn, &saved).await?; // moved → reminder replaced; cancelled/done → withdrawn
        Ok(Change::Updated { before, after: view(txn, saved, tz).await? })
    })
    .await
}

pub async fn delete(cx: &Context, id: i32, scope: Option<Scope>) -> Result<()> {
    if let Some(scope @ (Scope::Following | Scope::All)) = scope {
        series::change(cx, id, scope, Edit::Delete).await?;
        return Ok(());
    }
    if scope.is_some() {
        series::check_scope(scope, &find::<appointment::Entity>(&cx.db, id).await?)?;
    }
    let tz = cx.tz;
    audit::write(cx, "delete", async |txn| {
        // Write first (row lock), read after: see `save`.
        if !crate::db::lock_row::<appointment::Entity>(txn, appointment::Column::Id, id, appointment::Column::Version).await? {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        let current = find::<appointment::Entity>(txn, id).await?;
        appointment::Entity::delete_by_id(id).exec(txn).await?;
        Ok(Change::Deleted(view(txn, current, tz).await?))
    })
    .await?;
    Ok(())
}

/// A page of the audit entries of an appointment, newest first; 404 when there is
/// neither the appointment nor any entry (a deleted one keeps its history).
/// Its own entries and, in a series, the series' (created, changed as a
/// whole): a series is one entry, not one per occurrence.
async fn history_records(cx: &Context, id: i32) -> Result<Vec<(&'static str, i32)>> {
    let series_id = appointment::Entity::find_by_id(id).one(&cx.db).await?.and_then(|a| a.series_id);
    Ok(std::iter::once((AppointmentView::ENTITY, id)).chain(series_id.map(|s| (series::ENTITY, s))).collect())
}

pub async fn history(cx: &Context, id: i32, list: &ListQuery) -> Result<Page<audit::HistoryEntry>> {
    let records = history_records(cx, id).await?;
    audit::history(cx, &records, list, find::<appointment::Entity>(&cx.db, id)).await
}

/// One entry of an appointment's history, whole.
pub async fn history_entry(cx: &Context, id: i32, entry: i32) -> Result<audit::HistoryEntry> {
    let records = history_records(cx, id).await?;
    audit::entry(cx, &records, entry).await
}
