//! The dashboard's figures: what a receptionist wants to see first.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, Utc};
use chrono_tz::Tz;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Select, Statement,
};
use serde::Serialize;

use crate::kit::error::Result;
use crate::booking::appointments::{AppointmentView, views};
use crate::kit::validation::normalize_text;
use crate::kit::{Context, list};
use crate::kit::audit::{self, Audited};
use crate::kit::time::{local_midnight, to_local_rfc3339};
use crate::reminders;
use entities::appointment::AppointmentStatus;
use entities::{appointment, audit_log, client};
use crate::kit::access;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// Active clients: exact up to 10.000, beyond that an estimate
    /// (`clientsTotalEstimated`), as a list's total.
    pub clients_total: u64,
    pub clients_total_estimated: bool,
    pub appointments_today: u64,
    pub appointments_week: u64,
    pub revenue_month_cents: i64,
    /// Appointments of this month marked `faltou`.
    pub no_shows_month: u64,
    /// Clients created this month (archived ones included); exact up to
    /// 10.000, beyond that an estimate (`newClientsMonthEstimated`).
    pub new_clients_month: u64,
    pub new_clients_month_estimated: bool,
    /// Today's appointments that are not cancelled, by staff member (by
    /// name), each member's in time order.
    pub today_by_staff: Vec<StaffDay>,
    /// The next five appointments from now, not cancelled.
    pub upcoming: Vec<AppointmentView>,
    /// What clients answered through their links in the last 7 days,
    /// newest first, at most 10: the front desk hears of a cancel without
    /// opening the reminders screen.
    pub client_replies: Vec<ClientReply>,
    /// Online bookings waiting for the front desk (`pendente`), still
    /// ahead, soonest first, at most 20: "Aceitar" or "Recusar" each.
    pub awaiting: Vec<AppointmentView>,
}

/// One answer of a client through their link.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientReply {
    /// confirmou ou cancelou.
    pub reply: String,
    /// Quando o cliente respondeu (RFC 3339, no fuso do negócio).
    pub at: String,
    /// O agendamento como está agora.
    pub appointment: AppointmentView,
}

/// How far back "Respostas dos clientes" looks, and how many it shows.
const REPLY_DAYS: i64 = 7;
const REPLIES_SHOWN: u64 = 10;

/// One staff member's day on the dashboard.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDay {
    pub staff_id: i32,
    pub staff_name: String,
    pub appointments: Vec<AppointmentView>,
}

/// What the dashboard reads at one moment, one query a figure. The
/// appointments' figures cover a day, a week or a month, so they cost what
/// that period holds however long the history; the clients' counts grow with
/// the business, so they are counted up to a cap and estimated beyond it
/// (`list::total`).
pub struct Queries {
    pub clients_total: Select<client::Entity>,
    pub new_clients_month: Select<client::Entity>,
    pub appointments_today: Select<appointment::Entity>,
    pub appointments_week: Select<appointment::Entity>,
    pub no_shows_month: Select<appointment::Entity>,
    pub revenue_month: Select<appointment::Entity>,
    pub today: Select<appointment::Entity>,
    pub upcoming: Select<appointment::Entity>,
    pub client_replies: Select<audit_log::Entity>,
    pub awaiting: Select<appointment::Entity>,
}

/// Most waiting online bookings the dashboard lists.
const AWAITING_SHOWN: u64 = 20;

impl Queries {
    pub fn at(now: DateTime<Utc>, tz: Tz) -> Queries {
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
        let between = |from, to| active().filter(appointment::Column::StartsAt.gte(from)).filter(appointment::Column::StartsAt.lt(to));
        Queries {
            clients_total: client::Entity::find().filter(client::Column::Archived.eq(false)),
            new_clients_month: client::Entity::find()
                .filter(client::Column::CreatedAt.gte(month_start))
                .filter(client::Column::CreatedAt.lt(month_end)),
            appointments_today: between(day_start, day_end),
            appointments_week: between(week_start, week_end),
            no_shows_month: appointment::Entity::find()
                .filter(appointment::Column::Status.eq(AppointmentStatus::Faltou))
                .filter(appointment::Column::StartsAt.gte(month_start))
                .filter(appointment::Column::StartsAt.lt(month_end)),
            revenue_month: appointment::Entity::find()
                .select_only()
                // SUM(bigint) is numeric on PostgreSQL: cast it back to BIGINT
                // so it decodes as i64 on both databases.
                .column_as(appointment::Column::PriceCents.sum().cast_as("BIGINT"), "total")
                .filter(appointment::Column::Status.eq(AppointmentStatus::Concluido))
                .filter(appointment::Column::StartsAt.gte(month_start))
                .filter(appointment::Column::StartsAt.lt(now)),
            today: between(day_start, day_end).order_by_asc(appointment::Column::StartsAt),
            upcoming: active().filter(appointment::Column::StartsAt.gte(now)).order_by_asc(appointment::Column::StartsAt).limit(5),
            // Served by the partial index on (actor, created_at, id) of the
            // entries someone other than a user wrote.
            client_replies: audit_log::Entity::find()
                .filter(audit_log::Column::Actor.eq(audit::CLIENT_ACTOR))
                .filter(audit_log::Column::CreatedAt.gte(now - Duration::days(REPLY_DAYS)))
                .filter(audit_log::Column::Entity.eq(AppointmentView::ENTITY))
                .order_by_desc(audit_log::Column::CreatedAt)
                .order_by_desc(audit_log::Column::Id)
                .limit(REPLIES_SHOWN),
            // Served by the index on (status, starts_at, id).
            awaiting: appointment::Entity::find()
                .filter(appointment::Column::Status.eq(AppointmentStatus::Pendente))
                .filter(appointment::Column::StartsAt.gte(now))
                .order_by_asc(appointment::Column::StartsAt)
                .order_by_asc(appointment::Column::Id)
                .limit(AWAITING_SHOWN),
        }
    }

