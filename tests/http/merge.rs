//! POST /api/clients/{id}/merge: two records of one person made one. What
//! points at the merged record (appointments, series, their reminders, the
//! access log, its links) follows the kept one, empty fields are filled and
//! filled ones kept, the history of both stays readable, every bad input
//! gets its answer, and a Profissional may not merge.

use std::collections::BTreeSet;

use chrono::{Days, Utc, Weekday};
use expediente_core::kit::events::ChangeEvent;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use tokio::sync::broadcast::Receiver;

use crate::common::{Backend, TestApp, appointment, assert_error, assert_field_error, fixture, json_of, spawn, weekday_ahead};

const NOT_FOUND: &str = "Cliente não encontrado.";

fn published(events: &mut Receiver<ChangeEvent>) -> Vec<ChangeEvent> {
    std::iter::from_fn(|| events.try_recv().ok()).collect()
}

async fn merge(app: &TestApp, token: &str, id: i64, body: Value) -> (StatusCode, Value) {
    json_of(app.post(&format!("/api/clients/{id}/merge"), token, body).await).await
}

async fn get_json(app: &TestApp, path: &str, token: &str) -> (StatusCode, Value) {
    json_of(app.get(path, token).await).await
}

/// The ids of a list answer's `data`.
fn ids(list: &Value) -> BTreeSet<i64> {
    list["data"].as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect()
}

/// The e-mail reminders of an appointment, as (state, recipient).
async fn email_reminders(app: &TestApp, appointment: i64) -> Vec<(String, Option<String>)> {
    use entities::reminder::{self, Channel};
    reminder::Entity::find()
        .filter(reminder::Column::AppointmentId.eq(appointment as i32))
        .filter(reminder::Column::Channel.eq(Channel::Email))
        .order_by_asc(reminder::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.state.as_str().to_string(), r.recipient))
        .collect()
}

