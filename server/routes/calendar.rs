//! GET /api/me/calendar, POST /api/me/calendar,
//! GET /api/users/{id}/calendar, POST /api/users/{id}/calendar (admins);
//! and, outside the API, the feed itself: GET /ical/{token}.ics.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{AppError, ErrorBody, HttpError, Result};
use crate::http::{Admin, ClientAddress};
use expediente_core::booking::calendar::{self, CalendarFeedView};
use expediente_core::people::users::{self, NOT_FOUND};
use expediente_core::kit::{Context, Data};
use expediente_core::people::throttle;
use crate::state::AppState;

use super::data;

path_ids!(UserId(id: NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mine, regenerate_mine)).routes(routes!(of_user, regenerate_of_user))
}

/// `scheme://host` of the request, for an absolute address (https when the
/// site says it is served so); none when it named no host (a page's read).
fn origin(state: &AppState, headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok().filter(|h| !h.is_empty() && !h.contains(['/', ' ', '@']))?;
    let scheme = if state.config.secure_cookies { "https" } else { "http" };
    Some(format!("{scheme}://{host}"))
}

/// O endereço secreto da agenda do usuário (iCalendar), para assinar no celular; criado no primeiro pedido.
#[utoipa::path(get, path = "/me/calendar", tag = "calendar", responses((status = 200, body = Data<CalendarFeedView>)))]
async fn mine(State(state): State<AppState>, cx: Context, headers: HeaderMap) -> Result<Json<Data<CalendarFeedView>>> {
    let id = cx.user()?.id;
    Ok(data(calendar::address(&cx, id, origin(&state, &headers).as_deref()).await?))
}

/// Gera um endereço novo: o anterior deixa de funcionar na hora.
#[utoipa::path(post, path = "/me/calendar", tag = "calendar", responses((status = 200, body = Data<CalendarFeedView>)))]
async fn regenerate_mine(State(state): State<AppState>, cx: Context, headers: HeaderMap) -> Result<Json<Data<CalendarFeedView>>> {
    let id = cx.user()?.id;
    Ok(data(calendar::regenerate(&cx, id, origin(&state, &headers).as_deref()).await?))
}

/// O endereço da agenda de um usuário (administradores).
#[utoipa::path(get, path = "/users/{id}/calendar", tag = "calendar", params(("id" = i32, Path)),
    responses((status = 200, body = Data<CalendarFeedView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn of_user(State(state): State<AppState>, Admin(cx): Admin, UserId(id): UserId, headers: HeaderMap) -> Result<Json<Data<CalendarFeedView>>> {
    users::get(&cx, id).await?;
    Ok(data(calendar::address(&cx, id, origin(&state, &headers).as_deref()).await?))
}

/// Gera um endereço novo para a agenda de um usuário (administradores); o anterior deixa de funcionar.
#[utoipa::path(post, path = "/users/{id}/calendar", tag = "calendar", params(("id" = i32, Path)),
    responses((status = 200, body = Data<CalendarFeedView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn regenerate_of_user(
    State(state): State<AppState>,
    Admin(cx): Admin,
    UserId(id): UserId,
    headers: HeaderMap,
) -> Result<Json<Data<CalendarFeedView>>> {
    users::get(&cx, id).await?;
    Ok(data(calendar::regenerate(&cx, id, origin(&state, &headers).as_deref()).await?))
}

/// The throttle's key for feed requests (beside the client's address).
const THROTTLE_KEY: &str = "calendar-feed";

/// `GET /ical/{token}.ics`: a capability page (SECURITY.md#calendar-feeds). It reads no
/// cookie and sets none, and answers only the feed, 304 to a matching
/// `If-None-Match`, or a plain 404. Only wrong tokens are counted, per
/// client address (`throttle`): past 5 in 15 minutes they get 429. The
/// token is checked first, so others' wrong tokens from a shared address
/// (an office behind one NAT) never hold a valid feed back.
pub async fn feed(State(state): State<AppState>, address: ClientAddress, headers: HeaderMap, Path(file): Path<String>) -> Response {
    let cx = state.context(None);
    let answer = match file.strip_suffix(".ics") {
        Some(token) => calendar::feed(&cx, token).await,
        None => Err(AppError::NotFound(calendar::NOT_FOUND.into())),
    };
    let answer = match answer {
        Err(AppError::NotFound(message)) => throttle::count_attempt(&cx.db, THROTTLE_KEY, &address.0, |_| {
            "Muitos pedidos de calendário inválidos deste endereço. Tente novamente mais tarde.".into()
        })
        .await
        .and(Err(AppError::NotFound(message))),
        answer => answer,
    };
    let mut response = match answer {
        Ok(feed) => {
            let mut response = if crate::http::none_match(&headers, &feed.etag) {
                StatusCode::NOT_MODIFIED.into_response()
            } else {
                (
                    [
                        (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
                        (header::CONTENT_DISPOSITION, "inline; filename=\"agenda.ics\""),
                    ],
                    feed.body,
                )
                    .into_response()
            };
            if let Ok(etag) = HeaderValue::from_str(&feed.etag) {
                response.headers_mut().insert(header::ETAG, etag);
            }
            response
        }
        Err(AppError::NotFound(message)) => (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], message).into_response(),
        Err(AppError::TooManyRequests { message, retry_after }) => (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()), (header::RETRY_AFTER, retry_after.to_string())],
            message,
        )
            .into_response(),
        Err(error) => HttpError(error).into_response(),
    };
    let headers = response.headers_mut();
    // Revalidated every time (the ETag makes that cheap), kept by no shared cache,
    // and the address never leaks onward as a Referer.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}
