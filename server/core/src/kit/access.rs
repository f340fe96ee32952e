//! Least privilege (docs/permissions.md): what each role reaches, decided
//! here and applied by the services inside their queries, so a list's page
//! sizes, counts and totals, its export, the first paint and the API all
//! agree (hiding in the browser would leave the data in the answer).
//!
//! A Profissional reaches their own appointments, and the clients they
//! have or had an appointment with; everything else of that kind is "not
//! there" (404, with the same message as a record that does not exist). An
//! admin and Recepção reach everything.

use sea_orm::sea_query::{Expr, ExprTrait, Query, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, Select};

use crate::kit::error::{AppError, Result};
use crate::kit::{Actor, Context};
use entities::user::Role;
use entities::{appointment, audit_log, client};

impl Context {
    /// The acting Profissional's id: whose appointments and clients they
    /// reach. `None` for everyone else (an admin, Recepção, a client
    /// through their link, the server itself), who reach them all.
    pub fn own_only(&self) -> Option<i32> {
        match &self.actor {
            Actor::User(user) if user.role == Role::Professional => Some(user.id),
            _ => None,
        }
    }

    /// 403 for a Profissional: the rights of Recepção and up.
    pub fn require_front_desk(&self) -> Result<()> {
        match self.own_only() {
            Some(_) => Err(AppError::Forbidden),
            None => Ok(()),
        }
    }
}

/// `clients.id IN (SELECT client_id FROM appointments WHERE staff_id = $me)`:
/// the clients a Profissional has or had an appointment with (any status),
/// inside the list's own query so its pages and counts are theirs. Served by
/// the appointments' index on (`staff_id`, `client_id`). On SQLite the id is
/// written `+clients.id`, which keeps its planner from probing the clients'
/// primary key with this list too when another `IN` (a search's matches)
/// already does: it tried every pair of the two (34–55 s for a search at
/// 100,000 clients; bench/README.md).
pub fn seen_clients(backend: DbBackend, staff_id: i32) -> SimpleExpr {
    let id = match backend {
        DbBackend::Sqlite => Expr::cust("+\"clients\".\"id\""),
        _ => Expr::col((client::Entity, client::Column::Id)).into(),
    };
    Expr::expr(id).in_subquery(
        Query::select()
            .column(appointment::Column::ClientId)
            .from(appointment::Entity)
            .and_where(Expr::col((appointment::Entity, appointment::Column::StaffId)).eq(staff_id))
            .to_owned(),
    )
}

/// The clients `cx` reaches, narrowing `select`.
pub fn clients(cx: &Context, select: Select<client::Entity>) -> Select<client::Entity> {
    match cx.own_only() {
        Some(me) => select.filter(seen_clients(cx.db.get_database_backend(), me)),
        None => select,
    }
}

/// The appointments `cx` reaches, narrowing `select`.
pub fn appointments(cx: &Context, select: Select<appointment::Entity>) -> Select<appointment::Entity> {
    match cx.own_only() {
        Some(me) => select.filter(appointment::Column::StaffId.eq(me)),
        None => select,
    }
}

/// The audit entries of the appointments `cx` reaches, narrowing `select`
/// (entries of appointments only): `entity_id IN (SELECT id FROM
/// appointments WHERE staff_id = $me)` for a Profissional.
pub fn appointment_entries(cx: &Context, select: Select<audit_log::Entity>) -> Select<audit_log::Entity> {
    match cx.own_only() {
        Some(me) => select.filter(
            audit_log::Column::EntityId.in_subquery(
                Query::select()
                    .column(appointment::Column::Id)
                    .from(appointment::Entity)
                    .and_where(Expr::col((appointment::Entity, appointment::Column::StaffId)).eq(me))
                    .to_owned(),
            ),
        ),
        None => select,
    }
}

/// 404 (`not_found`, what a missing client says) unless `cx` reaches the
/// client `id`; one indexed query for a Profissional, none for the others.
pub async fn check_client(cx: &Context, db: &impl ConnectionTrait, id: i32, not_found: &str) -> Result<()> {
    let Some(me) = cx.own_only() else { return Ok(()) };
    let seen = appointment::Entity::find()
        .select_only()
        .column(appointment::Column::Id)
        .filter(appointment::Column::ClientId.eq(id))
        .filter(appointment::Column::StaffId.eq(me))
        .limit(1)
        .into_tuple::<i32>()
        .one(db)
        .await?;
    if seen.is_some() { Ok(()) } else { Err(AppError::NotFound(not_found.into())) }
}

/// 404 (`not_found`) unless `cx` reaches an appointment of `staff_id`.
pub fn check_appointment(cx: &Context, staff_id: i32, not_found: &str) -> Result<()> {
    match cx.own_only() {
        Some(me) if me != staff_id => Err(AppError::NotFound(not_found.into())),
        _ => Ok(()),
    }
}

/// 403 unless `cx` may put an appointment on `staff_id`'s agenda (a
/// Profissional books, moves and sets statuses on their own only).
pub fn check_booking(cx: &Context, staff_id: i32) -> Result<()> {
    match cx.own_only() {
        Some(me) if me != staff_id => Err(AppError::Forbidden),
        _ => Ok(()),
    }
}
