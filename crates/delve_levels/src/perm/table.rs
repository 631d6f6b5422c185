//! Permutation tables: `t[i] = (i * step + offset) mod n` over `n` slots, a bijection
//! exactly when `gcd(step, n) = 1` (the seed's "even distribution table"). Each has an
//! inverse of the same form, and two over the same slots nest into one. The 256-slot
//! case as a byte substitution is [`super::ByteTable`].

use std::fmt;

use super::gcd::{gcd_modulus_u64, mod_inverse};
use crate::rng::StreamRng;

/// Why a permutation table could not be made or combined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PermError {
    /// A table needs at least one slot.
    NoSlots,
    /// The step shares a factor with the slot count, so the table would repeat slots.
    StepNotCoprime {
        /// The step asked for.
        step: u64,
        /// The slot count.
        slots: u64,
        /// Their greatest common divisor (above 1).
        common_factor: u64,
    },
    /// Two tables combined by nesting must have the same number of slots.
    SlotsDiffer {
        /// Slots of the inner table.
        inner: u64,
        /// Slots of the outer table.
        outer: u64,
    },
    /// A byte substitution needs a table of exactly 256 slots.
    NotByteSized {
        /// Slots of the table offered.
        slots: u64,
    },
    /// Combining tables needs at least one table.
    NoTables,
    /// More tables than a combination can use.
    TooManyTables {
        /// Tables given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// A slice to permute must have one item per slot.
    LengthDiffers {
        /// Items given.
        items: usize,
        /// Slots of the table.
        slots: u64,
    },
}

impl fmt::Display for PermError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PermError::NoSlots => write!(f, "a permutation table needs at least 1 slot, got 0"),
            PermError::StepNotCoprime {
                step,
                slots,
                common_factor,
            } => write!(
                f,
                "step {step} is not co-prime to {slots} slots (both are divisible by {common_factor}), \
                 so the table would not be a permutation"
            ),
            PermError::SlotsDiffer { inner, outer } => {
                write!(
                    f,
                    "cannot nest a {inner}-slot table inside a {outer}-slot table"
                )
            }
            PermError::NotByteSized { slots } => {
                write!(
                    f,
                    "a byte substitution needs a 256-slot table, got {slots} slots"
                )
            }
            PermError::NoTables => write!(f, "at least one table is needed"),
            PermError::TooManyTables { count, max } => {
                write!(f, "{count} tables given; at most {max} can be used")
            }
            PermError::LengthDiffers { items, slots } => {
                write!(f, "cannot permute {items} items with a {slots}-slot table")
            }
        }
    }
}

impl std::error::Error for PermError {}

/// A permutation of `0..slots`: slot `i` maps to `(i * step + offset) mod slots`.
///
/// It is stored by its parameters, not as a list, so any slot count up to `u32::MAX`
/// costs nothing; [`PermTable::get`] evaluates one slot and [`PermTable::to_vec`] lists
/// them all. The step and offset may be any `u64`, far larger than the slot count; only
/// their values modulo the slot count matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PermTable {
    slots: u32,
    step: u64,
    offset: u64,
    step_mod: u32,
    offset_mod: u32,
}

impl PermTable {
    /// The table over `slots` slots with this step and offset. Errors when `slots` is 0
    /// or `step` is not co-prime to `slots` (the error names both).
    pub fn new(slots: u32, step: u64, offset: u64) -> Result<Self, PermError> {
        if slots == 0 {
            return Err(PermError::NoSlots);
        }
        let common_factor = gcd_modulus_u64(step, slots as u64);
        if common_factor != 1 {
            return Err(PermError::StepNotCoprime {
                step,
                slots: slots as u64,
                common_factor,
            });
        }
        Ok(PermTable {
            slots,
            step,
            offset,
            step_mod: (step % slots as u64) as u32,
            offset_mod: (offset % slots as u64) as u32,
        })
    }

