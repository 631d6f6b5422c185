//! Which monsters a level starts with and where they stand, from the level's own
//! monster stream: more and tougher with depth, never in a wall, never two on a tile,
//! never near the up stairs where the player arrives.

use serde::{Deserialize, Serialize};

use super::{MonsterTable, Movement};
use crate::grid::{Grid, Pos, Tile};
use crate::perm::PermTable;
use crate::rng::StreamRng;

/// A monster on a level. What abilities leave behind (a recharge, a stolen item, a
/// summoning's end, a swimmer surfaced) is absent from saves made before abilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Monster {
    /// Its number on the level (spawn order), which the turn scheduler knows it by.
    pub id: u32,
    /// Index of its kind in the monster table.
    pub kind: usize,
    /// Where it stands.
    pub pos: Pos,
    /// Hit points left.
    pub hp: u32,
    /// What it is about.
    pub mind: Mind,
    /// Its summons and breaths rest until this turn of the run.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub recharged_at: u64,
    /// What it stole: it drops it where it dies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carries: Option<crate::loot::Item>,
    /// A summoned monster fades away at this turn of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fades_at: Option<u64>,
    /// A swimmer that struck stays surfaced (seen, and open to blows) until its next
    /// turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub surfaced: bool,
    /// Confused (a thrown potion of confusion broke over it) until this turn of the
    /// run: its moves go astray. Absent when never.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub confused_until: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What a monster is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mind {
    /// Walking to a waypoint of the level (by its index), the player unseen.
    Wandering(u32),
    /// After the player, last seen at this tile.
    Hunting(Pos),
    /// Asleep where it lies (a vault's sleeper): it wakes when the player comes close in
    /// its view, or now and then when the player is within its sight, or when hurt.
    Asleep,
    /// Keeping its post at this tile (a vault's guard): it goes for the player it sees
    /// within [`GUARD_REACH`] of the post and otherwise walks back to it.
    Guarding(Pos),
    /// Shackled where it stands (Brogue's captive): it does nothing, nobody fights it,
    /// and the player walking into it sets it free as an [`Mind::Ally`].
    Captive,
    /// On the player's side: it follows them, fights the monsters near them, and comes
    /// along down and up the stairs.
    Ally,
}

impl Mind {
    /// Whether a monster of this mind is the player's enemy: neither an ally nor a
    /// captive. Only enemies are fought, aimed at, feared or woken against the player.
    pub const fn is_hostile(self) -> bool {
        !matches!(self, Mind::Captive | Mind::Ally)
    }
}

impl Default for Mind {
    /// Wandering toward the level's first waypoint.
    fn default() -> Mind {
        Mind::Wandering(0)
    }
}

/// How far from its post a guard goes after the player, in tiles (Chebyshev).
pub const GUARD_REACH: i32 = 6;

/// How many monsters a level gets and how far from the arrival they keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpawnPlan {
    /// The level's depth (picks the kinds and the count).
    pub depth: u32,
    /// The level's stair clearance: no monster starts within this Chebyshev distance
    /// of the up stairs — nor within [`ARRIVAL_MARGIN`] tiles beyond it.
    pub clearance: u32,
    /// The share of the standard count the level gets, in percent (its config's
    /// `monster_percent`; 100 by default).
    pub percent: u32,
}

/// Tiles beyond the stair clearance kept free of monsters around the up stairs, so an
/// arriving player gets a turn to look around.
pub const ARRIVAL_MARGIN: u32 = 3;

/// Tiles of a level the count is given for (80 × 50); larger levels get proportionally more.
const REFERENCE_AREA: usize = 80 * 50;

impl SpawnPlan {
    /// The plan of a level of `config` at `depth`: its stair clearance and its share
    /// of monsters.
    pub fn for_level(config: &crate::generator::GeneratorConfig, depth: u32) -> SpawnPlan {
        SpawnPlan {
            depth,
            clearance: config.stair_clearance(),
            percent: config.monster_percent(),
        }
    }

    /// How many monsters a level of `area` tiles gets: the standard count — 3 + depth / 2
    /// on an 80 × 50 level (at most 20 there), scaled by area — times the plan's
    /// percent, rounded up, at least 2 (none at 0 %).
    pub fn count(&self, area: usize) -> usize {
        if self.percent == 0 {
            return 0;
        }
        let base = (3 + self.depth / 2).min(20) as usize;
        (base * area * self.percent as usize)
            .div_ceil(REFERENCE_AREA * 100)
            .max(2)
    }
}

