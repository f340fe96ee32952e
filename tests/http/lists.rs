//! Lists at scale, on SQLite and PostgreSQL: every list statement (and every
//! statement of the dashboard and the reports) is served by an index (its
//! query plan never scans the list's table, and an ordered page never sorts
//! the whole table), keyset pages walk a list exactly as numbered pages do,
//! and a large list's total (or count of clients) is an estimate said as such.

use expediente_core::kit::list::ListStatements;
use expediente_core::booking::appointments;
use expediente_core::clients;
use expediente_core::people::users;
use expediente_core::reporting::{dashboard, reports};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement, TransactionTrait};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::common::{Backend, TestApp, business_today, json_of, spawn};

/// The plan of `statement`, one line per step.
async fn plan(app: &TestApp, statement: &Statement) -> Vec<String> {
    plan_with(app, statement, false).await
}

/// `plan`, with (`may_sort`) or without sorting allowed on PostgreSQL.
async fn plan_with(app: &TestApp, statement: &Statement, may_sort: bool) -> Vec<String> {
    let db = &app.state.db;
    match app.backend {
        Backend::Sqlite => {
            let explain = Statement { sql: format!("EXPLAIN QUERY PLAN {}", statement.sql), ..statement.clone() };
            let rows = db.query_all_raw(explain).await.unwrap();
            rows.iter().map(|row| row.try_get::<String>("", "detail").unwrap()).collect()
        }
        Backend::Postgres => {
            // The test tables are small, and for small tables a full read is
            // rightly the cheapest plan: forbid it (and sorting) so the plan
            // shows whether an index can serve the query at all.
            let txn = db.begin().await.unwrap();
            txn.execute_unprepared("SET LOCAL enable_seqscan = off").await.unwrap();
            if !may_sort {
                txn.execute_unprepared("SET LOCAL enable_sort = off").await.unwrap();
            }
            let explain = Statement { sql: format!("EXPLAIN {}", statement.sql), ..statement.clone() };
            let rows = txn.query_all_raw(explain).await.unwrap();
            let lines = rows.iter().map(|row| row.try_get::<String>("", "QUERY PLAN").unwrap()).collect();
            txn.rollback().await.unwrap();
            lines
        }
    }
}

/// Fails when the plan scans `table` whole, or (with `ordered`) sorts it.
fn assert_indexed(backend: Backend, table: &str, what: &str, lines: &[String], ordered: bool) {
    let text = lines.join("\n");
    for line in lines {
        let step = line.trim_start().trim_start_matches("-> ").trim_start();
        let scans = match backend {
            Backend::Sqlite => step == format!("SCAN {table}") || step.starts_with(&format!("SCAN {table} ")) && !step.contains("USING"),
            Backend::Postgres => step.starts_with(&format!("Seq Scan on {table}")),
        };
        assert!(!scans, "{what}: the plan scans {table}:\n{text}");
        if ordered {
            let sorts = match backend {
                Backend::Sqlite => step.starts_with("USE TEMP B-TREE FOR") && step.contains("ORDER BY"),
                Backend::Postgres => step.starts_with("Sort ") || step.starts_with("Incremental Sort "),
            };
            assert!(!sorts, "{what}: the plan sorts instead of reading an index in order:\n{text}");
        }
    }
}

