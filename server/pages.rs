//! The pages: every non-API path is answered with a server-rendered HTML
//! document (or an empty root with `EXPEDIENTE_SSR=off`). The head goes out
//! first, so the browser fetches CSS and modules while the page's data is
//! loaded and rendered.

use std::convert::Infallible;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use chrono::Datelike;
use futures::StreamExt;
use serde_json::{Map, Value, json};

use crate::auth::{AuthUser, SESSION_COOKIE, authenticate};
use crate::error::{AppError, Result};
use crate::layout::{self, Layout};
use crate::routes::auth::{removal_cookie, revoke, session_cookie, sign_in};
use crate::services::{appointments, clients, dashboard, reports, users};
use crate::state::AppState;

/// The screens that need a session, with their titles.
pub const PROTECTED: &[(&str, &str)] = &[
    ("/dashboard", "Dashboard"),
    ("/clients", "Clientes"),
    ("/appointments", "Agendamentos"),
    ("/reports", "Relatórios"),
    ("/users", "Usuários"),
    ("/auth/profile", "Meu perfil"),
];

/// The route a path renders, as the client's route table knows it.
enum Route {
    Login,
    Logout,
    Protected(&'static str, &'static str),
    NotFound,
}

fn route_for(path: &str) -> Route {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    match path {
        "/login" => Route::Login,
        "/logout" => Route::Logout,
        _ => PROTECTED.iter().find(|(p, _)| *p == path).map_or(Route::NotFound, |(p, t)| Route::Protected(p, t)),
    }
}

/// A 302 redirect (axum's `Redirect` offers 303 and 307).
pub fn found(location: &'static str) -> impl IntoResponse {
    (StatusCode::FOUND, [(header::LOCATION, location)])
}

pub async fn root() -> impl IntoResponse {
    found("/login")
}

/// Every page path but `/`.
pub async fn page(State(state): State<AppState>, uri: Uri, headers: HeaderMap, jar: CookieJar) -> Response {
    let token = jar.get(SESSION_COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty());
    let session = match &token {
        Some(token) => authenticate(&state, token).await.ok(),
        None => None,
    };
    let route = route_for(uri.path());
    let mut jar = jar;
    let session = match (&route, session) {
        (Route::Login, Some(_)) => return found("/dashboard").into_response(),
        (Route::Protected(..), None) => {
            // A cookie that no longer works is dropped on the way to /login.
            let jar = if token.is_some() { jar.remove(removal_cookie()) } else { jar };
            return (jar, found("/login")).into_response();
        }
        (Route::Logout, _) => {
            if let Some(token) = &token {
                if let Err(error) = revoke(&state, token).await {
                    tracing::error!(?error, "revoking on /logout failed");
                }
                jar = jar.remove(removal_cookie());
            }
            None
        }
        (_, session) => session,
    };
    let (route_key, title, status) = match route {
        Route::Login => ("/login", "Entrar", StatusCode::OK),
        Route::Logout => ("/logout", "Sair", StatusCode::OK),
        Route::Protected(path, title) => (path, title, StatusCode::OK),
        Route::NotFound => ("*", "Página não encontrada", StatusCode::NOT_FOUND),
    };
    let page = Page { route: route_key, title, status, session, token, login_error: None };
    render(state, page, &uri, &headers, jar)
}

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
    jar: CookieJar,
    axum::Form(form): axum::Form<LoginForm>,
) -> Response {
    // A form posted from another site could sign the browser into someone
    // else's account: only this origin may post it.
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "Origem não permitida.").into_response();
    }
    match sign_in(&state, &form.email, form.password).await {
        Ok((_, token, _)) => (jar.add(session_cookie(token, state.keys.ttl)), found("/dashboard")).into_response(),
        Err(error) => {
            let message = match &error {
                AppError::Unauthorized(message) => message.clone(),
                AppError::Validation { .. } => "Informe o e-mail e a senha.".to_string(),
                _ => "Não foi possível entrar agora. Tente novamente.".to_string(),
            };
            if let AppError::Internal(cause) = &error {
                tracing::error!(?cause, "sign-in by form failed");
            }
            let page = Page {
                route: "/login",
                title: "Entrar",
                status: error.status(),
                session: None,
                token: None,
                login_error: Some(message),
            };
            render(state, page, &uri, &headers, jar)
        }
    }
}

/// What one page response shows.
struct Page {
    route: &'static str,
    title: &'static str,
    status: StatusCode,
    session: Option<AuthUser>,
    token: Option<String>,
    /// A failed form sign-in, shown on the login page.
    login_error: Option<String>,
}

