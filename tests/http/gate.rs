//! The gate of the appointments (server/core/src/booking/gate): no other code
//! writes their rows, and every write it commits announces each
//! appointment it touched, once, after the commit. The three defects the
//! gate's series writes fixed are here too.

use std::collections::BTreeSet;
use std::path::Path;

use chrono::{Days, NaiveDate};
use expediente_core::kit::events::{Author, ChangeEvent};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::broadcast::Receiver;

use crate::common::{Backend, business_today, fixture, json_of, spawn, weekday_ahead};

/// The events published so far: each write publishes before it answers.
fn published(events: &mut Receiver<ChangeEvent>) -> Vec<ChangeEvent> {
    std::iter::from_fn(|| events.try_recv().ok()).collect()
}

fn ids_of(events: &[ChangeEvent]) -> BTreeSet<i64> {
    events.iter().map(|e| i64::from(e.appointment_id)).collect()
}

fn ids_in(list: &Value) -> BTreeSet<i64> {
    list.as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect()
}

async fn ok(response: reqwest::Response) -> Value {
    let (status, body) = json_of(response).await;
    assert!(status.is_success(), "{status} {body}");
    body
}

fn at(day: NaiveDate, time: &str) -> String {
    format!("{}T{time}", day.format("%Y-%m-%d"))
}

async fn every_write_announces_each_appointment_it_touched(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let body = json!({ "name": "Beatriz Nunes", "email": "beatriz@example.com" });
    let client = ok(app.post("/api/clients", &f.token, body).await).await["data"]["id"].as_i64().unwrap();
    let admin = ok(app.get("/api/me", &f.token).await).await["data"]["id"].as_i64().unwrap() as i32;
    let mut events = app.state.events.subscribe();
    let day = business_today() + Days::new(2);

    // One booking: one event, where it is and by whom.
    let body = json!({ "clientId": client, "staffId": f.staff, "service": "Corte", "startsAt": at(day, "10:00"), "durationMinutes": 30 });
    let one = ok(app.post("/api/appointments", &f.token, body).await).await["data"].clone();
    let seen = published(&mut events);
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(i64::from(seen[0].appointment_id), one["id"].as_i64().unwrap());
    assert_eq!(seen[0].version, Some(1));
    assert_eq!((i64::from(seen[0].place.staff_id), seen[0].place.day), (f.staff, day));
    assert_eq!(seen[0].author, Author::User { id: admin });

    // A series of 12: twelve events, one per occurrence.
    let first = day + Days::new(1);
    let body = json!({ "clientId": client, "staffId": f.staff, "service": "Sessão", "startsAt": at(first, "09:00"), "durationMinutes": 60,
                       "repeat": { "every": 1, "unit": "week", "weekdays": [first.format("%u").to_string().parse::<u8>().unwrap()], "count": 12 } });
    let series = ok(app.post("/api/appointments", &f.token, body).await).await;
    let occurrences = series["data"].as_array().unwrap().clone();
    let seen = published(&mut events);
    assert_eq!(seen.len(), 12);
    assert_eq!(ids_of(&seen), ids_in(&series["data"]));

    // "This and the following" from the 6th, a day later: seven events, each
    // moved from the day it was on.
    let sixth = &occurrences[5];
    let path = format!("/api/appointments/{}?scope=following", sixth["id"]);
    let body = json!({ "startsAt": at(first + Days::new(35 + 1), "09:00"), "version": sixth["version"] });
    ok(app.put(&path, &f.token, body).await).await;
    let seen = published(&mut events);
    assert_eq!(ids_of(&seen), ids_in(&Value::Array(occurrences[5..].to_vec())));
    for event in &seen {
        let was = event.moved_from.expect("moved");
        assert_eq!(event.place.day, was.day + Days::new(1), "{event:?}");
        assert_eq!(event.version, Some(2));
    }

    // The client confirms through their link: one event, by the client.
    let (status, row) = json_of(app.get(&format!("/api/reminders?date={day}"), &f.token).await).await;
    assert_eq!(status, StatusCode::OK, "{row}");
    let link = row["data"]["rows"].as_array().unwrap().iter().find(|r| r["appointmentId"] == one["id"]).unwrap()["link"].as_str().unwrap().to_string();
    let path = &link[link.find("/c/").unwrap()..];
    let form = app.http.post(app.url(path)).header("content-type", "application/x-www-form-urlencoded").body("action=confirm");
    assert_eq!(form.send().await.unwrap().status(), StatusCode::OK);
    let seen = published(&mut events);
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(i64::from(seen[0].appointment_id), one["id"].as_i64().unwrap());
    assert_eq!(seen[0].author, Author::Client { id: client as i32 });

    // Deleting the rest of the series: an event each, with no version.
    let path = format!("/api/appointments/{}?scope=all", occurrences[0]["id"]);
    assert_eq!(app.delete(&path, &f.token).await.status(), StatusCode::NO_CONTENT);
    let seen = published(&mut events);
    assert_eq!(ids_of(&seen), ids_in(&Value::Array(occurrences[..5].to_vec())));
    assert!(seen.iter().all(|e| e.version.is_none()), "{seen:?}");

    // Anonymising the client: one event for every appointment of theirs.
    let (_, theirs) = json_of(app.get(&format!("/api/appointments?client_id={client}&limit=100"), &f.token).await).await;
    let body = json!({ "confirmName": "Beatriz Nunes" });
    ok(app.post(&format!("/api/clients/{client}/anonymise"), &f.token, body).await).await;
    let seen = published(&mut events);
    assert_eq!(seen.len(), 8, "the single one and the seven split off: {seen:?}");
    assert_eq!(ids_of(&seen), ids_in(&theirs["data"]));
}
both!(every_write_announces_each_appointment_it_touched);

