//! A screen's data, as its entry in `client/src/app/routes.json` declares
//! it: the API reads the page is rendered with (ssr/CONTRACT.md#reads).
//!
//! The server runs each read through its own API router, in-process and
//! as the page's session, so a page's data passes the very extractors,
//! validation, defaults and JSON the browser's request would. Each answer
//! goes into the page's state under the argument the screen asks with, and
//! the arguments go too (`args`, by the read's name): the browser never
//! computes them. The first paint and `GET /api/reads` (an in-app
//! navigation: `routes/reads.rs`) both load here, so neither the render,
//! the hydration nor a navigation sends more than one request.

use std::collections::BTreeMap;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

use crate::http::{AuthUser, ClientAddress};
use crate::state::AppState;
use entities::user::Role;

/// One API read of a screen.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Read {
    /// The RTK Query endpoint whose cache the answer seeds…
    #[serde(default)]
    pub endpoint: Option<String>,
    /// …or the spec's list slice (`clients`, `appointments`) it fills.
    #[serde(default)]
    pub slice: Option<String>,
    /// The read's name, where a screen reads one endpoint twice; else the
    /// endpoint's (or the slice's) name.
    #[serde(default)]
    pub key: Option<String>,
    /// The API path; a `{name}` segment is a path parameter of the route.
    pub api: String,
    /// Query parameters taken from the page's address (the first non-empty
    /// value of each), as text; `name:argument` gives the address's `name`
    /// as the argument `argument` (the booking's `book_date` as `from`).
    #[serde(default)]
    pub params: Vec<String>,
    /// Fixed arguments; the text `{name}` is the route's path parameter, and
    /// `{endpoint.field}` a field of an earlier read's answer.
    #[serde(default)]
    pub with: Map<String, Value>,
    /// Read only when the address has these query values…
    #[serde(default, rename = "if")]
    pub when: BTreeMap<String, String>,
    /// …and not when it has these.
    #[serde(default)]
    pub unless: BTreeMap<String, String>,
    /// Read only for these roles (an admin's card on a shared screen);
    /// every role when absent.
    #[serde(default)]
    pub roles: Option<Vec<Role>>,
}

impl Read {
    /// The name a screen asks for this read by.
    pub fn key(&self) -> &str {
        self.key.as_deref().or(self.endpoint.as_deref()).or(self.slice.as_deref()).unwrap_or_default()
    }

    /// True when a user of `role` gets this read.
    fn allows(&self, role: Role) -> bool {
        self.roles.as_ref().is_none_or(|roles| roles.contains(&role))
    }

    /// True when the page's address calls for this read.
    fn applies(&self, query: &[(String, String)]) -> bool {
        let value = |key: &str| query.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        self.when.iter().all(|(k, v)| value(k) == Some(v)) && !self.unless.iter().any(|(k, v)| value(k) == Some(v))
    }

    /// The argument the screen asks with: the fixed arguments, the path
    /// parameters of `api`, the address's declared parameters. `None` when
    /// a reference names nothing (an earlier read that failed).
    fn arg(&self, path_params: &Map<String, Value>, query: &[(String, String)], answers: &Map<String, Value>) -> Option<Map<String, Value>> {
        let mut arg = Map::new();
        for (name, value) in &self.with {
            arg.insert(name.clone(), resolve(value, path_params, answers)?);
        }
        // A `{name}` of the path is the route's parameter, else a fixed
        // argument of that name (`{getMe.id}` on a route without `:id`).
        for name in placeholders(&self.api) {
            match path_params.get(name) {
                Some(value) => {
                    arg.insert(name.to_string(), value.clone());
                }
                None if arg.contains_key(name) => {}
                None => return None,
            }
        }
        for (name, argument) in self.params() {
            if let Some((_, value)) = query.iter().find(|(k, v)| k == name && !v.is_empty()) {
                arg.insert(argument.to_string(), Value::String(value.clone()));
            }
        }
        Some(arg)
    }

    /// Each parameter of the address, and the argument it gives.
    fn params(&self) -> impl Iterator<Item = (&str, &str)> {
        self.params.iter().map(|param| param.split_once(':').unwrap_or((param, param)))
    }

