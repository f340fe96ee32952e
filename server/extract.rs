//! The API's extractors of a request's body and query, whose rejections
//! are our Portuguese errors (`AppError`): `ApiJson<T>` for JSON bodies,
//! `ApiQuery<T>` for query strings.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Query};
use axum::http::StatusCode;
use axum::http::request::Parts;

use crate::error::{AppError, FieldErrors, HttpError};

/// `Json<T>` whose rejections are our Portuguese JSON errors: bad JSON is a
/// 400, a wrong type or missing field a 422 naming the field, an oversize
/// body a 413.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, HttpError> {
        if !json_content_type(request.headers()) {
            return Err(AppError::UnsupportedMediaType.into());
        }
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|rejection| json_rejection(JsonRejection::from(rejection)))?;
        // NUL and other control characters never reach a handler (PostgreSQL
        // refuses NUL in text): one check for every text of every body.
        if let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes) {
            let mut errors = FieldErrors::new();
            expediente_core::kit::validation::check_json_text(&value, "", &mut errors);
            if !errors.is_empty() {
                return Err(AppError::invalid(errors).into());
            }
        }
        match Json::<T>::from_bytes(&bytes) {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(rejection).into()),
        }
    }
}

/// `application/json` or `application/…+json`, as axum's `Json` accepts.
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// `Query<T>` whose rejection is a 422 naming the parameter, in Portuguese.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    Query<T>: FromRequestParts<S, Rejection = QueryRejection>,
    S: Send + Sync,
{
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, HttpError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(data_error(&rejection.body_text()).into()),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    match rejection {
        JsonRejection::JsonSyntaxError(_) => AppError::BadRequest("JSON inválido no corpo da requisição.".into()),
        JsonRejection::JsonDataError(error) => data_error(&error.body_text()),
        JsonRejection::MissingJsonContentType(_) => AppError::UnsupportedMediaType,
        JsonRejection::BytesRejection(error) if error.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            AppError::PayloadTooLarge
        }
        ref other if body_timed_out(other) => AppError::RequestTimeout,
        other => AppError::BadRequest(format!("Corpo da requisição ilegível ({}).", other.status())),
    }
}

/// Turns serde's message ("Failed to deserialize the JSON body into the
/// target type: name: invalid type: integer `1`, expected a string at line 1
/// column 9") into a field error in Portuguese.
fn data_error(text: &str) -> AppError {
    let detail = text
        .split_once("target type: ")
        .or_else(|| text.split_once("query string: "))
        .map_or(text, |(_, rest)| rest);
    let (path, reason) = match detail.split_once(": ") {
        Some((path, reason)) if !path.contains(' ') => (path.to_string(), reason),
        _ => (String::new(), detail),
    };
    let (field, message) = if let Some(rest) = reason.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or_default();
        let field = if path.is_empty() { name.to_string() } else { format!("{path}.{name}") };
        (field, "Campo obrigatório.".to_string())
    } else if let Some(rest) = reason.strip_prefix("unknown field `") {
        // `#[serde(deny_unknown_fields)]`: the same answer as `reject_unknown`.
        // The path already ends with the unknown key.
        let name = rest.split('`').next().unwrap_or_default();
        (if path.is_empty() { name.to_string() } else { path }, "Campo desconhecido.".to_string())
    } else if let Some(rest) = reason.strip_prefix("unknown variant `") {
        let value = rest.split('`').next().unwrap_or_default();
        (path, format!("Valor não permitido: {value}."))
    } else if reason.starts_with("provided string was not `true` or `false`") {
        // A query flag (`?archived=`, `?active=`): the one way booleans are read.
        (path, "Use true ou false.".to_string())
    } else if reason.starts_with("invalid type") {
        let expected = reason.split("expected ").nth(1).and_then(|e| e.split(" at line").next()).unwrap_or("outro");
        (path, format!("Tipo inválido (esperado: {}).", expected_pt(expected)))
    } else {
        // serde's own wording is English: never echo it.
        (path, "Valor inválido.".to_string())
    };
    let field = if field.is_empty() { "body".to_string() } else { field };
    AppError::field(&field, message)
}

/// True when the body stopped arriving for `middleware::BODY_TIMEOUT`.
fn body_timed_out(rejection: &JsonRejection) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(rejection);
    while let Some(error) = source {
        if error.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        source = error.source();
    }
    false
}

fn expected_pt(expected: &str) -> &str {
    match expected {
        "a string" => "texto",
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "an integer" => "número inteiro",
        "f32" | "f64" | "a number" => "número",
        "a boolean" => "verdadeiro ou falso",
        "a sequence" => "lista",
        "a map" | "struct" => "objeto",
        other if other.starts_with("struct") => "objeto",
        _ => "outro formato",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(error: AppError) -> FieldErrors {
        match error {
            AppError::Validation { errors, .. } => errors,
            other => panic!("not a validation error: {other:?}"),
        }
    }

    #[test]
    fn serde_messages_become_field_errors() {
        let missing = fields(data_error(
            "Failed to deserialize the JSON body into the target type: missing field `email` at line 1 column 2",
        ));
        assert_eq!(missing["email"], vec!["Campo obrigatório."]);
        let wrong = fields(data_error(
            "Failed to deserialize the JSON body into the target type: name: invalid type: integer `1`, expected a string at line 1 column 9",
        ));
        assert_eq!(wrong["name"], vec!["Tipo inválido (esperado: texto)."]);
        let query = fields(data_error("Failed to deserialize query string: page: invalid digit found in string"));
        assert_eq!(query["page"], vec!["Valor inválido."]);
        let flag = fields(data_error("Failed to deserialize query string: active: provided string was not `true` or `false`"));
        assert_eq!(flag["active"], vec!["Use true ou false."]);
        let unknown = fields(data_error(
            "Failed to deserialize the JSON body into the target type: role: unknown field `role`, expected `email` or `password` at line 1 column 7",
        ));
        assert_eq!(unknown["role"], vec!["Campo desconhecido."]);
    }
}
