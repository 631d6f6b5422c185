//! What a key press means, between presses: which overlay is open (help, log,
//! inventory) and how far the log is scrolled, and which prompt waits for an answer (an
//! item letter, the look cursor, a yes-or-no question). Both front ends (the window and
//! the terminal) read keys through one [`KeyReader`], so every key works the same in
//! each; they only turn their own key events into the key table's [`Command`]s.
//!
//! An open overlay or prompt takes every key until it closes, and a finished run takes
//! only the keys its end screen offers: no key reaches the run by accident.

use super::bindings::{Command, Scroll};
use crate::run::{PlayerAction, StepRisk, stack_of_letter};
use delve_levels::grid::Pos;

/// What the front end does about a key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Give the run this action.
    Act(PlayerAction),
    /// Tell the player this (a question or an answer; no turn passes).
    Say(&'static str),
    /// An overlay or the look cursor changed: draw again.
    Redraw,
    /// The run is over: leave its end screen for the title screen (a new run, the run
    /// history, quitting).
    BackToTitle,
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
    /// The whole level as remembered, scaled to fit (`m`).
    Overview,
    /// The Options screen (`O`): the front end gives it every key while it is open.
    Options,
}

/// What an item letter is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemVerb {
    /// `a`: use it.
    Use,
    /// `d`: drop it.
    Drop,
    /// `t`: throw it (the aiming cursor follows).
    Throw,
    /// The item the scroll under this letter (0 = `a`) is read on: a known scroll of
    /// enchanting or of identify.
    UseOn(u8),
}

/// What the aiming cursor fires once confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AimVerb {
    /// Zap the wand (or throw the thrown weapon used with `a`) under this letter.
    Use(u8),
    /// Throw one item under this letter.
    Throw(u8),
}

/// The most monsters the aiming cursor cycles through (the nearest ones).
pub const MAX_TARGETS: usize = 8;

/// The monsters in view the aiming cursor offers, nearest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    positions: [Pos; MAX_TARGETS],
    count: u8,
}

impl Targets {
    /// No monster to aim at.
    pub const NONE: Targets = Targets {
        positions: [Pos { x: 0, y: 0 }; MAX_TARGETS],
        count: 0,
    };

    /// The first [`MAX_TARGETS`] of `nearest_first`.
    pub fn of(nearest_first: &[Pos]) -> Targets {
        let mut targets = Targets::NONE;
        for (slot, &pos) in targets.positions.iter_mut().zip(nearest_first) {
            *slot = pos;
            targets.count += 1;
        }
        targets
    }

    /// The targets, nearest first.
    pub fn as_slice(&self) -> &[Pos] {
        &self.positions[..usize::from(self.count)]
    }

    /// The target after `at` (the nearest again after the last, or when `at` is none).
    pub fn after(&self, at: Pos) -> Option<Pos> {
        let all = self.as_slice();
        let next = all.iter().position(|&p| p == at).map_or(0, |i| i + 1);
        all.get(next).or(all.first()).copied()
    }
}

/// A set of inventory letters (bit `n` = letter `'a' + n`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Letters(pub u32);

impl Letters {
    /// Whether letter number `slot` (0 = `a`) is in the set.
    pub fn contains(self, slot: u8) -> bool {
        slot < 32 && self.0 & (1 << slot) != 0
    }

