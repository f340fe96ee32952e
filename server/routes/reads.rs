//! GET /api/reads
//!
//! A screen's data for an in-app navigation: the reads its route declares
//! (`client/src/app/routes.json`), run by the same `reads::load` the first
//! paint runs, answered in one response. The browser seeds its cache with
//! the answers and takes each read's argument from `args`, so a navigation
//! costs one request, whatever one read depends on another's answer.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{AppError, ErrorBody, FieldErrors, Result};
use crate::extract::ApiQuery;
use crate::http::{AuthUser, ClientAddress};
use crate::pages::route_for;
use crate::reads::{self, CachedRead, Slices};
use expediente_core::kit::Data;
use expediente_core::kit::validation::CONTROL_CHARACTERS;
use crate::state::AppState;

use super::data;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show))
}

/// Longest address a screen's reads are asked for.
pub const MAX_ADDRESS: usize = 2048;

/// No screen has that address.
pub const NO_SCREEN: &str = "Nenhuma tela neste endereço.";

/// The address's record does not exist (the page shows "not found").
pub const NO_RECORD: &str = "Nada encontrado neste endereço: o registro não existe ou foi removido.";

/// `GET /api/reads?path=…` (as `query_params!` declares the services' query structs).
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReadsQuery {
    /// O endereço da tela no app: caminho e consulta (`/clients/12`, `/appointments?view=week`).
    pub path: Option<String>,
}

/// A screen's data at an address, in the shapes of the page's state
/// (ssr/CONTRACT.md#reads).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScreenReads {
    /// The route table's path the address shows (`/clients/:id`).
    pub route: String,
    /// The argument each of the screen's reads is asked with, by the read's name.
    #[schema(value_type = Object)]
    pub args: Map<String, Value>,
    /// The answers, as api cache entries under those arguments.
    pub queries: Vec<CachedRead>,
}

/// The reads of the screen at `path`, as the signed-in user. A screen for
/// other roles is a 403 and a record that does not exist a 404, as the page
/// of that address would answer; the spec's list slices are left to their
/// screens.
#[utoipa::path(get, path = "/reads", tag = "pages", params(ReadsQuery),
    responses((status = 200, body = Data<ScreenReads>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn show(State(state): State<AppState>, auth: AuthUser, client: ClientAddress, ApiQuery(query): ApiQuery<ReadsQuery>) -> Result<Json<Data<ScreenReads>>> {
    let address = check_address(query.path.as_deref())?;
    let (path, query) = address.split_once('?').unwrap_or((address, ""));
    let route = route_for(path);
    if route.path == "*" {
        return Err(AppError::NotFound(NO_SCREEN.into()).into());
    }
    if route.protected && !route.allows(auth.user.role) {
        return Err(AppError::Forbidden.into());
    }
    let loaded = reads::load(&state, &route.reads, &route.path, path, query, &auth, Some(&client), Slices::Skip).await;
    if loaded.not_found {
        return Err(AppError::NotFound(NO_RECORD.into()).into());
    }
    Ok(data(ScreenReads { route: route.path.clone(), args: loaded.args, queries: loaded.queries }))
}

/// The address without its fragment, when it is a path of this site.
fn check_address(path: Option<&str>) -> Result<&str> {
    let mut errors = FieldErrors::new();
    let address = path.unwrap_or_default();
    let address = address.split('#').next().unwrap_or_default();
    if address.is_empty() {
        errors.add("path", "Informe o endereço da tela.");
    } else if address.chars().count() > MAX_ADDRESS {
        errors.add("path", format!("O endereço pode ter até {MAX_ADDRESS} caracteres."));
    } else if address.chars().any(char::is_control) {
        // (The API refuses them in any query before a handler runs; a page's
        // own read has no query of its own.)
        errors.add("path", CONTROL_CHARACTERS);
    } else if !address.starts_with('/') || address.starts_with("//") || address.contains('\\') {
        errors.add("path", "O endereço deve ser um caminho deste sistema, começando por /.");
    }
    errors.check()?;
    Ok(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_a_path_of_this_site() {
        assert_eq!(check_address(Some("/clients/12?x=1#top")).unwrap(), "/clients/12?x=1");
        for bad in [None, Some(""), Some("clients"), Some("//evil.example/x"), Some("/a\\b"), Some("/a\u{7}"), Some(&*"/a".repeat(1025))] {
            assert!(check_address(bad).is_err(), "{bad:?}");
        }
    }
}
