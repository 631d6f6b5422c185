//! The feature layer's two questions about walking, asked without walking the whole
//! level: does ground stay in one piece when a lake covers some of it, and is a walk
//! shorter than a limit. Both search only as far as the answer needs, on scratch space
//! kept for the whole layer.
//!
//! Why the lake's question can be asked at its shore: if the walkable ground was one
//! region and a lake makes the set `L` of its tiles unwalkable, every piece the rest falls
//! into touches `L` (a piece touching nothing of `L` was a region of its own before). So
//! the ground stays in one piece exactly when the walkable tiles beside `L` — its shore —
//! are still joined to one another. The shore is searched breadth-first from every shore
//! tile at once, joining searches that meet (union–find); it ends as soon as one group is
//! left (joined), or as soon as some group has nothing left to search while others remain
//! (cut off) — which, for the small dead end a lake cuts off, is soon.

use crate::grid::{Grid, Tile};

/// The in-bounds orthogonal neighbours of row-major index `at` of a `width` × `height`
/// grid: up, right, down, left.
fn steps(at: usize, width: usize, height: usize) -> [Option<usize>; 4] {
    let (x, y) = (at % width, at / width);
    [
        (y > 0).then(|| at - width),
        (x + 1 < width).then(|| at + 1),
        (y + 1 < height).then(|| at + width),
        (x > 0).then(|| at - 1),
    ]
}

/// No search owns the tile.
const FREE: u32 = u32::MAX;

/// Searches joined into groups (union–find), each group counting its tiles queued.
struct Groups {
    parent: Vec<usize>,
    /// Per group root: tiles of its searches reached and not yet taken from the queue.
    queued: Vec<u32>,
    /// Groups left (of searches that started).
    count: usize,
}

impl Groups {
    fn new(searches: usize) -> Groups {
        Groups {
            parent: (0..searches).collect(),
            queued: vec![0; searches],
            count: searches,
        }
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    /// Joins the groups of searches `a` and `b`.
    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        if a != b {
            self.parent[a] = b;
            self.queued[b] += self.queued[a];
            self.count -= 1;
        }
    }

    /// Search `s` reached a tile.
    fn queue(&mut self, s: usize) {
        let r = self.root(s);
        self.queued[r] += 1;
    }

    /// A tile of search `s` was taken from the queue; says whether its group has nothing
    /// left queued while other groups remain (it is cut off from them).
    fn take(&mut self, s: usize) -> bool {
        let r = self.root(s);
        self.queued[r] -= 1;
        self.queued[r] == 0 && self.count > 1
    }
}

/// Scratch space for the searches, as large as the level, clean between searches.
pub(super) struct Reach {
    /// Per tile: the search that reached it (shore) or its distance (walks).
    owner: Vec<u32>,
    /// Tiles whose `owner` was set, to clear after a search.
    touched: Vec<usize>,
}

impl Reach {
    /// Scratch space for a level of `len` tiles.
    pub(super) fn new(len: usize) -> Reach {
        Reach {
            owner: vec![FREE; len],
            touched: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for &i in &self.touched {
            self.owner[i] = FREE;
        }
        self.touched.clear();
    }

    /// Whether the walkable tiles of `shore` (row-major indices) are joined to one
    /// another by walks over walkable tiles (orthogonal steps).
    pub(super) fn joined(&mut self, tiles: &Grid<Tile>, shore: &[usize]) -> bool {
        let joined = self.search_shore(tiles, shore);
        self.clear();
        joined
    }

    fn search_shore(&mut self, tiles: &Grid<Tile>, shore: &[usize]) -> bool {
        let cells = tiles.cells();
        let mut groups = Groups::new(shore.len());
        // One breadth-first search from every shore tile at once: the queue is the
        // tiles in the order they were reached (`touched`), each owned by its search.
        for (search, &i) in shore.iter().enumerate() {
            if !cells[i].is_walkable() {
                groups.count -= 1; // a search that never starts
                continue;
            }
            match self.owner[i] {
                FREE => {
                    self.owner[i] = search as u32;
                    self.touched.push(i);
                    groups.queued[search] = 1;
                }
                other => groups.join(search, other as usize),
            }
        }
        let width = tiles.width();
        let mut head = 0;
        while groups.count > 1 {
            let Some(&at) = self.touched.get(head) else {
                return false;
            };
            head += 1;
            let search = self.owner[at] as usize;
            for next in steps(at, width, tiles.height()).into_iter().flatten() {
                if !cells[next].is_walkable() {
                    continue;
                }
                match self.owner[next] {
                    FREE => {
                        self.owner[next] = search as u32;
                        self.touched.push(next);
                        groups.queue(search);
                    }
                    other if other as usize != search => {
                        groups.join(search, other as usize);
                        if groups.count <= 1 {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
            // The tile is taken: a group with nothing left queued is cut off from the
            // others.
            if groups.take(search) {
                return false;
            }
        }
        true
    }

    /// The walking distance (orthogonal steps over walkable tiles) from `from` to `to`
    /// if it is at most `limit`; `None` if it is longer or there is no walk.
    pub(super) fn distance_within(
        &mut self,
        tiles: &Grid<Tile>,
        from: usize,
        to: usize,
        limit: u32,
    ) -> Option<u32> {
        let found = self.walk(tiles, from, to, limit);
        self.clear();
        found
    }

    fn walk(&mut self, tiles: &Grid<Tile>, from: usize, to: usize, limit: u32) -> Option<u32> {
        let (cells, width) = (tiles.cells(), tiles.width());
        self.owner[from] = 0;
        self.touched.push(from);
        let mut head = 0;
        while let Some(&at) = self.touched.get(head) {
            head += 1;
            let distance = self.owner[at];
            if at == to {
                return Some(distance);
            }
            if distance == limit {
                continue;
            }
            for next in steps(at, width, tiles.height()).into_iter().flatten() {
                if cells[next].is_walkable() && self.owner[next] == FREE {
                    self.owner[next] = distance + 1;
                    self.touched.push(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distances::{UNREACHABLE, distances_from};
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    #[test]
    fn shores_are_joined_exactly_when_a_full_labelling_says_so() {
        let mut rng = StreamRng::new(12, Stream::Features);
        let mut reach = Reach::new(0);
        for _ in 0..400 {
            let (w, h) = (3 + rng.below(30) as usize, 3 + rng.below(20) as usize);
            let tiles = random_tiles(w, h, rng.below(55), &mut rng);
            reach = Reach::new(tiles.len());
            let shore: Vec<usize> = (0..1 + rng.below(6))
                .map(|_| rng.below(tiles.len() as u32) as usize)
                .collect();
            let walkable: Vec<usize> = shore
                .iter()
                .copied()
                .filter(|&i| tiles.cells()[i].is_walkable())
                .collect();
            let expected = walkable.first().is_none_or(|&first| {
                let d = distances_from(&tiles, &[first], Tile::is_walkable);
                walkable.iter().all(|&i| d[i] != UNREACHABLE)
            });
            assert_eq!(reach.joined(&tiles, &shore), expected);
            assert!(reach.owner.iter().all(|&o| o == FREE), "left clean");
            let (a, b) = (
                rng.below(tiles.len() as u32) as usize,
                rng.below(tiles.len() as u32) as usize,
            );
            if tiles.cells()[a].is_walkable() {
                let d = distances_from(&tiles, &[a], Tile::is_walkable)[b];
                let limit = rng.below(40);
                let want = (d != UNREACHABLE && d <= limit).then_some(d);
                assert_eq!(reach.distance_within(&tiles, a, b, limit), want);
            }
        }
        drop(reach);
    }
}