    /// The same figures over what `cx` reaches: a Profissional's own
    /// appointments and the clients they see (docs/permissions.md).
    pub fn reached_by(self, cx: &Context) -> Queries {
        let own = |select| access::appointments(cx, select);
        Queries {
            clients_total: access::clients(cx, self.clients_total),
            new_clients_month: access::clients(cx, self.new_clients_month),
            appointments_today: own(self.appointments_today),
            appointments_week: own(self.appointments_week),
            no_shows_month: own(self.no_shows_month),
            revenue_month: own(self.revenue_month),
            today: own(self.today),
            upcoming: own(self.upcoming),
            client_replies: access::appointment_entries(cx, self.client_replies),
            awaiting: own(self.awaiting),
        }
    }

    /// Every statement the dashboard runs, named, for the plan tests (a
    /// count as SeaORM's `count` wraps its query).
    pub fn statements(&self, backend: DbBackend) -> Vec<(&'static str, Statement)> {
        let count = |select: &Select<appointment::Entity>| {
            let inner = select.clone().build(backend);
            Statement { sql: format!("SELECT COUNT(*) AS num_items FROM ({}) AS sub_query", inner.sql), ..inner }
        };
        vec![
            ("clientsTotal", list::capped_count(backend, self.clients_total.clone(), client::Column::Id)),
            ("newClientsMonth", list::capped_count(backend, self.new_clients_month.clone(), client::Column::Id)),
            ("appointmentsToday", count(&self.appointments_today)),
            ("appointmentsWeek", count(&self.appointments_week)),
            ("noShowsMonth", count(&self.no_shows_month)),
            ("revenueMonth", self.revenue_month.clone().build(backend)),
            ("today", self.today.clone().build(backend)),
            ("upcoming", self.upcoming.clone().build(backend)),
            ("clientReplies", self.client_replies.clone().build(backend)),
            ("awaiting", self.awaiting.clone().build(backend)),
        ]
    }
}

pub async fn summary(cx: &Context) -> Result<Dashboard> {
    let (db, tz) = (&cx.db, cx.tz);
    let q = Queries::at(Utc::now(), tz).reached_by(cx);
    let revenue: Option<i64> = q.revenue_month.into_tuple::<Option<i64>>().one(db).await?.flatten();
    let mut today_by_staff: Vec<StaffDay> = Vec::new();
    for view in views(db, q.today.all(db).await?, tz).await? {
        match today_by_staff.iter_mut().find(|d| d.staff_id == view.staff_id) {
            Some(day) => day.appointments.push(view),
            None => today_by_staff.push(StaffDay { staff_id: view.staff_id, staff_name: view.staff_name.clone(), appointments: vec![view] }),
        }
    }
    today_by_staff.sort_by_cached_key(|d| (normalize_text(&d.staff_name), d.staff_id));
    let (clients_total, clients_total_estimated) = list::total(db, q.clients_total, client::Column::Id).await?;
    let (new_clients_month, new_clients_month_estimated) = list::total(db, q.new_clients_month, client::Column::Id).await?;
    Ok(Dashboard {
        clients_total,
        clients_total_estimated,
        new_clients_month,
        new_clients_month_estimated,
        today_by_staff,
        no_shows_month: q.no_shows_month.count(db).await?,
        appointments_today: q.appointments_today.count(db).await?,
        appointments_week: q.appointments_week.count(db).await?,
        revenue_month_cents: revenue.unwrap_or(0),
        upcoming: views(db, q.upcoming.all(db).await?, tz).await?,
        client_replies: client_replies(db, q.client_replies, tz).await?,
        awaiting: views(db, q.awaiting.all(db).await?, tz).await?,
    })
}

/// The replies' entries with their appointments as they are now (an
/// appointment deleted since is left out).
async fn client_replies(db: &DatabaseConnection, select: Select<audit_log::Entity>, tz: Tz) -> Result<Vec<ClientReply>> {
    let entries = select.all(db).await?;
    let ids: Vec<i32> = entries.iter().map(|e| e.entity_id).collect();
    let rows = appointment::Entity::find().filter(appointment::Column::Id.is_in(ids)).all(db).await?;
    let appointments: HashMap<i32, AppointmentView> = views(db, rows, tz).await?.into_iter().map(|v| (v.id, v)).collect();
    Ok(entries
        .iter()
        .filter_map(|e| {
            Some(ClientReply {
                reply: reminders::reply_of(e)?.to_string(),
                at: to_local_rfc3339(e.created_at, tz),
                appointment: appointments.get(&e.entity_id)?.clone(),
            })
        })
        .collect())
}
