//! The run model, the view and the records, as one test binary (no Bevy in it: `cargo
//! test -p delve_rules`). Each module states one area's properties.

mod abilities;
mod allies;
mod barred_door;
mod deep_water;
mod docs;
mod enchanted_items;
mod fight;
mod flow_bugs;
mod follow_campaign;
mod fuzz_corpora;
mod hunger;
mod item_choices;
mod items;
mod kinds;
mod ledge;
mod level_changes;
mod odd_input;
mod pointer;
mod shops;
// The rules' tests use only part of it.
#[allow(dead_code)]
#[path = "../../../../tests/support/paths.rs"]
mod paths;
mod real_run;
mod recorder;
mod recording_checks;
mod records;
mod run;
mod storage;
mod support;
#[path = "../../../../tests/support/temp_dir.rs"]
mod temp_dir;
mod terrain;
mod travel;
mod vault_play;
mod watching;

/// The workspace's root folder, where `levels/` and the `tests/` data live.
pub fn workspace_root() -> &'static std::path::Path {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}
