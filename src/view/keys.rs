//! What a key press means, between presses: which overlay is open (help, log,
//! inventory) and how far the log is scrolled, and which prompt waits for an answer (an
//! item letter, the look cursor, a yes-or-no question). Both front ends (the window and
//! the terminal) read keys through one [`KeyReader`], so every key works the same in
//! each; they only turn their own key events into the key table's [`Command`]s.
//!
//! An open overlay or prompt takes every key until it closes, and a finished run takes
//! only the keys its end screen offers: no key reaches the run by accident.

use super::bindings::{Command, Scroll};
use crate::base::grid::Pos;
use crate::run::{PlayerAction, stack_of_letter};

/// What the front end does about a key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Give the run this action.
    Act(PlayerAction),
    /// Tell the player this (a question or an answer; no turn passes).
    Say(&'static str),
    /// An overlay or the look cursor changed: draw again.
    Redraw,
    /// Leave the game at once (nothing to save: the run is over).
    Quit,
    /// Save the run in progress, then leave (the next `delve` offers to continue it).
    SaveAndQuit,
    /// Nothing to do.
    Nothing,
}

/// A panel drawn over the map that takes the keys while it is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Every control (`?`).
    Help,
    /// The message log (`M`), scrolled by the reader's `scroll`.
    Log,
    /// What the player carries (`i`).
    Inventory,
}

/// What an item letter is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemVerb {
    /// `a`: use it.
    Use,
    /// `d`: drop it.
    Drop,
}

/// A yes-or-no question waiting for `y` or `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Esc in a run in progress: save and quit?
    Quit,
    /// F9 or `L` in a run in progress: load the save over it?
    LoadOverRun,
    /// At the start, with a run saved: continue it?
    Continue,
}

impl Question {
    /// The question as the player reads it.
    pub fn text(self) -> &'static str {
        match self {
            Question::Quit => {
                "Quit? y: save this run and quit (the next delve offers to continue it); n: play on"
            }
            Question::LoadOverRun => {
                "Load the save? This run is lost unless you saved it (F5). y: load; n: play on"
            }
            Question::Continue => {
                "A run in progress is saved. Continue it? y: continue it; n: play this new run"
            }
        }
    }
}

/// A prompt waiting for the next key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The next letter names an item.
    Item(ItemVerb),
    /// The look cursor is on this tile; movement keys move it.
    Look(Pos),
    /// `y` or `n`.
    Question(Question),
}

/// What the front end knows of the game when a key is pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyContext {
    /// A cave watch is on.
    pub watching: bool,
    /// The run is over (the player died or won).
    pub run_over: bool,
    /// Where the player stands (the look cursor starts there).
    pub player: Pos,
    /// The level's size in tiles (the look cursor stays on it).
    pub map: (i32, i32),
    /// Lines in the message log (how far it scrolls).
    pub log_lines: usize,
}

/// Log lines one page scroll moves.
pub const LOG_PAGE: usize = 10;

/// The keyboard's state between presses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyReader {
    /// The overlay shown, if any.
    pub overlay: Option<Overlay>,
    /// How far the open overlay is scrolled: the log, lines back from the newest; the
    /// help, lines down from the top.
    pub scroll: usize,
    /// The prompt waiting for a key, if any.
    pub prompt: Option<Prompt>,
}

impl KeyReader {
    /// A reader that starts by asking `question`.
    pub fn asking(question: Question) -> KeyReader {
        KeyReader {
            prompt: Some(Question::into_prompt(question)),
            ..KeyReader::default()
        }
    }

    /// Whether `overlay` is shown.
    pub fn shows(&self, overlay: Overlay) -> bool {
        self.overlay == Some(overlay)
    }

    /// Where the look cursor is, while looking.
    pub fn look_cursor(&self) -> Option<Pos> {
        match self.prompt {
            Some(Prompt::Look(pos)) => Some(pos),
            _ => None,
        }
    }

    /// The item letter asked for, while asking.
    pub fn item_verb(&self) -> Option<ItemVerb> {
        match self.prompt {
            Some(Prompt::Item(verb)) => Some(verb),
            _ => None,
        }
    }

    /// A key was pressed: `command` is what the key table makes of it (if anything),
    /// `letter` the character it typed (if any).
    pub fn press(
        &mut self,
        command: Option<Command>,
        letter: Option<char>,
        context: KeyContext,
    ) -> Reaction {
        match self.prompt {
            Some(Prompt::Question(question)) => return self.answer(question, command, letter),
            Some(Prompt::Item(verb)) => {
                // The letter names the item; anything else puts the question away.
                self.prompt = None;
                return match letter.and_then(stack_of_letter) {
                    Some(slot) => Reaction::Act(match verb {
                        ItemVerb::Use => PlayerAction::Use(slot),
                        ItemVerb::Drop => PlayerAction::Drop(slot),
                    }),
                    None => Reaction::Redraw,
                };
            }
            Some(Prompt::Look(at)) => return self.look(at, command, context),
            None => {}
        }
        let Some(command) = command else {
            return Reaction::Nothing;
        };
        if let Some(overlay) = self.overlay {
            return self.in_overlay(overlay, command, context);
        }
        match command {
            Command::ToggleHelp => self.open(Overlay::Help),
            Command::ToggleLog => self.open(Overlay::Log),
            Command::ToggleInventory => self.open(Overlay::Inventory),
            Command::ScrollLog(scroll) => {
                self.overlay = Some(Overlay::Log);
                self.scroll(Overlay::Log, scroll, context);
                Reaction::Redraw
            }
            // A question is drawn as the prompt line until answered, not logged.
            Command::Act(PlayerAction::Load) if !context.run_over => {
                self.prompt = Some(Question::LoadOverRun.into_prompt());
                Reaction::Redraw
            }
            Command::Quit if context.watching => Reaction::Act(PlayerAction::StopWatching),
            Command::Quit if context.run_over => Reaction::Quit,
            Command::Quit => {
                self.prompt = Some(Question::Quit.into_prompt());
                Reaction::Redraw
            }
            // The end screen offers loading, the key, the log, the help and quitting.
            Command::Act(action @ (PlayerAction::Load | PlayerAction::ShowKey)) => {
                Reaction::Act(action)
            }
            _ if context.run_over => Reaction::Nothing,
            Command::Act(action) => Reaction::Act(action),
            // The inventory overlay opens, titled with the question: nothing to log.
            Command::ChooseItem => {
                self.prompt = Some(Prompt::Item(ItemVerb::Use));
                Reaction::Redraw
            }
            Command::ChooseDrop => {
                self.prompt = Some(Prompt::Item(ItemVerb::Drop));
                Reaction::Redraw
            }
            Command::Look => {
                self.prompt = Some(Prompt::Look(context.player));
                Reaction::Redraw
            }
        }
    }

