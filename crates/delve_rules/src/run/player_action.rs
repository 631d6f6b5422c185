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
}
