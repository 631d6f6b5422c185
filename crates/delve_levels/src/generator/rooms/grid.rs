//! The grid of cells a room dungeon stands on: where cells lie on the tiles, random
//! spanning trees over grid-adjacent cells, and which cells are reserved empty.

use crate::grid::ORTHOGONAL;
use crate::rng::StreamRng;

use super::corridors::{Axis, Lanes};
use super::{Room, RoomsConfig};

/// Where the grid of cells lies on the tiles: centred, `cell_w` × `cell_h` tiles a cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellGrid {
    pub(super) cols: usize,
    pub(super) rows: usize,
    pub(super) cell_w: i32,
    pub(super) cell_h: i32,
    pub(super) origin_x: i32,
    pub(super) origin_y: i32,
}

impl CellGrid {
    pub(super) fn new(config: &RoomsConfig) -> Self {
        // A cell needs a room tile and a margin on each side; validated configs have 6+.
        let (cell_w, cell_h) = (
            config.cell_width.max(3) as usize,
            config.cell_height.max(3) as usize,
        );
        let (width, height) = (config.width as usize, config.height as usize);
        let cols = width.saturating_sub(1) / cell_w;
        let rows = height.saturating_sub(1) / cell_h;
        CellGrid {
            cols,
            rows,
            cell_w: cell_w as i32,
            cell_h: cell_h as i32,
            origin_x: ((width - cols * cell_w) / 2) as i32,
            origin_y: ((height - rows * cell_h) / 2) as i32,
        }
    }

    /// The axis of the corridor from `from` to `to` (rooms of grid-adjacent cells, `from`
    /// left of or above `to`) and the lines it may use: the boundary line of `from`'s
    /// cell where a Z bends, and the band two tiles in from the edges of their cell row
    /// (or column) where its straight parts run.
    pub(super) fn corridor_lanes(&self, from: &Room, to: &Room) -> (Axis, Lanes) {
        if from.cell_y == to.cell_y {
            let top = self.origin_y + from.cell_y * self.cell_h;
            let lanes = Lanes {
                bend: self.origin_x + (from.cell_x + 1) * self.cell_w - 1,
                safe_first: top + 2,
                safe_last: top + self.cell_h - 3,
            };
            (Axis::Horizontal, lanes)
        } else {
            let left = self.origin_x + from.cell_x * self.cell_w;
            let lanes = Lanes {
                bend: self.origin_y + (from.cell_y + 1) * self.cell_h - 1,
                safe_first: left + 2,
                safe_last: left + self.cell_w - 3,
            };
            (Axis::Vertical, lanes)
        }
    }

    /// The cell next to `cell` in direction `dir` (an index into [`ORTHOGONAL`]).
    pub(super) fn neighbour(&self, cell: usize, dir: usize) -> Option<usize> {
        let (dx, dy) = ORTHOGONAL[dir];
        let x = (cell % self.cols).checked_add_signed(dx as isize)?;
        let y = (cell / self.cols).checked_add_signed(dy as isize)?;
        (x < self.cols && y < self.rows).then_some(y * self.cols + x)
    }
}

/// A random spanning tree of the `kept` cells over grid adjacency (randomized Kruskal),
/// as pairs of cells with the first left of or above the second. A spanning forest if
/// the kept cells are not connected.
pub(super) fn random_spanning_tree(
    grid: &CellGrid,
    kept: &[bool],
    rng: &mut StreamRng,
) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for cell in 0..kept.len() {
        for dir in [RIGHT, DOWN] {
            if let Some(next) = grid.neighbour(cell, dir)
                && kept[cell]
                && kept[next]
            {
                edges.push((cell as u32, next as u32));
            }
        }
    }
    rng.shuffle(&mut edges);
    let mut sets = DisjointSets::new(kept.len());
    edges
        .into_iter()
        .filter(|&(a, b)| sets.union(a as usize, b as usize))
        .map(|(a, b)| (a as usize, b as usize))
        .collect()
}

