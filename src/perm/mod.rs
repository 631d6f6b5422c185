//! Permutation tables over co-prime steps, the GCD methods behind them, and ways of
//! combining several tables (nested, sequential, chained).
//!
//! - [`gcd`]: the seed's three gcd methods, co-primeness, co-prime finders.
//! - [`table`]: [`PermTable`] (`t[i] = (i·step + offset) mod n`) and [`ByteTable`].
//! - [`multi`]: nested, sequential and chained use of several byte tables.

pub mod gcd;
pub mod multi;
pub mod table;

pub use gcd::{CoprimeError, coprimes, coprimes_fast, is_coprime};
pub use multi::{ChainedTables, Scrambler, SequentialTables, nest};
pub use table::{ByteTable, PermError, PermTable};
