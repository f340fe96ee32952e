//! Times are stored in UTC and answered in RFC 3339 with the business time
//! zone's offset, so the browser needs no time-zone database.

use chrono::{DateTime, SecondsFormat, Utc};
use chrono_tz::Tz;

pub fn to_local_rfc3339(instant: DateTime<Utc>, tz: Tz) -> String {
    instant.with_timezone(&tz).to_rfc3339_opts(SecondsFormat::Secs, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_with_the_business_offset() {
        let instant = DateTime::parse_from_rfc3339("2026-11-21T17:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(to_local_rfc3339(instant, chrono_tz::America::Sao_Paulo), "2026-11-21T14:30:00-03:00");
    }
}
