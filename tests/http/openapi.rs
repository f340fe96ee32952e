//! GET /api/openapi.json: a public OpenAPI 3 document that lists every
//! operation of the API, and every documented operation exists on the real
//! router (no route 404, no 405).

use std::collections::BTreeSet;

use crate::common::{Backend, json_of, spawn};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const ROUTE_NOT_FOUND: &str = "Rota da API não encontrada.";

/// Every operation of the API: method, path, public?
const OPERATIONS: &[(&str, &str, bool)] = &[
    ("post", "/api/login", true),
    ("post", "/api/logout", true),
    ("get", "/api/me", false),
    ("put", "/api/me", false),
    ("get", "/api/dashboard", false),
    ("get", "/api/clients", false),
    ("post", "/api/clients", false),
    ("get", "/api/clients/{id}", false),
    ("put", "/api/clients/{id}", false),
    ("delete", "/api/clients/{id}", false),
    ("post", "/api/clients/{id}/archive", false),
    ("post", "/api/clients/{id}/unarchive", false),
    ("post", "/api/clients/{id}/merge", false),
    ("get", "/api/clients/{id}/history", false),
    ("get", "/api/clients/{id}/history/{entryId}", false),
    ("get", "/api/clients/export.csv", false),
    ("get", "/api/reports/export.csv", false),
    ("get", "/api/appointments", false),
    ("post", "/api/appointments", false),
    ("get", "/api/appointments/{id}", false),
    ("put", "/api/appointments/{id}", false),
    ("delete", "/api/appointments/{id}", false),
    ("patch", "/api/appointments/{id}/status", false),
    ("get", "/api/appointments/{id}/history", false),
    ("get", "/api/appointments/{id}/history/{entryId}", false),
    ("get", "/api/agenda", false),
    ("get", "/api/events", false),
    ("post", "/api/presence", false),
    ("get", "/api/appointments/export.csv", false),
    ("get", "/api/appointments/series", false),
    ("get", "/api/users", false),
    ("post", "/api/users", false),
    ("get", "/api/users/{id}", false),
    ("put", "/api/users/{id}", false),
    ("post", "/api/users/{id}/deactivate", false),
    ("post", "/api/users/{id}/activate", false),
    ("get", "/api/staff", false),
    ("get", "/api/reads", false),
    ("get", "/api/reports/summary", false),
    ("get", "/api/services", false),
    ("post", "/api/services", false),
    ("get", "/api/services/{id}", false),
    ("put", "/api/services/{id}", false),
    ("delete", "/api/services/{id}", false),
    ("get", "/api/working-hours", false),
    ("put", "/api/working-hours", false),
    ("get", "/api/users/{id}/working-hours", false),
    ("put", "/api/users/{id}/working-hours", false),
    ("delete", "/api/users/{id}/working-hours", false),
    ("get", "/api/time-off", false),
    ("post", "/api/time-off", false),
    ("delete", "/api/time-off/{id}", false),
    ("get", "/api/availability", false),
    ("get", "/api/reminders", false),
    ("post", "/api/reminders/{id}/whatsapp", false),
    ("get", "/api/reminders/settings", false),
    ("put", "/api/reminders/settings", false),
    ("get", "/api/online-booking", false),
    ("put", "/api/online-booking", false),
    ("get", "/api/waitlist", false),
    ("post", "/api/waitlist", false),
    ("delete", "/api/waitlist/{id}", false),
    ("delete", "/api/waitlist/{id}/offer", false),
    ("get", "/api/waitlist/settings", false),
    ("put", "/api/waitlist/settings", false),
    ("post", "/api/reminders/preview", false),
    ("get", "/api/clients/{id}/export", false),
    ("post", "/api/clients/{id}/anonymise", false),
    ("get", "/api/clients/{id}/accesses", false),
    ("get", "/api/access-log/settings", false),
    ("put", "/api/access-log/settings", false),
    ("get", "/api/me/calendar", false),
    ("post", "/api/me/calendar", false),
    ("get", "/api/users/{id}/calendar", false),
    ("post", "/api/users/{id}/calendar", false),
    ("get", "/api/openapi.json", true),
];

const METHODS: &[&str] = &["get", "post", "put", "patch", "delete"];

async fn fetch_document(app: &crate::common::TestApp) -> Value {
    let response = app.http.get(app.url("/api/openapi.json")).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "application/json");
    let (status, doc) = json_of(response).await;
    assert_eq!(status, StatusCode::OK, "public: no token needed");
    doc
}

/// Every `$ref` in the document, to check that each points at a schema.
/// The property names of `schema`, with those of the schemas it is made
/// of (`allOf`, as a struct with a `#[serde(flatten)]` field is described).
fn properties(schemas: &Value, schema: &Value) -> BTreeSet<String> {
    if let Some(name) = schema["$ref"].as_str() {
        return properties(schemas, &schemas[name.trim_start_matches("#/components/schemas/")]);
    }
    let mut names: BTreeSet<String> = schema["properties"].as_object().map(|p| p.keys().cloned().collect()).unwrap_or_default();
    for part in schema["allOf"].as_array().into_iter().flatten() {
        names.extend(properties(schemas, part));
    }
    assert!(!names.is_empty(), "a schema without properties: {schema}");
    names
}

