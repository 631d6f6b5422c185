//! The 4-5 rule of the cave automaton, plain and bit-parallel.
//!
//! The rule: a wall stays wall when at least 4 of its 8 neighbours are walls; a floor
//! becomes wall when at least 5 are; cells outside the grid count as walls. Both are the
//! same as "at least 5 walls in the 3×3 block around the cell, the cell included", which
//! is the form the bit-parallel version computes.
//!
//! Every cell of a pass reads the previous generation (a synchronous, double-buffered
//! update). The seed text's C# (`MakeCaverns`) updates the map in place, so its later
//! cells already see earlier cells' new values; we choose the double-buffered rule
//! because only then does the bit-parallel version compute exactly the same thing.

use std::ops::Range;

use crate::grid::{Grid, Tile};

/// Bits per packed word.
const WORD_BITS: usize = 64;

// `WallBits::from_tiles` reads a tile's discriminant as its walkability: 0 for a wall,
// anything in 1..8 for every other tile (all of which are walkable).
const _: () = assert!(Tile::Wall as u8 == 0 && Tile::Loot as u8 <= 7);

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

/// The eight cells, as tiles, that each byte of wall bits stands for (bit `i` set: cell
/// `i` is a wall).
const TILE_BYTES: [[Tile; 8]; 256] = byte_table(Tile::Wall, Tile::Floor);

/// [`TILE_BYTES`] for grids of walls (`true` = wall).
const BOOL_BYTES: [[bool; 8]; 256] = byte_table(true, false);

