//! The HTTP tests: the real server on a real listener, on SQLite and on
//! PostgreSQL, one module per resource. One test binary, so the JavaScript
//! engine is linked once.

#[macro_use]
mod common;

mod agenda;
mod appointments;
mod auth;
mod business_rules;
mod citations;
mod clients;
mod double_booking;
mod events;
mod gate;
mod lgpd;
mod live_faults;
mod merge;
mod lists;
mod name_order;
mod online_booking;
mod openapi;
mod permissions;
mod pages;
mod reads;
mod reliability;
mod reminders;
mod reports;
mod security;
mod seed;
mod waitlist;
mod series;
mod throttle;
mod users;
