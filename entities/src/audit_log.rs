use sea_orm::entity::prelude::*;

/// One recorded change or sign-in: who, when, and the values before and after.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub entity: AuditEntity,
    pub entity_id: i32,
    /// create, update, status, archive, delete, sign_in.
    pub action: String,
    pub user_id: Option<i32>,
    /// Who acted when no staff member did (`user_id` null): `cliente`, the
    /// client through their confirmation link.
    pub actor: Option<String>,
    /// `{ "field": { "old": …, "new": … } }`
    pub changes: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What an entry is about. Stored as its name (a plain text column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
pub enum AuditEntity {
    #[sea_orm(string_value = "appointment")]
    Appointment,
    /// A series of appointments (its creation, changes as a whole, splits).
    #[sea_orm(string_value = "series")]
    Series,
    #[sea_orm(string_value = "client")]
    Client,
    /// A user: their profile, sign-ins, working hours, calendar feed.
    #[sea_orm(string_value = "user")]
    User,
    #[sea_orm(string_value = "service")]
    Service,
    #[sea_orm(string_value = "time_off")]
    TimeOff,
    /// An entry of the waitlist (its offers and their answers too).
    #[sea_orm(string_value = "waitlist")]
    Waitlist,
    /// The business's settings (id 0): its hours, its reminders.
    #[sea_orm(string_value = "business")]
    Business,
}
