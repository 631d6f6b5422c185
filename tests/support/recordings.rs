//! The committed recordings under `tests/recordings/`: which they are, and the player's
//! run that makes them. The core tests check that recording the plan now gives them;
//! `cargo run --example make_recordings` writes them anew. Needs the `paths` module
//! beside it (`tests/support/paths.rs`).

use std::path::{Path, PathBuf};

use bevy_delve::game::RunSettings;
use bevy_delve::game::headless::{headless_app, perform, settle};
use delve_levels::config::CampaignConfig;
use delve_levels::grid::Pos;
use delve_rules::run::{GameSave, PlayerAction, Rules, RunState};

/// The committed recordings: (file, run seed).
pub const COMMITTED: &[(&str, u64)] = &[("descent-3.rec", 3), ("descent-11.rec", 11)];

/// Where the committed recordings lie.
pub fn committed_folder() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/recordings")
}

/// The campaign the committed recording of run seed `seed` was made in — the one its
/// file names (the built-in campaign as it was then: before terrain, say), under the
/// embedded loot table unless the file holds its own, so that the plan recorded now
/// plays the same run; the built-in campaign for a seed with no committed file yet.
fn campaign(seed: u64) -> CampaignConfig {
    let committed = COMMITTED
        .iter()
        .find(|&&(_, s)| s == seed)
        .and_then(|(file, _)| std::fs::read_to_string(committed_folder().join(file)).ok());
    if let Some(text) = committed {
        let recording = delve_rules::run::record::Recording::parse(&text)
            .unwrap_or_else(|e| panic!("the committed recording of seed {seed}: {e}"));
        return match recording.start.loot_table {
            Some(_) => recording.start.campaign,
            None => recording.start.campaign.with_embedded_loot_table(),
        };
    }
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign
}

/// Orthogonal steps from the player to `to`.
fn walk(run: &RunState, to: Pos) -> Vec<PlayerAction> {
    super::paths::walk(&run.level().level.tiles, run.player(), to)
}

/// A player's run over the first three depths (a cave, a room dungeon, a maze): a few
/// items picked up on each, a save, a detour and a load on the second, then the stairs
/// down; on the fourth, a regenerated level, a watched cave and a maze.
pub fn plan(seed: u64) -> Vec<PlayerAction> {
    let (mut run, _) = RunState::start(campaign(seed), None, Rules::Peaceful).unwrap();
    let mut saved: Option<GameSave> = None;
    let mut actions = Vec::new();
    let mut act = |run: &mut RunState, action: PlayerAction| {
        match action {
            PlayerAction::Save => saved = Some(run.snapshot()),
            PlayerAction::Load => {
                *run = RunState::restore(saved.clone().expect("saved first")).unwrap();
            }
            _ => {
                run.apply(action);
            }
        }
        actions.push(action);
    };
    for depth in 1..=3 {
        let items: Vec<Pos> = run.level().items.iter().map(|i| i.pos).take(3).collect();
        for item in items {
            for step in walk(&run, item) {
                act(&mut run, step);
            }
        }
        if depth == 2 {
            act(&mut run, PlayerAction::Save);
            let down = run.level().level.down;
            for step in walk(&run, down).into_iter().take(12) {
                act(&mut run, step);
            }
            act(&mut run, PlayerAction::Load);
        }
        let down = run.level().level.down;
        for step in walk(&run, down) {
            act(&mut run, step);
        }
        act(&mut run, PlayerAction::Descend);
    }
    for action in bevy_delve::game::parse_actions("R 1 s s s . 3 2 K").unwrap() {
        act(&mut run, action);
    }
    actions
}

/// Records `plan(seed)` to `to` through the game itself (the ECS recorder, saves on
/// disk).
pub fn record(seed: u64, to: &Path) {
    let save = std::env::temp_dir().join(format!("delve-rec-{seed}-{}.sav", std::process::id()));
    let mut app = headless_app(RunSettings {
        campaign: campaign(seed),
        start: None,
        resume: None,
        rules: Rules::Peaceful,
        save_slot: delve_rules::records::slot::SaveSlot::file(save),
        record: bevy_delve::game::RecordTo::File(to.to_path_buf()),
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    });
    settle(&mut app);
    perform(&mut app, &plan(seed));
}
