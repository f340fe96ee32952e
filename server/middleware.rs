//! The layers around every request: a panic answers a JSON 500 instead of
//! dropping the connection.

use std::any::Any;

use axum::Router;
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

use crate::error::AppError;

/// Wraps the whole application (routes already given their state).
pub fn protect(app: Router) -> Router {
    app.layer(CatchPanicLayer::custom(panic_response)).layer(TraceLayer::new_for_http())
}

/// A panic in a handler: logged, and answered like any internal error.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(sem mensagem)");
    AppError::Internal(anyhow::anyhow!("handler panicked: {detail}")).into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode, header};
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    async fn boom() -> &'static str {
        panic!("boom")
    }

    fn app() -> Router {
        protect(Router::new().route("/boom", get(boom)).route("/ok", get(|| async { "ok" })))
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
}
