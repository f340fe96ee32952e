//! Reports count by service too: the period index gains `service`, so a
//! period's figures still come from the index alone. It replaces
//! `appointments_period_idx` under a new name.

use sea_orm_migration::prelude::*;

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

const OLD: (&str, &[&str]) = ("appointments_period_idx", &["starts_at", "status", "staff_id", "price_cents"]);
const NEW: (&str, &[&str]) = ("appointments_period_service_idx", &["starts_at", "status", "staff_id", "price_cents", "service"]);

/// Creates `add` on the appointments, then drops `remove`.
pub(crate) async fn replace(manager: &SchemaManager<'_>, add: (&str, &[&'static str]), remove: &str) -> Result<(), DbErr> {
    let (name, columns) = add;
    manager.create_index(index(name, Alias::new("appointments"), columns.iter().map(|c| Alias::new(*c)), false).if_not_exists().to_owned()).await?;
    manager.drop_index(Index::drop().name(remove).table(Alias::new("appointments")).if_exists().to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, NEW, OLD.0).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, OLD, NEW.0).await
    }
}
