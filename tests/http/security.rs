//! Hardening seen from outside: security headers on every kind of response,
//! the Secure cookie and HSTS behind `--secure-cookies`, control characters
//! refused in every text.

use reqwest::header::{CACHE_CONTROL, HeaderMap, SET_COOKIE, STRICT_TRANSPORT_SECURITY};
use reqwest::StatusCode;
use serde_json::json;

use crate::common::*;


fn assert_security_headers(headers: &HeaderMap, what: &str) {
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    assert_eq!(headers["referrer-policy"], "same-origin", "{what}");
    let csp = headers["content-security-policy"].to_str().unwrap();
    for directive in ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"] {
        assert!(csp.contains(directive), "{what}: {csp}");
    }
    assert_eq!(headers["permissions-policy"], "camera=(), microphone=(), geolocation=()", "{what}");
}

async fn security_headers_on_pages_api_and_assets(backend: Backend) {
    let app = spawn(backend).await;
    let page = app.http.get(app.url("/login")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert_security_headers(page.headers(), "page");
    let api = app.http.get(app.url("/api/clients")).send().await.unwrap();
    assert_eq!(api.status(), StatusCode::UNAUTHORIZED);
    assert_security_headers(api.headers(), "API error");
    let token = app.admin_token().await;
    let api = app.get("/api/clients", &token).await;
    assert_eq!(api.status(), StatusCode::OK);
    assert_security_headers(api.headers(), "API");
    let asset = app.http.get(app.url(&format!("/assets/{}", app.state.manifest.entry))).send().await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert_security_headers(asset.headers(), "asset");
    // Without the setting: no HSTS, no Secure cookie (plain http on a LAN works).
    assert!(api.headers().get(STRICT_TRANSPORT_SECURITY).is_none());
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    for cookie in login.headers().get_all(SET_COOKIE) {
        assert!(!cookie.to_str().unwrap().contains("Secure"), "{cookie:?}");
    }
}
both!(security_headers_on_pages_api_and_assets);

async fn secure_cookies_setting_marks_the_cookie_and_sends_hsts(backend: Backend) {
    let app = spawn_with(backend, Options { secure_cookies: true, ..Options::default() }).await;
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    assert!(login.headers()[STRICT_TRANSPORT_SECURITY].to_str().unwrap().starts_with("max-age="));
    // The session cookie and the device cookie alike.
    for name in ["expediente_session", "expediente_device"] {
        let cookie = set_cookie(&login, name).expect(name);
        assert!(cookie.contains("; Secure") && cookie.contains("HttpOnly"), "{cookie}");
    }
    let page = app.http.get(app.url("/login")).send().await.unwrap();
    assert!(page.headers().get(STRICT_TRANSPORT_SECURITY).is_some());
    let form = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let signed_in = form.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    for name in ["expediente_session", "expediente_device"] {
        let cookie = set_cookie(&signed_in, name).expect(name);
        assert!(cookie.contains("; Secure"), "form sign-in: {cookie}");
    }
}
both!(secure_cookies_setting_marks_the_cookie_and_sends_hsts);

async fn control_characters_get_422_everywhere(backend: Backend) {
    let app = spawn(backend).await;
    const BAD: &str = "Ana\u{0}Maria";
    const MESSAGE: &str = "O texto contém caracteres de controle não permitidos.";
    // Unauthenticated sign-in, JSON and form.
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": "a\u{0}@example.com", "password": "x" })).send().await.unwrap();
    let (status, body) = json_of(login).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["errors"]["email"][0], MESSAGE);
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": "x\u{1b}" })).send().await.unwrap();
    assert_eq!(json_of(login).await.1["errors"]["password"][0], MESSAGE);
    let form = new_client().post(app.url("/login")).form(&[("email", "a\u{0}@example.com"), ("password", "x")]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::UNPROCESSABLE_ENTITY, "form sign-in: the login page again, never a 500");
    let token = app.admin_token().await;
    // Bodies: a single-line field refuses even a line break; notes keep theirs.
    for name in [BAD, "Ana\nMaria", "Ana\u{7f}", "Ana\u{85}"] {
        let (status, body) = json_of(app.post("/api/clients", &token, json!({ "name": name })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {body}");
        assert_eq!(body["errors"]["name"][0], MESSAGE);
    }
    let (status, body) = json_of(app.post("/api/clients", &token, json!({ "name": "Ana", "notes": "a\u{0}b" })).await).await;
    assert_eq!((status, &body["errors"]["notes"][0]), (StatusCode::UNPROCESSABLE_ENTITY, &json!(MESSAGE)), "{body}");
    app.created(&token, "/api/clients", json!({ "name": "Ana", "notes": "linha 1\r\nlinha\t2" })).await;
    let (status, body) = json_of(app.post("/api/users", &token, json!({ "name": BAD, "email": "x@example.com", "role": "staff", "password": "senha-longa-123" })).await).await;
    assert_eq!((status, &body["errors"]["name"][0]), (StatusCode::UNPROCESSABLE_ENTITY, &json!(MESSAGE)), "{body}");
    // Query strings, API and pages.
    for path in ["/api/clients?q=a%00b", "/api/appointments?q=%01", "/api/users?q=%00", "/api/clients?q%00=1"] {
        let (status, body) = json_of(app.get(path, &token).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {body}");
        assert_eq!(body["message"], "Os dados enviados são inválidos.");
    }
    let (_, body) = json_of(app.get("/api/clients?q=a%00b", &token).await).await;
    assert_eq!(body["errors"]["q"][0], MESSAGE);
    let page = app.http.get(app.url("/clients?q=%00")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Ordinary text still works.
    let (status, _) = json_of(app.get("/api/clients?q=Jo%C3%A3o%20d%27%C3%81vila", &token).await).await;
    assert_eq!(status, StatusCode::OK);
}
both!(control_characters_get_422_everywhere);

/// No API answer is kept by a browser's or a proxy's cache: the sign-in
/// (it carries the token), lists, exports and errors all say `no-store`.
async fn api_answers_are_never_stored(backend: Backend) {
    let app = spawn(backend).await;
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    assert_eq!(login.headers()[CACHE_CONTROL], "no-store", "login");
    let token = app.admin_token().await;
    for (path, expected) in [
        ("/api/clients", StatusCode::OK),
        ("/api/me", StatusCode::OK),
        ("/api/clients/export.csv", StatusCode::OK),
        ("/api/clients/9999", StatusCode::NOT_FOUND),
        ("/api/clients?page=0", StatusCode::UNPROCESSABLE_ENTITY),
        ("/api/nada", StatusCode::NOT_FOUND),
    ] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), expected, "{path}");
        assert_eq!(response.headers()[CACHE_CONTROL], "no-store", "{path}");
    }
    let unauthorised = app.http.get(app.url("/api/clients")).send().await.unwrap();
    assert_eq!(unauthorised.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(unauthorised.headers()[CACHE_CONTROL], "no-store", "401");
    // Assets keep their long cache.
    let asset = app.http.get(app.url(&format!("/assets/{}", app.state.manifest.entry))).send().await.unwrap();
    assert!(asset.headers()[CACHE_CONTROL].to_str().unwrap().contains("immutable"));
}
both!(api_answers_are_never_stored);

/// The SQLite file, its directory and the JWT secret are the process
/// user's alone (SECURITY.md#files), also when an older version left the
/// file world-readable. (SQLite only: PostgreSQL keeps its own files.)
#[tokio::test]
async fn data_files_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let root = std::env::temp_dir().join(format!("expediente-files-{}", uuid::Uuid::new_v4().simple()));
    let data = root.join("nova").join("data");
    let run = |args: &[&str], dir: &std::path::Path| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_expediente"))
            .args(args)
            .env("DATABASE_URL", format!("sqlite://{}/expediente.db?mode=rwc", dir.display()))
            .env("EXPEDIENTE_DATA_DIR", dir)
            .env_remove("EXPEDIENTE_JWT_SECRET")
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    };
    run(&["migrate"], &data);
    assert_eq!(mode(&data), 0o700, "the data directory");
    assert_eq!(mode(&data.join("expediente.db")), 0o600, "the database");
    for extra in ["expediente.db-wal", "expediente.db-shm"] {
        if data.join(extra).exists() {
            assert_eq!(mode(&data.join(extra)), 0o600, "{extra}");
        }
    }
    // A world-readable file left by an older version is made private.
    std::fs::set_permissions(data.join("expediente.db"), std::fs::Permissions::from_mode(0o644)).unwrap();
    run(&["migrate"], &data);
    assert_eq!(mode(&data.join("expediente.db")), 0o600);

    // The server's generated secret, through the real start-up (then stopped).
    let mut config = expediente::config::Config::for_tests(&format!("sqlite://{}/expediente.db?mode=rwc", data.display()), data.clone());
    config.jwt_secret = None;
    config.ssr = expediente::config::SsrMode::Off;
    expediente::app::build_state(config).await.unwrap();
    assert_eq!(mode(&data.join("jwt-secret")), 0o600, "the secret");
    std::fs::remove_dir_all(&root).unwrap();
}
