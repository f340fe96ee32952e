//! One appointment's writes: book (or, with `repeat`, a series), change
//! any field with its version, set its status by the allowed transitions,
//! delete; with a `scope`, the change reaches its series (`series`).

use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::Serialize;

use super::series::{self, SeriesCreated};
use crate::booking::series::Edit;
use super::{deleted, deleting, written};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{AppointmentInput, AppointmentView, NOT_FOUND, StatusInput, validate, view};
use crate::kit::audit::Change;
use crate::booking::series::{Scope, check_scope};
use crate::kit::validation::reject_unknown;
use crate::booking::schedule;
use crate::kit::{Context, Data, expected_version, versioned_update};
use entities::appointment;
use crate::kit::access;
use crate::booking::appointments::reachable;

/// What `POST /api/appointments` answers: one appointment, or a series.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Booked {
    One(Data<AppointmentView>),
    Series(SeriesCreated),
}

/// POST: one appointment, or with `repeat` a series.
pub async fn book(cx: &Context, input: AppointmentInput) -> Result<Booked> {
    if input.repeat.is_some() {
        return Ok(Booked::Series(series::create(cx, input).await?));
    }
    let tz = cx.tz;
    let fields = validate(&cx.db, &input, None, tz).await?;
    access::check_booking(cx, fields.staff_id)?;
    let now = Utc::now();
    let mut model = fields.active_model();
    model.version = Set(1);
    model.created_at = Set(now);
    model.updated_at = Set(now);
    let view = cx
        .write(async |w| {
            schedule::check_booking(&w.txn, &fields.booking(None), tz).await?;
            let saved = model.insert(&w.txn).await?;
            written(cx, w, None, &saved).await?;
            Ok(w.audit_change("create", Change::Created(view(&w.txn, saved, tz).await?)))
        })
        .await?;
    Ok(Booked::One(Data { data: view }))
}

/// PUT: any field; status only by an allowed transition. In a series,
/// `scope` reaches the later occurrences or all.
pub async fn change(cx: &Context, id: i32, input: AppointmentInput, scope: Option<Scope>) -> Result<AppointmentView> {
    save(cx, id, input, "update", scope).await
}

/// PATCH …/status: `{ status, version, cancellationReason? }`.
pub async fn set_status(cx: &Context, id: i32, input: StatusInput, scope: Option<Scope>) -> Result<AppointmentView> {
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
    let current = reachable(cx, db, id).await?;
    check_scope(scope, &current)?;
    let version = expected_version(input.version, current.version)?;
    let fields = validate(db, &input, Some(&current), tz).await?;
    access::check_booking(cx, fields.staff_id)?;
    let before = view(db, current.clone(), tz).await?;
    cx.write(async |w| {
        // On SQLite a transaction must write before it reads (a read-then-write
        // transaction cannot wait for the write lock), so the lock comes first.
        if fields.status().is_active() {
            schedule::check_booking(&w.txn, &fields.booking(Some(id)), tz).await?;
        }
        let saved = versioned_update::<appointment::Entity>(&w.txn, id, version, fields.active_model()).await?;
        written(cx, w, Some(&current), &saved).await?;
        Ok(w.audit_change(action, Change::Updated { before, after: view(&w.txn, saved, tz).await? }))
    })
    .await
}

pub async fn delete(cx: &Context, id: i32, scope: Option<Scope>) -> Result<()> {
    if let Some(scope @ (Scope::Following | Scope::All)) = scope {
        series::change(cx, id, scope, Edit::Delete).await?;
        return Ok(());
    }
    if scope.is_some() {
        check_scope(scope, &reachable(cx, &cx.db, id).await?)?;
    }
    let tz = cx.tz;
    cx.write(async |w| {
        // Write first (row lock), read after: see `save`.
        if !crate::kit::db::lock_row::<appointment::Entity>(&w.txn, appointment::Column::Id, id, appointment::Column::Version).await? {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        let current = reachable(cx, &w.txn, id).await?;
        deleting(cx, w, &current).await?;
        appointment::Entity::delete_by_id(id).exec(&w.txn).await?;
        deleted(cx, w, &current);
        w.audit_change("delete", Change::Deleted(view(&w.txn, current, tz).await?));
        Ok(())
    })
    .await
}
