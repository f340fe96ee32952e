//! Recurring appointments: a series booked whole or not at all, changed
//! one, following or all, its history one entry, its local time kept
//! across a daylight-saving change (on a new install's hours: Monday to
//! Friday, 08:00–18:00). Its dates lie in 2054–2057, the calendar of
//! 2026–2029 (weekdays and leap years repeat after 28 years), so they stay
//! ahead of whatever day the suite runs.

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, Options, TestApp, appointment, assert_field_error, json_of, spawn_process, spawn_with};
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

async fn app(backend: Backend) -> TestApp {
    spawn_with(backend, Options { round_the_clock: false, ..Options::default() }).await
}

/// What every series test starts with: the admin, Ana (staff) and Maria
/// Souza (a client) on `app`.
struct Scene {
    app: TestApp,
    admin: String,
    ana: i64,
    client: i64,
}

async fn scene(app: TestApp) -> Scene {
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let client = app.create_client(&admin, "Maria Souza").await;
    Scene { app, admin, ana, client }
}

fn starts(list: &[Value]) -> Vec<String> {
    list.iter().map(|a| a["startsAt"].as_str().unwrap().to_string()).collect()
}

async fn staff_appointments(app: &TestApp, token: &str, staff: i64) -> Vec<Value> {
    let (status, page) = json_of(app.get(&format!("/api/appointments?staff_id={staff}&per_page=100&from=2055-01-01"), token).await).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["data"].as_array().unwrap().clone()
}

async fn a_series_is_booked_whole_and_seen_as_one(backend: Backend) {
    let Scene { app, admin, ana, client } = scene(app(backend).await).await;

    // Mondays and Thursdays from Monday 4 January 2055, six times.
    let (series_id, made) = app.book_series(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Fisioterapia", "startsAt": "2055-01-04T09:00", "durationMinutes": 50,
                "repeat": { "every": 1, "unit": "week", "weekdays": [1, 4], "count": 6 } }),
    )
    .await;
    assert_eq!(
        starts(&made),
        [
            "2055-01-04T09:00:00-03:00",
            "2055-01-07T09:00:00-03:00",
            "2055-01-11T09:00:00-03:00",
            "2055-01-14T09:00:00-03:00",
            "2055-01-18T09:00:00-03:00",
            "2055-01-21T09:00:00-03:00"
        ]
    );
    for (n, occurrence) in made.iter().enumerate() {
        assert_eq!(occurrence["seriesId"], series_id);
        assert_eq!(occurrence["seriesPosition"], n + 1, "{occurrence}");
        assert_eq!(occurrence["seriesTotal"], 6);
        assert_eq!(occurrence["endsAt"].as_str().unwrap()[11..16], *"09:50");
    }
    // An occurrence read alone says where it stands.
    let third = &made[2];
    let (_, read) = json_of(app.get(&format!("/api/appointments/{}", third["id"]), &admin).await).await;
    assert_eq!((read["data"]["seriesPosition"].clone(), read["data"]["seriesTotal"].clone()), (json!(3), json!(6)));

    // The history: one entry for the series, shared by its occurrences.
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", third["id"]), &admin).await).await;
    assert_eq!(history["meta"]["total"], 1, "{history}");
    assert_eq!(history["data"][0]["changes"]["summary"]["new"], "Série de 6 agendamentos criada");
    assert_eq!(history["data"][0]["userName"], "Administrador");

    // The client's series, with what is left.
    let (status, list) = json_of(app.get(&format!("/api/appointments/series?client_id={client}"), &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let series = &list["data"][0];
    assert_eq!(series["id"], series_id);
    assert_eq!(series["total"], 6);
    assert_eq!(series["remaining"], 6);
    assert_eq!(series["description"], "Toda semana: segunda e quinta, 6 vezes");
    assert_eq!(series["nextStartsAt"], "2055-01-04T09:00:00-03:00");

    // Monthly on the second Tuesday, until a date (inclusive).
    let (_, monthly) = app.book_series(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Avaliação", "startsAt": "2055-01-12T15:00", "durationMinutes": 30,
                "repeat": { "every": 1, "unit": "month", "until": "2055-03-09" } }),
    )
    .await;
    assert_eq!(starts(&monthly), ["2055-01-12T15:00:00-03:00", "2055-02-09T15:00:00-03:00", "2055-03-09T15:00:00-03:00"]);
}
both!(a_series_is_booked_whole_and_seen_as_one);

