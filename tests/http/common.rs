//! Test harness: the real server on a real listener, over a fresh SQLite
//! file or a fresh PostgreSQL database (created here, dropped afterwards).
//!
//! Dates: "today" is the business's (`business_today`), never UTC's. A test
//! that needs a day ahead of now computes it (`weekday_ahead`) or names one
//! decades ahead (2054–2059: the calendars of 2026–2031, as weekdays and
//! leap years repeat after 28 years), so that no suite depends on the day it
//! runs; `.ci/fixed-clocks.sh` runs them under fixed clocks to prove it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::{Datelike, Days, NaiveDate, Offset, TimeZone, Utc, Weekday};
use expediente::config::{Config, SsrMode};
use reqwest::{Client, Response, StatusCode};
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "senha-secreta-123";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs one async test on SQLite and on PostgreSQL: after
/// `async fn name(backend: Backend)`, `both!(name)` makes the tests
/// `name::sqlite` and `name::postgres`.
macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::common::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::common::Backend::Postgres).await
            }
        }
    };
}

fn postgres_base() -> String {
    std::env::var("EXPEDIENTE_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

pub struct TestApp {
    pub base: String,
    /// A client that keeps cookies and does not follow redirects.
    pub http: Client,
    pub backend: Backend,
    pub state: expediente::state::AppState,
    dir: PathBuf,
    pg_database: Option<String>,
}

pub struct Options {
    pub ssr: bool,
    pub token_ttl: u64,
    pub secure_cookies: bool,
    /// `host:port` the server reaches PostgreSQL at, when not the real one
    /// (a relay the test can cut to simulate an outage).
    pub pg_addr: Option<String>,
    /// JavaScript run after the real SSR bundle (to make renders throw or
    /// overrun on purpose).
    pub ssr_bundle_extra: Option<&'static str>,
    pub render_queue: Option<usize>,
    pub render_timeout_ms: Option<u64>,
    /// `--trusted-proxies`.
    pub trusted_proxies: &'static [&'static str],
    /// The business works every day around the clock (its default hours),
    /// so tests of other things may book at any time; the tests of the
    /// scheduling rules turn it off and keep a new install's hours.
    pub round_the_clock: bool,
    /// `--tz` (default: the business default, America/Sao_Paulo).
    pub tz: Option<chrono_tz::Tz>,
    /// `--smtp-url` and `--mail-from`: e-mail reminders on.
    pub smtp: Option<(String, String)>,
    /// `--mail-retry-seconds`.
    pub mail_retry_seconds: Option<u64>,
    /// `--waitlist-round-seconds`.
    pub waitlist_round_seconds: Option<u64>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            ssr: false,
            token_ttl: 3600,
            secure_cookies: false,
            pg_addr: None,
            ssr_bundle_extra: None,
            render_queue: None,
            render_timeout_ms: None,
            trusted_proxies: &[],
            round_the_clock: true,
            tz: None,
            smtp: None,
            mail_retry_seconds: None,
            waitlist_round_seconds: None,
        }
    }
}

pub async fn spawn(backend: Backend) -> TestApp {
    spawn_with(backend, Options::default()).await
}

