//! GET /api/agenda and the `/appointments` page's day and week views: the
//! grid's columns, hours and appointments, the filters, and the first HTML
//! holding the day (readable before any JavaScript runs).

use crate::common::{Backend, Options, TestApp, appointment, json_of, spawn_with, weekday_ahead};
use chrono::{Days, Weekday};
use crate::pages::{preloaded_state, seeded, seeded_value};
use reqwest::StatusCode;
use serde_json::{Value, json};

struct Fixture {
    token: String,
    paula: i64,
    rui: i64,
    ana: i64,
}

async fn fixture(app: &TestApp) -> Fixture {
    let token = app.admin_token().await;
    let paula = app.staff_user("Paula Lima", "paula@example.com").await;
    let rui = app.staff_user("Rui Alves", "rui@example.com").await;
    let ana = app.create_client(&token, "Ana Agenda").await;
    Fixture { token, paula, rui, ana }
}

/// A booking of Ana's with `staff`, whatever the hours: these tests are
/// about drawing the grid.
fn at_any_hour(f: &Fixture, staff: i64, service: &str, starts: &str, minutes: i64) -> Value {
    let mut body = appointment(f.ana, staff, service, starts, minutes);
    body["allowOutsideHours"] = true.into();
    body
}

async fn agenda(app: &TestApp, f: &Fixture, query: &str) -> (StatusCode, Value) {
    json_of(app.get(&format!("/api/agenda{query}"), &f.token).await).await
}

