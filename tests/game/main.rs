//! The headless game: `MinimalPlugins` + `StatesPlugin` + `GamePlugin`, stepped with
//! `app.update()`, checked by querying the `World` — one test binary, a module per
//! behaviour, sharing the `TestContext` defined here.

mod monsters;
mod movement;
mod pick_up;
mod regenerate;
mod replay;
mod saves;
mod stairs;
mod watch;

use std::collections::VecDeque;

use bevy::prelude::*;

use delve::config::CampaignConfig;
use delve::game::headless::{final_state, headless_app, perform, run_headless, settle};
use delve::game::level::MapTile;
use delve::game::{GridPos, Player, PlayerAction, RunModel, RunSettings};
use delve::generator::generate_level;
use delve::grid::{ORTHOGONAL, Pos, Tile};
use delve::key::LevelKey;
use delve::run::{LevelInPlay, RunState};

/// A running game and the helpers the tests share.
struct TestContext {
    app: App,
}

impl TestContext {
    fn new(seed: u64) -> Self {
        Self::with_settings(settings(seed, None))
    }

    fn with_settings(settings: RunSettings) -> Self {
        let mut app = headless_app(settings);
        settle(&mut app);
        TestContext { app }
    }

    fn run(&self) -> &RunState {
        &self.app.world().resource::<RunModel>().0
    }

    fn current(&self) -> &LevelInPlay {
        &self.run().level
    }

    /// Where the player stands: the run's word, which the player's entity mirrors.
    fn player(&mut self) -> Pos {
        let world = self.app.world_mut();
        let shown = world
            .query_filtered::<&GridPos, With<Player>>()
            .single(world)
            .unwrap()
            .0;
        assert_eq!(
            shown,
            self.run().player,
            "the player's entity mirrors the run"
        );
        shown
    }

    fn act(&mut self, actions: &[PlayerAction]) {
        perform(&mut self.app, actions);
    }

    /// Walks (orthogonal steps) to `to`.
    fn walk_to(&mut self, to: Pos) {
        let from = self.player();
        let path = path_between(&self.current().level.tiles, from, to).expect("reachable");
        self.act(&path);
        assert_eq!(self.player(), to);
    }

    fn map_tiles(&mut self) -> Vec<MapTile> {
        let world = self.app.world_mut();
        let mut tiles: Vec<MapTile> = world.query::<&MapTile>().iter(world).copied().collect();
        tiles.sort_by_key(|t| (t.pos.y, t.pos.x));
        tiles
    }
}

/// A headless run that goes on with the run saved at `path` (as `delve play --load`).
fn load_headless(path: &std::path::Path) -> Result<delve::game::headless::FinalState, String> {
    let resume = delve::game::ResumedRun::load(path).map_err(|e| e.to_string())?;
    let settings = RunSettings {
        resume: Some(resume),
        ..settings(7, None)
    };
    run_headless(settings, &[], None).map_err(|e| e.to_string())
}

fn settings(seed: u64, start: Option<LevelKey>) -> RunSettings {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    RunSettings {
        campaign,
        start,
        resume: None,
        rules: delve::run::Rules::Peaceful,
        save_path: std::env::temp_dir()
            .join(format!("delve-game-{seed}-{}.sav", std::process::id())),
        record: None,
        offer_to_continue: false,
    }
}

/// Orthogonal moves from `from` to `to` by BFS.
fn path_between(tiles: &delve::grid::Grid<Tile>, from: Pos, to: Pos) -> Option<Vec<PlayerAction>> {
    let mut came = vec![None; tiles.len()];
    let mut queue = VecDeque::from([from]);
    came[tiles.index_of(from)] = Some(from);
    while let Some(p) = queue.pop_front() {
        if p == to {
            let mut steps = Vec::new();
            let mut at = to;
            while at != from {
                let prev = came[tiles.index_of(at)].unwrap();
                steps.push(PlayerAction::Move(at.x - prev.x, at.y - prev.y));
                at = prev;
            }
            steps.reverse();
            return Some(steps);
        }
        for (dx, dy) in ORTHOGONAL {
            let q = p.offset(dx, dy);
            if tiles.is_walkable(q) && came[tiles.index_of(q)].is_none() {
                came[tiles.index_of(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    None
}

pub(crate) fn inventory(t: &TestContext) -> Vec<usize> {
    t.run().inventory.clone()
}

pub(crate) fn actions(letters: &str) -> Vec<PlayerAction> {
    delve::game::parse_actions(letters).unwrap()
}
