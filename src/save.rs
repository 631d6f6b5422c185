//! Scrambled, checksummed, crash-safe save files.
//!
//! A save is the game state in RON, scrambled by
//! [`ChainedTables`](crate::perm::ChainedTables) derived from a save key, behind a header
//! that carries everything needed to read it back (no secret; the key itself is not
//! stored, only the table steps and offsets derived from it):
//!
//! | offset     | size | field                                                      |
//! |------------|------|------------------------------------------------------------|
//! | 0          | 8    | magic `DELVESAV`                                           |
//! | 8          | 2    | format version, u16 LE (currently 1)                       |
//! | 10         | 1    | table count `k`, 1..=16 (saves are written with 4)         |
//! | 11         | 1    | chain initial byte                                         |
//! | 12         | 9·k  | per table: step u64 LE (odd = co-prime to 256), offset u8  |
//! | 12 + 9k    | 8    | payload length, u64 LE                                     |
//! | 20 + 9k    | 4    | CRC32 of the plain (unscrambled) payload, LE               |
//! | 24 + 9k    | 4    | CRC32 of header bytes `0 .. 24 + 9k`, LE                   |
//! | 28 + 9k    | len  | scrambled payload                                          |
//!
//! Every single flipped bit is caught. One in the header is caught by a field check or
//! the header CRC, which misses no single-bit error (the one exception is the table
//! count: changing it moves where the CRC is read, so that is caught with probability
//! 1 − 2⁻³²). One in the payload changes at most two adjacent plain bytes (chained
//! decoding reads only scrambled bytes), a burst no CRC32 misses.
//!
//! Writing goes to `<path>.tmp` first and is renamed into place; see [`save_to_path`].

mod error;
mod file;
mod format;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::grid::Pos;

pub use error::{SaveError, SavePart};
pub use file::{
    LoadedFrom, SaveHooks, backup_path, load_from_path, load_with_backup, save_to_path,
    save_to_path_with_hooks, temp_path,
};
pub use format::{
    FORMAT_VERSION, MAGIC, MAX_TABLES, SaveHeader, WRITE_TABLES, decode_save_bytes,
    encode_save_bytes, read_header,
};

/// The game state a save holds. The game may grow it; new fields should get
/// `#[serde(default)]` so older saves still load.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SaveData {
    /// The run's master seed, from which every level is regenerated.
    pub master_seed: u64,
    /// The depth the player is on (1 = first).
    pub depth: u32,
    /// Where the player stands.
    pub player: Pos,
    /// Carried items, by loot-table name (names survive a reordered table).
    #[serde(default)]
    pub inventory: Vec<String>,
    /// Turns taken so far.
    #[serde(default)]
    pub turns: u64,
    /// What changed on levels already visited (a level itself is regenerated from its key).
    #[serde(default)]
    pub visited: Vec<VisitedLevel>,
}

/// The changes to one visited level.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VisitedLevel {
    /// Its depth.
    pub depth: u32,
    /// The printable key that regenerates it.
    pub level_key: String,
    /// Where items were picked up.
    #[serde(default)]
    pub taken_loot: Vec<Pos>,
    /// Seen cells as a bitmap, row-major: bit `i % 8` of byte `i / 8` is cell `i`.
    #[serde(default)]
    pub seen: Vec<u8>,
}

impl VisitedLevel {
    /// Whether row-major cell `cell` has been seen.
    pub fn is_seen(&self, cell: usize) -> bool {
        self.seen
            .get(cell / 8)
            .is_some_and(|byte| byte & (1 << (cell % 8)) != 0)
    }

    /// Marks row-major cell `cell` seen, growing the bitmap as needed.
    pub fn mark_seen(&mut self, cell: usize) {
        if self.seen.len() <= cell / 8 {
            self.seen.resize(cell / 8 + 1, 0);
        }
        self.seen[cell / 8] |= 1 << (cell % 8);
    }
}

/// Serialises `value` as RON and scrambles it into a save file with the tables of `key`.
pub fn encode_save<T: Serialize>(value: &T, key: u64) -> Result<Vec<u8>, SaveError> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| SaveError::Serialize(e.to_string()))?;
    Ok(encode_save_bytes(text.as_bytes(), key))
}

/// Checks a save file and returns its payload as RON text (for `delve save inspect`).
pub fn decode_to_ron_text(bytes: &[u8]) -> Result<String, SaveError> {
    let (header_len, payload) = format::decode_payload(bytes)?;
    String::from_utf8(payload).map_err(|e| SaveError::NotUtf8 {
        offset: (header_len + e.utf8_error().valid_up_to()) as u64,
    })
}

/// Checks a save file and reads the value in it.
pub fn decode_save<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, SaveError> {
    let text = decode_to_ron_text(bytes)?;
    ron::from_str(&text).map_err(|e| SaveError::Ron {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })
}
