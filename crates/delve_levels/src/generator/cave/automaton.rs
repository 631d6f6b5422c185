//! The 4-5 rule of the cave automaton, plain and bit-parallel.
//!
//! The rule: a wall stays wall when at least 4 of its 8 neighbours are walls; a floor
//! becomes wall when at least 5 are; cells outside the grid count as walls. Both are the
//! same as "at least 5 walls in the 3×3 block around the cell, the cell included", which
//! is the form the bit-parallel version computes.
//!
//! Every cell of a pass reads the previous generation (a synchronous, double-buffered
//! update). The seed text's C# (`MakeCaverns`) updates the map in place, so its later
//! cells already see earlier cells' new values; delve's default is the double-buffered
//! rule, because only then can 64 cells be computed at once, and the in-place rule is
//! [`steps_in_place`] (a cave's `rule: InPlace`).

use crate::analysis::wall_bits::{WORD_BITS, WallBits};
use crate::grid::Grid;

/// One pass of the 4-5 rule over a grid of walls (`true` = wall), cell by cell. The
/// obviously correct reference that [`WallBits::step`] is tested against.
pub fn step_plain(walls: &Grid<bool>) -> Grid<bool> {
    let (width, height) = (walls.width() as i64, walls.height() as i64);
    let is_wall = |x: i64, y: i64| {
        x < 0 || y < 0 || x >= width || y >= height || walls.cells()[(y * width + x) as usize]
    };
    let mut next = walls.clone();
    for y in 0..height {
        for x in 0..width {
            let mut wall_neighbours = 0;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) != (0, 0) && is_wall(x + dx, y + dy) {
                        wall_neighbours += 1;
                    }
                }
            }
            let was_wall = is_wall(x, y);
            next.cells_mut()[(y * width + x) as usize] = if was_wall {
                wall_neighbours >= 4
            } else {
                wall_neighbours >= 5
            };
        }
    }
    next
}

/// `passes` passes of the 4-5 rule updated in place, as the seed text's `MakeCaverns`
/// does: row by row, left to right, every cell of the grid (the border too), each cell
/// reading the values its neighbours have at that moment — new above and to the left,
/// old to the right and below — with outside the grid counting as wall.
///
/// One byte per cell with a ring of wall around the grid, and for the row being updated
/// the wall counts of each column of three cells, kept current as cells change, so a
/// cell costs three additions.
pub fn steps_in_place(walls: &WallBits, passes: u32) -> WallBits {
    let (width, height) = (walls.width(), walls.height());
    let padded = width + 2;
    let mut cells = vec![1u8; padded * (height + 2)];
    for y in 0..height {
        for x in 0..width {
            cells[(y + 1) * padded + x + 1] = walls.get(x, y) as u8;
        }
    }
    let mut columns = vec![0u8; padded];
    for _ in 0..passes {
        for y in 1..=height {
            for (x, column) in columns.iter_mut().enumerate() {
                *column = cells[(y - 1) * padded + x]
                    + cells[y * padded + x]
                    + cells[(y + 1) * padded + x];
            }
            for x in 1..=width {
                let at = y * padded + x;
                // At least 5 walls in the 3×3 block, the cell included: the 4-5 rule.
                let wall = (columns[x - 1] + columns[x] + columns[x + 1] >= 5) as u8;
                columns[x] = columns[x] - cells[at] + wall;
                cells[at] = wall;
            }
        }
    }
    WallBits::from_fn(width, height, |x, y| cells[(y + 1) * padded + x + 1] == 1)
}

impl WallBits {
    /// One pass of the 4-5 rule, into a new grid.
    pub fn step(&self) -> WallBits {
        let mut next = WallBits::new(self.width, self.height, false);
        self.step_into(&mut next);
        next
    }

    /// One pass of the 4-5 rule written into `next` (reshaped if its size differs), so
    /// that repeated passes can swap two buffers instead of allocating.
    pub(crate) fn step_into(&self, next: &mut WallBits) {
        self.step_with_scratch(next, &mut Vec::new());
    }

