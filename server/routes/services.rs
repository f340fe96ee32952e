//! GET /api/services, POST /api/services, GET /api/services/{id},
//! PUT /api/services/{id}, DELETE /api/services/{id} (writes: admins only)

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use expediente_core::booking::catalogue::{self, NOT_FOUND, ServiceFilter, ServiceInput, ServiceView};
use expediente_core::kit::list::ListQuery;
use expediente_core::kit::{Context, Data, Page};
use crate::state::AppState;

use super::{created, data};

path_ids!(ServiceId(id: NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(get_one, update, remove))
}

/// `sort`: name (padrão, sem diferenciar acentos), durationMinutes, priceCents, id.
#[utoipa::path(get, path = "/services", tag = "services", params(ListQuery, ServiceFilter),
    responses((status = 200, body = Page<ServiceView>)))]
async fn list(cx: Context, ApiQuery(list): ApiQuery<ListQuery>, ApiQuery(filter): ApiQuery<ServiceFilter>) -> Result<Json<Page<ServiceView>>> {
    Ok(Json(catalogue::list(&cx, &list, &filter).await?))
}

#[utoipa::path(get, path = "/services/{id}", tag = "services", params(("id" = i32, Path)),
    responses((status = 200, body = Data<ServiceView>)))]
async fn get_one(cx: Context, ServiceId(id): ServiceId) -> Result<Json<Data<ServiceView>>> {
    Ok(data(catalogue::get(&cx, id).await?))
}

#[utoipa::path(post, path = "/services", tag = "services", request_body = ServiceInput,
    responses((status = 201, body = Data<ServiceView>), (status = 403, body = ErrorBody)))]
async fn create(cx: Context, ApiJson(input): ApiJson<ServiceInput>) -> Result<(StatusCode, Json<Data<ServiceView>>)> {
    Ok(created(catalogue::create(&cx, input).await?))
}

#[utoipa::path(put, path = "/services/{id}", tag = "services", params(("id" = i32, Path)), request_body = ServiceInput,
    responses((status = 200, body = Data<ServiceView>), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody, description = "Versão desatualizada")))]
async fn update(cx: Context, ServiceId(id): ServiceId, ApiJson(input): ApiJson<ServiceInput>) -> Result<Json<Data<ServiceView>>> {
    Ok(data(catalogue::update(&cx, id, input).await?))
}

/// Um serviço que algum agendamento usa é desativado (200 com o serviço), não removido.
#[utoipa::path(delete, path = "/services/{id}", tag = "services", params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Removido"),
        (status = 200, body = Data<ServiceView>, description = "Em uso: desativado"),
        (status = 403, body = ErrorBody),
    ))]
async fn remove(cx: Context, ServiceId(id): ServiceId) -> Result<Response> {
    Ok(match catalogue::delete(&cx, id).await? {
        Some(deactivated) => data(deactivated).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    })
}
