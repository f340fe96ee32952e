use sea_orm::entity::prelude::*;

/// A client of the business.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "clients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    /// Lower-cased; unique among clients when given.
    pub email: Option<String>,
    /// Digits only, with the country's area code (e.g. 11987654321).
    pub phone: Option<String>,
    /// CPF, digits only.
    pub document: Option<String>,
    pub birth_date: Option<Date>,
    pub notes: Option<String>,
    pub archived: bool,
    /// Name, email, phone and document, lower-cased and without accents, so
    /// one portable `LIKE` searches them on SQLite and PostgreSQL alike.
    pub search_text: String,
    /// The name lower-cased and without accents: what sorting by name
    /// orders by, so "Élton" comes among the E's on every database.
    pub sort_name: String,
    /// Bumped on every update; an update must name the version it read.
    pub version: i32,
    /// When its personal data was removed (LGPD); such a client is not edited.
    pub anonymised_at: Option<DateTimeUtc>,
    /// Created by the public booking page ("cadastro pela internet").
    pub online_signup: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::appointment::Entity")]
    Appointment,
}

impl Related<super::appointment::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Appointment.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
