//! `expediente seed`: counts, valid CPFs and phones, unique e-mails, the
//! clients' search text, business hours, statuses by time, and no overlap
//! per staff member, on SQLite and PostgreSQL, through the real command.

use std::collections::{HashMap, HashSet};
use std::process::Command;

use chrono::{Datelike, Timelike, Utc, Weekday};
use crate::common::{Backend, TestApp, spawn};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// Independent of the server's code: the two CPF check digits.
fn valid_cpf(cpf: &str) -> bool {
    let d: Vec<u32> = cpf.chars().filter_map(|c| c.to_digit(10)).collect();
    if d.len() != 11 || cpf.len() != 11 || d.iter().all(|x| *x == d[0]) {
        return false;
    }
    let check = |n: usize| {
        let sum: u32 = (0..n).map(|i| d[i] * (n as u32 + 1 - i as u32)).sum();
        let r = sum * 10 % 11;
        if r == 10 { 0 } else { r }
    };
    check(9) == d[9] && check(10) == d[10]
}

fn seed(app: &TestApp, clients: u32, appointments: u32) -> String {
    seed_with(app, clients, appointments, &[])
}

fn seed_with(app: &TestApp, clients: u32, appointments: u32, flags: &[&str]) -> String {
    let output = run_seed(app, clients, appointments, flags);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "seed failed: {stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

fn run_seed(app: &TestApp, clients: u32, appointments: u32, flags: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_expediente"))
        .args(["seed", "--clients", &clients.to_string(), "--appointments", &appointments.to_string()])
        .args(flags)
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("EXPEDIENTE_DATA_DIR", &app.state.config.data_dir)
        .env_remove("EXPEDIENTE_TZ")
        .output()
        .unwrap()
}

/// The staff e-mails and passwords a seed run printed.
fn printed_staff(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter_map(|line| line.trim().split_once(" / senha: "))
        .map(|(email, password)| (email.to_string(), password.to_string()))
        .collect()
}

async fn check_database(app: &TestApp) -> (usize, usize) {
    let db = &app.state.db;
    let tz = chrono_tz::America::Sao_Paulo;
    let clients = entities::client::Entity::find().all(db).await.unwrap();
    let mut emails = HashSet::new();
    for c in &clients {
        assert!(c.name.split(' ').count() >= 2, "{}", c.name);
        assert_eq!(
            c.search_text,
            expediente_core::clients::search_text(&c.name, c.email.as_deref(), c.phone.as_deref(), c.document.as_deref())
        );
        if let Some(email) = &c.email {
            assert!(emails.insert(email.clone()), "duplicate e-mail {email}");
            assert!(email.is_ascii() && email.contains('@') && *email == email.to_lowercase(), "{email}");
        }
        if let Some(cpf) = &c.document {
            assert!(valid_cpf(cpf), "invalid CPF {cpf}");
        }
        if let Some(phone) = &c.phone {
            assert!(phone.len() == 11 && phone.chars().all(|ch| ch.is_ascii_digit()) && &phone[2..3] == "9", "{phone}");
        }
    }
    let with_cpf = clients.iter().filter(|c| c.document.is_some()).count();
    assert!(with_cpf * 2 > clients.len(), "most clients have a CPF");
    assert!(clients.iter().any(|c| !c.name.is_ascii()), "accented names");
    // Every client's history starts with its "Cadastro" (create) entry, dated when it was made.
    let created = entities::audit_log::Entity::find()
        .filter(entities::audit_log::Column::Entity.eq("client"))
        .filter(entities::audit_log::Column::Action.eq("create"))
        .all(db)
        .await
        .unwrap();
    for c in &clients {
        assert_eq!(c.sort_name, expediente_core::kit::validation::normalize_text(&c.name));
        let entries: Vec<_> = created.iter().filter(|e| e.entity_id == c.id).collect();
        assert_eq!(entries.len(), 1, "one create entry for client {}", c.id);
        assert_eq!(entries[0].changes["name"]["new"], c.name.as_str());
        assert_eq!(entries[0].created_at, c.created_at);
    }

    let appointments = entities::appointment::Entity::find().all(db).await.unwrap();
    let client_ids: HashSet<i32> = clients.iter().map(|c| c.id).collect();
    let now = Utc::now();
    type Span = (chrono::DateTime<Utc>, chrono::DateTime<Utc>);
    let mut by_staff: HashMap<i32, Vec<Span>> = HashMap::new();
    let (mut past, mut future) = (0, 0);
    for a in &appointments {
        assert!(client_ids.contains(&a.client_id));
        let start = a.starts_at.with_timezone(&tz);
        let end = a.ends_at.with_timezone(&tz);
        assert!(!matches!(start.weekday(), Weekday::Sat | Weekday::Sun), "weekend: {start}");
        assert_eq!(start.date_naive(), end.date_naive());
        assert!(start.hour() >= 8, "before 08:00: {start}");
        assert!(end.hour() < 18 || (end.hour() == 18 && end.minute() == 0), "after 18:00: {end}");
        assert!(a.price_cents > 0);
        if a.ends_at <= now {
            past += 1;
            assert!(["concluido", "faltou", "cancelado"].contains(&a.status.as_str()), "{}", a.status);
        } else if a.starts_at > now {
            future += 1;
            assert!(["agendado", "confirmado"].contains(&a.status.as_str()), "{}", a.status);
        }
        assert_eq!(a.cancellation_reason.is_some(), a.status.as_str() == "cancelado");
        by_staff.entry(a.staff_id).or_default().push((a.starts_at, a.ends_at));
    }
    for (staff, mut spans) in by_staff {
        spans.sort();
        for pair in spans.windows(2) {
            assert!(pair[0].1 <= pair[1].0, "staff {staff}: {:?} overlaps {:?}", pair[0], pair[1]);
        }
        let user = entities::user::Entity::find_by_id(staff).one(db).await.unwrap().unwrap();
        assert_eq!(user.role.as_str(), "staff");
    }
    if appointments.len() >= 100 {
        assert!(past > appointments.len() / 2 && future > appointments.len() / 10, "past {past}, future {future}");
        let concluded = appointments.iter().filter(|a| a.status.as_str() == "concluido").count();
        assert!(concluded > past / 2, "mostly concluded: {concluded} of {past}");
        assert!(appointments.iter().any(|a| a.status.as_str() == "faltou"));
        assert!(appointments.iter().any(|a| a.status.as_str() == "cancelado"));
    }
    (clients.len(), appointments.len())
}

async fn seed_fills_a_database_with_valid_data(backend: Backend) {
    let app = spawn(backend).await;
    let out = seed(&app, 120, 400);
    assert!(out.contains("120 clientes e 400 agendamentos"), "{out}");
    // Each staff member gets a random password, printed once.
    let staff_passwords = printed_staff(&out);
    assert_eq!(staff_passwords.len(), 4, "{out}");
    let distinct: HashSet<&String> = staff_passwords.iter().map(|(_, p)| p).collect();
    assert_eq!(distinct.len(), 4, "{out}");
    for (_, password) in &staff_passwords {
        assert!(password.len() >= 16 && password.chars().all(|c| c.is_ascii_alphanumeric()), "{password}");
        assert_eq!(expediente_core::people::users::password_problem(password, &[]), None, "{password}");
    }
    let staff = entities::user::Entity::find().filter(entities::user::Column::Role.eq("staff")).count(&app.state.db).await.unwrap();
    assert_eq!(staff, 4);
    assert_eq!(check_database(&app).await, (120, 400));

    // The staff sign in with the printed passwords.
    for (email, password) in &staff_passwords {
        app.login(email, password).await;
    }

    // A second run is refused: the database holds data now.
    let refused = run_seed(&app, 30, 300, &[]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("o banco já tem dados (120 clientes, 400 agendamentos") && stderr.contains("--force"), "{stderr}");
    assert_eq!(check_database(&app).await, (120, 400), "nothing added");

    // Forced, it adds data, keeps the staff (no new passwords), and still overlaps nothing.
    let out = seed_with(&app, 30, 300, &["--force"]);
    assert!(!out.contains("Profissionais criados") && printed_staff(&out).is_empty(), "{out}");
    let staff = entities::user::Entity::find().filter(entities::user::Column::Role.eq("staff")).count(&app.state.db).await.unwrap();
    assert_eq!(staff, 4);
    assert_eq!(check_database(&app).await, (150, 700));
}
both!(seed_fills_a_database_with_valid_data);

/// The benchmark size: 10,000 appointments, all placed without overlap.
/// (How fast is for bench/, not for a timed test.)
async fn seed_fills_the_benchmark_size(backend: Backend) {
    let app = spawn(backend).await;
    seed(&app, 2_000, 10_000);
    assert_eq!(check_database(&app).await, (2_000, 10_000));
}
both!(seed_fills_the_benchmark_size);

/// A database with real data (here, one staff member an admin created) is
/// left alone unless forced; and seeding before the first start never stops
/// the first admin from being created.
async fn seed_spares_real_data_and_never_blocks_the_first_admin(backend: Backend) {
    use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, spawn_process};
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let body = serde_json::json!({ "name": "Equipe Real", "email": "real@clinica.com.br", "role": "staff", "password": "prancha-azul-42" });
    app.created(&admin, "/api/users", body).await;
    let refused = run_seed(&app, 5, 5, &[]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("0 clientes, 0 agendamentos, 1 usuário além dos administradores"));
    assert_eq!(entities::client::Entity::find().count(&app.state.db).await.unwrap(), 0);

    // A database as before the first start: no user at all. Seed fills it...
    entities::user::Entity::delete_many().exec(&app.state.db).await.unwrap();
    seed(&app, 5, 5);
    let admins = entities::user::Entity::find().filter(entities::user::Column::Role.eq("admin"));
    assert_eq!(admins.clone().count(&app.state.db).await.unwrap(), 0);
    // ...and the first start still creates the first admin, who signs in.
    let server = spawn_process(&app).await;
    assert_eq!(admins.count(&app.state.db).await.unwrap(), 1);
    let login = reqwest::Client::new()
        .post(server.url("/api/login"))
        .json(&serde_json::json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), reqwest::StatusCode::OK);
}
both!(seed_spares_real_data_and_never_blocks_the_first_admin);
