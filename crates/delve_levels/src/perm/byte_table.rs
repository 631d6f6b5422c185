//! [`ByteTable`]: a 256-slot permutation table materialised as a byte substitution,
//! applied to buffers as a multiply and an add per byte.

use super::table::{PermError, PermTable};

/// A byte substitution: a 256-slot permutation and its inverse, as lookup arrays and as
/// the affine maps they are.
///
/// Every table here has the form `b ↦ b·step + offset (mod 256)` (a 256-slot
/// [`PermTable`], and nesting or inverting such tables keeps the form), so applying one
/// to a buffer is a multiply and an add per byte, which the compiler turns into vector
/// code, rather than a lookup per byte. The arrays stay for callers that index them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ByteTable {
    forward: [u8; 256],
    backward: [u8; 256],
    /// `forward[b] = b·forward_step + forward_offset` (wrapping).
    forward_step: u8,
    forward_offset: u8,
    /// `backward[b] = b·backward_step + backward_offset` (wrapping).
    backward_step: u8,
    backward_offset: u8,
}

impl ByteTable {
    /// The substitution `b ↦ (b * step + offset) mod 256`; errors when `step` is even.
    pub fn new(step: u64, offset: u64) -> Result<Self, PermError> {
        ByteTable::from_perm(&PermTable::new(256, step, offset)?)
    }

    /// The substitution of a 256-slot table; errors for any other size.
    pub fn from_perm(table: &PermTable) -> Result<Self, PermError> {
        if table.slots() != 256 {
            return Err(PermError::NotByteSized {
                slots: table.slots() as u64,
            });
        }
        let mut forward = [0u8; 256];
        for (slot, image) in forward.iter_mut().zip(table.iter()) {
            *slot = image as u8;
        }
        Ok(ByteTable::from_forward(forward))
    }

    /// Builds the inverse array of a forward array known to be an affine permutation
    /// (every constructor makes one), and reads both maps' step and offset off them.
    fn from_forward(forward: [u8; 256]) -> Self {
        let mut backward = [0u8; 256];
        for (input, &output) in forward.iter().enumerate() {
            backward[output as usize] = input as u8;
        }
        let (forward_step, forward_offset) = affine_parameters(&forward);
        let (backward_step, backward_offset) = affine_parameters(&backward);
        ByteTable {
            forward,
            backward,
            forward_step,
            forward_offset,
            backward_step,
            backward_offset,
        }
    }

    /// The substitution of one byte.
    #[inline]
    pub fn encode_byte(&self, byte: u8) -> u8 {
        self.forward[byte as usize]
    }

    /// The byte whose substitution is `byte`.
    #[inline]
    pub fn decode_byte(&self, byte: u8) -> u8 {
        self.backward[byte as usize]
    }

    /// The forward lookup array.
    pub(crate) fn forward(&self) -> &[u8; 256] {
        &self.forward
    }

    /// The inverse lookup array.
    pub(crate) fn backward(&self) -> &[u8; 256] {
        &self.backward
    }

    /// The substitution that undoes this one.
    pub fn inverse(&self) -> ByteTable {
        ByteTable {
            forward: self.backward,
            backward: self.forward,
            forward_step: self.backward_step,
            forward_offset: self.backward_offset,
            backward_step: self.forward_step,
            backward_offset: self.forward_offset,
        }
    }

    /// Nesting: the one substitution `outer(self(b))`.
    pub fn then(&self, outer: &ByteTable) -> ByteTable {
        let mut forward = [0u8; 256];
        for (slot, &inner) in forward.iter_mut().zip(self.forward.iter()) {
            *slot = outer.forward[inner as usize];
        }
        ByteTable::from_forward(forward)
    }

    /// Substitutes every byte of `data` in place.
    pub fn encode_in_place(&self, data: &mut [u8]) {
        multiply_add(self.forward_step, self.forward_offset, data);
    }

    /// Writes the substitution of every byte of `source` into `target` (out of place;
    /// both the same length, else only the shorter length is written).
    pub fn encode_into(&self, source: &[u8], target: &mut [u8]) {
        let (step, offset) = (self.forward_step, self.forward_offset);
        for (out, &byte) in target.iter_mut().zip(source) {
            *out = byte.wrapping_mul(step).wrapping_add(offset);
        }
    }

    /// Undoes [`ByteTable::encode_in_place`].
    pub fn decode_in_place(&self, data: &mut [u8]) {
        multiply_add(self.backward_step, self.backward_offset, data);
    }
}

/// The step and offset of an affine byte map given as its array: `t[0]` is the offset
/// and `t[1] - t[0]` the step.
fn affine_parameters(table: &[u8; 256]) -> (u8, u8) {
    let (step, offset) = (table[1].wrapping_sub(table[0]), table[0]);
    debug_assert!(
        (0..=255u8).all(|b| table[b as usize] == b.wrapping_mul(step).wrapping_add(offset)),
        "byte tables are affine"
    );
    (step, offset)
}

/// Replaces each byte `b` of `data` by `b·step + offset (mod 256)`: no loads besides the
/// data, so the loop vectorises.
#[inline]
fn multiply_add(step: u8, offset: u8, data: &mut [u8]) {
    for byte in data.iter_mut() {
        *byte = byte.wrapping_mul(step).wrapping_add(offset);
    }
}

/// Replaces each byte by its entry in `lookup`. Eight bytes per turn are looked up and
/// stored as one word, which roughly halves the stores of a byte-at-a-time loop.
#[inline]
pub(crate) fn substitute(lookup: &[u8; 256], data: &mut [u8]) {
    let mut words = data.chunks_exact_mut(8);
    for word in &mut words {
        let mut bytes = [0u8; 8];
        for (out, &input) in bytes.iter_mut().zip(word.iter()) {
            *out = lookup[input as usize];
        }
        word.copy_from_slice(&bytes);
    }
    for byte in words.into_remainder() {
        *byte = lookup[*byte as usize];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tables_scramble_like_their_lookup_arrays() {
        let data: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        for step in (1..256u64).step_by(2) {
            for offset in [0, 1, 77, 255, 300] {
                let table = ByteTable::new(step, offset).expect("odd steps are co-prime to 256");
                let outer = ByteTable::new((step * 5 + 2) | 1, offset + 9).expect("odd step");
                for t in [table.clone(), table.inverse(), table.then(&outer)] {
                    let mut encoded = data.clone();
                    t.encode_in_place(&mut encoded);
                    let looked_up: Vec<u8> =
                        data.iter().map(|&b| t.forward()[b as usize]).collect();
                    assert_eq!(encoded, looked_up, "step {step} offset {offset}");
                    let mut decoded = data.clone();
                    t.decode_in_place(&mut decoded);
                    let looked_up: Vec<u8> =
                        data.iter().map(|&b| t.backward()[b as usize]).collect();
                    assert_eq!(decoded, looked_up, "step {step} offset {offset}");
                }
            }
        }
    }
}
