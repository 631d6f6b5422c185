//! Arriving on a level: where the player appears, and what they are told about why.

use crate::base::grid::Pos;
use crate::levels::key::LevelKey;

/// Where the player arrives on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// On the up stairs (a new or regenerated level, or going down).
    UpStairs,
    /// On the down stairs (coming back up).
    DownStairs,
    /// Where the player stands (the end of a cave watch), if walkable there.
    At(Pos),
}

/// Why the player is put on a level: says what the player is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeReason {
    /// The run starts.
    Start,
    /// Down the stairs.
    Descend,
    /// Up the stairs.
    Ascend,
    /// `R`: the same generator, a fresh seed.
    Regenerate,
    /// A digit (`1` `2` `3`, one per kind): another generator on this depth.
    SwitchKind,
    /// `+` `-`: a cave with another wall percent.
    AdjustWalls,
    /// The end of watching a cave form.
    FinishWatch,
}

/// What the player is told on arriving on `key`'s level.
pub fn arrival_notice(reason: ChangeReason, key: &LevelKey) -> String {
    let what = key.config.kind().info().with_article();
    let code = key.encode();
    match reason {
        ChangeReason::Start => format!("Depth {}: {what}. Level key {code}.", key.depth),
        ChangeReason::Descend => format!("You go down to depth {}: {what}.", key.depth),
        ChangeReason::Ascend => format!("You climb back up to depth {}.", key.depth),
        ChangeReason::Regenerate => format!("Regenerated with a fresh seed: level key {code}."),
        ChangeReason::SwitchKind => {
            format!("Depth {} is now {what}: level key {code}.", key.depth)
        }
        ChangeReason::AdjustWalls => format!("New cave: level key {code}."),
        ChangeReason::FinishWatch => "Pockets repaired, stairs placed: the finished cave.".into(),
    }
}
