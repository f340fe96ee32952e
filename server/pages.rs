//! The pages: every non-API path is answered with a server-rendered HTML
//! document (or an empty root with `EXPEDIENTE_SSR=off`). Once the page's
//! data is read, a page the memo holds goes out as stored bytes; any other
//! sends its head first, so the browser fetches CSS and modules while the
//! page renders.

use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use futures::StreamExt;
use regex::Regex;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::http::{AuthUser, ClientAddress, cookie_token, device_cookie, device_token, removal_cookie, same_origin, session_cookie};
use crate::compression::{self, Encoding};
use crate::error::AppError;
use crate::layout::{self, Layout};
use crate::middleware;
use crate::reads::{self, Loaded, MAX_STATE_BYTES, Read, Slices};
use expediente_core::people::sessions;
use crate::state::AppState;
use entities::user::Role;

/// One screen of the route table the client's router and build read too.
#[derive(Debug, Deserialize)]
pub struct Route {
    /// The path, or `*` for every path no other route has.
    pub path: String,
    /// The screen's module under `client/src/`.
    pub screen: String,
    /// The document's title (before ` | Expediente`).
    pub title: String,
    /// Opened only with a session; without one the path redirects to /login.
    pub protected: bool,
    /// The roles the screen's data is for; absent: every role.
    #[serde(default)]
    pub roles: Option<Vec<Role>>,
    /// The API reads the screen's data comes from (`reads.rs`).
    #[serde(default)]
    pub reads: Vec<Read>,
}

impl Route {
    /// True when a user of `role` gets the screen's data.
    pub fn allows(&self, role: Role) -> bool {
        self.roles.as_ref().is_none_or(|roles| roles.contains(&role))
    }
}

/// `client/src/app/routes.json`, the one route table.
pub static ROUTES: LazyLock<Vec<Route>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../client/src/app/routes.json")).expect("client/src/app/routes.json is a route table")
});

/// The table the client's build generates from routes.json
/// (`client/gen-route-table.mjs`, run by build.rs before this compiles):
/// each route's pattern and where signing in may return to, written once
/// there for the browser and the server.
#[derive(Deserialize)]
struct GeneratedTable {
    routes: Vec<GeneratedRoute>,
    #[serde(rename = "afterSignIn")]
    after_sign_in: GeneratedRule,
}

#[derive(Deserialize)]
struct GeneratedRoute {
    path: String,
    /// Absent for `*`.
    #[serde(default)]
    pattern: Option<String>,
}

#[derive(Deserialize)]
struct GeneratedRule {
    pattern: String,
    otherwise: String,
}

/// The generated patterns, compiled once: each route's (by its place in
/// ROUTES) and the after-sign-in rule's.
struct Matcher {
    routes: Vec<(usize, Regex)>,
    after_sign_in: Regex,
    otherwise: String,
}

static MATCHER: LazyLock<Matcher> = LazyLock::new(|| {
    let table: GeneratedTable = serde_json::from_str(include_str!("../client/generated/route-table.json"))
        .expect("client/generated/route-table.json is the generated route table");
    let regex = |pattern: &str| Regex::new(pattern).unwrap_or_else(|e| panic!("route-table.json: {pattern}: {e}"));
    let routes = table
        .routes
        .iter()
        .filter_map(|generated| {
            let index = ROUTES.iter().position(|r| r.path == generated.path).expect("route-table.json comes from routes.json");
            generated.pattern.as_deref().map(|pattern| (index, regex(pattern)))
        })
        .collect();
    Matcher { routes, after_sign_in: regex(&table.after_sign_in.pattern), otherwise: table.after_sign_in.otherwise }
});

/// The route a path renders, or the `*` route. The generated patterns: a
/// trailing slash does not count, and a `:name` segment (react-router's
/// syntax) is a positive record id spelled one way, so `/clients/abc` and
/// `/clients/007` are the not-found page.
pub fn route_for(path: &str) -> &'static Route {
    MATCHER
        .routes
        .iter()
        .find(|(_, pattern)| pattern.is_match(path))
        .map(|(index, _)| &ROUTES[*index])
        .or_else(|| ROUTES.iter().find(|r| r.path == NOT_FOUND))
        .expect("the route table has a \"*\" route")
}

