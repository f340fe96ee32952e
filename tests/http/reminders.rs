//! Reminders: the client's link `/c/{token}`, the reminders
//! list and its WhatsApp links, the template, the e-mail outbox against a
//! real SMTP server (aiosmtpd, in the tests' Python environment), and the reports'
//! no-show rate with and without a reminder.

use std::path::PathBuf;
use std::time::Duration;

use chrono::{Duration as Days, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::*;

/// A client with e-mail and phone; its id.
async fn client_with(app: &TestApp, token: &str, name: &str, email: Option<&str>, phone: Option<&str>) -> i64 {
    app.created(token, "/api/clients", json!({ "name": name, "email": email, "phone": phone })).await["id"].as_i64().unwrap()
}

/// A haircut of `client`'s with Paula `hours` from now (may be negative).
fn haircut_in(f: &Fixture, client: i64, hours: i64) -> Value {
    let starts = (Utc::now() + Days::hours(hours)).format("%Y-%m-%dT%H:%M:00Z").to_string();
    appointment(client, f.staff, "Corte de cabelo", &starts, 30)
}

/// The business-zone date of an appointment's start.
fn day_of(appointment: &Value) -> String {
    appointment["startsAt"].as_str().unwrap()[..10].to_string()
}

async fn row_of(app: &TestApp, token: &str, appointment: &Value) -> Value {
    let (status, day) = json_of(app.get(&format!("/api/reminders?date={}", day_of(appointment)), token).await).await;
    assert_eq!(status, StatusCode::OK, "{day}");
    day["data"]["rows"].as_array().unwrap().iter().find(|r| r["appointmentId"] == appointment["id"]).cloned().expect("the appointment is listed")
}

async fn appointment_of(app: &TestApp, token: &str, id: &Value) -> Value {
    let (status, body) = json_of(app.get(&format!("/api/appointments/{id}"), token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// The path of a link (`/c/…`) whatever the host.
fn path_of(link: &str) -> String {
    link[link.find("/c/").expect("a client's link")..].to_string()
}

async fn post_form(app: &TestApp, path: &str, form: &str) -> reqwest::Response {
    app.http
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.to_string())
        .send()
        .await
        .unwrap()
}

/// An appointment's local time as the link's page writes it (HH:MM).
fn local_time(appointment: &Value) -> String {
    appointment["startsAt"].as_str().expect("startsAt")[11..16].to_string()
}

/// A token with one character changed.
fn altered(token: &str, at: usize) -> String {
    let mut chars: Vec<char> = token.chars().collect();
    chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
    chars.into_iter().collect()
}

async fn the_clients_link_confirms_and_cancels_once(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let ana = client_with(&app, &f.token, "Ana Costa", Some("ana@example.com"), Some("11987654321")).await;
    let first = app.book(&f.token, haircut_in(&f, ana, 30)).await;
    let second = app.book(&f.token, haircut_in(&f, ana, 50)).await;
    let link = row_of(&app, &f.token, &first).await["link"].as_str().unwrap().to_string();
    assert!(link.starts_with(&app.base), "{link}");
    let path = path_of(&link);
    let token = path.trim_start_matches("/c/").to_string();

    // The page: the appointment, two buttons, small, no cookie, no framing.
    let response = app.http.get(app.url(&path)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("set-cookie").is_none(), "no cookie is set");
    let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    assert!(header("content-security-policy").contains("frame-ancestors 'none'"), "{}", header("content-security-policy"));
    assert_eq!(header("x-frame-options"), "DENY");
    assert_eq!(header("referrer-policy"), "no-referrer");
    assert_eq!(header("cache-control"), "no-store");
    let html = response.text().await.unwrap();
    assert!(html.len() <= 6 * 1024, "{} bytes", html.len());
    for text in ["Expediente", "Ana Costa", "Paula Lima", "Corte de cabelo", "Confirmar", "Cancelar", "name=\"action\" value=\"confirm\""] {
        assert!(html.contains(text), "{text} in {html}");
    }
    assert!(!html.contains("<script"), "nothing else is needed");

    // A GET never changes anything, whatever its query says.
    let response = app.http.get(app.url(&format!("{path}?action=confirm"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["status"], "agendado");

    // One character changed anywhere: refused, nothing changed.
    for at in [0, 5, 20, token.len() - 1] {
        let bad = format!("/c/{}", altered(&token, at));
        let response = app.http.get(app.url(&bad)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{bad}");
        assert!(response.text().await.unwrap().contains("Link inválido"));
        let response = post_form(&app, &bad, "action=cancel&sure=1").await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{bad}");
    }
    // The first appointment's signature over the second's id: refused.
    {
        use base64::Engine;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut bytes = b64.decode(&token).unwrap();
        bytes[0..4].copy_from_slice(&(second["id"].as_i64().unwrap() as i32).to_be_bytes());
        let response = post_form(&app, &format!("/c/{}", b64.encode(bytes)), "action=cancel&sure=1").await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(appointment_of(&app, &f.token, &second["id"]).await["status"], "agendado");
    }
    // Expired: a link whose time has passed, and an appointment that has begun.
    let claims = expediente_core::people::auth::LinkClaims {
        appointment_id: first["id"].as_i64().unwrap() as i32,
        client_id: ana as i32,
        purpose: expediente_core::people::auth::LINK_RESPOND,
        exp: Utc::now().timestamp() - 1,
    };
    let stale = format!("/c/{}", app.state.keys.sign_link(&claims));
    let response = post_form(&app, &stale, "action=confirm").await;
    assert_eq!(response.status(), StatusCode::GONE);
    assert!(response.text().await.unwrap().contains("Este link expirou"));
    let begun = app.book(&f.token, haircut_in(&f, ana, -1)).await;
    let claims = expediente_core::people::auth::LinkClaims { appointment_id: begun["id"].as_i64().unwrap() as i32, exp: Utc::now().timestamp() + 3600, ..claims };
    let response = post_form(&app, &format!("/c/{}", app.state.keys.sign_link(&claims)), "action=cancel&sure=1").await;
    assert_eq!(response.status(), StatusCode::GONE);
    assert_eq!(appointment_of(&app, &f.token, &begun["id"]).await["status"], "agendado");
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["status"], "agendado");

    // No action, or another one: a 422, nothing changed.
    let response = post_form(&app, &path, "action=delete").await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let response = post_form(&app, &path, "").await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["version"], first["version"]);

    // Confirm: confirmado, by the client; again: nothing more.
    let response = post_form(&app, &path, "action=confirm").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("set-cookie").is_none());
    assert!(response.text().await.unwrap().contains("Horário confirmado"));
    let confirmed = appointment_of(&app, &f.token, &first["id"]).await;
    assert_eq!(confirmed["status"], "confirmado");
    let response = post_form(&app, &path, "action=confirm").await;
    assert!(response.text().await.unwrap().contains("já estava confirmado"));
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["version"], confirmed["version"]);
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", first["id"]), &f.token).await).await;
    let entry = &history["data"][0];
    assert_eq!(entry["actor"], "cliente", "{history}");
    assert_eq!(entry["userId"], Value::Null);
    assert_eq!(entry["changes"]["status"], json!({ "old": "agendado", "new": "confirmado" }));

    // Cancel: asked first, with the day and time, nothing changed; "Voltar"
    // is the link's page again.
    let response = post_form(&app, &path, "action=cancel").await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("Cancelar o horário?") && html.contains(&format!("às {}?", &local_time(&confirmed))), "{html}");
    assert!(html.contains("name=\"sure\" value=\"1\"") && html.contains("Sim, cancelar") && html.contains("href=\"\">Voltar</a>"), "{html}");
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["version"], confirmed["version"]);
    // Answered: cancelado with the client's reason; then the link is spent.
    let response = post_form(&app, &path, "action=cancel&sure=1").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains("Horário cancelado"));
    let cancelled = appointment_of(&app, &f.token, &first["id"]).await;
    assert_eq!(cancelled["status"], "cancelado");
    assert_eq!(cancelled["cancellationReason"], "Cancelado pelo cliente");
    for action in ["action=confirm", "action=cancel"] {
        let response = post_form(&app, &path, action).await;
        assert_eq!(response.status(), StatusCode::CONFLICT);
        assert!(response.text().await.unwrap().contains("foi cancelado"));
    }
    let response = app.http.get(app.url(&path)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(appointment_of(&app, &f.token, &first["id"]).await["version"], cancelled["version"]);
    let row = row_of(&app, &f.token, &first).await;
    assert_eq!(row["status"], "cancelado");
    assert_eq!(row["clientResponse"], "cancelou");
    assert_eq!(row["link"], Value::Null, "no link for a cancelled appointment");
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", first["id"]), &f.token).await).await;
    assert_eq!(history["data"][0]["actor"], "cliente");
    assert_eq!(history["data"][0]["changes"]["cancellationReason"]["new"], "Cancelado pelo cliente");

    // The dashboard tells the front desk, newest first; a Profissional
    // sees only the replies on their own agenda.
    let (_, dashboard) = json_of(app.get("/api/dashboard", &f.token).await).await;
    let replies = dashboard["data"]["clientReplies"].as_array().unwrap();
    let said: Vec<(&str, &str, i64)> =
        replies.iter().map(|r| (r["reply"].as_str().unwrap(), r["appointment"]["clientName"].as_str().unwrap(), r["appointment"]["id"].as_i64().unwrap())).collect();
    let id = first["id"].as_i64().unwrap();
    assert_eq!(said, vec![("cancelou", "Ana Costa", id), ("confirmou", "Ana Costa", id)], "{dashboard}");
    assert_eq!(replies[0]["appointment"]["status"], "cancelado");
    app.create_user(&f.token, "Rui Alves Prof", "rui.prof@example.com", "professional", "senha-do-rui-123").await;
    let other = app.login("rui.prof@example.com", "senha-do-rui-123").await;
    let (_, dashboard) = json_of(app.get("/api/dashboard", &other).await).await;
    assert_eq!(dashboard["data"]["clientReplies"], json!([]), "{dashboard}");
}
both!(the_clients_link_confirms_and_cancels_once);

