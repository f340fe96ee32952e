//! GET /api/clients, POST /api/clients, GET /api/clients/export.csv,
//! GET /api/clients/{id}, PUT /api/clients/{id}, DELETE /api/clients/{id},
//! POST /api/clients/{id}/archive, POST /api/clients/{id}/unarchive,
//! GET /api/clients/{id}/history, GET /api/clients/{id}/history/{entryId}

use axum::Json;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiJson, ApiQuery, ErrorBody, Result};
use crate::services::audit::HistoryEntry;
use crate::services::clients::{self, ClientDetail, ClientFilter, ClientInput, ClientView, NOT_FOUND};
use crate::services::list::ListQuery;
use crate::services::{Context, Data, Page};
use crate::state::AppState;

use super::{created, csv_file, data};

path_id!(ClientId, NOT_FOUND);
history_path!(HistoryPath, NOT_FOUND);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(export))
        .routes(routes!(get_one, update, remove))
        .routes(routes!(archive))
        .routes(routes!(unarchive))
        .routes(routes!(history))
        .routes(routes!(history_entry))
}

/// `sort`: name (padrão), email, birthDate, createdAt, updatedAt, id.
#[utoipa::path(get, path = "/clients", tag = "clients", params(ListQuery, ClientFilter),
    responses((status = 200, body = Page<ClientView>)))]
async fn list(cx: Context, ApiQuery(list): ApiQuery<ListQuery>, ApiQuery(filter): ApiQuery<ClientFilter>) -> Result<Json<Page<ClientView>>> {
    Ok(Json(clients::list(&cx, &list, &filter).await?))
}

/// Every client the list's filters select (all pages; `page` and `per_page` are checked but not applied).
#[utoipa::path(get, path = "/clients/export.csv", tag = "clients", params(ListQuery, ClientFilter),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos clientes filtrados")))]
async fn export(cx: Context, ApiQuery(list): ApiQuery<ListQuery>, ApiQuery(filter): ApiQuery<ClientFilter>) -> Result<impl IntoResponse> {
    Ok(csv_file("clientes.csv", clients::export_csv(&cx, &list, &filter).await?))
}

#[utoipa::path(get, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)), responses((status = 200, body = Data<ClientDetail>)))]
async fn get_one(cx: Context, ClientId(id): ClientId) -> Result<Json<Data<ClientDetail>>> {
    Ok(data(clients::get(&cx, id).await?))
}

#[utoipa::path(post, path = "/clients", tag = "clients", request_body = ClientInput, responses((status = 201, body = Data<ClientView>)))]
async fn create(cx: Context, ApiJson(input): ApiJson<ClientInput>) -> Result<(StatusCode, Json<Data<ClientView>>)> {
    Ok(created(clients::create(&cx, input).await?))
}

#[utoipa::path(put, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)), request_body = ClientInput,
    responses((status = 200, body = Data<ClientView>), (status = 409, body = ErrorBody, description = "Versão desatualizada")))]
async fn update(cx: Context, ClientId(id): ClientId, ApiJson(input): ApiJson<ClientInput>) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::update(&cx, id, input).await?))
}

#[utoipa::path(delete, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Removido"),
        (status = 409, body = ErrorBody, description = "Cliente com agendamentos: arquive em vez de excluir"),
    ))]
async fn remove(cx: Context, ClientId(id): ClientId) -> Result<StatusCode> {
    clients::delete(&cx, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/clients/{id}/archive", tag = "clients", params(("id" = i32, Path)), responses((status = 200, body = Data<ClientView>)))]
async fn archive(cx: Context, ClientId(id): ClientId) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::set_archived(&cx, id, true).await?))
}

#[utoipa::path(post, path = "/clients/{id}/unarchive", tag = "clients", params(("id" = i32, Path)), responses((status = 200, body = Data<ClientView>)))]
async fn unarchive(cx: Context, ClientId(id): ClientId) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::set_archived(&cx, id, false).await?))
}

/// `sort`: -id (padrão, mais recentes primeiro) ou id. Textos com mais de 200 caracteres vêm cortados, terminando em "…" (os campos em `abridged`); a entrada inteira está em `…/history/{entryId}`.
#[utoipa::path(get, path = "/clients/{id}/history", tag = "clients", params(("id" = i32, Path), ListQuery),
    responses((status = 200, body = Page<HistoryEntry>)))]
async fn history(cx: Context, ClientId(id): ClientId, ApiQuery(list): ApiQuery<ListQuery>) -> Result<Json<Page<HistoryEntry>>> {
    Ok(Json(clients::history(&cx, id, &list).await?))
}

/// Uma entrada do histórico, com os valores inteiros.
#[utoipa::path(get, path = "/clients/{id}/history/{entryId}", tag = "clients", params(("id" = i32, Path), ("entryId" = i32, Path)),
    responses((status = 200, body = Data<HistoryEntry>), (status = 404, body = ErrorBody, description = "Entrada de outro registro ou inexistente")))]
async fn history_entry(cx: Context, HistoryPath(id, entry): HistoryPath) -> Result<Json<Data<HistoryEntry>>> {
    Ok(data(clients::history_entry(&cx, id, entry).await?))
}
