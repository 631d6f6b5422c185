//! Cellular-automata caves: random fill, border walls, horizontal blanking, passes of the
//! 4-5 rule, then pocket repair so that every cave has exactly one walkable region.

use serde::{Deserialize, Serialize};

use super::automaton::WallBits;
use super::regions::{NO_REGION, Regions, UNREACHABLE, distances_from};
use super::{Invalid, Layout, LevelReport, check_range};
use crate::grid::{Grid, Tile};
use crate::rng::StreamRng;

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

/// Parameters of a cave level. Defaults follow the seed text where it gives a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CaveConfig {
    /// Width in tiles (16–4096).
    pub width: u32,
    /// Height in tiles (12–4096).
    pub height: u32,
    /// Chance in percent that a tile starts as wall in the random fill (0–100; seed: 40).
    pub wall_percent: u32,
    /// Passes of the 4-5 rule (0–20; seed: "about 4-5 rounds being pretty typical").
    pub passes: u32,
    /// Height of the horizontal strip cleared through the middle before the passes
    /// (0 turns blanking off; seed: "about 3 or 4 blocks tall").
    pub blanking_height: u32,
    /// What to do with isolated pockets after the passes.
    pub pocket_repair: PocketRepair,
    /// Radius around each stair that must be clear of walls (1–3).
    pub stair_clearance: u32,
    /// Items lying on the level (0–64).
    pub loot: u32,
}

impl Default for CaveConfig {
    fn default() -> Self {
        CaveConfig {
            width: 80,
            height: 50,
            wall_percent: 40,
            passes: 4,
            blanking_height: 3,
            pocket_repair: PocketRepair::Tunnel,
            stair_clearance: 2,
            loot: 6,
        }
    }
}

impl CaveConfig {
    /// Checks every value against its documented bounds.
    pub fn validate(&self) -> Result<(), Invalid> {
        check_range("width", self.width, 16, 4096)?;
        check_range("height", self.height, 12, 4096)?;
        check_range("wall_percent", self.wall_percent, 0, 100)?;
        check_range("passes", self.passes, 0, 20)?;
        check_range("blanking_height", self.blanking_height, 0, self.height - 2)?;
        check_range("stair_clearance", self.stair_clearance, 1, 3)?;
        check_range("loot", self.loot, 0, 64)?;
        Ok(())
    }
}

/// Generates a cave layout (no stairs yet) from the layout stream.
///
/// In order: every inner tile is drawn as wall with `wall_percent` chance (row by row,
/// one draw per tile; the border ring is wall without a draw); the blanking strip is
/// cleared; `passes` passes of the 4-5 rule run ([`WallBits`]); the border ring is made
/// wall again; if too little floor is left for two stairs (fewer tiles than two
/// `(2·stair_clearance + 1)²` squares, as when `wall_percent` is high), the strip is
/// cleared again, at least `2·stair_clearance + 1` rows tall; then pockets are
/// repaired as `pocket_repair` says. With `Tunnel` or `Fill` the result has exactly one
/// 4-connected walkable region.
pub fn generate(config: &CaveConfig, rng: &mut StreamRng) -> Layout {
    let (width, height) = (config.width as usize, config.height as usize);
    if width < 3 || height < 3 {
        // No inner tiles at all (only an unvalidated config gets here): solid rock.
        return Layout {
            tiles: Grid::new(width, height, Tile::Wall),
            rooms: None,
            report: LevelReport::default(),
        };
    }
    let walls = initial_fill(config, rng);
    let mut walls = WallBits::from_grid(&walls).steps(config.passes).to_grid();
    make_border_wall(&mut walls);
    let side = 2 * config.stair_clearance as usize + 1;
    let floor = walls.cells().iter().filter(|&&wall| !wall).count();
    if floor < 2 * side * side {
        clear_strip(&mut walls, (config.blanking_height as usize).max(side));
    }
    let mut tiles = walls.map(|wall| if wall { Tile::Wall } else { Tile::Floor });
    let regions = Regions::of(&tiles);
    let mut report = LevelReport {
        pockets_before_repair: regions.count().saturating_sub(1) as u32,
        ..LevelReport::default()
    };
    if let Some(main) = regions.largest().filter(|_| regions.count() > 1) {
        match config.pocket_repair {
            PocketRepair::Tunnel => tunnel_pockets(&mut tiles, &regions, main),
            PocketRepair::Fill => fill_pockets(&mut tiles, &regions, main),
            PocketRepair::Off => {}
        }
    }
    let walkable = tiles.cells().iter().filter(|t| t.is_walkable()).count();
    report.floor_permille = (walkable * 1000 / tiles.len().max(1)) as u32;
    Layout {
        tiles,
        rooms: None,
        report,
    }
}

/// The cave before any pass: border walls, the random fill (one draw per inner tile,
/// row by row) and the horizontal blanking strip. [`generate`] starts from exactly
/// this, so the game can show the automaton pass by pass on the very level it makes.
pub fn initial_fill(config: &CaveConfig, rng: &mut StreamRng) -> Grid<bool> {
    let (width, height) = (config.width as usize, config.height as usize);
    let mut walls = Grid::new(width, height, true);
    for y in 1..height.saturating_sub(1) {
        for x in 1..width.saturating_sub(1) {
            walls.cells_mut()[y * width + x] = rng.chance_percent(config.wall_percent);
        }
    }
    clear_strip(&mut walls, config.blanking_height as usize);
    walls
}

