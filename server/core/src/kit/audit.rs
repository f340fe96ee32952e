//! The audit trail: who changed what, when, from which value to which.

use chrono::Utc;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::kit::error::{AppError, Result};
use crate::kit::list::{ListQuery, SortKey, Sorting};
use crate::kit::{Actor, Context, Page, names_by_id};
use crate::kit::time::to_local_rfc3339;
use entities::{audit_log, user};

pub use entities::audit_log::AuditEntity;

/// A record as its audit entries show it.
pub trait Audited {
    /// The `entity` of its entries.
    const ENTITY: AuditEntity;
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

impl<T: Audited> Change<T> {
    /// `{ field: { old, new } }` of the change, and the record as it is now
    /// (a deleted one as it was).
    fn into_parts(self) -> (Value, T) {
        match self {
            Change::Created(record) => (diff(&Value::Null, &record.snapshot()), record),
            Change::Updated { before, after } => (diff(&before.snapshot(), &after.snapshot()), after),
            Change::Deleted(record) => (diff(&record.snapshot(), &Value::Null), record),
        }
    }
}

/// One audit entry a write will record: what it is about, what was done,
/// and `{ field: { "old": …, "new": … } }`.
#[derive(Debug, Clone)]
pub struct Entry {
    pub entity: AuditEntity,
    pub id: i32,
    pub action: &'static str,
    pub changes: Value,
}

/// The open write of [`Context::write`]: its transaction, the audit
/// entries it will record and the change events it will publish.
pub struct Write {
    pub txn: DatabaseTransaction,
    entries: Vec<Entry>,
    pub(crate) events: Vec<super::events::ChangeEvent>,
}

impl Write {
    /// Records `entry` with the write, by the context's actor.
    pub fn audit(&mut self, entity: AuditEntity, id: i32, action: &'static str, changes: Value) {
        self.entries.push(Entry { entity, id, action, changes });
    }

    /// Records what `change` did to its record; gives the record as it is
    /// now (a deleted one as it was).
    pub fn audit_change<T: Audited>(&mut self, action: &'static str, change: Change<T>) -> T {
        let (changes, record) = change.into_parts();
        self.audit(T::ENTITY, record.id(), action, changes);
        record
    }
}

impl Context {
    /// Every write goes through here: opens the write transaction
    /// (`db::write_transaction`), lets `write` change what it must in it and
    /// name its audit entries, records them by the context's actor and
    /// commits, so that a change and its entries are kept together or not
    /// at all; then hands the appointments' change events to their
    /// publisher. Inside `write`, only the transaction it is given may be
    /// used: on SQLite another connection would wait for its lock.
    pub async fn write<T>(&self, write: impl AsyncFnOnce(&mut Write) -> Result<T>) -> Result<T> {
        let txn = crate::kit::db::write_transaction(&self.db).await?;
        let mut open = Write { txn, entries: Vec::new(), events: Vec::new() };
        let value = write(&mut open).await?;
        let Write { txn, entries, events } = open;
        let now = Utc::now();
        let actor = match &self.actor {
            Actor::Client { .. } => Some(CLIENT_ACTOR.to_string()),
            Actor::Online => Some(ONLINE_ACTOR.to_string()),
            Actor::User(_) | Actor::System => None,
        };
        let rows: Vec<_> = entries.into_iter().map(|entry| audit_log::ActiveModel {
            entity: Set(entry.entity),
            entity_id: Set(entry.id),
            action: Set(entry.action.into()),
            user_id: Set(self.actor_id()),
            actor: Set(actor.clone()),
            changes: Set(entry.changes),
            created_at: Set(now),
            ..Default::default()
        }).collect();
        // A hold (gate::online) writes nothing worth an entry.
        if !rows.is_empty() {
            audit_log::Entity::insert_many(rows).exec(&txn).await?;
        }
        txn.commit().await?;
        self.events.publish(events);
        Ok(value)
    }
}

/// One record's write: `write` changes it in the transaction and says
/// what it was and is; the difference is recorded as one entry of `action`
/// ([`Context::write`]). Returns the record as it is now (a deleted one as
/// it was).
pub async fn write<T: Audited>(
    cx: &Context,
    action: &'static str,
    write: impl AsyncFnOnce(&DatabaseTransaction) -> Result<Change<T>>,
) -> Result<T> {
    cx.write(async |w| {
        let change = write(&w.txn).await?;
        Ok(w.audit_change(action, change))
    })
    .await
}

/// Who acted when no staff member did: the client, through the link of
/// their appointment (`/c/{token}`).
pub const CLIENT_ACTOR: &str = "cliente";

/// Who acted for a booking made on the public page (`/agendar`).
pub const ONLINE_ACTOR: &str = "internet";

/// The action of the entry that merges another record into its own
/// (`clients::merge`): its [`MERGED_FROM`] field's `new` is the merged
/// record as it was, whose entries the kept record's history then shows.
pub const MERGE: &str = "merge";

/// The field of a [`MERGE`] entry that holds the merged record.
pub const MERGED_FROM: &str = "mergedFrom";

/// The records of `entity` merged into `id`, and those merged into them
/// before (a merged record may have had merges of its own), each with its
/// data as it was then: read from the [`MERGE`] entries, one query per
/// generation. Their history is the kept record's too, and a link of theirs
/// still reaches what is now the kept record's. Usually none: one query.
pub async fn merged_into(db: &impl ConnectionTrait, entity: AuditEntity, id: i32) -> Result<Vec<(i32, Value)>> {
    let mut merged: Vec<(i32, Value)> = Vec::new();
    let mut generation = vec![id];
    while !generation.is_empty() {
        let rows: Vec<Value> = audit_log::Entity::find()
            .select_only()
            .column(audit_log::Column::Changes)
            .filter(audit_log::Column::Entity.eq(entity))
            .filter(audit_log::Column::EntityId.is_in(generation.clone()))
            .filter(audit_log::Column::Action.eq(MERGE))
            .into_tuple()
            .all(db)
            .await?;
        generation.clear();
        for mut changes in rows {
            let record = changes[MERGED_FROM]["new"].take();
            let Some(merged_id) = record["id"].as_i64().and_then(|n| i32::try_from(n).ok()) else { continue };
            // A record is merged once (it is gone after): a repeat could only be a loop.
            if merged_id != id && !merged.iter().any(|(seen, _)| *seen == merged_id) {
                generation.push(merged_id);
                merged.push((merged_id, record));
            }
        }
    }
    Ok(merged)
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
    /// The record the entry is about: the one asked for, or one whose
    /// entries are its too (a client merged into it, an occurrence's
    /// series, a client's appointments in their export).
    pub entity: AuditEntity,
    pub entity_id: i32,
    /// create, update, status, archive, delete, merge…
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
                entity: r.entity,
                entity_id: r.entity_id,
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
fn of_records(records: &[(AuditEntity, i32)]) -> sea_orm::Select<audit_log::Entity> {
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
    records: &[(AuditEntity, i32)],
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
pub async fn entry(cx: &Context, records: &[(AuditEntity, i32)], entry_id: i32) -> Result<HistoryEntry> {
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
