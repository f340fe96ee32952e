//! The HTTP answer of every error of the rules (`AppError`, in
//! expediente_core::kit::error), with one JSON shape for all:
//! `{ "message": "…", "errors": { field: ["…"] } }`, in Portuguese. A 500
//! tells the client only that something went wrong; the cause goes to the log.


use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use expediente_core::kit::error::{
    AppError, BAD_VALUE, ConflictReason, DatabaseFailure, FieldErrors, ScheduleConflict, ScheduleRule, SeriesConflict, TOKEN_EXPIRED, database_failure,
    database_unavailable,
};

/// An `AppError` on its way out as an HTTP answer: what handlers,
/// extractors and middleware return (`?` turns an `AppError` into one).
#[derive(Debug)]
pub struct HttpError(pub AppError);

impl<E: Into<AppError>> From<E> for HttpError {
    fn from(error: E) -> HttpError {
        HttpError(error.into())
    }
}

pub type Result<T, E = HttpError> = std::result::Result<T, E>;

/// The status of each error.
pub fn status(error: &AppError) -> StatusCode {
    match error {
        AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
        AppError::Unauthorized(_) | AppError::TokenExpired => StatusCode::UNAUTHORIZED,
        AppError::Forbidden => StatusCode::FORBIDDEN,
        AppError::NotFound(_) => StatusCode::NOT_FOUND,
        AppError::Conflict(_) | AppError::Clash { .. } | AppError::SeriesClash { .. } => StatusCode::CONFLICT,
        AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        AppError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
        AppError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        AppError::Validation { .. } | AppError::OffSchedule { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        AppError::Unavailable(_) | AppError::NoSpace(_) => StatusCode::SERVICE_UNAVAILABLE,
        AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
        AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
        AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// Seconds the client is asked to wait (`Retry-After`), when it should.
pub fn retry_after(error: &AppError) -> Option<u64> {
    match error {
        AppError::TooManyRequests { retry_after, .. } => Some(*retry_after),
        AppError::Busy => Some(BUSY_RETRY_AFTER),
        AppError::Unavailable(_) | AppError::NoSpace(_) => Some(RETRY_AFTER_SECONDS),
        _ => None,
    }
}

/// What a 503 tells the client while the database is out of reach.
pub const UNAVAILABLE: &str = "O serviço está temporariamente indisponível (banco de dados fora do ar). Tente novamente em instantes.";
/// What a 503 tells the client while the database cannot grow.
pub const NO_SPACE: &str = "O servidor está sem espaço para gravar dados: nada foi gravado. Tente novamente em instantes.";
/// Seconds a client is asked to wait after a 503.
pub const RETRY_AFTER_SECONDS: u64 = 5;

/// What a 503 says when every password-hashing slot is taken.
pub const BUSY: &str = "Muitas entradas ao mesmo tempo. Tente novamente em instantes.";
/// Seconds to wait after that 503: a hash takes tens of milliseconds.
pub const BUSY_RETRY_AFTER: u64 = 1;

/// Every error: a message, messages per field on a 422, and on a
/// scheduling clash's 409 the appointment it clashes with.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    #[schema(example = "Os dados enviados são inválidos.")]
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, Vec<String>>>)]
    pub errors: Option<FieldErrors>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<ScheduleConflict>,
    /// On a series' 409: every date that cannot be booked, by start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<SeriesConflict>>,
    /// On a 422 for a time outside the rules: which rule. The request may be
    /// sent again with `allowOutsideHours: true` once the user agrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<ScheduleRule>,
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let HttpError(error) = self;
        let status = status(&error);
        let message = match &error {
            AppError::BadRequest(m) | AppError::Unauthorized(m) | AppError::NotFound(m) | AppError::Conflict(m) => {
                m.as_str()
            }
            AppError::TokenExpired => TOKEN_EXPIRED,
            AppError::Forbidden => "Você não tem permissão para esta ação.",
            AppError::PayloadTooLarge => "O corpo da requisição excede o limite de 64 KB.",
            AppError::RequestTimeout => "O corpo da requisição demorou demais para chegar.",
            AppError::UnsupportedMediaType => "Envie o corpo em JSON (Content-Type: application/json).",
            AppError::MethodNotAllowed => "Método não permitido para esta rota da API.",
            AppError::Validation { message, .. } | AppError::TooManyRequests { message, .. } | AppError::Clash { message, .. } => {
                message.as_str()
            }
            AppError::OffSchedule { message, .. } | AppError::SeriesClash { message, .. } => message.as_str(),
            AppError::Busy => BUSY,
            AppError::Unavailable(cause) => {
                tracing::warn!(cause, "database unavailable");
                UNAVAILABLE
            }
            AppError::NoSpace(cause) => {
                tracing::error!(cause, "database out of space");
                NO_SPACE
            }
            AppError::Internal(error) => {
                tracing::error!(error = ?error, "internal error");
                "Ocorreu um erro interno. Tente novamente em instantes."
            }
        };
        let message = message.to_string();
        let retry_after = retry_after(&error);
        let no_space = matches!(error, AppError::NoSpace(_));
        let (errors, conflict, rule, conflicts) = match error {
            AppError::Validation { errors, .. } => (Some(errors), None, None, None),
            AppError::Clash { conflict, .. } => (None, Some(conflict), None, None),
            AppError::OffSchedule { rule, message } => {
                let mut errors = FieldErrors::new();
                errors.add("startsAt", message);
                (Some(errors), None, Some(rule), None)
            }
            AppError::SeriesClash { conflicts, .. } => (None, None, None, Some(conflicts)),
            _ => (None, None, None, None),
        };
        let mut response = (status, Json(ErrorBody { message, errors, conflict, conflicts, rule })).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from(seconds));
        }
        if no_space {
            // For `health::note_write_failures`, which tells `/readyz`.
            response.extensions_mut().insert(crate::db::WriteFailed);
        }
        response
    }
}

/// The answer to any `/api` path that has no route.
pub async fn api_not_found() -> HttpError {
    HttpError(AppError::NotFound("Rota da API não encontrada.".into()))
}

/// The answer to a known `/api` path called with a method it does not have.
pub async fn api_method_not_allowed() -> HttpError {
    HttpError(AppError::MethodNotAllowed)
}
