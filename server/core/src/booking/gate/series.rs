//! A series' writes: booked whole or refused whole, and changed (or
//! deleted) from one occurrence on ("this and the following", split off
//! as a series of its own) or in all its occurrences not yet started.
//! The rules, their days and the plan of a new series are `series`'s.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;

use super::{booked, deleted, deleting, written};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{self, AppointmentInput, AppointmentView, Fields, NOT_FOUND};
use crate::kit::audit::{self, AuditEntity, Change};
use crate::booking::series::{Edit, Scope, input_for, of_series, plan, refused, split_rule, summary};
use crate::booking::schedule;
use crate::kit::{Context, expected_version, find, versioned_update};
use crate::kit::time::{parse_instant, to_local_rfc3339};
use entities::{appointment, appointment_series};
use crate::kit::access;

pub use crate::booking::series::SeriesCreated;

/// What a series' audit entry tells, each field given recorded as its
/// `new` value.
#[derive(Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct SeriesEntry {
    summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Since>,
    #[serde(skip_serializing_if = "Option::is_none")]
    until: Option<String>,
    /// The occurrences a change reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    appointments: Option<Vec<i32>>,
    /// The series split off by "this and the following".
    #[serde(skip_serializing_if = "Option::is_none")]
    split: Option<i32>,
}

/// Where a series starts: its first occurrence, or (one split off) the
/// series it came from.
#[derive(Serialize)]
#[serde(untagged)]
enum Since {
    Instant(String),
    Series(i32),
}

impl SeriesEntry {
    fn changes(&self) -> serde_json::Value {
        audit::diff(&serde_json::Value::Null, &serde_json::to_value(self).unwrap_or_default())
    }
}

