//! Business rules as plain functions over the database, shared by the JSON
//! API and the server-rendered pages.

pub mod appointments;
pub mod audit;
pub mod clients;
pub mod csv;
pub mod dashboard;
pub mod reports;
pub mod seed;
pub mod sessions;
pub mod users;
pub mod validation;

use serde::{Deserialize, Serialize};

use crate::error::AppError;

pub const DEFAULT_PER_PAGE: u64 = 10;

/// The 409 of an update whose `version` is no longer the record's.
pub const STALE: &str = "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.";

/// Updates must say which version they read (optimistic concurrency).
pub fn required_version(version: Option<i32>) -> Result<i32, AppError> {
    version.ok_or_else(|| AppError::field("version", "Informe a versão do registro que você leu (version)."))
}
pub const MAX_PER_PAGE: u64 = 100;

/// `?page=&per_page=` of every list. Numbers are read from text too: list
/// queries `#[serde(flatten)]` this, and through flatten a query string's
/// values reach serde as strings.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PageQuery {
    #[serde(default, deserialize_with = "number_or_text")]
    pub page: Option<u64>,
    #[serde(default, deserialize_with = "number_or_text")]
    pub per_page: Option<u64>,
}

fn number_or_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(u64),
        Text(String),
    }
    match Option::<NumberOrText>::deserialize(deserializer)? {
        None => Ok(None),
        Some(NumberOrText::Number(n)) => Ok(Some(n)),
        Some(NumberOrText::Text(t)) if t.trim().is_empty() => Ok(None),
        Some(NumberOrText::Text(t)) => {
            t.trim().parse().map(Some).map_err(|_| serde::de::Error::custom(format!("não é um número: {t}")))
        }
    }
}

impl PageQuery {
    /// (page, per_page), checked: page from 1, per_page from 1 to 100.
    pub fn resolve(&self) -> Result<(u64, u64), AppError> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        let mut errors = crate::error::FieldErrors::new();
        if page < 1 {
            errors.insert("page".into(), vec!["A página começa em 1.".into()]);
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            errors.insert("per_page".into(), vec![format!("Itens por página: de 1 a {MAX_PER_PAGE}.")]);
        }
        if errors.is_empty() { Ok((page, per_page)) } else { Err(AppError::invalid(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::PageQuery;

    #[derive(serde::Deserialize)]
    struct Flattened {
        #[serde(flatten)]
        page: PageQuery,
        #[allow(dead_code)]
        q: Option<String>,
    }

    #[test]
    fn page_numbers_parse_through_flatten() {
        let query: Flattened = serde_urlencoded::from_str("page=2&per_page=25&q=ana").unwrap();
        assert_eq!(query.page.resolve().unwrap(), (2, 25));
        let query: Flattened = serde_urlencoded::from_str("page=&q=").unwrap();
        assert_eq!(query.page.resolve().unwrap(), (1, 10));
        assert!(serde_urlencoded::from_str::<Flattened>("page=dois").is_err());
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Meta {
    pub page: u64,
    pub per_page: u64,
    pub total: u64,
    pub last_page: u64,
}

impl Meta {
    pub fn new(page: u64, per_page: u64, total: u64) -> Meta {
        Meta { page, per_page, total, last_page: total.div_ceil(per_page).max(1) }
    }
}

/// A page of a list: `{ "data": [...], "meta": {...} }`.
#[derive(Debug, Clone, Serialize)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub meta: Meta,
}
