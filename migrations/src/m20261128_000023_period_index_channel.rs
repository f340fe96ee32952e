//! Reports count by channel too (where an appointment was booked): the
//! period index gains `channel`, so a period's figures come from the index
//! alone again rather than from the table row by row. It replaces
//! `appointments_period_service_idx` under a new name.

use sea_orm_migration::prelude::*;

use crate::m20261126_000014_period_index_service::replace;

#[derive(DeriveMigrationName)]
pub struct Migration;

const OLD: (&str, &[&str]) = ("appointments_period_service_idx", &["starts_at", "status", "staff_id", "price_cents", "service"]);
const NEW: (&str, &[&str]) =
    ("appointments_period_channel_idx", &["starts_at", "status", "staff_id", "price_cents", "service", "channel"]);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, NEW, OLD.0).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, OLD, NEW.0).await
    }
}
