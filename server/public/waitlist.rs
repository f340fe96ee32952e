//! `/agendar/{service}/espera?dia=…&profissional=…`: a visitor of the
//! booking page who found a day full asks to wait for it
//! (docs/behaviour.md#the-waitlist). The same details as step 3 (name,
//! WhatsApp, e-mail, consent), the same client rules (a number that is a
//! client's is theirs, never changed) and the same per-address limit as
//! the bookings.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{NaiveDate, Utc};
use maud::html;

use super::booking::{DayQuery, MAX_BOOKING_TRIES, business_name, chosen_staff, closed_page, contact_form, long_day, offer_of, refusal_page, service_of, typed_contact};
use super::{Form, document, note, respond, unavailable};
use crate::http::ClientAddress;
use crate::state::AppState;
use expediente_core::booking::online::{ContactForm, Offer};
use expediente_core::booking::waitlist::{self, JoinRefusal, MAX_WAITING_PER_NUMBER};
use expediente_core::kit::error::FieldErrors;
use expediente_core::people::throttle;

/// What the form is for: the service, whom, the day.
struct Wanted {
    service_id: i32,
    service: String,
    staff_id: Option<i32>,
    staff: String,
    day: NaiveDate,
}

fn page(status: StatusCode, business: &str, offer: &Offer, wanted: &Wanted, typed: &ContactForm, errors: &FieldErrors) -> Response {
    let body = html! {
        (note("Se um horário deste dia vagar, ele fica guardado para você por um tempo e a recepção avisa pelo WhatsApp, com um link para confirmar.", false))
        dl {
            dt { "Serviço" } dd { (wanted.service) }
            dt { "Profissional" } dd { (wanted.staff) }
            dt { "Dia" } dd { (long_day(wanted.day)) }
        }
        (contact_form(typed, errors, &offer.settings.privacy_text, "Entrar na lista de espera"))
        p.r { a href={ "/agendar/" (wanted.service_id) "?dia=" (wanted.day.format("%Y-%m-%d")) } { "← Ver os horários" } }
    };
    respond(status, document(business, "Lista de espera", body))
}

/// The service, whom and day of the address, or the page that says why not.
async fn wanted(state: &AppState, business: &str, service_id: &str, query: &DayQuery) -> Result<(Offer, Wanted), Response> {
    let offer = offer_of(state, business).await?;
    let (service, staff) = service_of(state, business, &offer, service_id).await?;
    let (chosen, problem) = chosen_staff(query.profissional.as_deref(), &staff);
    let (first, last) = offer.days(Utc::now(), state.config.tz);
    let day = query.dia.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()).filter(|d| (first..=last).contains(d));
    let (Some(day), None) = (day, problem) else {
        return Err(refusal_page(StatusCode::UNPROCESSABLE_ENTITY, business, "Dia inválido", "Escolha um dia entre os oferecidos e tente de novo."));
    };
    let staff_name = chosen.and_then(|id| staff.iter().find(|s| s.id == id)).map_or_else(|| "Qualquer profissional".to_string(), |s| s.name.clone());
    Ok((offer, Wanted { service_id: service.id, service: service.name, staff_id: chosen, staff: staff_name, day }))
}

/// `GET /agendar/{service}/espera`: the form.
pub async fn show(State(state): State<AppState>, Path(service_id): Path<String>, Query(query): Query<DayQuery>) -> Response {
    let business = business_name(&state).await;
    match wanted(&state, &business, &service_id, &query).await {
        Ok((offer, wanted)) => page(StatusCode::OK, &business, &offer, &wanted, &ContactForm::default(), &FieldErrors::new()),
        Err(page) => page,
    }
}

/// `POST /agendar/{service}/espera`: on the list, or the form again with its problems.
pub async fn join(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(service_id): Path<String>,
    Query(query): Query<DayQuery>,
    form: Form,
) -> Response {
    let business = business_name(&state).await;
    match throttle::count(&state.db, "/agendar/espera", &address, MAX_BOOKING_TRIES, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => return super::throttled("Muitos pedidos deste endereço.", retry_after),
        Ok(None) => {}
        Err(_) => return unavailable(),
    }
    let (offer, wanted) = match wanted(&state, &business, &service_id, &query).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    let (typed, bot) = typed_contact(&form);
    if bot {
        return refusal_page(StatusCode::UNPROCESSABLE_ENTITY, &business, "Não foi possível", "O formulário veio preenchido de um jeito que não aceitamos. Tente de novo.");
    }
    let contact = match typed.check() {
        Ok(contact) => contact,
        Err(errors) => return page(StatusCode::UNPROCESSABLE_ENTITY, &business, &offer, &wanted, &typed, &errors),
    };
    match waitlist::join_online(&state.context(None), wanted.service_id, wanted.staff_id, wanted.day, &contact).await {
        Ok(Ok(_)) => respond(
            StatusCode::OK,
            document(
                &business,
                "Você está na lista de espera",
                html! {
                    (note("Pronto! Se um horário vagar neste dia, a recepção avisa pelo WhatsApp com um link para garantir o horário.", false))
                    dl { dt { "Serviço" } dd { (wanted.service) } dt { "Profissional" } dd { (wanted.staff) } dt { "Dia" } dd { (long_day(wanted.day)) } }
                    p.r { a href="/agendar" { "Voltar aos serviços" } }
                },
            ),
        ),
        Ok(Err(JoinRefusal::Closed)) => closed_page(&business),
        Ok(Err(JoinRefusal::TooMany)) => refusal_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &business,
            "Pedidos demais",
            &format!("Este WhatsApp já espera por {MAX_WAITING_PER_NUMBER} horários. Para pedir outro, fale com a recepção."),
        ),
        Ok(Err(JoinRefusal::UnknownStaff | JoinRefusal::OutOfRange)) => {
            refusal_page(StatusCode::UNPROCESSABLE_ENTITY, &business, "Dia inválido", "Escolha um dia entre os oferecidos e tente de novo.")
        }
        Err(error) => {
            tracing::warn!(?error, "joining the waitlist failed");
            unavailable()
        }
    }
}
