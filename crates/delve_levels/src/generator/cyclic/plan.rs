//! A cyclic dungeon's plan, written before any tile: a graph of rooms and corridors made
//! of cycles. The main cycle joins the entrance to the goal by the two arcs of a pattern;
//! then, until the level has its rooms, an open corridor is drawn and replaced by the two
//! arcs of another pattern — a smaller cycle written into the larger one (Dormans'
//! rewriting of arcs). Everything is drawn from the level's own layout stream.
//!
//! Since every pattern keeps one walkable arc, and only open corridors are rewritten,
//! every room is joined to every other on foot, with locks shut, secrets unfound and
//! hazards and traps uncrossed.

use std::fmt;

use super::patterns::{Element, PatternArc, PatternSet};
use crate::generator::Generation;
use crate::rng::StreamRng;

/// What a room of the plan is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Where the level is entered: the up stairs.
    Entrance,
    /// Where it is left: the down stairs.
    Goal,
    /// Where the key to the level's lock lies.
    Key,
    /// A room along a way.
    Room,
    /// A dead end off the cycles, joined by one corridor to a room of theirs: the place
    /// a vault that lies over floor or takes a room's place may have (the cycles' own
    /// rooms and corridors are kept from vaults, so that the loops stay loops).
    Side,
}

/// A corridor of the plan: the two rooms it joins and what stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlanEdge {
    /// The rooms it joins (indices into the plan's rooms).
    pub ends: (usize, usize),
    /// What stands on it.
    pub on: Element,
}

/// A cycle of the plan: the pattern it was drawn from and its corridors, all round.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlanCycle {
    /// The pattern's name.
    pub pattern: String,
    /// Its corridors (indices into the plan's edges); together a loop.
    pub edges: Vec<usize>,
}

/// The plan of a cyclic dungeon: rooms, corridors, and the cycles they make.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlanGraph {
    /// Each room's role; room 0 is the entrance, room 1 the goal.
    pub roles: Vec<Role>,
    /// The corridors.
    pub edges: Vec<PlanEdge>,
    /// The cycles, the main one first, then in the order they were written in.
    pub cycles: Vec<PlanCycle>,
}

/// The entrance's room.
pub const ENTRANCE: usize = 0;
/// The goal's room.
pub const GOAL: usize = 1;

impl PlanGraph {
    /// The rooms of cycle `cycle`, each once, in the order its corridors meet them.
    pub fn cycle_rooms(&self, cycle: usize) -> Vec<usize> {
        let mut rooms = Vec::new();
        for &e in &self.cycles[cycle].edges {
            let (a, b) = self.edges[e].ends;
            for room in [a, b] {
                if !rooms.contains(&room) {
                    rooms.push(room);
                }
            }
        }
        rooms
    }

    /// The room a side room is joined to, if `room` is one.
    pub fn side_of(&self, room: usize) -> Option<usize> {
        (self.roles[room] == Role::Side)
            .then(|| self.edges.iter().find(|e| e.ends.1 == room))
            .flatten()
            .map(|e| e.ends.0)
    }

    /// Whether the plan holds a lock.
    pub fn has_lock(&self) -> bool {
        self.edges.iter().any(|e| e.on == Element::Lock)
    }

    /// Opens the plan's locks for good (their corridors become open, the key's room a
    /// plain room): for a level whose loot table has no key.
    pub(crate) fn open_locks(&mut self) {
        for edge in &mut self.edges {
            if edge.on == Element::Lock {
                edge.on = Element::Open;
            }
        }
        for role in &mut self.roles {
            if *role == Role::Key {
                *role = Role::Room;
            }
        }
    }

