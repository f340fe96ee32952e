//! Each staff member's calendar feed: a secret address,
//! `/ical/{token}.ics`, that a phone's calendar subscribes to, serving their
//! appointments from 30 days back to 180 days ahead as iCalendar (RFC 5545).
//!
//! The address is a capability (SECURITY.md#calendar-feeds): `{userId}-{mac}`, the mac an
//! HMAC-SHA256, with a key derived from the server's secret, of the user's
//! random feed key (`calendar_feeds`). The key is stored so the profile can
//! show the address again; the secret is not in the database, so a copy of
//! the database alone opens no feed. "Gerar novo" replaces the key, and the
//! old address is a 404 at once; so is any altered token, and the token of a
//! deactivated user.
//!
//! The feed is written with the `icalendar` crate, which escapes text and
//! folds lines at 75 octets (on UTF-8 boundaries) with CRLF; a test parses
//! it with the Python `icalendar` package. A phone is no place for personal
//! data: a summary is the service and the client's first name, no notes.

use chrono::{DateTime, Duration, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property, ValueType};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::kit::error::{AppError, Result};
use crate::kit::audit::AuditEntity;
use crate::kit::{Context, names_by_id};
use entities::appointment::AppointmentStatus;
use entities::{appointment, calendar_feed, client, user};

/// How far back and ahead the feed reaches.
pub const DAYS_BACK: i64 = 30;
pub const DAYS_AHEAD: i64 = 180;

/// What a feed address that opens nothing answers.
pub const NOT_FOUND: &str = "Calendário não encontrado.";

/// `GET /api/me/calendar` and the admins' `…/users/{id}/calendar`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CalendarFeed)]
pub struct CalendarFeedView {
    /// The subscription address; absolute when the request named its host.
    #[schema(example = "https://agenda.exemplo.com.br/ical/7-3f1c….ics")]
    pub url: String,
}

fn token(cx: &Context, user_id: i32, key: &str) -> String {
    format!("{user_id}-{}", cx.keys.calendar_mac(&format!("{user_id}:{key}")))
}

fn view(cx: &Context, user_id: i32, key: &str, origin: Option<&str>) -> CalendarFeedView {
    CalendarFeedView { url: format!("{}/ical/{}.ics", origin.unwrap_or_default(), token(cx, user_id, key)) }
}

/// The user's feed address; the first time, their key is made.
pub async fn address(cx: &Context, user_id: i32, origin: Option<&str>) -> Result<CalendarFeedView> {
    if let Some(feed) = calendar_feed::Entity::find_by_id(user_id).one(&cx.db).await? {
        return Ok(view(cx, user_id, &feed.key, origin));
    }
    regenerate(cx, user_id, origin).await
}

/// A new key, so a new address: the old one stops working at once. Audited
/// (who, when; never the key) as the user's.
pub async fn regenerate(cx: &Context, user_id: i32, origin: Option<&str>) -> Result<CalendarFeedView> {
    let key = crate::kit::random_key();
    let row = calendar_feed::ActiveModel { user_id: Set(user_id), key: Set(key.clone()), created_at: Set(Utc::now()) };
    cx.write(async |w| {
        // An upsert: two first reads at once make one key, and a regeneration
        // replaces it in one statement.
        calendar_feed::Entity::insert(row)
            .on_conflict(
                sea_orm::sea_query::OnConflict::column(calendar_feed::Column::UserId)
                    .update_columns([calendar_feed::Column::Key, calendar_feed::Column::CreatedAt])
                    .to_owned(),
            )
            .exec(&w.txn)
            .await?;
        w.audit(AuditEntity::User, user_id, "calendar_feed", serde_json::json!({}));
        Ok(())
    })
    .await?;
    Ok(view(cx, user_id, &key, origin))
}

/// Equal texts, in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The active user whose feed `token` opens (`None`: 404).
async fn owner(cx: &Context, token: &str) -> Result<Option<user::Model>> {
    let Some((id, mac)) = token.split_once('-') else { return Ok(None) };
    // One spelling per user: digits, no leading zero.
    if id.is_empty() || id.starts_with('0') || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let Ok(id) = id.parse::<i32>() else { return Ok(None) };
    let Some(feed) = calendar_feed::Entity::find_by_id(id).one(&cx.db).await? else { return Ok(None) };
    if !same(mac, &cx.keys.calendar_mac(&format!("{id}:{}", feed.key))) {
        return Ok(None);
    }
    Ok(user::Entity::find_by_id(id).one(&cx.db).await?.filter(|u| u.active))
}

/// A feed: its body and its ETag.
pub struct Feed {
    pub body: String,
    pub etag: String,
}

/// The feed `token` opens, or the 404 of one that opens nothing.
pub async fn feed(cx: &Context, token: &str) -> Result<Feed> {
    let user = owner(cx, token).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let now = Utc::now();
    let rows = appointment::Entity::find()
        .filter(appointment::Column::StaffId.eq(user.id))
        .filter(appointment::Column::StartsAt.gte(now - Duration::days(DAYS_BACK)))
        .filter(appointment::Column::StartsAt.lt(now + Duration::days(DAYS_AHEAD)))
        .order_by_asc(appointment::Column::StartsAt)
        .order_by_asc(appointment::Column::Id)
        .all(&cx.db)
        .await?;
    let client_ids = rows.iter().map(|a| a.client_id).collect();
    let names = names_by_id::<client::Entity>(&cx.db, client::Column::Id, client::Column::Name, client_ids).await?;
    let body = write(&user.name, &rows, |id| names.get(&id).map(|n| first_name(n)).unwrap_or_default());
    let etag = format!("\"{}\"", Sha256::digest(body.as_bytes()).iter().take(16).map(|b| format!("{b:02x}")).collect::<String>());
    Ok(Feed { body, etag })
}

