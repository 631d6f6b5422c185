//! Scrambled, checksummed, crash-safe save files.
//!
//! A save is the game state in RON, scrambled by [`ChainedTables`] derived from a save
//! key, behind a header that carries everything needed to read it back (no secret):
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
//! Every single flipped bit is caught: one in the header breaks the header CRC (or an
//! earlier check); one in the payload changes at most two adjacent plain bytes (chained
//! decoding reads only scrambled bytes), a burst no CRC32 misses.
//!
//! Writing goes to `<path>.tmp` first and is renamed into place; see [`save_to_path`].

mod file;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::grid::Pos;
use crate::perm::{ByteTable, ChainedTables, PermTable, Scrambler};
use crate::rng::mix64;

pub use file::{LoadedFrom, SaveHooks, backup_path, load_from_path, load_with_backup, save_to_path, save_to_path_with_hooks, temp_path};

/// The first eight bytes of every save file.
pub const MAGIC: [u8; 8] = *b"DELVESAV";
/// The format version this build writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// How many chained tables a save is written with.
pub const WRITE_TABLES: u8 = 4;
/// The most chained tables a header may declare.
pub const MAX_TABLES: u8 = 16;
/// Bytes before the table list: magic, version, table count, initial byte.
const FIXED_LEN: usize = 12;
/// Bytes per table entry: step (u64) and offset (u8).
const TABLE_ENTRY_LEN: usize = 9;
/// Bytes after the table list: payload length, payload CRC, header CRC.
const TRAILER_LEN: usize = 16;

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
        self.seen.get(cell / 8).is_some_and(|byte| byte & (1 << (cell % 8)) != 0)
    }

    /// Marks row-major cell `cell` seen, growing the bitmap as needed.
    pub fn mark_seen(&mut self, cell: usize) {
        if self.seen.len() <= cell / 8 {
            self.seen.resize(cell / 8 + 1, 0);
        }
        self.seen[cell / 8] |= 1 << (cell % 8);
    }
}

/// Which part of a save file a check was about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavePart {
    /// The header (everything before the payload).
    Header,
    /// The payload.
    Payload,
}

impl fmt::Display for SavePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SavePart::Header => "header",
            SavePart::Payload => "payload",
        })
    }
}

/// Why a save could not be written or read: what failed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The value could not be written as RON.
    Serialize(String),
    /// The file does not start with [`MAGIC`].
    WrongMagic {
        /// The first bytes found (up to eight).
        found: Vec<u8>,
    },
    /// The header declares a format version this build cannot read.
    UnknownVersion {
        /// The version found.
        found: u16,
    },
    /// The file ends inside the header or the payload.
    Truncated {
        /// The part cut short.
        part: SavePart,
        /// Bytes the file needs up to the end of that part.
        needed: u64,
        /// Bytes the file has.
        found: u64,
    },
    /// The scramble parameters in the header cannot be right.
    BadScrambleParameters {
        /// Byte offset of the bad field.
        offset: u64,
        /// What is wrong with it.
        problem: String,
    },
    /// A CRC32 does not match: the file was changed or damaged.
    ChecksumMismatch {
        /// The part checked.
        part: SavePart,
        /// Byte offset of the stored checksum.
        offset: u64,
        /// The checksum stored.
        stored: u32,
        /// The checksum of what is there.
        computed: u32,
    },
    /// Bytes follow the declared payload.
    TrailingBytes {
        /// Byte offset where they start.
        offset: u64,
        /// How many there are.
        count: u64,
    },
    /// The payload is not UTF-8 text.
    NotUtf8 {
        /// Byte offset (in the file) of the first bad byte, counted in the plain payload.
        offset: u64,
    },
    /// The payload is not RON of the expected shape.
    Ron {
        /// 1-based line in the payload text.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// A file operation failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What was being done, e.g. "write".
        action: &'static str,
        /// The system's message.
        message: String,
    },
    /// A save file was read but is not valid.
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with its contents.
        error: Box<SaveError>,
    },
    /// Saving stopped after the temporary file was written (the test hook of
    /// [`SaveHooks::fail_after_tmp`]).
    Interrupted {
        /// The temporary file left behind.
        path: PathBuf,
    },
    /// Neither the save nor its backup could be loaded.
    BothUnloadable {
        /// Why the save failed.
        main: Box<SaveError>,
        /// Why the backup failed.
        backup: Box<SaveError>,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Serialize(message) => write!(f, "cannot write the game state as RON: {message}"),
            SaveError::WrongMagic { found } => write!(
                f,
                "byte 0: not a delve save (starts with {:?}, expected {:?})",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&MAGIC)
            ),
            SaveError::UnknownVersion { found } => write!(
                f,
                "byte 8: save format version {found} is not supported (this build reads version {FORMAT_VERSION})"
            ),
            SaveError::Truncated { part, needed, found } => {
                write!(f, "byte {found}: file ends inside the {part}, which needs {needed} bytes")
            }
            SaveError::BadScrambleParameters { offset, problem } => {
                write!(f, "byte {offset}: bad scramble parameters: {problem}")
            }
            SaveError::ChecksumMismatch {
                part,
                offset,
                stored,
                computed,
            } => write!(
                f,
                "byte {offset}: {part} checksum mismatch (stored {stored:08x}, computed {computed:08x}); \
                 the file is damaged or was edited"
            ),
            SaveError::TrailingBytes { offset, count } => {
                write!(f, "byte {offset}: {count} unexpected bytes after the payload")
            }
            SaveError::NotUtf8 { offset } => write!(f, "byte {offset}: the payload is not UTF-8 text"),
            SaveError::Ron { line, column, message } => {
                write!(f, "payload line {line}, column {column}: {message}")
            }
            SaveError::Io { path, action, message } => {
                write!(f, "{}: cannot {action}: {message}", path.display())
            }
            SaveError::InFile { path, error } => write!(f, "{}: {error}", path.display()),
            SaveError::Interrupted { path } => {
                write!(f, "{}: saving was interrupted after the temporary file was written", path.display())
            }
            SaveError::BothUnloadable { main, backup } => {
                write!(f, "the save cannot be loaded ({main}) and neither can its backup ({backup})")
            }
        }
    }
}

