//! Users and roles: GET/POST /api/users, GET/PUT /api/users/{id},
//! POST /api/users/{id}/deactivate|activate (admins only), and the profile
//! (PUT /api/me).

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, assert_field_error, json_of, longest_email, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};

const FORBIDDEN: &str = "Você não tem permissão para esta ação.";

async fn admin_creates_lists_reads_and_edits_users(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let joana = &app.created(&admin, "/api/users", json!({ "name": "  Joana Araújo ", "email": "Joana@Example.com", "role": "staff", "password": "joana-na-recepcao" })).await;
    assert_eq!(joana["name"], "Joana Araújo");
    assert_eq!(joana["email"], "joana@example.com");
    assert_eq!(joana["role"], "staff");
    assert_eq!(joana["active"], true);
    assert!(joana.get("passwordHash").is_none() && joana.get("password").is_none());
    assert!(joana["createdAt"].as_str().unwrap().ends_with("-03:00"), "{joana}");
    let joana_id = joana["id"].as_i64().unwrap();
    app.create_user(&admin, "Érico Souza", "erico@example.com", "admin", "prancha-azul-42").await;
    app.create_user(&admin, "Bruno Lima", "bruno@example.com", "staff", "prancha-azul-42").await;

    // The new user can sign in with the password given.
    app.login("joana@example.com", "joana-na-recepcao").await;

    // Listed by name (accent-insensitive order), with meta.
    let (status, list) = json_of(app.get("/api/users", &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = list["data"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Administrador", "Bruno Lima", "Érico Souza", "Joana Araújo"]);
    assert_eq!(list["meta"], json!({ "page": 1, "per_page": 10, "total": 4, "last_page": 1 }));

    // Search by name without accents, and by e-mail; role filter; paging; sort.
    let (_, found) = json_of(app.get("/api/users?q=ARAUJO", &admin).await).await;
    assert_eq!(found["meta"]["total"], 1);
    assert_eq!(found["data"][0]["email"], "joana@example.com");
    let (_, found) = json_of(app.get("/api/users?q=erico%40", &admin).await).await;
    assert_eq!(found["data"][0]["name"], "Érico Souza");
    let (_, staff) = json_of(app.get("/api/users?role=staff", &admin).await).await;
    assert_eq!(staff["meta"]["total"], 2);
    let (_, page2) = json_of(app.get("/api/users?page=2&per_page=3&sort=-name", &admin).await).await;
    assert_eq!(page2["data"].as_array().unwrap().len(), 1);
    assert_eq!(page2["data"][0]["name"], "Administrador");
    assert_eq!(page2["meta"], json!({ "page": 2, "per_page": 3, "total": 4, "last_page": 2 }));
    let (status, bad) = json_of(app.get("/api/users?sort=senha", &admin).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The one sort parser of every list (kit::list) words it.
    assert!(bad["errors"]["sort"][0].as_str().unwrap().starts_with("Ordenação não permitida: senha."), "{bad}");

    // One user; a missing one is a 404 in Portuguese.
    let (status, one) = json_of(app.get(&format!("/api/users/{joana_id}"), &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one["data"]["email"], "joana@example.com");
    let (status, missing) = json_of(app.get("/api/users/9999", &admin).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["message"], "Usuário não encontrado.");
    let (status, _) = json_of(app.get("/api/users/abc", &admin).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Edit name and role.
    let (status, edited) =
        json_of(app.put(&format!("/api/users/{joana_id}"), &admin, json!({ "name": "Joana A. Lima", "role": "admin" })).await).await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["data"]["name"], "Joana A. Lima");
    assert_eq!(edited["data"]["role"], "admin");
    assert_eq!(edited["data"]["email"], "joana@example.com");
    let (_, again) = json_of(app.get(&format!("/api/users/{joana_id}"), &admin).await).await;
    assert_eq!(again["data"]["role"], "admin");

    // An admin reset of the password works for sign-in.
    let (status, _) = json_of(app.put(&format!("/api/users/{joana_id}"), &admin, json!({ "password": "nova-senha-1" })).await).await;
    assert_eq!(status, StatusCode::OK);
    app.login("joana@example.com", "nova-senha-1").await;
    let (status, _) = json_of(app.put(&format!("/api/users/{joana_id}"), &admin, json!({ "password": "curta" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
both!(admin_creates_lists_reads_and_edits_users);

/// Users are sorted and searched in the database (by the name without
/// accents, e-mail, role, state, creation), paged like every list; unknown,
/// repeated or too many sort keys and a bad boolean are a 422.
async fn users_are_sorted_filtered_and_paged_in_the_database(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let ursula = app.create_user(&admin, "Úrsula Alves", "ursula@example.com", "staff", "prancha-azul-42").await;
    app.create_user(&admin, "bianca Reis", "bianca@example.com", "admin", "prancha-azul-42").await;
    app.create_user(&admin, "Célia Prado", "celia@example.com", "staff", "prancha-azul-42").await;
    let (status, _) = json_of(app.post(&format!("/api/users/{ursula}/deactivate"), &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    // Renamed: the name's sort key follows.
    let (status, _) = json_of(app.put(&format!("/api/users/{ursula}"), &admin, json!({ "name": "Ana Úrsula" })).await).await;
    assert_eq!(status, StatusCode::OK);

    let names = |body: &Value| -> Vec<String> {
        body["data"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap().to_string()).collect()
    };
    let get = |query: String| {
        let app = &app;
        let admin = &admin;
        async move { json_of(app.get(&format!("/api/users{query}"), admin).await).await }
    };
    for (query, expected) in [
        ("", vec!["Administrador", "Ana Úrsula", "bianca Reis", "Célia Prado"]),
        ("?sort=-name", vec!["Célia Prado", "bianca Reis", "Ana Úrsula", "Administrador"]),
        ("?sort=email", vec!["Administrador", "bianca Reis", "Célia Prado", "Ana Úrsula"]),
        ("?sort=-createdAt", vec!["Célia Prado", "bianca Reis", "Ana Úrsula", "Administrador"]),
        ("?sort=created_at", vec!["Administrador", "Ana Úrsula", "bianca Reis", "Célia Prado"]),
        ("?sort=role,-name", vec!["bianca Reis", "Administrador", "Célia Prado", "Ana Úrsula"]),
        ("?sort=active,name", vec!["Ana Úrsula", "Administrador", "bianca Reis", "Célia Prado"]),
        ("?active=true&sort=-email", vec!["Célia Prado", "bianca Reis", "Administrador"]),
        ("?q=ursula", vec!["Ana Úrsula"]),
        ("?q=CELIA%20prado", vec!["Célia Prado"]),
        ("?role=staff&per_page=1&page=2", vec!["Célia Prado"]),
    ] {
        let (status, body) = get(query.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(names(&body), expected, "{query}");
    }
    let (_, body) = get("?role=staff&per_page=1&page=2".into()).await;
    assert_eq!(body["meta"], json!({ "page": 2, "per_page": 1, "total": 2, "last_page": 2 }));

    for (query, field, message) in [
        ("?sort=senha", "sort", "Ordenação não permitida: senha."),
        ("?sort=name,-name", "sort", "Ordenação repetida: name."),
        ("?sort=createdAt,created_at", "sort", "Ordenação repetida: createdAt."),
        ("?sort=name,email,role,active", "sort", "Ordenação com chaves demais: no máximo 3."),
        ("?active=sim", "active", "Use true ou false."),
        ("?active=1", "active", "Use true ou false."),
        ("?role=dono", "role", "Perfil inválido: dono."),
        ("?page=9223372036854775808", "page", "A página deve estar entre 1 e 1.000.000."),
    ] {
        assert_field_error(query, &get(query.to_string()).await, field, message);
    }
}
both!(users_are_sorted_filtered_and_paged_in_the_database);

async fn creation_is_validated_and_emails_are_unique_regardless_of_case(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let (status, body) =
        json_of(app.post("/api/users", &admin, json!({ "name": "A", "email": "nao-e-email", "role": "chefe", "password": "1234567" })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Os dados enviados são inválidos.");
    assert_eq!(body["errors"]["name"][0], "O nome deve ter de 2 a 120 caracteres.");
    assert_eq!(body["errors"]["email"][0], "Informe um e-mail válido.");
    assert_eq!(body["errors"]["role"][0], "Perfil deve ser admin (Administrador), staff (Recepção) ou professional (Profissional).");
    assert_eq!(body["errors"]["password"][0], "A senha deve ter pelo menos 10 caracteres.");

    // Passwords: 10 characters at least, not blank, not a well-known one (SECURITY.md#passwords).
    for (password, message) in [
        ("12345678", "A senha deve ter pelo menos 10 caracteres."),
        ("        ", "A senha não pode ser só espaços."),
        ("          ", "A senha não pode ser só espaços."),
        ("1234567890", expediente_core::people::users::WEAK_PASSWORD),
        ("senha12345", expediente_core::people::users::WEAK_PASSWORD),
        ("password123", expediente_core::people::users::WEAK_PASSWORD),
        ("marta.souza1", expediente_core::people::users::WEAK_PASSWORD),
    ] {
        let body = json!({ "name": "Marta Souza", "email": "marta.souza@example.com", "role": "staff", "password": password });
        let (status, body) = json_of(app.post("/api/users", &admin, body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{password:?}: {body}");
        assert_eq!(body["errors"]["password"][0], message, "{password:?}");
    }

    let (status, body) = json_of(app.post("/api/users", &admin, json!({ "name": "Outra", "email": "x@y.z" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["role"][0], "Campo obrigatório.");

    app.create_user(&admin, "Carla", "carla@example.com", "staff", "prancha-azul-42").await;
    for email in ["CARLA@example.com", " carla@EXAMPLE.com", ADMIN_EMAIL] {
        let (status, body) =
            json_of(app.post("/api/users", &admin, json!({ "name": "Carla 2", "email": email, "role": "staff", "password": "prancha-azul-42" })).await)
                .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{email}");
        assert_eq!(body["errors"]["email"][0], "Já existe um usuário com este e-mail.");
    }
    // Renaming someone onto a taken e-mail is refused the same way.
    let carla = app.create_user(&admin, "Carla Dois", "carla2@example.com", "staff", "prancha-azul-42").await;
    let (status, body) = json_of(app.put(&format!("/api/users/{carla}"), &admin, json!({ "email": "Carla@Example.com" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"][0], "Já existe um usuário com este e-mail.");
    let (_, list) = json_of(app.get("/api/users?q=carla", &admin).await).await;
    assert_eq!(list["meta"]["total"], 2);
}
both!(creation_is_validated_and_emails_are_unique_regardless_of_case);

async fn staff_get_403_on_every_user_management_endpoint(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let staff_id = app.create_user(&admin, "Pedro Staff", "pedro@example.com", "staff", "prancha-azul-42").await;
    let other = app.create_user(&admin, "Rita Staff", "rita@example.com", "staff", "prancha-azul-42").await;
    let staff = app.login("pedro@example.com", "prancha-azul-42").await;
    let body = json!({ "name": "Novo", "email": "novo@example.com", "role": "admin", "password": "prancha-azul-42" });
    let responses = vec![
        ("GET /api/users", app.get("/api/users", &staff).await),
        ("POST /api/users", app.post("/api/users", &staff, body.clone()).await),
        ("GET /api/users/{id}", app.get(&format!("/api/users/{other}"), &staff).await),
        ("PUT /api/users/{id}", app.put(&format!("/api/users/{other}"), &staff, json!({ "role": "admin" })).await),
        ("PUT own role", app.put(&format!("/api/users/{staff_id}"), &staff, json!({ "role": "admin" })).await),
        ("deactivate", app.post(&format!("/api/users/{other}/deactivate"), &staff, json!({})).await),
        ("activate", app.post(&format!("/api/users/{other}/activate"), &staff, json!({})).await),
    ];
    for (what, response) in responses {
        let (status, answer) = json_of(response).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{what}");
        assert_eq!(answer["message"], FORBIDDEN, "{what}");
    }
    // Nothing changed.
    let (_, list) = json_of(app.get("/api/users", &admin).await).await;
    assert_eq!(list["meta"]["total"], 3);
    let (_, rita) = json_of(app.get(&format!("/api/users/{other}"), &admin).await).await;
    assert_eq!(rita["data"]["role"], "staff");
    assert_eq!(rita["data"]["active"], true);
    // Staff do work with the rest of the API.
    for path in ["/api/me", "/api/clients", "/api/appointments", "/api/dashboard", "/api/reports/summary?from=2026-01-01&to=2026-01-31"] {
        assert_eq!(app.get(path, &staff).await.status(), StatusCode::OK, "{path}");
    }
}
both!(staff_get_403_on_every_user_management_endpoint);

async fn admins_cannot_deactivate_or_demote_themselves(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let (_, me) = json_of(app.get("/api/me", &admin).await).await;
    let my_id = me["data"]["id"].as_i64().unwrap();
    let (status, body) = json_of(app.post(&format!("/api/users/{my_id}/deactivate"), &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Você não pode desativar a si mesmo.");
    let (status, body) = json_of(app.put(&format!("/api/users/{my_id}"), &admin, json!({ "role": "staff" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["role"][0], "Você não pode alterar o seu próprio perfil de acesso.");
    // Keeping one's own role while renaming is fine.
    let (status, body) = json_of(app.put(&format!("/api/users/{my_id}"), &admin, json!({ "role": "admin", "name": "Chefe" })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["name"], "Chefe");
    let (_, me) = json_of(app.get("/api/me", &admin).await).await;
    assert_eq!(me["data"]["active"], true);
    assert_eq!(me["data"]["role"], "admin");
}
both!(admins_cannot_deactivate_or_demote_themselves);

async fn a_deactivated_user_cannot_sign_in_and_their_token_stops_working(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let id = app.create_user(&admin, "Lia Souza", "lia@example.com", "staff", "prancha-azul-42").await;
    let token = app.login("lia@example.com", "prancha-azul-42").await;
    assert_eq!(app.get("/api/me", &token).await.status(), StatusCode::OK);

    let (status, body) = json_of(app.post(&format!("/api/users/{id}/deactivate"), &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["active"], false);

    let (status, body) = json_of(app.get("/api/me", &token).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Usuário inativo ou inexistente.");
    let (status, _) = json_of(app.get("/api/clients", &token).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let login = |password: &'static str| {
        app.http.post(app.url("/api/login")).json(&json!({ "email": "lia@example.com", "password": password })).send()
    };
    let (status, body) = json_of(login("prancha-azul-42").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Usuário desativado. Fale com um administrador.");
    // A wrong password says nothing about the account's state.
    let (_, body) = json_of(login("errada-123").await.unwrap()).await;
    assert_eq!(body["message"], "E-mail ou senha inválidos.");

    // Listed as inactive; reactivated, she signs in again.
    let (_, inactive) = json_of(app.get("/api/users?active=false", &admin).await).await;
    assert_eq!(inactive["meta"]["total"], 1);
    assert_eq!(inactive["data"][0]["email"], "lia@example.com");
    let (status, body) = json_of(app.post(&format!("/api/users/{id}/activate"), &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["active"], true);
    let fresh = app.login("lia@example.com", "prancha-azul-42").await;
    assert_eq!(app.get("/api/me", &fresh).await.status(), StatusCode::OK);
    let (status, _) = json_of(app.post("/api/users/9999/deactivate", &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
both!(a_deactivated_user_cannot_sign_in_and_their_token_stops_working);

async fn profile_changes_need_the_current_password(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    app.create_user(&admin, "Teo Alves", "teo@example.com", "staff", "prancha-azul-42").await;
    let token = app.login("teo@example.com", "prancha-azul-42").await;

    // The name alone needs no password.
    let (status, body) = json_of(app.put("/api/me", &token, json!({ "name": "Teodoro Alves" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["name"], "Teodoro Alves");
    assert_eq!(body["data"]["role"], "staff");

    // A new password without, or with a wrong, current password.
    let (status, body) = json_of(app.put("/api/me", &token, json!({ "newPassword": "outra-senha" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["currentPassword"][0].as_str().unwrap().starts_with("Informe a senha atual"));
    let (status, body) =
        json_of(app.put("/api/me", &token, json!({ "currentPassword": "errada-1", "newPassword": "outra-senha" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["currentPassword"][0], "Senha atual incorreta.");
    let (status, body) =
        json_of(app.put("/api/me", &token, json!({ "currentPassword": "prancha-azul-42", "newPassword": "curta" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["newPassword"][0], "A senha deve ter pelo menos 10 caracteres.");
    // The e-mail needs it too; a taken one is refused.
    let (status, body) = json_of(app.put("/api/me", &token, json!({ "email": "teo2@example.com" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["currentPassword"].is_array());
    let (status, body) =
        json_of(app.put("/api/me", &token, json!({ "email": ADMIN_EMAIL, "currentPassword": "prancha-azul-42" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"][0], "Já existe um usuário com este e-mail.");
    // Nothing changed so far: the old password still signs in.
    app.login("teo@example.com", "prancha-azul-42").await;

    // With the right current password both change.
    let (status, body) = json_of(
        app.put("/api/me", &token, json!({ "email": "Teo.Alves@Example.com", "currentPassword": "prancha-azul-42", "newPassword": "senha-nova-99" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["email"], "teo.alves@example.com");
    // The new password ended the earlier tokens; this session goes on with the one answered.
    assert_eq!(app.get("/api/me", &token).await.status(), StatusCode::UNAUTHORIZED);
    let token = body["session"]["accessToken"].as_str().unwrap().to_string();
    let old = app.http.post(app.url("/api/login")).json(&json!({ "email": "teo.alves@example.com", "password": "prancha-azul-42" })).send().await.unwrap();
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);
    app.login("teo.alves@example.com", "senha-nova-99").await;
    // Role and active cannot be changed through the profile: fields it does not have.
    for field in ["role", "active"] {
        let (status, body) = json_of(app.put("/api/me", &token, json!({ field: "admin" })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(body["errors"][field][0], "Campo desconhecido.");
    }
    let (_, me) = json_of(app.get("/api/me", &token).await).await;
    assert_eq!(me["data"]["role"], "staff");
    // The admin's own profile works the same way.
    let (status, _) =
        json_of(app.put("/api/me", &admin, json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "admin-nova-1" })).await).await;
    assert_eq!(status, StatusCode::OK);
    app.login(ADMIN_EMAIL, "admin-nova-1").await;
}
both!(profile_changes_need_the_current_password);

async fn user_changes_are_audited(backend: Backend) {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let id = app.create_user(&admin, "Vera Dias", "vera@example.com", "staff", "prancha-azul-42").await;
    app.put(&format!("/api/users/{id}"), &admin, json!({ "role": "admin" })).await;
    app.post(&format!("/api/users/{id}/deactivate"), &admin, json!({})).await;
    app.put(&format!("/api/users/{id}"), &admin, json!({ "password": "janela-verde-77" })).await;
    let rows = entities::audit_log::Entity::find()
        .filter(entities::audit_log::Column::Entity.eq("user"))
        .filter(entities::audit_log::Column::EntityId.eq(id as i32))
        .order_by_asc(entities::audit_log::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap();
    let actions: Vec<&str> = rows.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(actions, ["create", "update", "deactivate", "update"]);
    assert_eq!(rows[0].changes["name"], json!({ "old": null, "new": "Vera Dias" }));
    assert_eq!(rows[0].changes["role"], json!({ "old": null, "new": "staff" }));
    assert_eq!(rows[1].changes, json!({ "role": { "old": "staff", "new": "admin" } }));
    assert_eq!(rows[2].changes, json!({ "active": { "old": true, "new": false } }));
    // A password only as changed: no hash ever reaches the log.
    assert_eq!(rows[3].changes, json!({ "password": { "old": "***", "new": "***" } }));
    assert!(rows.iter().all(|r| !r.changes.to_string().contains("argon2")), "{rows:?}");
    assert!(rows.iter().all(|r| r.user_id.is_some()), "each by the admin");
}
both!(user_changes_are_audited);

/// Every text of a user body has a maximum, refused (422) before anything
/// is stored or hashed: a 60 KB e-mail or password too. So has the search.
async fn every_user_text_has_a_maximum(backend: Backend) {
    use expediente_core::people::users::LONG_PASSWORD;
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let long_email = |local: usize| format!("{}@example.com", "a".repeat(local));
    // 128 characters, not guessable.
    let longest_password = "prancha-azul-42-".repeat(8);
    let cases = [
        ("name", json!("Ana ".repeat(31)), "O nome deve ter de 2 a 120 caracteres."),
        ("email", json!(long_email(243)), "O e-mail pode ter no máximo 254 caracteres."),
        ("email", json!(long_email(60_000)), "O e-mail pode ter no máximo 254 caracteres."),
        ("password", json!(format!("{longest_password}x")), LONG_PASSWORD),
        ("password", json!("k".repeat(60_000)), LONG_PASSWORD),
    ];
    let lia = json!({ "name": "Lia Prado", "email": "lia@example.com", "role": "staff", "password": "prancha-azul-42" });
    for (field, value, message) in &cases {
        let mut body = lia.clone();
        body[*field] = value.clone();
        let answer = json_of(app.post("/api/users", &admin, body).await).await;
        assert_field_error(&format!("POST /api/users {field}"), &answer, field, message);
    }
    let (_, list) = json_of(app.get("/api/users", &admin).await).await;
    assert_eq!(list["meta"]["total"], 1, "nothing was created");

    // The longest of each is accepted.
    let name = "Ção".repeat(40);
    let email = longest_email();
    let created = json!({ "name": name, "email": email, "role": "staff", "password": longest_password });
    let id = app.created(&admin, "/api/users", created).await["id"].as_i64().unwrap();
    let token = app.login(&email, &longest_password).await;

    for (field, value, message) in &cases {
        let answer = json_of(app.put(&format!("/api/users/{id}"), &admin, json!({ *field: value })).await).await;
        assert_field_error(&format!("PUT /api/users/{{id}} {field}"), &answer, field, message);
        let field = if *field == "password" { "newPassword" } else { field };
        let body = json!({ field: value, "currentPassword": longest_password });
        assert_field_error(&format!("PUT /api/me {field}"), &json_of(app.put("/api/me", &token, body).await).await, field, message);
    }
    // No password is longer than 128 characters: a longer current one is refused unhashed.
    for current in [format!("{longest_password}x"), "k".repeat(60_000)] {
        let body = json!({ "newPassword": "telhado-roxo-31", "currentPassword": current });
        let answer = json_of(app.put("/api/me", &token, body).await).await;
        assert_field_error("PUT /api/me currentPassword", &answer, "currentPassword", LONG_PASSWORD);
    }
    // Nothing changed.
    let (_, stored) = json_of(app.get(&format!("/api/users/{id}"), &admin).await).await;
    assert_eq!(stored["data"]["name"], name);
    assert_eq!(stored["data"]["email"], email);
    app.login(&email, &longest_password).await;

    // The list's search.
    let answer = json_of(app.get(&format!("/api/users?q={}", "z".repeat(201)), &admin).await).await;
    assert_field_error("q", &answer, "q", "A busca pode ter no máximo 200 caracteres.");
    let (status, found) = json_of(app.get(&format!("/api/users?q={}", "z".repeat(200)), &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(found["meta"]["total"], 0);
}
both!(every_user_text_has_a_maximum);

/// A typo is a 422 in every user body, as in the others: never ignored.
async fn user_bodies_refuse_unknown_fields(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let body = json!({ "nmae": "Lia", "name": "Lia Prado", "email": "lia@example.com", "role": "staff", "password": "prancha-azul-42" });
    let answer = json_of(app.post("/api/users", &admin, body).await).await;
    assert_field_error("POST /api/users", &answer, "nmae", "Campo desconhecido.");
    let (_, list) = json_of(app.get("/api/users", &admin).await).await;
    assert_eq!(list["meta"]["total"], 1, "nothing was created");

    let lia = app.create_user(&admin, "Lia Prado", "lia@example.com", "staff", "prancha-azul-42").await;
    // `active` changes through /deactivate and /activate only.
    for body in [json!({ "activ": false }), json!({ "active": false }), json!({ "name": "Lia P.", "rol": "admin" })] {
        let field = body.as_object().unwrap().keys().find(|k| *k != "name").unwrap().clone();
        let answer = json_of(app.put(&format!("/api/users/{lia}"), &admin, body.clone()).await).await;
        assert_field_error(&format!("PUT /api/users/{{id}} {body}"), &answer, &field, "Campo desconhecido.");
    }
    let (_, stored) = json_of(app.get(&format!("/api/users/{lia}"), &admin).await).await;
    assert_eq!((stored["data"]["name"].as_str(), stored["data"]["active"].as_bool()), (Some("Lia Prado"), Some(true)));

    let token = app.login("lia@example.com", "prancha-azul-42").await;
    let answer = json_of(app.put("/api/me", &token, json!({ "name": "Lia", "role": "admin" })).await).await;
    assert_field_error("PUT /api/me", &answer, "role", "Campo desconhecido.");
    let (_, me) = json_of(app.get("/api/me", &token).await).await;
    assert_eq!((me["data"]["name"].as_str(), me["data"]["role"].as_str()), (Some("Lia Prado"), Some("staff")));

    let login = json!({ "email": "lia@example.com", "password": "prancha-azul-42", "remember": true });
    let answer = json_of(app.http.post(app.url("/api/login")).json(&login).send().await.unwrap()).await;
    assert_field_error("POST /api/login", &answer, "remember", "Campo desconhecido.");
}
both!(user_bodies_refuse_unknown_fields);

/// `PUT /api/users/{own id}` asks for the current password before one's own
/// e-mail or password changes, as `PUT /api/me` does: a stolen admin token
/// cannot take the account over by either road.
async fn an_admin_changing_their_own_email_or_password_needs_the_current_password(backend: Backend) {
    use expediente_core::people::users::{CURRENT_PASSWORD_NEEDED, WRONG_CURRENT_PASSWORD};
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let (_, me) = json_of(app.get("/api/me", &admin).await).await;
    let own = format!("/api/users/{}", me["data"]["id"]);
    let takeover = json!({ "email": "ladrao@example.com", "password": "telhado-roxo-31" });
    for body in [takeover.clone(), json!({ "email": "ladrao@example.com" }), json!({ "password": "telhado-roxo-31" })] {
        let answer = json_of(app.put(&own, &admin, body.clone()).await).await;
        assert_field_error(&format!("{body}"), &answer, "currentPassword", CURRENT_PASSWORD_NEEDED);
        let mut wrong = body.clone();
        wrong["currentPassword"] = json!("janela-verde-77");
        let answer = json_of(app.put(&own, &admin, wrong).await).await;
        assert_field_error(&format!("{body}"), &answer, "currentPassword", WRONG_CURRENT_PASSWORD);
    }
    // Nothing changed: the old e-mail and password still sign in.
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    // The name, or the e-mail as it is, need no password.
    let (status, body) = json_of(app.put(&own, &admin, json!({ "name": "Chefe", "email": ADMIN_EMAIL.to_uppercase() })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Another user's reset needs none either.
    let lia = app.create_user(&admin, "Lia Prado", "lia@example.com", "staff", "prancha-azul-42").await;
    let (status, body) =
        json_of(app.put(&format!("/api/users/{lia}"), &admin, json!({ "email": "lia.prado@example.com", "password": "janela-verde-77" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.login("lia.prado@example.com", "janela-verde-77").await;
    // With the current password both change.
    let mut allowed = takeover.clone();
    allowed["currentPassword"] = json!(ADMIN_PASSWORD);
    let (status, body) = json_of(app.put(&own, &admin, allowed).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.login("ladrao@example.com", "telhado-roxo-31").await;
}
both!(an_admin_changing_their_own_email_or_password_needs_the_current_password);

/// Whoever holds a stolen session must not guess the password that would
/// take the account over: wrong current passwords are counted per account
/// as wrong sign-ins are (5 in 15 minutes, then 429 even for the right
/// one), and a right one clears the count.
async fn guessing_the_current_password_is_limited(backend: Backend) {
    use expediente_core::people::users::WRONG_CURRENT_PASSWORD;
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    app.create_user(&admin, "Teo Alves", "teo@example.com", "staff", "prancha-azul-42").await;
    app.create_user(&admin, "Lia Prado", "lia@example.com", "staff", "prancha-azul-42").await;
    let teo = app.login("teo@example.com", "prancha-azul-42").await;
    let change = |current: &str, new: &str| json!({ "currentPassword": current, "newPassword": new });
    let guess = async |token: &str, n: usize| {
        let answer = json_of(app.put("/api/me", token, change(&format!("palpite-errado-{n}"), "telhado-roxo-31")).await).await;
        assert_field_error(&format!("guess {n}"), &answer, "currentPassword", WRONG_CURRENT_PASSWORD);
    };
    // Four wrong, then the right one: it changes the password (and renews
    // the session) and clears the count.
    for n in 1..=4 {
        guess(&teo, n).await;
    }
    let (status, body) = json_of(app.put("/api/me", &teo, change("prancha-azul-42", "janela-verde-77")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let teo = body["session"]["accessToken"].as_str().unwrap().to_string();
    // Five wrong are answered; the sixth try is refused, the right password too.
    for n in 5..=9 {
        guess(&teo, n).await;
    }
    let response = app.put("/api/me", &teo, change("janela-verde-77", "telhado-roxo-31")).await;
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["message"], "Muitas tentativas com a senha atual. Tente novamente em 15 minutos.");
    // Nothing changed, the name alone still does, and another account is not held up.
    app.login("teo@example.com", "janela-verde-77").await;
    let (status, body) = json_of(app.put("/api/me", &teo, json!({ "name": "Teodoro Alves" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let lia = app.login("lia@example.com", "prancha-azul-42").await;
    let (status, body) = json_of(app.put("/api/me", &lia, change("prancha-azul-42", "janela-verde-77")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(guessing_the_current_password_is_limited);
