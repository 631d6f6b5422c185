//! The level in play: the generated level, what lies on it still, what the player has
//! seen and sees now; what a level remembers when the player leaves it; and the largest
//! level the game will put a player on.

#[cfg(feature = "level-cache")]
mod cache;

use super::monster_turns::MapCache;
use delve_levels::fov::compute_fov;
use delve_levels::generator::{GenError, Generation, GeneratorConfig, Level};
use delve_levels::grid::{Grid, Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::loot::LootTable;
use delve_levels::loot::{Item, PlacedItem};
use delve_levels::monsters::{
    Behaviour, Mind, Monster, MonsterTable, Movement, SpawnPlan, draw_kind, spawn_monsters,
    waypoints,
};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::vaults::{Start, VaultMonster};

/// How far the player sees, in tiles.
pub const SIGHT_RADIUS: i32 = 9;

/// The largest level the game will put a player on, in tiles (`delve gen` and `delve
/// stats` make larger ones). Each tile of a level in play costs about 1.3 KB in the
/// window — a tile entity with its sight, a tilemap tile and its render data (measured:
/// 206 MB resident for 64×40, 288 MB for 256×256, 546 MB for 512×512) — where the
/// largest level a config allows (4096×4096) would take 22 GB.
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

/// Why a level cannot be put in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// It is too large to play.
    TooLarge(TooLargeToPlay),
    /// It could not be generated.
    Generate(GenError),
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unplayable::TooLarge(e) => write!(f, "{e}"),
            Unplayable::Generate(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Unplayable {}

/// Generates `key`'s level for play — refused before anything is generated when it is
/// too large to play. Every level the run enters comes through here.
pub fn generate_for_play(
    key: &LevelKey,
    table: &LootTable,
    vaults: &delve_levels::vaults::VaultSet,
) -> Result<Level, Unplayable> {
    check_play_size(&key.config).map_err(Unplayable::TooLarge)?;
    let make = || {
        key.generate_from(table, vaults)
            .map_err(Unplayable::Generate)
    };
    #[cfg(feature = "level-cache")]
    return cache::made_before_or(key, table, vaults, make);
    #[cfg(not(feature = "level-cache"))]
    make()
}

/// The level's tiles as a run plays them: the floor under each item where the generator
/// drew a loot tile — in play the items are the only record of loot.
pub fn tiles_in_play(level: &Level) -> Grid<Tile> {
    let mut tiles = level.tiles.clone();
    for item in &level.loot {
        if tiles.get(item.pos) == Some(Tile::Loot) {
            tiles.set(item.pos, Tile::Floor);
        }
    }
    tiles
}

/// A memory's list, sorted and without repeats (empty without a memory).
fn sorted<T: Ord + Clone>(list: Option<&Vec<T>>) -> Vec<T> {
    let mut list = list.cloned().unwrap_or_default();
    list.sort();
    list.dedup();
    list
}

/// Mixed into a level's seed for the stream its waypoints come from (the spawn uses
/// the level seed itself).
const WAYPOINT_SALT: u64 = 0x5741_5950_4f49_4e54;

/// Mixed into a level's seed for the stream its vaults' monsters are drawn from (apart
/// from the spawn's, so a level without vaults spawns what it always spawned).
const VAULT_MONSTER_SALT: u64 = 0x5641_554c_544d_4f4e;

/// Mixed into a level's seed for the stream its captive is drawn from (apart from the
/// spawn's and the vaults', so the rest of the level's monsters stay as they were).
const CAPTIVE_SALT: u64 = 0x4341_5054_4956_4521;

/// Chance in percent that a level of generation 3 or later, from [`CAPTIVE_FROM_DEPTH`]
/// down, holds a shackled captive (Brogue's captive: freed, it becomes an ally).
pub const CAPTIVE_PERCENT: u32 = 35;

/// The first depth a captive can be found on.
pub const CAPTIVE_FROM_DEPTH: u32 = 2;

/// What a visited level remembers when the player leaves it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelMemory {
    /// Positions of generated items already taken.
    pub taken: Vec<Pos>,
    /// Items dropped on it (by the player, a monster, a throw), where they lie.
    pub dropped: Vec<PlacedItem>,
    /// Where the player put items down (`d`): exploring leaves them lie. Sorted.
    pub left: Vec<Pos>,
    /// Tiles the player has seen, row by row.
    pub seen: Vec<bool>,
    /// The monsters as they were left (`None`: never visited with monsters about).
    pub monsters: Option<Vec<Monster>>,
    /// The numbers of the monsters the player has seen on it, sorted.
    pub noticed: Vec<u32>,
    /// Hidden things found on it (secret doors and traps), by position, sorted.
    pub found: Vec<Pos>,
    /// Doors opened on it, by position, sorted.
    pub opened: Vec<Pos>,
    /// Found traps the player said travel and exploring may walk over, sorted.
    pub crossable: Vec<Pos>,
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

/// The level the player is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelInPlay {
    /// Its key.
    pub key: LevelKey,
    /// The generated level (loot drawn as generated).
    pub level: Level,
    /// Items lying on it: the generated ones not taken, and the ones dropped.
    pub items: Vec<PlacedItem>,
    /// Positions of generated items taken, sorted.
    taken: Vec<Pos>,
    /// Where items the player put down (`d`) lie, sorted: exploring leaves them lie.
    left: Vec<Pos>,
    /// Tiles the player has seen.
    pub seen: Vec<bool>,
    /// Tiles the player sees now.
    pub visible: Vec<bool>,
    /// The monsters on it (none in a peaceful run).
    pub monsters: Vec<Monster>,
    /// The tiles wandering monsters walk between.
    pub waypoints: Vec<Pos>,
    /// The numbers of the monsters the player has seen here, sorted: one coming back
    /// into view is news only while it hunts the player.
    pub noticed: Vec<u32>,
    /// Hidden things found here (secret doors, now closed doors, and traps), sorted.
    found: Vec<Pos>,
    /// Doors opened here (they stay open), sorted.
    opened: Vec<Pos>,
    /// Found traps the player said travel and exploring may walk over (asked once, not
    /// at every crossing), sorted.
    crossable: Vec<Pos>,
    /// Dijkstra maps of this level, kept while they hold (not part of the state).
    pub(super) maps: MapCache,
}

impl LevelInPlay {
    /// A generated level as the player finds it: with what `memory` says was taken
    /// from it and seen of it (a memory of another size is a stranger's and ignored).
    pub fn new(key: LevelKey, mut level: Level, memory: Option<&LevelMemory>) -> LevelInPlay {
        let tiles = level.tiles.len();
        level.tiles = tiles_in_play(&level);
        // Drawn from the level as generated, before what the memory found or opened: a
        // save of it loads with the waypoints the run has.
        let waypoints = level_waypoints(&key, &level.tiles);
        let taken = sorted(memory.map(|m| &m.taken));
        let dropped = memory.map(|m| m.dropped.as_slice()).unwrap_or_default();
        let noticed = sorted(memory.map(|m| &m.noticed));
        let items: Vec<PlacedItem> = level
            .loot
            .iter()
            .copied()
            .filter(|i| taken.binary_search(&i.pos).is_err())
            .chain(dropped.iter().copied())
            .collect();
        let mut left = sorted(memory.map(|m| &m.left));
        left.retain(|&at| items.iter().any(|i| i.pos == at));
        let seen = memory
            .map(|m| m.seen.clone())
            .filter(|seen| seen.len() == tiles)
            .unwrap_or_else(|| vec![false; tiles]);
        // What a memory says was found or opened, where the level has it (a save's
        // claims elsewhere are refused by its checks; a stranger's memory is ignored).
        let mut found = sorted(memory.map(|m| &m.found));
        found.retain(|&at| {
            level
                .tiles
                .get(at)
                .is_some_and(|t| t == Tile::SecretDoor || t.trap().is_some())
        });
        for &at in &found {
            if level.tiles[at] == Tile::SecretDoor {
                level.tiles[at] = Tile::ClosedDoor;
            }
        }
        let mut crossable = sorted(memory.map(|m| &m.crossable));
        crossable.retain(|&at| {
            found.binary_search(&at).is_ok()
                && level.tiles.get(at).is_some_and(|t| t.trap().is_some())
        });
        let mut opened = sorted(memory.map(|m| &m.opened));
        opened.retain(|&at| {
            matches!(
                level.tiles.get(at),
                Some(Tile::ClosedDoor | Tile::LockedDoor | Tile::BarredDoor)
            )
        });
        for &at in &opened {
            level.tiles[at] = Tile::Door;
        }
        LevelInPlay {
            key,
            level,
            items,
            taken,
            left,
            seen,
            visible: vec![false; tiles],
            monsters: Vec::new(),
            waypoints,
            noticed,
            found,
            opened,
            crossable,
            maps: MapCache::default(),
        }
    }

    /// Whether the hidden thing at `pos` (a secret door or a trap) has been found.
    pub fn has_found(&self, pos: Pos) -> bool {
        self.found.binary_search(&pos).is_ok()
    }

    /// The hidden things found here, sorted.
    pub fn found(&self) -> &[Pos] {
        &self.found
    }

    /// Whether the player said travel and exploring may walk over the found trap at
    /// `pos`.
    pub fn may_cross(&self, pos: Pos) -> bool {
        self.crossable.binary_search(&pos).is_ok()
    }

    /// Lets travel and exploring walk over the found trap at `pos` from now on (the
    /// player said yes to crossing it); nothing where no trap was found.
    pub(crate) fn allow_crossing(&mut self, pos: Pos) {
        let trap = self
            .level
            .tiles
            .get(pos)
            .is_some_and(|t| t.trap().is_some());
        if trap
            && self.has_found(pos)
            && let Err(at) = self.crossable.binary_search(&pos)
        {
            self.crossable.insert(at, pos);
        }
    }

    /// The doors opened here, sorted.
    pub fn opened(&self) -> &[Pos] {
        &self.opened
    }

    /// Whether the tile at `pos` hides something not yet found: a secret door, or a trap.
    pub fn hides(&self, pos: Pos) -> bool {
        match self.level.tiles.get(pos) {
            Some(Tile::SecretDoor) => true,
            Some(tile) => tile.trap().is_some() && !self.has_found(pos),
            None => false,
        }
    }

    /// Finds the hidden thing at `pos`: a secret door becomes a closed door, a trap is
    /// known. Says whether there was something to find.
    pub fn find(&mut self, pos: Pos) -> bool {
        if !self.hides(pos) {
            return false;
        }
        if let Err(at) = self.found.binary_search(&pos) {
            self.found.insert(at, pos);
        }
        if self.level.tiles[pos] == Tile::SecretDoor {
            self.level.tiles[pos] = Tile::ClosedDoor;
            // The way through changes the walks monsters take.
            self.forget_maps();
        }
        true
    }

    /// Drops the Dijkstra maps kept of this level (its ground changed).
    pub(crate) fn forget_maps(&mut self) {
        self.maps = MapCache::default();
    }

    /// Opens the closed (or barred) door at `pos` (it stays open); says whether there
    /// was one.
    pub(crate) fn open_door(&mut self, pos: Pos) -> bool {
        if !matches!(
            self.level.tiles.get(pos),
            Some(Tile::ClosedDoor | Tile::BarredDoor)
        ) {
            return false;
        }
        if self.level.tiles[pos] == Tile::BarredDoor {
            // The way through changes the walks monsters take.
            self.forget_maps();
        }
        self.level.tiles[pos] = Tile::Door;
        if let Err(at) = self.opened.binary_search(&pos) {
            self.opened.insert(at, pos);
        }
        true
    }

    /// Puts the level's monsters on it: as `memory` left them, or — on a first visit —
    /// as the level's own monster stream spawns them (so a level key gives the same
    /// monsters at arrival), away from `arrival`. Also sets the waypoints.
    pub(crate) fn populate(
        &mut self,
        memory: Option<&LevelMemory>,
        arrival: Pos,
        table: &MonsterTable,
    ) {
        let seed = self.key.level_seed();
        if self.key.generation < Generation::Third {
            // Before generation 3 they were drawn from the level as the player left it
            // (secret doors found, vault doors unlocked): a level of an older key keeps
            // its monsters' walks, recordings of it replay.
            self.waypoints = level_waypoints(&self.key, &self.level.tiles);
        }
        self.monsters = match memory.and_then(|m| m.monsters.clone()) {
            Some(monsters) => monsters,
            None => {
                let plan = SpawnPlan::for_level(&self.key.config, self.key.depth);
                // The spawn keeps out of the vaults (behind a lock, in a den): what
                // stands in a vault is what its designer put there.
                let mut ground = self.level.tiles.clone();
                for vault in &self.level.vaults {
                    let (w, h) = (vault.size.0 as i32, vault.size.1 as i32);
                    for y in vault.origin.y..vault.origin.y + h {
                        for x in vault.origin.x..vault.origin.x + w {
                            ground.set(Pos::new(x, y), Tile::Wall);
                        }
                    }
                }
                let mut rng = StreamRng::new(seed, Stream::Monsters);
                let mut monsters = spawn_monsters(table, &ground, self.level.up, plan, &mut rng);
                let mut rng = StreamRng::new(mix64(seed ^ VAULT_MONSTER_SALT), Stream::Monsters);
                let first_id = monsters.iter().map(|m| m.id + 1).max().unwrap_or(0);
                let vault_monsters = vault_monsters(
                    table,
                    &self.level.vault_monsters,
                    self.key.depth,
                    first_id,
                    self.waypoints.len() as u32,
                    &mut rng,
                );
                monsters.extend(vault_monsters);
                if self.key.generation >= Generation::Third {
                    let mut rng = StreamRng::new(mix64(seed ^ CAPTIVE_SALT), Stream::Monsters);
                    monsters.extend(captive(
                        table,
                        &ground,
                        &monsters,
                        self.level.up,
                        plan,
                        &mut rng,
                    ));
                }
                monsters
            }
        };
        // Arriving where a monster stands (the down stairs a monster wandered onto, or
        // the end of a cave watch): it steps aside to the nearest free tile.
        if let Some(index) = self.monster_at(arrival)
            && let Some(aside) = self.nearest_free_tile(arrival)
        {
            self.monsters[index].pos = aside;
        }
    }

    /// Whether a walker at `from` (beside it) opens the barred door at `pos`: one stands
    /// there by the level's plan, and `from` is on its open side.
    pub fn unbars_from(&self, pos: Pos, from: Pos) -> bool {
        let plan = self.level.plan.as_ref();
        plan.and_then(|p| p.barred_door_at(pos))
            .is_some_and(|door| door.opens_from(from))
    }

    /// Whether a walker may step from `from` onto `to` (beside it) by the level's ledges:
    /// anywhere but up onto a ledge from below it (a ledge no drop of the plan names
    /// has no high side, and is climbed from nowhere).
    pub fn lets_walk(&self, from: Pos, to: Pos) -> bool {
        if self.level.tiles.get(to) != Some(Tile::Ledge) {
            return true;
        }
        let plan = self.level.plan.as_ref();
        plan.and_then(|p| p.drop_at(to))
            .is_some_and(|drop| drop.lets_walk(from, to))
    }

    /// Whether the step from `from` to `to` drops down a ledge: `from` is a ledge of the
    /// plan, and `to` lies below it.
    pub fn drops_down(&self, from: Pos, to: Pos) -> bool {
        let plan = self.level.plan.as_ref();
        plan.and_then(|p| p.drop_at(from))
            .is_some_and(|drop| drop.drops(from, to))
    }

    /// Whether a vault's locked door stands at `pos` (still locked).
    pub fn is_locked(&self, pos: Pos) -> bool {
        self.level.tiles.get(pos) == Some(Tile::LockedDoor)
    }

    /// Whether a locked door still stands on the level.
    pub fn has_a_lock(&self) -> bool {
        self.level.tiles.cells().contains(&Tile::LockedDoor)
    }

    /// Opens every locked door of the level (a vault key's work: they stay open, as
    /// doors); says how many opened.
    pub(crate) fn unlock_all(&mut self) -> usize {
        let locks: Vec<Pos> = self
            .level
            .tiles
            .positions()
            .filter(|&p| self.level.tiles[p] == Tile::LockedDoor)
            .collect();
        for &at in &locks {
            self.level.tiles[at] = Tile::Door;
            if let Err(slot) = self.opened.binary_search(&at) {
                self.opened.insert(slot, at);
            }
        }
        if !locks.is_empty() {
            // The way through changes the walks monsters take.
            self.forget_maps();
        }
        locks.len()
    }

    /// The walkable tile nearest `from` (by rings of growing Chebyshev distance, in
    /// row order) that is not `from` and where no monster stands.
    fn nearest_free_tile(&self, from: Pos) -> Option<Pos> {
        let tiles = &self.level.tiles;
        let reach = tiles.width().max(tiles.height()) as i32;
        nearest_in_rings(from, 1..=reach, |p| {
            tiles.is_walkable(p) && self.monster_at(p).is_none()
        })
    }

    /// The monster standing on `pos`, by its index in [`LevelInPlay::monsters`].
    pub fn monster_at(&self, pos: Pos) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == pos)
    }

    /// The tile at `pos` (in play, loot lies in [`LevelInPlay::items`], never in the grid).
    pub fn tile_at(&self, pos: Pos) -> Option<Tile> {
        self.level.tiles.get(pos)
    }

    /// Whether the player sees the tile at `pos` now.
    pub fn in_view(&self, pos: Pos) -> bool {
        let tiles = &self.level.tiles;
        tiles.contains(pos) && self.visible.get(tiles.index_of(pos)) == Some(&true)
    }

    /// How the player knows the tile of row-major index `index`.
    pub fn sight(&self, index: usize) -> Sight {
        if self.visible.get(index) == Some(&true) {
            Sight::Visible
        } else if self.seen.get(index) == Some(&true) {
            Sight::Remembered
        } else {
            Sight::Unseen
        }
    }

    /// Positions of generated items taken from this level, sorted.
    pub fn taken(&self) -> Vec<Pos> {
        self.taken.clone()
    }

    /// Takes the item lying at `at` off the level, and returns it.
    pub(crate) fn take_item(&mut self, at: Pos) -> Option<Item> {
        let index = self.items.iter().position(|i| i.pos == at)?;
        let item = self.items.remove(index).held();
        if let Ok(slot) = self.left.binary_search(&at) {
            self.left.remove(slot);
        }
        let generated_here = self.level.loot.iter().any(|i| i.pos == at);
        if generated_here && let Err(slot) = self.taken.binary_search(&at) {
            // The generated item (a dropped one lies only where that one was taken).
            self.taken.insert(slot, at);
        }
        Some(item)
    }

    /// Whether an item may be dropped at `at`: open floor with nothing lying there.
    pub fn can_drop_at(&self, at: Pos) -> bool {
        matches!(self.level.tiles.get(at), Some(Tile::Floor | Tile::Loot))
            && !self.items.iter().any(|i| i.pos == at)
    }

    /// Marks the whole level as seen (magic mapping).
    pub fn remember_everything(&mut self) {
        self.seen.iter_mut().for_each(|s| *s = true);
    }

    /// A number no monster of the level has or had in the player's sight (for one
    /// called up now).
    pub(crate) fn next_monster_id(&self) -> u32 {
        let most = self
            .monsters
            .iter()
            .map(|m| m.id)
            .chain(self.noticed.iter().copied())
            .max();
        most.map_or(0, |id| id.saturating_add(1))
    }

    /// The tile nearest `from` (by growing rings, row order) where an item can lie, up
    /// to 5 tiles away.
    pub(crate) fn nearest_drop_tile(&self, from: Pos) -> Option<Pos> {
        nearest_in_rings(from, 0..=5, |p| self.can_drop_at(p))
    }

    /// Puts a dropped `item` at `at`.
    pub fn put_item(&mut self, at: Pos, item: Item) {
        self.items.push(item.at(at));
    }

    /// Marks the item lying at `at` as put down by the player (`d`): exploring leaves it.
    pub(crate) fn leave(&mut self, at: Pos) {
        if let Err(slot) = self.left.binary_search(&at) {
            self.left.insert(slot, at);
        }
    }

    /// Whether the item at `at` was put down by the player (exploring leaves it lie).
    pub fn was_left(&self, at: Pos) -> bool {
        self.left.binary_search(&at).is_ok()
    }

    /// Marks monster `id` as seen by the player; says whether it was new.
    pub fn notice(&mut self, id: u32) -> bool {
        match self.noticed.binary_search(&id) {
            Ok(_) => false,
            Err(at) => {
                self.noticed.insert(at, id);
                true
            }
        }
    }

    /// The items dropped on this level (those that are not the generated ones).
    pub fn dropped(&self) -> Vec<PlacedItem> {
        self.items
            .iter()
            .copied()
            .filter(|i| {
                let generated = self.level.loot.iter().any(|g| g.pos == i.pos);
                !generated || self.taken.binary_search(&i.pos).is_ok()
            })
            .collect()
    }

    /// What this level remembers when the player leaves it.
    pub fn memory(&self) -> LevelMemory {
        LevelMemory {
            taken: self.taken(),
            dropped: self.dropped(),
            left: self.left.clone(),
            seen: self.seen.clone(),
            monsters: None,
            noticed: Vec::new(),
            found: self.found.clone(),
            opened: self.opened.clone(),
            crossable: self.crossable.clone(),
        }
    }

    /// [`LevelInPlay::memory`] with the monsters as they are now (a run with monsters).
    pub(crate) fn memory_with_monsters(&self) -> LevelMemory {
        LevelMemory {
            monsters: Some(self.monsters.clone()),
            noticed: self.noticed.clone(),
            ..self.memory()
        }
    }

    /// Looks around from `origin`: what is in view now (symmetric shadowcasting within
    /// [`SIGHT_RADIUS`]) becomes visible and seen.
    pub(crate) fn look_from(&mut self, origin: Pos) {
        let mut visible = vec![false; self.level.tiles.len()];
        compute_fov(&self.level.tiles, origin, SIGHT_RADIUS, &mut visible);
        for (seen, &now) in self.seen.iter_mut().zip(&visible) {
            *seen |= now;
        }
        self.visible = visible;
    }
}