    /// The API request of an argument: `api` with its path parameters
    /// filled, the rest as the query string.
    fn uri(&self, arg: &Map<String, Value>) -> String {
        let mut path = self.api.clone();
        let in_path: Vec<&str> = placeholders(&self.api).collect();
        for name in &in_path {
            path = path.replace(&format!("{{{name}}}"), &text(&arg[*name]));
        }
        let query: Vec<(&str, String)> =
            arg.iter().filter(|(k, _)| !in_path.contains(&k.as_str())).map(|(k, v)| (k.as_str(), text(v))).collect();
        if query.is_empty() { path } else { format!("{path}?{}", serde_urlencoded::to_string(query).unwrap_or_default()) }
    }

    /// The argument without the address's parameters: the read a bad
    /// address (a 422) falls back to, as the screen does.
    fn defaults(&self, arg: &Map<String, Value>) -> Map<String, Value> {
        arg.iter().filter(|(k, _)| !self.params().any(|(_, argument)| argument == k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

/// The `{name}` segments of a path.
fn placeholders(api: &str) -> impl Iterator<Item = &str> {
    api.split('/').filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
}

/// A fixed argument's value: `{name}` a path parameter, `{endpoint.field}`
/// a field of an earlier answer, anything else itself.
fn resolve(value: &Value, path_params: &Map<String, Value>, answers: &Map<String, Value>) -> Option<Value> {
    let Some(reference) = value.as_str().and_then(|s| s.strip_prefix('{')?.strip_suffix('}')) else {
        return Some(value.clone());
    };
    match reference.split_once('.') {
        Some((endpoint, field)) => answers.get(endpoint)?.get(field).cloned(),
        None => path_params.get(reference).cloned(),
    }
}

/// A value as it goes in a path or query string.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One api cache entry: an endpoint's answer under the argument a screen
/// asks with.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct CachedRead {
    /// The RTK Query endpoint (`getClient`).
    pub endpoint: String,
    #[schema(value_type = Object)]
    pub arg: Value,
    /// A record's `data`, or a list's whole `{ data, meta }`.
    #[schema(value_type = Object)]
    pub value: Value,
}

/// What a screen's reads put in its page state.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The api cache entries.
    pub queries: Vec<CachedRead>,
    /// The argument of each endpoint read the address calls for, by the
    /// read's name, answered or not: a read that failed is still asked
    /// with it, by the screen.
    pub args: Map<String, Value>,
    /// The list slices, `{ list, meta, loading, error }`.
    pub slices: Map<String, Value>,
    /// True when a read of the page's record answered 404.
    pub not_found: bool,
}

/// Which reads `load` runs: a navigation leaves the spec's list slices to
/// their screens, which load them whenever the address changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slices {
    Read,
    Skip,
}

/// Runs the reads of a page at `path` (the route's `pattern`) and `query`,
/// as `auth`, the page's session. A read that fails is left out (the screen
/// loads it itself, with the argument in `args`); a 422 is read again
/// without the address's parameters, as the screen shows a bad address.
#[allow(clippy::too_many_arguments)]
pub async fn load(
    state: &AppState,
    reads: &[Read],
    pattern: &str,
    path: &str,
    query: &str,
    auth: &AuthUser,
    address: Option<&ClientAddress>,
    slices: Slices,
) -> Loaded {
    let Some(api) = &state.api else {
        return Loaded::default();
    };
    let query: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    let path_params = path_params(pattern, path);
    let mut loaded = Loaded::default();
    let mut answers = Map::new();
    for read in reads.iter().filter(|read| read.applies(&query) && read.allows(auth.user.role)) {
        if slices == Slices::Skip && read.endpoint.is_none() {
            continue;
        }
        let Some(arg) = read.arg(&path_params, &query, &answers) else { continue };
        if read.endpoint.is_some() {
            loaded.args.insert(read.key().to_string(), Value::Object(arg.clone()));
        }
        let mut answer = get(api, &read.uri(&arg), auth, address).await;
        if matches!(answer, Err(StatusCode::UNPROCESSABLE_ENTITY)) {
            answer = get(api, &read.uri(&read.defaults(&arg)), auth, address).await;
        }
        let body = match answer {
            Ok(body) => body,
            Err(StatusCode::NOT_FOUND) if !path_params.is_empty() => {
                loaded.not_found = true;
                return loaded;
            }
            Err(status) => {
                tracing::warn!(%status, api = read.api, "a page read failed; the screen will load it");
                continue;
            }
        };
        match (&read.endpoint, &read.slice) {
            (Some(endpoint), _) => {
                // A list is cached whole (`{data, meta}`), a record as its `data`.
                let value = if body.get("meta").is_some() { body } else { body.get("data").cloned().unwrap_or(Value::Null) };
                answers.insert(endpoint.clone(), value.clone());
                loaded.queries.push(CachedRead { endpoint: endpoint.clone(), arg: Value::Object(arg), value });
            }
            (None, Some(slice)) => {
                let state = json!({ "list": body["data"], "meta": body["meta"], "loading": false, "error": null });
                loaded.slices.insert(slice.clone(), state);
            }
            (None, None) => {}
        }
    }
    loaded
}

/// Most bytes a page's preloaded state may have. Every list in it is one
/// page and every history entry's texts are cut short, so a page's state is
/// tens of kilobytes (a client's record with 400 long edits and 150
/// appointments: under 100 KB of HTML in all); past this something is
/// unbounded, and the page goes out without its data (the browser loads
/// it, as with `EXPEDIENTE_SSR=off`) rather than sending megabytes.
pub const MAX_STATE_BYTES: usize = 512 * 1024;

/// `GET uri` through the API router: the answer's JSON, or its status (500
/// for an answer larger than a whole page's state may be).
async fn get(api: &Router, uri: &str, auth: &AuthUser, address: Option<&ClientAddress>) -> Result<Value, StatusCode> {
    // The router's paths are relative to `/api`, where the app nests it;
    // the session rides along for the `AuthUser` extractor.
    let mut request = Request::get(uri).body(Body::empty()).map_err(|_| StatusCode::BAD_REQUEST)?;
    request.extensions_mut().insert(auth.clone());
    if let Some(address) = address {
        request.extensions_mut().insert(address.clone());
    }
    let response = api.clone().oneshot(request).await.unwrap_or_else(|never| match never {});
    let status = response.status();
    if !status.is_success() {
        return Err(status);
    }
    let bytes = axum::body::to_bytes(response.into_body(), MAX_STATE_BYTES).await.map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
    serde_json::from_slice(&bytes).map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)
}

