//! The e-mail reminders' sender: a background task in every instance
//! (with `--smtp-url`) that claims due rows of the outbox (`reminders`,
//! channel `email`), sends each with lettre, and records what happened.
//!
//! Claiming is one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)
//! RETURNING` on PostgreSQL: two instances never take one row, and neither
//! waits for the other. The claim marks the row `sending` until a lease
//! ends ([`LEASE`]), so a sender that stops mid-way leaves the row to be
//! taken again, never lost. On SQLite there is one process; the same
//! statement without the locking clause is atomic there.
//!
//! A sender claims one row at a time, right before sending it, and gives
//! up waiting for the SMTP server well before the lease ends (a third of
//! it): a claim always outlives its one send, so another instance can take
//! a row again only when the first was killed (a claimed batch sent one by
//! one outlived its lease on a slow server, and the rest went twice).
//!
//! A refused connection or a 4xx is retried after a growing wait (the
//! configured seconds, doubled at each failure, at most an hour; given up
//! after [`MAX_ATTEMPTS`]); a 5xx is a permanent failure, kept with its
//! message for the reminders screen.

use std::time::Duration as StdDuration;

use chrono::{Datelike, Duration, SubsecRound, Utc};
use sea_orm::sea_query::Expr;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, QueryFilter};

use expediente_core::kit::db::statement;
use expediente_core::kit::Context;
use expediente_core::reminders;
use entities::reminder::Kind;
use entities::reminder::ReminderState::{Failed, Pending, Sending, Sent};
use crate::state::AppState;
use entities::appointment::AppointmentStatus;
use entities::{appointment, client, reminder, user};

/// How long a claim holds a row.
pub const LEASE: i64 = 180;
/// Tries before a reminder that keeps failing is given up.
pub const MAX_ATTEMPTS: i32 = 8;
/// Most messages one round sends.
const ROUND: usize = 10;
/// How often an idle sender looks for due rows.
const POLL: StdDuration = StdDuration::from_secs(1);

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    retry_seconds: i64,
    /// Seconds a claim holds its row ([`LEASE`]; shorter in tests).
    lease: i64,
}

impl Mailer {
    /// A sender to the SMTP server at `url` (`smtp://`, `smtps://`) as `from`;
    /// it waits for the server at most a third of `lease` seconds.
    pub fn new(url: &str, from: &str, retry_seconds: i64, lease: i64) -> anyhow::Result<Mailer> {
        let wait = StdDuration::from_secs(u64::try_from(lease / 3).unwrap_or(1).max(1));
        let transport =
            AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map_err(|e| anyhow::anyhow!("--smtp-url: {e}"))?.timeout(Some(wait)).build();
        let from: Mailbox = from.parse().map_err(|e| anyhow::anyhow!("--mail-from: {e}"))?;
        Ok(Mailer { transport, from, retry_seconds: retry_seconds.max(1), lease })
    }
}

/// Starts the sender when e-mail is configured; the task lives as long as
/// the runtime.
pub fn start(state: &AppState) -> anyhow::Result<Option<tokio::task::JoinHandle<()>>> {
    let config = &state.config;
    let (Some(url), Some(from)) = (&config.smtp_url, &config.mail_from) else { return Ok(None) };
    let mailer = Mailer::new(url, from, i64::try_from(config.mail_retry_seconds).unwrap_or(i64::MAX), LEASE)?;
    let cx = state.context(None);
    Ok(Some(tokio::spawn(async move {
        loop {
            match tick(&cx, &mailer).await {
                Ok(claimed) if claimed > 0 => continue,
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "e-mail reminders: a round failed"),
            }
            tokio::time::sleep(POLL).await;
        }
    })))
}

/// The wait after the `attempts`-th failure: the base, doubled each time, at most an hour.
pub fn backoff(base_seconds: i64, attempts: i32) -> Duration {
    let factor = 1i64 << attempts.clamp(1, 12).saturating_sub(1);
    Duration::seconds((base_seconds.saturating_mul(factor)).min(3600))
}

