//! Levels in the ECS: the [`Run`] (which depth, what each visited level remembers), the
//! [`CurrentLevel`], and the system that generates a requested level with the pure
//! generators and mirrors it into tile and item entities.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::{GameSystems, GridPos, Notice, Player, RunSettings};
use crate::config::CampaignConfig;
use crate::generator::{Level, generate_level};
use crate::grid::{Grid, Pos, Tile};
use crate::key::LevelKey;
use crate::loot::PlacedItem;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LevelEntered>()
        .add_message::<Notice>()
        .init_resource::<Inventory>()
        .init_resource::<Turns>()
        .init_resource::<PendingLevel>()
        .add_systems(Startup, start_run)
        .add_systems(Update, enter_requested_level.in_set(GameSystems::Generate));
}

/// What a visited level remembers when the player leaves it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelMemory {
    /// Positions of items already taken.
    pub taken: Vec<Pos>,
    /// Tiles the player has seen.
    pub seen: Vec<bool>,
}

/// The run: campaign, current depth, and the key and memory of every visited depth.
#[derive(Resource, Clone, Debug)]
pub struct Run {
    /// The campaign being played.
    pub campaign: CampaignConfig,
    /// Current depth (1 = first).
    pub depth: u32,
    /// The key of each visited depth (a regenerated level keeps its new key).
    pub keys: BTreeMap<u32, LevelKey>,
    /// What each visited depth remembers.
    pub memories: BTreeMap<u32, LevelMemory>,
    /// How many times a level was regenerated with `R` (feeds fresh seeds deterministically).
    pub regenerations: u64,
}

impl Run {
    /// The key of `depth`: the remembered one, or the campaign's.
    pub fn key_for(&self, depth: u32) -> LevelKey {
        self.keys.get(&depth).cloned().unwrap_or_else(|| LevelKey {
            config: self.campaign.config_at(depth).clone(),
            depth,
            seed: self.campaign.seed,
        })
    }
}

/// The level the player is on.
#[derive(Resource, Clone, Debug)]
pub struct CurrentLevel {
    /// Its key.
    pub key: LevelKey,
    /// The generated level (loot drawn as generated).
    pub level: Level,
    /// Items still lying on it.
    pub items: Vec<PlacedItem>,
    /// Tiles the player has seen.
    pub seen: Vec<bool>,
    /// Tiles the player sees now.
    pub visible: Vec<bool>,
}

impl CurrentLevel {
    /// The tiles with taken loot shown as floor.
    pub fn tile_at(&self, pos: Pos) -> Option<Tile> {
        let tile = self.level.tiles.get(pos)?;
        if tile == Tile::Loot && !self.items.iter().any(|i| i.pos == pos) {
            Some(Tile::Floor)
        } else {
            Some(tile)
        }
    }

    /// Positions of items taken from this level.
    pub fn taken(&self) -> Vec<Pos> {
        let mut taken: Vec<Pos> = self
            .level
            .loot
            .iter()
            .map(|i| i.pos)
            .filter(|p| !self.items.iter().any(|i| i.pos == *p))
            .collect();
        taken.sort();
        taken
    }
}

/// Items the player carries: (loot table index, depth found).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Inventory(pub Vec<usize>);

/// Turns taken so far.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turns(pub u64);

/// Where the player arrives on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// On the up stairs (a new or regenerated level, or going down).
    UpStairs,
    /// On the down stairs (coming back up).
    DownStairs,
    /// At a given spot (loading a save).
    At(Pos),
}

/// A level change asked for by an action or a load, done by [`enter_requested_level`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelChange {
    /// The depth to be on.
    pub depth: u32,
    /// The level to generate there.
    pub key: LevelKey,
    /// Where the player appears.
    pub arrival: Arrival,
    /// Memory to restore instead of the run's (loading a save).
    pub memory: Option<LevelMemory>,
    /// Forget what the depth remembered (a regenerated level is a new level).
    pub fresh: bool,
}

