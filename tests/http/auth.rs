//! POST /api/login, POST /api/logout, GET /api/me, and the API's error shape.

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, assert_error, json_of, spawn};
use expediente::auth::Claims;
use reqwest::StatusCode;
use serde_json::json;

async fn login_answers_the_auth_fields_and_sets_a_safe_cookie(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.http.post(app.url("/api/login")).json(&json!({ "email": "ADMIN@example.com ", "password": ADMIN_PASSWORD })).send().await.unwrap();
    let cookie = response.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
    assert!(cookie.starts_with("expediente_session="), "{cookie}");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"), "{cookie}");
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::OK);
    let data = &body["data"];
    assert_eq!(data["email"], ADMIN_EMAIL);
    assert_eq!(data["typeToken"], "Bearer");
    assert_eq!(data["expiresIn"], 3600);
    assert_eq!(data["role"], "admin");
    assert!(data["accessToken"].as_str().unwrap().split('.').count() == 3);

    let (status, me) = json_of(app.get("/api/me", data["accessToken"].as_str().unwrap()).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["data"]["email"], ADMIN_EMAIL);
    assert!(me["data"].get("passwordHash").is_none());
}
both!(login_answers_the_auth_fields_and_sets_a_safe_cookie);

async fn wrong_credentials_are_refused_in_portuguese(backend: Backend) {
    let app = spawn(backend).await;
    for body in [json!({ "email": ADMIN_EMAIL, "password": "errada" }), json!({ "email": "ninguem@example.com", "password": "x" })] {
        let (status, answer) = json_of(app.http.post(app.url("/api/login")).json(&body).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(answer["message"], "E-mail ou senha inválidos.");
    }
}
both!(wrong_credentials_are_refused_in_portuguese);

async fn bad_bodies_get_clear_errors(backend: Backend) {
    let app = spawn(backend).await;
    let post = |body: String, content_type: &'static str| {
        app.http.post(app.url("/api/login")).header("content-type", content_type).body(body).send()
    };
    let answer = json_of(post("{\"email\":".into(), "application/json").await.unwrap()).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "JSON inválido no corpo da requisição.");

    let (status, body) = json_of(post(json!({ "email": 5, "password": "x" }).to_string(), "application/json").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"][0], "Tipo inválido (esperado: texto).");

    let (status, body) = json_of(post(json!({ "email": "a@b.c" }).to_string(), "application/json").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["password"][0], "Campo obrigatório.");

    let (status, body) = json_of(post(json!({ "email": "", "password": "" }).to_string(), "application/json").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"][0], "Informe o e-mail.");

    let (status, _) = json_of(post("email=a".into(), "text/plain").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let huge = json!({ "email": "a".repeat(70 * 1024), "password": "x" }).to_string();
    let answer = json_of(post(huge, "application/json").await.unwrap()).await;
    assert_error(&answer, StatusCode::PAYLOAD_TOO_LARGE, "O corpo da requisição excede o limite de 64 KB.");
}
both!(bad_bodies_get_clear_errors);

async fn missing_forged_and_malformed_tokens_get_401(backend: Backend) {
    let app = spawn(backend).await;
    let (status, body) = json_of(app.http.get(app.url("/api/me")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body["message"].as_str().unwrap().starts_with("Autenticação necessária"));

    let token = app.admin_token().await;
    let mut forged = token.clone();
    forged.replace_range(forged.len() - 4.., "AAAA");
    for bad in [forged.as_str(), "abc.def.ghi", "x"] {
        let (status, body) = json_of(app.get("/api/me", bad).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{bad}");
        assert_eq!(body["message"], "Token inválido.");
    }
    let (status, body) =
        json_of(app.http.get(app.url("/api/me")).header("authorization", format!("Token {token}")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body["message"].as_str().unwrap().contains("Bearer"));
}
both!(missing_forged_and_malformed_tokens_get_401);

async fn an_expired_token_gets_the_exact_message(backend: Backend) {
    let app = spawn(backend).await;
    // The admin's real token, signed again as if issued an hour and ten
    // seconds ago: expired ten seconds ago, with no waiting.
    let issued = app.state.keys.verify(&app.admin_token().await).unwrap();
    let expired = Claims { iat: issued.iat - 3610, exp: issued.exp - 3610, ..issued };
    assert!(expired.exp < chrono::Utc::now().timestamp());
    let token = app.state.keys.sign(&expired);
    let (status, body) = json_of(app.get("/api/me", &token).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body, json!({ "message": "Token has expired" }));
}
both!(an_expired_token_gets_the_exact_message);

async fn logout_revokes_the_token_and_clears_the_cookie(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let response = app.http.post(app.url("/api/logout")).bearer_auth(&token).send().await.unwrap();
    let cookie = response.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
    assert!(cookie.starts_with("expediente_session=;") && cookie.contains("Max-Age=0"), "{cookie}");
    assert_eq!(response.status(), StatusCode::OK);
    let answer = json_of(app.get("/api/me", &token).await).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "Sessão encerrada. Entre novamente.");
}
both!(logout_revokes_the_token_and_clears_the_cookie);

async fn unknown_api_paths_are_json_404(backend: Backend) {
    let app = spawn(backend).await;
    let answer = json_of(app.http.get(app.url("/api/nada/aqui")).send().await.unwrap()).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "Rota da API não encontrada.");
}
both!(unknown_api_paths_are_json_404);

async fn wrong_methods_and_bad_query_values_answer_json_in_portuguese(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let answer = json_of(app.patch("/api/clients", &token, json!({})).await).await;
    assert_error(&answer, StatusCode::METHOD_NOT_ALLOWED, "Método não permitido para esta rota da API.");
    let (status, body) = json_of(app.get("/api/clients?page=abc", &token).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["page"][0], "Valor inválido.");
}
both!(wrong_methods_and_bad_query_values_answer_json_in_portuguese);

async fn two_sign_outs_of_one_token_at_once_both_succeed(backend: Backend) {
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let logout = || app.http.post(app.url("/api/logout")).bearer_auth(&token).send();
    let (a, b) = tokio::join!(logout(), logout());
    assert_eq!(a.unwrap().status(), StatusCode::OK);
    assert_eq!(b.unwrap().status(), StatusCode::OK);
    assert_eq!(app.get("/api/me", &token).await.status(), StatusCode::UNAUTHORIZED);
}
both!(two_sign_outs_of_one_token_at_once_both_succeed);
