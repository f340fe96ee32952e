//! The audit trail: who changed what, when, from which value to which.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::error::Result;
use crate::services::{Context, names_by_id};
use crate::time::to_local_rfc3339;
use entities::{audit_log, user};

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

/// Fields that change on every write and say nothing to a reader.
const SKIPPED: &[&str] = &["id", "version", "createdAt", "updatedAt"];

/// `{ field: { old, new } }` for every field whose value differs between two
/// snapshots (JSON objects). `Value::Null` as `old` gives a creation's
/// changes, as `new` a deletion's.
pub fn diff(old: &Value, new: &Value) -> Value {
    let empty = Map::new();
    let old = old.as_object().unwrap_or(&empty);
    let new = new.as_object().unwrap_or(&empty);
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut changes = Map::new();
    for key in keys {
        if SKIPPED.contains(&key.as_str()) {
            continue;
        }
        let before = old.get(key).unwrap_or(&Value::Null);
        let after = new.get(key).unwrap_or(&Value::Null);
        if before != after {
            changes.insert(key.clone(), json!({ "old": before, "new": after }));
        }
    }
    Value::Object(changes)
}

/// One entry of `GET /api/{resource}/{id}/history`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: i32,
    /// create, update, status, archive, delete…
    pub action: String,
    pub user_id: Option<i32>,
    pub user_name: Option<String>,
    /// `{ field: { old, new } }`
    pub changes: Value,
    pub created_at: String,
}

/// The events of one record, newest first, with the names of who did them.
/// When there are none, `find` (the record's lookup) gives the 404 of a
/// record that never existed; a deleted record keeps its history.
pub async fn history<T>(
    cx: &Context,
    entity: &str,
    entity_id: i32,
    find: impl Future<Output = Result<T>>,
) -> Result<Vec<HistoryEntry>> {
    let db = &cx.db;
    let rows = audit_log::Entity::find()
        .filter(audit_log::Column::Entity.eq(entity))
        .filter(audit_log::Column::EntityId.eq(entity_id))
        .order_by_desc(audit_log::Column::Id)
        .all(db)
        .await?;
    let user_ids: Vec<i32> = rows.iter().filter_map(|r| r.user_id).collect();
    let names = names_by_id::<user::Entity>(db, user::Column::Id, user::Column::Name, user_ids).await?;
    if rows.is_empty() {
        find.await?;
    }
    Ok(rows
        .into_iter()
        .map(|r| HistoryEntry {
            id: r.id,
            action: r.action,
            user_name: r.user_id.and_then(|id| names.get(&id).cloned()),
            user_id: r.user_id,
            changes: r.changes,
            created_at: to_local_rfc3339(r.created_at, cx.tz),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_lists_changed_fields_only() {
        let old = json!({ "name": "Ana", "email": null, "version": 1, "notes": "x" });
        let new = json!({ "name": "Ana Lima", "email": "ana@x.com", "version": 2, "notes": "x" });
        assert_eq!(
            diff(&old, &new),
            json!({ "name": { "old": "Ana", "new": "Ana Lima" }, "email": { "old": null, "new": "ana@x.com" } })
        );
        assert_eq!(diff(&Value::Null, &json!({ "name": "Ana", "phone": null })), json!({ "name": { "old": null, "new": "Ana" } }));
        assert_eq!(diff(&json!({ "name": "Ana" }), &Value::Null), json!({ "name": { "old": "Ana", "new": null } }));
    }
}
