//! The agenda knows the business: the services catalogue, working hours,
//! time off and holidays, the rules in booking and moving, and free slots
//! (on a new install's hours: Monday to Friday, 08:00–18:00).

use crate::common::{Backend, Options, TestApp, assert_field_error, json_of, next_offset_change, spawn_with, weekday_ahead};
use chrono::{Days, Weekday};
use chrono_tz::America::New_York;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn app(backend: Backend) -> TestApp {
    spawn_with(backend, Options { round_the_clock: false, ..Options::default() }).await
}

/// Tuesday 1 December 2026, a working day far enough ahead.
const DAY: &str = "2026-12-01";

async fn services_catalogue(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let staff = app.login("ana@example.com", "senha-do-staff-1").await;

    let limpeza = app.created(
        &admin,
        "/api/services",
        json!({ "name": "Limpeza", "durationMinutes": 50, "priceCents": 20000, "color": "teal", "bufferAfterMinutes": 10, "staffIds": [ana] }),
    )
    .await;
    assert_eq!(limpeza["bufferBeforeMinutes"], 0, "buffers default to 0");
    assert_eq!(limpeza["staffIds"], json!([ana]));
    assert_eq!(limpeza["active"], true);

    // Unique without regard to accents or case.
    let again = json_of(app.post("/api/services", &admin, json!({ "name": "LIMPÉZA", "durationMinutes": 30 })).await).await;
    assert_field_error("same name", &again, "name", "Já existe um serviço com este nome.");

    // Bad input: each a 422 on its field, nothing saved.
    for (body, field, message) in [
        (json!({ "name": "X", "durationMinutes": 30 }), "name", "O nome deve ter de 2 a 120"),
        (json!({ "name": "Sete", "durationMinutes": 7 }), "durationMinutes", "A duração deve ser de 5 a 480"),
        (json!({ "name": "Longo", "durationMinutes": 485 }), "durationMinutes", "A duração deve ser de 5 a 480"),
        (json!({ "name": "Zero", "durationMinutes": 0 }), "durationMinutes", "A duração deve ser de 5 a 480"),
        (json!({ "name": "Sem duração" }), "durationMinutes", "Informe a duração"),
        (json!({ "name": "Negativo", "durationMinutes": 30, "bufferBeforeMinutes": -5 }), "bufferBeforeMinutes", "O intervalo deve ser de 0 a 120"),
        (json!({ "name": "Grande", "durationMinutes": 30, "bufferAfterMinutes": 121 }), "bufferAfterMinutes", "O intervalo deve ser de 0 a 120"),
        (json!({ "name": "Cor", "durationMinutes": 30, "color": "magenta" }), "color", "Cor inválida"),
        (json!({ "name": "Preço", "durationMinutes": 30, "priceCents": -1 }), "priceCents", "O valor não pode ser negativo"),
        (json!({ "name": "Quem", "durationMinutes": 30, "staffIds": [99999] }), "staffIds", "Profissional não encontrado"),
        (json!({ "name": "Campo", "durationMinutes": 30, "nmae": "x" }), "nmae", "Campo desconhecido"),
    ] {
        let answer = json_of(app.post("/api/services", &admin, body.clone()).await).await;
        assert_field_error(&body.to_string(), &answer, field, message);
    }
    let wrong_type = json_of(app.post("/api/services", &admin, json!({ "name": "Tipo", "durationMinutes": "trinta" })).await).await;
    assert_eq!(wrong_type.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", wrong_type.1);
    let (_, list) = json_of(app.get("/api/services", &admin).await).await;
    assert_eq!(list["meta"]["total"], 1, "nothing saved: {list}");

    // Staff read, only admins write.
    let (status, _) = json_of(app.get(&format!("/api/services/{}", limpeza["id"]), &staff).await).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = json_of(app.post("/api/services", &staff, json!({ "name": "Meu", "durationMinutes": 30 })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Versions: a stale one is a 409.
    let path = format!("/api/services/{}", limpeza["id"]);
    let (status, renamed) = json_of(app.put(&path, &admin, json!({ "name": "Limpeza completa", "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["data"]["durationMinutes"], 50, "an absent field keeps its value");
    let (status, _) = json_of(app.put(&path, &admin, json!({ "priceCents": 1, "version": 1 })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = json_of(app.get("/api/services/99999", &admin).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A service no appointment uses is deleted; one in use is deactivated.
    let unused = app.created(&admin, "/api/services", json!({ "name": "Avulso", "durationMinutes": 30 })).await;
    assert_eq!(app.delete(&format!("/api/services/{}", unused["id"]), &admin).await.status(), StatusCode::NO_CONTENT);
    let client = app.create_client(&admin, "Maria Souza").await;
    let body = json!({ "clientId": client, "staffId": ana, "serviceId": limpeza["id"], "startsAt": format!("{DAY}T09:00") });
    app.book(&admin, body).await;
    let (status, kept) = json_of(app.delete(&path, &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{kept}");
    assert_eq!(kept["data"]["active"], false);
    let (_, active) = json_of(app.get("/api/services?active=true", &admin).await).await;
    assert_eq!(active["meta"]["total"], 0);
}
both!(services_catalogue);

async fn a_booking_takes_the_service_and_keeps_it_as_booked(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let rui = app.staff_user("Rui Alves", "rui@example.com").await;
    let client = app.create_client(&admin, "Maria Souza").await;
    let corte = app.created(
        &admin,
        "/api/services",
        json!({ "name": "Corte", "durationMinutes": 45, "priceCents": 6000, "bufferBeforeMinutes": 5, "bufferAfterMinutes": 10, "staffIds": [ana] }),
    )
    .await;

    let booked = app.book(
        &admin,
        json!({ "clientId": client, "staffId": ana, "serviceId": corte["id"], "startsAt": format!("{DAY}T09:00") }),
    )
    .await;
    assert_eq!(booked["service"], "Corte");
    assert_eq!(booked["serviceId"], corte["id"]);
    assert_eq!(booked["serviceColor"], "blue");
    assert_eq!(booked["endsAt"], format!("{DAY}T09:45:00-03:00"), "its length");
    assert_eq!(booked["priceCents"], 6000, "its price");
    assert_eq!((booked["bufferBeforeMinutes"].as_i64(), booked["bufferAfterMinutes"].as_i64()), (Some(5), Some(10)));

    // Duration and price can still be changed at booking.
    let custom = app.book(
        &admin,
        json!({ "clientId": client, "staffId": ana, "serviceId": corte["id"], "startsAt": format!("{DAY}T11:00"), "durationMinutes": 30, "priceCents": 5000 }),
    )
    .await;
    assert_eq!((custom["endsAt"].as_str(), custom["priceCents"].as_i64()), (Some(&*format!("{DAY}T11:30:00-03:00")), Some(5000)));

    // Renaming the service or changing its price does not rewrite history.
    let path = format!("/api/services/{}", corte["id"]);
    let (status, _) = json_of(app.put(&path, &admin, json!({ "name": "Corte feminino", "priceCents": 9000, "version": 1 })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, again) = json_of(app.get(&format!("/api/appointments/{}", booked["id"]), &admin).await).await;
    assert_eq!((again["data"]["service"].as_str(), again["data"]["priceCents"].as_i64()), (Some("Corte"), Some(6000)));

    // Someone who does not offer it, an unknown one, a deactivated one: 422, nothing saved.
    let at = |time: &str| format!("{DAY}T{time}");
    let answer = app.try_book(&admin, json!({ "clientId": client, "staffId": rui, "serviceId": corte["id"], "startsAt": at("14:00") })).await;
    assert_field_error("not offered", &answer, "serviceId", "Rui Alves não oferece este serviço.");
    let answer = app.try_book(&admin, json!({ "clientId": client, "staffId": ana, "serviceId": 99999, "startsAt": at("14:00") })).await;
    assert_field_error("unknown", &answer, "serviceId", "Serviço não encontrado.");
    let (_, current) = json_of(app.get(&path, &admin).await).await;
    let (status, _) = json_of(app.put(&path, &admin, json!({ "active": false, "version": current["data"]["version"] })).await).await;
    assert_eq!(status, StatusCode::OK);
    let answer = app.try_book(&admin, json!({ "clientId": client, "staffId": ana, "serviceId": corte["id"], "startsAt": at("14:00") })).await;
    assert_field_error("deactivated", &answer, "serviceId", "Este serviço está desativado");
    let (_, list) = json_of(app.get("/api/appointments", &admin).await).await;
    assert_eq!(list["meta"]["total"], 2, "nothing saved");

    // A free-text appointment has no service and no buffers, as before.
    let free = app.book(
        &admin,
        json!({ "clientId": client, "staffId": rui, "service": "Conversa", "startsAt": at("14:00"), "durationMinutes": 30 }),
    )
    .await;
    assert_eq!((free["serviceId"].clone(), free["bufferAfterMinutes"].as_i64()), (Value::Null, Some(0)));
}
both!(a_booking_takes_the_service_and_keeps_it_as_booked);

fn week_of(items: &[(u8, &str, &str)]) -> Value {
    Value::Array(items.iter().map(|(d, s, e)| json!({ "weekday": d, "start": s, "end": e })).collect())
}

async fn working_hours_follow_the_default_until_set(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let staff = app.login("ana@example.com", "senha-do-staff-1").await;
    let path = format!("/api/users/{ana}/working-hours");

    let (status, hours) = json_of(app.get(&path, &staff).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hours["data"]["usesDefault"], true);
    assert_eq!(hours["data"]["weekly"], week_of(&[(1, "08:00", "18:00"), (2, "08:00", "18:00"), (3, "08:00", "18:00"), (4, "08:00", "18:00"), (5, "08:00", "18:00")]));

    // The business's default changes in one place, for everyone who follows it.
    let saturday = week_of(&[(1, "09:00", "17:00"), (6, "08:00", "12:00")]);
    let (status, _) = json_of(app.put("/api/working-hours", &admin, json!({ "weekly": saturday })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, hours) = json_of(app.get(&path, &staff).await).await;
    assert_eq!(hours["data"]["weekly"], saturday);

    // Her own hours, then back to the default.
    let own = week_of(&[(2, "14:00", "18:00"), (2, "08:00", "12:00")]);
    let (status, set) = json_of(app.put(&path, &admin, json!({ "weekly": own })).await).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(set["data"]["usesDefault"], false);
    assert_eq!(set["data"]["weekly"][0]["start"], "08:00", "sorted by day and start");
    let (status, reset) = json_of(app.delete(&path, &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((reset["data"]["usesDefault"].clone(), reset["data"]["weekly"].clone()), (json!(true), saturday.clone()));

    // Only admins change hours.
    let (status, _) = json_of(app.put(&path, &staff, json!({ "weekly": own })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = json_of(app.put("/api/working-hours", &staff, json!({ "weekly": own })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = json_of(app.get("/api/users/99999/working-hours", &admin).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Bad input: each a 422 naming what is wrong; nothing saved.
    for (weekly, field, message) in [
        (week_of(&[(1, "09:00", "12:00"), (1, "11:00", "13:00")]), "weekly", "Intervalos sobrepostos na segunda-feira."),
        (week_of(&[(1, "25:00", "26:00")]), "weekly[0].start", "Horário inválido"),
        (week_of(&[(3, "12:00", "09:00")]), "weekly[0].end", "O fim deve ser depois do início."),
        (week_of(&[(8, "09:00", "10:00")]), "weekly[0].weekday", "Dia da semana inválido"),
        (week_of(&[(1, "08:00", "09:00"), (1, "09:00", "10:00"), (1, "10:00", "11:00"), (1, "11:00", "12:00"), (1, "12:00", "13:00"), (1, "13:00", "14:00"), (1, "14:00", "15:00")]), "weekly", "No máximo 6 intervalos"),
    ] {
        let answer = json_of(app.put(&path, &admin, json!({ "weekly": weekly })).await).await;
        assert_field_error(&weekly.to_string(), &answer, field, message);
    }
    let answer = json_of(app.put(&path, &admin, json!({ "semana": [] })).await).await;
    assert_field_error("no weekly", &answer, "weekly", "Informe os intervalos");
    let (_, hours) = json_of(app.get(&path, &staff).await).await;
    assert_eq!(hours["data"]["usesDefault"], true, "nothing saved");
}
both!(working_hours_follow_the_default_until_set);

/// A field an interval does not have is a typo, refused as in every other
/// body; neither the default nor a member's hours change.
async fn working_hours_refuse_unknown_fields_inside_intervals(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let member = format!("/api/users/{ana}/working-hours");
    let body = json!({ "weekly": [{ "weekday": 1, "start": "08:00", "end": "12:00", "extra": 1 }] });
    for path in ["/api/working-hours", member.as_str()] {
        let answer = json_of(app.put(path, &admin, body.clone()).await).await;
        assert_field_error(path, &answer, "weekly[0].extra", "Campo desconhecido.");
        let second = json!({ "weekly": [{ "weekday": 1, "start": "08:00", "end": "12:00" }, { "weekday": 2, "start": "08:00", "end": "12:00", "fim": "13:00" }] });
        let answer = json_of(app.put(path, &admin, second).await).await;
        assert_field_error(path, &answer, "weekly[1].fim", "Campo desconhecido.");
    }
    let default = week_of(&[(1, "08:00", "18:00"), (2, "08:00", "18:00"), (3, "08:00", "18:00"), (4, "08:00", "18:00"), (5, "08:00", "18:00")]);
    let (_, hours) = json_of(app.get("/api/working-hours", &admin).await).await;
    assert_eq!(hours["data"]["weekly"], default, "nothing saved");
    let (_, hours) = json_of(app.get(&member, &admin).await).await;
    assert_eq!((hours["data"]["usesDefault"].clone(), hours["data"]["weekly"].clone()), (json!(true), default), "nothing saved");
}
both!(working_hours_refuse_unknown_fields_inside_intervals);

async fn time_off_is_managed_by_admins_and_by_each_for_themselves(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let rui = app.staff_user("Rui Alves", "rui@example.com").await;
    let staff = app.login("ana@example.com", "senha-do-staff-1").await;

    let congress = app.created(
        &staff,
        "/api/time-off",
        json!({ "staffId": ana, "startsAt": "2026-12-02", "endsAt": "2026-12-03", "reason": "Congresso" }),
    )
    .await;
    assert_eq!(congress["startsAt"], "2026-12-02T00:00:00-03:00");
    assert_eq!(congress["endsAt"], "2026-12-04T00:00:00-03:00", "the last day included");
    assert_eq!(congress["staffName"], "Ana Lima");

    // Staff manage only their own; the business's holidays are the admins'.
    let (status, _) = json_of(app.post("/api/time-off", &staff, json!({ "staffId": rui, "startsAt": DAY, "endsAt": DAY, "reason": "Férias" })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = json_of(app.post("/api/time-off", &staff, json!({ "staffId": null, "startsAt": DAY, "endsAt": DAY, "reason": "Feriado" })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let christmas = app.created(&admin, "/api/time-off", json!({ "staffId": null, "startsAt": "2026-12-25", "endsAt": "2026-12-25", "reason": "Natal" })).await;
    assert_eq!(christmas["staffId"], Value::Null);

    let (_, holidays) = json_of(app.get("/api/time-off?holidays=true&from=2026-12-01", &staff).await).await;
    assert_eq!(holidays["data"].as_array().map(Vec::len), Some(1));
    let (_, hers) = json_of(app.get(&format!("/api/time-off?staff_id={ana}&from=2026-12-01"), &admin).await).await;
    assert_eq!(hers["data"][0]["reason"], "Congresso");

    // Bad input: 422 on the field, nothing saved.
    for (body, field, message) in [
        (json!({ "staffId": ana, "startsAt": "2026-12-05", "endsAt": "2026-12-04", "reason": "Volta" }), "endsAt", "O fim deve ser depois do início."),
        (json!({ "staffId": ana, "startsAt": "amanhã", "endsAt": "2026-12-04", "reason": "Texto" }), "startsAt", "Data e hora inválidas"),
        (json!({ "staffId": ana, "startsAt": "2026-12-04", "endsAt": "+200000-12-31", "reason": "Longe" }), "endsAt", "Data inválida"),
        (json!({ "staffId": ana, "startsAt": "2026-12-05", "endsAt": "2026-12-06" }), "reason", "Informe o motivo."),
        (json!({ "staffId": ana, "startsAt": "2026-01-01", "endsAt": "2027-12-31", "reason": "Longa" }), "endsAt", "Uma folga pode durar no máximo 366 dias."),
        (json!({ "staffId": 99999, "startsAt": DAY, "endsAt": DAY, "reason": "Ninguém" }), "staffId", "Profissional não encontrado."),
    ] {
        let answer = json_of(app.post("/api/time-off", &admin, body.clone()).await).await;
        assert_field_error(&body.to_string(), &answer, field, message);
    }
    let (_, all) = json_of(app.get("/api/time-off?from=2026-01-01", &admin).await).await;
    assert_eq!(all["meta"]["total"], 2, "nothing saved: {all}");

    // Removal: one's own, or any for admins.
    let rui_off = app.created(&admin, "/api/time-off", json!({ "staffId": rui, "startsAt": DAY, "endsAt": DAY, "reason": "Médico" })).await;
    assert_eq!(app.delete(&format!("/api/time-off/{}", rui_off["id"]), &staff).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/time-off/{}", congress["id"]), &staff).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete(&format!("/api/time-off/{}", congress["id"]), &staff).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete("/api/time-off/abc", &admin).await.status(), StatusCode::NOT_FOUND);
}
both!(time_off_is_managed_by_admins_and_by_each_for_themselves);

async fn booking_and_moving_follow_the_rules(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let client = app.create_client(&admin, "Maria Souza").await;
    let limpeza = app.created(&admin, "/api/services", json!({ "name": "Limpeza", "durationMinutes": 60, "bufferAfterMinutes": 15 })).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": ana, "startsAt": "2026-12-02", "endsAt": "2026-12-02", "reason": "Congresso" })).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": null, "startsAt": "2026-12-25", "endsAt": "2026-12-25", "reason": "Natal" })).await;
    let limpeza_at = |starts: &str, extra: Value| {
        let mut body = json!({ "clientId": client, "staffId": ana, "serviceId": limpeza["id"], "startsAt": starts });
        body.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        body
    };

    let refused = |answer: &(StatusCode, Value), rule: &str, message: &str| {
        assert_eq!(answer.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.1);
        assert_eq!(answer.1["rule"], rule, "{}", answer.1);
        assert_eq!(answer.1["errors"]["startsAt"][0], message, "{}", answer.1);
    };
    // Outside her hours (before 08:00; on a Saturday; running past 18:00).
    for starts in [format!("{DAY}T07:00"), "2026-12-05T10:00".to_string(), format!("{DAY}T17:30")] {
        let answer = app.try_book(&admin, limpeza_at(&starts, json!({}))).await;
        refused(&answer, "outsideHours", "Fora do horário de trabalho de Ana Lima.");
    }
    // In her time off, on a holiday.
    let answer = app.try_book(&admin, limpeza_at("2026-12-02T10:00", json!({}))).await;
    refused(&answer, "timeOff", "Ana Lima está de folga: Congresso.");
    let answer = app.try_book(&admin, limpeza_at("2026-12-25T10:00", json!({}))).await;
    refused(&answer, "timeOff", "O negócio está fechado: Natal.");
    let (_, list) = json_of(app.get("/api/appointments", &admin).await).await;
    assert_eq!(list["meta"]["total"], 0, "nothing saved");

    // After asking, the user may book outside the rules.
    let early = app.book(&admin, limpeza_at(&format!("{DAY}T07:00"), json!({ "allowOutsideHours": true }))).await;
    // 09:00–10:00 keeps 15 minutes after it: 10:00 is inside that buffer, 10:15 is not.
    let nine = app.book(&admin, limpeza_at(&format!("{DAY}T09:00"), json!({}))).await;
    let answer = app.try_book(&admin, limpeza_at(&format!("{DAY}T10:00"), json!({}))).await;
    refused(&answer, "buffer", "Respeite o intervalo entre atendimentos: Ana Lima tem outro agendamento das 09:00 às 10:00.");
    app.book(&admin, limpeza_at(&format!("{DAY}T10:15"), json!({}))).await;
    // An overlap stays a 409, even when the user agreed to the rules.
    let answer = app.try_book(&admin, limpeza_at(&format!("{DAY}T09:30"), json!({ "allowOutsideHours": true }))).await;
    assert_eq!(answer.0, StatusCode::CONFLICT, "{}", answer.1);
    assert_eq!(answer.1["conflict"]["appointmentId"], nine["id"]);

    // Moving follows the same rules; editing notes does not re-judge an old booking.
    let path = format!("/api/appointments/{}", nine["id"]);
    let answer = json_of(app.put(&path, &admin, json!({ "startsAt": "2026-12-02T09:00", "version": nine["version"] })).await).await;
    refused(&answer, "timeOff", "Ana Lima está de folga: Congresso.");
    let path = format!("/api/appointments/{}", early["id"]);
    let (status, edited) = json_of(app.put(&path, &admin, json!({ "notes": "Chega cedo", "version": early["version"] })).await).await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    let answer = json_of(app.put(&path, &admin, json!({ "startsAt": format!("{DAY}T06:30"), "version": edited["data"]["version"] })).await).await;
    refused(&answer, "outsideHours", "Fora do horário de trabalho de Ana Lima.");
}
both!(booking_and_moving_follow_the_rules);

async fn free_slots(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    let rui = app.staff_user("Rui Alves", "rui@example.com").await;
    let client = app.create_client(&admin, "Maria Souza").await;
    // A Tuesday ahead: the search offers no time already past.
    let day = weekday_ahead(14, Weekday::Tue);
    // Ana works Tuesdays 09:00–12:00; Rui follows the default (08:00–18:00).
    let (status, _) =
        json_of(app.put(&format!("/api/users/{ana}/working-hours"), &admin, json!({ "weekly": week_of(&[(2, "09:00", "12:00")]) })).await).await;
    assert_eq!(status, StatusCode::OK);
    let consulta = app.created(&admin, "/api/services", json!({ "name": "Consulta", "durationMinutes": 30, "bufferAfterMinutes": 10, "staffIds": [ana] })).await;
    app.book(
        &admin,
        json!({ "clientId": client, "staffId": ana, "service": "Outro", "startsAt": format!("{day}T10:00"), "durationMinutes": 30 }),
    )
    .await;

    let query = format!("/api/availability?service_id={}&from={day}&to={day}", consulta["id"]);
    let (status, slots) = json_of(app.get(&query, &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{slots}");
    let starts: Vec<&str> = slots["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    // On the half hour (30 divides the hour); each with 10 minutes after it
    // clear of 10:00–10:30, inside 09:00–12:00; only Ana offers it.
    let expected: Vec<String> = ["09:00", "10:30", "11:00"].iter().map(|t| format!("{day}T{t}:00-03:00")).collect();
    assert_eq!(starts, expected);
    assert!(slots["data"].as_array().unwrap().iter().all(|s| s["staffName"] == "Ana Lima"));
    assert_eq!(slots["data"][0]["endsAt"], format!("{day}T09:30:00-03:00"));

    // What the free-slot search offers, booking accepts; what it leaves out, booking refuses.
    let consulta_at = |starts: String| json!({ "clientId": client, "staffId": ana, "serviceId": consulta["id"], "startsAt": starts });
    let answer = app.try_book(&admin, consulta_at(format!("{day}T09:30"))).await;
    assert_eq!(answer.1["rule"], "buffer", "{}", answer.1);
    app.book(&admin, consulta_at(format!("{day}T11:00"))).await;
    let (_, after) = json_of(app.get(&query, &admin).await).await;
    assert_eq!(after["data"].as_array().map(Vec::len), Some(1), "09:00 is left: {after}");

    // Anyone who offers it: both of them; `limit` keeps the first.
    let geral = app.created(&admin, "/api/services", json!({ "name": "Geral", "durationMinutes": 60, "staffIds": [ana, rui] })).await;
    let (_, both) = json_of(app.get(&format!("/api/availability?service_id={}&from={day}&limit=3", geral["id"]), &admin).await).await;
    let firsts: Vec<(&str, &str)> =
        both["data"].as_array().unwrap().iter().map(|s| (s["staffName"].as_str().unwrap(), s["startsAt"].as_str().unwrap())).collect();
    assert_eq!(firsts, [("Rui Alves", &*format!("{day}T08:00:00-03:00")), ("Ana Lima", &*format!("{day}T09:00:00-03:00")), ("Rui Alves", &*format!("{day}T09:00:00-03:00"))]);
    let (_, ruis) = json_of(app.get(&format!("/api/availability?service_id={}&staff_id={rui}&from={day}", geral["id"]), &admin).await).await;
    assert_eq!(ruis["data"].as_array().map(Vec::len), Some(10), "08:00 to 17:00, hourly");

    // Without a service, a length alone (a booking before its service is
    // chosen): the same hours and the other appointments with their
    // buffers, no buffer of its own, on the length's grid.
    let query = format!("/api/availability?duration_minutes=30&staff_id={ana}&from={day}&to={day}");
    let (status, by_length) = json_of(app.get(&query, &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{by_length}");
    let starts: Vec<&str> = by_length["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    let expected: Vec<String> = ["09:00", "09:30", "10:30"].iter().map(|t| format!("{day}T{t}:00-03:00")).collect();
    assert_eq!(starts, expected, "11:00 is taken, and its 10 minutes after it leave no half hour before 12:00");

    // Bad input: each a 422 naming the parameter.
    let service = consulta["id"].as_i64().unwrap();
    for (query, field, message) in [
        ("/api/availability?from=2026-12-01".to_string(), "service_id", "Informe o serviço"),
        ("/api/availability?service_id=99999".to_string(), "service_id", "Serviço não encontrado."),
        (format!("/api/availability?service_id={service}&from=2026-12-01&to=2027-01-01"), "to", "No máximo 31 dias por busca."),
        (format!("/api/availability?service_id={service}&from=2026-12-05&to=2026-12-01"), "to", "O último dia deve ser"),
        (format!("/api/availability?service_id={service}&from=01/12/2026"), "from", "Data inválida"),
        (format!("/api/availability?service_id={service}&from=%2B200000-12-31"), "from", "Data inválida"),
        (format!("/api/availability?service_id={service}&staff_id=99999"), "staff_id", "Profissional não encontrado"),
        (format!("/api/availability?service_id={service}&staff_id={rui}"), "staff_id", "Rui Alves não oferece este serviço."),
        (format!("/api/availability?service_id={service}&limit=0"), "limit", "O limite deve ser de 1 a 5.000."),
        (format!("/api/availability?service_id={service}&duration_minutes=30"), "duration_minutes", "Informe o serviço ou a duração, não os dois."),
        ("/api/availability?duration_minutes=7".to_string(), "duration_minutes", "A duração deve ser de 5 a 480 minutos"),
        ("/api/availability?duration_minutes=600".to_string(), "duration_minutes", "A duração deve ser de 5 a 480 minutos"),
    ] {
        let answer = json_of(app.get(&query, &admin).await).await;
        assert_field_error(&query, &answer, field, message);
    }
    let (_, current) = json_of(app.get(&format!("/api/services/{service}"), &admin).await).await;
    app.put(&format!("/api/services/{service}"), &admin, json!({ "active": false, "version": current["data"]["version"] })).await;
    let answer = json_of(app.get(&format!("/api/availability?service_id={service}"), &admin).await).await;
    assert_field_error("deactivated", &answer, "service_id", "Este serviço está desativado.");
}
both!(free_slots);

/// Without `limit`, the earliest 200 starts and `meta.truncated`; `limit`
/// goes up to 5,000 and no further.
async fn free_slots_come_200_at_a_time_unless_asked(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    // Every 5 minutes from 08:00 to 18:00: 120 starts a working day.
    let short = app.created(&admin, "/api/services", json!({ "name": "Retoque", "durationMinutes": 5, "staffIds": [ana] })).await;
    let (from, to) = (weekday_ahead(14, Weekday::Mon), weekday_ahead(14, Weekday::Mon) + Days::new(4));
    let query = format!("/api/availability?service_id={}&from={from}&to={to}", short["id"]);
    let starts = |body: &Value| body["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap().to_string()).collect::<Vec<_>>();

    let (status, all) = json_of(app.get(&format!("{query}&limit=5000"), &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert_eq!(all["data"].as_array().unwrap().len(), 600, "five working days");
    assert_eq!(all["meta"], json!({ "limit": 5000, "truncated": false }));
    let (status, default) = json_of(app.get(&query, &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{default}");
    assert_eq!(starts(&default), starts(&all)[..200], "the earliest 200");
    assert_eq!(default["meta"], json!({ "limit": 200, "truncated": true }));
    let (_, exact) = json_of(app.get(&format!("{query}&limit=600"), &admin).await).await;
    assert_eq!(exact["meta"], json!({ "limit": 600, "truncated": false }), "all of them fit: nothing was cut");

    for bad in ["5001", "0", "-1", "abc", "99999999999999999999"] {
        let url = format!("{query}&limit={bad}");
        let (status, body) = json_of(app.get(&url, &admin).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {body}");
        assert!(body["errors"]["limit"].is_array(), "{url}: {body}");
    }
}
both!(free_slots_come_200_at_a_time_unless_asked);

/// On the next Sunday New York springs forward, 09:00 stays 09:00, and the
/// night's missing hour gives no slot.
async fn free_slots_across_a_daylight_saving_change(backend: Backend) {
    let app = spawn_with(backend, Options { round_the_clock: false, tz: Some(chrono_tz::America::New_York), ..Options::default() }).await;
    let admin = app.admin_token().await;
    let weekly = week_of(&[(6, "09:00", "11:00"), (7, "01:00", "04:00"), (7, "09:00", "11:00")]);
    let (status, _) = json_of(app.put("/api/working-hours", &admin, json!({ "weekly": weekly })).await).await;
    assert_eq!(status, StatusCode::OK);
    let hora = app.created(&admin, "/api/services", json!({ "name": "Hora", "durationMinutes": 60 })).await;
    let admin_id = 1;
    let sunday = next_offset_change(New_York, true);
    let saturday = sunday - Days::new(1);
    let (_, slots) =
        json_of(app.get(&format!("/api/availability?service_id={}&staff_id={admin_id}&from={saturday}&to={sunday}", hora["id"]), &admin).await).await;
    let starts: Vec<&str> = slots["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    assert_eq!(
        starts,
        [
            format!("{saturday}T09:00:00-05:00"),
            format!("{saturday}T10:00:00-05:00"),
            // 01:00–04:00 holds two real hours: 02:00 does not exist.
            format!("{sunday}T01:00:00-05:00"),
            format!("{sunday}T03:00:00-04:00"),
            format!("{sunday}T09:00:00-04:00"),
            format!("{sunday}T10:00:00-04:00"),
        ]
    );
    // The agenda's hours of that day, in the zone's new offset.
    let (_, agenda) = json_of(app.get(&format!("/api/agenda?date={sunday}&staff_id={admin_id}"), &admin).await).await;
    let spans: Vec<(String, String)> = agenda["data"]["workingHours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["startsAt"].as_str().unwrap().to_string(), w["endsAt"].as_str().unwrap().to_string()))
        .collect();
    let at = |time: &str| format!("{sunday}T{time}");
    assert_eq!(spans, [(at("01:00:00-05:00"), at("04:00:00-04:00")), (at("09:00:00-04:00"), at("11:00:00-04:00"))]);
}
both!(free_slots_across_a_daylight_saving_change);

/// On the next Sunday New York falls back, working hours of 00:00–24:00
/// hold 25 real hours: the repeated hour is there twice, each 01:30 with
/// its own offset, and both can be booked.
async fn the_repeated_hour_of_a_fall_back_day_is_there_twice(backend: Backend) {
    let app = spawn_with(backend, Options { tz: Some(New_York), ..Options::default() }).await;
    let admin = app.admin_token().await;
    let meia = app.created(&admin, "/api/services", json!({ "name": "Meia hora", "durationMinutes": 30 })).await;
    let sunday = next_offset_change(New_York, false);
    let query = format!("/api/availability?service_id={}&staff_id=1&from={sunday}&to={sunday}&limit=100", meia["id"]);
    let (status, slots) = json_of(app.get(&query, &admin).await).await;
    assert_eq!(status, StatusCode::OK, "{slots}");
    let starts: Vec<&str> = slots["data"].as_array().unwrap().iter().map(|s| s["startsAt"].as_str().unwrap()).collect();
    assert_eq!(starts.len(), 50, "25 hours of half-hour slots: {starts:?}");
    let half_past_one: Vec<&&str> = starts.iter().filter(|s| s[11..16] == *"01:30").collect();
    assert_eq!(half_past_one, [&&*format!("{sunday}T01:30:00-04:00"), &&*format!("{sunday}T01:30:00-05:00")]);
    for at in [format!("{sunday}T01:30:00-04:00"), format!("{sunday}T01:30:00-05:00")] {
        app.book(&admin, json!({ "clientId": app.create_client(&admin, "Noite").await, "staffId": 1, "serviceId": meia["id"], "startsAt": at })).await;
    }
}
both!(the_repeated_hour_of_a_fall_back_day_is_there_twice);

async fn the_agenda_shows_time_off_and_holidays(backend: Backend) {
    let app = app(backend).await;
    let admin = app.admin_token().await;
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    app.created(&admin, "/api/time-off", json!({ "staffId": ana, "startsAt": format!("{DAY}T12:00"), "endsAt": format!("{DAY}T13:00"), "reason": "Almoço" })).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": null, "startsAt": DAY, "endsAt": DAY, "reason": "Aniversário da cidade" })).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": ana, "startsAt": "2026-12-09", "endsAt": "2026-12-09", "reason": "Outra semana" })).await;
    let (status, agenda) = json_of(app.get(&format!("/api/agenda?view=week&date={DAY}"), &admin).await).await;
    assert_eq!(status, StatusCode::OK);
    let reasons: Vec<&str> = agenda["data"]["timeOff"].as_array().unwrap().iter().map(|t| t["reason"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["Aniversário da cidade", "Almoço"], "by start, the week's only");
    // Monday to Friday, 08:00–18:00, for each member shown (the admin and Ana).
    assert_eq!(agenda["data"]["workingHours"].as_array().map(Vec::len), Some(10));
    // A year chrono reads but no business means (near its last, 262142, the days around overflow): a 422.
    let far = json_of(app.get("/api/agenda?view=week&date=%2B200000-12-31", &admin).await).await;
    assert_field_error("far", &far, "date", "Data inválida");
}
both!(the_agenda_shows_time_off_and_holidays);

/// The first HTML of the agenda holds the rules (shading, time off) and the
/// booking's services, before any script runs.
async fn the_first_html_holds_the_rules_and_the_services(backend: Backend) {
    let app = spawn_with(backend, Options { ssr: true, round_the_clock: false, ..Options::default() }).await;
    let admin = app.admin_token().await; // also the session cookie of the pages
    let ana = app.staff_user("Ana Lima", "ana@example.com").await;
    app.created(&admin, "/api/services", json!({ "name": "Limpeza de pele", "durationMinutes": 60 })).await;
    app.created(&admin, "/api/time-off", json!({ "staffId": ana, "startsAt": format!("{DAY}T14:00"), "endsAt": format!("{DAY}T16:00"), "reason": "Congresso" })).await;

    let html = app.http.get(app.url(&format!("/appointments?date={DAY}"))).send().await.unwrap().text().await.unwrap();
    let state = crate::pages::preloaded_state(&html);
    let agenda = crate::pages::seeded_value(&state, "getAgenda");
    assert_eq!(agenda["timeOff"][0]["reason"], "Congresso");
    assert!(html.contains("Folga: Congresso"), "the time off is drawn in the first HTML");

    let html = app.http.get(app.url(&format!("/appointments?date={DAY}&book=1"))).send().await.unwrap().text().await.unwrap();
    let state = crate::pages::preloaded_state(&html);
    let services = crate::pages::seeded(&state, "getActiveServices");
    assert_eq!(services[0]["arg"], json!({ "active": "true", "per_page": 100 }));
    assert!(html.contains(">Limpeza de pele"), "the booking's service choice is in the first HTML");
}
both!(the_first_html_holds_the_rules_and_the_services);
