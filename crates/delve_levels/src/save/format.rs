//! The binary layout of a save file (see the table in [`crate::save`]): writing and
//! checking the header, and scrambling and unscrambling the payload.

use super::{SaveError, SavePart};
use crate::perm::{ByteTable, ChainedTables, PermTable, Scrambler};
use crate::rng::mix64;

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

    /// Header length in bytes (where the payload starts).
    pub fn byte_len(&self) -> usize {
        FIXED_LEN + TABLE_ENTRY_LEN * self.tables.len() + TRAILER_LEN
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
        let mut out = Vec::with_capacity(self.byte_len());
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
        return Err(SaveError::WrongMagic {
            found: prefix.to_vec(),
        });
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
pub(super) fn decode_payload(bytes: &[u8]) -> Result<(usize, Vec<u8>), SaveError> {
    let header = read_header(bytes)?;
    let header_len = header.byte_len();
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