/// Claims the next due row for `lease` seconds (see the module's comment); its id.
async fn claim(db: &DatabaseConnection, lease: i64) -> anyhow::Result<Option<i32>> {
    let backend = db.get_database_backend();
    let lock = if backend == DbBackend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let (sending, pending) = (Sending.as_str(), Pending.as_str());
    let sql = format!(
        "UPDATE reminders SET state = '{sending}', attempts = attempts + 1, next_attempt_at = $1 \
         WHERE id IN (SELECT id FROM reminders WHERE channel = 'email' AND state IN ('{pending}', '{sending}') \
         AND next_attempt_at <= $2 ORDER BY next_attempt_at LIMIT 1{lock}) RETURNING id"
    );
    let now = Utc::now().trunc_subsecs(0);
    let rows = db.query_all_raw(statement(backend, &sql, vec![(now + Duration::seconds(lease)).into(), now.into()])).await?;
    Ok(rows.iter().find_map(|r| r.try_get::<i32>("", "id").ok()))
}

/// One round: claims due rows one by one and sends each (at most
/// [`ROUND`]); how many it claimed.
pub async fn tick(cx: &Context, mailer: &Mailer) -> anyhow::Result<usize> {
    let db = &cx.db;
    let mut claimed = 0;
    while claimed < ROUND {
        let Some(id) = claim(db, mailer.lease).await? else { break };
        claimed += 1;
        if let Err(error) = send_one(cx, mailer, id).await {
            tracing::warn!(%error, id, "e-mail reminder: could not record the result");
        }
    }
    Ok(claimed)
}

/// What became of one claimed row.
enum Outcome {
    Sent(String),
    Retry(String),
    Failed(String),
    /// The appointment no longer wants it (cancelled, started, no e-mail).
    Withdrawn,
}

async fn send_one(cx: &Context, mailer: &Mailer, id: i32) -> anyhow::Result<()> {
    let db = &cx.db;
    let Some(row) = reminder::Entity::find_by_id(id).one(db).await? else { return Ok(()) };
    let outcome = match letter(cx, mailer, &row).await? {
        None => Outcome::Withdrawn,
        Some((_, Err(error))) => Outcome::Failed(error),
        Some((email, Ok(message))) => match mailer.transport.send(message).await {
            Ok(_) => Outcome::Sent(email),
            Err(error) if error.is_permanent() => Outcome::Failed(smtp_error(&error)),
            Err(error) if row.attempts >= MAX_ATTEMPTS => Outcome::Failed(smtp_error(&error)),
            Err(error) => Outcome::Retry(smtp_error(&error)),
        },
    };
    let now = Utc::now().trunc_subsecs(0);
    let mut update = reminder::Entity::update_many().filter(reminder::Column::Id.eq(id)).filter(reminder::Column::State.eq(Sending));
    update = match outcome {
        Outcome::Sent(email) => update
            .col_expr(reminder::Column::State, Expr::value(Sent))
            .col_expr(reminder::Column::SentAt, Expr::value(Some(now)))
            .col_expr(reminder::Column::Recipient, Expr::value(Some(email)))
            .col_expr(reminder::Column::LastError, Expr::value(Option::<String>::None)),
        Outcome::Failed(error) => {
            tracing::warn!(id, error, "e-mail reminder failed for good");
            update.col_expr(reminder::Column::State, Expr::value(Failed)).col_expr(reminder::Column::LastError, Expr::value(Some(error)))
        }
        Outcome::Retry(error) => {
            tracing::info!(id, error, "e-mail reminder to be retried");
            update
                .col_expr(reminder::Column::State, Expr::value(Pending))
                .col_expr(reminder::Column::NextAttemptAt, Expr::value(now + backoff(mailer.retry_seconds, row.attempts)))
                .col_expr(reminder::Column::LastError, Expr::value(Some(error)))
        }
        Outcome::Withdrawn => {
            reminder::Entity::delete_many().filter(reminder::Column::Id.eq(id)).filter(reminder::Column::State.eq(Sending)).exec(db).await?;
            return Ok(());
        }
    };
    update.exec(db).await?;
    Ok(())
}

