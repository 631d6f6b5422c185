//! The chain of steps every level is made by, as Brogue's `digDungeon`: each step one
//! function with one job, each drawing from its own random stream of the level's seed,
//! so that a change to one step leaves the others' draws alone.
//!
//! 1. [`lay_out_with_stairs`] — the generator kind's layout, then both stairs with their
//!    clear radius (the layout stream; retried with derived seeds when the stairs find
//!    no room);
//! 2. [`lay_terrain`] — lakes, doors, secret doors and traps, none cutting the level apart
//!    (the feature stream);
//! 3. [`lay_vaults`] — hand-made places from the vault set (the vault stream);
//! 4. [`lay_loot`] — the level's items, the must-find item among them (the loot stream),
//!    and a cyclic dungeon's key, in its plan's key room ([`cyclic::lay_key`], no draw);
//!
//! and [`generate_level_from`] runs them in that order.

use super::cyclic::layout::LaidPlan;
use super::features::{self, FeatureReport};
use super::stairs::{self, Stairs};
use super::{
    Content, GenError, Generation, GeneratorConfig, Layout, Level, LevelReport, MAX_ATTEMPTS,
    cyclic, generate_layout_at,
};
use crate::grid::{Grid, Pos, Tile, Trap};
use crate::loot::{self, LootTable, PlacedItem};
use crate::rng::{Stream, StreamRng, retry_seed};
use crate::vaults::place::{Keep, Placement, VaultPlan, place_vaults};

/// Generates the level of `seed` by `generation`'s rules from `content`: the steps of
/// this module, in order.
pub fn generate_level_from(
    generation: Generation,
    config: &GeneratorConfig,
    content: Content<'_>,
    seed: u64,
) -> Result<Level, GenError> {
    config.validate()?;
    let (layout, stairs) = lay_out_with_stairs(generation, config, &content, seed)?;
    let Layout {
        mut tiles,
        rooms,
        mut plan,
        mut report,
    } = layout;
    // Generation 4 on: the way to a cyclic dungeon's key is kept as the stairs' way is.
    let key_room = plan
        .as_ref()
        .filter(|plan| generation.keeps_the_way_to_the_key() && plan.graph.has_lock())
        .and_then(LaidPlan::key_room)
        .map(|room| room.floor().collect::<Vec<_>>())
        .unwrap_or_default();
    let trap_kinds = generation.trap_kinds(plan.is_some());
    report.features = lay_terrain(&mut tiles, &stairs, &key_room, trap_kinds, config, seed);
    let planned = plan.as_ref().map(LaidPlan::kept_tiles).unwrap_or_default();
    let placement = lay_vaults(
        generation,
        &mut tiles,
        rooms.as_ref(),
        &planned,
        &stairs,
        config,
        content,
        seed,
    );
    report.vaults = placement.report;
    report.floor_permille = floor_permille(&tiles);
    let mut loot = lay_loot(&mut tiles, &stairs, config, generation, content.loot, seed);
    loot.extend(placement.items);
    let mut vaults = placement.vaults;
    if let Some(plan) = &mut plan {
        cyclic::lay_key(
            &mut tiles,
            plan,
            stairs.up,
            content.loot,
            &mut loot,
            &mut vaults,
        );
    }
    Ok(Level {
        kind: config.kind(),
        tiles,
        up: stairs.up,
        down: stairs.down,
        loot,
        rooms,
        plan,
        vaults,
        vault_monsters: placement.monsters,
        report,
    })
}

