//! `GET /api/events`, the live agenda's stream: who may open it, what a
//! change looks like on it, resuming with `Last-Event-ID`, what cannot be
//! resumed, its end with the session, its bound per address, and on
//! PostgreSQL a change made by another server process.

use std::time::Duration;

use reqwest::{Client, Response, StatusCode, header};
use serde_json::{Value, json};

use crate::common::*;

/// One server-sent event.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sent {
    pub(crate) event: String,
    pub(crate) id: String,
    pub(crate) data: String,
}

impl Sent {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or_else(|e| panic!("{e}: {}", self.data))
    }
}

/// An open stream, read event by event.
pub(crate) struct Stream {
    pub(crate) response: Response,
    pub(crate) buffer: String,
}

impl Stream {
    /// The next event (comments skipped) within `wait`; `None` when the
    /// stream ended. Panics when nothing came in time.
    pub(crate) async fn next(&mut self, wait: Duration) -> Option<Sent> {
        self.within(wait).await.expect("no event in time")
    }

    /// The next event within `wait` (`Some(None)`: the stream ended), or
    /// `None` when nothing came.
    pub(crate) async fn within(&mut self, wait: Duration) -> Option<Option<Sent>> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut sent = Sent::default();
                let mut any = false;
                for line in block.lines() {
                    let (field, value) = line.split_once(':').map(|(f, v)| (f, v.strip_prefix(' ').unwrap_or(v))).unwrap_or((line, ""));
                    match field {
                        "event" => sent.event = value.into(),
                        "id" => sent.id = value.into(),
                        "data" => sent.data = value.into(),
                        _ => continue,
                    }
                    any = true;
                }
                if any {
                    return Some(Some(sent));
                }
            }
            let Ok(chunk) = tokio::time::timeout_at(deadline, self.response.chunk()).await else { return None };
            match chunk.expect("the stream broke") {
                Some(bytes) => self.buffer.push_str(std::str::from_utf8(&bytes).unwrap()),
                None => return Some(None),
            }
        }
    }

    /// The next event, which must be a change.
    pub(crate) async fn change(&mut self) -> (u64, Value) {
        let sent = self.next(Duration::from_secs(1)).await.expect("the stream went on");
        assert_eq!(sent.event, "change", "{sent:?}");
        (sent.id.parse().unwrap(), sent.json())
    }
}

/// Opens the stream with `client` (its cookies) and `headers`.
async fn open(app: &TestApp, client: &Client, headers: &[(&str, &str)]) -> Response {
    let mut request = client.get(app.url("/api/events"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

pub(crate) async fn stream(response: Response) -> Stream {
    assert_eq!(response.status(), StatusCode::OK);
    Stream { response, buffer: String::new() }
}

/// A browser signed in as the admin: a client with the session cookie.
async fn browser(app: &TestApp) -> Client {
    let client = new_client();
    let response = client.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    client
}

pub(crate) async fn book(app: &TestApp, token: &str, client: i64, staff: i64, starts: &str) -> Value {
    let body = json!({ "clientId": client, "staffId": staff, "service": "Corte", "startsAt": starts, "durationMinutes": 30 });
    let (status, body) = json_of(app.post("/api/appointments", token, body).await).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["data"].clone()
}

async fn without_a_session_the_stream_is_refused(backend: Backend) {
    let app = spawn(backend).await;
    let answer = json_of(new_client().get(app.url("/api/events")).send().await.unwrap()).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "Autenticação necessária: envie Authorization: Bearer <token>.");
    let answer = json_of(new_client().get(app.url("/api/events")).bearer_auth("abc").send().await.unwrap()).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "Token inválido.");
    let answer = json_of(new_client().get(app.url("/api/events")).header(header::AUTHORIZATION, "Basic YTpi").send().await.unwrap()).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "Cabeçalho Authorization inválido: use Bearer <token>.");
    // The session cookie counts only from this origin.
    let browser = browser(&app).await;
    let answer = json_of(open(&app, &browser, &[("origin", "http://outro.example"), ("sec-fetch-site", "cross-site")]).await).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "Autenticação necessária: envie Authorization: Bearer <token>.");
}
both!(without_a_session_the_stream_is_refused);

