use sea_orm_migration::{prelude::*, schema::*};

create_table!(
    RevokedTokens::Table,
    Table::create()
        .col(string(RevokedTokens::Jti).primary_key())
        .col(timestamp_with_time_zone(RevokedTokens::ExpiresAt)),
    []
);

#[derive(DeriveIden)]
enum RevokedTokens {
    Table,
    Jti,
    ExpiresAt,
}
