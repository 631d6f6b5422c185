//! The `delve` binary's library: the designers' tools over many levels and runs — seed
//! catalogs, level measures (loops, chokepoints, dead ends, the longest walk), surveys of
//! thousands of levels and their plots, PNG pictures of a level, the vault designer's
//! check and show, and the balance bots that play whole runs. They read levels
//! ([`delve_levels`]) and runs ([`delve_rules`]); the game does not use them. The
//! command line itself is the binary's (`src/cli`).
//!
//! The crates of the workspace, each using only those before it:
//!
//! - `delve_levels`: the level generators, keys, configs, loot and monster tables (no
//!   Bevy);
//! - `delve_rules`: the run model, the pure view, records (no Bevy);
//! - `bevy_delve`: the Bevy plugins (the headless game, assets and live reload, the
//!   window, the terminal);
//! - `delve` (this one): the tools and the command line.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod balance;
pub mod catalog;
pub mod measures;
pub mod picture;
pub mod stats;
pub mod vaults;
