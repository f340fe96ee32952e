//! GET /api/openapi.json (public)
//!
//! The OpenAPI 3 document of the whole JSON API, built with utoipa. The
//! operations are described here, on documentation-only functions, with
//! documentation structs that mirror the records the handlers answer
//! (ssr/CONTRACT.md); users and reports use their own types directly.
//! tests/openapi.rs checks every documented operation against the router.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::services::appointments::AppointmentView as Appointment;
use crate::services::clients::{ClientDetail, ClientView as Client};
use crate::services::reports::{ByStatus, DayFigures, StaffFigures, Summary};
use crate::services::users::UserView;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(document))
}

static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises"));

/// The document, built once.
pub fn json() -> &'static str {
    DOCUMENT.as_str()
}

async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json())
}

const DESCRIPTION: &str = "API JSON do Expediente, o back office de clientes e agendamentos.

- Autenticação: `POST /api/login` devolve `accessToken`; as demais rotas pedem `Authorization: Bearer <token>`. Um token vencido recebe 401 `{\"message\": \"Token has expired\"}`.
- Perfis: `admin` faz tudo; `staff` trabalha com clientes, agendamentos e relatórios, e recebe 403 na gestão de usuários.
- Corpos JSON em camelCase; parâmetros de consulta em snake_case. Horários em RFC 3339 com o deslocamento do fuso do negócio.
- Listas: `{ data: [...], meta: { page, per_page, total, last_page } }`.
- Erros: `{ message, errors: { campo: [mensagens] } }`, em português: 400 JSON inválido, 401 sem sessão, 403 sem permissão, 404 não encontrado, 409 conflito (horário ocupado ou versão desatualizada), 413 corpo acima de 64 KB, 415 corpo sem JSON, 422 dados inválidos.
- Edições de clientes e agendamentos levam a `version` lida; uma versão desatualizada recebe 409.
- Relatório (`GET /api/reports/summary`): dias do fuso do negócio, `to` inclusivo, no máximo 366 dias. `noShowRate = faltou / (concluido + faltou)`; `cancellationRate = cancelado / total`; ambas de 0 a 1, com quatro casas decimais, e 0 quando o denominador é 0. `revenueCents` soma `priceCents` dos agendamentos concluídos; `newClients` conta os clientes criados no período.";

