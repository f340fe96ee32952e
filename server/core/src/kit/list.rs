//! The one list query of every list: `?page&per_page&sort`, checked the same
//! way everywhere, and the one helper that applies it to a SeaORM `Select`.
//!
//! - `page` from 1 to [`MAX_PAGE`], `per_page` from 1 to [`MAX_PER_PAGE`]
//!   (default [`DEFAULT_PER_PAGE`]); anything else is a 422 on that field.
//!   A page past the last one (but within the cap) is an empty page whose
//!   `meta` still tells the real `total` and `last_page`. The cap keeps the
//!   offset `(page - 1) * per_page` far from overflowing, and it is computed
//!   with checked arithmetic anyway.
//! - `sort`: comma-separated keys of the resource's whitelist, `-` before a
//!   key for descending (`+` or nothing for ascending), at most
//!   [`MAX_SORT_KEYS`], each once; an unknown, repeated or surplus key is a
//!   422 on `sort`. The record's id always breaks ties, so pages are stable.
//! - Booleans of the filters (`archived`, `active`) are plain `Option<bool>`
//!   query fields: `true` or `false`, anything else a 422 on that field
//!   ("Use true ou false.", see `error::data_error`).
//!
//! Every message is collected in one `FieldErrors`, so a request with a bad
//! page and a bad filter hears about both at once.

use sea_orm::sea_query::{Alias, CommonTableExpression, Expr, JoinType, LikeExpr, Query, WithClause};
use sea_orm::{
    Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, ModelTrait, Order,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select, Statement, Value,
};
use serde::Serialize;

use crate::kit::error::{AppError, FieldErrors, Result};

pub const DEFAULT_PER_PAGE: u64 = 10;
pub const MAX_PER_PAGE: u64 = 100;
/// Highest page a list answers (a million pages of 100 is far beyond any
/// business's records); past it, a 422.
pub const MAX_PAGE: u64 = 1_000_000;
/// Most keys one `sort` may combine.
pub const MAX_SORT_KEYS: usize = 3;

/// One key a resource may be sorted by: the name the API advertises, other
/// spellings it also accepts (snake_case of a camelCase name), the column.
pub struct SortKey<C: 'static> {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub column: C,
}

/// A resource's sort whitelist, its default sort and its id column (the
/// tie-breaker).
pub struct Sorting<C: 'static> {
    pub keys: &'static [SortKey<C>],
    pub default: &'static str,
    pub id: C,
}

impl<C: Copy> Sorting<C> {
    fn find(&self, name: &str) -> Option<&SortKey<C>> {
        self.keys.iter().find(|key| key.name == name || key.aliases.contains(&name))
    }