/// Chance, in percent, that a monster a level starts with is asleep (Brogue's monsters
/// mostly sleep until something wakes them); the others wander.
pub(crate) const SPAWN_ASLEEP_PERCENT: u32 = 50;

/// The monsters a level starts with: [`SpawnPlan::count`] of them (fewer when the level
/// has fewer free tiles), kinds drawn by weight among those of the depth that have
/// ground to start on (a swimmer needs deep water), each on its own tile of its ground
/// (floor for walkers and fliers, never stairs; deep water for swimmers) away from `up`,
/// asleep ([`SPAWN_ASLEEP_PERCENT`]) or wandering. Two draws set the order of tiles (a
/// permutation table), then two draws per monster pick its kind and whether it sleeps.
pub fn spawn_monsters(
    table: &MonsterTable,
    tiles: &Grid<Tile>,
    up: Pos,
    plan: SpawnPlan,
    rng: &mut StreamRng,
) -> Vec<Monster> {
    let keep_off = (plan.clearance + ARRIVAL_MARGIN) as i32;
    let starts = |moves: Movement, p: Pos| moves.starts_on(tiles[p]);
    let free: Vec<Pos> = tiles
        .positions()
        .filter(|&p| Movement::ALL.iter().any(|&m| starts(m, p)))
        .filter(|&p| p.chebyshev(up) > keep_off)
        .collect();
    let has_ground = |moves: Movement| free.iter().any(|&p| starts(moves, p));
    let grounds: Vec<Movement> = Movement::ALL
        .into_iter()
        .filter(|&m| has_ground(m))
        .collect();
    let kinds: Vec<(usize, u32)> = table
        .kinds_on(plan.depth)
        .into_iter()
        .filter(|&(k, _)| table.kind(k).is_some_and(|k| grounds.contains(&k.moves)))
        .collect();
    let total: u32 = kinds.iter().map(|&(_, w)| w).sum();
    if total == 0 || free.is_empty() {
        return Vec::new();
    }
    let Ok(order) = PermTable::random(free.len() as u32, rng) else {
        return Vec::new();
    };
    let count = plan.count(tiles.len()).min(free.len());
    let waypoints = waypoint_count(tiles.len());
    // Each ground is taken in the permutation's order: one cursor for water, one for land.
    let mut cursors = [0u32; 2];
    let mut taken = std::collections::BTreeSet::new();
    (0..count as u32)
        .filter_map(|slot| {
            let kind = draw_kind(&kinds, rng)?;
            let asleep = rng.chance_percent(SPAWN_ASLEEP_PERCENT);
            let moves = table.kind(kind)?.moves;
            let cursor = &mut cursors[usize::from(moves == Movement::Swims)];
            let pos = loop {
                let at = free[order.get(*cursor)? as usize];
                *cursor += 1;
                if starts(moves, at) && taken.insert(at) {
                    break at;
                }
            };
            Some(Monster {
                id: slot,
                kind,
                pos,
                hp: table.kind(kind)?.hp,
                mind: if asleep {
                    Mind::Asleep
                } else {
                    Mind::Wandering(slot % waypoints)
                },
                ..Default::default()
            })
        })
        .collect()
}

/// One kind drawn by weight from `kinds` (as [`MonsterTable::kinds_on`] gives them):
/// one draw from `rng`, none when the weights sum to 0.
pub fn draw_kind(kinds: &[(usize, u32)], rng: &mut StreamRng) -> Option<usize> {
    let index = rng.pick_weighted(kinds.iter().map(|&(_, weight)| weight))?;
    Some(kinds[index].0)
}

/// How many waypoints wandering monsters walk between on a level of `area` tiles: one
/// per 400 tiles, 4 to 40 (Brogue keeps a few dozen, each with its own map).
pub fn waypoint_count(area: usize) -> u32 {
    (area / 400).clamp(4, 40) as u32
}