const LOGIN: &str = "/login";
const LOGOUT: &str = "/logout";
const NOT_FOUND: &str = "*";

/// A 302 redirect (axum's `Redirect` offers 303 and 307).
pub fn found(location: &str) -> Response {
    let location = HeaderValue::from_str(location).unwrap_or(HeaderValue::from_static("/"));
    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
}

/// Where to go after signing in: `next` when it is a path of this site (no
/// scheme, no `//host`, no backslash or control character) to a signed-in
/// screen, else the dashboard: the generated rule, the client's too
/// (app/route-table.ts).
pub fn after_sign_in(next: Option<&str>) -> String {
    next.filter(|n| MATCHER.after_sign_in.is_match(n)).unwrap_or(&MATCHER.otherwise).to_string()
}

/// `/login`, with `?next=` back to `uri` when it is a signed-in screen.
fn login_returning_to(uri: &Uri) -> String {
    let here = uri.path_and_query().map_or("/", |p| p.as_str());
    if after_sign_in(Some(here)) == here {
        format!("/login?{}", serde_urlencoded::to_string([("next", here)]).unwrap_or_default())
    } else {
        "/login".to_string()
    }
}

/// The `next` parameter of a `/login` address.
fn next_of(uri: &Uri) -> Option<String> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(uri.query().unwrap_or_default()).unwrap_or_default();
    pairs.into_iter().find(|(key, _)| key == "next").map(|(_, value)| value)
}

pub async fn root() -> impl IntoResponse {
    found("/login")
}

/// Every page path but `/`.
pub async fn page(State(state): State<AppState>, address: ClientAddress, uri: Uri, headers: HeaderMap, jar: CookieJar) -> Response {
    let token = cookie_token(&jar);
    let session = match &token {
        Some(token) => match sessions::current(&state.context(None), token).await {
            Ok(session) => session,
            // The session cannot be checked (database down): say so, and
            // keep the cookie, which may well still be good.
            Err(error) => return unavailable(&state, &jar, &error),
        },
        None => None,
    };
    let mut route = route_for(uri.path());
    let mut jar = jar;
    let session = match (route.path.as_str(), session) {
        (LOGIN, Some(_)) => return found(&after_sign_in(next_of(&uri).as_deref())),
        (_, None) if route.protected => {
            // A cookie that no longer works is dropped on the way to /login.
            let jar = if token.is_some() { jar.remove(removal_cookie(state.config.secure_cookies)) } else { jar };
            return (jar, found(&login_returning_to(&uri))).into_response();
        }
        // Opening /logout changes nothing (a link from another site must not
        // sign anyone out): the screen asks, and posts `logout_form`.
        (LOGOUT, None) if token.is_some() => {
            jar = jar.remove(removal_cookie(state.config.secure_cookies));
            None
        }
        (_, session) => session,
    };
    // A record's page (a route with a `:name`) reads its data before the
    // head goes out: a record that does not exist is the not-found page.
    let mut loaded = None;
    if route.path.contains(':') {
        if let Some(auth) = &session {
            let data = load(&state, route, auth, &uri, Some(&address)).await;
            if data.not_found {
                route = route_for(NOT_FOUND);
            }
            loaded = Some(data);
        }
    }
    let status = match &session {
        _ if route.path == NOT_FOUND => StatusCode::NOT_FOUND,
        // A screen for other roles: the client's route guard renders the
        // "Acesso negado" screen for the same table entry.
        Some(auth) if route.protected && !route.allows(auth.user.role) => StatusCode::FORBIDDEN,
        _ => StatusCode::OK,
    };
    let page = Page { route, status, session, token, login_error: None, loaded, address: Some(address) };
    render(state, page, &uri, &headers, jar)
}

