//! The client's page, `GET /c/{token}` and `POST /c/{token}`:
//! a capability link that shows one appointment and lets its client
//! confirm or cancel it, without signing in and without JavaScript. A
//! cancel is asked once more before it is done (a tap by mistake would
//! free the time for someone else).
//!
//! Rendered here, not by the React engine: a few hundred bytes of HTML and
//! one hashed inline style, so a 3G phone shows it at the floor. It sends
//! no cookie and reads none, cannot be framed, leaks no token through a
//! referrer, is not kept by caches, and a GET changes nothing. A flood of
//! guesses (tokens whose signature fails) is counted per client address
//! in the sign-in throttle's table and answered 429 past
//! [`MAX_BAD_LINKS`]; valid links are never held back by it.

use std::sync::LazyLock;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::http::ClientAddress;
use expediente_core::reminders::{self, LinkAction, LinkOutcome, LinkState, LinkView};
use expediente_core::booking;
use expediente_core::people::throttle;
use crate::state::AppState;

/// Bad links one address may try in the throttle's window (15 minutes).
pub const MAX_BAD_LINKS: i32 = 20;
/// The throttle's key for them (no e-mail has a slash and no @).
const THROTTLE_KEY: &str = "/c/";

const STYLE: &str = "body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}\
main{max-width:28rem;margin:0 auto;padding:1.25rem}\
.b{font-weight:600;color:#4b5563;margin:0 0 .5rem}h1{font-size:1.35rem;margin:0 0 .75rem}\
dl{background:#fff;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem}\
dt{color:#6b7280}dd{margin:0;font-weight:600}form{display:inline}\
button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.7rem 1.2rem;margin:0 .5rem .5rem 0;cursor:pointer;color:#fff;background:#15803d}\
.c{background:#b91c1c}a{display:inline-block;color:#1d2330;font-weight:600;padding:.7rem 1.2rem}.n{background:#fff;border-left:4px solid #2563eb;padding:.6rem .8rem;margin:0 0 1rem}";

/// `'sha256-…'` of [`STYLE`], for the page's Content-Security-Policy.
static POLICY: LazyLock<HeaderValue> = LazyLock::new(|| {
    use base64::Engine;
    use sha2::Digest;
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(STYLE.as_bytes()));
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    );
    HeaderValue::from_str(&policy).expect("base64 is a valid header value")
});

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

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
}

/// The page: a heading, a note, the appointment (when there is one) and
/// the buttons that still apply.
fn page(status: StatusCode, business: &str, heading: &str, note: &str, view: Option<&LinkView>, buttons: &[Button]) -> Response {
    let mut body = String::with_capacity(2048);
    body.push_str("<!doctype html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\">");
    body.push_str("<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><meta name=\"robots\" content=\"noindex\">");
    body.push_str(&format!("<title>{} · {}</title><style>{STYLE}</style></head><body><main>", escape(heading), escape(business)));
    body.push_str(&format!("<p class=\"b\">{}</p><h1>{}</h1>", escape(business), escape(heading)));
    if !note.is_empty() {
        body.push_str(&format!("<p class=\"n\">{}</p>", escape(note)));
    }
    if let Some(view) = view {
        body.push_str(&format!(
            "<dl><dt>Cliente</dt><dd>{}</dd><dt>Data</dt><dd>{}</dd><dt>Horário</dt><dd>{}</dd>\
             <dt>Profissional</dt><dd>{}</dd><dt>Serviço</dt><dd>{}</dd><dt>Situação</dt><dd>{}</dd></dl>",
            escape(&view.client_name),
            escape(&view.date),
            escape(&view.time),
            escape(&view.staff_name),
            escape(&view.service),
            view.status.label(),
        ));
    }
    for button in buttons {
        let (fields, label, class): (&[(&str, &str)], _, _) = match button {
            Button::Confirm => (&[("action", "confirm")], "Confirmar", ""),
            Button::Cancel => (&[("action", "cancel")], "Cancelar", " class=\"c\""),
            Button::SureCancel => (&[("action", "cancel"), ("sure", "1")], "Sim, cancelar", " class=\"c\""),
            // An empty address is this page's own, the token kept out of the markup.
            Button::Back => {
                body.push_str("<a href=\"\">Voltar</a>");
                continue;
            }
        };
        body.push_str("<form method=\"post\">");
        for (name, value) in fields {
            body.push_str(&format!("<input type=\"hidden\" name=\"{name}\" value=\"{value}\">"));
        }
        body.push_str(&format!("<button{class}>{label}</button></form>"));
    }
    body.push_str("</main></body></html>");
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, POLICY.clone());
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // The token is in the address: no page it leads to may learn it.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// The generic name when the link names no appointment we can show.
const NO_BUSINESS: &str = "Agendamento";

