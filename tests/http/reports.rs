//! GET /api/reports/summary and its CSV: figures of a period on known data,
//! with the business time zone's day boundaries (America/Sao_Paulo, UTC−3),
//! by day, staff member and service.

use chrono::{DateTime, Duration, Utc};
use crate::common::{Backend, TestApp, json_of, spawn};
use entities::appointment::AppointmentStatus;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{Value, json};

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

async fn staff(app: &TestApp, admin: &str, name: &str, email: &str) -> i32 {
    app.create_user(admin, name, email, "staff", "prancha-azul-42").await as i32
}

async fn client_created_at(app: &TestApp, name: &str, created_at: &str) -> i32 {
    let at = utc(created_at);
    entities::client::ActiveModel {
        name: Set(name.into()),
        archived: Set(false),
        search_text: Set(name.to_lowercase()),
        version: Set(1),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

/// A "Consulta" stored straight in the database, in `status` (see `stored`).
async fn consultation(app: &TestApp, client_id: i32, staff_id: i32, starts_at: &str, status: &str, price_cents: i64) {
    stored(app, client_id, staff_id, "Consulta", starts_at, status, price_cents).await;
}

/// An appointment of `service` stored straight in the database, as given
/// (the API would trim the name) and in any status, as past data stands:
/// not a booking, which the API makes.
async fn stored(app: &TestApp, client_id: i32, staff_id: i32, service: &str, starts_at: &str, status: &str, price_cents: i64) {
    let starts = utc(starts_at);
    entities::appointment::ActiveModel {
        client_id: Set(client_id),
        staff_id: Set(staff_id),
        service: Set(service.into()),
        starts_at: Set(starts),
        ends_at: Set(starts + Duration::minutes(30)),
        status: Set(AppointmentStatus::parse(status).unwrap()),
        price_cents: Set(price_cents),
        cancellation_reason: Set((status == "cancelado").then(|| "Cliente desmarcou.".to_string())),
        version: Set(1),
        created_at: Set(starts - Duration::days(3)),
        updated_at: Set(starts - Duration::days(3)),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
}

async fn summary(app: &TestApp, token: &str, query: &str) -> (StatusCode, Value) {
    json_of(app.get(&format!("/api/reports/summary?{query}"), token).await).await
}

async fn the_summary_counts_known_data_by_local_day(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let ana = staff(&app, &admin, "Ana Ribeiro", "ana@example.com").await;
    let bruno = staff(&app, &admin, "Bruno Lima", "bruno@example.com").await;
    // Local midnight of 2026-03-09 is 03:00 UTC.
    let c1 = client_created_at(&app, "Cliente Um", "2026-03-09T03:00:00Z").await; // in: local 00:00 on the first day
    client_created_at(&app, "Cliente Dois", "2026-03-12T02:59:59Z").await; // in: local 23:59:59 on the last day
    client_created_at(&app, "Cliente Três", "2026-03-09T02:59:59Z").await; // out: local 2026-03-08
    client_created_at(&app, "Cliente Quatro", "2026-03-12T03:00:00Z").await; // out: local 2026-03-12

    consultation(&app, c1, ana, "2026-03-09T13:00:00Z", "concluido", 15_000).await; // 03-09 10:00
    consultation(&app, c1, ana, "2026-03-10T02:30:00Z", "faltou", 8_000).await; // 03-09 23:30 local
    consultation(&app, c1, ana, "2026-03-10T03:00:00Z", "concluido", 12_000).await; // 03-10 00:00 local
    consultation(&app, c1, ana, "2026-03-12T02:59:00Z", "cancelado", 5_000).await; // 03-11 23:59 local
    consultation(&app, c1, bruno, "2026-03-10T17:00:00Z", "concluido", 20_000).await; // 03-10 14:00
    consultation(&app, c1, bruno, "2026-03-11T12:00:00Z", "agendado", 6_000).await; // 03-11 09:00
    consultation(&app, c1, bruno, "2026-03-11T13:00:00Z", "confirmado", 7_000).await; // 03-11 10:00
    // Outside the period, on its UTC edges.
    consultation(&app, c1, ana, "2026-03-09T02:59:00Z", "concluido", 99_900).await; // 03-08 23:59 local
    consultation(&app, c1, bruno, "2026-03-12T03:00:00Z", "concluido", 88_800).await; // 03-12 00:00 local

    let (status, body) = summary(&app, &admin, "from=2026-03-09&to=2026-03-11").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(data["from"], "2026-03-09");
    assert_eq!(data["to"], "2026-03-11");
    assert_eq!(data["timeZone"], "America/Sao_Paulo");
    assert_eq!(data["total"], 7);
    assert_eq!(data["byStatus"], json!({ "agendado": 1, "confirmado": 1, "concluido": 3, "cancelado": 1, "faltou": 1, "pendente": 0 }));
    assert_eq!(data["revenueCents"], 47_000);
    // faltou / (concluido + faltou) = 1 / 4; cancelado / total = 1 / 7.
    assert_eq!(data["noShowRate"], 0.25);
    assert_eq!(data["cancellationRate"], 0.1429);
    assert_eq!(data["newClients"], 2);
    assert_eq!(
        data["byDay"],
        json!([
            { "date": "2026-03-09", "total": 2, "concluido": 1, "cancelado": 0, "faltou": 1, "revenueCents": 15_000 },
            { "date": "2026-03-10", "total": 2, "concluido": 2, "cancelado": 0, "faltou": 0, "revenueCents": 32_000 },
            { "date": "2026-03-11", "total": 3, "concluido": 0, "cancelado": 1, "faltou": 0, "revenueCents": 0 },
        ])
    );
    assert_eq!(
        data["byStaff"],
        json!([
            { "staffId": ana, "staffName": "Ana Ribeiro", "total": 4, "concluido": 2, "faltou": 1, "cancelado": 1, "revenueCents": 27_000 },
            { "staffId": bruno, "staffName": "Bruno Lima", "total": 3, "concluido": 1, "faltou": 0, "cancelado": 0, "revenueCents": 20_000 },
        ])
    );
    assert_eq!(
        data["byService"],
        json!([{ "service": "Consulta", "total": 7, "concluido": 3, "cancelado": 1, "faltou": 1, "revenueCents": 47_000 }])
    );

    // The export: the same days as CSV, then the totals, then the services.
    let response = app.get("/api/reports/export.csv?from=2026-03-09&to=2026-03-11", &admin).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        response.text().await.unwrap(),
        "\u{feff}Data;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\n\
         09/03/2026;2;1;0;1;150,00\r\n10/03/2026;2;2;0;0;320,00\r\n11/03/2026;3;0;1;0;0,00\r\nTotal;7;3;1;1;470,00\r\n\
         \r\nServiço;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\nConsulta;7;3;1;1;470,00\r\n\
         \r\nCanal;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\nBalcão;7;3;1;1;470,00\r\nInternet;0;0;0;0;0,00\r\n\
         \r\nLembrete;Agendamentos;Concluídos;Faltas;Taxa de faltas (%)\r\n\
         Com lembrete enviado;0;0;0;0,0\r\nSem lembrete;7;3;1;25,0\r\n"
    );
    let response = app.get("/api/reports/export.csv?period=nada", &admin).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // One day: `to` is inclusive, the day ends at local midnight.
    let (_, body) = summary(&app, &admin, "from=2026-03-10&to=2026-03-10").await;
    assert_eq!(body["data"]["total"], 2);
    assert_eq!(body["data"]["revenueCents"], 32_000);
    assert_eq!(body["data"]["noShowRate"], 0.0);
    assert_eq!(body["data"]["byDay"].as_array().unwrap().len(), 1);
    // The day before holds the appointment at 23:59 local that UTC puts on the 9th.
    let (_, body) = summary(&app, &admin, "from=2026-03-08&to=2026-03-08").await;
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["revenueCents"], 99_900);
    assert_eq!(body["data"]["newClients"], 1);

    // Staff read the same report.
    let staff_token = app.login("bruno@example.com", "prancha-azul-42").await;
    let (status, body) = summary(&app, &staff_token, "from=2026-03-09&to=2026-03-11").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["total"], 7);
}
both!(the_summary_counts_known_data_by_local_day);