/// The level change waiting for the generate step, if any.
#[derive(Resource, Clone, Debug, Default)]
pub struct PendingLevel(pub Option<LevelChange>);

/// A fact: the player entered a level.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LevelEntered {
    /// Depth entered.
    pub depth: u32,
    /// Key of the level.
    pub key: String,
}

/// A map cell mirrored as an entity (the renderer turns these into tilemap tiles).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapTile {
    /// Where it is.
    pub pos: Pos,
    /// What it is (`Loot` while an item lies there).
    pub tile: Tile,
    /// How the player knows it.
    pub sight: Sight,
}

/// How the player knows a tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sight {
    /// Never seen: dark.
    #[default]
    Unseen,
    /// Seen before: drawn dim.
    Remembered,
    /// In view now.
    Visible,
}

/// An item lying on the level.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Loot table index.
    pub kind: usize,
}

/// Marks entities that belong to the current level and go when it goes.
#[derive(Component, Debug)]
pub struct LevelEntity;

/// The tile entity of each map cell, row by row.
#[derive(Resource, Clone, Debug, Default)]
pub struct TileEntities(pub Vec<Entity>);

/// The map's size, shared with the renderer so it knows when to rebuild its tilemap.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSize {
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
}

fn start_run(
    mut commands: Commands,
    settings: Res<RunSettings>,
    mut pending: ResMut<PendingLevel>,
) {
    let mut run = Run {
        campaign: settings.campaign.clone(),
        depth: 1,
        keys: BTreeMap::new(),
        memories: BTreeMap::new(),
        regenerations: 0,
    };
    let key = match &settings.start {
        Some(key) => {
            run.keys.insert(key.depth, key.clone());
            key.clone()
        }
        None => run.key_for(1),
    };
    run.depth = key.depth;
    commands.insert_resource(run);
    commands.spawn((Player, GridPos(Pos::default())));
    pending.0 = Some(LevelChange {
        depth: key.depth,
        key,
        arrival: Arrival::UpStairs,
        memory: None,
        fresh: false,
    });
}

/// Generates the requested level with the pure generators, stores what the old level
/// remembers, and mirrors the new one into entities (reusing tile entities when the size
/// is unchanged).
#[allow(clippy::too_many_arguments)]
pub fn enter_requested_level(
    mut commands: Commands,
    mut pending: ResMut<PendingLevel>,
    mut run: ResMut<Run>,
    current: Option<ResMut<CurrentLevel>>,
    size: Option<Res<MapSize>>,
    mut player: Single<&mut GridPos, With<Player>>,
    mut tiles: Query<(Entity, &mut MapTile)>,
    items: Query<Entity, With<Item>>,
    mut entered: MessageWriter<LevelEntered>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(change) = pending.0.take() else {
        return;
    };
    let level = match generate_level(&change.key.config, change.key.level_seed()) {
        Ok(level) => level,
        Err(e) => {
            notices.write(Notice(format!("cannot make that level: {e}")));
            return;
        }
    };
    if let Some(old) = &current {
        let memory = LevelMemory {
            taken: old.taken(),
            seen: old.seen.clone(),
        };
        run.memories.insert(old.key.depth, memory);
    }
    if change.fresh {
        run.memories.remove(&change.depth);
    }
    let memory = change
        .memory
        .clone()
        .or_else(|| run.memories.get(&change.depth).cloned())
        .filter(|m| m.seen.len() == level.tiles.len());
    let taken = memory.as_ref().map(|m| m.taken.clone()).unwrap_or_default();
    let seen = memory
        .map(|m| m.seen)
        .unwrap_or_else(|| vec![false; level.tiles.len()]);
    let remaining: Vec<PlacedItem> = level
        .loot
        .iter()
        .copied()
        .filter(|i| !taken.contains(&i.pos))
        .collect();
    run.depth = change.depth;
    run.keys.insert(change.depth, change.key.clone());
    player.0 = match change.arrival {
        Arrival::UpStairs => level.up,
        Arrival::DownStairs => level.down,
        Arrival::At(p) if level.tiles.is_walkable(p) => p,
        Arrival::At(_) => level.up,
    };
    let new = CurrentLevel {
        key: change.key.clone(),
        items: remaining,
        visible: vec![false; level.tiles.len()],
        seen,
        level,
    };
    spawn_level_entities(&mut commands, &new, size.as_deref(), &mut tiles, &items);
    commands.insert_resource(MapSize {
        width: new.level.tiles.width() as u32,
        height: new.level.tiles.height() as u32,
    });
    entered.write(LevelEntered {
        depth: change.depth,
        key: change.key.encode(),
    });
    commands.insert_resource(new);
}

