//! The generators, keys, configs, tables and save envelope, as one test binary (no Bevy
//! in it: `cargo test -p delve_levels`). Each module states one area's properties.

mod ascii;
mod caves;
mod configs;
mod cyclic;
#[path = "../../../../tests/support/dead_ends.rs"]
mod dead_ends;
mod golden;
mod keys;
mod limits;
mod loot;
mod mazes;
mod perm;
mod rooms;
mod save;
mod save_files;
#[path = "../../../../tests/support/temp_dir.rs"]
mod temp_dir;
mod vaults;

/// The workspace's root folder, where `levels/`, `tests/` data and `fuzz/` live.
pub fn workspace_root() -> &'static std::path::Path {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}