/// A client's first name: what a phone's calendar may show.
pub fn first_name(name: &str) -> String {
    name.split_whitespace().next().unwrap_or_default().to_string()
}

/// The iCalendar text of `rows`. Every value depends only on the data (the
/// DTSTAMP is the appointment's last change), so an unchanged agenda is the
/// same bytes and the same ETag.
fn write(staff_name: &str, rows: &[appointment::Model], first_name: impl Fn(i32) -> String) -> String {
    let name = format!("Expediente: {staff_name}");
    let mut calendar = Calendar::empty();
    calendar
        .append_property(("VERSION", "2.0"))
        .append_property(("PRODID", "-//Expediente//Agenda//PT-BR"))
        .append_property(("CALSCALE", "GREGORIAN"))
        .append_property(("METHOD", "PUBLISH"))
        .append_property(calendar_name(&name))
        .append_property(("X-WR-CALNAME", name.as_str()))
        .ttl(&chrono::Duration::minutes(30));
    for a in rows {
        let client = first_name(a.client_id);
        let summary = if client.is_empty() { a.service.clone() } else { format!("{} – {client}", a.service) };
        calendar.push(event(a, &summary).done());
    }
    calendar.to_string()
}

/// One appointment for its client's own calendar ("Adicionar à agenda"):
/// the service at the business, with whom.
pub fn client_event(business: &str, staff_name: &str, a: &appointment::Model) -> String {
    let mut calendar = Calendar::empty();
    calendar.append_property(("VERSION", "2.0")).append_property(("PRODID", "-//Expediente//Agendamento//PT-BR"));
    calendar.push(event(a, &format!("{} – {business}", a.service)).description(&format!("Com {staff_name}.")).done());
    calendar.to_string()
}

/// An appointment as an event: its id, version, last change, times and
/// status; the same UID in the staff's feed and the client's file.
fn event(a: &appointment::Model, summary: &str) -> Event {
    let status = if a.status == AppointmentStatus::Cancelado { EventStatus::Cancelled } else { EventStatus::Confirmed };
    Event::new()
        .uid(&format!("agendamento-{}@expediente", a.id))
        .sequence(u32::try_from(a.version - 1).unwrap_or(0))
        .timestamp(utc(a.updated_at))
        .starts(utc(a.starts_at))
        .ends(utc(a.ends_at))
        .summary(summary)
        .status(status)
        .done()
}

/// `NAME` (RFC 7986) as TEXT: the crate escapes only the value types it
/// knows (`X-` names among them, not `NAME`), so the type is given and its
/// own TEXT escaping applies.
fn calendar_name(name: &str) -> Property {
    Property::new("NAME", name).append_parameter(ValueType::Text).done()
}

/// Whole seconds (iCalendar has no fractions).
fn utc(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::SubsecRound;
    at.trunc_subsecs(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn appointment(id: i32, service: &str, status: AppointmentStatus) -> appointment::Model {
        let at = DateTime::parse_from_rfc3339("2026-03-08T06:30:00Z").unwrap().with_timezone(&Utc);
        appointment::Model {
            id,
            client_id: 1,
            staff_id: 2,
            service: service.into(),
            service_id: None,
            buffer_before_minutes: 0,
            buffer_after_minutes: 0,
            series_id: None,
            starts_at: at,
            ends_at: at + Duration::minutes(45),
            status,
            price_cents: 100,
            notes: Some("nunca no calendário".into()),
            cancellation_reason: None,
            channel: entities::appointment::Channel::Balcao,
            version: 3,
            created_at: at,
            updated_at: at,
        }
    }

    #[test]
    fn lines_are_crlf_and_folded_at_75_octets() {
        let long = "Depilação com cera quente — pernas inteiras e axilas e virilha em sessão completa";
        let text = write("Paula Lima", &[appointment(7, long, AppointmentStatus::Cancelado)], |_| "Élida".into());
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n") && text.ends_with("END:VCALENDAR\r\n"));
        assert!(!text.replace("\r\n", "").contains('\n'), "only CRLF line ends");
        for line in text.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
        }
        let unfolded = text.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("SUMMARY:{long} – Élida\r\n")), "{unfolded}");
        assert!(unfolded.contains("UID:agendamento-7@expediente\r\n"));
        assert!(unfolded.contains("SEQUENCE:2\r\n"));
        assert!(unfolded.contains("STATUS:CANCELLED\r\n"));
        assert!(unfolded.contains("DTSTART:20260308T063000Z\r\n"));
        assert!(unfolded.contains("DTEND:20260308T071500Z\r\n"));
        assert!(!unfolded.contains("nunca"), "notes never reach the feed");
    }

    #[test]
    fn text_is_escaped() {
        let text = write("Paula", &[appointment(1, "Corte; barba, bigode\\", AppointmentStatus::Agendado)], |_| "Ana".into());
        assert!(text.replace("\r\n ", "").contains("SUMMARY:Corte\\; barba\\, bigode\\\\ – Ana\r\n"), "{text}");
    }

    #[test]
    fn the_calendars_name_is_escaped_as_text() {
        let text = write("Ana; Bia, \\C", &[], |_| String::new());
        let unfolded = text.replace("\r\n ", "");
        assert!(unfolded.contains("NAME;VALUE=TEXT:Expediente: Ana\\; Bia\\, \\\\C\r\n"), "{unfolded}");
        assert!(unfolded.contains("X-WR-CALNAME:Expediente: Ana\\; Bia\\, \\\\C\r\n"), "{unfolded}");
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd") && !same("abc", "ab"));
        assert_eq!(first_name("  Maria da Silva "), "Maria");
    }
}