    fn names(&self) -> String {
        let names: Vec<&str> = self.keys.iter().map(|k| k.name).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} ou {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The columns and directions of `sort` (the default when absent or
    /// blank), or the Portuguese message of the first problem.
    pub fn parse(&self, sort: Option<&str>) -> std::result::Result<Vec<(C, Order)>, String> {
        Ok(self.parse_keys(sort)?.into_iter().map(|(key, order)| (key.column, order)).collect())
    }

    /// The sort as its canonical text (`name,-createdAt`) and its columns.
    fn parse_text(&self, sort: Option<&str>) -> std::result::Result<(String, Vec<(C, Order)>), String> {
        let keys = self.parse_keys(sort)?;
        let text = keys
            .iter()
            .map(|(key, order)| if *order == Order::Desc { format!("-{}", key.name) } else { key.name.to_string() })
            .collect::<Vec<_>>()
            .join(",");
        Ok((text, keys.into_iter().map(|(key, order)| (key.column, order)).collect()))
    }

    fn parse_keys(&self, sort: Option<&str>) -> std::result::Result<Vec<(&SortKey<C>, Order)>, String> {
        let text = sort.map(str::trim).filter(|s| !s.is_empty()).unwrap_or(self.default);
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() > MAX_SORT_KEYS {
            return Err(format!("Ordenação com chaves demais: no máximo {MAX_SORT_KEYS}."));
        }
        let mut order = Vec::with_capacity(parts.len());
        let mut seen: Vec<&str> = Vec::with_capacity(parts.len());
        for part in parts {
            let (name, direction) = match part.strip_prefix('-') {
                Some(name) => (name, Order::Desc),
                None => (part.strip_prefix('+').unwrap_or(part), Order::Asc),
            };
            let Some(key) = self.find(name) else {
                return Err(format!(
                    "Ordenação não permitida: {name}. Use {} (com - para decrescente).",
                    self.names()
                ));
            };
            if seen.contains(&key.name) {
                return Err(format!("Ordenação repetida: {}. Use cada chave uma vez só.", key.name));
            }
            seen.push(key.name);
            order.push((key, direction));
        }
        Ok(order)
    }
}

query_params! {
    /// `?page&per_page&sort&cursor`: the paging and order of every list, read
    /// by every list handler beside the list's own filters (a second query
    /// struct, e.g. `ClientFilter`). Which keys `sort` takes is each list's
    /// [`Sorting`], named in the operation's description.
    pub struct ListQuery {
        /// Página, a partir de 1 (até 1.000.000).
        pub page: Option<u64>,
        /// Itens por página, de 1 a 100 (padrão 10).
        pub per_page: Option<u64>,
        /// Até 3 chaves separadas por vírgula, `-` para decrescente (as chaves de cada lista estão na descrição da operação).
        pub sort: Option<String>,
        /// `meta.next_cursor` da página anterior (paginação por cursor; `page` só é repetido em `meta`).
        pub cursor: Option<String>,
    }
}

/// A checked list query: which page, how big, in which order, and where the
/// previous page ended (a keyset cursor, when the caller has one).
#[derive(Debug, Clone)]
pub struct ListParams<C> {
    pub page: u64,
    pub per_page: u64,
    pub order: Vec<(C, Order)>,
    id: C,
    /// The sort values and the id of the last row of the previous page.
    cursor: Option<Vec<Value>>,
    /// The sort as text (`name,-createdAt`): a cursor is only valid for it.
    sort_text: String,
    /// The filter's rows are gathered once, then counted and paged (see
    /// [`ListParams::gathered`]).
    gather: bool,
}

impl ListQuery {
    /// Checks page, per_page, sort and cursor against `sorting`; problems go
    /// to `errors` (under `page`, `per_page`, `sort`, `cursor`) and give `None`.
    pub fn check<C: Copy>(&self, sorting: &Sorting<C>, errors: &mut FieldErrors) -> Option<ListParams<C>> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            errors.add("page", "A página deve estar entre 1 e 1.000.000.");
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            errors.add("per_page", format!("Itens por página: de 1 a {MAX_PER_PAGE}."));
        }
        let (sort_text, order) = match sorting.parse_text(self.sort.as_deref()) {
            // The column type names the resource: a cursor of one list is
            // refused by another.
            Ok((text, order)) => (format!("{}:{text}", std::any::type_name::<C>()), Some(order)),
            Err(message) => {
                errors.add("sort", message);
                (String::new(), None)
            }
        };
        let cursor = match (self.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()), &order) {
            (Some(text), Some(order)) => match cursor::decode(text, &sort_text, order.len() + 1) {
                Some(values) => Some(values),
                None => {
                    errors.add("cursor", "Cursor inválido para esta lista e ordenação: volte à primeira página.");
                    None
                }
            },
            _ => None,
        };
        if !errors.is_empty() {
            return None;
        }
        Some(ListParams { page, per_page, order: order?, id: sorting.id, cursor, sort_text, gather: false })
    }

    /// `check` for a query without other filters: a 422 on any problem.
    pub fn resolve<C: Copy>(&self, sorting: &Sorting<C>) -> Result<ListParams<C>> {
        let mut errors = FieldErrors::new();
        self.check(sorting, &mut errors).ok_or_else(|| AppError::invalid(errors))
    }
}

/// Up to this many rows a list's total is counted exactly (the count stops
/// there); beyond it the total is an estimate and `meta.total_estimated`
/// says so. Counting a million rows would cost what a million rows cost.
pub const EXACT_TOTAL_LIMIT: u64 = 10_000;

