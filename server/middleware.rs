//! The layers around every request: a panic answers a JSON 500 instead of
//! dropping the connection; a handler has a time limit; the number of
//! requests handled at once is bounded; every response carries the security
//! headers, and every API response `Cache-Control: no-store`.

use std::any::Any;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{Next, from_fn, map_response};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

use crate::error::{AppError, ErrorBody, HttpError};

/// Longest a handler may take before the request gets a 503.
pub const HANDLER_TIMEOUT: Duration = Duration::from_secs(30);
/// Requests handled at once; more wait for a free slot.
pub const MAX_CONCURRENT_REQUESTS: usize = 1024;
/// Longest a request body may pause between two pieces before the request
/// is refused (the whole body is within [`HANDLER_TIMEOUT`] anyway).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The limits [`protect`] applies.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub handler_timeout: Duration,
    pub max_concurrent_requests: usize,
    pub body_timeout: Duration,
    /// The site is served over https: HSTS on every response.
    pub https: bool,
}

impl Limits {
    pub fn new(https: bool) -> Limits {
        Limits { handler_timeout: HANDLER_TIMEOUT, max_concurrent_requests: MAX_CONCURRENT_REQUESTS, body_timeout: BODY_TIMEOUT, https }
    }
}

/// Wraps the whole application (routes already given their state).
pub fn protect(app: Router, limits: Limits) -> Router {
    let timeout = limits.handler_timeout;
    let https = limits.https;
    let body_timeout = limits.body_timeout;
    app.layer(from_fn(move |request: Request, next: Next| {
        let request = request.map(|body| axum::body::Body::new(tower_http::timeout::TimeoutBody::new(body_timeout, body)));
        next.run(request)
    }))
    .layer(from_fn(move |request: Request, next: Next| handler_timeout(request, next, timeout)))
        .layer(from_fn(clean_query))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(TraceLayer::new_for_http())
        .layer(GlobalConcurrencyLimitLayer::new(limits.max_concurrent_requests))
        .layer(map_response(move |response: Response| security_headers(response, https)))
        .layer(from_fn(no_store_api))
}

/// API answers are never kept by a browser or a proxy: they carry the token
/// (`/api/login`) and personal data, which a shared computer's cache would
/// hand to whoever uses it next. Set outside every other layer, so errors,
/// timeouts and panics carry it too. (Pages send their own `no-store`.)
async fn no_store_api(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let api = path == "/api" || path.starts_with("/api/");
    let mut response = next.run(request).await;
    if api {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// What every response says to the browser: no MIME sniffing, no framing by
/// another site, no plugins, no `<base>` elsewhere, forms only to this site,
/// the referrer only within it, no camera, microphone or location. Pages
/// send a stricter policy of their own ([`page_csp`]).
pub const SECURITY_HEADERS: [(HeaderName, &str); 5] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "same-origin"),
    (header::CONTENT_SECURITY_POLICY, BASE_CSP),
    (HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=()"),
];

/// The Content-Security-Policy of every response.
pub const BASE_CSP: &str = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/// A page's Content-Security-Policy: everything from this site only;
/// inline scripts and style elements only those the page's document writes,
/// each allowed by its hash (so no injected script runs, and no inline
/// handler such as `onload`; the same policy and bytes for every response,
/// so a memoised page is stored compressed once); style attributes (React's
/// `style={…}`) allowed.
pub fn page_csp(hashes: &ssr::CspHashes) -> HeaderValue {
    let sources = |hashes: &[String]| hashes.iter().fold(String::from("'self'"), |all, hash| all + " " + hash);
    let policy = format!(
        "default-src 'self'; script-src {}; style-src {}; style-src-attr 'unsafe-inline'; img-src 'self' data:; \
         font-src 'self' data:; connect-src 'self'; {BASE_CSP}",
        sources(&hashes.scripts),
        sources(&hashes.styles)
    );
    HeaderValue::from_str(&policy).expect("hashes are base64")
}

/// HSTS when the site says it is served over https (`--secure-cookies`).
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

async fn security_headers(mut response: Response, https: bool) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    if https {
        headers.entry(header::STRICT_TRANSPORT_SECURITY).or_insert(HeaderValue::from_static(HSTS));
    }
    response
}

