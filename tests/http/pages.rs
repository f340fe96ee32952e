//! The server-rendered pages: redirects, status codes, layout attributes,
//! the preloaded state, the streamed compressed body, the precompressed assets.

use std::io::Read;

use crate::common::{ADMIN_EMAIL, Backend, Options, spawn_with};
use reqwest::StatusCode;

async fn ssr_app(backend: Backend) -> crate::common::TestApp {
    spawn_with(backend, Options { ssr: true, ..Options::default() }).await
}

fn location(response: &reqwest::Response) -> &str {
    response.headers().get("location").unwrap().to_str().unwrap()
}

/// The JSON of `window.__PRELOADED_STATE__` in a page.
pub(crate) fn preloaded_state(html: &str) -> serde_json::Value {
    let start = html.find("window.__PRELOADED_STATE__=").expect("no state") + "window.__PRELOADED_STATE__=".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("\\u003c", "<")).unwrap()
}

async fn redirects_without_a_session(backend: Backend) {
    let app = ssr_app(backend).await;
    for (path, target) in [("/", "/login"), ("/dashboard", "/login"), ("/clients", "/login"), ("/auth/profile", "/login")] {
        let response = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{path}");
        assert_eq!(location(&response), target, "{path}");
    }
}
both!(redirects_without_a_session);

async fn login_page_is_rendered_with_the_layout_of_the_cookie(backend: Backend) {
    let app = ssr_app(backend).await;
    let html = app.http.get(app.url("/login")).send().await.unwrap().text().await.unwrap();
    assert!(html.starts_with("<!doctype html><html lang=\"pt-BR\""));
    assert!(html.contains("data-layout=\"vertical\"") && html.contains("data-skin=\"modern\""));
    assert!(!html.contains("<div id=\"root\"></div>"), "root is empty");

    let cookie = "expediente_layout=%7B%22orientation%22%3A%22horizontal%22%2C%22skin%22%3A%22saas%22%2C%22theme%22%3A%22nope%22%7D";
    let html = app.http.get(app.url("/login")).header("cookie", cookie).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("data-layout=\"horizontal\"") && html.contains("data-skin=\"saas\""));
    assert!(html.contains("data-theme=\"light\""), "an invalid value falls back to its default");
    assert_eq!(preloaded_state(&html)["layout"]["orientation"], "horizontal");

    let html = app.http.get(app.url("/login")).header("cookie", "expediente_layout=garbage").send().await.unwrap().text().await.unwrap();
    assert!(html.contains("data-layout=\"vertical\""));
}
both!(login_page_is_rendered_with_the_layout_of_the_cookie);