async fn a_clash_on_any_date_saves_nothing_and_says_every_date(backend: Backend) {
    let Scene { app, admin, ana, client: maria } = scene(app(backend).await).await;
    let joao = app.create_client(&admin, "João Pereira").await;
    let other = app.book(&admin, appointment(joao, ana, "Consulta", "2055-01-14T09:30", 30)).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": ana, "startsAt": "2055-01-18", "endsAt": "2055-01-18", "reason": "Congresso" })).await;

    let series = json!({ "clientId": maria, "staffId": ana, "service": "Fisioterapia", "startsAt": "2055-01-04T09:00", "durationMinutes": 60,
                         "repeat": { "every": 1, "unit": "week", "weekdays": [1, 4], "count": 6 } });
    let (status, refused) = app.try_book(&admin, series.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["message"], "2 dias da série têm conflito; nada foi salvo.");
    let conflicts = refused["conflicts"].as_array().unwrap();
    assert_eq!(conflicts.len(), 2, "{refused}");
    assert_eq!(conflicts[0]["startsAt"], "2055-01-14T09:00:00-03:00");
    assert_eq!(conflicts[0]["reason"], "overlap");
    assert_eq!(conflicts[0]["with"]["appointmentId"], other["id"]);
    assert_eq!(conflicts[1]["startsAt"], "2055-01-18T09:00:00-03:00");
    assert_eq!(conflicts[1]["reason"], "timeOff");
    assert!(conflicts[1]["message"].as_str().unwrap().contains("Congresso"), "{refused}");
    assert_eq!(staff_appointments(&app, &admin, ana).await.len(), 1, "nothing of the series saved");

    // Booking anyway lifts the rules (time off) but never an overlap.
    let mut anyway = series.clone();
    anyway["allowOutsideHours"] = json!(true);
    let (status, still) = app.try_book(&admin, anyway).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(still["conflicts"].as_array().unwrap().len(), 1, "{still}");

    // Skip one date, move another: the rest is booked, whole.
    let mut fixed = series.clone();
    fixed["skipDates"] = json!(["2055-01-14"]);
    fixed["moves"] = json!([{ "date": "2055-01-18", "startsAt": "2055-01-19T10:00" }]);
    let (_, made) = app.book_series(&admin, fixed).await;
    assert_eq!(
        starts(&made),
        [
            "2055-01-04T09:00:00-03:00",
            "2055-01-07T09:00:00-03:00",
            "2055-01-11T09:00:00-03:00",
            "2055-01-19T10:00:00-03:00",
            "2055-01-21T09:00:00-03:00"
        ]
    );
}
both!(a_clash_on_any_date_saves_nothing_and_says_every_date);