/// The streamed HTML response: the head at once, then the rendered root and
/// the state once the page's data is loaded.
fn render(state: AppState, page: Page, uri: &Uri, headers: &HeaderMap, jar: CookieJar) -> Response {
    let layout = Layout::from_cookie(jar.get(layout::COOKIE).map(|c| c.value()));
    let document = ssr::Document {
        html_attributes: layout.html_attributes(),
        title: format!("{} | Expediente", page.title),
        css: state.manifest.css.iter().map(|f| format!("/assets/{f}")).collect(),
        preload: state.manifest.preload_for(page.route),
        entry: format!("/assets/{}", state.manifest.entry),
        scripts_after_first_paint: state.ssr.is_some(),
    };
    let head = document.head();
    let url = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    let status = page.status;
    let body_future = async move {
        let page_state = match preloaded_state(&state, &page, &url, &layout).await {
            Ok(value) => value,
            Err(error) => {
                tracing::error!(?error, url, "loading the page's data failed");
                json!({ "layout": layout })
            }
        };
        let state_json = page_state.to_string();
        let root = match &state.ssr {
            Some(pool) => {
                let input = json!({ "url": url, "state": page_state }).to_string();
                pool.render(input).await.unwrap_or_else(|error| {
                    tracing::error!(%error, url, "render failed; the browser will render the page");
                    String::new()
                })
            }
            None => String::new(),
        };
        root + &document.tail(&state_json)
    };

    let gzip = accepts_gzip(headers);
    let chunks = futures::stream::once(async move { head }).chain(futures::stream::once(body_future));
    let body = if gzip {
        Body::from_stream(gzip_stream(chunks))
    } else {
        Body::from_stream(chunks.map(|s| Ok::<_, Infallible>(Bytes::from(s))))
    };
    let mut response = (status, jar, body).into_response();
    let response_headers = response.headers_mut();
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    // The page carries the session's token in its state: never cache it.
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response_headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding, Cookie"));
    if gzip {
        response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// The state the page is rendered and hydrated with (ssr/CONTRACT.md).
async fn preloaded_state(state: &AppState, page: &Page, url: &str, layout: &Layout) -> Result<Value> {
    let tz = state.config.tz;
    let mut out = Map::new();
    out.insert("layout".into(), serde_json::to_value(layout).unwrap_or(Value::Null));
    let Some(auth) = &page.session else {
        if let Some(error) = &page.login_error {
            out.insert(
                "auth".into(),
                json!({
                    "id": null, "name": null, "email": null, "role": null, "accessToken": null, "typeToken": null,
                    "expiresIn": null, "expiresAt": null, "loading": false, "error": error,
                }),
            );
        }
        return Ok(Value::Object(out));
    };
    let now = chrono::Utc::now().timestamp();
    out.insert(
        "auth".into(),
        json!({
            "id": auth.user.id, "name": auth.user.name, "email": auth.user.email, "role": auth.user.role,
            "accessToken": page.token, "typeToken": "Bearer", "expiresIn": (auth.claims.exp - now).max(0),
            "expiresAt": auth.claims.exp * 1000, "loading": false, "error": null,
        }),
    );
    // Rendered only in the browser, the page is a plain SPA: it fetches its
    // own data (the peer the first-paint benchmark measures against).
    if state.ssr.is_none() {
        return Ok(Value::Object(out));
    }
    let query = url.split_once('?').map_or("", |(_, q)| q);
    match page.route {
        "/dashboard" => {
            out.insert("page".into(), json!({ "dashboard": dashboard::summary(&state.db, tz).await? }));
        }
        "/users" if auth.is_admin() => {
            let list = users::list(&state.db, &Default::default(), tz).await?;
            out.insert("page".into(), json!({ "users": list }));
        }
        "/reports" => {
            // This month in the business time zone, the screen's default period.
            let today = chrono::Utc::now().with_timezone(&tz).date_naive();
            let first = today.with_day(1).unwrap_or(today);
            let last = (first + chrono::Months::new(1)).pred_opt().unwrap_or(today);
            let period = reports::SummaryQuery { from: Some(first.to_string()), to: Some(last.to_string()) };
            out.insert("page".into(), json!({ "reports": reports::summary(&state.db, &period, tz).await? }));
        }
        "/clients" => {
            let query: clients::ClientQuery = serde_urlencoded::from_str(query).unwrap_or_default();
            // A hand-edited address with a bad filter still gets the first page.
            let list = match clients::list(&state.db, &query, tz).await {
                Err(AppError::Validation { .. }) => clients::list(&state.db, &Default::default(), tz).await?,
                other => other?,
            };
            out.insert("clients".into(), json!({ "list": list.data, "meta": list.meta, "loading": false, "error": null }));
        }
        "/appointments" => {
            let query: appointments::AppointmentQuery = serde_urlencoded::from_str(query).unwrap_or_default();
            let list = match appointments::list(&state.db, &query, tz).await {
                Err(AppError::Validation { .. }) => appointments::list(&state.db, &Default::default(), tz).await?,
                other => other?,
            };
            out.insert(
                "appointments".into(),
                json!({ "list": list.data, "meta": list.meta, "loading": false, "error": null }),
            );
        }
        _ => {}
    }
    Ok(Value::Object(out))
}

/// True when the request's `Origin` (sent by browsers on form posts) names
/// the host it was sent to, or is absent (non-browser clients).
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    origin.split_once("://").is_some_and(|(_, rest)| rest == host)
}

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().split(';').next() == Some("gzip")))
}

/// Gzips a stream of text chunks, flushing after each so the head reaches
/// the browser before the body is ready.
fn gzip_stream(
    chunks: impl futures::Stream<Item = String> + Send + 'static,
) -> impl futures::Stream<Item = std::io::Result<Bytes>> + Send + 'static {
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    let encoder = GzEncoder::new(Vec::new(), Compression::fast());
    let chunks = chunks.map(Some).chain(futures::stream::once(async { None }));
    chunks.scan(Some(encoder), |encoder, chunk| {
        let result = (|| {
            let enc = encoder.as_mut().expect("encoder used after finish");
            match chunk {
                Some(text) => {
                    enc.write_all(text.as_bytes())?;
                    enc.flush()?;
                    Ok(Bytes::from(std::mem::take(enc.get_mut())))
                }
                None => Ok(Bytes::from(encoder.take().expect("finished once").finish()?)),
            }
        })();
        futures::future::ready(Some(result))
    })
}
