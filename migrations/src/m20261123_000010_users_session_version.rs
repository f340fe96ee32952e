//! `users.session_version`: a token carries the version its user had when it
//! was issued, and stops working when the version moves on; a password
//! change or an admin's reset moves it (SECURITY.md#sessions).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let add = Table::alter().table(Users::Table).add_column(integer(Users::SessionVersion).default(0)).to_owned();
        manager.alter_table(add).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::SessionVersion).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    SessionVersion,
}
