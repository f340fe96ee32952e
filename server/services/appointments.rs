//! Appointments: listing (the rest of the resource grows here).

use std::collections::HashMap;

use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::services::{Meta, Page, PageQuery};
use crate::time::to_local_rfc3339;
use entities::{appointment, client, user};

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentView {
    pub id: i32,
    pub client_id: i32,
    pub client_name: String,
    pub staff_id: i32,
    pub staff_name: String,
    pub service: String,
    pub starts_at: String,
    pub ends_at: String,
    pub status: String,
    pub price_cents: i64,
    pub notes: Option<String>,
    pub cancellation_reason: Option<String>,
    pub version: i32,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct AppointmentQuery {
    #[serde(flatten)]
    pub page: PageQuery,
}

pub async fn list(
    db: &DatabaseConnection,
    query: &AppointmentQuery,
    tz: chrono_tz::Tz,
) -> Result<Page<AppointmentView>> {
    let (page, per_page) = query.page.resolve()?;
    let paginator = appointment::Entity::find().order_by_asc(appointment::Column::StartsAt).paginate(db, per_page);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page - 1).await?;
    Ok(Page { data: views(db, rows, tz).await?, meta: Meta::new(page, per_page, total) })
}

/// Views of many appointments, with client and staff names in two queries.
pub async fn views(
    db: &DatabaseConnection,
    rows: Vec<appointment::Model>,
    tz: chrono_tz::Tz,
) -> Result<Vec<AppointmentView>> {
    let client_ids: Vec<i32> = rows.iter().map(|a| a.client_id).collect();
    let staff_ids: Vec<i32> = rows.iter().map(|a| a.staff_id).collect();
    let clients: HashMap<i32, String> = client::Entity::find()
        .filter(client::Column::Id.is_in(client_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let staff: HashMap<i32, String> = user::Entity::find()
        .filter(user::Column::Id.is_in(staff_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.name))
        .collect();
    Ok(rows
        .into_iter()
        .map(|a| AppointmentView {
            id: a.id,
            client_name: clients.get(&a.client_id).cloned().unwrap_or_default(),
            client_id: a.client_id,
            staff_name: staff.get(&a.staff_id).cloned().unwrap_or_default(),
            staff_id: a.staff_id,
            service: a.service,
            starts_at: to_local_rfc3339(a.starts_at, tz),
            ends_at: to_local_rfc3339(a.ends_at, tz),
            status: a.status,
            price_cents: a.price_cents,
            notes: a.notes,
            cancellation_reason: a.cancellation_reason,
            version: a.version,
            created_at: to_local_rfc3339(a.created_at, tz),
            updated_at: to_local_rfc3339(a.updated_at, tz),
        })
        .collect())
}
