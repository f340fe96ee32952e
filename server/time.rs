//! Times are stored in UTC and answered in RFC 3339 with the business time
//! zone's offset, so the browser needs no time-zone database.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat, TimeZone, Utc};
use chrono_tz::Tz;

pub fn to_local_rfc3339(instant: DateTime<Utc>, tz: Tz) -> String {
    instant.with_timezone(&tz).to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// Where a local day of the business starts, in UTC. A day whose midnight
/// falls in a daylight-saving gap starts at the first minute that exists.
pub fn local_midnight(date: NaiveDate, tz: Tz) -> DateTime<Utc> {
    local_instant(date.and_time(NaiveTime::MIN), tz)
}

/// A wall-clock time of the business as an instant: the earlier one when
/// the clock repeats an hour, the first minute that exists after it when
/// the clock skips it (a daylight-saving gap).
pub fn local_instant(local: NaiveDateTime, tz: Tz) -> DateTime<Utc> {
    (0..=120)
        .find_map(|minute| tz.from_local_datetime(&(local + chrono::Duration::minutes(minute))).earliest())
        .map_or_else(|| Utc.from_utc_datetime(&local), |t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_days_start_at_local_midnight_even_across_a_gap() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        assert_eq!(local_midnight(date, chrono_tz::America::Sao_Paulo).to_rfc3339(), "2026-11-21T03:00:00+00:00");
        // Havana springs forward at midnight: that day starts at 01:00 local.
        let gap = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        assert_eq!(local_midnight(gap, chrono_tz::America::Havana).to_rfc3339(), "2026-03-08T05:00:00+00:00");
    }

    #[test]
    fn answers_with_the_business_offset() {
        let instant = DateTime::parse_from_rfc3339("2026-11-21T17:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(to_local_rfc3339(instant, chrono_tz::America::Sao_Paulo), "2026-11-21T14:30:00-03:00");
    }
}
