//! Connectivity: 4-connected walkable regions and walking distances.
//!
//! Regions are labelled by union-find over horizontal runs of walkable tiles: each run
//! is joined to the runs it touches in the row above, so the joining work grows with
//! the number of runs, not tiles. The runs are read off the map packed 64 tiles to a
//! word ([`WallBits`]): a run starts at an open bit whose west neighbour is closed and
//! ends at one whose east neighbour is, so only run ends are visited. Labels are
//! numbered in the row-major order of each region's first tile, so they are
//! deterministic.
//!
//! Distances come from a breadth-first search on a copy of the map framed by closed
//! cells, so that stepping needs no bounds tests, and sized to a power of two, so that
//! masked indices need none either. The queue grows one distance at a time and every
//! step is branch-free: each neighbour is written to the queue's next slot, and the
//! queue only grows when the neighbour was new. One byte per cell marks "not reached
//! yet", and a distance is written once, when its cell leaves the queue.

use std::ops::Range;

use super::automaton::WallBits;
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
    pub(crate) fn of_walls(walls: &WallBits) -> RunRegions {
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

    /// Writes every tile's label: all walls first, then each run over them.
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

/// `n` zeros. Not `vec![0; n]`: a large zeroed allocation is fresh pages from the
/// system on every call, and faulting them in can cost more than the search using them.
fn zeroed<T: Copy + Default>(n: usize) -> Vec<T> {
    let mut zeros = Vec::with_capacity(n);
    zeros.resize(n, T::default());
    zeros
}

/// Doubles a ring queue (a power of two long) holding the entries `head..tail`, each
/// staying at its position modulo the length.
fn grow_ring(queue: &mut Vec<u32>, head: usize, tail: usize) {
    let old_mask = queue.len() - 1;
    let mut grown = zeroed(2 * queue.len());
    let mask = grown.len() - 1;
    for i in head..tail {
        grown[i & mask] = queue[i & old_mask];
    }
    *queue = grown;
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

/// Breadth-first distances over the 4-connected cells of `grid` for which `open`
/// holds, from every index in `sources` at once (each at distance 0, open or not).
/// [`UNREACHABLE`] where no path leads.
pub fn distances_from<T: Copy>(
    grid: &Grid<T>,
    sources: &[usize],
    open: impl Fn(T) -> bool,
) -> Vec<u32> {
    let mut search = FramedSearch::new(grid, open);
    // Framed like the search, so each cell's distance is written once, when the search
    // takes it from the queue; then the frame is squeezed out in place. The length is a
    // power of two, as the search's, so that indices masked to it need no bounds test.
    let mut distance = vec![UNREACHABLE; search.unseen.len()];
    let mask = distance.len() - 1;
    let slots = &mut distance[..=mask];
    search.run_forgetting_order(sources, |at, d| slots[at & mask] = d);
    let (width, height, framed_width) = (grid.width(), grid.height(), search.framed_width);
    for y in 0..height {
        let from = (y + 1) * framed_width + 1;
        // Each row moves left, onto cells already moved or part of the frame.
        distance.copy_within(from..from + width, y * width);
    }
    distance.truncate(width * height);
    distance
}

/// A breadth-first search over a copy of a map framed by one closed cell on every side,
/// so stepping needs no bounds tests. One byte per framed cell says whether it is open
/// and not reached yet; the visited cells are kept in visiting order (by distance;
/// within one distance, in the order a FIFO queue takes them, neighbours tried up,
/// right, down, left).
#[derive(Clone, Debug)]
pub(crate) struct FramedSearch {
    width: usize,
    height: usize,
    framed_width: usize,
    /// `u64::MAX / framed_width + 1`: dividing a `u32` by the framed width is a
    /// multiply by this and a shift (Lemire, Kaser and Kurz, "Faster remainder by
    /// direct computation").
    row_magic: u64,
    /// Per framed cell: 1 for an open cell not reached yet, 0 for anything else. The
    /// length is the framed size rounded up to a power of two (the cells past the
    /// frame are closed), so that an index masked to it provably needs no bounds test.
    unseen: Vec<u8>,
    /// Framed indices of the visited cells in visiting order (the search's queue).
    order: Vec<u32>,
}

impl FramedSearch {
    /// A search over the cells of `grid` for which `open` holds; nothing reached yet.
    pub(crate) fn new<T: Copy>(grid: &Grid<T>, open: impl Fn(T) -> bool) -> FramedSearch {
        let (width, height) = (grid.width(), grid.height());
        let framed_width = width + 2;
        let mut unseen = zeroed((framed_width * (height + 2) + 1).next_power_of_two());
        for y in 0..height {
            let row = (y + 1) * framed_width + 1;
            for (cell, &tile) in unseen[row..row + width].iter_mut().zip(grid.row(y)) {
                *cell = u8::from(open(tile));
            }
        }
        FramedSearch {
            width,
            height,
            framed_width,
            row_magic: u64::MAX / framed_width as u64 + 1,
            unseen,
            order: Vec::new(),
        }
    }

    /// Searches from every row-major index in `sources` at once (each at distance 0,
    /// open or not; indices outside the map and repeats are skipped), calling
    /// `visit(framed index, distance)` for every reached cell in visiting order, and
    /// keeps that order for [`FramedSearch::visited`]. A search runs once.
    pub(crate) fn run(&mut self, sources: &[usize], visit: impl FnMut(usize, u32)) {
        // Every cell is queued at most once, and the search writes one slot past the
        // last queued cell: the framed size rounded up to a power of two leaves room.
        let mut queue = zeroed(self.unseen.len());
        let tail = self.search::<true>(sources, &mut queue, visit);
        queue.truncate(tail);
        self.order = queue;
    }

    /// [`FramedSearch::run`] without keeping the order: the queue is a ring that holds
    /// only the cells waiting, grown when they outgrow it, which on a large map is far
    /// less memory to touch than a slot per cell.
    pub(crate) fn run_forgetting_order(
        &mut self,
        sources: &[usize],
        visit: impl FnMut(usize, u32),
    ) {
        let ring = (4 * (self.width + self.height) + sources.len() + 8).next_power_of_two();
        let mut queue = zeroed(ring.min(self.unseen.len()));
        self.search::<false>(sources, &mut queue, visit);
    }

    /// The search itself, with `queue` a power of two long: a ring when not `KEEP`
    /// (grown as needed), else long enough for every cell. Returns the cells queued.
    fn search<const KEEP: bool>(
        &mut self,
        sources: &[usize],
        queue: &mut Vec<u32>,
        mut visit: impl FnMut(usize, u32),
    ) -> usize {
        let framed_width = self.framed_width;
        // Indices masked to these lengths (powers of two) need no bounds test.
        let mask = self.unseen.len() - 1;
        let unseen = &mut self.unseen[..=mask];
        let mut ring = queue.len() - 1;
        let mut tail = 0;
        let mut closed_sources = Vec::new();
        for &source in sources.iter().filter(|&&s| s < self.width * self.height) {
            let at = (source / self.width + 1) * framed_width + source % self.width + 1;
            match unseen[at] {
                1 => unseen[at] = 0,
                0 => {
                    unseen[at] = 2; // Queued, so that a repeat is skipped.
                    closed_sources.push(at);
                }
                _ => continue,
            }
            if !KEEP && tail == ring {
                grow_ring(queue, 0, tail);
                ring = queue.len() - 1;
            }
            queue[tail & ring] = at as u32;
            tail += 1;
        }
        for at in closed_sources {
            unseen[at] = 0;
        }
        // One distance at a time: the cells queued while taking those of distance `d`
        // are those of distance `d + 1`.
        let (mut head, mut distance) = (0, 0);
        while head < tail {
            let layer_end = tail;
            // Taking the layer's `n` cells queues at most `4n` more while freeing `n`:
            // the ring must hold `4n` and the four slots written past the last.
            while !KEEP && 4 * (layer_end - head) + 4 > ring {
                grow_ring(queue, head, tail);
                ring = queue.len() - 1;
            }
            let slots = &mut queue[..=ring];
            while head < layer_end {
                let at = slots[head & ring] as usize;
                head += 1;
                visit(at, distance);
                for to in [at - framed_width, at + 1, at + framed_width, at - 1] {
                    // Branch-free: every neighbour is written to the queue's free slot,
                    // and the queue only grows when the neighbour was open and unreached.
                    let fresh = unseen[to & mask];
                    unseen[to & mask] = 0;
                    slots[tail & ring] = to as u32;
                    tail += usize::from(fresh);
                }
            }
            distance += 1;
        }
        tail
    }

    /// The row-major index of framed index `at` (a cell of the map, not of the frame).
    #[inline]
    fn unframed(&self, at: u32) -> usize {
        let framed_row = ((self.row_magic as u128 * at as u128) >> 64) as usize;
        at as usize - 2 * framed_row - self.width - 1
    }

    /// The visited cells as row-major indices, nearest first.
    pub(crate) fn visited(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().map(|&at| self.unframed(at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::random_tiles;
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

    #[test]
    fn a_ring_queue_grows_and_visits_like_a_full_queue() {
        let mut rng = StreamRng::new(5, Stream::Layout);
        for (width, height, percent) in [(1, 1, 0), (9, 7, 0), (40, 30, 10), (70, 65, 35)] {
            let tiles = random_tiles(width, height, percent, &mut rng);
            let sources = [
                0,
                width * height / 2,
                width * height / 2,
                width * height + 5,
            ];
            let mut kept = Vec::new();
            FramedSearch::new(&tiles, Tile::is_walkable).run(&sources, |at, d| kept.push((at, d)));
            let mut ringed = Vec::new();
            let mut search = FramedSearch::new(&tiles, Tile::is_walkable);
            let tail =
                search.search::<false>(&sources, &mut vec![0; 1], |at, d| ringed.push((at, d)));
            assert_eq!(ringed, kept, "{width}x{height}");
            assert_eq!(tail, kept.len());
        }
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

    #[test]
    fn closed_and_repeated_sources_count_once_at_distance_zero() {
        let tiles = map("#####\n#.#.#\n#...#\n#####\n");
        // The wall between the two upper floors is a source: both are one step away.
        let d = distances_from(&tiles, &[7, 7, 99, 12], Tile::is_walkable);
        assert_eq!(d[7], 0);
        assert_eq!((d[6], d[8], d[12]), (1, 1, 0));
        assert_eq!((d[11], d[13]), (1, 1));
        assert_eq!(d[0], UNREACHABLE);
    }
}