/// The eight cells each byte of wall bits stands for.
const fn byte_table<T: Copy>(wall: T, open: T) -> [[T; 8]; 256] {
    let mut table = [[open; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if (byte >> bit) & 1 == 1 {
                table[byte][bit] = wall;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// A grid of walls packed 64 cells to a `u64`, row by row: cell `x` of row `y` is bit
/// `x % 64` of word `y * words_per_row + x / 64`. The unused high bits of each row's
/// last word are kept set (wall), which is what the edge of the grid reads as.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WallBits {
    width: usize,
    height: usize,
    words_per_row: usize,
    words: Vec<u64>,
}

impl WallBits {
    /// A `width` × `height` grid with every cell a wall (`true`) or floor (`false`).
    pub fn new(width: usize, height: usize, wall: bool) -> Self {
        let words_per_row = width.div_ceil(WORD_BITS);
        let fill = if wall { !0 } else { 0 };
        let mut bits = WallBits {
            width,
            height,
            words_per_row,
            words: vec![fill; words_per_row * height],
        };
        bits.set_padding();
        bits
    }

    /// Packs a grid of walls (`true` = wall).
    pub fn from_grid(walls: &Grid<bool>) -> Self {
        WallBits::from_grid_by(walls, |wall| wall)
    }

    /// Packs any grid, the cells for which `wall` holds becoming walls.
    pub fn from_grid_by<T: Copy>(grid: &Grid<T>, wall: impl Fn(T) -> bool) -> Self {
        let mut bits = WallBits::new(grid.width(), grid.height(), false);
        for y in 0..bits.height {
            let words = &mut bits.words[y * bits.words_per_row..(y + 1) * bits.words_per_row];
            for (word, cells) in words.iter_mut().zip(grid.row(y).chunks(WORD_BITS)) {
                let packed = cells.iter().enumerate().fold(0u64, |acc, (bit, &cell)| {
                    acc | (u64::from(wall(cell)) << bit)
                });
                *word |= packed;
            }
        }
        bits
    }

    /// Packs a tile map: walls are set, every walkable tile is clear. Eight tiles at a
    /// time: their discriminants side by side in a word (0 for a wall, below 8 for the
    /// rest) are folded to one bit per byte, and a multiply gathers the eight bits.
    pub fn from_tiles(tiles: &Grid<Tile>) -> Self {
        let mut bits = WallBits::new(tiles.width(), tiles.height(), true);
        for y in 0..bits.height {
            let words = &mut bits.words[y * bits.words_per_row..(y + 1) * bits.words_per_row];
            for (word, cells) in words.iter_mut().zip(tiles.row(y).chunks(WORD_BITS)) {
                let mut open = 0u64;
                let mut groups = cells.chunks_exact(8);
                for (group, eight) in (&mut groups).enumerate() {
                    let bytes = u64::from_le_bytes(std::array::from_fn(|i| eight[i] as u8));
                    let nonzero = (bytes | (bytes >> 1) | (bytes >> 2)) & 0x0101_0101_0101_0101;
                    let gathered = nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56;
                    open |= gathered << (8 * group);
                }
                let done = cells.len() - groups.remainder().len();
                for (bit, tile) in groups.remainder().iter().enumerate() {
                    open |= u64::from(tile.is_walkable()) << (done + bit);
                }
                *word = !open;
            }
        }
        bits
    }

    /// A `width` × `height` grid whose cell `(x, y)` is a wall when `wall(x, y)` holds.
    /// `wall` is called exactly once per cell, row by row, left to right, so it may draw
    /// from a random stream.
    pub fn from_fn(
        width: usize,
        height: usize,
        mut wall: impl FnMut(usize, usize) -> bool,
    ) -> Self {
        let mut bits = WallBits::new(width, height, false);
        for y in 0..height {
            let words = &mut bits.words[y * bits.words_per_row..(y + 1) * bits.words_per_row];
            for (k, word) in words.iter_mut().enumerate() {
                let first = k * WORD_BITS;
                let mut packed = 0u64;
                for x in first..width.min(first + WORD_BITS) {
                    packed |= u64::from(wall(x, y)) << (x - first);
                }
                *word |= packed;
            }
        }
        bits
    }

    /// Unpacks into a grid of walls (`true` = wall).
    pub fn to_grid(&self) -> Grid<bool> {
        self.unpack(&BOOL_BYTES, false)
    }

    /// Unpacks into a tile map: [`Tile::Wall`] and [`Tile::Floor`].
    pub fn to_tiles(&self) -> Grid<Tile> {
        self.unpack(&TILE_BYTES, Tile::Floor)
    }

    /// Unpacks row by row, eight cells per table lookup: `bytes[b]` is the eight cells a
    /// byte `b` of wall bits stands for.
    fn unpack<T: Copy>(&self, bytes: &[[T; 8]; 256], open: T) -> Grid<T> {
        let mut grid = Grid::new(self.width, self.height, open);
        if self.width == 0 {
            return grid;
        }
        let rows = grid.cells_mut().chunks_exact_mut(self.width);
        for (row, words) in rows.zip(self.words.chunks_exact(self.words_per_row)) {
            for (cells, &word) in row.chunks_mut(WORD_BITS).zip(words) {
                let full_bytes = cells.len() / 8;
                let mut eights = cells.chunks_exact_mut(8);
                for (byte, eight) in (&mut eights).enumerate() {
                    eight.copy_from_slice(&bytes[(word >> (8 * byte)) as usize & 0xff]);
                }
                let remainder = eights.into_remainder();
                if !remainder.is_empty() {
                    let last = &bytes[(word >> (8 * full_bytes)) as usize & 0xff];
                    remainder.copy_from_slice(&last[..remainder.len()]);
                }
            }
        }
        grid
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Packed words per row (`width` / 64, rounded up).
    pub fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// All packed words, row by row; padding bits past `width` are set.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether `(x, y)` is a wall; everything outside the grid is.
    pub fn get(&self, x: usize, y: usize) -> bool {
        x >= self.width || y >= self.height || self.word_bit(x, y)
    }

    /// Makes `(x, y)` a wall or floor; outside the grid nothing changes.
    pub fn set(&mut self, x: usize, y: usize, wall: bool) {
        if x < self.width && y < self.height {
            let word = &mut self.words[y * self.words_per_row + x / WORD_BITS];
            let mask = 1u64 << (x % WORD_BITS);
            if wall {
                *word |= mask;
            } else {
                *word &= !mask;
            }
        }
    }

    /// Makes every cell in `columns` × `rows` a wall or floor (clipped to the grid).
    pub fn fill_rect(&mut self, columns: Range<usize>, rows: Range<usize>, wall: bool) {
        let (left, right) = (columns.start, columns.end.min(self.width));
        if left >= right {
            return;
        }
        for y in rows.start..rows.end.min(self.height) {
            let row = &mut self.words[y * self.words_per_row..(y + 1) * self.words_per_row];
            for (k, word) in row.iter_mut().enumerate() {
                let (first, last) = (k * WORD_BITS, (k + 1) * WORD_BITS);
                if last <= left || first >= right {
                    continue;
                }
                let low = left.saturating_sub(first);
                let high = right.min(last) - first;
                let mask = (!0u64 >> (WORD_BITS - (high - low))) << low;
                if wall {
                    *word |= mask;
                } else {
                    *word &= !mask;
                }
            }
        }
    }

    /// The packed words of row `y` (padding bits past `width` set).
    pub fn row_words(&self, y: usize) -> &[u64] {
        &self.words[y * self.words_per_row..(y + 1) * self.words_per_row]
    }

    /// Number of wall cells.
    pub fn count_walls(&self) -> usize {
        let padding = self.words_per_row * WORD_BITS - self.width;
        let ones: usize = self.words.iter().map(|w| w.count_ones() as usize).sum();
        ones - padding * self.height
    }

    /// One pass of the 4-5 rule, into a new grid.
    pub fn step(&self) -> WallBits {
        let mut next = WallBits::new(self.width, self.height, false);
        self.step_into(&mut next);
        next
    }

    /// One pass of the 4-5 rule written into `next` (reshaped if its size differs), so
    /// that repeated passes can swap two buffers instead of allocating.
    pub fn step_into(&self, next: &mut WallBits) {
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

    /// Sets the unused bits past `width` in each row's last word.
    fn set_padding(&mut self) {
        let used = self.width % WORD_BITS;
        if used == 0 {
            return;
        }
        let padding = !0u64 << used;
        let wpr = self.words_per_row;
        for y in 0..self.height {
            self.words[y * wpr + wpr - 1] |= padding;
        }
    }

    fn word_bit(&self, x: usize, y: usize) -> bool {
        (self.words[y * self.words_per_row + x / WORD_BITS] >> (x % WORD_BITS)) & 1 == 1
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
    use crate::rng::{Stream, StreamRng};

    fn random_walls(
        width: usize,
        height: usize,
        wall_percent: u32,
        rng: &mut StreamRng,
    ) -> Grid<bool> {
        let cells = (0..width * height)
            .map(|_| rng.chance_percent(wall_percent))
            .collect();
        Grid::from_cells(width, height, cells).expect("cell count matches")
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

    #[test]
    fn tiles_pack_and_unpack_like_walls() {
        let mut rng = StreamRng::new(46, Stream::Layout);
        for width in [1, 7, 8, 9, 63, 64, 65, 80, 127, 128, 130] {
            for height in [1, 3] {
                let cells = (0..width * height)
                    .map(|_| Tile::ALL[rng.below(Tile::ALL.len() as u32) as usize])
                    .collect();
                let tiles = Grid::from_cells(width, height, cells).expect("cell count matches");
                let bits = WallBits::from_tiles(&tiles);
                assert_eq!(bits, WallBits::from_grid_by(&tiles, Tile::is_wall));
                let plain = |t: Tile| if t.is_wall() { Tile::Wall } else { Tile::Floor };
                assert_eq!(bits.to_tiles(), tiles.map(plain));
                assert_eq!(bits.to_grid(), tiles.map(Tile::is_wall));
            }
        }
    }

    #[test]
    fn from_fn_asks_row_by_row_and_fill_rect_clips_to_the_grid() {
        let mut asked = Vec::new();
        let bits = WallBits::from_fn(70, 3, |x, y| {
            asked.push((x, y));
            (x + y) % 3 == 0
        });
        let row_major: Vec<_> = (0..3).flat_map(|y| (0..70).map(move |x| (x, y))).collect();
        assert_eq!(asked, row_major);
        assert!(
            row_major
                .iter()
                .all(|&(x, y)| bits.get(x, y) == ((x + y) % 3 == 0))
        );
        let mut rect = WallBits::new(130, 4, false);
        rect.fill_rect(60..200, 1..9, true);
        for y in 0..4 {
            for x in 0..130 {
                assert_eq!(rect.get(x, y), y >= 1 && x >= 60, "({x}, {y})");
            }
        }
        assert_eq!(
            rect,
            WallBits::from_grid(&rect.to_grid()),
            "padding stays normalised"
        );
        rect.fill_rect(0..130, 0..4, false);
        assert_eq!(rect.count_walls(), 0);
    }
}
