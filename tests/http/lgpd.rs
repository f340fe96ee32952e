//! Data that leaves the system: each staff member's calendar feed
//! (parsed with the Python `icalendar` package, a real parser, across a
//! daylight-saving change), and a client's LGPD rights: the export (JSON and
//! a ZIP of CSVs) and the anonymisation, after which no table (nor, on
//! SQLite, the database file or its WAL) holds the client's personal data.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::common::{
    Backend, Fixture, Options, TestApp, assert_error, assert_field_error, business_today, fixture, json_of, new_client, offset_changes, python, spawn, spawn_with, today_in,
};

/// The feed as the `icalendar` package reads it (tests/http/ical_events.py).
fn parse_feed(body: &[u8]) -> Value {
    use std::io::Write;
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/http/ical_events.py");
    let mut child = Command::new(python()).arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(body).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "icalendar could not read the feed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

async fn set_status(app: &TestApp, token: &str, a: &Value, status: &str, reason: Option<&str>) -> Value {
    let id = a["id"].as_i64().unwrap();
    let mut body = json!({ "status": status, "version": a["version"] });
    if let Some(reason) = reason {
        body["cancellationReason"] = json!(reason);
    }
    let (code, answer) = json_of(app.patch(&format!("/api/appointments/{id}/status"), token, body).await).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

/// `HH:MM` on `day` in New York, as the API takes it and as UTC.
fn local(day: NaiveDate, hour: u32) -> (String, DateTime<Utc>) {
    let naive = day.and_time(NaiveTime::from_hms_opt(hour, 0, 0).unwrap());
    (naive.format("%Y-%m-%dT%H:%M").to_string(), New_York.from_local_datetime(&naive).single().unwrap().with_timezone(&Utc))
}

fn ical(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

async fn feed(url: &str) -> reqwest::Response {
    new_client().get(url).send().await.unwrap()
}

/// The feed asked from another loopback address (the throttle counts per address).
async fn feed_from(url: &str, ip: Ipv4Addr) -> reqwest::Response {
    let client = reqwest::Client::builder().local_address(IpAddr::V4(ip)).build().unwrap();
    client.get(url).send().await.unwrap()
}

async fn calendar_url(app: &TestApp, path: &str, token: &str, post: bool) -> String {
    let response = if post { app.post(path, token, json!({})).await } else { app.get(path, token).await };
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    let url = body["data"]["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&app.url("/ical/")) && url.ends_with(".ics"), "{url}");
    url
}

async fn the_calendar_feed_has_each_appointment_once_in_utc_across_daylight_saving(backend: Backend) {
    let app = spawn_with(backend, Options { tz: Some(New_York), ..Options::default() }).await;
    let f = fixture(&app).await;
    let staff_token = app.login("paula@example.com", "senha-do-staff-1").await;
    let url = calendar_url(&app, "/api/me/calendar", &staff_token, false).await;
    assert_eq!(calendar_url(&app, "/api/me/calendar", &staff_token, false).await, url, "the address stays until renewed");

    // Around every daylight-saving change in the window, a 09:00 the day
    // before and the day after, and tomorrow's. New York's changes are 238
    // and 127 days apart, so from about 7 April to 6 May the window holds
    // none: then only tomorrow's (the times are UTC either way).
    let changes = offset_changes(New_York, -29, 178);
    if changes.is_empty() {
        eprintln!("no daylight-saving change between 29 days ago and 178 days ahead in New York: checked without one");
    }
    let today = today_in(New_York);
    let mut days: Vec<NaiveDate> = changes.iter().flat_map(|d| [*d - Duration::days(1), *d + Duration::days(1)]).collect();
    days.push(today + Duration::days(1));
    days.retain(|d| (*d - today).num_days() > -29 && (*d - today).num_days() < 179);
    days.sort();
    days.dedup();
    let mut expected = Vec::new();
    for day in &days {
        let (starts, utc) = local(*day, 9);
        let a = app.book(&f.token, json!({ "clientId": f.maria, "staffId": f.staff, "service": "Consulta", "startsAt": starts,
            "durationMinutes": 45, "notes": "Observação que não vai ao celular" })).await;
        expected.push((a, utc));
    }
    // Cancelled: still there, as cancelled. Moved: its sequence goes up.
    let (starts, _) = local(today + Duration::days(3), 15);
    let cancelled = app.book(&f.token, json!({ "clientId": f.joao, "staffId": f.staff, "service": "Retorno", "startsAt": starts, "durationMinutes": 30 })).await;
    let cancelled = set_status(&app, &f.token, &cancelled, "cancelado", Some("Chuva")).await;
    let (_, cancelled_utc) = local(today + Duration::days(3), 15);
    expected.push((cancelled.clone(), cancelled_utc));
    let (moved_to, moved_utc) = local(today + Duration::days(4), 11);
    let id = expected[0].0["id"].as_i64().unwrap();
    let (status, moved) = json_of(app.put(&format!("/api/appointments/{id}"), &f.token, json!({ "startsAt": moved_to, "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    expected[0] = (moved["data"].clone(), moved_utc);
    // Outside the window, or someone else's: not in this feed.
    let mut absent = Vec::new();
    for (day, staff) in [(today - Duration::days(40), f.staff), (today + Duration::days(200), f.staff), (today + Duration::days(2), f.other_staff)] {
        let (starts, _) = local(day, 10);
        absent.push(app.book(&f.token, json!({ "clientId": f.maria, "staffId": staff, "service": "Consulta", "startsAt": starts, "durationMinutes": 30 })).await);
    }

    // A cookie sent is not read, and none comes back.
    let response = new_client().get(&url).header("cookie", "expediente_session=x").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("set-cookie").is_none(), "the feed sets no cookie");
    assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    let body = response.bytes().await.unwrap();
    let parsed = parse_feed(&body);
    assert!(parsed["longestLine"].as_u64().unwrap() <= 75, "lines fold at 75 octets: {parsed}");
    assert_eq!(parsed["bareNewlines"], 0, "CRLF only");
    assert_eq!(parsed["endsWithCrlf"], true);
    assert_eq!(parsed["version"], "2.0");
    let events = parsed["events"].as_array().unwrap();
    assert_eq!(events.len(), expected.len(), "{parsed}");
    for (a, starts) in &expected {
        let uid = format!("agendamento-{}@expediente", a["id"]);
        let found: Vec<&Value> = events.iter().filter(|e| e["uid"] == uid.as_str()).collect();
        assert_eq!(found.len(), 1, "{uid} once in {parsed}");
        let e = found[0];
        let minutes = if a["service"] == "Retorno" { 30 } else { 45 };
        assert_eq!(e["start"], ical(*starts), "{a}");
        assert_eq!(e["end"], ical(*starts + Duration::minutes(minutes)), "{a}");
        assert!(e["startRaw"].as_str().unwrap().ends_with('Z'), "times in UTC: {e}");
        assert_eq!(e["sequence"], a["version"].as_i64().unwrap() - 1, "{e}");
        let first = if a["clientId"] == f.maria { "Maria" } else { "João" };
        assert_eq!(e["summary"], format!("{} – {first}", a["service"].as_str().unwrap()));
        assert_eq!(e["description"], "", "no notes on a phone");
        assert_eq!(e["status"], if a["status"] == "cancelado" { "CANCELLED" } else { "CONFIRMED" });
    }
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert!(!text.contains("Souza") && !text.contains("Pereira") && !text.contains("Observação"), "no full names or notes: {text}");
    for a in &absent {
        assert!(!text.contains(&format!("agendamento-{}@", a["id"])), "{a} is not in this feed");
    }

    // ETag: unchanged data, 304 with no body; another tag, the feed.
    let again = new_client().get(&url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
    assert!(again.bytes().await.unwrap().is_empty());
    let other = new_client().get(&url).header("if-none-match", "\"outro\"").send().await.unwrap();
    assert_eq!(other.status(), StatusCode::OK);

    // An altered token, an unknown user, a missing suffix: 404.
    let altered = format!("{}{}.ics", &url[..url.len() - 5], if url.as_bytes()[url.len() - 5] == b'0' { '1' } else { '0' });
    assert_eq!(feed(&altered).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(feed(&app.url("/ical/99999-abc.ics")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(feed(&url[..url.len() - 4]).await.status(), StatusCode::NOT_FOUND);

    // "Gerar novo": the old address stops at once.
    let renewed = calendar_url(&app, "/api/me/calendar", &staff_token, true).await;
    assert_ne!(renewed, url);
    assert_eq!(feed(&url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(feed(&renewed).await.status(), StatusCode::OK);

    // Admins see and renew anyone's; staff may not; an unknown user is 404.
    let path = format!("/api/users/{}/calendar", f.staff);
    assert_eq!(calendar_url(&app, &path, &f.token, false).await, renewed);
    assert_error(&json_of(app.get(&path, &staff_token).await).await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    assert_eq!(app.get("/api/users/999999/calendar", &f.token).await.status(), StatusCode::NOT_FOUND);
    let by_admin = calendar_url(&app, &path, &f.token, true).await;
    assert_eq!(feed(&renewed).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(feed(&by_admin).await.status(), StatusCode::OK);

    // A deactivated member's feed is gone (asked from another address: this
    // one has had its five wrong tokens).
    let (status, _) = json_of(app.post(&format!("/api/users/{}/deactivate", f.staff), &f.token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(feed_from(&by_admin, Ipv4Addr::new(127, 0, 0, 2)).await.status(), StatusCode::NOT_FOUND);
}
both!(the_calendar_feed_has_each_appointment_once_in_utc_across_daylight_saving);

async fn the_feeds_name_reads_back_as_written(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    // `\,` and `\\` would read back as `,` and `\` were the name written raw.
    let name = "Paula; Lima, Souza \\, \\\\ Reis";
    let (status, body) = json_of(app.put(&format!("/api/users/{}", f.staff), &f.token, json!({ "name": name })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let url = calendar_url(&app, &format!("/api/users/{}/calendar", f.staff), &f.token, false).await;
    let response = feed(&url).await;
    assert_eq!(response.status(), StatusCode::OK);
    let parsed = parse_feed(&response.bytes().await.unwrap());
    assert_eq!(parsed["name"], format!("Expediente: {name}"), "{parsed}");
    assert_eq!(parsed["calname"], parsed["name"]);
}
both!(the_feeds_name_reads_back_as_written);

async fn wrong_feed_tokens_are_throttled(backend: Backend) {
    let app = spawn(backend).await;
    for _ in 0..5 {
        assert_eq!(feed(&app.url("/ical/1-0000.ics")).await.status(), StatusCode::NOT_FOUND);
    }
    let refused = feed(&app.url("/ical/1-0000.ics")).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().get("retry-after").is_some());
}
both!(wrong_feed_tokens_are_throttled);

/// Five or more wrong tokens from an office's shared address: its members'
/// real feeds still answer, and only the wrong ones are refused.
async fn wrong_feed_tokens_never_hold_back_a_valid_feed(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let url = calendar_url(&app, &format!("/api/users/{}/calendar", f.staff), &f.token, false).await;
    for _ in 0..5 {
        assert_eq!(feed(&app.url("/ical/1-0000.ics")).await.status(), StatusCode::NOT_FOUND);
    }
    for _ in 0..3 {
        assert_eq!(feed(&app.url("/ical/1-0000.ics")).await.status(), StatusCode::TOO_MANY_REQUESTS);
        let response = feed(&url).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.text().await.unwrap().starts_with("BEGIN:VCALENDAR"));
    }
    // A valid feed does not clear the count either: the wrong ones stay refused.
    let refused = feed(&app.url("/ical/1-0000.ics")).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().get("retry-after").is_some());
}
both!(wrong_feed_tokens_never_hold_back_a_valid_feed);

/// A client with every personal field, edited once (so the history holds
/// old and new values), with appointments past (concluded, cancelled),
/// future, and deleted; their terms to look for afterwards.
async fn client_with_a_history(app: &TestApp, f: &Fixture) -> (i64, Vec<&'static str>) {
    let body = json!({ "name": "Quitéria Bernardes Fontoura", "email": "quiteria.fontoura@example.com", "phone": "(21) 99876-5432",
        "document": "529.982.247-25", "birthDate": "1980-05-17", "notes": "Alergia a látex" });
    let id = app.created(&f.token, "/api/clients", body).await["id"].as_i64().unwrap();
    let (status, edited) = json_of(
        app.put(&format!("/api/clients/{id}"), &f.token, json!({ "email": "quiteria.b@example.com", "notes": "Prefere ser chamada de Quitéria", "version": 1 }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    let today = business_today();
    let at = |days: i64, hour: u32| format!("{}T{hour:02}:00", today + Duration::days(days));
    let done = app.book(&f.token, json!({ "clientId": id, "staffId": f.staff, "service": "Consulta", "startsAt": at(-20, 10),
        "durationMinutes": 60, "priceCents": 15000, "notes": "Quitéria trouxe exames; tel 21998765432" })).await;
    let done = set_status(app, &f.token, &done, "confirmado", None).await;
    set_status(app, &f.token, &done, "concluido", None).await;
    let gone = app.book(&f.token, json!({ "clientId": id, "staffId": f.staff, "service": "Retorno", "startsAt": at(-15, 10),
        "durationMinutes": 30, "priceCents": 8000 })).await;
    set_status(app, &f.token, &gone, "cancelado", Some("Quitéria Fontoura desmarcou")).await;
    app.book(&f.token, json!({ "clientId": id, "staffId": f.staff, "service": "Consulta", "startsAt": at(10, 14),
        "durationMinutes": 60, "priceCents": 15000, "notes": "Quitéria quer horário cedo" })).await;
    let deleted = app.book(&f.token, json!({ "clientId": id, "staffId": f.other_staff, "service": "Avaliação", "startsAt": at(12, 9),
        "durationMinutes": 30, "notes": "marcado por quiteria.fontoura@example.com" })).await;
    assert_eq!(app.delete(&format!("/api/appointments/{}", deleted["id"]), &f.token).await.status(), StatusCode::NO_CONTENT);
    let terms = vec![
        "Quitéria", "Fontoura", "Bernardes", "quiteria.fontoura@example.com", "quiteria.b@example.com", "21998765432", "99876-5432",
        "52998224725", "529.982.247-25", "1980-05-17", "látex",
    ];
    (id, terms)
}

async fn the_export_holds_everything_about_the_client_for_admins_only(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let (id, _) = client_with_a_history(&app, &f).await;
    let staff_token = app.login("paula@example.com", "senha-do-staff-1").await;
    let path = format!("/api/clients/{id}/export");

    assert_error(&json_of(app.get(&path, &staff_token).await).await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    assert_eq!(app.get("/api/clients/999999/export", &f.token).await.status(), StatusCode::NOT_FOUND);
    let bad = json_of(app.get(&format!("{path}?format=pdf"), &f.token).await).await;
    assert_field_error("format=pdf", &bad, "format", "Formato inválido: use json ou zip.");

    let response = app.get(&path, &f.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(response.headers()["content-disposition"], format!("attachment; filename=\"cliente-{id}-dados.json\""));
    let export: Value = response.json().await.unwrap();
    assert_eq!(export["client"]["email"], "quiteria.b@example.com");
    assert_eq!(export["client"]["document"], "52998224725");
    assert_eq!(export["exportedBy"], "Administrador");
    assert_eq!(export["remindersSent"], json!([]));
    let visits = export["appointments"].as_array().unwrap();
    assert_eq!(visits.len(), 3, "the deleted one is gone, its history is not");
    assert!(visits.iter().any(|a| a["notes"] == "Quitéria trouxe exames; tel 21998765432"));
    let history = export["history"].as_array().unwrap();
    let of_client: Vec<&Value> = history.iter().filter(|e| e["entity"] == "client").collect();
    assert_eq!(of_client.iter().map(|e| e["action"].as_str().unwrap()).collect::<Vec<_>>(), ["create", "update"]);
    assert_eq!(of_client[1]["changes"]["email"], json!({ "old": "quiteria.fontoura@example.com", "new": "quiteria.b@example.com" }));
    assert!(history.iter().any(|e| e["entity"] == "appointment" && e["action"] == "delete"), "a deleted appointment's history is there");
    assert_eq!(history.iter().filter(|e| e["entity"] == "appointment").count(), 8, "{history:?}");

    // The export is audited: who and when.
    let (_, entries) = json_of(app.get(&format!("/api/clients/{id}/history"), &f.token).await).await;
    assert_eq!(entries["data"][0]["action"], "export");
    assert_eq!(entries["data"][0]["userName"], "Administrador");

    // The ZIP: one CSV a table, the spreadsheet CSV of every export.
    let response = app.get(&format!("{path}?format=zip"), &f.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let bytes = response.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut names: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().to_string()).collect();
    names.sort();
    assert_eq!(names, ["acessos.csv", "agendamentos.csv", "cliente.csv", "historico.csv", "lembretes.csv"]);
    let mut accesses = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("acessos.csv").unwrap(), &mut accesses).unwrap();
    // Who read the record: at least this export (docs/permissions.md#access-log).
    assert!(accesses.lines().next().is_some_and(|header| header.ends_with("Quando;Quem;O quê;Endereço")), "{accesses}");
    assert!(accesses.lines().any(|line| line.contains(";Administrador;Exportação;")), "{accesses}");
    let read = |zip: &mut zip::ZipArchive<std::io::Cursor<Vec<u8>>>, name: &str| {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut zip.by_name(name).unwrap(), &mut text).unwrap();
        text
    };
    let record = read(&mut zip, "cliente.csv");
    assert!(record.starts_with("\u{feff}Código;Nome;E-mail") && record.contains("quiteria.b@example.com;(21) 99876-5432;529.982.247-25"), "{record}");
    assert_eq!(read(&mut zip, "agendamentos.csv").lines().count(), 4);
    assert!(read(&mut zip, "historico.csv").contains("quiteria.fontoura@example.com"));
    assert_eq!(read(&mut zip, "lembretes.csv").lines().count(), 1, "reminders do not exist yet: the header alone");
}
both!(the_export_holds_everything_about_the_client_for_admins_only);

/// A recurring series' history is the client's too: its creation, and its
/// deletion, which names the occurrences it took (they have no entries of
/// their own: without the series' entries the export would not show them).
async fn the_export_holds_the_clients_series_and_their_deleted_occurrences(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let id = app.create_client(&f.token, "Rosa Tavares").await;
    // Three Mondays from 1 March 2055 (ahead, whatever day the suite runs), then the whole series deleted.
    let body = json!({ "clientId": id, "staffId": f.staff, "service": "Fisioterapia", "startsAt": "2055-03-01T09:00", "durationMinutes": 50,
        "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 3 } });
    let (series_id, booked) = app.book_series(&f.token, body).await;
    let occurrences: Vec<Value> = booked.iter().map(|a| a["id"].clone()).collect();
    let first = &occurrences[0];
    assert_eq!(app.delete(&format!("/api/appointments/{first}?scope=all"), &f.token).await.status(), StatusCode::NO_CONTENT);

    let export: Value = app.get(&format!("/api/clients/{id}/export"), &f.token).await.json().await.unwrap();
    assert_eq!(export["appointments"], json!([]));
    let of_series: Vec<&Value> = export["history"].as_array().unwrap().iter().filter(|e| e["entity"] == "series").collect();
    assert_eq!(of_series.iter().map(|e| e["action"].as_str().unwrap()).collect::<Vec<_>>(), ["create", "delete"], "{of_series:?}");
    assert!(of_series.iter().all(|e| e["entityId"] == series_id), "{of_series:?}");
    assert_eq!(of_series[0]["changes"]["rule"]["new"], "Toda semana: segunda, 3 vezes");
    assert_eq!(of_series[1]["changes"]["appointments"]["new"], json!(occurrences), "the deleted occurrences are named");
}
both!(the_export_holds_the_clients_series_and_their_deleted_occurrences);

/// Every text the database holds, table by table (PostgreSQL: each row as text).
async fn every_table_as_text(app: &TestApp) -> String {
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let tables_sql = match app.backend {
        Backend::Postgres => "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        Backend::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table'",
    };
    let tables = db.query_all_raw(Statement::from_string(backend, tables_sql)).await.unwrap();
    let mut text = String::new();
    for row in tables {
        let table: String = row.try_get("", "name").unwrap();
        let sql = match app.backend {
            Backend::Postgres => format!("SELECT COALESCE(string_agg(t::text, ' '), '') AS rows FROM \"{table}\" t"),
            // Every column of every row, whatever its type, as text.
            Backend::Sqlite => {
                let columns = db.query_all_raw(Statement::from_string(backend, format!("SELECT name FROM pragma_table_info('{table}')"))).await.unwrap();
                let columns: Vec<String> =
                    columns.iter().map(|c| format!("COALESCE(CAST(\"{}\" AS TEXT), '')", c.try_get::<String>("", "name").unwrap())).collect();
                if columns.is_empty() {
                    continue;
                }
                // As bytes: the search index's tables hold blobs that are no UTF-8.
                format!("SELECT CAST(COALESCE(group_concat({}, ' '), '') AS BLOB) AS rows FROM \"{table}\"", columns.join(" || ' ' || "))
            }
        };
        let row = db.query_one_raw(Statement::from_string(backend, sql)).await.unwrap().unwrap();
        let rows = match app.backend {
            Backend::Postgres => row.try_get::<String>("", "rows").unwrap(),
            Backend::Sqlite => String::from_utf8_lossy(&row.try_get::<Vec<u8>>("", "rows").unwrap()).into_owned(),
        };
        text.push_str(&format!("[{table}] {rows}\n"));
    }
    text
}

async fn anonymising_removes_the_personal_data_everywhere_and_keeps_the_figures(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let (id, terms) = client_with_a_history(&app, &f).await;
    let staff_token = app.login("paula@example.com", "senha-do-staff-1").await;
    let path = format!("/api/clients/{id}/anonymise");
    let today = business_today();
    let reports = format!("/api/reports/summary?from={}&to={}", today - Duration::days(40), today - Duration::days(1));
    let (_, figures_before) = json_of(app.get(&reports, &f.token).await).await;
    let (_, before) = json_of(app.get(&format!("/api/clients/{id}"), &f.token).await).await;
    let stale_version = before["data"]["version"].clone();
    let before_text = every_table_as_text(&app).await;
    // The search finds each stored term before (phone and CPF are stored as digits).
    let missing: Vec<&&str> = terms.iter().filter(|t| !t.contains(['.', '-']) || t.contains('@')).filter(|t| !before_text.contains(**t)).collect();
    assert!(missing.is_empty(), "not found before: {missing:?}");

    let sqlite_bytes = |app: &TestApp| {
        let file = app.state.config.database_url.trim_start_matches("sqlite://").split('?').next().unwrap().to_string();
        [file.clone(), format!("{file}-wal")].iter().filter_map(|p| std::fs::read(p).ok().map(|b| (p.clone(), b))).collect::<Vec<_>>()
    };
    if backend == Backend::Sqlite {
        // The byte search finds what is there: the CPF, before.
        assert!(sqlite_bytes(&app).iter().any(|(_, b)| b.windows(11).any(|w| w == b"52998224725")), "the CPF is in the file before");
    }

    // Who may, and what must be typed.
    let name = json!({ "confirmName": "Quitéria Bernardes Fontoura" });
    assert_error(&json_of(app.post(&path, &staff_token, name.clone()).await).await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    assert_eq!(app.post("/api/clients/999999/anonymise", &f.token, name.clone()).await.status(), StatusCode::NOT_FOUND);
    let missing = json_of(app.post(&path, &f.token, json!({})).await).await;
    assert_field_error("no name", &missing, "confirmName", "Digite o nome do cliente para confirmar.");
    let wrong = json_of(app.post(&path, &f.token, json!({ "confirmName": "Quitéria Fontoura" })).await).await;
    assert_field_error("another name", &wrong, "confirmName", "O nome digitado não confere com o nome do cliente.");
    let unknown = json_of(app.post(&path, &f.token, json!({ "confirmName": "Quitéria Bernardes Fontoura", "force": true })).await).await;
    assert_field_error("unknown field", &unknown, "force", "Campo desconhecido.");

    let (status, done) = json_of(app.post(&path, &f.token, json!({ "confirmName": "  quitéria  bernardes fontoura " })).await).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let c = &done["data"];
    assert_eq!(c["name"], format!("Cliente anonimizado {id}"));
    for field in ["email", "phone", "document", "birthDate", "notes"] {
        assert_eq!(c[field], Value::Null, "{field}");
    }
    assert_eq!(c["archived"], true);
    assert!(c["anonymisedAt"].is_string());
    assert!(c["version"].as_i64() > stale_version.as_i64());

    // Nothing of it anywhere: every table, and on SQLite the file and its WAL.
    let after = every_table_as_text(&app).await;
    for term in &terms {
        assert!(!after.to_lowercase().contains(&term.to_lowercase()), "{term} is still in the database:\n{}", after.lines().filter(|l| l.to_lowercase().contains(&term.to_lowercase())).collect::<Vec<_>>().join("\n"));
    }
    if backend == Backend::Sqlite {
        for (path, bytes) in sqlite_bytes(&app) {
            for term in &terms {
                let found = bytes.windows(term.len()).any(|w| w == term.as_bytes());
                assert!(!found, "{term} is still in the bytes of {path}");
            }
        }
    }

    // The figures of the past are those of before.
    let (_, figures_after) = json_of(app.get(&reports, &f.token).await).await;
    assert_eq!(figures_after, figures_before);

    // The appointments: past ones keep date, status, service, price; the future one is cancelled.
    let (_, list) = json_of(app.get(&format!("/api/appointments?client_id={id}&sort=startsAt&per_page=100"), &f.token).await).await;
    let list = list["data"].as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!((list[0]["status"].as_str(), list[0]["priceCents"].as_i64(), list[0]["notes"].is_null()), (Some("concluido"), Some(15000), true));
    assert_eq!(list[1]["status"], "cancelado");
    assert_eq!(list[1]["cancellationReason"], "*** *** desmarcou", "the reason keeps its words, not the client's");
    assert_eq!((list[2]["status"].as_str(), list[2]["cancellationReason"].as_str()), (Some("cancelado"), Some("Cliente anonimizado")));

    // A stale form cannot bring the data back; nor can a fresh one.
    let stale = json!({ "name": "Quitéria Bernardes Fontoura", "email": "quiteria.fontoura@example.com", "version": stale_version });
    assert_error(&json_of(app.put(&format!("/api/clients/{id}"), &f.token, stale).await).await, StatusCode::CONFLICT,
        "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");
    let fresh = json!({ "name": "Quitéria Bernardes Fontoura", "version": c["version"] });
    assert_error(&json_of(app.put(&format!("/api/clients/{id}"), &f.token, fresh).await).await, StatusCode::CONFLICT,
        "Este cliente foi anonimizado e não pode mais ser editado.");

    // It stays anonymised and archived: not twice, not back in the lists.
    let again = json!({ "confirmName": format!("Cliente anonimizado {id}") });
    assert_error(&json_of(app.post(&path, &f.token, again).await).await, StatusCode::CONFLICT, "Este cliente já foi anonimizado.");
    assert_error(&json_of(app.post(&format!("/api/clients/{id}/unarchive"), &f.token, json!({})).await).await, StatusCode::CONFLICT,
        "Este cliente foi anonimizado e não pode mais ser editado.");

    // The history keeps who and when.
    let (_, entries) = json_of(app.get(&format!("/api/clients/{id}/history"), &f.token).await).await;
    let last = &entries["data"][0];
    assert_eq!((last["action"].as_str(), last["userName"].as_str()), (Some("anonymise"), Some("Administrador")));
    assert_eq!(last["changes"], json!({}));
    let created = entries["data"].as_array().unwrap().iter().find(|e| e["action"] == "create").unwrap();
    assert_eq!(created["changes"]["name"], json!({ "old": null, "new": "***" }));
}
both!(anonymising_removes_the_personal_data_everywhere_and_keeps_the_figures);