/// The message of a claimed row and its address; None when it is no
/// longer wanted: a reminder or a notice of a new time whose appointment
/// was cancelled, moved again or has started, or whose client has no
/// address now; a notice of a cancellation once the cancelled time passed.
async fn letter(cx: &Context, mailer: &Mailer, row: &reminder::Model) -> anyhow::Result<Option<(String, Result<Message, String>)>> {
    let (db, tz, now) = (&cx.db, cx.tz, Utc::now());
    let model = match row.appointment_id {
        Some(id) => appointment::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    let current = model.as_ref().filter(|m| {
        matches!(m.status, AppointmentStatus::Agendado | AppointmentStatus::Confirmado) && m.starts_at > now && m.starts_at == row.appointment_starts_at
    });
    let settings = reminders::settings(db).await?;
    // A cancellation (its time ahead still) and a waitlist's offer (still
    // open) are told from their details: no appointment says them.
    if row.kind.is_ending() || row.kind == Kind::WaitlistOffer {
        let client = client::Entity::find_by_id(row.client_id.unwrap_or_default()).one(db).await?;
        let former = reminders::notices::details_of(row).unwrap_or_default();
        let open = if row.kind == Kind::WaitlistOffer { former.until.is_some_and(|until| until > now) } else { row.appointment_starts_at > now };
        let (Some(email), true) = (row.recipient.clone(), open) else { return Ok(None) };
        let facts = reminders::notices::Facts {
            business: &settings.business_name,
            client: client.as_ref().map_or("", |c| c.name.as_str()),
            service: &former.service,
            staff: &former.staff,
            starts_at: former.from,
            former: &former,
            link: former.link.clone(),
        };
        let words = reminders::notices::words(row.kind, &facts, tz);
        return Ok(Some((email.clone(), notice(mailer, row, &email, facts.client, &settings.business_name, &words))));
    }
    let Some(model) = current else { return Ok(None) };
    let Some((client, email)) = client::Entity::find_by_id(model.client_id).one(db).await?.and_then(|c| c.email.clone().map(|e| (c, e))) else {
        return Ok(None);
    };
    let staff = user::Entity::find_by_id(model.staff_id).one(db).await?.map(|u| u.name).unwrap_or_default();
    let link = reminders::link(cx, model);
    if row.kind == Kind::Reminder {
        return Ok(Some((email.clone(), message(mailer, row, model, &client.name, &email, &staff, &settings.business_name, &link, tz))));
    }
    let former = reminders::notices::details_of(row).unwrap_or_default();
    let facts = reminders::notices::Facts {
        business: &settings.business_name,
        client: &client.name,
        service: &model.service,
        staff: &staff,
        starts_at: model.starts_at,
        former: &former,
        link: Some(link),
    };
    let words = reminders::notices::words(row.kind, &facts, tz);
    Ok(Some((email.clone(), notice(mailer, row, &email, &client.name, &settings.business_name, &words))))
}

/// A notice (`reminders::notices::words` chose its words by kind): text
/// and HTML, a `Message-ID` of its own row, the link when there is one.
fn notice(mailer: &Mailer, row: &reminder::Model, email: &str, client_name: &str, business: &str, words: &reminders::notices::Words) -> Result<Message, String> {
    let to: Mailbox = email.parse().map_err(|_| format!("Endereço de e-mail inválido: {email}"))?;
    let to = Mailbox::new(Some(client_name.to_string()), to.email);
    let domain = mailer.from.email.domain().to_string();
    let message_id = format!("<aviso-{}-{}@{domain}>", row.id, row.appointment_starts_at.timestamp());
    let text = format!("{}\n\n{business}\n", words.text());
    let mut html = String::from("<!doctype html><html lang=\"pt-BR\"><body style=\"font-family:sans-serif;color:#222\">");
    for paragraph in &words.paragraphs {
        html.push_str(&format!("<p>{}</p>", escape(paragraph)));
    }
    if let Some(link) = &words.link {
        html.push_str(&format!("<p><a href=\"{}\">{}</a></p>", escape(link), escape(words.link_label)));
    }
    html.push_str(&format!("<p>{}</p></body></html>", escape(business)));
    Message::builder()
        .from(mailer.from.clone())
        .to(to)
        .subject(words.subject.clone())
        .date_now()
        .message_id(Some(message_id))
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(text))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(html)),
        )
        .map_err(|e| format!("Mensagem inválida: {e}"))
}

