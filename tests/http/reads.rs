//! `GET /api/reads`: an in-app navigation's data, the same reads as the
//! first paint of that address; and `GET /api/staff`, every staff picker's
//! choices.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{ADMIN_EMAIL, Backend, Options, assert_error, assert_field_error, json_of, spawn, spawn_with};
use crate::pages::preloaded_state;

/// `/api/reads` of `address`, as `token`.
async fn reads(app: &crate::common::TestApp, token: &str, address: &str) -> (StatusCode, Value) {
    let query = serde_urlencoded::to_string([("path", address)]).unwrap();
    json_of(app.get(&format!("/api/reads?{query}"), token).await).await
}

/// A client's page asked in-app answers what its first paint holds: every
/// read, those that need the record's `asOf` included, each under the
/// argument the screen asks with.
async fn a_navigation_gets_what_the_first_paint_gets(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, ..Options::default() }).await;
    let token = app.admin_token().await; // and the session cookie, for the page
    let id = app.create_client(&token, "Ana Navegação").await;
    let (_, me) = json_of(app.get("/api/me", &token).await).await;
    let booking = json!({
        "clientId": id, "staffId": me["data"]["id"], "service": "Limpeza de pele",
        "startsAt": "2059-05-06T10:00:00-03:00", "durationMinutes": 60, "priceCents": 15000,
    });
    assert_eq!(app.post("/api/appointments", &token, booking).await.status(), StatusCode::CREATED);

    let address = format!("/clients/{id}");
    let (status, answer) = reads(&app, &token, &address).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let answer = &answer["data"];
    assert_eq!(answer["route"], "/clients/:id");
    let as_of = answer["queries"][0]["value"]["asOf"].clone();
    assert!(as_of.is_string(), "{answer}");
    assert_eq!(
        answer["args"],
        json!({
            "getClient": { "id": id },
            "getClientHistory": { "id": id, "page": 1 },
            "upcoming": { "client_id": id, "from": as_of, "sort": "startsAt", "page": 1 },
            "past": { "client_id": id, "to": as_of, "sort": "-startsAt", "page": 1 },
            "series": { "client_id": id },
            // An admin's: who read the record (a read for admins only, docs/permissions.md#access-log).
            "getClientAccesses": { "id": id, "page": 1 },
        })
    );
    let endpoints: Vec<&str> = answer["queries"].as_array().unwrap().iter().map(|q| q["endpoint"].as_str().unwrap()).collect();
    assert_eq!(endpoints, ["getClient", "getClientHistory", "getClientAppointments", "getClientAppointments", "getClientSeries", "getClientAccesses"]);
    assert_eq!(answer["queries"][2]["value"]["data"][0]["service"], "Limpeza de pele");

    // The page of that address: the same arguments, the same entries but the record's `asOf`, read again.
    let html = app.http.get(app.url(&address)).send().await.unwrap().text().await.unwrap();
    let state = preloaded_state(&html);
    assert_eq!(state["reads"]["at"], address);
    let page_args = &state["reads"]["args"];
    assert_eq!(page_args["getClient"], answer["args"]["getClient"]);
    assert_eq!(page_args["series"], answer["args"]["series"]);
    let page_endpoints: Vec<&str> = state["queries"].as_array().unwrap().iter().map(|q| q["endpoint"].as_str().unwrap()).collect();
    assert_eq!(page_endpoints, endpoints);

    // The agenda's list view: its reads, but not the spec's list slice (its screen loads it).
    let (status, answer) = reads(&app, &token, "/appointments?view=list&status=agendado").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["args"], json!({ "today": {}, "getStaff": {} }));
    let staff = &answer["data"]["queries"][1];
    assert_eq!((&staff["endpoint"], &staff["value"][0]["name"]), (&json!("getStaff"), &me["data"]["name"]));
    // A screen of the spec's list only, and a screen without reads: nothing to read.
    for address in ["/clients?page=2", "/login"] {
        let (status, answer) = reads(&app, &token, address).await;
        assert_eq!((status, &answer["data"]["queries"]), (StatusCode::OK, &json!([])), "{address}");
    }
    // A bad filter in the address: the default read, under the address's argument, as the page.
    let (_, answer) = reads(&app, &token, "/reports?period=seculo").await;
    assert_eq!(answer["data"]["args"], json!({ "getReportSummary": { "period": "seculo" } }));
    assert_eq!(answer["data"]["queries"][0]["value"]["period"], "month");
}
both!(a_navigation_gets_what_the_first_paint_gets);

