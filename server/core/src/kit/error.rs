//! One error type for every rule, in Portuguese for people; the server maps
//! each to its HTTP answer (server/error.rs), and the rules know nothing of
//! HTTP. A database out of reach or full is told apart from a bug. A
//! scheduling clash carries what it clashes with (the conflict types
//! below, which the schedule's rules fill in: booking/schedule.rs).

use std::collections::BTreeMap;

use serde::Serialize;

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// Messages per field, in Portuguese, gathered so that one 422 names every
/// problem of a request. `add` is the one way a message is added; reading
/// goes through the map.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// One more message for `field` (after any it has).
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_string()).or_default().push(message.into());
    }

    /// Every message of `other`, added.
    pub fn merge(&mut self, other: FieldErrors) {
        for (field, messages) in other.0 {
            self.0.entry(field).or_default().extend(messages);
        }
    }

    /// `Ok` when nothing was added, else the 422 naming every field.
    pub fn check(self) -> Result<()> {
        if self.0.is_empty() { Ok(()) } else { Err(AppError::invalid(self)) }
    }
}

impl std::ops::Deref for FieldErrors {
    type Target = BTreeMap<String, Vec<String>>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// The exact text the client's session logic looks for.
pub const TOKEN_EXPIRED: &str = "Token has expired";

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("token expired")]
    TokenExpired,
    #[error("forbidden")]
    Forbidden,
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// A 409 for a scheduling clash: the message for people, and the other
    /// appointment as data for the client (which never reads the message).
    #[error("{message}")]
    Clash { message: String, conflict: ScheduleConflict },
    /// A 422 for a time outside the schedule's rules (working hours, time
    /// off, buffers): the message goes to `errors.startsAt`, and the rule
    /// as data, so the client can offer to book anyway.
    #[error("{message}")]
    OffSchedule { rule: ScheduleRule, message: String },
    /// A 409 for a series (or a change to many of its occurrences) of which
    /// some dates cannot be booked: every one of them, and nothing saved.
    #[error("{message}")]
    SeriesClash { message: String, conflicts: Vec<SeriesConflict> },
    #[error("payload too large")]
    PayloadTooLarge,
    #[error("request body too slow")]
    RequestTimeout,
    #[error("unsupported media type")]
    UnsupportedMediaType,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("{message}")]
    Validation { message: String, errors: FieldErrors },
    /// The database cannot be reached (or written) right now: a 503 with
    /// `Retry-After`, never a redirect to /login nor a 500.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// The database has no room to write (a full disk): a 503 with
    /// `Retry-After`; nothing was kept, and `/readyz` says so meanwhile.
    #[error("database out of space: {0}")]
    NoSpace(String),
    /// Too many failed sign-ins (SECURITY.md#sign-in-throttling): a 429
    /// that says when to try again.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// Every password-hashing slot is taken: a 503 with `Retry-After`,
    /// instead of an ever longer queue.
    #[error("password hashing queue full")]
    Busy,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A 422 with one message for one field.
    pub fn field(field: &str, message: impl Into<String>) -> AppError {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::invalid(errors)
    }

    /// A 422 with messages per field.
    pub fn invalid(errors: FieldErrors) -> AppError {
        AppError::Validation { message: "Os dados enviados são inválidos.".into(), errors }
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(error: sea_orm::DbErr) -> AppError {
        match database_failure(&error) {
            Some(DatabaseFailure::Unavailable) => AppError::Unavailable(error.to_string()),
            Some(DatabaseFailure::NoSpace) => AppError::NoSpace(error.to_string()),
            Some(DatabaseFailure::BadValue) => {
                tracing::warn!(%error, "a value the database refused");
                AppError::Validation { message: BAD_VALUE.into(), errors: FieldErrors::new() }
            }
            None => AppError::Internal(error.into()),
        }
    }
}

/// What a 422 says when the database refused a value the checks let pass.
pub const BAD_VALUE: &str = "Um dos valores enviados não pode ser gravado.";

/// A database error that is not a bug of ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatabaseFailure {
    /// Out of reach (no connection within the pool's short wait, a dropped
    /// connection, a server shutting down) or refusing writes for now (a
    /// busy, locked or read-only SQLite file).
    Unavailable,
    /// No room to write (SQLite's disk full, PostgreSQL's 53100).
    NoSpace,
    /// A value it cannot take (PostgreSQL's class 22, SQLite's TOOBIG,
    /// MISMATCH and RANGE): the client's input, never an outage.
    BadValue,
}

