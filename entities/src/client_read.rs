use sea_orm::entity::prelude::*;

/// One read of one client's record (the access log): who, when, what,
/// from which address. Written by the server only; nothing edits it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_reads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub user_id: i32,
    pub what: ReadKind,
    pub address: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What was read: the record (page or API), its history, or its export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "lowercase")]
pub enum ReadKind {
    #[sea_orm(string_value = "record")]
    Record,
    #[sea_orm(string_value = "history")]
    History,
    #[sea_orm(string_value = "export")]
    Export,
}

impl ReadKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ReadKind::Record => "record",
            ReadKind::History => "history",
            ReadKind::Export => "export",
        }
    }

    /// As the "Acessos" card names it.
    pub fn label(self) -> &'static str {
        match self {
            ReadKind::Record => "Ficha",
            ReadKind::History => "Histórico",
            ReadKind::Export => "Exportação",
        }
    }
}

named_enum!(ReadKind);

#[cfg(test)]
mod tests {
    use super::ReadKind;

    #[test]
    fn names_are_stored_and_serialized_as_given() {
        crate::assert_names_round_trip(ReadKind::as_str, ReadKind::parse);
    }
}
