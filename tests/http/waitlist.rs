//! The waitlist (`/api/waitlist`, the offer's page `/o/{token}`): entries
//! checked, a freed time offered to the first entry in line that it suits
//! (service, staff member or anyone, window, period), held for them, passed
//! on when declined or left to lapse, claimed once across instances.

use std::time::Duration;

use crate::common::{Backend, Options, TestApp, assert_field_error, business_today, eventually, json_of, spawn_process_with, spawn_with};
use chrono::{Datelike, Days, NaiveDate};
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

async fn spawn(backend: Backend) -> TestApp {
    spawn_with(backend, Options { waitlist_round_seconds: Some(1), ..Options::default() }).await
}

/// Paula and Carla both do "Corte" (60 min, R$ 80,00); "Escova" is Carla's.
/// On `day` Paula works 09:00–11:00 and Carla 14:00–15:00, all of it booked.
struct Shop {
    admin: String,
    paula: i64,
    carla: i64,
    corte: i64,
    escova: i64,
    day: NaiveDate,
    /// The booked appointments: Paula's 09:00 and 10:00, Carla's 14:00.
    booked: Vec<i64>,
}

async fn shop(app: &TestApp) -> Shop {
    let admin = app.admin_token().await;
    let paula = app.staff_user("Paula Lima", "paula@example.com").await;
    let carla = app.staff_user("Carla Dias", "carla@example.com").await;
    let corte = app.created(&admin, "/api/services", json!({ "name": "Corte", "durationMinutes": 60, "priceCents": 8000, "staffIds": [paula, carla] })).await;
    let escova = app.created(&admin, "/api/services", json!({ "name": "Escova", "durationMinutes": 60, "priceCents": 5000, "staffIds": [carla] })).await;
    let day = business_today() + Days::new(3);
    let weekday = day.weekday().number_from_monday();
    for (who, start, end) in [(paula, "09:00", "11:00"), (carla, "14:00", "15:00")] {
        let hours = json!({ "weekly": [{ "weekday": weekday, "start": start, "end": end }] });
        let (status, body) = json_of(app.put(&format!("/api/users/{who}/working-hours"), &admin, hours).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let regular = app.create_client(&admin, "Cliente Fixo").await;
    let mut booked = Vec::new();
    for (who, clock) in [(paula, "09:00"), (paula, "10:00"), (carla, "14:00")] {
        let body = json!({ "clientId": regular, "staffId": who, "serviceId": corte["id"], "startsAt": format!("{day}T{clock}:00") });
        booked.push(app.book(&admin, body).await["id"].as_i64().unwrap());
    }
    Shop { admin, paula, carla, corte: corte["id"].as_i64().unwrap(), escova: escova["id"].as_i64().unwrap(), day, booked }
}

/// A client with a mobile number, waiting as `body` says (its day window
/// defaults to the shop's day).
async fn wait(app: &TestApp, shop: &Shop, name: &str, mut body: Value) -> i64 {
    let client = app.created(&shop.admin, "/api/clients", json!({ "name": name, "phone": "11987654321" })).await;
    let fields = body.as_object_mut().unwrap();
    fields.insert("clientId".into(), client["id"].clone());
    fields.entry("serviceId").or_insert(json!(shop.corte));
    fields.entry("from").or_insert(json!(shop.day.to_string()));
    fields.entry("to").or_insert(json!(shop.day.to_string()));
    app.created(&shop.admin, "/api/waitlist", body).await["id"].as_i64().unwrap()
}

async fn entries(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = json_of(app.get("/api/waitlist", token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].as_array().unwrap().clone()
}

/// The live offer of entry `id`, once it has one.
async fn offer_of(app: &TestApp, shop: &Shop, id: i64) -> Value {
    eventually(&format!("an offer for entry {id}"), Duration::from_secs(10), async || {
        entries(app, &shop.admin).await.into_iter().find(|e| e["id"] == id).map(|e| e["offer"].clone()).filter(|o| !o.is_null())
    })
    .await
}

/// The entries that have an offer now, after the job had time for a round.
async fn offered_now(app: &TestApp, shop: &Shop) -> Vec<i64> {
    tokio::time::sleep(Duration::from_millis(2500)).await;
    entries(app, &shop.admin).await.iter().filter(|e| !e["offer"].is_null()).map(|e| e["id"].as_i64().unwrap()).collect()
}

async fn cancel(app: &TestApp, shop: &Shop, appointment: i64) {
    let (status, body) = json_of(app.patch(&format!("/api/appointments/{appointment}/status"), &shop.admin, json!({ "status": "cancelado", "version": 1, "cancellationReason": "Cliente desmarcou" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The offer's page path (`/o/{token}`) of an offer's link.
fn path_of(app: &TestApp, offer: &Value) -> String {
    offer["link"].as_str().unwrap().trim_start_matches(&app.base).to_string()
}

async fn page(response: reqwest::Response) -> (StatusCode, String, Option<String>) {
    let status = response.status();
    let location = response.headers().get("location").map(|v| v.to_str().unwrap().to_string());
    (status, response.text().await.unwrap(), location)
}

async fn answer(base: &str, path: &str, action: &str) -> (StatusCode, String, Option<String>) {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    page(http.post(format!("{base}{path}")).form(&[("action", action)]).send().await.unwrap()).await
}

async fn appointments_on(app: &TestApp, shop: &Shop) -> Vec<Value> {
    let path = format!("/api/appointments?per_page=100&from={}&to={}", shop.day, shop.day);
    let (_, list) = json_of(app.get(&path, &shop.admin).await).await;
    list["data"].as_array().unwrap().iter().filter(|a| a["status"] != "cancelado").cloned().collect()
}

async fn entries_are_the_front_desks_and_checked(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let id = wait(&app, &shop, "Ana Souza", json!({ "staffId": shop.paula, "period": "manha", "note": "Prefere cedo" })).await;
    let listed = entries(&app, &shop.admin).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0]["clientName"].clone(), listed[0]["serviceName"].clone(), listed[0]["staffName"].clone(), listed[0]["period"].clone()),
        (json!("Ana Souza"), json!("Corte"), json!("Paula Lima"), json!("manha"))
    );
    assert_eq!(listed[0]["offer"], Value::Null, "the day is full: nothing to offer");

    let client = listed[0]["clientId"].as_i64().unwrap();
    let today = business_today();
    let body = |changes: Value| {
        let mut body = json!({ "clientId": client, "serviceId": shop.corte, "to": shop.day.to_string() });
        body.as_object_mut().unwrap().extend(changes.as_object().unwrap().clone());
        body
    };
    let bad = [
        (json!({ "clientId": null }), "clientId", "Escolha o cliente."),
        (json!({ "clientId": 99999 }), "clientId", "Cliente não encontrado."),
        (json!({ "serviceId": null }), "serviceId", "Escolha o serviço."),
        (json!({ "serviceId": 99999 }), "serviceId", "Serviço não encontrado ou inativo."),
        (json!({ "serviceId": shop.escova, "staffId": shop.paula }), "staffId", "Este profissional não faz este serviço."),
        (json!({ "staffId": 99999 }), "staffId", "Profissional não encontrado."),
        (json!({ "to": null }), "to", "Informe até que dia o cliente pode vir."),
        (json!({ "to": "amanhã" }), "to", "Data inválida: use AAAA-MM-DD."),
        (json!({ "from": (today - Days::new(1)).to_string() }), "from", "O primeiro dia já passou."),
        (json!({ "from": shop.day.to_string(), "to": today.to_string() }), "to", "O último dia deve ser o primeiro ou depois dele."),
        (json!({ "to": (today + Days::new(91)).to_string() }), "to", "Espere no máximo 90 dias: marque uma nova entrada depois."),
        (json!({ "period": "madrugada" }), "period", "Período inválido: use manha, tarde, noite ou qualquer."),
        (json!({ "note": "nota\u{1b}[31m" }), "note", "O texto contém caracteres de controle não permitidos."),
        (json!({ "note": "a".repeat(501) }), "note", "A observação pode ter até 500 caracteres."),
        (json!({ "cor": "azul" }), "cor", "Campo desconhecido."),
    ];
    for (changes, field, message) in bad {
        let answer = json_of(app.post("/api/waitlist", &shop.admin, body(changes.clone())).await).await;
        assert_field_error(&changes.to_string(), &answer, field, message);
    }
    let (status, _) = json_of(app.post("/api/waitlist", &shop.admin, json!("não é um objeto")).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(entries(&app, &shop.admin).await.len(), 1, "nothing half-saved");

    // A Profissional does not see the list: it names every client.
    app.create_user(&shop.admin, "Rita Prof", "rita@example.com", "professional", "senha-da-rita-1").await;
    let rita = app.login("rita@example.com", "senha-da-rita-1").await;
    assert_eq!(app.get("/api/waitlist", &rita).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post("/api/waitlist", &rita, body(json!({}))).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/waitlist/{id}"), &rita).await.status(), StatusCode::FORBIDDEN);

    assert_eq!(app.delete("/api/waitlist/99999", &shop.admin).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete("/api/waitlist/abc", &shop.admin).await.status(), StatusCode::NOT_FOUND);
    let (status, body) = json_of(app.delete(&format!("/api/waitlist/{id}/offer"), &shop.admin).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "no offer to withdraw: {body}");
    assert_eq!(app.delete(&format!("/api/waitlist/{id}"), &shop.admin).await.status(), StatusCode::NO_CONTENT);
    assert!(entries(&app, &shop.admin).await.is_empty());

    // The settings: the front desk reads them, admins change them, in range.
    let (status, body) = json_of(app.get("/api/waitlist/settings", &shop.admin).await).await;
    assert_eq!((status, body["data"].clone()), (StatusCode::OK, json!({ "offerMinutes": 30, "todayOfferMinutes": 10 })));
    let answer = json_of(app.put("/api/waitlist/settings", &shop.admin, json!({ "offerMinutes": 4 })).await).await;
    assert_field_error("4 min", &answer, "offerMinutes", "Use de 5 a 1.440 minutos (um dia).");
    let answer = json_of(app.put("/api/waitlist/settings", &shop.admin, json!({ "todayOfferMinutes": 121 })).await).await;
    assert_field_error("121 min", &answer, "todayOfferMinutes", "Use de 5 a 120 minutos.");
    let (status, body) = json_of(app.put("/api/waitlist/settings", &shop.admin, json!({ "offerMinutes": 45 })).await).await;
    assert_eq!((status, body["data"]["offerMinutes"].clone()), (StatusCode::OK, json!(45)));
}
both!(entries_are_the_front_desks_and_checked);

/// Service, staff member, window and period decide who is offered a freed
/// time; the first in line that it suits gets it.
async fn a_freed_time_goes_to_the_first_entry_it_suits(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let next_day = (shop.day + Days::new(1)).to_string();
    let with_carla = wait(&app, &shop, "Caio Carla", json!({ "staffId": shop.carla })).await;
    let escova = wait(&app, &shop, "Eli Escova", json!({ "serviceId": shop.escova })).await;
    let evening = wait(&app, &shop, "Nina Noite", json!({ "period": "noite" })).await;
    let other_day = wait(&app, &shop, "Otto Outro", json!({ "from": next_day, "to": next_day })).await;
    let anyone_morning = wait(&app, &shop, "Maria Manhã", json!({ "period": "manha" })).await;
    let anyone = wait(&app, &shop, "Quim Qualquer", json!({})).await;
    assert!(offered_now(&app, &shop).await.is_empty(), "a full day offers nothing");

    // Paula's 10:00 frees up: not for Carla, nor for her Escova, nor an evening, nor another day.
    cancel(&app, &shop, shop.booked[1]).await;
    let offer = offer_of(&app, &shop, anyone_morning).await;
    assert_eq!(offer["startsAt"], format!("{}T10:00:00-03:00", shop.day), "{offer}");
    assert_eq!(offer["staffId"], shop.paula);
    assert!(offer["link"].as_str().unwrap().starts_with(&format!("{}/o/", app.base)), "{offer}");
    let whatsapp = offer["whatsappUrl"].as_str().unwrap();
    assert!(whatsapp.starts_with("https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Maria%20Man"), "{whatsapp}");
    assert_eq!(offered_now(&app, &shop).await, vec![anyone_morning], "one offer for one time");

    // Carla's 14:00: the first in line it suits is the one who waits for Carla
    // (before the Escova, which Carla does too).
    cancel(&app, &shop, shop.booked[2]).await;
    offer_of(&app, &shop, with_carla).await;
    let mut offered = offered_now(&app, &shop).await;
    offered.sort_unstable();
    assert_eq!(offered, vec![with_carla, anyone_morning]);
    for id in [escova, evening, other_day, anyone] {
        assert!(!offered.contains(&id));
    }

    // The agenda shows both held, whom for and until when; no one books over them.
    let (_, agenda) = json_of(app.get(&format!("/api/agenda?view=day&date={}", shop.day), &shop.admin).await).await;
    let held: Vec<&Value> = agenda["data"]["busy"].as_array().unwrap().iter().filter(|b| b["waitlist"] == true).collect();
    assert_eq!(held.len(), 2, "{agenda}");
    assert!(held.iter().any(|b| b["heldFor"] == "Maria Manhã" && !b["heldUntil"].is_null()), "{held:?}");
    let regular = app.create_client(&shop.admin, "Outro Cliente").await;
    let (status, body) = app
        .try_book(&shop.admin, json!({ "clientId": regular, "staffId": shop.paula, "serviceId": shop.corte, "startsAt": format!("{}T10:00:00", shop.day) }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}
both!(a_freed_time_goes_to_the_first_entry_it_suits);

/// "Não posso" passes the time to the next in line; "Quero este horário"
/// books it once; a lapsed offer frees the time for everyone; a forged
/// link, a late claim and a second claim are each a page.
async fn offers_pass_on_and_book_once(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let ana = wait(&app, &shop, "Ana Souza", json!({ "staffId": shop.paula })).await;
    let bia = wait(&app, &shop, "Bia Rocha", json!({})).await;
    cancel(&app, &shop, shop.booked[0]).await;
    let offer = offer_of(&app, &shop, ana).await;
    let path = path_of(&app, &offer);
    let (status, body, _) = page(app.http.get(app.url(&path)).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Um horário para você") && body.contains("Quero este horário") && body.contains("Não posso"), "{body}");
    assert!(body.contains("Ana Souza") && body.contains("Paula Lima"), "{body}");

    let (status, body, _) = answer(&app.base, &path, "talvez").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body, _) = answer(&app.base, &path, "decline").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("vai para a próxima pessoa da lista"), "{body}");
    let to_bia = offer_of(&app, &shop, bia).await;
    assert_eq!(to_bia["startsAt"], offer["startsAt"], "the same time, to the next in line");
    let (status, body, _) = answer(&app.base, &path, "claim").await;
    assert_eq!(status, StatusCode::GONE, "a declined offer is over: {body}");

    let bia_path = path_of(&app, &to_bia);
    let (status, body, location) = answer(&app.base, &bia_path, "claim").await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    let location = location.unwrap();
    assert!(location.starts_with("/c/") && location.ends_with("?novo=1"), "{location}");
    let (status, _, again) = answer(&app.base, &bia_path, "claim").await;
    assert_eq!((status, again.as_deref()), (StatusCode::SEE_OTHER, Some(location.as_str())), "a second claim leads to the same booking");
    let booked = appointments_on(&app, &shop).await;
    let bias: Vec<&Value> = booked.iter().filter(|a| a["clientName"] == "Bia Rocha").collect();
    assert_eq!(bias.len(), 1, "booked once: {booked:?}");
    assert_eq!((bias[0]["status"].clone(), bias[0]["startsAt"].clone()), (json!("confirmado"), offer["startsAt"].clone()));
    let waiting: Vec<i64> = entries(&app, &shop.admin).await.iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(waiting, vec![ana], "Bia waits no more; Ana still does");
    let (_, report) = json_of(app.get(&format!("/api/reports/summary?from={0}&to={0}", business_today()), &shop.admin).await).await;
    assert_eq!(report["data"]["recovered"], json!({ "count": 1, "revenueCents": 8000 }), "{report}");

    // Paula's 10:00 frees up: Ana's. Left to lapse, it goes to the next in
    // line at the job's next round; when that one lapses too, the time is
    // free for everyone.
    let caio = wait(&app, &shop, "Caio Lima", json!({})).await;
    cancel(&app, &shop, shop.booked[1]).await;
    let lapse = async |offer: &Value| {
        let token = path_of(&app, offer).trim_start_matches("/o/").to_string();
        let sql = format!("UPDATE booking_holds SET expires_at = '2020-01-01T00:00:00Z' WHERE token = '{token}'");
        app.state.db.execute_unprepared(&sql).await.unwrap();
    };
    let lapsing = offer_of(&app, &shop, ana).await;
    lapse(&lapsing).await;
    let (status, body, _) = answer(&app.base, &path_of(&app, &lapsing), "claim").await;
    assert_eq!(status, StatusCode::GONE, "{body}");
    assert!(body.contains("Oferta encerrada"), "{body}");
    let to_caio = offer_of(&app, &shop, caio).await;
    assert_eq!(to_caio["startsAt"], lapsing["startsAt"], "a lapsed offer passes to the next in line");
    lapse(&to_caio).await;
    assert!(offered_now(&app, &shop).await.is_empty(), "nobody else waits for it, and never again Ana or Caio");
    let regular = app.create_client(&shop.admin, "Outro Cliente").await;
    app.book(&shop.admin, json!({ "clientId": regular, "staffId": shop.paula, "serviceId": shop.corte, "startsAt": format!("{}T10:00:00", shop.day) })).await;

    let (status, body, _) = answer(&app.base, "/o/0000", "claim").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(body.contains("Link inválido"), "{body}");
    let (status, _, _) = page(app.http.get(app.url("/o/nada")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
both!(offers_pass_on_and_book_once);

/// The front desk takes an offer back: it goes to the next in line.
async fn the_front_desk_withdraws_an_offer(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let ana = wait(&app, &shop, "Ana Souza", json!({})).await;
    let bia = wait(&app, &shop, "Bia Rocha", json!({})).await;
    cancel(&app, &shop, shop.booked[0]).await;
    let offer = offer_of(&app, &shop, ana).await;
    let (status, body) = json_of(app.delete(&format!("/api/waitlist/{ana}/offer"), &shop.admin).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["offer"], Value::Null);
    assert_eq!(offer_of(&app, &shop, bia).await["startsAt"], offer["startsAt"]);
    let (status, _, _) = answer(&app.base, &path_of(&app, &offer), "claim").await;
    assert_eq!(status, StatusCode::GONE);
    // Deleting an entry takes its offer with it.
    let bias = path_of(&app, &offer_of(&app, &shop, bia).await);
    assert_eq!(app.delete(&format!("/api/waitlist/{bia}"), &shop.admin).await.status(), StatusCode::NO_CONTENT);
    let (status, body, _) = answer(&app.base, &bias, "claim").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
}
both!(the_front_desk_withdraws_an_offer);

/// Two instances take the claim at once: one booking.
async fn two_instances_claim_one_offer_once(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let ana = wait(&app, &shop, "Ana Souza", json!({})).await;
    cancel(&app, &shop, shop.booked[0]).await;
    let path = path_of(&app, &offer_of(&app, &shop, ana).await);
    let other = spawn_process_with(&app, &[]).await;
    let claims: Vec<_> = (0..8)
        .map(|n| {
            let base = if n % 2 == 0 { app.base.clone() } else { other.base.clone() };
            let path = path.clone();
            tokio::spawn(async move { answer(&base, &path, "claim").await })
        })
        .collect();
    // Every claim leads to the booking's page (each instance signs its own link).
    for claim in claims {
        let (status, body, location) = claim.await.unwrap();
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        assert!(location.unwrap().starts_with("/c/"));
    }
    let anas = appointments_on(&app, &shop).await.into_iter().filter(|a| a["clientName"] == "Ana Souza").count();
    assert_eq!(anas, 1);
}
both!(two_instances_claim_one_offer_once);

/// A visitor of the booking page who finds a day full waits for it: found
/// by their number or created, on the list for that day; a freed time of
/// it is offered to them.
async fn a_full_day_on_the_booking_page_joins_the_list(backend: Backend) {
    let app = spawn(backend).await;
    let shop = shop(&app).await;
    let (status, body) = json_of(app.put("/api/online-booking", &shop.admin, json!({ "enabled": true, "minNoticeHours": 0 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, day_page, _) = page(app.http.get(app.url(&format!("/agendar/{}?dia={}&profissional=qualquer", shop.corte, shop.day))).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let join = format!("/agendar/{}/espera?dia={}&amp;profissional=qualquer", shop.corte, shop.day);
    assert!(day_page.contains("Nenhum horário livre neste dia.") && day_page.contains(&join), "{day_page}");
    let join = join.replace("&amp;", "&");
    let (status, form, _) = page(app.http.get(app.url(&join)).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains("Lista de espera") && form.contains("Entrar na lista de espera"), "{form}");

    let send = |fields: Vec<(&'static str, String)>| {
        let (http, url) = (app.http.clone(), app.url(&join));
        async move { page(http.post(url).form(&fields).send().await.unwrap()).await }
    };
    let details = |name: &str, whatsapp: &str| vec![("name", name.to_string()), ("whatsapp", whatsapp.to_string()), ("consent", "1".to_string()), ("site", String::new())];
    let (status, body, _) = send(details("Ana Souza", "1234")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("Não é um número de telefone brasileiro.") && body.contains("value=\"Ana Souza\""), "{body}");
    let (status, body, _) = send(details("Ana Souza", "(11) 91234-5678")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("Você está na lista de espera"), "{body}");
    let listed = entries(&app, &shop.admin).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0]["clientName"].clone(), listed[0]["staffId"].clone(), listed[0]["from"].clone(), listed[0]["to"].clone()),
        (json!("Ana Souza"), Value::Null, json!(shop.day.to_string()), json!(shop.day.to_string()))
    );
    let (status, body, _) = page(app.http.get(app.url(&format!("/agendar/{}/espera?dia=2020-01-01", shop.corte))).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // The time that frees up is hers.
    cancel(&app, &shop, shop.booked[0]).await;
    offer_of(&app, &shop, listed[0]["id"].as_i64().unwrap()).await;

    // One number waits for three times at most.
    for _ in 0..2 {
        assert_eq!(send(details("Ana Souza", "11912345678")).await.0, StatusCode::OK);
    }
    let (status, body, _) = send(details("Ana Souza", "11912345678")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("já espera por 3 horários"), "{body}");
    let clients = entries(&app, &shop.admin).await.iter().map(|e| e["clientId"].as_i64().unwrap()).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(clients.len(), 1, "one client, found by her number");
}
both!(a_full_day_on_the_booking_page_joins_the_list);

/// The offer goes out by e-mail through the reminders' outbox too: its
/// time, deadline and page, once.
async fn the_offer_goes_out_by_email(backend: Backend) {
    use crate::reminders::{FROM, Smtp, free_port};
    let port = free_port();
    let smtp = Smtp::start(port, 0);
    let options = Options { waitlist_round_seconds: Some(1), smtp: Some((format!("smtp://127.0.0.1:{port}"), FROM.into())), mail_retry_seconds: Some(1), ..Options::default() };
    let app = spawn_with(backend, options).await;
    let shop = shop(&app).await;
    let client = app.created(&shop.admin, "/api/clients", json!({ "name": "Ana Souza", "email": "ana@example.com", "phone": "11987654321" })).await;
    let body = json!({ "clientId": client["id"], "serviceId": shop.corte, "from": shop.day.to_string(), "to": shop.day.to_string() });
    let entry = app.created(&shop.admin, "/api/waitlist", body).await["id"].as_i64().unwrap();
    cancel(&app, &shop, shop.booked[1]).await;
    let offer = offer_of(&app, &shop, entry).await;
    let messages = smtp.wait_for(1).await;
    let message = &messages[0];
    assert_eq!(message["to"], json!(["ana@example.com"]), "{message}");
    assert!(message["headers"]["Subject"].as_str().unwrap().starts_with("Abriu um horário: Corte em"), "{message}");
    let text = message["text"].as_str().unwrap();
    let until = &offer["expiresAt"].as_str().unwrap()[11..16];
    assert!(text.contains("às 10:00") && text.contains(&format!("guardado para você até as {until}")), "{text}");
    assert!(text.contains(offer["link"].as_str().unwrap()), "the offer's page: {text}");
    assert!(message["html"].as_str().unwrap().contains("Quero este horário (ou não posso)"), "{message}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(smtp.messages().len(), 1, "once");
}
both!(the_offer_goes_out_by_email);
