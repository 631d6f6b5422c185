//! Connectivity: 4-connected walkable regions and walking distances.
//!
//! Regions are labelled by union-find over horizontal runs of walkable tiles: each run
//! is joined to the runs it touches in the row above, so the joining work grows with
//! the number of runs, not tiles; tiles are only read once and written once. Labels
//! are numbered in the row-major order of each region's first tile, so they are
//! deterministic.

use std::ops::Range;

use crate::grid::{Grid, Pos, Tile};

/// The label of a tile that belongs to no region (a wall).
pub const NO_REGION: u32 = u32::MAX;

/// The distance of a tile that cannot be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// The 4-connected walkable regions of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    width: usize,
    height: usize,
    labels: Vec<u32>,
    sizes: Vec<u32>,
}

/// A horizontal run of open cells: columns `left..right` of row `y`.
#[derive(Clone, Copy)]
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
        Regions::of_grid(tiles, Tile::is_walkable)
    }

    /// Labels the 4-connected regions of the cells of `grid` for which `open` holds.
    pub fn of_grid<T: Copy>(grid: &Grid<T>, open: impl Fn(T) -> bool) -> Regions {
        let (width, height) = (grid.width(), grid.height());
        let mut runs: Vec<Run> = Vec::new();
        let mut parent: Vec<u32> = Vec::new();
        let mut previous_row = 0..0;
        for y in 0..height {
            let row_start = runs.len();
            let row = grid.row(y);
            let mut x = 0;
            while x < row.len() {
                if !open(row[x]) {
                    x += 1;
                    continue;
                }
                let left = x;
                while x < row.len() && open(row[x]) {
                    x += 1;
                }
                parent.push(runs.len() as u32);
                runs.push(Run {
                    y: y as u32,
                    left: left as u32,
                    right: x as u32,
                });
            }
            join_overlapping_runs(
                &runs,
                previous_row.clone(),
                row_start..runs.len(),
                &mut parent,
            );
            previous_row = row_start..runs.len();
        }
        // Roots are each region's first run, so numbering roots in run order numbers
        // regions by their first tile in row-major order.
        let mut run_label = vec![NO_REGION; runs.len()];
        let mut sizes = Vec::new();
        for run in 0..runs.len() {
            let root = find(&mut parent, run as u32) as usize;
            if root == run {
                run_label[run] = sizes.len() as u32;
                sizes.push(0);
            }
            run_label[run] = run_label[root];
            sizes[run_label[run] as usize] += runs[run].len();
        }
        // Written front to back in one pass: the gap before each run, then the run.
        let mut labels = Vec::with_capacity(width * height);
        for (run, &label) in runs.iter().zip(&run_label) {
            let row = run.y as usize * width;
            labels.resize(row + run.left as usize, NO_REGION);
            labels.resize(row + run.right as usize, label);
        }
        labels.resize(width * height, NO_REGION);
        Regions {
            width,
            height,
            labels,
            sizes,
        }
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
        let mut best: Option<(u32, u32)> = None;
        for (label, &size) in self.sizes.iter().enumerate() {
            if best.is_none_or(|(_, best_size)| size > best_size) {
                best = Some((label as u32, size));
            }
        }
        best.map(|(label, _)| label)
    }
}

