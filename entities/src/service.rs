use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A service of the catalogue: what is booked, how long it takes, what it
/// costs, and the time kept free before and after it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "services")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    /// The name in lower case without accents (unique).
    pub name_key: String,
    pub duration_minutes: i32,
    pub price_cents: i64,
    pub color: ServiceColor,
    pub buffer_before_minutes: i32,
    pub buffer_after_minutes: i32,
    pub active: bool,
    pub version: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The theme's palette (Bootstrap's colour names, drawn with `--bs-{name}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum ServiceColor {
    #[sea_orm(string_value = "blue")]
    Blue,
    #[sea_orm(string_value = "indigo")]
    Indigo,
    #[sea_orm(string_value = "purple")]
    Purple,
    #[sea_orm(string_value = "pink")]
    Pink,
    #[sea_orm(string_value = "red")]
    Red,
    #[sea_orm(string_value = "orange")]
    Orange,
    #[sea_orm(string_value = "yellow")]
    Yellow,
    #[sea_orm(string_value = "green")]
    Green,
    #[sea_orm(string_value = "teal")]
    Teal,
    #[sea_orm(string_value = "cyan")]
    Cyan,
}

impl ServiceColor {
    /// The stored and JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            ServiceColor::Blue => "blue",
            ServiceColor::Indigo => "indigo",
            ServiceColor::Purple => "purple",
            ServiceColor::Pink => "pink",
            ServiceColor::Red => "red",
            ServiceColor::Orange => "orange",
            ServiceColor::Yellow => "yellow",
            ServiceColor::Green => "green",
            ServiceColor::Teal => "teal",
            ServiceColor::Cyan => "cyan",
        }
    }
}

named_enum!(ServiceColor);

#[cfg(test)]
mod tests {
    use super::ServiceColor;

    #[test]
    fn names_are_stored_and_serialized_as_before() {
        crate::assert_names_round_trip(ServiceColor::as_str, ServiceColor::parse);
    }
}
