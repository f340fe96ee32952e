//! GET /api/working-hours, PUT /api/working-hours (the business's default),
//! GET /api/users/{id}/working-hours, PUT /api/users/{id}/working-hours,
//! DELETE /api/users/{id}/working-hours (back to the default),
//! GET /api/time-off, POST /api/time-off, DELETE /api/time-off/{id},
//! GET /api/availability (free slots)

use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use expediente_core::booking::hours::{self, WorkingHours, WorkingHoursInput};
use expediente_core::kit::list::ListQuery;
use expediente_core::booking::schedule::{self, Availability, AvailabilityQuery};
use expediente_core::booking::time_off::{self, TimeOffFilter, TimeOffInput, TimeOffView};
use expediente_core::people::users::NOT_FOUND as USER_NOT_FOUND;
use expediente_core::kit::{Context, Data, Page};
use crate::state::AppState;

use super::{created, data};

path_ids!(UserId(id: USER_NOT_FOUND));
path_ids!(TimeOffId(id: time_off::NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_business_hours, put_business_hours))
        .routes(routes!(get_user_hours, put_user_hours, reset_user_hours))
        .routes(routes!(list_time_off, create_time_off))
        .routes(routes!(remove_time_off))
        .routes(routes!(availability))
}

/// O horário padrão do negócio, que segue quem não tem horário próprio.
#[utoipa::path(get, path = "/working-hours", tag = "schedule", responses((status = 200, body = Data<WorkingHours>)))]
async fn get_business_hours(cx: Context) -> Result<Json<Data<WorkingHours>>> {
    Ok(data(hours::get_business(&cx).await?))
}

/// Somente admins. Intervalos de um dia não se sobrepõem; no máximo 6 por dia.
#[utoipa::path(put, path = "/working-hours", tag = "schedule", request_body = WorkingHoursInput,
    responses((status = 200, body = Data<WorkingHours>), (status = 403, body = ErrorBody)))]
async fn put_business_hours(cx: Context, ApiJson(input): ApiJson<WorkingHoursInput>) -> Result<Json<Data<WorkingHours>>> {
    Ok(data(hours::put_business(&cx, input).await?))
}

#[utoipa::path(get, path = "/users/{id}/working-hours", tag = "schedule", params(("id" = i32, Path)),
    responses((status = 200, body = Data<WorkingHours>)))]
async fn get_user_hours(cx: Context, UserId(id): UserId) -> Result<Json<Data<WorkingHours>>> {
    Ok(data(hours::get_user(&cx, id).await?))
}

/// Somente admins: o horário próprio do profissional.
#[utoipa::path(put, path = "/users/{id}/working-hours", tag = "schedule", params(("id" = i32, Path)), request_body = WorkingHoursInput,
    responses((status = 200, body = Data<WorkingHours>), (status = 403, body = ErrorBody)))]
async fn put_user_hours(cx: Context, UserId(id): UserId, ApiJson(input): ApiJson<WorkingHoursInput>) -> Result<Json<Data<WorkingHours>>> {
    Ok(data(hours::put_user(&cx, id, Some(input)).await?))
}

/// Somente admins: o profissional volta a seguir o horário padrão.
#[utoipa::path(delete, path = "/users/{id}/working-hours", tag = "schedule", params(("id" = i32, Path)),
    responses((status = 200, body = Data<WorkingHours>), (status = 403, body = ErrorBody)))]
async fn reset_user_hours(cx: Context, UserId(id): UserId) -> Result<Json<Data<WorkingHours>>> {
    Ok(data(hours::put_user(&cx, id, None).await?))
}

/// `sort`: startsAt (padrão). Sem `from`, o que ainda não terminou.
#[utoipa::path(get, path = "/time-off", tag = "schedule", params(ListQuery, TimeOffFilter),
    responses((status = 200, body = Page<TimeOffView>)))]
async fn list_time_off(cx: Context, ApiQuery(list): ApiQuery<ListQuery>, ApiQuery(filter): ApiQuery<TimeOffFilter>) -> Result<Json<Page<TimeOffView>>> {
    Ok(Json(time_off::list(&cx, &list, &filter).await?))
}

/// Admins lançam para qualquer um e para o negócio todo (`staffId` nulo); os demais, só para si.
#[utoipa::path(post, path = "/time-off", tag = "schedule", request_body = TimeOffInput,
    responses((status = 201, body = Data<TimeOffView>), (status = 403, body = ErrorBody)))]
async fn create_time_off(cx: Context, ApiJson(input): ApiJson<TimeOffInput>) -> Result<(StatusCode, Json<Data<TimeOffView>>)> {
    Ok(created(time_off::create(&cx, input).await?))
}

#[utoipa::path(delete, path = "/time-off/{id}", tag = "schedule", params(("id" = i32, Path)),
    responses((status = 204, description = "Removida"), (status = 403, body = ErrorBody)))]
async fn remove_time_off(cx: Context, TimeOffId(id): TimeOffId) -> Result<StatusCode> {
    time_off::delete(&cx, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Cada início livre (numa grade de 5 minutos, ou da duração do serviço quando ela divide a hora) em que o serviço, com seus intervalos, cabe no horário de trabalho, fora de folgas e longe de outros agendamentos, dos mais cedo aos mais tarde. No máximo 31 dias por busca e `limit` horários (padrão: 200; até 5.000); `meta.truncated` diz se havia mais no período.
#[utoipa::path(get, path = "/availability", tag = "schedule", params(AvailabilityQuery),
    responses((status = 200, body = Availability), (status = 422, body = ErrorBody)))]
async fn availability(cx: Context, ApiQuery(query): ApiQuery<AvailabilityQuery>) -> Result<Json<Availability>> {
    Ok(Json(schedule::availability(&cx, &query).await?))
}
