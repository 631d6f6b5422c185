//! The map analyses the generators, loot placement and the level measures share: walls
//! packed 64 to a word ([`wall_bits`]), walkable regions ([`regions`]), walking
//! distances by breadth-first search ([`distances`]) and the walkable graph
//! ([`walkable`]).

pub mod distances;
pub mod regions;
pub mod walkable;
pub mod wall_bits;
