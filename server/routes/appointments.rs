//! GET /api/appointments, POST /api/appointments, GET /api/appointments/export.csv,
//! GET /api/appointments/{id}, PUT /api/appointments/{id}, DELETE /api/appointments/{id},
//! PATCH /api/appointments/{id}/status, GET /api/appointments/{id}/history,
//! GET /api/appointments/{id}/history/{entryId}

use axum::Json;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use expediente_core::booking::appointments::{self, AppointmentFilter, AppointmentInput, AppointmentView, NOT_FOUND, StatusInput, TimeRange};
use expediente_core::booking::{self, Booked};
use expediente_core::booking::series::{self, ScopeQuery, SeriesFilter, SeriesView};
use expediente_core::kit::list::ListQuery;
use expediente_core::kit::audit::HistoryEntry;
use expediente_core::kit::{Context, Data, Page};
use crate::state::AppState;

use super::{csv_file, data};

path_ids!(AppointmentId(id: NOT_FOUND));
path_ids!(HistoryPath(id: NOT_FOUND, entry: expediente_core::kit::audit::ENTRY_NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(export))
        .routes(routes!(get_one, update, remove))
        .routes(routes!(change_status))
        .routes(routes!(history))
        .routes(routes!(history_entry))
        .routes(routes!(client_series))
}

/// `sort`: startsAt (padrão), endsAt, createdAt, updatedAt, status, priceCents, service, id.
#[utoipa::path(get, path = "/appointments", tag = "appointments", params(ListQuery, TimeRange, AppointmentFilter),
    responses((status = 200, body = Page<AppointmentView>)))]
async fn list(
    cx: Context,
    ApiQuery(list): ApiQuery<ListQuery>,
    ApiQuery(range): ApiQuery<TimeRange>,
    ApiQuery(filter): ApiQuery<AppointmentFilter>,
) -> Result<Json<Page<AppointmentView>>> {
    Ok(Json(appointments::list(&cx, &list, &range, &filter).await?))
}

/// Every appointment the list's filters select (all pages; `page` and `per_page` are checked but not applied).
#[utoipa::path(get, path = "/appointments/export.csv", tag = "appointments", params(ListQuery, TimeRange, AppointmentFilter),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos agendamentos filtrados")))]
async fn export(
    cx: Context,
    ApiQuery(list): ApiQuery<ListQuery>,
    ApiQuery(range): ApiQuery<TimeRange>,
    ApiQuery(filter): ApiQuery<AppointmentFilter>,
) -> Result<impl IntoResponse> {
    Ok(csv_file("agendamentos.csv", appointments::export_csv(&cx, &list, &range, &filter).await?))
}

#[utoipa::path(get, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 200, body = Data<AppointmentView>)))]
async fn get_one(cx: Context, AppointmentId(id): AppointmentId) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(appointments::get(&cx, id).await?))
}

/// Com `repeat`, uma série: `{"data": [todos os agendamentos], "seriesId"}`, ou nada quando algum dia não pode (409 com `conflicts`).
#[utoipa::path(post, path = "/appointments", tag = "appointments", request_body = AppointmentInput,
    responses(
        (status = 201, body = Booked, description = "O agendamento (`{data}`), ou a série (`{data: […], seriesId}`)"),
        (status = 409, body = ErrorBody, description = "Horário ocupado para o profissional; numa série, `conflicts` lista cada dia"),
    ))]
async fn create(cx: Context, ApiJson(input): ApiJson<AppointmentInput>) -> Result<(StatusCode, Json<Booked>)> {
    Ok((StatusCode::CREATED, Json(booking::book(&cx, input).await?)))
}

/// Numa série, `scope=following` muda esta e as seguintes (a série se divide aqui) e `scope=all` todas as que ainda não começaram, de uma vez (409 com `conflicts` quando algum dia não pode).
#[utoipa::path(put, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path), ScopeQuery), request_body = AppointmentInput,
    responses((status = 200, body = Data<AppointmentView>), (status = 409, body = ErrorBody, description = "Horário ocupado ou versão desatualizada")))]
async fn update(
    cx: Context,
    AppointmentId(id): AppointmentId,
    ApiQuery(query): ApiQuery<ScopeQuery>,
    ApiJson(input): ApiJson<AppointmentInput>,
) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(booking::change(&cx, id, input, query.scope()?).await?))
}

#[utoipa::path(patch, path = "/appointments/{id}/status", tag = "appointments", params(("id" = i32, Path), ScopeQuery), request_body = StatusInput,
    responses(
        (status = 200, body = Data<AppointmentView>),
        (status = 409, body = ErrorBody, description = "Versão desatualizada ou horário ocupado ao reativar"),
        (status = 422, body = ErrorBody, description = "Status inválido ou transição não permitida"),
    ))]
async fn change_status(
    cx: Context,
    AppointmentId(id): AppointmentId,
    ApiQuery(query): ApiQuery<ScopeQuery>,
    ApiJson(input): ApiJson<StatusInput>,
) -> Result<Json<Data<AppointmentView>>> {
    Ok(data(booking::set_status(&cx, id, input, query.scope()?).await?))
}

#[utoipa::path(delete, path = "/appointments/{id}", tag = "appointments", params(("id" = i32, Path), ScopeQuery),
    responses((status = 204, description = "Removido")))]
async fn remove(cx: Context, AppointmentId(id): AppointmentId, ApiQuery(query): ApiQuery<ScopeQuery>) -> Result<StatusCode> {
    booking::delete(&cx, id, query.scope()?).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// As séries de um cliente, as que ainda têm agendamentos pela frente primeiro.
#[utoipa::path(get, path = "/appointments/series", tag = "appointments", params(SeriesFilter),
    responses((status = 200, body = Data<Vec<SeriesView>>)))]
async fn client_series(cx: Context, ApiQuery(filter): ApiQuery<SeriesFilter>) -> Result<Json<Data<Vec<SeriesView>>>> {
    Ok(data(series::of_client(&cx, &filter).await?))
}

/// `sort`: -id (padrão, mais recentes primeiro) ou id. Textos com mais de 200 caracteres vêm cortados, terminando em "…" (os campos em `abridged`); a entrada inteira está em `…/history/{entryId}`.
#[utoipa::path(get, path = "/appointments/{id}/history", tag = "appointments", params(("id" = i32, Path), ListQuery),
    responses((status = 200, body = Page<HistoryEntry>)))]
async fn history(cx: Context, AppointmentId(id): AppointmentId, ApiQuery(list): ApiQuery<ListQuery>) -> Result<Json<Page<HistoryEntry>>> {
    Ok(Json(appointments::history(&cx, id, &list).await?))
}

/// Uma entrada do histórico, com os valores inteiros.
#[utoipa::path(get, path = "/appointments/{id}/history/{entryId}", tag = "appointments", params(("id" = i32, Path), ("entryId" = i32, Path)),
    responses((status = 200, body = Data<HistoryEntry>), (status = 404, body = ErrorBody, description = "Entrada de outro registro ou inexistente")))]
async fn history_entry(cx: Context, HistoryPath(id, entry): HistoryPath) -> Result<Json<Data<HistoryEntry>>> {
    Ok(data(appointments::history_entry(&cx, id, entry).await?))
}
