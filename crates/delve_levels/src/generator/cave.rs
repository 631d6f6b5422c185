//! Cellular-automata caves: random fill, border walls, horizontal blanking, passes of the
//! 4-5 rule, then pocket repair so that every cave has exactly one walkable region.

use serde::{Deserialize, Serialize};

use super::key_value::KeyValue;
use super::{Count, Generation, Generator, KindInfo, Layout, LevelReport, MAX_ATTEMPTS};
use crate::analysis::regions::RunRegions;
use crate::analysis::wall_bits::WallBits;
use crate::grid::{Grid, Tile};
use crate::rng::StreamRng;

pub mod automaton;
mod pockets;

use pockets::{fill_pockets, tunnel_pockets};

/// A pocket of more than this many tiles is a large one: the seed text allows tiny
/// holes, so `delve stats` counts the larger ones apart.
pub const SMALL_POCKET: u32 = 5;

/// What happens to walkable pockets cut off from the main cave after the passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PocketRepair {
    /// Dig a one-tile corridor from each pocket to the nearest part of the main cave.
    #[default]
    Tunnel,
    /// Turn each pocket into rock.
    Fill,
    /// Leave pockets as they are: the seed text's raw behaviour, for measuring it.
    /// Such a level does not keep the one-region guarantee.
    Off,
}

impl KeyValue for PocketRepair {
    fn to_key(&self) -> u32 {
        match self {
            PocketRepair::Tunnel => 0,
            PocketRepair::Fill => 1,
            PocketRepair::Off => 2,
        }
    }
    fn from_key(value: u32) -> Option<PocketRepair> {
        Some(match value {
            0 => PocketRepair::Tunnel,
            1 => PocketRepair::Fill,
            2 => PocketRepair::Off,
            _ => return None,
        })
    }
}

/// How a pass of the 4-5 rule reads its neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CaveRule {
    /// Every cell reads the walls as they were before the pass (double-buffered): the
    /// rule delve has always used, computed 64 cells at a time.
    #[default]
    Synchronous,
    /// Cells are updated in place, row by row and left to right, border included, so a
    /// cell already sees the new values of the cells above it and to its left: the seed
    /// text's own `MakeCaverns` loop.
    InPlace,
}

impl KeyValue for CaveRule {
    fn to_key(&self) -> u32 {
        match self {
            CaveRule::Synchronous => 0,
            CaveRule::InPlace => 1,
        }
    }
    fn from_key(value: u32) -> Option<CaveRule> {
        Some(match value {
            0 => CaveRule::Synchronous,
            1 => CaveRule::InPlace,
            _ => return None,
        })
    }
}

crate::generator_config! {
    /// Parameters of a cave level (width 16–4096, height 12–4096). Defaults follow the
    /// seed text where it gives a value.
    pub struct CaveConfig {
        size: (80, 50),
        width_bounds: |c| (16, 4096),
        height_bounds: |c| (12, 4096);
        /// Chance in percent that a tile starts as wall in the random fill (0–100; seed: 40).
        wall_percent: u32 = 40, bounds: |c| (0, 100);
        /// Passes of the 4-5 rule (0–20; seed: "about 4-5 rounds being pretty typical").
        passes: u32 = 4, bounds: |c| (0, 20);
        /// Height of the horizontal strip cleared through the middle before the passes
        /// (0 turns blanking off, at most the height − 2; seed: "about 3 or 4 blocks tall").
        blanking_height: u32 = 3, bounds: |c| (0, c.height - 2);
        /// What to do with isolated pockets after the passes.
        pocket_repair: PocketRepair = PocketRepair::Tunnel, bounds: |c| (0, 2);
        @appended {
            /// How each pass reads its neighbours (default `Synchronous`; `InPlace` is the
            /// seed text's loop).
            rule: CaveRule, bounds: |c| (0, 1);
        }
    }
}

/// Walkable regions besides the main one, before pocket repair.
pub const POCKETS_BEFORE_REPAIR: Count = Count {
    name: "pockets before repair",
    surveyed: false,
};

/// Of those, the ones larger than [`SMALL_POCKET`] tiles.
pub const LARGE_POCKETS_BEFORE_REPAIR: Count = Count {
    name: "large pockets before repair",
    surveyed: false,
};

impl Generator for CaveConfig {
    const INFO: KindInfo = KindInfo {
        name: "cave",
        noun: "cave",
        article: "a",
        plural: "caves",
        about: "Cellular-automata cave",
        counts: &[POCKETS_BEFORE_REPAIR, LARGE_POCKETS_BEFORE_REPAIR],
    };

    fn generate(&self, _: Generation, rng: &mut StreamRng) -> Layout {
        generate(self, rng)
    }