async fn a_change_by_another_user_arrives_at_once(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let paula = app.login("paula@example.com", "senha-do-staff-1").await;
    let browser = browser(&app).await;
    let response = open(&app, &browser, &[("accept-encoding", "gzip, br")]).await;
    let headers = response.headers().clone();
    assert_eq!(headers[header::CONTENT_TYPE], "text/event-stream");
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(headers["x-accel-buffering"], "no");
    assert!(headers.get(header::CONTENT_ENCODING).is_none(), "not compressed: {headers:?}");
    let mut events = stream(response).await;
    let ready = events.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!((ready.event.as_str(), ready.json()), ("ready", json!({ "kind": "ready" })));
    let start: u64 = ready.id.parse().unwrap();

    let booked = book(&app, &paula, f.maria, f.staff, "2058-11-21T14:00:00-03:00").await;
    let (id, change) = events.change().await;
    assert_eq!(id, start + 1);
    assert_eq!(
        change,
        json!({ "kind": "created", "appointmentId": booked["id"], "clientId": f.maria, "version": 1, "staffId": f.staff, "day": "2058-11-21",
            "movedFrom": null, "author": { "kind": "user", "id": f.staff } })
    );
    // Moved to the other staff member, on another day (late at night in
    // São Paulo is the next day in UTC: the day is the business's).
    let path = format!("/api/appointments/{}", booked["id"]);
    let moved = json!({ "staffId": f.other_staff, "startsAt": "2058-11-22T22:30:00-03:00", "endsAt": "2058-11-22T23:00:00-03:00", "version": 1 });
    let (status, body) = json_of(app.put(&path, &f.token, moved).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (id, change) = events.change().await;
    assert_eq!(id, start + 2);
    assert_eq!(
        change,
        json!({ "kind": "changed", "appointmentId": booked["id"], "clientId": f.maria, "version": 2, "staffId": f.other_staff, "day": "2058-11-22",
            "movedFrom": { "staffId": f.staff, "day": "2058-11-21" }, "author": { "kind": "user", "id": admin_id(&app, &f.token).await } })
    );
    assert_eq!(app.delete(&path, &paula).await.status(), StatusCode::NO_CONTENT);
    let (id, change) = events.change().await;
    assert_eq!(id, start + 3);
    assert_eq!(change["kind"], "deleted");
    assert_eq!(change["version"], Value::Null);
    assert_eq!((change["staffId"].clone(), change["day"].clone()), (json!(f.other_staff), json!("2058-11-22")));

    // With the Bearer header too (not only the cookie).
    let mut other = stream(new_client().get(app.url("/api/events")).bearer_auth(&paula).send().await.unwrap()).await;
    assert_eq!(other.next(Duration::from_secs(1)).await.unwrap().id, (start + 3).to_string());
}
both!(a_change_by_another_user_arrives_at_once);

async fn last_event_id_resumes_with_what_was_missed(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let browser = browser(&app).await;
    let mut first = stream(open(&app, &browser, &[]).await).await;
    let start = first.next(Duration::from_secs(1)).await.unwrap().id;
    let mut ids = Vec::new();
    for hour in ["09", "10", "11"] {
        ids.push(book(&app, &f.token, f.joao, f.staff, &format!("2058-11-24T{hour}:00:00-03:00")).await["id"].clone());
    }
    let (seen, _) = first.change().await;
    drop(first);
    // Reconnecting as the browser does, after the first change it saw.
    let mut again = stream(open(&app, &browser, &[("last-event-id", &seen.to_string())]).await).await;
    let mut missed = Vec::new();
    for _ in 0..2 {
        let (id, change) = again.change().await;
        missed.push((id, change["appointmentId"].clone()));
    }
    let start: u64 = start.parse().unwrap();
    assert_eq!(missed, vec![(start + 2, ids[1].clone()), (start + 3, ids[2].clone())]);
    let ready = again.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!((ready.event.as_str(), ready.id), ("ready", (start + 3).to_string()));
    // And it goes on live.
    book(&app, &f.token, f.joao, f.staff, "2058-11-24T12:00:00-03:00").await;
    assert_eq!(again.change().await.0, start + 4);
    // Up to date: nothing replayed.
    let mut current = stream(open(&app, &browser, &[("last-event-id", &(start + 4).to_string())]).await).await;
    let ready = current.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!((ready.event.as_str(), ready.id), ("ready", (start + 4).to_string()));
}
both!(last_event_id_resumes_with_what_was_missed);

async fn a_last_event_id_that_cannot_resume_reloads(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let browser = browser(&app).await;
    let mut first = stream(open(&app, &browser, &[]).await).await;
    let start: u64 = first.next(Duration::from_secs(1)).await.unwrap().id.parse().unwrap();
    book(&app, &f.token, f.joao, f.staff, "2058-11-25T09:00:00-03:00").await;
    // Numbered once the first stream has it (the feed numbers changes on a
    // task of its own, which a busy machine may run after the answer).
    first.change().await;
    let latest = (start + 1).to_string();
    let too_new = (start + 2).to_string();
    let too_old = (start - 1).to_string();
    for garbage in ["abc", "", "0", "-1", "1e3", "99999999999999999999999999", too_new.as_str(), too_old.as_str()] {
        let response = open(&app, &browser, &[("last-event-id", garbage)]).await;
        let mut events = stream(response).await;
        let reload = events.next(Duration::from_secs(1)).await.unwrap();
        assert_eq!((reload.event.as_str(), reload.id.as_str(), reload.json()), ("reload", latest.as_str(), json!({ "kind": "reload" })), "{garbage:?}");
    }
    // Not even text.
    let mut events = stream(
        browser.get(app.url("/api/events")).header("last-event-id", header::HeaderValue::from_bytes(b"\xff\xfe").unwrap()).send().await.unwrap(),
    )
    .await;
    assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "reload");
}
both!(a_last_event_id_that_cannot_resume_reloads);

