use sea_orm::entity::prelude::*;

/// A time chosen on the public booking page, kept from everyone else until
/// `expires_at` while its visitor types their details; once booked it
/// names its appointment and no longer holds anything.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "booking_holds")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Random, in the visitor's form: whoever has it may book the hold.
    pub token: String,
    pub staff_id: i32,
    pub service_id: i32,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub buffer_before_minutes: i32,
    pub buffer_after_minutes: i32,
    pub expires_at: DateTimeUtc,
    /// The client address that asked (per-address limits).
    pub address: String,
    pub appointment_id: Option<i32>,
    pub created_at: DateTimeUtc,
    /// The waitlist entry this time is offered to (`waitlist_entry`): the
    /// hold is then its offer, and the token the offer's link.
    pub waitlist_entry_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