/// What the page of the address would refuse, `/api/reads` refuses the same
/// way; a bad address is a Portuguese 422.
async fn reads_refuse_as_the_page_does(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    app.staff_user("Paula Lima", "paula@example.com").await;
    let staff = app.login("paula@example.com", "senha-do-staff-1").await;

    let signed_out = json_of(app.http.get(app.url("/api/reads?path=/dashboard")).send().await.unwrap()).await;
    assert_eq!(signed_out.0, StatusCode::UNAUTHORIZED, "{}", signed_out.1);
    assert_error(&reads(&app, &staff, "/users").await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    assert_error(&reads(&app, &staff, "/users/1").await, StatusCode::FORBIDDEN, "Você não tem permissão para esta ação.");
    assert_eq!(reads(&app, &staff, "/dashboard").await.0, StatusCode::OK, "a screen for everyone");
    assert_error(&reads(&app, &admin, "/nao-existe").await, StatusCode::NOT_FOUND, "Nenhuma tela neste endereço.");
    assert_error(&reads(&app, &admin, "/clients/abc").await, StatusCode::NOT_FOUND, "Nenhuma tela neste endereço.");
    let gone = "Nada encontrado neste endereço: o registro não existe ou foi removido.";
    assert_error(&reads(&app, &admin, "/clients/999999").await, StatusCode::NOT_FOUND, gone);
    assert_error(&reads(&app, &admin, "/users/999999").await, StatusCode::NOT_FOUND, gone);

    let too_long = format!("/clients?q={}", "a".repeat(2048));
    for (address, message) in [
        ("", "Informe o endereço da tela."),
        (&*too_long, "O endereço pode ter até 2048 caracteres."),
        ("/clients/1\u{7}", "O texto contém caracteres de controle não permitidos."),
        ("/dashboard\n", "O texto contém caracteres de controle não permitidos."),
        ("clients", "O endereço deve ser um caminho deste sistema"),
        ("//evil.example/dashboard", "O endereço deve ser um caminho deste sistema"),
        ("https://evil.example/dashboard", "O endereço deve ser um caminho deste sistema"),
    ] {
        assert_field_error(&format!("{address:?}"), &reads(&app, &admin, address).await, "path", message);
    }
    let missing = json_of(app.get("/api/reads", &admin).await).await;
    assert_field_error("no path", &missing, "path", "Informe o endereço da tela.");
}
both!(reads_refuse_as_the_page_does);

/// `/api/staff`: the active users by name, for every signed-in user; no
/// one else's details.
async fn the_staff_list_is_who_takes_appointments(backend: Backend) {
    let app = spawn(backend).await;
    let admin = app.admin_token().await;
    let zelia = app.staff_user("Zélia Alves", "zelia@example.com").await;
    let bruno = app.staff_user("Bruno Dias", "bruno@example.com").await;
    let (status, _) = json_of(app.post(&format!("/api/users/{bruno}/deactivate"), &admin, json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    let staff = app.login("zelia@example.com", "senha-do-staff-1").await;

    let (status, answer) = json_of(app.get("/api/staff", &staff).await).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, me) = json_of(app.get("/api/me", &admin).await).await;
    assert_eq!(answer["data"], json!([{ "id": me["data"]["id"], "name": me["data"]["name"] }, { "id": zelia, "name": "Zélia Alves" }]));
    assert!(!answer.to_string().contains(ADMIN_EMAIL), "names only");
    let signed_out = app.http.get(app.url("/api/staff")).send().await.unwrap();
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
}
both!(the_staff_list_is_who_takes_appointments);
