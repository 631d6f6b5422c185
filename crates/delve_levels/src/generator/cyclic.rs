//! Cyclic dungeons, after Joris Dormans' cyclic generation (Unexplored, 2017): a level
//! is planned around its loops before any tile is placed. The plan (`plan.rs`) is one
//! main cycle from the entrance to the goal whose two arcs are different ways — one long
//! and safe, one short and guarded; a locked way and the way to its key; a hidden
//! shortcut; a hazard to cross — drawn from the weighted patterns of `levels/cycles.ron`
//! (`patterns.rs`), with smaller cycles written into its open corridors until the level
//! has its rooms, and a few side rooms off them (dead ends, where a vault may take a
//! room's place). Then the plan is laid on the grid (`layout.rs`): rooms in the cells of a
//! coarse grid, corridors dug so that they touch nothing but their own two rooms, so that
//! every cycle of the plan is a loop of the tiles. `check.rs` proves it, independently.
//!
//! The stairs stand in the entrance's and the goal's rooms; the key to the lock (the
//! loot table's key item: a key opens every lock of its level) is laid with the loot, in
//! the key's room. A shortcut that opens from one side (from generation 5) is a barred
//! door on a corridor of its arc: it opens to a walker from the side of the arc's far end
//! (toward the goal), so that it is found barred the short way, and opened from beyond
//! after the long way round — a short way back (`LaidPlan::barred_doors` names each
//! door's open side; the checker proves nothing required lies behind one). A one-way
//! drop (from generation 6) is a ledge on a corridor of its arc, dropped down toward the
//! arc's far end and never climbed: the cycle's other arc is the way back
//! (`LaidPlan::drops` names each ledge's high and low side; the checker proves no drop
//! strands the player).

mod cells;
pub mod check;
pub mod layout;
pub mod patterns;
pub mod plan;
mod route;

use super::{Count, Generation, Generator, KindInfo, Layout, LevelReport};
use crate::analysis::distances::reached_from;
use crate::grid::{Grid, Pos, Tile};
use crate::loot::{LootTable, PlacedItem};
use crate::rng::StreamRng;
use crate::vaults::place::PlacedVault;
use layout::{LaidPlan, lay_out};
use patterns::PatternSet;
use plan::{PlanCycle, PlanEdge, PlanGraph, Role, draw_plan};

crate::generator_config! {
    /// Parameters of a cyclic dungeon (width 38–400, height 22–400).
    pub struct CyclicConfig {
        size: (80, 50),
        width_bounds: |c| (38, 400),
        height_bounds: |c| (22, 400);
        /// Rooms the plan grows to, its entrance and goal among them (4 up to two
        /// thirds of the cells of 12 × 10 tiles the level has room for, and at most
        /// 16).
        rooms: u32 = 12, bounds: |c| (4, most_rooms(c.width, c.height));
        /// Dead ends off the cycles, each a room of 9 × 7 joined to a room of theirs by
        /// one corridor: where a vault that lies over floor or takes a room's place may
        /// go (0 up to the cells the cycles' rooms leave, at most 8).
        side_rooms: u32 = 2, bounds: |c| (0, most_side_rooms(c));
    }
}

/// The most side rooms `config` may ask for: the cells its rooms leave free (at most 8).
fn most_side_rooms(config: &CyclicConfig) -> u32 {
    let (columns, rows) = layout::cells(config.width, config.height);
    let cells = (columns.max(0) * rows.max(0)) as u32;
    cells.saturating_sub(config.rooms).min(8)
}

/// The most rooms any cyclic dungeon may plan: a plan is a handful of cycles. (Larger
/// plans seldom find a layout whose corridors never cross — the layout then falls back
/// to smaller plans, slowly — so a larger level keeps its plan to as many rooms, with
/// rock round them.)
pub const MOST_ROOMS: u32 = 16;

/// The most rooms a `width` × `height` cyclic dungeon may plan: two thirds of its cells
/// (at least 4, at most [`MOST_ROOMS`]), so that the plan's rooms find cells near each
/// other.
pub fn most_rooms(width: u32, height: u32) -> u32 {
    let (columns, rows) = layout::cells(width, height);
    ((columns.max(0) * rows.max(0)) as u32 * 2 / 3).clamp(4, MOST_ROOMS)
}

/// Rooms in the level's plan.
pub const ROOMS_PLANNED: Count = Count {
    name: "rooms planned",
    surveyed: true,
};

/// Cycles in the level's plan, the main one included.
pub const CYCLES_PLANNED: Count = Count {
    name: "cycles planned",
    surveyed: true,
};