    /// Moves the key to the room of the lock's cycle farthest from the lock, counting
    /// corridors along the ways walked on foot (the lock's own corridor left out): the
    /// far end of the long way, so that the key is not a few steps from its lock. Ties
    /// go to the room drawn first. Nothing changes without a lock.
    pub(crate) fn put_key_far_from_lock(&mut self) {
        let Some(lock) = self.edges.iter().position(|e| e.on == Element::Lock) else {
            return;
        };
        let Some(cycle) = self.cycles.iter().position(|c| c.edges.contains(&lock)) else {
            return;
        };
        // Corridors from either end of the lock's corridor, over open ones only.
        let mut far = vec![u32::MAX; self.roles.len()];
        let (a, b) = self.edges[lock].ends;
        far[a] = 0;
        far[b] = 0;
        let mut queue = std::collections::VecDeque::from([a, b]);
        while let Some(room) = queue.pop_front() {
            for edge in self.edges.iter().filter(|e| e.on == Element::Open) {
                let next = match edge.ends {
                    (x, y) if x == room => y,
                    (x, y) if y == room => x,
                    _ => continue,
                };
                if far[next] == u32::MAX {
                    far[next] = far[room] + 1;
                    queue.push_back(next);
                }
            }
        }
        let candidates = self
            .cycle_rooms(cycle)
            .into_iter()
            .filter(|&r| matches!(self.roles[r], Role::Room | Role::Key) && far[r] != u32::MAX);
        let Some(best) = candidates.fold(None, |best: Option<usize>, r| match best {
            Some(b) if far[b] >= far[r] => Some(b),
            _ => Some(r),
        }) else {
            return;
        };
        for role in &mut self.roles {
            if *role == Role::Key {
                *role = Role::Room;
            }
        }
        self.roles[best] = Role::Key;
    }

    /// A new room of `role`.
    fn add_room(&mut self, role: Role) -> usize {
        self.roles.push(role);
        self.roles.len() - 1
    }

    /// Lays the corridors of an arc of `length` from `from` to `to` (new rooms between),
    /// the first of them in slot `first` when given (else a new edge); returns its edges.
    fn lay_arc(
        &mut self,
        arc: PatternArc,
        length: u32,
        (from, to): (usize, usize),
        first: Option<usize>,
        rng: &mut StreamRng,
    ) -> Vec<usize> {
        let mut rooms = vec![from];
        for _ in 1..length {
            rooms.push(self.add_room(Role::Room));
        }
        rooms.push(to);
        if arc.on == Element::Key {
            // A key arc is at least 2 long: a room between its ends holds the key.
            let inner = 1 + rng.below(length - 1) as usize;
            self.roles[rooms[inner]] = Role::Key;
        }
        let marked = rng.below(length) as usize;
        let mut edges = Vec::new();
        for (i, pair) in rooms.windows(2).enumerate() {
            let on = match arc.on {
                Element::Open | Element::Key => Element::Open,
                element if i == marked => element,
                _ => Element::Open,
            };
            let edge = PlanEdge {
                ends: (pair[0], pair[1]),
                on,
            };
            match first.filter(|_| i == 0) {
                Some(slot) => self.edges[slot] = edge,
                None => self.edges.push(edge),
            }
            edges.push(first.filter(|_| i == 0).unwrap_or(self.edges.len() - 1));
        }
        edges
    }
}

/// Draws each arc's length within its bounds, then shortens the longer arcs (never below
/// their least, nor a key arc below 2, nor the two below 3 together) until the new
/// rooms, `length − 1` per arc, are at most `room_for`; `None` when they cannot be.
fn draw_lengths(arcs: &[PatternArc], room_for: u32, rng: &mut StreamRng) -> Option<[u32; 2]> {
    let draw = |arc: &PatternArc, rng: &mut StreamRng| {
        rng.range_inclusive(arc.length.0 as i32, arc.length.1 as i32) as u32
    };
    let mut lengths = [draw(&arcs[0], rng), draw(&arcs[1], rng)];
    let least = |i: usize| arcs[i].length.0;
    while lengths[0] + lengths[1] - 2 > room_for {
        let longer = usize::from(lengths[1] - least(1) > lengths[0] - least(0));
        if lengths[longer] == least(longer) {
            return None;
        }
        lengths[longer] -= 1;
    }
    Some(lengths)
}