/// `POST /api/appointments` with `repeat`: every occurrence checked, then
/// all written in one transaction, or none.
pub(super) async fn create(cx: &Context, input: AppointmentInput) -> Result<SeriesCreated> {
    let (db, tz) = (&cx.db, cx.tz);
    let checked = appointments::validate(db, &input, None, tz).await;
    let mut errors = match &checked {
        Err(AppError::Validation { errors, .. }) => errors.clone(),
        Err(_) | Ok(_) => FieldErrors::new(),
    };
    if let Err(other @ (AppError::Internal(_) | AppError::Unavailable(_) | AppError::NoSpace(_))) = checked {
        return Err(other);
    }
    // Someone else's agenda is refused before the rule is looked at.
    if let Ok(fields) = &checked {
        access::check_booking(cx, fields.staff_id)?;
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
    let bookings: Vec<_> = occurrences.iter().map(|(start, end)| fields.at(*start, *end).booking(None)).collect();
    cx.write(async |w| {
        let conflicts = schedule::check_bookings(&w.txn, &bookings, &[], tz).await?;
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
        .insert(&w.txn)
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
        let mut saved = appointment::Entity::insert_many(rows).exec_with_returning(&w.txn).await?;
        saved.sort_by_key(|a| (a.starts_at, a.id));
        booked(cx, w, &saved).await?;
        let entry = SeriesEntry {
            summary: format!("Série de {} agendamentos criada", saved.len()),
            rule: Some(rule.describe(first_day)),
            from: saved.first().map(|a| Since::Instant(to_local_rfc3339(a.starts_at, tz))),
            until: saved.last().map(|a| to_local_rfc3339(a.starts_at, tz)),
            ..Default::default()
        };
        w.audit(AuditEntity::Series, series.id, "create", entry.changes());
        let data = appointments::views(&w.txn, saved, tz).await?;
        Ok(SeriesCreated { data, series_id: series.id })
    })
    .await
}

/// `PUT`, `PATCH …/status` or `DELETE` with `scope=following|all`: the
/// opened occurrence and the series' later (or all) ones not yet started
/// and still active, checked whole like a new series, in one transaction
/// with one audit entry of the series (and, for each occurrence deleted,
/// one of its own, so its history stays). "Following" from a later
/// occurrence splits the series: the occurrences from the opened one on
/// become a new series. A move to other weekdays rewrites the rule of the
/// series it reaches. Answers the opened occurrence as it is now (none
/// after a delete).
pub(super) async fn change(cx: &Context, id: i32, scope: Scope, edit: Edit) -> Result<Option<AppointmentView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let target = appointments::reachable(cx, db, id).await?;
    let Some(series_id) = target.series_id else { return Err(crate::booking::series::not_in_series()) };
    let now = Utc::now();
    let all = of_series(db, series_id).await?;
    let members: Vec<appointment::Model> = all
        .iter()
        .filter(|m| scope != Scope::Following || m.starts_at >= target.starts_at)
        .filter(|m| m.id == target.id || (m.starts_at >= now && m.status.is_active()))
        // A Profissional's change reaches their own occurrences only.
        .filter(|m| access::check_appointment(cx, m.staff_id, NOT_FOUND).is_ok())
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
                Ok(fields) => {
                    access::check_booking(cx, fields.staff_id)?;
                    changed.push((member.clone(), fields))
                }
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
    let action = match &edit {
        Edit::Update { action, .. } => *action,
        Edit::Delete => "delete",
    };

    cx.write(async |w| {
        let bookings: Vec<_> = changed.iter().filter(|(_, f)| f.status().is_active()).map(|(m, f)| f.booking(Some(m.id))).collect();
        let conflicts = schedule::check_bookings(&w.txn, &bookings, &member_ids, tz).await?;
        if !conflicts.is_empty() {
            return Err(refused(conflicts));
        }
        match &edit {
            Edit::Update { .. } => {
                for (member, fields) in &changed {
                    let saved = versioned_update::<appointment::Entity>(&w.txn, member.id, member.version, fields.active_model()).await?;
                    written(cx, w, Some(member), &saved).await?;
                }
            }
            Edit::Delete => {
                let gone = appointments::views(&w.txn, members.clone(), tz).await?;
                for member in &members {
                    deleting(cx, w, member).await?;
                }
                appointment::Entity::delete_many().filter(appointment::Column::Id.is_in(member_ids.clone())).exec(&w.txn).await?;
                for (member, view) in members.iter().zip(gone) {
                    deleted(cx, w, member);
                    w.audit_change("delete", Change::Deleted(view));
                }
            }
        }
        let mut entry = SeriesEntry {
            summary: summary(&edit, new_status, members.len(), &from),
            appointments: Some(member_ids.clone()),
            ..Default::default()
        };
        // "This and the following" from a later occurrence: those become a new series.
        let earlier = all.iter().any(|a| a.starts_at < target.starts_at);
        if scope == Scope::Following && earlier && !matches!(edit, Edit::Delete) {
            let series = appointment_series::Entity::find_by_id(series_id).one(&w.txn).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
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
            .insert(&w.txn)
            .await?;
            let later_ids: Vec<i32> = later.iter().map(|a| a.id).collect();
            appointment::Entity::update_many()
                .col_expr(appointment::Column::SeriesId, sea_orm::sea_query::Expr::value(split.id))
                .filter(appointment::Column::Id.is_in(later_ids))
                .exec(&w.txn)
                .await?;
            entry.split = Some(split.id);
            let origin = SeriesEntry {
                summary: format!("Série separada da série {series_id} a partir de {from}"),
                from: Some(Since::Series(series_id)),
                ..Default::default()
            };
            w.audit(AuditEntity::Series, split.id, "split", origin.changes());
        } else if changed.iter().any(|(member, fields)| member.starts_at != fields.starts_at) {
            // Moved as a whole: the rule names the weekdays they now fall on.
            let series = appointment_series::Entity::find_by_id(series_id).one(&w.txn).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
            let rule = split_rule(&series.rule, changed.iter().map(|(_, f)| f.starts_at), tz);
            if rule != series.rule {
                let mut model: appointment_series::ActiveModel = series.into();
                model.rule = Set(rule);
                model.update(&w.txn).await?;
            }
        }
        w.audit(AuditEntity::Series, series_id, action, entry.changes());
        match edit {
            Edit::Delete => Ok(None),
            Edit::Update { .. } => {
                let now = find::<appointment::Entity>(&w.txn, id).await?;
                Ok(Some(appointments::views(&w.txn, vec![now], tz).await?.remove(0)))
            }
        }
    })
    .await
}
