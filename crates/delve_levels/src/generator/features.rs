//! The feature layer: terrain laid over a finished layout, after its stairs and before its
//! loot, in a fixed order — lakes (water, lava or chasm), bridges over chasms, secret and
//! closed doors, traps — as Brogue's `digDungeon` does after carving. Every step draws
//! from the level's own [`Stream::Features`](crate::rng::Stream::Features), so a
//! config with its features off (the default) gives the layout, loot, monsters and key it
//! always gave.
//!
//! Each step keeps the level's guarantees, and refuses what would break one:
//! - around each stair, the square of its clear radius (and one tile more) is never
//!   touched;
//! - a lake is refused when any walkable tile would no longer be reachable from the up
//!   stairs on foot (Brogue's `lakeDisruptsPassability`): a lake never cuts dry floor off;
//! - a bridge is built only across at least [`MIN_BRIDGE_SPAN`] tiles of chasm, where the
//!   walk round is at least three times the span and [`MIN_BRIDGE_SAVING`] steps longer
//!   (Brogue's `buildABridge`) — so no bridge is ever needed, only a shortcut;
//! - a secret door or a trap never lies on the shortest walk between the stairs, so the
//!   down stairs stay reachable without finding or crossing either; must-find items are
//!   placed afterwards on what is reachable without them.

mod lakes;
mod reach;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::key_value::KeyValue;
use super::{Invalid, check_range};
use crate::analysis::distances::{UNREACHABLE, distances_from};
use crate::grid::{Grid, Pos, Tile, Trap};
use crate::rng::StreamRng;

pub use lakes::{MIN_BRIDGE_SAVING, MIN_BRIDGE_SPAN};

/// Lakes a level may ask for: default and bounds.
pub(crate) const LAKES: (u32, u32) = (0, 12);
/// Traps a level may ask for: default and bounds.
pub(crate) const TRAPS: (u32, u32) = (0, 64);

/// What a level's lakes hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LakeKind {
    /// Deep water ringed with shallow water.
    #[default]
    Water,
    /// Lava.
    Lava,
    /// A chasm, bridged where a bridge shortens the walk.
    Chasm,
    /// Each lake draws one: water (half the lakes), chasm (three in ten) or lava.
    Any,
}

impl KeyValue for LakeKind {
    fn to_key(&self) -> u32 {
        match self {
            LakeKind::Water => 0,
            LakeKind::Lava => 1,
            LakeKind::Chasm => 2,
            LakeKind::Any => 3,
        }
    }
    fn from_key(value: u32) -> Option<LakeKind> {
        Some(match value {
            0 => LakeKind::Water,
            1 => LakeKind::Lava,
            2 => LakeKind::Chasm,
            3 => LakeKind::Any,
            _ => return None,
        })
    }
}

/// The terrain features a level config asks for (every kind shares them; all 0 = off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FeatureConfig {
    /// Lakes to lay (each tried a few times; a lake that finds no place is left out).
    pub lakes: u32,
    /// What the lakes hold.
    pub lake: LakeKind,
    /// Share of the doorways, in percent, made closed doors.
    pub closed_doors: u32,
    /// Share of the doorways, in percent, made secret doors (where no stair needs them).
    pub secret_doors: u32,
    /// Hidden traps to lay.
    pub traps: u32,
}

impl FeatureConfig {
    /// Whether the config lays no terrain at all (the layer then draws nothing).
    pub fn is_off(&self) -> bool {
        self.lakes == 0 && self.closed_doors == 0 && self.secret_doors == 0 && self.traps == 0
    }

    /// Checks every feature against its bounds.
    pub fn check(&self) -> Result<(), Invalid> {
        check_range("lakes", self.lakes, LAKES.0, LAKES.1)?;
        check_range("closed_doors", self.closed_doors, 0, 100)?;
        check_range("secret_doors", self.secret_doors, 0, 100)?;
        check_range("traps", self.traps, TRAPS.0, TRAPS.1)
    }
}

/// Why the feature layer left something out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureVeto {
    /// A lake would have cut walkable ground off from the up stairs.
    LakeCutsOff,
    /// A lake would have lain (nearly) all in rock or in the stairs' clear squares.
    LakeInRock,
    /// The level is too small for a lake.
    LakeNoRoom,
    /// Fewer tiles than traps asked for lay off the way between the stairs.
    TrapNoRoom,
}

impl FeatureVeto {
    /// Every veto, in report order.
    pub const ALL: [FeatureVeto; 4] = [
        FeatureVeto::LakeCutsOff,
        FeatureVeto::LakeInRock,
        FeatureVeto::LakeNoRoom,
        FeatureVeto::TrapNoRoom,
    ];
}

