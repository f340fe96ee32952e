use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A client waiting for a time of a service: with one staff member or
/// anyone (`staff_id` null), on a day from `from_day` to `to_day`, in a
/// period of the day. Its offers are the holds that name it
/// (`booking_hold::Model::waitlist_entry_id`); once a time is booked for
/// it, it names the appointment and waits no more.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "waitlist_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub service_id: i32,
    pub staff_id: Option<i32>,
    pub from_day: Date,
    pub to_day: Date,
    pub period: Period,
    pub note: Option<String>,
    pub appointment_id: Option<i32>,
    /// The staff member who added it.
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The part of the day a client can come in, by a time's start (local).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum Period {
    /// Before noon.
    #[sea_orm(string_value = "manha")]
    Manha,
    /// From noon to 18:00.
    #[sea_orm(string_value = "tarde")]
    Tarde,
    /// From 18:00.
    #[sea_orm(string_value = "noite")]
    Noite,
    #[sea_orm(string_value = "qualquer")]
    Qualquer,
}

impl Period {
    pub fn as_str(self) -> &'static str {
        match self {
            Period::Manha => "manha",
            Period::Tarde => "tarde",
            Period::Noite => "noite",
            Period::Qualquer => "qualquer",
        }
    }

    /// The period a start at `hour` (local, 0 to 23) falls in.
    pub fn of_hour(hour: u32) -> Period {
        match hour {
            0..12 => Period::Manha,
            12..18 => Period::Tarde,
            _ => Period::Noite,
        }
    }

    /// Whether a start at `hour` suits this period.
    pub fn admits(self, hour: u32) -> bool {
        self == Period::Qualquer || self == Period::of_hour(hour)
    }

    /// As the screens and pages name it.
    pub fn label(self) -> &'static str {
        match self {
            Period::Manha => "Manhã",
            Period::Tarde => "Tarde",
            Period::Noite => "Noite",
            Period::Qualquer => "Qualquer horário",
        }
    }
}

named_enum!(Period);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        crate::assert_names_round_trip(Period::as_str, Period::parse);
    }

    #[test]
    fn a_start_falls_in_one_period() {
        assert_eq!(Period::of_hour(11), Period::Manha);
        assert_eq!(Period::of_hour(12), Period::Tarde);
        assert_eq!(Period::of_hour(18), Period::Noite);
        assert!(Period::Qualquer.admits(7) && !Period::Tarde.admits(9));
    }
}
