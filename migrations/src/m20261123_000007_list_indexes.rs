//! Indexes that serve every list's filters and whitelisted sorts, the
//! reports and the dashboard, chosen from the query plans (the plan tests in
//! `tests/http/plans.rs` fail when a list falls back to scanning its table).
//!
//! Each list index ends with the sort column and then `id`, the tie-breaker,
//! so an ordered page (and a keyset page after a cursor) reads only its rows.
//! Filters that are always present (a client's `archived`) or combine
//! (staff and status with time) come first. The three indexes of the first
//! migrations are superseded by wider ones and dropped.

use sea_orm_migration::prelude::*;

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Name, table and columns of every index this migration creates.
const INDEXES: &[(&str, &str, &[&str])] = &[
    // Clients: `archived` always filters; one index per sort key.
    ("clients_archived_name_idx", "clients", &["archived", "name", "id"]),
    ("clients_archived_email_idx", "clients", &["archived", "email", "id"]),
    ("clients_archived_birth_date_idx", "clients", &["archived", "birth_date", "id"]),
    ("clients_archived_created_idx", "clients", &["archived", "created_at", "id"]),
    ("clients_archived_updated_idx", "clients", &["archived", "updated_at", "id"]),
    ("clients_archived_id_idx", "clients", &["archived", "id"]),
    // New clients of a report's period.
    ("clients_created_idx", "clients", &["created_at"]),
    // Appointments: time (the default sort, `from`/`to`), each filter with
    // time, staff and status together, and each other sort key.
    ("appointments_starts_id_idx", "appointments", &["starts_at", "id"]),
    ("appointments_staff_starts_id_idx", "appointments", &["staff_id", "starts_at", "id"]),
    ("appointments_client_starts_idx", "appointments", &["client_id", "starts_at", "id"]),
    ("appointments_status_starts_idx", "appointments", &["status", "starts_at", "id"]),
    ("appointments_staff_status_starts_idx", "appointments", &["staff_id", "status", "starts_at", "id"]),
    ("appointments_ends_idx", "appointments", &["ends_at", "id"]),
    ("appointments_created_idx", "appointments", &["created_at", "id"]),
    ("appointments_updated_idx", "appointments", &["updated_at", "id"]),
    ("appointments_status_id_idx", "appointments", &["status", "id"]),
    ("appointments_price_idx", "appointments", &["price_cents", "id"]),
    ("appointments_service_idx", "appointments", &["service", "id"]),
    // Reports and dashboard: a period's figures from the index alone.
    ("appointments_period_idx", "appointments", &["starts_at", "status", "staff_id", "price_cents"]),
    // Users: by name (the search text starts with it), filtered by role or
    // state, or by creation.
    ("users_search_idx", "users", &["search_text", "id"]),
    ("users_role_idx", "users", &["role", "search_text", "id"]),
    ("users_active_idx", "users", &["active", "search_text", "id"]),
    ("users_created_idx", "users", &["created_at", "id"]),
    ("users_email_idx", "users", &["email", "id"]),
];

/// Superseded: name, table and columns (to put them back on the way down).
const DROPPED: &[(&str, &str, &[&str])] = &[
    ("clients_name_idx", "clients", &["name"]),
    ("appointments_staff_starts_idx", "appointments", &["staff_id", "starts_at"]),
    ("appointments_client_idx", "appointments", &["client_id"]),
    ("appointments_starts_idx", "appointments", &["starts_at"]),
];

fn create((name, table, columns): &(&str, &str, &[&str])) -> IndexCreateStatement {
    let mut index = index(name, Alias::new(*table), columns.iter().map(|c| Alias::new(*c)), false);
    index.if_not_exists().to_owned()
}

fn drop((name, table, _): &(&str, &str, &[&str])) -> IndexDropStatement {
    Index::drop().name(*name).table(Alias::new(*table)).if_exists().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for spec in INDEXES {
            manager.create_index(create(spec)).await?;
        }
        for spec in DROPPED {
            manager.drop_index(drop(spec)).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for spec in DROPPED {
            manager.create_index(create(spec)).await?;
        }
        for spec in INDEXES {
            manager.drop_index(drop(spec)).await?;
        }
        Ok(())
    }
}