/// The statements one page of a list runs: the count (stopped after
/// [`EXACT_TOTAL_LIMIT`] + 1 rows) and the page's ids in order (one more
/// than asked, to know whether a next page exists); the rows themselves are
/// then read by primary key. The plan tests explain these.
///
/// A gathered list ([`ListParams::gathered`]) runs one statement instead:
/// `page` gathers the filter's rows once and gives the count on every row
/// beside the page's ids (one row with no id past the end); `count` is then
/// `None`.
#[derive(Debug, Clone)]
pub struct ListStatements {
    pub count: Option<Statement>,
    pub page: Statement,
}

impl<C: sea_orm::ColumnTrait + Copy> ListParams<C> {
    /// For a filter that finds its few rows through an index of its own (a
    /// search's words): they are gathered once, with their sort keys, and
    /// the count and the page read that set. Apart, the count and the page
    /// would each look the words up again, and the page would go from the
    /// matches back to the table for their sort keys; a sort's index
    /// cannot serve the page either way, since the matches are scattered
    /// along it. Not for a filter that keeps most rows (a role, `archived`):
    /// there the sort's index finds a page after reading a page's worth.
    pub fn gathered(mut self) -> Self {
        self.gather = true;
        self
    }

    /// `select` in this order; the id breaks ties in the direction of the
    /// last key, so one index (…, key, id) read forwards or backwards serves
    /// both directions.
    pub fn order<E: EntityTrait<Column = C>>(&self, select: Select<E>) -> Select<E> {
        let ordered = self.order.iter().fold(select, |select, (column, order)| select.order_by(*column, order.clone()));
        ordered.order_by(self.id, self.id_order())
    }

    fn id_order(&self) -> Order {
        self.order.last().map(|(_, order)| order.clone()).unwrap_or(Order::Asc)
    }

    /// The keys of the order with the id last, as a cursor holds them.
    fn keys(&self) -> Vec<(C, Order)> {
        let mut keys = self.order.clone();
        keys.push((self.id, self.id_order()));
        keys
    }

    /// The rows after the cursor's position, in this order (keyset paging).
    fn after(&self, backend: DbBackend, values: &[Value], from: Option<&Alias>) -> Condition {
        use sea_orm::sea_query::ExprTrait;
        let keys = self.keys();
        // NULLs sort first on SQLite and last on PostgreSQL (each database's
        // own order, which a plain index serves in both directions).
        let nulls_first = |order: &Order| matches!((backend, order), (DbBackend::Sqlite, Order::Asc) | (DbBackend::Postgres, Order::Desc));
        let col = |c: &C| match from {
            Some(table) => Expr::col((table.clone(), *c)),
            None => Expr::col(c.as_column_ref()),
        };
        let same_direction = keys.iter().all(|(_, o)| *o == keys[0].1);
        let nulls_before = keys.iter().zip(values).all(|((c, o), v)| !is_null(v) && (!c.def().is_null() || nulls_first(o)));
        if same_direction && nulls_before {
            // A row value: one index range on both databases.
            let left = Expr::tuple(keys.iter().map(|(c, _)| col(c)));
            let right = Expr::tuple(values.iter().cloned().map(Expr::val));
            return Condition::all().add(if keys[0].1 == Order::Asc { left.gt(right) } else { left.lt(right) });
        }
        // Mixed directions or NULLs: the expanded form, key by key.
        let mut any = Condition::any();
        for i in 0..keys.len() {
            let mut all = Condition::all();
            for ((c, _), v) in keys[..i].iter().zip(values) {
                all = all.add(if is_null(v) { col(c).is_null() } else { col(c).eq(v.clone()) });
            }
            let (c, o) = &keys[i];
            let v = &values[i];
            let later = match (is_null(v), nulls_first(o)) {
                (true, true) => Condition::all().add(col(c).is_not_null()),
                (true, false) => Condition::all().add(Expr::val(1).eq(0)),
                (false, first) => {
                    let beyond = if *o == Order::Asc { col(c).gt(v.clone()) } else { col(c).lt(v.clone()) };
                    if first || !c.def().is_null() { Condition::all().add(beyond) } else { Condition::any().add(beyond).add(col(c).is_null()) }
                }
            };
            any = any.add(all.add(later));
        }
        any
    }

