//! The headless game's ECS glue: `MinimalPlugins` + `StatesPlugin` + `GamePlugin`, stepped
//! with `app.update()`, checked by querying the `World` (as Bevy's own
//! `tests/how_to_test_systems.rs`). What is checked is the glue, not the rules — those
//! are checked once, through the run model, in `tests/core`: that the world mirrors the
//! run (a tile entity per cell, the player's and the monsters' entities), that input
//! messages reach the run, that what came of an action is told as messages, that saves
//! go through the game's requests, and what a headless run reports. One test binary, a
//! module per behaviour, sharing the `TestContext` defined here.

#[cfg(feature = "watch")]
mod assets;
mod headless;
mod messages;
mod mirror;
// The game's tests use only part of it.
#[allow(dead_code)]
#[path = "../../../../tests/support/paths.rs"]
mod paths;
#[path = "../../../../tests/support/recordings.rs"]
mod recording_plan;
mod recordings;
mod saves;
mod title;
// The game's tests use only part of it.
#[allow(dead_code)]
#[path = "../../../../tests/support/temp_dir.rs"]
mod temp_dir;

/// The workspace's root folder, where `levels/` and the `tests/` data live.
pub fn workspace_root() -> &'static std::path::Path {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

use bevy::ecs::message::Message as BevyMessage;
use bevy::prelude::*;
use delve_rules::records::slot::SaveSlot;

use bevy_delve::game::ActionApplied;
use bevy_delve::game::RunSettings;
use bevy_delve::game::headless::{headless_app, perform, settle};
use bevy_delve::game::level::{LevelMonster, MapSize, MapTile};
use bevy_delve::game::{Disturbed, GridPos, Notice, NoticeLog, Player, PlayerAction, RunModel};
use bevy_delve::game::{LevelEntered, RunLoaded, SaveRequest};
use delve_levels::config::CampaignConfig;
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::{Mind, Monster, default_monster_table};
use delve_rules::run::{Rules, RunState};

/// A running game and the helpers the tests share.
struct TestContext {
    app: App,
}

impl TestContext {
    /// A peaceful game of the built-in campaign on run seed `seed`, started.
    fn new(seed: u64) -> Self {
        Self::with_settings(settings(seed))
    }

    /// A game started with `settings`, hearing the messages the tests ask about.
    fn with_settings(settings: RunSettings) -> Self {
        let mut app = headless_app(settings);
        hear::<LevelEntered>(&mut app);
        hear::<Notice>(&mut app);
        hear::<Disturbed>(&mut app);
        hear::<ActionApplied>(&mut app);
        hear::<SaveRequest>(&mut app);
        hear::<RunLoaded>(&mut app);
        settle(&mut app);
        TestContext { app }
    }

    /// The run model the game holds.
    fn run(&self) -> &RunState {
        &self.app.world().resource::<RunModel>().0
    }

