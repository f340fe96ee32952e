//! The audit trail: who changed what, when, from which value to which.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use serde_json::Value;

use crate::error::Result;
use entities::audit_log;

/// Records one event; `changes` is `{ field: { "old": …, "new": … } }`.
/// Takes any connection so it joins the caller's transaction.
pub async fn record(
    db: &impl ConnectionTrait,
    entity: &str,
    entity_id: i32,
    action: &str,
    user_id: Option<i32>,
    changes: Value,
) -> Result<()> {
    audit_log::ActiveModel {
        entity: Set(entity.into()),
        entity_id: Set(entity_id),
        action: Set(action.into()),
        user_id: Set(user_id),
        changes: Set(changes),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