pub async fn spawn_with(backend: Backend, options: Options) -> TestApp {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let dir = std::env::temp_dir().join(format!("expediente-test-{id}"));
    std::fs::create_dir_all(&dir).unwrap();
    let (url, pg_database) = match backend {
        Backend::Sqlite => (format!("sqlite://{}/test.db?mode=rwc", dir.display()), None),
        Backend::Postgres => {
            let name = format!("expediente_test_{id}");
            let admin = Database::connect(format!("{}/postgres", postgres_base())).await.expect("PostgreSQL is not reachable");
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.unwrap();
            admin.close().await.unwrap();
            let base = match &options.pg_addr {
                Some(addr) => format!("postgres://postgres@{addr}"),
                None => postgres_base(),
            };
            (format!("{base}/{name}"), Some(name))
        }
    };
    let mut config = Config::for_tests(&url, dir.clone());
    config.admin_email = Some(ADMIN_EMAIL.into());
    config.admin_password = Some(ADMIN_PASSWORD.into());
    config.token_ttl = options.token_ttl;
    config.secure_cookies = options.secure_cookies;
    config.ssr = if options.ssr { SsrMode::On } else { SsrMode::Off };
    config.ssr_workers = Some(1);
    if let Some(queue) = options.render_queue {
        config.render_queue = queue;
    }
    if let Some(timeout) = options.render_timeout_ms {
        config.render_timeout_ms = timeout;
    }
    if let Some(tz) = options.tz {
        config.tz = tz;
    }
    config.trusted_proxies = options.trusted_proxies.iter().map(|net| net.parse().unwrap()).collect();
    // Bound first, so the clients' links (`--public-url`) name the real address.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    config.public_url = Some(base.clone());
    if let Some((url, from)) = options.smtp {
        config.smtp_url = Some(url);
        config.mail_from = Some(from);
    }
    if let Some(seconds) = options.mail_retry_seconds {
        config.mail_retry_seconds = seconds;
    }
    if let Some(seconds) = options.waitlist_round_seconds {
        config.waitlist_round_seconds = seconds;
    }
    let mut state = expediente::app::build_state(config).await.expect("build state");
    if let Some(extra) = options.ssr_bundle_extra {
        let bundle = expediente::assets::ssr_bundle().unwrap() + "\n" + extra;
        let pool_options = expediente::app::pool_options(&state.config, bundle.into());
        state.ssr = Some(tokio::task::spawn_blocking(move || ssr::Pool::start(pool_options)).await.unwrap().unwrap());
    }
    if options.round_the_clock {
        let week: Vec<Value> = (1..=7).map(|weekday| json!({"weekday": weekday, "start": "00:00", "end": "24:00"})).collect();
        let insert = sea_orm::Statement::from_sql_and_values(
            state.db.get_database_backend(),
            match backend {
                Backend::Sqlite => "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)",
                Backend::Postgres => "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)",
            },
            ["working_hours".into(), Value::Array(week).to_string().into(), chrono::Utc::now().into()],
        );
        state.db.execute_raw(insert).await.unwrap();
    }
    let router = expediente::app::router(state.clone());
    // The real connection layer (timeouts, connection bound) of `expediente serve`.
    let limits = expediente::app::ServeLimits::new(&state.config);
    let serve = expediente::app::serve_until(listener, router, std::future::pending(), limits);
    tokio::spawn(async move { serve.await.unwrap() });
    TestApp { base, http: new_client(), backend, state, dir, pg_database }
}

/// The longest e-mail accepted: 254 characters, 64 of them before the `@`
/// (RFC 5321's limits, which the mailer's parser holds to).
pub fn longest_email() -> String {
    let email = format!("{}@{}.{}.{}.com", "a".repeat(64), "b".repeat(63), "c".repeat(63), "d".repeat(57));
    assert_eq!(email.len(), 254);
    email
}

pub fn new_client() -> Client {
    Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some(name) = self.pg_database.take() {
            // Drop runs outside async; a short-lived runtime drops the database.
            let dropping = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async {
                    if let Ok(admin) = Database::connect(format!("{}/postgres", postgres_base())).await {
                        let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
                    }
                });
            });
            finish_drops_at_exit(dropping);
        }
    }
}

/// The DROP DATABASE of each PostgreSQL test, still running. A DROP waits
/// for a checkpoint (1.5 to 2.5 s on a busy machine): the test does not
/// wait for it, so its thread moves on to the next test while the database
/// server drops; the test binary waits for them all as it exits
/// (`libc::atexit`, which `std::process::exit` and returning from main
/// both run), so no database is left behind.
static DROPPING: std::sync::Mutex<Vec<std::thread::JoinHandle<()>>> = std::sync::Mutex::new(Vec::new());