    /// A cave whose stairs find no room is thrown away for the next layout: carving a
    /// chamber into a cave shows. Only the last attempt carves.
    fn carves_stair_chambers(&self, attempt: u32) -> bool {
        attempt + 1 == MAX_ATTEMPTS
    }

    fn keeps_one_region(&self) -> bool {
        self.pocket_repair != PocketRepair::Off
    }
}

/// Generates a cave layout (no stairs yet) from the layout stream.
///
/// In order: every inner tile is drawn as wall with `wall_percent` chance (row by row,
/// one draw per tile; the border ring is wall without a draw); the blanking strip is
/// cleared; `passes` passes of the 4-5 rule run by `rule` (synchronous on packed wall
/// bits, or the seed text's in-place loop); the border ring is made
/// wall again; if too little floor is left for two stairs (fewer tiles than two
/// `(2·stair_clearance + 1)²` squares, as when `wall_percent` is high), the strip is
/// cleared again, at least `2·stair_clearance + 1` rows tall; then pockets are
/// repaired as `pocket_repair` says. With `Tunnel` or `Fill` the result has exactly one
/// 4-connected walkable region.
///
/// Everything up to the repair works on the packed walls; the tiles are unpacked once.
pub fn generate(config: &CaveConfig, rng: &mut StreamRng) -> Layout {
    let (width, height) = (config.width as usize, config.height as usize);
    if width < 3 || height < 3 {
        // No inner tiles at all (only an unvalidated config gets here): solid rock.
        return Layout {
            tiles: Grid::new(width, height, Tile::Wall),
            rooms: None,
            plan: None,
            report: LevelReport::counting([
                (POCKETS_BEFORE_REPAIR, 0),
                (LARGE_POCKETS_BEFORE_REPAIR, 0),
            ]),
        };
    }
    let mut walls = run_passes(filled_walls(config, rng), config.rule, config.passes);
    make_border_wall(&mut walls);
    let side = 2 * config.stair_clearance as usize + 1;
    let mut walkable = width * height - walls.count_walls();
    if walkable < 2 * side * side {
        clear_strip(&mut walls, (config.blanking_height as usize).max(side));
        walkable = width * height - walls.count_walls();
    }
    let regions = RunRegions::of_walls(&walls);
    let mut tiles = walls.to_tiles();
    let main = regions.largest();
    let large_pockets = (regions.sizes().iter().enumerate())
        .filter(|&(label, &size)| Some(label as u32) != main && size > SMALL_POCKET)
        .count();
    let mut report = LevelReport::counting([
        (
            POCKETS_BEFORE_REPAIR,
            regions.count().saturating_sub(1) as u32,
        ),
        (LARGE_POCKETS_BEFORE_REPAIR, large_pockets as u32),
    ]);
    if let Some(main) = main.filter(|_| regions.count() > 1) {
        match config.pocket_repair {
            PocketRepair::Tunnel => walkable += tunnel_pockets(&mut tiles, &regions, main),
            PocketRepair::Fill => walkable -= fill_pockets(&mut tiles, &regions, main),
            PocketRepair::Off => {}
        }
    }
    report.floor_permille = (walkable * 1000 / tiles.len().max(1)) as u32;
    Layout {
        tiles,
        rooms: None,
        plan: None,
        report,
    }
}

/// The cave as [`generate`] forms it from `rng`, stage by stage: the initial fill, then
/// the walls after each of the `passes` passes (the same packed automaton), before the
/// border is made wall again and pockets are repaired. For showing a cave form.
pub fn stages(config: &CaveConfig, rng: &mut StreamRng) -> Vec<Grid<bool>> {
    let mut walls = filled_walls(config, rng);
    let mut stages = vec![walls.to_grid()];
    for _ in 0..config.passes {
        walls = run_passes(walls, config.rule, 1);
        stages.push(walls.to_grid());
    }
    stages
}

/// `passes` passes of the 4-5 rule, read as `rule` says.
fn run_passes(walls: WallBits, rule: CaveRule, passes: u32) -> WallBits {
    match rule {
        CaveRule::Synchronous => walls.steps(passes),
        CaveRule::InPlace => automaton::steps_in_place(&walls, passes),
    }
}

/// The cave before any pass: border walls, the random fill (one draw per inner tile,
/// row by row, straight into the packed words) and the horizontal blanking strip.
fn filled_walls(config: &CaveConfig, rng: &mut StreamRng) -> WallBits {
    let (width, height) = (config.width as usize, config.height as usize);
    let percent = config.wall_percent;
    // Border cells are set after the draws rather than tested before each one: `from_fn`
    // asks in row-major order, so the inner cells still draw row by row.
    let inner = |x: usize, y: usize| x > 0 && y > 0 && x + 1 < width && y + 1 < height;
    let mut walls = WallBits::from_fn(width, height, |x, y| {
        inner(x, y) && rng.chance_percent(percent)
    });
    make_border_wall(&mut walls);
    clear_strip(&mut walls, config.blanking_height as usize);
    walls
}

