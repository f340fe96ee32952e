//! GET /api/events: the live agenda's stream of appointment changes
//! (server-sent events), fed by `live`; POST /api/presence: "Ana está
//! editando", told on the same streams.

use std::convert::Infallible;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use futures::Stream;
use tokio::sync::broadcast;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{AppError, ErrorBody, Result};
use crate::extract::ApiJson;
use crate::http::{ClientAddress, bearer, cookie_token, same_origin};
use crate::live::{Item, Presence, Start, StreamSlot, Subject};
use expediente_core::kit::{Actor, Context, SIGN_IN_NEEDED, access};
use expediente_core::{booking, clients};
use expediente_core::people::sessions;
use crate::state::AppState;
use crate::stream_sessions::{Verdict, Watched};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stream)).routes(routes!(announce))
}

/// The streams one client address may hold open: a share of the
/// connections it may hold (`--max-connections-per-address`), so that its
/// requests always have room beside them.
pub fn streams_per_address(max_connections_per_address: usize) -> usize {
    (max_connections_per_address / 4).max(1)
}

const TOO_MANY_STREAMS: &str = "Muitas conexões de atualização ao vivo abertas deste endereço. Feche outras abas e tente novamente.";

/// The live stream of the agenda's changes.
#[utoipa::path(get, path = "/events", tag = "agenda",
    description = "Eventos enviados pelo servidor (`text/event-stream`) a cada agendamento criado, alterado ou excluído, \
        por qualquer usuário, pelo cliente (link) ou pelo sistema. Cada evento `change` traz `id:` (número crescente) e \
        um JSON `{kind: created|changed|deleted, appointmentId, clientId, version, staffId, day, movedFrom, author}` \
        (`clientId` só para quem pode ver o agendamento). \
        Ao abrir, `ready` diz o número atual. Com `Last-Event-ID` (o navegador o envia ao reconectar) vêm os eventos \
        perdidos desde então; um número que não se pode retomar (antigo demais, de outro servidor, inválido) recebe \
        `reload`: leia tudo de novo. Um comentário a cada 15 s mantém a conexão; o fluxo termina quando a sessão acaba. \
        Aceita o cabeçalho Authorization ou o cookie de sessão desta origem.",
    params(("Last-Event-ID" = Option<String>, Header, description = "O último `id:` recebido")),
    responses(
        (status = 200, content_type = "text/event-stream", body = String),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Muitos fluxos abertos deste endereço")))]
async fn stream(State(state): State<AppState>, headers: HeaderMap, jar: CookieJar, address: ClientAddress) -> Result<Response> {
    let token = bearer(&headers)?
        .map(str::to_string)
        // The browser's EventSource sends no header, only this origin's cookie.
        .or_else(|| cookie_token(&jar).filter(|_| same_origin(&headers)))
        .ok_or_else(|| AppError::Unauthorized(SIGN_IN_NEEDED.into()))?;
    let viewer = state.context(Some(sessions::authenticate(&state.context(None), &token).await?.user));
    let max = streams_per_address(state.config.max_connections_per_address);
    let slot = state
        .live
        .take_slot(address.0, max)
        .ok_or_else(|| AppError::TooManyRequests { message: TOO_MANY_STREAMS.into(), retry_after: 30 })?;
    let last = headers.get("last-event-id").map(|value| value.to_str().unwrap_or("inválido"));
    let (start, receiver) = state.live.open(last);
    let opening = match start {
        Start::Fresh { latest } => vec![ready(latest)],
        Start::Resume { missed, latest } => missed.iter().map(|item| event(&viewer, item)).chain([ready(latest)]).collect(),
        Start::Reload { latest } => vec![event(&viewer, &Item::Reload { seq: latest })],
    };
    let session = state.stream_sessions.watch(token);
    let feed = Feed { state: state.clone(), viewer, receiver, opening: opening.into(), session, _slot: slot };
    // The server stopping ends the stream at once.
    let stream = futures::StreamExt::take_until(feed.into_stream(), state.live.closed());
    let mut response = Sse::new(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // Proxies (nginx) pass each event on at once instead of buffering.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

fn ready(latest: u64) -> Event {
    Event::default().event("ready").id(latest.to_string()).data(r#"{"kind":"ready"}"#)
}

/// `item` as `viewer` is told it: a change names its client only to those
/// who may see its appointment (docs/permissions.md).
fn event(viewer: &Context, item: &Item) -> Event {
    match item {
        Item::Change { seq, told } => {
            let data = if access::check_appointment(viewer, told.staff_id, "").is_ok() { &told.whole } else { &told.busy };
            Event::default().event("change").id(seq.to_string()).data(data)
        }
        Item::Reload { seq } => Event::default().event("reload").id(seq.to_string()).data(r#"{"kind":"reload"}"#),
        // No id: a presence is not resumed (the editor renews it).
        Item::Presence(presence) => Event::default().event("presence").data(serde_json::to_string(&**presence).unwrap_or_default()),
    }
}

/// Whether `viewer` is told of `presence`: never their own, and only on a
/// record they reach (a Profissional hears of their own appointments and
/// their clients only: docs/permissions.md).
async fn told(viewer: &Context, presence: &Presence) -> bool {
    let Actor::User(user) = &viewer.actor else { return false };
    if user.id == presence.user_id {
        return false;
    }
    match presence.subject {
        Subject::Client => access::check_client(viewer, &viewer.db, presence.id, "").await.is_ok(),
        Subject::Appointment => presence.staff_id.is_some_and(|staff| access::check_appointment(viewer, staff, "").is_ok()),
    }
}

/// Who opens or closes a record to edit, announced to the others.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PresenceInput {
    /// appointment (o diálogo de um agendamento) ou client (o formulário de um cliente).
    subject: Subject,
    id: i32,
    /// false ao fechar; padrão true (renove a cada 15 s: os outros esquecem após 30 s).
    #[serde(default = "yes")]
    active: bool,
}

fn yes() -> bool {
    true
}

/// Announces that the signed-in user has an appointment's dialog or a client's form open (or closed it).
#[utoipa::path(post, path = "/presence", tag = "agenda", request_body = PresenceInput,
    description = "Diz aos outros usuários, pelo fluxo `GET /api/events` (evento `presence`: \
        `{subject, id, staffId, userId, name, active}`), que este usuário está editando o registro: \
        \"Ana está editando\". Efêmero: renove a cada 15 s; sem renovação por 30 s, as telas o esquecem. \
        Só quem alcança o registro ouve falar dele (um Profissional, dos seus agendamentos e dos seus clientes).",
    responses(
        (status = 204, description = "Anunciado"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "O registro não existe ou não é alcançado por este usuário"),
        (status = 422, body = ErrorBody)))]
async fn announce(State(state): State<AppState>, cx: Context, ApiJson(input): ApiJson<PresenceInput>) -> Result<StatusCode> {
    let staff_id = match input.subject {
        Subject::Client => {
            access::reach_client(&cx, input.id, clients::NOT_FOUND).await?;
            None
        }
        Subject::Appointment => Some(access::reach_appointment(&cx, input.id, booking::appointments::NOT_FOUND).await?),
    };
    let Actor::User(user) = &cx.actor else { return Err(AppError::Unauthorized(SIGN_IN_NEEDED.into()).into()) };
    let name: String = user.name.split_whitespace().next().unwrap_or_default().chars().take(40).collect();
    state.live.presence(Presence { subject: input.subject, id: input.id, staff_id, user_id: user.id, name, active: input.active });
    Ok(StatusCode::NO_CONTENT)
}

/// One open stream: what it must send first, then the changes as they
/// come, a comment at each check of its session, until its session ends.
struct Feed {
    state: AppState,
    /// Whose stream: what they may be told of presences.
    viewer: Context,
    receiver: broadcast::Receiver<Item>,
    opening: std::collections::VecDeque<Event>,
    /// Its session, checked with every other stream's at each keep-alive tick.
    session: Watched,
    /// Counted for its address while open.
    _slot: StreamSlot,
}

impl Feed {
    fn into_stream(self) -> impl Stream<Item = std::result::Result<Event, Infallible>> + Send + 'static {
        futures::stream::unfold(self, |mut feed| async move {
            let next = feed.next().await?;
            Some((Ok(next), feed))
        })
    }

    async fn next(&mut self) -> Option<Event> {
        if let Some(first) = self.opening.pop_front() {
            return Some(first);
        }
        loop {
            let next = self.wait().await;
            match next {
                Waited::Send(event) => return Some(event),
                Waited::End => return None,
                Waited::Skip => {}
            }
        }
    }

    async fn wait(&mut self) -> Waited {
        let sent = |event| Waited::Send(event);
        tokio::select! {
            item = self.receiver.recv() => match item {
                Ok(Item::Presence(presence)) => if told(&self.viewer, &presence).await { sent(event(&self.viewer, &Item::Presence(presence))) } else { Waited::Skip },
                Ok(item) => sent(event(&self.viewer, &item)),
                // Fallen too far behind: what it missed is gone; it reads
                // everything again, and goes on from now.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let (start, receiver) = self.state.live.open(None);
                    self.receiver = receiver;
                    let Start::Fresh { latest } = start else { unreachable!("no Last-Event-ID is a fresh start") };
                    sent(event(&self.viewer, &Item::Reload { seq: latest }))
                }
                Err(broadcast::error::RecvError::Closed) => Waited::End,
            },
            changed = self.session.verdicts.changed() => {
                if changed.is_err() {
                    return Waited::End;
                }
                let verdict = self.session.verdicts.borrow_and_update().clone();
                match verdict {
                    // A new role counts from now on.
                    Verdict::Holds(user) => {
                        self.viewer = self.state.context(Some(user.as_ref().clone()));
                        sent(Event::default().comment(""))
                    }
                    Verdict::Opened | Verdict::Unknown => sent(Event::default().comment("")),
                    // Signed out, expired, deactivated, or its password
                    // changed: the stream ends (the browser's reconnection
                    // then gets 401).
                    Verdict::Ended => Waited::End,
                }
            }
        }
    }
}

/// What one wait of a stream gave.
enum Waited {
    Send(Event),
    Skip,
    End,
}