async fn the_duplicate_moves_whole_into_the_kept_record(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let token = &f.token;
    // The record the front desk keeps: a phone and notes, nothing else.
    let kept = app.created(token, "/api/clients", json!({ "name": "Maria Souza", "phone": "11987654321", "notes": "Alergia a látex." })).await;
    let id = kept["id"].as_i64().unwrap();
    // The one the client made booking online: everything filled.
    let body = json!({ "name": "Maria S.", "email": "Maria@Example.com", "phone": "11911112222", "document": "529.982.247-25",
                       "birthDate": "1990-05-10", "notes": "Cadastro pela internet." });
    let dup = app.created(token, "/api/clients", body).await["id"].as_i64().unwrap();
    let day = weekday_ahead(3, Weekday::Wed);
    let own = app.book(token, appointment(id, f.staff, "Corte", &format!("{day}T09:00"), 30)).await;
    let single = app.book(token, appointment(dup, f.staff, "Escova", &format!("{day}T11:00"), 30)).await;
    let mut series = appointment(dup, f.other_staff, "Hidratação", &format!("{day}T14:00"), 60);
    series["repeat"] = json!({ "every": 1, "unit": "week", "weekdays": [3], "count": 3 });
    let (series_id, occurrences) = app.book_series(token, series).await;
    let moved: BTreeSet<i64> = occurrences.iter().map(|a| a["id"].as_i64().unwrap()).chain([single["id"].as_i64().unwrap()]).collect();
    // Its reminders: the e-mail outbox for each, and a WhatsApp sent by hand.
    assert_eq!(email_reminders(&app, single["id"].as_i64().unwrap()).await, [("pending".to_string(), Some("maria@example.com".to_string()))]);
    let (status, sent) = json_of(app.post(&format!("/api/reminders/{}/whatsapp", single["id"]), token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    let (_, day_list) = get_json(&app, &format!("/api/reminders?date={day}"), token).await;
    let row = |list: &Value| list["data"]["rows"].as_array().unwrap().iter().find(|r| r["appointmentId"] == single["id"]).cloned().unwrap();
    let link = row(&day_list)["link"].as_str().unwrap().to_string();
    let link = link[link.find("/c/").unwrap()..].to_string();
    // Its record and history read: the access log's rows.
    assert_eq!(get_json(&app, &format!("/api/clients/{dup}"), token).await.0, StatusCode::OK);
    let (_, dup_history) = get_json(&app, &format!("/api/clients/{dup}/history"), token).await;
    let dup_created = dup_history["data"][0]["id"].as_i64().unwrap();

    let mut events = app.state.events.subscribe();
    // A stale version: 409, nothing changed.
    let answer = merge(&app, token, id, json!({ "from": dup, "version": 7 })).await;
    assert_error(&answer, StatusCode::CONFLICT, "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");
    assert_eq!(get_json(&app, &format!("/api/clients/{dup}"), token).await.0, StatusCode::OK);
    assert!(published(&mut events).is_empty());

    let (status, merged) = merge(&app, token, id, json!({ "from": dup, "version": kept["version"] })).await;
    assert_eq!(status, StatusCode::OK, "{merged}");
    // Empty fields filled from the duplicate, filled ones kept, notes joined.
    let merged = &merged["data"];
    assert_eq!(merged["name"], "Maria Souza");
    assert_eq!(merged["phone"], "11987654321", "a filled field is never overwritten");
    assert_eq!(merged["email"], "maria@example.com");
    assert_eq!(merged["document"], "52998224725");
    assert_eq!(merged["birthDate"], "1990-05-10");
    assert_eq!(merged["notes"], "Alergia a látex.\n\nCadastro pela internet.");
    assert_eq!(merged["version"], kept["version"].as_i64().unwrap() + 1);
    // The duplicate is gone; its address is the kept record's now, and the
    // search finds the kept record by the duplicate's CPF.
    assert_error(&get_json(&app, &format!("/api/clients/{dup}"), token).await, StatusCode::NOT_FOUND, NOT_FOUND);
    let answer = json_of(app.post("/api/clients", token, json!({ "name": "Outra Maria", "email": "maria@example.com" })).await).await;
    assert_field_error("the moved address", &answer, "email", "Já existe um cliente com este e-mail.");
    let (_, found) = get_json(&app, "/api/clients?q=529.982.247-25", token).await;
    assert_eq!(ids(&found), BTreeSet::from([id]));

    // Appointments and the series follow, each announced once.
    let (_, theirs) = get_json(&app, &format!("/api/appointments?client_id={id}&per_page=50"), token).await;
    let mut all = moved.clone();
    all.insert(own["id"].as_i64().unwrap());
    assert_eq!(ids(&theirs), all);
    assert!(theirs["data"].as_array().unwrap().iter().all(|a| a["clientName"] == "Maria Souza"), "{theirs}");
    let seen = published(&mut events);
    assert_eq!(seen.iter().map(|e| i64::from(e.appointment_id)).collect::<BTreeSet<_>>(), moved, "{seen:?}");
    assert_eq!(seen.len(), moved.len());
    assert!(seen.iter().all(|e| e.version == Some(2) && e.moved_from.is_none()), "{seen:?}");
    let (_, series_list) = get_json(&app, &format!("/api/appointments/series?client_id={id}"), token).await;
    assert_eq!(series_list["data"][0]["id"], series_id, "{series_list}");
    let (_, history) = get_json(&app, &format!("/api/appointments/{}/history", single["id"]), token).await;
    assert_eq!(history["data"][0]["action"], "merge");
    assert_eq!(history["data"][0]["changes"]["clientName"], json!({ "old": "Maria S.", "new": "Maria Souza" }));
    assert_eq!(history["data"][0]["changes"]["clientId"], json!({ "old": dup, "new": id }));

    // Reminders: the pending e-mail still goes to the (moved) address, the
    // WhatsApp sent stays sent, the link sent to the duplicate still opens.
    assert_eq!(email_reminders(&app, single["id"].as_i64().unwrap()).await, [("pending".to_string(), Some("maria@example.com".to_string()))]);
    let (_, day_list) = get_json(&app, &format!("/api/reminders?date={day}"), token).await;
    assert_eq!(row(&day_list)["whatsappSentAt"], sent["data"]["whatsappSentAt"]);
    assert_eq!(row(&day_list)["clientName"], "Maria Souza");
    let page = app.http.get(app.url(&link)).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("Maria Souza"));

    // The access log: the duplicate's reads are the kept record's now.
    let (_, accesses) = get_json(&app, &format!("/api/clients/{id}/accesses?per_page=50"), token).await;
    let kinds: Vec<&str> = accesses["data"].as_array().unwrap().iter().map(|a| a["what"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"history") && kinds.iter().filter(|k| **k == "record").count() >= 1, "{accesses}");
    use entities::client_read;
    let left = client_read::Entity::find().filter(client_read::Column::ClientId.eq(dup as i32)).all(&app.state.db).await.unwrap();
    assert!(left.is_empty(), "{left:?}");

    // The audit: one entry on the kept record naming the duplicate with its
    // data, and the duplicate's own entries in the kept record's history.
    let (_, history) = get_json(&app, &format!("/api/clients/{id}/history"), token).await;
    let entry = &history["data"][0];
    assert_eq!(entry["action"], "merge", "{history}");
    let changes = &entry["changes"];
    assert_eq!(changes["mergedFrom"]["old"], Value::Null);
    let was = &changes["mergedFrom"]["new"];
    assert_eq!((was["id"].as_i64(), was["name"].as_str(), was["email"].as_str()), (Some(dup), Some("Maria S."), Some("maria@example.com")));
    assert_eq!((was["phone"].as_str(), was["document"].as_str()), (Some("11911112222"), Some("52998224725")));
    assert_eq!(changes["email"], json!({ "old": null, "new": "maria@example.com" }));
    assert_eq!(changes["movedAppointments"]["new"], 4);
    assert!(changes.get("phone").is_none() && changes.get("name").is_none(), "{changes}");
    let actions: Vec<&str> = history["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["merge", "create", "create"], "the kept record's creation and the duplicate's");
    let (status, whole) = get_json(&app, &format!("/api/clients/{id}/history/{dup_created}"), token).await;
    assert_eq!(status, StatusCode::OK, "{whole}");
    assert_eq!(whole["data"]["changes"]["name"]["new"], "Maria S.");
    // The LGPD export carries both.
    let (_, export) = get_json(&app, &format!("/api/clients/{id}/export"), token).await;
    let exported: Vec<(String, i64)> =
        export["history"].as_array().unwrap().iter().map(|e| (e["entity"].as_str().unwrap().to_string(), e["entityId"].as_i64().unwrap())).collect();
    assert!(exported.contains(&("client".to_string(), dup)), "{exported:?}");
    assert_eq!(export["appointments"].as_array().unwrap().len(), 5);
}
both!(the_duplicate_moves_whole_into_the_kept_record);

async fn every_bad_merge_is_refused_and_changes_nothing(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let token = &f.token;
    let maria = app.created(token, "/api/clients", json!({ "name": "Maria Souza", "notes": "a".repeat(1500) })).await;
    let (id, version) = (maria["id"].as_i64().unwrap(), maria["version"].clone());
    let dup = app.created(token, "/api/clients", json!({ "name": "Maria S.", "notes": "b".repeat(600) })).await["id"].as_i64().unwrap();

    let answer = merge(&app, token, id, json!({ "from": dup, "version": version, "keep": "tudo" })).await;
    assert_field_error("unknown field", &answer, "keep", "Campo desconhecido.");
    let answer = merge(&app, token, id, json!({})).await;
    assert_field_error("no from", &answer, "from", "Escolha o cadastro duplicado");
    assert_field_error("no version", &answer, "version", "Informe a versão do registro que você leu");
    let answer = merge(&app, token, id, json!({ "from": id, "version": version })).await;
    assert_field_error("itself", &answer, "from", "Escolha outro cadastro: um cliente não pode ser juntado a ele mesmo.");
    let answer = merge(&app, token, id, json!({ "from": "Maria S.", "version": version })).await;
    assert_eq!(answer.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.1);
    assert!(answer.1["errors"]["from"].is_array(), "{}", answer.1);
    assert_error(&merge(&app, token, 999_999, json!({ "from": dup, "version": 1 })).await, StatusCode::NOT_FOUND, NOT_FOUND);
    assert_error(&merge(&app, token, id, json!({ "from": 999_999, "version": version })).await, StatusCode::NOT_FOUND, "O cadastro a juntar não foi encontrado.");
    let (status, _) = json_of(app.post("/api/clients/abc/merge", token, json!({ "from": dup, "version": version })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Notes too long once joined: 422, say which.
    let answer = merge(&app, token, id, json!({ "from": dup, "version": version })).await;
    assert_field_error("long notes", &answer, "from", "As observações dos dois cadastros, juntas, passam de 2.000 caracteres");
    // Anonymised, either one (LGPD): 422.
    let gone = app.created(token, "/api/clients", json!({ "name": "Ana Antiga" })).await["id"].as_i64().unwrap();
    let (status, anonymised) = json_of(app.post(&format!("/api/clients/{gone}/anonymise"), token, json!({ "confirmName": "Ana Antiga" })).await).await;
    assert_eq!(status, StatusCode::OK, "{anonymised}");
    let answer = merge(&app, token, id, json!({ "from": gone, "version": version })).await;
    assert_field_error("anonymised from", &answer, "from", "O cadastro escolhido foi anonimizado (LGPD)");
    let answer = merge(&app, token, gone, json!({ "from": dup, "version": anonymised["data"]["version"] })).await;
    assert_error(&answer, StatusCode::UNPROCESSABLE_ENTITY, "Este cliente foi anonimizado (LGPD): não dá para juntar outro cadastro a ele.");
    // A Profissional may not merge, even two clients of theirs; Recepção may.
    let paula = app.create_user(token, "Paula Prof", "paula.prof@example.com", "professional", "prancha-azul-42").await;
    app.create_user(token, "Rita Recepção", "rita@example.com", "staff", "prancha-azul-42").await;
    let day = weekday_ahead(2, Weekday::Thu);
    for (client, hour) in [(id, 9), (dup, 10)] {
        app.book(token, appointment(client, paula, "Sessão", &format!("{day}T{hour:02}:00"), 30)).await;
    }
    let paula = app.login("paula.prof@example.com", "prancha-azul-42").await;
    assert_error(&merge(&app, &paula, id, json!({ "from": dup, "version": version })).await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    // Nothing of the above changed anything.
    let (_, now) = get_json(&app, &format!("/api/clients/{id}"), token).await;
    assert_eq!(now["data"]["version"], version);
    assert_eq!(get_json(&app, &format!("/api/clients/{dup}"), token).await.0, StatusCode::OK);
    let (_, history) = get_json(&app, &format!("/api/clients/{id}/history"), token).await;
    assert_eq!(history["meta"]["total"], 1, "{history}");

    // Notes shortened, Recepção merges. Both had an e-mail: the kept one's
    // stays, and the duplicate's address is free again afterwards.
    let body = json!({ "notes": "Prefere manhãs.", "email": "maria@example.com", "version": version });
    let (status, edited) = json_of(app.put(&format!("/api/clients/{id}"), token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    let (status, _) = json_of(app.put(&format!("/api/clients/{dup}"), token, json!({ "email": "maria.s@example.com", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let rita_token = app.login("rita@example.com", "prancha-azul-42").await;
    let (status, merged) = merge(&app, &rita_token, id, json!({ "from": dup, "version": edited["data"]["version"] })).await;
    assert_eq!(status, StatusCode::OK, "{merged}");
    assert_eq!(merged["data"]["email"], "maria@example.com");
    assert!(merged["data"]["notes"].as_str().unwrap().starts_with("Prefere manhãs.\n\n"), "{merged}");
    app.created(token, "/api/clients", json!({ "name": "Maria Santos", "email": "maria.s@example.com" })).await;
    // Merged already: the duplicate is not there any more.
    let answer = merge(&app, token, id, json!({ "from": dup, "version": merged["data"]["version"] })).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "O cadastro a juntar não foi encontrado.");
}
both!(every_bad_merge_is_refused_and_changes_nothing);

async fn a_reminder_already_sent_is_not_sent_again_and_an_online_signup_is_checked(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let token = &f.token;
    let kept = app.created(token, "/api/clients", json!({ "name": "Carla Dias", "email": "carla@example.com" })).await;
    // The record kept is the one the client made online ("cadastro pela internet").
    use entities::client;
    use sea_orm::sea_query::Expr;
    client::Entity::update_many()
        .col_expr(client::Column::OnlineSignup, Expr::value(true))
        .filter(client::Column::Id.eq(kept["id"].as_i64().unwrap() as i32))
        .exec(&app.state.db)
        .await
        .unwrap();
    let dup = app.created(token, "/api/clients", json!({ "name": "Carla D.", "email": "carla.d@example.com" })).await["id"].as_i64().unwrap();
    let ahead = |hours: i64| (Utc::now() + chrono::Duration::hours(hours)).format("%Y-%m-%dT%H:%M:00Z").to_string();
    let pending = app.book(token, appointment(dup, f.staff, "Corte", &ahead(30), 30)).await["id"].as_i64().unwrap();
    let reminded = app.book(token, appointment(dup, f.staff, "Escova", &ahead(5), 30)).await["id"].as_i64().unwrap();
    // The mailer sent the second one's reminder (marked as it marks it).
    use entities::reminder::{self, ReminderState};
    reminder::Entity::update_many()
        .col_expr(reminder::Column::State, Expr::value(ReminderState::Sent.as_str()))
        .col_expr(reminder::Column::SentAt, Expr::value(Utc::now()))
        .filter(reminder::Column::AppointmentId.eq(reminded as i32))
        .exec(&app.state.db)
        .await
        .unwrap();

    let (status, merged) = merge(&app, token, kept["id"].as_i64().unwrap(), json!({ "from": dup, "version": kept["version"] })).await;
    assert_eq!(status, StatusCode::OK, "{merged}");
    assert_eq!(merged["data"]["email"], "carla@example.com", "the kept address stays");
    assert_eq!(merged["data"]["onlineSignup"], false, "merged with the front desk's record, it is checked");
    // The pending one now goes to the kept record's address; the one sent is not sent again.
    assert_eq!(email_reminders(&app, pending).await, [("pending".to_string(), Some("carla@example.com".to_string()))]);
    assert_eq!(email_reminders(&app, reminded).await, [("sent".to_string(), Some("carla.d@example.com".to_string()))]);
}
both!(a_reminder_already_sent_is_not_sent_again_and_an_online_signup_is_checked);

async fn merges_chain_and_anonymising_erases_the_merged_records_data_too(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let token = &f.token;
    let a = app.created(token, "/api/clients", json!({ "name": "Zuleica Prado", "email": "zuleica@example.com", "phone": "11955554444" })).await;
    let b = app.created(token, "/api/clients", json!({ "name": "Zu Prado" })).await;
    let c = app.created(token, "/api/clients", json!({ "name": "Zuleica P. Campos" })).await;
    let day = weekday_ahead(4, Weekday::Fri) + Days::new(7);
    let body = appointment(a["id"].as_i64().unwrap(), f.staff, "Corte", &format!("{day}T10:00"), 30);
    let mut visit = body.clone();
    visit["notes"] = json!("Zuleica pediu franja");
    let visit = app.book(token, visit).await;
    // A into B, then B into C: C's history holds all three records'.
    let (status, b_now) = merge(&app, token, b["id"].as_i64().unwrap(), json!({ "from": a["id"], "version": b["version"] })).await;
    assert_eq!(status, StatusCode::OK, "{b_now}");
    let (status, c_now) = merge(&app, token, c["id"].as_i64().unwrap(), json!({ "from": b["id"], "version": c["version"] })).await;
    assert_eq!(status, StatusCode::OK, "{c_now}");
    assert_eq!(c_now["data"]["email"], "zuleica@example.com", "filled through both merges");
    let c_id = c["id"].as_i64().unwrap();
    let (_, history) = get_json(&app, &format!("/api/clients/{c_id}/history"), token).await;
    let actions: Vec<&str> = history["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["merge", "merge", "create", "create", "create"], "{history}");
    let (_, moved) = get_json(&app, &format!("/api/appointments/{}", visit["id"]), token).await;
    assert_eq!(moved["data"]["clientId"], c_id);

    // Anonymising C erases A's and B's data as well: in the merges' records and in the history.
    let body = json!({ "confirmName": "Zuleica P. Campos" });
    let (status, _) = json_of(app.post(&format!("/api/clients/{c_id}/anonymise"), token, body).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, history) = get_json(&app, &format!("/api/clients/{c_id}/history?per_page=50"), token).await;
    let text = history.to_string();
    for personal in ["Zuleica", "Prado", "zuleica@example.com", "11955554444", "Zu Prado"] {
        assert!(!text.contains(personal), "{personal} in {text}");
    }
    assert!(text.contains("mergedFrom"), "{text}");
    let (_, visit_history) = get_json(&app, &format!("/api/appointments/{}/history", visit["id"]), token).await;
    let text = visit_history.to_string();
    assert!(!text.contains("Zuleica") && !text.contains("Zu Prado"), "{text}");
}
both!(merges_chain_and_anonymising_erases_the_merged_records_data_too);