/// The page of a link that is not (or no longer) one to act on, or that is.
fn state_page(state: &LinkState, note: &str) -> Response {
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
                entities::appointment::AppointmentStatus::Cancelado => "Este agendamento foi cancelado. Nada mais a fazer por aqui.",
                _ => "Este agendamento já foi encerrado. Nada mais a fazer por aqui.",
            };
            page(StatusCode::CONFLICT, &view.business_name, "Agendamento encerrado", what, Some(view), &[])
        }
        LinkState::Open(view) => {
            let buttons: &[Button] = match view.status {
                entities::appointment::AppointmentStatus::Confirmado => &[Button::Cancel],
                _ => &[Button::Confirm, Button::Cancel],
            };
            let note = if note.is_empty() && buttons.len() == 1 { "Seu horário está confirmado." } else { note };
            page(StatusCode::OK, &view.business_name, "Seu horário", note, Some(view), buttons)
        }
    }
}

/// A 429 once the address has guessed too often.
fn throttled(retry_after: u64) -> Response {
    let mut response = page(
        StatusCode::TOO_MANY_REQUESTS,
        NO_BUSINESS,
        "Muitas tentativas",
        &format!("Muitos links inválidos deste endereço. Tente novamente em {} minutos.", retry_after.div_ceil(60).max(1)),
        None,
        &[],
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
    response
}

fn unavailable() -> Response {
    let mut response = page(
        StatusCode::SERVICE_UNAVAILABLE,
        NO_BUSINESS,
        "Tente novamente em instantes",
        "Não foi possível abrir o agendamento agora.",
        None,
        &[],
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

/// An invalid link is counted against its address (and may be the one too many).
async fn refuse_invalid(state: &AppState, address: &str) -> Response {
    match throttle::count(&state.db, THROTTLE_KEY, address, MAX_BAD_LINKS, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => throttled(retry_after),
        Ok(None) => state_page(&LinkState::Invalid, ""),
        Err(error) => {
            tracing::warn!(?error, "counting a bad link failed");
            unavailable()
        }
    }
}

/// `GET /c/{token}`: shows; never changes anything.
pub async fn show(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>) -> Response {
    match reminders::link_state(&state.db, &state.keys, state.config.tz, &token).await {
        Ok(LinkState::Invalid) => refuse_invalid(&state, &address).await,
        Ok(found) => state_page(&found, ""),
        Err(error) => {
            tracing::warn!(?error, "reading a client's link failed");
            unavailable()
        }
    }
}

/// `POST /c/{token}` with `action=confirm`, or `action=cancel` (which asks
/// first) and then `action=cancel&sure=1` (a plain form).
pub async fn act(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>, body: Bytes) -> Response {
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let action = match field("action") {
        Some("confirm") => Some(LinkAction::Confirm),
        Some("cancel") => Some(LinkAction::Cancel),
        _ => None,
    };
    // A cancel without its answer is asked first.
    let asking = action == Some(LinkAction::Cancel) && field("sure") != Some("1");
    let Some(action) = action.filter(|_| !asking) else {
        // Nothing done: the question, or the link as it is, saying why.
        return match reminders::link_state(&state.db, &state.keys, state.config.tz, &token).await {
            Ok(LinkState::Invalid) => refuse_invalid(&state, &address).await,
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
        Ok(LinkOutcome::Confirmed(view)) => page(StatusCode::OK, &view.business_name, "Horário confirmado", "Obrigado! Esperamos você.", Some(&view), &[Button::Cancel]),
        Ok(LinkOutcome::AlreadyConfirmed(view)) => {
            page(StatusCode::OK, &view.business_name, "Horário confirmado", "Este horário já estava confirmado.", Some(&view), &[Button::Cancel])
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
