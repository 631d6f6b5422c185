//! The building blocks every other part stands on, none of them about a game: the map
//! grid and its tiles, seeded random streams, permutation tables over co-prime steps,
//! the map analyses the generators and measures share, Dijkstra maps, field of view, the
//! turn scheduler, RON text with its error positions, and the save file's envelope
//! (checksummed, scrambled, written crash-safe). Nothing here imports from outside
//! `base`.

internal_mod!(analysis);
pub mod dijkstra;
pub mod fov;
pub mod grid;
pub mod line;
pub mod perm;
pub mod rng;
pub mod ron_text;
pub mod save;
pub mod schedule;
