//! The audit trail: who changed what, when, from which value to which.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::error::{AppError, Result};
use crate::services::list::{ListQuery, SortKey, Sorting};
use crate::services::{Context, Page, names_by_id};
use crate::time::to_local_rfc3339;
use entities::{audit_log, user};

/// A record as its audit entries show it.
pub trait Audited {
    /// The `entity` of its entries.
    const ENTITY: &'static str;
    fn id(&self) -> i32;
    /// Its audited fields as a JSON object: what [`diff`] compares.
    fn snapshot(&self) -> serde_json::Value;
}

/// What one write did to its record.
pub enum Change<T> {
    Created(T),
    Updated { before: T, after: T },
    Deleted(T),
}

/// Every write of a record goes through here: opens the write transaction
/// (`db::write_transaction`), lets `write` change the record in it and say
/// what it was and is, records the difference as one entry of `action` by
/// the context's actor, and commits, so that the change and its entry are
/// kept together or not at all. Returns the record as it is now (a deleted
/// one as it was). Inside `write`, only the transaction it is given may be
/// used: on SQLite another connection would wait for its lock.
pub async fn write<T: Audited>(
    cx: &Context,
    action: &str,
    write: impl AsyncFnOnce(&DatabaseTransaction) -> Result<Change<T>>,
) -> Result<T> {
    let txn = crate::db::write_transaction(&cx.db).await?;
    let (before, after, now) = match write(&txn).await? {
        Change::Created(record) => (Value::Null, record.snapshot(), record),
        Change::Updated { before, after } => (before.snapshot(), after.snapshot(), after),
        Change::Deleted(record) => (record.snapshot(), Value::Null, record),
    };
    self::record(&txn, T::ENTITY, now.id(), action, cx.actor_id(), diff(&before, &after)).await?;
    txn.commit().await?;
    Ok(now)
}

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
    record_by(db, entity, entity_id, action, user_id, None, changes).await
}

/// Who acted when no staff member did: the client, through the link of
/// their appointment (`/c/{token}`).
pub const CLIENT_ACTOR: &str = "cliente";

/// [`record`] with `actor`, the one who acted when `user_id` is null
/// ([`CLIENT_ACTOR`]); the history shows it in place of a user's name.
pub async fn record_by(
    db: &impl ConnectionTrait,
    entity: &str,
    entity_id: i32,
    action: &str,
    user_id: Option<i32>,
    actor: Option<&str>,
    changes: Value,
) -> Result<()> {
    audit_log::ActiveModel {
        entity: Set(entity.into()),
        entity_id: Set(entity_id),
        action: Set(action.into()),
        user_id: Set(user_id),
        actor: Set(actor.map(str::to_string)),
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

/// Fields whose values never reach the log: a change is told, each value
/// that there is shows as "***".
const SECRET: &[&str] = &["password"];

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
            let hidden = |value: &Value| if value.is_null() { Value::Null } else { json!("***") };
            let (before, after) =
                if SECRET.contains(&key.as_str()) { (hidden(before), hidden(after)) } else { (before.clone(), after.clone()) };
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
    /// Who acted when no user did: `cliente` (the client, by the link of
    /// their appointment); null otherwise.
    pub actor: Option<String>,
    /// `{ field: { old, new } }`; in a list, texts longer than 200
    /// characters are cut there, ending in "…" (see `abridged`).
    pub changes: Value,
    /// The fields whose `old` or `new` the list cut short; the entry's own
    /// address (`…/history/{entryId}`) has them whole.
    pub abridged: Vec<String>,
    pub created_at: String,
}

/// Most characters of one text value an entry of a history list carries: a
/// note edited 400 times is 400 entries of up to two 2.000-character texts,
/// and a page of them would weigh what a page should not.
pub const VALUE_PREVIEW_CHARS: usize = 200;

/// The 404 of a history entry that is not the record's.
pub const ENTRY_NOT_FOUND: &str = "Registro do histórico não encontrado.";

/// Newest first by default; the id orders events as they were recorded.
const SORTING: Sorting<audit_log::Column> = Sorting {
    keys: &[SortKey { name: "id", aliases: &[], column: audit_log::Column::Id }],
    default: "-id",
    id: audit_log::Column::Id,
};

/// `text` cut to [`VALUE_PREVIEW_CHARS`] characters and "…", when longer.
fn preview(text: &str) -> Option<String> {
    let mut chars = text.char_indices();
    let (cut, _) = chars.nth(VALUE_PREVIEW_CHARS)?;
    Some(format!("{}…", text[..cut].trim_end()))
}

/// `changes` with every long text value cut short, and the fields cut.
fn abridge(mut changes: Value) -> (Value, Vec<String>) {
    let mut cut = Vec::new();
    if let Some(fields) = changes.as_object_mut() {
        for (field, change) in fields.iter_mut() {
            let mut shortened = false;
            for side in ["old", "new"] {
                if let Some(value) = change.get_mut(side) {
                    if let Some(short) = value.as_str().and_then(preview) {
                        *value = Value::String(short);
                        shortened = true;
                    }
                }
            }
            if shortened {
                cut.push(field.clone());
            }
        }
    }
    (changes, cut)
}

async fn entries(cx: &Context, rows: Vec<audit_log::Model>, abridged: bool) -> Result<Vec<HistoryEntry>> {
    let user_ids: Vec<i32> = rows.iter().filter_map(|r| r.user_id).collect();
    let names = names_by_id::<user::Entity>(&cx.db, user::Column::Id, user::Column::Name, user_ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (changes, abridged) = if abridged { abridge(r.changes) } else { (r.changes, Vec::new()) };
            HistoryEntry {
                id: r.id,
                action: r.action,
                user_name: r.user_id.and_then(|id| names.get(&id).cloned()),
                user_id: r.user_id,
                actor: r.actor,
                changes,
                abridged,
                created_at: to_local_rfc3339(r.created_at, cx.tz),
            }
        })
        .collect())
}