fn refs(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "$ref" {
                    out.insert(inner.as_str().unwrap().to_string());
                } else {
                    refs(inner, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

async fn the_document_lists_every_operation(backend: Backend) {
    let app = spawn(backend).await;
    let doc = fetch_document(&app).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{}", doc["openapi"]);
    assert_eq!(doc["info"]["title"], "Expediente API");
    let description = doc["info"]["description"].as_str().unwrap();
    assert!(description.contains("noShowRate = faltou / (concluido + faltou)"));
    assert!(description.contains("cancellationRate = cancelado / total"));
    assert_eq!(doc["components"]["securitySchemes"]["bearerAuth"], json!({ "type": "http", "scheme": "bearer", "bearerFormat": "JWT" }));
    assert_eq!(doc["security"], json!([{ "bearerAuth": [] }]));

    let mut documented = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            if let Some(operation) = item.get(*method) {
                documented.insert((method.to_string(), path.clone()));
                assert!(operation["responses"].as_object().is_some_and(|r| !r.is_empty()), "{method} {path}");
                assert!(operation["tags"].as_array().is_some_and(|t| !t.is_empty()), "{method} {path}");
            }
        }
    }
    let expected: BTreeSet<(String, String)> = OPERATIONS.iter().map(|(m, p, _)| (m.to_string(), p.to_string())).collect();
    let missing: Vec<_> = expected.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&expected).collect();
    assert!(missing.is_empty(), "not documented: {missing:?}");
    assert!(extra.is_empty(), "documented but not expected: {extra:?}");

    // Public operations say so; the others inherit the bearer requirement.
    for (method, path, public) in OPERATIONS {
        let operation = &doc["paths"][path][method];
        if *public {
            assert_eq!(operation["security"], json!([{}]), "{method} {path} is public");
        } else {
            assert!(operation.get("security").is_none(), "{method} {path} needs the bearer token");
        }
    }

    // Request and response schemas: the shapes of the contract.
    let schemas = &doc["components"]["schemas"];
    let mut all = BTreeSet::new();
    refs(&doc, &mut all);
    for reference in &all {
        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
        assert!(schemas.get(name).is_some(), "dangling {reference}");
    }
    let props = |name: &str| properties(schemas, &schemas[name]);
    let set = |names: &[&str]| -> BTreeSet<String> { names.iter().map(|n| n.to_string()).collect() };
    assert_eq!(props("User"), set(&["id", "name", "email", "role", "active", "ownHours", "createdAt", "updatedAt"]));
    assert_eq!(schemas["Role"]["enum"], serde_json::json!(["admin", "staff", "professional"]));
    assert_eq!(
        props("Client"),
        set(&["id", "name", "email", "phone", "document", "birthDate", "notes", "archived", "version", "anonymisedAt", "onlineSignup", "createdAt",
            "updatedAt"])
    );
    assert_eq!(
        props("Appointment"),
        set(&[
            "id", "clientId", "clientName", "staffId", "staffName", "service", "serviceId", "serviceColor", "bufferBeforeMinutes",
            "bufferAfterMinutes", "seriesId", "seriesPosition", "seriesTotal", "startsAt", "endsAt", "status", "nextStatuses", "priceCents", "notes",
            "cancellationReason", "channel", "version",
            "createdAt", "updatedAt"
        ])
    );
    assert_eq!(
        props("Service"),
        set(&[
            "id", "name", "durationMinutes", "priceCents", "color", "bufferBeforeMinutes", "bufferAfterMinutes", "staffIds", "active",
            "version", "createdAt", "updatedAt"
        ])
    );
    assert_eq!(props("Meta"), set(&["page", "per_page", "total", "last_page", "next_cursor", "total_estimated"]));
    // Present only when they apply: a page with a next one, an estimated total.
    assert_eq!(schemas["Meta"]["required"], serde_json::json!(["page", "per_page", "total", "last_page"]));
    assert_eq!(props("ErrorBody"), set(&["message", "errors", "conflict", "conflicts", "rule"]));
    // A series' 409 lists every date that cannot be booked, and why.
    assert_eq!(props("SeriesConflict"), set(&["startsAt", "reason", "with", "message"]));
    assert_eq!(schemas["ConflictReason"]["enum"], serde_json::json!(["overlap", "outsideHours", "timeOff", "buffer"]));
    // A time outside the rules' 422 names the rule as data.
    assert_eq!(schemas["ScheduleRule"]["enum"], serde_json::json!(["outsideHours", "timeOff", "buffer"]));
    // A clash's 409 names the other appointment; every field is always there.
    assert_eq!(props("ScheduleConflict"), set(&["appointmentId", "startsAt", "endsAt"]));
    assert_eq!(schemas["ScheduleConflict"]["required"], serde_json::json!(["appointmentId", "startsAt", "endsAt"]));
    assert_eq!(
        props("Summary"),
        set(&[
            "period", "from", "to", "timeZone", "total", "byStatus", "byDay", "byStaff", "byService", "byChannel", "noShowRate", "cancellationRate",
            "revenueCents", "newClients", "newClientsEstimated", "reminders", "recovered"
        ])
    );
    assert_eq!(props("ReminderGroup"), set(&["total", "concluido", "faltou", "noShowRate"]));
    assert_eq!(props("ByStatus"), set(&["agendado", "confirmado", "concluido", "cancelado", "faltou", "pendente"]));
    assert_eq!(props("ServiceFigures"), set(&["service", "total", "concluido", "cancelado", "faltou", "revenueCents"]));
    assert_eq!(props("ProfileBody"), set(&["name", "email", "currentPassword", "newPassword"]));
    assert_eq!(
        doc["paths"]["/api/users"]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/CreateUserBody"
    );
    assert_eq!(
        doc["paths"]["/api/clients"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/Page_Client"
    );
    // Typed wrappers of the real handlers: `{ data }` and `{ data, meta }`.
    assert_eq!(props("Page_Client"), set(&["data", "meta"]));
    assert_eq!(props("Data_ClientDetail"), set(&["data"]));
    assert_eq!(
        doc["paths"]["/api/clients/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/Data_ClientDetail"
    );
    // Every list takes the one list query.
    for list in ["/api/clients", "/api/appointments", "/api/users"] {
        let names: BTreeSet<String> = doc["paths"][list]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect();
        assert!(set(&["page", "per_page", "sort"]).is_subset(&names), "{list}: {names:?}");
    }
    assert!(doc["paths"]["/api/users/{id}"]["get"]["parameters"][0]["name"] == "id");
    let summary_params: BTreeSet<String> = doc["paths"]["/api/reports/summary"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            // Missing dates default the period (docs/behaviour.md#reports).
            assert_eq!(p["required"], false, "{p}");
            p["name"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(summary_params, set(&["from", "to", "period"]));
}
both!(the_document_lists_every_operation);

/// Each documented operation, sent to the real server with an admin token
/// and a missing record's id, reaches a handler: never the API's "no such
/// route" 404, never a 405. (A handler's own 404 names the record.)
async fn every_documented_operation_exists_on_the_router(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let doc = fetch_document(&app).await;
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            if item.get(*method).is_none() || (*method == "post" && path == "/api/logout") {
                continue;
            }
            let url = app.url(&path.replace("{id}", "999999"));
            let mut request = app.http.request(Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), url).bearer_auth(&admin);
            if ["post", "put", "patch"].contains(method) {
                request = request.json(&json!({}));
            }
            let response = request.send().await.unwrap();
            let status = response.status();
            // The live stream never ends of itself: its status is enough.
            let text = if path == "/api/events" && status.is_success() { String::new() } else { response.text().await.unwrap() };
            assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}: 405");
            let message = serde_json::from_str::<Value>(&text).ok().and_then(|v| v["message"].as_str().map(str::to_string));
            assert!(
                !(status == StatusCode::NOT_FOUND && message.as_deref() == Some(ROUTE_NOT_FOUND)),
                "{method} {path}: the router has no such route"
            );
            if status == StatusCode::NOT_FOUND {
                let message = message.unwrap_or_default();
                assert!(message.contains("não encontrad"), "{method} {path}: 404 without a record message: {text}");
            }
            assert!(!status.is_server_error(), "{method} {path}: {status} {text}");
            checked += 1;
        }
    }
    // Logout last: it revokes the token used above.
    let response = app.http.post(app.url("/api/logout")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(checked, OPERATIONS.len() - 1);

    // And the check can tell: an undocumented path is the router's 404.
    let (status, body) = json_of(app.get("/api/clients/999999/nada", &app.admin_token().await).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], ROUTE_NOT_FOUND);
}
both!(every_documented_operation_exists_on_the_router);

