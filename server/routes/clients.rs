//! GET /api/clients, POST /api/clients, GET /api/clients/export.csv,
//! GET /api/clients/{id}, PUT /api/clients/{id}, DELETE /api/clients/{id},
//! POST /api/clients/{id}/archive, POST /api/clients/{id}/unarchive,
//! GET /api/clients/{id}/history

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiJson, ApiQuery, ErrorBody, Result};
use crate::services::audit::HistoryEntry;
use crate::services::clients::{self, ClientDetail, ClientInput, ClientQuery, ClientView, NOT_FOUND};
use crate::services::{Data, Page};
use crate::state::AppState;

use super::{created, csv_file, data};

path_id!(ClientId, NOT_FOUND);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(export))
        .routes(routes!(get_one, update, remove))
        .routes(routes!(archive))
        .routes(routes!(unarchive))
        .routes(routes!(history))
}

#[utoipa::path(get, path = "/clients", tag = "clients", params(ClientQuery),
    responses((status = 200, body = Page<ClientView>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn list(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<ClientQuery>) -> Result<Json<Page<ClientView>>> {
    Ok(Json(clients::list(&state.db, &query, state.config.tz).await?))
}

/// Every client the list's filters select (all pages; `page` and `per_page` are checked but not applied).
#[utoipa::path(get, path = "/clients/export.csv", tag = "clients", params(ClientQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos clientes filtrados"),
        (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn export(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<ClientQuery>) -> Result<impl IntoResponse> {
    let body = clients::export_csv(&state.db, &query, state.config.tz).await?;
    Ok(csv_file("clientes.csv", body))
}

#[utoipa::path(get, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = Data<ClientDetail>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_one(State(state): State<AppState>, _auth: AuthUser, ClientId(id): ClientId) -> Result<Json<Data<ClientDetail>>> {
    Ok(data(clients::get(&state.db, id, state.config.tz).await?))
}

#[utoipa::path(post, path = "/clients", tag = "clients", request_body = ClientInput,
    responses((status = 201, body = Data<ClientView>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(input): ApiJson<ClientInput>,
) -> Result<(StatusCode, Json<Data<ClientView>>)> {
    let client = clients::create(&state.db, input, Some(auth.user.id), state.config.tz).await?;
    Ok(created(client))
}

#[utoipa::path(put, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)), request_body = ClientInput,
    responses(
        (status = 200, body = Data<ClientView>),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Versão desatualizada"),
        (status = 422, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    ClientId(id): ClientId,
    ApiJson(input): ApiJson<ClientInput>,
) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::update(&state.db, id, input, Some(auth.user.id), state.config.tz).await?))
}

#[utoipa::path(delete, path = "/clients/{id}", tag = "clients", params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Removido"),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Cliente com agendamentos: arquive em vez de excluir"),
    ))]
async fn remove(State(state): State<AppState>, auth: AuthUser, ClientId(id): ClientId) -> Result<StatusCode> {
    clients::delete(&state.db, id, Some(auth.user.id), state.config.tz).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/clients/{id}/archive", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = Data<ClientView>), (status = 404, body = ErrorBody)))]
async fn archive(State(state): State<AppState>, auth: AuthUser, ClientId(id): ClientId) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::set_archived(&state.db, id, true, Some(auth.user.id), state.config.tz).await?))
}

#[utoipa::path(post, path = "/clients/{id}/unarchive", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = Data<ClientView>), (status = 404, body = ErrorBody)))]
async fn unarchive(State(state): State<AppState>, auth: AuthUser, ClientId(id): ClientId) -> Result<Json<Data<ClientView>>> {
    Ok(data(clients::set_archived(&state.db, id, false, Some(auth.user.id), state.config.tz).await?))
}

#[utoipa::path(get, path = "/clients/{id}/history", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = Data<Vec<HistoryEntry>>), (status = 404, body = ErrorBody)))]
async fn history(State(state): State<AppState>, _auth: AuthUser, ClientId(id): ClientId) -> Result<Json<Data<Vec<HistoryEntry>>>> {
    Ok(data(clients::history(&state.db, id, state.config.tz).await?))
}
