//! The few database statements the rules share: a raw statement for both
//! backends, the write transaction, and a row's lock.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, EntityTrait, QueryFilter, SqliteTransactionMode,
    TransactionOptions, TransactionTrait,
};

/// A raw statement: `sql` with `$n` parameters (PostgreSQL's), written `?n`
/// for SQLite; for what the query builder cannot say well.
pub fn statement(backend: DbBackend, sql: &str, values: impl IntoIterator<Item = sea_orm::Value>) -> sea_orm::Statement {
    let sql = if backend == DbBackend::Sqlite { sql.replace('$', "?") } else { sql.to_string() };
    sea_orm::Statement::from_sql_and_values(backend, sql, values)
}

/// A transaction that writes. On SQLite it takes the write lock at BEGIN
/// (IMMEDIATE): concurrent writers then wait their turn (the busy timeout)
/// instead of failing with SQLITE_BUSY when the snapshot they read first
/// went stale. PostgreSQL ignores the option.
pub async fn write_transaction(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let options = TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() };
    db.begin_with_options(options).await
}

/// Locks one row until `txn` ends by writing one of its columns unchanged
/// (`column = column`): SQLite lets a transaction wait for the write lock
/// only when it writes before it reads, and PostgreSQL keeps other writers
/// of the row waiting. False when there is no such row.
pub async fn lock_row<E: EntityTrait>(
    txn: &impl ConnectionTrait,
    id_column: E::Column,
    id: i32,
    unchanged: E::Column,
) -> Result<bool, DbErr> {
    let result = E::update_many().col_expr(unchanged, Expr::col(unchanged)).filter(id_column.eq(id)).exec(txn).await?;
    Ok(result.rows_affected > 0)
}

/// Writes one of the business's settings (`settings`, by key): inserted, or
/// its value replaced.
pub async fn put_setting(txn: &impl ConnectionTrait, key: &str, value: String) -> Result<(), DbErr> {
    use entities::setting;
    use sea_orm::Set;
    use sea_orm::sea_query::OnConflict;
    let row = setting::ActiveModel { key: Set(key.into()), value: Set(value), updated_at: Set(chrono::Utc::now()) };
    setting::Entity::insert(row)
        .on_conflict(OnConflict::column(setting::Column::Key).update_columns([setting::Column::Value, setting::Column::UpdatedAt]).to_owned())
        .exec(txn)
        .await?;
    Ok(())
}

/// One of the business's settings stored as JSON, or its default when it
/// was never saved (or no longer reads as one).
pub async fn setting_json<T: serde::de::DeserializeOwned + Default>(db: &impl ConnectionTrait, key: &str) -> Result<T, DbErr> {
    let row = entities::setting::Entity::find_by_id(key).one(db).await?;
    Ok(row.and_then(|r| serde_json::from_str(&r.value).ok()).unwrap_or_default())
}