async fn every_response_is_described(backend: Backend) {
    let app = spawn(backend).await;
    let doc = fetch_document(&app).await;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for (status, response) in operation["responses"].as_object().unwrap() {
                let description = response["description"].as_str().unwrap_or_default();
                assert!(!description.is_empty(), "{method} {path} {status}");
            }
        }
    }
    assert_eq!(doc["paths"]["/api/users"]["get"]["responses"]["403"]["description"], "Sem permissão (somente admin)");
}
both!(every_response_is_described);

/// `client/openapi.json` is the document the server generates, so the
/// client's generated API types follow the server: when a handler or one of
/// its types changes, this fails until the file is regenerated with
/// `EXPEDIENTE_UPDATE_OPENAPI=1 cargo test --profile testing --test http -- openapi` and committed.
#[test]
fn the_committed_document_is_the_generated_one() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("client/openapi.json");
    let generated = expediente::routes::openapi::json();
    if std::env::var_os("EXPEDIENTE_UPDATE_OPENAPI").is_some() {
        std::fs::write(&path, generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "client/openapi.json differs from the OpenAPI document the server generates from its handlers.\n\
         If the API change is intended, regenerate it and commit the file:\n\
         \n    EXPEDIENTE_UPDATE_OPENAPI=1 cargo test --profile testing --test http -- openapi\n"
    );
}