async fn bad_rules_are_refused_on_their_field(backend: Backend) {
    let Scene { app, admin, ana, client } = scene(app(backend).await).await;
    let with = |repeat: Value| {
        json!({ "clientId": client, "staffId": ana, "service": "Fisioterapia", "startsAt": "2055-01-04T09:00", "durationMinutes": 30, "repeat": repeat })
    };
    for (body, field, message) in [
        (with(json!({ "every": 0, "unit": "week", "weekdays": [1], "count": 3 })), "repeat.every", "O intervalo deve ser de 1 a 12"),
        (with(json!({ "every": 13, "unit": "week", "weekdays": [1], "count": 3 })), "repeat.every", "O intervalo deve ser de 1 a 12"),
        (with(json!({ "unit": "week", "weekdays": [1], "count": 3 })), "repeat.every", "Informe a cada quantas"),
        (with(json!({ "every": 1, "unit": "day", "weekdays": [1], "count": 3 })), "repeat.unit", "Unidade inválida"),
        (with(json!({ "every": 1, "unit": "week", "count": 3 })), "repeat.weekdays", "Escolha ao menos um dia"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [], "count": 3 })), "repeat.weekdays", "Escolha ao menos um dia"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1, 8], "count": 3 })), "repeat.weekdays", "Dias da semana vão de 1"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "count": 3, "until": "2055-02-01" })), "repeat.count", "Informe o número de vezes (count) ou a data final (until), não os dois"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1] })), "repeat.count", "Informe o número de vezes"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "count": 105 })), "repeat.count", "Uma série tem de 1 a 104"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "until": "2054-12-31" })), "repeat.until", "A data final deve ser igual ou depois"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "until": "2057-01-05" })), "repeat.until", "A data final pode ser no máximo dois anos"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1, 2, 3, 4, 5], "until": "2055-12-31" })), "repeat.until", "Uma série tem no máximo 104"),
        (with(json!({ "every": 12, "unit": "month", "count": 4 })), "repeat.count", "A série passaria de dois anos"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "count": 3, "often": true })), "repeat.often", "Campo desconhecido"),
        (with(json!({ "every": 1, "unit": "week", "weekdays": [1], "until": "amanhã" })), "repeat.until", "Data inválida"),
    ] {
        let answer = app.try_book(&admin, body.clone()).await;
        assert_field_error(&body.to_string(), &answer, field, message);
    }
    let mut skip_other = with(json!({ "every": 1, "unit": "week", "weekdays": [1], "count": 3 }));
    skip_other["skipDates"] = json!(["2055-01-05"]);
    let answer = app.try_book(&admin, skip_other).await;
    assert_field_error("a day not in the series", &answer, "skipDates", "05/01/2055 não é um dia desta série.");
    let mut skip_all = with(json!({ "every": 1, "unit": "week", "weekdays": [1], "count": 1 }));
    skip_all["skipDates"] = json!(["2055-01-04"]);
    let answer = app.try_book(&admin, skip_all).await;
    assert_field_error("nothing left", &answer, "skipDates", "Nenhum agendamento restou");
    let wrong_type = app.try_book(&admin, with(json!({ "every": "toda", "unit": "week", "weekdays": [1], "count": 3 }))).await;
    assert_eq!(wrong_type.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", wrong_type.1);
    let single = json!({ "clientId": client, "staffId": ana, "service": "Consulta", "startsAt": "2055-01-05T09:00", "durationMinutes": 30, "skipDates": ["2055-01-05"] });
    let answer = app.try_book(&admin, single).await;
    assert_field_error("skipDates without repeat", &answer, "skipDates", "Só numa série");
    assert!(staff_appointments(&app, &admin, ana).await.is_empty(), "nothing saved");

    // `scope`: unknown, or on an appointment in no series; `repeat` on a change.
    let (_, one) = app.try_book(&admin, json!({ "clientId": client, "staffId": ana, "service": "Consulta", "startsAt": "2055-01-05T09:00", "durationMinutes": 30 })).await;
    let path = format!("/api/appointments/{}", one["data"]["id"]);
    let answer = json_of(app.put(&format!("{path}?scope=sempre"), &admin, json!({ "notes": "x", "version": 1 })).await).await;
    assert_field_error("unknown scope", &answer, "scope", "Escopo inválido");
    for scope in ["this", "following", "all"] {
        let answer = json_of(app.put(&format!("{path}?scope={scope}"), &admin, json!({ "notes": "x", "version": 1 })).await).await;
        assert_field_error(scope, &answer, "scope", "Este agendamento não faz parte de uma série.");
        let answer = json_of(app.patch(&format!("{path}/status?scope={scope}"), &admin, json!({ "status": "confirmado", "version": 1 })).await).await;
        assert_field_error(scope, &answer, "scope", "Este agendamento não faz parte de uma série.");
        let answer = json_of(app.delete(&format!("{path}?scope={scope}"), &admin).await).await;
        assert_field_error(scope, &answer, "scope", "Este agendamento não faz parte de uma série.");
    }
    let answer = json_of(app.put(&path, &admin, json!({ "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 2 }, "version": 1 })).await).await;
    assert_field_error("repeat on a change", &answer, "repeat", "Só ao criar");
    let (_, kept) = json_of(app.get(&path, &admin).await).await;
    assert_eq!(kept["data"]["version"], 1, "nothing changed: {kept}");
}
both!(bad_rules_are_refused_on_their_field);

async fn a_series_is_changed_one_following_or_all(backend: Backend) {
    let Scene { app, admin, ana, client } = scene(app(backend).await).await;
    let (series_id, made) = app.book_series(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Fisioterapia", "startsAt": "2055-02-01T09:00", "durationMinutes": 60,
                "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 6 } }),
    )
    .await;
    let path = |n: usize| format!("/api/appointments/{}", made[n]["id"]);

    // Only this one: it moves, keeps its series, and has its own history.
    let (status, moved) = json_of(app.put(&format!("{}?scope=this", path(1)), &admin, json!({ "startsAt": "2055-02-08T11:00", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["data"]["seriesId"], series_id);
    let (_, history) = json_of(app.get(&format!("{}/history", path(1)), &admin).await).await;
    assert_eq!(history["meta"]["total"], 2, "its own change and the series' creation: {history}");
    assert_eq!(history["data"][0]["action"], "update");

    // A stale version of the opened one is a 409, and nothing changes.
    let (status, _) = json_of(app.put(&format!("{}?scope=following", path(2)), &admin, json!({ "startsAt": "2055-02-15T14:00", "version": 7 })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // This and the following: the third to the sixth move to 14:00 and
    // become a series of their own; the first two stay.
    let (status, answer) = json_of(app.put(&format!("{}?scope=following", path(2)), &admin, json!({ "startsAt": "2055-02-15T14:00", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let now = staff_appointments(&app, &admin, ana).await;
    assert_eq!(
        starts(&now),
        [
            "2055-02-01T09:00:00-03:00",
            "2055-02-08T11:00:00-03:00",
            "2055-02-15T14:00:00-03:00",
            "2055-02-22T14:00:00-03:00",
            "2055-03-01T14:00:00-03:00",
            "2055-03-08T14:00:00-03:00"
        ]
    );
    let split = now[2]["seriesId"].clone();
    assert_ne!(split, json!(series_id));
    assert!(now[2..].iter().all(|a| a["seriesId"] == split), "{now:?}");
    assert!(now[..2].iter().all(|a| a["seriesId"] == series_id), "{now:?}");
    assert_eq!((now[3]["seriesPosition"].clone(), now[3]["seriesTotal"].clone()), (json!(2), json!(4)));
    let (_, list) = json_of(app.get(&format!("/api/appointments/series?client_id={client}"), &admin).await).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 2, "{list}");

    // A change to many is checked whole: a clash on one date changes none.
    let joao = app.create_client(&admin, "João Pereira").await;
    app.book(&admin, json!({ "clientId": joao, "staffId": ana, "service": "Consulta", "startsAt": "2055-03-01T16:00", "durationMinutes": 30 })).await;
    let version = now[3]["version"].clone();
    let (status, refused) =
        json_of(app.put(&format!("/api/appointments/{}?scope=all", now[3]["id"]), &admin, json!({ "startsAt": "2055-02-22T16:00", "version": version })).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["conflicts"][0]["startsAt"], "2055-03-01T16:00:00-03:00");
    assert_eq!(starts(&staff_appointments(&app, &admin, ana).await)[3], "2055-02-22T14:00:00-03:00", "nothing moved");

    // All: the status of every one of the new series, one entry for it.
    let (status, cancelled) = json_of(
        app.patch(
            &format!("/api/appointments/{}/status?scope=all", now[3]["id"]),
            &admin,
            json!({ "status": "cancelado", "cancellationReason": "Alta do tratamento", "version": version }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    let after = staff_appointments(&app, &admin, ana).await;
    let statuses: Vec<&str> = after.iter().filter(|a| a["seriesId"] == split).map(|a| a["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["cancelado"; 4]);
    let (_, history) = json_of(app.get(&format!("/api/appointments/{}/history", now[4]["id"]), &admin).await).await;
    let summaries: Vec<&str> = history["data"].as_array().unwrap().iter().map(|e| e["changes"]["summary"]["new"].as_str().unwrap_or("")).collect();
    assert!(summaries.contains(&"Série cancelada a partir de 15/02/2055 (4 agendamentos)"), "{summaries:?}");

    // Delete all from the first: the first two go (the cancelled ones are another series).
    assert_eq!(app.delete(&format!("{}?scope=all", path(0)), &admin).await.status(), StatusCode::NO_CONTENT);
    let (status, _) = json_of(app.get(&path(1), &admin).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The deletion is one entry of the series, naming the occurrences it removed.
    let deleted: Vec<i64> = made[..2].iter().map(|a| a["id"].as_i64().unwrap()).collect();
    let entry = app.state.db.query_one_raw(sea_orm::Statement::from_string(
        app.state.db.get_database_backend(),
        format!("SELECT changes FROM audit_log WHERE entity = 'series' AND entity_id = {series_id} AND action = 'delete'"),
    ));
    let row = entry.await.unwrap().expect("one entry of the series for the deletion");
    let changes: Value = match row.try_get::<String>("", "changes") {
        Ok(text) => serde_json::from_str(&text).unwrap(),
        Err(_) => row.try_get::<Value>("", "changes").unwrap(),
    };
    assert_eq!(changes["appointments"]["new"], json!(deleted), "{changes}");
    assert_eq!(changes["summary"]["new"], "2 agendamentos da série excluídos a partir de 01/02/2055");
}
both!(a_series_is_changed_one_following_or_all);

/// A part split off by moving "this and the following" to another weekday
/// says the weekday they fall on now, not the origin's.
async fn a_split_series_describes_the_weekday_it_moved_to(backend: Backend) {
    let Scene { app, admin, ana, client } = scene(app(backend).await).await;
    // Mondays from 5 April 2055, four times; the third and fourth move to Tuesdays.
    let (series_id, made) = app.book_series(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Fisioterapia", "startsAt": "2055-04-05T09:00", "durationMinutes": 60,
                "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 4 } }),
    )
    .await;
    let third = format!("/api/appointments/{}?scope=following", made[2]["id"]);
    let (status, answer) = json_of(app.put(&third, &admin, json!({ "startsAt": "2055-04-20T10:00", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, list) = json_of(app.get(&format!("/api/appointments/series?client_id={client}"), &admin).await).await;
    let described: Vec<(Value, Value, Value)> =
        list["data"].as_array().unwrap().iter().map(|s| (s["id"].clone(), s["description"].clone(), s["rule"]["weekdays"].clone())).collect();
    let split = answer["data"]["seriesId"].clone();
    assert_ne!(split, json!(series_id));
    assert_eq!(
        described,
        [
            (split, json!("Toda semana: terça, 2 vezes"), json!([2])),
            (json!(series_id), json!("Toda semana: segunda, 2 vezes"), json!([1]))
        ],
        "{list}"
    );
}
both!(a_split_series_describes_the_weekday_it_moved_to);

/// 09:00 stays 09:00 across New York's spring change (14 March 2055).
async fn a_series_keeps_its_local_time_across_daylight_saving(backend: Backend) {
    let Scene { app, admin, ana, client } = scene(spawn_with(backend, Options { round_the_clock: false, tz: Some(chrono_tz::America::New_York), ..Options::default() }).await).await;
    let (_, made) = app.book_series(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Terapia", "startsAt": "2055-03-01T09:00", "durationMinutes": 50,
                "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 3 } }),
    )
    .await;
    assert_eq!(starts(&made), ["2055-03-01T09:00:00-05:00", "2055-03-08T09:00:00-05:00", "2055-03-15T09:00:00-04:00"]);
    let (status, _) = json_of(app.put(&format!("/api/appointments/{}?scope=all", made[0]["id"]), &admin, json!({ "startsAt": "2055-03-01T10:00", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, page) = json_of(app.get(&format!("/api/appointments?client_id={client}"), &admin).await).await;
    assert_eq!(starts(page["data"].as_array().unwrap()), ["2055-03-01T10:00:00-05:00", "2055-03-08T10:00:00-05:00", "2055-03-15T10:00:00-04:00"]);
}
both!(a_series_keeps_its_local_time_across_daylight_saving);

/// Two series that clash on one date, sent at the same moment to two
/// server instances over one database: one is saved whole, the other
/// refused whole.
async fn two_instances_book_clashing_series_one_wins_whole(backend: Backend) {
    let Scene { app, admin, ana, client: maria } = scene(spawn_with(backend, Options { round_the_clock: true, ..Options::default() }).await).await;
    let joao = app.create_client(&admin, "João Pereira").await;
    let second = spawn_process(&app).await;
    let http = reqwest::Client::new();
    let login = http.post(second.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    let token_there = login.json::<Value>().await.unwrap()["data"]["accessToken"].as_str().unwrap().to_string();
    for round in 0..3 {
        // Mondays from week `round`, and Wednesdays plus one shared Monday.
        let monday = format!("2055-0{}-01", round + 2);
        let first = json!({ "clientId": maria, "staffId": ana, "service": "A", "startsAt": format!("{monday}T09:00"), "durationMinutes": 60,
                            "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 4 } });
        let other = json!({ "clientId": joao, "staffId": ana, "service": "B", "startsAt": format!("{monday}T09:30"), "durationMinutes": 60,
                            "repeat": { "every": 1, "unit": "week", "weekdays": [1, 3], "count": 1 } });
        let here = app.http.post(app.url("/api/appointments")).bearer_auth(&admin).json(&first).send();
        let there = http.post(second.url("/api/appointments")).bearer_auth(&token_there).json(&other).send();
        let (here, there) = futures::join!(here, there);
        let mut statuses = [here.unwrap().status(), there.unwrap().status()];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::CREATED, StatusCode::CONFLICT], "round {round}");
    }
    let all = staff_appointments(&app, &admin, ana).await;
    for a in &all {
        let series: Vec<&Value> = all.iter().filter(|b| b["seriesId"] == a["seriesId"]).collect();
        assert_eq!(series.len() as i64, a["seriesTotal"].as_i64().unwrap(), "each saved series is whole");
    }
    for pair in all.windows(2) {
        assert!(pair[0]["endsAt"].as_str() <= pair[1]["startsAt"].as_str(), "no overlap: {pair:?}");
    }
}
both!(two_instances_book_clashing_series_one_wins_whole);
