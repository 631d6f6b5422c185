//! Designers' tools over many levels: seed catalogs, level measures (loops, chokepoints,
//! dead ends, the longest walk), surveys of thousands of levels and their plots, and
//! PNG pictures of a level, and the vault designer's check and show. They read levels;
//! the game does not use them.

pub mod catalog;
pub mod measures;
pub mod picture;
pub mod stats;
pub mod vaults;
