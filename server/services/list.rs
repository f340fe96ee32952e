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

use sea_orm::sea_query::LikeExpr;
use sea_orm::{ConnectionTrait, EntityTrait, FromQueryResult, Order, PaginatorTrait, QueryOrder, Select};
use serde::Serialize;

use crate::error::{AppError, FieldErrors, Result};
use crate::services::validation::push;

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
            order.push((key.column, direction));
        }
        Ok(order)
    }
}

/// `page`, `per_page` and `sort` as a list query received them.
#[derive(Debug, Clone, Copy, Default)]
pub struct ListQuery<'a> {
    pub page: Option<u64>,
    pub per_page: Option<u64>,
    pub sort: Option<&'a str>,
}

/// A checked list query: which page, how big, in which order.
#[derive(Debug, Clone)]
pub struct ListParams<C> {
    pub page: u64,
    pub per_page: u64,
    pub order: Vec<(C, Order)>,
    id: C,
}

impl ListQuery<'_> {
    /// Checks page, per_page and sort against `sorting`; problems go to
    /// `errors` (under `page`, `per_page`, `sort`) and give `None`.
    pub fn check<C: Copy>(&self, sorting: &Sorting<C>, errors: &mut FieldErrors) -> Option<ListParams<C>> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            push(errors, "page", "A página deve estar entre 1 e 1.000.000.");
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            push(errors, "per_page", format!("Itens por página: de 1 a {MAX_PER_PAGE}."));
        }
        let order = match sorting.parse(self.sort) {
            Ok(order) => Some(order),
            Err(message) => {
                push(errors, "sort", message);
                None
            }
        };
        if !errors.is_empty() {
            return None;
        }
        Some(ListParams { page, per_page, order: order?, id: sorting.id })
    }

    /// `check` for a query without other filters: a 422 on any problem.
    pub fn resolve<C: Copy>(&self, sorting: &Sorting<C>) -> Result<ListParams<C>> {
        let mut errors = FieldErrors::new();
        self.check(sorting, &mut errors).ok_or_else(|| AppError::invalid(errors))
    }
}

impl<C: sea_orm::ColumnTrait + Copy> ListParams<C> {
    /// `select` in this order, the id last.
    pub fn order<E: EntityTrait<Column = C>>(&self, select: Select<E>) -> Select<E> {
        let ordered = self.order.iter().fold(select, |select, (column, order)| select.order_by(*column, order.clone()));
        ordered.order_by_asc(self.id)
    }

    /// One page of `select`, ordered, with its meta.
    pub async fn fetch<E, M>(&self, db: &impl ConnectionTrait, select: Select<E>) -> Result<Page<M>>
    where
        E: EntityTrait<Column = C, Model = M>,
        M: FromQueryResult + Sized + Send + Sync + 'static,
    {
        let total = select.clone().count(db).await?;
        let select = self.order(select);
        let offset = (self.page - 1)
            .checked_mul(self.per_page)
            .ok_or_else(|| AppError::field("page", "A página deve estar entre 1 e 1.000.000."))?;
        let data = if offset >= total {
            Vec::new()
        } else {
            use sea_orm::QuerySelect;
            select.offset(offset).limit(self.per_page).all(db).await?
        };
        Ok(Page { data, meta: Meta::new(self.page, self.per_page, total) })
    }
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
    pub total: u64,
    pub last_page: u64,
}

impl Meta {
    pub fn new(page: u64, per_page: u64, total: u64) -> Meta {
        Meta { page, per_page, total, last_page: total.div_ceil(per_page.max(1)).max(1) }
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
            let params = ListQuery { page, per_page, sort: None }.check(&SORTING, &mut errors);
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