#[derive(OpenApi)]
#[openapi(
    info(title = "Expediente API", description = DESCRIPTION),
    modifiers(&BearerAuth, &ResponseDescriptions),
    security(("bearerAuth" = [])),
    paths(
        login, logout, me, update_me, dashboard,
        clients_list, clients_create, clients_export, clients_get, clients_update, clients_delete,
        clients_archive, clients_unarchive, clients_history,
        appointments_list, appointments_create, appointments_export, appointments_get, appointments_update,
        appointments_delete, appointments_status, appointments_history,
        users_list, users_create, users_get, users_update, users_deactivate, users_activate,
        reports_summary, openapi_document,
    ),
    components(schemas(
        ErrorBody, Meta, MessageBody, LoginBody, LoginData, LoginResponse, UserView, UserResponse, UserPage,
        CreateUserBody, UpdateUserBody, ProfileBody, Client, ClientDetail, ClientBody, ClientResponse,
        ClientDetailResponse, ClientPage, Appointment, AppointmentBody, StatusBody, AppointmentResponse,
        AppointmentPage, HistoryEntry, HistoryResponse, Dashboard, DashboardResponse, Summary, ByStatus,
        DayFigures, StaffFigures, SummaryResponse,
    )),
    tags(
        (name = "auth", description = "Sessão e perfil"),
        (name = "dashboard", description = "Painel"),
        (name = "clients", description = "Clientes"),
        (name = "appointments", description = "Agendamentos"),
        (name = "users", description = "Usuários (somente admin)"),
        (name = "reports", description = "Relatórios"),
        (name = "meta", description = "Este documento"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearerAuth",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// Fills the responses left without a description with the usual meaning
/// of their status.
struct ResponseDescriptions;

impl Modify for ResponseDescriptions {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                for (status, response) in operation.responses.responses.iter_mut() {
                    if let utoipa::openapi::RefOr::T(response) = response {
                        if response.description.is_empty() {
                            response.description = match status.as_str() {
                                "200" => "OK",
                                "201" => "Criado",
                                "204" => "Sem conteúdo",
                                "400" => "JSON inválido",
                                "401" => "Sem sessão válida (ou `Token has expired`)",
                                "403" => "Sem permissão (somente admin)",
                                "404" => "Registro não encontrado",
                                "409" => "Conflito",
                                "422" => "Dados inválidos, com mensagens por campo",
                                _ => "",
                            }
                            .to_string();
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Schemas

/// Every error: a message, and messages per field on a 422.
#[derive(ToSchema)]
struct ErrorBody {
    #[schema(example = "Os dados enviados são inválidos.")]
    message: String,
    errors: Option<BTreeMap<String, Vec<String>>>,
}

#[derive(ToSchema)]
struct MessageBody {
    #[schema(example = "Sessão encerrada.")]
    message: String,
}

/// Paging of a list.
#[derive(ToSchema)]
struct Meta {
    page: u64,
    per_page: u64,
    total: u64,
    last_page: u64,
}

#[derive(ToSchema)]
struct LoginBody {
    #[schema(example = "admin@example.com")]
    email: String,
    password: String,
}

#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct LoginData {
    id: i32,
    name: String,
    email: String,
    /// `admin` or `staff`.
    role: String,
    access_token: String,
    #[schema(example = "Bearer")]
    type_token: String,
    /// Lifetime of the token in seconds.
    expires_in: i64,
    /// Expiry in epoch milliseconds.
    expires_at: i64,
}

#[derive(ToSchema)]
struct LoginResponse {
    data: LoginData,
}

#[derive(ToSchema)]
struct UserResponse {
    data: UserView,
}

#[derive(ToSchema)]
struct UserPage {
    data: Vec<UserView>,
    meta: Meta,
}

#[derive(ToSchema)]
struct CreateUserBody {
    /// 2 to 120 characters.
    name: String,
    /// Unique, case-insensitive.
    email: String,
    /// `admin` or `staff`.
    role: String,
    /// At least 8 characters.
    password: String,
}

/// Every field optional; what is sent changes. An admin cannot change their
/// own role (422). Users have no version: the last write wins.
#[derive(ToSchema)]
struct UpdateUserBody {
    name: Option<String>,
    email: Option<String>,
    /// `admin` or `staff`.
    role: Option<String>,
    /// A new password (reset by the admin), at least 8 characters.
    password: Option<String>,
}

/// One's own profile. Changing `email` or setting `newPassword` needs
/// `currentPassword` (422 `Senha atual incorreta.` when wrong).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProfileBody {
    name: Option<String>,
    email: Option<String>,
    current_password: Option<String>,
    /// At least 8 characters.
    new_password: Option<String>,
}

/// Body of POST and PUT. On PUT an absent field keeps its value, `null`
/// clears it, and `version` (the one read) is required; unknown fields are
/// refused (422).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClientBody {
    name: Option<String>,
    email: Option<String>,
    /// Any usual format: `(11) 98765-4321`, `+55 11 98765-4321`.
    phone: Option<String>,
    /// CPF with valid check digits: `123.456.789-09` or digits.
    document: Option<String>,
    /// `YYYY-MM-DD`.
    birth_date: Option<String>,
    notes: Option<String>,
    version: Option<i32>,
}

#[derive(ToSchema)]
struct ClientResponse {
    data: Client,
}

#[derive(ToSchema)]
struct ClientDetailResponse {
    data: ClientDetail,
}

#[derive(ToSchema)]
struct ClientPage {
    data: Vec<Client>,
    meta: Meta,
}

/// Body of POST and PUT. Give `endsAt` or `durationMinutes`. On PUT an
/// absent field keeps its value and `version` is required. A staff
/// member's active appointments never overlap (409 naming the other one).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct AppointmentBody {
    client_id: Option<i32>,
    staff_id: Option<i32>,
    service: Option<String>,
    /// RFC 3339 with any offset, or a wall-clock time in the business zone.
    starts_at: Option<String>,
    ends_at: Option<String>,
    duration_minutes: Option<i64>,
    status: Option<String>,
    price_cents: Option<i64>,
    notes: Option<String>,
    cancellation_reason: Option<String>,
    version: Option<i32>,
}

/// A status change; `cancelado` needs a reason.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct StatusBody {
    /// agendado, confirmado, concluido, cancelado or faltou.
    status: String,
    version: i32,
    cancellation_reason: Option<String>,
}

#[derive(ToSchema)]
struct AppointmentResponse {
    data: Appointment,
}

#[derive(ToSchema)]
struct AppointmentPage {
    data: Vec<Appointment>,
    meta: Meta,
}

/// One change of a record: who, when, and the values before and after.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct HistoryEntry {
    id: i32,
    /// create, update, status, archive, delete…
    action: String,
    user_id: Option<i32>,
    user_name: Option<String>,
    /// `{ field: { old, new } }`
    changes: serde_json::Value,
    created_at: String,
}

