use sea_orm::entity::prelude::*;

/// One reminder of an appointment on one channel (`whatsapp`, sent by
/// hand from the reminders screen; `email`, the outbox the worker sends).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reminders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub appointment_id: i32,
    /// `whatsapp` or `email`.
    pub channel: String,
    /// `pending` (waiting, or waiting to be retried), `sending` (claimed by a
    /// worker until `next_attempt_at`), `sent`, `failed` (permanently).
    pub state: String,
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
