//! Laying a plan on the grid: each room of the plan gets a cell of a coarse grid (near the
//! cells of the rooms it is joined to: `cells.rs`) and a rectangle of floor inside it, and
//! each corridor a shortest path through rock that touches nothing but its own two rooms
//! (`route.rs`). Corridors never touch each other, so each is a one-wide way whose
//! inner tiles all cut it — a lock, a secret door, a barred door, a ledge, a trap or
//! deep water there stands across the whole corridor — and every cycle of the plan is a loop of the tiles. The
//! side rooms come last, each in its cell or a free one near its room's, or not at all
//! (the plan then leaves it out).

use std::fmt;

use super::cells::place_in_cells;
use super::patterns::Element;
use super::plan::{GOAL, PlanGraph, Role};
use super::route::{Dig, OWNED_BY_CORRIDOR};
use crate::generator::Room;
use crate::grid::{Grid, Pos, Tile, Trap};
use crate::rng::StreamRng;

/// A cell of the coarse grid rooms stand in, in tiles. A room keeps 2 tiles from its
/// cell's left and top and 1 from its right and bottom, so rooms of neighbouring cells
/// are at least 3 tiles apart: room for a corridor between them that touches neither.
pub const CELL: (i32, i32) = (12, 10);
/// The largest room, in tiles of floor.
const LARGEST_ROOM: (i32, i32) = (CELL.0 - 3, CELL.1 - 3);
/// The smallest room.
const SMALLEST_ROOM: (i32, i32) = (4, 3);
/// Orders the corridors of one placement of the rooms are dug in before the placement
/// is given up.
const ROUTING_ORDERS: u32 = 3;
/// Cells a side room is tried in (its own, then the free ones nearest its room's)
/// before it is left out.
const SIDE_ROOM_CELLS: usize = 4;

/// A plan laid on the grid: where each room and each corridor lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaidPlan {
    /// The plan.
    pub graph: PlanGraph,
    /// Each room's floor, by the plan's room index.
    pub rooms: Vec<Room>,
    /// Each corridor's tiles in order, from a tile beside its first room to one beside
    /// its second, by the plan's corridor index.
    pub corridors: Vec<Vec<Pos>>,
    /// Where the key to the level's lock lies, once laid (none without a lock).
    pub key: Option<Pos>,
}

/// A door barred from one side (a [`Tile::BarredDoor`] on a corridor of a Shortcut arc),
/// and its two sides: the corridor's tiles either side of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarredDoor {
    /// The door.
    pub at: Pos,
    /// The tile beside it on the side it opens from: toward its corridor's second room
    /// (the far end of its arc).
    pub open_side: Pos,
    /// The tile beside it on the side it is barred from.
    pub barred_side: Pos,
}

impl BarredDoor {
    /// Whether a walker at `from` (beside the door) comes from its open side: nearer
    /// (in steps) its open side's tile than its barred side's.
    pub fn opens_from(&self, from: Pos) -> bool {
        from.manhattan(self.open_side) < from.manhattan(self.barred_side)
    }
}

/// A one-way drop (a [`Tile::Ledge`] on a corridor of a Drop arc) and its two sides:
/// the corridor's tiles either side of it, in a straight line. The ledge is the lip of
/// the drop, on its high ground: it is stepped onto from its high side only, and from it
/// a walker drops down to its low side and cannot climb back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OneWayDrop {
    /// The ledge.
    pub at: Pos,
    /// The tile beside it on the high side: toward its corridor's first room.
    pub high_side: Pos,
    /// The tile beside it on the low side, dropped down to: toward its corridor's second
    /// room (the far end of its arc).
    pub low_side: Pos,
}

impl OneWayDrop {
    /// Whether `p` (beside the ledge) lies on its low side: nearer (in steps) its low
    /// side's tile than its high side's.
    pub fn is_below(&self, p: Pos) -> bool {
        p.manhattan(self.low_side) < p.manhattan(self.high_side)
    }

    /// Whether a walker may step from `from` onto `to` by this drop: anything but onto
    /// the ledge from below (a climb).
    pub fn lets_walk(&self, from: Pos, to: Pos) -> bool {
        to != self.at || !self.is_below(from)
    }

