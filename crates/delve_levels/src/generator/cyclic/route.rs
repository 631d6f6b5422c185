//! Digging a plan's corridors: an A* search from every tile beside one room to the first
//! tile beside the other, over rock that touches nothing dug but those two rooms. With
//! the heuristic consistent, the corridor found is a shortest one, so that only its first
//! tile lies beside the one room and only its last beside the other, and every tile
//! between cuts it; and it searches little more than the tiles between the two rooms.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::generator::Room;
use crate::grid::{Grid, ORTHOGONAL, Pos, Tile};

/// Owners of dug tiles: rooms by their index, corridors from here on by theirs.
pub(super) const OWNED_BY_CORRIDOR: u32 = 1 << 16;
/// The longest corridor dug between two rooms whose nearest tiles beside each other are
/// `d` steps apart: `a · d + b` for (a, b) here. Longer ones wind round half the level;
/// the search gives up on them early, and the rooms are placed again.
const LONGEST_DETOUR: (u32, u32) = (3, 16);
/// A tile no room or corridor owns (rock).
const UNOWNED: u32 = u32::MAX;

/// The level being dug, with the owner of each dug tile, and the search's scratch space.
#[derive(Clone)]
pub(super) struct Dig {
    /// The tiles dug so far.
    pub(super) tiles: Grid<Tile>,
    owner: Grid<u32>,
    /// Per tile: the number of the search that last reached it.
    reached_in: Vec<u32>,
    search: u32,
    /// Per tile: steps from the first room, and the tile it was reached from.
    steps: Vec<u32>,
    parent: Vec<u32>,
}

impl Dig {
    pub(super) fn new(width: usize, height: usize) -> Dig {
        Dig {
            tiles: Grid::new(width, height, Tile::Wall),
            owner: Grid::new(width, height, UNOWNED),
            reached_in: vec![0; width * height],
            search: 0,
            steps: vec![0; width * height],
            parent: vec![0; width * height],
        }
    }

    /// Digs `room`'s floor, owned by room `index`.
    pub(super) fn carve_room(&mut self, room: &Room, index: u32) {
        for y in room.y..room.y + room.height {
            for x in room.x..room.x + room.width {
                let p = Pos::new(x, y);
                self.tiles[p] = Tile::Floor;
                self.owner[p] = index;
            }
        }
    }

    /// Whether nothing is dug on `room`'s floor or beside it (diagonally too).
    pub(super) fn is_clear_round(&self, room: &Room) -> bool {
        (room.y - 1..=room.y + room.height).all(|y| {
            (room.x - 1..=room.x + room.width)
                .all(|x| self.owner.get(Pos::new(x, y)) == Some(UNOWNED))
        })
    }

    /// Fills `room`'s floor back with rock.
    pub(super) fn fill_room(&mut self, room: &Room) {
        for y in room.y..room.y + room.height {
            for x in room.x..room.x + room.width {
                let p = Pos::new(x, y);
                self.tiles[p] = Tile::Wall;
                self.owner[p] = UNOWNED;
            }
        }
    }

    /// Digs `path` as floor owned by `owner`.
    pub(super) fn claim(&mut self, path: &[Pos], owner: u32) {
        for &p in path {
            self.tiles[p] = Tile::Floor;
            self.owner[p] = owner;
        }
    }

    /// Whether a corridor between rooms `ends` may dig `p`: rock inside the outer wall,
    /// with nothing but those two rooms among its eight neighbours.
    fn may_dig(&self, p: Pos, ends: (u32, u32)) -> bool {
        let (width, height) = (self.tiles.width() as i32, self.tiles.height() as i32);
        let inside = p.x >= 1 && p.y >= 1 && p.x < width - 1 && p.y < height - 1;
        inside
            && self.owner[p] == UNOWNED
            && self.owner.neighbours8(p).all(|n| {
                let o = self.owner[n];
                o == UNOWNED || o == ends.0 || o == ends.1
            })
    }

    /// The shortest corridor from beside room `from` (numbered `ends.0`) to beside room
    /// `to` (numbered `ends.1`) over tiles a corridor between them may dig, if there is
    /// one no longer than [`LONGEST_DETOUR`] allows.
    pub(super) fn route(&mut self, from: &Room, to: &Room, ends: (u32, u32)) -> Option<Vec<Pos>> {
        self.search += 1;
        let mut open = BinaryHeap::new();
        for p in ring(from) {
            if self.tiles.contains(p) && self.may_dig(p, ends) {
                let i = self.tiles.index_of(p);
                if self.reached_in[i] != self.search {
                    self.reach(i, 0, i);
                    open.push(Reverse((to_beside(to, p), i)));
                }
            }
        }
        let nearest = open.peek().map_or(0, |Reverse((estimate, _))| *estimate);
        let longest = LONGEST_DETOUR.0 * nearest + LONGEST_DETOUR.1;
        while let Some(Reverse((estimate, i))) = open.pop() {
            if estimate > longest {
                return None; // every corridor left to find is longer
            }
            let p = self.tiles.pos_of(i);
            let steps = self.steps[i];
            if estimate != steps + to_beside(to, p) {
                continue; // reached again by a shorter way since it was queued
            }
            if to_beside(to, p) == 0 {
                return Some(self.path_to(i));
            }
            for (dx, dy) in ORTHOGONAL {
                let n = p.offset(dx, dy);
                if !self.tiles.contains(n) {
                    continue;
                }
                let j = self.tiles.index_of(n);
                let shorter = self.reached_in[j] != self.search || steps + 1 < self.steps[j];
                if shorter && self.may_dig(n, ends) {
                    self.reach(j, steps + 1, i);
                    open.push(Reverse((steps + 1 + to_beside(to, n), j)));
                }
            }
        }
        None
    }

    fn reach(&mut self, i: usize, steps: u32, from: usize) {
        self.reached_in[i] = self.search;
        self.steps[i] = steps;
        self.parent[i] = from as u32;
    }

    /// The tiles from the search's start to `end`, in order.
    fn path_to(&self, end: usize) -> Vec<Pos> {
        let mut path = vec![self.tiles.pos_of(end)];
        let mut at = end;
        while self.parent[at] as usize != at {
            at = self.parent[at] as usize;
            path.push(self.tiles.pos_of(at));
        }
        path.reverse();
        path
    }
}

/// Steps at least from `p` (outside `room`) to a tile beside (not diagonally) the room's
/// floor: 0 on one. A tile `dx` columns and `dy` rows off the room's rectangle is beside
/// it when `dx + dy` is 1, and a step changes `dx + dy` by one at most: this never says
/// more than the walk takes, and by one step never changes by more than one, so the
/// search stays a shortest-path search.
fn to_beside(room: &Room, p: Pos) -> u32 {
    let off = |at: i32, low: i32, len: i32| (low - at).max(at - (low + len - 1)).max(0);
    let (dx, dy) = (off(p.x, room.x, room.width), off(p.y, room.y, room.height));
    ((dx + dy).max(1) - 1) as u32
}

/// The tiles beside a room's floor (not its corners), clockwise from its top-left.
fn ring(room: &Room) -> Vec<Pos> {
    let (left, top) = (room.x, room.y);
    let (right, bottom) = (room.x + room.width - 1, room.y + room.height - 1);
    let mut ring = Vec::new();
    ring.extend((left..=right).map(|x| Pos::new(x, top - 1)));
    ring.extend((top..=bottom).map(|y| Pos::new(right + 1, y)));
    ring.extend((left..=right).rev().map(|x| Pos::new(x, bottom + 1)));
    ring.extend((top..=bottom).rev().map(|y| Pos::new(left - 1, y)));
    ring
}