    /// Changes the run model as `change` says (a test setting the scene), then lets
    /// the game mirror it.
    fn change_run(&mut self, change: impl FnOnce(&mut RunState)) {
        change(&mut self.app.world_mut().resource_mut::<RunModel>().0);
        settle(&mut self.app);
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
            self.run().player(),
            "the player's entity mirrors the run"
        );
        shown
    }

    /// Queues `actions` and steps the game until they are all applied.
    fn act(&mut self, actions: &[PlayerAction]) {
        perform(&mut self.app, actions);
    }

    /// Walks (orthogonal steps) to `to`.
    fn walk_to(&mut self, to: Pos) {
        let from = self.player();
        let path = paths::walk(&self.run().level().level.tiles, from, to);
        self.act(&path);
        assert_eq!(self.player(), to);
    }

    /// The tile entities, row by row.
    fn map_tiles(&mut self) -> Vec<MapTile> {
        let world = self.app.world_mut();
        let mut tiles: Vec<MapTile> = world.query::<&MapTile>().iter(world).copied().collect();
        tiles.sort_by_key(|t| (t.pos.y, t.pos.x));
        tiles
    }

    /// The monster entities: (id, kind, position, hit points), by id.
    fn monster_entities(&mut self) -> Vec<(u32, usize, Pos, u32)> {
        let world = self.app.world_mut();
        let mut shown: Vec<_> = world
            .query::<(&LevelMonster, &GridPos)>()
            .iter(world)
            .map(|(m, at)| (m.id, m.kind, at.0, m.hp))
            .collect();
        shown.sort();
        shown
    }

    /// Asserts that the world shows the run as it is: one tile entity per cell of the
    /// level, showing what the run shows there; the map's size; the player's entity
    /// where the player stands; a monster entity per monster, alike in every field.
    fn assert_mirrors_the_run(&mut self) {
        let run = self.run().clone();
        let grid = &run.level().level.tiles;
        let tiles = self.map_tiles();
        assert_eq!(tiles.len(), grid.len(), "a tile entity per cell");
        for (index, shown) in tiles.iter().enumerate() {
            let (tile, sight) = run.shown(index);
            assert_eq!(
                (shown.pos, shown.tile, shown.sight),
                (grid.pos_of(index), tile, sight),
                "the tile entity of cell {index}"
            );
        }
        assert_eq!(
            *self.app.world().resource::<MapSize>(),
            MapSize {
                width: grid.width() as u32,
                height: grid.height() as u32,
            }
        );
        self.player();
        let mut monsters: Vec<_> = run
            .level()
            .monsters
            .iter()
            .map(|m| (m.id, m.kind, m.pos, m.hp))
            .collect();
        monsters.sort();
        assert_eq!(
            self.monster_entities(),
            monsters,
            "a monster entity per monster"
        );
    }

    /// The messages of type `M` written since the last call (or the start).
    fn heard<M: BevyMessage + Clone>(&mut self) -> Vec<M> {
        std::mem::take(&mut self.app.world_mut().resource_mut::<Heard<M>>().0)
    }

    /// Every notice the log holds, a repeated one as often as it was told (the log
    /// keeps it once, with its count).
    fn log(&self) -> Vec<String> {
        let log = self.app.world().resource::<NoticeLog>();
        (log.0.entries.iter())
            .flat_map(|m| std::iter::repeat_n(m.text.clone(), m.count as usize))
            .collect()
    }

    /// Leaves only a monster of `kind` on the level, at `pos`, hunting the player.
    fn alone_with(&mut self, kind: &str, pos: Pos) {
        let kind = default_monster_table().index_of(kind).unwrap();
        self.change_run(|run| {
            let player = run.player();
            run.stage().set_monsters(vec![Monster {
                id: 0,
                kind,
                pos,
                hp: default_monster_table().kind(kind).unwrap().hp,
                mind: Mind::Hunting(player),
                ..Default::default()
            }]);
        });
    }
}

/// The messages of type `M` a test app has written, in order.
#[derive(Resource)]
struct Heard<M: BevyMessage>(Vec<M>);

impl<M: BevyMessage> Default for Heard<M> {
    fn default() -> Self {
        Heard(Vec::new())
    }
}

/// Keeps every message of type `M` the app writes, for [`TestContext::heard`].
fn hear<M: BevyMessage + Clone>(app: &mut App) {
    app.init_resource::<Heard<M>>().add_systems(
        Last,
        |mut messages: MessageReader<M>, mut heard: ResMut<Heard<M>>| {
            heard.0.extend(messages.read().cloned());
        },
    );
}

/// A peaceful game of the built-in campaign on run seed `seed`, saving to a file of its
/// own.
fn settings(seed: u64) -> RunSettings {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    RunSettings {
        campaign,
        start: None,
        resume: None,
        rules: Rules::Peaceful,
        save_slot: SaveSlot::file(
            std::env::temp_dir().join(format!("delve-game-{seed}-{}.sav", std::process::id())),
        ),
        record: bevy_delve::game::RecordTo::Nowhere,
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    }
}

/// [`settings`], with monsters.
fn fighting(seed: u64) -> RunSettings {
    RunSettings {
        rules: Rules::Monsters,
        ..settings(seed)
    }
}

/// A floor tile `distance` steps (Chebyshev) from the player, in view.
fn floor_in_view(run: &RunState, distance: i32) -> Option<Pos> {
    let tiles = &run.level().level.tiles;
    tiles.positions().find(|&p| {
        tiles[p] == Tile::Floor && run.level().in_view(p) && p.chebyshev(run.player()) == distance
    })
}

fn actions(letters: &str) -> Vec<PlayerAction> {
    bevy_delve::game::parse_actions(letters).unwrap()
}