#[derive(ToSchema)]
struct HistoryResponse {
    data: Vec<HistoryEntry>,
}

#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct Dashboard {
    clients_total: u64,
    appointments_today: u64,
    appointments_week: u64,
    revenue_month_cents: i64,
    upcoming: Vec<Appointment>,
}

#[derive(ToSchema)]
struct DashboardResponse {
    data: Dashboard,
}

#[derive(ToSchema)]
struct SummaryResponse {
    data: Summary,
}

// ---------------------------------------------------------------------------
// Operations (documentation only: the handlers live in their route modules)

#[utoipa::path(post, path = "/api/login", tag = "auth", security(()), request_body = LoginBody,
    description = "Entra com e-mail e senha; também grava o cookie HttpOnly da sessão das páginas.",
    responses(
        (status = 200, body = LoginResponse),
        (status = 401, body = ErrorBody, description = "E-mail ou senha inválidos, ou usuário desativado"),
        (status = 422, body = ErrorBody),
    ))]
fn login() {}

#[utoipa::path(post, path = "/api/logout", tag = "auth", security(()),
    description = "Encerra a sessão: revoga o token enviado (cabeçalho ou cookie) e apaga o cookie.",
    responses((status = 200, body = MessageBody)))]
fn logout() {}

#[utoipa::path(get, path = "/api/me", tag = "auth",
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorBody)))]
fn me() {}

#[utoipa::path(put, path = "/api/me", tag = "auth", request_body = ProfileBody,
    description = "Altera o próprio nome, e-mail ou senha; e-mail e senha pedem a senha atual.",
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn update_me() {}

#[utoipa::path(get, path = "/api/dashboard", tag = "dashboard",
    responses((status = 200, body = DashboardResponse), (status = 401, body = ErrorBody)))]
fn dashboard() {}