    /// The count and page statements of `select` (see [`ListStatements`]).
    pub fn statements<E: EntityTrait<Column = C>>(&self, backend: DbBackend, select: Select<E>) -> Result<ListStatements> {
        let offset = || {
            (self.page - 1).checked_mul(self.per_page).ok_or_else(|| AppError::field("page", "A página deve estar entre 1 e 1.000.000."))
        };
        if self.gather {
            return Ok(ListStatements { count: None, page: self.gathered_page(backend, select, offset()?) });
        }
        let count = capped_count(backend, select.clone(), self.id);
        // Only the ids, in order: read from the sort's index alone, however
        // deep the offset; the rows are then fetched by id.
        let ids = self.order(select).select_only().column(self.id).limit(self.per_page + 1);
        let ids = match &self.cursor {
            Some(values) => ids.filter(self.after(backend, values, None)),
            None => ids.offset(offset()?),
        };
        Ok(ListStatements { count: Some(count), page: ids.build(backend) })
    }

    /// One statement for the count and the page of a gathered list:
    ///
    /// ```sql
    /// WITH matches AS MATERIALIZED (SELECT id, <sort keys> FROM <table> WHERE <filter>)
    /// SELECT total.n, page.id
    /// FROM (SELECT COUNT(*) AS n FROM (SELECT 1 FROM matches LIMIT 10001) AS capped) AS total
    /// LEFT JOIN (SELECT id, <sort keys> FROM matches
    ///            WHERE <after the cursor> ORDER BY <keys> LIMIT <per_page + 1> OFFSET <offset>) AS page ON 1 = 1
    /// ORDER BY page.<keys>
    /// ```
    fn gathered_page<E: EntityTrait<Column = C>>(&self, backend: DbBackend, select: Select<E>, offset: u64) -> Statement {
        let keys = self.keys();
        let mut columns: Vec<C> = Vec::with_capacity(keys.len());
        for (column, _) in &keys {
            if !columns.iter().any(|c| c.as_column_ref() == column.as_column_ref()) {
                columns.push(*column);
            }
        }
        let matches = Alias::new("matches");
        let gathered = columns.iter().fold(select.select_only(), |s, c| s.column(*c)).into_query();
        let cte = CommonTableExpression::new().table_name(matches.clone()).query(gathered).materialized(true).to_owned();

        let capped = Query::select().expr(Expr::val(1)).from(matches.clone()).limit(EXACT_TOTAL_LIMIT + 1).to_owned();
        let total = Query::select().expr_as(Expr::cust("COUNT(*)"), Alias::new("n")).from_subquery(capped, Alias::new("capped")).to_owned();

        let mut page = Query::select();
        page.from(matches.clone());
        for column in &columns {
            page.column((matches.clone(), *column));
        }
        for (column, order) in &keys {
            page.order_by((matches.clone(), *column), order.clone());
        }
        page.limit(self.per_page + 1);
        match &self.cursor {
            Some(values) => page.cond_where(self.after(backend, values, Some(&matches))),
            None => page.offset(offset),
        };

        let (total_alias, page_alias) = (Alias::new("total"), Alias::new("page"));
        let mut outer = Query::select();
        outer
            .column((total_alias.clone(), Alias::new("n")))
            .column((page_alias.clone(), self.id))
            .from_subquery(total, total_alias)
            .join_subquery(JoinType::LeftJoin, page.to_owned(), page_alias.clone(), Expr::cust("1 = 1"));
        for (column, order) in &keys {
            outer.order_by((page_alias.clone(), *column), order.clone());
        }
        backend.build(&outer.with(WithClause::new().cte(cte).to_owned()))
    }

