//! Times are stored in UTC and answered in RFC 3339 with the business time
//! zone's offset, so the browser needs no time-zone database.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat, TimeZone, Utc};
use chrono_tz::Tz;

/// A half-open span of time: `start` included, `end` not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Span {
    pub fn meets(&self, other: &Span) -> bool {
        self.start < other.end && other.start < self.end
    }

    pub fn contains(&self, other: &Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// An instant: RFC 3339 with any offset, or a wall-clock time without one,
/// taken in the business time zone (what a booking form naturally sends).
pub fn parse_instant(text: &str, tz: Tz) -> Result<DateTime<Utc>, &'static str> {
    let text = text.trim();
    if let Ok(instant) = DateTime::parse_from_rfc3339(text) {
        return Ok(instant.with_timezone(&Utc));
    }
    let naive = ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S%.f"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .ok_or("Data e hora inválidas: use, por exemplo, 2026-11-21T14:00:00-03:00 ou 2026-11-21T14:00.")?;
    tz.from_local_datetime(&naive)
        .earliest()
        .map(|local| local.with_timezone(&Utc))
        .ok_or("Este horário não existe no fuso do negócio (mudança de horário de verão).")
}

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