fn finish_drops_at_exit(dropping: std::thread::JoinHandle<()>) {
    static REGISTERED: std::sync::Once = std::sync::Once::new();
    extern "C" fn finish_drops() {
        let pending = std::mem::take(&mut *DROPPING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        for dropping in pending {
            let _ = dropping.join();
        }
    }
    REGISTERED.call_once(|| {
        // SAFETY: `finish_drops` is an `extern "C" fn()` that does not unwind.
        unsafe { libc::atexit(finish_drops) };
    });
    let mut pending = DROPPING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    pending.retain(|dropping| !dropping.is_finished());
    pending.push(dropping);
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Signs in with the HTTP API and returns the access token.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let response = self.http.post(self.url("/api/login")).json(&json!({ "email": email, "password": password })).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "login failed for {email}");
        let body: Value = response.json().await.unwrap();
        body["data"]["accessToken"].as_str().unwrap().to_string()
    }

    pub async fn admin_token(&self) -> String {
        self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    /// A staff member created straight in the database; their id.
    pub async fn staff_user(&self, name: &str, email: &str) -> i64 {
        let user = expediente_core::people::users::create(
            &self.state.db,
            expediente_core::people::users::NewUser {
                name: name.into(),
                email: email.into(),
                role: entities::user::Role::Staff,
                password: "senha-do-staff-1".into(),
            },
        )
        .await
        .unwrap();
        user.id as i64
    }

    /// A user created with `POST /api/users`; their id.
    pub async fn create_user(&self, token: &str, name: &str, email: &str, role: &str, password: &str) -> i64 {
        let body = json!({ "name": name, "email": email, "role": role, "password": password });
        self.created(token, "/api/users", body).await["id"].as_i64().unwrap()
    }

    /// A client created with `POST /api/clients`; its id.
    pub async fn create_client(&self, token: &str, name: &str) -> i64 {
        self.created(token, "/api/clients", json!({ "name": name })).await["id"].as_i64().unwrap()
    }

    /// `POST path` that must answer 201 Created; the whole answer (a
    /// series' has its `seriesId` beside `data`).
    pub async fn created_answer(&self, token: &str, path: &str, body: Value) -> Value {
        let (status, answer) = json_of(self.post(path, token, body.clone()).await).await;
        assert_eq!(status, StatusCode::CREATED, "{path} {body} → {answer}");
        answer
    }

    /// `POST path` that must answer 201 Created; what it created (`data`).
    pub async fn created(&self, token: &str, path: &str, body: Value) -> Value {
        self.created_answer(token, path, body).await["data"].take()
    }

    /// `POST /api/appointments` that must book; the appointment.
    pub async fn book(&self, token: &str, body: Value) -> Value {
        self.created(token, "/api/appointments", body).await
    }

    /// `POST /api/appointments` with `repeat` that must book; the series'
    /// id and its appointments.
    pub async fn book_series(&self, token: &str, body: Value) -> (i64, Vec<Value>) {
        let mut answer = self.created_answer(token, "/api/appointments", body).await;
        (answer["seriesId"].as_i64().unwrap(), answer["data"].as_array_mut().unwrap().split_off(0))
    }

    /// `POST /api/appointments` as it answers: its status and body (for the
    /// bookings a test expects to be refused).
    pub async fn try_book(&self, token: &str, body: Value) -> (StatusCode, Value) {
        json_of(self.post("/api/appointments", token, body).await).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Response {
        self.http.get(self.url(path)).bearer_auth(token).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Response {
        self.http.post(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
    }

    pub async fn put(&self, path: &str, token: &str, body: Value) -> Response {
        self.http.put(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
    }

    pub async fn patch(&self, path: &str, token: &str, body: Value) -> Response {
        self.http.patch(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str, token: &str) -> Response {
        self.http.delete(self.url(path)).bearer_auth(token).send().await.unwrap()
    }
}

/// A booking's body: `service` for `client` with `staff`, starting at
/// `starts` (as the API takes it), `minutes` long; a test adds what else it
/// needs (`body["priceCents"] = …`).
pub fn appointment(client: i64, staff: i64, service: &str, starts: &str, minutes: i64) -> Value {
    json!({ "clientId": client, "staffId": staff, "service": service, "startsAt": starts, "durationMinutes": minutes })
}

/// Today in the business's zone `tz` (the server's `--tz`): the day the
/// screens call "hoje", which near midnight is not UTC's.
pub fn today_in(tz: chrono_tz::Tz) -> NaiveDate {
    Utc::now().with_timezone(&tz).date_naive()
}

/// Today in the default business zone, America/Sao_Paulo.
pub fn business_today() -> NaiveDate {
    today_in(chrono_tz::America::Sao_Paulo)
}

/// The first `weekday` at least `days` days after the business's today: a
/// day still ahead (free slots and the list views start at now), whatever
/// day the suite runs.
pub fn weekday_ahead(days: u64, weekday: Weekday) -> NaiveDate {
    let mut day = business_today() + Days::new(days);
    while day.weekday() != weekday {
        day = day.succ_opt().unwrap();
    }
    day
}

/// `tz`'s UTC offset at noon of `day`, in seconds.
fn noon_offset(tz: chrono_tz::Tz, day: NaiveDate) -> i32 {
    tz.from_local_datetime(&day.and_hms_opt(12, 0, 0).unwrap()).unwrap().offset().fix().local_minus_utc()
}

/// The days from `from` to `to` days after today in `tz` whose UTC offset
/// differs from the day before's: its daylight-saving changes.
pub fn offset_changes(tz: chrono_tz::Tz, from: i64, to: i64) -> Vec<NaiveDate> {
    let today = today_in(tz);
    (from..=to)
        .map(|d| today + chrono::Duration::days(d))
        .filter(|day| noon_offset(tz, *day) != noon_offset(tz, *day - chrono::Duration::days(1)))
        .collect()
}

/// The next day in `tz` whose clocks spring forward (`forward`) or fall
/// back. 400 days: the same Sunday of next year can be 371 days away.
pub fn next_offset_change(tz: chrono_tz::Tz, forward: bool) -> NaiveDate {
    offset_changes(tz, 1, 400)
        .into_iter()
        .find(|day| (noon_offset(tz, *day) > noon_offset(tz, *day - Days::new(1))) == forward)
        .expect("a daylight-saving change within 400 days")
}

/// The `Set-Cookie` header of a response that sets cookie `name` (a sign-in
/// sets two, in no set order).
pub fn set_cookie(response: &Response, name: &str) -> Option<String> {
    let prefix = format!("{name}=");
    response.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).find(|v| v.starts_with(&prefix)).map(str::to_string)
}

/// Status and JSON body of a response.
pub async fn json_of(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, body)
}

/// Asserts that `record` holds each field of `expected` with its value
/// (the record's other fields are not looked at).
#[track_caller]
pub fn assert_fields(record: &Value, expected: Value) {
    for (field, value) in expected.as_object().expect("expected fields as a JSON object") {
        assert_eq!(&record[field], value, "{field} of {record}");
    }
}

/// Asserts an error answer (from `json_of`): its status and its exact `message`.
#[track_caller]
pub fn assert_error(answer: &(StatusCode, Value), status: StatusCode, message: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["message"], message, "{}", answer.1);
}

/// Asserts a 422 answer (from `json_of`) to `what` whose first message on
/// `field` starts with `message`.
#[track_caller]
pub fn assert_field_error(what: &str, answer: &(StatusCode, Value), field: &str, message: &str) {
    let (status, body) = answer;
    assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{what}: {body}");
    let text = body["errors"][field][0].as_str().unwrap_or_else(|| panic!("{what}: {body}"));
    assert!(text.starts_with(message), "{what}: {text}");
}

/// The people most tests need: the admin's token, two staff members (Paula
/// Lima, Rui Alves) and two clients (Maria Souza, João Pereira).
pub struct Fixture {
    pub token: String,
    pub staff: i64,
    pub other_staff: i64,
    pub maria: i64,
    pub joao: i64,
}

pub async fn fixture(app: &TestApp) -> Fixture {
    let token = app.admin_token().await;
    let staff = app.staff_user("Paula Lima", "paula@example.com").await;
    let other_staff = app.staff_user("Rui Alves", "rui@example.com").await;
    let maria = app.create_client(&token, "Maria Souza").await;
    let joao = app.create_client(&token, "João Pereira").await;
    Fixture { token, staff, other_staff, maria, joao }
}

/// The release binary serving `app`'s database in a process of its own:
/// for what must not share this process (its password-hashing queue, its
/// memory), killed on drop.
pub struct Process {
    pub child: std::process::Child,
    pub base: String,
}

impl Process {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Resident memory, in MiB.
    pub fn rss_mib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub async fn spawn_process(app: &TestApp) -> Process {
    spawn_process_with(app, &[]).await
}

/// The release binary serving `app`'s database, with more settings (`env`).
pub async fn spawn_process_with(app: &TestApp, env: &[(&str, &str)]) -> Process {
    spawn_process_on_with(&app.state.config.database_url, &app.state.config.data_dir, env).await
}

/// The release binary serving the database at `database_url`.
pub async fn spawn_process_on(database_url: &str, data_dir: &std::path::Path) -> Process {
    spawn_process_on_with(database_url, data_dir, &[]).await
}

async fn spawn_process_on_with(database_url: &str, data_dir: &std::path::Path, env: &[(&str, &str)]) -> Process {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
        .envs(env.iter().copied())
        .env("DATABASE_URL", database_url)
        .env("EXPEDIENTE_DATA_DIR", data_dir)
        .env("EXPEDIENTE_ADDR", format!("127.0.0.1:{port}"))
        .env("EXPEDIENTE_SSR", "off")
        .env("EXPEDIENTE_JWT_SECRET", "process-secret-process-secret-0123")
        .env("EXPEDIENTE_ADMIN_EMAIL", ADMIN_EMAIL)
        .env("EXPEDIENTE_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let process = Process { child, base: format!("http://127.0.0.1:{port}") };
    let client = Client::new();
    eventually("the server process answers", Duration::from_secs(10), async || client.get(process.url("/login")).send().await.is_ok()).await;
    process
}

/// A TCP relay to PostgreSQL that the test can cut (every connection
/// dropped, new ones refused) and bring back on the same port.
pub struct Relay {
    pub addr: std::net::SocketAddr,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Relay {
    pub async fn start(addr: std::net::SocketAddr) -> Relay {
        let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
        let addr = listener.local_addr().unwrap();
        let task = tokio::spawn(async move {
            // Dropped with the task: every relayed connection ends at once.
            let mut connections = tokio::task::JoinSet::new();
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else { continue };
                connections.spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect("127.0.0.1:5432").await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                while connections.try_join_next().is_some() {}
            }
        });
        Relay { addr, task: Some(task) }
    }

    pub async fn cut(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }
}

/// What a probe of `eventually` answers: settled (`true`, `Some`, `Ok`)
/// with its value, or not yet, with what it saw (for the failure's message).
pub trait Settled {
    type Value;
    fn settled(self) -> Result<Self::Value, String>;
}

impl Settled for bool {
    type Value = ();
    fn settled(self) -> Result<(), String> {
        if self { Ok(()) } else { Err("false".into()) }
    }
}

impl<T> Settled for Option<T> {
    type Value = T;
    fn settled(self) -> Result<T, String> {
        self.ok_or_else(|| "nothing yet".into())
    }
}

impl<T, E: std::fmt::Display> Settled for Result<T, E> {
    type Value = T;
    fn settled(self) -> Result<T, String> {
        self.map_err(|seen| seen.to_string())
    }
}

/// Asks `probe` again until it settles, for at most `within`, and returns
/// its value; past `within` the test fails, saying `what` it waited for and
/// what the probe saw last. What happens in the background (a process
/// starting, an e-mail sent, a page kept) is waited for with this: asked
/// often at first, then every 200 ms.
pub async fn eventually<P: Settled>(what: &str, within: Duration, mut probe: impl AsyncFnMut() -> P) -> P::Value {
    let deadline = Instant::now() + within;
    let mut pause = Duration::from_millis(5);
    loop {
        match probe().await.settled() {
            Ok(value) => return value,
            Err(seen) if Instant::now() >= deadline => panic!("{what}: not within {within:?}; last seen: {seen}"),
            Err(_) => tokio::time::sleep(pause).await,
        }
        pause = (pause * 2).min(Duration::from_millis(200));
    }
}

/// The Python of the tests' outside parts (aiosmtpd, the SMTP server the
/// e-mail tests send to; icalendar, the parser the calendar feed is read
/// with): the tests' one environment, which tests/python-env.sh makes once
/// from tests/requirements.txt (the fuzz stage uses it too).
pub fn python() -> &'static PathBuf {
    static PYTHON: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PYTHON.get_or_init(|| {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python-env.sh");
        let out = std::process::Command::new("bash").arg(script).stderr(std::process::Stdio::inherit()).output().expect("bash runs");
        assert!(out.status.success(), "tests/python-env.sh failed");
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    })
}
