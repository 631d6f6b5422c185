//! Permutation tables over co-prime steps, the GCD methods behind them, and ways of
//! combining several tables (nested, sequential, chained).
//!
//! - [`gcd`]: the seed's three gcd methods, co-primeness, co-prime finders.
//! - [`table`]: [`PermTable`] (`t[i] = (i·step + offset) mod n`).
//! - [`byte_table`]: [`ByteTable`], the 256-slot table as a byte substitution.
//! - [`multi`]: nested, sequential and chained use of several byte tables.

pub mod byte_table;
pub mod gcd;
pub mod multi;
pub mod table;

pub use byte_table::ByteTable;
pub use gcd::{CoprimeError, coprimes, coprimes_fast, is_coprime};
pub use multi::{ChainedTables, Scrambler, SequentialTables, nest};
pub use table::{PermError, PermTable};
