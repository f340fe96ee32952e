//! The client's page, `GET /c/{token}` and `POST /c/{token}`: a
//! capability link that shows one appointment and lets its client confirm
//! or cancel it, without signing in and without JavaScript. A cancel is
//! asked once more before it is done (a tap by mistake would free the time
//! for someone else). `GET /c/{token}/agenda.ics` puts the appointment in
//! the client's own calendar. A booking on the public page ends here
//! (`?novo=1`).
//!
//! A flood of guesses (tokens whose signature fails) is counted per client
//! address in the sign-in throttle's table and answered 429 past
//! [`MAX_BAD_LINKS`]; valid links are never held back by it.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};

use super::{Form, NO_BUSINESS, document, note, respond, unavailable};
use crate::http::ClientAddress;
use crate::state::AppState;
use entities::appointment::AppointmentStatus;
use expediente_core::booking;
use expediente_core::people::throttle;
use expediente_core::reminders::{self, LinkAction, LinkOutcome, LinkState, LinkView};

/// Bad links one address may try in the throttle's window (15 minutes).
pub const MAX_BAD_LINKS: i32 = 20;
/// The throttle's key for them (no e-mail has a slash and no @).
const THROTTLE_KEY: &str = "/c/";

/// What the page offers: a form's button each, or the way back.
#[derive(Clone, Copy)]
enum Button {
    Confirm,
    /// Asks whether to cancel.
    Cancel,
    /// Cancels: the question's answer.
    SureCancel,
    /// Back to the link's page, as it was.
    Back,
    /// The appointment as an .ics file.
    Calendar,
}

fn appointment(view: &LinkView) -> Markup {
    html! {
        dl {
            dt { "Cliente" } dd { (view.client_name) }
            dt { "Data" } dd { (view.date) }
            dt { "Horário" } dd { (view.time) }
            dt { "Profissional" } dd { (view.staff_name) }
            dt { "Serviço" } dd { (view.service) }
            dt { "Situação" } dd { (view.status.label()) }
        }
    }
}

/// The page: a heading, a note, the appointment (when there is one) and
/// the buttons that still apply.
fn page(status: StatusCode, business: &str, heading: &str, text: &str, view: Option<&LinkView>, buttons: &[Button]) -> Response {
    let body = html! {
        @if !text.is_empty() { (note(text, false)) }
        @if let Some(view) = view { (appointment(view)) }
        @for button in buttons {
            @match button {
                Button::Confirm => form.i method="post" { input type="hidden" name="action" value="confirm"; button { "Confirmar" } }
                Button::Cancel => form.i method="post" { input type="hidden" name="action" value="cancel"; button.c { "Cancelar" } }
                Button::SureCancel => form.i method="post" {
                    input type="hidden" name="action" value="cancel";
                    input type="hidden" name="sure" value="1";
                    button.c { "Sim, cancelar" }
                }
                // An empty address is this page's own: the token stays out of the markup.
                Button::Back => a.k href="" { "Voltar" }
                Button::Calendar => a.k href="?agenda=1" download="agendamento.ics" { "Adicionar à agenda" }
            }
        }
    };
    respond(status, document(business, heading, body))
}

/// The page of a link that is not (or no longer) one to act on, or that is.
fn state_page(state: &LinkState, text: &str) -> Response {
    match state {
        LinkState::Invalid => page(
            StatusCode::NOT_FOUND,
            NO_BUSINESS,
            "Link inválido",
            "Este link não é válido. Confira se ele foi copiado inteiro ou fale com quem enviou.",
            None,
            &[],
        ),
        LinkState::Expired(view) => page(
            StatusCode::GONE,
            &view.business_name,
            "Este link expirou",
            "O horário já começou ou passou: não é mais possível confirmar ou cancelar por aqui.",
            Some(view),
            &[],
        ),
        LinkState::Closed(view) => {
            let what = match view.status {
                AppointmentStatus::Cancelado => "Este agendamento foi cancelado. Nada mais a fazer por aqui.",
                _ => "Este agendamento já foi encerrado. Nada mais a fazer por aqui.",
            };
            page(StatusCode::CONFLICT, &view.business_name, "Agendamento encerrado", what, Some(view), &[])
        }
        LinkState::Open(view) => {
            let buttons: &[Button] = match (view.status, view.too_late_to_cancel) {
                (AppointmentStatus::Confirmado | AppointmentStatus::Pendente, None) => &[Button::Cancel, Button::Calendar],
                (AppointmentStatus::Confirmado | AppointmentStatus::Pendente, Some(_)) => &[Button::Calendar],
                (_, None) => &[Button::Confirm, Button::Cancel, Button::Calendar],
                (_, Some(_)) => &[Button::Confirm, Button::Calendar],
            };
            let late = view.too_late_to_cancel.map(too_late);
            let text = match (text.is_empty(), &late) {
                (false, _) => text,
                (true, Some(late)) => late.as_str(),
                (true, None) if view.status == AppointmentStatus::Confirmado => "Seu horário está confirmado.",
                (true, None) if view.status == AppointmentStatus::Pendente => WAITING,
                (true, None) => "",
            };
            page(StatusCode::OK, &view.business_name, "Seu horário", text, Some(view), buttons)
        }
    }
}

/// An online booking the front desk has not answered yet.
const WAITING: &str = "Seu pedido está aguardando confirmação da recepção. Você receberá um aviso quando ele for confirmado ou recusado.";
const WAITING_NEW: &str = "Pronto! Seu pedido foi enviado e está aguardando confirmação da recepção: o horário fica reservado para você. \
Você receberá um aviso quando ele for confirmado. Guarde este link: por ele você acompanha ou cancela.";

/// Why the link no longer cancels.
fn too_late(hours: i32) -> String {
    format!("Cancelamentos por este link só até {hours} h antes do horário. Para cancelar agora, fale com a recepção.")
}

