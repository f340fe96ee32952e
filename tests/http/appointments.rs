//! /api/appointments: create with offsets, validation per field, status
//! transitions, versions, overlap on update, filters, 404s, history, CSV,
//! and the dashboard figures on both databases.

use crate::common::{Backend, appointment, assert_error, assert_field_error, assert_fields, fixture, json_of, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn create_accepts_any_offset_and_answers_in_the_business_one(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let a = app.book(
        &f.token,
        json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00", "durationMinutes": 60, "priceCents": 123450, "notes": "Primeira vez" }),
    )
    .await;
    assert_fields(
        &a,
        json!({ "startsAt": "2058-11-21T14:00:00-03:00", "endsAt": "2058-11-21T15:00:00-03:00", "status": "agendado",
            "clientName": "Maria Souza", "staffName": "Paula Lima", "priceCents": 123450, "version": 1, "cancellationReason": null }),
    );

    // The same instant in UTC, with endsAt instead of a duration.
    let b = app.book(
        &f.token,
        json!({ "clientId": f.joao, "staffId": f.other_staff, "service": "Barba", "startsAt": "2058-11-21T17:00:00Z", "endsAt": "2058-11-21T18:30:00Z", "status": "confirmado" }),
    )
    .await;
    assert_fields(
        &b,
        json!({ "startsAt": "2058-11-21T14:00:00-03:00", "endsAt": "2058-11-21T15:30:00-03:00", "status": "confirmado", "priceCents": 0 }),
    );

    let id = a["id"].as_i64().unwrap();
    let (status, body) = json_of(app.get(&format!("/api/appointments/{id}"), &f.token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_fields(&body["data"], json!({ "startsAt": "2058-11-21T14:00:00-03:00", "notes": "Primeira vez" }));

    // A time without an offset is the business zone's wall-clock time.
    let book_at = |starts_at: &str| {
        app.try_book(&f.token, json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": starts_at, "durationMinutes": 30 }))
    };
    let (status, body) = book_at("2058-11-22T14:00").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_fields(&body["data"], json!({ "startsAt": "2058-11-22T14:00:00-03:00", "endsAt": "2058-11-22T14:30:00-03:00" }));

    let (status, body) = book_at("22/11/2058 14h").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["startsAt"][0].as_str().unwrap().starts_with("Data e hora inválidas"), "{body}");
}
both!(create_accepts_any_offset_and_answers_in_the_business_one);

async fn each_field_is_checked(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let (status, body) = app.try_book(&f.token, json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let e = &body["errors"];
    assert_eq!(e["clientId"][0], "Informe o cliente.");
    assert_eq!(e["staffId"][0], "Informe o profissional.");
    assert_eq!(e["service"][0], "Informe o serviço.");
    assert_eq!(e["startsAt"][0], "Informe o início (startsAt).");

    let base = json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00" });
    let with = |extra: Value| {
        let mut body = base.clone();
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (json!({}), "endsAt", "Informe o fim (endsAt) ou a duração (durationMinutes)."),
        (json!({ "endsAt": "2058-11-21T13:00:00-03:00" }), "endsAt", "O fim deve ser depois do início."),
        (json!({ "endsAt": "2058-11-21T14:00:00-03:00" }), "endsAt", "O fim deve ser depois do início."),
        (json!({ "endsAt": "2058-11-22T02:01:00-03:00" }), "endsAt", "Um agendamento pode durar no máximo 12 horas."),
        (json!({ "durationMinutes": 721 }), "durationMinutes", "A duração deve ser de 1 a 720 minutos (12 horas)."),
        (json!({ "durationMinutes": 0 }), "durationMinutes", "A duração deve ser de 1 a 720 minutos (12 horas)."),
        (
            json!({ "durationMinutes": 30, "endsAt": "2058-11-21T15:00:00-03:00" }),
            "durationMinutes",
            "Informe o fim (endsAt) ou a duração (durationMinutes), não os dois.",
        ),
        (json!({ "durationMinutes": 30, "priceCents": -1 }), "priceCents", "O valor não pode ser negativo."),
        (json!({ "durationMinutes": 30, "service": "  " }), "service", "Informe o serviço."),
        (json!({ "durationMinutes": 30, "clientId": 9999 }), "clientId", "Cliente não encontrado."),
        (json!({ "durationMinutes": 30, "staffId": 9999 }), "staffId", "Profissional não encontrado ou inativo."),
        (json!({ "durationMinutes": 30, "status": "concluido" }), "status", "Um agendamento novo começa como agendado ou confirmado."),
        // Only an online booking starts pendente (waiting for the front desk).
        (json!({ "durationMinutes": 30, "status": "pendente" }), "status", "Um agendamento novo começa como agendado ou confirmado."),
        (
            json!({ "durationMinutes": 30, "status": "esperando" }),
            "status",
            "Situação inválida: esperando. Use agendado, confirmado, concluido, cancelado, faltou ou pendente.",
        ),
        (json!({ "durationMinutes": 30, "startsAt": "amanhã" }), "startsAt", "Data e hora inválidas: use, por exemplo, 2026-11-21T14:00:00-03:00 ou 2026-11-21T14:00."),
        (json!({ "durationMinutes": 30, "servico": "x" }), "servico", "Campo desconhecido."),
        (json!({ "durationMinutes": 30, "priceCents": "12,50" }), "priceCents", "Tipo inválido (esperado: número inteiro)."),
    ];
    for (extra, field, message) in cases {
        let body = with(extra.clone());
        let (status, answer) = app.try_book(&f.token, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{extra}: {answer}");
        assert_eq!(answer["errors"][field][0], message, "{extra}: {answer}");
    }

    // An archived client cannot be booked; an inactive staff member neither.
    json_of(app.post(&format!("/api/clients/{}/archive", f.joao), &f.token, json!({})).await).await;
    let (status, answer) = app.try_book(&f.token, with(json!({ "clientId": f.joao, "durationMinutes": 30 }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["errors"]["clientId"][0], "Este cliente está arquivado; desarquive-o para agendar.");
    use sea_orm::{ConnectionTrait, Statement};
    let backend_kind = app.state.db.get_database_backend();
    app.state
        .db
        .execute_raw(Statement::from_sql_and_values(
            backend_kind,
            if backend == Backend::Postgres { "UPDATE users SET active = false WHERE id = $1" } else { "UPDATE users SET active = false WHERE id = ?" },
            [sea_orm::Value::from(f.other_staff as i32)],
        ))
        .await
        .unwrap();
    let (status, answer) = app.try_book(&f.token, with(json!({ "staffId": f.other_staff, "durationMinutes": 30 }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["errors"]["staffId"][0], "Profissional não encontrado ou inativo.");
}
both!(each_field_is_checked);

async fn status_follows_the_lifecycle(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let a = app.book(&f.token, appointment(f.maria, f.staff, "Corte", "2058-11-21T14:00:00-03:00", 60)).await;
    let path = format!("/api/appointments/{}/status", a["id"]);

    let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": "concluido", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["status"][0], "Não é possível mudar a situação de agendado para concluido.");

    let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": "confirmado", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_fields(&body["data"], json!({ "status": "confirmado", "version": 2 }));

    // Stale and missing versions.
    let answer = json_of(app.patch(&path, &f.token, json!({ "status": "concluido", "version": 1 })).await).await;
    assert_error(&answer, StatusCode::CONFLICT, "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");
    let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": "concluido" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["version"][0], "Informe a versão do registro que você leu (version).");

    // Cancelling needs a reason.
    let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": "cancelado", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["cancellationReason"][0], "Informe o motivo do cancelamento.");
    let (status, body) = json_of(
        app.patch(&path, &f.token, json!({ "status": "cancelado", "version": 2, "cancellationReason": "Cliente viajou" })).await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_fields(&body["data"], json!({ "status": "cancelado", "cancellationReason": "Cliente viajou" }));

    // Cancelado is final, via PATCH or PUT.
    let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": "agendado", "version": 3 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["status"][0], "Não é possível mudar a situação de cancelado para agendado.");
    let (status, body) =
        json_of(app.put(&format!("/api/appointments/{}", a["id"]), &f.token, json!({ "status": "confirmado", "version": 3 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["status"][0], "Não é possível mudar a situação de cancelado para confirmado.");

    // PUT changes status under the same rules: agendado → confirmado → faltou.
    let b = app.book(&f.token, appointment(f.joao, f.staff, "Barba", "2058-11-21T16:00:00-03:00", 30)).await;
    let put = format!("/api/appointments/{}", b["id"]);
    let (status, _) = json_of(app.put(&put, &f.token, json!({ "status": "faltou", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = json_of(app.put(&put, &f.token, json!({ "status": "confirmado", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = json_of(app.put(&put, &f.token, json!({ "status": "faltou", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_fields(&body["data"], json!({ "status": "faltou", "service": "Barba" }));

    // The history of the first one: newest first, old → new.
    let (status, body) = json_of(app.get(&format!("/api/appointments/{}/history", a["id"]), &f.token).await).await;
    assert_eq!(status, StatusCode::OK);
    let entries = body["data"].as_array().unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, vec!["status", "status", "create"]);
    assert_eq!(
        entries[0]["changes"],
        json!({ "status": { "old": "confirmado", "new": "cancelado" }, "cancellationReason": { "old": null, "new": "Cliente viajou" } })
    );
    assert_eq!(entries[1]["changes"], json!({ "status": { "old": "agendado", "new": "confirmado" } }));
    assert_eq!(entries[2]["changes"]["startsAt"], json!({ "old": null, "new": "2058-11-21T14:00:00-03:00" }));
    assert_eq!(entries[2]["userName"], "Administrador");
}
both!(status_follows_the_lifecycle);

async fn updates_move_times_and_respect_versions_and_overlaps(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let a = app.book(&f.token, appointment(f.maria, f.staff, "Corte", "2058-11-21T14:00:00-03:00", 60)).await;
    let b = app.book(&f.token, appointment(f.joao, f.staff, "Barba", "2058-11-21T16:00:00-03:00", 30)).await;
    let path = format!("/api/appointments/{}", b["id"]);

    // Moving the start alone keeps the duration.
    let (status, body) = json_of(app.put(&path, &f.token, json!({ "startsAt": "2058-11-21T15:00:00-03:00", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_fields(&body["data"], json!({ "endsAt": "2058-11-21T15:30:00-03:00", "version": 2 }));

    // Into A's slot: 409 naming A's client and time.
    let answer = json_of(app.put(&path, &f.token, json!({ "startsAt": "2058-11-21T14:30:00-03:00", "version": 2 })).await).await;
    assert_error(&answer, StatusCode::CONFLICT, "Conflito de horário: Maria Souza já tem agendamento com este profissional em 21/11/2058 das 14:00 às 15:00.");
    // Unchanged times never clash with themselves; another staff member is free.
    let (status, _) = json_of(app.put(&path, &f.token, json!({ "notes": "Trazer foto", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = json_of(
        app.put(&path, &f.token, json!({ "startsAt": "2058-11-21T14:30:00-03:00", "staffId": f.other_staff, "version": 3 })).await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["staffName"], "Rui Alves");

    // Stale version.
    let answer = json_of(app.put(&path, &f.token, json!({ "service": "Outro", "version": 3 })).await).await;
    assert_error(&answer, StatusCode::CONFLICT, "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");

    // A cancelled appointment frees its slot.
    let (status, _) = json_of(
        app.patch(&format!("/api/appointments/{}/status", a["id"]), &f.token, json!({ "status": "cancelado", "version": 1, "cancellationReason": "Doente" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    app.book(&f.token, appointment(f.joao, f.staff, "Corte", "2058-11-21T14:00:00-03:00", 60)).await;

    // Delete: 204, then 404; history keeps the deletion.
    let response = app.delete(&path, &f.token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let answer = json_of(app.get(&path, &f.token).await).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "Agendamento não encontrado.");
    let (_, body) = json_of(app.get(&format!("{path}/history"), &f.token).await).await;
    assert_eq!(body["data"][0]["action"], "delete");
    assert_eq!(body["data"][0]["changes"]["service"], json!({ "old": "Barba", "new": null }));
}
both!(updates_move_times_and_respect_versions_and_overlaps);

/// A clash's 409 names the other appointment as data (`conflict`), beside
/// the message for people, on a booking and on a move; a stale version's
/// 409 has none.
async fn a_clash_carries_the_other_appointment(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let a = app.book(&f.token, appointment(f.maria, f.staff, "Corte", "2058-11-21T14:00:00-03:00", 60)).await;
    let expected = json!({ "appointmentId": a["id"], "startsAt": "2058-11-21T14:00:00-03:00", "endsAt": "2058-11-21T15:00:00-03:00" });
    let message = "Conflito de horário: Maria Souza já tem agendamento com este profissional em 21/11/2058 das 14:00 às 15:00.";

    // Given in UTC, answered in the business's offset.
    let answer =
        app.try_book(&f.token, json!({ "clientId": f.joao, "staffId": f.staff, "service": "Barba", "startsAt": "2058-11-21T17:30:00Z", "durationMinutes": 30 }))
            .await;
    assert_error(&answer, StatusCode::CONFLICT, message);
    assert_eq!(answer.1["conflict"], expected, "{}", answer.1);
    assert!(answer.1.get("errors").is_none(), "{}", answer.1);

    let b = app.book(&f.token, appointment(f.joao, f.staff, "Barba", "2058-11-21T16:00:00-03:00", 30)).await;
    let path = format!("/api/appointments/{}", b["id"]);
    let answer = json_of(app.put(&path, &f.token, json!({ "startsAt": "2058-11-21T13:45:00-03:00", "version": 1 })).await).await;
    assert_error(&answer, StatusCode::CONFLICT, message);
    assert_eq!(answer.1["conflict"], expected, "{}", answer.1);

    let answer = json_of(app.put(&path, &f.token, json!({ "service": "Outro", "version": 7 })).await).await;
    assert_error(&answer, StatusCode::CONFLICT, "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");
    assert!(answer.1.get("conflict").is_none(), "{}", answer.1);
}
both!(a_clash_carries_the_other_appointment);

async fn unknown_and_malformed_ids_are_json_404(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    for path in ["/api/appointments/424242", "/api/appointments/abc", "/api/appointments/1.5/history"] {
        let (status, body) = json_of(app.get(path, &f.token).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(body["message"], "Agendamento não encontrado.", "{path}");
    }
    let (status, _) = json_of(app.put("/api/appointments/424242", &f.token, json!({ "version": 1 })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json_of(app.patch("/api/appointments/424242/status", &f.token, json!({ "status": "confirmado", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json_of(app.delete("/api/appointments/424242", &f.token).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
both!(unknown_and_malformed_ids_are_json_404);

fn ids(body: &Value) -> Vec<i64> {
    body["data"].as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect()
}

async fn list_filters_sort_and_pages(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    // 21/11 at 23:30 local is 22/11 in UTC: date filters follow the business day.
    let late = app.book(&f.token, appointment(f.maria, f.staff, "Corte", "2058-11-21T23:30:00-03:00", 20)).await["id"]
        .as_i64()
        .unwrap();
    let early = app.book(
        &f.token,
        json!({ "clientId": f.joao, "staffId": f.other_staff, "service": "Barba", "startsAt": "2058-11-21T08:00:00-03:00", "durationMinutes": 20, "status": "confirmado" }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let next_day = app.book(&f.token, appointment(f.maria, f.staff, "Corte", "2058-11-22T09:00:00-03:00", 20)).await["id"]
        .as_i64()
        .unwrap();

    let get = |query: &'static str| {
        let app = &app;
        let token = &f.token;
        async move {
            let (status, body) = json_of(app.get(&format!("/api/appointments{query}"), token).await).await;
            (status, body)
        }
    };
    let (_, body) = get("").await;
    assert_eq!(ids(&body), vec![early, late, next_day]);
    let (_, body) = get("?from=2058-11-21&to=2058-11-21").await;
    assert_eq!(ids(&body), vec![early, late]);
    let (_, body) = get("?from=2058-11-22").await;
    assert_eq!(ids(&body), vec![next_day]);
    let (_, body) = get("?from=2058-11-21T12:00:00-03:00&to=2058-11-22T12:00:00Z").await;
    assert_eq!(ids(&body), vec![late, next_day]);
    let (_, body) = get("?status=confirmado").await;
    assert_eq!(ids(&body), vec![early]);
    let (_, body) = get("?status=agendado,confirmado&sort=-startsAt").await;
    assert_eq!(ids(&body), vec![next_day, late, early]);
    let (_, body) = get("?client_id=0").await;
    assert_eq!(ids(&body), Vec::<i64>::new());
    let (_, mut body) = get("?sort=-starts_at&per_page=2&page=1").await;
    assert_eq!(ids(&body), vec![next_day, late]);
    let cursor = body["meta"].as_object_mut().unwrap().remove("next_cursor");
    assert!(cursor.as_ref().is_some_and(Value::is_string), "{body}");
    assert_eq!(body["meta"], json!({ "page": 1, "per_page": 2, "total": 3, "last_page": 2 }));
    let next = format!("/api/appointments?sort=-starts_at&per_page=2&page=2&cursor={}", cursor.unwrap().as_str().unwrap());
    let (_, body) = json_of(app.get(&next, &f.token).await).await;
    assert_eq!(ids(&body), vec![early]);

    let staff_query = format!("/api/appointments?staff_id={}&client_id={}", f.staff, f.maria);
    let (_, body) = json_of(app.get(&staff_query, &f.token).await).await;
    assert_eq!(ids(&body), vec![late, next_day]);
    assert_eq!(body["data"][0]["startsAt"], "2058-11-21T23:30:00-03:00");

    for (query, field) in [("?sort=clientName", "sort"), ("?from=ontem", "from"), ("?to=2058-13-01", "to"), ("?status=feito", "status"), ("?staff_id=x", "staff_id")] {
        let (status, body) = get(query).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(body["errors"][field].is_array(), "{query}: {body}");
    }
}
both!(list_filters_sort_and_pages);

async fn csv_export_uses_brazilian_conventions(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    app.book(
        &f.token,
        json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00", "durationMinutes": 60, "priceCents": 123450, "notes": "-cuidado" }),
    )
    .await;
    app.book(
        &f.token,
        json!({ "clientId": f.joao, "staffId": f.staff, "service": "+Barba", "startsAt": "2058-11-22T09:00:00-03:00", "durationMinutes": 30, "priceCents": 5, "status": "confirmado" }),
    )
    .await;
    let response = app.get("/api/appointments/export.csv", &f.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"agendamentos.csv\"");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with("\u{feff}".as_bytes()));
    let text = std::str::from_utf8(&bytes).unwrap().trim_start_matches('\u{feff}');
    assert_eq!(
        text,
        "Data;Início;Fim;Cliente;Profissional;Serviço;Situação;Valor (R$);Observações\r\n\
         21/11/2058;14:00;15:00;Maria Souza;Paula Lima;Corte;Agendado;1234,50;'-cuidado\r\n\
         22/11/2058;09:00;09:30;João Pereira;Paula Lima;'+Barba;Confirmado;0,05;\r\n"
    );
    let text = app.get("/api/appointments/export.csv?status=confirmado", &f.token).await.text().await.unwrap();
    assert_eq!(text.trim_end().split("\r\n").count(), 2);
    assert!(text.contains("João Pereira"));
}
both!(csv_export_uses_brazilian_conventions);

async fn client_detail_splits_coming_and_past(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let past = |service: &str, day: u32, price: i64| {
        json!({ "clientId": f.maria, "staffId": f.staff, "service": service, "startsAt": format!("2020-01-{day:02}T10:00:00-03:00"),
            "durationMinutes": 60, "status": "confirmado", "priceCents": price })
    };
    for (service, day, price, outcome) in [("Antigo", 10, 5000, "concluido"), ("Outro", 11, 2500, "concluido"), ("Faltou", 12, 9900, "faltou")] {
        let a = app.book(&f.token, past(service, day, price)).await;
        let path = format!("/api/appointments/{}/status", a["id"]);
        let (status, body) = json_of(app.patch(&path, &f.token, json!({ "status": outcome, "version": 1 })).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    app.book(&f.token, appointment(f.maria, f.staff, "Novo", "2058-01-10T10:00:00-03:00", 60)).await;
    app.book(&f.token, appointment(f.joao, f.staff, "De outro cliente", "2058-01-11T10:00:00-03:00", 60)).await;
    let (_, body) = json_of(app.get(&format!("/api/clients/{}", f.maria), &f.token).await).await;
    // Totals added up by the database: two visits and their revenue, one no-show.
    assert_eq!(body["data"]["totals"], json!({ "visits": 2, "noShows": 1, "revenueCents": 7500 }));
    // Either side of `asOf`, a page of the appointments list each.
    let as_of = body["data"]["asOf"].as_str().unwrap().replace('+', "%2B");
    let services = |page: &Value| page["data"].as_array().unwrap().iter().map(|a| a["service"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let (_, upcoming) = json_of(app.get(&format!("/api/appointments?client_id={}&from={as_of}&sort=startsAt", f.maria), &f.token).await).await;
    assert_eq!(services(&upcoming), ["Novo"]);
    let (_, past) =
        json_of(app.get(&format!("/api/appointments?client_id={}&to={as_of}&sort=-startsAt&per_page=2", f.maria), &f.token).await).await;
    assert_eq!(services(&past), ["Faltou", "Outro"]);
    assert_eq!(past["meta"]["total"], 3);
    let cursor = past["meta"]["next_cursor"].as_str().unwrap();
    let (_, rest) = json_of(
        app.get(&format!("/api/appointments?client_id={}&to={as_of}&sort=-startsAt&per_page=2&cursor={cursor}", f.maria), &f.token).await,
    )
    .await;
    assert_eq!(services(&rest), ["Antigo"]);
}
both!(client_detail_splits_coming_and_past);

async fn dashboard_sums_revenue_on_both_databases(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let tz = chrono_tz::America::Sao_Paulo;
    let now = chrono::Utc::now();
    let start = now - chrono::Duration::minutes(90);
    let same_month = {
        use chrono::Datelike;
        start.with_timezone(&tz).month() == now.with_timezone(&tz).month()
    };
    let a = app.book(
        &f.token,
        json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": start.to_rfc3339(), "durationMinutes": 30, "priceCents": 250075 }),
    )
    .await;
    let path = format!("/api/appointments/{}/status", a["id"]);
    assert_eq!(app.patch(&path, &f.token, json!({ "status": "confirmado", "version": 1 })).await.status(), StatusCode::OK);
    assert_eq!(app.patch(&path, &f.token, json!({ "status": "concluido", "version": 2 })).await.status(), StatusCode::OK);
    app.book(
        &f.token,
        json!({ "clientId": f.joao, "staffId": f.staff, "service": "Futuro", "startsAt": (now + chrono::Duration::days(400)).to_rfc3339(), "durationMinutes": 30, "priceCents": 999 }),
    )
    .await;

    let (status, body) = json_of(app.get("/api/dashboard", &f.token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_fields(&body["data"], json!({ "revenueMonthCents": if same_month { 250075 } else { 0 }, "clientsTotal": 2 }));
    assert_eq!(body["data"]["upcoming"][0]["service"], "Futuro");
}
both!(dashboard_sums_revenue_on_both_databases);

/// Every text of an appointment has a maximum, refused (422) before
/// anything is stored, on create, update and status change; a status that
/// is not one is not repeated back when long.
async fn every_appointment_text_has_a_maximum(backend: Backend) {
    let app = spawn(backend).await;
    let f = fixture(&app).await;
    let huge = "x".repeat(60_000);
    let choices = "Use agendado, confirmado, concluido, cancelado, faltou ou pendente.";
    let cases = [
        ("service", json!("x".repeat(121)), "O serviço pode ter até 120 caracteres.".to_string()),
        ("service", json!(huge), "O serviço pode ter até 120 caracteres.".to_string()),
        ("notes", json!("x".repeat(2001)), "As observações podem ter até 2.000 caracteres.".to_string()),
        ("notes", json!(huge), "As observações podem ter até 2.000 caracteres.".to_string()),
        ("startsAt", json!(format!("2058-11-21T14:00:00-03:00{huge}")), "Data e hora inválidas".to_string()),
        ("endsAt", json!(format!("2058-11-21T15:00:00-03:00{huge}")), "Data e hora inválidas".to_string()),
        ("status", json!(huge), format!("Situação inválida. {choices}")),
    ];
    let base = json!({ "clientId": f.maria, "staffId": f.staff, "service": "Corte", "startsAt": "2058-11-21T14:00:00-03:00", "durationMinutes": 30 });
    for (field, value, message) in &cases {
        let mut body = base.clone();
        body[*field] = value.clone();
        if *field == "endsAt" {
            body.as_object_mut().unwrap().remove("durationMinutes");
        }
        let answer = app.try_book(&f.token, body).await;
        assert_field_error(&format!("POST {field}"), &answer, field, message);
        assert!(answer.1.to_string().len() < 1000, "{field}: the long text is not repeated back");
    }
    let (_, list) = json_of(app.get("/api/appointments", &f.token).await).await;
    assert_eq!(list["meta"]["total"], 0, "nothing was stored");

    // The longest of each is accepted, and nothing longer replaces it.
    let mut longest = base.clone();
    longest["service"] = json!("ã".repeat(120));
    longest["notes"] = json!("ã".repeat(2000));
    let a = app.book(&f.token, longest.clone()).await;
    let path = format!("/api/appointments/{}", a["id"]);
    for (field, value, message) in &cases {
        let answer = json_of(app.put(&path, &f.token, json!({ *field: value, "version": 1 })).await).await;
        assert_field_error(&format!("PUT {field}"), &answer, field, message);
    }
    // The reason of a cancellation: 500 characters.
    let status_path = format!("{path}/status");
    for reason in ["x".repeat(501), huge.clone()] {
        let body = json!({ "status": "cancelado", "version": 1, "cancellationReason": reason });
        let answer = json_of(app.patch(&status_path, &f.token, body).await).await;
        assert_field_error("cancellationReason", &answer, "cancellationReason", "O motivo pode ter até 500 caracteres.");
    }
    let answer = json_of(app.patch(&status_path, &f.token, json!({ "status": huge, "version": 1 })).await).await;
    assert_field_error("PATCH status", &answer, "status", &format!("Situação inválida. {choices}"));
    let (_, stored) = json_of(app.get(&path, &f.token).await).await;
    assert_fields(&stored["data"], json!({ "service": longest["service"], "notes": longest["notes"], "status": "agendado", "version": 1 }));
    let body = json!({ "status": "cancelado", "version": 1, "cancellationReason": "ã".repeat(500) });
    let (status, body) = json_of(app.patch(&status_path, &f.token, body).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(every_appointment_text_has_a_maximum);
