//! The server-rendered pages: redirects, status codes, layout attributes,
//! the preloaded state, the streamed compressed body, the precompressed assets.

use std::io::Read;

use std::time::Duration;

use crate::common::{ADMIN_EMAIL, Backend, Options, eventually, spawn_with};
use reqwest::StatusCode;

async fn ssr_app(backend: Backend) -> crate::common::TestApp {
    spawn_with(backend, Options { ssr: true, ..Options::default() }).await
}

fn location(response: &reqwest::Response) -> &str {
    response.headers().get("location").unwrap().to_str().unwrap()
}

/// Where a page's preloaded state begins: a JSON data element.
const STATE_ELEMENT: &str = "<script type=\"application/json\" id=\"preloaded-state\">";

/// The JSON of a page's preloaded state.
pub(crate) fn preloaded_state(html: &str) -> serde_json::Value {
    let start = html.find(STATE_ELEMENT).expect("no state") + STATE_ELEMENT.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("\\u003c", "<")).unwrap()
}

/// The api cache entries (`{ endpoint, arg, value }`) a page's state seeds
/// for `endpoint` (server/reads.rs), in the route's order.
pub(crate) fn seeded<'a>(state: &'a serde_json::Value, endpoint: &str) -> Vec<&'a serde_json::Value> {
    let entries = state["queries"].as_array().map(Vec::as_slice).unwrap_or_default();
    entries.iter().filter(|entry| entry["endpoint"] == endpoint).collect()
}

/// The one answer a page's state seeds for `endpoint`.
pub(crate) fn seeded_value<'a>(state: &'a serde_json::Value, endpoint: &str) -> &'a serde_json::Value {
    let entries = seeded(state, endpoint);
    assert_eq!(entries.len(), 1, "one {endpoint} in {state}");
    &entries[0]["value"]
}

async fn redirects_without_a_session(backend: Backend) {
    let app = ssr_app(backend).await;
    for (path, target) in [
        ("/", "/login"),
        ("/dashboard", "/login?next=%2Fdashboard"),
        ("/clients?page=2&q=s%C3%A1", "/login?next=%2Fclients%3Fpage%3D2%26q%3Ds%25C3%25A1"),
        ("/auth/profile", "/login?next=%2Fauth%2Fprofile"),
    ] {
        let response = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{path}");
        assert_eq!(location(&response), target, "{path}");
    }
}
both!(redirects_without_a_session);

/// After signing in, the browser goes back to the page that sent it to
/// /login (`next`), when that is a signed-in screen of this site.
async fn signing_in_returns_to_the_page_it_came_from(backend: Backend) {
    let app = ssr_app(backend).await;
    let form = [("email", ADMIN_EMAIL), ("password", crate::common::ADMIN_PASSWORD)];
    for (next, target) in [
        ("%2Fclients%3Fpage%3D2", "/clients?page=2"),
        ("/reports", "/reports"),
        ("https%3A%2F%2Fevil.example%2Fclients", "/dashboard"),
        ("%2F%2Fevil.example%2Fclients", "/dashboard"),
        ("%2F%5Cevil.example", "/dashboard"),
        ("%2Flogout", "/dashboard"),
        ("%2Fnao-existe", "/dashboard"),
    ] {
        let browser = crate::common::new_client();
        let response = browser.post(app.url(&format!("/login?next={next}"))).form(&form).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{next}");
        assert_eq!(location(&response), target, "{next}");
        // Signed in already: /login sends it on the same way.
        let response = browser.get(app.url(&format!("/login?next={next}"))).send().await.unwrap();
        assert_eq!(location(&response), target, "{next}");
    }
}
both!(signing_in_returns_to_the_page_it_came_from);

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
    assert!(seeded_value(&state, "getDashboard")["clientsTotal"].is_number());
    assert!(!html.contains("<div id=\"root\"></div>"), "root is empty");

    let response = app.http.get(app.url("/login")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(location(&response), "/dashboard");

    // Signing out (the logout screen's same-origin POST) clears the cookie;
    // the dashboard is closed again.
    let response = app.http.post(app.url("/logout")).header("origin", app.base.clone()).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
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
    // The entry is a few hundred bytes since the shell is a chunk of its own:
    // the shell and the stylesheet show the compression.
    for file in [&manifest.entry, &manifest.imports[0], &manifest.css[0]] {
        let url = app.url(&format!("/assets/{file}"));
        // Embedded compressed only: the text is the gzip form unpacked.
        let plain = app.http.get(&url).header("accept-encoding", "identity").send().await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK);
        assert_eq!(plain.headers()["content-type"], if file.ends_with(".css") { "text/css" } else { "text/javascript" }, "{file}");
        assert_eq!(plain.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert!(plain.headers().get("content-encoding").is_none());
        let plain = plain.bytes().await.unwrap();

        let br = app.http.get(&url).header("accept-encoding", "gzip, br").send().await.unwrap();
        assert_eq!(br.headers()["content-encoding"], "br", "{file}");
        assert_eq!(br.headers()["vary"], "Accept-Encoding");
        assert_eq!(br.headers()["cache-control"], "public, max-age=31536000, immutable");
        let br = br.bytes().await.unwrap();
        if file != &manifest.entry {
            assert!(br.len() < plain.len() / 2, "{file}: {} of {} bytes", br.len(), plain.len());
        }
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

/// The `renderPage` of the real bundle, wrapped: `?throw` throws, `?stuck`
/// never ends, `?slow` takes 600 ms.
const FAULTY_RENDERS: &str = r#"(() => {
  const real = globalThis.renderPage;
  globalThis.renderPage = (input) => {
    const url = JSON.parse(input).url;
    if (url.endsWith('?throw')) throw new Error('render failed on purpose');
    if (url.endsWith('?stuck')) for (;;) {}
    if (url.endsWith('?slow')) { const end = Date.now() + 600; while (Date.now() < end) {} }
    return real(input);
  };
})();"#;

