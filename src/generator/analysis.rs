//! The map analyses every generator shares: walls packed 64 to a word
//! ([`wall_bits`]), walkable regions ([`regions`]) and walking distances by
//! breadth-first search ([`distances`]).

pub mod distances;
pub mod regions;
pub mod wall_bits;
