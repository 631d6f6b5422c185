//! The level in play: the generated level, what lies on it still, what the player has
//! seen and sees now; what a level remembers when the player leaves it; and the largest
//! level the game will put a player on.

use crate::fov::compute_fov;
use crate::generator::{GenError, GeneratorConfig, Level};
use crate::grid::{Pos, Tile};
use crate::key::LevelKey;
use crate::loot::PlacedItem;

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
pub fn generate_for_play(key: &LevelKey) -> Result<Level, Unplayable> {
    check_play_size(&key.config).map_err(Unplayable::TooLarge)?;
    key.generate().map_err(Unplayable::Generate)
}

/// What a visited level remembers when the player leaves it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelMemory {
    /// Positions of items already taken.
    pub taken: Vec<Pos>,
    /// Tiles the player has seen, row by row.
    pub seen: Vec<bool>,
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
    /// Items still lying on it.
    pub items: Vec<PlacedItem>,
    /// Tiles the player has seen.
    pub seen: Vec<bool>,
    /// Tiles the player sees now.
    pub visible: Vec<bool>,
}

impl LevelInPlay {
    /// A generated level as the player finds it: with what `memory` says was taken
    /// from it and seen of it (a memory of another size is a stranger's and ignored).
    pub fn new(key: LevelKey, level: Level, memory: Option<&LevelMemory>) -> LevelInPlay {
        let tiles = level.tiles.len();
        let taken = memory.map(|m| m.taken.as_slice()).unwrap_or_default();
        let items = level
            .loot
            .iter()
            .copied()
            .filter(|i| !taken.contains(&i.pos))
            .collect();
        let seen = memory
            .map(|m| m.seen.clone())
            .filter(|seen| seen.len() == tiles)
            .unwrap_or_else(|| vec![false; tiles]);
        LevelInPlay {
            key,
            level,
            items,
            seen,
            visible: vec![false; tiles],
        }
    }

    /// The tile at `pos`, with taken loot shown as floor.
    pub fn tile_at(&self, pos: Pos) -> Option<Tile> {
        let tile = self.level.tiles.get(pos)?;
        if tile == Tile::Loot && !self.items.iter().any(|i| i.pos == pos) {
            Some(Tile::Floor)
        } else {
            Some(tile)
        }
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

    /// Positions of items taken from this level, sorted.
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

    /// What this level remembers when the player leaves it.
    pub fn memory(&self) -> LevelMemory {
        LevelMemory {
            taken: self.taken(),
            seen: self.seen.clone(),
        }
    }

    /// Looks around from `origin`: what is in view now (symmetric shadowcasting within
    /// [`SIGHT_RADIUS`]) becomes visible and seen.
    pub fn look_from(&mut self, origin: Pos) {
        let mut visible = vec![false; self.level.tiles.len()];
        compute_fov(&self.level.tiles, origin, SIGHT_RADIUS, &mut visible);
        for (seen, &now) in self.seen.iter_mut().zip(&visible) {
            *seen |= now;
        }
        self.visible = visible;
    }
}
