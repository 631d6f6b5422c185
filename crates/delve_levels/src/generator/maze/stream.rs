//! Eller's algorithm in Tromp's linked-list form, streaming: [`EllerRows`] makes one maze
//! row at a time from two `u32` arrays of width + 1, and [`write_tromp`] prints rows in
//! the exact text format of Tromp's obfuscated C program, forever if asked.
//!
//! Indexing follows Tromp: cell index `C` runs from `width` (leftmost) down to 1
//! (rightmost), and the dummy cell 0 sits right of the rightmost cell with `left[0] == 1`,
//! so the rightmost cell never joins a nonexistent neighbour. Cells are visited from left
//! to right, as C counts down, exactly as the program does; [`EllerRow`] reports them
//! with `x = width - C`, so `x = 0` is the leftmost cell.
//!
//! The lists: cells of the current row joined through the maze above form one circular
//! doubly linked list (`left`/`right`). Joining `C` to its right neighbour is forbidden
//! when `C == left[C - 1]` (they are already joined: a cycle); staying open below is
//! forced when `C == left[C]` (the cell is alone, closing it would cut its set off).

use std::io::{self, Write};
use std::num::NonZeroU32;

use crate::rng::StreamRng;

/// One generated maze row: which cells have a wall on their right, which a wall below.
/// Cell `x = 0` is the leftmost. Stored as bits, 64 cells to a word.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EllerRow {
    width: usize,
    wall_right: Vec<u64>,
    wall_below: Vec<u64>,
}

impl EllerRow {
    fn with_width(width: usize) -> Self {
        let words = width.div_ceil(64);
        EllerRow {
            width,
            wall_right: vec![0; words],
            wall_below: vec![0; words],
        }
    }

    /// Number of cells in the row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether cell `x` is walled off from its right neighbour (always true for the
    /// rightmost cell; false outside the row).
    #[inline]
    pub fn has_wall_right(&self, x: usize) -> bool {
        x < self.width && self.wall_right[x / 64] >> (x % 64) & 1 == 1
    }

    /// Whether cell `x` is walled off from the cell below it (always true on the last row;
    /// false outside the row).
    #[inline]
    pub fn has_wall_below(&self, x: usize) -> bool {
        x < self.width && self.wall_below[x / 64] >> (x % 64) & 1 == 1
    }

    /// Every cell's `(wall_right, wall_below)`, from left to right.
    pub fn walls(&self) -> impl Iterator<Item = (bool, bool)> + '_ {
        let words = self.wall_right.iter().zip(&self.wall_below).enumerate();
        words.flat_map(move |(i, (&right, &below))| {
            let cells = (self.width - 64 * i).min(64);
            (0..cells).map(move |bit| (right >> bit & 1 == 1, below >> bit & 1 == 1))
        })
    }
}

/// Eller's algorithm as a row stream. Memory: the two link arrays and one reusable row,
/// all proportional to the width; any number of rows.
#[derive(Clone, Debug)]
pub struct EllerRows {
    /// Tromp's `L[]`: index 0 is the dummy cell, `width` the leftmost cell.
    left: Vec<u32>,
    /// Tromp's `R[]`.
    right: Vec<u32>,
    rows_done: u64,
    join_right_permille: u32,
    close_down_permille: u32,
    row: EllerRow,
}

impl EllerRows {
    /// A stream of rows `width_cells` wide with the two coin biases, in per mille
    /// (Tromp's `6<<27 < rand()` is 625 for both).
    pub fn new(
        width_cells: NonZeroU32,
        join_right_permille: u32,
        close_down_permille: u32,
    ) -> Self {
        let width = width_cells.get() as usize;
        let mut left: Vec<u32> = (0..=width_cells.get()).collect();
        let right = left.clone();
        // The dummy trick: `left[0] == 1` makes the rightmost cell's join test fail.
        left[0] = 1;
        EllerRows {
            left,
            right,
            rows_done: 0,
            join_right_permille,
            close_down_permille,
            row: EllerRow::with_width(width),
        }
    }

    /// Number of cells across.
    pub fn width(&self) -> usize {
        self.row.width
    }

    /// Rows produced so far.
    pub fn rows_done(&self) -> u64 {
        self.rows_done
    }

    /// Makes the next row. With `last`, the row closes the maze: every cell is walled
    /// below and right-connections are forced wherever a set would otherwise be cut off;
    /// the stream is then ready to start a fresh maze.
    pub fn next_row(&mut self, rng: &mut StreamRng, last: bool) -> &EllerRow {
        let width = self.row.width;
        let left = &mut self.left[..];
        let right = &mut self.right[..];
        let (join, close) = (self.join_right_permille, self.close_down_permille);
        let mut right_bits = 0u64;
        let mut below_bits = 0u64;
        for x in 0..width {
            let c = width - x;
            // Right: forbidden when c - 1 already follows c in the list (a cycle); on the
            // last row forced when c is alone, since its set has no other way out.
            let e = left[c - 1] as usize;
            let wall_right =
                if c != e && ((last && right[c] as usize == c) || rng.chance_permille(join)) {
                    let after_c = right[c] as usize;
                    right[e] = after_c as u32;
                    left[after_c] = e as u32;
                    right[c] = (c - 1) as u32;
                    left[c - 1] = c as u32;
                    false
                } else {
                    true
                };
            // Below: forced open when c is alone in its list; closing takes c out of it.
            let e = left[c] as usize;
            let wall_below = if last || (c != e && rng.chance_permille(close)) {
                let after_c = right[c] as usize;
                right[e] = after_c as u32;
                left[after_c] = e as u32;
                left[c] = c as u32;
                right[c] = c as u32;
                true
            } else {
                false
            };
            right_bits |= (wall_right as u64) << (x % 64);
            below_bits |= (wall_below as u64) << (x % 64);
            if x % 64 == 63 || x + 1 == width {
                self.row.wall_right[x / 64] = right_bits;
                self.row.wall_below[x / 64] = below_bits;
                right_bits = 0;
                below_bits = 0;
            }
        }
        self.rows_done += 1;
        &self.row
    }
}

