//! Notices: the client is told when the business cancels, deletes or
//! moves an appointment they may be counting on (docs/behaviour.md,
//! "Avisos ao cliente"). A notice is a row of the reminders' outbox with a
//! `kind` other than `reminder`: one on the e-mail channel when the client
//! has an address (the mailer sends it), and one on the WhatsApp channel
//! whose text the reminders screen offers. Written by the appointment gate
//! in the transaction that changes the appointment.
//!
//! A notice is due only for a change by a staff member (not the client's
//! own cancel through their link, nor the public page) of an active
//! appointment still ahead, when the client was already reminded of it
//! (any channel) or its reminder's moment has come: earlier, the reminder
//! still to come tells the new time, or nothing is left to tell.

use chrono::{DateTime, Datelike, Duration, SubsecRound, Utc};
use chrono_tz::Tz;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::booking::hours;
use crate::kit::error::Result;
use entities::appointment::{self, AppointmentStatus};
use entities::reminder::{self, Channel, Kind, NoticeDetails, ReminderState};
use entities::{client, user};

/// What a notice says: the subject of its e-mail, its paragraphs, and the
/// client's link when there is still an appointment to confirm or cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub subject: String,
    pub paragraphs: Vec<String>,
    pub link: Option<String>,
    /// What the link does: as the text leads to it, as its button says it.
    pub link_intro: &'static str,
    pub link_label: &'static str,
}

impl Words {
    /// The text in one message (WhatsApp, the e-mail's plain part).
    pub fn text(&self) -> String {
        let mut text = self.paragraphs.join("\n\n");
        if let Some(link) = &self.link {
            text.push_str(&format!("\n\n{} {link}", self.link_intro));
        }
        text
    }
}

/// The facts a notice is written from.
pub struct Facts<'a> {
    pub business: &'a str,
    pub client: &'a str,
    /// The appointment as it is now (its new time, a moved one's).
    pub service: &'a str,
    pub staff: &'a str,
    pub starts_at: DateTime<Utc>,
    /// As the client knew it (a moved one's former time and person).
    pub former: &'a NoticeDetails,
    /// The client's link (moved, accepted).
    pub link: Option<String>,
}

/// "quinta-feira, 27/11/2026" and "14:00" in the business zone.
pub fn day_and_time(instant: DateTime<Utc>, tz: Tz) -> (String, String) {
    let local = instant.with_timezone(&tz);
    let weekday = hours::weekday_name(local.weekday().number_from_monday() as u8);
    (format!("{weekday}, {}", local.format("%d/%m/%Y")), local.format("%H:%M").to_string())
}

/// The words of a notice, by kind: the one place they are written (the
/// mailer and the reminders screen's WhatsApp text both use them).
pub fn words(kind: Kind, facts: &Facts, tz: Tz) -> Words {
    let Facts { business, client, service, staff, .. } = facts;
    let (day, time) = day_and_time(facts.starts_at, tz);
    let (old_day, old_time) = day_and_time(facts.former.from, tz);
    let short = |at: DateTime<Utc>| at.with_timezone(&tz).format("%d/%m às %H:%M").to_string();
    let hello = format!("Olá, {client}!");
    let (subject, body, link) = match kind {
        Kind::Reminder => (
            format!("Lembrete: {service} em {}", short(facts.starts_at)),
            format!("Lembramos do seu horário de {service} com {staff} em {day} às {time}."),
            facts.link.clone(),
        ),
        Kind::NoticeCancelled => (
            format!("Horário cancelado: {} em {}", facts.former.service, short(facts.former.from)),
            format!(
                "Seu horário de {} com {} em {old_day} às {old_time} foi cancelado por {business}. Para marcar outro horário, fale conosco.",
                facts.former.service, facts.former.staff
            ),
            None,
        ),
        Kind::NoticeMoved => (
            format!("Horário remarcado: {service} para {}", short(facts.starts_at)),
            format!(
                "Seu horário de {} em {old_day} às {old_time} foi remarcado para {day} às {time}, com {staff}.",
                facts.former.service
            ),
            facts.link.clone(),
        ),
        Kind::NoticeAccepted => (
            format!("Agendamento confirmado: {service} em {}", short(facts.starts_at)),
            format!("{business} confirmou o seu agendamento de {service} com {staff} em {day} às {time}."),
            facts.link.clone(),
        ),
        Kind::WaitlistOffer => (
            format!("Abriu um horário: {service} em {}", short(facts.starts_at)),
            format!(
                "Abriu um horário de {service} com {staff} em {day} às {time}, e ele está guardado para você até as {}. \
                 Se quiser, garanta pelo link; se não puder, avise por lá e ele passa para a próxima pessoa da lista.",
                facts.former.until.map_or_else(String::new, |until| until.with_timezone(&tz).format("%H:%M").to_string())
            ),
            facts.former.link.clone(),
        ),
        Kind::NoticeRefused => (
            format!("Agendamento não confirmado: {} em {}", facts.former.service, short(facts.former.from)),
            format!(
                "{business} não pôde confirmar o seu pedido de {} em {old_day} às {old_time}; o horário foi liberado. Para marcar outro horário, fale conosco.",
                facts.former.service
            ),
            None,
        ),
    };
    let (link_intro, link_label) = if kind == Kind::WaitlistOffer {
        ("Para garantir o horário, ou dizer que não pode, use este link:", "Quero este horário (ou não posso)")
    } else {
        ("Para confirmar ou cancelar, use este link:", "Confirmar ou cancelar o horário")
    };
    Words { subject, paragraphs: vec![hello, body], link, link_intro, link_label }
}

