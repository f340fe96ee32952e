//! Clients: list (search, sort, archived), detail with totals, create,
//! update with optimistic version, archive / unarchive, delete (only
//! without appointments), history and CSV export. Every write records an
//! audit entry in the same transaction.

pub mod access_log;
pub mod lgpd;
pub mod merge;

use chrono::{NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QuerySelect, Select, Set, SqlErr,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity, Audited, Change};
use crate::kit::list::{ListParams, ListQuery, ListStatements, SortKey, Sorting, like_pattern};
use crate::kit::validation::{
    check_name, check_notes, check_search, digits, email_problem, format_cpf, format_phone, normalize_text, parse_cpf,
    parse_phone, patched, patched_parse, reject_unknown, unique_violation, TextPatch,
};
use crate::kit::{Context, Page, Versioned, csv, expected_version, find, versioned_update};
use crate::kit::time::to_local_rfc3339;
use entities::appointment::AppointmentStatus;
use entities::{appointment, client};
use entities::client_read::ReadKind;
use crate::kit::access;

pub use crate::kit::validation::is_valid_email;

pub const NOT_FOUND: &str = "Cliente não encontrado.";
/// The 409 of an edit of a client whose personal data was removed.
pub const ANONYMISED: &str = "Este cliente foi anonimizado e não pode mais ser editado.";
const EMAIL_TAKEN: &str = "Já existe um cliente com este e-mail.";

impl Versioned for client::Entity {
    const ID: client::Column = client::Column::Id;
    const VERSION: client::Column = client::Column::Version;
    const UPDATED_AT: client::Column = client::Column::UpdatedAt;
    const NOT_FOUND: &'static str = NOT_FOUND;

    fn refused(error: DbErr) -> AppError {
        unique_violation(error, "email", EMAIL_TAKEN)
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Client)]
pub struct ClientView {
    pub id: i32,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub document: Option<String>,
    pub birth_date: Option<String>,
    pub notes: Option<String>,
    pub archived: bool,
    pub version: i32,
    /// When the client's personal data was removed (LGPD); such a client is not edited.
    pub anonymised_at: Option<String>,
    /// Created by the public booking page ("cadastro pela internet").
    pub online_signup: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl ClientView {
    pub fn new(model: client::Model, tz: chrono_tz::Tz) -> ClientView {
        ClientView {
            id: model.id,
            name: model.name,
            email: model.email,
            phone: model.phone,
            document: model.document,
            birth_date: model.birth_date.map(|d| d.format("%Y-%m-%d").to_string()),
            notes: model.notes,
            archived: model.archived,
            version: model.version,
            anonymised_at: model.anonymised_at.map(|at| to_local_rfc3339(at, tz)),
            online_signup: model.online_signup,
            created_at: to_local_rfc3339(model.created_at, tz),
            updated_at: to_local_rfc3339(model.updated_at, tz),
        }
    }
}

impl Audited for ClientView {
    const ENTITY: AuditEntity = AuditEntity::Client;

    fn id(&self) -> i32 {
        self.id
    }

