//! Headless runs: the very same [`GamePlugin`] under `MinimalPlugins`, driven by a string
//! of actions, ending in a printable [`FinalState`]. Same seed and same actions give the
//! same final state: a replay. Saves are written at once, through the same request as F5.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde::Serialize;

use super::actions::ActionQueue;
use super::messages::SaveRequest;
use super::saving::SaveWriter;
use super::{GamePlugin, NoticeLog, RunModel, RunSettings};
use delve_levels::grid::Pos;
use delve_rules::run::{PlayerAction, RunEnd, RunState};

/// A game app with no window: `MinimalPlugins`, `StatesPlugin` and the [`GamePlugin`],
/// writing saves at once. Call `update()` once to start the run.
pub fn headless_app(settings: RunSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin { settings }));
    app.insert_resource(SaveWriter::new(false));
    app
}

/// [`headless_app`], the run following its campaign `file` as it changes (live
/// reload): its folder an asset source that Bevy watches, the campaign an asset.
#[cfg(feature = "watch")]
pub fn headless_app_following(settings: RunSettings, file: &std::path::Path) -> App {
    use super::assets::Following;
    let following = Following::file(file);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        following.source,
        bevy::asset::AssetPlugin {
            watch_for_changes_override: Some(true),
            ..Default::default()
        },
        GamePlugin { settings },
        Following::plugins(following.campaign),
    ));
    app.insert_resource(SaveWriter::new(false));
    app
}

/// The state a headless run ends in.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct FinalState {
    /// The run's master seed (`--seed` plays the same dungeon again).
    pub seed: u64,
    /// Depth the player is on.
    pub depth: u32,
    /// Generator of that level.
    pub kind: String,
    /// Key of that level.
    pub level_key: String,
    /// Where the player stands.
    pub position: Pos,
    /// What the player carries, as the inventory shows it: one line a stack, under its
    /// letter, with how many and what is in use ("a) [ ring of protection x2 (one worn)").
    pub inventory: Vec<String>,
    /// Turns taken.
    pub turns: u64,
    /// Hit points left (absent in a peaceful run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<u32>,
    /// The most hit points (absent in a peaceful run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_hp: Option<u32>,
    /// How hungry the player is, as the status line says it (absent when fed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hunger: Option<String>,
    /// `playing`, `won`, `dead: <cause>`, or `peaceful`.
    pub outcome: String,
    /// Monsters killed.
    pub kills: u32,
    /// Gold in the purse (absent in a peaceful run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gold: Option<u32>,
    /// The monsters on the current level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<MonsterState>,
    /// Messages the game showed, in order.
    pub messages: Vec<String>,
}

/// A monster in a final state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MonsterState {
    /// Its kind's name.
    pub kind: String,
    /// Where it stands.
    pub position: Pos,
    /// Hit points left.
    pub hp: u32,
}

impl FinalState {
    /// The final state of `run`, with the messages the game showed.
    pub fn of(run: &RunState, messages: Vec<String>) -> FinalState {
        let fights = run.rules().has_monsters();
        FinalState {
            seed: run.campaign().seed,
            depth: run.depth(),
            kind: run.level().key.config.kind().to_string(),
            level_key: run.level().key.encode(),
            position: run.player(),
            inventory: delve_rules::view::inventory_lines(run),
            turns: run.turns(),
            hp: fights.then_some(run.fight().hp),
            max_hp: fights.then_some(run.fight().max_hp),
            hunger: run.hunger().label().map(str::to_owned),
            outcome: match run.end() {
                _ if !fights => "peaceful".into(),
                None => "playing".into(),
                Some(RunEnd::Won) => "won".into(),
                Some(RunEnd::Died { cause }) => format!("dead: {cause}"),
            },
            kills: run.fight().kills,
            gold: run.rules().has_a_goal().then_some(run.gold()),
            monsters: run
                .level()
                .monsters
                .iter()
                .map(|m| MonsterState {
                    kind: run
                        .campaign()
                        .monster_table()
                        .kind(m.kind)
                        .map_or_else(|| format!("monster #{}", m.kind), |k| k.name.clone()),
                    position: m.pos,
                    hp: m.hp,
                })
                .collect(),
            messages,
        }
    }
}

/// Why a headless run failed.
#[derive(Debug)]
pub enum HeadlessError {
    /// `--save` failed.
    Save(String),
    /// The run never started (the reason is the game's last message).
    NoLevel(String),
    /// The run ended, but its record (morgue file, history line) could not be kept.
    RecordNotKept(String),
    /// The run's recording could not be written.
    RecordingStopped(String),
}

impl std::fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeadlessError::Save(e) => write!(f, "--save: {e}"),
            HeadlessError::NoLevel(why) => write!(f, "{why}"),
            HeadlessError::RecordNotKept(why) => {
                write!(f, "the run's record could not be kept: {why}")
            }
            HeadlessError::RecordingStopped(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for HeadlessError {}

/// Steps the app until every queued action is applied.
pub fn settle(app: &mut App) {
    app.update();
    while !app.world().resource::<ActionQueue>().0.is_empty() {
        app.update();
    }
    // One more frame mirrors the last action and reports finished saves.
    app.update();
}

/// Queues actions and applies them all.
pub fn perform(app: &mut App, actions: &[PlayerAction]) {
    app.world_mut()
        .resource_mut::<ActionQueue>()
        .0
        .extend(actions.iter().copied());
    settle(app);
}

/// Reads the final state of a game app.
pub fn final_state(app: &mut App) -> Result<FinalState, HeadlessError> {
    let world = app.world();
    let log = world.resource::<NoticeLog>();
    let Some(run) = world.get_resource::<RunModel>() else {
        let why = log.texts().last().cloned().unwrap_or_default();
        return Err(HeadlessError::NoLevel(why));
    };
    Ok(FinalState::of(run, log.texts()))
}

/// Runs a whole headless game: start (or go on with the settings' loaded run), apply
/// `actions`, optionally save.
pub fn run_headless(
    settings: RunSettings,
    actions: &[PlayerAction],
    save: Option<PathBuf>,
) -> Result<FinalState, HeadlessError> {
    let mut app = headless_app(settings);
    settle(&mut app);
    final_state(&mut app)?;
    perform(&mut app, actions);
    if let Some(super::records::RecordNotKept(why)) =
        app.world().get_resource::<super::records::RecordNotKept>()
    {
        return Err(HeadlessError::RecordNotKept(why.clone()));
    }
    if let Some(super::recording::RecordingStopped(why)) =
        app.world()
            .get_resource::<super::recording::RecordingStopped>()
    {
        return Err(HeadlessError::RecordingStopped(why.clone()));
    }
    if let Some(path) = save {
        app.world_mut().write_message(SaveRequest::SaveTo(path));
        settle(&mut app);
        if let Some((_, Err(e))) = &app.world().resource::<SaveWriter>().last {
            return Err(HeadlessError::Save(e.clone()));
        }
    }
    final_state(&mut app)
}