/// What `error` says, read by backend: SQLite's numeric result codes and
/// PostgreSQL's SQLSTATEs are different tables (22021 & 0xff is 5, SQLite's
/// BUSY, and was once read as an outage).
pub fn database_failure(error: &sea_orm::DbErr) -> Option<DatabaseFailure> {
    use sea_orm::{DbErr, RuntimeErr, SqlxError, SqlxPostgresError, SqlxSqliteError};
    let sqlx = match error {
        DbErr::ConnectionAcquire(_) => return Some(DatabaseFailure::Unavailable),
        DbErr::Conn(RuntimeErr::SqlxError(e)) | DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => e,
        DbErr::Conn(_) => return Some(DatabaseFailure::Unavailable),
        _ => return None,
    };
    match sqlx.as_ref() {
        SqlxError::Io(_) | SqlxError::Tls(_) | SqlxError::Protocol(_) | SqlxError::PoolTimedOut | SqlxError::PoolClosed | SqlxError::WorkerCrashed => {
            Some(DatabaseFailure::Unavailable)
        }
        SqlxError::Database(e) => {
            if e.try_downcast_ref::<SqlxSqliteError>().is_some() {
                // The primary result code is the low byte of the extended one.
                let code = e.code().and_then(|c| c.parse::<u32>().ok())? & 0xff;
                match code {
                    // BUSY, LOCKED, READONLY, IOERR, CANTOPEN, PROTOCOL
                    5 | 6 | 8 | 10 | 14 | 15 => Some(DatabaseFailure::Unavailable),
                    13 => Some(DatabaseFailure::NoSpace),
                    // TOOBIG, MISMATCH, RANGE
                    18 | 20 | 25 => Some(DatabaseFailure::BadValue),
                    _ => None,
                }
            } else if let Some(postgres) = e.try_downcast_ref::<SqlxPostgresError>() {
                let code = postgres.code();
                match code {
                    "53100" => Some(DatabaseFailure::NoSpace),
                    // 08P01 is a protocol violation (a value the wire
                    // refused), not a lost connection.
                    "08P01" => None,
                    // Connection exceptions, a server shutting down or out of
                    // resources, and transactions it asks to retry.
                    _ if code.starts_with("08") || code.starts_with("53") => Some(DatabaseFailure::Unavailable),
                    "57P01" | "57P02" | "57P03" | "40001" | "40P01" => Some(DatabaseFailure::Unavailable),
                    _ if code.starts_with("22") => Some(DatabaseFailure::BadValue),
                    _ => None,
                }
            } else {
                None
            }
        }
        _ => None,
    }
}

/// True when `error` says the database is out of reach or cannot write now.
pub fn database_unavailable(error: &sea_orm::DbErr) -> bool {
    matches!(database_failure(error), Some(DatabaseFailure::Unavailable | DatabaseFailure::NoSpace))
}

/// Which scheduling rule a time breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ScheduleRule {
    /// Outside the staff member's working hours.
    OutsideHours,
    /// In the staff member's time off or a business holiday.
    TimeOff,
    /// Inside the buffer of another appointment (or its own buffer meets one).
    Buffer,
}

/// Why one date of a series cannot be booked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ConflictReason {
    /// Another active appointment of the staff member at that time.
    Overlap,
    OutsideHours,
    TimeOff,
    Buffer,
}

impl From<ScheduleRule> for ConflictReason {
    fn from(rule: ScheduleRule) -> Self {
        match rule {
            ScheduleRule::OutsideHours => ConflictReason::OutsideHours,
            ScheduleRule::TimeOff => ConflictReason::TimeOff,
            ScheduleRule::Buffer => ConflictReason::Buffer,
        }
    }
}

/// One date of a series that cannot be booked: when, why, the appointment
/// it clashes with (an overlap or a buffer), and the reason for people.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesConflict {
    pub starts_at: String,
    pub reason: ConflictReason,
    pub with: Option<ScheduleConflict>,
    pub message: String,
}

/// The active appointment of the same staff member that a booking or a move
/// overlaps; times in RFC 3339 with the business's offset, as everywhere.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleConflict {
    pub appointment_id: i32,
    pub starts_at: String,
    pub ends_at: String,
}