    fn snapshot(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// A client's record, for `GET /api/clients/{id}`. Its appointments come
/// in pages from the appointments list (`GET /api/appointments?client_id=`):
/// the upcoming ones `from=asOf&sort=startsAt`, the past ones
/// `to=asOf&sort=-startsAt`, so a client with years of visits weighs what
/// one page weighs.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDetail {
    #[serde(flatten)]
    pub client: ClientView,
    /// When the record was read: what splits the upcoming appointments from
    /// the past ones (an appointment starting at that very second is in both).
    pub as_of: String,
    pub totals: ClientTotals,
}

/// What a client's record adds up to, over all their appointments.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientTotals {
    /// Concluded appointments.
    pub visits: u64,
    /// Appointments the client missed (`faltou`).
    pub no_shows: u64,
    /// Sum of `priceCents` of the concluded appointments.
    pub revenue_cents: i64,
}

query_params! {
    /// `?q&archived`, the clients list's filters (beside its `ListQuery`).
    pub struct ClientFilter {
        /// Palavras buscadas em nome, e-mail, telefone e CPF, sem diferenciar maiúsculas e acentos.
        pub q: Option<String>,
        /// `true`: só arquivados; padrão: só ativos.
        pub archived: Option<bool>,
    }
}

/// Body of POST and PUT. On PUT, an absent field keeps its value and `null`
/// (or an empty text) clears it; `version` is required there. Unknown
/// fields are refused (422), so a typo never passes silently.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ClientBody)]
pub struct ClientInput {
    #[serde(default)]
    pub name: TextPatch,
    #[serde(default)]
    pub email: TextPatch,
    /// Any usual format: `(11) 98765-4321`, `+55 11 98765-4321`.
    #[serde(default)]
    pub phone: TextPatch,
    /// CPF with valid check digits: `123.456.789-09` or digits.
    #[serde(default)]
    pub document: TextPatch,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub birth_date: TextPatch,
    #[serde(default)]
    pub notes: TextPatch,
    /// The version read; required on PUT.
    pub version: Option<i32>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

/// Name, e-mail, phone and CPF lower-cased, without accents, digits of the
/// phone and CPF as stored: what `q` searches with one portable `LIKE`.
pub fn search_text(name: &str, email: Option<&str>, phone: Option<&str>, document: Option<&str>) -> String {
    [Some(name), email, phone, document].into_iter().flatten().map(normalize_text).collect::<Vec<_>>().join(" ")
}

/// The words of `q` as `search_text` holds them: "123.456" and "(11)" become
/// their digits; "+55 11…" drops the country code.
fn search_terms(q: &str) -> Vec<String> {
    q.split_whitespace()
        .map(|term| {
            let numeric = term.chars().any(|c| c.is_ascii_digit())
                && term.chars().all(|c| c.is_ascii_digit() || "().-+/".contains(c));
            if numeric {
                let d = digits(term);
                if term.starts_with('+') { d.strip_prefix("55").unwrap_or(&d).to_string() } else { d }
            } else {
                normalize_text(term)
            }
        })
        .filter(|t| !t.is_empty())
        .collect()
}

const SORTING: Sorting<client::Column> = Sorting {
    keys: &[
        // By name as people read it: "Élton" among the E's (migration 000011).
        SortKey { name: "name", aliases: &[], column: client::Column::SortName },
        SortKey { name: "email", aliases: &[], column: client::Column::Email },
        SortKey { name: "birthDate", aliases: &["birth_date"], column: client::Column::BirthDate },
        SortKey { name: "createdAt", aliases: &["created_at"], column: client::Column::CreatedAt },
        SortKey { name: "updatedAt", aliases: &["updated_at"], column: client::Column::UpdatedAt },
        SortKey { name: "id", aliases: &[], column: client::Column::Id },
    ],
    default: "name",
    id: client::Column::Id,
};

/// The filtered query of a list or an export, and its checked page and order.
fn filtered(
    list: &ListQuery,
    filter: &ClientFilter,
    backend: DbBackend,
) -> Result<(Select<client::Entity>, ListParams<client::Column>)> {
    let params = list.resolve(&SORTING)?;
    let mut errors = FieldErrors::new();
    check_search(filter.q.as_deref(), &mut errors);
    errors.check()?;
    let archived = filter.archived.unwrap_or(false);
    let mut select = client::Entity::find();
    // Every word inside the search text, served by an index (migration
    // 000008): on SQLite the FTS5 trigram table answers words of three or
    // more characters; shorter ones, and every word on PostgreSQL (where
    // pg_trgm's GIN index serves LIKE), go through the LIKE they always did.
    // Matches found through that index are gathered once for the page
    // (`ListParams::gathered`): left to itself the planner would walk the
    // sort's index until enough rows match, reckoning them spread evenly,
    // but a first name's matches sit together in the order by name (past
    // half the table for "jose").
    let mut phrases = Vec::new();
    let mut indexed = false;
    for term in search_terms(filter.q.as_deref().unwrap_or("")) {
        if backend == DbBackend::Sqlite && term.chars().count() >= 3 {
            phrases.push(format!("\"{}\"", term.replace('"', "\"\"")));
        } else {
            indexed |= backend == DbBackend::Postgres;
            select = select.filter(client::Column::SearchText.like(like_pattern(&term)));
        }
    }
    if phrases.is_empty() {
        select = select.filter(client::Column::Archived.eq(archived));
    } else {
        indexed = true;
        // The words' matches drive, each read by its rowid: the `+` keeps
        // SQLite from walking the covering index on (archived, sort_name,
        // id) instead and probing every client of it against the matches
        // (20 ms at 100,000 clients, against 1 ms).
        select = select.filter(Expr::cust_with_values(r#"+"clients"."archived" = ?"#, [archived])).filter(Expr::cust_with_values(
            r#""clients"."id" IN (SELECT rowid FROM clients_search WHERE clients_search MATCH ?)"#,
            [phrases.join(" AND ")],
        ));
    }
    let params = if indexed { params.gathered() } else { params };
    Ok((select, params))
}

/// The statements one page of the list runs for whoever `own` stands for
/// (`Context::own_only`); the plan tests explain them.
pub fn list_statements(backend: DbBackend, list: &ListQuery, filter: &ClientFilter, own: Option<i32>) -> Result<ListStatements> {
    let (select, params) = filtered(list, filter, backend)?;
    params.statements(backend, access::clients_of(own, select))
}

pub async fn list(cx: &Context, list: &ListQuery, filter: &ClientFilter) -> Result<Page<ClientView>> {
    let (db, tz) = (&cx.db, cx.tz);
    let (select, params) = filtered(list, filter, db.get_database_backend())?;
    Ok(params.fetch(db, access::clients(cx, select)).await?.map(|m| ClientView::new(m, tz)))
}

/// Every client the list's filters select (all pages), as CSV.
pub async fn export_csv(cx: &Context, list: &ListQuery, filter: &ClientFilter) -> Result<Vec<u8>> {
    let (db, tz) = (&cx.db, cx.tz);
    let (select, params) = filtered(list, filter, db.get_database_backend())?;
    let rows = params.order(access::clients(cx, select)).all(db).await?;
    let mut out =
        csv::CsvWriter::new(&["Nome", "E-mail", "Telefone", "CPF", "Nascimento", "Observações", "Arquivado", "Cadastrado em"])?;
    for c in rows {
        out.row(&[
            c.name,
            c.email.unwrap_or_default(),
            c.phone.as_deref().map(format_phone).unwrap_or_default(),
            c.document.as_deref().map(format_cpf).unwrap_or_default(),
            c.birth_date.map(|d| d.format("%d/%m/%Y").to_string()).unwrap_or_default(),
            c.notes.unwrap_or_default(),
            if c.archived { "Sim" } else { "Não" }.to_string(),
            c.created_at.with_timezone(&tz).format("%d/%m/%Y %H:%M").to_string(),
        ])?;
    }
    out.finish()
}

pub async fn get(cx: &Context, id: i32) -> Result<ClientDetail> {
    let (db, tz) = (&cx.db, cx.tz);
    let model = reachable(cx, id).await?;
    access_log::record(cx, id, ReadKind::Record).await?;
    let as_of = to_local_rfc3339(Utc::now(), tz);
    // Counted by the database, status by status: one row per status however
    // many appointments the client has.
    let by_status: Vec<(AppointmentStatus, i64, i64)> = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::Status)
        .column_as(Expr::cust("COUNT(*)"), "n")
        // SUM of a BIGINT is NUMERIC on PostgreSQL: back to BIGINT on both.
        .column_as(Expr::cust("CAST(COALESCE(SUM(price_cents), 0) AS BIGINT)"), "cents")
        .filter(appointment::Column::ClientId.eq(id))
        .group_by(appointment::Column::Status)
        .into_tuple()
        .all(db)
        .await?;
    let mut totals = ClientTotals::default();
    for (status, count, cents) in by_status {
        match status {
            AppointmentStatus::Concluido => {
                totals.visits = u64::try_from(count).unwrap_or(0);
                totals.revenue_cents = cents;
            }
            AppointmentStatus::Faltou => totals.no_shows = u64::try_from(count).unwrap_or(0),
            _ => {}
        }
    }
    Ok(ClientDetail { totals, as_of, client: ClientView::new(model, tz) })
}

/// The checked, normalised values of a client.
struct Fields {
    name: String,
    email: Option<String>,
    phone: Option<String>,
    document: Option<String>,
    birth_date: Option<NaiveDate>,
    notes: Option<String>,
}

/// `input` over `current` (absent fields keep the current value), checked.
async fn validate(
    db: &impl ConnectionTrait,
    input: &ClientInput,
    current: Option<&client::Model>,
    tz: chrono_tz::Tz,
) -> Result<Fields> {
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);

