//! Pocket repair: joining each walkable pocket to the main cave by a dug corridor, or
//! filling it in, so that a cave has exactly one walkable region.

use crate::analysis::distances::{UNREACHABLE, distances_from};
use crate::analysis::regions::{NO_REGION, Regions, RunRegions};
use crate::grid::{Grid, Tile};

/// Turns every walkable tile outside the `main` region into wall; returns how many.
pub(super) fn fill_pockets(tiles: &mut Grid<Tile>, regions: &RunRegions, main: u32) -> usize {
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
pub(super) fn tunnel_pockets(tiles: &mut Grid<Tile>, regions: &RunRegions, main: u32) -> usize {
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
    use super::super::{CaveConfig, PocketRepair, generate};
    use super::*;
    use crate::analysis::wall_bits::WallBits;
    use crate::rng::{Stream, StreamRng};

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
                let tiles = generate(&config, &mut StreamRng::new(seed, Stream::Layout)).tiles;
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
