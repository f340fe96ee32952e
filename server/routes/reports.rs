//! GET /api/reports/summary, GET /api/reports/export.csv

use axum::Json;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::Result;
use crate::extract::ApiQuery;
use expediente_core::kit::{Context, Data};
use expediente_core::reporting::reports::{self, Summary, SummaryQuery};
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
        newClients: clientes criados no período. byService: por nome do serviço gravado no agendamento, sem diferenciar \
        maiúsculas, acentos e espaços nas pontas (o rótulo é a grafia mais frequente), pela receita, depois pelo total.",
    responses((status = 200, body = Data<Summary>)))]
async fn summary(cx: Context, ApiQuery(query): ApiQuery<SummaryQuery>) -> Result<Json<Data<Summary>>> {
    Ok(data(reports::summary(&cx, &query).await?))
}

/// The summary as CSV: one row a day and a total row, then one row a service.
#[utoipa::path(get, path = "/reports/export.csv", tag = "reports", params(SummaryQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) do resumo por dia e, após uma linha em branco, por serviço")))]
async fn export(cx: Context, ApiQuery(query): ApiQuery<SummaryQuery>) -> Result<impl IntoResponse> {
    let summary = reports::summary(&cx, &query).await?;
    Ok(csv_file("relatorio.csv", reports::export_csv(&summary)?))
}