/// An appointment the client expects to keep.
fn expected(model: &appointment::Model, now: DateTime<Utc>) -> bool {
    matches!(model.status, AppointmentStatus::Agendado | AppointmentStatus::Confirmado) && model.starts_at > now
}

/// Keeps the notices of an appointment in step with a change to it, in
/// the change's transaction. `after` is None for an appointment about to
/// be deleted (its notices outlive it: the foreign key sets them loose).
/// `by_business`: a staff member changed it.
pub async fn on_changed(txn: &impl ConnectionTrait, by_business: bool, before: &appointment::Model, after: Option<&appointment::Model>) -> Result<()> {
    let now = Utc::now().trunc_subsecs(0);
    if before.status == AppointmentStatus::Pendente {
        // The front desk's answer to an online booking that waited for it.
        return match after {
            _ if !by_business => Ok(()),
            Some(after) if after.status == AppointmentStatus::Confirmado => on_answered(txn, Kind::NoticeAccepted, before, after).await,
            Some(after) if after.status == AppointmentStatus::Cancelado => on_answered(txn, Kind::NoticeRefused, before, after).await,
            None => on_answered(txn, Kind::NoticeRefused, before, before).await,
            Some(_) => Ok(()),
        };
    }
    let kind = match after {
        _ if !by_business || !expected(before, now) => return Ok(()),
        None => Kind::NoticeCancelled,
        Some(after) if after.status == AppointmentStatus::Cancelado => Kind::NoticeCancelled,
        Some(after) if expected(after, now) && (after.starts_at != before.starts_at || after.staff_id != before.staff_id) => Kind::NoticeMoved,
        Some(_) => return Ok(()),
    };
    let rows = reminder::Entity::find().filter(reminder::Column::AppointmentId.eq(before.id)).order_by_asc(reminder::Column::Id).all(txn).await?;
    // A notice not sent yet: its e-mail still waits (one without e-mail is
    // the front desk's to send on WhatsApp, and taken as told). Its
    // WhatsApp row, written with it, goes with it.
    let waiting: Vec<&reminder::Model> = rows.iter().filter(|r| r.kind.is_notice() && r.channel == Channel::Email && r.state == ReminderState::Pending).collect();
    let unsent = |r: &&reminder::Model| r.kind.is_notice() && waiting.iter().any(|e| e.kind == r.kind && e.created_at == r.created_at);
    let told = |r: &&reminder::Model| r.kind.is_notice() || matches!(r.state, ReminderState::Sent | ReminderState::Sending) || r.sent_at.is_some();
    // What the client knows: the time of the earliest notice not yet sent
    // (they were never told of the later ones), else the time it had.
    let staff_name = async |id: i32| -> Result<String> { Ok(user::Entity::find_by_id(id).one(txn).await?.map(|u| u.name).unwrap_or_default()) };
    let pending_former = rows.iter().filter(unsent).find_map(|r| r.details.as_deref().and_then(|d| serde_json::from_str::<NoticeDetails>(d).ok()));
    let former = match pending_former {
        Some(former) => former,
        None => NoticeDetails { service: before.service.clone(), staff: staff_name(before.staff_id).await?, from: before.starts_at, ..Default::default() },
    };
    let hours = super::settings(txn).await?.hours_before;
    let due = rows.iter().any(|r| told(&r) || unsent(&r)) || former.from - Duration::hours(i64::from(hours)) <= now;
    if !due {
        return Ok(());
    }
    // The notices not sent yet are replaced by this one.
    let replaced: Vec<i32> = rows.iter().filter(unsent).map(|r| r.id).collect();
    if !replaced.is_empty() {
        reminder::Entity::delete_many().filter(reminder::Column::Id.is_in(replaced)).exec(txn).await?;
    }
    let target = after.unwrap_or(before);
    if kind == Kind::NoticeMoved && former.from == target.starts_at && former.staff == staff_name(target.staff_id).await? {
        return Ok(()); // moved back before the client heard of it
    }
    let starts_at = if kind.is_ending() { former.from } else { target.starts_at };
    write(txn, kind, target, starts_at, &former).await
}

