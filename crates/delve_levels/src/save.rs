//! Scrambled, checksummed, crash-safe save files.
//!
//! A save is any serde value in RON (the game stores its
//! [`GameSave`](crate::run::GameSave)), scrambled by
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

pub use error::{SaveError, SavePart};
pub use file::{
    LOCK_WAIT, LoadedFrom, SaveHooks, backup_path, load_from_path, load_validated,
    load_with_backup, lock_path, save_to_path, save_to_path_with_hooks, temp_path,
};
// The crash-safe steps, for the other files delve keeps (the run history).
pub use file::{StepFailed, TurnRefused, replace_file_safely, wait_for_turn};
pub use format::{
    FORMAT_VERSION, MAGIC, MAX_TABLES, SaveHeader, WRITE_TABLES, decode_save_bytes,
    encode_save_bytes, read_header,
};

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

/// How RON errors in a save's payload name it: `save payload:3:5: …` (the file's path
/// goes in front where there is one).
pub(crate) const PAYLOAD_ORIGIN: &str = "save payload";

/// Checks a save file and reads the value in it.
pub fn decode_save<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, SaveError> {
    let text = decode_to_ron_text(bytes)?;
    crate::ron_text::parse(&text, PAYLOAD_ORIGIN, crate::ron_text::Dialect::Plain)
        .map_err(SaveError::Ron)
}
