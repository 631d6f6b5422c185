//! What the player does: the verbs the rules apply ([`super::RunState::apply`]). Keys,
//! action strings and recordings all become these; which key does which is the view's
//! key table (`crate::view::bindings`).

use delve_levels::generator::GeneratorKind;
use delve_levels::grid::Pos;

/// Something the player does. Keys and action strings both become these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PlayerAction {
    /// Step by (dx, dy), each −1, 0 or 1.
    Move(i32, i32),
    /// Let a turn pass.
    Wait,
    /// Take the down stairs.
    Descend,
    /// Take the up stairs.
    Ascend,
    /// Pick up what lies here.
    PickUp,
    /// Regenerate this level with a fresh seed.
    Regenerate,
    /// Regenerate this depth with another generator.
    SwitchKind(GeneratorKind),
    /// Change a cave's wall percent by this much and regenerate.
    AdjustWalls(i32),
    /// Show the cave automaton one pass at a time (Space).
    StepAutomaton,
    /// Stop watching the cave form and show the finished cave (Esc while watching; any
    /// other action while watching does the same).
    StopWatching,
    /// Print the level key.
    ShowKey,
    /// Save the game (F5).
    Save,
    /// Load the saved game (F9).
    Load,
    /// Use the item under inventory letter `n` (0 = `a`): `a`, then the letter.
    Use(u8),
    /// Walk toward the nearest item seen or the edge of the unknown, until something
    /// happens.
    Explore,
    /// Drop one item under inventory letter `n` (0 = `a`): `d`, then the letter.
    Drop(u8),
    /// Rest until healed (and no longer confused), or until something comes into view
    /// or happens.
    Rest,
    /// Search for secret doors and traps, for up to five turns (`f`).
    Search,
    /// Use the item under inventory letter `n` aimed at a tile: a wand's bolt, a thrown
    /// weapon (`a`, the letter, then the aiming cursor). [`PlayerAction::Use`] of such an
    /// item aims at the nearest monster in view.
    UseAt(u8, Pos),
    /// Use the item under inventory letter `n` on the item under letter `m`: a scroll of
    /// enchanting or of identify, once known (`a`, its letter, then the other's).
    UseOn(u8, u8),
    /// Throw one item under inventory letter `n` toward a tile (`t`, the letter, then
    /// the aiming cursor): it flies until a wall or a creature stops it.
    Throw(u8, Pos),
    /// Travel to a tile the player remembers (a click, or the travel cursor and Enter),
    /// along [`super::RunState::route_to`]'s way around found traps, until there or
    /// disturbed.
    TravelTo(Pos),
    /// [`PlayerAction::TravelTo`] where the only known way crosses a trap the player
    /// found, and they said to cross it.
    TravelOverTraps(Pos),
    /// [`PlayerAction::Explore`] where the only way on crosses a trap the player found,
    /// and they said to cross it: exploring and travel walk over that trap from now on
    /// without asking again.
    ExploreOverTraps,
}

/// The most inventory letters (`a` to `z`).
const LETTERS: u8 = 26;

impl PlayerAction {
    /// Why no key, click or action string gives this action, if none does: a step of
    /// more than one tile, or none; a change of the cave's walls by more than one; an
    /// inventory letter past `z`. The rules refuse such an action, and a recording
    /// holding one is refused at its line.
    pub fn why_no_key_gives_it(&self) -> Option<String> {
        let letter = |n: u8| {
            (n >= LETTERS).then(|| format!("inventory letter number {n} (a to z are 0 to 25)"))
        };
        match *self {
            PlayerAction::Move(dx, dy) if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) => {
                Some(format!(
                    "a step by ({dx}, {dy}): a step is to one of the eight tiles around"
                ))
            }
            PlayerAction::AdjustWalls(delta) if delta.abs() != 1 => Some(format!(
                "walls changed by {delta}: + and - change them by one"
            )),
            PlayerAction::Use(n)
            | PlayerAction::Drop(n)
            | PlayerAction::UseAt(n, _)
            | PlayerAction::Throw(n, _) => letter(n),
            PlayerAction::UseOn(n, m) => letter(n).or_else(|| letter(m)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_a_key_gives_is_an_action() {
        for dx in -1..=1 {
            for dy in -1..=1 {
                let step = PlayerAction::Move(dx, dy);
                assert_eq!(step.why_no_key_gives_it().is_some(), (dx, dy) == (0, 0));
            }
        }
        assert!(PlayerAction::Move(-3, 0).why_no_key_gives_it().is_some());
        assert!(
            PlayerAction::AdjustWalls(40)
                .why_no_key_gives_it()
                .is_some()
        );
        assert!(
            PlayerAction::AdjustWalls(-1)
                .why_no_key_gives_it()
                .is_none()
        );
        assert!(PlayerAction::Use(25).why_no_key_gives_it().is_none());
        assert!(PlayerAction::UseOn(0, 26).why_no_key_gives_it().is_some());
        assert!(
            PlayerAction::Throw(200, Pos::new(1, 1))
                .why_no_key_gives_it()
                .is_some()
        );
    }
}
