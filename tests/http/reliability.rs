//! Reliability: a database outage answers 503 (JSON with `Retry-After`, or
//! the "Serviço indisponível" page) without signing anyone out, and the
//! server recovers by itself; `/healthz` and `/readyz`; a read-only database
//! is refused at start; `expediente backup` and the pg_dump path restore the
//! data.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use clap::Parser;
use reqwest::StatusCode;
use reqwest::header::{RETRY_AFTER, SET_COOKIE};
use sea_orm::{ColumnTrait, ConnectionTrait, Database, EntityTrait, QueryFilter};
use serde_json::json;

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, Options, TestApp, json_of, new_client, spawn, spawn_with};

const UNAVAILABLE: &str = "O serviço está temporariamente indisponível (banco de dados fora do ar). Tente novamente em instantes.";

/// A TCP relay to PostgreSQL that the test can cut (every connection
/// dropped, new ones refused) and bring back on the same port.
struct Relay {
    addr: SocketAddr,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Relay {
    async fn start(addr: SocketAddr) -> Relay {
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

    async fn cut(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }
}

async fn outage_answers_503_and_keeps_the_session() {
    let mut relay = Relay::start("127.0.0.1:0".parse().unwrap()).await;
    let options = Options { ssr: true, pg_addr: Some(relay.addr.to_string()), ..Options::default() };
    let app = spawn_with(Backend::Postgres, options).await;
    let token = app.admin_token().await;
    let (status, _) = json_of(app.post("/api/clients", &token, json!({ "name": "Ana Antes" })).await).await;
    assert_eq!(status, StatusCode::CREATED);
    // A browser session: the form sign-in sets the cookie.
    let browser = new_client();
    let signed_in = browser.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(signed_in.status(), StatusCode::FOUND);
    assert_eq!(browser.get(app.url("/clients")).send().await.unwrap().status(), StatusCode::OK);

    relay.cut().await;

    // The API: a 503 in Portuguese with Retry-After, after a short wait.
    let started = Instant::now();
    let response = app.get("/api/clients", &token).await;
    assert!(started.elapsed() < Duration::from_secs(6), "waited {:?}", started.elapsed());
    assert_eq!(response.headers()[RETRY_AFTER], "5");
    let (status, body) = json_of(response).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some(UNAVAILABLE)), "{body}");
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::SERVICE_UNAVAILABLE);

    // A page: the "Serviço indisponível" page, the session cookie untouched.
    let page = browser.get(app.url("/clients")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(page.headers().get(SET_COOKIE).is_none(), "the outage touched the cookie: {:?}", page.headers().get(SET_COOKIE));
    assert_eq!(page.headers()[RETRY_AFTER], "5");
    let html = page.text().await.unwrap();
    assert!(html.contains("<title>Serviço indisponível | Expediente</title>") && html.contains("Tentar novamente"), "{html}");
    assert!(!html.contains("<script type=\"module\""), "no app script on the outage page");

    // Signing out cannot be saved: it says so and keeps the session.
    let logout = app.http.post(app.url("/api/logout")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(logout.status(), StatusCode::SERVICE_UNAVAILABLE, "sign-out claimed success without revoking");
    assert!(logout.headers().get(SET_COOKIE).is_none());
    let page_logout = browser.get(app.url("/logout")).send().await.unwrap();
    assert_eq!(page_logout.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(page_logout.headers().get(SET_COOKIE).is_none());

    // Health: the process is up, not ready.
    assert_eq!(app.http.get(app.url("/healthz")).send().await.unwrap().status(), StatusCode::OK);
    let (status, body) = json_of(app.http.get(app.url("/readyz")).send().await.unwrap()).await;
    assert_eq!((status, &body["database"]), (StatusCode::SERVICE_UNAVAILABLE, &json!("indisponível")), "{body}");
    assert_eq!(body["render"], "ok");

    // Back: it recovers by itself, with the same sessions.
    let _relay = Relay::start(relay.addr).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let ready = app.http.get(app.url("/readyz")).send().await.unwrap().status();
        if ready == StatusCode::OK {
            break;
        }
        assert!(Instant::now() < deadline, "not ready again after the outage");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (status, body) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!((status, body["meta"]["total"].as_u64()), (StatusCode::OK, Some(1)), "{body}");
    assert_eq!(browser.get(app.url("/clients")).send().await.unwrap().status(), StatusCode::OK, "the cookie still opens the page");
    let logout = app.http.post(app.url("/api/logout")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(logout.status(), StatusCode::OK);
    assert_eq!(app.get("/api/clients", &token).await.status(), StatusCode::UNAUTHORIZED, "signed out for real");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_outage_answers_503_and_keeps_the_session() {
    outage_answers_503_and_keeps_the_session().await
}

async fn health_and_readiness(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let (status, body) = json_of(app.http.get(app.url("/healthz")).send().await.unwrap()).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "status": "ok" })));
    let (status, body) = json_of(app.http.get(app.url("/readyz")).send().await.unwrap()).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "status": "ok", "database": "ok", "render": "ok" })));
}
both!(health_and_readiness);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_sqlite_database_is_refused_at_start() {
    let app = spawn(Backend::Sqlite).await;
    let url = app.state.config.database_url.replace("mode=rwc", "mode=ro");
    let config = expediente::config::Config::for_tests(&url, std::env::temp_dir());
    let error = expediente::app::build_state(config).await.err().expect("a read-only database was accepted");
    let message = error.to_string();
    assert!(message.contains("somente leitura") && message.contains("test.db"), "{message}");
}