    /// Whether the step from `from` to `to` drops down it: off the ledge, below.
    pub fn drops(&self, from: Pos, to: Pos) -> bool {
        from == self.at && to != self.at && self.is_below(to)
    }
}

/// Where on a corridor its ledge stands: the tile nearest its middle (the earlier of two
/// as near) whose neighbours along the corridor lie in a straight line either side of it
/// (so that the high side and the low side are two tiles apart and no step goes from
/// one to the other past the ledge), never a doorway. `None` when the corridor bends at
/// every inner tile.
pub fn ledge_index(corridor: &[Pos]) -> Option<usize> {
    let middle = corridor.len() / 2;
    (1..corridor.len().saturating_sub(1))
        .filter(|&i| straight_at(corridor, i))
        .min_by_key(|&i| (i.abs_diff(middle), i))
}

/// Whether inner tile `i` of `corridor` has its two neighbours along it in a straight
/// line either side (two tiles apart, so that no step goes from one to the other).
fn straight_at(corridor: &[Pos], i: usize) -> bool {
    let (a, b) = (corridor[i - 1], corridor[i + 1]);
    (a.x == b.x && (a.y - b.y).abs() == 2) || (a.y == b.y && (a.x - b.x).abs() == 2)
}

/// The middle tile of a corridor: where what stands on it stands.
pub fn middle(corridor: &[Pos]) -> Pos {
    corridor[corridor.len() / 2]
}

impl LaidPlan {
    /// The stairs' places: the middles of the entrance's and the goal's rooms.
    pub fn stairs(&self) -> (Pos, Pos) {
        let centre = |r: &Room| Pos::new(r.x + r.width / 2, r.y + r.height / 2);
        (centre(&self.rooms[0]), centre(&self.rooms[GOAL]))
    }

    /// The tiles of the level's locked doors.
    pub fn locks(&self) -> Vec<Pos> {
        self.graph
            .edges
            .iter()
            .zip(&self.corridors)
            .filter(|(edge, _)| edge.on == Element::Lock)
            .map(|(_, corridor)| middle(corridor))
            .collect()
    }

    /// The level's barred doors, each with its open side (none before generation 5).
    /// A corridor is at least 3 tiles long, so its middle has a tile of it either side.
    pub fn barred_doors(&self) -> Vec<BarredDoor> {
        self.graph
            .edges
            .iter()
            .zip(&self.corridors)
            .filter(|(edge, _)| edge.on == Element::Shortcut)
            .map(|(_, corridor)| {
                let m = corridor.len() / 2;
                BarredDoor {
                    at: corridor[m],
                    open_side: corridor[m + 1],
                    barred_side: corridor[m - 1],
                }
            })
            .collect()
    }

    /// Whether a barred door stands where its corridor bends, so that its two sides are
    /// a king's step apart and a walker passes it diagonally (the plans of generation 6
    /// on are laid again instead).
    pub fn has_a_barred_door_on_a_bend(&self) -> bool {
        (self.graph.edges.iter().zip(&self.corridors))
            .filter(|(edge, _)| edge.on == Element::Shortcut)
            .any(|(_, corridor)| !straight_at(corridor, corridor.len() / 2))
    }

    /// The barred door at `pos`, if one stands there by the plan.
    pub fn barred_door_at(&self, pos: Pos) -> Option<BarredDoor> {
        self.barred_doors().into_iter().find(|d| d.at == pos)
    }

    /// The level's one-way drops, each with its high and low side (none before generation
    /// 6).
    pub fn drops(&self) -> Vec<OneWayDrop> {
        self.graph
            .edges
            .iter()
            .zip(&self.corridors)
            .filter(|(edge, _)| edge.on == Element::Drop)
            .filter_map(|(_, corridor)| {
                let i = ledge_index(corridor)?;
                Some(OneWayDrop {
                    at: corridor[i],
                    high_side: corridor[i - 1],
                    low_side: corridor[i + 1],
                })
            })
            .collect()
    }