/// The first tile round `from` that `wanted` takes, ring by ring of growing Chebyshev
/// distance over `rings`, each ring in row order.
pub(super) fn nearest_in_rings(
    from: Pos,
    rings: std::ops::RangeInclusive<i32>,
    wanted: impl Fn(Pos) -> bool,
) -> Option<Pos> {
    rings.into_iter().find_map(|r| {
        (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| dx.abs() == r || dy.abs() == r)
            .map(|(dx, dy)| from.offset(dx, dy))
            .find(|&p| wanted(p))
    })
}

/// The kinds a vault's monster drawn for `depth` comes from, with their weights: those
/// of the depth but the cowards (a guardian that flees guards nothing), or all of the
/// depth's when every one of them is a coward — never a swimmer (a vault's monsters
/// stand on floor).
fn vault_kinds(table: &MonsterTable, depth: u32) -> Vec<(usize, u32)> {
    let kinds: Vec<(usize, u32)> = table
        .kinds_on(depth)
        .into_iter()
        .filter(|&(kind, _)| table.kind(kind).is_some_and(|k| k.moves != Movement::Swims))
        .collect();
    let brave: Vec<(usize, u32)> = kinds
        .iter()
        .copied()
        .filter(|&(kind, _)| {
            table
                .kind(kind)
                .is_some_and(|k| k.behaviour != Behaviour::Cowardly)
        })
        .collect();
    if brave.is_empty() { kinds } else { brave }
}

