//! The clients' own booking page (`/agendar`) and its settings
//! (`/api/online-booking`): the three steps over plain forms, the hold on
//! a chosen time, a client never overwritten, every refusal a page in
//! Portuguese, and one booking out of many at once across instances.

use crate::common::{Backend, Options, TestApp, assert_field_error, business_today, json_of, spawn_with};
use chrono::{DateTime, Days, NaiveDate, TimeZone};
use sea_orm::ConnectionTrait;
use chrono_tz::America::Sao_Paulo;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A test server whose requests may name their address (`X-Forwarded-For`
/// from 127.0.0.1), so each "visitor" has one of their own.
async fn spawn(backend: Backend) -> TestApp {
    spawn_with(backend, Options { trusted_proxies: &["127.0.0.1/32"], ..Options::default() }).await
}

struct Shop {
    admin: String,
    paula: i64,
    service: i64,
    /// A day ahead, bookable.
    day: NaiveDate,
}

/// Paula offers "Corte" (60 min, R$ 80,00); online booking on, no notice.
async fn shop(app: &TestApp) -> Shop {
    let admin = app.admin_token().await;
    let paula = app.staff_user("Paula Lima", "paula@example.com").await;
    let service = app.created(&admin, "/api/services", json!({ "name": "Corte", "durationMinutes": 60, "priceCents": 8000, "staffIds": [paula] })).await;
    let (status, body) = json_of(app.put("/api/online-booking", &admin, json!({ "enabled": true, "minNoticeHours": 0 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    Shop { admin, paula, service: service["id"].as_i64().unwrap(), day: business_today() + Days::new(3) }
}

fn at(day: NaiveDate, clock: &str) -> DateTime<chrono_tz::Tz> {
    let time = chrono::NaiveTime::parse_from_str(clock, "%H:%M").unwrap();
    Sao_Paulo.from_local_datetime(&day.and_time(time)).unwrap()
}

/// A page: status, body, and where it leads (`Location`).
async fn page(response: reqwest::Response) -> (StatusCode, String, Option<String>) {
    let status = response.status();
    let location = response.headers().get("location").map(|v| v.to_str().unwrap().to_string());
    (status, response.text().await.unwrap(), location)
}

async fn get(app: &TestApp, path: &str) -> (StatusCode, String, Option<String>) {
    page(app.http.get(app.url(path)).send().await.unwrap()).await
}

async fn post(app: &TestApp, path: &str, from: &str, form: &[(&str, &str)]) -> (StatusCode, String, Option<String>) {
    page(app.http.post(app.url(path)).header("x-forwarded-for", from).form(form).send().await.unwrap()).await
}

/// Chooses `staff`'s time `clock` of `day`: the hold's page, or the refusal.
async fn choose(app: &TestApp, shop: &Shop, staff: i64, day: NaiveDate, clock: &str, from: &str) -> (StatusCode, String, Option<String>) {
    let value = format!("{staff}-{}", at(day, clock).timestamp());
    let day = day.format("%Y-%m-%d").to_string();
    post(app, &format!("/agendar/{}", shop.service), from, &[("dia", &day), ("profissional", "qualquer"), ("hora", &value)]).await
}

/// Holds a time that must be free; the hold's path.
async fn hold(app: &TestApp, shop: &Shop, clock: &str, from: &str) -> String {
    let (status, body, location) = choose(app, shop, shop.paula, shop.day, clock, from).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let location = location.unwrap();
    assert!(location.starts_with("/agendar/reserva/"), "{location}");
    location
}

fn details<'a>(name: &'a str, whatsapp: &'a str, email: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![("name", name), ("whatsapp", whatsapp), ("email", email), ("consent", "1"), ("site", "")]
}

/// Books the hold at `path`; the client's link it leads to.
async fn confirm(app: &TestApp, path: &str, form: &[(&str, &str)]) -> String {
    let (status, body, location) = post(app, path, "10.0.0.1", form).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let location = location.unwrap();
    assert!(location.contains("/c/") && location.ends_with("?novo=1"), "{location}");
    location
}

async fn appointments(app: &TestApp, token: &str) -> Vec<Value> {
    let (_, list) = json_of(app.get("/api/appointments?per_page=100", token).await).await;
    list["data"].as_array().unwrap().clone()
}

async fn settings_are_the_admins_and_checked(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let (status, body) = json_of(app.get("/api/online-booking", &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["enabled"], false, "off on a new install");
    assert_eq!(body["data"]["serviceIds"], Value::Null);
    assert_eq!(body["data"]["pageUrl"], format!("{}/agendar", app.base));
    let (_, page_body, _) = get(&app, "/agendar").await;
    assert!(page_body.contains("Agendamento online indisponível"), "{page_body}");

    app.staff_user("Rui Alves", "rui@example.com").await;
    let staff = app.login("rui@example.com", "senha-do-staff-1").await;
    let (status, _) = json_of(app.get("/api/online-booking", &staff).await).await;
    assert_eq!(status, StatusCode::OK, "staff read it");
    let (status, _) = json_of(app.put("/api/online-booking", &staff, json!({ "enabled": true })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let bad = [
        (json!({ "minNoticeHours": -1 }), "minNoticeHours", "Use de 0 a 720 horas (30 dias)."),
        (json!({ "maxDaysAhead": 0 }), "maxDaysAhead", "Use de 1 a 365 dias."),
        (json!({ "maxDaysAhead": 366 }), "maxDaysAhead", "Use de 1 a 365 dias."),
        (json!({ "privacyText": " " }), "privacyText", "Escreva o texto de privacidade."),
        (json!({ "privacyText": "a".repeat(2001) }), "privacyText", "O texto pode ter até 2.000 caracteres."),
        (json!({ "privacyText": "texto\u{1b}[31m" }), "privacyText", "O texto contém caracteres de controle não permitidos."),
        (json!({ "serviceIds": [999] }), "serviceIds", "Serviço não encontrado: 999."),
        (json!({ "enabled": true, "cor": "azul" }), "cor", "Campo desconhecido."),
    ];
    for (body, field, message) in bad {
        let answer = json_of(app.put("/api/online-booking", &admin, body.clone()).await).await;
        assert_field_error(&body.to_string(), &answer, field, message);
    }
    let (status, body) = json_of(app.put("/api/online-booking", &admin, json!({ "enabled": "sim" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let response = app.http.put(app.url("/api/online-booking")).bearer_auth(&admin).header("content-type", "application/json").body("{").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // Nothing half-saved by the refusals.
    let (_, body) = json_of(app.get("/api/online-booking", &admin).await).await;
    assert_eq!(body["data"]["enabled"], false);

    let service = app.created(&admin, "/api/services", json!({ "name": "Escova", "durationMinutes": 30 })).await["id"].as_i64().unwrap();
    let (status, body) = json_of(app.put("/api/online-booking", &admin, json!({ "enabled": true, "serviceIds": [service, service], "maxDaysAhead": 10 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["serviceIds"], json!([service]));
    assert_eq!(body["data"]["maxDaysAhead"], 10);
    assert_eq!(body["data"]["minNoticeHours"], 2, "absent fields are kept");
}
both!(settings_are_the_admins_and_checked);

async fn a_client_books_in_three_steps(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let (status, body, _) = get(&app, "/agendar").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Corte") && body.contains("1 h · R$ 80,00"), "{body}");
    assert!(body.len() < 15_000, "a light page: {} bytes", body.len());

    let day = shop.day.format("%Y-%m-%d").to_string();
    let (status, body, _) = get(&app, &format!("/agendar/{}?dia={day}", shop.service)).await;
    assert_eq!(status, StatusCode::OK);
    let ten = format!("{}-{}", shop.paula, at(shop.day, "10:00").timestamp());
    assert!(body.contains(&format!("value=\"{ten}\"")), "10:00 is offered: {body}");
    assert!(body.contains("Qualquer profissional") && body.contains("Paula Lima"));

    let path = hold(&app, &shop, "10:00", "10.0.0.1").await;
    // Held: neither the page nor the staff's free-slot search offers it, and the staff cannot book over it.
    let (_, body, _) = get(&app, &format!("/agendar/{}?dia={day}", shop.service)).await;
    assert!(!body.contains(&format!("value=\"{ten}\"")), "a held time is offered to no one else");
    let (_, free) = json_of(app.get(&format!("/api/availability?service_id={}&from={day}", shop.service), &shop.admin).await).await;
    let starts: Vec<&str> = free["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    assert!(!starts.contains(&at(shop.day, "10:00").to_rfc3339().as_str()), "{starts:?}");
    assert!(starts.contains(&at(shop.day, "11:00").to_rfc3339().as_str()), "{starts:?}");
    let maria = app.create_client(&shop.admin, "Maria Souza").await;
    let over = json!({ "clientId": maria, "staffId": shop.paula, "serviceId": shop.service, "startsAt": at(shop.day, "10:30").to_rfc3339() });
    let (status, body) = app.try_book(&shop.admin, over).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["message"].as_str().unwrap().starts_with("Este horário está reservado por um cliente no agendamento online até as "), "{body}");

    let (status, body, _) = get(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Reservamos este horário para você até as") && body.contains("10:00") && body.contains("Paula Lima"), "{body}");
    let link = confirm(&app, &path, &details("  Ana   Beatriz ", "+55 (21) 99876-5432", "ANA@exemplo.com.br")).await;

    let booked = appointments(&app, &shop.admin).await;
    assert_eq!(booked.len(), 1, "{booked:?}");
    let appointment = &booked[0];
    assert_eq!(appointment["channel"], "internet");
    assert_eq!(appointment["status"], "confirmado");
    assert_eq!(appointment["priceCents"], 8000);
    assert_eq!(appointment["clientName"], "Ana Beatriz");
    let (_, client) = json_of(app.get(&format!("/api/clients/{}", appointment["clientId"]), &shop.admin).await).await;
    assert_eq!(client["data"]["phone"], "21998765432");
    assert_eq!(client["data"]["email"], "ana@exemplo.com.br");
    assert_eq!(client["data"]["onlineSignup"], true);
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", appointment["id"]), &shop.admin).await).await;
    assert_eq!(history["data"][0]["actor"], "internet", "{history}");
    let (_, report) = json_of(app.get(&format!("/api/reports/summary?from={day}&to={day}"), &shop.admin).await).await;
    assert_eq!(report["data"]["byChannel"][0]["channel"], "balcao");
    assert_eq!(report["data"]["byChannel"][0]["total"], 0);
    assert_eq!(report["data"]["byChannel"][1]["channel"], "internet");
    assert_eq!(report["data"]["byChannel"][1]["total"], 1, "{report}");

    // The done page: the appointment in words, its link's buttons, and the .ics.
    let path = link.trim_start_matches(&app.base).to_string();
    let (status, body, _) = get(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Horário agendado") && body.contains("Ana Beatriz") && body.contains("Adicionar à agenda"), "{body}");
    let response = app.http.get(app.url(&path.replace("?novo=1", "?agenda=1"))).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
    let ics = response.text().await.unwrap();
    assert!(ics.contains("SUMMARY:Corte") && ics.contains("DESCRIPTION:Com Paula Lima."), "{ics}");
}

async fn a_replayed_form_books_once(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let path = hold(&app, &shop, "14:00", "10.0.0.2").await;
    let form = details("Bruno Costa", "11987650000", "");
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let (http, url, form) = (app.http.clone(), app.url(&path), form.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>());
            tokio::spawn(async move { http.post(url).form(&form).send().await.unwrap() })
        })
        .collect();
    let mut links = Vec::new();
    for task in tasks {
        let (status, body, location) = page(task.await.unwrap()).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        links.push(location.unwrap());
    }
    links.dedup();
    assert_eq!(links.len(), 1, "every send leads to the one appointment: {links:?}");
    assert_eq!(appointments(&app, &shop.admin).await.len(), 1);
    let (_, clients) = json_of(app.get("/api/clients", &shop.admin).await).await;
    assert_eq!(clients["meta"]["total"], 1, "one client, not one per send");
}
both!(a_replayed_form_books_once);
both!(a_client_books_in_three_steps);

async fn an_existing_client_is_never_overwritten(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let maria = app
        .created(&shop.admin, "/api/clients", json!({ "name": "Maria Souza", "phone": "(11) 98765-4321", "email": "maria@example.com", "notes": "Alergia a amônia" }))
        .await;
    // What a booking could have changed of her record.
    let record = async || {
        let (_, body) = json_of(app.get(&format!("/api/clients/{}", maria["id"]), &shop.admin).await).await;
        ["name", "email", "phone", "notes", "version", "updatedAt", "onlineSignup"].map(|field| body["data"][field].clone())
    };
    let before = record().await;

    // Her number with another name and e-mail: attached to her, nothing of hers changed, the difference noted.
    let path = hold(&app, &shop, "09:00", "10.0.0.3").await;
    confirm(&app, &path, &details("Outra Pessoa", "11 98765 4321", "outra@example.com")).await;
    assert_eq!(before, record().await, "the client's record is unchanged");
    let booked = appointments(&app, &shop.admin).await;
    assert_eq!(booked[0]["clientId"], maria["id"]);
    assert!(booked[0]["notes"].as_str().unwrap().contains("\"Outra Pessoa\", diferente do cadastro"), "{}", booked[0]);

    // Her name without accents or case: the same person, no note.
    let path = hold(&app, &shop, "11:00", "10.0.0.3").await;
    confirm(&app, &path, &details("maria  SOUZA", "11987654321", "")).await;
    let booked = appointments(&app, &shop.admin).await;
    let eleven = booked.iter().find(|a| a["startsAt"] == at(shop.day, "11:00").to_rfc3339()).unwrap();
    assert_eq!(eleven["clientId"], maria["id"]);
    assert_eq!(eleven["notes"], Value::Null);

    // A number two clients share is no one's for sure: a new client, and the e-mail taken by Maria left out.
    app.created(&shop.admin, "/api/clients", json!({ "name": "Júlia Lima", "phone": "11912345678" })).await;
    app.created(&shop.admin, "/api/clients", json!({ "name": "Júlia L.", "phone": "11912345678" })).await;
    let path = hold(&app, &shop, "13:00", "10.0.0.3").await;
    confirm(&app, &path, &details("Júlia Lima", "11912345678", "maria@example.com")).await;
    let booked = appointments(&app, &shop.admin).await;
    let one = booked.iter().find(|a| a["startsAt"] == at(shop.day, "13:00").to_rfc3339()).unwrap();
    let (_, client) = json_of(app.get(&format!("/api/clients/{}", one["clientId"]), &shop.admin).await).await;
    assert_eq!(client["data"]["onlineSignup"], true);
    assert_eq!(client["data"]["email"], Value::Null);
    assert_eq!(before, record().await);
}
both!(an_existing_client_is_never_overwritten);

async fn every_refusal_is_a_page_and_saves_nothing(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let inactive = app.created(&shop.admin, "/api/services", json!({ "name": "Luzes", "durationMinutes": 60, "active": false })).await["id"].as_i64().unwrap();
    let rui = app.staff_user("Rui Alves", "rui@example.com").await;
    let expect = |(status, body, _): (StatusCode, String, Option<String>), want: StatusCode, text: &str| {
        assert_eq!(status, want, "{body}");
        assert!(body.contains(text), "{text} in {body}");
        assert!(body.starts_with("<!DOCTYPE html><html lang=\"pt-BR\">"));
    };
    expect(get(&app, "/agendar/999").await, StatusCode::NOT_FOUND, "Este serviço não existe ou não está disponível pela internet.");
    expect(get(&app, "/agendar/abc").await, StatusCode::NOT_FOUND, "Serviço não encontrado");
    expect(get(&app, &format!("/agendar/{inactive}")).await, StatusCode::NOT_FOUND, "Serviço não encontrado");
    let far = (business_today() + Days::new(40)).format("%Y-%m-%d").to_string();
    expect(get(&app, &format!("/agendar/{}?dia={far}", shop.service)).await, StatusCode::UNPROCESSABLE_ENTITY, "além do prazo");
    expect(get(&app, &format!("/agendar/{}?dia=2026-02-30", shop.service)).await, StatusCode::UNPROCESSABLE_ENTITY, "Data inválida");
    expect(get(&app, &format!("/agendar/{}?profissional={rui}", shop.service)).await, StatusCode::UNPROCESSABLE_ENTITY, "não atende este serviço");

    // Times that cannot be held.
    expect(choose(&app, &shop, rui, shop.day, "10:00", "10.0.1.1").await, StatusCode::UNPROCESSABLE_ENTITY, "não atende este serviço pela internet");
    let yesterday = business_today() - Days::new(1);
    expect(choose(&app, &shop, shop.paula, yesterday, "10:00", "10.0.1.1").await, StatusCode::UNPROCESSABLE_ENTITY, "já passou ou está fora do prazo");
    expect(choose(&app, &shop, shop.paula, business_today() + Days::new(31), "10:00", "10.0.1.1").await, StatusCode::UNPROCESSABLE_ENTITY, "fora do prazo");
    expect(post(&app, &format!("/agendar/{}", shop.service), "10.0.1.1", &[("hora", "x")]).await, StatusCode::UNPROCESSABLE_ENTITY, "Escolha um dos horários abaixo.");
    // A time that meets a held one.
    let path = hold(&app, &shop, "10:00", "10.0.1.1").await;
    expect(choose(&app, &shop, shop.paula, shop.day, "10:30", "10.0.1.2").await, StatusCode::CONFLICT, "não está mais livre");

    // The details.
    let (huge, long) = ("a".repeat(10_000), "a".repeat(121));
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (details("A", "11987654321", ""), "O nome deve ter de 2 a 120 caracteres."),
        (details(&huge, "11987654321", ""), "Formulário grande demais"),
        (details(&long, "11987654321", ""), "O nome deve ter de 2 a 120 caracteres."),
        (details("Ana\u{0}Lima", "11987654321", ""), "O texto contém caracteres de controle não permitidos."),
        (details("Ana Lima", "", ""), "Informe seu WhatsApp, com DDD."),
        (details("Ana Lima", "1133334444", ""), "Telefone fixo: o WhatsApp precisa de um celular."),
        (details("Ana Lima", "+1 212 555 0100", ""), "Não é um número de telefone brasileiro."),
        (details("Ana Lima", "11987654321", "ana@"), "Informe um e-mail válido."),
        (vec![("name", "Ana Lima"), ("whatsapp", "11987654321")], "Para agendar, marque que está de acordo"),
    ];
    for (form, message) in cases {
        let (status, body, _) = post(&app, &path, "10.0.1.3", &form).await;
        assert!(matches!(status, StatusCode::UNPROCESSABLE_ENTITY | StatusCode::PAYLOAD_TOO_LARGE), "{form:?}: {status}");
        assert!(body.contains(message), "{message} in {body}");
    }
    let mut bot = details("Ana Lima", "11987654321", "");
    bot[4] = ("site", "http://spam.example");
    expect(post(&app, &path, "10.0.1.3", &bot).await, StatusCode::UNPROCESSABLE_ENTITY, "Não foi possível agendar");
    expect(post(&app, "/agendar/reserva/forjado", "10.0.1.3", &details("Ana Lima", "11987654321", "")).await, StatusCode::NOT_FOUND, "Reserva não encontrada");
    expect(get(&app, "/agendar/reserva/forjado").await, StatusCode::NOT_FOUND, "Reserva não encontrada");
    assert!(appointments(&app, &shop.admin).await.is_empty(), "nothing booked");
    let (_, clients) = json_of(app.get("/api/clients", &shop.admin).await).await;
    assert_eq!(clients["meta"]["total"], 0, "no client half-saved");
}
both!(every_refusal_is_a_page_and_saves_nothing);

async fn an_expired_hold_frees_the_time(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let first = hold(&app, &shop, "15:00", "10.0.2.1").await;
    app.state.db.execute_unprepared("UPDATE booking_holds SET expires_at = created_at").await.unwrap();
    // Lapsed: offered again, and held by someone else.
    let day = shop.day.format("%Y-%m-%d").to_string();
    let (_, body, _) = get(&app, &format!("/agendar/{}?dia={day}", shop.service)).await;
    assert!(body.contains(&format!("value=\"{}-{}\"", shop.paula, at(shop.day, "15:00").timestamp())), "a lapsed hold frees the time");
    let (_, body, _) = get(&app, &first).await;
    assert!(body.contains("O tempo da reserva acabou"), "{body}");
    let second = hold(&app, &shop, "15:00", "10.0.2.2").await;
    let (status, body, _) = post(&app, &first, "10.0.2.1", &details("Ana Lima", "11987654321", "")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("A reserva expirou e o horário foi ocupado"), "{body}");
    confirm(&app, &second, &details("Bia Reis", "11987651111", "")).await;
    // A lapsed hold whose time is still free books.
    let third = hold(&app, &shop, "17:00", "10.0.2.3").await;
    app.state.db.execute_unprepared("UPDATE booking_holds SET expires_at = created_at WHERE appointment_id IS NULL").await.unwrap();
    confirm(&app, &third, &details("Caio Melo", "11987652222", "")).await;
    assert_eq!(appointments(&app, &shop.admin).await.len(), 2);
}
both!(an_expired_hold_frees_the_time);

async fn abuse_meets_its_limits(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    // Live holds per address.
    for clock in ["08:00", "09:00", "10:00"] {
        hold(&app, &shop, clock, "10.0.3.1").await;
    }
    let (status, body, _) = choose(&app, &shop, shop.paula, shop.day, "11:00", "10.0.3.1").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body.contains("Já há horários reservados por este endereço"));
    // Future online bookings per number.
    for (i, clock) in ["12:00", "13:00", "14:00"].iter().enumerate() {
        let path = hold(&app, &shop, clock, &format!("10.0.4.{i}")).await;
        confirm(&app, &path, &details("Dani Souza", "11955554444", "")).await;
    }
    let path = hold(&app, &shop, "16:00", "10.0.4.9").await;
    let (status, body, _) = post(&app, &path, "10.0.4.9", &details("Dani Souza", "11955554444", "")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("Este WhatsApp já tem 3 agendamentos pela internet à frente"), "{body}");
    // Hold tries per address in the window.
    let mut last = StatusCode::OK;
    for _ in 0..31 {
        last = choose(&app, &shop, shop.paula, shop.day, "23:00", "10.0.5.1").await.0;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}
both!(abuse_meets_its_limits);

/// 64 visitors choose one time at once, half on another instance (a
/// process of its own on the same PostgreSQL): one hold, 63 pages saying
/// it is taken, and one booking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_at_once_across_two_instances_hold_one() {
    let app = spawn(Backend::Postgres).await;
    let shop = shop(&app).await;
    let other = crate::common::spawn_process_with(&app, &[("EXPEDIENTE_TRUSTED_PROXIES", "127.0.0.1/32")]).await;
    let value = format!("{}-{}", shop.paula, at(shop.day, "10:00").timestamp());
    let day = shop.day.format("%Y-%m-%d").to_string();
    let tasks: Vec<_> = (0..64)
        .map(|i| {
            let base = if i % 2 == 0 { app.base.clone() } else { other.base.clone() };
            let url = format!("{base}/agendar/{}", shop.service);
            let form = [("dia", day.clone()), ("profissional", "qualquer".to_string()), ("hora", value.clone())];
            let http = app.http.clone();
            tokio::spawn(async move { http.post(url).header("x-forwarded-for", format!("10.1.{}.{}", i / 200, i % 200)).form(&form).send().await.unwrap() })
        })
        .collect();
    let mut held = Vec::new();
    let mut taken = 0;
    for task in tasks {
        let (status, body, location) = page(task.await.unwrap()).await;
        match status {
            StatusCode::SEE_OTHER => held.push(location.unwrap()),
            StatusCode::CONFLICT if body.contains("não está mais livre") => taken += 1,
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!((held.len(), taken), (1, 63));
    confirm(&app, &held[0], &details("Eva Nunes", "11944443333", "")).await;
    assert_eq!(appointments(&app, &shop.admin).await.len(), 1);
}

/// The business's deadline for cancelling through the link: past it the
/// page offers no "Cancelar", and a cancel sent anyway changes nothing.
async fn the_link_cancels_only_until_the_deadline(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let path = hold(&app, &shop, "10:00", "10.0.6.1").await;
    let link = confirm(&app, &path, &details("Gil Prado", "11933332222", "")).await;
    let link = link.trim_start_matches(&app.base).trim_end_matches("?novo=1").to_string();
    // The day is three days ahead: a deadline of 100 hours has passed, one of 48 has not.
    let answer = json_of(app.put("/api/online-booking", &shop.admin, json!({ "cancelHoursBefore": 169 })).await).await;
    assert_field_error("169 h", &answer, "cancelHoursBefore", "Use de 0 a 168 horas (uma semana).");
    let (status, _) = json_of(app.put("/api/online-booking", &shop.admin, json!({ "cancelHoursBefore": 100 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body, _) = get(&app, &link).await;
    assert!(body.contains("Cancelamentos por este link só até 100 h antes do horário"), "{body}");
    assert!(!body.contains("value=\"cancel\""), "no cancel button: {body}");
    let (status, body, _) = post(&app, &link, "10.0.6.1", &[("action", "cancel"), ("sure", "1")]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("Não é possível cancelar por aqui"), "{body}");
    assert_eq!(appointments(&app, &shop.admin).await[0]["status"], "confirmado", "nothing changed");
    app.put("/api/online-booking", &shop.admin, json!({ "cancelHoursBefore": 48 })).await;
    let (_, body, _) = get(&app, &link).await;
    assert!(body.contains("value=\"cancel\""), "{body}");
    let (status, body, _) = post(&app, &link, "10.0.6.1", &[("action", "cancel"), ("sure", "1")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(appointments(&app, &shop.admin).await[0]["status"], "cancelado");
}
both!(the_link_cancels_only_until_the_deadline);

/// The status of the appointment a client's link names, as the staff see it.
async fn appointment_at(app: &TestApp, token: &str, clock: &str, day: NaiveDate) -> Value {
    let starts = at(day, clock).to_rfc3339();
    appointments(app, token).await.into_iter().find(|a| a["startsAt"] == starts).expect("booked")
}

async fn bookings_may_wait_for_the_front_desk(backend: Backend) {
    use crate::reminders::{FROM, Smtp, free_port};
    let port = free_port();
    let smtp = Smtp::start(port, 0);
    let options = Options {
        trusted_proxies: &["127.0.0.1/32"],
        smtp: Some((format!("smtp://127.0.0.1:{port}"), FROM.into())),
        mail_retry_seconds: Some(1),
        ..Options::default()
    };
    let app = spawn_with(backend, options).await;
    let shop = shop(&app).await;
    let (_, body) = json_of(app.get("/api/online-booking", &shop.admin).await).await;
    assert_eq!(body["data"]["confirmAtOnce"], true, "confirmed at once unless the business says otherwise");
    let answer = json_of(app.put("/api/online-booking", &shop.admin, json!({ "confirmAtOnce": "não" })).await).await;
    assert_eq!(answer.0, StatusCode::UNPROCESSABLE_ENTITY, "{answer:?}");
    let (status, body) = json_of(app.put("/api/online-booking", &shop.admin, json!({ "confirmAtOnce": false })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["confirmAtOnce"], false);

    // Booked: pendente, and the client's pages say it waits.
    let path = hold(&app, &shop, "10:00", "10.0.0.1").await;
    let link = confirm(&app, &path, &details("Ana Beatriz", "21998765432", "ana@exemplo.com.br")).await;
    let ana = appointment_at(&app, &shop.admin, "10:00", shop.day).await;
    assert_eq!(ana["status"], "pendente", "{ana}");
    let done = link.trim_start_matches(&app.base).to_string();
    let (status, body, _) = get(&app, &done).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("aguardando confirmação") && body.contains("Ana Beatriz"), "{body}");
    let plain = done.replace("?novo=1", "");
    let (_, body, _) = get(&app, &plain).await;
    assert!(body.contains("aguardando confirmação da recepção") && !body.contains("value=\"confirm\""), "{body}");
    // The client cannot confirm it themselves.
    let (_, _, _) = post(&app, &plain, "10.0.0.1", &[("action", "confirm")]).await;
    assert_eq!(appointment_at(&app, &shop.admin, "10:00", shop.day).await["status"], "pendente");

    // It holds its time: not offered, not bookable by the staff.
    let (status, body, _) = choose(&app, &shop, shop.paula, shop.day, "10:00", "10.0.0.3").await;
    assert_ne!(status, StatusCode::SEE_OTHER, "{body}");
    let maria = app.create_client(&shop.admin, "Maria Souza").await;
    let over = json!({ "clientId": maria, "staffId": shop.paula, "serviceId": shop.service, "startsAt": at(shop.day, "10:00").to_rfc3339() });
    assert_eq!(app.try_book(&shop.admin, over).await.0, StatusCode::CONFLICT);
    // The dashboard lists it; the reports count it apart.
    let (_, dashboard) = json_of(app.get("/api/dashboard", &shop.admin).await).await;
    let awaiting = dashboard["data"]["awaiting"].as_array().unwrap();
    assert_eq!(awaiting.len(), 1, "{dashboard}");
    assert_eq!(awaiting[0]["id"], ana["id"]);
    let day = shop.day.format("%Y-%m-%d").to_string();
    let (_, report) = json_of(app.get(&format!("/api/reports/summary?from={day}&to={day}"), &shop.admin).await).await;
    assert_eq!(report["data"]["byStatus"]["pendente"], 1, "{report}");

    // Accepted by the front desk (a Recepção user): confirmado, and the client told.
    app.staff_user("Rui Alves", "rui@example.com").await;
    let desk = app.login("rui@example.com", "senha-do-staff-1").await;
    let accept = json!({ "status": "confirmado", "version": ana["version"] });
    let (status, body) = json_of(app.patch(&format!("/api/appointments/{}/status", ana["id"]), &desk, accept).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let messages = smtp.wait_for(1).await;
    let subject = messages[0]["headers"]["Subject"].as_str().unwrap();
    assert!(subject.starts_with("Agendamento confirmado: Corte em "), "{subject}");
    let text = messages[0]["text"].as_str().unwrap();
    assert!(text.contains("confirmou o seu agendamento de Corte com Paula Lima") && text.contains("/c/"), "{text}");
    let (_, dashboard) = json_of(app.get("/api/dashboard", &shop.admin).await).await;
    assert_eq!(dashboard["data"]["awaiting"], json!([]));

    // Refused: cancelado, the time free again, the client told.
    let path = hold(&app, &shop, "14:00", "10.0.0.2").await;
    confirm(&app, &path, &details("Bruno Costa", "11987650000", "bruno@exemplo.com.br")).await;
    let bruno = appointment_at(&app, &shop.admin, "14:00", shop.day).await;
    let refuse = json!({ "status": "cancelado", "version": bruno["version"], "cancellationReason": "Recusado pela recepção" });
    let (status, body) = json_of(app.patch(&format!("/api/appointments/{}/status", bruno["id"]), &desk, refuse).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let messages = smtp.wait_for(2).await;
    let refused = messages.iter().find(|m| m["to"] == json!(["bruno@exemplo.com.br"])).expect("Bruno is told");
    assert!(refused["headers"]["Subject"].as_str().unwrap().starts_with("Agendamento não confirmado: Corte em "), "{refused}");
    assert!(refused["text"].as_str().unwrap().contains("o horário foi liberado"), "{refused}");
    hold(&app, &shop, "14:00", "10.0.0.4").await;
    // The reminders screen offers the same words for WhatsApp.
    let (_, reminders) = json_of(app.get(&format!("/api/reminders?date={day}"), &shop.admin).await).await;
    let row = reminders["data"]["rows"].as_array().unwrap().iter().find(|r| r["appointmentId"] == bruno["id"]).cloned().expect("listed");
    assert_eq!(row["notice"]["kind"], "notice_refused", "{row}");
    let whatsapp = row["notice"]["whatsappUrl"].as_str().unwrap();
    assert!(whatsapp.starts_with("https://wa.me/5511987650000?text=") && whatsapp.contains("liberado"), "{whatsapp}");
    // A pending booking cannot become anything but confirmado or cancelado.
    let path = hold(&app, &shop, "16:00", "10.0.0.5").await;
    confirm(&app, &path, &details("Caio Lima", "11987651111", "")).await;
    let caio = appointment_at(&app, &shop.admin, "16:00", shop.day).await;
    let done = json!({ "status": "concluido", "version": caio["version"] });
    let (status, body) = json_of(app.patch(&format!("/api/appointments/{}/status", caio["id"]), &desk, done).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(smtp.messages().len(), 2, "one message per answer, none for a booking still waiting");
}
both!(bookings_may_wait_for_the_front_desk);