/// The route's `:name` segments read from the path, as numbers (the route
/// table matches them only to positive ids).
fn path_params(pattern: &str, path: &str) -> Map<String, Value> {
    pattern
        .split('/')
        .zip(path.trim_end_matches('/').split('/'))
        .filter_map(|(want, got)| Some((want.strip_prefix(':')?.to_string(), Value::from(got.parse::<i64>().ok()?))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: Value) -> Read {
        serde_json::from_value(json).unwrap()
    }

    fn pairs(query: &str) -> Vec<(String, String)> {
        serde_urlencoded::from_str(query).unwrap()
    }

    #[test]
    fn an_argument_takes_fixed_values_path_parameters_and_the_address() {
        let agenda = read(json!({ "endpoint": "getAgenda", "api": "/agenda", "params": ["view", "date"] }));
        let arg = agenda.arg(&Map::new(), &pairs("view=week&view=day&date=&x=1"), &Map::new()).unwrap();
        assert_eq!(Value::Object(arg.clone()), json!({ "view": "week" }), "the first value of a declared parameter, none empty");
        assert_eq!(agenda.uri(&arg), "/agenda?view=week");
        assert_eq!(agenda.defaults(&arg), Map::new());
        let free = read(json!({ "endpoint": "getAvailability", "api": "/availability", "with": { "limit": 1 }, "params": ["book_date:from"] }));
        let arg = free.arg(&Map::new(), &pairs("book_date=2026-12-01&from=2026-01-01"), &Map::new()).unwrap();
        assert_eq!(Value::Object(arg.clone()), json!({ "limit": 1, "from": "2026-12-01" }), "an address's parameter under another name");
        assert_eq!(Value::Object(free.defaults(&arg)), json!({ "limit": 1 }));

        let path = path_params("/clients/:id", "/clients/12/");
        assert_eq!(Value::Object(path.clone()), json!({ "id": 12 }));
        let history = read(json!({ "endpoint": "getClientHistory", "api": "/clients/{id}/history", "with": { "page": 1 } }));
        let arg = history.arg(&path, &[], &Map::new()).unwrap();
        assert_eq!(Value::Object(arg.clone()), json!({ "id": 12, "page": 1 }));
        assert_eq!(history.uri(&arg), "/clients/12/history?page=1");

        let upcoming = read(json!({
            "key": "upcoming", "endpoint": "getClientAppointments", "api": "/appointments",
            "with": { "client_id": "{id}", "from": "{getClient.asOf}", "sort": "startsAt" }
        }));
        assert_eq!(upcoming.key(), "upcoming");
        assert!(upcoming.arg(&path, &[], &Map::new()).is_none(), "an answer that is not there");
        let answers = json!({ "getClient": { "asOf": "2026-11-26T10:00:00-03:00" } }).as_object().unwrap().clone();
        let arg = upcoming.arg(&path, &[], &answers).unwrap();
        assert_eq!(Value::Object(arg.clone()), json!({ "client_id": 12, "from": "2026-11-26T10:00:00-03:00", "sort": "startsAt" }));
        assert_eq!(upcoming.uri(&arg), "/appointments?client_id=12&from=2026-11-26T10%3A00%3A00-03%3A00&sort=startsAt");
    }

    /// What the route table's reads ask for at an address (`answers`: the
    /// earlier reads' answers a read refers to; `arg: null`: not read).
    const CASES: &str = r#"[
  { "url": "/dashboard", "key": "getDashboard", "arg": {} },
  { "url": "/auth/profile", "key": "getCalendarFeed", "arg": {} },
  { "url": "/users/7", "key": "getCalendarFeed", "arg": { "id": 7 } },
  { "url": "/dashboard?page=2", "key": "getDashboard", "arg": {} },
  { "url": "/clients?q=ana&page=&page=2&sort=-name&x=1", "key": "clients", "arg": { "q": "ana", "page": "2", "sort": "-name" } },
  { "url": "/clients/12", "key": "getClient", "arg": { "id": 12 } },
  { "url": "/clients/12/", "key": "getClientHistory", "arg": { "id": 12, "page": 1 } },
  { "url": "/clients/12", "key": "upcoming", "arg": null },
  {
    "url": "/clients/12", "key": "upcoming", "answers": { "getClient": { "asOf": "2026-11-26T10:00:00-03:00" } },
    "arg": { "client_id": 12, "from": "2026-11-26T10:00:00-03:00", "sort": "startsAt", "page": 1 }
  },
  {
    "url": "/clients/12", "key": "past", "answers": { "getClient": { "asOf": "2026-11-26T10:00:00-03:00" } },
    "arg": { "client_id": 12, "to": "2026-11-26T10:00:00-03:00", "sort": "-startsAt", "page": 1 }
  },
  { "url": "/appointments", "key": "getAgenda", "arg": {} },
  { "url": "/appointments?view=week&date=2026-11-21&staff_id=3", "key": "getAgenda", "arg": { "view": "week", "date": "2026-11-21", "staff_id": "3" } },
  { "url": "/appointments?view=list", "key": "getAgenda", "arg": null },
  { "url": "/appointments?view=list", "key": "today", "arg": {} },
  { "url": "/appointments?view=week", "key": "getStaff", "arg": {} },
  { "url": "/appointments?book=1&book_date=2026-12-01", "key": "bookingServices", "arg": { "active": "true", "per_page": 100 } },
  { "url": "/appointments?book=0", "key": "bookingServices", "arg": null },
  { "url": "/appointments?book=1", "key": "getMe", "arg": {} },
  { "url": "/appointments?book=1", "key": "bookingFree", "answers": { "getMe": { "id": 7 } }, "arg": { "duration_minutes": 60, "staff_id": 7, "limit": 1 } },
  {
    "url": "/appointments?book=1&book_date=2026-12-01&book_staff=3", "key": "bookingFree", "answers": { "getMe": { "id": 7 } },
    "arg": { "duration_minutes": 60, "staff_id": "3", "limit": 1, "from": "2026-12-01" }
  },
  { "url": "/appointments?date=2026-12-01", "key": "bookingFree", "answers": { "getMe": { "id": 7 } }, "arg": null },
  { "url": "/appointments?view=week&encaixe=1", "key": "fitInServices", "arg": { "active": "true", "per_page": 100 } },
  { "url": "/appointments?view=list&status=faltou&date=2026-11-21", "key": "appointments", "arg": null },
  {
    "url": "/appointments?view=list&status=faltou&date=2026-11-21", "key": "appointments", "answers": { "getAgenda": { "today": "2026-11-26" } },
    "arg": { "from": "2026-11-26", "status": "faltou" }
  },
  {
    "url": "/appointments?view=list&from=2026-10-01", "key": "appointments", "answers": { "getAgenda": { "today": "2026-11-26" } },
    "arg": { "from": "2026-10-01" }
  },
  { "url": "/appointments?view=week", "key": "appointments", "arg": null },
  { "url": "/reports?period=week", "key": "getReportSummary", "arg": { "period": "week" } },
  { "url": "/reports?from=2026-11-01&to=2026-11-30", "key": "getReportSummary", "arg": { "from": "2026-11-01", "to": "2026-11-30" } },
  { "url": "/users", "key": "getUsers", "arg": { "page": 1 } },
  { "url": "/users?page=2", "key": "getUsers", "arg": { "page": "2" } },
  { "url": "/auth/profile", "key": "getMe", "arg": {} },
  { "url": "/auth/profile", "key": "getUserHours", "arg": null },
  { "url": "/auth/profile", "key": "getUserHours", "answers": { "getMe": { "id": 7 } }, "arg": { "id": 7 } },
  { "url": "/auth/profile", "key": "getTimeOff", "answers": { "getMe": { "id": 7 } }, "arg": { "staff_id": 7 } },
  { "url": "/users/7", "key": "getUser", "arg": { "id": 7 } },
  { "url": "/users/7", "key": "getUserHours", "arg": { "id": 7 } },
  { "url": "/users/7", "key": "getTimeOff", "arg": { "staff_id": 7 } },
  { "url": "/appointments/services", "key": "getServices", "arg": { "page": 1 } },
  { "url": "/appointments/services?page=3", "key": "getServices", "arg": { "page": "3" } },
  { "url": "/appointments/services", "key": "getStaff", "arg": {} },
  { "url": "/appointments/services", "key": "getBusinessHours", "arg": {} },
  { "url": "/appointments/services", "key": "holidays", "arg": { "holidays": "true" } },
  { "url": "/appointments/reminders", "key": "getReminders", "arg": {} },
  { "url": "/appointments/reminders?date=2026-11-27", "key": "getReminders", "arg": { "date": "2026-11-27" } },
  { "url": "/appointments/reminders", "key": "getReminderSettings", "arg": {} }
]"#;

    #[test]
    fn the_routes_reads_give_the_screens_arguments() {
        let cases: Vec<Value> = serde_json::from_str(CASES).unwrap();
        for case in cases {
            let url = case["url"].as_str().unwrap();
            let (path, query) = url.split_once('?').unwrap_or((url, ""));
            let route = crate::pages::route_for(path);
            let query = pairs(query);
            let answers = case.get("answers").and_then(Value::as_object).cloned().unwrap_or_default();
            let read = route.reads.iter().find(|r| r.key() == case["key"] && r.applies(&query));
            let arg = read.and_then(|r| r.arg(&path_params(&route.path, path), &query, &answers));
            assert_eq!(arg.map_or(Value::Null, Value::Object), case["arg"], "{case}");
        }
    }

    #[test]
    fn conditions_read_the_address() {
        let list = read(json!({ "slice": "appointments", "api": "/appointments", "if": { "view": "list" } }));
        let grid = read(json!({ "endpoint": "getAgenda", "api": "/agenda", "unless": { "view": "list" } }));
        assert!(list.applies(&pairs("view=list")) && !grid.applies(&pairs("view=list")));
        assert!(!list.applies(&pairs("view=week")) && grid.applies(&pairs("")));
        assert_eq!(list.key(), "appointments");
    }
}
