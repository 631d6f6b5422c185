//! The mouse, as both front ends read it: a click on a tile becomes the reaction a key
//! would give ([`KeyReader::click`]) — travel there, a step or an attack next to the
//! player, a rest, a pick-up or the stairs on the player's own tile, a look on the right
//! button — and the pointer moves the aiming cursor ([`KeyReader::point`]). The run
//! only ever sees the actions; travel to a tile is an action of its own
//! ([`PlayerAction::TravelTo`]) that recordings hold like any other.

use super::keys::{KeyContext, KeyReader, Overlay, Prompt, Reaction};
use crate::run::{PlayerAction, RunState};
use delve_levels::grid::{Pos, Tile};

/// A mouse button that clicked a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// The left button: do (travel, attack, rest, pick up, take the stairs; fire while
    /// aiming).
    Left,
    /// The right button: describe (the look cursor goes there).
    Right,
}

/// A turn of the mouse wheel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wheel {
    /// Away from the player: back in the log, up the help.
    Up,
    /// Toward the player: on in the log, down the help.
    Down,
}

/// Lines one notch of the wheel scrolls.
pub const WHEEL_LINES: usize = 3;

/// The item letter an inventory line stands for (`c) ! a potion` is `c`), if it is an
/// item's line.
pub fn letter_of_line(line: &str) -> Option<char> {
    let mut chars = line.chars();
    match (chars.next(), chars.next()) {
        (Some(letter @ 'a'..='z'), Some(')')) => Some(letter),
        _ => None,
    }
}

/// What the player's own tile offers a click on it, by the rules' order: the stairs
/// under them, else what lies there, else a rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwnTile {
    /// The stairs action of the stairs the player stands on, if any.
    pub stairs: Option<PlayerAction>,
    /// Something lies under the player.
    pub item: bool,
}

impl OwnTile {
    /// What the player's tile in `run` offers.
    pub fn of(run: &RunState) -> OwnTile {
        let level = run.level();
        let stairs = match level.tile_at(run.player()) {
            Some(Tile::DownStairs) => Some(PlayerAction::Descend),
            Some(Tile::UpStairs) => Some(PlayerAction::Ascend),
            _ => None,
        };
        OwnTile {
            stairs,
            item: level.items.iter().any(|item| item.pos == run.player()),
        }
    }

    /// The action a click on the player does.
    fn action(self) -> PlayerAction {
        match (self.stairs, self.item) {
            (Some(stairs), _) => stairs,
            (None, true) => PlayerAction::PickUp,
            (None, false) => PlayerAction::Rest,
        }
    }
}

impl KeyReader {
    /// A click of `button` on the map tile `at`. `context` is the key context made with
    /// `at` as its focus (so its way is the way to `at`); `own` what the player's tile
    /// offers. While an overlay is open a click closes it; while a question waits it
    /// does nothing; while an item letter is asked for it never minds.
    pub fn click(&mut self, button: Click, at: Pos, context: KeyContext, own: OwnTile) -> Reaction {
        if self.overlay.is_some() {
            self.overlay = None;
            return Reaction::Redraw;
        }
        match (self.prompt, button) {
            (Some(Prompt::Question(_)), _) => Reaction::Nothing,
            (Some(Prompt::Item(_)), _) => {
                self.prompt = None;
                Reaction::Redraw
            }
            (Some(Prompt::Look(_)), _) | (None, Click::Right) => {
                self.prompt = Some(Prompt::Look(at));
                Reaction::Redraw
            }
            (Some(Prompt::Aim(verb, _)), Click::Left) => {
                self.prompt = Some(Prompt::Aim(verb, at));
                self.fire_at_cursor(context)
            }
            (Some(Prompt::Aim(..) | Prompt::Travel(_)), Click::Right) => {
                self.prompt = None;
                Reaction::Redraw
            }
            (Some(Prompt::Travel(_)), Click::Left) => self.travel_or_stay(at, context),
            (None, Click::Left) if context.run_over => Reaction::Nothing,
            (None, Click::Left) => {
                let (dx, dy) = (at.x - context.player.x, at.y - context.player.y);
                match (dx, dy) {
                    (0, 0) => Reaction::Act(own.action()),
                    // Next to the player: a step, or an attack on what stands there.
                    _ if dx.abs() <= 1 && dy.abs() <= 1 => self.step(dx, dy, context),
                    _ => self.travel_to(at, context.way),
                }
            }
        }
    }

    /// A notch of the wheel: scrolls the log or the help when open; on the map, up opens
    /// the log a few lines back.
    pub fn wheel(&mut self, wheel: Wheel, context: KeyContext) -> Reaction {
        let Some(overlay) = self
            .overlay
            .or((self.prompt.is_none() && wheel == Wheel::Up).then_some(Overlay::Log))
        else {
            return Reaction::Nothing;
        };
        if self.overlay.is_none() {
            self.overlay = Some(overlay);
            self.scroll = 0;
        }
        let most = match overlay {
            Overlay::Log => context.log_lines,
            Overlay::Help => super::help_text().lines().count(),
            Overlay::Inventory | Overlay::Overview | Overlay::Options => return Reaction::Nothing,
        }
        .saturating_sub(1);
        // The log counts back from the newest line, the help down from the top.
        let back = (wheel == Wheel::Up) == (overlay == Overlay::Log);
        self.scroll = if back {
            (self.scroll + WHEEL_LINES).min(most)
        } else {
            self.scroll.saturating_sub(WHEEL_LINES)
        };
        Reaction::Redraw
    }

    /// A click on the inventory's line for the item under `letter`: while an item
    /// letter is asked for, that letter answers; with the inventory open, that item is
    /// used (as `a` and the letter would); otherwise nothing.
    pub fn click_item(&mut self, letter: char, context: KeyContext) -> Reaction {
        match (self.prompt, self.overlay) {
            (Some(Prompt::Item(_)), _) => self.press(None, Some(letter), context),
            (None, Some(Overlay::Inventory)) if !context.run_over => {
                self.overlay = None;
                self.prompt = Some(Prompt::Item(super::keys::ItemVerb::Use));
                self.press(None, Some(letter), context)
            }
            _ => Reaction::Nothing,
        }
    }

    /// The pointer is over map tile `at`: the aiming cursor follows it. Says whether
    /// anything changed (to draw again).
    pub fn point(&mut self, at: Pos) -> bool {
        match self.prompt {
            Some(Prompt::Aim(verb, was)) if was != at => {
                self.prompt = Some(Prompt::Aim(verb, at));
                true
            }
            _ => false,
        }
    }

    /// A travel click on the player's own tile puts the cursor away and is answered as
    /// travel there is ("You are already there."); elsewhere it goes.
    fn travel_or_stay(&mut self, at: Pos, context: KeyContext) -> Reaction {
        if at == context.player {
            self.prompt = None;
            return Reaction::Act(PlayerAction::TravelTo(at));
        }
        self.travel_to(at, context.way)
    }
}