/// The page every path shows while the database is out of reach: 503 with
/// `Retry-After`, in Portuguese, no scripts (the app could do nothing
/// anyway), and the request's cookies left as they are.
fn unavailable(state: &AppState, jar: &CookieJar, error: &AppError) -> Response {
    match error {
        AppError::Unavailable(cause) => tracing::warn!(cause, "page: database unavailable"),
        other => tracing::error!(error = ?other, "page: checking the session failed"),
    }
    let layout = Layout::from_cookie(jar.get(layout::COOKIE).map(|c| c.value()));
    let document = ssr::Document {
        html_attributes: layout.html_attributes(),
        title: format!("{UNAVAILABLE_TITLE} | Expediente"),
        css: state.manifest.css.iter().map(|f| format!("/assets/{f}")).collect(),
        critical_css: None,
        preload: Vec::new(),
        prefetch: Vec::new(),
        entry: String::new(),
    };
    let body = format!(
        "{}<main class=\"d-flex align-items-center justify-content-center min-vh-100 p-3\">\
         <div class=\"text-center\" style=\"max-width:480px\">\
         <p class=\"display-4 fw-bold text-primary mb-2\">503</p>\
         <h1 class=\"h4 fw-semibold mb-2\">{UNAVAILABLE_TITLE}</h1>\
         <p class=\"text-muted mb-4\">O sistema não consegue acessar o banco de dados agora. \
         Sua sessão continua válida: tente novamente em alguns instantes.</p>\
         <a class=\"btn btn-primary\" href=\"\">Tentar novamente</a></div></main></div></body></html>",
        document.head()
    );
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::RETRY_AFTER, HeaderValue::from(crate::error::RETRY_AFTER_SECONDS));
    headers.insert(header::CONTENT_SECURITY_POLICY, middleware::page_csp(&document.csp_hashes()));
    response
}

/// The title of the page shown while the database is out of reach.
pub const UNAVAILABLE_TITLE: &str = "Serviço indisponível";

#[derive(serde::Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// `POST /login`: the login form posted before the page's script has run
/// (on a slow link the form is on screen well before it is hydrated).
/// Success sets the session cookie and goes to /dashboard; a failure shows
/// the login page again with the message.
pub async fn login_form(
    State(state): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
    address: ClientAddress,
    jar: CookieJar,
    axum::Form(form): axum::Form<LoginForm>,
) -> Response {
    // A form posted from another site could sign the browser into someone
    // else's account: only this origin may post it.
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "Origem não permitida.").into_response();
    }
    let device = device_token(&jar);
    match sessions::sign_in(&state.context(None), &form.email, form.password, &address.0, device.as_deref()).await {
        Ok(signed_in) => {
            let secure = state.config.secure_cookies;
            let jar = jar.add(session_cookie(signed_in.token, state.keys.ttl, secure)).add(device_cookie(signed_in.device, secure));
            (jar, found(&after_sign_in(next_of(&uri).as_deref()))).into_response()
        }
        Err(error) => {
            let message = match &error {
                AppError::Unauthorized(message) | AppError::TooManyRequests { message, .. } => message.clone(),
                AppError::Busy => crate::error::BUSY.to_string(),
                // Each field's message: missing, too long, control characters.
                AppError::Validation { errors, .. } => errors.values().flatten().cloned().collect::<Vec<_>>().join(" "),
                _ => "Não foi possível entrar agora. Tente novamente.".to_string(),
            };
            if let AppError::Internal(cause) = &error {
                tracing::error!(?cause, "sign-in by form failed");
            }
            let page = Page {
                route: route_for(LOGIN),
                status: crate::error::status(&error),
                session: None,
                token: None,
                login_error: Some(message),
                loaded: None,
                address: None,
            };
            let retry_after = crate::error::retry_after(&error);
            let mut response = render(state, page, &uri, &headers, jar);
            if let Some(seconds) = retry_after {
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            }
            response
        }
    }
}