    /// One page of `select`, ordered, with its meta.
    pub async fn fetch<E, M>(&self, db: &impl ConnectionTrait, select: Select<E>) -> Result<Page<M>>
    where
        E: EntityTrait<Column = C, Model = M>,
        M: ModelTrait<Entity = E> + FromQueryResult + Sized + Send + Sync + 'static,
    {
        let backend = db.get_database_backend();
        let statements = self.statements(backend, select.clone())?;
        // Ids bound with the column's own type (INTEGER): sqlx caches
        // PostgreSQL's prepared statements by their text, so the same
        // `id IN ($1…)` bound as BIGINT here and as INTEGER elsewhere (the
        // appointments' clients) broke whichever came second on a connection.
        let mut ids: Vec<i32> = Vec::new();
        let (total, estimated) = match statements.count {
            Some(_) => {
                let (total, estimated) = total(db, select, self.id).await?;
                let past_the_end = self.cursor.is_none() && !estimated && (self.page - 1).saturating_mul(self.per_page) >= total;
                if !past_the_end {
                    for row in db.query_all_raw(statements.page).await? {
                        ids.push(row.try_get_by_index::<i32>(0)?);
                    }
                }
                (total, estimated)
            }
            None => {
                // Gathered: the count on every row, an id on each but the
                // lone row of a page past the end.
                let mut counted = 0i64;
                for row in db.query_all_raw(statements.page).await? {
                    counted = row.try_get_by_index::<i64>(0)?;
                    if let Some(id) = row.try_get_by_index::<Option<i32>>(1)? {
                        ids.push(id);
                    }
                }
                settle(db, select, counted).await?
            }
        };
        let more = ids.len() as u64 > self.per_page;
        ids.truncate(self.per_page as usize);
        let mut data = if ids.is_empty() {
            Vec::new()
        } else {
            E::find().filter(sea_orm::ColumnTrait::is_in(&self.id, ids.clone())).all(db).await?
        };
        let position = |model: &M| match model.get(self.id) {
            Value::Int(Some(id)) => ids.iter().position(|i| *i == id),
            _ => None,
        };
        data.sort_by_key(|model| position(model));
        let next_cursor = data.last().filter(|_| more).map(|last| {
            let values: Vec<Value> = self.keys().iter().map(|(c, _)| last.get(*c)).collect();
            cursor::encode(&self.sort_text, &values)
        });
        let mut meta = Meta::new(self.page, self.per_page, total);
        meta.next_cursor = next_cursor;
        meta.total_estimated = estimated;
        Ok(Page { data, meta })
    }
}

fn is_null(value: &Value) -> bool {
    matches!(
        value,
        Value::String(None) | Value::Int(None) | Value::BigInt(None) | Value::Bool(None) | Value::ChronoDate(None) | Value::ChronoDateTimeUtc(None)
    )
}

/// `SELECT COUNT(*)` of `select`'s rows, stopped after [`EXACT_TOTAL_LIMIT`]
/// + 1 (reading only `column`, so an index can answer it alone).
pub fn capped_count<E: EntityTrait>(backend: DbBackend, select: Select<E>, column: E::Column) -> Statement {
    let capped = select.select_only().column(column).limit(EXACT_TOTAL_LIMIT + 1).build(backend);
    Statement { sql: format!("SELECT COUNT(*) AS n FROM ({}) AS capped", capped.sql), values: capped.values, db_backend: backend }
}

/// How many rows `select` gives and whether that is an estimate: counted
/// exactly up to [`EXACT_TOTAL_LIMIT`], estimated beyond it, so a count
/// costs the same however large the table grows (`column`: as in
/// [`capped_count`]). Lists' totals and the dashboard's and reports'
/// counts of clients.
pub async fn total<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>, column: E::Column) -> Result<(u64, bool)> {
    let counted: i64 = match db.query_one_raw(capped_count(db.get_database_backend(), select.clone(), column)).await? {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    };
    settle(db, select, counted).await
}

/// `counted` (as [`capped_count`] counts) as the total, or beyond the cap an
/// estimate of `select`'s rows.
async fn settle<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>, counted: i64) -> Result<(u64, bool)> {
    let counted = counted.max(0) as u64;
    if counted > EXACT_TOTAL_LIMIT { Ok((estimate(db, select).await?.max(counted), true)) } else { Ok((counted, false)) }
}

