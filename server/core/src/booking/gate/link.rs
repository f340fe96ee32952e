//! The client confirms or cancels one appointment through their link
//! (`/c/{token}`), without signing in: the link is checked again under the
//! appointment's row lock and the change is recorded as the client's.

use sea_orm::{EntityTrait, Set};

use super::written;
use crate::kit::error::Result;
use crate::booking::appointments;
use crate::kit::audit::Change;
use crate::reminders::{CLIENT_CANCELLATION, LinkAction, LinkOutcome, LinkState, LinkView, claims, judge};
use crate::kit::{Actor, Context, versioned_update};
use entities::appointment::{self, AppointmentStatus};

/// The client's `action` on the appointment of the link `token`.
pub async fn reply(cx: &Context, token: &str, action: LinkAction) -> Result<LinkOutcome> {
    let Some(claims) = claims(&cx.keys, token) else { return Ok(LinkOutcome::Refused(LinkState::Invalid)) };
    let (id, tz) = (claims.appointment_id, cx.tz);
    let cx = &cx.acting_as(Actor::Client { client_id: claims.client_id });
    cx.write(async |w| {
        if !crate::kit::db::lock_row::<appointment::Entity>(&w.txn, appointment::Column::Id, id, appointment::Column::Version).await? {
            return Ok(LinkOutcome::Refused(LinkState::Invalid));
        }
        let (state, model) = judge(&w.txn, tz, &claims, appointment::Entity::find_by_id(id).one(&w.txn).await?).await?;
        let (LinkState::Open(view), Some(model)) = (state.clone(), model) else { return Ok(LinkOutcome::Refused(state)) };
        if action == LinkAction::Cancel && view.too_late_to_cancel.is_some() {
            return Ok(LinkOutcome::TooLateToCancel(view));
        }
        // Only the front desk confirms a booking that waits for it.
        if action == LinkAction::Confirm && model.status == AppointmentStatus::Pendente {
            return Ok(LinkOutcome::Refused(state));
        }
        let (status, reason) = match action {
            LinkAction::Confirm if model.status == AppointmentStatus::Confirmado => return Ok(LinkOutcome::AlreadyConfirmed(view)),
            LinkAction::Confirm => (AppointmentStatus::Confirmado, None),
            LinkAction::Cancel => (AppointmentStatus::Cancelado, Some(CLIENT_CANCELLATION.to_string())),
        };
        let before = appointments::view(&w.txn, model.clone(), tz).await?;
        let change = appointment::ActiveModel { status: Set(status), cancellation_reason: Set(reason), ..Default::default() };
        let saved = versioned_update::<appointment::Entity>(&w.txn, id, model.version, change).await?;
        written(cx, w, Some(&model), &saved).await?;
        let after = appointments::view(&w.txn, saved, tz).await?;
        w.audit_change("status", Change::Updated { before, after });
        let view = LinkView { status, ..view };
        Ok(match action {
            LinkAction::Confirm => LinkOutcome::Confirmed(view),
            LinkAction::Cancel => LinkOutcome::Cancelled(view),
        })
    })
    .await
}
