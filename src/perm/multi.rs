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

use super::table::{ByteTable, PermError, substitute};

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
    Ok(rest.iter().fold(first.clone(), |inner, outer| inner.then(outer)))
}

/// Sequential tables: byte `i` (counted from the start of the data) uses table `i mod k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequentialTables {
    tables: Vec<ByteTable>,
}

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

    /// Applies the forward (or inverse) lookups, one table per position modulo k.
    fn apply(&self, data: &mut [u8], pick: fn(&ByteTable) -> &[u8; 256]) {
        if let [only] = self.tables.as_slice() {
            substitute(pick(only), data);
            return;
        }
        let lookups: Vec<&[u8; 256]> = self.tables.iter().map(pick).collect();
        for group in data.chunks_mut(lookups.len()) {
            for (byte, lookup) in group.iter_mut().zip(&lookups) {
                *byte = lookup[*byte as usize];
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
/// The 256 effective substitutions (one per previous byte) are built up front, so each
/// byte costs one dependent lookup when encoding and one independent lookup decoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainedTables {
    tables: Vec<ByteTable>,
    initial: u8,
    /// Row `prev`, column `x`: the output for input `x` after output `prev`.
    encode_rows: Vec<[u8; 256]>,
    /// Row `prev`, column `y`: the input that gave output `y` after output `prev`.
    decode_rows: Vec<[u8; 256]>,
}

impl ChainedTables {
    /// Chains `tables` from the initial value `initial`; errors when there are none.
    pub fn new(tables: Vec<ByteTable>, initial: u8) -> Result<Self, PermError> {
        if tables.is_empty() {
            return Err(PermError::NoTables);
        }
        let mut encode_rows = vec![[0u8; 256]; 256];
        let mut decode_rows = vec![[0u8; 256]; 256];
        for (previous, (encode_row, decode_row)) in encode_rows.iter_mut().zip(decode_rows.iter_mut()).enumerate() {
            let table = &tables[previous % tables.len()];
            for input in 0..=255u8 {
                let output = table.encode_byte(input ^ previous as u8);
                encode_row[input as usize] = output;
                decode_row[output as usize] = input;
            }
        }
        Ok(ChainedTables {
            tables,
            initial,
            encode_rows,
            decode_rows,
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
        let mut previous = self.initial;
        for byte in data.iter_mut() {
            previous = self.encode_rows[previous as usize][*byte as usize];
            *byte = previous;
        }
    }

    fn decode_in_place(&self, data: &mut [u8]) {
        let mut previous = self.initial;
        for byte in data.iter_mut() {
            let scrambled = *byte;
            *byte = self.decode_rows[previous as usize][scrambled as usize];
            previous = scrambled;
        }
    }
}
