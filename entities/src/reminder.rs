use sea_orm::entity::prelude::*;

/// One message to a client about an appointment, on one channel
/// (`whatsapp`, sent by hand from the reminders screen; `email`, the
/// outbox the worker sends): a reminder, or a notice of the business's
/// change (`kind`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reminders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Null once the appointment is deleted (its notice outlives it).
    pub appointment_id: Option<i32>,
    pub channel: Channel,
    pub state: ReminderState,
    /// The e-mail address written to (e-mail rows).
    pub recipient: Option<String>,
    /// The start it announces: a moved appointment gets a new reminder.
    pub appointment_starts_at: DateTimeUtc,
    pub due_at: DateTimeUtc,
    /// When the worker may try (again); while `sending`, when its claim lapses.
    pub next_attempt_at: DateTimeUtc,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTimeUtc>,
    /// The staff member who sent it (WhatsApp); null for the worker.
    pub sent_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub kind: Kind,
    /// Whom a notice is for (reminders read it from their appointment).
    pub client_id: Option<i32>,
    /// A notice's words of the appointment as it was (JSON, [`NoticeDetails`]).
    pub details: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// How a reminder reaches the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Sent by hand from the reminders screen.
    #[sea_orm(string_value = "whatsapp")]
    Whatsapp,
    /// The outbox the mailer sends.
    #[sea_orm(string_value = "email")]
    Email,
}

/// Where a reminder stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum ReminderState {
    /// Waiting, or waiting to be retried.
    #[sea_orm(string_value = "pending")]
    Pending,
    /// Claimed by a mailer until `next_attempt_at`.
    #[sea_orm(string_value = "sending")]
    Sending,
    #[sea_orm(string_value = "sent")]
    Sent,
    /// Permanently.
    #[sea_orm(string_value = "failed")]
    Failed,
}

impl ReminderState {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            ReminderState::Pending => "pending",
            ReminderState::Sending => "sending",
            ReminderState::Sent => "sent",
            ReminderState::Failed => "failed",
        }
    }
}

/// What a row tells the client. One closed list: the mailer chooses the
/// subject and the body by it in one place (`jobs::mailer::words`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The appointment ahead, `hours_before` it.
    #[sea_orm(string_value = "reminder")]
    Reminder,
    /// The business cancelled (or deleted) it.
    #[sea_orm(string_value = "notice_cancelled")]
    NoticeCancelled,
    /// The business moved it (another time or person).
    #[sea_orm(string_value = "notice_moved")]
    NoticeMoved,
    /// The front desk accepted an online booking that waited for it.
    #[sea_orm(string_value = "notice_accepted")]
    NoticeAccepted,
    /// The front desk refused an online booking that waited for it.
    #[sea_orm(string_value = "notice_refused")]
    NoticeRefused,
    /// A time freed and offered to a client of the waitlist: no appointment
    /// yet; `details` name the time, the offer's page and its deadline.
    #[sea_orm(string_value = "waitlist_offer")]
    WaitlistOffer,
}

impl Kind {
    /// A notice tells of a change once; a reminder recalls the appointment.
    pub fn is_notice(self) -> bool {
        self != Kind::Reminder
    }

    /// Notices of an appointment that no longer takes place.
    pub fn is_ending(self) -> bool {
        matches!(self, Kind::NoticeCancelled | Kind::NoticeRefused)
    }
}

/// What a notice says of the appointment as it was when it was written.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NoticeDetails {
    pub service: String,
    pub staff: String,
    /// The start before the change (RFC 3339, UTC); a waitlist offer's time.
    pub from: DateTimeUtc,
    /// A waitlist offer's page (`/o/{token}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// Until when a waitlist offer is kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<DateTimeUtc>,
}
