//! Cellular-automata caves: random fill, border walls, horizontal blanking, passes of the
//! 4-5 rule, then pocket repair so that every cave has exactly one walkable region.

use serde::{Deserialize, Serialize};

use super::distances::{UNREACHABLE, distances_from};
use super::regions::{NO_REGION, Regions, RunRegions};
use super::wall_bits::WallBits;
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
///
/// Everything up to the repair works on the packed walls; the tiles are unpacked once.
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
    let mut walls = filled_walls(config, rng).steps(config.passes);
    make_border_wall(&mut walls);
    let side = 2 * config.stair_clearance as usize + 1;
    let mut walkable = width * height - walls.count_walls();
    if walkable < 2 * side * side {
        clear_strip(&mut walls, (config.blanking_height as usize).max(side));
        walkable = width * height - walls.count_walls();
    }
    let regions = RunRegions::of_walls(&walls);
    let mut tiles = walls.to_tiles();
    let mut report = LevelReport {
        pockets_before_repair: regions.count().saturating_sub(1) as u32,
        ..LevelReport::default()
    };
    if let Some(main) = regions.largest().filter(|_| regions.count() > 1) {
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
        report,
    }
}

/// The cave before any pass: border walls, the random fill (one draw per inner tile,
/// row by row) and the horizontal blanking strip. [`generate`] starts from exactly
/// this, so the game can show the automaton pass by pass on the very level it makes.
pub fn initial_fill(config: &CaveConfig, rng: &mut StreamRng) -> Grid<bool> {
    filled_walls(config, rng).to_grid()
}

/// [`initial_fill`], packed: the draws go straight into the words.
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

/// Turns every walkable tile outside the `main` region into wall; returns how many.
fn fill_pockets(tiles: &mut Grid<Tile>, regions: &RunRegions, main: u32) -> usize {
    let width = tiles.width();
    let mut filled = 0;
    for (y, columns, _) in regions.runs().filter(|&(_, _, label)| label != main) {
        filled += columns.len();
        tiles.cells_mut()[y * width + columns.start..y * width + columns.end].fill(Tile::Wall);
    }
    filled
}

/// Digs a one-tile-wide orthogonal corridor from each pocket to the nearest tile of the
/// `main` region; returns how many walls it dug out. The distance of an inner tile to
/// the main region is a breadth-first search through every inner tile (walls too,
/// never the border ring) from the whole main region at once; each pocket, in label
/// order, picks its tile nearest to the main region (first in row-major order on ties)
/// and walks down the distances to it, stepping up, right, down, left in that order of
/// preference, turning walls on the way into floor. Each corridor ends in the main
/// region, so afterwards every pocket is joined to it.
///
/// The search runs on packed rows, a whole row per step: ring `k` is every inner tile
/// within `k` steps, ring `k - 1` grown by one step in each direction. The inner tiles
/// form a rectangle, so these are exactly the search's distances, and walking down
/// means stepping into ring `d - 1`. Rings are grown only until every pocket is reached.
fn tunnel_pockets(tiles: &mut Grid<Tile>, regions: &RunRegions, main: u32) -> usize {
    tunnel_pockets_with(tiles, regions, main, RING_BITS_PER_TILE)
}

/// [`tunnel_pockets`], keeping at most `ring_bits_per_tile` ring bits per tile before
/// it searches instead.
fn tunnel_pockets_with(
    tiles: &mut Grid<Tile>,
    regions: &RunRegions,
    main: u32,
    ring_bits_per_tile: usize,
) -> usize {
    let (width, height) = (tiles.width(), tiles.height());
    let words = width.div_ceil(64);
    let plane = words * height;
    let mut inner = vec![0u64; plane];
    for y in 1..height - 1 {
        set_bits(&mut inner[y * words..(y + 1) * words], 1..width - 1);
    }
    // rings[k·plane..(k + 1)·plane] is ring k; ring 0 is the main region.
    let mut rings = vec![0u64; plane];
    let mut pocket_tiles = vec![0u64; plane];
    for (y, columns, label) in regions.runs() {
        let target = if label == main {
            &mut rings
        } else {
            &mut pocket_tiles
        };
        set_bits(&mut target[y * words..(y + 1) * words], columns);
    }
    // The nearest tile of each pocket: the first ring that reaches it, and in that ring
    // its first tile in row-major order.
    let mut nearest = vec![(UNREACHABLE, usize::MAX); regions.count()];
    let mut unreached = regions.count() - 1;
    let mut ring = 0;
    while unreached > 0 {
        if rings.len() > ring_bits_per_tile.saturating_mul(width * height) / 64 {
            // Pockets far from the main cave on a large map: rings would take more memory
            // than one distance per tile, so search all tiles instead.
            return tunnel_pockets_by_search(tiles, &regions.clone().into_regions(), main);
        }
        let grown = grow_ring(&rings[ring * plane..], &inner, words, height);
        if grown == rings[ring * plane..] {
            break; // Nothing left to reach (cannot happen: the inner tiles are connected).
        }
        ring += 1;
        let old = &rings[(ring - 1) * plane..];
        for y in 0..height {
            for k in 0..words {
                let word = y * words + k;
                let mut hits = grown[word] & !old[word] & pocket_tiles[word];
                while hits != 0 {
                    let x = k * 64 + hits.trailing_zeros() as usize;
                    let label = regions.label_at(x, y).unwrap_or(main) as usize;
                    if nearest[label].0 == UNREACHABLE && label != main as usize {
                        nearest[label] = (ring as u32, y * width + x);
                        unreached -= 1;
                    }
                    hits &= hits - 1;
                }
            }
        }
        rings.extend_from_slice(&grown);
    }
    let mut dug = 0;
    for &(pocket_distance, start) in &nearest {
        if pocket_distance == UNREACHABLE {
            continue;
        }
        let (mut x, mut y) = (start % width, start / width);
        for distance in (0..pocket_distance as usize).rev() {
            let closer = &rings[distance * plane..(distance + 1) * plane];
            let in_ring = |x: usize, y: usize| (closer[y * words + x / 64] >> (x % 64)) & 1 == 1;
            (x, y) = if y > 0 && in_ring(x, y - 1) {
                (x, y - 1)
            } else if x + 1 < width && in_ring(x + 1, y) {
                (x + 1, y)
            } else if y + 1 < height && in_ring(x, y + 1) {
                (x, y + 1)
            } else if x > 0 && in_ring(x - 1, y) {
                (x - 1, y)
            } else {
                break;
            };
            let tile = &mut tiles.cells_mut()[y * width + x];
            if tile.is_wall() {
                *tile = Tile::Floor;
                dug += 1;
            }
        }
    }
    dug
}

