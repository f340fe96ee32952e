//! The live agenda between instances on PostgreSQL (`Live::bridge`,
//! server/live.rs) when an instance's listening connection is lost: each of
//! its open streams is told to `reload` once, when it listens again, and
//! hears the other instances' changes again from then on.
//!
//! The faults touch this test's database only: its LISTEN backends
//! terminated (`pg_terminate_backend`), or a relay between one instance and
//! PostgreSQL cut and brought back. Restarting the PostgreSQL cluster would
//! be the whole outage, but it would break the other tests, which run in
//! parallel on databases of their own in the same cluster.

use std::time::Duration;

use reqwest::{Client, StatusCode};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::common::*;
use crate::events::{Stream, book, stream};

/// The instances' listening connections on this database (the bridge's
/// LISTEN is the last statement each one ran).
const LISTENING: &str = "FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'";

async fn listening(db: &DatabaseConnection) -> i64 {
    let sql = format!("SELECT count(*) AS n {LISTENING}");
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap().unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

/// Another instance of the server, in a process of its own, with the admin
/// signed in on it (it signs its own tokens).
struct Other {
    process: Process,
    client: Client,
    token: String,
}

impl Other {
    async fn start(process: Process) -> Other {
        let client = new_client();
        let login = client.post(process.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
        let (status, body) = json_of(login).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let token = body["data"]["accessToken"].as_str().unwrap().to_string();
        Other { process, client, token }
    }

    /// Its stream, past the opening `ready`.
    async fn stream(&self) -> Stream {
        let mut events = stream(self.client.get(self.process.url("/api/events")).bearer_auth(&self.token).send().await.unwrap()).await;
        assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
        events
    }

    /// A booking written through this instance; the appointment.
    async fn book(&self, f: &Fixture, starts: &str) -> Value {
        let body = appointment(f.maria, f.staff, "Corte", starts, 30);
        let answer = self.client.post(self.process.url("/api/appointments")).bearer_auth(&self.token).json(&body).send().await.unwrap();
        let (status, booked) = json_of(answer).await;
        assert_eq!(status, StatusCode::CREATED, "{booked}");
        booked["data"].clone()
    }
}

/// `app`'s stream, past the opening `ready`.
async fn stream_here(app: &TestApp, token: &str) -> Stream {
    let mut events = stream(app.http.get(app.url("/api/events")).bearer_auth(token).send().await.unwrap()).await;
    assert_eq!(events.next(Duration::from_secs(1)).await.unwrap().event, "ready");
    events
}

/// The next event is a `reload` (within `wait`), and no other comes in the
/// 2.5 s after it: long enough for a listener that tries again each second
/// to have told it twice.
async fn reloads_once(events: &mut Stream, wait: Duration, whose: &str) {
    let sent = events.next(wait).await.unwrap_or_else(|| panic!("{whose}: the stream ended"));
    assert_eq!(sent.event, "reload", "{whose}: {sent:?}");
    assert_eq!(sent.json(), json!({ "kind": "reload" }));
    if let Some(more) = events.within(Duration::from_millis(2500)).await {
        panic!("{whose}: after the reload, {more:?}");
    }
}

/// The next event is the change of appointment `booked`.
async fn hears(events: &mut Stream, booked: &Value, whose: &str) {
    let sent = events.next(Duration::from_secs(3)).await.unwrap_or_else(|| panic!("{whose}: the stream ended"));
    assert_eq!(sent.event, "change", "{whose}: {sent:?}");
    assert_eq!(sent.json()["appointmentId"], booked["id"], "{whose}: {sent:?}");
}

/// Both instances' listening connections terminated under them: each
/// stream is told to reload once, and the changes made afterwards on
/// either instance reach the other's stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn terminated_listening_connections_reload_each_stream_once_and_hear_again() {
    let app = spawn(Backend::Postgres).await;
    let f = fixture(&app).await;
    let other = Other::start(spawn_process(&app).await).await;
    // Each bridge listens from a task of its own, soon after its start.
    eventually("both instances listen", Duration::from_secs(10), async || listening(&app.state.db).await == 2).await;
    let mut here = stream_here(&app, &f.token).await;
    let mut there = other.stream().await;

    let terminate = format!("SELECT pg_terminate_backend(pid) AS ended {LISTENING}");
    let ended = app.state.db.query_all_raw(Statement::from_string(app.state.db.get_database_backend(), terminate)).await.unwrap();
    assert_eq!(ended.len(), 2, "both listening connections found");
    assert!(ended.iter().all(|row| row.try_get::<bool>("", "ended").unwrap()), "both terminated");

    tokio::join!(reloads_once(&mut here, Duration::from_secs(5), "here"), reloads_once(&mut there, Duration::from_secs(5), "there"));
    // A reload is told once the connection listens again: what follows it is heard.
    let theirs = other.book(&f, "2059-03-05T10:00:00-03:00").await;
    hears(&mut here, &theirs, "here").await;
    hears(&mut there, &theirs, "there (its own)").await;
    let mine = book(&app, &f.token, f.joao, f.staff, "2059-03-05T11:00:00-03:00").await;
    hears(&mut there, &mine, "there").await;
    hears(&mut here, &mine, "here (its own)").await;
    assert_eq!(listening(&app.state.db).await, 2, "both listen again, once each");
}

/// One instance cut off from PostgreSQL for a few seconds (a relay between
/// them cut, then brought back on the same port) while the other goes on
/// writing: the cut instance's stream hears nothing while it cannot listen,
/// not even a reload; once it listens again it is told to reload once (what
/// the other wrote meanwhile is read again), and hears the next change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_of_the_listening_connection_reloads_once_when_it_listens_again() {
    let mut relay = Relay::start("127.0.0.1:0".parse().unwrap()).await;
    let app = spawn_with(Backend::Postgres, Options { pg_addr: Some(relay.addr.to_string()), ..Options::default() }).await;
    let f = fixture(&app).await;
    // The other instance, and the test's own look at PostgreSQL, not through the relay.
    let direct_url = app.state.config.database_url.replace(&relay.addr.to_string(), "127.0.0.1:5432");
    let direct = Database::connect(&direct_url).await.unwrap();
    let other = Other::start(spawn_process_on(&direct_url, &app.state.config.data_dir).await).await;
    eventually("both instances listen", Duration::from_secs(10), async || listening(&direct).await == 2).await;
    let mut here = stream_here(&app, &f.token).await;
    hears(&mut here, &other.book(&f, "2059-03-06T09:00:00-03:00").await, "before the outage").await;

    relay.cut().await;
    let missed = other.book(&f, "2059-03-06T10:00:00-03:00").await;
    // Cut for longer than two of the listener's tries to connect again
    // (each waits up to db::ACQUIRE_TIMEOUT, then a second).
    let outage = Duration::from_secs(7);
    assert_eq!(here.within(outage).await.map(|sent| format!("{sent:?}")), None, "nothing while it cannot listen");
    let _relay = Relay::start(relay.addr).await;

    eventually("it listens again", Duration::from_secs(10), async || listening(&direct).await == 2).await;
    reloads_once(&mut here, Duration::from_secs(3), "after the outage").await;
    // The change it missed is not told (the reload reads it), the next is.
    let next = other.book(&f, "2059-03-06T11:00:00-03:00").await;
    hears(&mut here, &next, "after the reload").await;
    assert_ne!(missed["id"], next["id"]);
}