/// What the browser renders by itself: an empty root with the page's state.
fn assert_client_rendered(html: &str, what: &str) {
    assert!(html.contains("<div id=\"root\"></div>"), "{what}: the root is empty");
    let state = preloaded_state(html);
    assert_eq!(state["auth"]["email"], ADMIN_EMAIL, "{what}: with its state");
    assert!(state["clients"]["list"].as_array().is_some_and(|l| !l.is_empty()), "{what}: with its data");
    assert!(html.ends_with("</html>"), "{what}: a whole document");
}

async fn a_failed_render_gives_the_client_rendered_page(backend: Backend) {
    let options = Options { ssr: true, ssr_bundle_extra: Some(FAULTY_RENDERS), render_timeout_ms: Some(250), ..Options::default() };
    let app = spawn_with(backend, options).await;
    let token = app.admin_token().await;
    app.post("/api/clients", &token, serde_json::json!({ "name": "Zilda Prado" })).await;
    for (path, what) in [("/clients?throw", "a render that throws"), ("/clients?stuck", "a render that overruns")] {
        let started = std::time::Instant::now();
        let response = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{what}");
        assert_client_rendered(&response.text().await.unwrap(), what);
        // The default limit, 250 ms.
        assert!(started.elapsed() < std::time::Duration::from_secs(3), "{what}: took {:?}", started.elapsed());
    }
    assert_eq!(app.state.ssr.as_ref().unwrap().memo_usage().0, 0, "a page that failed to render is not kept");
    // The engine lives on (or was replaced) and renders the next pages (a
    // few tries: a busy machine may push one past 250 ms).
    eventually("rendered again after the failures", Duration::from_secs(10), async || {
        let html = app.http.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
        html.contains("Zilda Prado") && !html.contains("<div id=\"root\"></div>")
    })
    .await;
}
both!(a_failed_render_gives_the_client_rendered_page);

async fn a_full_render_queue_gives_the_client_rendered_page(backend: Backend) {
    let app = spawn_with(
        backend,
        Options {
            ssr: true,
            ssr_bundle_extra: Some(FAULTY_RENDERS),
            render_queue: Some(0),
            render_timeout_ms: Some(5000),
            ..Options::default()
        },
    )
    .await;
    let token = app.admin_token().await;
    app.post("/api/clients", &token, serde_json::json!({ "name": "Zilda Prado" })).await;
    // One worker, no queue: while it renders the slow page, another is refused.
    let slow = tokio::spawn({
        let (http, url) = (app.http.clone(), app.url("/clients?slow"));
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    });
    let pool = app.state.ssr.as_ref().unwrap();
    eventually("the slow render starts", Duration::from_secs(10), async || pool.running() > 0).await;
    let html = app.http.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
    assert_client_rendered(&html, "a full queue");
    let html = slow.await.unwrap();
    assert!(html.contains("Zilda Prado") && !html.contains("<div id=\"root\"></div>"), "the slow one is rendered");
}
both!(a_full_render_queue_gives_the_client_rendered_page);

