use sea_orm::entity::prelude::*;

/// Sign-in attempts of one e-mail from one client address within a window
/// that starts at the first one (`server/services/throttle.rs`). Rows whose
/// window has passed can go.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_throttle")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub email: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub address: String,
    /// Attempts not (yet) followed by a successful sign-in.
    pub failures: i32,
    /// Epoch seconds of the window's first attempt.
    pub window_start: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