    let name = match patched(&input.name, current.map(|c| c.name.clone())) {
        None => {
            errors.add("name", "Informe o nome.");
            String::new()
        }
        Some(name) => {
            let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
            check_name(&name, &mut errors);
            name
        }
    };

    let email = patched(&input.email, current.and_then(|c| c.email.clone())).map(|e| e.to_lowercase());
    if let Some(problem) = email.as_deref().and_then(email_problem) {
        errors.add("email", problem);
    }

    let phone = patched_parse(&input.phone, current.and_then(|c| c.phone.clone()), &mut errors, "phone", parse_phone);
    let document = patched_parse(&input.document, current.and_then(|c| c.document.clone()), &mut errors, "document", parse_cpf);

    let birth_date = patched_parse(&input.birth_date, current.and_then(|c| c.birth_date), &mut errors, "birthDate", |text| {
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|_| text.len() == 10)
            .ok_or("Data de nascimento inválida: use AAAA-MM-DD.")
    });
    // Only a date given now is checked against today (a stored one was checked when saved).
    if let (Some(_), Some(date)) = (&input.birth_date.0, birth_date) {
        let today = Utc::now().with_timezone(&tz).date_naive();
        if date > today {
            errors.add("birthDate", "A data de nascimento não pode estar no futuro.");
        } else if date < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(date) {
            errors.add("birthDate", "Data de nascimento improvável (antes de 1900).");
        }
    }

    let notes = patched(&input.notes, current.and_then(|c| c.notes.clone()));
    check_notes(notes.as_deref(), &mut errors);

    if let Some(email) = email.as_ref().filter(|_| !errors.contains_key("email")) {
        let mut taken = client::Entity::find().filter(client::Column::Email.eq(email.as_str()));
        if let Some(current) = current {
            taken = taken.filter(client::Column::Id.ne(current.id));
        }
        if taken.one(db).await?.is_some() {
            errors.add("email", EMAIL_TAKEN);
        }
    }
    errors.check()?;
    Ok(Fields { name, email, phone, document, birth_date, notes })
}