/// Layouts tried for plans of one size before the plan is made two rooms smaller.
const TRIES_PER_SIZE: u32 = 6;
/// Layouts tried for the smallest plan, a square of four rooms, which finds a place in
/// a level of the least size nearly always at the first try.
const TRIES_OF_THE_SQUARE: u32 = 256;

impl Generator for CyclicConfig {
    const INFO: KindInfo = KindInfo {
        name: "cyclic",
        noun: "cyclic dungeon",
        article: "a",
        plural: "cyclic dungeons",
        about: "Dormans-style dungeon planned as cycles with locks, keys, secrets and hazards",
        counts: &[ROOMS_PLANNED, CYCLES_PLANNED],
    };

    fn generate(&self, generation: Generation, rng: &mut StreamRng) -> Layout {
        self.generate_at(generation, 1, rng)
    }

    fn generate_at(&self, generation: Generation, depth: u32, rng: &mut StreamRng) -> Layout {
        generate(self, PatternSet::embedded(), generation, depth, rng)
    }

    /// No more rooms than the size's cells hold, no more side rooms than they leave.
    fn fit_to_size(&mut self) {
        self.rooms = self.rooms.clamp(4, most_rooms(self.width, self.height));
        self.side_rooms = self.side_rooms.min(most_side_rooms(self));
    }
}

/// Generates a cyclic dungeon layout (no stairs yet) for a level at `depth` from the
/// layout stream, its plan drawn from `set`'s patterns of `generation` or older.
///
/// A plan of `config.rooms` rooms is drawn and laid out; when it does not fit (a room
/// without a cell, a corridor without a way), a new one is drawn, up to
/// `TRIES_PER_SIZE` times, and then plans two rooms smaller, down to 4; last, the
/// square of four rooms.
pub fn generate(
    config: &CyclicConfig,
    set: &PatternSet,
    generation: Generation,
    depth: u32,
    rng: &mut StreamRng,
) -> Layout {
    let size = (config.width, config.height);
    let least_side = 2 * config.stair_clearance as i32 + 1;
    let mut rooms = config.rooms;
    loop {
        for _ in 0..TRIES_PER_SIZE {
            let mut graph = draw_plan(set, generation, depth, (rooms, config.side_rooms), rng);
            if generation.puts_keys_far_from_locks() {
                graph.put_key_far_from_lock();
            }
            if let Some(laid) = lay_out(graph, size, least_side, rng) {
                if generation.keeps_barred_doors_off_bends() && laid.1.has_a_barred_door_on_a_bend()
                {
                    continue; // a walker would step past it diagonally
                }
                return layout_of(laid);
            }
        }
        if rooms <= 4 {
            break;
        }
        rooms = (rooms - 2).max(4);
    }
    for _ in 0..TRIES_OF_THE_SQUARE {
        if let Some(laid) = lay_out(square(), size, least_side, rng) {
            return layout_of(laid);
        }
    }
    panic!("a cyclic dungeon of {size:?} found no place for a square of four rooms");
}

/// Lays the key to the level's lock (a plan without a lock has none) as an item of the
/// loot table's key kind, on the floor tile of the plan's key room nearest its middle
/// that the up stairs reach on foot with every lock shut, and records it in `plan`.
/// When the loot table has no key, or the key room no such tile (a vault or a lake took
/// it), the locks are opened for good: closed doors, and the plan says so. A key a
/// vault laid is taken away when the plan lays its own (the vault's `key` then names
/// the plan's): one key a level.
pub(crate) fn lay_key(
    tiles: &mut Grid<Tile>,
    plan: &mut LaidPlan,
    up: Pos,
    table: &LootTable,
    loot: &mut Vec<PlacedItem>,
    vaults: &mut [PlacedVault],
) {
    if !plan.graph.has_lock() {
        return;
    }
    let on_foot = reached_from(tiles, &[tiles.index_of(up)], Tile::is_walkable);
    let spot = plan.key_room().and_then(|room| {
        let middle = Pos::new(room.x + room.width / 2, room.y + room.height / 2);
        room.floor()
            .filter(|&p| tiles[p] == Tile::Floor && on_foot[tiles.index_of(p)])
            .min_by_key(|&p| p.manhattan(middle))
    });
    match (table.key_item(), spot) {
        (Some(key), Some(spot)) => {
            // One key a level: a vault's own key would be a second (one key opens every
            // lock of its level, and is used up), so the plan's key serves the vault's
            // lock too — it is reached on foot with every lock shut.
            for other in loot.iter().filter(|i| i.item == key) {
                if tiles[other.pos] == Tile::Loot {
                    tiles[other.pos] = Tile::Floor;
                }
            }
            loot.retain(|i| i.item != key);
            tiles[spot] = Tile::Loot;
            loot.push(PlacedItem::plain(spot, key));
            plan.key = Some(spot);
            for vault in vaults.iter_mut().filter(|v| v.key.is_some()) {
                vault.key = Some(spot);
            }
        }
        _ => {
            for lock in plan.locks() {
                tiles[lock] = Tile::ClosedDoor;
            }
            plan.graph.open_locks();
        }
    }
}