/// Prints a maze `width_cells` wide in the exact format of Tromp's program: a top line
/// of `._` per cell, then one line per row, `|` followed by two characters per cell (`_`
/// for a wall below or ` ` for none, then `|` for a wall on the right or `.` for none),
/// each line ended by `\n`. `rows: Some(n)` prints `n` rows (the last one closed below),
/// `None` prints rows until the writer fails, whose error (e.g. a closed pipe) is
/// returned. A zero width or `Some(0)` rows is an `InvalidInput` error.
pub fn write_tromp<W: Write>(
    out: &mut W,
    width_cells: usize,
    rows: Option<u64>,
    config: &super::MazeConfig,
    rng: &mut StreamRng,
) -> io::Result<()> {
    let width = u32::try_from(width_cells)
        .ok()
        .and_then(NonZeroU32::new)
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "a maze needs 1 to {} cells across, got {width_cells}",
                    u32::MAX
                ),
            )
        })?;
    if rows == Some(0) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a maze needs at least one row",
        ));
    }
    let mut stream = EllerRows::new(
        width,
        config.join_right_permille,
        config.close_down_permille,
    );
    let mut line = b"._".repeat(width_cells);
    line.push(b'\n');
    out.write_all(&line)?;
    line.resize(2 * width_cells + 2, b'\n');
    line[0] = b'|';
    let mut done = 0u64;
    loop {
        done += 1;
        let last = rows == Some(done);
        let row = stream.next_row(rng, last);
        let pairs = line[1..=2 * width_cells].chunks_exact_mut(2);
        for (pair, (wall_right, wall_below)) in pairs.zip(row.walls()) {
            pair[0] = if wall_below { b'_' } else { b' ' };
            pair[1] = if wall_right { b'|' } else { b'.' };
        }
        out.write_all(&line)?;
        if last {
            return out.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::MazeConfig;
    use crate::rng::Stream;

    fn tromp_text(width: usize, rows: u64, seed: u64) -> String {
        let mut out = Vec::new();
        let mut rng = StreamRng::new(seed, Stream::Layout);
        write_tromp(
            &mut out,
            width,
            Some(rows),
            &MazeConfig::default(),
            &mut rng,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn tromp_text_has_a_top_line_and_one_line_per_row() {
        let text = tromp_text(5, 4, 1);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[0], "._._._._._");
        for line in &lines[1..] {
            assert_eq!(line.len(), 11);
            assert!(line.starts_with('|') && line.ends_with('|'), "{line:?}");
        }
        assert!(lines[4].bytes().skip(1).step_by(2).all(|b| b == b'_'));
        assert!(text.ends_with("|\n"));
    }

    #[test]
    fn one_cell_wide_maze_is_a_straight_corridor() {
        assert_eq!(tromp_text(1, 3, 9), "._\n| |\n| |\n|_|\n");
    }

    #[test]
    fn zero_width_or_zero_rows_is_invalid_input() {
        let mut rng = StreamRng::new(1, Stream::Layout);
        let config = MazeConfig::default();
        let err = write_tromp(&mut Vec::new(), 0, Some(3), &config, &mut rng).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        let err = write_tromp(&mut Vec::new(), 3, Some(0), &config, &mut rng).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn endless_output_stops_with_the_writers_error() {
        struct Closes(usize);
        impl Write for Closes {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                if self.0 < buf.len() {
                    return Err(io::ErrorKind::BrokenPipe.into());
                }
                self.0 -= buf.len();
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut rng = StreamRng::new(3, Stream::Layout);
        let err = write_tromp(
            &mut Closes(10_000),
            8,
            None,
            &MazeConfig::default(),
            &mut rng,
        )
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn rightmost_cell_is_always_walled_on_the_right() {
        let mut rng = StreamRng::new(5, Stream::Layout);
        let mut rows = EllerRows::new(NonZeroU32::new(70).unwrap(), 1000, 0);
        for i in 0..20 {
            let row = rows.next_row(&mut rng, i == 19);
            assert!(row.has_wall_right(69));
            assert!(!row.has_wall_right(70) && !row.has_wall_below(70));
        }
        assert_eq!(rows.rows_done(), 20);
    }

    #[test]
    fn links_are_reset_after_a_last_row() {
        let mut rng = StreamRng::new(11, Stream::Layout);
        let mut rows = EllerRows::new(NonZeroU32::new(9).unwrap(), 625, 625);
        for i in 0..6 {
            rows.next_row(&mut rng, i == 5);
        }
        let fresh = EllerRows::new(NonZeroU32::new(9).unwrap(), 625, 625);
        assert_eq!((rows.left, rows.right), (fresh.left, fresh.right));
    }
}