/// Mirrors a level into entities: tile entities are updated in place when the map keeps
/// its size (cheaper than despawning thousands of entities), otherwise rebuilt.
fn spawn_level_entities(
    commands: &mut Commands,
    level: &CurrentLevel,
    old_size: Option<&MapSize>,
    tiles: &mut Query<(Entity, &mut MapTile)>,
    items: &Query<Entity, With<Item>>,
) {
    for entity in items {
        commands.entity(entity).despawn();
    }
    let grid: &Grid<Tile> = &level.level.tiles;
    let same_size = old_size
        .is_some_and(|s| s.width as usize == grid.width() && s.height as usize == grid.height())
        && tiles.iter().count() == grid.len();
    let sight_of = |i: usize| {
        if level.seen[i] {
            Sight::Remembered
        } else {
            Sight::Unseen
        }
    };
    if same_size {
        for (_, mut tile) in tiles.iter_mut() {
            let i = grid.index_of(tile.pos);
            let new = MapTile {
                pos: tile.pos,
                tile: level.tile_at(tile.pos).unwrap_or(Tile::Wall),
                sight: sight_of(i),
            };
            tile.set_if_neq(new);
        }
    } else {
        for (entity, _) in tiles.iter() {
            commands.entity(entity).despawn();
        }
        let entities = grid
            .positions()
            .map(|pos| {
                let tile = MapTile {
                    pos,
                    tile: level.tile_at(pos).unwrap_or(Tile::Wall),
                    sight: sight_of(grid.index_of(pos)),
                };
                commands.spawn((tile, LevelEntity)).id()
            })
            .collect();
        commands.insert_resource(TileEntities(entities));
    }
    for item in &level.items {
        commands.spawn((Item { kind: item.item }, GridPos(item.pos), LevelEntity));
    }
}

/// What the player calls an item kind: its true name once two of it have been carried
/// (or when it has no disguise), otherwise its unidentified appearance for this run.
pub fn item_name(run_seed: u64, inventory: &Inventory, kind: usize) -> String {
    name_with(&disguises(run_seed), inventory, kind)
}

/// The names of everything carried, in pick-up order.
pub fn inventory_names(run_seed: u64, inventory: &Inventory) -> Vec<String> {
    let disguises = disguises(run_seed);
    inventory
        .0
        .iter()
        .map(|&k| name_with(&disguises, inventory, k))
        .collect()
}

/// The unidentified appearance of every item kind in this run (from the run's loot stream).
fn disguises(run_seed: u64) -> Vec<String> {
    let table = crate::loot::default_loot_table();
    crate::loot::appearances(
        table,
        &mut crate::rng::StreamRng::new(run_seed, crate::rng::Stream::Loot),
    )
}

fn name_with(disguises: &[String], inventory: &Inventory, kind: usize) -> String {
    let true_name = crate::loot::default_loot_table()
        .items()
        .get(kind)
        .map(|i| i.name.clone())
        .unwrap_or_else(|| format!("item #{kind}"));
    let carried = inventory.0.iter().filter(|&&k| k == kind).count();
    match disguises.get(kind) {
        Some(disguise) if *disguise != true_name && carried < 2 => {
            format!("{disguise} (unidentified)")
        }
        _ => true_name,
    }
}