impl fmt::Display for FeatureVeto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FeatureVeto::LakeCutsOff => "a lake would cut floor off",
            FeatureVeto::LakeInRock => "a lake would lie in rock",
            FeatureVeto::LakeNoRoom => "no room for a lake",
            FeatureVeto::TrapNoRoom => "no room for a trap",
        })
    }
}

/// What the feature layer laid, and what it refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeatureReport {
    /// Lakes laid.
    pub lakes: u32,
    /// Bridges built.
    pub bridges: u32,
    /// Doorways made closed doors.
    pub closed_doors: u32,
    /// Doorways made secret doors.
    pub secret_doors: u32,
    /// Traps laid.
    pub traps: u32,
    /// Everything refused, in order.
    pub vetoes: Vec<FeatureVeto>,
}

impl fmt::Display for FeatureReport {
    /// "2 lakes, 1 bridge, 8 closed doors, 2 secret doors, 3 traps (refused: …)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counted =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{}, {}, {}, {}, {}",
            counted(self.lakes, "lake", "lakes"),
            counted(self.bridges, "bridge", "bridges"),
            counted(self.closed_doors, "closed door", "closed doors"),
            counted(self.secret_doors, "secret door", "secret doors"),
            counted(self.traps, "trap", "traps"),
        )?;
        if !self.vetoes.is_empty() {
            let refused: Vec<String> = self.vetoes.iter().map(|v| v.to_string()).collect();
            write!(f, " (refused: {})", refused.join("; "))?;
        }
        Ok(())
    }
}

/// The stairs of a level and their clear radius: what the layer never touches.
#[derive(Clone, Copy, Debug)]
pub struct Stairs {
    /// The up stairs.
    pub up: Pos,
    /// The down stairs.
    pub down: Pos,
    /// Their clear radius.
    pub clearance: u32,
}

impl Stairs {
    /// Whether `pos` lies within a stair's clear square or the ring round it.
    fn guards(&self, pos: Pos) -> bool {
        let reach = self.clearance as i32 + 1;
        pos.chebyshev(self.up) <= reach || pos.chebyshev(self.down) <= reach
    }
}

/// Lays `config`'s features over `tiles` (a layout with its stairs drawn), drawing from
/// `rng` (the level's features stream). Nothing is drawn when the config is off.
///
/// No secret door or trap is laid on one shortest walk between the stairs, nor on one
/// from the up stairs to any tile of `kept_reached` (a cyclic dungeon's key room), when
/// it is reached on foot. The traps are of `trap_kinds`, drawn evenly.
pub(crate) fn lay_features(
    tiles: &mut Grid<Tile>,
    stairs: Stairs,
    kept_reached: &[Pos],
    trap_kinds: &[Trap],
    config: &FeatureConfig,
    rng: &mut StreamRng,
) -> FeatureReport {
    let mut report = FeatureReport::default();
    if config.is_off() {
        return report;
    }
    let mut reach = reach::Reach::new(tiles.len());
    for _ in 0..config.lakes {
        let kind = match config.lake {
            LakeKind::Water => Tile::DeepWater,
            LakeKind::Lava => Tile::Lava,
            LakeKind::Chasm => Tile::Chasm,
            LakeKind::Any => match rng.below(10) {
                0..5 => Tile::DeepWater,
                5..8 => Tile::Chasm,
                _ => Tile::Lava,
            },
        };
        match lakes::lay_lake(tiles, stairs, kind, &mut reach, rng) {
            Ok(()) => report.lakes += 1,
            Err(veto) => report.vetoes.push(veto),
        }
    }
    report.bridges = lakes::build_bridges(tiles, &mut reach, rng);
    if config.closed_doors == 0 && config.secret_doors == 0 && config.traps == 0 {
        return report;
    }
    // One shortest walk between the stairs, which no secret door or trap may block.
    let mut way = way_between(tiles, stairs.up, &[stairs.down]);
    if !kept_reached.is_empty() {
        let kept = way_between(tiles, stairs.up, kept_reached);
        for (on_way, kept) in way.iter_mut().zip(kept) {
            *on_way |= kept;
        }
    }
    let bridged = report.bridges > 0;
    lay_doors(tiles, stairs, &way, bridged, config, rng, &mut report);
    let traps = Traps {
        count: config.traps,
        kinds: trap_kinds,
    };
    lay_traps(tiles, stairs, &way, bridged, traps, rng, &mut report);
    report
}

/// The tiles of one shortest walk from `from` to the nearest of `to` (over walkable
/// tiles), by index; none when none is reached.
fn way_between(tiles: &Grid<Tile>, from: Pos, to: &[Pos]) -> Vec<bool> {
    let mut way = vec![false; tiles.len()];
    let goals: Vec<usize> = to.iter().map(|&p| tiles.index_of(p)).collect();
    let distance = distances_from(tiles, &goals, Tile::is_walkable);
    let mut at = from;
    if distance[tiles.index_of(at)] == UNREACHABLE {
        return way;
    }
    loop {
        way[tiles.index_of(at)] = true;
        let here = distance[tiles.index_of(at)];
        if here == 0 {
            return way;
        }
        at = tiles
            .neighbours4(at)
            .find(|&n| distance[tiles.index_of(n)] == here - 1)
            .expect("a tile off the goal has a neighbour one step nearer");
    }
}