/// The entries of any of `records` (entity, id).
fn of_records(records: &[(&str, i32)]) -> sea_orm::Select<audit_log::Entity> {
    let mut any = Condition::any();
    for (entity, entity_id) in records {
        any = any.add(Condition::all().add(audit_log::Column::Entity.eq(*entity)).add(audit_log::Column::EntityId.eq(*entity_id)));
    }
    audit_log::Entity::find().filter(any)
}

/// Entries as the history shows them, whole (no value cut short), with who did them.
pub async fn whole_entries(cx: &Context, rows: Vec<audit_log::Model>) -> Result<Vec<HistoryEntry>> {
    entries(cx, rows, false).await
}

/// One page of the events of one record (the list query: `sort` by `id`,
/// newest first by default), with the names of who did them and long texts
/// cut short; `records` are the record's (entity, id) and any other whose
/// entries are its too (an occurrence's series). When there are none,
/// `find` (the record's lookup) gives the 404 of a record that never
/// existed; a deleted record keeps its history.
pub async fn history<T>(
    cx: &Context,
    records: &[(&str, i32)],
    list: &ListQuery,
    find: impl Future<Output = Result<T>>,
) -> Result<Page<HistoryEntry>> {
    let params = list.resolve(&SORTING)?;
    let page = params.fetch(&cx.db, of_records(records)).await?;
    if page.meta.total == 0 {
        find.await?;
    }
    Ok(Page { data: entries(cx, page.data, true).await?, meta: page.meta })
}

/// One event of one record, whole (no value cut short).
pub async fn entry(cx: &Context, records: &[(&str, i32)], entry_id: i32) -> Result<HistoryEntry> {
    let row = of_records(records)
        .filter(audit_log::Column::Id.eq(entry_id))
        .one(&cx.db)
        .await?
        .ok_or_else(|| AppError::NotFound(ENTRY_NOT_FOUND.into()))?;
    let mut entries = entries(cx, vec![row], false).await?;
    entries.pop().ok_or_else(|| AppError::NotFound(ENTRY_NOT_FOUND.into()))
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

    #[test]
    fn secrets_show_only_that_they_changed() {
        let old = json!({ "name": "Ana", "password": "$argon2id$old" });
        let new = json!({ "name": "Ana", "password": "$argon2id$new" });
        assert_eq!(diff(&old, &new), json!({ "password": { "old": "***", "new": "***" } }));
        assert_eq!(diff(&old, &old), json!({}));
        assert_eq!(diff(&Value::Null, &new), json!({ "name": { "old": null, "new": "Ana" }, "password": { "old": null, "new": "***" } }));
    }

    #[test]
    fn long_texts_are_cut_in_a_list() {
        let long = "ã".repeat(VALUE_PREVIEW_CHARS + 1);
        let exact = "b".repeat(VALUE_PREVIEW_CHARS);
        let (changes, cut) = abridge(json!({
            "notes": { "old": exact, "new": long },
            "name": { "old": "Ana", "new": "Ana Lima" },
            "archived": { "old": false, "new": true },
        }));
        assert_eq!(cut, vec!["notes"]);
        assert_eq!(changes["notes"]["old"], exact, "a text of exactly the limit is whole");
        assert_eq!(changes["notes"]["new"], format!("{}…", "ã".repeat(VALUE_PREVIEW_CHARS)));
        assert_eq!(changes["name"], json!({ "old": "Ana", "new": "Ana Lima" }));
        assert_eq!(changes["archived"], json!({ "old": false, "new": true }));
    }
}
