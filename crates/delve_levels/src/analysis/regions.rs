//! Connectivity: 4-connected walkable regions (walking distances are in
//! [`super::distances`]).
//!
//! Regions are labelled by union-find over horizontal runs of walkable tiles: each run
//! is joined to the runs it touches in the row above, so the joining work grows with
//! the number of runs, not tiles. The runs are read off the map packed 64 tiles to a
//! word ([`WallBits`]): a run starts at an open bit whose west neighbour is closed and
//! ends at one whose east neighbour is, so only run ends are visited. Labels are
//! numbered in the row-major order of each region's first tile, so they are
//! deterministic.

use std::ops::Range;

use super::wall_bits::WallBits;
use crate::grid::{Grid, Pos, Tile};

/// The label of a tile that belongs to no region (a wall).
pub(crate) const NO_REGION: u32 = u32::MAX;

/// The 4-connected walkable regions of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    width: usize,
    height: usize,
    labels: Vec<u32>,
    sizes: Vec<u32>,
}

/// A horizontal run of open cells: columns `left..right` of row `y`.
#[derive(Clone, Copy, Debug)]
struct Run {
    y: u32,
    left: u32,
    right: u32,
}

impl Run {
    fn len(self) -> u32 {
        self.right - self.left
    }
}

impl Regions {
    /// Labels the walkable regions of `tiles` ([`Tile::is_walkable`]).
    pub fn of(tiles: &Grid<Tile>) -> Regions {
        RunRegions::of_walls(&WallBits::from_tiles(tiles)).into_regions()
    }

    /// Labels the 4-connected regions of the cells of `grid` for which `open` holds.
    pub fn of_grid<T: Copy>(grid: &Grid<T>, open: impl Fn(T) -> bool) -> Regions {
        RunRegions::of_walls(&WallBits::from_grid_by(grid, |cell| !open(cell))).into_regions()
    }

    /// Labels the 4-connected regions of the floor (clear) cells of `walls`.
    pub fn of_walls(walls: &WallBits) -> Regions {
        RunRegions::of_walls(walls).into_regions()
    }

    /// Number of regions.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// Each tile's region label, row by row ([`NO_REGION`] for walls). Labels run from 0
    /// in the row-major order of each region's first tile.
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// Tiles in each region, indexed by label.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The region label at `pos`, if it is walkable and inside the map.
    pub fn label_at(&self, pos: Pos) -> Option<u32> {
        let inside = pos.x >= 0
            && pos.y >= 0
            && (pos.x as usize) < self.width
            && (pos.y as usize) < self.height;
        inside
            .then(|| self.labels[pos.y as usize * self.width + pos.x as usize])
            .filter(|&label| label != NO_REGION)
    }

    /// The main region: the largest, ties going to the one whose first tile comes first
    /// in row-major order. `None` when nothing is walkable.
    pub fn largest(&self) -> Option<u32> {
        largest_of(&self.sizes)
    }
}

/// The label of the largest size, the first on ties; `None` for no sizes.
fn largest_of(sizes: &[u32]) -> Option<u32> {
    let mut best: Option<(u32, u32)> = None;
    for (label, &size) in sizes.iter().enumerate() {
        if best.is_none_or(|(_, best_size)| size > best_size) {
            best = Some((label as u32, size));
        }
    }
    best.map(|(label, _)| label)
}

/// Regions known by their runs, before any per-tile label is written: enough for
/// counting regions, finding the main one and walking its tiles in row-major order.
#[derive(Clone, Debug)]
pub(crate) struct RunRegions {
    width: usize,
    height: usize,
    /// Every run, row by row, left to right.
    runs: Vec<Run>,
    /// The region label of each run.
    run_label: Vec<u32>,
    sizes: Vec<u32>,
}