/// `POST /logout`: the logout screen's form. Only this origin may post it;
/// the session cookie's token is revoked, the cookie cleared, and the
/// browser sent to the (now signed-out) logout screen. When the revocation
/// cannot be saved, the screen says so and the cookie stays: it never
/// claims a sign-out that did not happen.
pub async fn logout_form(State(state): State<AppState>, uri: Uri, headers: HeaderMap, jar: CookieJar) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "Origem não permitida.").into_response();
    }
    let Some(token) = cookie_token(&jar) else {
        return see_other(LOGOUT).into_response();
    };
    let cx = state.context(None);
    match sessions::sign_out(&cx, &token).await {
        Ok(()) => (jar.remove(removal_cookie(state.config.secure_cookies)), see_other(LOGOUT)).into_response(),
        Err(error) => {
            tracing::error!(?error, "revoking on POST /logout failed");
            let session = match sessions::current(&cx, &token).await {
                Ok(session) => session,
                Err(error) => return unavailable(&state, &jar, &error),
            };
            let page = Page {
                route: route_for(LOGOUT),
                status: StatusCode::SERVICE_UNAVAILABLE,
                token: session.as_ref().map(|_| token),
                session,
                login_error: Some(SIGN_OUT_FAILED.to_string()),
                loaded: None,
                address: None,
            };
            render(state, page, &uri, &headers, jar)
        }
    }
}

/// What the logout screen says when the sign-out was not saved.
pub const SIGN_OUT_FAILED: &str = "Não foi possível encerrar a sessão agora. Tente novamente.";

/// A 303 redirect: after a form post, the browser GETs the location.
fn see_other(location: &'static str) -> impl IntoResponse {
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)])
}

/// What one page response shows.
struct Page {
    route: &'static Route,
    status: StatusCode,
    session: Option<AuthUser>,
    token: Option<String>,
    /// A failed form sign-in (on the login page) or sign-out (on the logout page).
    login_error: Option<String>,
    /// The screen's data when it was read before the head (a record's page).
    loaded: Option<Loaded>,
    /// Whom its reads are on behalf of, for the access log.
    address: Option<ClientAddress>,
}

/// The HTML response. Once the page's data is read, the document's input
/// is known: a page the memo holds goes out as the bytes it stored; any
/// other sends its head at once, so the browser fetches CSS and modules
/// while the page renders, then the rendered root and the state, and is
/// offered to the memo.
fn render(state: AppState, page: Page, uri: &Uri, headers: &HeaderMap, jar: CookieJar) -> Response {
    let layout = Layout::from_cookie(jar.get(layout::COOKIE).map(|c| c.value()));
    let page_head = state.manifest.head(&page.route.path, &page.route.title, &layout);
    let csp = page_head.csp.clone();
    let url = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    let uri = uri.clone();
    let status = page.status;
    let encoding = Encoding::preferred(headers);
    let body = futures::stream::once(async move {
        let page_state = preloaded_state(&state, page, &uri, &layout).await;
        let state_json = match bounded(page_state, MAX_STATE_BYTES) {
            Ok((_, json)) => json,
            Err((bytes, (_, cut))) => {
                tracing::error!(url, bytes, limit = MAX_STATE_BYTES, "the page's state is over its bound: sent without its data");
                cut
            }
        };
        // The render's input; with the head, everything the document is
        // made of (the tail is the state), so it is the memo's key.
        let input = format!("{{\"url\":{},\"state\":{state_json}}}", serde_json::to_string(&url).unwrap_or_default());
        let pool = state.ssr.clone();
        let key = pool.as_ref().map(|pool| pool.memo_key(page_head.head.digest(), &input));
        if let (Some(pool), Some(key)) = (&pool, key) {
            if let Some(stored) = pool.stored(key) {
                return futures::stream::once(futures::future::ready(compression::stored(encoding, &stored))).boxed();
            }
        }
        let first = page_head.head.compressed(encoding);
        let rest = async move {
            // A render that throws, overruns or finds the queue full: the
            // page goes out with an empty root and its state, and the
            // browser renders it (the same page as `EXPEDIENTE_SSR=off`);
            // it is not kept.
            let root = match &pool {
                Some(pool) => pool
                    .render(input)
                    .await
                    .inspect_err(|error| tracing::warn!(%error, url, "render failed; the browser will render the page"))
                    .ok(),
                None => None,
            };
            let rest = format!("{}{}", root.as_deref().unwrap_or_default(), ssr::Document::tail(&state_json));
            let bytes = page_head.head.rest(encoding, &rest);
            if let (Some(pool), Some(key), Some(_)) = (&pool, key, &root) {
                pool.keep(key, page_head.head.text().to_owned() + &rest);
            }
            bytes
        };
        futures::stream::once(futures::future::ready(first)).chain(futures::stream::once(rest)).boxed()
    })
    .flatten();

    let mut response = (status, jar, Body::from_stream(body)).into_response();
    let response_headers = response.headers_mut();
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    // The page carries the session's token in its state: never cache it.
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response_headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding, Cookie"));
    response_headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    if let Some(value) = encoding.header_value() {
        response_headers.insert(header::CONTENT_ENCODING, value);
    }
    response
}

