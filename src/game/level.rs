//! Levels in the ECS: the [`Run`] (which depth, what each visited level remembers), the
//! [`CurrentLevel`], and the system that generates a requested level with the pure
//! generators and mirrors it into tile and item entities.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::{GameSystems, GridPos, Notice, Player, RunSettings};
use crate::config::CampaignConfig;
use crate::generator::{GeneratorConfig, GeneratorKind, Level};
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

/// The largest level the game will put a player on, in tiles (`delve gen` and `delve
/// stats` make larger ones). Each tile of a level in play costs about 1.3 KB — a tile
/// entity with its sight, a tilemap tile and its render data (measured in the window:
/// 206 MB for 64×40, 288 MB for 256×256, 546 MB for 512×512) — where the largest level
/// a config allows (4096×4096) would take 22 GB.
pub const MAX_PLAY_TILES: u64 = 512 * 512;

/// A level too large to play (see [`MAX_PLAY_TILES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLargeToPlay {
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
}

impl std::fmt::Display for TooLargeToPlay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a {}x{} level is too large to play (at most {MAX_PLAY_TILES} tiles, e.g. 512x512)",
            self.width, self.height
        )
    }
}

impl std::error::Error for TooLargeToPlay {}

/// Whether a level of `config` is small enough to play.
pub fn check_play_size(config: &GeneratorConfig) -> Result<(), TooLargeToPlay> {
    let (width, height) = config.size();
    if width as u64 * height as u64 > MAX_PLAY_TILES {
        Err(TooLargeToPlay { width, height })
    } else {
        Ok(())
    }
}

/// What a visited level remembers when the player leaves it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelMemory {
    /// Positions of items already taken.
    pub taken: Vec<Pos>,
    /// Tiles the player has seen.
    pub seen: Vec<bool>,
}

/// The run: campaign, current depth, the key of every visited depth, and what every
/// visited level remembers — by level key, so that a level reached again by any route
/// (the stairs, `R`, `1` `2` `3`, `+` `-`) keeps what the player took from it.
#[derive(Resource, Clone, Debug)]
pub struct Run {
    /// The campaign being played.
    pub campaign: CampaignConfig,
    /// Current depth (1 = first).
    pub depth: u32,
    /// The key of each visited depth (a regenerated level keeps its new key).
    pub keys: BTreeMap<u32, LevelKey>,
    /// What each visited level remembers, by its encoded level key.
    pub memories: BTreeMap<String, LevelMemory>,
    /// How many times a level was regenerated with `R` (feeds fresh seeds deterministically).
    pub regenerations: u64,
}

impl Run {
    /// The key of `depth`: the remembered one, or the campaign's.
    pub fn key_for(&self, depth: u32) -> LevelKey {
        self.keys.get(&depth).cloned().unwrap_or_else(|| {
            LevelKey::new(
                self.campaign.config_at(depth).clone(),
                depth,
                self.campaign.seed,
            )
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
    /// Why the level changes: says what the player is told on arrival.
    pub reason: ChangeReason,
}

/// Why the player is put on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeReason {
    /// The run starts.
    Start,
    /// Down the stairs.
    Descend,
    /// Up the stairs.
    Ascend,
    /// `R`: the same generator, a fresh seed.
    Regenerate,
    /// `1` `2` `3`: another generator on this depth.
    SwitchKind,
    /// `+` `-`: a cave with another wall percent.
    AdjustWalls,
    /// The end of watching a cave form.
    FinishWatch,
    /// A save was loaded.
    Load,
}

/// What the player is told on arriving on `key`'s level, if anything.
pub fn arrival_notice(reason: ChangeReason, key: &LevelKey) -> Option<String> {
    let what = match key.config.kind() {
        GeneratorKind::Cave => "a cave",
        GeneratorKind::Rooms => "a room dungeon",
        GeneratorKind::Maze => "a maze",
    };
    let code = key.encode();
    Some(match reason {
        ChangeReason::Start => format!("Depth {}: {what}. Level key {code}.", key.depth),
        ChangeReason::Descend => format!("You go down to depth {}: {what}.", key.depth),
        ChangeReason::Ascend => format!("You climb back up to depth {}.", key.depth),
        ChangeReason::Regenerate => format!("Regenerated with a fresh seed: level key {code}."),
        ChangeReason::SwitchKind => format!("Depth {} is now {what}: level key {code}.", key.depth),
        ChangeReason::AdjustWalls => format!("New cave: level key {code}."),
        ChangeReason::FinishWatch => "Pockets repaired, stairs placed: the finished cave.".into(),
        ChangeReason::Load => return None,
    })
}

/// An item's name as a sentence uses it: "a dagger", "an opal ring", "some gold pieces"
/// (plural when the noun before any " of " ends in a single `s`).
pub fn with_article(name: &str) -> String {
    let bare = name.split(" (").next().unwrap_or(name);
    let noun = bare.split(" of ").next().unwrap_or(bare);
    let plural = noun.ends_with('s') && !noun.ends_with("ss");
    let article = if plural {
        "some"
    } else {
        match name.chars().next().map(|c| c.to_ascii_lowercase()) {
            Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
            _ => "a",
        }
    };
    format!("{article} {name}")
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
        reason: ChangeReason::Start,
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
    if let Err(e) = check_play_size(&change.key.config) {
        notices.write(Notice(format!("Cannot go there: {e}.")));
        return;
    }
    let level = match change.key.generate() {
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
        run.memories.insert(old.key.encode(), memory);
    }
    let memory = run.memories.get(&change.key.encode());
    let taken = memory.map(|m| m.taken.clone()).unwrap_or_default();
    let seen = memory
        .map(|m| m.seen.clone())
        .filter(|seen| seen.len() == level.tiles.len())
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
    if let Some(text) = arrival_notice(change.reason, &change.key) {
        notices.write(Notice(text));
    }
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
