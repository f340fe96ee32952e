//! Two records of one person made one (docs/behaviour.md#merging-clients):
//! duplicates arise when a client books themselves with a phone number the
//! front desk has not seen, or is registered twice. The record `{id}` stays;
//! everything that points at the other (`from`) moves to it, the kept
//! record's empty fields are filled from it, and `from` is deleted, in one
//! write. Its history stays readable as the kept record's (the merge entry
//! names it, `kit::audit::merged_into`).

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set, SqlErr};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{ClientView, NOT_FOUND, search_text};
use crate::booking::{self, Merging};
use crate::kit::audit::{self, AuditEntity, Audited};
use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::validation::{LONG_NOTES, reject_unknown};
use crate::kit::{Context, VERSION_NEEDED, expected_version, find, versioned_update};
use entities::{client, client_read};

/// The 422 of a body without the record to merge.
pub const FROM_NEEDED: &str = "Escolha o cadastro duplicado que vai ser juntado a este (from).";
/// The 422 of a record merged into itself.
pub const SAME: &str = "Escolha outro cadastro: um cliente não pode ser juntado a ele mesmo.";
/// The 404 of a record to merge that is not there.
pub const FROM_NOT_FOUND: &str = "O cadastro a juntar não foi encontrado.";
/// The 422 of a kept record whose personal data was removed (LGPD).
pub const KEPT_ANONYMISED: &str = "Este cliente foi anonimizado (LGPD): não dá para juntar outro cadastro a ele.";
/// The 422 of a record to merge whose personal data was removed (LGPD).
pub const FROM_ANONYMISED: &str = "O cadastro escolhido foi anonimizado (LGPD) e não pode ser juntado.";
/// The 422 of two records whose notes, joined, would be too long.
pub const NOTES_TOO_LONG: &str =
    "As observações dos dois cadastros, juntas, passam de 2.000 caracteres: encurte uma delas antes de juntar.";
/// The 409 of an appointment booked for `from` while it was being merged.
pub const BOOKED_MEANWHILE: &str = "Um agendamento acabou de ser marcado no cadastro duplicado. Tente juntar de novo.";

/// The audit field of a merge that counts the appointments moved.
const MOVED: &str = "movedAppointments";

/// Body of `POST /api/clients/{id}/merge`. Unknown fields are refused (422).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MergeBody)]
pub struct MergeInput {
    /// O cadastro duplicado: seus agendamentos, séries, lembretes, acessos e histórico passam para `{id}`, e ele é apagado.
    #[schema(required, value_type = i32)]
    pub from: Option<i32>,
    /// A versão lida do cliente que fica (`{id}`).
    #[schema(required, value_type = i32)]
    pub version: Option<i32>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().filter(|t| !t.trim().is_empty())
}

/// The kept record's notes, with the merged record's after them when they
/// say something the kept ones do not.
fn joined_notes(kept: &Option<String>, merged: &Option<String>) -> Option<String> {
    match (given(kept), given(merged)) {
        (Some(kept), Some(merged)) if kept.contains(merged.trim()) => Some(kept.to_string()),
        (Some(kept), Some(merged)) => Some(format!("{}\n\n{}", kept.trim_end(), merged.trim())),
        (Some(kept), None) => Some(kept.to_string()),
        (None, merged) => merged.map(str::to_string),
    }
}