impl RunRegions {
    /// The regions of the floor (clear) cells of `walls`.
    pub fn of_walls(walls: &WallBits) -> RunRegions {
        // A guess that saves most regrowing: a run every 24 cells.
        let guess = walls.width() * walls.height() / 24 + 16;
        let mut runs: Vec<Run> = Vec::with_capacity(guess);
        let mut parent: Vec<u32> = Vec::with_capacity(guess);
        let mut previous_row = 0..0;
        for y in 0..walls.height() {
            let row_start = runs.len();
            push_row_runs(walls.row_words(y), y as u32, &mut runs);
            // Each run joins every run of the row above that shares a column with it
            // (both rows are sorted, so one merge-like sweep finds all overlaps).
            let mut above = previous_row.start;
            for run in row_start..runs.len() {
                let Run { left, right, .. } = runs[run];
                while above < previous_row.end && runs[above].right <= left {
                    above += 1;
                }
                // The run's root so far; it is itself until it first meets a run above.
                let mut root = run as u32;
                let mut overlap = above;
                while overlap < previous_row.end && runs[overlap].left < right {
                    let other = find(&mut parent, overlap as u32);
                    if root == run as u32 {
                        root = other;
                    } else if other != root {
                        // The smaller root (the earlier run) becomes the root of both.
                        parent[root.max(other) as usize] = root.min(other);
                        root = root.min(other);
                    }
                    overlap += 1;
                }
                parent.push(root);
            }
            previous_row = row_start..runs.len();
        }
        // Every run's parent is itself or an earlier run, so one pass in run order gives
        // each run its root's label; roots are each region's first run, so regions are
        // numbered by their first tile in row-major order.
        let mut run_label = Vec::with_capacity(runs.len());
        let mut sizes = Vec::new();
        for (run, (&up, span)) in parent.iter().zip(&runs).enumerate() {
            let label = if up as usize == run {
                sizes.push(0);
                sizes.len() as u32 - 1
            } else {
                run_label[up as usize]
            };
            run_label.push(label);
            sizes[label as usize] += span.len();
        }
        RunRegions {
            width: walls.width(),
            height: walls.height(),
            runs,
            run_label,
            sizes,
        }
    }

    /// Number of regions.
    pub(crate) fn count(&self) -> usize {
        self.sizes.len()
    }

    /// Tiles in each region, indexed by label.
    pub(crate) fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The main region, as [`Regions::largest`].
    pub(crate) fn largest(&self) -> Option<u32> {
        largest_of(&self.sizes)
    }

    /// The row-major index of the `n`-th tile (from 0, in row-major order) of region
    /// `label`.
    pub(crate) fn nth_tile(&self, label: u32, mut n: u32) -> Option<usize> {
        for (run, _) in self
            .runs
            .iter()
            .zip(&self.run_label)
            .filter(|&(_, &l)| l == label)
        {
            if n < run.len() {
                return Some(run.y as usize * self.width + (run.left + n) as usize);
            }
            n -= run.len();
        }
        None
    }

    /// Every run as its row, its columns and its region label, in row-major order.
    pub(crate) fn runs(&self) -> impl Iterator<Item = (usize, Range<usize>, u32)> + '_ {
        self.runs.iter().zip(&self.run_label).map(|(run, &label)| {
            let columns = run.left as usize..run.right as usize;
            (run.y as usize, columns, label)
        })
    }

    /// The region label of the open cell `(x, y)`, `None` for a wall (runs are sorted,
    /// so this is a binary search).
    pub(crate) fn label_at(&self, x: usize, y: usize) -> Option<u32> {
        let (x, y) = (x as u32, y as u32);
        let after = self.runs.partition_point(|run| (run.y, run.left) <= (y, x));
        let run = after.checked_sub(1)?;
        (self.runs[run].y == y && x < self.runs[run].right).then(|| self.run_label[run])
    }

    /// Writes every tile's label.
    pub(crate) fn into_regions(self) -> Regions {
        let (width, height) = (self.width, self.height);
        let mut labels = vec![NO_REGION; width * height];
        for (run, &label) in self.runs.iter().zip(&self.run_label) {
            let row = run.y as usize * width;
            labels[row + run.left as usize..row + run.right as usize].fill(label);
        }
        Regions {
            width,
            height,
            labels,
            sizes: self.sizes,
        }
    }
}

/// Appends the runs of open (clear) bits of one packed row. A run starts at an open bit
/// whose west neighbour is closed and ends at one whose east neighbour is; the k-th
/// start and the k-th end of a row belong to the same run. Padding bits are set, so no
/// run reaches past the row.
fn push_row_runs(words: &[u64], y: u32, runs: &mut Vec<Run>) {
    let first = runs.len();
    let mut west = 0u64;
    for (k, &word) in words.iter().enumerate() {
        let open = !word;
        let mut starts = open & !((open << 1) | west);
        west = open >> 63;
        while starts != 0 {
            let left = (k * 64) as u32 + starts.trailing_zeros();
            runs.push(Run { y, left, right: 0 });
            starts &= starts - 1;
        }
    }
    let mut run = first;
    for (k, &word) in words.iter().enumerate() {
        let open = !word;
        let east = words.get(k + 1).map_or(0, |&next| !next & 1);
        let mut ends = open & !((open >> 1) | (east << 63));
        while ends != 0 {
            runs[run].right = (k * 64) as u32 + ends.trailing_zeros() + 1;
            run += 1;
            ends &= ends - 1;
        }
    }
}