/// Waits until the memo holds `entries` pages (they are compressed and
/// kept in the background, after the response).
async fn memo_holds(app: &crate::common::TestApp, entries: usize) {
    let pool = app.state.ssr.as_ref().unwrap();
    eventually(&format!("the memo holds {entries} pages"), Duration::from_secs(30), async || pool.memo_usage().0 >= entries).await;
}

/// A page asked again with the same data comes from the memo: the same
/// document, and no new entry.
async fn a_repeated_page_comes_from_the_memo(backend: Backend) {
    let app = ssr_app(backend).await;
    let token = app.admin_token().await;
    app.post("/api/clients", &token, serde_json::json!({ "name": "Zilda Prado" })).await;
    let pool = app.state.ssr.as_ref().unwrap();
    let (entries, _) = pool.memo_usage();
    let first = app.http.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
    memo_holds(&app, entries + 1).await;
    let second = app.http.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
    assert_eq!(first, second);
    assert_eq!(pool.memo_usage().0, entries + 1, "no new entry: a hit");
    // Changed data is a new input: rendered again, and the change shows.
    app.post("/api/clients", &token, serde_json::json!({ "name": "Abel Souto" })).await;
    let third = app.http.get(app.url("/clients")).send().await.unwrap().text().await.unwrap();
    assert!(third.contains("Abel Souto"));
    memo_holds(&app, entries + 2).await;
}
both!(a_repeated_page_comes_from_the_memo);

/// The agenda's day asked twice within a minute is one render: its state's
/// "now" is to the minute. (A pair of requests that straddles a minute is
/// two renders; it is asked again.)
async fn the_agenda_asked_again_within_a_minute_comes_from_the_memo(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await;
    let pool = app.state.ssr.as_ref().unwrap();
    let page = |app: &crate::common::TestApp| app.http.get(app.url("/appointments?view=day")).send();
    for attempt in 1..=3 {
        let (entries, _) = pool.memo_usage();
        let first = page(&app).await.unwrap().text().await.unwrap();
        assert!(first.contains("Agenda") && first.contains("\"now\":\""), "the agenda's day, server-rendered");
        memo_holds(&app, entries + 1).await;
        // Another second: a "now" to the second would differ.
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let second = page(&app).await.unwrap().text().await.unwrap();
        if first == second {
            assert_eq!(pool.memo_usage().0, entries + 1, "no new entry: a hit");
            return;
        }
        assert!(attempt < 3, "the agenda was rendered again each time");
    }
}
both!(the_agenda_asked_again_within_a_minute_comes_from_the_memo);

/// A page's raw body and its policy, asked with `accept-encoding`.
async fn raw_page(app: &crate::common::TestApp, path: &str, accept: &str) -> (String, String, Vec<u8>) {
    let response = app.http.get(app.url(path)).header("accept-encoding", accept).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let encoding = response.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let csp = response.headers()["content-security-policy"].to_str().unwrap().to_string();
    (encoding, csp, response.bytes().await.unwrap().to_vec())
}

fn decoded(encoding: &str, bytes: &[u8]) -> String {
    let mut html = String::new();
    match encoding {
        "br" => brotli::Decompressor::new(bytes, 4096).read_to_string(&mut html).unwrap(),
        "gzip" => flate2::read::GzDecoder::new(bytes).read_to_string(&mut html).unwrap(),
        _ => return String::from_utf8(bytes.to_vec()).unwrap(),
    };
    html
}

