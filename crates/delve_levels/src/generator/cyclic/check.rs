//! The independent checker of what a cyclic dungeon's plan promises, as the vaults have
//! theirs: it reads only the finished [`Level`] — its tiles, stairs, loot and the plan
//! it was laid from — and shares no code with the generator (its own plain
//! breadth-first search). Per level it proves:
//!
//! - the stairs stand in the plan's entrance and goal rooms, and the down stairs are
//!   reached from the up stairs on foot (locks shut, secrets unfound, hazards and traps
//!   uncrossed);
//! - every lock's key lies on the level and is reached on foot without passing a lock
//!   (a key opens every lock of its level, so none may be passed);
//! - a secret door is never the only way to anything required: the down stairs, the
//!   key and every item outside a vault are all reached without finding one;
//! - likewise a barred door is never the only way to anything required: all of it is
//!   reached with every barred door shut (as wall, which it is from its barred side);
//! - a one-way drop never strands the player: with every ledge walked one way only
//!   (stepped onto from its high side, dropped down from to its low side), every tile
//!   reached from the up stairs still reaches the down stairs — with every lock shut,
//!   and again with every lock open (the rest of what can be passed passed: secret
//!   doors found, barred doors opened, water swum, traps crossed); the required things
//!   above are reached without a ledge at all (it is not walkable ground);
//! - each corridor of the plan is a path of adjacent tiles from beside its first room to
//!   beside its second, with its lock, its barred door or its ledge (on a straight
//!   stretch of it), if it has one, drawn across it; no ledge lies off a drop's corridor;
//! - every planned cycle is a loop of the tiles: its rooms and corridors, as open ground
//!   (anything but rock — a locked door, a secret door, water and traps are ground the
//!   loop runs over, as they stand on the plan's arcs), stay joined with any one of its
//!   corridors taken away.

use std::fmt;

use super::layout::LaidPlan;
use super::patterns::Element;
use crate::generator::{Level, Room};
use crate::grid::{Grid, Pos, Tile};

/// A broken promise of a cyclic dungeon's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanViolation {
    /// The level has no plan.
    NoPlan,
    /// A stair is not in its room of the plan (the entrance's, or the goal's).
    StairAstray(Pos),
    /// The down stairs are not reached from the up stairs, even through secret doors.
    StairsApart,
    /// The plan has a lock, and no key lies where it says.
    KeyMissing,
    /// The key is not reached without passing a lock.
    KeyBehindLock(Pos),
    /// Something required (the down stairs, the key, an item) is reached only through a
    /// secret door.
    SecretOnlyWay(Pos),
    /// Something required is reached only through a barred door.
    BarredOnlyWay(Pos),
    /// An item is not reached even with every secret door found.
    Unreached(Pos),
    /// A corridor of the plan is not a path between its rooms, or its lock or barred
    /// door is not drawn across it.
    CorridorBroken(usize),
    /// A tile reached from the up stairs (ledges walked one way) from which the down
    /// stairs are not: a drop strands the player there.
    DropStrands(Pos),
    /// A ledge lies where no drop of the plan runs, so that it has no high side.
    LedgeAstray(Pos),
    /// A cycle of the plan is not a loop: its rooms come apart without `corridor`
    /// (or without none).
    CycleBroken {
        /// The cycle.
        cycle: usize,
        /// The corridor taken away, if any.
        corridor: Option<usize>,
    },
}

impl fmt::Display for PlanViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanViolation::NoPlan => write!(f, "the level has no plan"),
            PlanViolation::StairAstray(p) => write!(f, "stair at {p} is not in its planned room"),
            PlanViolation::StairsApart => write!(f, "down stairs not reached on foot"),
            PlanViolation::KeyMissing => write!(f, "the plan has a lock and no key lies"),
            PlanViolation::KeyBehindLock(p) => write!(f, "the key at {p} lies behind a lock"),
            PlanViolation::SecretOnlyWay(p) => {
                write!(f, "{p} is reached only through a secret door")
            }
            PlanViolation::BarredOnlyWay(p) => {
                write!(f, "{p} is reached only through a barred door")
            }
            PlanViolation::Unreached(p) => write!(f, "{p} is not reached at all"),
            PlanViolation::DropStrands(p) => write!(
                f,
                "{p} is reached from the up stairs, and the down stairs not from it: a drop strands the player"
            ),
            PlanViolation::LedgeAstray(p) => {
                write!(f, "the ledge at {p} lies on no drop's corridor")
            }
            PlanViolation::CorridorBroken(e) => write!(f, "corridor {e} is not laid as planned"),
            PlanViolation::CycleBroken { cycle, corridor } => match corridor {
                Some(e) => write!(f, "cycle {cycle} comes apart without corridor {e}"),
                None => write!(f, "cycle {cycle} is not joined"),
            },
        }
    }
}

/// The level's ledges as the tiles show them: on each drop's corridor, the ledge and
/// the corridor's tiles either side of it — its high side toward the corridor's first
/// room, its low side toward its second.
struct Ledges(Vec<(Pos, Pos, Pos)>);

