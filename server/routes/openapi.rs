//! GET /api/openapi.json (public)
//!
//! The OpenAPI 3 document of the whole JSON API, generated from the real
//! handlers (`#[utoipa::path]` on each, registered with `routes!`) and the
//! real request and response types. Here only what belongs to the whole
//! document: title, description, the bearer scheme, tags, and the default
//! descriptions of responses. `client/openapi.json` is this document as
//! committed; tests/openapi.rs fails when they differ.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_document))
}

/// The whole document: the API's routes nested under `/api`.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = OpenApiRouter::<AppState>::with_openapi(ApiDoc::openapi()).nest("/api", super::api()).split_for_parts();
    CommonResponses.modify(&mut doc);
    ResponseDescriptions.modify(&mut doc);
    unique_operation_ids(&mut doc);
    doc
}

/// utoipa names an operation after its handler (`list`, `create`…), the same
/// in every module; clients generated from the document need each id once,
/// so the resource's tag goes in front: `clients_list`.
fn unique_operation_ids(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let tag = operation.tags.as_ref().and_then(|tags| tags.first()).cloned();
            if let (Some(tag), Some(id)) = (tag, operation.operation_id.as_mut()) {
                *id = format!("{tag}_{id}");
            }
        }
    }
}

static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    let mut text = document().to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
});

/// The document as pretty-printed JSON (keys in a stable order), built once.
pub fn json() -> &'static str {
    DOCUMENT.as_str()
}

#[utoipa::path(get, path = "/openapi.json", tag = "meta", security(()),
    responses((status = 200, description = "Este documento (OpenAPI 3)", content_type = "application/json")))]
async fn openapi_document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json())
}

const DESCRIPTION: &str = "API JSON do Expediente, o back office de clientes e agendamentos.

- Autenticação: `POST /api/login` devolve `accessToken`; as demais rotas pedem `Authorization: Bearer <token>`. Um token vencido recebe 401 `{\"message\": \"Token has expired\"}`.
- Perfis: `admin` faz tudo; `staff` trabalha com clientes, agendamentos e relatórios, e recebe 403 na gestão de usuários.
- Corpos JSON em camelCase; parâmetros de consulta em snake_case. Horários em RFC 3339 com o deslocamento do fuso do negócio.
- Listas: `{ data: [...], meta: { page, per_page, total, last_page } }`. `page` de 1 a 1.000.000 (uma página além da última vem vazia), `per_page` de 1 a 100 (padrão 10), `sort` com até 3 chaves da lista de cada recurso, cada uma uma vez, `-` para decrescente; booleanos `true` ou `false`. Fora disso, 422.
- Erros: `{ message, errors: { campo: [mensagens] } }`, em português: 400 JSON inválido, 401 sem sessão, 403 sem permissão, 404 não encontrado, 409 conflito (horário ocupado, com o outro agendamento em `conflict: { appointmentId, startsAt, endsAt }`, ou versão desatualizada), 413 corpo acima de 64 KB, 415 corpo sem JSON, 422 dados inválidos.
- Edições de clientes e agendamentos levam a `version` lida; uma versão desatualizada recebe 409.
- Relatório (`GET /api/reports/summary`): dias do fuso do negócio, `to` inclusivo, no máximo 366 dias. `noShowRate = faltou / (concluido + faltou)`; `cancellationRate = cancelado / total`; ambas de 0 a 1, com quatro casas decimais, e 0 quando o denominador é 0. `revenueCents` soma `priceCents` dos agendamentos concluídos; `newClients` conta os clientes criados no período.";

#[derive(OpenApi)]
#[openapi(
    info(title = "Expediente API", description = DESCRIPTION),
    modifiers(&BearerAuth),
    security(("bearerAuth" = [])),
    tags(
        (name = "auth", description = "Sessão e perfil"),
        (name = "dashboard", description = "Painel"),
        (name = "clients", description = "Clientes"),
        (name = "appointments", description = "Agendamentos"),
        (name = "users", description = "Usuários (somente admin)"),
        (name = "reports", description = "Relatórios"),
        (name = "reminders", description = "Lembretes"),
        (name = "calendar", description = "Agenda no celular (iCalendar)"),
        (name = "meta", description = "Este documento"),
    )
)]
struct ApiDoc;

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

/// The answers every operation can give whatever its handler says, added
/// where the handler's annotation does not list them (so the document
/// describes every response, as the fuzz stage checks): 401 without a
/// session (unless public), 404 on a record's path (`{id}`), 400, 408, 413
/// and 415 for a body, 422 (a query
/// string with control characters is refused on any path), and 503 (database
/// out of reach, or a handler past its time limit).
struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
        let error = |description: &str| {
            let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
            RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                // `security(())`: a public operation, no 401.
                let public = operation.security.as_ref().is_some_and(|s| s.iter().all(|r| *r == Default::default()));
                let mut common = Vec::new();
                if !public {
                    common.push(("401", "Sem sessão válida (ou `Token has expired`)"));
                }
                if path.contains("{id}") {
                    common.push(("404", "Registro não encontrado"));
                }
                if operation.request_body.is_some() {
                    common.push(("400", "JSON inválido"));
                    common.push(("408", "O corpo parou de chegar"));
                    common.push(("413", "Corpo acima de 64 KB"));
                    common.push(("415", "Corpo sem JSON"));
                }
                common.push(("422", "Dados inválidos, com mensagens por campo"));
                common.push(("503", "Banco de dados fora do alcance ou resposta demorada demais; `Retry-After` diz quando tentar de novo"));
                for (status, description) in common {
                    operation.responses.responses.entry(status.to_string()).or_insert_with(|| error(description));
                }
            }
        }
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
                    if let utoipa::openapi::RefOr::T(response) = response
                        && response.description.is_empty()
                    {
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
