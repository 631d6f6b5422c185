//! Three ways of using several byte tables, which the seed promises but never explains.
//! Here they are defined as:
//!
//! - **nested** ([`nest`]): tables applied one inside another, `y = Tₖ(…T₂(T₁(x)))`.
//!   Composed once into a single [`ByteTable`], so any depth of nesting costs one lookup
//!   per byte. (Nesting alone adds no strength — it is still one substitution.)
//! - **sequential** ([`SequentialTables`]): byte `i` of the stream uses table `i mod k`,
//!   `yᵢ = T_(i mod k)(xᵢ)`. Equal plain bytes at different positions scramble differently.
//! - **chained** ([`ChainedTables`]): like cipher-block chaining with one-byte blocks, the
//!   previous *output* byte (an initial value for the first) picks the table and is mixed
//!   into the input, `yᵢ = T_(yᵢ₋₁ mod k)(xᵢ XOR yᵢ₋₁)`. Every output depends on all input
//!   before it; decoding, `xᵢ = T_(yᵢ₋₁ mod k)⁻¹(yᵢ) XOR yᵢ₋₁`, needs only the scrambled
//!   bytes, so one corrupted byte spoils two plain bytes and no more.
//!
//! All three are bijections on byte strings; [`Scrambler`] is what they share.

use super::byte_table::{ByteTable, substitute};
use super::table::PermError;

/// A reversible, length-preserving scrambling of a byte string, done in place.
pub trait Scrambler {
    /// Scrambles `data` in place.
    fn encode_in_place(&self, data: &mut [u8]);
    /// Undoes [`Scrambler::encode_in_place`].
    fn decode_in_place(&self, data: &mut [u8]);
}

impl Scrambler for ByteTable {
    fn encode_in_place(&self, data: &mut [u8]) {
        ByteTable::encode_in_place(self, data);
    }

    fn decode_in_place(&self, data: &mut [u8]) {
        ByteTable::decode_in_place(self, data);
    }
}

/// Nested tables: the one substitution applying `tables[0]` first and the last table
/// outermost. Errors when `tables` is empty.
pub fn nest(tables: &[ByteTable]) -> Result<ByteTable, PermError> {
    let (first, rest) = tables.split_first().ok_or(PermError::NoTables)?;
    Ok(rest
        .iter()
        .fold(first.clone(), |inner, outer| inner.then(outer)))
}

/// Sequential tables: byte `i` (counted from the start of the data) uses table `i mod k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequentialTables {
    tables: Vec<ByteTable>,
}

/// Bytes per table in one block of sequential scrambling: a block (`k` times this) stays
/// in the L1 cache while each table makes its strided pass over it.
const SEQUENTIAL_BLOCK_PER_TABLE: usize = 1024;

impl SequentialTables {
    /// Uses `tables` in turn; errors when there are none.
    pub fn new(tables: Vec<ByteTable>) -> Result<Self, PermError> {
        if tables.is_empty() {
            return Err(PermError::NoTables);
        }
        Ok(SequentialTables { tables })
    }

    /// The tables, in the order they are used.
    pub fn tables(&self) -> &[ByteTable] {
        &self.tables
    }

    /// Looks every byte up in the table its position picks. Blocks are a multiple of `k`
    /// long, so within each block table `j` handles bytes `j, j + k, j + 2k, …` in one
    /// tight strided loop with no modulo.
    fn apply(&self, data: &mut [u8], pick: fn(&ByteTable) -> &[u8; 256]) {
        let k = self.tables.len();
        if k == 1 {
            substitute(pick(&self.tables[0]), data);
            return;
        }
        for block in data.chunks_mut(k * SEQUENTIAL_BLOCK_PER_TABLE) {
            for (first, table) in self.tables.iter().enumerate() {
                let lookup = pick(table);
                let Some(tail) = block.get_mut(first..) else {
                    continue;
                };
                for byte in tail.iter_mut().step_by(k) {
                    *byte = lookup[*byte as usize];
                }
            }
        }
    }
}

impl Scrambler for SequentialTables {
    fn encode_in_place(&self, data: &mut [u8]) {
        self.apply(data, ByteTable::forward);
    }

    fn decode_in_place(&self, data: &mut [u8]) {
        self.apply(data, ByteTable::backward);
    }
}

/// Chained tables: the previous output byte selects the table (`mod k`) and is XORed
/// into the input byte, starting from an initial value.
///
/// The tables are laid out end to end so each byte costs one dependent lookup plus a
/// little arithmetic when encoding (a mask when `k` is a power of two) and one
/// independent lookup when decoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainedTables {
    tables: Vec<ByteTable>,
    initial: u8,
    /// The forward arrays of all tables, end to end.
    forward: Vec<u8>,
    /// The inverse arrays of all tables, end to end.
    backward: Vec<u8>,
    /// For each previous byte, where its table starts in `forward` / `backward`.
    row_start: [u32; 256],
}

/// The most tables a chain can use: a previous byte selects one of at most 256.
pub(crate) const MAX_CHAINED_TABLES: usize = 256;

impl ChainedTables {
    /// Chains `tables` from the initial value `initial`; errors when there are none or
    /// more than [`MAX_CHAINED_TABLES`].
    pub fn new(tables: Vec<ByteTable>, initial: u8) -> Result<Self, PermError> {
        if tables.is_empty() {
            return Err(PermError::NoTables);
        }
        if tables.len() > MAX_CHAINED_TABLES {
            return Err(PermError::TooManyTables {
                count: tables.len(),
                max: MAX_CHAINED_TABLES,
            });
        }
        let forward = tables
            .iter()
            .flat_map(|t| t.forward().iter().copied())
            .collect();
        let backward = tables
            .iter()
            .flat_map(|t| t.backward().iter().copied())
            .collect();
        let mut row_start = [0u32; 256];
        for (previous, start) in row_start.iter_mut().enumerate() {
            *start = (previous % tables.len() * 256) as u32;
        }
        Ok(ChainedTables {
            tables,
            initial,
            forward,
            backward,
            row_start,
        })
    }

    /// The tables, indexed by previous output byte modulo their count.
    pub fn tables(&self) -> &[ByteTable] {
        &self.tables
    }

    /// The byte that stands before the first one.
    pub fn initial(&self) -> u8 {
        self.initial
    }
}

impl Scrambler for ChainedTables {
    fn encode_in_place(&self, data: &mut [u8]) {
        let mut previous = self.initial as usize;
        if self.tables.len().is_power_of_two() {
            // `previous mod k` is a mask: no load on the chain besides the table itself.
            let mask = self.tables.len() - 1;
            for byte in data.iter_mut() {
                previous =
                    self.forward[((previous & mask) << 8) | (*byte as usize ^ previous)] as usize;
                *byte = previous as u8;
            }
        } else {
            for byte in data.iter_mut() {
                let at = self.row_start[previous] as usize + (*byte as usize ^ previous);
                previous = self.forward[at] as usize;
                *byte = previous as u8;
            }
        }
    }

    fn decode_in_place(&self, data: &mut [u8]) {
        let mut previous = self.initial as usize;
        for byte in data.iter_mut() {
            let scrambled = *byte as usize;
            *byte = self.backward[self.row_start[previous] as usize + scrambled] ^ previous as u8;
            previous = scrambled;
        }
    }
}