async fn an_empty_period_has_zero_rates_and_every_day(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let (status, body) = summary(&app, &admin, "from=2026-02-27&to=2026-03-02").await;
    assert_eq!(status, StatusCode::OK);
    let data = &body["data"];
    assert_eq!(data["total"], 0);
    assert_eq!(data["noShowRate"], 0.0);
    assert_eq!(data["cancellationRate"], 0.0);
    assert_eq!(data["revenueCents"], 0);
    assert_eq!(data["byStaff"], json!([]));
    assert_eq!(data["byService"], json!([]));
    let days: Vec<&str> = data["byDay"].as_array().unwrap().iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert_eq!(days, ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    assert!(data["byDay"].as_array().unwrap().iter().all(|d| d["total"] == 0));
}
both!(an_empty_period_has_zero_rates_and_every_day);

async fn the_summary_counts_and_earns_by_service(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let ana = staff(&app, &admin, "Ana Ribeiro", "ana@example.com").await;
    let c = client_created_at(&app, "Cliente Um", "2026-01-10T12:00:00Z").await;
    // 2026-04-06 and 07, local 10:00 onwards (13:00 UTC).
    for (service, starts_at, status, price_cents) in [
        ("Limpeza", "2026-04-06T13:00:00Z", "concluido", 10_000),
        ("Limpeza", "2026-04-06T14:00:00Z", "cancelado", 5_000),
        // The same service as people read it: trimmed, whatever the case.
        ("limpeza ", "2026-04-07T13:00:00Z", "concluido", 12_000),
        ("Corte", "2026-04-06T15:00:00Z", "concluido", 30_000),
        ("Design de sobrancelha", "2026-04-07T14:00:00Z", "concluido", 22_000),
        ("Escova", "2026-04-07T15:00:00Z", "faltou", 8_000),
        ("Escova", "2026-04-07T16:00:00Z", "agendado", 8_000),
        ("Hidratação", "2026-04-07T17:00:00Z", "confirmado", 9_000),
        ("Barba", "2026-04-07T18:00:00Z", "confirmado", 4_000),
        // Outside the period: local 2026-04-08 00:00.
        ("Corte", "2026-04-08T03:00:00Z", "concluido", 99_000),
    ] {
        stored(&app, c, ana, service, starts_at, status, price_cents).await;
    }

    let (status, body) = summary(&app, &admin, "from=2026-04-06&to=2026-04-07").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(data["revenueCents"], 74_000);
    // By revenue, then by appointments (equal revenue), then by name (neither).
    assert_eq!(
        data["byService"],
        json!([
            { "service": "Corte", "total": 1, "concluido": 1, "cancelado": 0, "faltou": 0, "revenueCents": 30_000 },
            { "service": "Limpeza", "total": 3, "concluido": 2, "cancelado": 1, "faltou": 0, "revenueCents": 22_000 },
            { "service": "Design de sobrancelha", "total": 1, "concluido": 1, "cancelado": 0, "faltou": 0, "revenueCents": 22_000 },
            { "service": "Escova", "total": 2, "concluido": 0, "cancelado": 0, "faltou": 1, "revenueCents": 0 },
            { "service": "Barba", "total": 1, "concluido": 0, "cancelado": 0, "faltou": 0, "revenueCents": 0 },
            { "service": "Hidratação", "total": 1, "concluido": 0, "cancelado": 0, "faltou": 0, "revenueCents": 0 },
        ])
    );
    // The services add up to the period.
    let services = data["byService"].as_array().unwrap();
    assert_eq!(services.iter().map(|s| s["total"].as_u64().unwrap()).sum::<u64>(), data["total"].as_u64().unwrap());

    // The export's second table: the same services, in the same order.
    let response = app.get("/api/reports/export.csv?from=2026-04-06&to=2026-04-07", &admin).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.unwrap();
    let (days, rest) = text.split_once("\r\n\r\n").expect("a blank line between the tables");
    // Then the channels and the reminders (tests/http/reminders.rs).
    let (services, _channels_and_reminders) = rest.split_once("\r\n\r\n").expect("a blank line before the channels");
    let services = format!("{services}\r\n");
    assert_eq!(days, "\u{feff}Data;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\n06/04/2026;3;2;1;0;400,00\r\n07/04/2026;6;2;0;1;340,00\r\nTotal;9;4;1;1;740,00");
    assert_eq!(
        services,
        "Serviço;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\n\
         Corte;1;1;0;0;300,00\r\nLimpeza;3;2;1;0;220,00\r\nDesign de sobrancelha;1;1;0;0;220,00\r\n\
         Escova;2;0;0;1;0,00\r\nBarba;1;0;0;0;0,00\r\nHidratação;1;0;0;0;0,00\r\n"
    );
}
both!(the_summary_counts_and_earns_by_service);

async fn the_period_is_checked(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    // No dates: this month (or the named period), in the business time zone.
    let (status, body) = json_of(app.get("/api/reports/summary", &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["period"], "month");
    assert!(body["data"]["from"].as_str().unwrap().ends_with("-01"));
    let (status, body) = summary(&app, &admin, "period=week").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((body["data"]["period"].as_str(), body["data"]["byDay"].as_array().unwrap().len()), (Some("week"), 7));
    let (status, body) = summary(&app, &admin, "period=today").await;
    assert_eq!(body["data"]["from"], body["data"]["to"], "{status}");
    let (status, body) = summary(&app, &admin, "period=ano").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["period"][0], "Período inválido: use today, week, month ou last_month.");
    // One date alone: the other end of its month; dates win over a period.
    let (status, body) = summary(&app, &admin, "from=2026-02-10&period=week").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((&body["data"]["from"], &body["data"]["to"], &body["data"]["period"]), (&json!("2026-02-10"), &json!("2026-02-28"), &Value::Null));
    let (_, body) = summary(&app, &admin, "to=2026-02-10").await;
    assert_eq!((&body["data"]["from"], &body["data"]["to"]), (&json!("2026-02-01"), &json!("2026-02-10")));

    let (status, body) = summary(&app, &admin, "from=09/03/2026&to=2026-02-30").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["from"][0], "Data inicial inválida: use AAAA-MM-DD.");
    assert_eq!(body["errors"]["to"][0], "Data final inválida: use AAAA-MM-DD.");

    let (status, body) = summary(&app, &admin, "from=2026-03-10&to=2026-03-09").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["to"][0], "A data final deve ser igual ou posterior à inicial.");

    let (status, body) = summary(&app, &admin, "from=2026-01-01&to=2027-01-02").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["to"][0], "O período pode ter no máximo 366 dias.");
    // 366 days exactly is allowed.
    let (status, body) = summary(&app, &admin, "from=2026-01-01&to=2027-01-01").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["byDay"].as_array().unwrap().len(), 366);

    let (status, _) = json_of(app.http.get(app.url("/api/reports/summary?from=2026-01-01&to=2026-01-02")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
both!(the_period_is_checked);
