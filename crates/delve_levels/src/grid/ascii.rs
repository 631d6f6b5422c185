//! The ASCII form of a tile grid, one glyph per tile and one line per row, which prints
//! and parses back exactly; parse errors name the line and column.

use std::fmt;

use super::{Grid, Tile};

/// Why an ASCII map did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsciiError {
    /// The text holds no rows.
    Empty,
    /// A character outside the legend ([`Tile::legend_line`]).
    UnknownGlyph {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character found.
        glyph: char,
    },
    /// A row whose length differs from the first row's.
    RaggedRow {
        /// 1-based line.
        line: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
}

impl fmt::Display for AsciiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AsciiError::Empty => write!(f, "the map has no rows"),
            AsciiError::UnknownGlyph {
                line,
                column,
                glyph,
            } => write!(
                f,
                "line {line}, column {column}: {glyph:?} is not a map glyph (legend: {})",
                Tile::legend_line()
            ),
            AsciiError::RaggedRow {
                line,
                found,
                expected,
            } => {
                write!(
                    f,
                    "line {line}: row has {found} tiles but the first row has {expected}"
                )
            }
        }
    }
}

impl std::error::Error for AsciiError {}

impl Grid<Tile> {
    /// The ASCII form: one line per row, each ended by `\n`.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            out.extend(self.row(y).iter().map(|t| t.glyph()));
            out.push('\n');
        }
        out
    }

    /// Parses the ASCII form back; the inverse of [`Grid::to_ascii`]. A final newline is optional.
    pub fn parse_ascii(text: &str) -> Result<Self, AsciiError> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        if text.is_empty() {
            return Err(AsciiError::Empty);
        }
        let mut cells = Vec::new();
        let mut width = None;
        let mut height = 0;
        for (i, line) in text.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let mut count = 0;
            for (col, c) in line.chars().enumerate() {
                let tile = Tile::from_glyph(c).ok_or(AsciiError::UnknownGlyph {
                    line: i + 1,
                    column: col + 1,
                    glyph: c,
                })?;
                cells.push(tile);
                count += 1;
            }
            match width {
                None => width = Some(count),
                Some(w) if w != count => {
                    return Err(AsciiError::RaggedRow {
                        line: i + 1,
                        found: count,
                        expected: w,
                    });
                }
                _ => {}
            }
            height += 1;
        }
        let width = width.unwrap_or(0);
        if width == 0 {
            return Err(AsciiError::Empty);
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;

    #[test]
    fn ascii_round_trips() {
        let text = "#####\n#<.$#\n#+.>#\n#####\n";
        let grid = Grid::parse_ascii(text).unwrap();
        assert_eq!(grid.width(), 5);
        assert_eq!(grid.height(), 4);
        assert_eq!(grid[Pos::new(1, 1)], Tile::UpStairs);
        assert_eq!(grid.to_ascii(), text);
    }

    #[test]
    fn ascii_errors_name_the_place() {
        assert_eq!(
            Grid::parse_ascii("##\n#x\n"),
            Err(AsciiError::UnknownGlyph {
                line: 2,
                column: 2,
                glyph: 'x'
            })
        );
        assert_eq!(
            Grid::parse_ascii("##\n#\n"),
            Err(AsciiError::RaggedRow {
                line: 2,
                found: 1,
                expected: 2
            })
        );
    }
}