/// The captive a level holds, if it holds one: [`CAPTIVE_PERCENT`] of levels from
/// [`CAPTIVE_FROM_DEPTH`] down, a kind drawn as a vault's for one depth deeper (no
/// coward, no swimmer), shackled on a free floor tile of `ground` as far from `up` as
/// the spawn keeps, numbered after `others`. Three draws from `rng`: the chance, the
/// kind, the tile.
pub fn captive(
    table: &MonsterTable,
    ground: &Grid<Tile>,
    others: &[Monster],
    up: Pos,
    plan: SpawnPlan,
    rng: &mut StreamRng,
) -> Option<Monster> {
    if plan.depth < CAPTIVE_FROM_DEPTH || !rng.chance_percent(CAPTIVE_PERCENT) {
        return None;
    }
    let kind = draw_kind(&vault_kinds(table, plan.depth.saturating_add(1)), rng)?;
    let keep_off = (plan.clearance + delve_levels::monsters::ARRIVAL_MARGIN) as i32;
    let free: Vec<Pos> = ground
        .positions()
        .filter(|&p| {
            ground[p] == Tile::Floor
                && p.chebyshev(up) > keep_off
                && others.iter().all(|m| m.pos != p)
        })
        .collect();
    let count = u32::try_from(free.len()).ok().filter(|&n| n > 0)?;
    let pos = free[rng.below(count) as usize];
    Some(Monster {
        id: others.iter().map(|m| m.id + 1).max().unwrap_or(0),
        kind,
        pos,
        hp: table.kind(kind)?.hp,
        mind: Mind::Captive,
        ..Default::default()
    })
}

