//! Arriving on a level: where the player appears, and what they are told about why.

use delve_levels::analysis::distances::{UNREACHABLE, walking_distances};
use delve_levels::generator::Level;
use delve_levels::grid::{Pos, Tile};
use delve_levels::key::LevelKey;

/// Where the player arrives on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// On the up stairs (a new or regenerated level, or going down).
    UpStairs,
    /// On the down stairs (coming back up).
    DownStairs,
    /// Where the player stands (the end of a cave watch), if walkable there.
    At(Pos),
    /// Fallen from above (a chasm, a trapdoor): on the floor tile this draw picks among
    /// those reachable on foot from the up stairs.
    Fallen(u64),
    /// Where the player stood on the level this one replaces, if that is still safe
    /// ground reachable from the up stairs; else the nearest such tile (a level made
    /// again from a changed campaign file).
    Nearest(Pos),
}

/// The tile of `level` nearest `to` (in steps of a king, ties in row order) that is
/// safe on foot and reachable from its up stairs: `to` itself when it is one.
pub(crate) fn nearest_reachable(level: &Level, to: Pos) -> Pos {
    let distance = walking_distances(&level.tiles, level.up);
    let steps = |p: Pos| (p.x - to.x).abs().max((p.y - to.y).abs());
    (0..level.tiles.len())
        .filter(|&i| distance[i] != UNREACHABLE && level.tiles.cells()[i].is_walkable())
        .map(|i| level.tiles.pos_of(i))
        .min_by_key(|&p| steps(p))
        .unwrap_or(level.up)
}

/// Where a fall onto `level` lands, by `draw`: one of the floor tiles reachable on foot
/// from its up stairs (never in a hidden room, never in water), in row order.
pub(crate) fn landing_spot(level: &Level, draw: u64) -> Pos {
    let distance = walking_distances(&level.tiles, level.up);
    let floor: Vec<usize> = (0..level.tiles.len())
        .filter(|&i| level.tiles.cells()[i] == Tile::Floor && distance[i] != UNREACHABLE)
        .collect();
    if floor.is_empty() {
        return level.up;
    }
    level
        .tiles
        .pos_of(floor[(draw % floor.len() as u64) as usize])
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
    /// A fall down a chasm or a trapdoor.
    Fall,
    /// The campaign file changed (live reload): the level in play made again from it.
    CampaignChanged,
}

/// What the player is told on arriving on `key`'s level.
pub fn arrival_notice(reason: ChangeReason, key: &LevelKey) -> String {
    let what = key.config.kind().info().with_article();
    let code = key.encode();
    match reason {
        ChangeReason::Start => format!("Depth {}: {what}. Level key {code}.", key.depth),
        ChangeReason::Descend => format!("You go down to depth {}: {what}.", key.depth),
        ChangeReason::Fall => format!("You fall to depth {}: {what}.", key.depth),
        ChangeReason::Ascend => format!("You climb back up to depth {}.", key.depth),
        ChangeReason::Regenerate => format!("Regenerated with a fresh seed: level key {code}."),
        ChangeReason::SwitchKind => {
            format!("Depth {} is now {what}: level key {code}.", key.depth)
        }
        ChangeReason::AdjustWalls => format!("New cave: level key {code}."),
        ChangeReason::FinishWatch => "Pockets repaired, stairs placed: the finished cave.".into(),
        ChangeReason::CampaignChanged => {
            format!("Depth {} made again: {what}, level key {code}.", key.depth)
        }
    }
}
