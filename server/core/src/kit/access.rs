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
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Select};

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

/// `EXISTS (SELECT 1 FROM appointments WHERE staff_id = $me AND client_id =
/// clients.id)`: the clients a Profissional has or had an appointment with
/// (any status), inside the list's own query so its pages and counts are
/// theirs. One probe of the appointments' index on (`staff_id`,
/// `client_id`) a client. Written as `clients.id IN (SELECT client_id …)`,
/// each statement of a page first gathered the member's clients from all
/// their appointments (5–9 ms each at 100,000 clients / 500,000
/// appointments, three statements a page), and SQLite's planner crossed that
/// list with a search's matches (34–55 s); bench/README.md.
pub fn seen_clients(staff_id: i32) -> SimpleExpr {
    Expr::exists(
        Query::select()
            .expr(Expr::val(1))
            .from(appointment::Entity)
            .and_where(Expr::col((appointment::Entity, appointment::Column::StaffId)).eq(staff_id))
            .and_where(Expr::col((appointment::Entity, appointment::Column::ClientId)).equals((client::Entity, client::Column::Id)))
            .to_owned(),
    )
}

/// The clients `cx` reaches, narrowing `select`.
pub fn clients(cx: &Context, select: Select<client::Entity>) -> Select<client::Entity> {
    clients_of(cx.own_only(), select)
}

/// The clients reached by whoever `own` stands for (`Context::own_only`:
/// a Profissional's id, or `None` for all), narrowing `select`.
pub fn clients_of(own: Option<i32>, select: Select<client::Entity>) -> Select<client::Entity> {
    match own {
        Some(me) => select.filter(seen_clients(me)),
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

/// 404 (`not_found`) unless the client `id` exists and `cx` reaches it:
/// whether, not what (no read of the record is logged).
pub async fn reach_client(cx: &Context, id: i32, not_found: &str) -> Result<()> {
    let exists = client::Entity::find_by_id(id).select_only().column(client::Column::Id).into_tuple::<i32>().one(&cx.db).await?;
    if exists.is_none() {
        return Err(AppError::NotFound(not_found.into()));
    }
    check_client(cx, &cx.db, id, not_found).await
}

/// The staff member of the appointment `id`, or 404 (`not_found`) unless it
/// exists and `cx` reaches it.
pub async fn reach_appointment(cx: &Context, id: i32, not_found: &str) -> Result<i32> {
    let staff = appointment::Entity::find_by_id(id)
        .select_only()
        .column(appointment::Column::StaffId)
        .into_tuple::<i32>()
        .one(&cx.db)
        .await?
        .ok_or_else(|| AppError::NotFound(not_found.into()))?;
    check_appointment(cx, staff, not_found)?;
    Ok(staff)
}