/// How many rows `select` gives, estimated without reading them all: on
/// PostgreSQL the planner's estimate; on SQLite (which has none) the share
/// of matching rows in 32 spread samples of ids, times the id range.
async fn estimate<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>) -> Result<u64> {
    let backend = db.get_database_backend();
    let query = select.build(backend);
    if backend == DbBackend::Postgres {
        let explain = Statement { sql: format!("EXPLAIN (FORMAT JSON) {}", query.sql), values: query.values, db_backend: backend };
        let plan: Option<serde_json::Value> = match db.query_one_raw(explain).await? {
            Some(row) => Some(row.try_get("", "QUERY PLAN")?),
            None => None,
        };
        let rows = plan.as_ref().and_then(|p| p[0]["Plan"]["Plan Rows"].as_f64()).unwrap_or(0.0);
        return Ok(rows.max(0.0) as u64);
    }
    let table = E::default().table_name().to_string();
    // Two subqueries: SQLite reads a lone MIN or MAX of the rowid from the
    // b-tree's ends, but `MIN(rowid), MAX(rowid)` together scan the table.
    let bounds = Statement::from_string(backend, format!("SELECT (SELECT MIN(rowid) FROM \"{table}\") AS lo, (SELECT MAX(rowid) FROM \"{table}\") AS hi"));
    let (lo, hi): (i64, i64) = match db.query_one_raw(bounds).await? {
        Some(row) => (row.try_get::<Option<i64>>("", "lo")?.unwrap_or(0), row.try_get::<Option<i64>>("", "hi")?.unwrap_or(0)),
        None => (0, 0),
    };
    // Many narrow samples rather than a few wide ones: a filter that follows
    // the ids (clients created in a period: ids grow with time) then meets
    // its share of the samples, not all or none of them.
    const SAMPLES: i64 = 32;
    const WIDTH: i64 = 64;
    let span = hi - lo + 1;
    if span <= SAMPLES * WIDTH {
        return Ok(0);
    }
    let step = span / SAMPLES;
    let windows: Vec<String> = (0..SAMPLES)
        .map(|i| {
            let from = lo + i * step;
            format!("rowid BETWEEN {from} AND {}", from + WIDTH - 1)
        })
        .collect();
    // The sample shadows the table under its own name, so the list's
    // filters (written against the table) apply to the sampled rows only.
    let sample = Statement {
        sql: format!(
            "WITH \"{table}\" AS MATERIALIZED (SELECT * FROM main.\"{table}\" WHERE {}) SELECT COUNT(*) AS n FROM ({}) AS s",
            windows.join(" OR "),
            query.sql
        ),
        values: query.values,
        db_backend: backend,
    };
    let hits: i64 = match db.query_one_raw(sample).await? {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    };
    Ok((hits.max(0) as u64).saturating_mul(span as u64) / (SAMPLES * WIDTH) as u64)
}

/// The keyset cursor: the sort it belongs to and the last row's sort
/// values and id, as hexadecimal JSON (safe in a URL), then a dot and a
/// signature of that text. Only cursors this server made are read back, so
/// a forged value never reaches the database (on PostgreSQL some gave 500s
/// and some 503s before they were signed).
mod cursor {
    use std::sync::OnceLock;

    use chrono::{DateTime, NaiveDate, Utc};
    use hmac::{Hmac, Mac};
    use sea_orm::Value;
    use serde_json::{Value as Json, json};
    use sha2::Sha256;

    /// The signing key: derived from the server's secret, so every instance
    /// of one deployment reads the others' cursors; a random one until then
    /// (unit tests).
    static KEY: OnceLock<[u8; 32]> = OnceLock::new();

    pub fn use_secret(secret: &[u8]) {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(b"expediente list cursor");
        let _ = KEY.set(mac.finalize().into_bytes().into());
    }

    fn signature(text: &str) -> Hmac<Sha256> {
        let key = KEY.get_or_init(rand::random);
        let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
        mac.update(text.as_bytes());
        mac
    }

    fn to_json(value: &Value) -> Json {
        match value {
            Value::String(Some(s)) => json!({ "s": s }),
            Value::Int(Some(n)) => json!({ "i": n }),
            Value::BigInt(Some(n)) => json!({ "i": n }),
            Value::Bool(Some(b)) => json!({ "b": b }),
            Value::ChronoDate(Some(d)) => json!({ "d": d.to_string() }),
            Value::ChronoDateTimeUtc(Some(t)) => json!({ "t": t.to_rfc3339_opts(chrono::SecondsFormat::Nanos, true) }),
            Value::String(None) => json!({ "s": null }),
            Value::Int(None) | Value::BigInt(None) => json!({ "i": null }),
            Value::Bool(None) => json!({ "b": null }),
            Value::ChronoDate(None) => json!({ "d": null }),
            Value::ChronoDateTimeUtc(None) => json!({ "t": null }),
            _ => Json::Null,
        }
    }

