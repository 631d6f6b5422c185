//! Headless runs: the very same [`GamePlugin`] under `MinimalPlugins`, driven by a string
//! of actions, ending in a printable [`FinalState`]. Same seed and same actions give the
//! same final state: a replay.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde::Serialize;

use super::actions::{ActionQueue, PlayerAction};
use super::level::{CurrentLevel, Inventory, PendingLevel, Run, Turns};
use super::saving::{restore, snapshot, write_save};
use super::{GamePlugin, GridPos, Notice, NoticeLog, Player, RunSettings};
use crate::grid::Pos;
use crate::save::SaveError;

/// A game app with no window: `MinimalPlugins`, `StatesPlugin` and the [`GamePlugin`].
/// Call `update()` once to generate the first level.
pub fn headless_app(settings: RunSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin { settings }));
    app
}

/// The state a headless run ends in.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct FinalState {
    /// Depth the player is on.
    pub depth: u32,
    /// Generator of that level.
    pub kind: String,
    /// Key of that level.
    pub level_key: String,
    /// Where the player stands.
    pub position: Pos,
    /// What the player carries, as the player would see it named.
    pub inventory: Vec<String>,
    /// Turns taken.
    pub turns: u64,
    /// Messages the game showed, in order.
    pub messages: Vec<String>,
}

/// Why a headless run failed.
#[derive(Debug)]
pub enum HeadlessError {
    /// `--load` failed.
    Load(SaveError),
    /// `--save` failed.
    Save(SaveError),
    /// The game never produced a level.
    NoLevel,
}

impl std::fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeadlessError::Load(e) => write!(f, "--load: {e}"),
            HeadlessError::Save(e) => write!(f, "--save: {e}"),
            HeadlessError::NoLevel => write!(f, "the first level could not be generated"),
        }
    }
}

impl std::error::Error for HeadlessError {}

/// Steps the app until every queued action is applied and no level change is pending.
pub fn settle(app: &mut App) {
    for _ in 0..10_000 {
        app.update();
        let queue_empty = app.world().resource::<ActionQueue>().0.is_empty();
        let nothing_pending = app.world().resource::<PendingLevel>().0.is_none();
        if queue_empty && nothing_pending {
            return;
        }
    }
}

/// Queues actions and applies them all.
pub fn perform(app: &mut App, actions: &[PlayerAction]) {
    app.world_mut()
        .resource_mut::<ActionQueue>()
        .0
        .extend(actions.iter().copied());
    settle(app);
}

/// Where the player stands.
fn player_position(world: &mut World) -> Result<Pos, HeadlessError> {
    world
        .query_filtered::<&GridPos, With<Player>>()
        .single(world)
        .map(|p| p.0)
        .map_err(|_| HeadlessError::NoLevel)
}

/// Reads the final state of a game app.
pub fn final_state(app: &mut App) -> Result<FinalState, HeadlessError> {
    let world = app.world_mut();
    let position = player_position(world)?;
    let current = world
        .get_resource::<CurrentLevel>()
        .ok_or(HeadlessError::NoLevel)?;
    let inventory = world.resource::<Inventory>();
    let run_seed = world.resource::<Run>().campaign.seed;
    Ok(FinalState {
        depth: current.key.depth,
        kind: current.key.config.kind().to_string(),
        level_key: current.key.encode(),
        position,
        inventory: super::level::inventory_names(run_seed, inventory),
        turns: world.resource::<Turns>().0,
        messages: world.resource::<NoticeLog>().texts(),
    })
}

/// Runs a whole headless game: start (or `load`), apply `actions`, optionally save.
pub fn run_headless(
    settings: RunSettings,
    load: Option<PathBuf>,
    actions: &[PlayerAction],
    save: Option<PathBuf>,
) -> Result<FinalState, HeadlessError> {
    let mut app = headless_app(settings);
    settle(&mut app);
    if let Some(path) = load {
        let ((run, inventory, turns, change), from) =
            restore(&path).map_err(HeadlessError::Load)?;
        let world = app.world_mut();
        world.write_message(Notice(from.notice(&path)));
        world.insert_resource(run);
        world.insert_resource(inventory);
        world.insert_resource(turns);
        world.remove_resource::<CurrentLevel>();
        world.resource_mut::<PendingLevel>().0 = Some(change);
        settle(&mut app);
    }
    perform(&mut app, actions);
    if let Some(path) = save {
        let world = app.world_mut();
        let position = player_position(world)?;
        let save = snapshot(
            world.resource::<Run>(),
            world
                .get_resource::<CurrentLevel>()
                .ok_or(HeadlessError::NoLevel)?,
            position,
            world.resource::<Inventory>(),
            world.resource::<Turns>(),
        );
        write_save(&path, &save).map_err(HeadlessError::Save)?;
    }
    final_state(&mut app)
}