    /// A table over `slots` slots drawn from `rng` in exactly two draws: a uniform value
    /// in `0..slots`, moved up (cyclically) to the first residue co-prime to `slots`, is
    /// the step; a uniform value in `0..slots` is the offset. Steps after a long run of
    /// non-co-prime residues are a little likelier than others; the scan is short (a few
    /// dozen residues at most in practice) and needs no memory. Errors only when `slots`
    /// is 0.
    pub fn random(slots: u32, rng: &mut StreamRng) -> Result<Self, PermError> {
        if slots == 0 {
            return Err(PermError::NoSlots);
        }
        let start = rng.below(slots) as u64;
        let n = slots as u64;
        let step = (0..n)
            .map(|distance| (start + distance) % n)
            .find(|&candidate| gcd_modulus_u64(candidate, n) == 1)
            .unwrap_or(1); // Never used: residue 1 (or 0 when n = 1) is always co-prime.
        let offset = rng.below(slots);
        PermTable::new(slots, step, offset as u64)
    }

    /// Number of slots.
    pub fn slots(&self) -> u32 {
        self.slots
    }

    /// The step as given.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The offset as given.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Where slot `index` goes, `(index * step + offset) mod slots`; `None` when
    /// `index` is not a slot.
    #[inline]
    pub fn get(&self, index: u32) -> Option<u32> {
        (index < self.slots).then(|| self.map(index))
    }

    /// Where an in-range slot goes. Fits in `u64`: `index * step_mod < 2^64 - 2^33`.
    #[inline]
    fn map(&self, index: u32) -> u32 {
        ((index as u64 * self.step_mod as u64 + self.offset_mod as u64) % self.slots as u64) as u32
    }

    /// Every slot's image in slot order: `t[0], t[1], …`.
    pub fn iter(&self) -> impl Iterator<Item = u32> + Clone + use<> {
        // Adding the step each time is the formula without a multiply or division.
        let slots = self.slots as u64;
        let step = self.step_mod as u64;
        (0..self.slots).scan(self.offset_mod as u64, move |current, _| {
            let value = *current;
            *current += step;
            if *current >= slots {
                *current -= slots;
            }
            Some(value as u32)
        })
    }

    /// The whole table as a list.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The table that undoes this one: `inverse.get(t[i]) = i`. It has the same form,
    /// with step `step⁻¹ mod slots` and offset `-offset · step⁻¹ mod slots`.
    pub fn inverse(&self) -> PermTable {
        let n = self.slots as u128;
        // Exists: `new` checked gcd(step, slots) = 1.
        let inverse_step =
            mod_inverse(self.step_mod as u64, self.slots as u64).unwrap_or(1) as u128;
        let inverse_offset = (n - self.offset_mod as u128) % n * inverse_step % n;
        PermTable {
            slots: self.slots,
            step: inverse_step as u64,
            offset: inverse_offset as u64,
            step_mod: inverse_step as u32,
            offset_mod: inverse_offset as u32,
        }
    }

    /// Nesting: the one table that applies `self` first and `outer` to its result,
    /// `outer(self(i))`, so several nested tables still cost one lookup. Steps multiply,
    /// offsets combine as `outer.step · self.offset + outer.offset`.
    pub fn then(&self, outer: &PermTable) -> Result<PermTable, PermError> {
        if self.slots != outer.slots {
            return Err(PermError::SlotsDiffer {
                inner: self.slots as u64,
                outer: outer.slots as u64,
            });
        }
        let n = self.slots as u128;
        let step = outer.step_mod as u128 * self.step_mod as u128 % n;
        let offset =
            (outer.step_mod as u128 * self.offset_mod as u128 + outer.offset_mod as u128) % n;
        PermTable::new(self.slots, step as u64, offset as u64)
    }

    /// `items` rearranged by the table: item `i` of the result is `items[t[i]]`.
    pub fn permute<T: Clone>(&self, items: &[T]) -> Result<Vec<T>, PermError> {
        if items.len() as u64 != self.slots as u64 {
            return Err(PermError::LengthDiffers {
                items: items.len(),
                slots: self.slots as u64,
            });
        }
        Ok(self
            .iter()
            .map(|source| items[source as usize].clone())
            .collect())
    }
}
