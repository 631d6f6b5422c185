//! The command line and the designers' tools, as one test binary. Each module states one
//! area's properties. (The generators' tests are `crates/delve_levels/tests`, the rules'
//! `crates/delve_rules/tests`, the Bevy layer's `crates/bevy_delve/tests`.)

mod accretion;
mod catalog;
mod cli;
mod cyclic;
#[path = "../support/dead_ends.rs"]
mod dead_ends;
mod history;
mod layers;
mod measures;
#[path = "../support/paths.rs"]
mod paths;
mod recorded_runs;
mod stats;
#[path = "../support/temp_dir.rs"]
mod temp_dir;
mod vault_tools;
