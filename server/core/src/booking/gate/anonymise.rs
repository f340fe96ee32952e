//! A client's appointments as their personal data is erased (LGPD): inside
//! the write that erases it (`lgpd::anonymise`).

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use super::announced;
use crate::reminders;
use crate::kit::error::Result;
use crate::kit::audit::{AuditEntity, Write};
use crate::kit::{Context, versioned_update};
use entities::appointment::{self, AppointmentStatus};

/// Every appointment of `client_id` loses its notes, and its cancellation
/// reason the client's data (`scrub`); the future active ones are cancelled
/// for `reason`, each with its audit entry. Dates, statuses, services and
/// prices stay, so past figures do not change.
pub async fn anonymise_appointments(cx: &Context, w: &mut Write, client_id: i32, reason: &str, scrub: impl Fn(&str) -> String) -> Result<()> {
    let now = Utc::now();
    for a in appointment::Entity::find().filter(appointment::Column::ClientId.eq(client_id)).all(&w.txn).await? {
        let cancel = a.starts_at > now && a.status.is_active() && a.status.can_become(AppointmentStatus::Cancelado);
        let new_reason = if cancel { Some(reason.to_string()) } else { a.cancellation_reason.as_deref().map(&scrub) };
        let mut model = appointment::ActiveModel { notes: Set(None), cancellation_reason: Set(new_reason), ..Default::default() };
        if cancel {
            model.status = Set(AppointmentStatus::Cancelado);
        }
        let saved = versioned_update::<appointment::Entity>(&w.txn, a.id, a.version, model).await?;
        // A cancelled one's pending e-mail is withdrawn; no notice: the
        // client asked for the erasure, and their addresses are gone.
        reminders::on_saved(&w.txn, &saved).await?;
        announced(cx, w, Some(&a), &saved);
        if cancel {
            // Only what the cancellation changed: the notes it erased are not kept.
            let changes = json!({
                "status": { "old": a.status, "new": AppointmentStatus::Cancelado },
                "cancellationReason": { "old": null, "new": reason },
            });
            w.audit(AuditEntity::Appointment, a.id, "status", changes);
        }
    }
    Ok(())
}
