//! The daily seed: one master seed per UTC day, the same on every machine, so that
//! everyone playing `delve play --daily` on a day plays the same dungeon.

use delve_levels::rng::mix64;

/// A day of the calendar (UTC), as the daily seed and the records name it.
pub type Day = time::Date;

/// What the daily seed of a day mixes with the day's number, so that it is no other
/// seed's neighbour: "delve daily" in ASCII.
const DAILY_SALT: u64 = 0x6465_6c76_6520_6461;

/// The master seed of `day`'s daily run: below 2³², like every fresh seed, so that
/// level keys stay short. Fixed for all time: changing it would change every day's
/// dungeon.
pub fn daily_seed(day: Day) -> u64 {
    // The Julian day number: a plain count of days that no calendar detail changes.
    let number = u64::try_from(day.to_julian_day()).unwrap_or(0);
    mix64(number ^ DAILY_SALT) >> 32
}

/// Today, in UTC.
pub fn today() -> Day {
    time::OffsetDateTime::now_utc().date()
}

/// `day` as the records write it: `2026-12-02`.
pub fn day_text(day: Day) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        day.year(),
        u8::from(day.month()),
        day.day()
    )
}

/// The day `text` names (`2026-12-02`), if it names one.
pub fn parse_day(text: &str) -> Option<Day> {
    let mut parts = text.trim().splitn(3, '-');
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse::<u8>().ok()?;
    let day = parts.next()?.parse().ok()?;
    Day::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()
}

/// The current UTC time as the records write it: `2026-12-02T18:30:05Z`.
pub fn now_text() -> String {
    let now = time::OffsetDateTime::now_utc();
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        day_text(now.date()),
        now.hour(),
        now.minute(),
        now.second()
    )
}

/// A fresh master seed for a new run (below 2³², so level keys stay short): the clock's
/// nanoseconds through std's randomly keyed hasher. Only a new run's seed comes from
/// here, at the edge; everything after it follows from the seed.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_i128(time::OffsetDateTime::now_utc().unix_timestamp_nanos());
    hasher.finish() >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_reads_back_as_written() {
        let day = parse_day("2026-12-02").unwrap();
        assert_eq!(day_text(day), "2026-12-02");
        assert_eq!(parse_day("2026-13-02"), None);
        assert_eq!(parse_day("2026-02-30"), None);
        assert_eq!(parse_day("yesterday"), None);
    }

    #[test]
    fn neighbouring_days_have_unrelated_short_seeds() {
        let a = daily_seed(parse_day("2026-12-02").unwrap());
        let b = daily_seed(parse_day("2026-12-03").unwrap());
        assert_ne!(a, b);
        assert!(a < 1 << 32 && b < 1 << 32);
    }
}
