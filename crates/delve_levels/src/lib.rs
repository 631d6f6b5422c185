//! delve's level generators, as a library for any Rust game: seeded, pure, and
//! reproduced byte for byte from a short printable level key. No engine in here — the
//! generators take a config and a seed and return plain data (a [`grid::Grid`] of
//! [`grid::Tile`]s, stairs, loot and monster placements), so a Bevy game, a terminal
//! game or a tool can use them alike.
//!
//! The modules, in layers (each uses only those above it):
//!
//! - **building blocks**: [`grid`] (the map and its tiles), [`rng`] (one master seed → a
//!   seed per depth → a stream per purpose), [`perm`] (permutation tables over co-prime
//!   steps, the GCD methods, the co-prime finder), [`analysis`] (walls, regions,
//!   distances), [`dijkstra`] (Dijkstra maps), [`fov`] (field of view), [`line`] (lines
//!   of fire), [`schedule`] (the turn scheduler), [`ron_text`] (RON with error
//!   positions), [`save`] (the save file's scrambled, checksummed envelope);
//! - **what levels hold**: [`loot`] (the loot table and where a level's loot lies) and
//!   [`monsters`] (the monster table, spawning, combat rolls);
//! - **making levels**: [`generator`] (every generator kind, listed once, and the chain
//!   of steps a level is made by), [`vaults`] (hand-made places from RON), [`key`]
//!   (level keys), [`config`] (seeded RON campaign configs).
//!
//! A level of any kind, made from a config, a depth and a seed, printed, and made again
//! from its printable key:
//!
//! ```
//! use delve_levels::generator::GeneratorKind;
//! use delve_levels::key::LevelKey;
//!
//! let key = LevelKey::new(GeneratorKind::Accretion.default_config(), 1, 7);
//! let level = key.generate().expect("the defaults always make a level");
//! println!("{}", level.tiles.to_ascii());
//!
//! let printed = key.encode(); // "1C1G-…": what the game shows and `delve gen --key` takes
//! let again = LevelKey::decode(&printed).unwrap().generate().unwrap();
//! assert_eq!(again, level);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
pub mod dijkstra;
pub mod fov;
pub mod grid;
pub mod line;
pub mod perm;
pub mod rng;
pub mod ron_text;
pub mod save;
pub mod schedule;

pub mod loot;
pub mod monsters;

pub mod config;
pub mod generator;
pub mod key;
pub mod vaults;

/// The crate's README, whose example runs as a doctest, so that what it shows stays
/// true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
