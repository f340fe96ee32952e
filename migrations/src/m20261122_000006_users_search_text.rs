//! `users.search_text`: name (lower case, no accents) and e-mail, so the
//! user list searches and sorts in the database like the client list.

use sea_orm_migration::{prelude::*, schema::*};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// As `people::users::search_text` (expediente-core) writes it (kept in step by the
/// server's tests, which list users created before and after this change).
fn search_text(name: &str, email: &str) -> String {
    let name: String = name
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase();
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{name} {}", email.to_lowercase())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(text(Users::SearchText).default(""))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let rows = db
            .query_all(
                &Query::select()
                    .columns([Users::Id, Users::Name, Users::Email])
                    .from(Users::Table)
                    .to_owned(),
            )
            .await?;
        for row in rows {
            let id: i32 = row.try_get("", "id")?;
            let name: String = row.try_get("", "name")?;
            let email: String = row.try_get("", "email")?;
            let update = Query::update()
                .table(Users::Table)
                .value(Users::SearchText, search_text(&name, &email))
                .and_where(Expr::col(Users::Id).eq(id))
                .to_owned();
            db.execute(&update).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .drop_column(Users::SearchText)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Name,
    Email,
    SearchText,
}
