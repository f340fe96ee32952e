//! Appointments and what decides them: the gate every appointment write
//! goes through (`gate`, its entry points re-exported here), single
//! appointments and series, the schedule's rules (hours, time off,
//! buffers, overlaps), the services catalogue, the agenda's reads and the
//! staff's calendar feeds.

pub mod agenda;
pub mod appointments;
pub mod calendar;
pub mod catalogue;
mod gate;
pub mod hours;
pub mod online;
pub mod schedule;
pub mod series;
pub mod time_off;
pub mod waitlist;

pub use gate::*;