/// Unions each run of the current row with every run of the previous row that shares a
/// column with it (both lists are sorted, so one merge-like sweep finds all overlaps).
fn join_overlapping_runs(
    runs: &[Run],
    previous: Range<usize>,
    current: Range<usize>,
    parent: &mut [u32],
) {
    let mut above = previous.start;
    for run in current {
        let Run { left, right, .. } = runs[run];
        while above < previous.end && runs[above].right <= left {
            above += 1;
        }
        let mut overlap = above;
        while overlap < previous.end && runs[overlap].left < right {
            union(parent, run as u32, overlap as u32);
            overlap += 1;
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

/// Joins two sets; the smaller root (the earlier run) becomes the root of both.
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (root_a, root_b) = (find(parent, a), find(parent, b));
    if root_a != root_b {
        let (low, high) = (root_a.min(root_b), root_a.max(root_b));
        parent[high as usize] = low;
    }
}

/// Number of 4-connected walkable regions of `tiles`.
pub fn count_regions(tiles: &Grid<Tile>) -> usize {
    Regions::of(tiles).count()
}

/// Walking distances (orthogonal steps over walkable tiles) from `from` to every tile,
/// row by row; [`UNREACHABLE`] for walls and tiles cut off from `from`. Everything is
/// unreachable when `from` is a wall or outside the map.
pub fn walking_distances(tiles: &Grid<Tile>, from: Pos) -> Vec<u32> {
    let sources: &[usize] = if tiles.is_walkable(from) {
        &[tiles.index_of(from)]
    } else {
        &[]
    };
    distances_from(tiles, sources, Tile::is_walkable)
}

/// A cell of the framed search that may never be entered (a closed cell or the frame).
const CLOSED: u32 = u32::MAX - 1;

/// Breadth-first distances over the 4-connected cells of `grid` for which `open`
/// holds, from every index in `sources` at once (each at distance 0, open or not).
/// [`UNREACHABLE`] where no path leads.
///
/// The search runs on a copy framed by one closed cell on every side, so stepping needs
/// no bounds checks, and one number per cell says "closed", "not reached yet" or how far.
pub fn distances_from<T: Copy>(
    grid: &Grid<T>,
    sources: &[usize],
    open: impl Fn(T) -> bool,
) -> Vec<u32> {
    let (width, height) = (grid.width(), grid.height());
    let framed_width = width + 2;
    let mut distance = vec![CLOSED; framed_width * (height + 2)];
    for y in 0..height {
        let row = (y + 1) * framed_width + 1;
        for (d, &cell) in distance[row..row + width].iter_mut().zip(grid.row(y)) {
            if open(cell) {
                *d = UNREACHABLE;
            }
        }
    }
    let mut queue: Vec<u32> = Vec::with_capacity(width * height);
    for &source in sources.iter().filter(|&&s| s < width * height) {
        let at = (source / width + 1) * framed_width + source % width + 1;
        if distance[at] > 0 {
            distance[at] = 0;
            queue.push(at as u32);
        }
    }
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        head += 1;
        let at = at as usize;
        let next = distance[at] + 1;
        for to in [at - framed_width, at + 1, at + framed_width, at - 1] {
            if distance[to] == UNREACHABLE {
                distance[to] = next;
                queue.push(to as u32);
            }
        }
    }
    let mut unframed = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = (y + 1) * framed_width + 1;
        unframed.extend(
            distance[row..row + width]
                .iter()
                .map(|&d| if d == CLOSED { UNREACHABLE } else { d }),
        );
    }
    unframed
}

#[cfg(test)]
mod tests {
    use super::*;
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
                let cells = (0..width * height)
                    .map(|_| {
                        if rng.chance_percent(percent) {
                            Tile::Wall
                        } else {
                            Tile::Floor
                        }
                    })
                    .collect();
                let tiles = Grid::from_cells(width, height, cells).expect("sizes match");
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
    fn walking_distances_go_around_walls() {
        let tiles = map("#####\n#.#.#\n#.#.#\n#...#\n#####\n");
        let d = walking_distances(&tiles, Pos::new(1, 1));
        assert_eq!(d[tiles.index_of(Pos::new(3, 1))], 6);
        assert_eq!(d[tiles.index_of(Pos::new(2, 1))], UNREACHABLE);
        assert!(
            walking_distances(&tiles, Pos::new(0, 0))
                .iter()
                .all(|&d| d == UNREACHABLE)
        );
        assert_eq!(Regions::of(&tiles).label_at(Pos::new(9, 9)), None);
    }
}
