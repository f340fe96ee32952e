//! No double booking: concurrent requests for one slot of one staff member
//! give exactly one 201 and 409s that name the booked client, on SQLite and
//! PostgreSQL; overlapping (not only identical) intervals clash; touching
//! ones and other staff members do not; concurrent edits of one version give
//! one success and 409s.

use crate::common::{Backend, Fixture, TestApp, fixture, json_of, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

const N: usize = 8;

/// Fires all bodies at once at POST /api/appointments.
async fn concurrently(app: &TestApp, token: &str, bodies: Vec<Value>) -> Vec<(StatusCode, Value)> {
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let http = app.http.clone();
            let url = app.url("/api/appointments");
            let token = token.to_string();
            tokio::spawn(async move { json_of(http.post(url).bearer_auth(token).json(&body).send().await.unwrap()).await })
        })
        .collect();
    futures::future::join_all(tasks).await.into_iter().map(Result::unwrap).collect()
}

async fn concurrent_requests_for_one_slot_give_one_booking(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let staff = app.staff_user("Paula Lima", "paula@example.com").await;
    let mut clients = Vec::new();
    for i in 0..N {
        clients.push((app.create_client(&token, &format!("Cliente {i}")).await, format!("Cliente {i}")));
    }
    let bodies = clients
        .iter()
        .map(|(id, _)| {
            json!({ "clientId": id, "staffId": staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00", "endsAt": "2058-11-21T15:00:00-03:00" })
        })
        .collect();
    let answers = concurrently(&app, &token, bodies).await;
    let created: Vec<&Value> = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).map(|(_, b)| b).collect();
    let conflicts: Vec<&Value> = answers.iter().filter(|(s, _)| *s == StatusCode::CONFLICT).map(|(_, b)| b).collect();
    assert_eq!(created.len(), 1, "{answers:?}");
    assert_eq!(conflicts.len(), N - 1, "{answers:?}");
    let winner = created[0]["data"]["clientName"].as_str().unwrap();
    let expected = format!(
        "Conflito de horário: {winner} já tem agendamento com este profissional em 21/11/2058 das 14:00 às 15:00."
    );
    for conflict in conflicts {
        assert_eq!(conflict["message"], expected.as_str());
    }
    let (_, list) = json_of(app.get(&format!("/api/appointments?staff_id={staff}"), &token).await).await;
    assert_eq!(list["meta"]["total"], 1);
}
both!(concurrent_requests_for_one_slot_give_one_booking);

async fn concurrent_overlapping_intervals_give_one_booking(backend: Backend) {
    let app = spawn(backend).await;
    let Fixture { token, staff, maria: client, .. } = fixture(&app).await;
    // 14:00, 14:05 … 14:35, each 60 minutes: every pair overlaps.
    let bodies = (0..N)
        .map(|i| {
            json!({ "clientId": client, "staffId": staff, "service": "Corte", "startsAt": format!("2058-11-21T14:{:02}:00-03:00", i * 5), "durationMinutes": 60 })
        })
        .collect();
    let answers = concurrently(&app, &token, bodies).await;
    assert_eq!(answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count(), 1, "{answers:?}");
    assert_eq!(answers.iter().filter(|(s, _)| *s == StatusCode::CONFLICT).count(), N - 1, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert!(body["message"].as_str().unwrap().starts_with("Conflito de horário: Maria Souza já tem agendamento"), "{body}");
        }
    }
}
both!(concurrent_overlapping_intervals_give_one_booking);

async fn different_staff_members_book_the_same_slot(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.create_client(&token, "Maria Souza").await;
    let mut bodies = Vec::new();
    for i in 0..N {
        let staff = app.staff_user(&format!("Profissional {i}"), &format!("p{i}@example.com")).await;
        bodies.push(json!({ "clientId": client, "staffId": staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00", "durationMinutes": 60 }));
    }
    let answers = concurrently(&app, &token, bodies).await;
    assert!(answers.iter().all(|(s, _)| *s == StatusCode::CREATED), "{answers:?}");
}
both!(different_staff_members_book_the_same_slot);

async fn overlap_is_half_open(backend: Backend) {
    let app = spawn(backend).await;
    let Fixture { token, staff, maria, joao, .. } = fixture(&app).await;
    let from_to = |start: &str, end: &str, client: i64| json!({ "clientId": client, "staffId": staff, "service": "Corte", "startsAt": start, "endsAt": end });
    app.book(&token, from_to("2058-11-21T14:00:00-03:00", "2058-11-21T15:00:00-03:00", maria)).await;
    let message = "Conflito de horário: Maria Souza já tem agendamento com este profissional em 21/11/2058 das 14:00 às 15:00.";
    for (start, end) in [
        ("2058-11-21T14:30:00-03:00", "2058-11-21T15:30:00-03:00"),
        ("2058-11-21T13:30:00-03:00", "2058-11-21T14:01:00-03:00"),
        ("2058-11-21T13:00:00-03:00", "2058-11-21T16:00:00-03:00"),
        ("2058-11-21T14:15:00-03:00", "2058-11-21T14:45:00-03:00"),
        // The same instant written in UTC.
        ("2058-11-21T17:00:00Z", "2058-11-21T18:00:00Z"),
    ] {
        let (status, body) = app.try_book(&token, from_to(start, end, joao)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{start}–{end}");
        assert_eq!(body["message"], message, "{start}–{end}");
    }
    // Touching is fine: ends at 14:00, starts at 15:00.
    app.book(&token, from_to("2058-11-21T13:00:00-03:00", "2058-11-21T14:00:00-03:00", joao)).await;
    app.book(&token, from_to("2058-11-21T15:00:00-03:00", "2058-11-21T16:00:00-03:00", joao)).await;
}
both!(overlap_is_half_open);

async fn concurrent_edits_of_one_version_give_one_success(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.create_client(&token, "Maria Souza").await;
    let tasks: Vec<_> = (0..N)
        .map(|i| {
            let http = app.http.clone();
            let url = app.url(&format!("/api/clients/{client}"));
            let token = token.clone();
            tokio::spawn(async move {
                let response = http.put(url).bearer_auth(token).json(&json!({ "notes": format!("edição {i}"), "version": 1 })).send().await.unwrap();
                json_of(response).await
            })
        })
        .collect();
    let answers: Vec<(StatusCode, Value)> = futures::future::join_all(tasks).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(answers.iter().filter(|(s, _)| *s == StatusCode::OK).count(), 1, "{answers:?}");
    assert_eq!(answers.iter().filter(|(s, _)| *s == StatusCode::CONFLICT).count(), N - 1, "{answers:?}");
    let (_, body) = json_of(app.get(&format!("/api/clients/{client}"), &token).await).await;
    assert_eq!(body["data"]["version"], 2);
}
both!(concurrent_edits_of_one_version_give_one_success);
