use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A booked service of one client with one staff member.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appointments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub staff_id: i32,
    /// The service's name as it was when booked (free text before the catalogue).
    pub service: String,
    /// The catalogue's service, when booked from it.
    pub service_id: Option<i32>,
    /// Time kept free before and after it (its service's buffers when booked).
    pub buffer_before_minutes: i32,
    pub buffer_after_minutes: i32,
    /// The series it is an occurrence of, if any.
    pub series_id: Option<i32>,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub status: AppointmentStatus,
    pub price_cents: i64,
    pub notes: Option<String>,
    pub cancellation_reason: Option<String>,
    /// Where it was booked: at the front desk or by the client online.
    pub channel: Channel,
    pub version: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::client::Entity", from = "Column::ClientId", to = "super::client::Column::Id")]
    Client,
    #[sea_orm(belongs_to = "super::user::Entity", from = "Column::StaffId", to = "super::user::Column::Id")]
    Staff,
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// Where an appointment stands. Stored as its lower-case name (a plain text
/// column) and written so in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum AppointmentStatus {
    #[sea_orm(string_value = "agendado")]
    Agendado,
    #[sea_orm(string_value = "confirmado")]
    Confirmado,
    #[sea_orm(string_value = "concluido")]
    Concluido,
    #[sea_orm(string_value = "cancelado")]
    Cancelado,
    #[sea_orm(string_value = "faltou")]
    Faltou,
    /// Booked online, waiting for the front desk to accept (confirmado)
    /// or refuse (cancelado); it holds its time meanwhile.
    #[sea_orm(string_value = "pendente")]
    Pendente,
}

impl AppointmentStatus {
    /// The stored and JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            AppointmentStatus::Agendado => "agendado",
            AppointmentStatus::Confirmado => "confirmado",
            AppointmentStatus::Concluido => "concluido",
            AppointmentStatus::Cancelado => "cancelado",
            AppointmentStatus::Faltou => "faltou",
            AppointmentStatus::Pendente => "pendente",
        }
    }

    /// The name as the screens show it.
    pub fn label(self) -> &'static str {
        match self {
            AppointmentStatus::Agendado => "Agendado",
            AppointmentStatus::Confirmado => "Confirmado",
            AppointmentStatus::Concluido => "Concluído",
            AppointmentStatus::Cancelado => "Cancelado",
            AppointmentStatus::Faltou => "Faltou",
            AppointmentStatus::Pendente => "Aguardando confirmação",
        }
    }

    /// A new appointment starts agendado or confirmado.
    pub fn is_initial(self) -> bool {
        matches!(self, AppointmentStatus::Agendado | AppointmentStatus::Confirmado)
    }

    /// Only a cancelled appointment frees its slot.
    pub fn is_active(self) -> bool {
        self != AppointmentStatus::Cancelado
    }

    /// agendado → confirmado → concluido | faltou | cancelado; agendado → cancelado;
    /// pendente → confirmado (accepted) | cancelado (refused).
    pub fn can_become(self, to: AppointmentStatus) -> bool {
        use AppointmentStatus::*;
        matches!(
            (self, to),
            (Agendado, Confirmado) | (Agendado, Cancelado) | (Confirmado, Concluido) | (Confirmado, Faltou) | (Confirmado, Cancelado)
                | (Pendente, Confirmado)
                | (Pendente, Cancelado)
        )
    }
}

impl AppointmentStatus {
    /// Every status this one may become, in declaration order (what the
    /// screens offer as actions).
    pub fn transitions(self) -> Vec<AppointmentStatus> {
        <AppointmentStatus as sea_orm::Iterable>::iter().filter(|to| self.can_become(*to)).collect()
    }
}

named_enum!(AppointmentStatus);

/// Where an appointment was booked. Stored as its name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// By the staff (the front desk, a practitioner).
    #[default]
    #[sea_orm(string_value = "balcao")]
    Balcao,
    /// By the client, on the public booking page (`/agendar`).
    #[sea_orm(string_value = "internet")]
    Internet,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Balcao => "balcao",
            Channel::Internet => "internet",
        }
    }

    /// The name as the screens and reports show it.
    pub fn label(self) -> &'static str {
        match self {
            Channel::Balcao => "Balcão",
            Channel::Internet => "Internet",
        }
    }
}

named_enum!(Channel);

#[cfg(test)]
mod tests {
    use super::AppointmentStatus::{self, *};

    #[test]
    fn names_are_stored_and_serialized_as_before() {
        crate::assert_names_round_trip(AppointmentStatus::as_str, AppointmentStatus::parse);
        crate::assert_names_round_trip(super::Channel::as_str, super::Channel::parse);
    }

    #[test]
    fn transitions() {
        assert!(Agendado.can_become(Confirmado));
        assert!(Agendado.can_become(Cancelado));
        assert!(Confirmado.can_become(Concluido));
        assert!(Confirmado.can_become(Faltou));
        assert!(Confirmado.can_become(Cancelado));
        assert!(!Agendado.can_become(Concluido));
        assert!(!Cancelado.can_become(Agendado));
        assert!(!Concluido.can_become(Cancelado));
        assert!(!Faltou.can_become(Confirmado));
        assert_eq!(Agendado.transitions(), [Confirmado, Cancelado]);
        assert_eq!(Confirmado.transitions(), [Concluido, Cancelado, Faltou]);
        assert!(Concluido.transitions().is_empty() && Cancelado.transitions().is_empty() && Faltou.transitions().is_empty());
    }
}
