//! A client's appointments and series given to the record they are merged
//! into (`clients::merge`), inside the write that merges the two.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};
use serde_json::json;

use super::{announced, written};
use crate::kit::audit::{AuditEntity, Write};
use crate::kit::error::Result;
use crate::kit::{Context, versioned_update};
use entities::reminder::{self, Channel, ReminderState};
use entities::{appointment, appointment_series};

/// The two records of a merge: `(id, name)` of the one that goes and of
/// the one that stays.
pub struct Merging<'a> {
    pub from: (i32, &'a str),
    pub into: (i32, &'a str),
}

/// Every appointment of `from` becomes `into`'s (its version moves, so a
/// form still showing the old client gets 409), each with its audit entry
/// and its change event; the series follow, each with its entry. The
/// reminders hang off the appointments and follow them; a pending e-mail
/// goes to the kept record's address instead (`reminders::on_saved`), but
/// an appointment whose reminder already went (or is going) out is not
/// reminded again at the other address: it is one person. Gives how many
/// appointments moved.
pub async fn merge_appointments(cx: &Context, w: &mut Write, merging: Merging<'_>) -> Result<u64> {
    let ((from, from_name), (into, into_name)) = (merging.from, merging.into);
    let changes = json!({
        "clientId": { "old": from, "new": into },
        "clientName": { "old": from_name, "new": into_name },
    });
    let moving = appointment::Entity::find()
        .filter(appointment::Column::ClientId.eq(from))
        .order_by_asc(appointment::Column::Id)
        .all(&w.txn)
        .await?;
    for a in &moving {
        let model = appointment::ActiveModel { client_id: Set(into), ..Default::default() };
        let saved = versioned_update::<appointment::Entity>(&w.txn, a.id, a.version, model).await?;
        let reminded = reminder::Entity::find()
            .filter(reminder::Column::AppointmentId.eq(a.id))
            .filter(reminder::Column::Channel.eq(Channel::Email))
            .filter(reminder::Column::AppointmentStartsAt.eq(a.starts_at))
            .filter(reminder::Column::State.is_in([ReminderState::Sent, ReminderState::Sending]))
            .count(&w.txn)
            .await?;
        if reminded > 0 {
            announced(cx, w, Some(a), &saved);
        } else {
            written(cx, w, Some(a), &saved).await?;
        }
        w.audit(AuditEntity::Appointment, a.id, "merge", changes.clone());
    }
    // Notices name their client (a deleted appointment's has no other way).
    reminder::Entity::update_many()
        .col_expr(reminder::Column::ClientId, sea_orm::sea_query::Expr::value(Some(into)))
        .filter(reminder::Column::ClientId.eq(from))
        .exec(&w.txn)
        .await?;
    let series: Vec<i32> = appointment_series::Entity::find()
        .filter(appointment_series::Column::ClientId.eq(from))
        .order_by_asc(appointment_series::Column::Id)
        .all(&w.txn)
        .await?
        .into_iter()
        .map(|s| s.id)
        .collect();
    if !series.is_empty() {
        appointment_series::Entity::update_many()
            .col_expr(appointment_series::Column::ClientId, Expr::value(into))
            .filter(appointment_series::Column::ClientId.eq(from))
            .exec(&w.txn)
            .await?;
    }
    for id in series {
        w.audit(AuditEntity::Series, id, "merge", changes.clone());
    }
    Ok(moving.len() as u64)
}