#[utoipa::path(get, path = "/api/clients", tag = "clients",
    params(
        ("page" = Option<u64>, Query, description = "Página, a partir de 1"),
        ("per_page" = Option<u64>, Query, description = "Itens por página, de 1 a 100 (padrão 10)"),
        ("q" = Option<String>, Query, description = "Palavras buscadas em nome, e-mail, telefone e CPF, sem diferenciar maiúsculas e acentos"),
        ("sort" = Option<String>, Query, description = "Campos separados por vírgula, `-` para decrescente: name, email, birthDate, createdAt, updatedAt, id"),
        ("archived" = Option<bool>, Query, description = "true: só arquivados; padrão: só ativos"),
    ),
    responses((status = 200, body = ClientPage), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn clients_list() {}

#[utoipa::path(post, path = "/api/clients", tag = "clients", request_body = ClientBody,
    responses((status = 201, body = ClientResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn clients_create() {}

#[utoipa::path(get, path = "/api/clients/export.csv", tag = "clients",
    params(
        ("q" = Option<String>, Query, description = "Como na lista"),
        ("sort" = Option<String>, Query, description = "Como na lista"),
        ("archived" = Option<bool>, Query, description = "Como na lista"),
    ),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos clientes filtrados"),
        (status = 401, body = ErrorBody)))]
fn clients_export() {}

#[utoipa::path(get, path = "/api/clients/{id}", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = ClientDetailResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
fn clients_get() {}

#[utoipa::path(put, path = "/api/clients/{id}", tag = "clients", params(("id" = i32, Path)), request_body = ClientBody,
    responses(
        (status = 200, body = ClientResponse),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Versão desatualizada"),
        (status = 422, body = ErrorBody),
    ))]
fn clients_update() {}

#[utoipa::path(delete, path = "/api/clients/{id}", tag = "clients", params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Removido"),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Cliente com agendamentos: arquive em vez de excluir"),
    ))]
fn clients_delete() {}

#[utoipa::path(post, path = "/api/clients/{id}/archive", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = ClientResponse), (status = 404, body = ErrorBody)))]
fn clients_archive() {}

#[utoipa::path(post, path = "/api/clients/{id}/unarchive", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = ClientResponse), (status = 404, body = ErrorBody)))]
fn clients_unarchive() {}

#[utoipa::path(get, path = "/api/clients/{id}/history", tag = "clients", params(("id" = i32, Path)),
    responses((status = 200, body = HistoryResponse), (status = 404, body = ErrorBody)))]
fn clients_history() {}

#[utoipa::path(get, path = "/api/appointments", tag = "appointments",
    params(
        ("page" = Option<u64>, Query, description = "Página, a partir de 1"),
        ("per_page" = Option<u64>, Query, description = "Itens por página, de 1 a 100 (padrão 10)"),
        ("from" = Option<String>, Query, description = "Instante RFC 3339 ou data YYYY-MM-DD (inclusivo)"),
        ("to" = Option<String>, Query, description = "Instante RFC 3339 ou data YYYY-MM-DD (a data inclui o dia todo)"),
        ("status" = Option<String>, Query, description = "Um ou vários, separados por vírgula"),
        ("staff_id" = Option<i32>, Query),
        ("client_id" = Option<i32>, Query),
        ("sort" = Option<String>, Query, description = "startsAt (padrão), endsAt, createdAt, updatedAt, status, priceCents, service, id; `-` para decrescente"),
    ),
    responses((status = 200, body = AppointmentPage), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn appointments_list() {}

#[utoipa::path(post, path = "/api/appointments", tag = "appointments", request_body = AppointmentBody,
    responses(
        (status = 201, body = AppointmentResponse),
        (status = 409, body = ErrorBody, description = "Horário ocupado para o profissional"),
        (status = 422, body = ErrorBody),
    ))]
fn appointments_create() {}

#[utoipa::path(get, path = "/api/appointments/export.csv", tag = "appointments",
    params(
        ("from" = Option<String>, Query), ("to" = Option<String>, Query), ("status" = Option<String>, Query),
        ("staff_id" = Option<i32>, Query), ("client_id" = Option<i32>, Query), ("sort" = Option<String>, Query),
    ),
    responses((status = 200, content_type = "text/csv", body = String, description = "CSV (UTF-8) dos agendamentos filtrados"),
        (status = 401, body = ErrorBody)))]
fn appointments_export() {}