async fn the_stream_ends_with_its_session(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let paula = app.login("paula@example.com", "senha-do-staff-1").await;
    let mut admin = stream(open(&app, &browser(&app).await, &[]).await).await;
    admin.next(Duration::from_secs(1)).await.unwrap();
    let mut staff = stream(app.http.get(app.url("/api/events")).bearer_auth(&paula).send().await.unwrap()).await;
    staff.next(Duration::from_secs(1)).await.unwrap();
    // Paula's account is deactivated; the admin's stream goes on.
    let (status, body) = json_of(app.post(&format!("/api/users/{}/deactivate", f.staff), &f.token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(staff.next(Duration::from_secs(4)).await.is_none(), "the stream of a deactivated user ended");
    let answer = json_of(app.http.get(app.url("/api/events")).bearer_auth(&paula).send().await.unwrap()).await;
    assert_eq!(answer.0, StatusCode::UNAUTHORIZED);
    // The admin signs out: their stream ends too, and the browser's
    // reconnection is refused.
    let browser = browser(&app).await;
    let mut signed_out = stream(open(&app, &browser, &[]).await).await;
    signed_out.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!(browser.post(app.url("/api/logout")).send().await.unwrap().status(), StatusCode::OK);
    assert!(signed_out.next(Duration::from_secs(4)).await.is_none(), "the stream ended with the sign-out");
    assert_eq!(open(&app, &browser, &[]).await.status(), StatusCode::UNAUTHORIZED);
    // Rui's password is changed by an admin: the streams of his earlier sessions end.
    let rui = app.login("rui@example.com", "senha-do-staff-1").await;
    let mut rui_events = stream(app.http.get(app.url("/api/events")).bearer_auth(&rui).send().await.unwrap()).await;
    rui_events.next(Duration::from_secs(1)).await.unwrap();
    let (status, body) = json_of(app.put(&format!("/api/users/{}", f.other_staff), &f.token, json!({ "password": "uma-senha-nova-9" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(rui_events.next(Duration::from_secs(4)).await.is_none(), "the stream ended with the password change");
    // Meanwhile the first admin stream still hears changes.
    book(&app, &f.token, f.maria, f.other_staff, "2058-11-26T09:00:00-03:00").await;
    assert_eq!(admin.change().await.1["kind"], "created");
}
both!(the_stream_ends_with_its_session);

/// A stream ends when its token expires (checked with the others' at a keep-alive tick).
async fn the_stream_ends_when_its_token_expires(backend: Backend) {
    let app = spawn_with(backend, Options { token_ttl: 2, ..Options::default() }).await;
    let token = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let mut events = stream(new_client().get(app.url("/api/events")).bearer_auth(&token).send().await.unwrap()).await;
    assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
    assert!(events.next(Duration::from_secs(5)).await.is_none(), "the stream ended with its token");
}
both!(the_stream_ends_when_its_token_expires);

async fn streams_are_bounded_per_address(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let max = expediente::routes::events::streams_per_address(app.state.config.max_connections_per_address);
    let mut held = Vec::new();
    for _ in 0..max {
        held.push(new_client().get(app.url("/api/events")).bearer_auth(&token).send().await.unwrap());
        assert_eq!(held.last().unwrap().status(), StatusCode::OK);
    }
    let response = new_client().get(app.url("/api/events")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.headers()[header::RETRY_AFTER], "30");
    let answer = json_of(response).await;
    assert_error(
        &answer,
        StatusCode::TOO_MANY_REQUESTS,
        "Muitas conexões de atualização ao vivo abertas deste endereço. Feche outras abas e tente novamente.",
    );
    // The address's ordinary requests are still served beside them.
    for _ in 0..20 {
        assert_eq!(new_client().get(app.url("/api/me")).bearer_auth(&token).send().await.unwrap().status(), StatusCode::OK);
    }
    // A stream closed gives its place back.
    held.pop();
    let mut again = None;
    for _ in 0..50 {
        let response = new_client().get(app.url("/api/events")).bearer_auth(&token).send().await.unwrap();
        if response.status() == StatusCode::OK {
            again = Some(response);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(again.is_some(), "the place was given back");
}
both!(streams_are_bounded_per_address);

/// On PostgreSQL, a booking made through another server process on the
/// same database reaches a stream of this one (LISTEN/NOTIFY), and one
/// made here reaches the other's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_on_another_instance_reaches_the_stream_on_postgres() {
    let app = spawn(Backend::Postgres).await;
    let f = fixture(&app).await;
    let other = spawn_process(&app).await;
    let browser = browser(&app).await;
    let mut here = stream(open(&app, &browser, &[]).await).await;
    let start: u64 = here.next(Duration::from_secs(1)).await.unwrap().id.parse().unwrap();
    // The other process signs its own tokens.
    let client = new_client();
    let login = client.post(other.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    let (status, body) = json_of(login).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let there_token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let mut there = Stream { response: client.get(other.url("/api/events")).bearer_auth(&there_token).send().await.unwrap(), buffer: String::new() };
    assert_eq!(there.next(Duration::from_secs(1)).await.unwrap().event, "ready");

    let body = json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-11-27T10:00:00-03:00", "durationMinutes": 30 });
    let (status, booked) = json_of(client.post(other.url("/api/appointments")).bearer_auth(&there_token).json(&body).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::CREATED, "{booked}");
    let (id, change) = here.change().await;
    assert_eq!(id, start + 1);
    assert_eq!((change["kind"].clone(), change["appointmentId"].clone()), (json!("created"), booked["data"]["id"].clone()));
    assert_eq!(there.change().await.1["appointmentId"], booked["data"]["id"], "the instance that wrote it hears it once");

    // And the other way round; each hears each change once.
    let mine = book(&app, &f.token, f.joao, f.staff, "2058-11-27T11:00:00-03:00").await;
    let admin = admin_id(&app, &f.token).await;
    assert_eq!(here.change().await, (start + 2, created(&mine, admin)));
    assert_eq!(there.change().await.1, created(&mine, admin));
    assert!(there.within(Duration::from_millis(1500)).await.is_none(), "nothing twice");
    assert!(here.within(Duration::from_millis(500)).await.is_none(), "nothing twice");

    // A series written there: its occurrences' events come here, each once
    // and in their order (the instance tells them in one statement).
    let body = json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-12-02T10:00:00-03:00", "durationMinutes": 30,
                       "repeat": { "every": 1, "unit": "week", "weekdays": [1], "count": 5 } });
    let (status, series) = json_of(client.post(other.url("/api/appointments")).bearer_auth(&there_token).json(&body).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::CREATED, "{series}");
    let mut heard = Vec::new();
    for _ in 0..5 {
        let (id, change) = here.change().await;
        heard.push((id, change["appointmentId"].clone()));
    }
    let written: Vec<(u64, Value)> = series["data"].as_array().unwrap().iter().enumerate().map(|(i, a)| (start + 3 + i as u64, a["id"].clone())).collect();
    assert_eq!(heard, written);
    assert!(here.within(Duration::from_millis(500)).await.is_none(), "nothing twice");
}

fn created(booked: &Value, author: i64) -> Value {
    json!({ "kind": "created", "appointmentId": booked["id"], "clientId": booked["clientId"], "version": 1, "staffId": booked["staffId"], "day": "2058-11-27",
        "movedFrom": null, "author": { "kind": "user", "id": author } })
}

async fn admin_id(app: &TestApp, token: &str) -> i64 {
    json_of(app.get("/api/me", token).await).await.1["data"]["id"].as_i64().unwrap()
}

/// Stopping the server (SIGTERM) ends its streams at once, so the graceful
/// shutdown does not wait out its grace for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_ends_its_streams() {
    let app = spawn(Backend::Sqlite).await;
    let mut process = spawn_process(&app).await;
    let client = new_client();
    let login = client.post(process.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    let (status, body) = json_of(login).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let mut events = stream(client.get(process.url("/api/events")).bearer_auth(&token).send().await.unwrap()).await;
    assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
    let started = std::time::Instant::now();
    let killed = std::process::Command::new("kill").args(["-TERM", &process.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    assert!(events.next(Duration::from_secs(3)).await.is_none(), "the stream ended");
    loop {
        if process.child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the server still runs after {:?}", started.elapsed());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// "Ana está editando": `POST /api/presence` tells the other streams, not
/// the announcer's own, and only those that reach the record; a
/// Profissional never hears of another's client, nor of a name.
async fn presence_is_told_to_those_who_may_see_it(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let pro = app.create_user(&f.token, "Priscila Prof", "pri@example.com", "professional", "prancha-azul-42").await;
    let pro_token = app.login("pri@example.com", "prancha-azul-42").await;
    let paula = app.login("paula@example.com", "senha-do-staff-1").await;
    // Maria is Priscila's client (an appointment with her); João is not.
    let hers = book(&app, &f.token, f.maria, pro, "2058-12-01T10:00:00-03:00").await;
    let others = book(&app, &f.token, f.joao, f.staff, "2058-12-01T10:00:00-03:00").await;

    let open_as = |token: String| {
        let app = &app;
        async move {
            let mut events = stream(new_client().get(app.url("/api/events")).bearer_auth(token).send().await.unwrap()).await;
            assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
            events
        }
    };
    let mut admin = open_as(f.token.clone()).await;
    let mut pro_events = open_as(pro_token.clone()).await;
    let mut paula_events = open_as(paula.clone()).await;
    let presence = |sent: Sent| {
        assert_eq!(sent.event, "presence", "{sent:?}");
        assert!(sent.id.is_empty(), "not numbered: {sent:?}");
        assert!(sent.data.len() < 200, "{}", sent.data);
        sent.json()
    };

    // Paula opens João's form: the admin hears it; Priscila does not reach João; Paula not her own.
    assert_eq!(app.post("/api/presence", &paula, json!({ "subject": "client", "id": f.joao })).await.status(), StatusCode::NO_CONTENT);
    let heard = presence(admin.next(Duration::from_secs(1)).await.unwrap());
    assert_eq!(heard, json!({ "subject": "client", "id": f.joao, "userId": f.staff, "name": "Paula", "active": true }));
    // Paula opens Maria's form: now Priscila hears (Maria is her client).
    assert_eq!(app.post("/api/presence", &paula, json!({ "subject": "client", "id": f.maria })).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(presence(admin.next(Duration::from_secs(1)).await.unwrap())["id"], json!(f.maria));
    let heard = pro_events.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!(presence(heard.clone())["id"], json!(f.maria), "the first Priscila hears is Maria's, not João's");
    assert!(!heard.data.contains("Maria") && !heard.data.contains("João"), "no client's name: {}", heard.data);
    // An appointment: Priscila hears of her own, not of Paula's.
    app.post("/api/presence", &f.token, json!({ "subject": "appointment", "id": others["id"] })).await;
    app.post("/api/presence", &f.token, json!({ "subject": "appointment", "id": hers["id"], "active": false })).await;
    let heard = presence(pro_events.next(Duration::from_secs(1)).await.unwrap());
    assert_eq!((heard["id"].clone(), heard["staffId"].clone(), heard["active"].clone()), (hers["id"].clone(), json!(pro), json!(false)));
    // Paula's own two were not sent to her: the first she hears is the admin's.
    let heard = presence(paula_events.next(Duration::from_secs(1)).await.unwrap());
    assert_eq!((heard["subject"].clone(), heard["id"].clone()), (json!("appointment"), others["id"].clone()));

    // Priscila cannot announce what she does not reach (404, as for a record that does not exist).
    let answer = json_of(app.post("/api/presence", &pro_token, json!({ "subject": "client", "id": f.joao })).await).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "Cliente não encontrado.");
    let answer = json_of(app.post("/api/presence", &pro_token, json!({ "subject": "appointment", "id": others["id"] })).await).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "Agendamento não encontrado.");
    let answer = json_of(app.post("/api/presence", &f.token, json!({ "subject": "client", "id": 999_999 })).await).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "Cliente não encontrado.");
    // Bad input: a clear 422; no session: 401.
    let (status, body) = json_of(app.post("/api/presence", &f.token, json!({ "subject": "user", "id": 1 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = json_of(app.post("/api/presence", &f.token, json!({ "subject": "client" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let response = new_client().post(app.url("/api/presence")).json(&json!({ "subject": "client", "id": f.joao })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
both!(presence_is_told_to_those_who_may_see_it);

/// A change names its client (so that the open record is read again) only
/// to those who may see the appointment: a Profissional is told the client
/// of their own appointments, and of the others' only the busy time.
async fn a_profissional_is_told_the_client_of_their_own_appointments_only(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let pro = app.create_user(&f.token, "Priscila Prof", "pri@example.com", "professional", "prancha-azul-42").await;
    let pro_token = app.login("pri@example.com", "prancha-azul-42").await;
    let mut events = stream(new_client().get(app.url("/api/events")).bearer_auth(&pro_token).send().await.unwrap()).await;
    assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
    let others = book(&app, &f.token, f.joao, f.staff, "2058-12-02T10:00:00-03:00").await;
    let hers = book(&app, &f.token, f.maria, pro, "2058-12-02T10:00:00-03:00").await;
    let (_, change) = events.change().await;
    assert_eq!((change["appointmentId"].clone(), change["staffId"].clone()), (others["id"].clone(), json!(f.staff)));
    assert!(change.get("clientId").is_none(), "another's appointment names no client: {change}");
    let (last, change) = events.change().await;
    assert_eq!((change["appointmentId"].clone(), change["clientId"].clone()), (hers["id"].clone(), json!(f.maria)));
    // So does what a reconnection resumes.
    let resumed = new_client().get(app.url("/api/events")).bearer_auth(&pro_token).header("last-event-id", (last - 2).to_string()).send().await.unwrap();
    let mut resumed = stream(resumed).await;
    let first = resumed.next(Duration::from_secs(1)).await.unwrap();
    assert_eq!(first.event, "change");
    assert!(first.json().get("clientId").is_none(), "{first:?}");
    assert_eq!(resumed.next(Duration::from_secs(1)).await.unwrap().json()["clientId"], json!(f.maria));
}
both!(a_profissional_is_told_the_client_of_their_own_appointments_only);
