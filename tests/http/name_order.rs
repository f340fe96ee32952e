//! Names that start with an accented letter ("Élton", "Úrsula") sort among
//! their letter, not after "Z", everywhere a name is sorted: the client
//! list (both directions, its pages by cursor and its CSV), the user list,
//! the agenda's staff columns, the dashboard's day by staff member and the
//! report's staff table, on SQLite and PostgreSQL.

use crate::common::{Backend, business_today, json_of, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

const CLIENTS: [&str; 6] = ["Zuleica Prado", "Élton Dias", "eduardo Reis", "Ana Lins", "Úrsula Melo", "Fábio Cruz"];
const CLIENTS_IN_ORDER: [&str; 6] = ["Ana Lins", "eduardo Reis", "Élton Dias", "Fábio Cruz", "Úrsula Melo", "Zuleica Prado"];
const STAFF: [(&str, &str); 3] = [("Zilda Souza", "zilda@example.com"), ("Élida Rocha", "elida@example.com"), ("Eva Nunes", "eva@example.com")];
const STAFF_IN_ORDER: [&str; 3] = ["Élida Rocha", "Eva Nunes", "Zilda Souza"];

fn names<'a>(rows: &'a Value, key: &str) -> Vec<&'a str> {
    rows.as_array().unwrap().iter().map(|row| row[key].as_str().unwrap()).collect()
}

/// Only the names this test made, in the order given (the first admin is there too).
fn ours<'a>(all: Vec<&'a str>, mine: &[&str]) -> Vec<&'a str> {
    all.into_iter().filter(|n| mine.contains(n)).collect()
}

async fn accented_names_sort_among_their_letter(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let mut client_ids = Vec::new();
    for name in CLIENTS {
        client_ids.push(app.create_client(&token, name).await);
    }
    let (_, body) = json_of(app.get("/api/clients?per_page=100", &token).await).await;
    assert_eq!(names(&body["data"], "name"), CLIENTS_IN_ORDER);
    let (_, body) = json_of(app.get("/api/clients?sort=-name", &token).await).await;
    let mut reversed = CLIENTS_IN_ORDER;
    reversed.reverse();
    assert_eq!(names(&body["data"], "name"), reversed);
    // Page by page through the keyset cursor: the same order.
    let mut paged = Vec::new();
    let mut next = String::from("/api/clients?per_page=4");
    loop {
        let (status, body) = json_of(app.get(&next, &token).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        paged.extend(names(&body["data"], "name").into_iter().map(String::from));
        match body["meta"]["next_cursor"].as_str() {
            Some(cursor) => next = format!("/api/clients?per_page=4&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(paged, CLIENTS_IN_ORDER);
    // A rename moves the client to its new place.
    let (_, fabio) = json_of(app.get(&format!("/api/clients/{}", client_ids[5]), &token).await).await;
    let body = json!({ "name": "Ângela Cruz", "version": fabio["data"]["version"] });
    let (status, answer) = json_of(app.put(&format!("/api/clients/{}", client_ids[5]), &token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, body) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(names(&body["data"], "name")[..3], ["Ana Lins", "Ângela Cruz", "eduardo Reis"]);
    let csv = app.get("/api/clients/export.csv", &token).await.text().await.unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).filter_map(|line| line.split(';').next()).collect();
    assert_eq!(rows, ["Ana Lins", "Ângela Cruz", "eduardo Reis", "Élton Dias", "Úrsula Melo", "Zuleica Prado"]);

    let mut staff_ids = Vec::new();
    for (name, email) in STAFF {
        staff_ids.push(app.staff_user(name, email).await);
    }
    let (_, body) = json_of(app.get("/api/users?sort=name", &token).await).await;
    assert_eq!(ours(names(&body["data"], "name"), &STAFF_IN_ORDER), STAFF_IN_ORDER);

    // One appointment today for each staff member: the agenda, the dashboard and the report.
    let today = business_today();
    for (i, staff) in staff_ids.iter().enumerate() {
        let body = json!({ "clientId": client_ids[0], "staffId": staff, "service": "Consulta", "startsAt": format!("{today}T{:02}:00", 9 + i), "durationMinutes": 30 });
        app.book(&token, body).await;
    }
    let (_, body) = json_of(app.get(&format!("/api/agenda?date={today}"), &token).await).await;
    assert_eq!(ours(names(&body["data"]["staff"], "name"), &STAFF_IN_ORDER), STAFF_IN_ORDER);
    let (_, body) = json_of(app.get("/api/dashboard", &token).await).await;
    assert_eq!(names(&body["data"]["todayByStaff"], "staffName"), STAFF_IN_ORDER);
    let (_, body) = json_of(app.get(&format!("/api/reports/summary?from={today}&to={today}"), &token).await).await;
    assert_eq!(names(&body["data"]["byStaff"], "staffName"), STAFF_IN_ORDER);
}
both!(accented_names_sort_among_their_letter);
