//! The pure core and the CLI, as one test binary (each test binary links Bevy again, so
//! they are few). Each module states one area's properties.

mod abilities;
mod accretion;
mod allies;
mod ascii;
mod catalog;
mod caves;
mod cli;
mod configs;
mod fight;
mod follow_campaign;
mod fuzz_corpora;
mod golden;
mod history;
mod item_choices;
mod items;
mod keys;
mod kinds;
mod level_changes;
mod limits;
mod loot;
mod mazes;
mod measures;
mod odd_input;
#[path = "../support/paths.rs"]
mod paths;
mod perm;
mod real_run;
#[path = "../support/recordings.rs"]
mod recording_plan;
mod recordings;
mod records;
mod rooms;
mod run;
mod save;
mod save_files;
mod stats;
mod support;
#[path = "../support/temp_dir.rs"]
mod temp_dir;
mod terrain;
mod travel;
mod vault_play;
mod vault_tools;
mod vaults;
