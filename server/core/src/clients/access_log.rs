//! Who opened which client's record (docs/permissions.md#access-log): every
//! read of one client's record, history or export by a signed-in user is
//! written here (who, when, what, from which address), so the business can
//! show who accessed a client's data (LGPD, art. 37). Admins read a
//! client's log, paged; the LGPD export carries it; nothing edits it
//! through the API; rows older than the business's retention period
//! (default two years) are pruned.

use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::kit::error::{FieldErrors, Result};
use crate::kit::list::{ListQuery, SortKey, Sorting};
use crate::kit::validation::reject_unknown;
use crate::kit::{Actor, Context, Page, audit::AuditEntity, names_by_id};
use crate::kit::time::to_local_rfc3339;
use entities::client_read::{self, ReadKind};
use entities::{setting, user};

/// One read as the "Acessos" card and the export show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessView {
    pub id: i32,
    pub user_id: i32,
    pub user_name: String,
    /// record (a ficha: página ou API), history (o histórico) ou export (a exportação LGPD).
    pub what: ReadKind,
    pub address: String,
    pub at: String,
}

/// Writes that `cx`'s user read `what` of client `client_id`. Only a
/// signed-in user's reads count (a client through their link, or the
/// server itself, are not staff looking at a record). The row is queued
/// for the database's writer (`kit::read_log`), not written before the
/// answer: the insert would otherwise be most of a record's time, and a
/// commit a read halved a busy server's reads a second
/// (bench/README.md#the-access-log); a read is never refused for it. A
/// failed write is logged as an error; a stopping server writes what is
/// queued, and rows queued when the process dies are lost.
pub async fn record(cx: &Context, client_id: i32, what: ReadKind) -> Result<()> {
    let Some(row) = row(cx, client_id, what) else { return Ok(()) };
    cx.read_log.queue(row).await;
    let now = Utc::now();
    if prune_due(now) {
        let db = cx.db.clone();
        tokio::spawn(async move {
            if let Err(error) = prune(&db, now).await {
                tracing::error!(?error, "access log: pruning failed");
            }
        });
    }
    Ok(())
}

/// As [`record`], but written before the caller goes on, after every read
/// queued before it: the LGPD export, which carries its own read and all
/// the earlier ones.
pub async fn record_now(cx: &Context, client_id: i32, what: ReadKind) -> Result<()> {
    cx.read_log.flush().await;
    if let Some(row) = row(cx, client_id, what) {
        client_read::Entity::insert(row).exec_without_returning(&cx.db).await?;
    }
    Ok(())
}

