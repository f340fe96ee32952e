//! POST /api/login, POST /api/logout, GET /api/me, and the API's error shape.

use crate::common::{ADMIN_EMAIL, ADMIN_PASSWORD, Backend, assert_error, json_of, new_client, set_cookie, spawn};
use expediente_core::people::auth::Claims;
use reqwest::StatusCode;
use serde_json::json;

async fn login_answers_the_auth_fields_and_sets_a_safe_cookie(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.http.post(app.url("/api/login")).json(&json!({ "email": "ADMIN@example.com ", "password": ADMIN_PASSWORD })).send().await.unwrap();
    let cookie = set_cookie(&response, "expediente_session").expect("the session cookie");
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

/// An e-mail longer than any can be (a 3,000-character one was a 500 on
/// PostgreSQL: the throttle's index row too large), or a password longer
/// than any can be, is a 422 in Portuguese at the door, by the API and by
/// the login form, and nothing is stored (no throttle row).
async fn oversized_sign_in_fields_get_422_and_store_nothing(backend: Backend) {
    use sea_orm::{EntityTrait, PaginatorTrait};
    let app = spawn(backend).await;
    let long = format!("{}@example.com", "a".repeat(3000 - 12));
    let longest = format!("{}@example.com", "b".repeat(254 - 12));
    let post = |email: &str, password: &str| {
        app.http.post(app.url("/api/login")).json(&json!({ "email": email, "password": password })).send()
    };
    let (status, body) = json_of(post(&long, "senha-errada").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["errors"]["email"][0], "O e-mail pode ter no máximo 254 caracteres.");
    let (status, body) = json_of(post(&format!("c{longest}"), "senha-errada").await.unwrap()).await;
    assert_eq!(body["errors"]["email"][0], "O e-mail pode ter no máximo 254 caracteres.", "255: {status}");
    let (status, body) = json_of(post(ADMIN_EMAIL, &"x".repeat(129)).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["errors"]["password"][0], "A senha pode ter no máximo 128 caracteres.");

    // The login form alike: the login page again, with the message.
    let form = app.http.post(app.url("/login")).form(&[("email", long.as_str()), ("password", "senha-errada")]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(form.text().await.unwrap().contains("O e-mail pode ter no máximo 254 caracteres."));

    let rows = entities::sign_in_throttle::Entity::find().count(&app.state.db).await.unwrap();
    assert_eq!(rows, 0, "nothing stored for an oversized field");
    // The longest e-mail there can be is an ordinary wrong sign-in, and counted.
    let answer = json_of(post(&longest, "senha-errada").await.unwrap()).await;
    assert_error(&answer, StatusCode::UNAUTHORIZED, "E-mail ou senha inválidos.");
    assert_eq!(entities::sign_in_throttle::Entity::find().count(&app.state.db).await.unwrap(), 1);
}
both!(oversized_sign_in_fields_get_422_and_store_nothing);

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

/// A password change ends the user's other sessions (SECURITY.md#sessions);
/// the session that changed it goes on with the new token it is answered.
/// An admin's reset ends all of them. A change of name ends none.
async fn a_password_change_or_reset_ends_the_other_sessions(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let body = json!({ "name": "Rui Costa", "email": "rui@example.com", "role": "staff", "password": "prancha-azul-42" });
    app.created(&admin, "/api/users", body).await;
    let phone = app.login("rui@example.com", "prancha-azul-42").await;
    let desk = app.login("rui@example.com", "prancha-azul-42").await;
    // A page session too (the cookie of the form sign-in).
    let browser = new_client();
    let form = browser.post(app.url("/login")).form(&[("email", "rui@example.com"), ("password", "prancha-azul-42")]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::FOUND);
    assert_eq!(browser.get(app.url("/dashboard")).send().await.unwrap().status(), StatusCode::OK);

    // A new name: every session goes on, and no new one is answered.
    let (status, body) = json_of(app.put("/api/me", &desk, json!({ "name": "Rui Costa Filho" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.get("session").is_none(), "{body}");
    assert_eq!(app.get("/api/me", &phone).await.status(), StatusCode::OK);

    // A new password, from the desk: the phone and the browser are signed out.
    let change = json!({ "currentPassword": "prancha-azul-42", "newPassword": "janela-verde-77" });
    let response = app.put("/api/me", &desk, change).await;
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("expediente_session=") && cookie.contains("HttpOnly"), "{cookie}");
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let renewed = body["session"]["accessToken"].as_str().unwrap().to_string();
    assert_eq!(body["session"]["email"], "rui@example.com");
    assert_eq!(body["session"]["typeToken"], "Bearer");
    for old in [&phone, &desk] {
        let (status, body) = json_of(app.get("/api/me", old).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["message"], "A senha foi alterada: entre novamente.");
    }
    let page = browser.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::FOUND, "the old cookie opens no page");
    assert_eq!(page.headers()["location"], "/login?next=%2Fdashboard");
    let (status, me) = json_of(app.get("/api/me", &renewed).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["data"]["name"], "Rui Costa Filho");

    // An admin's reset ends every session of the user, the admin's own goes on.
    let fresh = app.login("rui@example.com", "janela-verde-77").await;
    let id = me["data"]["id"].as_i64().unwrap();
    let (status, body) = json_of(app.put(&format!("/api/users/{id}"), &admin, json!({ "password": "telhado-roxo-31" })).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for old in [&renewed, &fresh] {
        assert_eq!(app.get("/api/me", old).await.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(app.get("/api/me", &admin).await.status(), StatusCode::OK);
    let after = app.login("rui@example.com", "telhado-roxo-31").await;
    assert_eq!(app.get("/api/me", &after).await.status(), StatusCode::OK);
}
both!(a_password_change_or_reset_ends_the_other_sessions);

/// Opening /logout changes nothing, whoever links to it; signing out is a
/// POST from this origin (SECURITY.md#sign-out).
async fn signing_out_is_a_same_origin_post(backend: Backend) {
    let app = spawn(backend).await;
    let browser = new_client();
    let form = browser.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::FOUND);
    let cookie = set_cookie(&form, "expediente_session").expect("the session cookie");
    let token = cookie.trim_start_matches("expediente_session=").split(';').next().unwrap().to_string();
    let signed_in = || async { browser.get(app.url("/dashboard")).send().await.unwrap().status() == StatusCode::OK };

    // GET /logout, also as a navigation from another site: the screen asks, nothing ends.
    for site in ["same-origin", "cross-site"] {
        let page = browser.get(app.url("/logout")).header("sec-fetch-site", site).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        assert!(page.headers().get("set-cookie").is_none(), "{site}: the cookie is kept");
        let html = page.text().await.unwrap();
        assert!(html.contains(&format!("\"accessToken\":\"{token}\"")), "{site}: the screen knows the session");
        assert!(signed_in().await, "{site}: still signed in");
    }
    assert_eq!(app.get("/api/me", &token).await.status(), StatusCode::OK);

    // A post from another origin is refused, and so is the API's cookie sign-out from there.
    let refused = browser.post(app.url("/logout")).header("origin", "http://evil.example").send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let refused = browser.post(app.url("/logout")).header("sec-fetch-site", "same-site").send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    // The API's sign-out with only the cookie, from another origin: refused
    // (never "Sessão encerrada." while nothing ended), the cookie kept.
    for (name, value) in [("origin", "http://evil.example"), ("sec-fetch-site", "cross-site")] {
        let api = browser.post(app.url("/api/logout")).header(name, value).send().await.unwrap();
        assert!(api.headers().get("set-cookie").is_none(), "{value}: the cookie is kept");
        assert_error(&json_of(api).await, StatusCode::FORBIDDEN, "Origem não permitida.");
        assert_eq!(app.get("/api/me", &token).await.status(), StatusCode::OK, "{value}: not revoked");
        assert!(signed_in().await, "{value}: still signed in");
    }
    // With its Bearer token a sign-out works from anywhere (a browser never adds the header by itself).
    let other = app.admin_token().await;
    let api = new_client().post(app.url("/api/logout")).bearer_auth(&other).header("origin", "http://evil.example").send().await.unwrap();
    assert_eq!(json_of(api).await, (StatusCode::OK, json!({ "message": "Sessão encerrada." })));
    assert_eq!(app.get("/api/me", &other).await.status(), StatusCode::UNAUTHORIZED);
    // Neither token nor cookie: nothing to end, and the answer says the session is over.
    let api = new_client().post(app.url("/api/logout")).send().await.unwrap();
    assert_eq!(json_of(api).await, (StatusCode::OK, json!({ "message": "Sessão encerrada." })));

    // The screen's own post: revoked, cookie cleared, sent to the signed-out screen.
    let origin = app.base.clone();
    let out = browser.post(app.url("/logout")).header("origin", &origin).header("sec-fetch-site", "same-origin").send().await.unwrap();
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    assert_eq!(out.headers()["location"], "/logout");
    let removal = out.headers()["set-cookie"].to_str().unwrap();
    assert!(removal.starts_with("expediente_session=;") && removal.contains("Max-Age=0"), "{removal}");
    let (status, body) = json_of(app.get("/api/me", &token).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Sessão encerrada. Entre novamente.");
    let page = browser.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::FOUND);
    let html = browser.get(app.url("/logout")).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("\"accessToken\":null"), "the screen says there is no session");
    // Posting again without a session just goes to the screen.
    let again = browser.post(app.url("/logout")).header("origin", &origin).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::SEE_OTHER);
}
both!(signing_out_is_a_same_origin_post);

/// `alg: none`, another secret, and edited claims under the old signature.
async fn unsigned_and_foreign_tokens_get_401(backend: Backend) {
    use base64::Engine;
    let app = spawn(backend).await;
    let token = app.admin_token().await;
    let claims = app.state.keys.verify(&token).unwrap();
    let b64 = |v: &serde_json::Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    let payload = json!({ "sub": claims.sub, "iat": claims.iat, "exp": claims.exp, "jti": claims.jti, "ver": claims.ver });
    let unsigned = format!("{}.{}.", b64(&json!({ "alg": "none", "typ": "JWT" })), b64(&payload));
    let foreign = expediente_core::people::auth::Keys::new(b"another-secret-another-secret-0123", 3600).sign(&claims);
    let parts: Vec<&str> = token.split('.').collect();
    let edited = format!("{}.{}.{}", parts[0], b64(&json!({ "sub": claims.sub + 1, "iat": claims.iat, "exp": claims.exp, "jti": claims.jti })), parts[2]);
    for bad in [unsigned, foreign, edited] {
        let (status, body) = json_of(app.get("/api/me", &bad).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{bad}");
        assert_eq!(body["message"], "Token inválido.");
    }
}
both!(unsigned_and_foreign_tokens_get_401);
