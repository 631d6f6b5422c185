//! Chambers: squares of floor carved around a stair where the level's own shape gives
//! no spot with a clear radius, and the search for a down chamber far enough from up.

use std::collections::BinaryHeap;

use super::largest_finite;
use crate::analysis::distances::{UNREACHABLE, walking_distances};
use crate::grid::{Grid, Tile};

/// How many chambers whose estimate passes may still fail the exact check before down
/// gives up (each failure costs a search over the whole level).
const EXACT_CHECKS: usize = 4;

/// Carves the down chamber: the farthest main-region tile from up (ties: lowest index)
/// whose chamber, once carved, meets the distance rule. Candidates are first screened
/// by [`distances_after_carving`]; a candidate that passes is carved and checked with a
/// fresh search (which also updates `from_up` and `eccentricity`), and undone if it
/// fails.
pub(super) fn carve_down_chamber(
    tiles: &mut Grid<Tile>,
    from_up: &mut Vec<u32>,
    eccentricity: &mut u32,
    up: usize,
    r: usize,
) -> Option<usize> {
    let (width, height) = (tiles.width(), tiles.height());
    // Carving only shortens paths, so a tile nearer than half the eccentricity can never
    // pass the screening below.
    let needed = eccentricity.div_ceil(2);
    // A max-heap keyed by (distance, reversed index) pops the farthest candidate first,
    // the lowest index on ties, and is built in linear time: usually the first pops.
    let mut candidates: BinaryHeap<u64> = (0..tiles.len())
        .filter(|&i| i != up && from_up[i] != UNREACHABLE && from_up[i] >= needed)
        .filter(|&i| chamber_fits(width, height, i, r))
        .map(|i| (u64::from(from_up[i]) << 32) | u64::from(u32::MAX - i as u32))
        .collect();
    let mut exact_checks_left = EXACT_CHECKS;
    while let Some(key) = candidates.pop() {
        let candidate = (u32::MAX - key as u32) as usize;
        let (to_candidate, farthest_in_chamber) =
            distances_after_carving(tiles, from_up, candidate, r);
        if to_candidate.saturating_mul(2) < (*eccentricity).max(farthest_in_chamber) {
            continue;
        }
        let saved = carve_chamber(tiles, candidate, r);
        let after = walking_distances(tiles, tiles.pos_of(up));
        let after_eccentricity = largest_finite(&after);
        if after[candidate] * 2 >= after_eccentricity {
            *from_up = after;
            *eccentricity = after_eccentricity;
            return Some(candidate);
        }
        restore_chamber(tiles, candidate, r, &saved);
        exact_checks_left -= 1;
        if exact_checks_left == 0 {
            break;
        }
    }
    None
}

/// Walking distances from up inside the chamber around `centre` as if it were carved:
/// returns (distance to `centre`, largest distance over the chamber). Exact for the
/// chamber tiles: a shortest path first enters the square at some tile `q`, having
/// walked only unchanged tiles until then, and inside the open square it walks the
/// Manhattan distance. So each tile gets `min over q of entry(q) + |q - tile|₁`,
/// where `entry(q)` is `q`'s own distance or one more than an outside neighbour's, and
/// that minimum is the two-pass city-block distance transform below.
fn distances_after_carving(
    tiles: &Grid<Tile>,
    from_up: &[u32],
    centre: usize,
    r: usize,
) -> (u32, u32) {
    let width = tiles.width();
    let side = 2 * r + 1;
    let (left, top) = (centre % width - r, centre / width - r);
    let mut square = vec![UNREACHABLE; side * side];
    for sy in 0..side {
        for sx in 0..side {
            let (x, y) = (left + sx, top + sy);
            let mut entry = from_up[y * width + x];
            let outside = [
                (sy == 0).then(|| (y - 1) * width + x),
                (sx + 1 == side).then(|| y * width + x + 1),
                (sy + 1 == side).then(|| (y + 1) * width + x),
                (sx == 0).then(|| y * width + x - 1),
            ];
            for o in outside.into_iter().flatten() {
                entry = entry.min(from_up[o].saturating_add(1));
            }
            square[sy * side + sx] = entry;
        }
    }
    for i in 0..side * side {
        let (sx, sy) = (i % side, i / side);
        let mut best = square[i];
        if sx > 0 {
            best = best.min(square[i - 1].saturating_add(1));
        }
        if sy > 0 {
            best = best.min(square[i - side].saturating_add(1));
        }
        square[i] = best;
    }
    for i in (0..side * side).rev() {
        let (sx, sy) = (i % side, i / side);
        let mut best = square[i];
        if sx + 1 < side {
            best = best.min(square[i + 1].saturating_add(1));
        }
        if sy + 1 < side {
            best = best.min(square[i + side].saturating_add(1));
        }
        square[i] = best;
    }
    (
        square[r * side + r],
        square.iter().copied().max().unwrap_or(0),
    )
}

/// Whether the `(2r+1)²` square centred on index `i` lies inside the border ring.
pub(super) fn chamber_fits(width: usize, height: usize, i: usize, r: usize) -> bool {
    let (x, y) = (i % width, i / width);
    x > r && y > r && x + r + 1 < width && y + r + 1 < height
}

/// Turns the walls of the square around `centre` into floor; returns the tiles the
/// square held before, row by row.
pub(super) fn carve_chamber(tiles: &mut Grid<Tile>, centre: usize, r: usize) -> Vec<Tile> {
    let width = tiles.width();
    let (left, top) = (centre % width - r, centre / width - r);
    let mut saved = Vec::with_capacity((2 * r + 1) * (2 * r + 1));
    for y in top..=top + 2 * r {
        let row = &mut tiles.cells_mut()[y * width + left..=y * width + left + 2 * r];
        saved.extend_from_slice(row);
        for tile in row.iter_mut().filter(|t| t.is_wall()) {
            *tile = Tile::Floor;
        }
    }
    saved
}

/// Puts back the tiles [`carve_chamber`] returned.
fn restore_chamber(tiles: &mut Grid<Tile>, centre: usize, r: usize, saved: &[Tile]) {
    let width = tiles.width();
    let (left, top) = (centre % width - r, centre / width - r);
    for (y, old) in (top..=top + 2 * r).zip(saved.chunks(2 * r + 1)) {
        tiles.cells_mut()[y * width + left..=y * width + left + 2 * r].copy_from_slice(old);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::Regions;
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    #[test]
    fn estimated_chamber_distances_match_a_search_after_carving() {
        let mut rng = StreamRng::new(11, Stream::Layout);
        let mut checked = 0;
        for _ in 0..300 {
            let mut tiles = random_tiles(30, 20, 35, &mut rng);
            let regions = Regions::of(&tiles);
            let Some(main) = regions.largest() else {
                continue;
            };
            let Some(up) = regions.labels().iter().position(|&l| l == main) else {
                continue;
            };
            let from_up = walking_distances(&tiles, tiles.pos_of(up));
            let centre = (3 + rng.below(24) as usize) + (3 + rng.below(14) as usize) * 30;
            if from_up[centre] == UNREACHABLE {
                continue;
            }
            let (estimate, _) = distances_after_carving(&tiles, &from_up, centre, 2);
            carve_chamber(&mut tiles, centre, 2);
            assert_eq!(
                estimate,
                walking_distances(&tiles, tiles.pos_of(up))[centre]
            );
            checked += 1;
        }
        assert!(checked >= 100, "only {checked} chambers were checked");
    }
}
