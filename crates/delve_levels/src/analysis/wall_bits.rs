//! [`WallBits`]: a grid of walls packed 64 cells to a word, the form the cave automaton,
//! region labelling and stair placement work on; packing from and unpacking to tiles.

use std::ops::Range;

use crate::grid::{Grid, Tile};

/// Bits per packed word.
pub(crate) const WORD_BITS: usize = 64;

// `WallBits::from_tiles` reads a tile's discriminant as its walkability: a walkable
// tile's has one of its low four bits set, any other's none (`Tile`'s own test checks
// every kind).
const _: () = assert!(Tile::Wall as u8 == 0 && Tile::Bridge as u8 <= 15);

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
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) words_per_row: usize,
    pub(crate) words: Vec<u64>,
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
    pub(crate) fn from_grid_by<T: Copy>(grid: &Grid<T>, wall: impl Fn(T) -> bool) -> Self {
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

    /// Packs a tile map: every tile that is not walkable is set (a wall), every walkable
    /// one is clear. Eight tiles at a time: their discriminants side by side in a word
    /// (a walkable tile's has a low four bits set, any other's none) are folded to one
    /// bit per byte, and a multiply gathers the eight bits.
    pub(crate) fn from_tiles(tiles: &Grid<Tile>) -> Self {
        let mut bits = WallBits::new(tiles.width(), tiles.height(), true);
        for y in 0..bits.height {
            let words = &mut bits.words[y * bits.words_per_row..(y + 1) * bits.words_per_row];
            for (word, cells) in words.iter_mut().zip(tiles.row(y).chunks(WORD_BITS)) {
                let mut open = 0u64;
                let mut groups = cells.chunks_exact(8);
                for (group, eight) in (&mut groups).enumerate() {
                    let bytes = u64::from_le_bytes(std::array::from_fn(|i| eight[i] as u8));
                    let nonzero = (bytes | (bytes >> 1) | (bytes >> 2) | (bytes >> 3))
                        & 0x0101_0101_0101_0101;
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
    pub(crate) fn from_fn(
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
    pub(crate) fn to_tiles(&self) -> Grid<Tile> {
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
    pub(crate) fn fill_rect(&mut self, columns: Range<usize>, rows: Range<usize>, wall: bool) {
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
    pub(crate) fn row_words(&self, y: usize) -> &[u64] {
        &self.words[y * self.words_per_row..(y + 1) * self.words_per_row]
    }

    /// Number of wall cells.
    pub fn count_walls(&self) -> usize {
        let padding = self.words_per_row * WORD_BITS - self.width;
        let ones: usize = self.words.iter().map(|w| w.count_ones() as usize).sum();
        ones - padding * self.height
    }

    /// Sets the unused bits past `width` in each row's last word.
    pub(crate) fn set_padding(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Stream, StreamRng};

    #[test]
    fn tiles_pack_as_walls_wherever_they_are_not_walkable() {
        let mut rng = StreamRng::new(46, Stream::Layout);
        for width in [1, 7, 8, 9, 63, 64, 65, 80, 127, 128, 130] {
            for height in [1, 3] {
                let cells = (0..width * height)
                    .map(|_| Tile::ALL[rng.below(Tile::ALL.len() as u32) as usize])
                    .collect();
                let tiles = Grid::from_cells(width, height, cells).expect("cell count matches");
                let bits = WallBits::from_tiles(&tiles);
                let blocked = |t: Tile| !t.is_walkable();
                assert_eq!(bits, WallBits::from_grid_by(&tiles, blocked));
                let plain = |t: Tile| if blocked(t) { Tile::Wall } else { Tile::Floor };
                assert_eq!(bits.to_tiles(), tiles.map(plain));
                assert_eq!(bits.to_grid(), tiles.map(blocked));
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