/// An invalid link is counted against its address (and may be the one too many).
async fn refuse_invalid(state: &AppState, address: &str) -> Response {
    match throttle::count(&state.db, THROTTLE_KEY, address, MAX_BAD_LINKS, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => super::throttled("Muitos links inválidos deste endereço.", retry_after),
        Ok(None) => state_page(&LinkState::Invalid, ""),
        Err(error) => {
            tracing::warn!(?error, "counting a bad link failed");
            unavailable()
        }
    }
}

#[derive(serde::Deserialize)]
pub struct ShowQuery {
    /// Just booked on the public page.
    novo: Option<String>,
    /// The appointment as an .ics file.
    agenda: Option<String>,
}

/// `GET /c/{token}`: shows (or, with `?agenda=1`, gives the .ics); never
/// changes anything.
pub async fn show(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(token): Path<String>,
    Query(query): Query<ShowQuery>,
) -> Response {
    if query.agenda.is_some() {
        return calendar(&state, &address, &token).await;
    }
    match reminders::link_state(&state.db, &state.keys, state.config.tz, &token).await {
        Ok(LinkState::Invalid) => refuse_invalid(&state, &address).await,
        Ok(LinkState::Open(view)) if query.novo.is_some() && view.status == AppointmentStatus::Pendente => page(
            StatusCode::OK,
            &view.business_name,
            "Pedido enviado: aguardando confirmação",
            WAITING_NEW,
            Some(&view),
            &[Button::Calendar, Button::Cancel],
        ),
        Ok(LinkState::Open(view)) if query.novo.is_some() => page(
            StatusCode::OK,
            &view.business_name,
            "Horário agendado",
            "Pronto! Seu horário está agendado. Guarde este link: por ele você confirma ou cancela.",
            Some(&view),
            &[Button::Calendar, Button::Cancel],
        ),
        Ok(found) => state_page(&found, ""),
        Err(error) => {
            tracing::warn!(?error, "reading a client's link failed");
            unavailable()
        }
    }
}

/// The appointment of a link as an iCalendar file.
async fn calendar(state: &AppState, address: &str, token: &str) -> Response {
    match reminders::link_calendar(&state.db, &state.keys, state.config.tz, token).await {
        Ok(Some(text)) => {
            let mut response = text.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"));
            headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"agendamento.ics\""));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
            response
        }
        Ok(None) => refuse_invalid(state, address).await,
        Err(error) => {
            tracing::warn!(?error, "writing a client's calendar file failed");
            unavailable()
        }
    }
}

/// `POST /c/{token}` with `action=confirm`, or `action=cancel` (which asks
/// first) and then `action=cancel&sure=1` (a plain form).
pub async fn act(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>, form: Form) -> Response {
    let action = match form.get("action") {
        Some("confirm") => Some(LinkAction::Confirm),
        Some("cancel") => Some(LinkAction::Cancel),
        _ => None,
    };
    // A cancel without its answer is asked first.
    let asking = action == Some(LinkAction::Cancel) && form.get("sure") != Some("1");
    let Some(action) = action.filter(|_| !asking) else {
        // Nothing done: the question, or the link as it is, saying why.
        return match reminders::link_state(&state.db, &state.keys, state.config.tz, &token).await {
            Ok(LinkState::Invalid) => refuse_invalid(&state, &address).await,
            Ok(found @ LinkState::Open(LinkView { too_late_to_cancel: Some(_), .. })) if asking => state_page(&found, ""),
            Ok(LinkState::Open(view)) if asking => page(
                StatusCode::OK,
                &view.business_name,
                "Cancelar o horário?",
                &format!("Cancelar o horário de {}, às {}? O horário fica livre para outra pessoa.", view.date, view.time),
                Some(&view),
                &[Button::SureCancel, Button::Back],
            ),
            Ok(found) if asking => state_page(&found, ""),
            Ok(found) => {
                let mut response = state_page(&found, "Escolha Confirmar ou Cancelar.");
                *response.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
                response
            }
            Err(_) => unavailable(),
        };
    };
    match booking::reply(&state.context(None), &token, action).await {
        Ok(LinkOutcome::Refused(LinkState::Invalid)) => refuse_invalid(&state, &address).await,
        Ok(LinkOutcome::Refused(found)) => state_page(&found, ""),
        Ok(LinkOutcome::Confirmed(view)) => {
            page(StatusCode::OK, &view.business_name, "Horário confirmado", "Obrigado! Esperamos você.", Some(&view), &[Button::Cancel, Button::Calendar])
        }
        Ok(LinkOutcome::AlreadyConfirmed(view)) => page(
            StatusCode::OK,
            &view.business_name,
            "Horário confirmado",
            "Este horário já estava confirmado.",
            Some(&view),
            &[Button::Cancel, Button::Calendar],
        ),
        Ok(LinkOutcome::TooLateToCancel(view)) => {
            let text = too_late(view.too_late_to_cancel.unwrap_or_default());
            let buttons: &[Button] =
                if matches!(view.status, AppointmentStatus::Confirmado | AppointmentStatus::Pendente) { &[Button::Calendar] } else { &[Button::Confirm, Button::Calendar] };
            page(StatusCode::CONFLICT, &view.business_name, "Não é possível cancelar por aqui", &text, Some(&view), buttons)
        }
        Ok(LinkOutcome::Cancelled(view)) => page(
            StatusCode::OK,
            &view.business_name,
            "Horário cancelado",
            "Seu horário foi cancelado. Obrigado por avisar: o horário fica livre para outra pessoa.",
            Some(&view),
            &[],
        ),
        Err(error) => {
            tracing::warn!(?error, "acting on a client's link failed");
            unavailable()
        }
    }
}