/// A query string with a NUL or another control character (any parameter,
/// API or page) is a 422 before it reaches a handler.
async fn clean_query(request: Request, next: Next) -> Response {
    if let Some(error) = request.uri().query().and_then(expediente_core::kit::validation::check_query_text) {
        return HttpError(error).into_response();
    }
    next.run(request).await
}

/// A handler that takes longer than `timeout` is dropped; the request gets
/// a 503 with a Portuguese JSON message.
async fn handler_timeout(request: Request, next: Next, timeout: Duration) -> Response {
    let path = request.uri().path().to_string();
    match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(path, "handler timed out after {timeout:?}");
            let body = ErrorBody { message: "O servidor demorou demais para responder. Tente novamente.".into(), errors: None, conflict: None, conflicts: None, rule: None };
            (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "5")], Json(body)).into_response()
        }
    }
}

/// A panic in a handler: logged, and answered like any internal error.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(sem mensagem)");
    HttpError(AppError::Internal(anyhow::anyhow!("handler panicked: {detail}"))).into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode, header};
    use axum::routing::get;
    use futures::StreamExt;
    use tower::ServiceExt;

    use super::*;

    async fn boom() -> &'static str {
        panic!("boom")
    }

    fn app() -> Router {
        protect(
            Router::new()
                .route("/boom", get(boom))
                .route("/api/boom", get(boom))
                .route("/api/ok", get(|| async { "ok" }))
                .route("/ok", get(|| async { "ok" }))
                .route("/slow", get(|| async { tokio::time::sleep(Duration::from_secs(5)).await; "late" }))
                .route("/echo", axum::routing::post(|crate::extract::ApiJson(v): crate::extract::ApiJson<serde_json::Value>| async move { Json(v) })),
            Limits { handler_timeout: Duration::from_millis(300), body_timeout: Duration::from_millis(100), ..Limits::new(false) },
        )
    }

    async fn body_json(response: Response) -> serde_json::Value {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_panic_is_a_json_500_in_portuguese() {
        let response = app().oneshot(Request::get("/boom").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/json"));
        let body = body_json(response).await;
        assert_eq!(body["message"], "Ocorreu um erro interno. Tente novamente em instantes.");
        // The router keeps serving afterwards.
        let response = app().oneshot(Request::get("/ok").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn a_slow_handler_is_a_json_503() {
        let response = app().oneshot(Request::get("/slow").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "5");
        let body = body_json(response).await;
        assert_eq!(body["message"], "O servidor demorou demais para responder. Tente novamente.");
    }

    #[tokio::test]
    async fn a_body_that_stops_arriving_is_a_json_408() {
        // Half a JSON body, then nothing.
        let stalled = futures::stream::once(async { Ok::<_, std::io::Error>(axum::body::Bytes::from_static(b"{\"a\":")) })
            .chain(futures::stream::pending());
        let request = Request::post("/echo").header(header::CONTENT_TYPE, "application/json").body(Body::from_stream(stalled)).unwrap();
        let response = app().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        assert_eq!(body_json(response).await["message"], "O corpo da requisição demorou demais para chegar.");
    }

    #[tokio::test]
    async fn api_responses_are_not_stored() {
        for path in ["/api/ok", "/api/boom", "/api/missing"] {
            let response = app().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
            assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store", "{path}");
        }
        for path in ["/ok", "/apiary"] {
            let response = app().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
            assert!(response.headers().get(header::CACHE_CONTROL).is_none(), "{path}");
        }
    }

    #[tokio::test]
    async fn every_response_has_the_security_headers() {
        for path in ["/ok", "/boom", "/slow", "/missing"] {
            let response = app().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
            for (name, value) in SECURITY_HEADERS {
                assert_eq!(response.headers()[&name], value, "{name} on {path}");
            }
            assert!(response.headers().get(header::STRICT_TRANSPORT_SECURITY).is_none());
        }
        let https = protect(Router::new().route("/ok", get(|| async { "ok" })), Limits::new(true));
        let response = https.oneshot(Request::get("/ok").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.headers()[header::STRICT_TRANSPORT_SECURITY], HSTS);
    }
}
