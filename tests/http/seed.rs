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
    let output = Command::new(env!("CARGO_BIN_EXE_expediente"))
        .args(["seed", "--clients", &clients.to_string(), "--appointments", &appointments.to_string()])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("EXPEDIENTE_DATA_DIR", &app.state.config.data_dir)
        .env_remove("EXPEDIENTE_TZ")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "seed failed: {stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    stdout
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
            expediente::services::clients::search_text(&c.name, c.email.as_deref(), c.phone.as_deref(), c.document.as_deref())
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
    assert!(out.contains("equipe-expediente"), "prints the staff password: {out}");
    assert!(out.contains("120 clientes e 400 agendamentos"), "{out}");
    let staff = entities::user::Entity::find().filter(entities::user::Column::Role.eq("staff")).count(&app.state.db).await.unwrap();
    assert_eq!(staff, 4);
    assert_eq!(check_database(&app).await, (120, 400));

    // The staff sign in with the documented password.
    app.login("ana.ribeiro@expediente.local", expediente::services::seed::STAFF_PASSWORD).await;

    // A second run adds data, keeps the staff, and still overlaps nothing.
    let out = seed(&app, 30, 300);
    assert!(!out.contains("Profissionais criados"), "{out}");
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
