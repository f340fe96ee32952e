//! The clients' own booking page, in three steps, each a plain page of
//! forms and links (server/public/mod.rs says how they are served):
//!
//! 1. `GET /agendar`: the services offered online, with length and price.
//! 2. `GET /agendar/{service}?dia&profissional`: a strip of days and that
//!    day's free times ("Qualquer profissional" by default, or one person
//!    who offers it). Choosing one (`POST /agendar/{service}`) holds it
//!    for five minutes (`booking::hold`) and leads to
//! 3. `GET /agendar/reserva/{token}`: name, WhatsApp, e-mail (optional),
//!    the business's privacy text and consent. Sending it
//!    (`POST /agendar/reserva/{token}`) books (`booking::book_online`) and
//!    leads to the client's link page (`/c/{token}?novo=1`): the
//!    appointment in words, confirm/cancel, "Adicionar à agenda".
//!
//! Abuse: per address, at most [`MAX_HOLD_TRIES`] holds and
//! [`MAX_BOOKING_TRIES`] bookings in the throttle's window (and at most
//! `online::MAX_HOLDS_PER_ADDRESS` live holds); per number, at most
//! `online::MAX_FUTURE_PER_NUMBER` future online bookings; a field that
//! people do not see (a bot fills it); and every page waits for one of a
//! few places of its own (`PublicPlaces`), so a flood of it does not slow
//! the staff's screens.

use std::sync::Arc;
use std::time::Duration as StdDuration;

use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use maud::{Markup, html};
use tokio::sync::Semaphore;

use super::{Form, NO_BUSINESS, document, note, respond, unavailable};
use crate::http::ClientAddress;
use crate::state::AppState;
use expediente_core::booking::catalogue::ServiceView;
use expediente_core::booking::hours::weekday_name;
use expediente_core::booking::online::{self, ContactForm, FreeTime, HeldTime, Offer};
use expediente_core::booking::{self, HoldRequest, Refusal};
use expediente_core::kit::error::FieldErrors;
use expediente_core::people::throttle;
use expediente_core::reminders;

/// Holds one address may ask for in the throttle's window (15 minutes).
pub const MAX_HOLD_TRIES: i32 = 30;
/// Bookings one address may send in that window.
pub const MAX_BOOKING_TRIES: i32 = 10;
/// Days in the strip.
const STRIP_DAYS: i64 = 7;
/// Days looked ahead for the nearest free time when a day has none.
const NEAREST_DAYS: i64 = 14;

/// The public pages' own places: at most half the cores' worth are
/// answered at once (one on two cores), and a page that waits longer than
/// [`PUBLIC_WAIT`] for one is told to try again (503), so a flood of them
/// leaves the staff's screens the other cores. With 8 places on two cores
/// a flood from 256 addresses slowed the staff's `/clients` 4–5×, with 2
/// places 1.9×, while 2 places still served 86 % of 8's pages a second
/// (bench/README.md, bench/public-flood.mjs).
#[derive(Clone)]
pub struct PublicPlaces(Arc<Semaphore>);

const PUBLIC_WAIT: StdDuration = StdDuration::from_secs(5);

impl Default for PublicPlaces {
    fn default() -> Self {
        let places = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1));
        PublicPlaces(Arc::new(Semaphore::new(places)))
    }
}

/// Middleware of the public pages: one of their places, or a 503.
pub async fn in_place(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(PUBLIC_WAIT, state.public_places.0.clone().acquire_owned()).await {
        Ok(Ok(_place)) => next.run(request).await,
        _ => unavailable(),
    }
}

/// "R$ 1.234,50"
pub(super) fn reais(cents: i64) -> String {
    let (whole, rest) = (cents / 100, cents % 100);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("R$ {grouped},{rest:02}")
}

