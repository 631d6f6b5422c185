//! The graph searches behind the measures: cut tiles and steps on a cycle by one
//! depth-first search (Tarjan's low-link), and walking distances by breadth-first
//! searches, the longest one exactly by iFUB (Crescenzi et al., 2013).

use super::WalkableGraph;

/// Not yet visited by the depth-first search.
const UNSEEN: u32 = u32::MAX;

/// The cut tiles of the part of a map reachable from one tile: the tiles whose blocking
/// splits that part (articulation points), each with the number of tiles it cuts off
/// from the larger side — Brogue's `chokeMap`.
pub struct CutTiles {
    /// Padded indices of the reachable tiles, in the order the search reached them.
    pub reached: Vec<usize>,
    /// For each padded index, the tiles its blocking cuts off (0: not a cut tile): the
    /// reachable tiles, less the tile itself, less the largest part left.
    pub cut_off: Vec<u32>,
    /// Reachable tiles that lie on a cycle.
    pub on_cycle: u32,
}

impl CutTiles {
    /// How many cut tiles (chokepoints) there are.
    pub fn chokepoints(&self) -> u32 {
        self.reached
            .iter()
            .filter(|&&i| self.cut_off[i] > 0)
            .count() as u32
    }

    /// The most tiles one cut tile cuts off.
    pub fn largest_cut(&self) -> u32 {
        self.reached
            .iter()
            .map(|&i| self.cut_off[i])
            .max()
            .unwrap_or(0)
    }
}

/// Finds the cut tiles of the part of `graph` reachable from `start` (a padded index) and
/// the tiles on a cycle, by one iterative depth-first search. A tile is on a cycle when
/// one of its steps is not a bridge (a tree step `p → c` is a bridge exactly when nothing
/// below `c` reaches above it: `low[c] > disc[p]`; other steps close a cycle).
pub fn cut_tiles(graph: &WalkableGraph, start: usize) -> CutTiles {
    let len = graph.open.len();
    let mut cut_off = vec![0u32; len];
    let mut reached = Vec::new();
    if !graph.is_open(start) {
        return CutTiles {
            reached,
            cut_off,
            on_cycle: 0,
        };
    }
    let mut disc = vec![UNSEEN; len];
    let mut low = vec![0u32; len];
    let mut size = vec![1u32; len];
    // Per tile: the largest part split off below it and the sum of those parts.
    let mut largest_part = vec![0u32; len];
    let mut parts = vec![0u32; len];
    let mut on_cycle = vec![false; len];
    let mut root_children = 0;
    // (tile, its parent in the search tree, the next neighbour to look at)
    let mut stack: Vec<(usize, usize, u8)> = vec![(start, usize::MAX, 0)];
    disc[start] = 0;
    low[start] = 0;
    reached.push(start);
    while let Some(top) = stack.last_mut() {
        let (tile, parent, next) = *top;
        if next < 4 {
            top.2 += 1;
            let neighbour = graph.neighbours(tile)[next as usize];
            if !graph.open[neighbour] {
                continue;
            }
            if disc[neighbour] == UNSEEN {
                disc[neighbour] = reached.len() as u32;
                low[neighbour] = disc[neighbour];
                reached.push(neighbour);
                stack.push((neighbour, tile, 0));
            } else if neighbour != parent {
                low[tile] = low[tile].min(disc[neighbour]);
                on_cycle[tile] = true;
                on_cycle[neighbour] = true;
            }
            continue;
        }
        stack.pop();
        if parent == usize::MAX {
            continue;
        }
        low[parent] = low[parent].min(low[tile]);
        size[parent] += size[tile];
        if low[tile] >= disc[parent] {
            // Blocking `parent` cuts `tile`'s subtree off.
            largest_part[parent] = largest_part[parent].max(size[tile]);
            parts[parent] += size[tile];
        }
        if low[tile] <= disc[parent] {
            on_cycle[tile] = true;
            on_cycle[parent] = true;
        }
        if parent == start {
            root_children += 1;
        }
    }
    let total = reached.len() as u32;
    for &tile in &reached {
        let is_root = tile == start;
        let splits = if is_root {
            root_children >= 2
        } else {
            parts[tile] > 0
        };
        if splits {
            // The part above a non-root tile holds everyone not below it.
            let above = total - 1 - parts[tile];
            cut_off[tile] = total - 1 - largest_part[tile].max(above);
        }
    }
    let on_cycle = reached.iter().filter(|&&i| on_cycle[i]).count() as u32;
    CutTiles {
        reached,
        cut_off,
        on_cycle,
    }
}