    /// The drop whose ledge stands at `pos`, if one does by the plan.
    pub fn drop_at(&self, pos: Pos) -> Option<OneWayDrop> {
        self.drops().into_iter().find(|d| d.at == pos)
    }

    /// Every tile of the rooms and corridors of its cycles (not its side rooms': a
    /// vault may take one): what vaults keep off.
    pub fn kept_tiles(&self) -> Vec<Pos> {
        let kept = |room: usize| self.graph.roles[room] != Role::Side;
        let rooms = self
            .rooms
            .iter()
            .enumerate()
            .filter(|&(i, _)| kept(i))
            .map(|(_, r)| r);
        let corridors = self
            .graph
            .edges
            .iter()
            .zip(&self.corridors)
            .filter(|(edge, _)| kept(edge.ends.1))
            .flat_map(|(_, corridor)| corridor.iter().copied());
        let rooms = rooms.flat_map(Room::floor);
        rooms.chain(corridors).collect()
    }

    /// Keeps the rooms `kept` says (only side rooms are ever left out: the plan's last
    /// rooms, each with its one corridor, the plan's last corridors).
    fn keep_rooms(&mut self, kept: &[bool]) {
        let mut renumbered = Vec::with_capacity(kept.len());
        let mut next = 0;
        for &keep in kept {
            renumbered.push(next);
            next += usize::from(keep);
        }
        let edge_kept: Vec<bool> = self.graph.edges.iter().map(|e| kept[e.ends.1]).collect();
        let mut keep_edge = edge_kept.iter();
        self.corridors
            .retain(|_| *keep_edge.next().unwrap_or(&true));
        let mut keep_edge = edge_kept.iter();
        self.graph
            .edges
            .retain(|_| *keep_edge.next().unwrap_or(&true));
        for edge in &mut self.graph.edges {
            edge.ends = (renumbered[edge.ends.0], renumbered[edge.ends.1]);
        }
        let mut keep_room = kept.iter();
        self.rooms.retain(|_| *keep_room.next().unwrap_or(&true));
        let mut keep_room = kept.iter();
        self.graph
            .roles
            .retain(|_| *keep_room.next().unwrap_or(&true));
    }

    /// The room the key lies in, if the plan has one.
    pub fn key_room(&self) -> Option<&Room> {
        let room = self.graph.roles.iter().position(|&r| r == Role::Key)?;
        Some(&self.rooms[room])
    }
}

impl fmt::Display for LaidPlan {
    /// The plan as `delve gen` prints it beside the tiles: the graph, then where each
    /// room lies ("3 at (14, 7) 6×4") and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.graph)?;
        let rooms: Vec<String> = self
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{i} at {} {}×{}", Pos::new(r.x, r.y), r.width, r.height))
            .collect();
        writeln!(f, "laid: {}", rooms.join(", "))?;
        if let Some(key) = self.key {
            writeln!(f, "key at {key}")?;
        }
        Ok(())
    }
}

/// The cells of the coarse grid a `width` × `height` level has room for: (columns, rows).
pub fn cells(width: u32, height: u32) -> (i32, i32) {
    ((width as i32 - 2) / CELL.0, (height as i32 - 2) / CELL.1)
}

