//! Least privilege (docs/permissions.md): the three roles, what a
//! Profissional reaches (inside every list's query, the same on the first
//! paint, the API and the exports), the access log, and the permission
//! table walked over every operation of the OpenAPI document as each role.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use chrono::{Days, Weekday};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Backend, Options, TestApp, appointment, json_of, spawn, spawn_with, weekday_ahead};

const PASSWORD: &str = "prancha-azul-42";
const CLIENT_NOT_FOUND: &str = "Cliente não encontrado.";
const APPOINTMENT_NOT_FOUND: &str = "Agendamento não encontrado.";

/// An admin, a Recepção (Rita), a Profissional (Paula) and another staff
/// member (Rui); Maria is Rui's client only, João is Paula's; a service;
/// Rui's time off; one appointment each on a weekday ahead.
struct World {
    admin: String,
    rita: String,
    rita_id: i64,
    paula: String,
    paula_id: i64,
    rui_id: i64,
    maria: i64,
    joao: i64,
    service: i64,
    rui_appointment: i64,
    paula_appointment: i64,
    rui_time_off: i64,
    day: chrono::NaiveDate,
}

async fn world(app: &TestApp) -> World {
    let admin = app.admin_token().await;
    let rita_id = app.create_user(&admin, "Rita Recepção", "rita@example.com", "staff", PASSWORD).await;
    let paula_id = app.create_user(&admin, "Paula Lima", "paula@example.com", "professional", PASSWORD).await;
    let rui_id = app.create_user(&admin, "Rui Alves", "rui@example.com", "staff", PASSWORD).await;
    let maria = app.created(&admin, "/api/clients", json!({ "name": "Maria Souza", "phone": "11987654321" })).await["id"].as_i64().unwrap();
    let joao = app.create_client(&admin, "João Pereira").await;
    let service =
        app.created(&admin, "/api/services", json!({ "name": "Avaliação", "durationMinutes": 45, "priceCents": 15000 })).await["id"]
            .as_i64()
            .unwrap();
    let day = weekday_ahead(7, Weekday::Tue);
    let mut rui_body = appointment(maria, rui_id, "Sessão sigilosa", &format!("{day}T10:00"), 60);
    rui_body["notes"] = json!("Queixa de dor lombar");
    rui_body["priceCents"] = json!(20000);
    let rui_appointment = app.book(&admin, rui_body).await["id"].as_i64().unwrap();
    let paula_appointment =
        app.book(&admin, appointment(joao, paula_id, "Fisioterapia", &format!("{day}T14:00"), 60)).await["id"].as_i64().unwrap();
    let off = json!({ "staffId": rui_id, "startsAt": format!("{}T08:00", day + Days::new(1)), "endsAt": format!("{}T12:00", day + Days::new(1)), "reason": "Consulta médica" });
    let rui_time_off = app.created(&admin, "/api/time-off", off).await["id"].as_i64().unwrap();
    let rita = app.login("rita@example.com", PASSWORD).await;
    let paula = app.login("paula@example.com", PASSWORD).await;
    World { admin, rita, rita_id, paula, paula_id, rui_id, maria, joao, service, rui_appointment, paula_appointment, rui_time_off, day }
}

async fn get_json(app: &TestApp, path: &str, token: &str) -> (StatusCode, Value) {
    json_of(app.get(path, token).await).await
}

fn names(list: &Value, field: &str) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|v| v[field].as_str().unwrap().to_string()).collect()
}