/// How many ring bits [`tunnel_pockets`] may keep per tile before it searches instead:
/// 32, the memory of one `u32` distance per tile.
const RING_BITS_PER_TILE: usize = 32;

/// [`tunnel_pockets`] by one breadth-first search from the whole main region through
/// every inner tile, keeping every tile's distance.
fn tunnel_pockets_by_search(tiles: &mut Grid<Tile>, regions: &Regions, main: u32) -> usize {
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
    let mut dug = 0;
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
                dug += 1;
            }
        }
    }
    dug
}

/// Sets bits `columns` of a packed row, a word at a time.
fn set_bits(row: &mut [u64], columns: std::ops::Range<usize>) {
    for (k, word) in row.iter_mut().enumerate() {
        let (first, last) = (k * 64, (k + 1) * 64);
        let (low, high) = (
            columns.start.clamp(first, last),
            columns.end.clamp(first, last),
        );
        if low < high {
            *word |= (!0u64 >> (64 - (high - low))) << (low - first);
        }
    }
}

/// Ring `k + 1` from ring `k` (rows of `words` words): every tile of the ring and its
/// four neighbours, kept to `inner`.
fn grow_ring(ring: &[u64], inner: &[u64], words: usize, height: usize) -> Vec<u64> {
    let row = |y: usize| &ring[y * words..(y + 1) * words];
    let mut grown = vec![0u64; words * height];
    for y in 0..height {
        let here = row(y);
        for k in 0..words {
            let west = (here[k] << 1) | if k > 0 { here[k - 1] >> 63 } else { 0 };
            let east = (here[k] >> 1) | here.get(k + 1).map_or(0, |&next| next << 63);
            let above = if y > 0 { row(y - 1)[k] } else { 0 };
            let below = if y + 1 < height { row(y + 1)[k] } else { 0 };
            let i = y * words + k;
            grown[i] = (here[k] | west | east | above | below) & inner[i];
        }
    }
    grown
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
        let mut walls = WallBits::new(16, 12, true);
        clear_strip(&mut walls, 3);
        let open_rows: Vec<usize> = (0..12).filter(|&y| !walls.get(5, y)).collect();
        assert_eq!(open_rows, [5, 6, 7]);
        assert!(walls.get(0, 6) && walls.get(15, 6));
        let mut tall = WallBits::new(16, 12, true);
        clear_strip(&mut tall, 10);
        assert!((1..11).all(|y| !tall.get(1, y)) && tall.get(1, 0) && tall.get(1, 11));
    }

    #[test]
    fn rings_dig_the_same_tunnels_as_a_search_of_every_tile() {
        let mut by_rings = 0;
        let check = |tiles: &Grid<Tile>, ring_bits_per_tile: usize| {
            let regions = RunRegions::of_walls(&WallBits::from_tiles(tiles));
            let Some(main) = regions.largest().filter(|_| regions.count() > 1) else {
                return;
            };
            let (mut rings, mut searched) = (tiles.clone(), tiles.clone());
            let dug = tunnel_pockets_with(&mut rings, &regions, main, ring_bits_per_tile);
            let full = regions.clone().into_regions();
            assert_eq!(dug, tunnel_pockets_by_search(&mut searched, &full, main));
            assert_eq!(rings, searched);
        };
        for seed in 0..300 {
            for wall_percent in [40, 48, 55] {
                let config = CaveConfig {
                    wall_percent,
                    pocket_repair: PocketRepair::Off,
                    ..CaveConfig::default()
                };
                let tiles = cave(&config, seed).tiles;
                check(&tiles, usize::MAX);
                by_rings += 1;
            }
        }
        // A pocket in the far corner, with and without room for all the rings.
        let mut far = Grid::new(80, 50, Tile::Wall);
        for (x, y) in [(1, 1), (2, 1), (1, 2), (78, 48), (3, 30)] {
            far.set(crate::grid::Pos::new(x, y), Tile::Floor);
        }
        check(&far, usize::MAX);
        check(&far, RING_BITS_PER_TILE);
        assert!(by_rings > 0);
    }
}