/// The state and its JSON, when the JSON has at most `limit` bytes; else
/// its size and the state without its data (`layout` and `auth` only, so
/// the browser keeps the session and loads the rest).
fn bounded(state: Value, limit: usize) -> std::result::Result<(Value, String), (usize, (Value, String))> {
    let text = state.to_string();
    if text.len() <= limit {
        return Ok((state, text));
    }
    let mut kept = Map::new();
    for key in ["layout", "auth"] {
        if let Some(value) = state.get(key) {
            kept.insert(key.into(), value.clone());
        }
    }
    let kept = Value::Object(kept);
    let cut = kept.to_string();
    Err((text.len(), (kept, cut)))
}

/// The screen's data, read as `auth` (the route's reads, `reads.rs`);
/// none for a screen of other roles.
async fn load(state: &AppState, route: &Route, auth: &AuthUser, uri: &Uri, address: Option<&ClientAddress>) -> Loaded {
    if !route.allows(auth.user.role) {
        return Loaded::default();
    }
    let query = uri.query().unwrap_or_default();
    reads::load(state, &route.reads, &route.path, uri.path(), query, auth, address, Slices::Read).await
}

/// The state the page is rendered and hydrated with (ssr/CONTRACT.md).
async fn preloaded_state(state: &AppState, page: Page, uri: &Uri, layout: &Layout) -> Value {
    let mut out = Map::new();
    out.insert("layout".into(), serde_json::to_value(layout).unwrap_or(Value::Null));
    let auth = sessions::page_auth(page.session.as_ref(), page.token.as_deref(), page.login_error.as_deref())
        // The logout screen always says whose session it is, or that there
        // is none: what the browser's storage holds never wins over it.
        .or_else(|| (page.route.path == LOGOUT).then(sessions::signed_out));
    if let Some(auth) = auth {
        out.insert("auth".into(), serde_json::to_value(auth).unwrap_or(Value::Null));
    }
    // Rendered only in the browser, the page is a plain SPA: it fetches its
    // own data (the peer the first-paint benchmark measures against).
    let (Some(auth), Some(_)) = (&page.session, &state.ssr) else {
        return Value::Object(out);
    };
    let loaded = match page.loaded {
        Some(loaded) => loaded,
        None => load(state, page.route, auth, uri, page.address.as_ref()).await,
    };
    out.extend(loaded.slices);
    if !loaded.queries.is_empty() {
        out.insert("queries".into(), serde_json::to_value(loaded.queries).unwrap_or(Value::Null));
    }
    // The reads' arguments for this address: the screen asks with them, and
    // a navigation elsewhere asks `/api/reads` for the next ones.
    if !loaded.args.is_empty() {
        let at = uri.path_and_query().map_or("/", |p| p.as_str());
        out.insert("reads".into(), serde_json::json!({ "at": at, "args": loaded.args }));
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Every path of the table maps to its own route, with the title and
    /// protection the pages had before the table was shared.
    #[test]
    fn every_route_in_the_table_maps_as_expected() {
        let expected = [
            ("/login", "Entrar", false),
            ("/logout", "Sair", false),
            ("/dashboard", "Dashboard", true),
            ("/clients", "Clientes", true),
            ("/clients/:id", "Cliente", true),
            ("/appointments", "Agendamentos", true),
            ("/appointments/services", "Serviços", true),
            ("/appointments/reminders", "Lembretes", true),
            ("/appointments/online", "Agendamento online", true),
            ("/appointments/waitlist", "Lista de espera", true),
            ("/reports", "Relatórios", true),
            ("/users", "Usuários", true),
            ("/users/:id", "Usuário", true),
            ("/auth/profile", "Meu perfil", true),
            ("*", "Página não encontrada", false),
        ];
        assert_eq!(ROUTES.len(), expected.len(), "a route was added or removed: update this test");
        for (path, title, protected) in expected {
            let route = match path {
                NOT_FOUND => route_for("/nao/existe"),
                "/clients/:id" => route_for("/clients/12"),
                "/users/:id" => route_for("/users/12"),
                _ => route_for(path),
            };
            assert_eq!((route.path.as_str(), route.title.as_str(), route.protected), (path, title, protected), "{path}");
            assert!(!route.screen.is_empty(), "{path}: names its screen");
            if path.len() > 1 && !path.contains(':') {
                assert_eq!(route_for(&format!("{path}/")).path, route.path, "{path}/: a trailing slash does not count");
            }
        }
        for route in ROUTES.iter().filter(|r| !r.path.contains(':')) {
            assert!(std::ptr::eq(route_for(&route.path), route), "{}: its own path finds it", route.path);
        }
        assert_eq!(route_for("/clients/12/").path, "/clients/:id");
        for bad in ["/clients/0", "/clients/007", "/clients/+5", "/clients/-1", "/clients/abc", "/clients/1/x", "/clients/99999999999"] {
            assert_eq!(route_for(bad).path, NOT_FOUND, "{bad}");
        }
        assert_eq!(route_for("/").path, NOT_FOUND, "/ is redirected before the table is read");
        assert_eq!(route_for("/dashboard/extra").path, NOT_FOUND);
    }

    /// The generated rule (client/gen-route-table.mjs), as the client's tests
    /// check it too (app/route-table.test.ts): back only to a signed-in
    /// screen of this site.
    #[test]
    fn signing_in_returns_only_to_a_signed_in_screen_of_this_site() {
        for good in ["/clients/3?tab=x", "/appointments?view=week&date=2026-11-23", "/clients/2147483647", "/users/7/#top", "/dashboard"] {
            assert_eq!(after_sign_in(Some(good)), good, "{good}");
        }
        for bad in [
            "",
            "https://evil.example/clients",
            "//evil.example/clients",
            "/\\evil.example",
            "/login",
            "/logout",
            "/nada",
            "clients",
            "/clients\u{0}",
            "/clients?x=\u{85}",
            "/clients/2147483648",
            "/clients?next=\\x",
        ] {
            assert_eq!(after_sign_in(Some(bad)), "/dashboard", "{bad:?}");
        }
        assert_eq!(after_sign_in(None), "/dashboard");
    }

    /// A state over its bound keeps only what the browser needs to load
    /// the page itself: the layout and the session.
    #[test]
    fn a_state_over_its_bound_goes_without_its_data() {
        let state = json!({ "layout": { "theme": "light" }, "auth": { "id": 1 }, "page": { "client": "x".repeat(100) } });
        let (kept, text) = bounded(state.clone(), 1024).expect("within the bound");
        assert_eq!((kept, text), (state.clone(), state.to_string()));
        let (bytes, (cut, text)) = bounded(state.clone(), 64).expect_err("over the bound");
        assert_eq!(bytes, state.to_string().len());
        assert_eq!(cut, json!({ "layout": { "theme": "light" }, "auth": { "id": 1 } }));
        assert_eq!(text, cut.to_string());
    }

    /// Staff open /users (200, as before) but only admins get its data.
    #[test]
    fn roles_limit_a_screens_data() {
        let users = route_for("/users");
        assert!(users.allows(Role::Admin) && !users.allows(Role::Staff));
        let reports = route_for("/reports");
        assert!(reports.allows(Role::Admin) && reports.allows(Role::Staff));
    }
}
