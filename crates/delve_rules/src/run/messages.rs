//! The message log: every notice shown, oldest first, a notice repeated in a row kept
//! once with a count (as Brogue and DCSS do) so copies never push the rest away; the
//! lines the screen shows (the newest turn's under the map, a scrolled window in the
//! log overlay); and the tail a save keeps, so a continued run has its messages back.

use serde::{Deserialize, Serialize};

/// A notice as the log keeps it: the turns it was first and last shown on and how many
/// times in a row it was shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    /// Turns taken when it was first shown (of its run of repeats).
    pub first_turn: u64,
    /// Turns taken when it was last shown.
    pub turn: u64,
    /// What it said.
    pub text: String,
    /// How many times in a row it was shown (1 = once).
    pub count: u32,
}

impl Message {
    /// The line the screen shows: "[turn 4] You miss the rat.", or with repeats
    /// "[turns 4-6] You miss the rat. x3".
    pub fn line(&self) -> String {
        let turns = if self.first_turn == self.turn {
            format!("[turn {}]", self.turn)
        } else {
            format!("[turns {}-{}]", self.first_turn, self.turn)
        };
        if self.count > 1 {
            format!("{turns} {} x{}", self.text, self.count)
        } else {
            format!("{turns} {}", self.text)
        }
    }
}

/// The most notice lines shown under the map: enough for every notice of a busy turn.
pub const MOST_NOTICE_ROWS: usize = 8;
/// The fewest notice lines shown under the map.
pub const FEWEST_NOTICE_ROWS: usize = 3;
/// How many of the newest messages a save keeps.
pub(crate) const SAVED_MESSAGES: usize = 100;

/// Every notice shown so far, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLog {
    /// The messages, oldest first.
    pub entries: Vec<Message>,
}

impl MessageLog {
    /// A log holding `entries` (a save's tail).
    pub fn from_saved(entries: Vec<Message>) -> MessageLog {
        MessageLog { entries }
    }

    /// Adds a notice shown on `turn`: a repeat of the last one counts on it.
    pub fn push(&mut self, turn: u64, text: String) {
        match self.entries.last_mut() {
            Some(last) if last.text == text => {
                last.count = last.count.saturating_add(1);
                last.turn = turn;
            }
            _ => self.entries.push(Message {
                first_turn: turn,
                turn,
                text,
                count: 1,
            }),
        }
    }

    /// Every notice shown, oldest first, repeats written out again.
    pub fn texts(&self) -> Vec<String> {
        self.entries
            .iter()
            .flat_map(|n| std::iter::repeat_n(n.text.clone(), n.count as usize))
            .collect()
    }

    /// The messages of the log window that ends `scroll` messages before the newest
    /// and holds at most `rows` of them, oldest first.
    pub fn window(&self, rows: usize, scroll: usize) -> &[Message] {
        let end = self.entries.len().saturating_sub(scroll);
        let start = end.saturating_sub(rows);
        &self.entries[start..end]
    }

    /// How many lines to show under the map: every line of the newest turn, at least
    /// [`FEWEST_NOTICE_ROWS`] and at most [`MOST_NOTICE_ROWS`].
    pub fn rows_for_latest_turn(&self) -> usize {
        let newest = self.entries.last().map(|n| n.turn);
        let of_newest = self
            .entries
            .iter()
            .rev()
            .take_while(|n| Some(n.turn) == newest)
            .count();
        of_newest.clamp(FEWEST_NOTICE_ROWS, MOST_NOTICE_ROWS)
    }

    /// The newest [`SAVED_MESSAGES`] messages, as a save keeps them.
    pub fn tail(&self) -> Vec<Message> {
        let start = self.entries.len().saturating_sub(SAVED_MESSAGES);
        self.entries[start..].to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_notices_collapse_into_one_line_with_a_count() {
        let mut log = MessageLog::default();
        for turn in 0..130 {
            log.push(turn, "You were killed by a kobold.".into());
        }
        log.push(130, "Saved.".into());
        log.push(131, "Saved.".into());
        assert_eq!(log.entries.len(), 2);
        let lines: Vec<String> = log.window(2, 0).iter().map(Message::line).collect();
        assert_eq!(
            lines,
            [
                "[turns 0-129] You were killed by a kobold. x130",
                "[turns 130-131] Saved. x2"
            ]
        );
        assert_eq!(log.texts().len(), 132);
    }

    #[test]
    fn every_notice_of_the_newest_turn_is_shown() {
        let mut log = MessageLog::default();
        log.push(1, "You see a cave bat.".into());
        for i in 0..5 {
            log.push(2, format!("The cave bat bites you ({i})."));
        }
        assert_eq!(log.rows_for_latest_turn(), 5);
        let window: Vec<String> = log.window(2, 0).iter().map(Message::line).collect();
        assert_eq!(
            window,
            [
                "[turn 2] The cave bat bites you (3).",
                "[turn 2] The cave bat bites you (4)."
            ]
        );
        assert_eq!(log.window(2, 5)[0].text, "You see a cave bat.");
    }

    #[test]
    fn a_save_keeps_the_newest_messages() {
        let mut log = MessageLog::default();
        for turn in 0..150 {
            log.push(turn, format!("Notice {turn}."));
        }
        let tail = log.tail();
        assert_eq!(tail.len(), SAVED_MESSAGES);
        assert_eq!(tail.last().unwrap().text, "Notice 149.");
        assert_eq!(MessageLog::from_saved(tail.clone()).entries, tail);
    }
}