/// A memo hit is stored bytes: two responses of a hit are byte-identical,
/// in brotli and in gzip, policy included, and decode to the page the miss
/// sent as it rendered.
async fn a_memo_hit_is_the_same_bytes_every_time(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await;
    let (encoding, miss_csp, miss) = raw_page(&app, "/clients", "gzip, deflate, br, zstd").await;
    assert_eq!(encoding, "br");
    let page = decoded("br", &miss);
    assert!(page.ends_with("</html>") && !page.contains("<div id=\"root\"></div>"), "a rendered page");
    memo_holds(&app, 1).await;
    for (accept, encoding) in [("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip"), ("identity", "")] {
        let (got, csp, first) = raw_page(&app, "/clients", accept).await;
        let (_, again_csp, second) = raw_page(&app, "/clients", accept).await;
        assert_eq!(got, encoding, "{accept}");
        assert_eq!(first, second, "{accept}: the same bytes");
        assert_eq!((&csp, &again_csp), (&miss_csp, &miss_csp), "{accept}: the same policy");
        assert_eq!(decoded(encoding, &first), page, "{accept}: the page the miss sent");
    }
    // Stored at brotli's best: smaller than the miss's stream.
    let (_, _, hit) = raw_page(&app, "/clients", "br").await;
    assert!(hit.len() < miss.len(), "stored {} bytes, streamed {}", hit.len(), miss.len());
    assert_eq!(app.state.ssr.as_ref().unwrap().memo_usage().0, 1, "all hits");
}
both!(a_memo_hit_is_the_same_bytes_every_time);

/// The text inside each `open … close` of a page.
fn inside<'a>(html: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    html.match_indices(open)
        .map(|(at, _)| {
            let from = at + open.len();
            &html[from..from + html[from..].find(close).unwrap()]
        })
        .collect()
}

/// The CSP source that allows an inline element with `text`.
fn sha256_source(text: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes())))
}

/// Pages: a strict CSP that allows exactly the page's inline scripts and
/// styles, by their hashes (no nonce, no 'unsafe-inline' for either, no
/// other source than this site); the state travels as JSON data, which
/// needs no allowance; the first paint needs only the HTML (critical CSS
/// inline, no blocking stylesheet) and the hydration asks for at most five
/// modules (the entry, the shell, what the protected screens share, the api
/// and the screen: client/build.mjs), within HTTP/1.1's six connections.
async fn pages_carry_a_strict_csp_with_the_hashes_of_their_inline_elements(backend: Backend) {
    let app = ssr_app(backend).await;
    for path in ["/login", "/nao/existe", "/clients", "/dashboard"] {
        if path == "/clients" {
            app.admin_token().await;
        }
        let response = app.http.get(app.url(path)).send().await.unwrap();
        let csp = response.headers()["content-security-policy"].to_str().unwrap().to_string();
        let html = response.text().await.unwrap();
        let directive = |name: &str| csp.split(';').map(str::trim).find(|d| d.split(' ').next() == Some(name)).map(str::to_string);
        let scripts = inside(&html, "<script>", "</script>");
        let styles = inside(&html, "<style>", "</style>");
        assert_eq!(scripts.len(), 2, "{path}: the theme and the stylesheet loader");
        assert_eq!(styles.len(), 1, "{path}: the critical CSS");
        let sources = |texts: &[&str]| texts.iter().map(|t| sha256_source(t)).collect::<Vec<_>>().join(" ");
        assert_eq!(directive("script-src").unwrap(), format!("script-src 'self' {}", sources(&scripts)), "{path}");
        assert_eq!(directive("style-src").unwrap(), format!("style-src 'self' {}", sources(&styles)), "{path}");
        assert_eq!(directive("style-src-attr").unwrap(), "style-src-attr 'unsafe-inline'", "{path}: React's style attributes");
        assert!(!csp.contains("nonce") && !csp.contains("unsafe-eval") && !csp.contains('*'), "{path}: {csp}");
        assert_eq!(csp.matches("'unsafe-inline'").count(), 1, "{path}: only for style attributes: {csp}");
        for directive in ["default-src 'self'", "img-src 'self' data:", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"] {
            assert!(csp.contains(directive), "{path}: {directive}: {csp}");
        }
        // Every other script is the module (from this site) or the state (data).
        let others = html.matches("<script").count() - scripts.len();
        assert_eq!(html.matches("<script type=\"module\" fetchpriority=\"low\" src=\"/assets/").count() + html.matches(STATE_ELEMENT).count(), others, "{path}");
        assert_eq!(html.matches(STATE_ELEMENT).count(), 1, "{path}");
        assert!(!html.contains("rel=\"stylesheet\""), "{path}: no stylesheet blocks the paint");
        assert!(!html.contains(" onload="), "{path}: no inline handlers");
        let modules = html.matches("rel=\"modulepreload\"").count() + html.matches("<script type=\"module\"").count();
        assert!(modules <= 5, "{path}: {modules} modules for the hydration");
    }
}
both!(pages_carry_a_strict_csp_with_the_hashes_of_their_inline_elements);

