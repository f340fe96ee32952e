//! The dashboard's figures: what a receptionist wants to see first.

use chrono::{Datelike, Duration, Utc};
use chrono_tz::Tz;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;

use crate::error::Result;
use crate::time::local_midnight;
use crate::services::appointments::{AppointmentView, views};
use entities::appointment::AppointmentStatus;
use entities::{appointment, client};

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    pub clients_total: u64,
    pub appointments_today: u64,
    pub appointments_week: u64,
    pub revenue_month_cents: i64,
    /// Appointments of this month marked `faltou`.
    pub no_shows_month: u64,
    /// Clients created this month (archived ones included).
    pub new_clients_month: u64,
    /// Today's appointments that are not cancelled, by staff member (by
    /// name), each member's in time order.
    pub today_by_staff: Vec<StaffDay>,
    /// The next five appointments from now, not cancelled.
    pub upcoming: Vec<AppointmentView>,
}

/// One staff member's day on the dashboard.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDay {
    pub staff_id: i32,
    pub staff_name: String,
    pub appointments: Vec<AppointmentView>,
}

pub async fn summary(db: &DatabaseConnection, tz: Tz) -> Result<Dashboard> {
    let now = Utc::now();
    let today = now.with_timezone(&tz).date_naive();
    let day_start = local_midnight(today, tz);
    let day_end = local_midnight(today + Duration::days(1), tz);
    let monday = today - Duration::days(today.weekday().num_days_from_monday() as i64);
    let week_start = local_midnight(monday, tz);
    let week_end = local_midnight(monday + Duration::days(7), tz);
    let first = today.with_day(1).unwrap_or(today);
    let month_start = local_midnight(first, tz);
    let month_end = local_midnight(first + chrono::Months::new(1), tz);

    let active = || appointment::Entity::find().filter(appointment::Column::Status.ne(AppointmentStatus::Cancelado));
    let between = |from, to| {
        active().filter(appointment::Column::StartsAt.gte(from)).filter(appointment::Column::StartsAt.lt(to))
    };
    let revenue: Option<i64> = appointment::Entity::find()
        .select_only()
        // SUM(bigint) is numeric on PostgreSQL: cast it back to BIGINT so it
        // decodes as i64 on both databases.
        .column_as(appointment::Column::PriceCents.sum().cast_as("BIGINT"), "total")
        .filter(appointment::Column::Status.eq(AppointmentStatus::Concluido))
        .filter(appointment::Column::StartsAt.gte(month_start))
        .filter(appointment::Column::StartsAt.lt(now))
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    let upcoming_rows = active()
        .filter(appointment::Column::StartsAt.gte(now))
        .order_by_asc(appointment::Column::StartsAt)
        .limit(5)
        .all(db)
        .await?;
    let today_rows = between(day_start, day_end).order_by_asc(appointment::Column::StartsAt).all(db).await?;
    let mut today_by_staff: Vec<StaffDay> = Vec::new();
    for view in views(db, today_rows, tz).await? {
        match today_by_staff.iter_mut().find(|d| d.staff_id == view.staff_id) {
            Some(day) => day.appointments.push(view),
            None => today_by_staff.push(StaffDay { staff_id: view.staff_id, staff_name: view.staff_name.clone(), appointments: vec![view] }),
        }
    }
    today_by_staff.sort_by(|a, b| a.staff_name.cmp(&b.staff_name).then(a.staff_id.cmp(&b.staff_id)));
    let no_shows_month = appointment::Entity::find()
        .filter(appointment::Column::Status.eq(AppointmentStatus::Faltou))
        .filter(appointment::Column::StartsAt.gte(month_start))
        .filter(appointment::Column::StartsAt.lt(month_end))
        .count(db)
        .await?;
    let new_clients_month = client::Entity::find()
        .filter(client::Column::CreatedAt.gte(month_start))
        .filter(client::Column::CreatedAt.lt(month_end))
        .count(db)
        .await?;
    Ok(Dashboard {
        no_shows_month,
        new_clients_month,
        today_by_staff,
        clients_total: client::Entity::find().filter(client::Column::Archived.eq(false)).count(db).await?,
        appointments_today: between(day_start, day_end).count(db).await?,
        appointments_week: between(week_start, week_end).count(db).await?,
        revenue_month_cents: revenue.unwrap_or(0),
        upcoming: views(db, upcoming_rows, tz).await?,
    })
}