async fn count_clients_named(db: &sea_orm::DatabaseConnection, name: &str) -> usize {
    entities::client::Entity::find().filter(entities::client::Column::Name.eq(name)).all(db).await.unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_backup_while_serving_restores_the_data() {
    let app = spawn(Backend::Sqlite).await;
    let token = app.admin_token().await;
    let (status, _) = json_of(app.post("/api/clients", &token, json!({ "name": "Bruna Backup" })).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let dir = std::env::temp_dir().join(format!("expediente-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("copia.db");
    let backup = |file: &std::path::Path| {
        let url = app.state.config.database_url.clone();
        let args = ["expediente", "--database-url", &url, "backup", file.to_str().unwrap()].map(str::to_string);
        expediente::cli::run(expediente::config::Cli::parse_from(args))
    };
    // The server keeps serving meanwhile.
    let (copied, served) = tokio::join!(backup(&file), app.get("/api/clients", &token));
    copied.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600, "only the owner reads a backup");
    }
    let error = backup(&file).await.err().expect("an existing file was overwritten");
    assert!(error.to_string().contains("já existe"), "{error}");
    // Restore: open the copy as the database and find the data.
    let restored = expediente::db::connect(&format!("sqlite://{}?mode=rw", file.display())).await.unwrap();
    assert_eq!(count_clients_named(&restored, "Bruna Backup").await, 1);
    let users = entities::user::Entity::find().all(&restored).await.unwrap();
    assert!(users.iter().any(|u| u.email == ADMIN_EMAIL));
    restored.close().await.unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// README's PostgreSQL path: `pg_dump -Fc`, then `pg_restore` into a new database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_backup_with_pg_dump_restores_the_data() {
    let app: TestApp = spawn(Backend::Postgres).await;
    let token = app.admin_token().await;
    let (status, _) = json_of(app.post("/api/clients", &token, json!({ "name": "Bruna Backup" })).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let url = app.state.config.database_url.clone();
    let dump = std::env::temp_dir().join(format!("expediente-{}.dump", uuid::Uuid::new_v4().simple()));
    let run = |program: &str, args: &[&str]| {
        let output = std::process::Command::new(program).args(args).output().unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(output.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    };
    run("pg_dump", &["--format=custom", "--no-owner", "--file", dump.to_str().unwrap(), &url]);
    let restored_name = format!("expediente_restored_{}", uuid::Uuid::new_v4().simple());
    let base = url.rsplit_once('/').unwrap().0.to_string();
    let admin = Database::connect(format!("{base}/postgres")).await.unwrap();
    admin.execute_unprepared(&format!("CREATE DATABASE \"{restored_name}\"")).await.unwrap();
    run("pg_restore", &["--no-owner", "--dbname", &format!("{base}/{restored_name}"), dump.to_str().unwrap()]);
    let restored = Database::connect(format!("{base}/{restored_name}")).await.unwrap();
    let found = count_clients_named(&restored, "Bruna Backup").await;
    restored.close().await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{restored_name}\" WITH (FORCE)")).await.unwrap();
    let _ = std::fs::remove_file(&dump);
    assert_eq!(found, 1);
}

/// The probe's inputs that once panicked a handler or broke a query: a page
/// past u64's half, a huge per_page, 2,500 sort keys. The API answers 422;
/// the pages answer a whole document with the first page.
async fn hostile_list_queries_never_fail(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let token = app.admin_token().await;
    let many_keys = vec!["name"; 2500].join(",");
    for list in ["/api/clients", "/api/appointments", "/api/users"] {
        for query in ["page=9223372036854775808", "page=18446744073709551616", "per_page=9223372036854775807", "page=1000000&per_page=100"] {
            let (status, body) = json_of(app.get(&format!("{list}?{query}"), &token).await).await;
            assert!(status == StatusCode::UNPROCESSABLE_ENTITY || status == StatusCode::OK, "{list}?{query}: {status} {body}");
        }
        let (status, body) = json_of(app.get(&format!("{list}?sort={many_keys}"), &token).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{list}: {body}");
        assert!(body["errors"]["sort"][0].as_str().unwrap().starts_with("Ordenação com chaves demais"), "{body}");
    }
    let browser = new_client();
    let signed_in = browser.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(signed_in.status(), StatusCode::FOUND);
    let pages = ["/clients?page=9223372036854775808".to_string(), "/appointments?page=9223372036854775808".into(), format!("/clients?sort={many_keys}")];
    for page in pages {
        let response = browser.get(app.url(&page)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{page}");
        let html = response.text().await.unwrap();
        assert!(html.trim_end().ends_with("</html>"), "{page}: the document was cut off");
    }
}
both!(hostile_list_queries_never_fail);
