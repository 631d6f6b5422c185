//! Walking distances: breadth-first search over a grid's open cells.
//!
//! The search runs on a copy of the map framed by closed cells, so that stepping needs
//! no bounds tests, and sized to a power of two, so that masked indices need none
//! either. The queue grows one distance at a time and every step is branch-free: each
//! neighbour is written to the queue's next slot, and the queue only grows when the
//! neighbour was new. One byte per cell marks "not reached yet", and a distance is
//! written once, when its cell leaves the queue.

use crate::grid::{Grid, Pos, Tile};

/// The distance of a tile that cannot be reached.
pub const UNREACHABLE: u32 = u32::MAX;

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

/// Which cells of `grid` (row by row) the 4-connected cells where `open` holds join to
/// the row-major indices `sources` — only those sources that are themselves open (and
/// on the map) count: a closed source reaches nothing, not even itself.
pub(crate) fn reached_from<T: Copy>(
    grid: &Grid<T>,
    sources: &[usize],
    open: impl Fn(T) -> bool,
) -> Vec<bool> {
    let open_sources: Vec<usize> = sources
        .iter()
        .copied()
        .filter(|&s| grid.cells().get(s).is_some_and(|&cell| open(cell)))
        .collect();
    distances_from(grid, &open_sources, open)
        .into_iter()
        .map(|d| d != UNREACHABLE)
        .collect()
}