impl Fields {
    fn active_model(self) -> client::ActiveModel {
        client::ActiveModel {
            search_text: Set(search_text(&self.name, self.email.as_deref(), self.phone.as_deref(), self.document.as_deref())),
            sort_name: Set(normalize_text(&self.name)),
            name: Set(self.name),
            email: Set(self.email),
            phone: Set(self.phone),
            document: Set(self.document),
            birth_date: Set(self.birth_date),
            notes: Set(self.notes),
            ..Default::default()
        }
    }
}

pub async fn create(cx: &Context, input: ClientInput) -> Result<ClientView> {
    let tz = cx.tz;
    let fields = validate(&cx.db, &input, None, tz).await?;
    let now = Utc::now();
    let mut model = fields.active_model();
    model.archived = Set(false);
    model.version = Set(1);
    model.created_at = Set(now);
    model.updated_at = Set(now);
    audit::write(cx, "create", async |txn| {
        let saved = model.insert(txn).await.map_err(client::Entity::refused)?;
        Ok(Change::Created(ClientView::new(saved, tz)))
    })
    .await
}

/// A client created by a booking on the public page, in its transaction
/// ("cadastro pela internet"). An e-mail that is already another client's
/// is left out (that client is not touched, and the unique index holds).
pub(crate) async fn insert_online(txn: &impl ConnectionTrait, contact: &crate::booking::online::Contact) -> Result<client::Model> {
    let email = match &contact.email {
        Some(email) if client::Entity::find().filter(client::Column::Email.eq(email.as_str())).one(txn).await?.is_none() => Some(email.clone()),
        _ => None,
    };
    let fields = Fields { name: contact.name.clone(), email, phone: Some(contact.phone.clone()), document: None, birth_date: None, notes: None };
    let now = Utc::now();
    let mut model = fields.active_model();
    model.archived = Set(false);
    model.online_signup = Set(true);
    model.version = Set(1);
    model.created_at = Set(now);
    model.updated_at = Set(now);
    Ok(model.insert(txn).await.map_err(client::Entity::refused)?)
}

pub async fn update(cx: &Context, id: i32, input: ClientInput) -> Result<ClientView> {
    let (db, tz) = (&cx.db, cx.tz);
    let current = reachable(cx, id).await?;
    let version = expected_version(input.version, current.version)?;
    if current.anonymised_at.is_some() {
        return Err(AppError::Conflict(ANONYMISED.into()));
    }
    let fields = validate(db, &input, Some(&current), tz).await?;
    audit::write(cx, "update", async |txn| {
        let saved = versioned_update::<client::Entity>(txn, id, version, fields.active_model()).await?;
        Ok(Change::Updated { before: ClientView::new(current, tz), after: ClientView::new(saved, tz) })
    })
    .await
}

