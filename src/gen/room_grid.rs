//! The grid of cells a room dungeon stands on: where cells lie on the tiles, random
//! spanning trees over grid-adjacent cells, and which cells are reserved empty.

use crate::grid::ORTHOGONAL;
use crate::rng::StreamRng;

use super::rooms::RoomsConfig;

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
        let (cell_w, cell_h) = (config.cell_width.max(3) as usize, config.cell_height.max(3) as usize);
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
pub(super) fn random_spanning_tree(grid: &CellGrid, kept: &[bool], rng: &mut StreamRng) -> Vec<(usize, usize)> {
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
pub(super) fn keep_connected_cells(grid: &CellGrid, reserve: usize, rng: &mut StreamRng) -> Vec<bool> {
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
