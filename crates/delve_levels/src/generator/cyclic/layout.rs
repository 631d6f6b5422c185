//! Laying a plan on the grid: each room of the plan gets a cell of a coarse grid (near the
//! cells of the rooms it is joined to) and a rectangle of floor inside it, and each
//! corridor a shortest path through rock that touches nothing but its own two rooms
//! (`route.rs`). Corridors never touch each other, so each is a one-wide way whose
//! inner tiles all cut it — a lock, a secret door, a trap or deep water there stands
//! across the whole corridor — and every cycle of the plan is a loop of the tiles.

use std::cmp::Reverse;
use std::fmt;

use super::patterns::Element;
use super::plan::{GOAL, PlanGraph, Role};
use super::route::{Dig, OWNED_BY_CORRIDOR};
use crate::generator::Room;
use crate::grid::{Grid, KING, Pos, Tile, Trap};
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

    /// Every tile of its rooms and corridors.
    pub fn tiles(&self) -> Vec<Pos> {
        let rooms = self.rooms.iter().flat_map(|r| {
            (r.y..r.y + r.height)
                .flat_map(move |y| (r.x..r.x + r.width).map(move |x| Pos::new(x, y)))
        });
        rooms
            .chain(self.corridors.iter().flatten().copied())
            .collect()
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
                _ => SMALLEST_ROOM,
            };
            draw_room(origin, cell, least, rng)
        })
        .collect();
    let mut rooms_dug = Dig::new(width as usize, height as usize);
    for (i, room) in rooms.iter().enumerate() {
        rooms_dug.carve_room(room, i as u32);
    }
    // Short corridors first: they have the fewest ways round what is already dug. A
    // corridor that finds no way is dug first on the next try.
    let mut order: Vec<usize> = (0..graph.edges.len()).collect();
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
    let mut tiles = dig.tiles;
    for (edge, corridor) in graph.edges.iter().zip(&corridors) {
        lay_corridor(&mut tiles, corridor, edge.on, rng);
    }
    let plan = LaidPlan {
        graph,
        rooms,
        corridors,
        key: None,
    };
    Some((tiles, plan))
}

/// Gives each room a cell: the entrance a random one, then, always to the room joined to
/// the most rooms already placed, a free cell near those rooms' cells (twice the sum of
/// the distances) and beside few cells of rooms it is not joined to (one each); ties are
/// drawn. `None` when the rooms outnumber the cells.
fn place_in_cells(
    graph: &PlanGraph,
    (columns, rows): (i32, i32),
    rng: &mut StreamRng,
) -> Option<Vec<Pos>> {
    let rooms = graph.roles.len();
    if rooms > (columns * rows) as usize {
        return None;
    }
    let mut neighbours = vec![Vec::new(); rooms];
    for edge in &graph.edges {
        let (a, b) = edge.ends;
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut cell_of: Vec<Option<Pos>> = vec![None; rooms];
    let mut taken = vec![false; (columns * rows) as usize];
    let first = rng.below((columns * rows) as u32) as i32;
    cell_of[0] = Some(Pos::new(first % columns, first / columns));
    taken[first as usize] = true;
    // Next, always the room joined to the most rooms already placed (the lowest such).
    while let Some(next) = (0..rooms)
        .filter(|&r| cell_of[r].is_none())
        .max_by_key(|&r| {
            let placed = neighbours[r]
                .iter()
                .filter(|&&n| cell_of[n].is_some())
                .count();
            (placed, Reverse(r))
        })
    {
        let placed: Vec<Pos> = neighbours[next]
            .iter()
            .filter_map(|&n| cell_of[n])
            .collect();
        // Near the rooms it is joined to, and off cells crowded by rooms it is not
        // joined to (whose corridors would have to pass).
        let score = |i: usize| -> i32 {
            let cell = Pos::new(i as i32 % columns, i as i32 / columns);
            let near: i32 = placed.iter().map(|&p| p.manhattan(cell)).sum();
            let crowd = KING
                .iter()
                .map(|&(dx, dy)| cell.offset(dx, dy))
                .filter(|c| (0..columns).contains(&c.x) && (0..rows).contains(&c.y))
                .filter(|c| taken[(c.y * columns + c.x) as usize] && !placed.contains(c))
                .count() as i32;
            2 * near + crowd
        };
        let free = (0..taken.len()).filter(|&i| !taken[i]);
        let best = free.clone().map(score).min()?;
        let ties: Vec<usize> = free.filter(|&i| score(i) == best).collect();
        let pick = ties[rng.below(ties.len() as u32) as usize];
        taken[pick] = true;
        cell_of[next] = Some(Pos::new(pick as i32 % columns, pick as i32 / columns));
    }
    cell_of.into_iter().collect()
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

/// Draws a dug corridor's doorways (its two end tiles) and what stands on it, at its
/// middle: a locked door, a secret door, a hidden trap of a drawn kind, or deep water on
/// the middle three tiles (those of them inside the doorways).
fn lay_corridor(tiles: &mut Grid<Tile>, corridor: &[Pos], on: Element, rng: &mut StreamRng) {
    let last = corridor.len() - 1;
    tiles[corridor[0]] = Tile::Door;
    tiles[corridor[last]] = Tile::Door;
    let middle = corridor.len() / 2;
    match on {
        Element::Open | Element::Key => {}
        Element::Lock => tiles[corridor[middle]] = Tile::LockedDoor,
        Element::Secret => tiles[corridor[middle]] = Tile::SecretDoor,
        Element::Guard => {
            let trap = Trap::ALL[rng.below(Trap::ALL.len() as u32) as usize];
            tiles[corridor[middle]] = trap.tile();
        }
        Element::Hazard => {
            for &p in &corridor[(middle - 1).max(1)..=(middle + 1).min(last - 1)] {
                tiles[p] = Tile::DeepWater;
            }
        }
    }
}