/// Whether the tile of index `i` is beside a bridge (where a bridge lands: it stays
/// walkable, so that every bridge leads somewhere).
fn ends_a_bridge(tiles: &Grid<Tile>, i: usize) -> bool {
    tiles
        .neighbours4(tiles.pos_of(i))
        .any(|n| tiles[n] == Tile::Bridge)
}

/// `percent` of `count`, rounded half up.
fn share(count: usize, percent: u32) -> usize {
    (count * percent as usize + 50) / 100
}

/// Makes doorways secret (only those off `way`, and off a bridge's end when `bridged`)
/// and closed, in a shuffled order.
fn lay_doors(
    tiles: &mut Grid<Tile>,
    stairs: Stairs,
    way: &[bool],
    bridged: bool,
    config: &FeatureConfig,
    rng: &mut StreamRng,
    report: &mut FeatureReport,
) {
    if config.secret_doors == 0 && config.closed_doors == 0 {
        return;
    }
    let mut doors: Vec<usize> = (0..tiles.len())
        .filter(|&i| tiles.cells()[i] == Tile::Door && !stairs.guards(tiles.pos_of(i)))
        .collect();
    rng.shuffle(&mut doors);
    let secret = share(doors.len(), config.secret_doors);
    let closed = share(doors.len(), config.closed_doors);
    for i in doors {
        let lands_a_bridge = bridged && ends_a_bridge(tiles, i);
        if (report.secret_doors as usize) < secret && !way[i] && !lands_a_bridge {
            tiles.cells_mut()[i] = Tile::SecretDoor;
            report.secret_doors += 1;
        } else if (report.closed_doors as usize) < closed {
            tiles.cells_mut()[i] = Tile::ClosedDoor;
            report.closed_doors += 1;
        }
    }
}

/// The traps a level asks for: how many, and of which kinds (drawn evenly).
#[derive(Clone, Copy)]
struct Traps<'a> {
    count: u32,
    kinds: &'a [Trap],
}

/// Lays `traps` on floor off `way` (and off a bridge's end when `bridged`).
fn lay_traps(
    tiles: &mut Grid<Tile>,
    stairs: Stairs,
    way: &[bool],
    bridged: bool,
    traps: Traps<'_>,
    rng: &mut StreamRng,
    report: &mut FeatureReport,
) {
    if traps.count == 0 || traps.kinds.is_empty() {
        return;
    }
    let mut spots: Vec<usize> = (0..tiles.len())
        .filter(|&i| {
            tiles.cells()[i] == Tile::Floor
                && !way[i]
                && !stairs.guards(tiles.pos_of(i))
                && (!bridged || !ends_a_bridge(tiles, i))
        })
        .collect();
    for _ in 0..traps.count {
        if spots.is_empty() {
            report.vetoes.push(FeatureVeto::TrapNoRoom);
            continue;
        }
        let at = spots.swap_remove(rng.below(spots.len() as u32) as usize);
        let trap = traps.kinds[rng.below(traps.kinds.len() as u32) as usize];
        tiles.cells_mut()[at] = trap.tile();
        report.traps += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    #[test]
    fn lake_kinds_round_trip_through_keys_and_unknown_numbers_are_refused() {
        for kind in [
            LakeKind::Water,
            LakeKind::Lava,
            LakeKind::Chasm,
            LakeKind::Any,
        ] {
            assert_eq!(LakeKind::from_key(kind.to_key()), Some(kind));
        }
        assert_eq!(LakeKind::from_key(4), None);
    }

    #[test]
    fn a_config_with_its_features_off_draws_nothing_and_changes_nothing() {
        let mut tiles = Grid::new(20, 12, Tile::Floor);
        let before = tiles.clone();
        let mut rng = StreamRng::new(3, Stream::Features);
        let mut untouched = rng.clone();
        let stairs = Stairs {
            up: Pos::new(3, 3),
            down: Pos::new(16, 8),
            clearance: 1,
        };
        let report = lay_features(
            &mut tiles,
            stairs,
            &[],
            &Trap::ALL,
            &FeatureConfig::default(),
            &mut rng,
        );
        assert_eq!(report, FeatureReport::default());
        assert_eq!(tiles, before);
        assert_eq!(rng.next_u64(), untouched.next_u64());
    }

    #[test]
    fn shares_round_half_up() {
        assert_eq!(share(8, 10), 1);
        assert_eq!(share(4, 10), 0);
        assert_eq!(share(10, 100), 10);
    }
}
