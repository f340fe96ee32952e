//! The services catalogue: what the business books, with its length, price,
//! colour, the time kept free before and after it, and who offers it (no
//! one named: everyone). Admins edit; everyone signed in reads. A service
//! that appointments point to is deactivated instead of deleted, so its
//! history keeps its meaning.

use std::collections::HashMap;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{AppError, FieldErrors, Result};
use crate::kit::audit::{self, AuditEntity, Audited, Change};
use crate::kit::list::{ListQuery, SortKey, Sorting};
use crate::kit::validation::{check_search, clean, normalize_text, reject_unknown, unique_violation};
use crate::kit::{Context, Page, Versioned, expected_version, find, versioned_update};
use crate::kit::time::to_local_rfc3339;
use entities::service::ServiceColor;
use entities::{appointment, service, service_staff, user};

pub const NOT_FOUND: &str = "Serviço não encontrado.";
const NAME_TAKEN: &str = "Já existe um serviço com este nome.";
/// Longest buffer before or after a service, in minutes.
pub const MAX_BUFFER: i32 = 120;

impl Versioned for service::Entity {
    const ID: service::Column = service::Column::Id;
    const VERSION: service::Column = service::Column::Version;
    const UPDATED_AT: service::Column = service::Column::UpdatedAt;
    const NOT_FOUND: &'static str = NOT_FOUND;

    fn refused(error: DbErr) -> AppError {
        unique_violation(error, "name", NAME_TAKEN)
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Service)]
pub struct ServiceView {
    pub id: i32,
    pub name: String,
    pub duration_minutes: i32,
    pub price_cents: i64,
    pub color: ServiceColor,
    pub buffer_before_minutes: i32,
    pub buffer_after_minutes: i32,
    /// Who offers it; empty: everyone.
    pub staff_ids: Vec<i32>,
    pub active: bool,
    pub version: i32,
    pub created_at: String,
    pub updated_at: String,
}

impl Audited for ServiceView {
    const ENTITY: AuditEntity = AuditEntity::Service;

    fn id(&self) -> i32 {
        self.id
    }

