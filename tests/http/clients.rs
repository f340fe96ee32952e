//! /api/clients: create, validation per field, CPF and phone, search without
//! accents, sort, pagination, archive, delete with appointments, versions,
//! 404s, history and CSV export.

use crate::common::{Backend, TestApp, appointment, assert_field_error, assert_fields, json_of, longest_email, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn errors_of(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, answer) = json_of(app.post("/api/clients", token, body.clone()).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body} → {answer}");
    assert_eq!(answer["message"], "Os dados enviados são inválidos.");
    answer["errors"].clone()
}

fn names(list: &Value) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect()
}

async fn create_normalises_and_answers_in_the_business_offset(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.created(
        &token,
        "/api/clients",
        json!({
            "name": "  Maria   Souza ", "email": "Maria.Souza@Example.COM", "phone": "+55 11 98765-4321",
            "document": "529.982.247-25", "birthDate": "1990-05-10", "notes": "Prefere manhãs."
        }),
    )
    .await;
    assert_fields(
        &client,
        json!({ "name": "Maria Souza", "email": "maria.souza@example.com", "phone": "11987654321", "document": "52998224725",
            "birthDate": "1990-05-10", "archived": false, "version": 1 }),
    );
    assert!(client["createdAt"].as_str().unwrap().ends_with("-03:00"), "{client}");

    let id = client["id"].as_i64().unwrap();
    let (status, detail) = json_of(app.get(&format!("/api/clients/{id}"), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["data"]["name"], "Maria Souza");
    assert_eq!(detail["data"]["totals"], json!({ "visits": 0, "noShows": 0, "revenueCents": 0 }));
    assert!(detail["data"]["asOf"].as_str().unwrap().ends_with("-03:00"), "{detail}");

    // Optional fields may be left out or sent empty.
    let minimal = app.created(&token, "/api/clients", json!({ "name": "Zé", "email": "", "phone": null })).await;
    assert_fields(&minimal, json!({ "email": null, "phone": null, "document": null }));
}
both!(create_normalises_and_answers_in_the_business_offset);

async fn each_field_is_checked_with_a_portuguese_message(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let errors = errors_of(&app, &token, json!({})).await;
    assert_eq!(errors["name"][0], "Informe o nome.");

    let errors = errors_of(
        &app,
        &token,
        json!({
            "name": "A", "email": "maria@", "phone": "98765-4321", "document": "111.111.111-11",
            "birthDate": "2999-01-01", "notes": "x".repeat(2001)
        }),
    )
    .await;
    assert_eq!(errors["name"][0], "O nome deve ter de 2 a 120 caracteres.");
    assert_eq!(errors["email"][0], "Informe um e-mail válido.");
    assert_eq!(errors["phone"][0], "Telefone deve ter DDD e 8 ou 9 dígitos, ex.: (11) 98765-4321.");
    assert_eq!(errors["document"][0], "CPF inválido.");
    assert_eq!(errors["birthDate"][0], "A data de nascimento não pode estar no futuro.");
    assert_eq!(errors["notes"][0], "As observações podem ter até 2.000 caracteres.");

    let errors = errors_of(&app, &token, json!({ "name": "x".repeat(121), "document": "529.982.247-24", "birthDate": "10/05/1990" })).await;
    assert_eq!(errors["name"][0], "O nome deve ter de 2 a 120 caracteres.");
    assert_eq!(errors["document"][0], "CPF inválido: dígitos verificadores não conferem.");
    assert_eq!(errors["birthDate"][0], "Data de nascimento inválida: use AAAA-MM-DD.");

    // A typo is refused rather than ignored.
    let errors = errors_of(&app, &token, json!({ "nmae": "Maria" })).await;
    assert_eq!(errors["nmae"][0], "Campo desconhecido.");
    assert_eq!(errors["name"][0], "Informe o nome.");

    // Wrong JSON type, bad JSON.
    let errors = errors_of(&app, &token, json!({ "name": 5 })).await;
    assert_eq!(errors["name"][0], "Tipo inválido (esperado: texto).");
    let response = app
        .http
        .post(app.url("/api/clients"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{\"name\":")
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "JSON inválido no corpo da requisição.");

    // E-mail unique among clients, regardless of case.
    app.created(&token, "/api/clients", json!({ "name": "Maria", "email": "maria@example.com" })).await;
    let errors = errors_of(&app, &token, json!({ "name": "Outra Maria", "email": "MARIA@example.com" })).await;
    assert_eq!(errors["email"][0], "Já existe um cliente com este e-mail.");

    // Without a token: 401.
    let (status, _) = json_of(app.http.get(app.url("/api/clients")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
both!(each_field_is_checked_with_a_portuguese_message);

async fn phones_and_cpfs_are_stored_as_digits(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    for (i, (phone, expected)) in [
        ("(11) 98765-4321", "11987654321"),
        ("11987654321", "11987654321"),
        ("+55 11 98765-4321", "11987654321"),
        ("(21) 3456-7890", "2134567890"),
    ]
    .into_iter()
    .enumerate()
    {
        let client = app.created(&token, "/api/clients", json!({ "name": format!("Cliente {i}"), "phone": phone })).await;
        assert_eq!(client["phone"], expected, "{phone}");
    }
    for cpf in ["111.444.777-35", "11144477735"] {
        let client = app.created(&token, "/api/clients", json!({ "name": "Com CPF", "document": cpf })).await;
        assert_eq!(client["document"], "11144477735");
    }
    for bad in ["(11) 7765-4321", "+1 212 555 0100", "telefone"] {
        let errors = errors_of(&app, &token, json!({ "name": "Fone Ruim", "phone": bad })).await;
        assert!(errors["phone"][0].as_str().unwrap().starts_with("Telefone") || errors["phone"][0].as_str().unwrap().contains("Brasil"), "{bad}: {errors}");
    }
}
both!(phones_and_cpfs_are_stored_as_digits);

async fn search_ignores_case_and_accents_and_finds_digits(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    app.created(&token, "/api/clients", json!({ "name": "João da Silva", "email": "jsilva@example.com" })).await;
    app.created(&token, "/api/clients", json!({ "name": "Ana Conceição", "phone": "(11) 98765-4321" })).await;
    app.created(&token, "/api/clients", json!({ "name": "Maria Souza", "document": "529.982.247-25" })).await;
    app.created(&token, "/api/clients", json!({ "name": "Pedro 100% Lima" })).await;

    let search = |q: &str| {
        let q = q.to_string();
        let app = &app;
        let token = &token;
        async move {
            let url = format!("/api/clients?q={}", percent(&q));
            let (status, body) = json_of(app.get(&url, token).await).await;
            assert_eq!(status, StatusCode::OK, "{q}: {body}");
            names(&body)
        }
    };
    assert_eq!(search("joao").await, vec!["João da Silva"]);
    assert_eq!(search("JOÃO SILVA").await, vec!["João da Silva"]);
    assert_eq!(search("conceicao").await, vec!["Ana Conceição"]);
    assert_eq!(search("CONCEIÇÃO").await, vec!["Ana Conceição"]);
    assert_eq!(search("529.982").await, vec!["Maria Souza"]);
    assert_eq!(search("98765-4321").await, vec!["Ana Conceição"]);
    assert_eq!(search("jsilva@").await, vec!["João da Silva"]);
    // LIKE wildcards are plain characters.
    assert_eq!(search("100%").await, vec!["Pedro 100% Lima"]);
    assert_eq!(search("%").await, vec!["Pedro 100% Lima"]);
    assert_eq!(search("_").await, Vec::<String>::new());
    assert_eq!(search("ninguém").await, Vec::<String>::new());
}
both!(search_ignores_case_and_accents_and_finds_digits);

fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn sort_and_pagination(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    for (name, birth) in [("Carla", "1980-01-01"), ("Bruno", "1995-01-01"), ("Ana", "1990-01-01")] {
        app.created(&token, "/api/clients", json!({ "name": name, "birthDate": birth })).await;
    }
    let (_, body) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(names(&body), vec!["Ana", "Bruno", "Carla"]);
    let (_, body) = json_of(app.get("/api/clients?sort=-name", &token).await).await;
    assert_eq!(names(&body), vec!["Carla", "Bruno", "Ana"]);
    let (_, body) = json_of(app.get("/api/clients?sort=birthDate", &token).await).await;
    assert_eq!(names(&body), vec!["Carla", "Ana", "Bruno"]);
    let (_, body) = json_of(app.get("/api/clients?sort=-created_at", &token).await).await;
    assert_eq!(names(&body), vec!["Ana", "Bruno", "Carla"]);
    let (status, body) = json_of(app.get("/api/clients?sort=password", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["sort"][0].as_str().unwrap().starts_with("Ordenação não permitida: password."), "{body}");

    for i in 0..9 {
        app.created(&token, "/api/clients", json!({ "name": format!("Zeta {i:02}") })).await;
    }
    let (status, body) = json_of(app.get("/api/clients?page=3&per_page=5", &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["meta"], json!({ "page": 3, "per_page": 5, "total": 12, "last_page": 3 }));
    assert_eq!(names(&body), vec!["Zeta 07", "Zeta 08"]);
    let (_, mut body) = json_of(app.get("/api/clients", &token).await).await;
    // A page with a next one also says where it ends (keyset paging).
    let cursor = body["meta"].as_object_mut().unwrap().remove("next_cursor");
    assert!(cursor.as_ref().is_some_and(Value::is_string), "{body}");
    assert_eq!(body["meta"], json!({ "page": 1, "per_page": 10, "total": 12, "last_page": 2 }));
    assert_eq!(body["data"].as_array().unwrap().len(), 10);
    let (status, body) = json_of(app.get("/api/clients?per_page=101", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["per_page"][0], "Itens por página: de 1 a 100.");
    let (status, _) = json_of(app.get("/api/clients?page=0", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = json_of(app.get("/api/clients?page=abc", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["page"].is_array(), "{body}");
}
both!(sort_and_pagination);

/// Every list reads page, per_page, sort and booleans one way
/// (kit::list): a page number of any size never panics — up to
/// 1.000.000 a page past the end is an empty page with the real meta, above
/// it (or beyond u64) a 422 on `page`; unknown, repeated or more than three
/// sort keys are a 422 on `sort`; a flag is `true` or `false`, else a 422.
async fn list_queries_are_bounded_and_checked(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    for name in ["Ana", "Bruno", "Carla"] {
        app.created(&token, "/api/clients", json!({ "name": name })).await;
    }
    let (status, body) = json_of(app.get("/api/clients?page=1000000&per_page=100", &token).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["meta"], json!({ "page": 1000000, "per_page": 100, "total": 3, "last_page": 1 }));
    let (status, body) = json_of(app.get("/api/clients?page=2&per_page=2&sort=-name", &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&body), vec!["Ana"]);

    for list in ["/api/clients", "/api/appointments", "/api/users", "/api/clients/export.csv", "/api/appointments/export.csv"] {
        for (query, field, message) in [
            ("page=9223372036854775808", "page", "A página deve estar entre 1 e 1.000.000."),
            ("page=18446744073709551615&per_page=100", "page", "A página deve estar entre 1 e 1.000.000."),
            ("page=1000001", "page", "A página deve estar entre 1 e 1.000.000."),
            ("page=99999999999999999999999", "page", "Valor inválido."),
            ("page=-1", "page", "Valor inválido."),
            ("per_page=18446744073709551615", "per_page", "Itens por página: de 1 a 100."),
            ("sort=password", "sort", "Ordenação não permitida: password."),
            ("sort=createdAt,-created_at", "sort", "Ordenação repetida: createdAt."),
            ("sort=id,createdAt,updatedAt,-id", "sort", "Ordenação com chaves demais: no máximo 3."),
            ("sort=createdAt,", "sort", "Ordenação não permitida: ."),
        ] {
            let url = format!("{list}?{query}");
            assert_field_error(&url, &json_of(app.get(&url, &token).await).await, field, message);
        }
    }
    for url in ["/api/clients?archived=sim", "/api/clients?archived=1", "/api/clients?archived=", "/api/clients/export.csv?archived=no"] {
        let (status, body) = json_of(app.get(url, &token).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {body}");
        assert_eq!(body["errors"]["archived"][0], "Use true ou false.", "{url}");
    }
    let (status, body) = json_of(app.get("/api/clients?archived=false&sort=-name", &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&body), vec!["Carla", "Bruno", "Ana"]);
}
both!(list_queries_are_bounded_and_checked);

async fn archived_clients_leave_the_list(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let keep = app.created(&token, "/api/clients", json!({ "name": "Fica" })).await;
    let gone = app.created(&token, "/api/clients", json!({ "name": "Sai" })).await;
    let id = gone["id"].as_i64().unwrap();
    let (status, body) = json_of(app.post(&format!("/api/clients/{id}/archive"), &token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["archived"], true);
    assert_eq!(body["data"]["version"], 2);

    let (_, list) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(names(&list), vec!["Fica"]);
    assert_eq!(list["meta"]["total"], 1);
    let (_, list) = json_of(app.get("/api/clients?archived=true", &token).await).await;
    assert_eq!(names(&list), vec!["Sai"]);
    // Still readable by id.
    let (status, _) = json_of(app.get(&format!("/api/clients/{id}"), &token).await).await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = json_of(app.post(&format!("/api/clients/{id}/unarchive"), &token, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["archived"], false);
    let (_, list) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(names(&list), vec!["Fica", "Sai"]);
    let _ = keep;
}
both!(archived_clients_leave_the_list);

async fn delete_is_refused_for_a_client_with_appointments(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let me = app.get("/api/me", &token).await.json::<Value>().await.unwrap();
    let staff = me["data"]["id"].as_i64().unwrap();
    let busy = app.created(&token, "/api/clients", json!({ "name": "Maria Souza" })).await["id"].as_i64().unwrap();
    for hour in [10, 11, 12] {
        app.book(&token, appointment(busy, staff, "Corte", &format!("2058-03-04T{hour}:00:00-03:00"), 60)).await;
    }
    let (status, body) = json_of(app.delete(&format!("/api/clients/{busy}"), &token).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "Este cliente tem 3 agendamentos e não pode ser excluído; arquive-o.");

    let free = app.created(&token, "/api/clients", json!({ "name": "Sem Agenda" })).await["id"].as_i64().unwrap();
    let response = app.delete(&format!("/api/clients/{free}"), &token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let (status, body) = json_of(app.get(&format!("/api/clients/{free}"), &token).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Cliente não encontrado.");
    // The deletion is in the history, with the old values.
    let (status, history) = json_of(app.get(&format!("/api/clients/{free}/history"), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(history["data"][0]["action"], "delete");
    assert_eq!(history["data"][0]["changes"]["name"], json!({ "old": "Sem Agenda", "new": null }));

    // The client's appointments are the appointments list's, from the detail's `asOf` on.
    let (_, detail) = json_of(app.get(&format!("/api/clients/{busy}"), &token).await).await;
    let as_of = detail["data"]["asOf"].as_str().unwrap().replace('+', "%2B");
    let (_, upcoming) = json_of(app.get(&format!("/api/appointments?client_id={busy}&from={as_of}&sort=startsAt"), &token).await).await;
    assert_eq!(upcoming["meta"]["total"], 3, "{upcoming}");
    assert_eq!(upcoming["data"][0]["startsAt"], "2058-03-04T10:00:00-03:00");
    let (_, past) = json_of(app.get(&format!("/api/appointments?client_id={busy}&to={as_of}&sort=-startsAt"), &token).await).await;
    assert_eq!(past["data"], json!([]));
}
both!(delete_is_refused_for_a_client_with_appointments);

async fn updates_carry_the_version_they_read(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.created(&token, "/api/clients", json!({ "name": "Maria", "email": "maria@example.com", "phone": "11987654321" })).await;
    let id = client["id"].as_i64().unwrap();
    let path = format!("/api/clients/{id}");

    let (status, body) = json_of(app.put(&path, &token, json!({ "name": "Maria Souza" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["version"][0], "Informe a versão do registro que você leu (version).");

    // Absent fields keep their values; null clears.
    let (status, body) = json_of(app.put(&path, &token, json!({ "name": "Maria Souza", "phone": null, "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["name"], "Maria Souza");
    assert_eq!(body["data"]["email"], "maria@example.com");
    assert_eq!(body["data"]["phone"], Value::Null);
    assert_eq!(body["data"]["version"], 2);

    let (status, body) = json_of(app.put(&path, &token, json!({ "name": "Maria S.", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.");
    let (_, body) = json_of(app.get(&path, &token).await).await;
    assert_eq!(body["data"]["name"], "Maria Souza");

    // Validation on update, and the e-mail of another client.
    app.created(&token, "/api/clients", json!({ "name": "Outra", "email": "outra@example.com" })).await;
    let (status, body) = json_of(app.put(&path, &token, json!({ "email": "outra@example.com", "document": "123", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"][0], "Já existe um cliente com este e-mail.");
    assert_eq!(body["errors"]["document"][0], "CPF deve ter 11 dígitos.");
    // Keeping one's own e-mail is fine.
    let (status, _) = json_of(app.put(&path, &token, json!({ "email": "MARIA@example.com", "version": 2 })).await).await;
    assert_eq!(status, StatusCode::OK);
}
both!(updates_carry_the_version_they_read);

async fn unknown_and_malformed_ids_are_json_404(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    for path in ["/api/clients/99999", "/api/clients/abc", "/api/clients/-1", "/api/clients/99999/history"] {
        let (status, body) = json_of(app.get(path, &token).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(body["message"], "Cliente não encontrado.", "{path}");
    }
    let (status, body) = json_of(app.put("/api/clients/99999", &token, json!({ "name": "X Y", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Cliente não encontrado.");
    let (status, _) = json_of(app.delete("/api/clients/99999", &token).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json_of(app.post("/api/clients/99999/archive", &token, json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
both!(unknown_and_malformed_ids_are_json_404);

async fn history_records_who_changed_what(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.created(&token, "/api/clients", json!({ "name": "Maria", "phone": "11987654321" })).await;
    let id = client["id"].as_i64().unwrap();
    let (status, _) =
        json_of(app.put(&format!("/api/clients/{id}"), &token, json!({ "name": "Maria Souza", "notes": "VIP", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    json_of(app.post(&format!("/api/clients/{id}/archive"), &token, json!({})).await).await;

    let (status, body) = json_of(app.get(&format!("/api/clients/{id}/history"), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    let entries = body["data"].as_array().unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, vec!["archive", "update", "create"]);
    assert_eq!(entries[0]["changes"], json!({ "archived": { "old": false, "new": true } }));
    assert_eq!(
        entries[1]["changes"],
        json!({ "name": { "old": "Maria", "new": "Maria Souza" }, "notes": { "old": null, "new": "VIP" } })
    );
    assert_eq!(entries[2]["changes"]["phone"], json!({ "old": null, "new": "11987654321" }));
    assert_eq!(entries[2]["userName"], "Administrador");
    assert!(entries[2]["userId"].as_i64().unwrap() > 0);
    assert!(entries[0]["createdAt"].as_str().unwrap().ends_with("-03:00"));
    assert_eq!(body["meta"], json!({ "page": 1, "per_page": 10, "total": 3, "last_page": 1 }));
}
both!(history_records_who_changed_what);

/// A client's history comes in pages of the one list query (numbered or
/// after a cursor), its long texts cut short in the list and whole at the
/// entry's own address; an entry of another record is a 404.
async fn a_long_history_comes_in_pages(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let id = app.created(&token, "/api/clients", json!({ "name": "Maria" })).await["id"].as_i64().unwrap();
    let other = app.created(&token, "/api/clients", json!({ "name": "Outra" })).await["id"].as_i64().unwrap();
    for version in 1..=12 {
        let notes = format!("{version}: {}", "anotação clínica longa ".repeat(80));
        let (status, body) = json_of(app.put(&format!("/api/clients/{id}"), &token, json!({ "notes": notes, "version": version })).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let path = format!("/api/clients/{id}/history");
    let (status, first) = json_of(app.get(&format!("{path}?per_page=5"), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((first["meta"]["total"].as_i64(), first["meta"]["last_page"].as_i64()), (Some(13), Some(3)));
    let entries = first["data"].as_array().unwrap();
    assert_eq!(entries.len(), 5);
    let newest = &entries[0];
    assert_eq!(newest["abridged"], json!(["notes"]));
    let cut = newest["changes"]["notes"]["new"].as_str().unwrap();
    assert!(cut.starts_with("12: anotação") && cut.ends_with('…') && cut.chars().count() <= 201, "{cut}");
    // Page 2 by number and by the cursor page 1 ended with: the same entries.
    let (_, second) = json_of(app.get(&format!("{path}?per_page=5&page=2"), &token).await).await;
    let cursor = first["meta"]["next_cursor"].as_str().unwrap();
    let (_, after) = json_of(app.get(&format!("{path}?per_page=5&cursor={cursor}"), &token).await).await;
    let ids = |page: &Value| page["data"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!(ids(&second), ids(&after));
    assert!(ids(&second).iter().all(|i| ids(&first).iter().all(|f| f > i)), "newest first");
    // The last page ends with the creation, which has nothing to cut.
    let (_, last) = json_of(app.get(&format!("{path}?per_page=5&page=3&sort=-id"), &token).await).await;
    assert_eq!(last["data"][2]["action"], "create");
    assert_eq!(last["data"][2]["abridged"], json!([]));
    // The list query's checks, in Portuguese.
    let (status, body) = json_of(app.get(&format!("{path}?per_page=1000&sort=name"), &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["per_page"][0], "Itens por página: de 1 a 100.");
    assert!(body["errors"]["sort"][0].as_str().unwrap().starts_with("Ordenação não permitida: name."), "{body}");

    // The entry's own address has the texts whole.
    let entry = newest["id"].as_i64().unwrap();
    let (status, whole) = json_of(app.get(&format!("{path}/{entry}"), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    let text = whole["data"]["changes"]["notes"]["new"].as_str().unwrap();
    assert_eq!(text, format!("12: {}", "anotação clínica longa ".repeat(80)).trim_end());
    assert_eq!(whole["data"]["abridged"], json!([]));
    // Another client's entry, or no entry: 404s in Portuguese.
    for bad in [format!("/api/clients/{other}/history/{entry}"), format!("{path}/999999"), format!("{path}/abc")] {
        let (status, body) = json_of(app.get(&bad, &token).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
        assert_eq!(body["message"], "Registro do histórico não encontrado.", "{bad}");
    }
    let (status, body) = json_of(app.get(&format!("/api/clients/999999/history/{entry}"), &token).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Registro do histórico não encontrado.");
}
both!(a_long_history_comes_in_pages);

async fn csv_export_is_excel_friendly_and_safe(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    app.created(
        &token,
        "/api/clients",
        json!({ "name": "João; \"Zé\"", "email": "joao@example.com", "phone": "11987654321", "document": "52998224725", "birthDate": "1990-05-10", "notes": "=HYPERLINK(\"http://x\")" }),
    )
    .await;
    app.created(&token, "/api/clients", json!({ "name": "@Maria", "notes": "-2+3" })).await;
    for i in 0..12 {
        app.created(&token, "/api/clients", json!({ "name": format!("Outro {i:02}") })).await;
    }

    let response = app.get("/api/clients/export.csv?q=joao", &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"clientes.csv\"");
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], &[0xEF, 0xBB, 0xBF]);
    let text = std::str::from_utf8(&bytes[3..]).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "Nome;E-mail;Telefone;CPF;Nascimento;Observações;Arquivado;Cadastrado em");
    assert!(
        lines[1].starts_with("\"João; \"\"Zé\"\"\";joao@example.com;(11) 98765-4321;529.982.247-25;10/05/1990;\"'=HYPERLINK(\"\"http://x\"\")\";Não;"),
        "{}",
        lines[1]
    );
    assert_eq!(lines.len(), 3, "{text}");

    // All pages, not only the first ten.
    let text = app.get("/api/clients/export.csv", &token).await.text().await.unwrap();
    assert_eq!(text.trim_end().split("\r\n").count(), 1 + 14);
    assert!(text.contains("\r\n'@Maria;;;;;'-2+3;Não;"), "{text}");
    let (status, _) = json_of(app.get("/api/clients/export.csv?sort=nope", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
both!(csv_export_is_excel_friendly_and_safe);

/// Every text of a client has a maximum, refused (422) before anything is
/// stored, on create and on update; so has the list's search.
async fn every_client_text_has_a_maximum(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let huge = "1".repeat(60_000);
    let cases = [
        ("name", json!("Ana ".repeat(31)), "O nome deve ter de 2 a 120 caracteres."),
        ("email", json!(format!("{}@example.com", "a".repeat(243))), "O e-mail pode ter no máximo 254 caracteres."),
        ("email", json!(format!("{}@example.com", "a".repeat(60_000))), "O e-mail pode ter no máximo 254 caracteres."),
        ("phone", json!(huge), "Telefone deve ter DDD e 8 ou 9 dígitos"),
        ("document", json!(huge), "CPF deve ter 11 dígitos."),
        ("birthDate", json!(format!("1990-05-10{huge}")), "Data de nascimento inválida"),
        ("notes", json!("x".repeat(2001)), "As observações podem ter até 2.000 caracteres."),
        ("notes", json!("x".repeat(60_000)), "As observações podem ter até 2.000 caracteres."),
    ];
    for (field, value, message) in &cases {
        let body = json!({ "name": "Maria Souza", *field: value });
        assert_field_error(&format!("POST {field}"), &json_of(app.post("/api/clients", &token, body).await).await, field, message);
    }
    let (_, list) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(list["meta"]["total"], 0, "nothing was stored");

    // The longest of each is accepted, and nothing longer replaces it.
    let longest = json!({
        "name": "Ção".repeat(40), "email": longest_email(), "notes": "ã".repeat(2000),
    });
    let client = app.created(&token, "/api/clients", longest.clone()).await;
    let id = client["id"].as_i64().unwrap();
    for (field, value, message) in &cases {
        let body = json!({ *field: value, "version": 1 });
        let answer = json_of(app.put(&format!("/api/clients/{id}"), &token, body).await).await;
        assert_field_error(&format!("PUT {field}"), &answer, field, message);
    }
    let (_, stored) = json_of(app.get(&format!("/api/clients/{id}"), &token).await).await;
    assert_fields(&stored["data"], json!({ "name": longest["name"], "email": longest["email"], "notes": longest["notes"], "version": 1 }));

    // The search: 200 characters at most, in the list and in its export.
    for list in ["/api/clients", "/api/clients/export.csv"] {
        let answer = json_of(app.get(&format!("{list}?q={}", "a".repeat(201)), &token).await).await;
        assert_field_error(list, &answer, "q", "A busca pode ter no máximo 200 caracteres.");
    }
    let (status, found) = json_of(app.get(&format!("/api/clients?q={}", "ção ".repeat(50)), &token).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(found["meta"]["total"], 1);
}
both!(every_client_text_has_a_maximum);

/// Addresses the mailer cannot send to (a list, a stray `>`, a `;`, an IP
/// for a domain) are refused on every road that stores an e-mail: a
/// client's, a user's and the profile's, created or edited; nothing saved.
async fn emails_the_mailer_cannot_use_are_refused_everywhere(backend: Backend) {
    use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD};
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let client = app.created(&token, "/api/clients", json!({ "name": "Maria Souza", "email": "maria@example.com" })).await;
    let client_path = format!("/api/clients/{}", client["id"]);
    let user = app.created(&token, "/api/users", json!({ "name": "Teo Alves", "email": "teo@example.com", "role": "staff", "password": "prancha-azul-42" })).await;
    let user_path = format!("/api/users/{}", user["id"]);
    let ip = expediente_core::kit::validation::IP_EMAIL;
    let invalid = "Informe um e-mail válido.";
    let cases = [
        ("a,b@x", invalid),
        ("x@y>", invalid),
        ("a;b@c", invalid),
        ("a@[127.0.0.1]", ip),
        ("a,b@x.com", invalid),
        ("x@y.com>", invalid),
        ("a;b@c.com", invalid),
        ("a@b.com, c@d.com", invalid),
        ("a@127.0.0.1", ip),
    ];
    for (email, message) in cases {
        let answer = json_of(app.post("/api/clients", &token, json!({ "name": "Outra Pessoa", "email": email })).await).await;
        assert_field_error(&format!("new client {email}"), &answer, "email", message);
        let answer = json_of(app.put(&client_path, &token, json!({ "email": email, "version": client["version"] })).await).await;
        assert_field_error(&format!("client {email}"), &answer, "email", message);
        let body = json!({ "name": "Outra Pessoa", "email": email, "role": "staff", "password": "prancha-azul-42" });
        let answer = json_of(app.post("/api/users", &token, body).await).await;
        assert_field_error(&format!("new user {email}"), &answer, "email", message);
        let answer = json_of(app.put(&user_path, &token, json!({ "email": email })).await).await;
        assert_field_error(&format!("user {email}"), &answer, "email", message);
        let answer = json_of(app.put("/api/me", &token, json!({ "email": email, "currentPassword": ADMIN_PASSWORD })).await).await;
        assert_field_error(&format!("profile {email}"), &answer, "email", message);
    }
    // Nothing saved: one client, two users, their e-mails as they were.
    let (_, clients) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(clients["data"].as_array().unwrap().len(), 1, "{clients}");
    assert_eq!(clients["data"][0]["email"], "maria@example.com");
    assert_eq!(clients["data"][0]["version"], client["version"]);
    let (_, users) = json_of(app.get("/api/users", &token).await).await;
    let mut emails: Vec<&str> = users["data"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap()).collect();
    emails.sort();
    assert_eq!(emails, [ADMIN_EMAIL, "teo@example.com"]);
}
both!(emails_the_mailer_cannot_use_are_refused_everywhere);