/// Clears `rows` rows centred on `height / 2`, inner columns only (the border stays).
fn clear_strip(walls: &mut Grid<bool>, rows: usize) {
    let (width, height) = (walls.width(), walls.height());
    let inner_rows = height.saturating_sub(2);
    let rows = rows.min(inner_rows);
    if rows == 0 {
        return;
    }
    let top = (height / 2)
        .saturating_sub(rows / 2)
        .clamp(1, height - 1 - rows);
    for y in top..top + rows {
        walls.cells_mut()[y * width + 1..(y + 1) * width - 1].fill(false);
    }
}

/// Makes the outermost ring wall.
fn make_border_wall(walls: &mut Grid<bool>) {
    let (width, height) = (walls.width(), walls.height());
    let cells = walls.cells_mut();
    cells[..width].fill(true);
    cells[(height - 1) * width..].fill(true);
    for y in 1..height - 1 {
        cells[y * width] = true;
        cells[y * width + width - 1] = true;
    }
}

/// Turns every walkable tile outside the `main` region into wall.
fn fill_pockets(tiles: &mut Grid<Tile>, regions: &Regions, main: u32) {
    for (tile, &label) in tiles.cells_mut().iter_mut().zip(regions.labels()) {
        if label != NO_REGION && label != main {
            *tile = Tile::Wall;
        }
    }
}

/// Digs a one-tile-wide orthogonal corridor from each pocket to the nearest tile of the
/// `main` region. One breadth-first search through every inner tile (walls too, never
/// the border ring) starts from the whole main region at once; each pocket, in label
/// order, picks its tile nearest to the main region (first in row-major order on ties)
/// and walks down the distances to it, stepping up, right, down, left in that order of
/// preference, turning walls on the way into floor. Each corridor ends in the main
/// region, so afterwards every pocket is joined to it.
fn tunnel_pockets(tiles: &mut Grid<Tile>, regions: &Regions, main: u32) {
    let (width, height) = (tiles.width(), tiles.height());
    let labels = regions.labels();
    let main_tiles: Vec<usize> = (0..labels.len()).filter(|&i| labels[i] == main).collect();
    let mut inner = Grid::new(width, height, false);
    for y in 1..height - 1 {
        inner.cells_mut()[y * width + 1..(y + 1) * width - 1].fill(true);
    }
    let distance = distances_from(&inner, &main_tiles, |diggable| diggable);
    // The nearest tile of each pocket: the first strictly smaller distance wins, which
    // in row-major order is the first tile on ties.
    let mut nearest = vec![(UNREACHABLE, usize::MAX); regions.count()];
    for (i, &label) in labels.iter().enumerate() {
        if label != NO_REGION && label != main && distance[i] < nearest[label as usize].0 {
            nearest[label as usize] = (distance[i], i);
        }
    }
    for &(pocket_distance, start) in &nearest {
        if pocket_distance == UNREACHABLE {
            continue;
        }
        let mut at = start;
        while distance[at] > 0 {
            let (x, y) = (at % width, at / width);
            let steps = [
                (y > 0).then(|| at - width),
                (x + 1 < width).then(|| at + 1),
                (y + 1 < height).then(|| at + width),
                (x > 0).then(|| at - 1),
            ];
            let Some(next) = steps
                .into_iter()
                .flatten()
                .find(|&j| distance[j] == distance[at] - 1)
            else {
                break;
            };
            at = next;
            if tiles.cells()[at].is_wall() {
                tiles.cells_mut()[at] = Tile::Floor;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::regions::count_regions;
    use super::*;
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
                pockets_seen += layout.report.pockets_before_repair;
            }
            let off = CaveConfig {
                pocket_repair: PocketRepair::Off,
                ..CaveConfig::default()
            };
            let layout = cave(&off, seed);
            assert_eq!(
                count_regions(&layout.tiles) as u32,
                layout.report.pockets_before_repair + 1
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
    fn unvalidated_tiny_sizes_give_solid_rock_without_panicking() {
        for (width, height) in [(0, 0), (1, 12), (16, 2), (3, 3)] {
            let config = CaveConfig {
                width,
                height,
                ..CaveConfig::default()
            };
            let layout = cave(&config, 1);
            assert_eq!(layout.tiles.len(), (width * height) as usize);
        }
    }

    #[test]
    fn blanking_strip_is_centred_and_inside_the_border() {
        let mut walls = Grid::new(16, 12, true);
        clear_strip(&mut walls, 3);
        let open_rows: Vec<usize> = (0..12).filter(|&y| !walls.row(y)[5]).collect();
        assert_eq!(open_rows, [5, 6, 7]);
        assert!(walls.row(6)[0] && walls.row(6)[15]);
        let mut tall = Grid::new(16, 12, true);
        clear_strip(&mut tall, 10);
        assert!((1..11).all(|y| !tall.row(y)[1]) && tall.row(0)[1] && tall.row(11)[1]);
    }
}