    fn snapshot(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

impl ServiceView {
    /// Whether `staff_id` offers it.
    pub fn offered_by(&self, staff_id: i32) -> bool {
        self.staff_ids.is_empty() || self.staff_ids.contains(&staff_id)
    }
}

query_params! {
    /// `?q&active`: which services.
    pub struct ServiceFilter {
        /// Parte do nome, sem diferenciar acentos.
        pub q: Option<String>,
        /// true: só os ativos; false: só os inativos (padrão: todos).
        pub active: Option<bool>,
    }
}

/// Body of POST and PUT. On PUT an absent field keeps its value and
/// `version` is required; on POST `name` and `durationMinutes` are.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceBody)]
pub struct ServiceInput {
    /// 2 a 120 caracteres, único sem diferenciar acentos e maiúsculas.
    pub name: Option<String>,
    /// 5 a 480, múltiplo de 5.
    pub duration_minutes: Option<i32>,
    pub price_cents: Option<i64>,
    /// Uma cor da paleta do tema (padrão blue).
    pub color: Option<String>,
    /// 0 a 120 (padrão 0).
    pub buffer_before_minutes: Option<i32>,
    /// 0 a 120 (padrão 0).
    pub buffer_after_minutes: Option<i32>,
    /// Quem oferece; vazio: todos.
    pub staff_ids: Option<Vec<i32>>,
    pub active: Option<bool>,
    pub version: Option<i32>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

const SORTING: Sorting<service::Column> = Sorting {
    keys: &[
        SortKey { name: "name", aliases: &[], column: service::Column::NameKey },
        SortKey { name: "durationMinutes", aliases: &["duration_minutes"], column: service::Column::DurationMinutes },
        SortKey { name: "priceCents", aliases: &["price_cents"], column: service::Column::PriceCents },
        SortKey { name: "id", aliases: &[], column: service::Column::Id },
    ],
    default: "name",
    id: service::Column::Id,
};

/// What a service lasts, and a free-slot search by length asks for.
pub const DURATION_RANGE: &str = "A duração deve ser de 5 a 480 minutos, em múltiplos de 5.";

/// 5 to 480 minutes, in steps of 5.
pub fn valid_duration(minutes: i32) -> bool {
    (5..=480).contains(&minutes) && minutes % 5 == 0
}

pub async fn list(cx: &Context, list: &ListQuery, filter: &ServiceFilter) -> Result<Page<ServiceView>> {
    let mut errors = FieldErrors::new();
    let params = list.check(&SORTING, &mut errors);
    check_search(filter.q.as_deref(), &mut errors);
    let Some(params) = params.filter(|_| errors.is_empty()) else { return Err(AppError::invalid(errors)) };
    let mut select = service::Entity::find();
    if let Some(q) = filter.q.as_deref().map(normalize_text).filter(|q| !q.is_empty()) {
        select = select.filter(service::Column::NameKey.like(crate::kit::list::like_pattern(&q)));
    }
    if let Some(active) = filter.active {
        select = select.filter(service::Column::Active.eq(active));
    }
    let page = params.fetch(&cx.db, select).await?;
    let data = views(&cx.db, page.data, cx.tz).await?;
    Ok(Page { data, meta: page.meta })
}

/// Every active service, by name (the booking dialog's and the free-slot
/// search's choices).
pub async fn active(db: &impl ConnectionTrait, tz: chrono_tz::Tz) -> Result<Vec<ServiceView>> {
    let rows = service::Entity::find()
        .filter(service::Column::Active.eq(true))
        .order_by_asc(service::Column::NameKey)
        .all(db)
        .await?;
    views(db, rows, tz).await
}

/// Views of many services, with who offers each in one query.
pub async fn views(db: &impl ConnectionTrait, rows: Vec<service::Model>, tz: chrono_tz::Tz) -> Result<Vec<ServiceView>> {
    let ids: Vec<i32> = rows.iter().map(|s| s.id).collect();
    let mut offered: HashMap<i32, Vec<i32>> = HashMap::new();
    if !ids.is_empty() {
        let links = service_staff::Entity::find()
            .filter(service_staff::Column::ServiceId.is_in(ids))
            .order_by_asc(service_staff::Column::StaffId)
            .all(db)
            .await?;
        for link in links {
            offered.entry(link.service_id).or_default().push(link.staff_id);
        }
    }
    Ok(rows
        .into_iter()
        .map(|s| ServiceView {
            staff_ids: offered.remove(&s.id).unwrap_or_default(),
            id: s.id,
            name: s.name,
            duration_minutes: s.duration_minutes,
            price_cents: s.price_cents,
            color: s.color,
            buffer_before_minutes: s.buffer_before_minutes,
            buffer_after_minutes: s.buffer_after_minutes,
            active: s.active,
            version: s.version,
            created_at: to_local_rfc3339(s.created_at, tz),
            updated_at: to_local_rfc3339(s.updated_at, tz),
        })
        .collect())
}

/// One service, whoever asks.
pub async fn one(db: &impl ConnectionTrait, id: i32, tz: chrono_tz::Tz) -> Result<ServiceView> {
    let model = find::<service::Entity>(db, id).await?;
    Ok(views(db, vec![model], tz).await?.remove(0))
}

pub async fn get(cx: &Context, id: i32) -> Result<ServiceView> {
    one(&cx.db, id, cx.tz).await
}

/// The checked values of a service.
struct Fields {
    model: service::ActiveModel,
    staff_ids: Option<Vec<i32>>,
}

async fn validate(db: &impl ConnectionTrait, input: &ServiceInput, current: Option<&service::Model>) -> Result<Fields> {
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let mut model = <service::ActiveModel as Default>::default();

    match (clean(input.name.as_deref()), current) {
        (None, None) => errors.add("name", "Informe o nome do serviço."),
        (None, Some(_)) if input.name.is_some() => errors.add("name", "Informe o nome do serviço."),
        (None, Some(_)) => {}
        (Some(name), _) if !(2..=120).contains(&name.chars().count()) => {
            errors.add("name", "O nome deve ter de 2 a 120 caracteres.")
        }
        (Some(name), current) => {
            let key = normalize_text(&name);
            let mut taken = service::Entity::find().filter(service::Column::NameKey.eq(key.clone()));
            if let Some(current) = current {
                taken = taken.filter(service::Column::Id.ne(current.id));
            }
            if taken.count(db).await? > 0 {
                errors.add("name", NAME_TAKEN);
            }
            model.name = Set(name);
            model.name_key = Set(key);
        }
    }
    match input.duration_minutes {
        None if current.is_none() => errors.add("durationMinutes", "Informe a duração em minutos."),
        None => {}
        Some(m) if !valid_duration(m) => errors.add("durationMinutes", DURATION_RANGE),
        Some(m) => model.duration_minutes = Set(m),
    }
    match input.price_cents {
        None if current.is_none() => model.price_cents = Set(0),
        None => {}
        Some(p) if p < 0 => errors.add("priceCents", "O valor não pode ser negativo."),
        Some(p) if p > 10_000_000_000 => errors.add("priceCents", "Valor alto demais."),
        Some(p) => model.price_cents = Set(p),
    }
    match input.color.as_deref().map(str::trim) {
        None if current.is_none() => model.color = Set(ServiceColor::Blue),
        None => {}
        Some(name) => match ServiceColor::parse(name) {
            Some(color) => model.color = Set(color),
            None => errors.add(
                "color",
                "Cor inválida: use blue, indigo, purple, pink, red, orange, yellow, green, teal ou cyan.",
            ),
        },
    }
    for (field, value, column) in [
        ("bufferBeforeMinutes", input.buffer_before_minutes, &mut model.buffer_before_minutes),
        ("bufferAfterMinutes", input.buffer_after_minutes, &mut model.buffer_after_minutes),
    ] {
        match value {
            None if current.is_none() => *column = Set(0),
            None => {}
            Some(m) if !(0..=MAX_BUFFER).contains(&m) => errors.add(field, "O intervalo deve ser de 0 a 120 minutos."),
            Some(m) => *column = Set(m),
        }
    }
    if let Some(active) = input.active {
        model.active = Set(active);
    } else if current.is_none() {
        model.active = Set(true);
    }
    let mut staff_ids = input.staff_ids.clone();
    if let Some(ids) = staff_ids.as_mut() {
        ids.sort_unstable();
        ids.dedup();
        if ids.len() > 200 {
            errors.add("staffIds", "No máximo 200 profissionais.");
        } else if !ids.is_empty() {
            let found = user::Entity::find().filter(user::Column::Id.is_in(ids.clone())).count(db).await?;
            if found != ids.len() as u64 {
                errors.add("staffIds", "Profissional não encontrado.");
            }
        }
    }
    errors.check()?;
    Ok(Fields { model, staff_ids })
}

/// Replaces who offers service `id` (inside the caller's transaction).
async fn set_staff(txn: &impl ConnectionTrait, id: i32, staff_ids: &[i32]) -> Result<()> {
    service_staff::Entity::delete_many().filter(service_staff::Column::ServiceId.eq(id)).exec(txn).await?;
    if !staff_ids.is_empty() {
        let rows = staff_ids.iter().map(|&staff_id| service_staff::ActiveModel { service_id: Set(id), staff_id: Set(staff_id) });
        service_staff::Entity::insert_many(rows).exec(txn).await?;
    }
    Ok(())
}

pub async fn create(cx: &Context, input: ServiceInput) -> Result<ServiceView> {
    cx.require_admin()?;
    let tz = cx.tz;
    let Fields { mut model, staff_ids } = validate(&cx.db, &input, None).await?;
    let now = Utc::now();
    model.version = Set(1);
    model.created_at = Set(now);
    model.updated_at = Set(now);
    audit::write(cx, "create", async |txn| {
        let saved = model.insert(txn).await.map_err(service::Entity::refused)?;
        set_staff(txn, saved.id, staff_ids.as_deref().unwrap_or_default()).await?;
        Ok(Change::Created(one(txn, saved.id, tz).await?))
    })
    .await
}

pub async fn update(cx: &Context, id: i32, input: ServiceInput) -> Result<ServiceView> {
    cx.require_admin()?;
    let (db, tz) = (&cx.db, cx.tz);
    let current = find::<service::Entity>(db, id).await?;
    let version = expected_version(input.version, current.version)?;
    let Fields { model, staff_ids } = validate(db, &input, Some(&current)).await?;
    let before = one(db, id, tz).await?;
    audit::write(cx, "update", async |txn| {
        versioned_update::<service::Entity>(txn, id, version, model).await?;
        if let Some(ids) = &staff_ids {
            set_staff(txn, id, ids).await?;
        }
        Ok(Change::Updated { before, after: one(txn, id, tz).await? })
    })
    .await
}

/// What `DELETE` did: a service that appointments point to is kept,
/// deactivated (`Some`, as it is now); any other is gone (`None`).
pub async fn delete(cx: &Context, id: i32) -> Result<Option<ServiceView>> {
    cx.require_admin()?;
    let tz = cx.tz;
    let current = one(&cx.db, id, tz).await?;
    let in_use = appointment::Entity::find().filter(appointment::Column::ServiceId.eq(id)).count(&cx.db).await? > 0;
    if in_use {
        let model = service::ActiveModel { active: Set(false), ..Default::default() };
        let before = current.clone();
        let after = audit::write(cx, "deactivate", async |txn| {
            versioned_update::<service::Entity>(txn, id, before.version, model).await?;
            Ok(Change::Updated { before, after: one(txn, id, tz).await? })
        })
        .await?;
        return Ok(Some(after));
    }
    audit::write(cx, "delete", async |txn| {
        service_staff::Entity::delete_many().filter(service_staff::Column::ServiceId.eq(id)).exec(txn).await?;
        // A booking that took this service a moment ago keeps it: the
        // delete becomes a deactivation on the next try.
        let gone = service::Entity::delete_by_id(id).exec(txn).await?;
        if gone.rows_affected == 0 {
            return Err(AppError::NotFound(NOT_FOUND.into()));
        }
        Ok(Change::Deleted(current))
    })
    .await?;
    Ok(None)
}