impl std::error::Error for SaveError {}

/// The readable header of a save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveHeader {
    /// Format version.
    pub version: u16,
    /// The byte chained before the first payload byte.
    pub initial: u8,
    /// Step and offset of each chained 256-slot table.
    pub tables: Vec<(u64, u8)>,
    /// Length of the payload in bytes.
    pub payload_len: u64,
    /// CRC32 of the plain payload.
    pub payload_crc: u32,
}

impl SaveHeader {
    /// The header a save with `key` is written with (before its payload is known).
    fn for_key(key: u64) -> SaveHeader {
        let tables = (0..WRITE_TABLES as u64)
            .map(|i| {
                let bits = mix64(key ^ mix64(i ^ 0x7361_7665_0000_0000));
                // An odd step is co-prime to 256; the offset takes the top byte.
                (mix64(bits) | 1, (bits >> 56) as u8)
            })
            .collect();
        SaveHeader {
            version: FORMAT_VERSION,
            initial: (mix64(key) >> 56) as u8,
            tables,
            payload_len: 0,
            payload_crc: 0,
        }
    }

    /// Header length in bytes.
    pub fn len(&self) -> usize {
        FIXED_LEN + TABLE_ENTRY_LEN * self.tables.len() + TRAILER_LEN
    }

    /// Always false: a header has fixed fields.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The scrambler the tables describe.
    fn scrambler(&self) -> Result<ChainedTables, SaveError> {
        let mut tables = Vec::with_capacity(self.tables.len());
        for (i, &(step, offset)) in self.tables.iter().enumerate() {
            let table = PermTable::new(256, step, offset as u64)
                .and_then(|t| ByteTable::from_perm(&t))
                .map_err(|e| SaveError::BadScrambleParameters {
                    offset: (FIXED_LEN + TABLE_ENTRY_LEN * i) as u64,
                    problem: format!("table {i}: {e}"),
                })?;
            tables.push(table);
        }
        ChainedTables::new(tables, self.initial).map_err(|e| SaveError::BadScrambleParameters {
            offset: 10,
            problem: e.to_string(),
        })
    }

    /// The header bytes, ending with the header CRC.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.push(self.tables.len() as u8);
        out.push(self.initial);
        for &(step, offset) in &self.tables {
            out.extend_from_slice(&step.to_le_bytes());
            out.push(offset);
        }
        out.extend_from_slice(&self.payload_len.to_le_bytes());
        out.extend_from_slice(&self.payload_crc.to_le_bytes());
        let header_crc = crc32fast::hash(&out);
        out.extend_from_slice(&header_crc.to_le_bytes());
        out
    }
}

/// Reads `N` bytes at `at`; the caller has checked the length.
fn bytes_at<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

