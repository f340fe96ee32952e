use sea_orm::entity::prelude::*;

/// One reminder of an appointment on one channel (`whatsapp`, sent by
/// hand from the reminders screen; `email`, the outbox the worker sends).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reminders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub appointment_id: i32,
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
