//! `sign_in_throttle`: failed sign-ins per e-mail and client address, kept
//! in the database so the limit holds across server instances
//! (SECURITY.md#sign-in-throttling). Times are epoch seconds: the counter
//! is updated by one portable `INSERT … ON CONFLICT` that compares them.

use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

create_table!(
    SignInThrottle::Table,
    Table::create()
        .col(string(SignInThrottle::Email))
        .col(string(SignInThrottle::Address))
        .col(integer(SignInThrottle::Failures))
        .col(big_integer(SignInThrottle::WindowStart))
        .primary_key(Index::create().col(SignInThrottle::Email).col(SignInThrottle::Address)),
    [index("idx_sign_in_throttle_window_start", SignInThrottle::Table, [SignInThrottle::WindowStart], false)]
);

#[derive(DeriveIden)]
enum SignInThrottle {
    Table,
    Email,
    Address,
    Failures,
    WindowStart,
}