    fn from_json(value: &Json) -> Option<Value> {
        let (tag, inner) = value.as_object()?.iter().next()?;
        Some(match (tag.as_str(), inner) {
            ("s", Json::Null) => Value::String(None),
            ("s", Json::String(s)) => Value::String(Some(s.clone())),
            ("i", Json::Null) => Value::BigInt(None),
            ("i", n) => Value::BigInt(Some(n.as_i64()?)),
            ("b", Json::Null) => Value::Bool(None),
            ("b", b) => Value::Bool(Some(b.as_bool()?)),
            ("d", Json::Null) => Value::ChronoDate(None),
            ("d", d) => Value::ChronoDate(Some(NaiveDate::parse_from_str(d.as_str()?, "%Y-%m-%d").ok()?)),
            ("t", Json::Null) => Value::ChronoDateTimeUtc(None),
            ("t", t) => Value::ChronoDateTimeUtc(Some(DateTime::parse_from_rfc3339(t.as_str()?).ok()?.with_timezone(&Utc))),
            _ => return None,
        })
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn unhex(text: &str) -> Option<Vec<u8>> {
        if text.len() % 2 != 0 {
            return None;
        }
        (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
    }

    pub fn encode(sort: &str, values: &[Value]) -> String {
        let text = hex(json!({ "sort": sort, "after": values.iter().map(to_json).collect::<Vec<_>>() }).to_string().as_bytes());
        let tag = signature(&text).finalize().into_bytes();
        format!("{text}.{}", hex(&tag))
    }

    /// The values of a cursor this server made for `sort` with `len`
    /// values, or `None`.
    pub fn decode(cursor: &str, sort: &str, len: usize) -> Option<Vec<Value>> {
        if cursor.len() > 4096 {
            return None;
        }
        let (text, tag) = cursor.split_once('.')?;
        signature(text).verify_slice(&unhex(tag)?).ok()?;
        let json: Json = serde_json::from_slice(&unhex(text)?).ok()?;
        if json["sort"].as_str()? != sort {
            return None;
        }
        let values: Option<Vec<Value>> = json["after"].as_array()?.iter().map(from_json).collect();
        values.filter(|v| v.len() == len)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn only_cursors_made_here_are_read_back() {
            let values = [Value::String(Some("Ana".into())), Value::Int(Some(7))];
            let cursor = encode("c:name", &values);
            assert_eq!(decode(&cursor, "c:name", 2), Some(vec![values[0].clone(), Value::BigInt(Some(7))]));
            assert_eq!(decode(&cursor, "c:-name", 2), None, "another sort");
            assert_eq!(decode(&cursor, "c:name", 3), None, "another length");
            // One character changed anywhere, or the signature dropped or
            // made anew without the key: refused.
            for i in 0..cursor.len() {
                let mut forged = cursor.clone().into_bytes();
                forged[i] = if forged[i] == b'0' { b'1' } else { b'0' };
                assert_eq!(decode(std::str::from_utf8(&forged).unwrap(), "c:name", 2), None, "changed at {i}");
            }
            let (text, _) = cursor.split_once('.').unwrap();
            assert_eq!(decode(text, "c:name", 2), None);
            let forged = hex(json!({ "sort": "c:name", "after": [{ "s": "\u{0}" }, { "i": 1 }] }).to_string().as_bytes());
            assert_eq!(decode(&format!("{forged}.{}", "00".repeat(32)), "c:name", 2), None);
        }
    }
}

/// Cursors are signed with a key derived from `secret` (the server's).
pub fn use_cursor_secret(secret: &[u8]) {
    cursor::use_secret(secret);
}

/// `%term%` for a portable `LIKE`, with `%`, `_` and `\\` taken literally.
pub fn like_pattern(term: &str) -> LikeExpr {
    let escaped = term.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    LikeExpr::new(format!("%{escaped}%")).escape('\\')
}

/// Paging of a list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Meta {
    pub page: u64,
    pub per_page: u64,
    /// Exact up to 10.000; beyond that an estimate (then `total_estimated`).
    pub total: u64,
    pub last_page: u64,
    /// The next page's position (keyset paging): pass it as `cursor` with
    /// the same filters and sort. Absent on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// `total` (and so `last_page`) is an estimate: the list is large.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub total_estimated: bool,
}

impl Meta {
    pub fn new(page: u64, per_page: u64, total: u64) -> Meta {
        Meta {
            page,
            per_page,
            total,
            last_page: total.div_ceil(per_page.max(1)).max(1),
            next_cursor: None,
            total_estimated: false,
        }
    }
}

/// A page of a list: `{ "data": [...], "meta": {...} }`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub meta: Meta,
}