async fn a_professional_reaches_their_own_clients_and_agenda(backend: Backend) {
    // Rendered on the server: the first paint is checked too.
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let w = world(&app).await;

    // Clients: only João, in the list, its count, the search and the CSV.
    let (status, list) = get_json(&app, "/api/clients", &w.paula).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&list, "name"), ["João Pereira"]);
    assert_eq!(list["meta"]["total"], 1);
    let (_, everyone) = get_json(&app, "/api/clients", &w.rita).await;
    assert_eq!(everyone["meta"]["total"], 2, "Recepção reads every client");
    let (_, found) = get_json(&app, "/api/clients?q=maria", &w.paula).await;
    assert_eq!(found["meta"]["total"], 0);
    let (_, found) = get_json(&app, "/api/clients?q=11987654321", &w.paula).await;
    assert_eq!(found["meta"]["total"], 0, "not by her phone either");
    // A page of one holds the one client (the filter is inside the query).
    let (_, page) = get_json(&app, "/api/clients?per_page=1", &w.paula).await;
    assert_eq!(names(&page, "name"), ["João Pereira"]);
    assert_eq!(page["meta"]["last_page"], 1);
    let csv = app.get("/api/clients/export.csv", &w.paula).await.text().await.unwrap();
    assert!(csv.contains("João Pereira") && !csv.contains("Maria"), "{csv}");

    // Another's client is a 404 as if it did not exist: record, history, series.
    for path in [format!("/api/clients/{}", w.maria), format!("/api/clients/{}/history", w.maria), format!("/api/clients/999999")] {
        let (status, body) = get_json(&app, &path, &w.paula).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some(CLIENT_NOT_FOUND)), "{path}");
        assert!(!body.to_string().contains("Maria"), "{body}");
    }
    let (status, _) = get_json(&app, &format!("/api/appointments/series?client_id={}", w.maria), &w.paula).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json_of(app.put(&format!("/api/clients/{}", w.maria), &w.paula, json!({ "notes": "x", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, mine) = get_json(&app, &format!("/api/clients/{}", w.joao), &w.paula).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mine["data"]["name"], "João Pereira");

    // Appointments: her own in the list and export; Rui's a 404.
    let (_, list) = get_json(&app, "/api/appointments", &w.paula).await;
    assert_eq!(names(&list, "service"), ["Fisioterapia"]);
    assert_eq!(list["meta"]["total"], 1);
    let csv = app.get("/api/appointments/export.csv", &w.paula).await.text().await.unwrap();
    assert!(csv.contains("Fisioterapia") && !csv.contains("sigilosa") && !csv.contains("Maria"), "{csv}");
    for path in [format!("/api/appointments/{}", w.rui_appointment), format!("/api/appointments/{}/history", w.rui_appointment)] {
        let (status, body) = get_json(&app, &path, &w.paula).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some(APPOINTMENT_NOT_FOUND)), "{path}");
    }

    let (status, own) = get_json(&app, &format!("/api/appointments/{}", w.paula_appointment), &w.paula).await;
    assert_eq!((status, own["data"]["clientName"].as_str()), (StatusCode::OK, Some("João Pereira")));

    // The agenda: hers in full, Rui's as busy time with nothing else.
    let (status, agenda) = get_json(&app, &format!("/api/agenda?date={}", w.day), &w.paula).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&json!({ "data": agenda["data"]["appointments"] }), "service"), ["Fisioterapia"]);
    let busy = agenda["data"]["busy"].as_array().unwrap();
    assert_eq!(busy.len(), 1, "{agenda}");
    assert_eq!(busy[0]["staffId"], w.rui_id);
    let keys: BTreeSet<&str> = busy[0].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["staffId", "startsAt", "endsAt", "heldUntil", "waitlist", "heldFor"]));
    assert_eq!(busy[0]["heldUntil"], Value::Null, "an appointment, not a hold of the booking page");
    let text = agenda.to_string();
    for secret in ["Maria", "sigilosa", "lombar", "20000"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    // A client filter does not narrow the busy time (it would tell whose it is).
    let (_, filtered) = get_json(&app, &format!("/api/agenda?date={}&client_id={}", w.day, w.maria), &w.paula).await;
    assert_eq!(filtered["data"]["busy"], agenda["data"]["busy"]);
    assert_eq!(filtered["data"]["appointments"], json!([]));
    // Recepção sees everyone's appointments whole, and no busy blocks.
    let (_, front) = get_json(&app, &format!("/api/agenda?date={}", w.day), &w.rita).await;
    assert_eq!(front["data"]["appointments"].as_array().unwrap().len(), 2);
    assert_eq!(front["data"]["busy"], json!([]));

    // The first paint reads the same: the page's state has no Maria.
    let cookie_client = crate::common::new_client();
    let login = cookie_client.post(app.url("/api/login")).json(&json!({ "email": "paula@example.com", "password": PASSWORD })).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    let html = cookie_client.get(app.url(&format!("/appointments?date={}", w.day))).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("Fisioterapia"), "{html}");
    assert!(!html.contains("Maria Souza") && !html.contains("sigilosa"), "{html}");
    let html = cookie_client.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("João Pereira") && !html.contains("Maria Souza"));
    let page = cookie_client.get(app.url(&format!("/clients/{}", w.maria))).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    assert!(!page.text().await.unwrap().contains("Maria Souza"));

    // Reports, dashboard, reminders: her own figures and rows.
    let month = w.day.format("%Y-%m").to_string();
    let (_, report) = get_json(&app, &format!("/api/reports/summary?from={month}-01"), &w.paula).await;
    assert_eq!(report["data"]["total"], 1, "{report}");
    assert_eq!(report["data"]["byStaff"].as_array().unwrap().len(), 1);
    let (_, report) = get_json(&app, &format!("/api/reports/summary?from={month}-01"), &w.rita).await;
    assert_eq!(report["data"]["total"], 2);
    let csv = app.get(&format!("/api/reports/export.csv?from={month}-01"), &w.paula).await.text().await.unwrap();
    assert!(!csv.contains("Rui Alves"), "{csv}");
    let (_, dashboard) = get_json(&app, "/api/dashboard", &w.paula).await;
    assert_eq!(dashboard["data"]["clientsTotal"], 1);
    assert!(!dashboard.to_string().contains("Maria"));
    let (_, reminders) = get_json(&app, &format!("/api/reminders?date={}", w.day), &w.paula).await;
    let rows = reminders["data"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["clientName"], "João Pereira");
    let (status, _) = json_of(app.post(&format!("/api/reminders/{}/whatsapp", w.rui_appointment), &w.paula, json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Free slots: her own; asking for Rui's is refused.
    let (status, slots) = get_json(&app, &format!("/api/availability?duration_minutes=30&from={}", w.day), &w.paula).await;
    assert_eq!(status, StatusCode::OK);
    assert!(slots["data"].as_array().unwrap().iter().all(|s| s["staffId"] == w.paula_id), "{slots}");
    let (status, _) = get_json(&app, &format!("/api/availability?duration_minutes=30&staff_id={}", w.rui_id), &w.paula).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
both!(a_professional_reaches_their_own_clients_and_agenda);

async fn a_professional_books_moves_and_sets_statuses_on_their_own_agenda_only(backend: Backend) {
    let app = spawn(backend).await;
    let w = world(&app).await;
    let day = w.day + Days::new(7);

    // On Rui's agenda: 403, nothing written.
    let (status, _) = app.try_book(&w.paula, appointment(w.joao, w.rui_id, "Encaixe", &format!("{day}T09:00"), 30)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let mut series = appointment(w.joao, w.rui_id, "Série", &format!("{day}T09:00"), 30);
    series["repeat"] = json!({ "every": 1, "unit": "week", "count": 3 });
    let (status, _) = app.try_book(&w.paula, series).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, all) = get_json(&app, "/api/appointments", &w.admin).await;
    assert_eq!(all["meta"]["total"], 2);

    // On her own: booked, moved, confirmed; moving it to Rui is refused.
    let mine = app.book(&w.paula, appointment(w.joao, w.paula_id, "Retorno", &format!("{day}T09:00"), 30)).await;
    let id = mine["id"].as_i64().unwrap();
    let (status, moved) =
        json_of(app.put(&format!("/api/appointments/{id}"), &w.paula, json!({ "startsAt": format!("{day}T09:30"), "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, _) =
        json_of(app.put(&format!("/api/appointments/{id}"), &w.paula, json!({ "staffId": w.rui_id, "version": 2 })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) =
        json_of(app.patch(&format!("/api/appointments/{id}/status"), &w.paula, json!({ "status": "confirmado", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::OK);

    // Rui's: status, move and delete are 404, and it stays as it was.
    let rui = w.rui_appointment;
    let (status, _) =
        json_of(app.patch(&format!("/api/appointments/{rui}/status"), &w.paula, json!({ "status": "cancelado", "version": 1, "cancellationReason": "x" })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json_of(app.put(&format!("/api/appointments/{rui}"), &w.paula, json!({ "staffId": w.paula_id, "version": 1 })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/appointments/{rui}"), &w.paula).await.status(), StatusCode::NOT_FOUND);
    let (_, still) = get_json(&app, &format!("/api/appointments/{rui}"), &w.admin).await;
    assert_eq!((still["data"]["status"].as_str(), still["data"]["version"].as_i64()), (Some("agendado"), Some(1)));

    // Recepção books for anyone, as before.
    app.book(&w.rita, appointment(w.maria, w.paula_id, "Pela recepção", &format!("{day}T11:00"), 30)).await;
    // …and then Maria is Paula's client too.
    let (status, _) = get_json(&app, &format!("/api/clients/{}", w.maria), &w.paula).await;
    assert_eq!(status, StatusCode::OK);
}
both!(a_professional_books_moves_and_sets_statuses_on_their_own_agenda_only);

async fn roles_are_set_by_admins_on_the_users_page(backend: Backend) {
    let app = spawn(backend).await;
    let w = world(&app).await;
    let (_, me) = get_json(&app, "/api/me", &w.admin).await;
    let admin_id = me["data"]["id"].as_i64().unwrap();

    // Three roles; anything else is a 422 in Portuguese.
    let (status, body) = json_of(app.put(&format!("/api/users/{}", w.rita_id), &w.admin, json!({ "role": "gerente" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["role"][0], "Perfil deve ser admin (Administrador), staff (Recepção) ou professional (Profissional).");
    let (status, body) = json_of(app.put(&format!("/api/users/{}", w.rita_id), &w.admin, json!({ "role": "professional" })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["role"], "professional");
    let (_, list) = get_json(&app, "/api/users?role=professional", &w.admin).await;
    assert_eq!(list["meta"]["total"], 2);
    let (status, body) = get_json(&app, "/api/users?role=chefe", &w.admin).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["role"][0].as_str().unwrap().starts_with("Perfil inválido: chefe."), "{body}");
    // Rita's next request already has the new role's reach.
    let (_, clients) = get_json(&app, "/api/clients", &w.rita).await;
    assert_eq!(clients["meta"]["total"], 0);

    // Nobody changes their own role.
    let (status, body) = json_of(app.put(&format!("/api/users/{admin_id}"), &w.admin, json!({ "role": "professional" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["role"][0], "Você não pode alterar o seu próprio perfil de acesso.");
    // A Profissional has no users screen.
    for path in ["/api/users".to_string(), format!("/api/users/{}", w.paula_id)] {
        assert_eq!(app.get(&path, &w.paula).await.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _) = json_of(app.put(&format!("/api/users/{}", w.paula_id), &w.paula, json!({ "role": "admin" })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The last active admin: two admins demoting each other at once leave one.
    let other = app.create_user(&w.admin, "Otávio Admin", "otavio@example.com", "admin", PASSWORD).await;
    let otavio = app.login("otavio@example.com", PASSWORD).await;
    let (other_path, own_path) = (format!("/api/users/{other}"), format!("/api/users/{admin_id}"));
    let (a, b) = tokio::join!(
        app.put(&other_path, &w.admin, json!({ "role": "staff" })),
        app.put(&own_path, &otavio, json!({ "role": "staff" })),
    );
    let (a, b) = (json_of(a).await, json_of(b).await);
    let (_, admins) = get_json(&app, "/api/users?role=admin&active=true", &if a.0 == StatusCode::OK { w.admin.clone() } else { otavio.clone() }).await;
    assert_eq!(admins["meta"]["total"], 1, "{a:?} {b:?} {admins}");
    for (status, body) in [&a, &b] {
        assert!(
            *status == StatusCode::OK
                || *status == StatusCode::FORBIDDEN
                || (*status == StatusCode::UNPROCESSABLE_ENTITY && body["message"] == "É preciso ao menos um administrador ativo: este é o último."),
            "{status} {body}"
        );
    }

    // Own working hours: only where an admin allowed it.
    let hours = json!({ "weekly": [{ "weekday": 1, "start": "09:00", "end": "17:00" }] });
    let path = format!("/api/users/{}/working-hours", w.paula_id);
    let (status, _) = json_of(app.put(&path, &w.paula, hours.clone()).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin = if a.0 == StatusCode::OK { &w.admin } else { &otavio };
    let (status, body) = json_of(app.put(&format!("/api/users/{}", w.paula_id), admin, json!({ "ownHours": true })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["ownHours"], true);
    let (status, body) = json_of(app.put(&path, &w.paula, hours.clone()).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["usesDefault"], false);
    // Not someone else's.
    let (status, _) = json_of(app.put(&format!("/api/users/{}/working-hours", w.rui_id), &w.paula, hours).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Her own time off, not Rui's.
    let off = |staff: i64| json!({ "staffId": staff, "startsAt": "2027-01-04T08:00", "endsAt": "2027-01-04T12:00", "reason": "Curso" });
    let (status, _) = json_of(app.post("/api/time-off", &w.paula, off(w.paula_id)).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = json_of(app.post("/api/time-off", &w.paula, off(w.rui_id)).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/time-off/{}", w.rui_time_off), &w.paula).await.status(), StatusCode::FORBIDDEN);
}
both!(roles_are_set_by_admins_on_the_users_page);

async fn every_read_of_a_record_is_logged_and_admins_page_through_it(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let w = world(&app).await;
    let accesses = |token: &str| {
        let path = format!("/api/clients/{}/accesses", w.maria);
        let token = token.to_string();
        let app = &app;
        async move { get_json(app, &path, &token).await }
    };
    let (_, before) = accesses(&w.admin).await;
    assert_eq!(before["meta"]["total"], 0);

    // Rita reads the record and the history; the admin exports.
    assert_eq!(app.get(&format!("/api/clients/{}", w.maria), &w.rita).await.status(), StatusCode::OK);
    assert_eq!(app.get(&format!("/api/clients/{}/history", w.maria), &w.rita).await.status(), StatusCode::OK);
    assert_eq!(app.get(&format!("/api/clients/{}/export", w.maria), &w.admin).await.status(), StatusCode::OK);
    // A refused read is not a read.
    assert_eq!(app.get(&format!("/api/clients/{}", w.maria), &w.paula).await.status(), StatusCode::NOT_FOUND);
    // The client's page (first paint) is a read too, with the address.
    let browser = crate::common::new_client();
    browser.post(app.url("/api/login")).json(&json!({ "email": "rita@example.com", "password": PASSWORD })).send().await.unwrap();
    let page = browser.get(app.url(&format!("/clients/{}", w.maria))).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);

    // Written beside the answers: waited for.
    let log = crate::common::eventually("the five reads logged", Duration::from_secs(10), async || {
        let (status, log) = accesses(&w.admin).await;
        if status == StatusCode::OK && log["meta"]["total"] == 5 { Ok(log) } else { Err(format!("{status} {log}")) }
    })
    .await;
    let rows: Vec<(String, String)> =
        log["data"].as_array().unwrap().iter().map(|r| (r["userName"].as_str().unwrap().into(), r["what"].as_str().unwrap().into())).collect();
    // Newest first: the page's record and history, the export, then Rita's two.
    let expected = [("Rita Recepção", "history"), ("Rita Recepção", "record"), ("Administrador", "export"), ("Rita Recepção", "history"), ("Rita Recepção", "record")];
    let expected: Vec<(String, String)> = expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(rows, expected, "{log}");
    assert!(log["data"][0]["address"].as_str().unwrap().contains("127.0.0.1"), "{log}");
    assert!(log["data"][0]["at"].as_str().unwrap().ends_with("-03:00"));
    // Paged.
    let (_, page) = get_json(&app, &format!("/api/clients/{}/accesses?per_page=2&page=3", w.maria), &w.admin).await;
    assert_eq!(page["data"].as_array().unwrap().len(), 1);
    assert_eq!(page["meta"]["total"], 5);

    // Admins only; nobody edits it.
    assert_eq!(accesses(&w.rita).await.0, StatusCode::FORBIDDEN);
    assert_eq!(accesses(&w.paula).await.0, StatusCode::FORBIDDEN);
    let path = format!("/api/clients/{}/accesses", w.maria);
    for method in [Method::POST, Method::PUT, Method::DELETE, Method::PATCH] {
        let response = app.http.request(method.clone(), app.url(&path)).bearer_auth(&w.admin).json(&json!({})).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
    }

    // The LGPD export carries it.
    let (_, export) = get_json(&app, &format!("/api/clients/{}/export", w.maria), &w.admin).await;
    let kinds: Vec<&str> = export["accesses"].as_array().unwrap().iter().map(|a| a["what"].as_str().unwrap()).collect();
    assert_eq!(kinds[..5], ["record", "history", "export", "record", "history"]);

    // The "Acessos" card is in the first HTML, for admins only.
    let admin_browser = crate::common::new_client();
    admin_browser
        .post(app.url("/api/login"))
        .json(&json!({ "email": crate::common::ADMIN_EMAIL, "password": crate::common::ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    // The second export's row, written beside its answer, before the page.
    crate::common::eventually("the export's read logged", Duration::from_secs(10), async || {
        let total = accesses(&w.admin).await.1["meta"]["total"].as_i64().unwrap_or_default();
        if total == 6 { Ok(()) } else { Err(total) }
    })
    .await;
    let html = admin_browser.get(app.url(&format!("/clients/{}", w.maria))).send().await.unwrap().text().await.unwrap();
    assert!(html.contains(">Acessos<") && html.contains("Rita Recepção"), "the card, rendered on the server");
    let html = browser.get(app.url(&format!("/clients/{}", w.maria))).send().await.unwrap().text().await.unwrap();
    assert!(!html.contains(">Acessos<"));

    // The retention period: two years unless set; 180 to 3,650 days.
    let (_, settings) = get_json(&app, "/api/access-log/settings", &w.admin).await;
    assert_eq!(settings["data"]["retentionDays"], 730);
    for bad in [json!({ "retentionDays": 10 }), json!({ "retentionDays": 4000 }), json!({}), json!({ "retentionDays": 365, "x": 1 })] {
        let (status, body) = json_of(app.put("/api/access-log/settings", &w.admin, bad.clone()).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(body["message"].is_string());
    }
    assert_eq!(app.put("/api/access-log/settings", &w.rita, json!({ "retentionDays": 365 })).await.status(), StatusCode::FORBIDDEN);
    let (status, body) = json_of(app.put("/api/access-log/settings", &w.admin, json!({ "retentionDays": 365 })).await).await;
    assert_eq!((status, body["data"]["retentionDays"].as_i64()), (StatusCode::OK, Some(365)));
    // Every page's reads written (two pages: four rows, beside the six),
    // before the record reads are made old.
    crate::common::eventually("the pages' reads logged", Duration::from_secs(10), async || {
        let total = accesses(&w.admin).await.1["meta"]["total"].as_i64().unwrap_or_default();
        if total == 10 { Ok(()) } else { Err(total) }
    })
    .await;
    // Pruned past it: rows made old by hand go, the rest stay.
    let db = &app.state.db;
    let old = chrono::Utc::now() - chrono::Duration::days(400);
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, sea_query::Expr};
    entities::client_read::Entity::update_many()
        .col_expr(entities::client_read::Column::CreatedAt, Expr::value(old))
        .filter(entities::client_read::Column::What.eq(entities::client_read::ReadKind::Record))
        .exec(db)
        .await
        .unwrap();
    let kinds = async || -> Vec<entities::client_read::ReadKind> {
        entities::client_read::Entity::find().select_only().column(entities::client_read::Column::What).into_tuple().all(db).await.unwrap()
    };
    let before = kinds().await;
    let records = before.iter().filter(|k| **k == entities::client_read::ReadKind::Record).count() as u64;
    assert!(records >= 2);
    let pruned = expediente_core::clients::access_log::prune(db, chrono::Utc::now()).await.unwrap();
    assert_eq!(pruned, records);
    let after = kinds().await;
    assert_eq!(after.len() as u64, before.len() as u64 - records);
    assert!(after.iter().all(|k| *k != entities::client_read::ReadKind::Record));
}
both!(every_read_of_a_record_is_logged_and_admins_page_through_it);

// ---------------------------------------------------------------------------
// The table of docs/permissions.md, walked.

/// What a request got, as the table says it: allowed (2xx, or a 4xx of its
/// input: 400, 409, 422), or refused (403), or not there (404).
fn outcome(status: StatusCode) -> &'static str {
    match status.as_u16() {
        403 => "403",
        404 => "404",
        200..=299 | 400 | 409 | 422 => "allowed",
        other => panic!("unexpected {other}"),
    }
}

/// The table's rows: `METHOD /api/path` → the three roles' cells.
fn table() -> BTreeMap<(String, String), [String; 3]> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/permissions.md")).unwrap();
    let mut rows = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("| `") && l.contains(" /api/")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let (method, path) = cells[0].trim_matches('`').split_once(' ').unwrap();
        let class = |cell: &str| match cell.split_whitespace().next().unwrap() {
            "2xx" | "filtered" => "allowed".to_string(),
            other @ ("403" | "404") => other.to_string(),
            other => panic!("docs/permissions.md: unknown value {other} in {line}"),
        };
        let previous = rows.insert((method.to_lowercase(), path.to_string()), [class(cells[1]), class(cells[2]), class(cells[3])]);
        assert!(previous.is_none(), "docs/permissions.md: {method} {path} twice");
    }
    rows
}

/// The walk's request for an operation: its path with the world's ids,
/// the query it needs to reach its check, and its body.
fn request(w: &World, entries: &BTreeMap<&str, i64>, method: &str, path: &str) -> (String, Value) {
    let id = if path.starts_with("/api/clients/") {
        w.maria
    } else if path.starts_with("/api/appointments/") || path.starts_with("/api/reminders/") {
        w.rui_appointment
    } else if path.starts_with("/api/users/") {
        w.rui_id
    } else if path.starts_with("/api/services/") {
        w.service
    } else if path.starts_with("/api/time-off/") {
        w.rui_time_off
    } else if path.starts_with("/api/waitlist/") {
        // One entry for the delete, another for its offer's withdrawal.
        entries[if path.ends_with("/offer") { "waitlist offer" } else { "waitlist" }]
    } else {
        0
    };
    let entry = entries.get(path.split('/').nth(2).unwrap_or_default()).copied().unwrap_or(0);
    let mut url = path.replace("{id}", &id.to_string()).replace("{entryId}", &entry.to_string());
    match path {
        "/api/appointments/series" => url.push_str(&format!("?client_id={}", w.maria)),
        "/api/availability" => url.push_str("?duration_minutes=30"),
        "/api/reads" => url.push_str("?path=/clients"),
        _ => {}
    }
    let body = match (method, path) {
        ("patch", "/api/appointments/{id}/status") => json!({ "status": "confirmado", "version": 1 }),
        // Rui's appointment: Paula, a Profissional, does not reach it.
        ("post", "/api/presence") => json!({ "subject": "appointment", "id": w.rui_appointment }),
        _ => json!({}),
    };
    (url, body)
}

/// A client of its own waiting for a service of its own: the walk deletes
/// Maria and the world's service before it reaches the waitlist.
async fn waiting(app: &TestApp, admin: &str, name: &str) -> i64 {
    let client = app.create_client(admin, name).await;
    let service = app.created(admin, "/api/services", json!({ "name": format!("Consulta de {name}"), "durationMinutes": 30 })).await;
    let to = (crate::common::business_today() + chrono::Days::new(7)).to_string();
    app.created(admin, "/api/waitlist", json!({ "clientId": client, "serviceId": service["id"], "to": to })).await["id"].as_i64().unwrap()
}

async fn walk_as(backend: Backend, role: usize) -> Vec<String> {
    let app = spawn(backend).await;
    let w = world(&app).await;
    let token = [&w.admin, &w.rita, &w.paula][role].clone();
    let first_entry = |path: String| {
        let app = &app;
        let admin = w.admin.clone();
        async move { get_json(app, &path, &admin).await.1["data"][0]["id"].as_i64().unwrap() }
    };
    let entries = BTreeMap::from([
        ("clients", first_entry(format!("/api/clients/{}/history", w.maria)).await),
        ("appointments", first_entry(format!("/api/appointments/{}/history", w.rui_appointment)).await),
        ("waitlist", waiting(&app, &w.admin, "Lia Espera").await),
        ("waitlist offer", waiting(&app, &w.admin, "Leo Espera").await),
    ]);
    let doc = get_json(&app, "/api/openapi.json", &token).await.1;
    let rows = table();
    let mut operations: Vec<(String, String)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "patch", "delete"] {
            if item.get(method).is_some() {
                operations.push((method.to_string(), path.clone()));
            }
        }
    }
    let documented: BTreeSet<_> = operations.iter().cloned().collect();
    let tabled: BTreeSet<_> = rows.keys().cloned().collect();
    let mut problems: Vec<String> = Vec::new();
    for missing in documented.difference(&tabled) {
        problems.push(format!("{} {}: no row in docs/permissions.md", missing.0.to_uppercase(), missing.1));
    }
    for gone in tabled.difference(&documented) {
        problems.push(format!("{} {}: in docs/permissions.md but not in the API", gone.0.to_uppercase(), gone.1));
    }
    // Writes that remove or sign out last, so the reads still find their records.
    operations.sort_by_key(|(method, path)| (path == "/api/logout", method == "delete", path.clone(), method.clone()));
    for (method, path) in operations {
        let Some(expected) = rows.get(&(method.clone(), path.clone())) else { continue };
        let (url, body) = request(&w, &entries, &method, &path);
        let verb = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let mut builder = app.http.request(verb, app.url(&url)).bearer_auth(&token).timeout(Duration::from_secs(20));
        if method != "get" && method != "delete" {
            builder = builder.json(&body);
        }
        let status = builder.send().await.unwrap().status();
        let got = outcome(status);
        if got != expected[role] {
            problems.push(format!("{} {url} as {}: {status}, the table says {}", method.to_uppercase(), ["admin", "recepção", "profissional"][role], expected[role]));
        }
    }
    problems
}

async fn every_operation_answers_each_role_as_the_table_says(backend: Backend) {
    // One role after another: three apps signing in at once would fill the
    // password-hashing queue of a busy machine.
    let mut problems = Vec::new();
    for role in 0..3 {
        problems.extend(walk_as(backend, role).await);
    }
    assert!(problems.is_empty(), "docs/permissions.md disagrees with the API:\n{}", problems.join("\n"));
}
both!(every_operation_answers_each_role_as_the_table_says);