/// Clears `rows` rows centred on `height / 2`, inner columns only (the border stays).
fn clear_strip(walls: &mut WallBits, rows: usize) {
    let (width, height) = (walls.width(), walls.height());
    let inner_rows = height.saturating_sub(2);
    let rows = rows.min(inner_rows);
    if rows == 0 {
        return;
    }
    let top = (height / 2)
        .saturating_sub(rows / 2)
        .clamp(1, height - 1 - rows);
    walls.fill_rect(1..width.saturating_sub(1), top..top + rows, false);
}

/// Makes the outermost ring wall.
fn make_border_wall(walls: &mut WallBits) {
    let (width, height) = (walls.width(), walls.height());
    walls.fill_rect(0..width, 0..1, true);
    walls.fill_rect(0..width, height.saturating_sub(1)..height, true);
    walls.fill_rect(0..1, 0..height, true);
    walls.fill_rect(width.saturating_sub(1)..width, 0..height, true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::count_regions;
    use crate::rng::Stream;

    fn cave(config: &CaveConfig, seed: u64) -> Layout {
        generate(config, &mut StreamRng::new(seed, Stream::Layout))
    }

    #[test]
    fn tunnel_and_fill_leave_one_region_and_off_keeps_pockets() {
        let mut pockets_seen = 0;
        for seed in 0..200 {
            for repair in [PocketRepair::Tunnel, PocketRepair::Fill] {
                let config = CaveConfig {
                    pocket_repair: repair,
                    ..CaveConfig::default()
                };
                let layout = cave(&config, seed);
                assert_eq!(count_regions(&layout.tiles), 1, "seed {seed} {repair:?}");
                pockets_seen += layout.report.count(POCKETS_BEFORE_REPAIR).unwrap_or(0);
            }
            let off = CaveConfig {
                pocket_repair: PocketRepair::Off,
                ..CaveConfig::default()
            };
            let layout = cave(&off, seed);
            assert_eq!(
                count_regions(&layout.tiles) as u32,
                layout.report.count(POCKETS_BEFORE_REPAIR).unwrap_or(0) + 1
            );
        }
        assert!(
            pockets_seen > 0,
            "the default config should make some pockets to repair"
        );
    }

    #[test]
    fn tunnels_only_turn_walls_into_floor() {
        for seed in 0..50 {
            let off = cave(
                &CaveConfig {
                    pocket_repair: PocketRepair::Off,
                    ..CaveConfig::default()
                },
                seed,
            );
            let tunnel = cave(&CaveConfig::default(), seed);
            for (before, after) in off.tiles.cells().iter().zip(tunnel.tiles.cells()) {
                assert!(before == after || (before.is_wall() && *after == Tile::Floor));
            }
        }
    }

    #[test]
    fn a_cave_with_almost_no_floor_left_gets_an_open_strip() {
        for (wall_percent, blanking_height) in [(100, 0), (100, 3), (90, 0)] {
            let config = CaveConfig {
                wall_percent,
                blanking_height,
                passes: 6,
                ..CaveConfig::default()
            };
            let layout = cave(&config, 1);
            assert_eq!(
                count_regions(&layout.tiles),
                1,
                "{wall_percent}% blanking {blanking_height}"
            );
        }
    }

    #[test]
    fn unvalidated_tiny_sizes_give_walled_grids_of_their_size_without_panicking() {
        for (width, height) in [(0, 0), (1, 12), (16, 2), (3, 3)] {
            let config = CaveConfig {
                width,
                height,
                ..CaveConfig::default()
            };
            let layout = cave(&config, 1);
            let tiles = &layout.tiles;
            assert_eq!(tiles.len(), (width * height) as usize);
            let on_border = |p: crate::grid::Pos| {
                p.x == 0 || p.y == 0 || p.x + 1 == width as i32 || p.y + 1 == height as i32
            };
            assert!(
                tiles
                    .positions()
                    .filter(|&p| on_border(p))
                    .all(|p| tiles[p] == Tile::Wall),
                "{width}×{height}: walled all round"
            );
        }
    }

    #[test]
    fn blanking_strip_is_centred_and_inside_the_border() {
        let mut walls = WallBits::new(16, 12, true);
        clear_strip(&mut walls, 3);
        let open_rows: Vec<usize> = (0..12).filter(|&y| !walls.get(5, y)).collect();
        assert_eq!(open_rows, [5, 6, 7]);
        assert!(walls.get(0, 6) && walls.get(15, 6));
        let mut tall = WallBits::new(16, 12, true);
        clear_strip(&mut tall, 10);
        assert!((1..11).all(|y| !tall.get(1, y)) && tall.get(1, 0) && tall.get(1, 11));
    }
}