/// Archives (`true`) or brings back (`false`) a client. Archived clients
/// leave the default lists and cannot get new appointments.
pub async fn set_archived(cx: &Context, id: i32, archived: bool) -> Result<ClientView> {
    let tz = cx.tz;
    let current = reachable(cx, id).await?;
    if current.archived == archived {
        return Ok(ClientView::new(current, tz));
    }
    if current.anonymised_at.is_some() {
        // An anonymised client stays out of the lists and the agenda.
        return Err(AppError::Conflict(ANONYMISED.into()));
    }
    let action = if archived { "archive" } else { "unarchive" };
    audit::write(cx, action, async |txn| {
        let model = client::ActiveModel { archived: Set(archived), ..Default::default() };
        let saved = versioned_update::<client::Entity>(txn, id, current.version, model).await?;
        Ok(Change::Updated { before: ClientView::new(current, tz), after: ClientView::new(saved, tz) })
    })
    .await
}

fn has_appointments(count: u64) -> AppError {
    let what = if count == 1 { "1 agendamento".to_string() } else { format!("{count} agendamentos") };
    AppError::Conflict(format!("Este cliente tem {what} e não pode ser excluído; arquive-o."))
}

/// Deletes a client that has no appointments; one with appointments is a
/// 409 that says how many (archive it instead).
pub async fn delete(cx: &Context, id: i32) -> Result<()> {
    let tz = cx.tz;
    // Deleting needs a client without appointments: one a Profissional
    // never reaches.
    cx.require_front_desk()?;
    audit::write(cx, "delete", async |txn| {
        // Write first (row lock), read after: on SQLite a transaction that
        // reads before writing cannot wait for the write lock.
        if !crate::kit::db::lock_row::<client::Entity>(txn, client::Column::Id, id, client::Column::Version).await? {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        let current = find::<client::Entity>(txn, id).await?;
        let count = appointment::Entity::find().filter(appointment::Column::ClientId.eq(id)).count(txn).await?;
        if count > 0 {
            return Err(has_appointments(count));
        }
        client::Entity::delete_by_id(id).exec(txn).await.map_err(|error| match error.sql_err() {
            // An appointment booked in the same instant: the foreign key refuses.
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => has_appointments(1),
            _ => error.into(),
        })?;
        Ok(Change::Deleted(ClientView::new(current, tz)))
    })
    .await?;
    Ok(())
}

/// A page of the audit entries of a client, newest first; 404 when there
/// is neither the client nor any entry (a deleted client keeps its history).
/// The entries of the records merged into it are its own too (`merge`).
pub async fn history(cx: &Context, id: i32, list: &ListQuery) -> Result<Page<audit::HistoryEntry>> {
    access::check_client(cx, &cx.db, id, NOT_FOUND).await?;
    let records = history_records(&cx.db, id).await?;
    let page = audit::history(cx, &records, list, find::<client::Entity>(&cx.db, id)).await?;
    access_log::record(cx, id, ReadKind::History).await?;
    Ok(page)
}

/// One entry of a client's history, whole.
pub async fn history_entry(cx: &Context, id: i32, entry: i32) -> Result<audit::HistoryEntry> {
    access::check_client(cx, &cx.db, id, NOT_FOUND).await?;
    let entry = audit::entry(cx, &history_records(&cx.db, id).await?, entry).await?;
    access_log::record(cx, id, ReadKind::History).await?;
    Ok(entry)
}

/// The records whose audit entries are the client's history: theirs, and
/// those of every record merged into theirs.
async fn history_records(db: &impl ConnectionTrait, id: i32) -> Result<Vec<(AuditEntity, i32)>> {
    let merged = audit::merged_into(db, AuditEntity::Client, id).await?;
    Ok(std::iter::once(id).chain(merged.into_iter().map(|(merged, _)| merged)).map(|id| (AuditEntity::Client, id)).collect())
}

/// The client `id`, when `cx` reaches it; else the 404 of a client that
/// is not there (a Profissional's other clients: docs/permissions.md).
pub async fn reachable(cx: &Context, id: i32) -> Result<client::Model> {
    access::check_client(cx, &cx.db, id, NOT_FOUND).await?;
    find::<client::Entity>(&cx.db, id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_text_and_terms_meet() {
        let text = search_text("João da Conceição", Some("joao@example.com"), Some("11987654321"), Some("52998224725"));
        assert_eq!(text, "joao da conceicao joao@example.com 11987654321 52998224725");
        assert_eq!(search_terms("JOÃO  conceicao"), vec!["joao", "conceicao"]);
        assert_eq!(search_terms("529.982"), vec!["529982"]);
        assert_eq!(search_terms("(11) 98765-4321"), vec!["11", "987654321"]);
        assert_eq!(search_terms("+55 11"), vec!["11"]);
    }
}