async fn a_day_has_a_column_per_staff_member_and_its_hours(backend: Backend) {
    // A new install's hours (Monday to Friday, 08:00–18:00).
    let app = spawn_with(backend, Options { round_the_clock: false, ..Options::default() }).await;
    let f = fixture(&app).await;
    let early = app.book(&f.token, at_any_hour(&f, f.paula, "Corte", "2026-12-01T07:30", 60)).await;
    app.book(&f.token, at_any_hour(&f, f.rui, "Barba", "2026-12-01T14:00", 30)).await;
    app.book(&f.token, at_any_hour(&f, f.rui, "Outro dia", "2026-12-02T14:00", 30)).await;
    let cancelled = app.book(&f.token, at_any_hour(&f, f.paula, "Cancelado", "2026-12-01T16:00", 30)).await;
    let body = json!({ "status": "cancelado", "version": cancelled["version"], "cancellationReason": "Chuva" });
    assert_eq!(app.patch(&format!("/api/appointments/{}/status", cancelled["id"]), &f.token, body).await.status(), StatusCode::OK);

    let (status, body) = agenda(&app, &f, "?date=2026-12-01").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let day = &body["data"];
    assert_eq!(day["view"], "day");
    assert_eq!(day["days"], json!(["2026-12-01"]));
    let names: Vec<&str> = day["staff"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Paula Lima") && names.contains(&"Rui Alves"), "{names:?}");
    let services: Vec<&str> = day["appointments"].as_array().unwrap().iter().map(|a| a["service"].as_str().unwrap()).collect();
    assert_eq!(services, ["Corte", "Barba"], "the day's active appointments, by start");
    assert_eq!(day["startHour"], 7, "widened to the 07:30 appointment");
    assert_eq!(day["endHour"], 20);
    assert_eq!(day["appointments"][0]["id"], early["id"]);
    // The hours the grid leaves unshaded: each member's, that day.
    let paula_hours: Vec<(&str, &str)> = day["workingHours"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["staffId"] == f.paula)
        .map(|w| (w["startsAt"].as_str().unwrap(), w["endsAt"].as_str().unwrap()))
        .collect();
    assert_eq!(paula_hours, [("2026-12-01T08:00:00-03:00", "2026-12-01T18:00:00-03:00")]);

    // Filters: staff member, status, client.
    let (_, body) = agenda(&app, &f, &format!("?date=2026-12-01&staff_id={}", f.rui)).await;
    assert_eq!(body["data"]["staff"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["appointments"][0]["service"], "Barba");
    let (_, body) = agenda(&app, &f, "?date=2026-12-01&status=cancelado").await;
    assert_eq!(body["data"]["appointments"][0]["service"], "Cancelado");
    let (_, body) = agenda(&app, &f, &format!("?date=2026-12-01&client_id={}", f.ana + 1000)).await;
    assert_eq!(body["data"]["appointments"], json!([]));

    // The week of a Thursday runs Monday to Sunday.
    let (_, body) = agenda(&app, &f, "?view=week&date=2026-12-03").await;
    let week = &body["data"];
    assert_eq!(week["view"], "week");
    assert_eq!(week["days"][0], "2026-11-30");
    assert_eq!(week["days"][6], "2026-12-06");
    assert_eq!(week["appointments"].as_array().unwrap().len(), 3);

    // Without a date: today in the business time zone.
    let (_, body) = agenda(&app, &f, "").await;
    assert_eq!(body["data"]["date"], body["data"]["today"]);
    assert!(body["data"]["now"].as_str().unwrap().starts_with(body["data"]["today"].as_str().unwrap()));

    for bad in ["?view=mes", "?date=01/12/2026", "?status=talvez"] {
        let (status, body) = agenda(&app, &f, bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert!(body["errors"].is_object(), "{bad}: {body}");
    }
    assert_eq!(app.http.get(app.url("/api/agenda")).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
}
both!(a_day_has_a_column_per_staff_member_and_its_hours);

/// The rendered root, without the state script (what a browser shows before JavaScript).
fn root(html: &str) -> &str {
    &html[html.find("<div id=\"root\">").unwrap()..html.find("<script type=\"application/json\" id=\"preloaded-state\">").unwrap()]
}

async fn the_first_html_holds_the_day_and_the_week(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let f = fixture(&app).await; // admin_token sets the session cookie
    // A Tuesday ahead: the list view starts at today.
    let tuesday = weekday_ahead(7, Weekday::Tue);
    let day_month = |days: u64| (tuesday + Days::new(days) - Days::new(1)).format("%d/%m").to_string();
    app.book(&f.token, at_any_hour(&f, f.paula, "Corte especial", &format!("{tuesday}T10:00"), 60)).await;
    app.book(&f.token, at_any_hour(&f, f.rui, "Barba completa", &format!("{}T15:30", tuesday + Days::new(2)), 45)).await;

    let html = app.http.get(app.url(&format!("/appointments?date={tuesday}"))).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(seeded(&state, "getAgenda")[0]["arg"], json!({ "date": tuesday.to_string() }), "seeded under the address's arguments");
    assert_eq!(seeded_value(&state, "getAgenda")["appointments"][0]["service"], "Corte especial");
    let day = root(&html);
    let date = tuesday.format("%d/%m/%Y").to_string();
    // Another day opens at the hour before its first appointment, with the way to the earlier hours.
    for text in ["Paula Lima", "Rui Alves", "Corte especial", "Ana Agenda", "10:00–11:00", date.as_str(), "09:00", "19:00", "Ver desde"] {
        assert!(day.contains(text), "the day view's HTML shows {text}");
    }
    assert!(!day.contains("Barba completa"), "another day's appointment");
    assert!(!day.contains("Carregando"), "no loading state in the first HTML");

    let html = app.http.get(app.url(&format!("/appointments?view=week&date={tuesday}&staff_id={}", f.rui))).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(seeded(&state, "getAgenda")[0]["arg"]["view"], "week");
    let week = root(&html);
    for text in [format!("seg {}", day_month(0)), format!("dom {}", day_month(6)), "Barba completa".into(), "15:30–16:15".into()] {
        assert!(week.contains(&text), "the week view's HTML shows {text}");
    }
    assert!(!week.contains("Corte especial"), "only the filtered staff member's");

    // The default is today's day view; the list view still has the paged list.
    let html = app.http.get(app.url("/appointments")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    let agenda = seeded_value(&state, "getAgenda");
    assert_eq!(agenda["date"], agenda["today"]);
    let html = app.http.get(app.url("/appointments?view=list")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(state["appointments"]["list"].as_array().unwrap().len(), 2);
    assert_eq!(seeded(&state, "getAgenda")[0]["arg"], json!({}), "today's agenda, for the staff filter");
    assert!(root(&html).contains("Barba completa"));
    // A bad address still shows today's agenda.
    let response = app.http.get(app.url("/appointments?date=amanha&view=mes")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let state = preloaded_state(&response.text().await.unwrap());
    assert_eq!(seeded(&state, "getAgenda")[0]["arg"], json!({ "date": "amanha", "view": "mes" }), "under the address's own arguments");
    let agenda = seeded_value(&state, "getAgenda");
    assert_eq!(agenda["date"], agenda["today"]);
}
both!(the_first_html_holds_the_day_and_the_week);

/// The agenda read with `If-None-Match`: its ETag comes from what it shows
/// (not from `now`, which moves on), so the screens' reads every 30 s
/// without the live stream cost a 304 until something on it changes.
async fn an_unchanged_agenda_answers_304(backend: Backend) {
    let app = spawn_with(backend, Options::default()).await;
    let f = fixture(&app).await;
    let booked = app.book(&f.token, at_any_hour(&f, f.paula, "Corte", "2026-12-01T09:00", 60)).await;
    let read = |etag: Option<String>| {
        let mut request = app.http.get(app.url("/api/agenda?date=2026-12-01")).bearer_auth(&f.token);
        if let Some(etag) = etag {
            request = request.header(reqwest::header::IF_NONE_MATCH, etag);
        }
        request.send()
    };
    let first = read(None).await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let etag = first.headers()[reqwest::header::ETAG].to_str().unwrap().to_string();
    assert!(etag.starts_with("W/\"") && etag.len() == 36, "{etag}");
    first.bytes().await.unwrap();

    // A second later (another `now`), nothing changed: 304, no body, the same tag.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let same = read(Some(etag.clone())).await.unwrap();
    assert_eq!(same.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(same.headers()[reqwest::header::ETAG], etag.as_str());
    let head: usize = same.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    assert!(same.bytes().await.unwrap().is_empty());
    assert!(head < 1000, "a 304's headers are {head} bytes");
    // Listed among others, strong or weak, or `*`.
    let strong = etag.trim_start_matches("W/").to_string();
    assert_eq!(read(Some(format!("\"x\", {strong}"))).await.unwrap().status(), StatusCode::NOT_MODIFIED);
    assert_eq!(read(Some("*".into())).await.unwrap().status(), StatusCode::NOT_MODIFIED);
    // Garbage or another tag: the whole answer.
    for other in ["W/\"0000\"", "abc", ""] {
        assert_eq!(read(Some(other.into())).await.unwrap().status(), StatusCode::OK, "{other:?}");
    }

    // A change on the day: a new tag, then 304 again on it.
    let body = json!({ "status": "confirmado", "version": booked["version"] });
    assert_eq!(app.patch(&format!("/api/appointments/{}/status", booked["id"]), &f.token, body).await.status(), StatusCode::OK);
    let changed = read(Some(etag.clone())).await.unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    let newer = changed.headers()[reqwest::header::ETAG].to_str().unwrap().to_string();
    assert_ne!(newer, etag);
    let (_, body) = json_of(changed).await;
    assert_eq!(body["data"]["appointments"][0]["status"], "confirmado");
    assert_eq!(read(Some(newer)).await.unwrap().status(), StatusCode::NOT_MODIFIED);
}
both!(an_unchanged_agenda_answers_304);