/// Breadth-first walks over one walkable graph, sharing their buffers.
pub(crate) struct Walk<'g> {
    graph: &'g WalkableGraph,
    distance: Vec<u32>,
    queue: Vec<usize>,
    /// For each tile, an upper bound of its eccentricity: over the walks so far from
    /// tiles `w`, the least `distance(w, tile) + eccentricity(w)`.
    upper: Vec<u32>,
}

impl<'g> Walk<'g> {
    pub(crate) fn new(graph: &'g WalkableGraph) -> Walk<'g> {
        Walk {
            graph,
            distance: vec![u32::MAX; graph.open.len()],
            queue: Vec::new(),
            upper: vec![u32::MAX; graph.open.len()],
        }
    }

    /// Walks from `from`: afterwards `self.queue` holds the reached tiles in order of
    /// distance and `self.distance` their distances. Returns the eccentricity of `from`.
    fn from(&mut self, from: usize) -> u32 {
        for &i in &self.queue {
            self.distance[i] = u32::MAX;
        }
        self.queue.clear();
        self.distance[from] = 0;
        self.queue.push(from);
        let mut head = 0;
        while head < self.queue.len() {
            let tile = self.queue[head];
            head += 1;
            let next = self.distance[tile] + 1;
            for neighbour in self.graph.neighbours(tile) {
                if self.graph.open[neighbour] && self.distance[neighbour] == u32::MAX {
                    self.distance[neighbour] = next;
                    self.queue.push(neighbour);
                }
            }
        }
        let eccentricity = self.distance[*self.queue.last().expect("the start is queued")];
        for &tile in &self.queue {
            self.upper[tile] = self.upper[tile].min(self.distance[tile] + eccentricity);
        }
        eccentricity
    }

    /// The walking distance from `start` to `exit` (if reachable) and the diameter of the
    /// part reachable from `start`.
    pub(crate) fn exit_and_diameter(mut self, start: usize, exit: usize) -> (Option<u32>, u32) {
        if !self.graph.is_open(start) {
            return (None, 0);
        }
        self.from(start);
        let to_exit = Some(self.distance[exit]).filter(|&d| d != u32::MAX);
        (to_exit, self.diameter_from_walked())
    }

    /// The diameter of the part reached by the last walk, by iFUB with a 4-sweep start
    /// (Crescenzi et al.): two double sweeps give a lower bound and a central tile `u`
    /// (halfway along the second sweep's path); then, level by level from the tiles
    /// farthest from `u`, each tile's eccentricity raises the lower bound until no pair of
    /// tiles left can be farther apart than it (two tiles within `i` of `u` are within
    /// `2i` of each other). A tile whose eccentricity is already known to be at most the
    /// lower bound (by `upper`, as Takes and Kosters bound eccentricities) is not walked
    /// from: about 13 walks for an 80×50 cave instead of 300.
    fn diameter_from_walked(&mut self) -> u32 {
        let (mut lower, centre) = self.double_sweep();
        self.from(centre);
        let (second, centre) = self.double_sweep();
        lower = lower.max(second);
        let radius = self.from(centre);
        let by_level = self.queue.clone();
        let levels: Vec<u32> = by_level.iter().map(|&i| self.distance[i]).collect();
        let mut end = by_level.len();
        for level in (1..=radius).rev() {
            if lower >= 2 * level {
                break;
            }
            let begin = levels.partition_point(|&d| d < level);
            for &tile in &by_level[begin..end] {
                if self.upper[tile] <= lower {
                    continue;
                }
                lower = lower.max(self.from(tile));
                if lower >= 2 * level {
                    break;
                }
            }
            end = begin;
        }
        lower
    }

    /// From the last walk's farthest tile `a`, a walk to its farthest tile `b`: returns
    /// `a`'s eccentricity and the tile halfway along the path from `b` back to `a`.
    fn double_sweep(&mut self) -> (u32, usize) {
        let a = *self.queue.last().expect("a walk reaches its start");
        let eccentricity = self.from(a);
        let mut halfway = *self.queue.last().expect("a walk reaches its start");
        while self.distance[halfway] > eccentricity / 2 {
            let here = self.distance[halfway];
            halfway = self
                .graph
                .neighbours(halfway)
                .into_iter()
                .find(|&n| self.graph.open[n] && self.distance[n] == here - 1)
                .expect("a tile on a walk has a neighbour one step nearer");
        }
        (eccentricity, halfway)
    }
}

/// The longest walking distance between two tiles of the part of `graph` reachable from
/// `start` (a padded index; 0 when it is not walkable), exactly.
pub fn diameter(graph: &WalkableGraph, start: usize) -> u32 {
    Walk::new(graph).exit_and_diameter(start, start).1
}