async fn a_flood_of_guessed_links_is_throttled(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let first = app.book(&f.token, haircut_in(&f, f.maria, 30)).await;
    let good = path_of(row_of(&app, &f.token, &first).await["link"].as_str().unwrap());
    let mut last = StatusCode::OK;
    for i in 0..=expediente::public::link::MAX_BAD_LINKS {
        last = app.http.get(app.url(&format!("/c/guess{i:034}"))).send().await.unwrap().status();
        if i < expediente::public::link::MAX_BAD_LINKS {
            assert_eq!(last, StatusCode::NOT_FOUND, "guess {i}");
        }
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    let response = post_form(&app, "/c/another-guess", "action=cancel&sure=1").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().get("retry-after").is_some());
    // A real link still works from that address.
    assert_eq!(app.http.get(app.url(&good)).send().await.unwrap().status(), StatusCode::OK);
}
both!(a_flood_of_guessed_links_is_throttled);

/// The front desk picked the wrong "Maria": the appointment goes to another
/// client. The first client's link, e-mailed at once, then opens nothing;
/// the new client is sent a link of their own. A link follows its own
/// appointment's new time and staff member, and acts on them.
async fn a_link_holds_only_for_the_client_it_was_sent_to(backend: Backend) {
    let port = free_port();
    let smtp = Smtp::start(port, 0);
    let app = with_smtp(backend, port).await;
    let f = fixture(&app).await;
    let first = client_with(&app, &f.token, "Maria Silva", Some("maria.silva@example.com"), None).await;
    let second = client_with(&app, &f.token, "Maria Silveira Dantas", Some("dantas@example.com"), None).await;
    let booked = app.book(&f.token, haircut_in(&f, first, 3)).await;
    let messages = smtp.wait_for(1).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    let link_in = |message: &Value| {
        let text = message["text"].as_str().unwrap();
        let start = text.find(&format!("{}/c/", app.base)).expect("the link in the text");
        path_of(text[start..].split_whitespace().next().unwrap())
    };
    let sent_to_first = link_in(&messages[0]);
    assert_eq!(app.http.get(app.url(&sent_to_first)).send().await.unwrap().status(), StatusCode::OK);
    wait_state(&app, &f.token, &booked, "sent").await;

    let body = json!({ "clientId": second, "version": booked["version"] });
    let (status, given) = json_of(app.put(&format!("/api/appointments/{}", booked["id"]), &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{given}");
    // The first client's link: refused as an unknown one, showing nothing.
    let response = app.http.get(app.url(&sent_to_first)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let html = response.text().await.unwrap();
    assert!(html.contains("Link inválido") && !html.contains("Dantas") && !html.contains("Paula Lima"), "{html}");
    for action in ["action=cancel&sure=1", "action=cancel", "action=confirm", ""] {
        let response = post_form(&app, &sent_to_first, action).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{action}");
        assert!(!response.text().await.unwrap().contains("Dantas"));
    }
    let now = appointment_of(&app, &f.token, &booked["id"]).await;
    assert_eq!((now["status"].as_str(), now["version"].as_i64()), (Some("agendado"), given["data"]["version"].as_i64()), "nothing changed");
    // The new client gets a reminder of their own, whose link works.
    let messages = smtp.wait_for(2).await;
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert_eq!(messages[1]["to"], json!(["dantas@example.com"]));
    let sent_to_second = link_in(&messages[1]);
    assert_ne!(sent_to_second, sent_to_first);
    let html = app.http.get(app.url(&sent_to_second)).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("Maria Silveira Dantas"), "{html}");
    assert_eq!(path_of(row_of(&app, &f.token, &booked).await["link"].as_str().unwrap()), sent_to_second, "the screen's link is the new client's");

    // Moved to another time and staff member: the page reads the row as it is now.
    let later = Utc::now() + Days::hours(2);
    let body = json!({ "startsAt": later.format("%Y-%m-%dT%H:%M:00Z").to_string(), "staffId": f.other_staff, "version": given["data"]["version"] });
    let (status, moved) = json_of(app.put(&format!("/api/appointments/{}", booked["id"]), &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let time = &moved["data"]["startsAt"].as_str().unwrap()[11..16];
    let html = app.http.get(app.url(&sent_to_second)).send().await.unwrap().text().await.unwrap();
    assert!(html.contains(&format!("<dd>{time}</dd>")) && html.contains("Rui Alves") && !html.contains("Paula Lima"), "{time} in {html}");
    let response = post_form(&app, &sent_to_second, "action=confirm").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains(&format!("<dd>{time}</dd>")));
    let confirmed = appointment_of(&app, &f.token, &booked["id"]).await;
    assert_eq!(confirmed["status"], "confirmado");
    assert_eq!((&confirmed["startsAt"], &confirmed["staffId"]), (&moved["data"]["startsAt"], &moved["data"]["staffId"]));
    // Still the first client's link opens nothing.
    assert_eq!(post_form(&app, &sent_to_first, "action=cancel&sure=1").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(appointment_of(&app, &f.token, &booked["id"]).await["status"], "confirmado");
}
both!(a_link_holds_only_for_the_client_it_was_sent_to);

async fn the_reminders_list_offers_whatsapp_and_marks_it_sent(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let ana = client_with(&app, &f.token, "Ana Costa", None, Some("(11) 98765-4321")).await;
    let fixo = client_with(&app, &f.token, "Beto Fixo", None, Some("1133334444")).await;
    let with_phone = app.book(&f.token, haircut_in(&f, ana, 30)).await;
    let landline = app.book(&f.token, haircut_in(&f, fixo, 31)).await;
    let without = app.book(&f.token, haircut_in(&f, f.joao, 32)).await;

    let row = row_of(&app, &f.token, &with_phone).await;
    let url = row["whatsappUrl"].as_str().unwrap();
    assert!(url.starts_with("https://wa.me/5511987654321?text="), "{url}");
    let text = percent_encoding::percent_decode_str(&url[url.find("text=").unwrap() + 5..]).decode_utf8().unwrap().to_string();
    assert!(text.starts_with("Olá, Ana Costa! Lembramos do seu horário de Corte de cabelo com Paula Lima em "), "{text}");
    assert!(text.contains(&format!("{}/c/", app.base)), "{text}");
    assert_eq!(row["phoneProblem"], Value::Null);
    assert_eq!(row["emailState"], "off", "no --smtp-url: e-mail is off");
    assert_eq!(row["whatsappSentAt"], Value::Null);
    let row = row_of(&app, &f.token, &landline).await;
    assert_eq!(row["phoneProblem"], "Telefone fixo: o WhatsApp precisa de um celular.");
    assert_eq!(row["whatsappUrl"], Value::Null);
    let row = row_of(&app, &f.token, &without).await;
    assert_eq!(row["phoneProblem"], "Sem telefone cadastrado.");

    // Marked sent: who and when, and audited.
    let (status, marked) = json_of(app.post(&format!("/api/reminders/{}/whatsapp", with_phone["id"]), &f.token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{marked}");
    assert!(marked["data"]["whatsappSentAt"].is_string(), "{marked}");
    assert!(marked["data"]["whatsappSentBy"].is_string(), "{marked}");
    let row = row_of(&app, &f.token, &with_phone).await;
    assert_eq!(row["whatsappSentAt"], marked["data"]["whatsappSentAt"]);
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", with_phone["id"]), &f.token).await).await;
    assert_eq!(history["data"][0]["action"], "reminder");
    assert!(history["data"][0]["userId"].is_number());
    let (_, day) = json_of(app.get(&format!("/api/reminders?date={}", day_of(&with_phone)), &f.token).await).await;
    assert_eq!(day["data"]["emailEnabled"], false);

    // Unknown appointment: 404; a cancelled one: 422; a bad day: 422.
    let (status, _) = json_of(app.post("/api/reminders/999999/whatsapp", &f.token, json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let cancel = json!({ "status": "cancelado", "version": without["version"], "cancellationReason": "Cliente avisou" });
    let (status, _) = json_of(app.patch(&format!("/api/appointments/{}/status", without["id"]), &f.token, cancel).await).await;
    assert_eq!(status, StatusCode::OK);
    let answer = json_of(app.post(&format!("/api/reminders/{}/whatsapp", without["id"]), &f.token, json!({})).await).await;
    assert_field_error("cancelled", &answer, "status", "Este agendamento está cancelado");
    let answer = json_of(app.get("/api/reminders?date=2026-13-01", &f.token).await).await;
    assert_field_error("bad day", &answer, "date", "Data inválida");
    let (status, day) = json_of(app.get("/api/reminders", &f.token).await).await;
    assert_eq!(status, StatusCode::OK);
    // The next working day after the business's today (its zone: the default, São Paulo), whatever the hour in UTC.
    assert!(day["data"]["date"].as_str().unwrap() > business_today().to_string().as_str(), "{day}");
}
both!(the_reminders_list_offers_whatsapp_and_marks_it_sent);

async fn the_template_is_checked_previewed_and_kept(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let booked = app.book(&f.token, haircut_in(&f, f.maria, 30)).await;
    let (status, before) = json_of(app.get("/api/reminders/settings", &f.token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(before["data"]["hoursBefore"], 24);
    assert_eq!(before["data"]["emailEnabled"], false);

    let answer = json_of(app.put("/api/reminders/settings", &f.token, json!({ "template": "Oi {nome}, até {data}" })).await).await;
    assert_field_error("unknown", &answer, "template", "Marcador desconhecido: {nome}.");
    let answer = json_of(app.put("/api/reminders/settings", &f.token, json!({ "template": "a".repeat(1001) })).await).await;
    assert_field_error("long", &answer, "template", "A mensagem pode ter até 1000 caracteres.");
    let answer = json_of(app.put("/api/reminders/settings", &f.token, json!({ "hoursBefore": 0 })).await).await;
    assert_field_error("hours", &answer, "hoursBefore", "Use de 1 a 168 horas");
    let answer = json_of(app.put("/api/reminders/settings", &f.token, json!({ "colour": "azul" })).await).await;
    assert_eq!(answer.0, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = json_of(app.post("/api/reminders/preview", &f.token, json!({ "template": "{cliente} {hora2}" })).await).await;
    assert_field_error("preview", &answer, "template", "Marcador desconhecido: {hora2}.");
    let (_, after) = json_of(app.get("/api/reminders/settings", &f.token).await).await;
    assert_eq!(after, before, "nothing changed");

    // The preview fills the template with a real appointment.
    let template = "Oi {cliente}: {servico} com {profissional}, {data} {hora}. {link}";
    let body = json!({ "template": template, "appointmentId": booked["id"] });
    let (status, preview) = json_of(app.post("/api/reminders/preview", &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    let text = preview["data"]["text"].as_str().unwrap();
    assert!(text.starts_with("Oi Maria Souza: Corte de cabelo com Paula Lima, "), "{text}");
    assert!(text.contains(&format!("{}/c/", app.base)), "{text}");
    let (_, preview) = json_of(app.post("/api/reminders/preview", &f.token, json!({ "template": template })).await).await;
    assert_eq!(preview["data"]["appointmentId"], booked["id"], "the next appointment by default");

    // Staff may not change it; an admin may.
    app.staff_user("Zé Equipe", "ze@example.com").await;
    let staff = app.login("ze@example.com", "senha-do-staff-1").await;
    let (status, _) = json_of(app.put("/api/reminders/settings", &staff, json!({ "hoursBefore": 2 })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let body = json!({ "template": template, "hoursBefore": 2, "businessName": "Clínica Sol" });
    let (status, saved) = json_of(app.put("/api/reminders/settings", &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, after) = json_of(app.get("/api/reminders/settings", &f.token).await).await;
    assert_eq!(after["data"]["template"], template);
    assert_eq!(after["data"]["hoursBefore"], 2);
    let row = row_of(&app, &f.token, &booked).await;
    let page = app.http.get(app.url(&path_of(row["link"].as_str().unwrap()))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Clínica Sol"), "{page}");
}
both!(the_template_is_checked_previewed_and_kept);

async fn a_clients_name_is_never_read_as_a_placeholder(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let name = "{link} {profissional} {hora}";
    let client = client_with(&app, &f.token, name, None, Some("11987654321")).await;
    let booked = app.book(&f.token, haircut_in(&f, client, 30)).await;
    let template = "Olá, {cliente}! {servico} com {profissional}.";
    let body = json!({ "template": template, "appointmentId": booked["id"] });
    let (status, preview) = json_of(app.post("/api/reminders/preview", &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(preview["data"]["text"], format!("Olá, {name}! Corte de cabelo com Paula Lima."));
    // The WhatsApp message, from the default template, calls them the same.
    let url = row_of(&app, &f.token, &booked).await["whatsappUrl"].as_str().unwrap().to_string();
    let text = percent_encoding::percent_decode_str(&url[url.find("text=").unwrap() + 5..]).decode_utf8().unwrap().to_string();
    assert!(text.starts_with(&format!("Olá, {name}! Lembramos do seu horário de Corte de cabelo com Paula Lima em ")), "{text}");
    assert_eq!(text.matches("/c/").count(), 1, "one link, where the template puts it: {text}");
}
both!(a_clients_name_is_never_read_as_a_placeholder);

async fn reports_compare_no_shows_with_and_without_a_reminder(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    // Four past appointments: two reminded (one missed), two not (both missed).
    let mut ids = Vec::new();
    for hours in [-50, -49, -48, -47] {
        ids.push(app.book(&f.token, haircut_in(&f, f.maria, hours)).await);
    }
    for (i, a) in ids.iter().enumerate() {
        if i < 2 {
            let (status, body) = json_of(app.post(&format!("/api/reminders/{}/whatsapp", a["id"]), &f.token, json!({})).await).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let a = appointment_of(&app, &f.token, &a["id"]).await;
        let (_, a) = json_of(app.patch(&format!("/api/appointments/{}/status", a["id"]), &f.token, json!({ "status": "confirmado", "version": a["version"] })).await).await;
        let end = if i == 0 { "concluido" } else { "faltou" };
        let (status, body) = json_of(app.patch(&format!("/api/appointments/{}/status", a["data"]["id"]), &f.token, json!({ "status": end, "version": a["data"]["version"] })).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let from = (Utc::now() - Days::days(4)).format("%Y-%m-%d");
    let to = Utc::now().format("%Y-%m-%d");
    let (status, summary) = json_of(app.get(&format!("/api/reports/summary?from={from}&to={to}"), &f.token).await).await;
    assert_eq!(status, StatusCode::OK, "{summary}");
    assert_eq!(summary["data"]["reminders"]["withReminder"], json!({ "total": 2, "concluido": 1, "faltou": 1, "noShowRate": 0.5 }));
    assert_eq!(summary["data"]["reminders"]["withoutReminder"], json!({ "total": 2, "concluido": 0, "faltou": 2, "noShowRate": 1.0 }));
    let csv = app.get(&format!("/api/reports/export.csv?from={from}&to={to}"), &f.token).await.text().await.unwrap();
    assert!(csv.contains("Lembrete;Agendamentos;Concluídos;Faltas;Taxa de faltas (%)"), "{csv}");
    assert!(csv.contains("Com lembrete enviado;2;1;1;50,0"), "{csv}");
    assert!(csv.contains("Sem lembrete;2;0;2;100,0"), "{csv}");
}
both!(reports_compare_no_shows_with_and_without_a_reminder);

// ---- E-mail, against a real SMTP server ----

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// aiosmtpd on `port`, writing what it accepts under a directory of its own.
pub(crate) struct Smtp {
    child: std::process::Child,
    dir: PathBuf,
}

impl Smtp {
    pub(crate) fn start(port: u16, refuse_first: u32) -> Smtp {
        Smtp::answering_after(port, refuse_first, Duration::ZERO)
    }

    /// A server that answers each message `delay` after it arrived.
    fn answering_after(port: u16, refuse_first: u32, delay: Duration) -> Smtp {
        let dir = std::env::temp_dir().join(format!("expediente-smtp-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/http/smtp_server.py");
        let mut child = std::process::Command::new(python())
            .arg(script)
            .arg(port.to_string())
            .arg(&dir)
            .arg(refuse_first.to_string())
            .arg(delay.as_secs_f64().to_string())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::BufRead;
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "ready");
        Smtp { child, dir }
    }

    pub(crate) fn messages(&self) -> Vec<Value> {
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(&self.dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
        names.sort();
        names.iter().map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()).collect()
    }

    /// Waits until at least `n` messages arrived (20 s at most), then returns them all.
    pub(crate) async fn wait_for(&self, n: usize) -> Vec<Value> {
        let arrived = async || Some(self.messages()).filter(|messages| messages.len() >= n);
        eventually(&format!("{n} messages"), Duration::from_secs(20), arrived).await
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) const FROM: &str = "Clínica Exemplo <agenda@example.com>";

async fn with_smtp(backend: Backend, port: u16) -> TestApp {
    spawn_with(backend, Options { smtp: Some((format!("smtp://127.0.0.1:{port}"), FROM.into())), mail_retry_seconds: Some(1), ..Options::default() }).await
}

/// Waits until the row's e-mail state is `state` (or 60 s: on a busy
/// machine the retries' waits have doubled a few times); the row.
async fn wait_state(app: &TestApp, token: &str, appointment: &Value, state: &str) -> Value {
    let row = async || {
        let row = row_of(app, token, appointment).await;
        if row["emailState"] == state { Ok(row) } else { Err(row) }
    };
    eventually(&format!("the e-mail becomes {state}"), Duration::from_secs(60), row).await
}

async fn reminders_go_out_by_email_once_each(backend: Backend) {
    let port = free_port();
    let smtp = Smtp::start(port, 0);
    let app = with_smtp(backend, port).await;
    let f = fixture(&app).await;
    let ana = client_with(&app, &f.token, "Ana Costa", Some("ana@example.com"), None).await;
    // Inside the 24 hours: at once. Three days ahead: later, pending.
    let soon = app.book(&f.token, haircut_in(&f, ana, 3)).await;
    let later = app.book(&f.token, haircut_in(&f, ana, 72)).await;
    let messages = smtp.wait_for(1).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    let message = &messages[0];
    assert_eq!(message["to"], json!(["ana@example.com"]));
    let headers = &message["headers"];
    for name in ["Date", "Message-ID", "List-Unsubscribe", "Subject", "From", "To"] {
        assert!(headers[name].is_string(), "{name} in {headers}");
    }
    assert!(headers["Subject"].as_str().unwrap().starts_with("Lembrete: Corte de cabelo em "), "{headers}");
    assert!(headers["List-Unsubscribe"].as_str().unwrap().starts_with("<mailto:agenda@example.com"), "{headers}");
    assert!(headers["Message-ID"].as_str().unwrap().ends_with("@example.com>"), "{headers}");
    let text = message["text"].as_str().unwrap();
    assert!(text.contains("Olá, Ana Costa!") && text.contains("Profissional: Paula Lima"), "{text}");
    assert!(message["html"].as_str().unwrap().contains("Confirmar ou cancelar o horário"));
    // The link works: it opens the appointment and confirms it.
    let start = text.find(&format!("{}/c/", app.base)).expect("the link in the text");
    let link = text[start..].split_whitespace().next().unwrap();
    let path = path_of(link);
    assert_eq!(app.http.get(app.url(&path)).send().await.unwrap().status(), StatusCode::OK);
    assert_eq!(post_form(&app, &path, "action=confirm").await.status(), StatusCode::OK);
    assert_eq!(appointment_of(&app, &f.token, &soon["id"]).await["status"], "confirmado");
    let row = wait_state(&app, &f.token, &soon, "sent").await;
    assert!(row["emailSentAt"].is_string());
    assert_eq!(row_of(&app, &f.token, &later).await["emailState"], "pending");

    // Moved into the window: its reminder is replaced and goes at once.
    let body = json!({ "startsAt": (Utc::now() + Days::hours(5)).format("%Y-%m-%dT%H:%M:00Z").to_string(), "version": later["version"] });
    let (status, moved) = json_of(app.put(&format!("/api/appointments/{}", later["id"]), &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let messages = smtp.wait_for(2).await;
    assert_eq!(messages.len(), 2);
    // Cancelled before its time: its pending reminder is withdrawn.
    let third = app.book(&f.token, haircut_in(&f, ana, 80)).await;
    assert_eq!(row_of(&app, &f.token, &third).await["emailState"], "pending");
    let cancel = json!({ "status": "cancelado", "version": third["version"], "cancellationReason": "Mudou de cidade" });
    let (status, _) = json_of(app.patch(&format!("/api/appointments/{}/status", third["id"]), &f.token, cancel).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(row_of(&app, &f.token, &third).await["emailState"], "none");
    // Nothing more arrives: one message per reminder.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(smtp.messages().len(), 2);
    let (_, settings) = json_of(app.get("/api/reminders/settings", &f.token).await).await;
    assert_eq!(settings["data"]["emailEnabled"], true);
}
both!(reminders_go_out_by_email_once_each);

async fn a_refusing_server_gets_each_message_once_when_it_recovers(backend: Backend) {
    let port = free_port();
    // Nothing listens yet: the connection is refused, and retried.
    let app = with_smtp(backend, port).await;
    let f = fixture(&app).await;
    let ana = client_with(&app, &f.token, "Ana Costa", Some("ana@example.com"), None).await;
    let refused = client_with(&app, &f.token, "Rita Recusa", Some("recusa@example.com"), None).await;
    let first = app.book(&f.token, haircut_in(&f, ana, 3)).await;
    let tried = async || {
        let row = row_of(&app, &f.token, &first).await;
        if row["emailError"].is_string() { Ok(row) } else { Err(row) }
    };
    let row = eventually("the refused connection is kept on the row", Duration::from_secs(20), tried).await;
    assert!(row["emailState"] == "pending" || row["emailState"] == "sending", "{row}");
    // Up now, but answering the first message 451 (retried), then accepting.
    let smtp = Smtp::start(port, 1);
    let second = app.book(&f.token, haircut_in(&f, refused, 4)).await;
    wait_state(&app, &f.token, &first, "sent").await;
    // A 550 is a permanent failure, kept for the screen.
    let row = wait_state(&app, &f.token, &second, "failed").await;
    assert!(row["emailError"].as_str().unwrap().contains("550"), "{row}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1, "exactly once: {messages:?}");
    assert_eq!(messages[0]["to"], json!(["ana@example.com"]));
}
both!(a_refusing_server_gets_each_message_once_when_it_recovers);

/// The release binary on `app`'s database and secret, sending e-mail through `smtp_port`.
fn sender_process(app: &TestApp, smtp_port: u16) -> Process {
    let port = free_port();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("EXPEDIENTE_DATA_DIR", &app.state.config.data_dir)
        .env("EXPEDIENTE_ADDR", format!("127.0.0.1:{port}"))
        .env("EXPEDIENTE_SSR", "off")
        .env("EXPEDIENTE_JWT_SECRET", app.state.config.jwt_secret.as_deref().unwrap())
        .env("EXPEDIENTE_PUBLIC_URL", &app.base)
        .env("EXPEDIENTE_SMTP_URL", format!("smtp://127.0.0.1:{smtp_port}"))
        .env("EXPEDIENTE_MAIL_FROM", FROM)
        .env("EXPEDIENTE_MAIL_RETRY_SECONDS", "1")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    Process { child, base: format!("http://127.0.0.1:{port}") }
}

async fn a_stopped_sender_loses_nothing_and_two_never_send_twice(backend: Backend) {
    // Booked here (no e-mail in this instance): the outbox holds them.
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let mut booked = Vec::new();
    for i in 0..6 {
        let client = client_with(&app, &f.token, &format!("Cliente {i}"), Some(&format!("cliente{i}@example.com")), None).await;
        booked.push(app.book(&f.token, haircut_in(&f, client, 3 + i)).await);
    }
    // A sender that cannot reach its server tries, and is killed.
    let port = free_port();
    let mut first = sender_process(&app, port);
    let db = &app.state.db;
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let tried = async || entities::reminder::Entity::find().filter(entities::reminder::Column::Attempts.gt(0)).count(db).await.unwrap() > 0;
    eventually("the first sender tries", Duration::from_secs(20), tried).await;
    let _ = first.child.kill();
    let _ = first.child.wait();
    // Killed while holding a claim: that claim lapses (the lease), never lost.
    let lapse = sea_orm::sea_query::Expr::value(Utc::now());
    entities::reminder::Entity::update_many()
        .col_expr(entities::reminder::Column::NextAttemptAt, lapse)
        .filter(entities::reminder::Column::State.eq("sending"))
        .exec(db)
        .await
        .unwrap();
    // The server is up; two senders (on PostgreSQL; one on SQLite) share the outbox.
    let smtp = Smtp::start(port, 0);
    let _second = sender_process(&app, port);
    let _third = (backend == Backend::Postgres).then(|| sender_process(&app, port));
    let messages = smtp.wait_for(booked.len()).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let messages_after = smtp.messages();
    assert_eq!(messages_after.len(), booked.len(), "each once: {messages:?}");
    let mut to: Vec<String> = messages_after.iter().map(|m| m["to"][0].as_str().unwrap().to_string()).collect();
    to.sort();
    to.dedup();
    assert_eq!(to.len(), booked.len(), "{to:?}");
    for a in &booked {
        assert_eq!(row_of(&app, &f.token, a).await["emailState"], "off", "this instance has no e-mail");
    }
    let sent = entities::reminder::Entity::find().filter(entities::reminder::Column::State.eq("sent")).all(db).await.unwrap();
    assert_eq!(sent.len(), booked.len());
}
both!(a_stopped_sender_loses_nothing_and_two_never_send_twice);

async fn a_slow_smtp_server_never_gets_a_message_twice(backend: Backend) {
    use expediente::jobs::mailer::{Mailer, pending, tick};
    // Eight reminders due; the server takes 1 s for each, and a claim
    // lasts 6 s: sent one after another they outlast any one claim.
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    for i in 0..8 {
        let client = client_with(&app, &f.token, &format!("Cliente {i}"), Some(&format!("cliente{i}@example.com")), None).await;
        app.book(&f.token, haircut_in(&f, client, 3 + i)).await;
    }
    let port = free_port();
    let smtp = Smtp::answering_after(port, 0, Duration::from_secs(1));
    let (cx, db) = (app.state.context(None), &app.state.db);
    // Two senders on one outbox, as two instances are: each sends until none is left.
    let sender = async || {
        let mailer = Mailer::new(&format!("smtp://127.0.0.1:{port}"), FROM, 1, 6).unwrap();
        let started = std::time::Instant::now();
        while pending(db).await.unwrap() > 0 && started.elapsed() < Duration::from_secs(60) {
            if tick(&cx, &mailer).await.unwrap() == 0 {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    futures::join!(sender(), sender());
    let to: Vec<String> = smtp.messages().iter().map(|m| m["to"][0].as_str().unwrap().to_string()).collect();
    let once: std::collections::BTreeSet<&String> = to.iter().collect();
    assert_eq!((to.len(), once.len()), (8, 8), "each once: {to:?}");
}
both!(a_slow_smtp_server_never_gets_a_message_twice);

#[test]
fn a_bad_smtp_url_stops_the_server_at_start() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
        .args(["--smtp-url", "http://mail.example.com", "--mail-from", "agenda@example.com", "migrate"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--smtp-url") && stderr.contains("smtp://host:port"), "{stderr}");
}

/// The notice e-mails (subject starting with `prefix`) among `messages`.
fn notices<'a>(messages: &'a [Value], prefix: &str) -> Vec<&'a Value> {
    messages.iter().filter(|m| m["headers"]["Subject"].as_str().unwrap().starts_with(prefix)).collect()
}

async fn the_business_cancel_or_move_is_told_to_the_client(backend: Backend) {
    let port = free_port();
    let smtp = Smtp::start(port, 0);
    let app = with_smtp(backend, port).await;
    let f = fixture(&app).await;
    let ana = client_with(&app, &f.token, "Ana Costa", Some("ana@example.com"), Some("(11) 98765-4321")).await;
    // Reminded (inside the 24 hours, the reminder leaves at once), then moved.
    let soon = app.book(&f.token, haircut_in(&f, ana, 3)).await;
    smtp.wait_for(1).await;
    wait_state(&app, &f.token, &soon, "sent").await;
    let new_start = (Utc::now() + Days::hours(6)).format("%Y-%m-%dT%H:%M:00Z").to_string();
    let (status, moved) = json_of(app.put(&format!("/api/appointments/{}", soon["id"]), &f.token, json!({ "startsAt": new_start, "version": soon["version"] })).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let moved = moved["data"].clone();
    let messages = smtp.wait_for(2).await;
    let told = notices(&messages, "Horário remarcado: Corte de cabelo para ");
    assert_eq!(told.len(), 1, "{messages:?}");
    let text = told[0]["text"].as_str().unwrap();
    assert!(text.contains("Olá, Ana Costa!"), "{text}");
    assert!(text.contains(&format!("às {} foi remarcado para", local_time(&soon))) && text.contains(&format!("às {}, com Paula Lima", local_time(&moved))), "{text}");
    // With the link, which opens the new time; no second reminder of it.
    let start = text.find(&format!("{}/c/", app.base)).expect("the link in the notice");
    let path = path_of(text[start..].split_whitespace().next().unwrap());
    let page = app.http.get(app.url(&path)).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(&local_time(&moved)), "{page}");
    // The reminders screen offers the same words on WhatsApp.
    let row = row_of(&app, &f.token, &moved).await;
    let notice = &row["notice"];
    assert_eq!(notice["kind"], "notice_moved", "{row}");
    assert!(notice["text"].as_str().unwrap().contains("foi remarcado para"), "{notice}");
    assert!(notice["whatsappUrl"].as_str().unwrap().starts_with("https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana%20Costa"), "{notice}");
    eventually("the notice's e-mail is sent", Duration::from_secs(30), async || {
        let row = row_of(&app, &f.token, &moved).await;
        if row["notice"]["emailState"] == "sent" { Ok(row) } else { Err(row) }
    })
    .await;

    // Then cancelled by the front desk: told, at the time the client knows.
    let cancel = json!({ "status": "cancelado", "version": moved["version"], "cancellationReason": "Profissional doente" });
    let (status, body) = json_of(app.patch(&format!("/api/appointments/{}/status", soon["id"]), &f.token, cancel).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let messages = smtp.wait_for(3).await;
    let told = notices(&messages, "Horário cancelado: Corte de cabelo em ");
    assert_eq!(told.len(), 1, "{messages:?}");
    let text = told[0]["text"].as_str().unwrap();
    assert!(text.contains(&format!("às {} foi cancelado por", local_time(&moved))) && !text.contains("/c/"), "{text}");
    let row = row_of(&app, &f.token, &moved).await;
    assert_eq!(row["notice"]["kind"], "notice_cancelled", "{row}");
    assert!(row["whatsappUrl"].is_null() && row["notice"]["whatsappUrl"].is_string(), "{row}");

    // Deleted after its reminder: told as cancelled, though the row is gone.
    let gone = app.book(&f.token, haircut_in(&f, ana, 4)).await;
    smtp.wait_for(4).await;
    wait_state(&app, &f.token, &gone, "sent").await;
    assert_eq!(app.delete(&format!("/api/appointments/{}", gone["id"]), &f.token).await.status(), StatusCode::NO_CONTENT);
    let messages = smtp.wait_for(5).await;
    let told = notices(&messages, "Horário cancelado: ");
    assert_eq!(told.len(), 2, "{messages:?}");

    // Not told: a move far ahead of its reminder (the reminder will tell);
    // the client's own cancel through their link; a client without e-mail
    // (only the WhatsApp text is offered).
    let far = app.book(&f.token, haircut_in(&f, ana, 80)).await;
    let later = (Utc::now() + Days::hours(90)).format("%Y-%m-%dT%H:%M:00Z").to_string();
    let (status, far_moved) = json_of(app.put(&format!("/api/appointments/{}", far["id"]), &f.token, json!({ "startsAt": later, "version": far["version"] })).await).await;
    assert_eq!(status, StatusCode::OK, "{far_moved}");
    let far_row = row_of(&app, &f.token, &far_moved["data"]).await;
    assert!(far_row["notice"].is_null() && far_row["emailState"] == "pending", "{far_row}");
    let own = app.book(&f.token, haircut_in(&f, ana, 5)).await;
    smtp.wait_for(6).await;
    let link = wait_state(&app, &f.token, &own, "sent").await["link"].as_str().unwrap().to_string();
    assert_eq!(post_form(&app, &path_of(&link), "action=cancel&sure=1").await.status(), StatusCode::OK);
    assert_eq!(appointment_of(&app, &f.token, &own["id"]).await["status"], "cancelado");
    assert!(row_of(&app, &f.token, &own).await["notice"].is_null());
    let bia = client_with(&app, &f.token, "Bia Souza", None, Some("11912345678")).await;
    let phone_only = app.book(&f.token, haircut_in(&f, bia, 2)).await;
    let cancel = json!({ "status": "cancelado", "version": phone_only["version"], "cancellationReason": "Feriado" });
    assert_eq!(app.patch(&format!("/api/appointments/{}/status", phone_only["id"]), &f.token, cancel).await.status(), StatusCode::OK);
    let row = row_of(&app, &f.token, &phone_only).await;
    assert_eq!(row["notice"]["emailState"], "none", "{row}");
    assert!(row["notice"]["whatsappUrl"].as_str().unwrap().starts_with("https://wa.me/5511912345678?text="), "{row}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(smtp.messages().len(), 6, "{:?}", smtp.messages());
}
both!(the_business_cancel_or_move_is_told_to_the_client);