/// Chooses `reserve` cells to stay empty and returns which cells keep a room. The kept
/// cells stay connected: a random spanning tree of all cells is pruned one random leaf
/// at a time, and taking a leaf off a tree leaves a tree.
pub(super) fn keep_connected_cells(
    grid: &CellGrid,
    reserve: usize,
    rng: &mut StreamRng,
) -> Vec<bool> {
    let cells = grid.cols * grid.rows;
    let mut kept = vec![true; cells];
    if reserve == 0 {
        return kept;
    }
    // A tree neighbour list in two words per cell: its degree and the XOR of its
    // neighbours, which names the last neighbour of a leaf.
    let mut degree = vec![0u32; cells];
    let mut neighbours_xor = vec![0usize; cells];
    for (a, b) in random_spanning_tree(grid, &kept, rng) {
        degree[a] += 1;
        degree[b] += 1;
        neighbours_xor[a] ^= b;
        neighbours_xor[b] ^= a;
    }
    let mut leaves: Vec<usize> = (0..cells).filter(|&c| degree[c] == 1).collect();
    for _ in 0..reserve {
        if leaves.is_empty() {
            break;
        }
        let leaf = leaves.swap_remove(rng.below(leaves.len() as u32) as usize);
        kept[leaf] = false;
        let parent = neighbours_xor[leaf];
        neighbours_xor[parent] ^= leaf;
        degree[parent] -= 1;
        if degree[parent] == 1 {
            leaves.push(parent);
        }
    }
    kept
}

/// Union–find over cells, for Kruskal.
struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    fn new(len: usize) -> Self {
        DisjointSets {
            parent: (0..len as u32).collect(),
            size: vec![1; len],
        }
    }

    fn find(&mut self, mut item: usize) -> usize {
        while self.parent[item] as usize != item {
            let grandparent = self.parent[self.parent[item] as usize];
            self.parent[item] = grandparent;
            item = grandparent as usize;
        }
        item
    }

    /// Joins the sets of `a` and `b`; false if they were already one set.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        true
    }
}

/// Direction indices into [`ORTHOGONAL`].
const RIGHT: usize = 1;
const DOWN: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    fn grid(cols: usize, rows: usize) -> CellGrid {
        CellGrid {
            cols,
            rows,
            cell_w: 6,
            cell_h: 6,
            origin_x: 0,
            origin_y: 0,
        }
    }

    fn kept_cells_are_connected(grid: &CellGrid, kept: &[bool]) -> bool {
        let Some(start) = kept.iter().position(|&k| k) else {
            return true;
        };
        let mut seen = vec![false; kept.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(cell) = stack.pop() {
            for dir in 0..4 {
                if let Some(next) = grid.neighbour(cell, dir)
                    && kept[next]
                    && !std::mem::replace(&mut seen[next], true)
                {
                    stack.push(next);
                }
            }
        }
        kept.iter().zip(&seen).all(|(&k, &s)| !k || s)
    }

    #[test]
    fn pruning_reserves_exactly_and_keeps_the_rest_connected() {
        for (seed, (cols, rows)) in [(1, 1), (2, 1), (1, 2), (3, 3), (6, 4), (17, 9), (40, 30)]
            .into_iter()
            .enumerate()
        {
            let grid = grid(cols, rows);
            let cells = cols * rows;
            for reserve in [
                0,
                1,
                cells / 5,
                cells / 2,
                cells * 9 / 10,
                cells.saturating_sub(2),
            ] {
                let reserve = reserve.min(cells.saturating_sub(2));
                let mut rng = StreamRng::new(seed as u64 * 100 + reserve as u64, Stream::Layout);
                let kept = keep_connected_cells(&grid, reserve, &mut rng);
                assert_eq!(
                    kept.iter().filter(|&&k| !k).count(),
                    reserve,
                    "{cols}x{rows} reserve {reserve}"
                );
                assert!(
                    kept_cells_are_connected(&grid, &kept),
                    "{cols}x{rows} reserve {reserve}"
                );
            }
        }
    }

    #[test]
    fn spanning_tree_joins_every_kept_cell_once() {
        let grid = grid(12, 7);
        let mut rng = StreamRng::new(3, Stream::Layout);
        let kept = keep_connected_cells(&grid, 40, &mut rng);
        let tree = random_spanning_tree(&grid, &kept, &mut rng);
        assert_eq!(tree.len(), kept.iter().filter(|&&k| k).count() - 1);
        let mut sets = DisjointSets::new(kept.len());
        for &(a, b) in &tree {
            assert!(kept[a] && kept[b]);
            assert!(grid.neighbour(a, RIGHT) == Some(b) || grid.neighbour(a, DOWN) == Some(b));
            assert!(sets.union(a, b), "tree edges never close a cycle");
        }
    }

    #[test]
    fn neighbours_stay_on_the_grid() {
        let grid = grid(3, 2);
        assert_eq!(grid.neighbour(0, 0), None);
        assert_eq!(grid.neighbour(0, 3), None);
        assert_eq!(grid.neighbour(2, RIGHT), None);
        assert_eq!(grid.neighbour(2, DOWN), Some(5));
        assert_eq!(grid.neighbour(5, DOWN), None);
    }
}