impl<T> Page<T> {
    /// The same page with each record turned into `U`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { data: self.data.into_iter().map(f).collect(), meta: self.meta }
    }
}

/// One record: `{ "data": ... }`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Data<T> {
    pub data: T,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Col {
        Name,
        CreatedAt,
        Id,
    }

    const SORTING: Sorting<Col> = Sorting {
        keys: &[
            SortKey { name: "name", aliases: &[], column: Col::Name },
            SortKey { name: "createdAt", aliases: &["created_at"], column: Col::CreatedAt },
            SortKey { name: "id", aliases: &[], column: Col::Id },
        ],
        default: "name",
        id: Col::Id,
    };

    fn sort(text: &str) -> std::result::Result<Vec<(Col, Order)>, String> {
        SORTING.parse(Some(text))
    }

    #[test]
    fn sort_keys_directions_and_aliases() {
        assert_eq!(SORTING.parse(None).unwrap(), vec![(Col::Name, Order::Asc)]);
        assert_eq!(SORTING.parse(Some("  ")).unwrap(), vec![(Col::Name, Order::Asc)]);
        assert_eq!(sort("-created_at,+name").unwrap(), vec![(Col::CreatedAt, Order::Desc), (Col::Name, Order::Asc)]);
        assert_eq!(sort("createdAt").unwrap(), vec![(Col::CreatedAt, Order::Asc)]);
    }

    #[test]
    fn unknown_repeated_and_too_many_keys_are_refused() {
        assert!(sort("senha").unwrap_err().starts_with("Ordenação não permitida: senha. Use name, createdAt ou id"));
        assert!(sort("name,").unwrap_err().starts_with("Ordenação não permitida: ."));
        assert!(sort("createdAt,-created_at").unwrap_err().starts_with("Ordenação repetida: createdAt."));
        assert!(sort("name,-name").unwrap_err().starts_with("Ordenação repetida"));
        assert!(sort("name,createdAt,id,name").unwrap_err().starts_with("Ordenação com chaves demais"));
    }

    #[test]
    fn pages_are_bounded() {
        let check = |page, per_page| {
            let mut errors = FieldErrors::new();
            let params = ListQuery { page, per_page, sort: None, cursor: None }.check(&SORTING, &mut errors);
            (params.map(|p| (p.page, p.per_page)), errors)
        };
        assert_eq!(check(None, None).0, Some((1, DEFAULT_PER_PAGE)));
        assert_eq!(check(Some(MAX_PAGE), Some(MAX_PER_PAGE)).0, Some((MAX_PAGE, MAX_PER_PAGE)));
        for (page, per_page, field) in [
            (Some(0), None, "page"),
            (Some(MAX_PAGE + 1), None, "page"),
            (Some(u64::MAX), Some(MAX_PER_PAGE), "page"),
            (None, Some(0), "per_page"),
            (None, Some(MAX_PER_PAGE + 1), "per_page"),
        ] {
            let (params, errors) = check(page, per_page);
            assert!(params.is_none() && errors.contains_key(field), "{page:?} {per_page:?}");
        }
        assert_eq!(Meta::new(3, 5, 12).last_page, 3);
        assert_eq!(Meta::new(1, 10, 0).last_page, 1);
    }
}