/// Step 1: the layout of `config`'s kind for a level at `depth` with both stairs drawn
/// in, from the layout stream — where the layout's plan puts them (a cyclic dungeon's),
/// else where [`stairs::place_stairs`] finds room. When the stairs find no spot with
/// their clear radius, the layout is made again from a derived seed (up to
/// [`MAX_ATTEMPTS`] layouts; later attempts may carve stair chambers). The layout's
/// report says how many retries it took and why.
pub(crate) fn lay_out_with_stairs(
    generation: Generation,
    config: &GeneratorConfig,
    content: &Content<'_>,
    seed: u64,
) -> Result<(Layout, Stairs), GenError> {
    let clearance = config.stair_clearance();
    let mut vetoes = Vec::new();
    for attempt in 0..MAX_ATTEMPTS {
        let mut rng = StreamRng::new(retry_seed(seed, attempt), Stream::Layout);
        let mut layout = match config {
            // A cyclic dungeon's plan from the content's patterns.
            GeneratorConfig::Cyclic(cyclic) => cyclic::generate(
                cyclic,
                content.patterns,
                generation,
                content.depth,
                &mut rng,
            ),
            _ => generate_layout_at(generation, config, content.depth, &mut rng),
        };
        let carve = config.carves_stair_chambers(attempt);
        let placed = match layout.plan.as_ref().map(|plan| plan.stairs()) {
            Some((up, down)) => stairs::place_planned(&layout.tiles, up, down, clearance),
            None => stairs::place_stairs(&mut layout.tiles, clearance, carve, &mut rng),
        };
        let stairs = match placed {
            Ok(stairs) => stairs,
            Err(veto) => {
                vetoes.push(veto);
                continue;
            }
        };
        let report: &mut LevelReport = &mut layout.report;
        report.retries = attempt;
        report.vetoes = vetoes;
        report.stair_distance = stairs.distance;
        report.carved_chambers = stairs.carved_chambers;
        layout.tiles[stairs.up] = Tile::UpStairs;
        layout.tiles[stairs.down] = Tile::DownStairs;
        return Ok((layout, stairs));
    }
    Err(GenError::NoStairSpot {
        kind: config.kind(),
        clearance,
        attempts: MAX_ATTEMPTS,
        vetoes,
    })
}

/// Step 2: the terrain features `config` asks for, laid over the layout from the
/// feature stream, keeping the stairs' clear radius and the level one region.
/// No secret door or trap is laid on one walk from the up stairs to the `kept` tiles;
/// the traps are of `trap_kinds`, drawn evenly.
pub(crate) fn lay_terrain(
    tiles: &mut Grid<Tile>,
    stairs: &Stairs,
    kept: &[Pos],
    trap_kinds: &[Trap],
    config: &GeneratorConfig,
    seed: u64,
) -> FeatureReport {
    let guarded = features::Stairs {
        up: stairs.up,
        down: stairs.down,
        clearance: config.stair_clearance(),
    };
    let mut rng = StreamRng::new(seed, Stream::Features);
    features::lay_features(
        tiles,
        guarded,
        kept,
        trap_kinds,
        &config.features(),
        &mut rng,
    )
}

/// Step 3: the vaults `config` has slots for, drawn from `content`'s vault set for its
/// depth and `generation` and laid from the vault stream, away from the stairs and off the `planned`
/// tiles (a cyclic dungeon's rooms and corridors).
pub(crate) fn lay_vaults(
    generation: Generation,
    tiles: &mut Grid<Tile>,
    rooms: Option<&super::RoomGraph>,
    planned: &[Pos],
    stairs: &Stairs,
    config: &GeneratorConfig,
    content: Content<'_>,
    seed: u64,
) -> Placement {
    let plan = VaultPlan {
        count: config.vaults(),
        generation,
        depth: content.depth,
        run_seed: content.run_seed,
        set: content.vaults,
        table: content.loot,
    };
    let keep = Keep {
        up: stairs.up,
        down: stairs.down,
        clearance: config.stair_clearance(),
        planned,
    };
    let mut rng = StreamRng::new(seed, Stream::Vaults);
    place_vaults(tiles, rooms, keep, plan, &mut rng)
}

/// Step 4: the level's loot from `table`, placed from the loot stream on clear,
/// reachable floor (the must-find item far from the up stairs, as `generation` says)
/// and drawn into the tiles.
pub(crate) fn lay_loot(
    tiles: &mut Grid<Tile>,
    stairs: &Stairs,
    config: &GeneratorConfig,
    generation: Generation,
    table: &LootTable,
    seed: u64,
) -> Vec<PlacedItem> {
    let plan = loot::LootPlan {
        count: config.loot_count(),
        clearance: config.stair_clearance(),
        must_find_far: generation.must_find_far(),
    };
    let mut rng = StreamRng::new(seed, Stream::Loot);
    let loot = loot::place_loot_from(table, tiles, stairs.up, plan, &mut rng);
    for item in &loot {
        tiles[item.pos] = Tile::Loot;
    }
    loot
}

/// The walkable share of the map, in thousandths (after vaults, before loot).
fn floor_permille(tiles: &Grid<Tile>) -> u32 {
    let walkable = tiles.cells().iter().filter(|t| t.is_walkable()).count();
    (walkable * 1000 / tiles.len().max(1)) as u32
}