fn query<Q: DeserializeOwned>(text: &str) -> Q {
    serde_urlencoded::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Both statements of a list page; the count only when the list filters
/// (an unfiltered count stops after 10.001 rows of any order).
async fn check(app: &TestApp, table: &str, what: &str, statements: ListStatements, filtered: bool, ordered: bool) {
    let page = plan(app, &statements.page).await;
    assert_indexed(app.backend, table, &format!("{what} (page)"), &page, ordered);
    if filtered {
        let count = statements.count.as_ref().unwrap_or_else(|| panic!("{what}: a list that is not gathered has its count"));
        let count = plan(app, count).await;
        assert_indexed(app.backend, table, &format!("{what} (count)"), &count, false);
    }
}

/// The `next_cursor` of a list page.
async fn next_cursor(app: &TestApp, token: &str, path: &str) -> String {
    let (status, body) = json_of(app.get(path, token).await).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body["meta"]["next_cursor"].as_str().unwrap_or_else(|| panic!("{path}: {body}")).to_string()
}

async fn list_plans_use_indexes(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let b = app.state.db.get_database_backend();
    for name in ["Ana", "Bruno", "Carla"] {
        app.create_client(&token, name).await;
    }

    // Clients: always filtered by `archived`; every sort key in both
    // directions, a deep numbered page, and keyset pages.
    let mut client_queries: Vec<String> = ["name", "email", "birthDate", "createdAt", "updatedAt", "id"]
        .iter()
        .flat_map(|key| [format!("sort={key}"), format!("sort=-{key}"), format!("archived=true&sort={key}")])
        .collect();
    client_queries.extend(["".into(), "page=500".into(), "archived=true&page=3&per_page=50".into()]);
    for sort in ["name", "-name", "createdAt", "-updatedAt"] {
        let cursor = next_cursor(&app, &token, &format!("/api/clients?per_page=1&sort={sort}")).await;
        client_queries.push(format!("sort={sort}&cursor={cursor}"));
    }
    for text in &client_queries {
        let statements = clients::list_statements(b, &query(text), &query(text), None).unwrap();
        check(&app, "clients", &format!("/api/clients?{text}"), statements, true, true).await;
    }

    // The search: the words go through the search index (FTS5 trigram on
    // SQLite, pg_trgm's GIN on PostgreSQL) once a page: its matches are
    // gathered once, and the count and the page read them (one statement).
    if backend == Backend::Postgres {
        // On three rows a trigram index is never worth it; on some thousands
        // (vacuumed and analysed, as autovacuum leaves them) a selective
        // word must use it.
        let fill = "INSERT INTO clients (name, search_text, archived, version, created_at, updated_at)
            SELECT 'Cliente ' || g, 'cliente ' || g || ' ' || md5(g::text) || '@example.com', g % 10 = 0, 1, now(), now()
            FROM generate_series(1, 5000) AS g";
        app.state.db.execute_unprepared(fill).await.unwrap();
        app.state.db.execute_unprepared("VACUUM ANALYZE clients").await.unwrap();
    }
    let index = match backend {
        Backend::Sqlite => "clients_search VIRTUAL TABLE",
        Backend::Postgres => "clients_search_trgm_idx",
    };
    let cursor = next_cursor(&app, &token, "/api/clients?q=a&per_page=1&sort=-name").await;
    let searches = ["q=jose", "q=Jos%C3%A9%20silva&sort=-createdAt", "q=529.982", "q=gmail.com&archived=true", "q=an%20jose", "q=ana&page=40&per_page=5"];
    let cursor_search = format!("q=ana&sort=-name&cursor={cursor}");
    for text in searches.iter().copied().chain([cursor_search.as_str()]) {
        let statements = clients::list_statements(b, &query(text), &query(text), None).unwrap();
        let what = format!("/api/clients?{text}");
        assert!(statements.count.is_none(), "{what}: the search's count is not read from its gathered matches");
        let lines = plan_with(&app, &statements.page, true).await;
        assert_indexed(backend, "clients", &what, &lines, false);
        let lookups = lines.iter().filter(|l| l.contains(index)).count();
        assert_eq!(lookups, 1, "{what}: the search index is read {lookups} times, not once:\n{}", lines.join("\n"));
    }
    // A Profissional's clients (docs/permissions.md): their appointments
    // are read through the index on (staff_id, client_id), never whole, nor
    // the clients; their search gathers its matches once as anyone's. (How
    // the page meets its order depends on how many appointments the member
    // has: with this test's few, PostgreSQL rightly sorts the few clients.)
    for (text, gathered) in [("", false), ("sort=-createdAt", false), ("page=50", false), ("q=jose", true), ("q=an%20jose&sort=-name", true)] {
        let statements = clients::list_statements(b, &query(text), &query(text), Some(1)).unwrap();
        let what = format!("/api/clients?{text} as a Profissional");
        assert_eq!(statements.count.is_none(), gathered, "{what}");
        let mut plans = vec![plan_with(&app, &statements.page, gathered).await];
        if let Some(count) = &statements.count {
            plans.push(plan(&app, count).await);
        }
        for lines in &plans {
            assert_indexed(backend, "clients", &what, lines, false);
            assert_indexed(backend, "appointments", &what, lines, false);
            let probes = lines.iter().any(|l| l.contains("appointments_staff_client_idx"));
            assert!(probes, "{what}: the appointments' index on (staff_id, client_id) is not used:\n{}", lines.join("\n"));
            if gathered {
                // At most once: with this test's two appointments a member's
                // clients are fewer than the word's matches, and PostgreSQL
                // rightly starts from them.
                let lookups = lines.iter().filter(|l| l.contains(index)).count();
                assert!(lookups <= 1, "{what}: the search index is read {lookups} times, not once:\n{}", lines.join("\n"));
            }
        }
    }

    // On SQLite a word under three characters has no trigram to look up: a
    // page of such a search reads the sort's index as the unfiltered list.
    if backend == Backend::Sqlite {
        let statements = clients::list_statements(b, &query("q=an"), &query("q=an"), None).unwrap();
        check(&app, "clients", "/api/clients?q=an", statements, false, true).await;
    }

    // Appointments: each filter alone, staff and status together, with and
    // without a period, each sort key, keyset pages.
    let tz = app.state.config.tz;
    let mut appointment_queries: Vec<(String, bool)> = vec![
        ("from=2058-01-01&to=2058-01-31".into(), true),
        ("staff_id=1".into(), true),
        ("staff_id=1&from=2058-01-01&to=2058-01-31".into(), true),
        ("status=agendado".into(), true),
        ("status=agendado&from=2058-01-01".into(), true),
        ("staff_id=1&status=agendado".into(), true),
        ("staff_id=1&status=agendado&from=2058-01-01&to=2058-01-31&sort=-startsAt".into(), true),
        ("client_id=1".into(), true),
        ("client_id=1&sort=-startsAt".into(), true),
        ("page=800".into(), false),
    ];
    for key in ["startsAt", "endsAt", "createdAt", "updatedAt", "status", "priceCents", "service", "id"] {
        appointment_queries.push((format!("sort={key}"), false));
        appointment_queries.push((format!("sort=-{key}"), false));
    }
    for (text, filtered) in &appointment_queries {
        let statements = appointments::list_statements(b, &query(text), &query(text), &query(text), tz).unwrap();
        let what = format!("/api/appointments?{text}");
        if b == sea_orm::DbBackend::Sqlite && (text == "sort=id" || text == "sort=-id") {
            // SQLite calls walking its primary-key tree in order a SCAN: for
            // the unfiltered list by id that walk is the index.
            let lines = plan(&app, &statements.page).await;
            assert_eq!(lines, vec!["SCAN appointments".to_string()], "{what}");
            continue;
        }
        check(&app, "appointments", &what, statements, *filtered, true).await;
    }
    // Several statuses at once read the status index, then sort that
    // status's rows (never the table's).
    let both = "status=agendado,confirmado&staff_id=1";
    let statements = appointments::list_statements(b, &query(both), &query(both), &query(both), tz).unwrap();
    check(&app, "appointments", "/api/appointments?status=agendado,confirmado&staff_id=1", statements, true, false).await;

    // Users: by name, filtered by role or state, by creation.
    for (text, filtered) in [
        ("", false),
        ("sort=-name", false),
        ("sort=createdAt", false),
        ("sort=email", false),
        ("role=staff", true),
        ("active=false&sort=-name", true),
    ] {
        let statements = users::list_statements(b, &query(text), &query(text)).unwrap();
        check(&app, "users", &format!("/api/users?{text}"), statements, filtered, true).await;
    }

    // The dashboard's and the reports' figures: each period's appointments
    // and each count of clients through an index, never the whole table.
    let mut figures: Vec<(String, Statement)> = dashboard::Queries::at(chrono::Utc::now(), tz)
        .statements(b)
        .into_iter()
        .map(|(name, statement)| (format!("/api/dashboard {name}"), statement))
        .collect();
    for text in ["", "period=today", "from=2058-01-01&to=2058-12-31"] {
        let queries = reports::Queries::of(&query(text), tz).unwrap();
        figures.extend(queries.statements(b).into_iter().map(|(name, s)| (format!("/api/reports/summary?{text} {name}"), s)));
    }
    for (what, statement) in &figures {
        let lines = plan(&app, statement).await;
        for table in ["clients", "appointments", "audit_log"] {
            assert_indexed(backend, table, what, &lines, true);
        }
    }
}
both!(list_plans_use_indexes);

/// Walks a list with `next_cursor` and returns the ids in order.
async fn walk(app: &TestApp, token: &str, path: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut url = path.to_string();
    for _ in 0..100 {
        let (status, body) = json_of(app.get(&url, token).await).await;
        assert_eq!(status, StatusCode::OK, "{url}: {body}");
        ids.extend(body["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()));
        match body["meta"]["next_cursor"].as_str() {
            Some(cursor) => url = format!("{path}&cursor={cursor}"),
            None => return ids,
        }
    }
    panic!("{path}: the cursor never ends");
}

/// The ids of the whole list in one page.
async fn all_ids(app: &TestApp, token: &str, path: &str) -> Vec<i64> {
    let (status, body) = json_of(app.get(&format!("{path}&per_page=100"), token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["meta"].get("next_cursor").is_none(), "{body}");
    body["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

async fn cursor_pages_walk_the_list_as_numbered_pages_do(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    // Repeated names and birth dates (ties broken by id), missing e-mails
    // and birth dates (NULLs sorted where each database sorts them).
    for i in 0..23 {
        let mut body = json!({ "name": format!("Cliente {}", ["Ana", "Bia", "Caio"][i % 3]) });
        if i % 4 != 0 {
            body["email"] = json!(format!("c{:02}@example.com", (i * 7) % 23));
        }
        if i % 5 != 0 {
            body["birthDate"] = json!(format!("19{}-01-01", 80 + i % 3));
        }
        app.created(&token, "/api/clients", body).await;
    }
    for sort in ["name", "-name", "email", "-email", "birthDate", "-birthDate", "name,-birthDate", "-birthDate,email,-createdAt", "id"] {
        let path = format!("/api/clients?sort={sort}");
        let whole = all_ids(&app, &token, &path).await;
        assert_eq!(whole.len(), 23);
        for per_page in [1, 4, 10] {
            let walked = walk(&app, &token, &format!("{path}&per_page={per_page}")).await;
            assert_eq!(walked, whole, "{sort}, {per_page} a page");
        }
    }

    // A cursor belongs to its sort; a forged one is a 422, never a 500.
    let cursor = next_cursor(&app, &token, "/api/clients?per_page=2&sort=name").await;
    // Forged from a real one: its values swapped for a NUL, a text where a
    // number goes and a huge number (on PostgreSQL these gave 500s and 503s
    // "banco de dados fora do ar"), keeping or dropping the signature.
    let (payload, signature) = cursor.split_once('.').expect("a signed cursor");
    let bytes: Vec<u8> = (0..payload.len()).step_by(2).map(|i| u8::from_str_radix(&payload[i..i + 2], 16).unwrap()).collect();
    let mut json: Value = serde_json::from_slice(&bytes).unwrap();
    let hex = |json: &Value| json.to_string().bytes().map(|b| format!("{b:02x}")).collect::<String>();
    let mut forged = Vec::new();
    for after in [json!([{ "s": "\u{0}" }, { "i": 1 }]), json!([{ "s": "a" }, { "s": "x" }]), json!([{ "i": i64::MAX }, { "t": "9999-01-01T00:00:00Z" }])] {
        json["after"] = after;
        forged.push(format!("/api/clients?sort=name&cursor={}.{signature}", hex(&json)));
        forged.push(format!("/api/clients?sort=name&cursor={}", hex(&json)));
    }
    for url in forged.into_iter().chain([
        format!("/api/clients?sort=-name&cursor={cursor}"),
        "/api/clients?cursor=zz".to_string(),
        "/api/clients?cursor=7b7d".to_string(),
        format!("/api/users?cursor={cursor}"),
        format!("/api/appointments?cursor={cursor}"),
    ]) {
        let (status, body) = json_of(app.get(&url, &token).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {body}");
        assert!(body["errors"]["cursor"][0].as_str().unwrap().starts_with("Cursor inválido"), "{url}: {body}");
    }
    // `page` beside a cursor is only repeated in meta.
    let (_, body) = json_of(app.get(&format!("/api/clients?per_page=2&page=2&sort=name&cursor={cursor}"), &token).await).await;
    assert_eq!(body["meta"]["page"], 2);
    assert_eq!(body["meta"]["total"], 23);
    let (_, numbered) = json_of(app.get("/api/clients?per_page=2&page=2&sort=name", &token).await).await;
    assert_eq!(body["data"], numbered["data"]);
}
both!(cursor_pages_walk_the_list_as_numbered_pages_do);

/// Over 10.000 rows the total is estimated (and said so); under, exact.
async fn large_totals_are_estimates(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
        .args(["seed", "--clients", "12000", "--appointments", "0"])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("EXPEDIENTE_DATA_DIR", &app.state.config.data_dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    if backend == Backend::Postgres {
        app.state.db.execute_unprepared("ANALYZE clients").await.unwrap();
    }
    let (status, body) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["meta"]["total_estimated"], true, "{}", body["meta"]);
    let total = body["meta"]["total"].as_u64().unwrap();
    assert!((10_001..=15_000).contains(&total), "{}", body["meta"]);
    assert_eq!(body["meta"]["last_page"].as_u64().unwrap(), total.div_ceil(10));

    let (_, body) = json_of(app.get("/api/clients?q=maria", &token).await).await;
    assert!(body["meta"].get("total_estimated").is_none(), "{}", body["meta"]);
    let exact = body["meta"]["total"].as_u64().unwrap();
    assert!(exact > 0 && exact < 10_000, "{}", body["meta"]);

    // The dashboard counts clients the same way: all of them estimated, the
    // month's new ones (a few hundred of the seed's 540 days) exact.
    let (status, body) = json_of(app.get("/api/dashboard", &token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(data["clientsTotalEstimated"], true, "{data}");
    assert!((10_001..=15_000).contains(&data["clientsTotal"].as_u64().unwrap()), "{data}");
    assert_eq!(data["newClientsMonthEstimated"], false, "{data}");
    assert!(data["newClientsMonth"].as_u64().unwrap() < 10_000, "{data}");
    // A year of the reports holds about two thirds of them: exact.
    let today = business_today();
    let year = format!("/api/reports/summary?from={}&to={today}", today - chrono::Duration::days(365));
    let (status, body) = json_of(app.get(&year, &token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["newClientsEstimated"], false, "{body}");
    let new_clients = body["data"]["newClients"].as_u64().unwrap();
    assert!((5_000..10_000).contains(&new_clients), "{body}");
}
both!(large_totals_are_estimates);

/// The search index follows every write: a new client, a renamed one (the
/// old name no longer finds it), a deleted one; short words still match.
async fn the_search_index_follows_edits(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let found = |q: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            let (status, body) = json_of(app.get(&format!("/api/clients?q={q}"), token).await).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["data"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect::<Vec<_>>()
        }
    };
    let (_, created) = json_of(app.post("/api/clients", &token, json!({ "name": "Josué Araújo", "phone": "(11) 98765-4321" })).await).await;
    let id = created["data"]["id"].as_i64().unwrap();
    assert_eq!(found("josue%20ARAU").await, vec!["Josué Araújo"]);
    assert_eq!(found("jo%2098765").await, vec!["Josué Araújo"]);
    let (status, _) = json_of(app.put(&format!("/api/clients/{id}"), &token, json!({ "name": "Mirela Brandão", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(found("josue").await.is_empty());
    assert_eq!(found("brandao").await, vec!["Mirela Brandão"]);
    let response = app.delete(&format!("/api/clients/{id}"), &token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(found("brandao").await.is_empty());
}
both!(the_search_index_follows_edits);

/// A full page of clients and a full page of appointments (whose clients are
/// looked up by the same `id IN (…)` of ten ids), one after the other and
/// over and over, on the pool's connections: PostgreSQL's prepared
/// statements are cached by their text, so the two must bind their ids alike.
async fn full_pages_of_clients_and_appointments_share_a_connection(backend: Backend) {
    let app = spawn(backend).await;
    let f = crate::common::fixture(&app).await;
    for i in 0..10 {
        let client = app.create_client(&f.token, &format!("Cliente {i}")).await;
        let starts = format!("2058-11-{:02}T10:00:00-03:00", i + 1);
        let body = json!({ "clientId": client, "staffId": f.staff, "service": "Corte", "startsAt": starts, "durationMinutes": 30 });
        app.book(&f.token, body).await;
    }
    for _ in 0..5 {
        for path in ["/api/clients?page=1&per_page=10", "/api/appointments?page=1&per_page=10"] {
            let (status, body) = json_of(app.get(path, &f.token).await).await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
            assert_eq!(body["data"].as_array().unwrap().len(), 10, "{path}");
        }
    }
}
both!(full_pages_of_clients_and_appointments_share_a_connection);