/// The root of `node`, halving the path on the way.
fn find(parent: &mut [u32], mut node: u32) -> u32 {
    while parent[node as usize] != node {
        let grandparent = parent[parent[node as usize] as usize];
        parent[node as usize] = grandparent;
        node = grandparent;
    }
    node
}

/// Number of 4-connected walkable regions of `tiles`.
pub fn count_regions(tiles: &Grid<Tile>) -> usize {
    RunRegions::of_walls(&WallBits::from_tiles(tiles)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distances::{UNREACHABLE, walking_distances};
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    fn map(text: &str) -> Grid<Tile> {
        Grid::parse_ascii(text).expect("test map parses")
    }

    /// Reference labelling: one flood fill per unlabelled walkable tile, row-major.
    fn flood_labels(tiles: &Grid<Tile>) -> Vec<u32> {
        let mut labels = vec![NO_REGION; tiles.len()];
        let mut next = 0;
        for start in 0..tiles.len() {
            if labels[start] != NO_REGION || !tiles.cells()[start].is_walkable() {
                continue;
            }
            let reach = walking_distances(tiles, tiles.pos_of(start));
            for (label, d) in labels.iter_mut().zip(reach) {
                if d != UNREACHABLE {
                    *label = next;
                }
            }
            next += 1;
        }
        labels
    }

    #[test]
    fn runs_match_flood_fill_on_random_maps() {
        let mut rng = StreamRng::new(3, Stream::Layout);
        for (width, height) in [(1, 1), (1, 9), (9, 1), (7, 5), (31, 17), (64, 40)] {
            for percent in [20, 45, 60] {
                let tiles = random_tiles(width, height, percent, &mut rng);
                let regions = Regions::of(&tiles);
                assert_eq!(
                    regions.labels(),
                    flood_labels(&tiles),
                    "{width}x{height} at {percent}%"
                );
                let total: u32 = regions.sizes().iter().sum();
                assert_eq!(
                    total as usize,
                    tiles.cells().iter().filter(|t| t.is_walkable()).count()
                );
            }
        }
    }

    #[test]
    fn u_shape_is_one_region_and_diagonals_do_not_connect() {
        let u = map("#####\n#.#.#\n#.#.#\n#...#\n#####\n");
        assert_eq!(count_regions(&u), 1);
        let diagonal = map("####\n#.##\n##.#\n####\n");
        assert_eq!(count_regions(&diagonal), 2);
    }

    #[test]
    fn largest_region_wins_and_ties_go_to_the_first() {
        let tiles = map("#######\n#..#..#\n#######\n#...###\n#######\n");
        let regions = Regions::of(&tiles);
        assert_eq!(regions.sizes(), &[2, 2, 3]);
        assert_eq!(regions.largest(), Some(2));
        let tie = map("######\n#.##.#\n######\n");
        assert_eq!(Regions::of(&tie).largest(), Some(0));
        assert_eq!(Regions::of(&map("###\n###\n")).largest(), None);
    }

    #[test]
    fn label_at_outside_the_map_is_none() {
        let tiles = map("###\n#.#\n###\n");
        assert_eq!(Regions::of(&tiles).label_at(Pos::new(1, 1)), Some(0));
        assert_eq!(Regions::of(&tiles).label_at(Pos::new(9, 9)), None);
    }

    #[test]
    fn runs_know_each_region_tile_by_tile() {
        let mut rng = StreamRng::new(7, Stream::Layout);
        for (width, height, percent) in [(1, 1, 0), (9, 7, 40), (70, 33, 45), (130, 20, 55)] {
            let tiles = random_tiles(width, height, percent, &mut rng);
            let regions = Regions::of(&tiles);
            let runs = RunRegions::of_walls(&WallBits::from_tiles(&tiles));
            assert_eq!(
                (runs.sizes(), runs.largest()),
                (regions.sizes(), regions.largest())
            );
            for label in 0..regions.count() as u32 {
                let members = (0..tiles.len()).filter(|&i| regions.labels()[i] == label);
                for (n, i) in members.enumerate() {
                    assert_eq!(runs.nth_tile(label, n as u32), Some(i));
                }
                let size = regions.sizes()[label as usize];
                assert_eq!(runs.nth_tile(label, size), None);
            }
            for (i, &label) in regions.labels().iter().enumerate() {
                let found = runs.label_at(i % width, i / width);
                assert_eq!(found, (label != NO_REGION).then_some(label));
            }
        }
    }
}
