//! A client's rights under the LGPD (Lei 13.709/2018, art. 18), for admins:
//! a copy of everything held about the client (`export`, as JSON or as a
//! ZIP of CSVs), and the removal of their personal data (`anonymise`).
//! docs/behaviour.md says what is kept, for how long and why, and what
//! anonymising does and does not touch.

use std::io::Write;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::booking::appointments::{self, AppointmentView};
use crate::kit::audit::{self, AuditEntity, HistoryEntry};
use crate::clients::{ClientView, NOT_FOUND};
use crate::kit::validation::{format_cpf, format_phone, normalize_text, reject_unknown};
use crate::booking;
use crate::kit::{Context, csv, find, versioned_update};
use crate::kit::time::to_local_rfc3339;
use entities::{appointment, appointment_series, audit_log, client, reminder};
use crate::clients::access_log;
use entities::client_read::ReadKind;
use crate::clients::access_log::AccessView;

/// The reason written on the future appointments an anonymisation cancels.
pub const CANCELLED_REASON: &str = "Cliente anonimizado";

/// The 409 of a second anonymisation.
pub const ALREADY: &str = "Este cliente já foi anonimizado.";

/// What replaces a personal value in the audit history.
pub const REMOVED: &str = "***";

query_params! {
    /// `?format` of a client's export.
    pub struct ExportQuery {
        /// json (padrão): um arquivo JSON; zip: um ZIP de arquivos CSV.
        pub format: Option<String>,
    }
}

/// Everything held about a client (`GET /api/clients/{id}/export`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientExport {
    pub exported_at: String,
    pub exported_by: String,
    pub client: ClientView,
    /// Every appointment, oldest first.
    pub appointments: Vec<AppointmentView>,
    /// Every audit entry of the client (and of the records merged into
    /// theirs), of their appointments (also of deleted ones) and of their
    /// recurring series, in the order they were recorded; `entity` and
    /// `entityId` say which record each is about.
    pub history: Vec<HistoryEntry>,
    /// The reminders sent to the client: `{appointmentId, channel, recipient, sentAt}`.
    pub reminders_sent: Vec<Value>,
    /// Who read the client's record, history or export, and when, oldest
    /// first (this export included).
    pub accesses: Vec<AccessView>,
}

