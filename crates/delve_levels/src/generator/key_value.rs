//! A generator parameter's value as a level key writes it (a whole number), and the one
//! bounds check every parameter goes through. Below both the config schema and the
//! parameters' own types (the features' lake kind, the cave's rule), which implement it.

use super::{Invalid, check_range};

/// A parameter's value as a level key writes it: a whole number.
pub trait KeyValue: Sized {
    /// The number a key writes.
    fn to_key(&self) -> u32;
    /// The value a key's number stands for, if any.
    fn from_key(value: u32) -> Option<Self>;
}

impl KeyValue for u32 {
    fn to_key(&self) -> u32 {
        *self
    }
    fn from_key(value: u32) -> Option<u32> {
        Some(value)
    }
}

/// Checks a parameter against its bounds, as a config's validation does.
pub fn check<T: KeyValue>(
    name: &'static str,
    value: &T,
    min: u32,
    max: u32,
) -> Result<(), Invalid> {
    check_range(name, value.to_key(), min, max)
}
