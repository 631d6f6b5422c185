//! The walkable graph of a map: its walkable tiles inside a ring of wall, each joined
//! to its orthogonal neighbours — what the level guarantees are checked on and the level
//! measures walk.

use crate::grid::{Grid, Pos, Tile};

/// The walkable tiles of a map inside a ring of wall, so that the four neighbours of a
/// tile are `i - 1`, `i + 1`, `i - stride`, `i + stride` without bounds checks.
pub struct WalkableGraph {
    /// Row length of the padded map (the map's width + 2).
    pub(crate) stride: usize,
    /// Whether each padded tile is walkable (the ring never is).
    pub(crate) open: Vec<bool>,
}

impl WalkableGraph {
    /// The walkable graph of `tiles`.
    pub fn of(tiles: &Grid<Tile>) -> WalkableGraph {
        WalkableGraph::of_tiles_where(tiles, Tile::is_walkable)
    }

    /// The graph of the tiles of `tiles` for which `open` holds (e.g. the ground a
    /// player can pass once everything hidden is found).
    pub(crate) fn of_tiles_where(tiles: &Grid<Tile>, open: impl Fn(Tile) -> bool) -> WalkableGraph {
        let is_open = open;
        let stride = tiles.width() + 2;
        let mut open = vec![false; stride * (tiles.height() + 2)];
        for y in 0..tiles.height() {
            let row = tiles.row(y);
            let start = (y + 1) * stride + 1;
            for (cell, tile) in open[start..start + row.len()].iter_mut().zip(row) {
                *cell = is_open(*tile);
            }
        }
        WalkableGraph { stride, open }
    }

    /// Row length of the padded map (the map's width + 2): the step between a tile and
    /// the one below it.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Whether each padded tile is walkable, row by row (the ring never is).
    pub fn open_cells(&self) -> &[bool] {
        &self.open
    }

    /// The padded index of `pos` (a position inside the map).
    pub fn index(&self, pos: Pos) -> usize {
        (pos.y as usize + 1) * self.stride + pos.x as usize + 1
    }

    /// The map position of a padded index.
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(
            (index % self.stride) as i32 - 1,
            (index / self.stride) as i32 - 1,
        )
    }

    /// Whether the tile at a padded index is walkable.
    pub fn is_open(&self, index: usize) -> bool {
        self.open[index]
    }

    /// The four orthogonal neighbours of a padded index (walkable or not).
    pub fn neighbours(&self, index: usize) -> [usize; 4] {
        [
            index - self.stride,
            index - 1,
            index + 1,
            index + self.stride,
        ]
    }

    /// Walkable neighbours of a padded index.
    pub fn degree(&self, index: usize) -> usize {
        self.neighbours(index)
            .iter()
            .filter(|&&n| self.open[n])
            .count()
    }
}
