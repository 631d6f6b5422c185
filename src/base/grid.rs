//! The map: a rectangular [`Grid`] of cells and the [`Tile`] kinds a level is made of.
//! The ASCII form of a tile grid, which prints and parses back exactly, lives in
//! `grid/ascii.rs`.
//!
//! Coordinates: `x` grows to the right, `y` grows downwards (row 0 is the first line of
//! the ASCII form). Out-of-bounds positions are simply not in the grid.

use std::fmt;
use std::ops::{Index, IndexMut};

mod ascii;

pub use ascii::AsciiError;

/// A position on a grid. Signed so that neighbours of the border can be named.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Pos {
    /// Column, 0 at the left.
    pub x: i32,
    /// Row, 0 at the top.
    pub y: i32,
}

impl Pos {
    /// The position `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// This position moved by `(dx, dy)`.
    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Pos::new(self.x + dx, self.y + dy)
    }

    /// Chebyshev (king-move) distance.
    pub fn chebyshev(self, other: Pos) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }

    /// Manhattan (rook-move) distance.
    pub fn manhattan(self, other: Pos) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The four orthogonal steps: up, right, down, left.
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The eight king steps, orthogonal ones first.
pub const KING: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// A rectangular grid of cells stored row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// A `width` × `height` grid with every cell set to `fill`.
    pub fn new(width: usize, height: usize, fill: T) -> Self {
        Grid {
            width,
            height,
            cells: vec![fill; width * height],
        }
    }

    /// A grid over existing row-major cells; `None` when the length does not match.
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == width * height).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a grid with no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies inside the grid.
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && (pos.x as usize) < self.width && (pos.y as usize) < self.height
    }

    /// Whether `pos` lies on the outermost ring of the grid.
    pub fn is_border(&self, pos: Pos) -> bool {
        self.contains(pos)
            && (pos.x == 0
                || pos.y == 0
                || pos.x as usize == self.width - 1
                || pos.y as usize == self.height - 1)
    }

    /// Row-major index of an in-bounds `pos`.
    #[inline]
    pub fn index_of(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos));
        pos.y as usize * self.width + pos.x as usize
    }

    /// The position of a row-major index.
    #[inline]
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The cell at `pos`, or `None` outside the grid.
    #[inline]
    pub fn get(&self, pos: Pos) -> Option<T> {
        self.contains(pos).then(|| self.cells[self.index_of(pos)])
    }

    /// Sets the cell at `pos`; returns false (and changes nothing) outside the grid.
    #[inline]
    pub fn set(&mut self, pos: Pos, value: T) -> bool {
        if self.contains(pos) {
            let i = self.index_of(pos);
            self.cells[i] = value;
            true
        } else {
            false
        }
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells, row by row, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// One row of cells.
    pub fn row(&self, y: usize) -> &[T] {
        &self.cells[y * self.width..(y + 1) * self.width]
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width as i32, self.height as i32);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// The in-bounds orthogonal neighbours of `pos`.
    pub fn neighbours4(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        ORTHOGONAL
            .iter()
            .map(move |&(dx, dy)| pos.offset(dx, dy))
            .filter(|&p| self.contains(p))
    }

    /// The in-bounds king-move neighbours of `pos`.
    pub fn neighbours8(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        KING.iter()
            .map(move |&(dx, dy)| pos.offset(dx, dy))
            .filter(|&p| self.contains(p))
    }

    /// A grid of the same shape with `f` applied to every cell.
    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(|&c| f(c)).collect(),
        }
    }
}

impl<T: Copy> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        assert!(
            self.contains(pos),
            "{pos} is outside a {}x{} grid",
            self.width,
            self.height
        );
        &self.cells[self.index_of(pos)]
    }
}

impl<T: Copy> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(
            self.contains(pos),
            "{pos} is outside a {}x{} grid",
            self.width,
            self.height
        );
        let i = self.index_of(pos);
        &mut self.cells[i]
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}x{})", self.width, self.height)
    }
}

/// What a map cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    /// Solid rock: `#`.
    Wall,
    /// Open ground: `.`.
    Floor,
    /// A doorway where a corridor meets a room: `+`.
    Door,
    /// Stairs up, where the player arrives: `<`.
    UpStairs,
    /// Stairs down to the next depth: `>`.
    DownStairs,
    /// An item lying on the floor: `$`.
    Loot,
}

impl Tile {
    /// Every tile kind, in legend order.
    pub const ALL: [Tile; 6] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Door,
        Tile::UpStairs,
        Tile::DownStairs,
        Tile::Loot,
    ];

    /// The ASCII glyph of this tile.
    pub const fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Door => '+',
            Tile::UpStairs => '<',
            Tile::DownStairs => '>',
            Tile::Loot => '$',
        }
    }

    /// The tile a glyph stands for.
    pub const fn from_glyph(c: char) -> Option<Tile> {
        Some(match c {
            '#' => Tile::Wall,
            '.' => Tile::Floor,
            '+' => Tile::Door,
            '<' => Tile::UpStairs,
            '>' => Tile::DownStairs,
            '$' => Tile::Loot,
            _ => return None,
        })
    }

    /// Whether a creature can stand here.
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    /// Whether this tile is solid rock.
    pub const fn is_wall(self) -> bool {
        matches!(self, Tile::Wall)
    }
}

impl Grid<Tile> {
    /// Number of cells holding `tile`.
    pub fn count(&self, tile: Tile) -> usize {
        self.cells.iter().filter(|&&t| t == tile).count()
    }

    /// Whether `pos` is inside and walkable.
    #[inline]
    pub fn is_walkable(&self, pos: Pos) -> bool {
        self.get(pos).is_some_and(Tile::is_walkable)
    }
}

/// A `width` × `height` map for tests: each tile is wall with `wall_percent` chance (one
/// draw per tile, row by row). Public only with the `internals` feature, for the
/// integration tests.
#[cfg(any(test, feature = "internals"))]
pub fn random_tiles(
    width: usize,
    height: usize,
    wall_percent: u32,
    rng: &mut crate::base::rng::StreamRng,
) -> Grid<Tile> {
    let cells = (0..width * height)
        .map(|_| {
            if rng.chance_percent(wall_percent) {
                Tile::Wall
            } else {
                Tile::Floor
            }
        })
        .collect();
    Grid::from_cells(width, height, cells).expect("sizes match")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stay_in_bounds() {
        let g = Grid::new(3, 3, Tile::Floor);
        assert_eq!(g.neighbours4(Pos::new(0, 0)).count(), 2);
        assert_eq!(g.neighbours8(Pos::new(1, 1)).count(), 8);
    }
}
