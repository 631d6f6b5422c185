//! What a key press means, between presses: the help and the message log shown or not,
//! and whether the next letter names an item to use. Both front ends (the window and
//! the terminal) read keys through one [`KeyReader`], so every key works the same in
//! each; they only turn their own key events into the key table's [`Command`]s.

use super::actions::{Command, PlayerAction, stack_of_letter};

/// What the front end does about a key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Give the run this action.
    Act(PlayerAction),
    /// Tell the player this (a question or an answer; no turn passes).
    Say(&'static str),
    /// An overlay opened or closed: draw again.
    Redraw,
    /// Leave the game.
    Quit,
    /// Nothing to do.
    Nothing,
}

/// The keyboard's state between presses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyReader {
    /// The help panel is shown.
    pub help: bool,
    /// The whole message log is shown.
    pub log: bool,
    /// `a` was pressed: the next letter names the item to use.
    pub choosing_item: bool,
}

impl KeyReader {
    /// A key was pressed: `command` is what the key table makes of it (if anything),
    /// `letter` the character it typed (if any); `watching` says a cave watch is on.
    pub fn press(
        &mut self,
        command: Option<Command>,
        letter: Option<char>,
        watching: bool,
    ) -> Reaction {
        if self.choosing_item {
            // The letter after `a` names the item; anything else puts the question away.
            self.choosing_item = false;
            return match letter.and_then(stack_of_letter) {
                Some(slot) => Reaction::Act(PlayerAction::Use(slot)),
                None => Reaction::Say("Never mind."),
            };
        }
        let Some(command) = command else {
            return Reaction::Nothing;
        };
        match command {
            Command::Act(action) => Reaction::Act(action),
            Command::ChooseItem => {
                self.choosing_item = true;
                Reaction::Say("Use which item? Its letter (Esc: never mind).")
            }
            Command::ToggleHelp => {
                self.help = !self.help;
                Reaction::Redraw
            }
            Command::ToggleLog => {
                self.log = !self.log;
                Reaction::Redraw
            }
            Command::Quit if self.help || self.log => {
                (self.help, self.log) = (false, false);
                Reaction::Redraw
            }
            Command::Quit if watching => Reaction::Act(PlayerAction::StopWatching),
            Command::Quit => Reaction::Quit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::command_for_char;

    fn press(reader: &mut KeyReader, c: char) -> Reaction {
        reader.press(command_for_char(c), Some(c), false)
    }

    #[test]
    fn a_then_a_letter_uses_that_item_and_anything_else_cancels() {
        let mut reader = KeyReader::default();
        assert!(matches!(press(&mut reader, 'a'), Reaction::Say(_)));
        assert_eq!(press(&mut reader, 'c'), Reaction::Act(PlayerAction::Use(2)));
        assert!(matches!(press(&mut reader, 'a'), Reaction::Say(_)));
        assert_eq!(press(&mut reader, '.'), Reaction::Say("Never mind."));
        assert_eq!(press(&mut reader, '.'), Reaction::Act(PlayerAction::Wait));
    }

    #[test]
    fn escape_closes_overlays_then_ends_a_watch_then_quits() {
        let mut reader = KeyReader::default();
        assert_eq!(press(&mut reader, '?'), Reaction::Redraw);
        assert!(reader.help);
        assert_eq!(
            reader.press(Some(Command::Quit), None, true),
            Reaction::Redraw
        );
        assert!(!reader.help);
        assert_eq!(
            reader.press(Some(Command::Quit), None, true),
            Reaction::Act(PlayerAction::StopWatching)
        );
        assert_eq!(
            reader.press(Some(Command::Quit), None, false),
            Reaction::Quit
        );
    }
}