    /// The set of these letter numbers.
    pub fn of(slots: impl IntoIterator<Item = u8>) -> Letters {
        Letters(
            slots
                .into_iter()
                .filter(|&s| s < 32)
                .fold(0, |set, s| set | 1 << s),
        )
    }
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
    /// A step by (dx, dy) onto known harmful ground: take it?
    StepInto(i32, i32, StepRisk),
    /// Travel to this tile, where the only known way crosses a trap found?
    CrossTrap(Pos),
    /// Explore on, where the only known way on crosses a trap found (to this tile,
    /// beyond it)?
    ExploreOverTrap(Pos),
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
                "A run in progress is saved. Continue it? y: continue it; n: play this new run (saving it replaces the saved one)"
            }
            Question::StepInto(_, _, risk) => risk.question(),
            Question::CrossTrap(_) => {
                "The only known way there crosses a trap you found. Walk over it? y: go; n: stay"
            }
            Question::ExploreOverTrap(_) => {
                "The only known way on crosses a trap you found. Walk over it to explore on? y: go; n: stay"
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
    /// The aiming cursor is on this tile: movement keys move it, Tab goes to the next
    /// monster in view, Enter (or the verb's own key) fires.
    Aim(AimVerb, Pos),
    /// The travel cursor is on this tile: movement keys move it, Tab goes to the next
    /// place of note, Enter travels there.
    Travel(Pos),
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
    /// The monsters in view, nearest first (where the aiming cursor starts and goes).
    pub targets: Targets,
    /// The letters of items used by aiming: wands, and known thrown weapons.
    pub aimed: Letters,
    /// The letters of known scrolls read on another item (enchanting, identify).
    pub read_on_an_item: Letters,
    /// The monsters and items in view, nearest first (where Tab takes the look cursor).
    pub sights: Targets,
    /// The places of note the player knows (the stairs, the level's must-find item,
    /// items seen), where Tab takes the travel cursor.
    pub places: Targets,
    /// The harm of a step in each direction, to ask about first (none when the player
    /// turned the question off).
    pub risks: StepRisks,
    /// The known way from the player to the tile under the cursor (or the pointer).
    pub way: Way,
    /// Where exploring could go on only over a trap found: the place beyond it
    /// ([`crate::run::RunState::exploring_needs_a_trap`]); `x` asks first.
    pub explore_over_trap: Option<Pos>,
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
    pub(crate) fn look_cursor(&self) -> Option<Pos> {
        match self.prompt {
            Some(Prompt::Look(pos)) => Some(pos),
            _ => None,
        }
    }

    /// Where the aiming cursor is, while aiming.
    pub(crate) fn aim_cursor(&self) -> Option<Pos> {
        match self.prompt {
            Some(Prompt::Aim(_, pos)) => Some(pos),
            _ => None,
        }
    }

    /// Where the travel cursor is, while choosing where to travel.
    pub(crate) fn travel_cursor(&self) -> Option<Pos> {
        match self.prompt {
            Some(Prompt::Travel(pos)) => Some(pos),
            _ => None,
        }
    }

    /// The tile a cursor (the look, aiming or travel cursor) highlights, if any.
    pub fn cursor(&self) -> Option<Pos> {
        self.look_cursor()
            .or(self.aim_cursor())
            .or(self.travel_cursor())
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
                    Some(slot) => self.item_chosen(verb, slot, context),
                    None => Reaction::Redraw,
                };
            }
            Some(Prompt::Look(at)) => return self.look(at, command, context),
            Some(Prompt::Aim(verb, at)) => return self.aim(verb, at, command, context),
            Some(Prompt::Travel(at)) => return self.choose_travel(at, command, context),
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
            Command::Quit if context.run_over => Reaction::BackToTitle,
            Command::Quit => {
                self.prompt = Some(Question::Quit.into_prompt());
                Reaction::Redraw
            }
            // The end screen offers loading, the key, the log, the help and quitting.
            Command::Act(action @ (PlayerAction::Load | PlayerAction::ShowKey)) => {
                Reaction::Act(action)
            }
            _ if context.run_over => Reaction::Nothing,
            Command::Act(PlayerAction::Move(dx, dy)) => self.step(dx, dy, context),
            Command::Act(PlayerAction::Explore) => self.explore(context),
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
            Command::ChooseThrow => {
                self.prompt = Some(Prompt::Item(ItemVerb::Throw));
                Reaction::Redraw
            }
            // Outside the aiming cursor, its keys do nothing.
            Command::NextTarget | Command::Fire => Reaction::Nothing,
            Command::Look => {
                self.prompt = Some(Prompt::Look(context.player));
                Reaction::Redraw
            }
            Command::Travel => {
                self.prompt = Some(Prompt::Travel(context.player));
                Reaction::Redraw
            }
            Command::ToggleOverview => self.open(Overlay::Overview),
            Command::ToggleOptions => self.open(Overlay::Options),
            // The play's lookups never give a watch's key; were one handed in, the run
            // is not the watch's to act on.
            Command::Watch(_) => Reaction::Nothing,
        }
    }

    /// The item under letter number `slot` was named for `verb`: act, or ask on (the
    /// aiming cursor for a wand or a throw, the second letter for a scroll read on an
    /// item).
    fn item_chosen(&mut self, verb: ItemVerb, slot: u8, context: KeyContext) -> Reaction {
        let start = context
            .targets
            .as_slice()
            .first()
            .copied()
            .unwrap_or(context.player);
        match verb {
            ItemVerb::Use if context.aimed.contains(slot) => {
                self.prompt = Some(Prompt::Aim(AimVerb::Use(slot), start));
                Reaction::Redraw
            }
            ItemVerb::Use if context.read_on_an_item.contains(slot) => {
                self.prompt = Some(Prompt::Item(ItemVerb::UseOn(slot)));
                Reaction::Redraw
            }
            ItemVerb::Use => Reaction::Act(PlayerAction::Use(slot)),
            ItemVerb::Drop => Reaction::Act(PlayerAction::Drop(slot)),
            ItemVerb::Throw => {
                self.prompt = Some(Prompt::Aim(AimVerb::Throw(slot), start));
                Reaction::Redraw
            }
            ItemVerb::UseOn(scroll) => Reaction::Act(PlayerAction::UseOn(scroll, slot)),
        }
    }

    /// A key while aiming: movement keys move the cursor (on the level), Tab goes to
    /// the next monster in view, Enter or the verb's own key (`a`, `t`) fires at the
    /// cursor, Esc puts the item away; nothing else happens.
    fn aim(
        &mut self,
        verb: AimVerb,
        at: Pos,
        command: Option<Command>,
        context: KeyContext,
    ) -> Reaction {
        match command {
            Some(Command::Act(PlayerAction::Move(dx, dy))) => {
                self.prompt = Some(Prompt::Aim(verb, moved_on_the_map(at, dx, dy, context)));
                Reaction::Redraw
            }
            Some(Command::NextTarget) => {
                let next = context.targets.after(at).unwrap_or(at);
                self.prompt = Some(Prompt::Aim(verb, next));
                Reaction::Redraw
            }
            Some(Command::Fire) => self.fire_at_cursor(context),
            Some(Command::ChooseItem) if matches!(verb, AimVerb::Use(_)) => {
                self.fire_at_cursor(context)
            }
            Some(Command::ChooseThrow) if matches!(verb, AimVerb::Throw(_)) => {
                self.fire_at_cursor(context)
            }
            Some(Command::Quit) => {
                self.prompt = None;
                Reaction::Redraw
            }
            _ => Reaction::Nothing,
        }
    }

    /// Fires at the aiming cursor, unless it is still on the player.
    pub(crate) fn fire_at_cursor(&mut self, context: KeyContext) -> Reaction {
        let Some(Prompt::Aim(verb, at)) = self.prompt else {
            return Reaction::Nothing;
        };
        if at == context.player {
            return Reaction::Say("Move the cursor off yourself first (or Tab to a monster).");
        }
        self.prompt = None;
        Reaction::Act(match verb {
            AimVerb::Use(slot) => PlayerAction::UseAt(slot, at),
            AimVerb::Throw(slot) => PlayerAction::Throw(slot, at),
        })
    }

    fn open(&mut self, overlay: Overlay) -> Reaction {
        self.overlay = Some(overlay);
        self.scroll = 0;
        Reaction::Redraw
    }

    /// A key while an overlay is open: its own key or Esc closes it, another overlay's
    /// key switches to that one, the log scrolls, and the inventory's `a`, `d` and `t`
    /// ask for the letter as they do on the map; nothing else happens.
    fn in_overlay(&mut self, overlay: Overlay, command: Command, context: KeyContext) -> Reaction {
        let verb = match command {
            Command::ChooseItem => Some(ItemVerb::Use),
            Command::ChooseDrop => Some(ItemVerb::Drop),
            Command::ChooseThrow => Some(ItemVerb::Throw),
            _ => None,
        };
        if let Some(verb) = verb.filter(|_| overlay == Overlay::Inventory && !context.run_over) {
            self.overlay = None;
            self.prompt = Some(Prompt::Item(verb));
            return Reaction::Redraw;
        }
        let toggled = match command {
            Command::ToggleHelp => Some(Overlay::Help),
            Command::ToggleLog => Some(Overlay::Log),
            Command::ToggleInventory => Some(Overlay::Inventory),
            Command::ToggleOverview => Some(Overlay::Overview),
            Command::ToggleOptions => Some(Overlay::Options),
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
            (Command::ScrollLog(scroll), _) if overlay.scrolls() => {
                self.scroll(overlay, scroll, context);
                Reaction::Redraw
            }
            (Command::Act(PlayerAction::Move(0, dy)), _) if overlay.scrolls() => {
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

    /// A key while looking: movement keys move the cursor (on the level), Tab goes to
    /// the next monster or item in view, Esc or `;` end the look; nothing else happens.
    fn look(&mut self, at: Pos, command: Option<Command>, context: KeyContext) -> Reaction {
        match command {
            Some(Command::Act(PlayerAction::Move(dx, dy))) => {
                self.prompt = Some(Prompt::Look(moved_on_the_map(at, dx, dy, context)));
                Reaction::Redraw
            }
            Some(Command::NextTarget) => {
                let next = context.sights.after(at).unwrap_or(at);
                self.prompt = Some(Prompt::Look(next));
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
            (Question::StepInto(dx, dy, _), true) => Reaction::Act(PlayerAction::Move(dx, dy)),
            (Question::CrossTrap(to), true) => Reaction::Act(PlayerAction::TravelOverTraps(to)),
            (Question::ExploreOverTrap(_), true) => Reaction::Act(PlayerAction::ExploreOverTraps),
            (Question::LoadOverRun | Question::Continue, true) => Reaction::Act(PlayerAction::Load),
            (Question::Continue, false) => {
                Reaction::Say("A new run, then. The saved one stays until you save over it.")
            }
            (_, false) => Reaction::Redraw,
        }
    }
}

/// A cursor at `at` moved by (dx, dy), kept on the level.
pub(super) fn moved_on_the_map(at: Pos, dx: i32, dy: i32, context: KeyContext) -> Pos {
    let (width, height) = context.map;
    Pos::new(
        (at.x + dx).clamp(0, (width - 1).max(0)),
        (at.y + dy).clamp(0, (height - 1).max(0)),
    )
}

/// How many lines an overlay scrolls over.
fn overlay_lines(overlay: Overlay, context: KeyContext) -> usize {
    match overlay {
        Overlay::Log => context.log_lines,
        Overlay::Help => super::help_text().lines().count(),
        Overlay::Inventory | Overlay::Overview | Overlay::Options => 0,
    }
}

impl Overlay {
    /// Whether it scrolls (the log and the help do).
    fn scrolls(self) -> bool {
        matches!(self, Overlay::Log | Overlay::Help)
    }
}

impl Question {
    pub(super) fn into_prompt(self) -> Prompt {
        Prompt::Question(self)
    }
}

mod travel;
pub use travel::{StepRisks, Way};

#[cfg(test)]
mod tests;
