//! Designers' tools over many levels: seed catalogs, level measures (loops, chokepoints,
//! dead ends, the longest walk), surveys of thousands of levels and their plots, and
//! PNG pictures of a level, the vault designer's check and show, and the balance report
//! of bots playing whole runs. They read levels and runs; the game does not use them.

pub mod balance;
pub mod catalog;
pub mod measures;
pub mod picture;
pub mod stats;
pub mod vaults;