    fn open(&mut self, overlay: Overlay) -> Reaction {
        self.overlay = Some(overlay);
        self.scroll = 0;
        Reaction::Redraw
    }

    /// A key while an overlay is open: its own key or Esc closes it, another overlay's
    /// key switches to that one, the log scrolls; nothing else happens.
    fn in_overlay(&mut self, overlay: Overlay, command: Command, context: KeyContext) -> Reaction {
        let toggled = match command {
            Command::ToggleHelp => Some(Overlay::Help),
            Command::ToggleLog => Some(Overlay::Log),
            Command::ToggleInventory => Some(Overlay::Inventory),
            _ => None,
        };
        match (command, toggled) {
            (Command::Quit, _) => {
                self.overlay = None;
                Reaction::Redraw
            }
            (_, Some(other)) if other == overlay => {
                self.overlay = None;
                Reaction::Redraw
            }
            (_, Some(other)) => self.open(other),
            (Command::ScrollLog(scroll), _) if overlay != Overlay::Inventory => {
                self.scroll(overlay, scroll, context);
                Reaction::Redraw
            }
            (Command::Act(PlayerAction::Move(0, dy)), _) if overlay != Overlay::Inventory => {
                // The log counts back from the newest line, the help down from the top.
                let toward_end = if overlay == Overlay::Log { -dy } else { dy };
                let most = overlay_lines(overlay, context).saturating_sub(1);
                self.scroll = if toward_end > 0 {
                    (self.scroll + 1).min(most)
                } else {
                    self.scroll.saturating_sub(1)
                };
                Reaction::Redraw
            }
            _ => Reaction::Nothing,
        }
    }

    fn scroll(&mut self, overlay: Overlay, scroll: Scroll, context: KeyContext) {
        let most = overlay_lines(overlay, context).saturating_sub(1);
        // PageUp goes back in the log (a larger scroll) and up the help (a smaller one).
        let (back, forth) = match overlay {
            Overlay::Log => (Scroll::PageUp, Scroll::Oldest),
            _ => (Scroll::PageDown, Scroll::Newest),
        };
        self.scroll = match scroll {
            s if s == back => (self.scroll + LOG_PAGE).min(most),
            s if s == forth => most,
            Scroll::PageUp | Scroll::PageDown => self.scroll.saturating_sub(LOG_PAGE),
            Scroll::Oldest | Scroll::Newest => 0,
        };
    }

    /// A key while looking: movement keys move the cursor (on the level), Esc or `;`
    /// end the look; nothing else happens.
    fn look(&mut self, at: Pos, command: Option<Command>, context: KeyContext) -> Reaction {
        match command {
            Some(Command::Act(PlayerAction::Move(dx, dy))) => {
                let (width, height) = context.map;
                let to = Pos::new(
                    (at.x + dx).clamp(0, (width - 1).max(0)),
                    (at.y + dy).clamp(0, (height - 1).max(0)),
                );
                self.prompt = Some(Prompt::Look(to));
                Reaction::Redraw
            }
            Some(Command::Quit | Command::Look) => {
                self.prompt = None;
                Reaction::Redraw
            }
            _ => Reaction::Nothing,
        }
    }

    /// A key while a question waits: `y` answers yes, `n` or Esc no; other keys keep
    /// it asking.
    fn answer(
        &mut self,
        question: Question,
        command: Option<Command>,
        letter: Option<char>,
    ) -> Reaction {
        let yes = matches!(letter, Some('y' | 'Y'));
        let no = matches!(letter, Some('n' | 'N')) || command == Some(Command::Quit);
        if !(yes || no) {
            return Reaction::Nothing;
        }
        self.prompt = None;
        match (question, yes) {
            (Question::Quit, true) => Reaction::SaveAndQuit,
            (Question::LoadOverRun | Question::Continue, true) => Reaction::Act(PlayerAction::Load),
            (Question::Continue, false) => {
                Reaction::Say("A new run, then. The saved one stays until you save over it.")
            }
            (_, false) => Reaction::Redraw,
        }
    }
}

/// How many lines an overlay scrolls over.
fn overlay_lines(overlay: Overlay, context: KeyContext) -> usize {
    match overlay {
        Overlay::Log => context.log_lines,
        Overlay::Help => super::help_text().lines().count(),
        Overlay::Inventory => 0,
    }
}

impl Question {
    fn into_prompt(self) -> Prompt {
        Prompt::Question(self)
    }
}

#[cfg(test)]
mod tests;
