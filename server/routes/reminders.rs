//! GET /api/reminders, POST /api/reminders/{id}/whatsapp,
//! GET /api/reminders/settings, PUT /api/reminders/settings (admins),
//! POST /api/reminders/preview

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use expediente_core::booking::appointments::NOT_FOUND;
use expediente_core::reminders::{self, ReminderPreview, PreviewInput, ReminderDay, ReminderQuery, ReminderRow, SettingsInput, ReminderSettingsView};
use expediente_core::kit::{Context, Data};
use crate::state::AppState;

use super::data;

path_ids!(AppointmentId(id: NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(day))
        .routes(routes!(whatsapp_sent))
        .routes(routes!(get_settings, put_settings))
        .routes(routes!(preview))
}

/// Os agendamentos de um dia (todas as situações, por horário) com o estado dos lembretes.
#[utoipa::path(get, path = "/reminders", tag = "reminders", params(ReminderQuery),
    responses((status = 200, body = Data<ReminderDay>), (status = 422, body = ErrorBody)))]
async fn day(cx: Context, ApiQuery(query): ApiQuery<ReminderQuery>) -> Result<Json<Data<ReminderDay>>> {
    Ok(data(reminders::day(&cx, &query).await?))
}

/// Registra que o lembrete foi enviado pelo WhatsApp (quem e quando; auditado).
#[utoipa::path(post, path = "/reminders/{id}/whatsapp", tag = "reminders", params(("id" = i32, Path, description = "O agendamento")),
    responses((status = 200, body = Data<ReminderRow>), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "Cancelado ou encerrado")))]
async fn whatsapp_sent(cx: Context, AppointmentId(id): AppointmentId) -> Result<Json<Data<ReminderRow>>> {
    Ok(data(reminders::mark_whatsapp_sent(&cx, id).await?))
}

#[utoipa::path(get, path = "/reminders/settings", tag = "reminders",
    responses((status = 200, body = Data<ReminderSettingsView>)))]
async fn get_settings(cx: Context) -> Result<Json<Data<ReminderSettingsView>>> {
    Ok(data(reminders::get_settings(&cx).await?))
}

/// Modelo da mensagem (até 1.000 caracteres; marcador desconhecido: 422), antecedência do e-mail e nome do negócio.
#[utoipa::path(put, path = "/reminders/settings", tag = "reminders", request_body = SettingsInput,
    responses((status = 200, body = Data<ReminderSettingsView>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn put_settings(cx: Context, ApiJson(input): ApiJson<SettingsInput>) -> Result<Json<Data<ReminderSettingsView>>> {
    Ok(data(reminders::put_settings(&cx, input).await?))
}

/// O modelo preenchido com um agendamento real, verificado como ao salvar (nada é gravado).
#[utoipa::path(post, path = "/reminders/preview", tag = "reminders", request_body = PreviewInput,
    responses((status = 200, body = Data<ReminderPreview>), (status = 422, body = ErrorBody)))]
async fn preview(cx: Context, ApiJson(input): ApiJson<PreviewInput>) -> Result<Json<Data<ReminderPreview>>> {
    Ok(data(reminders::preview(&cx, input).await?))
}