/// Breadth-first distances over the 4-connected cells of `grid` for which `open`
/// holds, from every index in `sources` at once (each at distance 0, open or not).
/// [`UNREACHABLE`] where no path leads.
pub(crate) fn distances_from<T: Copy>(
    grid: &Grid<T>,
    sources: &[usize],
    open: impl Fn(T) -> bool,
) -> Vec<u32> {
    let mut search = FramedSearch::new(grid, open);
    // Framed like the search, so each cell's distance is written once, when the search
    // takes it from the queue; then the frame is squeezed out in place. The length is a
    // power of two, as the search's, so that indices masked to it need no bounds test.
    // (Writing straight into row-major places instead needs a multiply per cell in the
    // hot loop, and measured no faster.)
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
/// so stepping needs no bounds tests: cell `(x, y)` is framed cell `(x + 1, y + 1)` of
/// rows `width + 2` long. One byte per framed cell says whether it is open and not
/// reached yet; the visited cells are kept in visiting order (by distance; within one
/// distance, in the order a FIFO queue takes them, neighbours tried up, right, down,
/// left).
#[derive(Clone, Debug)]
pub(crate) struct FramedSearch {
    width: usize,
    height: usize,
    /// `width + 2`.
    framed_width: usize,
    /// Per framed cell: 1 for an open cell not reached yet, 0 for anything else. The
    /// length is a power of two (the cells past the frame are closed), so that an
    /// index masked to it provably needs no bounds test.
    unseen: Vec<u8>,
    /// Framed indices of the visited cells in visiting order (the search's queue).
    order: Vec<u32>,
}

impl FramedSearch {
    /// A search over the cells of `grid` for which `open` holds; nothing reached yet.
    ///
    /// Panics when the framed map has more than `u32::MAX` cells (a map over 100 times
    /// the largest a level config allows).
    pub(crate) fn new<T: Copy>(grid: &Grid<T>, open: impl Fn(T) -> bool) -> FramedSearch {
        let (width, height) = (grid.width(), grid.height());
        let framed_width = width + 2;
        // One more than the framed cells: room for the slot written past the last.
        let framed_cells = framed_width * (height + 2) + 1;
        assert!(
            framed_cells <= u32::MAX as usize,
            "a {width}x{height} map is too large to search"
        );
        let mut unseen = zeroed(framed_cells.next_power_of_two());
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
            unseen,
            order: Vec::new(),
        }
    }

    /// A queue length with room for every map cell and the slot written past the last.
    fn full_queue(&self) -> usize {
        (self.width * self.height + 1).next_power_of_two()
    }

    /// Searches from every row-major index in `sources` at once (each at distance 0,
    /// open or not; indices outside the map and repeats are skipped), calling
    /// `visit(framed index, distance)` for every reached cell in visiting order, and
    /// keeps that order for [`FramedSearch::visited`]. A search runs once.
    pub(crate) fn run(&mut self, sources: &[usize], visit: impl FnMut(usize, u32)) {
        // Every cell is queued at most once, and the search writes one slot past the
        // last queued cell.
        let mut queue = zeroed(self.full_queue());
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
        let mut queue = zeroed(ring.min(self.full_queue()));
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

    /// The visited cells as row-major indices, nearest first.
    pub(crate) fn visited(&self) -> impl Iterator<Item = usize> + '_ {
        // Dividing a `u32` by the framed width is a multiply by this and a shift (Lemire,
        // Kaser and Kurz, "Faster remainder by direct computation").
        let row_magic = u64::MAX / self.framed_width as u64 + 1;
        self.order.iter().map(move |&at| {
            let framed_row = ((row_magic as u128 * at as u128) >> 64) as usize;
            // at = framed_row·(width + 2) + x + 1, and the cell is (framed_row − 1)·width + x.
            at as usize - 2 * framed_row - self.width - 1
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    #[test]
    fn reached_from_marks_what_the_open_sources_join_and_a_closed_source_reaches_nothing() {
        let tiles = Grid::parse_ascii("#####\n#..##\n###.#\n#####\n").unwrap();
        let reached = reached_from(&tiles, &[tiles.index_of(Pos::new(1, 1))], Tile::is_walkable);
        let marked: Vec<Pos> = tiles
            .positions()
            .filter(|&p| reached[tiles.index_of(p)])
            .collect();
        assert_eq!(marked, [Pos::new(1, 1), Pos::new(2, 1)]);
        let from_wall = reached_from(&tiles, &[0], Tile::is_walkable);
        assert!(from_wall.iter().all(|&r| !r));
        let off_map = reached_from(&tiles, &[tiles.len()], Tile::is_walkable);
        assert!(off_map.iter().all(|&r| !r));
    }

    fn map(text: &str) -> Grid<Tile> {
        Grid::parse_ascii(text).expect("test map parses")
    }

    /// Reference: a textbook queue search with bounds tests and no frame.
    fn plain_distances(tiles: &Grid<Tile>, from: usize) -> Vec<u32> {
        let (width, height) = (tiles.width(), tiles.height());
        let mut distance = vec![UNREACHABLE; tiles.len()];
        if !tiles.cells()[from].is_walkable() {
            return distance;
        }
        distance[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            let (x, y) = (at % width, at / width);
            let neighbours = [
                (y > 0).then(|| at - width),
                (x + 1 < width).then(|| at + 1),
                (y + 1 < height).then(|| at + width),
                (x > 0).then(|| at - 1),
            ];
            for to in neighbours.into_iter().flatten() {
                if tiles.cells()[to].is_walkable() && distance[to] == UNREACHABLE {
                    distance[to] = distance[at] + 1;
                    queue.push_back(to);
                }
            }
        }
        distance
    }

    #[test]
    fn distances_match_a_plain_search_on_random_maps_of_many_widths() {
        let mut rng = StreamRng::new(17, Stream::Layout);
        for width in (1..=70).chain([127, 128, 129, 255, 256, 257]) {
            let height = 1 + (width * 7) % 23;
            for percent in [0, 30, 45] {
                let tiles = random_tiles(width, height, percent, &mut rng);
                for from in [0, tiles.len() / 2, tiles.len() - 1] {
                    assert_eq!(
                        walking_distances(&tiles, tiles.pos_of(from)),
                        plain_distances(&tiles, from),
                        "{width}x{height} at {percent}% from {from}"
                    );
                }
            }
        }
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