#[utoipa::path(get, path = "/api/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 200, body = AppointmentResponse), (status = 404, body = ErrorBody)))]
fn appointments_get() {}

#[utoipa::path(put, path = "/api/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    request_body = AppointmentBody,
    responses(
        (status = 200, body = AppointmentResponse),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Horário ocupado ou versão desatualizada"),
        (status = 422, body = ErrorBody),
    ))]
fn appointments_update() {}

#[utoipa::path(delete, path = "/api/appointments/{id}", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 204, description = "Removido"), (status = 404, body = ErrorBody)))]
fn appointments_delete() {}

#[utoipa::path(patch, path = "/api/appointments/{id}/status", tag = "appointments", params(("id" = i32, Path)),
    request_body = StatusBody,
    responses(
        (status = 200, body = AppointmentResponse),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Versão desatualizada ou horário ocupado ao reativar"),
        (status = 422, body = ErrorBody, description = "Status inválido ou transição não permitida"),
    ))]
fn appointments_status() {}

#[utoipa::path(get, path = "/api/appointments/{id}/history", tag = "appointments", params(("id" = i32, Path)),
    responses((status = 200, body = HistoryResponse), (status = 404, body = ErrorBody)))]
fn appointments_history() {}

#[utoipa::path(get, path = "/api/users", tag = "users",
    params(
        ("page" = Option<u64>, Query, description = "Página, a partir de 1"),
        ("per_page" = Option<u64>, Query, description = "Itens por página, de 1 a 100 (padrão 10)"),
        ("q" = Option<String>, Query, description = "Parte do nome ou e-mail, sem diferenciar maiúsculas e acentos"),
        ("sort" = Option<String>, Query, description = "name (padrão), email, role, active, created_at; `-` para decrescente"),
        ("role" = Option<String>, Query, description = "admin ou staff"),
        ("active" = Option<bool>, Query),
    ),
    responses((status = 200, body = UserPage), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn users_list() {}

#[utoipa::path(post, path = "/api/users", tag = "users", request_body = CreateUserBody,
    responses((status = 201, body = UserResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn users_create() {}

#[utoipa::path(get, path = "/api/users/{id}", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = UserResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
fn users_get() {}

#[utoipa::path(put, path = "/api/users/{id}", tag = "users", params(("id" = i32, Path)), request_body = UpdateUserBody,
    responses(
        (status = 200, body = UserResponse),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "Dados inválidos, e-mail em uso ou alteração do próprio perfil"),
    ))]
fn users_update() {}

#[utoipa::path(post, path = "/api/users/{id}/deactivate", tag = "users", params(("id" = i32, Path)),
    description = "Desativa: o usuário não entra mais e seus tokens param de valer. Ninguém desativa a si mesmo (422).",
    responses((status = 200, body = UserResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
fn users_deactivate() {}

#[utoipa::path(post, path = "/api/users/{id}/activate", tag = "users", params(("id" = i32, Path)),
    responses((status = 200, body = UserResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
fn users_activate() {}

#[utoipa::path(get, path = "/api/reports/summary", tag = "reports",
    description = "Resumo de um período em dias do fuso do negócio (`to` inclusivo, no máximo 366 dias). \
        noShowRate = faltou / (concluido + faltou); cancellationRate = cancelado / total; \
        frações de 0 a 1 com quatro casas, 0 quando o denominador é 0. revenueCents: soma de priceCents dos concluídos. \
        newClients: clientes criados no período.",
    params(
        ("from" = String, Query, description = "Primeiro dia, YYYY-MM-DD"),
        ("to" = String, Query, description = "Último dia (inclusivo), YYYY-MM-DD"),
    ),
    responses((status = 200, body = SummaryResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
fn reports_summary() {}

#[utoipa::path(get, path = "/api/openapi.json", tag = "meta", security(()),
    responses((status = 200, description = "Este documento (OpenAPI 3)", content_type = "application/json")))]
fn openapi_document() {}