async fn a_series_keeps_its_history_its_rule_and_its_export(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let first = weekday_ahead(3, chrono::Weekday::Mon);
    let body = json!({ "clientId": f.maria, "staffId": f.staff, "service": "Sessão", "startsAt": at(first, "09:00"), "durationMinutes": 60,
                       "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 6 } });
    let series = ok(app.post("/api/appointments", &f.token, body).await).await;
    let occurrences = series["data"].as_array().unwrap().clone();

    // "Todas" to Tuesdays: the series now says Tuesday.
    let path = format!("/api/appointments/{}?scope=all", occurrences[0]["id"]);
    let body = json!({ "startsAt": at(first + Days::new(1), "09:00"), "version": occurrences[0]["version"] });
    ok(app.put(&path, &f.token, body).await).await;
    let listed = ok(app.get(&format!("/api/appointments/series?client_id={}", f.maria), &f.token).await).await;
    let description = listed["data"][0]["description"].as_str().unwrap();
    assert!(description.contains("terça") && !description.contains("segunda"), "{description}");
    assert_eq!(listed["data"][0]["rule"]["weekdays"], json!([2]));

    // An occurrence deleted with the rest of its series keeps a history of
    // its own, and its series' entries.
    let fourth = &occurrences[3];
    assert_eq!(app.delete(&format!("/api/appointments/{}?scope=following", fourth["id"]), &f.token).await.status(), StatusCode::NO_CONTENT);
    let gone = occurrences[4]["id"].clone();
    assert_eq!(app.get(&format!("/api/appointments/{gone}"), &f.token).await.status(), StatusCode::NOT_FOUND);
    let history = ok(app.get(&format!("/api/appointments/{gone}/history"), &f.token).await).await;
    let actions: Vec<&str> = history["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions.first(), Some(&"delete"), "{actions:?}");
    assert!(actions.contains(&"create"), "the series' creation: {actions:?}");

    // The client's export holds the series' own entries, named as such in the CSV.
    let export = ok(app.get(&format!("/api/clients/{}/export", f.maria), &f.token).await).await;
    let series_entries: Vec<&Value> = export["history"].as_array().unwrap().iter().filter(|e| e["entity"] == "series").collect();
    let series_actions: BTreeSet<&str> = series_entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(series_actions, BTreeSet::from(["create", "delete", "update"]), "{series_entries:?}");
}
both!(a_series_keeps_its_history_its_rule_and_its_export);

async fn settings_feeds_and_sign_ins_are_audited_by_who_did_them(backend: Backend) {
    use entities::audit_log::{self, AuditEntity};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let admin = ok(app.get("/api/me", &f.token).await).await["data"]["id"].as_i64().unwrap() as i32;
    ok(app.post("/api/me/calendar", &f.token, json!({})).await).await;
    let entries = |action: &'static str| {
        let db = app.state.db.clone();
        async move { audit_log::Entity::find().filter(audit_log::Column::Action.eq(action)).all(&db).await.unwrap() }
    };
    let feed = entries("calendar_feed").await;
    assert_eq!(feed.len(), 1, "{feed:?}");
    assert_eq!((feed[0].entity, feed[0].entity_id, feed[0].user_id), (AuditEntity::User, admin, Some(admin)));
    assert_eq!(feed[0].changes, json!({}), "never the key");
    let sign_ins = entries("sign_in").await;
    assert!(sign_ins.iter().all(|e| e.entity == AuditEntity::User && e.user_id == Some(e.entity_id)), "{sign_ins:?}");
    assert!(!sign_ins.is_empty());
}
both!(settings_feeds_and_sign_ins_are_audited_by_who_did_them);

/// What writes an appointment or a series row, or opens a write of its own.
const WRITES: &[&str] = &[
    "appointment::Entity::insert",
    "appointment::Entity::update",
    "appointment::Entity::delete",
    "appointment_series::Entity::insert",
    "appointment_series::Entity::update",
    "appointment_series::Entity::delete",
    "appointment_series::ActiveModel {",
    "versioned_update::<appointment::Entity>",
    "write_transaction(",
    "audit_log::Entity::insert",
];

#[test]
fn only_the_gate_writes_appointments_and_only_the_audited_write_opens_a_transaction() {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
                continue;
            }
            let name = path.to_string_lossy().replace('\\', "/");
            // The gate itself; the audited write (`Context::write`) and the
            // database's own helpers; the demo data the command line loads in
            // bulk before anything is served.
            let allowed = name.contains("/core/src/booking/gate/")
                || name.ends_with("/core/src/kit/audit.rs")
                || name.ends_with("/core/src/kit/db.rs")
                || name.ends_with("/server/cli/seed.rs");
            if allowed || path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                if let Some(write) = WRITES.iter().find(|w| line.contains(*w)) {
                    found.push(format!("{name}:{}: {write}", n + 1));
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("server"), &mut found);
    assert!(found.is_empty(), "writes outside the gate:\n{}", found.join("\n"));
}
