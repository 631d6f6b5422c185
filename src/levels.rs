//! Making levels: the generators (one module per kind, all listed once in
//! [`generator`]), the level keys that make a level again byte for byte, and the RON
//! campaign configs that say which generator makes each depth. Levels are made from
//! [`crate::base`] and hold [`crate::content`]'s loot; nothing here knows of runs.

pub mod config;
pub mod generator;
pub mod key;
pub mod vaults;