/// Reads and checks the header of a save file: magic, version, table count, length,
/// scramble parameters, then the header CRC.
pub fn read_header(bytes: &[u8]) -> Result<SaveHeader, SaveError> {
    let prefix = &bytes[..bytes.len().min(MAGIC.len())];
    if prefix != &MAGIC[..prefix.len()] {
        return Err(SaveError::WrongMagic { found: prefix.to_vec() });
    }
    let truncated = |needed: usize| SaveError::Truncated {
        part: SavePart::Header,
        needed: needed as u64,
        found: bytes.len() as u64,
    };
    if bytes.len() < FIXED_LEN {
        if bytes.len() >= 10 && u16::from_le_bytes(bytes_at(bytes, 8)) != FORMAT_VERSION {
            return Err(SaveError::UnknownVersion {
                found: u16::from_le_bytes(bytes_at(bytes, 8)),
            });
        }
        return Err(truncated(FIXED_LEN + TABLE_ENTRY_LEN + TRAILER_LEN));
    }
    let version = u16::from_le_bytes(bytes_at(bytes, 8));
    if version != FORMAT_VERSION {
        return Err(SaveError::UnknownVersion { found: version });
    }
    let table_count = bytes[10];
    if table_count == 0 || table_count > MAX_TABLES {
        return Err(SaveError::BadScrambleParameters {
            offset: 10,
            problem: format!("table count {table_count} is outside 1..={MAX_TABLES}"),
        });
    }
    let tables_end = FIXED_LEN + TABLE_ENTRY_LEN * table_count as usize;
    let header_len = tables_end + TRAILER_LEN;
    if bytes.len() < header_len {
        return Err(truncated(header_len));
    }
    let tables = (0..table_count as usize)
        .map(|i| {
            let at = FIXED_LEN + TABLE_ENTRY_LEN * i;
            (u64::from_le_bytes(bytes_at(bytes, at)), bytes[at + 8])
        })
        .collect();
    let header = SaveHeader {
        version,
        initial: bytes[11],
        tables,
        payload_len: u64::from_le_bytes(bytes_at(bytes, tables_end)),
        payload_crc: u32::from_le_bytes(bytes_at(bytes, tables_end + 8)),
    };
    header.scrambler()?;
    let stored = u32::from_le_bytes(bytes_at(bytes, tables_end + 12));
    let computed = crc32fast::hash(&bytes[..tables_end + 12]);
    if stored != computed {
        return Err(SaveError::ChecksumMismatch {
            part: SavePart::Header,
            offset: (tables_end + 12) as u64,
            stored,
            computed,
        });
    }
    Ok(header)
}

/// Scrambles any payload bytes into a complete save file with the tables of `key`.
pub fn encode_save_bytes(payload: &[u8], key: u64) -> Vec<u8> {
    let mut header = SaveHeader::for_key(key);
    header.payload_len = payload.len() as u64;
    header.payload_crc = crc32fast::hash(payload);
    let mut out = header.to_bytes();
    let start = out.len();
    out.extend_from_slice(payload);
    // Steps from `for_key` are odd, so the scrambler always exists.
    if let Ok(scrambler) = header.scrambler() {
        scrambler.encode_in_place(&mut out[start..]);
    }
    out
}

/// Checks a save file completely and returns its plain payload bytes.
pub fn decode_save_bytes(bytes: &[u8]) -> Result<Vec<u8>, SaveError> {
    decode_payload(bytes).map(|(_, payload)| payload)
}

/// [`decode_save_bytes`], also returning the header length.
fn decode_payload(bytes: &[u8]) -> Result<(usize, Vec<u8>), SaveError> {
    let header = read_header(bytes)?;
    let header_len = header.len();
    let available = (bytes.len() - header_len) as u64;
    if header.payload_len > available {
        return Err(SaveError::Truncated {
            part: SavePart::Payload,
            needed: (header_len as u64).saturating_add(header.payload_len),
            found: bytes.len() as u64,
        });
    }
    if header.payload_len < available {
        return Err(SaveError::TrailingBytes {
            offset: header_len as u64 + header.payload_len,
            count: available - header.payload_len,
        });
    }
    let mut payload = bytes[header_len..].to_vec();
    header.scrambler()?.decode_in_place(&mut payload);
    let computed = crc32fast::hash(&payload);
    if computed != header.payload_crc {
        return Err(SaveError::ChecksumMismatch {
            part: SavePart::Payload,
            offset: (header_len - 8) as u64,
            stored: header.payload_crc,
            computed,
        });
    }
    Ok((header_len, payload))
}

/// Serialises `value` as RON and scrambles it into a save file with the tables of `key`.
pub fn encode_save<T: Serialize>(value: &T, key: u64) -> Result<Vec<u8>, SaveError> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| SaveError::Serialize(e.to_string()))?;
    Ok(encode_save_bytes(text.as_bytes(), key))
}

/// Checks a save file and returns its payload as RON text (for `delve save inspect`).
pub fn decode_to_ron_text(bytes: &[u8]) -> Result<String, SaveError> {
    let (header_len, payload) = decode_payload(bytes)?;
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
