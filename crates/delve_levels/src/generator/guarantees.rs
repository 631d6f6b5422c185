//! An independent checker of every level guarantee, used by `delve stats` and the tests.
//!
//! Deliberately simple (plain BFS, no shared code with the generators) so that it can
//! catch a generator's mistake instead of repeating it.

use std::fmt;

use super::Level;
use crate::analysis::walkable::WalkableGraph;
use crate::grid::{Grid, Pos, Tile};

/// A broken guarantee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A border tile is not a wall.
    OpenBorder(Pos),
    /// The walkable tiles (with every secret door found and traps crossed) form this many
    /// 4-connected regions instead of one — a pocket, or dry floor a lake cut off.
    Regions(usize),
    /// A stair is not where the tiles say.
    StairMissing(Pos),
    /// A tile within the clear radius of a stair is a wall.
    StairNotClear {
        /// The stair.
        stair: Pos,
        /// The wall found.
        wall: Pos,
    },
    /// The down stairs cannot be reached from the up stairs on foot (without finding a
    /// secret door or crossing a hazard).
    StairsUnreachable,
    /// An item lies on a tile that is not drawn as loot, or cannot be reached on foot.
    LootMisplaced(Pos),
    /// A bridge that does not lie over a chasm between two walkable ends.
    BridgeAstray(Pos),
    /// A vault's promise is broken.
    Vault(crate::vaults::proof::VaultViolation),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::OpenBorder(p) => write!(f, "border tile {p} is not a wall"),
            Violation::Regions(n) => write!(f, "{n} walkable regions instead of one"),
            Violation::StairMissing(p) => write!(f, "no stair drawn at {p}"),
            Violation::StairNotClear { stair, wall } => {
                write!(f, "stair at {stair} has a wall at {wall} within its radius")
            }
            Violation::StairsUnreachable => write!(f, "down stairs unreachable from up stairs"),
            Violation::LootMisplaced(p) => write!(f, "item at {p} is not drawn or not reachable"),
            Violation::BridgeAstray(p) => write!(f, "bridge tile {p} spans no chasm"),
            Violation::Vault(v) => write!(f, "{v}"),
        }
    }
}

/// Labels 4-connected walkable regions with a plain BFS; returns (labels, region count).
/// The BFS runs on the map copied inside a ring of wall (`WalkableGraph`), so a tile's
/// four neighbours are one step or one row away, with no edge to test.
pub(crate) fn label_regions_simple(tiles: &Grid<Tile>) -> (Vec<u32>, usize) {
    label_regions_where(tiles, Tile::is_walkable)
}

/// [`label_regions_simple`] over the tiles for which `open` holds.
pub(crate) fn label_regions_where(
    tiles: &Grid<Tile>,
    open: impl Fn(Tile) -> bool,
) -> (Vec<u32>, usize) {
    let graph = WalkableGraph::of_tiles_where(tiles, open);
    let mut padded_labels = vec![u32::MAX; graph.open.len()];
    let mut count = 0;
    let mut queue = Vec::new();
    for start in 0..graph.open.len() {
        if padded_labels[start] != u32::MAX || !graph.is_open(start) {
            continue;
        }
        padded_labels[start] = count;
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            for j in graph.neighbours(i) {
                if graph.is_open(j) && padded_labels[j] == u32::MAX {
                    padded_labels[j] = count;
                    queue.push(j);
                }
            }
        }
        count += 1;
    }
    let (width, stride) = (tiles.width(), graph.stride);
    let labels = (0..tiles.height())
        .flat_map(|y| &padded_labels[(y + 1) * stride + 1..][..width])
        .copied()
        .collect();
    (labels, count as usize)
}

/// Checks the guarantees any map keeps, layout or level: walls all round and exactly one
/// region of ground a player can pass once everything hidden is found (unless
/// `allow_pockets`) — a lake never cuts dry floor off. Returns the labels of the regions
/// walkable on foot, without finding or crossing anything (as the stairs and items need).
pub fn check_tiles(tiles: &Grid<Tile>, allow_pockets: bool) -> Result<Vec<u32>, Violation> {
    if let Some(p) = tiles
        .positions()
        .find(|&p| tiles.is_border(p) && !tiles[p].is_wall())
    {
        return Err(Violation::OpenBorder(p));
    }
    let (_, regions) = label_regions_where(tiles, Tile::is_passable_once_unlocked);
    if regions != 1 && !allow_pockets {
        return Err(Violation::Regions(regions));
    }
    let (labels, _) = label_regions_simple(tiles);
    Ok(labels)
}

/// Checks a level against every guarantee: walls all round, exactly one region once all
/// is found and unlocked (unless `allow_pockets`), both stairs drawn with a clear radius
/// of `clearance` (clear of walls and of every hazard) and joined on foot, every item
/// drawn and reachable on foot (an item of a vault: once everything is found and its
/// lock open), every bridge a straight run between walkable ends, and every vault's
/// promises ([`crate::vaults::proof::check_vaults`]).
pub fn check_level(level: &Level, clearance: u32, allow_pockets: bool) -> Result<(), Violation> {
    let tiles = &level.tiles;
    let labels = check_tiles(tiles, allow_pockets)?;
    for (stair, tile) in [(level.up, Tile::UpStairs), (level.down, Tile::DownStairs)] {
        if tiles.get(stair) != Some(tile) {
            return Err(Violation::StairMissing(stair));
        }
        let r = clearance as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                let q = stair.offset(dx, dy);
                if !tiles.is_walkable(q) {
                    return Err(Violation::StairNotClear { stair, wall: q });
                }
            }
        }
    }
    let main = labels[tiles.index_of(level.up)];
    if labels[tiles.index_of(level.down)] != main {
        return Err(Violation::StairsUnreachable);
    }
    let solution = crate::vaults::proof::solve(level);
    for item in &level.loot {
        let at = tiles.index_of(item.pos);
        let in_vault = level.vaults.iter().any(|v| v.covers(item.pos));
        let reached = labels[at] == main || (in_vault && solution.after_locks[at]);
        if tiles.get(item.pos) != Some(Tile::Loot) || !reached {
            return Err(Violation::LootMisplaced(item.pos));
        }
    }
    for p in tiles.positions().filter(|&p| tiles[p] == Tile::Bridge) {
        if !bridge_spans_a_chasm(tiles, p) {
            return Err(Violation::BridgeAstray(p));
        }
    }
    crate::vaults::proof::check_vaults(level).map_err(Violation::Vault)
}

/// Whether the bridge tile at `p` lies on a straight run of at least three bridge tiles,
/// east–west or north–south, with walkable ground (not bridge) at both ends. (What was
/// chasm under it the checker cannot see: the terrain tests put the chasm back and walk.)
pub(crate) fn bridge_spans_a_chasm(tiles: &Grid<Tile>, p: Pos) -> bool {
    [(1, 0), (0, 1)].into_iter().any(|(dx, dy)| {
        let mut length = 1;
        let mut ends_walkable = true;
        for sign in [1, -1] {
            let mut at = p.offset(sign * dx, sign * dy);
            while tiles.get(at) == Some(Tile::Bridge) {
                length += 1;
                at = at.offset(sign * dx, sign * dy);
            }
            ends_walkable &= tiles.is_walkable(at);
        }
        ends_walkable && length >= 3
    })
}
