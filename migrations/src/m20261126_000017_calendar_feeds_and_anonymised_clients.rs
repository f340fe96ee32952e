//! Data that leaves the system:
//!
//! - `calendar_feeds`: each staff member's calendar subscription key. The
//!   feed's address carries an HMAC of the key (server secret), never the
//!   key itself, so a copy of the database alone opens no feed; a new key
//!   ("gerar novo") makes the old address stop working at once.
//! - `clients.anonymised_at`: when a client's personal data was removed
//!   (LGPD); such a client is no longer edited.
//! - SQLite: the clients' FTS5 search index forgets deleted terms for good
//!   (`secure-delete`), so an anonymised client's old name, e-mail, phone
//!   and CPF do not linger in the index's pages.

use sea_orm_migration::sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CalendarFeeds::Table)
                    .if_not_exists()
                    .col(integer(CalendarFeeds::UserId).primary_key())
                    .col(string(CalendarFeeds::Key))
                    .col(timestamp_with_time_zone(CalendarFeeds::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_calendar_feeds_user")
                            .from(CalendarFeeds::Table, CalendarFeeds::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(Clients::Table).add_column(timestamp_with_time_zone_null(Clients::AnonymisedAt)).to_owned(),
            )
            .await?;
        if manager.get_database_backend() == DbBackend::Sqlite {
            manager
                .get_connection()
                .execute_unprepared("INSERT INTO clients_search(clients_search, rank) VALUES ('secure-delete', 1)")
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Sqlite {
            manager
                .get_connection()
                .execute_unprepared("INSERT INTO clients_search(clients_search, rank) VALUES ('secure-delete', 0)")
                .await?;
        }
        manager.alter_table(Table::alter().table(Clients::Table).drop_column(Clients::AnonymisedAt).to_owned()).await?;
        manager.drop_table(Table::drop().table(CalendarFeeds::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum CalendarFeeds {
    Table,
    UserId,
    Key,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    AnonymisedAt,
}
