//! Business rules as plain functions over the database, shared by the JSON
//! API and the server-rendered pages.

pub mod appointments;
pub mod audit;
pub mod clients;
pub mod dashboard;
pub mod users;

use serde::{Deserialize, Serialize};

use crate::error::AppError;

pub const DEFAULT_PER_PAGE: u64 = 10;
pub const MAX_PER_PAGE: u64 = 100;

/// `?page=&per_page=` of every list.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PageQuery {
    pub page: Option<u64>,
    pub per_page: Option<u64>,
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