/// The front desk's answer to an online booking that waited for it:
/// always told (the client is waiting for it), while it is ahead.
pub async fn on_answered(txn: &impl ConnectionTrait, kind: Kind, before: &appointment::Model, after: &appointment::Model) -> Result<()> {
    if before.starts_at <= Utc::now() {
        return Ok(());
    }
    let former = NoticeDetails {
        service: before.service.clone(),
        staff: user::Entity::find_by_id(before.staff_id).one(txn).await?.map(|u| u.name).unwrap_or_default(),
        from: before.starts_at,
        ..Default::default()
    };
    let starts_at = if kind.is_ending() { before.starts_at } else { after.starts_at };
    write(txn, kind, after, starts_at, &former).await
}

/// The notice's rows: WhatsApp's (offered on the reminders screen) and,
/// when the client has an address, the e-mail the mailer sends now.
async fn write(txn: &impl ConnectionTrait, kind: Kind, model: &appointment::Model, starts_at: DateTime<Utc>, former: &NoticeDetails) -> Result<()> {
    let now = Utc::now().trunc_subsecs(0);
    if !kind.is_ending() {
        // The notice tells the (new) time and carries the link: a reminder
        // of it due now would say it twice.
        reminder::Entity::delete_many()
            .filter(reminder::Column::AppointmentId.eq(model.id))
            .filter(reminder::Column::Kind.eq(Kind::Reminder))
            .filter(reminder::Column::State.eq(ReminderState::Pending))
            .filter(reminder::Column::DueAt.lte(now))
            .exec(txn)
            .await?;
    }
    let email = client::Entity::find_by_id(model.client_id).one(txn).await?.and_then(|c| c.email);
    let row = |channel: Channel, recipient: Option<String>| told(kind, channel, recipient, Some(model.id), model.client_id, starts_at, former);
    row(Channel::Whatsapp, None)?.insert(txn).await?;
    if let Some(email) = email {
        row(Channel::Email, Some(email))?.insert(txn).await?;
    }
    Ok(())
}

/// An outbox row due now that tells the client `details` (a notice's, an
/// offer's): the one shape of every row a notice or an offer writes.
fn told(
    kind: Kind,
    channel: Channel,
    recipient: Option<String>,
    appointment_id: Option<i32>,
    client_id: i32,
    starts_at: DateTime<Utc>,
    details: &NoticeDetails,
) -> Result<reminder::ActiveModel> {
    let now = Utc::now().trunc_subsecs(0);
    Ok(reminder::ActiveModel {
        appointment_id: Set(appointment_id),
        channel: Set(channel),
        state: Set(ReminderState::Pending),
        recipient: Set(recipient),
        appointment_starts_at: Set(starts_at),
        due_at: Set(now),
        next_attempt_at: Set(now),
        attempts: Set(0),
        last_error: Set(None),
        sent_at: Set(None),
        sent_by: Set(None),
        created_at: Set(now),
        kind: Set(kind),
        client_id: Set(Some(client_id)),
        details: Set(Some(serde_json::to_string(details).map_err(anyhow::Error::from)?)),
        ..Default::default()
    })
}

/// A waitlist's offer told by e-mail (the waitlist screen offers its
/// WhatsApp text): `offer` names the time, its page and its deadline.
pub async fn offer_by_email(txn: &impl ConnectionTrait, client_id: i32, offer: &NoticeDetails) -> Result<()> {
    let Some(email) = client::Entity::find_by_id(client_id).one(txn).await?.and_then(|c| c.email) else { return Ok(()) };
    told(Kind::WaitlistOffer, Channel::Email, Some(email), None, client_id, offer.from, offer)?.insert(txn).await?;
    Ok(())
}

/// The former appointment a notice row tells of.
pub fn details_of(row: &reminder::Model) -> Option<NoticeDetails> {
    serde_json::from_str(row.details.as_deref()?).ok()
}