/// The server's answer, or what kept us from one, in a line.
fn smtp_error(error: &lettre::transport::smtp::Error) -> String {
    let text = error.to_string();
    let text: String = text.chars().take(300).collect();
    match error.status() {
        Some(code) => format!("{code}: {text}"),
        None => text,
    }
}

/// `List-Unsubscribe`: how a client asks for no more reminders (a reply
/// to the sender, which the business handles).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(text.to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The reminder: text and HTML in pt-BR, `Date`, a `Message-ID` of its own
/// row (the same on every retry), `List-Unsubscribe`, and the link.
#[allow(clippy::too_many_arguments)]
fn message(
    mailer: &Mailer,
    row: &reminder::Model,
    model: &appointment::Model,
    client_name: &str,
    email: &str,
    staff: &str,
    business: &str,
    link: &str,
    tz: chrono_tz::Tz,
) -> Result<Message, String> {
    let to: Mailbox = email.parse().map_err(|_| format!("Endereço de e-mail inválido: {email}"))?;
    let to = Mailbox::new(Some(client_name.to_string()), to.email);
    let local = model.starts_at.with_timezone(&tz);
    let weekday = expediente_core::booking::hours::weekday_name(local.weekday().number_from_monday() as u8);
    let date = format!("{weekday}, {}", local.format("%d/%m/%Y"));
    let time = local.format("%H:%M").to_string();
    let domain = mailer.from.email.domain().to_string();
    let message_id = format!("<lembrete-{}-{}@{domain}>", row.id, row.appointment_starts_at.timestamp());
    let unsubscribe = format!("<mailto:{}?subject=Parar%20lembretes>", mailer.from.email);
    let text = format!(
        "Olá, {client_name}!\n\nLembramos do seu horário em {business}:\n\n  Data: {date}\n  Horário: {time}\n  \
         Profissional: {staff}\n  Serviço: {service}\n\nPara confirmar ou cancelar, abra:\n{link}\n\n{business}\n\n\
         Para não receber mais lembretes por e-mail, responda a esta mensagem.\n",
        service = model.service
    );
    let (c, b, d, s, sv, l) = (escape(client_name), escape(business), escape(&date), escape(staff), escape(&model.service), escape(link));
    let html = format!(
        "<!doctype html><html lang=\"pt-BR\"><body style=\"font-family:sans-serif;color:#222\">\
         <p>Olá, {c}!</p><p>Lembramos do seu horário em <strong>{b}</strong>:</p>\
         <table cellpadding=\"4\"><tr><td>Data</td><td><strong>{d}</strong></td></tr>\
         <tr><td>Horário</td><td><strong>{time}</strong></td></tr><tr><td>Profissional</td><td>{s}</td></tr>\
         <tr><td>Serviço</td><td>{sv}</td></tr></table>\
         <p><a href=\"{l}\">Confirmar ou cancelar o horário</a></p><p>{b}</p>\
         <p style=\"font-size:12px;color:#666\">Para não receber mais lembretes por e-mail, responda a esta mensagem.</p></body></html>"
    );
    Message::builder()
        .from(mailer.from.clone())
        .to(to)
        .subject(format!("Lembrete: {} em {} às {time}", model.service, local.format("%d/%m")))
        .date_now()
        .message_id(Some(message_id))
        .header(ListUnsubscribe(unsubscribe))
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(text))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(html)),
        )
        .map_err(|e| format!("Mensagem inválida: {e}"))
}

/// Due rows still waiting, for the reminders screen and tests.
pub async fn pending(db: &impl ConnectionTrait) -> anyhow::Result<u64> {
    use sea_orm::PaginatorTrait;
    Ok(reminder::Entity::find().filter(reminder::Column::Channel.eq(entities::reminder::Channel::Email)).filter(reminder::Column::State.is_in([Pending, Sending])).count(db).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_an_hour() {
        assert_eq!(backoff(30, 1), Duration::seconds(30));
        assert_eq!(backoff(30, 2), Duration::seconds(60));
        assert_eq!(backoff(30, 3), Duration::seconds(120));
        assert_eq!(backoff(30, 9), Duration::seconds(3600));
        assert_eq!(backoff(1, 1), Duration::seconds(1));
    }
}
