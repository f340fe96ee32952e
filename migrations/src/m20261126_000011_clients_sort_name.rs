//! `clients.sort_name`: the name in lower case without accents, so a list
//! sorted by name puts "Élton" among the E's on SQLite and PostgreSQL alike
//! (a byte or "C" collation puts every accented capital after "Z"). It
//! replaces `name` in the list's name index.

use sea_orm_migration::{prelude::*, schema::*};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// As `kit::validation::normalize_text` (expediente-core) writes it (kept in step by the
/// server's tests, which sort clients created before and after this change).
fn sort_name(name: &str) -> String {
    let folded: String = name.nfd().filter(|c| !is_combining_mark(*c)).collect::<String>().to_lowercase();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

const NEW_INDEX: &str = "clients_archived_sort_name_idx";
const OLD_INDEX: &str = "clients_archived_name_idx";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Clients::Table).add_column(text(Clients::SortName).default("")).to_owned())
            .await?;
        let db = manager.get_connection();
        let rows = db.query_all(&Query::select().columns([Clients::Id, Clients::Name]).from(Clients::Table).to_owned()).await?;
        for row in rows {
            let id: i32 = row.try_get("", "id")?;
            let name: String = row.try_get("", "name")?;
            let update = Query::update()
                .table(Clients::Table)
                .value(Clients::SortName, sort_name(&name))
                .and_where(Expr::col(Clients::Id).eq(id))
                .to_owned();
            db.execute(&update).await?;
        }
        manager
            .create_index(index(NEW_INDEX, Clients::Table, [Clients::Archived, Clients::SortName, Clients::Id], false).if_not_exists().to_owned())
            .await?;
        manager.drop_index(Index::drop().name(OLD_INDEX).table(Clients::Table).if_exists().to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index(OLD_INDEX, Clients::Table, [Clients::Archived, Clients::Name, Clients::Id], false).if_not_exists().to_owned())
            .await?;
        manager.drop_index(Index::drop().name(NEW_INDEX).table(Clients::Table).if_exists().to_owned()).await?;
        manager.alter_table(Table::alter().table(Clients::Table).drop_column(Clients::SortName).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
    Name,
    Archived,
    SortName,
}