/// The smallest plan: the entrance and the goal joined by two open arcs of two.
fn square() -> PlanGraph {
    let open = |a, b| PlanEdge {
        ends: (a, b),
        on: patterns::Element::Open,
    };
    PlanGraph {
        roles: vec![Role::Entrance, Role::Goal, Role::Room, Role::Room],
        edges: vec![open(0, 2), open(2, 1), open(0, 3), open(3, 1)],
        cycles: vec![PlanCycle {
            pattern: "square".to_owned(),
            edges: vec![0, 1, 2, 3],
        }],
    }
}

/// The layout of a laid plan, counting its rooms and cycles.
fn layout_of((tiles, plan): (Grid<Tile>, LaidPlan)) -> Layout {
    let report = LevelReport::counting([
        (ROOMS_PLANNED, plan.graph.roles.len() as u32),
        (CYCLES_PLANNED, plan.graph.cycles.len() as u32),
    ]);
    Layout {
        tiles,
        rooms: None,
        plan: Some(plan),
        report,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::count_regions;
    use crate::rng::Stream;

    fn layout(config: &CyclicConfig, depth: u32, seed: u64) -> Layout {
        let mut rng = StreamRng::new(seed, Stream::Layout);
        generate(
            config,
            PatternSet::embedded(),
            Generation::CURRENT,
            depth,
            &mut rng,
        )
    }

    #[test]
    fn every_layout_is_one_walkable_region_inside_an_outer_wall() {
        for (width, height) in [(38, 22), (80, 50), (150, 60)] {
            let config = CyclicConfig {
                width,
                height,
                rooms: most_rooms(width, height),
                ..CyclicConfig::default()
            };
            for seed in 0..40 {
                let tiles = layout(&config, 1 + seed as u32 % 5, seed).tiles;
                assert_eq!(count_regions(&tiles), 1, "{width}x{height} seed {seed}");
                for p in tiles.positions().filter(|&p| tiles.is_border(p)) {
                    assert_eq!(tiles[p], Tile::Wall, "{width}x{height} seed {seed}: {p}");
                }
            }
        }
    }

    #[test]
    fn the_default_plan_grows_to_its_rooms_with_cycles_written_into_the_main_one() {
        // (A barred shortcut's arc is one corridor, not open: no cycle is written into
        // it, so a plan with one may hold its rooms in two cycles.)
        let config = CyclicConfig::default();
        let mut three = 0;
        for seed in 0..40 {
            let layout = layout(&config, 3, seed);
            let rooms = layout.report.count(ROOMS_PLANNED).unwrap();
            let cycles = layout.report.count(CYCLES_PLANNED).unwrap();
            assert!(rooms >= config.rooms - 2, "seed {seed}: {rooms} rooms");
            assert!(cycles >= 2, "seed {seed}: {cycles} cycles");
            three += u32::from(cycles >= 3);
        }
        assert!(three >= 34, "{three} of 40 plans with 3 cycles or more");
    }

    #[test]
    fn side_rooms_are_dead_ends_off_the_cycles_and_mostly_find_a_place() {
        let config = CyclicConfig::default();
        let mut laid = 0;
        for seed in 0..40 {
            let plan = layout(&config, 2, seed).plan.expect("a plan");
            let graph = &plan.graph;
            for side in (0..graph.roles.len()).filter(|&r| graph.roles[r] == Role::Side) {
                laid += 1;
                let joined: Vec<usize> = (0..graph.edges.len())
                    .filter(|&e| graph.edges[e].ends.1 == side || graph.edges[e].ends.0 == side)
                    .collect();
                assert_eq!(joined.len(), 1, "seed {seed}: side room {side}");
                assert!(
                    graph.cycles.iter().all(|c| !c.edges.contains(&joined[0])),
                    "seed {seed}: side room {side} on a cycle"
                );
                assert_eq!(graph.side_of(side), Some(graph.edges[joined[0]].ends.0));
            }
            assert_eq!(plan.rooms.len(), graph.roles.len());
            assert_eq!(plan.corridors.len(), graph.edges.len());
        }
        assert!(laid >= 52, "{laid} of 80 side rooms laid");
    }

    #[test]
    fn too_many_rooms_for_the_level_are_refused() {
        let config = CyclicConfig {
            width: 38,
            height: 22,
            rooms: 5,
            ..CyclicConfig::default()
        };
        assert_eq!(config.validate().unwrap_err().field, "rooms");
        assert_eq!(most_rooms(80, 50), 16);
    }
}