/// The JavaScript a page waits for before it hydrates, as the server sends
/// it to a browser (brotli): the entry, its static imports, and the route's
/// screen chunk with its own (the manifest), which are exactly the page's
/// module script and preloads. The budget is 110 KB for both pages. Neither
/// needs RTK Query; a protected page's navigation hydrates right after it
/// from its own files, which the page only prefetches (about 7 KB, not
/// counted: hydration does not wait for them).
const HYDRATION_JS_BUDGETS: [(&str, usize); 2] = [("/login", 110_000), ("/clients", 110_000)];

async fn the_javascript_before_hydration_stays_within_its_budget(backend: Backend) {
    let app = ssr_app(backend).await;
    let manifest = app.state.manifest.clone();
    let mut sizes = Vec::new();
    for (path, budget) in HYDRATION_JS_BUDGETS {
        if path == "/clients" {
            app.admin_token().await;
        }
        let html = app.http.get(app.url(path)).send().await.unwrap().text().await.unwrap();
        let mut files = vec![manifest.entry.clone()];
        files.extend(manifest.imports.iter().cloned());
        files.extend(manifest.routes[path].iter().cloned());
        files.dedup();
        let mut total = 0;
        for file in &files {
            assert!(html.contains(&format!("\"/assets/{file}\"")), "{path}: {file} is neither preloaded nor the entry");
            let response = app.http.get(app.url(&format!("/assets/{file}"))).header("accept-encoding", "gzip, deflate, br").send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{file}");
            assert_eq!(response.headers()["content-encoding"], "br", "{file}");
            total += response.bytes().await.unwrap().len();
        }
        let modules = html.matches("rel=\"modulepreload\"").count() + html.matches("<script type=\"module\"").count();
        assert_eq!(modules, files.len(), "{path}: the page loads exactly these modules before hydrating");
        let low = html.matches("rel=\"modulepreload\" fetchpriority=\"low\"").count() + html.matches("<script type=\"module\" fetchpriority=\"low\"").count();
        assert_eq!(low, modules, "{path}: every module at a low priority (the paint waits for none)");
        // The navigation (a protected page's) is only prefetched: hydration does not wait for it.
        let prefetched = manifest.prefetch.get(path).cloned().unwrap_or_default();
        assert_eq!(html.matches("rel=\"prefetch\"").count(), prefetched.len(), "{path}");
        for file in &prefetched {
            assert!(html.contains(&format!("<link rel=\"prefetch\" href=\"/assets/{file}\">")), "{path}: {file} is prefetched");
            assert!(!files.contains(file), "{path}: {file} is prefetched, not preloaded");
        }
        assert_eq!(prefetched.iter().any(|f| f.starts_with("nav-")), path == "/clients", "{path}: the navigation's chunk is prefetched on a protected page only");
        sizes.push((path, files.len(), total, budget));
    }
    for (path, files, total, budget) in &sizes {
        assert!(total <= budget, "{path}: {total} bytes of JavaScript in {files} files before hydration (budget {budget})");
    }
}
both!(the_javascript_before_hydration_stays_within_its_budget);

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
    let cookie = crate::common::set_cookie(&response, "expediente_session").expect("the session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    let response = app.http.get(app.url("/dashboard")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}
both!(the_login_form_works_before_its_script_runs);

async fn a_bad_list_filter_in_the_address_still_shows_the_first_page(backend: Backend) {
    let app = ssr_app(backend).await;
    let token = app.admin_token().await;
    app.created(&token, "/api/clients", serde_json::json!({ "name": "Ana Lúcia" })).await;
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
    let state = preloaded_state(&html);
    assert_eq!(seeded(&state, "getUsers")[0]["arg"], serde_json::json!({ "page": 1 }), "under the users screen's argument");
    assert_eq!(seeded_value(&state, "getUsers")["data"][0]["email"], ADMIN_EMAIL);
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    // The address as it reads: the list offers a line break after its @ (`<wbr/>`).
    assert!(root.replace("<wbr/>", "").contains(ADMIN_EMAIL) && !root.contains("Carregando"), "the users table is rendered");

    let html = app.http.get(app.url("/reports")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    let reports = seeded_value(&state, "getReportSummary");
    assert!(reports["from"].as_str().unwrap().ends_with("-01"), "this month: {reports}");
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    assert!(root.contains("Taxa de faltas") && !root.contains("Carregando"), "the summary is rendered");
}
both!(users_and_reports_arrive_with_their_data);

/// A screen the route table keeps for admins answers staff with a 403 and
/// the Portuguese "Acesso negado" screen, without the screen's data.
async fn staff_opening_users_get_a_403_page(backend: Backend) {
    let app = ssr_app(backend).await;
    let admin = app.admin_token().await;
    let body = serde_json::json!({ "name": "Bruno Equipe", "email": "bruno@example.com", "role": "staff", "password": "senha-do-bruno" });
    app.created(&admin, "/api/users", body).await;
    app.login("bruno@example.com", "senha-do-bruno").await; // the session cookie is now the staff member's
    let response = app.http.get(app.url("/users")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Usuários | Expediente</title>"), "the route's title");
    assert!(preloaded_state(&html).get("queries").is_none(), "no user list for staff");
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    assert!(root.contains("Acesso negado") && !root.replace("<wbr/>", "").contains(ADMIN_EMAIL), "the forbidden screen is rendered");
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
    let id = app.created(&token, "/api/clients", body).await["id"].as_i64().unwrap();
    let edit = serde_json::json!({ "name": "Ana Lúcia Prado", "version": 1 });
    assert_eq!(app.put(&format!("/api/clients/{id}"), &token, edit).await.status(), StatusCode::OK);
    let (_, me) = crate::common::json_of(app.get("/api/me", &token).await).await;
    let booking = serde_json::json!({
        "clientId": id, "staffId": me["data"]["id"], "service": "Limpeza de pele",
        "startsAt": "2059-05-06T10:00:00-03:00", "durationMinutes": 60, "priceCents": 15000,
    });
    app.book(&token, booking).await;

    let response = app.http.get(app.url(&format!("/clients/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Cliente | Expediente</title>"));
    let state = preloaded_state(&html);
    let client = seeded_value(&state, "getClient");
    assert_eq!(client["id"], id);
    assert_eq!(client["totals"], serde_json::json!({ "visits": 0, "noShows": 0, "revenueCents": 0 }));
    assert_eq!(seeded(&state, "getClientHistory")[0]["arg"], serde_json::json!({ "id": id, "page": 1 }));
    let history = seeded_value(&state, "getClientHistory");
    assert_eq!(history["data"].as_array().unwrap().len(), 2);
    assert_eq!(history["meta"]["total"], 2);
    // Both lists split at the record's `asOf`, under the arguments the screen asks with.
    let lists = seeded(&state, "getClientAppointments");
    let as_of = &client["asOf"];
    assert_eq!(lists[0]["arg"], serde_json::json!({ "client_id": id, "from": as_of, "sort": "startsAt", "page": 1 }));
    assert_eq!(lists[1]["arg"], serde_json::json!({ "client_id": id, "to": as_of, "sort": "-startsAt", "page": 1 }));
    assert_eq!(lists[0]["value"]["data"][0]["service"], "Limpeza de pele");
    assert_eq!(lists[1]["value"]["data"], serde_json::json!([]));
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    for text in [
        "Ana Lúcia Prado",
        "(11) 98765-4321",
        "href=\"tel:+5511987654321\"",
        "href=\"https://wa.me/5511987654321\"",
        "href=\"mailto:ana@example.com\"",
        "Limpeza de pele",
        "06/05/2059",
        "Próximos agendamentos",
        "Histórico de alterações",
        "Alteração",
        "Ana Lúcia<!-- --> → <!-- -->Ana Lúcia Prado",
        &format!("href=\"/appointments?book=1&amp;book_client={id}\""),
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

/// A client with 400 edits of a long note and 150 appointments (such a
/// page once weighed 3.9 MB) arrives as one page of each list, every text
/// of the history cut short: the whole HTML under 100 KB.
async fn a_clients_page_is_bounded_however_long_the_record(backend: Backend) {
    use chrono::{Duration, TimeZone, Utc};
    use sea_orm::{ActiveModelTrait, Set, TransactionTrait};

    let app = ssr_app(backend).await;
    let token = app.admin_token().await;
    let id = app.create_client(&token, "Cliente Antiga").await as i32;
    let (_, me) = crate::common::json_of(app.get("/api/me", &token).await).await;
    let staff = me["data"]["id"].as_i64().unwrap() as i32;
    // Written straight to the database: 550 requests would only be slower.
    let txn = app.state.db.begin().await.unwrap();
    let note = |n: usize| format!("{n}: {}", "evolução clínica detalhada ".repeat(70));
    for n in 1..=400 {
        let changes = serde_json::json!({ "notes": { "old": note(n - 1), "new": note(n) } });
        entities::audit_log::ActiveModel {
            entity: Set(entities::audit_log::AuditEntity::Client),
            entity_id: Set(id),
            action: Set("update".into()),
            user_id: Set(Some(staff)),
            changes: Set(changes),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .unwrap();
    }
    let first = Utc.with_ymd_and_hms(2024, 1, 1, 13, 0, 0).unwrap();
    for n in 0..150i64 {
        let starts = first + Duration::days(n * 7);
        entities::appointment::ActiveModel {
            client_id: Set(id),
            staff_id: Set(staff),
            service: Set(format!("Sessão {n}")),
            starts_at: Set(starts),
            ends_at: Set(starts + Duration::hours(1)),
            status: Set(entities::appointment::AppointmentStatus::Agendado),
            price_cents: Set(10_000),
            notes: Set(Some("Observação do atendimento. ".repeat(20))),
            version: Set(1),
            created_at: Set(first),
            updated_at: Set(first),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .unwrap();
    }
    txn.commit().await.unwrap();

    let html = app.http.get(app.url(&format!("/clients/{id}"))).send().await.unwrap().text().await.unwrap();
    assert!(html.len() < 100 * 1024, "the page has {} bytes", html.len());
    let state = preloaded_state(&html);
    let history = seeded_value(&state, "getClientHistory");
    assert_eq!((history["data"].as_array().unwrap().len(), history["meta"]["total"].as_i64()), (10, Some(401)));
    assert_eq!(history["data"][0]["abridged"], serde_json::json!(["notes"]));
    let lists = seeded(&state, "getClientAppointments");
    let (upcoming, past) = (&lists[0]["value"], &lists[1]["value"]);
    for list in [upcoming, past] {
        let total = list["meta"]["total"].as_u64().unwrap() as usize;
        assert_eq!(list["data"].as_array().unwrap().len(), total.min(10), "one page: {}", list["meta"]);
    }
    assert_eq!(upcoming["meta"]["total"].as_u64().unwrap() + past["meta"]["total"].as_u64().unwrap(), 150);
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    assert!(root.contains("Ver texto completo") && root.contains("página 1 de 41"), "the history's first page, and its pages");
    println!("{backend:?}: the record's page is {} bytes ({} of state)", html.len(), state.to_string().len());
}
both!(a_clients_page_is_bounded_however_long_the_record);

/// The reports page draws its charts as SVG in the first HTML, for the
/// period in its address.
async fn reports_arrive_with_svg_charts(backend: Backend) {
    let app = ssr_app(backend).await;
    app.admin_token().await;
    let html = app.http.get(app.url("/reports?period=week")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(seeded(&state, "getReportSummary")[0]["arg"], serde_json::json!({ "period": "week" }));
    let reports = seeded_value(&state, "getReportSummary");
    assert_eq!(reports["period"], "week");
    assert_eq!(reports["byDay"].as_array().unwrap().len(), 7);
    let root = &html[..html.find(STATE_ELEMENT).unwrap()];
    for label in ["Agendamentos por dia", "Receita por dia", "Agendamentos por situação"] {
        assert!(root.contains(&format!("<svg role=\"img\" aria-label=\"{label}")), "an SVG chart: {label}");
    }
    assert!(root.matches("class=\"chart-bar").count() >= 7 + 7 + 5, "a bar a day and a status");
    assert!(root.contains("Esta semana") && root.contains("Personalizado"));

    let html = app.http.get(app.url("/reports?from=2026-02-01&to=2026-02-10")).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    let reports = seeded_value(&state, "getReportSummary");
    assert_eq!((reports["from"].as_str(), reports["to"].as_str(), &reports["period"]), (Some("2026-02-01"), Some("2026-02-10"), &serde_json::Value::Null));
}
both!(reports_arrive_with_svg_charts);