/// The ids of every appointment the client has or had: their current ones,
/// and any appointment whose audit entries name them (a deleted one, or
/// one moved to another client), read in batches.
async fn appointment_ids(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<i32>> {
    let mut ids: Vec<i32> = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::Id)
        .filter(appointment::Column::ClientId.eq(client_id))
        .into_tuple()
        .all(db)
        .await?;
    let mut after = 0;
    loop {
        let rows: Vec<(i32, i32, Value)> = audit_log::Entity::find()
            .select_only()
            .column(audit_log::Column::Id)
            .column(audit_log::Column::EntityId)
            .column(audit_log::Column::Changes)
            .filter(audit_log::Column::Entity.eq(AuditEntity::Appointment))
            .filter(audit_log::Column::Id.gt(after))
            .order_by_asc(audit_log::Column::Id)
            .limit(500)
            .into_tuple()
            .all(db)
            .await?;
        let Some(last) = rows.last() else { break };
        after = last.0;
        for (_, entity_id, changes) in rows {
            let named = ["old", "new"].iter().any(|side| changes["clientId"][side].as_i64() == Some(i64::from(client_id)));
            if named {
                ids.push(entity_id);
            }
        }
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The audit entries of the client and of the records merged into theirs
/// (`merged`, from `audit::merged_into`), of `appointment_ids` and of the
/// client's recurring series (their creation and their changes as a
/// whole), oldest first.
async fn history_rows(db: &impl ConnectionTrait, client_id: i32, merged: &[i32], appointment_ids: &[i32]) -> Result<Vec<audit_log::Model>> {
    let mut rows = audit_log::Entity::find()
        .filter(audit_log::Column::Entity.eq(AuditEntity::Client))
        .filter(audit_log::Column::EntityId.is_in(std::iter::once(client_id).chain(merged.iter().copied())))
        .all(db)
        .await?;
    let series_ids: Vec<i32> = appointment_series::Entity::find()
        .select_only()
        .column(appointment_series::Column::Id)
        .filter(appointment_series::Column::ClientId.eq(client_id))
        .into_tuple()
        .all(db)
        .await?;
    for (entity, ids) in [(AuditEntity::Appointment, appointment_ids), (AuditEntity::Series, &series_ids)] {
        for chunk in ids.chunks(500) {
            rows.extend(
                audit_log::Entity::find()
                    .filter(audit_log::Column::Entity.eq(entity))
                    .filter(audit_log::Column::EntityId.is_in(chunk.to_vec()))
                    .all(db)
                    .await?,
            );
        }
    }
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// Everything held about a client; the export itself is audited (who, when).
pub async fn export(cx: &Context, id: i32) -> Result<ClientExport> {
    let admin = cx.require_admin()?.clone();
    let (db, tz) = (&cx.db, cx.tz);
    let model = find::<client::Entity>(db, id).await?;
    let rows = appointment::Entity::find()
        .filter(appointment::Column::ClientId.eq(id))
        .order_by_asc(appointment::Column::StartsAt)
        .order_by_asc(appointment::Column::Id)
        .all(db)
        .await?;
    let appointments = appointments::views(db, rows, tz).await?;
    let ids = appointment_ids(db, id).await?;
    let merged: Vec<i32> = audit::merged_into(db, AuditEntity::Client, id).await?.into_iter().map(|(merged, _)| merged).collect();
    let rows = history_rows(db, id, &merged, &ids).await?;
    let history = audit::whole_entries(cx, rows).await?;
    let sent = reminder::Entity::find()
        .filter(sea_orm::Condition::any().add(reminder::Column::AppointmentId.is_in(ids.clone())).add(reminder::Column::ClientId.eq(id)))
        .filter(reminder::Column::SentAt.is_not_null())
        .order_by_asc(reminder::Column::SentAt)
        .all(db)
        .await?;
    let reminders_sent = sent
        .into_iter()
        .map(|r| {
            json!({
                "appointmentId": r.appointment_id,
                "channel": r.channel,
                "kind": r.kind,
                "recipient": r.recipient,
                "sentAt": r.sent_at.map(|t| to_local_rfc3339(t, tz)),
            })
        })
        .collect();
    cx.write(async |w| Ok(w.audit(AuditEntity::Client, id, "export", json!({})))).await?;
    access_log::record_now(cx, id, ReadKind::Export).await?;
    let accesses = access_log::all(cx, id).await?;
    Ok(ClientExport {
        exported_at: to_local_rfc3339(Utc::now(), tz),
        exported_by: admin.name,
        client: ClientView::new(model, tz),
        appointments,
        history,
        reminders_sent,
        accesses,
    })
}

/// The export as JSON (pretty, UTF-8).
pub fn export_json(export: &ClientExport) -> Result<Vec<u8>> {
    Ok(serde_json::to_vec_pretty(export).map_err(anyhow::Error::from)?)
}

/// The export as a ZIP of CSVs (the spreadsheet CSV of `csv.rs`): the
/// record, the appointments, the history (one row per changed field) and
/// the reminders sent.
pub fn export_zip(export: &ClientExport) -> Result<Vec<u8>> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut record = csv::CsvWriter::new(&[
        "Código", "Nome", "E-mail", "Telefone", "CPF", "Nascimento", "Observações", "Arquivado", "Anonimizado em", "Cadastrado em",
        "Atualizado em",
    ])?;
    let c = &export.client;
    record.row(&[
        c.id.to_string(),
        c.name.clone(),
        text(&c.email),
        c.phone.as_deref().map(format_phone).unwrap_or_default(),
        c.document.as_deref().map(format_cpf).unwrap_or_default(),
        text(&c.birth_date),
        text(&c.notes),
        if c.archived { "Sim" } else { "Não" }.into(),
        text(&c.anonymised_at),
        c.created_at.clone(),
        c.updated_at.clone(),
    ])?;
    let mut visits = csv::CsvWriter::new(&[
        "Código", "Início", "Fim", "Profissional", "Serviço", "Situação", "Valor (R$)", "Observações", "Motivo do cancelamento",
        "Cadastrado em", "Atualizado em",
    ])?;
    for a in &export.appointments {
        visits.row(&[
            a.id.to_string(),
            a.starts_at.clone(),
            a.ends_at.clone(),
            a.staff_name.clone(),
            a.service.clone(),
            a.status.label().into(),
            csv::money(a.price_cents),
            text(&a.notes),
            text(&a.cancellation_reason),
            a.created_at.clone(),
            a.updated_at.clone(),
        ])?;
    }
    let mut history = csv::CsvWriter::new(&["Registro", "Código", "Ação", "Por", "Em", "Campo", "Antes", "Depois"])?;
    let cell = |v: &Value| match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    for e in &export.history {
        let what = match e.entity {
            AuditEntity::Client => "Cliente",
            AuditEntity::Series => "Série",
            _ => "Agendamento",
        };
        let base = [what.to_string(), e.entity_id.to_string(), e.action.clone(), text(&e.user_name), e.created_at.clone()];
        let changes = e.changes.as_object().filter(|c| !c.is_empty());
        match changes {
            None => history.row(&[&base[..], &[String::new(), String::new(), String::new()]].concat())?,
            Some(fields) => {
                for (field, change) in fields {
                    history.row(&[&base[..], &[field.clone(), cell(&change["old"]), cell(&change["new"])]].concat())?;
                }
            }
        }
    }
    let mut reminders = csv::CsvWriter::new(&["Enviado em", "Canal", "Destino", "Agendamento"])?;
    for r in &export.reminders_sent {
        reminders.row(&[cell(&r["sentAt"]), cell(&r["channel"]), cell(&r["recipient"]), cell(&r["appointmentId"])])?;
    }
    let mut accesses = csv::CsvWriter::new(&["Quando", "Quem", "O quê", "Endereço"])?;
    for a in &export.accesses {
        accesses.row(&[a.at.clone(), a.user_name.clone(), a.what.label().to_string(), a.address.clone()])?;
    }
    let files = [
        ("cliente.csv", record.finish()?),
        ("agendamentos.csv", visits.finish()?),
        ("historico.csv", history.finish()?),
        ("lembretes.csv", reminders.finish()?),
        ("acessos.csv", accesses.finish()?),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(name, options).map_err(anyhow::Error::from)?;
        zip.write_all(&bytes).map_err(anyhow::Error::from)?;
    }
    Ok(zip.finish().map_err(anyhow::Error::from)?.into_inner())
}

/// Body of `POST /api/clients/{id}/anonymise`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnonymiseBody)]
pub struct AnonymiseInput {
    /// O nome do cliente, digitado para confirmar (sem diferenciar maiúsculas).
    #[schema(required, value_type = String)]
    pub confirm_name: Option<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// The client's personal values as they may appear in free text: the name
/// and its words, e-mail, phone and CPF (digits and formatted), birth date;
/// also those of each record merged into theirs (`merged`: the records as
/// the merge entries keep them, `ClientView` snapshots).
fn personal_terms(c: &client::Model, merged: &[Value]) -> Vec<String> {
    const PARTICLES: &[&str] = &["da", "das", "de", "do", "dos", "e"];
    let birth_date = c.birth_date.map(|d| d.format("%Y-%m-%d").to_string());
    let mut people = vec![(Some(c.name.clone()), c.email.clone(), c.phone.clone(), c.document.clone(), birth_date)];
    let text = |record: &Value, field: &str| record[field].as_str().filter(|t| *t != REMOVED).map(str::to_string);
    for record in merged {
        people.push((text(record, "name"), text(record, "email"), text(record, "phone"), text(record, "document"), text(record, "birthDate")));
    }
    let mut terms = Vec::new();
    for (name, email, phone, document, birth_date) in people {
        if let Some(name) = name {
            terms.extend(name.split_whitespace().filter(|w| w.chars().count() >= 3 && !PARTICLES.contains(&w.to_lowercase().as_str())).map(str::to_string));
            terms.push(name);
        }
        terms.extend(email);
        if let Some(phone) = phone {
            terms.extend([format_phone(&phone), phone]);
        }
        if let Some(cpf) = document {
            terms.extend([format_cpf(&cpf), cpf]);
        }
        if let Some(date) = birth_date.and_then(|d| chrono::NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok()) {
            terms.extend([date.format("%Y-%m-%d").to_string(), date.format("%d/%m/%Y").to_string()]);
        }
    }
    // Longest first, so a full name goes before its words.
    terms.sort_by_key(|t| std::cmp::Reverse(t.chars().count()));
    terms.dedup();
    terms
}

/// `text` with every occurrence of each term (ignoring case) replaced by
/// [`REMOVED`].
pub fn scrub_text(text: &str, terms: &[String]) -> String {
    let mut out = text.to_string();
    for term in terms.iter().filter(|t| !t.trim().is_empty()) {
        let needle: Vec<char> = term.chars().flat_map(char::to_lowercase).collect();
        let chars: Vec<char> = out.chars().collect();
        let lower: Vec<Vec<char>> = chars.iter().map(|c| c.to_lowercase().collect()).collect();
        let mut result = String::with_capacity(out.len());
        let mut i = 0;
        while i < chars.len() {
            // Match char by char, each compared by its lower case.
            let (mut j, mut k) = (i, 0);
            while k < needle.len() && j < chars.len() && needle[k..].starts_with(&lower[j]) {
                k += lower[j].len();
                j += 1;
            }
            if k == needle.len() && j > i {
                result.push_str(REMOVED);
                i = j;
            } else {
                result.push(chars[i]);
                i += 1;
            }
        }
        out = result;
    }
    out
}

/// Fields of an audit entry that hold the client's personal data.
const PERSONAL_FIELDS: &[&str] = &["name", "email", "phone", "document", "birthDate", "notes", "clientName"];

/// `changes` without the client's personal data: the values of the
/// personal fields become [`REMOVED`] (a change is still told), and any
/// other text loses the personal terms it contains.
fn scrub_changes(changes: &Value, entity: AuditEntity, terms: &[String]) -> Value {
    let Some(fields) = changes.as_object() else { return changes.clone() };
    let mut out = Map::new();
    for (field, change) in fields {
        // An appointment's `notes` are the appointment's, its `name` nothing: only
        // the client's own fields and the appointments' client name and notes go whole.
        let personal = PERSONAL_FIELDS.contains(&field.as_str()) && (entity == AuditEntity::Client || field == "clientName" || field == "notes");
        let mut change = change.clone();
        for side in ["old", "new"] {
            if let Some(value) = change.get_mut(side) {
                match value {
                    Value::Null => {}
                    _ if personal => *value = json!(REMOVED),
                    Value::String(text) => *text = scrub_text(text, terms),
                    // A whole record (a merge's `mergedFrom`): a client's, whose own fields are personal.
                    Value::Object(record) => scrub_record(record, terms),
                    _ => {}
                }
            }
        }
        out.insert(field.clone(), change);
    }
    Value::Object(out)
}

/// A client's record kept whole in an entry, without its personal data.
fn scrub_record(record: &mut Map<String, Value>, terms: &[String]) {
    for (field, value) in record.iter_mut() {
        match value {
            Value::Null => {}
            _ if PERSONAL_FIELDS.contains(&field.as_str()) => *value = json!(REMOVED),
            Value::String(text) => *text = scrub_text(text, terms),
            _ => {}
        }
    }
}

/// Removes the client's personal data for good (LGPD art. 18, IV and VI).
/// `confirm_name` must be the client's name. In one transaction: the record
/// keeps only its id, dates and archived state (its name becomes "Cliente
/// anonimizado {id}", its version moves, so a stale form gets 409); every
/// appointment loses its notes and the client's data in its cancellation
/// reason, and the future ones are cancelled; the audit history of the
/// client and their appointments keeps who did what and when, without the
/// values. Dates, statuses, services and prices stay, so past figures do
/// not change. On SQLite, freed space is zeroed (`secure_delete`) and the
/// file is rebuilt and the WAL emptied afterwards, so the data is not left
/// in free pages either.
pub async fn anonymise(cx: &Context, id: i32, input: AnonymiseInput) -> Result<ClientView> {
    cx.require_admin()?;
    let (db, tz) = (&cx.db, cx.tz);
    let current = find::<client::Entity>(db, id).await?;
    if current.anonymised_at.is_some() {
        return Err(AppError::Conflict(ALREADY.into()));
    }
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let typed = input.confirm_name.as_deref().map(|n| n.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
    if typed.is_empty() {
        errors.add("confirmName", "Digite o nome do cliente para confirmar.");
    } else if typed.to_lowercase() != current.name.to_lowercase() {
        errors.add("confirmName", "O nome digitado não confere com o nome do cliente.");
    }
    errors.check()?;

    let sqlite = db.get_database_backend() == DbBackend::Sqlite;
    let saved = cx
        .write(async |w| {
            if sqlite {
                // Deleted and overwritten content is zeroed, not left in free space.
                w.txn.execute_unprepared("PRAGMA secure_delete = ON").await?;
            }
            // Lock the row first (SQLite: write before read), then read it again.
            if !crate::kit::db::lock_row::<client::Entity>(&w.txn, client::Column::Id, id, client::Column::Version).await? {
                return Err(AppError::NotFound(NOT_FOUND.into()));
            }
            let current = find::<client::Entity>(&w.txn, id).await?;
            let merged = audit::merged_into(&w.txn, AuditEntity::Client, id).await?;
            let terms = personal_terms(&current, &merged.iter().map(|(_, record)| record.clone()).collect::<Vec<_>>());
            let merged: Vec<i32> = merged.into_iter().map(|(merged, _)| merged).collect();
            let name = format!("Cliente anonimizado {id}");
            let record = client::ActiveModel {
                search_text: Set(normalize_text(&name)),
                sort_name: Set(normalize_text(&name)),
                name: Set(name),
                email: Set(None),
                phone: Set(None),
                document: Set(None),
                birth_date: Set(None),
                notes: Set(None),
                archived: Set(true),
                anonymised_at: Set(Some(Utc::now())),
                ..Default::default()
            };
            let saved = versioned_update::<client::Entity>(&w.txn, id, current.version, record).await?;
            booking::anonymise_appointments(cx, w, id, CANCELLED_REASON, |reason| scrub_text(reason, &terms)).await?;

            let ids = appointment_ids(&w.txn, id).await?;
            // The reminders sent keep when and how, not to whom.
            reminder::Entity::update_many()
                .col_expr(reminder::Column::Recipient, sea_orm::sea_query::Expr::value(Option::<String>::None))
                .col_expr(reminder::Column::LastError, sea_orm::sea_query::Expr::value(Option::<String>::None))
                .col_expr(reminder::Column::Details, sea_orm::sea_query::Expr::value(Option::<String>::None))
                .filter(sea_orm::Condition::any().add(reminder::Column::AppointmentId.is_in(ids.clone())).add(reminder::Column::ClientId.eq(id)))
                .exec(&w.txn)
                .await?;
            for row in history_rows(&w.txn, id, &merged, &ids).await? {
                let scrubbed = scrub_changes(&row.changes, row.entity, &terms);
                if scrubbed != row.changes {
                    let model = audit_log::ActiveModel { id: Set(row.id), changes: Set(scrubbed), ..Default::default() };
                    model.update(&w.txn).await?;
                }
            }
            // Who and when, without the data.
            w.audit(AuditEntity::Client, id, "anonymise", json!({}));
            Ok(saved)
        })
        .await?;

    if sqlite {
        // The old values may still sit in pages freed before (or in the WAL):
        // rebuild the file from live rows, then empty the WAL. Best effort:
        // the rows are already clean, so a busy database only logs.
        if let Err(error) = db.execute_unprepared("PRAGMA secure_delete = ON").await {
            tracing::warn!(%error, "after anonymising a client: secure_delete");
        }
        if let Err(error) = db.execute_unprepared("VACUUM").await {
            tracing::warn!(%error, "after anonymising a client: VACUUM");
        }
        empty_the_wal(db).await;
    }
    Ok(ClientView::new(saved, tz))
}

/// Copies the WAL into the file and empties it. A reader still on the WAL
/// (a job that read right after the write's events, say) holds the copy
/// back without an error, the checkpoint's first column saying so: tried
/// again for up to a second.
async fn empty_the_wal(db: &sea_orm::DatabaseConnection) {
    let checkpoint = || sea_orm::Statement::from_string(DbBackend::Sqlite, "PRAGMA wal_checkpoint(TRUNCATE)");
    for _ in 0..20 {
        match db.query_one_raw(checkpoint()).await {
            Ok(Some(row)) if row.try_get_by_index::<i32>(0).is_ok_and(|busy| busy == 0) => return,
            Ok(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
            Err(error) => {
                tracing::warn!(%error, "after anonymising a client: wal_checkpoint");
                return;
            }
        }
    }
    tracing::warn!("after anonymising a client: the WAL was still read after a second");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personal_terms_leave_free_text() {
        let terms = vec!["Maria da Silva".to_string(), "maria@x.com".to_string(), "Maria".to_string(), "Silva".to_string()];
        assert_eq!(scrub_text("Remarcado: MARIA DA SILVA (maria@X.com) pediu; Silvana não", &terms), "Remarcado: *** (***) pediu; ***na não");
        assert_eq!(scrub_text("Élida veio", &["élida".to_string()]), "*** veio");
        assert_eq!(scrub_text("nada aqui", &terms), "nada aqui");
    }

    #[test]
    fn audit_values_lose_personal_fields_and_terms() {
        let terms = vec!["Maria".to_string()];
        let client = json!({ "name": { "old": null, "new": "Maria" }, "archived": { "old": false, "new": true } });
        assert_eq!(
            scrub_changes(&client, AuditEntity::Client, &terms),
            json!({ "name": { "old": null, "new": "***" }, "archived": { "old": false, "new": true } })
        );
        let visit = json!({ "clientName": { "old": null, "new": "Maria" }, "service": { "old": null, "new": "Corte" },
            "cancellationReason": { "old": null, "new": "Maria desistiu" }, "notes": { "old": "x", "new": null } });
        assert_eq!(
            scrub_changes(&visit, AuditEntity::Appointment, &terms),
            json!({ "clientName": { "old": null, "new": "***" }, "service": { "old": null, "new": "Corte" },
                "cancellationReason": { "old": null, "new": "*** desistiu" }, "notes": { "old": "***", "new": null } })
        );
    }
}