/// Merges the client `input.from` into the client `id` and answers the
/// kept record as it is now. Recepção and admins: merging deletes a record
/// and moves appointments of every agenda (a Profissional's 403, like
/// deleting a client).
pub async fn merge(cx: &Context, id: i32, input: MergeInput) -> Result<ClientView> {
    cx.require_front_desk()?;
    let tz = cx.tz;
    find::<client::Entity>(&cx.db, id).await?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    match input.from {
        None => errors.add("from", FROM_NEEDED),
        Some(from) if from == id => errors.add("from", SAME),
        Some(_) => {}
    }
    if input.version.is_none() {
        errors.add("version", VERSION_NEEDED);
    }
    let (Some(from), Some(version)) = (input.from, input.version) else { return Err(AppError::invalid(errors)) };
    errors.check()?;
    // Reads of `from` still queued for the access log are written first,
    // so that they move with the rest (the log's rows go with a deleted client).
    cx.read_log.flush().await;

    cx.write(async |w| {
        // Both rows locked before anything is read (SQLite: a transaction
        // writes before it reads), in the order of their ids, so that two
        // merges of one pair wait for each other instead of deadlocking.
        for locked in if id < from { [id, from] } else { [from, id] } {
            if !crate::kit::db::lock_row::<client::Entity>(&w.txn, client::Column::Id, locked, client::Column::Version).await? {
                return Err(AppError::NotFound(if locked == id { NOT_FOUND } else { FROM_NOT_FOUND }.into()));
            }
        }
        let kept = find::<client::Entity>(&w.txn, id).await?;
        let merged = find::<client::Entity>(&w.txn, from).await?;
        if kept.anonymised_at.is_some() {
            return Err(AppError::Validation { message: KEPT_ANONYMISED.into(), errors: FieldErrors::new() });
        }
        if merged.anonymised_at.is_some() {
            return Err(AppError::field("from", FROM_ANONYMISED));
        }
        expected_version(Some(version), kept.version)?;
        let notes = joined_notes(&kept.notes, &merged.notes);
        if notes.as_deref().is_some_and(|n| n.chars().count() > 2000) {
            let mut errors = FieldErrors::new();
            errors.add("from", NOTES_TOO_LONG);
            errors.add("notes", LONG_NOTES);
            return Err(AppError::invalid(errors));
        }

        // A filled field is never overwritten; an empty one takes the merged record's.
        let pick = |kept: &Option<String>, merged: &Option<String>| given(kept).or(given(merged)).map(str::to_string);
        let email = pick(&kept.email, &merged.email);
        let phone = pick(&kept.phone, &merged.phone);
        let document = pick(&kept.document, &merged.document);
        if given(&kept.email).is_none() && given(&merged.email).is_some() {
            // The address is unique among clients: it leaves the merged record first.
            client::Entity::update_many()
                .col_expr(client::Column::Email, Expr::value(Option::<String>::None))
                .filter(client::Column::Id.eq(from))
                .exec(&w.txn)
                .await?;
        }
        let filled = client::ActiveModel {
            search_text: Set(search_text(&kept.name, email.as_deref(), phone.as_deref(), document.as_deref())),
            email: Set(email),
            phone: Set(phone),
            document: Set(document),
            birth_date: Set(kept.birth_date.or(merged.birth_date)),
            notes: Set(notes),
            // "Cadastro pela internet" asks the front desk to check the data
            // with the client: merged with a record of theirs, it is checked.
            online_signup: Set(kept.online_signup && merged.online_signup),
            ..Default::default()
        };
        let saved = versioned_update::<client::Entity>(&w.txn, id, version, filled).await?;

        // What points at `from`: its appointments and series (the gate
        // writes those; the reminders hang off the appointments), and the
        // access log's rows. Its audit entries stay where they are: the
        // kept record's history reads them through this merge's entry.
        let moved = booking::merge_appointments(cx, w, Merging { from: (from, &merged.name), into: (id, &kept.name) }).await?;
        client_read::Entity::update_many()
            .col_expr(client_read::Column::ClientId, Expr::value(id))
            .filter(client_read::Column::ClientId.eq(from))
            .exec(&w.txn)
            .await?;
        client::Entity::delete_by_id(from).exec(&w.txn).await.map_err(|error| match error.sql_err() {
            // An appointment booked for `from` after the gate moved its own.
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => AppError::Conflict(BOOKED_MEANWHILE.into()),
            _ => error.into(),
        })?;

        let (before, after) = (ClientView::new(kept, tz), ClientView::new(saved, tz));
        let mut changes = audit::diff(&before.snapshot(), &after.snapshot());
        if let Some(fields) = changes.as_object_mut() {
            fields.insert(audit::MERGED_FROM.into(), json!({ "old": null, "new": ClientView::new(merged, tz).snapshot() }));
            fields.insert(MOVED.into(), json!({ "old": null, "new": moved }));
        }
        w.audit(AuditEntity::Client, id, audit::MERGE, changes);
        Ok(after)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_joined_once() {
        let text = |t: &str| Some(t.to_string());
        assert_eq!(joined_notes(&text("Alergia a látex"), &text("Prefere manhãs")), text("Alergia a látex\n\nPrefere manhãs"));
        assert_eq!(joined_notes(&text("Alergia a látex. Prefere manhãs"), &text(" Prefere manhãs ")), text("Alergia a látex. Prefere manhãs"));
        assert_eq!(joined_notes(&None, &text("Prefere manhãs")), text("Prefere manhãs"));
        assert_eq!(joined_notes(&text("Alergia"), &text("  ")), text("Alergia"));
        assert_eq!(joined_notes(&text(" "), &None), None);
    }
}
