//! Least privilege (docs/permissions.md):
//!
//! - `users.role` gains `professional` (a practitioner) beside `admin` and
//!   `staff` (Recepção). The column is plain text and every existing
//!   `staff` row keeps its value, so existing accounts stay Recepção with
//!   the rights they had; nothing is rewritten on the way up. On the way
//!   down a Profissional becomes Recepção: the older code knows no other
//!   non-admin role (and would refuse to read the row otherwise).
//! - `users.own_hours`: whether an admin lets that user set their own
//!   working hours.
//! - `client_reads`: the access log of clients' records, one row per read
//!   of one client's record, history or export (who, when, what, from
//!   which address); pruned after the business's retention period.

use sea_orm_migration::{prelude::*, schema::*};

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Users::Table).add_column(boolean(Users::OwnHours).default(false)).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ClientReads::Table)
                    .if_not_exists()
                    .col(pk_auto(ClientReads::Id))
                    .col(integer(ClientReads::ClientId))
                    .col(integer(ClientReads::UserId))
                    .col(string(ClientReads::What))
                    .col(string(ClientReads::Address))
                    .col(timestamp_with_time_zone(ClientReads::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_client_reads_client")
                            .from(ClientReads::Table, ClientReads::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_client_reads_user")
                            .from(ClientReads::Table, ClientReads::UserId)
                            .to(Users::Table, Users::Id),
                    )
                    .to_owned(),
            )
            .await?;
        // A client's page of reads, newest first; the pruning by age.
        manager
            .create_index(index(
                "client_reads_client_created_idx",
                ClientReads::Table,
                [ClientReads::ClientId, ClientReads::CreatedAt, ClientReads::Id],
                false,
            ))
            .await?;
        manager.create_index(index("client_reads_created_idx", ClientReads::Table, [ClientReads::CreatedAt], false)).await?;
        // A Profissional's clients (`access::seen_clients`): whether a
        // client is one of a staff member's, one probe of this index.
        manager
            .create_index(index("appointments_staff_client_idx", Appointments::Table, [Appointments::StaffId, Appointments::ClientId], false))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("appointments_staff_client_idx").table(Appointments::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ClientReads::Table).to_owned()).await?;
        manager
            .get_connection()
            .execute_unprepared("UPDATE users SET role = 'staff' WHERE role = 'professional'")
            .await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::OwnHours).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    OwnHours,
}

#[derive(DeriveIden)]
enum Appointments {
    Table,
    StaffId,
    ClientId,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ClientReads {
    Table,
    Id,
    ClientId,
    UserId,
    What,
    Address,
    CreatedAt,
}