/// The tiles the wanderers of the level of `key` walk between, drawn from `tiles` by the
/// level's waypoint stream.
fn level_waypoints(key: &LevelKey, tiles: &Grid<Tile>) -> Vec<Pos> {
    waypoints(
        tiles,
        &mut StreamRng::new(mix64(key.level_seed() ^ WAYPOINT_SALT), Stream::Monsters),
    )
}

/// The monsters a level's vaults put on it: each of its kind by name (a name the table
/// lacks, or none, is drawn by weight among the kinds of `depth` plus its `deeper`, the
/// cowards left out), with the mind its vault gives it — asleep, guarding its tile, or
/// wandering — numbered from `first_id` on (a wanderer starts toward waypoint `id %
/// waypoint_count`). One draw from `rng` per monster drawn by depth.
pub fn vault_monsters(
    table: &MonsterTable,
    placed: &[VaultMonster],
    depth: u32,
    first_id: u32,
    waypoint_count: u32,
    rng: &mut StreamRng,
) -> Vec<Monster> {
    let waypoint_count = waypoint_count.max(1);
    placed
        .iter()
        .zip(first_id..)
        .filter_map(|(monster, id)| {
            let named = monster
                .name
                .as_deref()
                .and_then(|name| table.index_of(name));
            let kind = match named {
                Some(kind) => kind,
                None => draw_kind(
                    &vault_kinds(table, depth.saturating_add(monster.deeper)),
                    rng,
                )?,
            };
            let mind = match monster.state {
                Start::Asleep => Mind::Asleep,
                Start::Guarding => Mind::Guarding(monster.pos),
                Start::Wandering => Mind::Wandering(id % waypoint_count),
                Start::Captive => Mind::Captive,
            };
            Some(Monster {
                id,
                kind,
                pos: monster.pos,
                hp: table.kind(kind)?.hp,
                mind,
                ..Default::default()
            })
        })
        .collect()
}
