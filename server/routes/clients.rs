//! GET /api/clients, POST /api/clients, GET /api/clients/export.csv,
//! GET /api/clients/{id}, PUT /api/clients/{id}, DELETE /api/clients/{id},
//! POST /api/clients/{id}/archive, POST /api/clients/{id}/unarchive,
//! GET /api/clients/{id}/history, GET /api/clients/{id}/history/{entryId},
//! POST /api/clients/{id}/merge (Recepção and admins),
//! GET /api/clients/{id}/export, POST /api/clients/{id}/anonymise (admins: LGPD),
//! GET /api/clients/{id}/accesses, GET and PUT /api/access-log/settings
//! (admins: the access log)

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{ApiJson, ApiQuery};
use crate::http::Admin;
use expediente_core::clients::access_log::{self, AccessLogSettings, AccessLogSettingsInput, AccessView};
use expediente_core::kit::audit::HistoryEntry;
use expediente_core::clients::{self, ClientDetail, ClientFilter, ClientInput, ClientView, NOT_FOUND};
use expediente_core::clients::lgpd::{self, AnonymiseInput, ClientExport, ExportQuery};
use expediente_core::clients::merge::{self, MergeInput};
use expediente_core::kit::list::ListQuery;
use expediente_core::kit::{Context, Data, Page};
use crate::state::AppState;

use super::{created, csv_file, data};

path_ids!(ClientId(id: NOT_FOUND));
path_ids!(HistoryPath(id: NOT_FOUND, entry: expediente_core::kit::audit::ENTRY_NOT_FOUND));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(export))
        .routes(routes!(get_one, update, remove))
        .routes(routes!(archive))
        .routes(routes!(unarchive))
        .routes(routes!(merge))
        .routes(routes!(history))
        .routes(routes!(history_entry))
        .routes(routes!(export_one))
        .routes(routes!(anonymise))
        .routes(routes!(accesses))
        .routes(routes!(get_access_settings, put_access_settings))
}

/// Quem leu a ficha, o histórico ou a exportação do cliente, quando e de onde, do mais recente ao mais antigo
/// (`sort`: -at, padrão, ou at). Só administradores; o registro não se edita pela API.
#[utoipa::path(get, path = "/clients/{id}/accesses", tag = "clients", params(("id" = i32, Path), ListQuery),
    responses((status = 200, body = Page<AccessView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn accesses(Admin(cx): Admin, ClientId(id): ClientId, ApiQuery(list): ApiQuery<ListQuery>) -> Result<Json<Page<AccessView>>> {
    Ok(Json(access_log::page(&cx, id, &list).await?))
}

/// Por quantos dias cada acesso a uma ficha fica registrado (padrão: 730). Só administradores.
#[utoipa::path(get, path = "/access-log/settings", tag = "clients",
    responses((status = 200, body = Data<AccessLogSettings>), (status = 403, body = ErrorBody)))]
async fn get_access_settings(Admin(cx): Admin) -> Result<Json<Data<AccessLogSettings>>> {
    Ok(data(access_log::get_settings(&cx).await?))
}

/// De 180 a 3.650 dias; os acessos mais antigos que isso são apagados. Só administradores.
#[utoipa::path(put, path = "/access-log/settings", tag = "clients", request_body = AccessLogSettingsInput,
    responses((status = 200, body = Data<AccessLogSettings>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn put_access_settings(Admin(cx): Admin, ApiJson(input): ApiJson<AccessLogSettingsInput>) -> Result<Json<Data<AccessLogSettings>>> {
    Ok(data(access_log::put_settings(&cx, input).await?))
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

/// Junta ao cliente `{id}` o cadastro duplicado `from` (mesma pessoa, dois cadastros): os agendamentos, as séries,
/// os lembretes, os acessos e o histórico de `from` passam para `{id}`; os campos vazios de `{id}` (e-mail, telefone,
/// CPF, nascimento, observações) recebem os de `from`, sem sobrescrever nenhum preenchido (as observações se somam);
/// depois `from` é apagado. Tudo em uma transação; o histórico de `{id}` registra a junção com os dados de `from`.
/// `version` é a versão lida de `{id}` (409 se mudou). Recepção e administradores.
#[utoipa::path(post, path = "/clients/{id}/merge", tag = "clients", params(("id" = i32, Path)), request_body = MergeInput,
    responses(
        (status = 200, body = Data<ClientView>, description = "O cliente que ficou, já com os dados juntados"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Um dos dois clientes não existe"),
        (status = 409, body = ErrorBody, description = "Versão desatualizada"),
        (status = 422, body = ErrorBody, description = "O mesmo cliente, um cliente anonimizado, ou observações longas demais juntas"),
    ))]
async fn merge(cx: Context, ClientId(id): ClientId, ApiJson(input): ApiJson<MergeInput>) -> Result<Json<Data<ClientView>>> {
    Ok(data(merge::merge(&cx, id, input).await?))
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

/// Tudo o que se guarda sobre o cliente (LGPD, art. 18): cadastro, todos os agendamentos, todo o histórico
/// (do cliente e dos agendamentos) e os lembretes enviados, em um arquivo JSON (`format=json`, padrão) ou um ZIP
/// de planilhas CSV (`format=zip`). Só administradores; a exportação fica no histórico (quem, quando).
#[utoipa::path(get, path = "/clients/{id}/export", tag = "clients", params(("id" = i32, Path), ExportQuery),
    responses(
        (status = 200, description = "O arquivo", content((ClientExport = "application/json"), (String = "application/zip"))),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "Formato inválido"),
    ))]
async fn export_one(Admin(cx): Admin, ClientId(id): ClientId, ApiQuery(query): ApiQuery<ExportQuery>) -> Result<impl IntoResponse> {
    let zip = match query.format.as_deref().map(str::trim) {
        None | Some("") | Some("json") => false,
        Some("zip") => true,
        Some(_) => return Err(AppError::field("format", "Formato inválido: use json ou zip.").into()),
    };
    let export = lgpd::export(&cx, id).await?;
    let (body, kind, ext) =
        if zip { (lgpd::export_zip(&export)?, "application/zip", "zip") } else { (lgpd::export_json(&export)?, "application/json", "json") };
    Ok((
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"cliente-{id}-dados.{ext}\"")),
        ],
        body,
    ))
}

/// Remove para sempre os dados pessoais do cliente (LGPD): nome vira "Cliente anonimizado {id}"; e-mail,
/// telefone, CPF, nascimento e observações são apagados, também das observações dos agendamentos e do histórico;
/// os agendamentos futuros são cancelados. Datas, situações, serviços e valores ficam (os relatórios não mudam).
/// `confirmName` deve ser o nome do cliente (422). Só administradores.
#[utoipa::path(post, path = "/clients/{id}/anonymise", tag = "clients", params(("id" = i32, Path)), request_body = AnonymiseInput,
    responses(
        (status = 200, body = Data<ClientView>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Cliente já anonimizado"),
        (status = 422, body = ErrorBody, description = "O nome digitado não confere"),
    ))]
async fn anonymise(Admin(cx): Admin, ClientId(id): ClientId, ApiJson(input): ApiJson<AnonymiseInput>) -> Result<Json<Data<ClientView>>> {
    Ok(data(lgpd::anonymise(&cx, id, input).await?))
}
