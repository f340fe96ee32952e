//! Reliability: a database outage answers 503 (JSON with `Retry-After`, or
//! the "Serviço indisponível" page) without signing anyone out, and the
//! server recovers by itself; `/healthz` and `/readyz`; a read-only database
//! is refused at start; `expediente backup` and the pg_dump path restore the
//! data.

use std::time::{Duration, Instant};

use clap::Parser;
use reqwest::StatusCode;
use reqwest::header::{RETRY_AFTER, SET_COOKIE};
use sea_orm::{ColumnTrait, ConnectionTrait, Database, EntityTrait, QueryFilter};
use serde_json::json;

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, Options, Relay, TestApp, eventually, json_of, new_client, spawn, spawn_with};

const UNAVAILABLE: &str = "O serviço está temporariamente indisponível (banco de dados fora do ar). Tente novamente em instantes.";

async fn outage_answers_503_and_keeps_the_session() {
    let mut relay = Relay::start("127.0.0.1:0".parse().unwrap()).await;
    let options = Options { ssr: true, pg_addr: Some(relay.addr.to_string()), ..Options::default() };
    let app = spawn_with(Backend::Postgres, options).await;
    let token = app.admin_token().await;
    app.created(&token, "/api/clients", json!({ "name": "Ana Antes" })).await;
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
    let ready = async || app.http.get(app.url("/readyz")).send().await.unwrap().status() == StatusCode::OK;
    eventually("ready again after the outage", Duration::from_secs(20), ready).await;
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
    app.created(&token, "/api/clients", json!({ "name": "Bruna Backup" })).await;
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
    app.created(&token, "/api/clients", json!({ "name": "Bruna Backup" })).await;
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

/// A tmpfs of `mib` MiB mounted at a new folder, unmounted on drop: a file
/// system that fills for real. Needs root (CI and the test machines are).
struct SmallDisk {
    dir: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(mib: u32) -> SmallDisk {
        let dir = std::env::temp_dir().join(format!("expediente-disk-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let status = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={mib}m,mode=0700"), "tmpfs"])
            .arg(&dir)
            .status()
            .expect("running mount");
        assert!(status.success(), "mounting a {mib} MiB tmpfs at {} needs root", dir.display());
        SmallDisk { dir }
    }

    fn remount(&self, options: &str) {
        let status = std::process::Command::new("mount").args(["-o", &format!("remount,{options}")]).arg(&self.dir).status().unwrap();
        assert!(status.success(), "remount {options}");
    }

    /// Fills the disk with one file until the file system refuses more.
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let path = self.dir.join("enchimento");
        let mut file = std::fs::File::create(&path).unwrap();
        let chunk = vec![0u8; 16 * 1024];
        while file.write_all(&chunk).and_then(|()| file.flush()).is_ok() {}
        // And the last few bytes.
        while file.write_all(&[0u8; 512]).is_ok() {}
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Creates `count` clients one after another; the ids of those answered 201.
/// Anything else must be the 503 of a full disk (never a 500, never a 201
/// for nothing).
async fn create_clients(http: &reqwest::Client, base: &str, token: &str, label: &str, count: usize) -> (Vec<i64>, usize) {
    let mut created = Vec::new();
    let mut refused = 0;
    for n in 0..count {
        // A long note, so each write needs new pages.
        let body = json!({ "name": format!("{label} {n}"), "notes": "x".repeat(1900) });
        let response = http.post(format!("{base}/api/clients")).bearer_auth(token).json(&body).send().await.unwrap();
        let status = response.status();
        let retry_after = response.headers().get(RETRY_AFTER).cloned();
        let (_, answer) = json_of(response).await;
        match status {
            StatusCode::CREATED => created.push(answer["data"]["id"].as_i64().unwrap()),
            StatusCode::SERVICE_UNAVAILABLE => {
                assert!(retry_after.is_some(), "a 503 without Retry-After: {answer}");
                let message = answer["message"].as_str().unwrap();
                assert!(message.contains("sem espaço") || message == UNAVAILABLE, "{message}");
                refused += 1;
            }
            other => panic!("{label} {n}: {other} {answer}"),
        }
    }
    (created, refused)
}

/// A 201 means the row is on disk, also when the disk fills: a COMMIT that
/// fails rolls back and its connection is closed (db.rs), the answer is a
/// 503 in Portuguese with Retry-After, `/readyz` says 503 while writes
/// fail, and writes resume by themselves when space comes back. Every
/// acknowledged client is then found after a restart. (Before: 3 to 17 of
/// some 50 acknowledged writes were gone, and /readyz said 200 throughout.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_never_acknowledges_a_write_it_did_not_keep() {
    let disk = SmallDisk::mount(6);
    let url = format!("sqlite://{}/expediente.db?mode=rwc", disk.dir.display());
    let server = crate::common::spawn_process_on(&url, &disk.dir).await;
    let http = new_client();
    let login = http.post(server.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    let (_, body) = json_of(login).await;
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let (mut acknowledged, _) = create_clients(&http, &server.base, &token, "Antes", 5).await;
    assert_eq!(acknowledged.len(), 5);

    let filler = disk.fill();
    let (status, body) = json_of(http.get(server.url("/readyz")).send().await.unwrap()).await;
    assert_eq!((status, &body["database"]), (StatusCode::SERVICE_UNAVAILABLE, &json!("sem espaço")), "{body}");
    let (created, refused) = create_clients(&http, &server.base, &token, "Cheio", 60).await;
    assert!(refused > 0, "the full disk refused nothing ({} created)", created.len());
    acknowledged.extend(created);
    let (status, _) = json_of(http.get(server.url("/readyz")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "ready while writes fail");

    // Space comes back: writes resume without a restart, every one of them.
    std::fs::remove_file(&filler).unwrap();
    let resumed = async || Some(create_clients(&http, &server.base, &token, "De volta", 1).await.0).filter(|created| !created.is_empty());
    acknowledged.extend(eventually("writes resume when space comes back", Duration::from_secs(20), resumed).await);
    let (created, refused) = create_clients(&http, &server.base, &token, "Depois", 30).await;
    assert_eq!((created.len(), refused), (30, 0), "writes after space came back");
    acknowledged.extend(created);
    let ready = async || http.get(server.url("/readyz")).send().await.unwrap().status() == StatusCode::OK;
    eventually("/readyz answers 200 after space came back", Duration::from_secs(30), ready).await;

    // A restart: every client answered 201 is there.
    drop(server);
    let server = crate::common::spawn_process_on(&url, &disk.dir).await;
    let login = http.post(server.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    let (_, body) = json_of(login).await;
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let mut missing = Vec::new();
    for id in &acknowledged {
        let status = http.get(server.url(&format!("/api/clients/{id}"))).bearer_auth(&token).send().await.unwrap().status();
        if status != StatusCode::OK {
            missing.push((*id, status));
        }
    }
    assert!(missing.is_empty(), "{} of {} acknowledged clients are gone: {missing:?}", missing.len(), acknowledged.len());
}

/// A database on a read-only file system: the start says so in Portuguese
/// (it printed a bare "Permission denied (os error 13)" before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_on_a_read_only_file_system_is_refused_in_portuguese() {
    let disk = SmallDisk::mount(8);
    let url = format!("sqlite://{}/expediente.db?mode=rwc", disk.dir.display());
    let db = expediente::db::connect(&url).await.unwrap();
    expediente::db::migrate(&db).await.unwrap();
    db.close().await.unwrap();
    disk.remount("ro");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
        .arg("migrate")
        .env("DATABASE_URL", &url)
        .env("EXPEDIENTE_DATA_DIR", &disk.dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "started on a read-only file system");
    assert!(stderr.contains("não é possível gravar no banco de dados") && stderr.contains("expediente.db"), "{stderr}");
}

/// `expediente backup` refuses a source that is missing, empty or not ours
/// (it once made an empty database there and "backed it up" with exit 0),
/// creates nothing for it, and says what a good copy holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_refuses_a_missing_or_empty_source_and_counts_what_it_copied() {
    let dir = std::env::temp_dir().join(format!("expediente-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |url: String, file: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
            .args(["backup", file.to_str().unwrap()])
            .env("DATABASE_URL", url)
            .env("EXPEDIENTE_DATA_DIR", &dir)
            .output()
            .unwrap()
    };
    let mistyped = dir.join("expedinte.db");
    let empty = dir.join("vazio.db");
    std::fs::write(&empty, b"").unwrap();
    let foreign = dir.join("outro.db");
    let db = Database::connect(format!("sqlite://{}?mode=rwc", foreign.display())).await.unwrap();
    db.execute_unprepared("CREATE TABLE notas (id INTEGER)").await.unwrap();
    db.close().await.unwrap();
    for (source, says) in [(&mistyped, "não existe"), (&empty, "está vazio"), (&foreign, "não é um banco de dados do Expediente")] {
        let copy = dir.join("copia.db");
        let output = run(format!("sqlite://{}?mode=rwc", source.display()), &copy);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{}: exit 0", source.display());
        assert!(stderr.contains(says), "{}: {stderr}", source.display());
        assert!(!copy.exists(), "{}: a copy was written", source.display());
    }
    assert!(!mistyped.exists(), "the mistyped source was created");
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0, "the empty source was written to");

    // A real database: the copy's contents are counted.
    let app = spawn(Backend::Sqlite).await;
    let token = app.admin_token().await;
    for name in ["Clara Cópia", "Caio Cópia"] {
        app.create_client(&token, name).await;
    }
    let copy = dir.join("boa.db");
    let output = run(app.state.config.database_url.clone(), &copy);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("2 clientes e 0 agendamentos"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Database errors are read by backend: a PostgreSQL SQLSTATE is not a
/// SQLite result code (22021 & 0xff is 5, SQLite's BUSY, and a bad byte
/// was once answered "banco de dados fora do ar"). A bad value is the
/// client's 422, never an outage.
async fn database_errors_are_read_by_backend(backend: Backend) {
    use expediente::error::{DatabaseFailure, database_failure};
    let app = spawn(backend).await;
    let db = &app.state.db;
    let failure = |sql: &'static str| async move { database_failure(&db.execute_unprepared(sql).await.expect_err(sql)) };
    assert_eq!(failure("SELEC 1").await, None, "a syntax error is ours");
    match backend {
        Backend::Postgres => {
            // 22021, 22012, 22003: bad values.
            assert_eq!(failure("SELECT convert_from('\\xc3'::bytea, 'UTF8')").await, Some(DatabaseFailure::BadValue));
            assert_eq!(failure("SELECT 1 / 0").await, Some(DatabaseFailure::BadValue));
            assert_eq!(failure("SELECT 2147483647::int4 + 1").await, Some(DatabaseFailure::BadValue));
        }
        Backend::Sqlite => {
            // SQLITE_READONLY: this connection may not write now (one
            // connection, held by a transaction).
            let txn = sea_orm::TransactionTrait::begin(db).await.unwrap();
            txn.execute_unprepared("PRAGMA query_only = ON").await.unwrap();
            let error = txn.execute_unprepared("CREATE TABLE sondagem (id INTEGER)").await.expect_err("query_only");
            txn.execute_unprepared("PRAGMA query_only = OFF").await.unwrap();
            txn.rollback().await.unwrap();
            assert_eq!(database_failure(&error), Some(DatabaseFailure::Unavailable));
        }
    }
}
both!(database_errors_are_read_by_backend);
