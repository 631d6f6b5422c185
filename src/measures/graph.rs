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
    /// The tiles every walk from the start to the exit passes, neither stair counted
    /// (the cut tiles that separate the two); `None` when the exit is not reached.
    pub separating: Option<u32>,
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
/// below `c` reaches above it: `low[c] > disc[p]`; other steps close a cycle). The tiles
/// that separate `start` from `exit` are the exit's ancestors `p` (not the start) whose
/// child `c` towards the exit has `low[c] ≥ disc[p]`: blocking `p` cuts off the subtree
/// the exit is in.
pub fn cut_tiles(graph: &WalkableGraph, start: usize, exit: usize) -> CutTiles {
    let len = graph.open_cells().len();
    let mut cut_off = vec![0u32; len];
    let mut reached = Vec::new();
    if !graph.is_open(start) {
        return CutTiles {
            reached,
            cut_off,
            on_cycle: 0,
            separating: None,
        };
    }
    // Per tile only when it was reached (or that it is a wall, never entered); what the
    // search learns of a tile is kept in discovery order, for the reached tiles alone.
    let mut disc: Vec<u32> = graph
        .open_cells()
        .iter()
        .map(|&open| if open { UNSEEN } else { WALL })
        .collect();
    let mut nodes = vec![Node::discovered(0, NO_PARENT)];
    disc[start] = 0;
    reached.push(start);
    let mut root_children = 0;
    // (tile, its parent's discovery number, the next neighbour to look at)
    let mut stack: Vec<(u32, u32, u8)> = vec![(start as u32, NO_PARENT, 0)];
    while let Some(top) = stack.last_mut() {
        let (tile, parent) = (top.0 as usize, top.1);
        let me = disc[tile];
        // Look at the remaining neighbours until one is new: go down to it.
        let mut descended = false;
        while top.2 < 4 {
            let neighbour = graph.neighbours(tile)[top.2 as usize];
            top.2 += 1;
            let seen = disc[neighbour];
            if seen == UNSEEN {
                let id = nodes.len() as u32;
                disc[neighbour] = id;
                nodes.push(Node::discovered(id, me));
                reached.push(neighbour);
                stack.push((neighbour as u32, me, 0));
                descended = true;
                break;
            } else if seen != WALL && seen != parent {
                let node = &mut nodes[me as usize];
                node.low = node.low.min(seen);
                node.on_cycle = true;
                nodes[seen as usize].on_cycle = true;
            }
        }
        if descended {
            continue;
        }
        stack.pop();
        if parent == NO_PARENT {
            continue;
        }
        let child = nodes[me as usize];
        let above = &mut nodes[parent as usize];
        above.low = above.low.min(child.low);
        above.size += child.size;
        if child.low >= parent {
            // Blocking the parent cuts this subtree off.
            above.largest_part = above.largest_part.max(child.size);
            above.parts += child.size;
        }
        if child.low <= parent {
            above.on_cycle = true;
            nodes[me as usize].on_cycle = true;
        }
        root_children += (parent == 0) as u32;
    }
    let total = reached.len() as u32;
    let mut on_cycle = 0;
    for (id, (&tile, node)) in reached.iter().zip(&nodes).enumerate() {
        on_cycle += node.on_cycle as u32;
        let splits = if id == 0 {
            root_children >= 2
        } else {
            node.parts > 0
        };
        if splits {
            // The part above a non-root tile holds everyone not below it.
            let above = total - 1 - node.parts;
            cut_off[tile] = total - 1 - node.largest_part.max(above);
        }
    }
    let separating = (disc[exit] < WALL).then(|| {
        let (mut count, mut child) = (0, disc[exit]);
        while child != 0 {
            let parent = nodes[child as usize].parent;
            count += (parent != 0 && nodes[child as usize].low >= parent) as u32;
            child = parent;
        }
        count
    });
    CutTiles {
        reached,
        cut_off,
        on_cycle,
        separating,
    }
}

/// A wall, for the depth-first search: never entered.
const WALL: u32 = u32::MAX - 1;
/// The root's parent.
const NO_PARENT: u32 = u32::MAX;

/// What the depth-first search knows of one reached tile (by discovery number).
#[derive(Clone, Copy)]
struct Node {
    /// The earliest discovery number its subtree reaches by one step off the tree.
    low: u32,
    /// Tiles in its subtree, itself included.
    size: u32,
    /// The largest subtree below it that only it joins to the rest.
    largest_part: u32,
    /// All tiles in such subtrees.
    parts: u32,
    /// Whether one of its steps is not a bridge.
    on_cycle: bool,
    /// Its parent's discovery number in the search tree ([`NO_PARENT`] for the root).
    parent: u32,
}

impl Node {
    fn discovered(id: u32, parent: u32) -> Node {
        Node {
            parent,
            low: id,
            size: 1,
            largest_part: 0,
            parts: 0,
            on_cycle: false,
        }
    }
}

/// A tile a walk has not reached yet.
const UNREACHED: u32 = u32::MAX;
/// A tile no walk enters (not walkable).
const BLOCKED: u32 = u32::MAX - 1;

