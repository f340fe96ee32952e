//! The waitlist (docs/behaviour.md#the-waitlist): GET/POST /api/waitlist,
//! DELETE /api/waitlist/{id}, DELETE /api/waitlist/{id}/offer, and its
//! settings. The front desk's: a Profissional gets 403.

use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::ApiJson;
use expediente_core::booking::waitlist::{self, WaitlistEntryView, WaitlistInput, WaitlistSettings, WaitlistSettingsInput};
use expediente_core::kit::{Context, Data};
use crate::state::AppState;

use super::{created, data};

path_ids!(EntryId(id: waitlist::NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_waitlist, create_waitlist_entry))
        .routes(routes!(remove_waitlist_entry))
        .routes(routes!(withdraw_offer))
        .routes(routes!(get_waitlist_settings, put_waitlist_settings))
}

/// Quem espera um horário, na ordem em que pediu, com a oferta em aberto de cada um.
#[utoipa::path(get, path = "/waitlist", tag = "schedule",
    responses((status = 200, body = Data<Vec<WaitlistEntryView>>), (status = 403, body = ErrorBody)))]
async fn list_waitlist(cx: Context) -> Result<Json<Data<Vec<WaitlistEntryView>>>> {
    Ok(data(waitlist::list(&cx).await?))
}

/// Põe um cliente na lista de espera de um serviço (com um profissional ou qualquer um), de um dia a outro, num período do dia.
#[utoipa::path(post, path = "/waitlist", tag = "schedule", request_body = WaitlistInput,
    responses((status = 201, body = Data<WaitlistEntryView>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create_waitlist_entry(cx: Context, ApiJson(input): ApiJson<WaitlistInput>) -> Result<(StatusCode, Json<Data<WaitlistEntryView>>)> {
    let entry = waitlist::create(&cx, input).await?;
    Ok(created(entry))
}

/// Tira da lista (a oferta em aberto, se houver, é retirada).
#[utoipa::path(delete, path = "/waitlist/{id}", tag = "schedule", params(("id" = i32, Path)),
    responses((status = 204, description = "Removida"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn remove_waitlist_entry(cx: Context, EntryId(id): EntryId) -> Result<StatusCode> {
    waitlist::delete(&cx, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Retira a oferta em aberto: o horário passa ao próximo da fila.
#[utoipa::path(delete, path = "/waitlist/{id}/offer", tag = "schedule", params(("id" = i32, Path)),
    responses((status = 200, body = Data<WaitlistEntryView>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn withdraw_offer(cx: Context, EntryId(id): EntryId) -> Result<Json<Data<WaitlistEntryView>>> {
    Ok(data(waitlist::withdraw(&cx, id).await?))
}

/// Por quanto tempo um horário oferecido fica guardado (outro dia; hoje).
#[utoipa::path(get, path = "/waitlist/settings", tag = "schedule",
    responses((status = 200, body = Data<WaitlistSettings>), (status = 403, body = ErrorBody)))]
async fn get_waitlist_settings(cx: Context) -> Result<Json<Data<WaitlistSettings>>> {
    Ok(data(waitlist::get_settings(&cx).await?))
}

/// Só administradores; só os campos enviados mudam.
#[utoipa::path(put, path = "/waitlist/settings", tag = "schedule", request_body = WaitlistSettingsInput,
    responses((status = 200, body = Data<WaitlistSettings>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn put_waitlist_settings(cx: Context, ApiJson(input): ApiJson<WaitlistSettingsInput>) -> Result<Json<Data<WaitlistSettings>>> {
    Ok(data(waitlist::put_settings(&cx, input).await?))
}