async fn a_session_cookie_opens_the_dashboard(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await; // sets the cookie in app.http
    let response = app.http.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let html = response.text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(state["auth"]["email"], ADMIN_EMAIL);
    assert!(state["page"]["dashboard"]["clientsTotal"].is_number());
    assert!(!html.contains("<div id=\"root\"></div>"), "root is empty");

    let response = app.http.get(app.url("/login")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(location(&response), "/dashboard");

    // /logout clears the cookie; the dashboard is closed again.
    let response = app.http.get(app.url("/logout")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.http.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FOUND);
}
both!(a_session_cookie_opens_the_dashboard);

async fn unknown_paths_render_the_not_found_page(backend: Backend) {
    let app = ssr_app(backend).await;
    let response = app.http.get(app.url("/nao/existe")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let html = response.text().await.unwrap();
    assert!(html.contains("<div id=\"root\">") && !html.contains("<div id=\"root\"></div>"));
}
both!(unknown_paths_render_the_not_found_page);

async fn pages_are_gzipped_when_asked(backend: Backend) {
    let app = ssr_app(backend).await;
    let response = app.http.get(app.url("/login")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let bytes = response.bytes().await.unwrap();
    let mut html = String::new();
    flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_string(&mut html).unwrap();
    assert!(html.starts_with("<!doctype html>") && html.ends_with("</html>"));
}
both!(pages_are_gzipped_when_asked);

async fn pages_are_brotli_when_asked(backend: Backend) {
    let app = ssr_app(backend).await;
    let response = app.http.get(app.url("/login")).header("accept-encoding", "gzip, deflate, br").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["vary"], "Accept-Encoding, Cookie");
    let bytes = response.bytes().await.unwrap();
    let mut html = String::new();
    brotli::Decompressor::new(&bytes[..], 4096).read_to_string(&mut html).unwrap();
    assert!(html.starts_with("<!doctype html>") && html.ends_with("</html>"));
    // Nothing accepted: plain text.
    let response = app.http.get(app.url("/login")).header("accept-encoding", "identity").send().await.unwrap();
    assert!(response.headers().get("content-encoding").is_none());
    assert!(response.text().await.unwrap().ends_with("</html>"));
}
both!(pages_are_brotli_when_asked);

/// Assets leave as the build compressed them, by content hash, cached for a year.
async fn assets_are_precompressed_and_immutable(backend: Backend) {
    let app = ssr_app(backend).await;
    let manifest = &app.state.manifest;
    for file in [&manifest.entry, &manifest.css[0]] {
        let url = app.url(&format!("/assets/{file}"));
        let plain = app.http.get(&url).header("accept-encoding", "identity").send().await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK);
        assert_eq!(plain.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert!(plain.headers().get("content-encoding").is_none());
        let plain = plain.bytes().await.unwrap();

        let br = app.http.get(&url).header("accept-encoding", "gzip, br").send().await.unwrap();
        assert_eq!(br.headers()["content-encoding"], "br", "{file}");
        assert_eq!(br.headers()["vary"], "Accept-Encoding");
        assert_eq!(br.headers()["cache-control"], "public, max-age=31536000, immutable");
        let br = br.bytes().await.unwrap();
        assert!(br.len() < plain.len() / 2, "{file}: {} of {} bytes", br.len(), plain.len());
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, plain);

        let gz = app.http.get(&url).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(gz.headers()["content-encoding"], "gzip", "{file}");
        let gz = gz.bytes().await.unwrap();
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, plain);
    }
    let missing = app.http.get(app.url("/assets/nao-existe.js")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}
both!(assets_are_precompressed_and_immutable);

async fn the_login_form_works_before_its_script_runs(backend: Backend) {
    let app = ssr_app(backend).await;
    let response = app
        .http
        .post(app.url("/login"))
        .form(&[("email", "nao@example.com"), ("password", "errada")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let html = response.text().await.unwrap();
    assert_eq!(preloaded_state(&html)["auth"]["error"], "E-mail ou senha inválidos.");
    assert!(html.contains("E-mail ou senha inválidos."), "the message is rendered");

    let response = app.http.post(app.url("/login")).form(&[("email", ""), ("password", "")]).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let response = app
        .http
        .post(app.url("/login"))
        .form(&[("email", ADMIN_EMAIL), ("password", crate::common::ADMIN_PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(location(&response), "/dashboard");
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("expediente_session=") && cookie.contains("HttpOnly"), "{cookie}");
    let response = app.http.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}
both!(the_login_form_works_before_its_script_runs);

async fn a_bad_list_filter_in_the_address_still_shows_the_first_page(backend: Backend) {
    let app = ssr_app(backend).await;
    let token = app.admin_token().await;
    let (status, _) = crate::common::json_of(app.post("/api/clients", &token, serde_json::json!({ "name": "Ana Lúcia" })).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let html = app.http.get(app.url("/clients?sort=inventado&page=1")).send().await.unwrap().text().await.unwrap();
    assert_eq!(preloaded_state(&html)["clients"]["list"][0]["name"], "Ana Lúcia");
}
both!(a_bad_list_filter_in_the_address_still_shows_the_first_page);

async fn the_login_form_refuses_posts_from_other_sites(backend: Backend) {
    let app = ssr_app(backend).await;
    let form = [("email", ADMIN_EMAIL), ("password", crate::common::ADMIN_PASSWORD)];
    let response = app.http.post(app.url("/login")).header("origin", "https://evil.example").form(&form).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(response.headers().get("set-cookie").is_none());
    let response = app.http.post(app.url("/login")).header("origin", app.base.clone()).form(&form).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FOUND);
}
both!(the_login_form_refuses_posts_from_other_sites);

async fn users_and_reports_arrive_with_their_data(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await; // sets the session cookie
    let html = app.http.get(app.url("/users")).send().await.unwrap().text().await.unwrap();
    assert_eq!(preloaded_state(&html)["page"]["users"]["data"][0]["email"], ADMIN_EMAIL);
    let root = &html[..html.find("window.__PRELOADED_STATE__").unwrap()];
    assert!(root.contains(ADMIN_EMAIL) && !root.contains("Carregando"), "the users table is rendered");

    let html = app.http.get(app.url("/reports")).send().await.unwrap().text().await.unwrap();
    let reports = &preloaded_state(&html)["page"]["reports"];
    assert!(reports["from"].as_str().unwrap().ends_with("-01"), "this month: {reports}");
    let root = &html[..html.find("window.__PRELOADED_STATE__").unwrap()];
    assert!(root.contains("Taxa de faltas") && !root.contains("Carregando"), "the summary is rendered");
}
both!(users_and_reports_arrive_with_their_data);

/// A screen the route table keeps for admins answers staff with a 403 and
/// the Portuguese "Acesso negado" screen, without the screen's data.
async fn staff_opening_users_get_a_403_page(backend: Backend) {
    let app = ssr_app(backend).await;
    let admin = app.admin_token().await;
    let body = serde_json::json!({ "name": "Bruno Equipe", "email": "bruno@example.com", "role": "staff", "password": "senha-do-bruno" });
    assert_eq!(app.post("/api/users", &admin, body).await.status(), StatusCode::CREATED);
    app.login("bruno@example.com", "senha-do-bruno").await; // the session cookie is now the staff member's
    let response = app.http.get(app.url("/users")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Usuários | Expediente</title>"), "the route's title");
    assert!(preloaded_state(&html).get("page").is_none(), "no user list for staff");
    let root = &html[..html.find("window.__PRELOADED_STATE__").unwrap()];
    assert!(root.contains("Acesso negado") && !root.contains(ADMIN_EMAIL), "the forbidden screen is rendered");
    // Their other screens still answer 200.
    assert_eq!(app.http.get(app.url("/clients")).send().await.unwrap().status(), StatusCode::OK);
}
both!(staff_opening_users_get_a_403_page);

/// `/clients/{id}` arrives with the client's record in the first HTML: data,
/// contact links, appointments, totals and the history in Portuguese.
async fn a_clients_page_arrives_with_its_record(backend: Backend) {
    let app = ssr_app(backend).await;
    let token = app.admin_token().await; // sets the session cookie
    let body = serde_json::json!({ "name": "Ana Lúcia", "email": "ana@example.com", "phone": "(11) 98765-4321" });
    let (status, client) = crate::common::json_of(app.post("/api/clients", &token, body).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let id = client["data"]["id"].as_i64().unwrap();
    let edit = serde_json::json!({ "name": "Ana Lúcia Prado", "version": 1 });
    assert_eq!(app.put(&format!("/api/clients/{id}"), &token, edit).await.status(), StatusCode::OK);
    let (_, me) = crate::common::json_of(app.get("/api/me", &token).await).await;
    let booking = serde_json::json!({
        "clientId": id, "staffId": me["data"]["id"], "service": "Limpeza de pele",
        "startsAt": "2031-05-06T10:00:00-03:00", "durationMinutes": 60, "priceCents": 15000,
    });
    assert_eq!(app.post("/api/appointments", &token, booking).await.status(), StatusCode::CREATED);

    let response = app.http.get(app.url(&format!("/clients/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Cliente | Expediente</title>"));
    let state = preloaded_state(&html);
    assert_eq!(state["page"]["client"]["id"], id);
    assert_eq!(state["page"]["client"]["totals"], serde_json::json!({ "visits": 0, "noShows": 0, "revenueCents": 0 }));
    assert_eq!(state["page"]["clientHistory"].as_array().unwrap().len(), 2);
    let root = &html[..html.find("window.__PRELOADED_STATE__").unwrap()];
    for text in [
        "Ana Lúcia Prado",
        "(11) 98765-4321",
        "href=\"tel:+5511987654321\"",
        "href=\"https://wa.me/5511987654321\"",
        "href=\"mailto:ana@example.com\"",
        "Limpeza de pele",
        "06/05/2031",
        "Próximos agendamentos",
        "Histórico de alterações",
        "Alteração",
        "Ana Lúcia<!-- --> → <!-- -->Ana Lúcia Prado",
        &format!("href=\"/appointments?book=1&amp;client_id={id}\""),
    ] {
        assert!(root.contains(text), "the page shows {text}");
    }
    assert!(!root.contains("Carregando"), "nothing waits for the browser");

    // No such client, or no id: the not-found page.
    for path in ["/clients/999999", "/clients/abc", "/clients/0"] {
        assert_eq!(app.http.get(app.url(path)).send().await.unwrap().status(), StatusCode::NOT_FOUND, "{path}");
    }
}
both!(a_clients_page_arrives_with_its_record);

/// The reports page draws its charts as SVG in the first HTML, for the
/// period in its address.
async fn reports_arrive_with_svg_charts(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await;
    let html = app.http.get(app.url("/reports?period=week")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(state["page"]["reports"]["period"], "week");
    assert_eq!(state["page"]["reports"]["byDay"].as_array().unwrap().len(), 7);
    let root = &html[..html.find("window.__PRELOADED_STATE__").unwrap()];
    for label in ["Agendamentos por dia", "Receita por dia", "Agendamentos por situação"] {
        assert!(root.contains(&format!("<svg role=\"img\" aria-label=\"{label}")), "an SVG chart: {label}");
    }
    assert!(root.matches("class=\"chart-bar").count() >= 7 + 7 + 5, "a bar a day and a status");
    assert!(root.contains("Esta semana") && root.contains("Personalizado"));

    let html = app.http.get(app.url("/reports?from=2026-02-01&to=2026-02-10")).send().await.unwrap().text().await.unwrap();
    let reports = &preloaded_state(&html)["page"]["reports"];
    assert_eq!((reports["from"].as_str(), reports["to"].as_str(), &reports["period"]), (Some("2026-02-01"), Some("2026-02-10"), &serde_json::Value::Null));
}
both!(reports_arrive_with_svg_charts);