/// The waypoints of a level: [`waypoint_count`] walkable tiles spread by a permutation
/// table over the walkable tiles, drawn from `rng` (two draws).
pub fn waypoints(tiles: &Grid<Tile>, rng: &mut StreamRng) -> Vec<Pos> {
    let walkable: Vec<Pos> = tiles
        .positions()
        .filter(|&p| tiles.is_walkable(p))
        .collect();
    let Ok(order) = PermTable::random(walkable.len() as u32, rng) else {
        return Vec::new();
    };
    let count = (waypoint_count(tiles.len()) as usize).min(walkable.len());
    (0..count as u32)
        .filter_map(|slot| Some(walkable[order.get(slot)? as usize]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{GeneratorKind, generate_level};
    use crate::monsters::default_monster_table;
    use crate::rng::{Stream, level_seed};

    #[test]
    fn monsters_stand_on_free_floor_apart_and_away_from_the_arrival() {
        let table = default_monster_table();
        for kind in GeneratorKind::ALL {
            for seed in 0..60u64 {
                let depth = 1 + (seed % 25) as u32;
                let level =
                    generate_level(&kind.default_config(), level_seed(seed, depth)).unwrap();
                let plan = SpawnPlan {
                    depth,
                    clearance: 2,
                    percent: 100,
                };
                let mut rng = StreamRng::new(level_seed(seed, depth), Stream::Monsters);
                let monsters = spawn_monsters(table, &level.tiles, level.up, plan, &mut rng);
                assert!(!monsters.is_empty(), "{kind} seed {seed}");
                assert!(monsters.len() <= plan.count(level.tiles.len()));
                let mut taken = std::collections::BTreeSet::new();
                for m in &monsters {
                    assert!(level.tiles.is_walkable(m.pos));
                    assert!(!matches!(
                        level.tiles[m.pos],
                        Tile::UpStairs | Tile::DownStairs
                    ));
                    assert!(m.pos.chebyshev(level.up) > (2 + ARRIVAL_MARGIN) as i32);
                    assert!(taken.insert(m.pos), "two monsters on {:?}", m.pos);
                    let k = table.kind(m.kind).unwrap();
                    assert!(k.appears_on(depth), "{} on depth {depth}", k.name);
                    assert_eq!(m.hp, k.hp);
                }
            }
        }
    }

    #[test]
    fn deeper_levels_get_more_monsters_and_the_same_seed_the_same_ones() {
        let plan = |depth| SpawnPlan {
            depth,
            clearance: 2,
            percent: 100,
        };
        assert_eq!(plan(1).count(80 * 50), 3);
        assert_eq!(plan(1).count(64 * 40), 2);
        assert_eq!(plan(10).count(80 * 50), 8);
        assert_eq!(plan(999).count(80 * 50), 20);
        assert_eq!(plan(10).count(160 * 100), 32);
        let level = generate_level(&GeneratorKind::Cave.default_config(), 11).unwrap();
        let spawn = || {
            let mut rng = StreamRng::new(11, Stream::Monsters);
            spawn_monsters(
                default_monster_table(),
                &level.tiles,
                level.up,
                plan(6),
                &mut rng,
            )
        };
        assert_eq!(spawn(), spawn());
    }

    #[test]
    fn a_levels_monster_percent_scales_its_count_and_zero_means_none() {
        let plan = |depth, percent| SpawnPlan {
            depth,
            clearance: 2,
            percent,
        };
        assert_eq!(plan(10, 100).count(80 * 50), 8);
        assert_eq!(plan(10, 150).count(80 * 50), 12);
        assert_eq!(plan(10, 50).count(80 * 50), 4);
        assert_eq!(plan(10, 400).count(160 * 100), 128);
        assert_eq!(plan(1, 10).count(80 * 50), 2, "at least two while any");
        assert_eq!(plan(10, 0).count(80 * 50), 0);
        // A config that leaves the percent out keeps the standard count.
        let config = GeneratorKind::Cave.default_config();
        assert_eq!(SpawnPlan::for_level(&config, 10), plan(10, 100));
        let crowded = crate::generator::GeneratorConfig::Cave(crate::generator::CaveConfig {
            monster_percent: crate::generator::schema::MonsterPercent(150),
            ..Default::default()
        });
        assert_eq!(SpawnPlan::for_level(&crowded, 10).count(80 * 50), 12);
        let level = generate_level(&config, 5).unwrap();
        let spawn = |percent| {
            let mut rng = StreamRng::new(5, Stream::Monsters);
            spawn_monsters(
                default_monster_table(),
                &level.tiles,
                level.up,
                plan(6, percent),
                &mut rng,
            )
            .len()
        };
        assert_eq!(spawn(0), 0);
        assert!(spawn(200) > spawn(100), "{} vs {}", spawn(200), spawn(100));
    }
}