/// Lays `graph` on a `width` × `height` grid, its entrance and goal rooms at least
/// `least_side` wide and high (for the stairs' clear radius). `None` when a room finds no
/// cell or a corridor no way: the caller tries again (with another draw, or a smaller
/// plan).
pub fn lay_out(
    graph: PlanGraph,
    (width, height): (u32, u32),
    least_side: i32,
    rng: &mut StreamRng,
) -> Option<(Grid<Tile>, LaidPlan)> {
    let (columns, rows) = cells(width, height);
    let cells = place_in_cells(&graph, (columns, rows), rng)?;
    let origin = Pos::new(
        1 + (width as i32 - 2 - columns * CELL.0) / 2,
        1 + (height as i32 - 2 - rows * CELL.1) / 2,
    );
    let rooms: Vec<Room> = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let least = match graph.roles[i] {
                Role::Entrance | Role::Goal => (
                    least_side.max(SMALLEST_ROOM.0),
                    least_side.max(SMALLEST_ROOM.1),
                ),
                Role::Side => return side_room(origin, cell),
                Role::Key | Role::Room => SMALLEST_ROOM,
            };
            draw_room(origin, cell, least, rng)
        })
        .collect();
    // The cycles' rooms and corridors first; the side rooms (the plan's last rooms and
    // corridors) after, where they still fit.
    let on_cycles = graph.roles.iter().filter(|&&r| r != Role::Side).count();
    let mut rooms_dug = Dig::new(width as usize, height as usize);
    for (i, room) in rooms.iter().enumerate().take(on_cycles) {
        rooms_dug.carve_room(room, i as u32);
    }
    // Short corridors first: they have the fewest ways round what is already dug. A
    // corridor that finds no way is dug first on the next try.
    let mut order: Vec<usize> = (0..graph.edges.len())
        .filter(|&e| graph.edges[e].ends.1 < on_cycles)
        .collect();
    order.sort_by_key(|&e| {
        let (a, b) = graph.edges[e].ends;
        (cells[a].manhattan(cells[b]), e)
    });
    let (dig, corridors) = (0..ROUTING_ORDERS).find_map(|_| {
        let mut dig = rooms_dug.clone();
        match dig_corridors(&mut dig, &graph, &rooms, &order) {
            Ok(corridors) => Some((dig, corridors)),
            Err(failed) => {
                order.retain(|&e| e != failed);
                order.insert(0, failed);
                None
            }
        }
    })?;
    let (mut dig, mut corridors, mut rooms) = (dig, corridors, rooms);
    let mut kept = vec![true; graph.roles.len()];
    let mut taken: Vec<Pos> = cells[..on_cycles].to_vec();
    for (e, edge) in graph.edges.iter().enumerate() {
        let (from, side) = edge.ends;
        if side < on_cycles {
            continue;
        }
        // Its own cell first, then the free cells nearest its room's.
        let mut free: Vec<Pos> = (0..columns * rows)
            .map(|i| Pos::new(i % columns, i / columns))
            .filter(|c| *c != cells[side] && !taken.contains(c))
            .collect();
        free.sort_by_key(|c| (c.manhattan(cells[from]), c.y, c.x));
        let tries = std::iter::once(cells[side])
            .chain(free)
            .take(SIDE_ROOM_CELLS);
        let laid = tries.filter(|c| !taken.contains(c)).find_map(|cell| {
            let room = side_room(origin, cell);
            dig_side_room(&mut dig, (&rooms[from], &room), (from, side), e).map(|path| (room, path))
        });
        match laid {
            Some((room, path)) => {
                taken.push(Pos::new(room.cell_x, room.cell_y));
                rooms[side] = room;
                corridors[e] = path;
            }
            None => kept[side] = false,
        }
    }
    let mut plan = LaidPlan {
        graph,
        rooms,
        corridors,
        key: None,
    };
    plan.keep_rooms(&kept);
    // A ledge needs a straight stretch of its corridor (see `ledge_index`).
    let edges = plan.graph.edges.iter().zip(&plan.corridors);
    if edges
        .filter(|(edge, _)| edge.on == Element::Drop)
        .any(|(_, corridor)| ledge_index(corridor).is_none())
    {
        return None;
    }
    let mut tiles = dig.tiles;
    for (edge, corridor) in plan.graph.edges.iter().zip(&plan.corridors) {
        lay_corridor(&mut tiles, corridor, edge.on, rng);
    }
    Some((tiles, plan))
}

/// A side room in `cell`: as large as a cell allows, room for a vault.
fn side_room(origin: Pos, cell: Pos) -> Room {
    Room {
        x: origin.x + cell.x * CELL.0 + 2,
        y: origin.y + cell.y * CELL.1 + 2,
        width: LARGEST_ROOM.0,
        height: LARGEST_ROOM.1,
        cell_x: cell.x,
        cell_y: cell.y,
    }
}

