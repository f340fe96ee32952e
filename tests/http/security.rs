//! Hardening seen from outside: security headers on every kind of response,
//! the Secure cookie and HSTS behind `--secure-cookies`, control characters
//! refused in every text.

use reqwest::header::{HeaderMap, SET_COOKIE, STRICT_TRANSPORT_SECURITY};
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
    let cookie = login.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(!cookie.contains("Secure"), "{cookie}");
}
both!(security_headers_on_pages_api_and_assets);

async fn secure_cookies_setting_marks_the_cookie_and_sends_hsts(backend: Backend) {
    let app = spawn_with(backend, Options { secure_cookies: true, ..Options::default() }).await;
    let login = app.http.post(app.url("/api/login")).json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })).send().await.unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    assert!(login.headers()[STRICT_TRANSPORT_SECURITY].to_str().unwrap().starts_with("max-age="));
    let cookie = login.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(cookie.contains("; Secure") && cookie.contains("HttpOnly"), "{cookie}");
    let page = app.http.get(app.url("/login")).send().await.unwrap();
    assert!(page.headers().get(STRICT_TRANSPORT_SECURITY).is_some());
    let form = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let signed_in = form.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    let cookie = signed_in.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(cookie.contains("; Secure"), "form sign-in: {cookie}");
}
both!(secure_cookies_setting_marks_the_cookie_and_sends_hsts);
