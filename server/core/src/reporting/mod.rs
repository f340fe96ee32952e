//! The figures: reports over a period, and the dashboard's day.

pub mod dashboard;
pub mod reports;
