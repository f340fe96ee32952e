//! The page of a waitlist's offer, `GET /o/{token}` and `POST /o/{token}`
//! (docs/behaviour.md#the-waitlist): the time kept for a client who waits
//! for one, with "Quero este horário" (booked through the gate, then the
//! appointment's own link page) and "Não posso" (the time goes to the next
//! in line). A capability link like `/c/{token}`: no sign-in, no script,
//! a GET changes nothing; wrong tokens count against their address like
//! the appointment links' (`link::MAX_BAD_LINKS`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Utc};
use maud::html;

use super::booking::{business_name, long_day, reais};
use super::{Form, NO_BUSINESS, document, note, respond, unavailable};
use crate::http::ClientAddress;
use crate::state::AppState;
use expediente_core::booking::{self, OfferRefusal};
use expediente_core::booking::waitlist::{self, OfferPage};
use expediente_core::people::throttle;

const THROTTLE_KEY: &str = "/o/";

fn offer_page(status: StatusCode, business: &str, heading: &str, text: &str, found: &OfferPage, buttons: bool, tz: chrono_tz::Tz) -> Response {
    let held = &found.held;
    let starts = held.hold.starts_at.with_timezone(&tz);
    let body = html! {
        @if !text.is_empty() { (note(text, status.is_client_error())) }
        dl {
            dt { "Cliente" } dd { (found.client_name) }
            dt { "Serviço" } dd { (held.service) }
            dt { "Profissional" } dd { (held.staff_name) }
            dt { "Data" } dd { (long_day(starts.date_naive())) }
            dt { "Horário" } dd { (starts.format("%H:%M")) }
            dt { "Valor" } dd { (reais(held.price_cents)) }
        }
        @if buttons {
            form.i method="post" { input type="hidden" name="action" value="claim"; button { "Quero este horário" } }
            form.i method="post" { input type="hidden" name="action" value="decline"; button.c { "Não posso" } }
        }
    };
    respond(status, document(business, heading, body))
}

fn until(at: DateTime<Utc>, tz: chrono_tz::Tz) -> String {
    at.with_timezone(&tz).format("%H:%M").to_string()
}

async fn refuse_unknown(state: &AppState, address: &str) -> Response {
    match throttle::count(&state.db, THROTTLE_KEY, address, super::link::MAX_BAD_LINKS, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => super::throttled("Muitos links inválidos deste endereço.", retry_after),
        Ok(None) => respond(
            StatusCode::NOT_FOUND,
            document(NO_BUSINESS, "Link inválido", note("Este link não é válido. Confira se ele foi copiado inteiro ou fale com quem enviou.", true)),
        ),
        Err(_) => unavailable(),
    }
}

/// The page of an offer as it stands now (`text`: what just happened).
async fn current(state: &AppState, address: &str, token: &str, status: StatusCode, text: &str) -> Response {
    let tz = state.config.tz;
    let found = match waitlist::find_offer(&state.db, token).await {
        Ok(Some(found)) => found,
        Ok(None) => return refuse_unknown(state, address).await,
        Err(_) => return unavailable(),
    };
    let business = business_name(state).await;
    let hold = &found.held.hold;
    if hold.appointment_id.is_some() {
        return offer_page(StatusCode::OK, &business, "Horário agendado", "Você já garantiu este horário.", &found, false, tz);
    }
    if hold.expires_at <= Utc::now() {
        let text = if text.is_empty() {
            format!("O prazo para responder terminou às {}, ou a oferta foi recusada. Se ainda quiser um horário, fale com a recepção.", until(hold.expires_at, tz))
        } else {
            text.to_string()
        };
        let status = if status == StatusCode::OK { StatusCode::GONE } else { status };
        return offer_page(status, &business, "Oferta encerrada", &text, &found, false, tz);
    }
    let text = if text.is_empty() {
        format!("Abriu um horário para você! Ele fica guardado até as {}. Depois disso, passa para a próxima pessoa da lista.", until(hold.expires_at, tz))
    } else {
        text.to_string()
    };
    offer_page(status, &business, "Um horário para você", &text, &found, true, tz)
}

/// `GET /o/{token}`: the offer; never changes anything.
pub async fn show(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>) -> Response {
    current(&state, &address, &token, StatusCode::OK, "").await
}

/// `POST /o/{token}` with `action=claim` or `action=decline`.
pub async fn act(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>, form: Form) -> Response {
    let cx = state.context(None);
    let outcome = match form.get("action") {
        Some("claim") => booking::claim(&cx, &token).await.map(|r| r.map(Some)),
        Some("decline") => waitlist::decline(&cx, &token).await.map(|r| r.map(|()| None)),
        _ => return current(&state, &address, &token, StatusCode::UNPROCESSABLE_ENTITY, "Escolha \"Quero este horário\" ou \"Não posso\".").await,
    };
    match outcome {
        Ok(Ok(Some(claimed))) => {
            // The appointment's own page: confirm, cancel, add to a calendar.
            let path = claimed.link.split_once("/c/").map(|(_, token)| format!("/c/{token}?novo=1")).unwrap_or_default();
            Redirect::to(&path).into_response()
        }
        Ok(Ok(None)) => {
            let business = business_name(&state).await;
            respond(
                StatusCode::OK,
                document(&business, "Tudo bem", note("Obrigado por avisar: o horário vai para a próxima pessoa da lista. Você continua na lista de espera.", false)),
            )
        }
        Ok(Err(OfferRefusal::Unknown)) => refuse_unknown(&state, &address).await,
        Ok(Err(OfferRefusal::Lapsed { .. })) => current(&state, &address, &token, StatusCode::GONE, "").await,
        Ok(Err(OfferRefusal::Taken)) => {
            current(&state, &address, &token, StatusCode::CONFLICT, "Este horário não está mais livre. Você continua na lista de espera: avisaremos do próximo.").await
        }
        Err(error) => {
            tracing::warn!(?error, "answering a waitlist offer failed");
            unavailable()
        }
    }
}
