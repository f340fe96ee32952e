//! Clients: listing (the rest of the resource grows here).

use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::services::{Meta, Page, PageQuery};
use crate::time::to_local_rfc3339;
use entities::client;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
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
            created_at: to_local_rfc3339(model.created_at, tz),
            updated_at: to_local_rfc3339(model.updated_at, tz),
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ClientQuery {
    #[serde(flatten)]
    pub page: PageQuery,
}

pub async fn list(db: &DatabaseConnection, query: &ClientQuery, tz: chrono_tz::Tz) -> Result<Page<ClientView>> {
    let (page, per_page) = query.page.resolve()?;
    let select = client::Entity::find().filter(client::Column::Archived.eq(false)).order_by_asc(client::Column::Name);
    let paginator = select.paginate(db, per_page);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page - 1).await?;
    Ok(Page { data: rows.into_iter().map(|m| ClientView::new(m, tz)).collect(), meta: Meta::new(page, per_page, total) })
}

/// A plausible address: one `@`, something before it, a dot after it, no spaces.
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
        && email.len() <= 254
}