impl Ledges {
    fn of(tiles: &Grid<Tile>, plan: &LaidPlan) -> Ledges {
        let edges = plan.graph.edges.iter().zip(&plan.corridors);
        let drops = edges.filter(|(edge, _)| edge.on == Element::Drop);
        Ledges(
            drops
                .flat_map(|(_, c)| {
                    (1..c.len().saturating_sub(1))
                        .filter(|&i| tiles.get(c[i]) == Some(Tile::Ledge))
                        .map(|i| (c[i], c[i - 1], c[i + 1]))
                })
                .collect(),
        )
    }

    /// Whether a walker is kept from stepping from `from` onto `to`: a climb onto a
    /// ledge from below (nearer its low side than its high side).
    fn refuse(&self, from: Pos, to: Pos) -> bool {
        (self.0.iter())
            .any(|&(at, high, low)| to == at && from.manhattan(low) < from.manhattan(high))
    }
}

/// Tiles reached from `from` over the tiles `open` admits (a plain breadth-first search).
fn reach(tiles: &Grid<Tile>, from: Pos, open: impl Fn(Pos) -> bool) -> Vec<bool> {
    let mut reached = vec![false; tiles.len()];
    if !tiles.contains(from) || !open(from) {
        return reached;
    }
    reached[tiles.index_of(from)] = true;
    let mut queue = vec![from];
    while let Some(p) = queue.pop() {
        for n in tiles.neighbours4(p) {
            let i = tiles.index_of(n);
            if !reached[i] && open(n) {
                reached[i] = true;
                queue.push(n);
            }
        }
    }
    reached
}

/// Whether `p` lies on `room`'s floor.
fn in_room(room: &Room, p: Pos) -> bool {
    (room.x..room.x + room.width).contains(&p.x) && (room.y..room.y + room.height).contains(&p.y)
}