/// Breadth-first walks over one walkable graph, sharing their buffers.
pub(crate) struct Walk<'g> {
    graph: &'g WalkableGraph,
    /// Per padded tile: the last walk's distance, [`UNREACHED`] or [`BLOCKED`] — one
    /// load tells whether a neighbour is to be queued.
    distance: Vec<u32>,
    /// The last walk's tiles in order of distance (the first [`Walk::reached`]), with room
    /// for every tile and four more, so that a neighbour can be written at the end before
    /// knowing whether it is new: the end moves on only if it is (whether a neighbour is
    /// open is random, so a branch would mispredict).
    queue: Vec<u32>,
    /// How many tiles the last walk reached.
    reached: usize,
    /// For each tile, an upper bound of its eccentricity: over the walks so far from
    /// tiles `w`, the least `distance(w, tile) + eccentricity(w)`.
    upper: Vec<u32>,
}

impl<'g> Walk<'g> {
    pub(crate) fn new(graph: &'g WalkableGraph) -> Walk<'g> {
        let distance = graph
            .open_cells()
            .iter()
            .map(|&open| if open { UNREACHED } else { BLOCKED })
            .collect();
        Walk {
            graph,
            distance,
            queue: vec![0; graph.open_cells().len() + 4],
            reached: 0,
            upper: vec![u32::MAX; graph.open_cells().len()],
        }
    }

    /// The tiles the last walk reached, in order of distance.
    fn walked(&self) -> &[u32] {
        &self.queue[..self.reached]
    }

    /// Walks from `from`, level by level: afterwards [`Walk::walked`] gives the reached
    /// tiles in order of distance and `self.distance` their distances. Returns the
    /// eccentricity of `from`.
    fn from(&mut self, from: usize) -> u32 {
        for &i in &self.queue[..self.reached] {
            self.distance[i as usize] = UNREACHED;
        }
        self.distance[from] = 0;
        self.queue[0] = from as u32;
        let stride = self.graph.stride();
        let (mut level_start, mut end, mut level) = (0, 1, 0);
        while level_start < end {
            let level_end = end;
            level += 1;
            for k in level_start..level_end {
                let tile = self.queue[k] as usize;
                for neighbour in [tile - stride, tile - 1, tile + 1, tile + stride] {
                    let known = self.distance[neighbour];
                    let fresh = known == UNREACHED;
                    self.distance[neighbour] = if fresh { level } else { known };
                    self.queue[end] = neighbour as u32;
                    end += fresh as usize;
                }
            }
            level_start = level_end;
        }
        self.reached = end;
        let eccentricity = level - 1;
        for &tile in &self.queue[..end] {
            let tile = tile as usize;
            self.upper[tile] = self.upper[tile].min(self.distance[tile] + eccentricity);
        }
        eccentricity
    }

    /// The last walk's farthest tile (the last one it reached).
    fn farthest(&self) -> usize {
        *self.walked().last().expect("a walk reaches its start") as usize
    }

    /// The walking distance from `start` to `exit` (if reachable) and the diameter of the
    /// part reachable from `start`.
    pub(crate) fn exit_and_diameter(mut self, start: usize, exit: usize) -> (Option<u32>, u32) {
        if !self.graph.is_open(start) {
            return (None, 0);
        }
        self.from(start);
        let to_exit = Some(self.distance[exit]).filter(|&d| d < BLOCKED);
        (to_exit, self.diameter_from_walked())
    }

    /// The diameter of the part reached by the last walk, by iFUB (Crescenzi et al.): a
    /// double sweep gives a lower bound and a central tile `u` (halfway along its path;
    /// when `u` is far from central, a second double sweep from the tile farthest from
    /// it gives a better one, as in their 4-sweep); then, level by level from the tiles
    /// farthest from `u`, each tile's eccentricity raises the lower bound until no pair of
    /// tiles left can be farther apart than it (two tiles within `i` of `u` are within
    /// `2i` of each other). A tile whose eccentricity is already known to be at most the
    /// lower bound (by `upper`, as Takes and Kosters bound eccentricities) is not walked
    /// from: about 13 walks for an 80×50 cave instead of 300.
    fn diameter_from_walked(&mut self) -> u32 {
        let (mut lower, centre) = self.double_sweep();
        let mut radius = self.from(centre);
        if radius > lower / 2 + 1 {
            // A poor centre (a cave's side passages reach far from the swept path):
            // sweep again from the tile farthest from it, for a better one.
            let (second, better) = self.double_sweep();
            lower = lower.max(second);
            radius = self.from(better);
        }
        let by_level = self.walked().to_vec();
        let levels: Vec<u32> = by_level
            .iter()
            .map(|&i| self.distance[i as usize])
            .collect();
        let mut end = by_level.len();
        for level in (1..=radius).rev() {
            if lower >= 2 * level {
                break;
            }
            let begin = levels.partition_point(|&d| d < level);
            for &tile in &by_level[begin..end] {
                let tile = tile as usize;
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
        let eccentricity = self.from(self.farthest());
        let mut halfway = self.farthest();
        while self.distance[halfway] > eccentricity / 2 {
            let here = self.distance[halfway];
            halfway = self
                .graph
                .neighbours(halfway)
                .into_iter()
                .find(|&n| self.distance[n] == here - 1)
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