    /// Runs `passes` passes of the 4-5 rule.
    pub fn steps(self, passes: u32) -> WallBits {
        let mut current = self;
        let mut spare = current.clone();
        let mut scratch = Vec::new();
        for _ in 0..passes {
            current.step_with_scratch(&mut spare, &mut scratch);
            std::mem::swap(&mut current, &mut spare);
        }
        current
    }

    /// One pass, with `scratch` holding the horizontal counts of every row.
    fn step_with_scratch(&self, next: &mut WallBits, scratch: &mut Vec<u64>) {
        if next.width != self.width || next.height != self.height {
            *next = WallBits::new(self.width, self.height, true);
        }
        let (wpr, cells) = (self.words_per_row, self.words.len());
        if cells == 0 {
            return;
        }
        // Every row's 3-cell horizontal wall counts as 2-bit numbers in two planes (low
        // bits, high bits), with one extra row above and one below: outside the grid is
        // all wall, a count of 3 (both bits set) everywhere.
        let plane = cells + 2 * wpr;
        scratch.clear();
        scratch.resize(2 * plane, !0);
        let (low, high) = scratch.split_at_mut(plane);
        horizontal_counts(
            &self.words,
            wpr,
            &mut low[wpr..wpr + cells],
            &mut high[wpr..wpr + cells],
        );
        let (above_low, above_high) = (&low[..cells], &high[..cells]);
        let (here_low, here_high) = (&low[wpr..wpr + cells], &high[wpr..wpr + cells]);
        let (below_low, below_high) = (&low[2 * wpr..], &high[2 * wpr..]);
        let out = &mut next.words[..cells];
        for k in 0..cells {
            out[k] = at_least_five(
                (above_low[k], above_high[k]),
                (here_low[k], here_high[k]),
                (below_low[k], below_high[k]),
            );
        }
        next.set_padding();
    }
}

/// The 3-cell horizontal wall counts (west + self + east) of every cell of `words`
/// (rows of `wpr` words) as bit-sliced 2-bit numbers: `low` gets bit 0 of each count,
/// `high` bit 1. The rows are first read as one long bit string, so the main loop has no
/// branches; then each row's first and last word is redone with the wall outside.
fn horizontal_counts(words: &[u64], wpr: usize, low: &mut [u64], high: &mut [u64]) {
    let cells = words.len();
    let (low, high) = (&mut low[..cells], &mut high[..cells]);
    let count = |left: u64, centre: u64, right: u64| {
        let west = (centre << 1) | (left >> (WORD_BITS - 1));
        let east = (centre >> 1) | (right << (WORD_BITS - 1));
        full_add(west, centre, east)
    };
    for k in 1..cells.saturating_sub(1) {
        (low[k], high[k]) = count(words[k - 1], words[k], words[k + 1]);
    }
    for first in (0..cells).step_by(wpr) {
        let last = first + wpr - 1;
        let right = if wpr > 1 { words[first + 1] } else { !0 };
        (low[first], high[first]) = count(!0, words[first], right);
        if wpr > 1 {
            (low[last], high[last]) = count(words[last - 1], words[last], !0);
        }
    }
}

/// A full adder on 64 lanes at once: returns (sum bit, carry bit) of `a + b + c`.
#[inline(always)]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let ab = a ^ b;
    (ab ^ c, (a & b) | (c & ab))
}

