//! The message log: every notice shown, oldest first, a notice repeated in a row kept
//! once with a count (as Brogue and DCSS do) so copies never push the rest away; the
//! lines the screen shows (the newest turn's under the map, a scrolled window in the
//! log overlay); and the tail a save keeps, so a continued run has its messages back.

use serde::{Deserialize, Serialize};

/// Opens a key's mark in a message's text (see [`key_of`]).
pub const KEY_MARK_OPEN: char = '\u{27e8}';
/// Closes a key's mark in a message's text (see [`key_of`]).
pub const KEY_MARK_CLOSE: char = '\u{27e9}';

/// The key of `command` (its name in the options' `bindings`: `pick-up`, `use`) as a
/// message writes it: a mark that the view turns into the key the player's keymap binds
/// to it ([`crate::view::Keymap::with_keys_named`]), so a rebound key is named as bound
/// and the rules never name a key.
pub fn key_of(command: &str) -> String {
    format!("{KEY_MARK_OPEN}{command}{KEY_MARK_CLOSE}")
}

/// For the rules' own tests: the texts of the notices among `outcomes`, in order.
#[cfg(test)]
pub(crate) fn notices(outcomes: &[super::Outcome]) -> Vec<String> {
    (outcomes.iter())
        .filter_map(|o| match o {
            super::Outcome::Notice(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// `text` with its first letter in capitals (a name that begins a sentence).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

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
    /// It as a save keeps it: at most [`MOST_MESSAGE_CHARS`] of its text, and at most
    /// [`MOST_REPEATS_PER_TURN`] repeats for each turn it spans.
    fn as_kept(&self) -> Message {
        let spans = self.turn.saturating_sub(self.first_turn) + 1;
        let most = spans.saturating_mul(MOST_REPEATS_PER_TURN);
        Message {
            first_turn: self.first_turn.min(self.turn),
            turn: self.turn,
            text: self.text.chars().take(MOST_MESSAGE_CHARS).collect(),
            count: u32::try_from(u64::from(self.count).min(most)).unwrap_or(u32::MAX),
        }
    }

    /// What it said, with its count when repeated: "You miss the rat. x3".
    pub fn text_with_count(&self) -> String {
        if self.count > 1 {
            format!("{} x{}", self.text, self.count)
        } else {
            self.text.clone()
        }
    }

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

/// The longest message a save may hold, in characters (the longest delve writes is a
/// few hundred).
pub const MOST_MESSAGE_CHARS: usize = 1_000;

/// The most times a message may be counted in a row for each turn it spans (a save
/// that says more was not written by delve).
pub const MOST_REPEATS_PER_TURN: u64 = 1_000;

/// Checks the messages a save keeps: at most [`SAVED_MESSAGES`], each no longer than
/// [`MOST_MESSAGE_CHARS`], its first turn not after its last, counted at least once and
/// no more than [`MOST_REPEATS_PER_TURN`] for each turn it spans. (Its turns may lie
/// after the run's: a log goes on when an older save is loaded into the game.) The
/// error names the message by its place (1 = the oldest kept).
pub fn check_saved_messages(messages: &[Message]) -> Result<(), String> {
    if messages.len() > SAVED_MESSAGES {
        return Err(format!(
            "the save keeps {} messages (at most {SAVED_MESSAGES})",
            messages.len()
        ));
    }
    for (index, m) in messages.iter().enumerate() {
        let place = index + 1;
        let chars = m.text.chars().count();
        if chars > MOST_MESSAGE_CHARS {
            return Err(format!(
                "saved message {place} is {chars} characters long (at most {MOST_MESSAGE_CHARS})"
            ));
        }
        if m.first_turn > m.turn {
            return Err(format!(
                "saved message {place} was first shown on turn {}, after its last (turn {})",
                m.first_turn, m.turn
            ));
        }
        let spans = m.turn - m.first_turn + 1;
        if m.count == 0 || u64::from(m.count) > spans.saturating_mul(MOST_REPEATS_PER_TURN) {
            return Err(format!(
                "saved message {place} is counted {} times over {spans} turn(s)",
                m.count
            ));
        }
    }
    Ok(())
}

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

    /// Every notice shown, oldest first: one line for each run of repeats, its count
    /// after it ("You rest. x40"), so no count is ever written out as that many lines.
    pub fn texts(&self) -> Vec<String> {
        self.entries.iter().map(Message::text_with_count).collect()
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

    /// The newest [`SAVED_MESSAGES`] messages, as a save keeps them: within the limits
    /// [`check_saved_messages`] holds a save to, so delve never writes a log it would
    /// refuse.
    pub fn tail(&self) -> Vec<Message> {
        let start = self.entries.len().saturating_sub(SAVED_MESSAGES);
        self.entries[start..].iter().map(Message::as_kept).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules' own source, file by file: (path, text).
    fn rules_sources() -> Vec<(String, String)> {
        let mut files = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/run"
        ))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("the rules' sources") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("readable");
                    files.push((path.display().to_string(), text));
                }
            }
        }
        files
    }

    /// Markdown shows as it is on the screen: no message the rules write (a string on a
    /// line that is not a comment or an attribute) holds a backtick; a key is named
    /// with [`key_of`].
    #[test]
    fn no_message_of_the_rules_writes_markdown_backticks() {
        let mut found = Vec::new();
        for (path, text) in rules_sources() {
            for (number, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") || code.starts_with("#[") || code.contains("'`'") {
                    continue;
                }
                if code.contains('"') && code.contains('`') {
                    found.push(format!("{path}:{}: {code}", number + 1));
                }
            }
        }
        assert_eq!(found, Vec::<String>::new());
    }

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
        assert_eq!(
            log.texts(),
            ["You were killed by a kobold. x130", "Saved. x2"]
        );
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

    #[test]
    fn a_save_keeps_only_what_it_would_load() {
        let mut log = MessageLog::default();
        log.push(3, "x".repeat(MOST_MESSAGE_CHARS * 3));
        for _ in 0..2_000 {
            log.push(4, "You rest.".into());
        }
        let tail = log.tail();
        assert_eq!(tail[0].text.chars().count(), MOST_MESSAGE_CHARS);
        assert_eq!(u64::from(tail[1].count), MOST_REPEATS_PER_TURN);
        assert_eq!(check_saved_messages(&tail), Ok(()));
        assert!(
            check_saved_messages(&log.entries).is_err(),
            "the log itself is over"
        );
    }
}
