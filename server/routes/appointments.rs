//! GET /api/appointments, POST /api/appointments, GET /api/appointments/export.csv,
//! GET /api/appointments/{id}, PUT /api/appointments/{id}, DELETE /api/appointments/{id},
//! PATCH /api/appointments/{id}/status, GET /api/appointments/{id}/history

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, ErrorBody, Result};
use crate::services::appointments::{self, AppointmentInput, AppointmentQuery, AppointmentView, NOT_FOUND, StatusInput};
use crate::services::audit::HistoryEntry;
use crate::services::{Data, Page};
use crate::state::AppState;

use super::{created, csv_file, data};

path_id!(AppointmentId, NOT_FOUND);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(export))
        .routes(routes!(get_one, update, remove))
        .routes(routes!(change_status))
        .routes(routes!(history))
}

#[utoipa::path(get, path = "/appointments", tag = "appointments", params(AppointmentQuery),
    responses((status = 200, body = Page<AppointmentView>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    _auth: AuthUser,
    ApiQuery(query): ApiQuery<AppointmentQuery>,
) -> Result<Json<Page<AppointmentView>>> {
    Ok(Json(appointments::list(&state.db, &query, state.config.tz).await?))
}

/// Every appointment the list's filters select (all pages; `page` and `per_page` are checked but not applied).
#[utoipa::path(get, path = "/appointments/export.csv", tag = "appointments", params(AppointmentQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos agendamentos filtrados"),
        (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn export(
    State(state): State<AppState>,
    _auth: AuthUser,
    ApiQuery(query): ApiQuery<AppointmentQuery>,
) -> Result<impl IntoResponse> {
    let body = appointments::export_csv(&state.db, &query, state.config.tz).await?;
    Ok(csv_file("agendamentos.csv", body))
}

#[utoipa::path(get, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 200, body = Data<AppointmentView>), (status = 404, body = ErrorBody)))]
async fn get_one(State(state): State<AppState>, _auth: AuthUser, AppointmentId(id): AppointmentId) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(appointments::get(&state.db, id, state.config.tz).await?))
}

#[utoipa::path(post, path = "/appointments", tag = "appointments", request_body = AppointmentInput,
    responses(
        (status = 201, body = Data<AppointmentView>),
        (status = 409, body = ErrorBody, description = "Horário ocupado para o profissional"),
        (status = 422, body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<AppointmentInput>,
) -> Result<(StatusCode, Json<Data<AppointmentView>>)> {
    let appointment = appointments::create(&state.db, input, Some(auth.user.id), state.config.tz).await?;
    Ok(created(appointment))
}

#[utoipa::path(put, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    request_body = AppointmentInput,
    responses(
        (status = 200, body = Data<AppointmentView>),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Horário ocupado ou versão desatualizada"),
        (status = 422, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    AppointmentId(id): AppointmentId,
    ApiJson(input): ApiJson<AppointmentInput>,
) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(appointments::update(&state.db, id, input, Some(auth.user.id), state.config.tz).await?))
}

#[utoipa::path(patch, path = "/appointments/{id}/status", tag = "appointments", params(("id" = i32, Path)),
    request_body = StatusInput,
    responses(
        (status = 200, body = Data<AppointmentView>),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Versão desatualizada ou horário ocupado ao reativar"),
        (status = 422, body = ErrorBody, description = "Status inválido ou transição não permitida"),
    ))]
async fn change_status(
    State(state): State<AppState>,
    auth: AuthUser,
    AppointmentId(id): AppointmentId,
    ApiJson(input): ApiJson<StatusInput>,
) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(appointments::change_status(&state.db, id, input, Some(auth.user.id), state.config.tz).await?))
}

#[utoipa::path(delete, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 204, description = "Removido"), (status = 404, body = ErrorBody)))]
async fn remove(State(state): State<AppState>, auth: AuthUser, AppointmentId(id): AppointmentId) -> Result<StatusCode> {
    appointments::delete(&state.db, id, Some(auth.user.id), state.config.tz).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/appointments/{id}/history", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 200, body = Data<Vec<HistoryEntry>>), (status = 404, body = ErrorBody)))]
async fn history(
    State(state): State<AppState>,
    _auth: AuthUser,
    AppointmentId(id): AppointmentId,
) -> Result<Json<Data<Vec<HistoryEntry>>>> {
    Ok(data(appointments::history(&state.db, id, state.config.tz).await?))
}