/// Whether `p` lies beside (not diagonally) `room`'s floor.
fn beside(room: &Room, p: Pos) -> bool {
    [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .any(|(dx, dy)| in_room(room, p.offset(dx, dy)))
}

/// Checks every promise of `level`'s plan (see the module's words).
pub fn check_plan(level: &Level) -> Result<(), PlanViolation> {
    let plan = level.plan.as_ref().ok_or(PlanViolation::NoPlan)?;
    let tiles = &level.tiles;
    let (entrance, goal) = (&plan.rooms[0], &plan.rooms[super::plan::GOAL]);
    for (stair, room) in [(level.up, entrance), (level.down, goal)] {
        if !in_room(room, stair) {
            return Err(PlanViolation::StairAstray(stair));
        }
    }
    check_corridors(tiles, plan)?;
    let ledges = Ledges::of(tiles, plan);
    if let Some(p) =
        (tiles.positions()).find(|&p| tiles[p] == Tile::Ledge && !ledges.0.iter().any(|l| l.0 == p))
    {
        return Err(PlanViolation::LedgeAstray(p));
    }
    check_drops(level, &ledges)?;
    let on_foot = reach(tiles, level.up, |p| tiles[p].is_walkable());
    let found = reach(tiles, level.up, |p| {
        tiles[p].is_walkable() || tiles[p] == Tile::SecretDoor
    });
    let unbarred = reach(tiles, level.up, |p| {
        tiles[p].is_walkable() || tiles[p] == Tile::BarredDoor
    });
    let at = |p: Pos| tiles.index_of(p);
    if plan.graph.edges.iter().any(|e| e.on == Element::Lock) {
        let key = plan.key.ok_or(PlanViolation::KeyMissing)?;
        let lies = tiles.get(key) == Some(Tile::Loot) && level.loot.iter().any(|i| i.pos == key);
        if !lies {
            return Err(PlanViolation::KeyMissing);
        }
    }
    // Each required thing, with what it is when not reached even through secret doors.
    let items = level
        .loot
        .iter()
        .map(|item| (item.pos, PlanViolation::Unreached(item.pos)))
        .filter(|&(p, _)| !level.vaults.iter().any(|v| v.covers(p)));
    let required = [(level.down, PlanViolation::StairsApart)]
        .into_iter()
        .chain(plan.key.map(|key| (key, PlanViolation::KeyBehindLock(key))))
        .chain(items);
    for (p, unreached) in required {
        if !on_foot[at(p)] {
            return Err(if found[at(p)] {
                PlanViolation::SecretOnlyWay(p)
            } else if unbarred[at(p)] {
                PlanViolation::BarredOnlyWay(p)
            } else {
                unreached
            });
        }
    }
    for cycle in 0..plan.graph.cycles.len() {
        check_cycle(tiles, plan, cycle)?;
    }
    Ok(())
}

/// No drop strands the player: with every lock shut, and again with every lock open,
/// every tile reached from the up stairs (by king steps, as a walker steps, over what
/// can be passed, and never up a ledge) reaches the down stairs the same way.
fn check_drops(level: &Level, ledges: &Ledges) -> Result<(), PlanViolation> {
    if ledges.0.is_empty() {
        return Ok(());
    }
    let tiles = &level.tiles;
    let passed = |t: Tile| {
        t.is_walkable()
            || t.trap().is_some()
            || matches!(
                t,
                Tile::Ledge | Tile::SecretDoor | Tile::BarredDoor | Tile::DeepWater
            )
    };
    for locks_open in [false, true] {
        let open = |p: Pos| passed(tiles[p]) || (locks_open && tiles[p] == Tile::LockedDoor);
        // Forward from the up stairs; backward from the down stairs (a tile is reached
        // when a step from it lands on a tile reached).
        let mut from_up = vec![false; tiles.len()];
        let mut to_down = vec![false; tiles.len()];
        for (start, reached, forward) in [
            (level.up, &mut from_up, true),
            (level.down, &mut to_down, false),
        ] {
            reached[tiles.index_of(start)] = true;
            let mut queue = vec![start];
            while let Some(p) = queue.pop() {
                for n in tiles.neighbours8(p) {
                    let (from, to) = if forward { (p, n) } else { (n, p) };
                    let i = tiles.index_of(n);
                    if !reached[i] && open(n) && !ledges.refuse(from, to) {
                        reached[i] = true;
                        queue.push(n);
                    }
                }
            }
        }
        if let Some(p) = tiles.positions().find(|&p| {
            let i = tiles.index_of(p);
            from_up[i] && !to_down[i]
        }) {
            return Err(PlanViolation::DropStrands(p));
        }
    }
    Ok(())
}

/// Each corridor is a path of orthogonally adjacent tiles from beside its first room to
/// beside its second, a locked corridor has a locked door on it, a barred one its
/// barred door at its middle (where its open side is read from), and a drop's corridor
/// one ledge at an inner tile whose neighbours along it lie in a straight line.
fn check_corridors(tiles: &Grid<Tile>, plan: &LaidPlan) -> Result<(), PlanViolation> {
    for (e, (edge, corridor)) in plan.graph.edges.iter().zip(&plan.corridors).enumerate() {
        let (a, b) = edge.ends;
        let joined = corridor.windows(2).all(|w| w[0].manhattan(w[1]) == 1);
        let ends = match (corridor.first(), corridor.last()) {
            (Some(&first), Some(&last)) => {
                beside(&plan.rooms[a], first) && beside(&plan.rooms[b], last)
            }
            _ => false,
        };
        let locked = edge.on != Element::Lock
            || corridor
                .iter()
                .any(|&p| tiles.get(p) == Some(Tile::LockedDoor));
        let barred = edge.on != Element::Shortcut
            || (corridor.len() >= 3
                && tiles.get(corridor[corridor.len() / 2]) == Some(Tile::BarredDoor));
        let ledges: Vec<usize> = (0..corridor.len())
            .filter(|&i| tiles.get(corridor[i]) == Some(Tile::Ledge))
            .collect();
        let dropped = edge.on != Element::Drop
            || match ledges.as_slice() {
                &[i] if i >= 1 && i + 1 < corridor.len() => {
                    let (a, b) = (corridor[i - 1], corridor[i + 1]);
                    a.manhattan(b) == 2 && (a.x == b.x || a.y == b.y)
                }
                _ => false,
            };
        if !joined || !ends || !locked || !barred || !dropped {
            return Err(PlanViolation::CorridorBroken(e));
        }
    }
    Ok(())
}

/// The rooms and corridors of cycle `cycle` stay joined over open ground (anything but
/// rock), whole and with any one of its corridors taken away.
fn check_cycle(tiles: &Grid<Tile>, plan: &LaidPlan, cycle: usize) -> Result<(), PlanViolation> {
    let rooms = plan.graph.cycle_rooms(cycle);
    let corridors = &plan.graph.cycles[cycle].edges;
    let mut part = vec![false; tiles.len()];
    for &room in &rooms {
        let r = &plan.rooms[room];
        for y in r.y..r.y + r.height {
            for x in r.x..r.x + r.width {
                part[tiles.index_of(Pos::new(x, y))] = true;
            }
        }
    }
    for &e in corridors {
        for &p in &plan.corridors[e] {
            part[tiles.index_of(p)] = true;
        }
    }
    let floor = |room: usize| {
        let r = &plan.rooms[room];
        (r.y..r.y + r.height).flat_map(move |y| (r.x..r.x + r.width).map(move |x| Pos::new(x, y)))
    };
    let start =
        floor(rooms[0])
            .find(|&p| !tiles[p].is_wall())
            .ok_or(PlanViolation::CycleBroken {
                cycle,
                corridor: None,
            })?;
    for without in [None].into_iter().chain(corridors.iter().map(|&e| Some(e))) {
        let taken: &[Pos] = without.map_or(&[], |e| &plan.corridors[e]);
        let reached = reach(tiles, start, |p| {
            part[tiles.index_of(p)] && !tiles[p].is_wall() && !taken.contains(&p)
        });
        let joined = rooms
            .iter()
            .all(|&room| floor(room).any(|p| reached[tiles.index_of(p)]));
        if !joined {
            return Err(PlanViolation::CycleBroken {
                cycle,
                corridor: without,
            });
        }
    }
    Ok(())
}