fn minutes(n: i32) -> String {
    match (n / 60, n % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// "sáb 05/12"
fn short_day(day: NaiveDate) -> String {
    let name = weekday_name(day.weekday().number_from_monday() as u8);
    format!("{} {}", &name[..name.char_indices().nth(3).map_or(name.len(), |(i, _)| i)], day.format("%d/%m"))
}

/// "sábado, 05/12/2026"
pub(super) fn long_day(day: NaiveDate) -> String {
    format!("{}, {}", weekday_name(day.weekday().number_from_monday() as u8), day.format("%d/%m/%Y"))
}

pub(super) fn closed_page(business: &str) -> Response {
    respond(
        StatusCode::NOT_FOUND,
        document(business, "Agendamento online indisponível", note("Este negócio não está recebendo agendamentos pela internet agora. Fale com a recepção.", false)),
    )
}

/// A refusal's page, with a way back to the start.
pub(super) fn refusal_page(status: StatusCode, business: &str, heading: &str, text: &str) -> Response {
    respond(status, document(business, heading, html! { (note(text, true)) p.r { a href="/agendar" { "Escolher um horário" } } }))
}

/// What the business is called on its pages.
pub(super) async fn business_name(state: &AppState) -> String {
    reminders::settings(&state.db).await.map(|s| s.business_name).unwrap_or_else(|_| NO_BUSINESS.into())
}

/// Step 1, `GET /agendar`: the services.
pub async fn services(State(state): State<AppState>) -> Response {
    let (tz, business) = (state.config.tz, business_name(&state).await);
    let offer = match Offer::read(&state.db, tz).await {
        Ok(offer) => offer,
        Err(_) => return unavailable(),
    };
    if !offer.settings.enabled || offer.services.is_empty() {
        return closed_page(&business);
    }
    let body = html! {
        p.s { "Passo 1 de 3 · Escolha o serviço" }
        ul.l {
            @for service in &offer.services {
                li { a href={ "/agendar/" (service.id) } { (service.name) span { (minutes(service.duration_minutes)) " · " (reais(service.price_cents)) } } }
            }
        }
    };
    respond(StatusCode::OK, document(&business, "Agende seu horário", body))
}

#[derive(serde::Deserialize)]
pub struct DayQuery {
    pub(super) dia: Option<String>,
    pub(super) profissional: Option<String>,
}

/// A day's times by period (`Period`: manhã before noon, tarde until
/// 18:00, noite), the empty ones left out.
fn periods(times: &[FreeTime], tz: chrono_tz::Tz) -> Vec<(&'static str, Vec<&FreeTime>)> {
    use chrono::Timelike;
    use entities::waitlist_entry::Period;
    let mut groups: Vec<(Period, Vec<&FreeTime>)> = [Period::Manha, Period::Tarde, Period::Noite].map(|p| (p, Vec::new())).into();
    for time in times {
        let period = Period::of_hour(time.starts_at.with_timezone(&tz).hour());
        if let Some((_, of)) = groups.iter_mut().find(|(p, _)| *p == period) {
            of.push(time);
        }
    }
    groups.into_iter().filter(|(_, of)| !of.is_empty()).map(|(p, of)| (p.label(), of)).collect()
}

/// What step 2 shows: whose times, which day, and what went wrong.
struct DayView<'a> {
    business: &'a str,
    offer: &'a Offer,
    service: &'a ServiceView,
    staff: &'a [entities::user::Model],
    /// None: anyone.
    chosen: Option<i32>,
    day: NaiveDate,
    problem: Option<&'a str>,
}

/// The day asked for (or the first bookable), and whether it could be read.
fn day_asked(text: Option<&str>, first: NaiveDate) -> Option<NaiveDate> {
    match text.filter(|t| !t.is_empty()) {
        None => Some(first),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().filter(|_| text.len() == 10),
    }
}

/// Step 2's page.
async fn day_page(state: &AppState, status: StatusCode, view: DayView<'_>) -> Response {
    let tz = state.config.tz;
    let (first, last) = view.offer.days(Utc::now(), tz);
    let DayView { business, offer, service, staff, chosen, day, problem } = view;
    let members: Vec<entities::user::Model> = staff.iter().filter(|s| chosen.is_none_or(|id| s.id == id)).cloned().collect();
    let times = match online::free_times(&state.db, offer, service, &members, (day, day), 200, tz).await {
        Ok(times) => times,
        Err(_) => return unavailable(),
    };
    let nearest = if times.is_empty() {
        match online::free_times(&state.db, offer, service, &members, (day + Duration::days(1), day + Duration::days(NEAREST_DAYS)), 1, tz).await {
            Ok(found) => found.into_iter().next(),
            Err(_) => return unavailable(),
        }
    } else {
        None
    };
    let who = chosen.map_or_else(|| "qualquer".to_string(), |id| id.to_string());
    // The strip's first day: whole weeks from the first bookable day.
    let offset = (day - first).num_days().max(0) / STRIP_DAYS * STRIP_DAYS;
    let strip_start = first + Duration::days(offset);
    let strip: Vec<NaiveDate> = (0..STRIP_DAYS).map(|n| strip_start + Duration::days(n)).filter(|d| *d <= last).collect();
    let day_link = |d: NaiveDate| format!("/agendar/{}?dia={}&profissional={who}", service.id, d.format("%Y-%m-%d"));
    let clock = |t: &FreeTime| t.starts_at.with_timezone(&tz).format("%H:%M").to_string();
    let body = html! {
        p.s { "Passo 2 de 3 · Escolha o dia e o horário" }
        p.r { a href="/agendar" { "← Serviços" } }
        dl { dt { "Serviço" } dd { (service.name) } dt { "Duração" } dd { (minutes(service.duration_minutes)) } dt { "Valor" } dd { (reais(service.price_cents)) } }
        @if let Some(problem) = problem { (note(problem, true)) }
        form method="get" {
            input type="hidden" name="dia" value=(day.format("%Y-%m-%d"));
            label for="profissional" { "Profissional" }
            select id="profissional" name="profissional" {
                option value="qualquer" selected[chosen.is_none()] { "Qualquer profissional" }
                @for member in staff { option value=(member.id) selected[chosen == Some(member.id)] { (member.name) } }
            }
            p { button { "Ver horários" } }
        }
        h2 { "Dia" }
        nav.d aria-label="Dias" {
            @if strip_start > first { a href=(day_link(strip_start - Duration::days(STRIP_DAYS))) aria-label="Dias anteriores" { "‹" } }
            @for d in &strip { a href=(day_link(*d)) aria-current=[(*d == day).then_some("date")] { (short_day(*d)) } }
            @if strip_start + Duration::days(STRIP_DAYS) <= last { a href=(day_link(strip_start + Duration::days(STRIP_DAYS))) aria-label="Próximos dias" { "›" } }
        }
        h2 { "Horários de " (long_day(day)) }
        @if times.is_empty() {
            p { "Nenhum horário livre neste dia." }
            p.r { a href={ "/agendar/" (service.id) "/espera?dia=" (day.format("%Y-%m-%d")) "&profissional=" (who) } { "Quero este dia: entrar na lista de espera" } }
            @if let Some(next) = &nearest {
                @let next_day = next.starts_at.with_timezone(&tz).date_naive();
                p.r { "Próximo horário livre: " a href=(day_link(next_day)) { (long_day(next_day)) ", às " (clock(next)) } }
            }
        } @else {
            form method="post" {
                input type="hidden" name="dia" value=(day.format("%Y-%m-%d"));
                input type="hidden" name="profissional" value=(who);
                @for (period, of_period) in periods(&times, tz) {
                    h3.s { (period) }
                    div.t {
                        @for time in of_period {
                            button name="hora" value={ (time.staff_id) "-" (time.starts_at.timestamp()) }
                                aria-label={ (clock(time)) " com " (time.staff_name) } { (clock(time)) }
                        }
                    }
                }
            }
        }
    };
    respond(status, document(business, "Escolha o horário", body))
}

/// The online offer as read now, or the page that says why not.
pub(super) async fn offer_of(state: &AppState, business: &str) -> Result<Offer, Response> {
    let offer = Offer::read(&state.db, state.config.tz).await.map_err(|_| unavailable())?;
    if !offer.settings.enabled {
        return Err(closed_page(business));
    }
    Ok(offer)
}

/// The offered service `id` and the staff who offer it, or the page that says why not.
pub(super) async fn service_of(state: &AppState, business: &str, offer: &Offer, id: &str) -> Result<(ServiceView, Vec<entities::user::Model>), Response> {
    let Some(service) = id.parse::<i32>().ok().and_then(|id| offer.service(id)).cloned() else {
        return Err(refusal_page(StatusCode::NOT_FOUND, business, "Serviço não encontrado", "Este serviço não existe ou não está disponível pela internet."));
    };
    let staff = online::staff_of(&state.db, &service).await.map_err(|_| unavailable())?;
    Ok((service, staff))
}

/// Whom the visitor chose: None for anyone; an unknown one is a problem.
pub(super) fn chosen_staff(text: Option<&str>, staff: &[entities::user::Model]) -> (Option<i32>, Option<&'static str>) {
    match text.filter(|t| !t.is_empty() && *t != "qualquer") {
        None => (None, None),
        Some(text) => match text.parse::<i32>().ok().filter(|id| staff.iter().any(|s| s.id == *id)) {
            Some(id) => (Some(id), None),
            None => (None, Some("Este profissional não atende este serviço pela internet. Veja os horários de todos.")),
        },
    }
}

/// Step 2, `GET /agendar/{service}`.
pub async fn day(State(state): State<AppState>, Path(service_id): Path<String>, Query(query): Query<DayQuery>) -> Response {
    let business = business_name(&state).await;
    let offer = match offer_of(&state, &business).await {
        Ok(offer) => offer,
        Err(page) => return page,
    };
    let (service, staff) = match service_of(&state, &business, &offer, &service_id).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    let (first, last) = offer.days(Utc::now(), state.config.tz);
    let (chosen, mut problem) = chosen_staff(query.profissional.as_deref(), &staff);
    let mut status = if problem.is_some() { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
    // Without a day: the first with a free time, so most visitors tap a time at once.
    let first_free = match query.dia.as_deref().filter(|d| !d.is_empty()) {
        Some(_) => first,
        None => {
            let members: Vec<_> = staff.iter().filter(|s| chosen.is_none_or(|id| s.id == id)).cloned().collect();
            match online::free_times(&state.db, &offer, &service, &members, (first, first + Duration::days(NEAREST_DAYS)), 1, state.config.tz).await {
                Ok(found) => found.first().map_or(first, |t| t.starts_at.with_timezone(&state.config.tz).date_naive()),
                Err(_) => return unavailable(),
            }
        }
    };
    let day = match day_asked(query.dia.as_deref(), first_free) {
        Some(day) if day < first => {
            problem = Some("Este dia já passou ou está perto demais: veja os próximos.");
            status = StatusCode::UNPROCESSABLE_ENTITY;
            first
        }
        Some(day) if day > last => {
            problem = Some("Este dia está além do prazo para agendar pela internet: escolha um dia mais perto.");
            status = StatusCode::UNPROCESSABLE_ENTITY;
            last
        }
        Some(day) => day,
        None => {
            problem = Some("Data inválida: escolha um dia na lista.");
            status = StatusCode::UNPROCESSABLE_ENTITY;
            first
        }
    };
    day_page(&state, status, DayView { business: &business, offer: &offer, service: &service, staff: &staff, chosen, day, problem }).await
}

/// The chosen time of a form: "{staff id}-{unix seconds}".
fn parse_time(text: Option<&str>) -> Option<(i32, DateTime<Utc>)> {
    let (staff, seconds) = text?.split_once('-')?;
    Some((staff.parse().ok()?, DateTime::from_timestamp(seconds.parse().ok()?, 0)?))
}

/// `POST /agendar/{service}` with `hora`: holds the time, then step 3.
pub async fn choose(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(service_id): Path<String>, form: Form) -> Response {
    let business = business_name(&state).await;
    let offer = match offer_of(&state, &business).await {
        Ok(offer) => offer,
        Err(page) => return page,
    };
    let (service, staff) = match service_of(&state, &business, &offer, &service_id).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    match throttle::count(&state.db, "/agendar/reserva", &address, MAX_HOLD_TRIES, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => return super::throttled("Muitas reservas de horário deste endereço.", retry_after),
        Ok(None) => {}
        Err(_) => return unavailable(),
    }
    let (first, last) = offer.days(Utc::now(), state.config.tz);
    let day = day_asked(form.get("dia"), first).unwrap_or(first).clamp(first, last.max(first));
    let (chosen, _) = chosen_staff(form.get("profissional"), &staff);
    let again = |problem| DayView { business: &business, offer: &offer, service: &service, staff: &staff, chosen, day, problem: Some(problem) };
    let Some((staff_id, starts_at)) = parse_time(form.get("hora")) else {
        return day_page(&state, StatusCode::UNPROCESSABLE_ENTITY, again("Escolha um dos horários abaixo.")).await;
    };
    let request = HoldRequest { service_id: service.id, staff_id, starts_at, address };
    match booking::hold(&state.context(None), request).await {
        Ok(Ok(hold)) => Redirect::to(&format!("/agendar/reserva/{}", hold.token)).into_response(),
        Ok(Err(Refusal::Closed)) => closed_page(&business),
        Ok(Err(Refusal::TooManyHolds)) => refusal_page(
            StatusCode::TOO_MANY_REQUESTS,
            &business,
            "Horários demais reservados",
            "Já há horários reservados por este endereço. Conclua um deles ou aguarde alguns minutos.",
        ),
        Ok(Err(Refusal::OutOfRange)) => {
            day_page(&state, StatusCode::UNPROCESSABLE_ENTITY, again("Este horário já passou ou está fora do prazo. Escolha outro.")).await
        }
        Ok(Err(Refusal::UnknownStaff)) => {
            day_page(&state, StatusCode::UNPROCESSABLE_ENTITY, again("Este profissional não atende este serviço pela internet. Escolha um dos horários abaixo.")).await
        }
        Ok(Err(_)) => {
            day_page(&state, StatusCode::CONFLICT, again("Este horário não está mais livre: alguém acabou de reservá-lo. Escolha outro.")).await
        }
        Err(error) => {
            tracing::warn!(?error, "holding a time failed");
            unavailable()
        }
    }
}

/// Step 3's page: the held time and the form (with what was typed, and
/// each field's problem).
fn details_page(status: StatusCode, business: &str, privacy: &str, held: &HeldTime, typed: &ContactForm, errors: &FieldErrors, tz: chrono_tz::Tz) -> Response {
    let starts = held.hold.starts_at.with_timezone(&tz);
    let now = Utc::now();
    let body = html! {
        p.s { "Passo 3 de 3 · Seus dados" }
        dl {
            dt { "Serviço" } dd { (held.service) }
            dt { "Profissional" } dd { (held.staff_name) }
            dt { "Data" } dd { (long_day(starts.date_naive())) }
            dt { "Horário" } dd { (starts.format("%H:%M")) }
            dt { "Valor" } dd { (reais(held.price_cents)) }
        }
        @if held.hold.expires_at > now {
            (note(&format!("Reservamos este horário para você até as {}.", held.hold.expires_at.with_timezone(&tz).format("%H:%M")), false))
        } @else {
            (note("O tempo da reserva acabou. Se o horário ainda estiver livre, ele é seu ao confirmar.", false))
        }
        (contact_form(typed, errors, privacy, "Confirmar agendamento"))
        p.r { a href={ "/agendar/" (held.hold.service_id) } { "← Escolher outro horário" } }
    };
    respond(status, document(business, "Seus dados", body))
}

/// The visitor's details as a form posted to the page's own address: name,
/// WhatsApp, e-mail, the privacy text and the consent (with what was typed,
/// and each field's problem), and `submit`.
pub(super) fn contact_form(typed: &ContactForm, errors: &FieldErrors, privacy: &str, submit: &str) -> Markup {
    let problem = |field: &str| errors.get(field).and_then(|messages| messages.first()).cloned();
    let field = |id: &str, label: &str, kind: &str, value: &str, autocomplete: &str, required: bool| {
        let problem = problem(id);
        html! {
            label for=(id) { (label) }
            input id=(id) name=(id) type=(kind) value=(value) autocomplete=(autocomplete) maxlength="254" required[required]
                inputmode=[(kind == "tel").then_some("tel")]
                aria-invalid=[problem.is_some().then_some("true")] aria-describedby=[problem.is_some().then(|| format!("{id}-erro"))];
            @if let Some(problem) = &problem { p.f id={ (id) "-erro" } { (problem) } }
        }
    };
    let consent_problem = problem("consent");
    html! {
        @if !errors.is_empty() { (note("Confira os campos marcados abaixo.", true)) }
        form method="post" {
            (field("name", "Nome completo", "text", &typed.name, "name", true))
            (field("whatsapp", "WhatsApp (com DDD)", "tel", &typed.whatsapp, "tel", true))
            (field("email", "E-mail (opcional)", "email", &typed.email, "email", false))
            // People do not see it; a bot that fills every field does.
            div.h aria-hidden="true" { label for="site" { "Não preencha" } input id="site" name="site" tabindex="-1" autocomplete="off"; }
            p.p { (privacy) }
            label.x for="consent" {
                input id="consent" name="consent" type="checkbox" value="1" checked[typed.consent]
                    aria-invalid=[consent_problem.is_some().then_some("true")] aria-describedby=[consent_problem.is_some().then_some("consent-erro")];
                span { "Li e concordo com o uso dos meus dados para este agendamento." }
            }
            @if let Some(problem) = &consent_problem { p.f id="consent-erro" { (problem) } }
            p { button { (submit) } }
        }
    }
}

/// What a visitor sent in [`contact_form`], and whether the hidden field
/// people never fill came filled (a bot).
pub(super) fn typed_contact(form: &Form) -> (ContactForm, bool) {
    let typed = ContactForm {
        name: form.get("name").unwrap_or_default().to_string(),
        whatsapp: form.get("whatsapp").unwrap_or_default().to_string(),
        email: form.get("email").unwrap_or_default().to_string(),
        consent: form.get("consent") == Some("1"),
    };
    (typed, form.get("site").is_some_and(|s| !s.is_empty()))
}

fn unknown_hold(business: &str) -> Response {
    refusal_page(StatusCode::NOT_FOUND, business, "Reserva não encontrada", "Esta reserva não existe. Escolha um horário de novo.")
}

/// Step 3, `GET /agendar/reserva/{token}`.
pub async fn details(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let business = business_name(&state).await;
    let (held, offer) = match (online::find_hold(&state.db, &token).await, Offer::read(&state.db, state.config.tz).await) {
        (Ok(Some(held)), Ok(offer)) => (held, offer),
        (Ok(None), _) => return unknown_hold(&business),
        _ => return unavailable(),
    };
    if held.hold.appointment_id.is_some() {
        return refusal_page(StatusCode::CONFLICT, &business, "Horário já agendado", "Este horário já foi agendado. O link dele foi mostrado ao concluir.");
    }
    details_page(StatusCode::OK, &business, &offer.settings.privacy_text, &held, &ContactForm::default(), &FieldErrors::new(), state.config.tz)
}

/// `POST /agendar/reserva/{token}`: books, then the client's link page.
pub async fn confirm(State(state): State<AppState>, ClientAddress(address): ClientAddress, Path(token): Path<String>, form: Form) -> Response {
    let business = business_name(&state).await;
    match throttle::count(&state.db, "/agendar/confirmar", &address, MAX_BOOKING_TRIES, throttle::WINDOW_SECONDS).await {
        Ok(Some(retry_after)) => return super::throttled("Muitos agendamentos deste endereço.", retry_after),
        Ok(None) => {}
        Err(_) => return unavailable(),
    }
    let (typed, bot) = typed_contact(&form);
    if bot {
        return refusal_page(StatusCode::UNPROCESSABLE_ENTITY, &business, "Não foi possível agendar", "O formulário veio preenchido de um jeito que não aceitamos. Tente de novo.");
    }
    let (held, offer) = match (online::find_hold(&state.db, &token).await, Offer::read(&state.db, state.config.tz).await) {
        (Ok(Some(held)), Ok(offer)) => (held, offer),
        (Ok(None), _) => return unknown_hold(&business),
        _ => return unavailable(),
    };
    let contact = match typed.check() {
        Ok(contact) => contact,
        Err(errors) => {
            return details_page(StatusCode::UNPROCESSABLE_ENTITY, &business, &offer.settings.privacy_text, &held, &typed, &errors, state.config.tz);
        }
    };
    match booking::book_online(&state.context(None), &token, &contact).await {
        Ok(Ok(booked)) => {
            let mut response = Redirect::to(&format!("{}?novo=1", booked.link)).into_response();
            response.headers_mut().insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
            response
        }
        Ok(Err(Refusal::UnknownHold)) => unknown_hold(&business),
        Ok(Err(Refusal::Closed)) => closed_page(&business),
        Ok(Err(Refusal::TooManyBookings)) => refusal_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &business,
            "Agendamentos demais",
            &format!("Este WhatsApp já tem {} agendamentos pela internet à frente. Para marcar outro, fale com a recepção.", online::MAX_FUTURE_PER_NUMBER),
        ),
        Ok(Err(Refusal::OutOfRange)) => refusal_page(StatusCode::GONE, &business, "Este horário já passou", "Escolha outro horário."),
        Ok(Err(_)) => {
            let Ok((service, staff)) = service_of(&state, &business, &offer, &held.hold.service_id.to_string()).await else {
                return refusal_page(StatusCode::CONFLICT, &business, "Horário indisponível", "Este horário não está mais livre. Escolha outro.");
            };
            let day = held.hold.starts_at.with_timezone(&state.config.tz).date_naive();
            let (first, last) = offer.days(Utc::now(), state.config.tz);
            let view = DayView {
                business: &business,
                offer: &offer,
                service: &service,
                staff: &staff,
                chosen: None,
                day: day.clamp(first, last.max(first)),
                problem: Some("A reserva expirou e o horário foi ocupado. Veja os horários livres mais próximos."),
            };
            day_page(&state, StatusCode::CONFLICT, view).await
        }
        Err(error) => {
            tracing::warn!(?error, "an online booking failed");
            unavailable()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_and_lengths_read_as_in_brazil() {
        assert_eq!(reais(8000), "R$ 80,00");
        assert_eq!(reais(123450), "R$ 1.234,50");
        assert_eq!(reais(5), "R$ 0,05");
        assert_eq!(reais(100000000), "R$ 1.000.000,00");
        assert_eq!(minutes(45), "45 min");
        assert_eq!(minutes(60), "1 h");
        assert_eq!(minutes(90), "1 h 30 min");
        assert_eq!(short_day(NaiveDate::from_ymd_opt(2026, 12, 5).unwrap()), "sáb 05/12");
        assert_eq!(short_day(NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()), "seg 30/11");
    }

    #[test]
    fn a_chosen_time_names_its_member_and_instant() {
        assert_eq!(parse_time(Some("3-1764331200")).map(|(s, t)| (s, t.timestamp())), Some((3, 1764331200)));
        for bad in ["", "3", "x-1", "3-x", "3-99999999999999999999", "-1-2"] {
            assert!(parse_time(Some(bad)).is_none_or(|(s, _)| s < 0), "{bad}");
        }
    }
}