/// Digs side room `room` (numbered `ends.1`) and its corridor `edge` from the room of
/// `ends.0`, `from`, if the room touches nothing dug and the corridor finds a way;
/// returns the corridor, or `None` with nothing dug.
fn dig_side_room(
    dig: &mut Dig,
    (from, room): (&Room, &Room),
    ends: (usize, usize),
    edge: usize,
) -> Option<Vec<Pos>> {
    if !dig.is_clear_round(room) {
        return None;
    }
    let owners = (ends.0 as u32, ends.1 as u32);
    dig.carve_room(room, owners.1);
    match dig.route(from, room, owners) {
        Some(path) if path.len() >= 3 => {
            dig.claim(&path, OWNED_BY_CORRIDOR + edge as u32);
            Some(path)
        }
        _ => {
            dig.fill_room(room);
            None
        }
    }
}

/// A room of a size drawn between `least` and the largest, at a place drawn inside `cell`.
fn draw_room(origin: Pos, cell: Pos, least: (i32, i32), rng: &mut StreamRng) -> Room {
    let width = rng.range_inclusive(least.0, LARGEST_ROOM.0);
    let height = rng.range_inclusive(least.1, LARGEST_ROOM.1);
    let left = origin.x + cell.x * CELL.0;
    let top = origin.y + cell.y * CELL.1;
    Room {
        x: rng.range_inclusive(left + 2, left + CELL.0 - 1 - width),
        y: rng.range_inclusive(top + 2, top + CELL.1 - 1 - height),
        width,
        height,
        cell_x: cell.x,
        cell_y: cell.y,
    }
}

/// Digs the corridors of `graph` in `order`; the first that finds no way (or one too
/// short for doorways and something between, which rooms 3 apart never give) is the
/// error.
fn dig_corridors(
    dig: &mut Dig,
    graph: &PlanGraph,
    rooms: &[Room],
    order: &[usize],
) -> Result<Vec<Vec<Pos>>, usize> {
    let mut corridors = vec![Vec::new(); graph.edges.len()];
    for &e in order {
        let (a, b) = graph.edges[e].ends;
        let path = dig.route(&rooms[a], &rooms[b], (a as u32, b as u32));
        match path {
            Some(path) if path.len() >= 3 => {
                dig.claim(&path, OWNED_BY_CORRIDOR + e as u32);
                corridors[e] = path;
            }
            _ => return Err(e),
        }
    }
    Ok(corridors)
}

/// The traps that guard a short way: ones passed through at a cost (the level woken, a
/// dart's wound). A trapdoor or a teleport trap would make the way no way at all.
const GUARDS: [Trap; 2] = [Trap::Alarm, Trap::Dart];

/// Draws a dug corridor's doorways (its two end tiles) and what stands on it, at its
/// middle: a locked door, a secret door, a barred door, a hidden trap of a kind drawn
/// from [`GUARDS`], or deep water on the middle three tiles (those of them inside the
/// doorways) — or a ledge on the straight tile nearest the middle ([`ledge_index`]).
fn lay_corridor(tiles: &mut Grid<Tile>, corridor: &[Pos], on: Element, rng: &mut StreamRng) {
    let last = corridor.len() - 1;
    tiles[corridor[0]] = Tile::Door;
    tiles[corridor[last]] = Tile::Door;
    let middle = corridor.len() / 2;
    match on {
        Element::Open | Element::Key => {}
        Element::Lock => tiles[corridor[middle]] = Tile::LockedDoor,
        Element::Secret => tiles[corridor[middle]] = Tile::SecretDoor,
        Element::Shortcut => tiles[corridor[middle]] = Tile::BarredDoor,
        Element::Drop => {
            if let Some(ledge) = ledge_index(corridor) {
                tiles[corridor[ledge]] = Tile::Ledge;
            }
        }
        Element::Guard => {
            let trap = GUARDS[rng.below(GUARDS.len() as u32) as usize];
            tiles[corridor[middle]] = trap.tile();
        }
        Element::Hazard => {
            for &p in &corridor[(middle - 1).max(1)..=(middle + 1).min(last - 1)] {
                tiles[p] = Tile::DeepWater;
            }
        }
    }
}