/// The row of `cx`'s read, when a signed-in user reads.
fn row(cx: &Context, client_id: i32, what: ReadKind) -> Option<client_read::ActiveModel> {
    let Actor::User(user) = &cx.actor else { return None };
    Some(client_read::ActiveModel {
        client_id: Set(client_id),
        user_id: Set(user.id),
        what: Set(what),
        address: Set(cx.address.clone().unwrap_or_else(|| "desconhecido".into())),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
}

/// When this process last pruned (Unix seconds): at most once an hour, so
/// a record page queues one row, and seldom a delete.
static LAST_PRUNE: AtomicI64 = AtomicI64::new(0);
const PRUNE_EVERY_SECONDS: i64 = 3600;

/// Whether this process should prune now (true for one caller an hour).
fn prune_due(now: chrono::DateTime<Utc>) -> bool {
    let last = LAST_PRUNE.load(Ordering::Relaxed);
    now.timestamp() - last >= PRUNE_EVERY_SECONDS
        && LAST_PRUNE.compare_exchange(last, now.timestamp(), Ordering::Relaxed, Ordering::Relaxed).is_ok()
}

/// Deletes the reads older than the retention period; how many.
pub async fn prune(db: &impl ConnectionTrait, now: chrono::DateTime<Utc>) -> Result<u64> {
    let days = retention_days(db).await?;
    let cutoff = now - Duration::days(i64::from(days));
    Ok(client_read::Entity::delete_many().filter(client_read::Column::CreatedAt.lt(cutoff)).exec(db).await?.rows_affected)
}

const SORTING: Sorting<client_read::Column> = Sorting {
    keys: &[SortKey { name: "at", aliases: &["createdAt", "created_at"], column: client_read::Column::CreatedAt }],
    default: "-at",
    id: client_read::Column::Id,
};

/// A page of a client's reads, newest first (admins only; the client need
/// not exist any more for its log to be read, but an unknown id with no
/// reads is a 404).
pub async fn page(cx: &Context, client_id: i32, list: &ListQuery) -> Result<Page<AccessView>> {
    cx.require_admin()?;
    // Every read so far, the queued ones too.
    cx.read_log.flush().await;
    let params = list.resolve(&SORTING)?;
    let select = client_read::Entity::find().filter(client_read::Column::ClientId.eq(client_id));
    let page = params.fetch(&cx.db, select).await?;
    if page.data.is_empty() && page.meta.page <= 1 {
        crate::kit::find::<entities::client::Entity>(&cx.db, client_id).await?;
    }
    let data = views(cx, page.data).await?;
    Ok(Page { data, meta: page.meta })
}

/// Every read of a client, oldest first (the LGPD export).
pub async fn all(cx: &Context, client_id: i32) -> Result<Vec<AccessView>> {
    use sea_orm::QueryOrder;
    let rows = client_read::Entity::find()
        .filter(client_read::Column::ClientId.eq(client_id))
        .order_by_asc(client_read::Column::CreatedAt)
        .order_by_asc(client_read::Column::Id)
        .all(&cx.db)
        .await?;
    views(cx, rows).await
}

async fn views(cx: &Context, rows: Vec<client_read::Model>) -> Result<Vec<AccessView>> {
    let ids = rows.iter().map(|r| r.user_id).collect();
    let names = names_by_id::<user::Entity>(&cx.db, user::Column::Id, user::Column::Name, ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| AccessView {
            id: r.id,
            user_name: names.get(&r.user_id).cloned().unwrap_or_default(),
            user_id: r.user_id,
            what: r.what,
            address: r.address,
            at: to_local_rfc3339(r.created_at, cx.tz),
        })
        .collect())
}

/// The settings key of the retention period, in days.
const RETENTION_KEY: &str = "access_log_retention_days";
/// Two years, unless the business sets another period.
pub const DEFAULT_RETENTION_DAYS: u32 = 730;
/// The shortest and longest periods accepted: six months (the Marco Civil's
/// minimum for access records) to ten years.
pub const MIN_RETENTION_DAYS: u32 = 180;
pub const MAX_RETENTION_DAYS: u32 = 3650;

/// `GET`/`PUT /api/access-log/settings`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessLogSettings {
    /// Por quantos dias cada acesso fica registrado (padrão: 730, dois anos).
    pub retention_days: u32,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AccessLogSettingsBody)]
pub struct AccessLogSettingsInput {
    /// De 180 a 3.650 dias.
    #[schema(required, value_type = i64)]
    pub retention_days: Option<i64>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub extra: Map<String, Value>,
}

pub async fn retention_days(db: &impl ConnectionTrait) -> Result<u32> {
    let row = setting::Entity::find_by_id(RETENTION_KEY.to_string()).one(db).await?;
    Ok(row.and_then(|r| r.value.parse().ok()).unwrap_or(DEFAULT_RETENTION_DAYS))
}

/// The retention period (admins only).
pub async fn get_settings(cx: &Context) -> Result<AccessLogSettings> {
    cx.require_admin()?;
    Ok(AccessLogSettings { retention_days: retention_days(&cx.db).await? })
}

/// Sets the retention period (admins only), audited as the business's; the
/// reads now past it go at the next pruning.
pub async fn put_settings(cx: &Context, input: AccessLogSettingsInput) -> Result<AccessLogSettings> {
    cx.require_admin()?;
    let mut errors = FieldErrors::new();
    reject_unknown(&input.extra, &mut errors);
    let days = match input.retention_days {
        None => {
            errors.add("retentionDays", "Informe por quantos dias guardar os acessos.");
            0
        }
        Some(days) => match u32::try_from(days) {
            Ok(days) if (MIN_RETENTION_DAYS..=MAX_RETENTION_DAYS).contains(&days) => days,
            _ => {
                errors.add("retentionDays", "Guarde os acessos de 180 a 3.650 dias (de seis meses a dez anos).");
                0
            }
        },
    };
    errors.check()?;
    cx.write(async |w| {
        let before = retention_days(&w.txn).await?;
        crate::kit::db::put_setting(&w.txn, RETENTION_KEY, days.to_string()).await?;
        if before != days {
            let changes = serde_json::json!({ "accessLogRetentionDays": { "old": before, "new": days } });
            w.audit(AuditEntity::Business, 0, "access_log", changes);
        }
        Ok(())
    })
    .await?;
    Ok(AccessLogSettings { retention_days: days })
}

/// Forgets the process's last pruning time (tests that prune at once).
#[doc(hidden)]
pub fn prune_on_next_read() {
    LAST_PRUNE.store(0, Ordering::Relaxed);
}