/// Per lane: whether `above + here + below` (three 2-bit counts, each `(low, high)`)
/// is at least 5, i.e. whether the 3×3 block holds at least 5 walls.
#[inline(always)]
fn at_least_five(above: (u64, u64), here: (u64, u64), below: (u64, u64)) -> u64 {
    // Ones: s0 (weight 1) and k0 (weight 2).
    let (s0, k0) = full_add(above.0, here.0, below.0);
    // Twos: t0 (weight 2) and t1 (weight 4). Total = s0 + 2·(t0 + k0) + 4·t1.
    let (t0, t1) = full_add(above.1, here.1, below.1);
    // With t1 set the total is ≥ 4, so one more unit anywhere reaches 5; without it the
    // total is at most 5, reached only when s0, t0 and k0 are all set.
    (t1 & (t0 | k0 | s0)) | (s0 & t0 & k0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Tile;
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    /// [`random_tiles`] as a grid of walls (the same draws).
    fn random_walls(
        width: usize,
        height: usize,
        wall_percent: u32,
        rng: &mut StreamRng,
    ) -> Grid<bool> {
        random_tiles(width, height, wall_percent, rng).map(Tile::is_wall)
    }

    fn assert_same_for_passes(walls: Grid<bool>, passes: u32) {
        let mut plain = walls.clone();
        let mut bits = WallBits::from_grid(&walls);
        assert_eq!(bits.to_grid(), plain, "packing round-trips");
        for pass in 0..passes {
            plain = step_plain(&plain);
            bits = bits.step();
            assert_eq!(
                bits.to_grid().cells(),
                plain.cells(),
                "{}x{} differs after pass {}",
                walls.width(),
                walls.height(),
                pass + 1
            );
            assert_eq!(
                bits,
                WallBits::from_grid(&plain),
                "padding stays normalised"
            );
        }
    }

    #[test]
    fn bit_parallel_matches_plain_for_widths_1_to_130_and_heights_1_to_5() {
        let mut rng = StreamRng::new(45, Stream::Layout);
        for width in 1..=130 {
            for height in 1..=5 {
                let percent = [30, 45, 55][(width + height) % 3];
                assert_same_for_passes(random_walls(width, height, percent, &mut rng), 6);
            }
        }
    }

    #[test]
    fn bit_parallel_matches_plain_on_larger_grids_over_many_passes() {
        let mut rng = StreamRng::new(4545, Stream::Layout);
        for &(width, height) in &[
            (63, 40),
            (64, 64),
            (65, 33),
            (127, 20),
            (128, 9),
            (200, 150),
            (80, 50),
        ] {
            for percent in [0, 40, 48, 100] {
                assert_same_for_passes(random_walls(width, height, percent, &mut rng), 12);
            }
        }
    }

    #[test]
    fn steps_equals_repeated_step() {
        let mut rng = StreamRng::new(9, Stream::Layout);
        let bits = WallBits::from_grid(&random_walls(150, 40, 45, &mut rng));
        let mut by_hand = bits.clone();
        for _ in 0..5 {
            by_hand = by_hand.step();
        }
        assert_eq!(bits.steps(5), by_hand);
    }

    #[test]
    fn lone_floor_fills_and_lone_wall_erodes() {
        let mut walls = Grid::new(5, 5, true);
        walls.cells_mut()[12] = false;
        assert!(step_plain(&walls).cells().iter().all(|&w| w));
        let mut open = Grid::new(5, 5, false);
        open.cells_mut()[12] = true;
        assert!(!WallBits::from_grid(&open).step().get(2, 2));
    }

    #[test]
    fn outside_reads_as_wall_and_counts_ignore_padding() {
        let bits = WallBits::new(70, 3, false);
        assert!(bits.get(70, 0) && bits.get(0, 3));
        assert_eq!(bits.count_walls(), 0);
        let stepped = bits.step();
        // Corners see 5 outside walls, edges 3: corners fill, edges stay open.
        assert!(stepped.get(0, 0) && stepped.get(69, 2));
        assert!(!stepped.get(1, 0) && !stepped.get(35, 1));
    }

    #[test]
    fn empty_grids_step_without_panicking() {
        for (width, height) in [(0, 0), (0, 5), (5, 0)] {
            let bits = WallBits::new(width, height, true);
            assert_eq!(bits.step().to_grid().len(), 0);
            assert_eq!(step_plain(&Grid::new(width, height, true)).len(), 0);
        }
    }
}
