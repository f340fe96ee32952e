//! GET /api/reports/summary, GET /api/reports/export.csv

use axum::Json;
use axum::extract::State;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiQuery, ErrorBody, Result};
use crate::services::Data;
use crate::services::reports::{self, Summary, SummaryQuery};
use crate::state::AppState;

use super::{csv_file, data};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(summary)).routes(routes!(export))
}

/// Staff and admins alike may read the reports.
#[utoipa::path(get, path = "/reports/summary", tag = "reports", params(SummaryQuery),
    description = "Resumo de um período em dias do fuso do negócio (`to` inclusivo, no máximo 366 dias). \
        Sem datas, `period` (today, week, month, last_month; padrão: month); com uma só data, a outra completa o seu mês. \
        noShowRate = faltou / (concluido + faltou); cancellationRate = cancelado / total; \
        frações de 0 a 1 com quatro casas, 0 quando o denominador é 0. revenueCents: soma de priceCents dos concluídos. \
        newClients: clientes criados no período.",
    responses((status = 200, body = Data<Summary>), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn summary(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<SummaryQuery>) -> Result<Json<Data<Summary>>> {
    Ok(data(reports::summary(&state.db, &query, state.config.tz).await?))
}

/// The summary's days as CSV (one row a day and a total row).
#[utoipa::path(get, path = "/reports/export.csv", tag = "reports", params(SummaryQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) do resumo por dia"),
        (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn export(State(state): State<AppState>, _auth: AuthUser, ApiQuery(query): ApiQuery<SummaryQuery>) -> Result<impl IntoResponse> {
    let summary = reports::summary(&state.db, &query, state.config.tz).await?;
    Ok(csv_file("relatorio.csv", reports::export_csv(&summary)?))
}