/// Draws a plan of at most `rooms` rooms on its cycles (and at least the main cycle's)
/// from `set` (its patterns of `generation` or older), for a level at `depth`: the main cycle, then smaller cycles written into
/// open corridors until the rooms are reached or a few draws in a row find no place;
/// last, `side_rooms` dead ends, each off a room of the cycles drawn at random.
pub fn draw_plan(
    set: &PatternSet,
    generation: Generation,
    depth: u32,
    (rooms, side_rooms): (u32, u32),
    rng: &mut StreamRng,
) -> PlanGraph {
    let mut plan = PlanGraph {
        roles: vec![Role::Entrance, Role::Goal],
        edges: Vec::new(),
        cycles: Vec::new(),
    };
    let patterns = set.patterns();
    let weights = set.weights_at(depth, true, generation.number());
    let index = rng
        .pick_weighted(weights.iter().copied())
        .expect("a checked pattern set has a weight at every depth");
    let main = &patterns[index];
    // A main cycle always fits: its least lengths are at most 3 + 1 rooms of the 4 a
    // config asks for at least; anything longer is shortened to the rooms asked for.
    let lengths = draw_lengths(&main.arcs, rooms.saturating_sub(2), rng)
        .unwrap_or([main.arcs[0].length.0, main.arcs[1].length.0]);
    let mut edges = plan.lay_arc(main.arcs[0], lengths[0], (ENTRANCE, GOAL), None, rng);
    edges.extend(plan.lay_arc(main.arcs[1], lengths[1], (ENTRANCE, GOAL), None, rng));
    plan.cycles.push(PlanCycle {
        pattern: main.name.clone(),
        edges,
    });
    let mut misses = 0;
    while (plan.roles.len() as u32) < rooms && misses < 8 {
        let room_for = rooms - plan.roles.len() as u32;
        let weights = set.weights_at(depth, !plan.has_lock(), generation.number());
        let Some(index) = rng.pick_weighted(weights.iter().copied()) else {
            break;
        };
        let pattern = &patterns[index];
        let open: Vec<usize> = (0..plan.edges.len())
            .filter(|&e| plan.edges[e].on == Element::Open)
            .collect();
        let edge = open[rng.below(open.len() as u32) as usize];
        let Some(lengths) = draw_lengths(&pattern.arcs, room_for, rng) else {
            misses += 1;
            continue;
        };
        misses = 0;
        write_cycle(
            &mut plan,
            edge,
            pattern.name.clone(),
            &pattern.arcs,
            lengths,
            rng,
        );
    }
    let on_cycles = plan.roles.len() as u32;
    for _ in 0..side_rooms {
        let from = rng.below(on_cycles) as usize;
        let side = plan.add_room(Role::Side);
        plan.edges.push(PlanEdge {
            ends: (from, side),
            on: Element::Open,
        });
    }
    plan
}

/// Replaces the open corridor `edge` by a cycle of the two arcs `arcs` of `lengths`
/// between its rooms. Every cycle that ran along `edge` runs along the first walkable
/// arc instead (its first corridor keeps `edge`'s slot).
fn write_cycle(
    plan: &mut PlanGraph,
    edge: usize,
    pattern: String,
    arcs: &[PatternArc],
    lengths: [u32; 2],
    rng: &mut StreamRng,
) {
    let ends = plan.edges[edge].ends;
    let through = usize::from(!arcs[0].on.is_walkable());
    let mut laid = [Vec::new(), Vec::new()];
    for i in 0..2 {
        let slot = (i == through).then_some(edge);
        laid[i] = plan.lay_arc(arcs[i], lengths[i], ends, slot, rng);
    }
    for cycle in &mut plan.cycles {
        if let Some(at) = cycle.edges.iter().position(|&e| e == edge) {
            cycle.edges.splice(at..=at, laid[through].iter().copied());
        }
    }
    let [a, b] = laid;
    plan.cycles.push(PlanCycle {
        pattern,
        edges: a.into_iter().chain(b).collect(),
    });
}

impl fmt::Display for PlanGraph {
    /// The plan as `delve gen` prints it beside the tiles: its rooms of note, then each
    /// cycle with its corridors ("0–3", "3–1 locked").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "plan: {} rooms, {} corridors, {} cycles",
            self.roles.len(),
            self.edges.len(),
            self.cycles.len()
        )?;
        let noted: Vec<String> = (0..self.roles.len())
            .filter_map(|room| match self.roles[room] {
                Role::Entrance => Some(format!("{room} entrance (<)")),
                Role::Goal => Some(format!("{room} goal (>)")),
                Role::Key => Some(format!("{room} key")),
                Role::Side => Some(format!("{room} side (off {})", self.side_of(room)?)),
                Role::Room => None,
            })
            .collect();
        writeln!(f, "rooms: {}", noted.join(", "))?;
        for (i, cycle) in self.cycles.iter().enumerate() {
            let corridors: Vec<String> = cycle
                .edges
                .iter()
                .map(|&e| {
                    let PlanEdge { ends: (a, b), on } = self.edges[e];
                    match on {
                        Element::Open => format!("{a}–{b}"),
                        on => format!("{a}–{b} {}", on.name()),
                    }
                })
                .collect();
            let main = if i == 0 { " (main)" } else { "" };
            writeln!(
                f,
                "cycle {i}{main}, {}: {}",
                cycle.pattern,
                corridors.join(", ")
            )?;
        }
        Ok(())
    }
}
