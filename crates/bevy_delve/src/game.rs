//! The headless game: a [`GamePlugin`] of small feature plugins that runs the same under
//! `MinimalPlugins` in tests and the CLI as under the window. The rules live in the pure
//! run model ([`delve_rules::run`]); the systems here only read → call the run → write:
//! actions in, entities and messages out.

pub mod actions;
#[cfg(feature = "assets")]
pub mod assets;
#[cfg(any(feature = "render", feature = "tui"))]
pub mod front_end;
pub mod headless;
pub mod level;
pub mod messages;
pub mod options;
mod palette;
pub mod recording;
pub mod records;
pub mod saving;
pub mod screen;
pub mod title;
pub mod watching;

use bevy::prelude::*;

use delve_levels::config::CampaignConfig;
use delve_levels::grid::Pos;
use delve_levels::key::LevelKey;
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::RunState;

pub use actions::{ActionQueue, KeyReactions, Keyboard, Pointer};
pub use delve_rules::run::PlayerAction;
pub use delve_rules::run::messages::{FEWEST_NOTICE_ROWS, MOST_NOTICE_ROWS, Message, MessageLog};
pub use delve_rules::view::parse_actions;
pub use messages::{
    ActionApplied, Disturbed, LevelEntered, OutcomeMessages, PlayerIntent, RunLoaded, SaveRequest,
};
pub use palette::ActivePalette;
pub use recording::RecordTo;
pub use screen::Screen;

/// The order the game's systems run in each frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Turn input messages into queued actions.
    Queue,
    /// Apply one queued action to the run.
    Act,
    /// Save or load what was asked for.
    Save,
    /// Mirror the run into entities.
    Mirror,
}

/// How a run starts: the campaign, optionally a level key to start on or a run loaded
/// from a save to go on with, and the save slot.
#[derive(Resource, Clone, Debug)]
pub struct RunSettings {
    /// The campaign being played.
    pub campaign: CampaignConfig,
    /// A level to start on instead of the campaign's first depth.
    pub start: Option<LevelKey>,
    /// A loaded run to go on with instead of starting one (`delve play --load`).
    pub resume: Option<ResumedRun>,
    /// The rules a started run is played by (a loaded run keeps its own).
    pub rules: delve_rules::run::Rules,
    /// Where F5 and quitting save and F9 and Continue load.
    pub save_slot: SaveSlot,
    /// Where the run is recorded ([`RecordTo::Records`]: every run played).
    pub record: RecordTo,
    /// The save slot holds a run in progress: a front end asks at the start whether to
    /// continue it (`y` loads it).
    pub offer_to_continue: bool,
    /// Where finished runs leave their morgue files and history lines; `None`: nowhere
    /// (a headless run without `--data-dir`, tests).
    pub records: Option<std::sync::Arc<dyn delve_rules::records::storage::Storage>>,
    /// Where a started run comes from (when, a daily run's day, a chosen seed).
    pub origin: delve_rules::run::RunOrigin,
    /// The title screen to show first, if the run is chosen there.
    pub title: Option<delve_rules::view::TitleMenu>,
}

/// A run loaded from a save, and the notice that says where it came from.
#[derive(Clone, Debug)]
pub struct ResumedRun {
    /// The run as the save left it.
    pub run: Box<RunState>,
    /// The newest messages of its log, as the save kept them.
    pub messages: Vec<Message>,
    /// What the player is told ("Loaded delve.sav.").
    pub notice: String,
}

impl ResumedRun {
    /// Loads the run in `slot` (with the save's backup fall-backs).
    pub fn load(slot: &SaveSlot) -> Result<ResumedRun, delve_levels::save::SaveError> {
        let (run, messages, from) = slot.load()?;
        Ok(ResumedRun {
            run: Box::new(run),
            messages,
            notice: slot.notice(&from),
        })
    }

    /// Whether `slot` holds a run not yet over: one that saving a new run would put
    /// away for good, so a front end starting a new run asks first.
    pub fn in_progress(slot: &SaveSlot) -> bool {
        ResumedRun::load(slot).is_ok_and(|saved| saved.run.end().is_none())
    }
}

/// The run being played: the pure model, held by the ECS.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct RunModel(pub RunState);

/// The game, without any window: add it after `MinimalPlugins` (or `DefaultPlugins`) and
/// `StatesPlugin`.
pub struct GamePlugin {
    /// How the run starts.
    pub settings: RunSettings,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        // A watch put in place before this plugin starts the game on it.
        let first = if app.world().contains_resource::<watching::Watching>() {
            screen::Screen::Watching
        } else {
            screen::Screen::first(&self.settings)
        };
        app.insert_resource(self.settings.clone())
            .insert_state(first);
        if let Some(menu) = &self.settings.title {
            app.insert_resource(title::Title(menu.clone()));
        }
        app.configure_sets(
            Update,
            (
                GameSystems::Queue,
                GameSystems::Act,
                GameSystems::Save,
                GameSystems::Mirror,
            )
                .chain(),
        );
        app.add_message::<Notice>()
            .init_resource::<NoticeLog>()
            .add_systems(Update, record_notices.after(GameSystems::Mirror));
        app.add_plugins((
            messages::plugin,
            actions::plugin,
            level::plugin,
            saving::plugin,
            recording::plugin,
            records::plugin,
            title::plugin,
            screen::plugin,
            options::plugin,
            palette::plugin,
            watching::plugin,
        ));
    }
}

/// A position on the level grid (x right, y down).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridPos(pub Pos);

/// The player.
#[derive(Component, Debug)]
pub struct Player;

/// A one-line message for the player: shown in the HUD, printed by headless runs.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub String);

/// Every notice shown so far (the pure [`MessageLog`]), held by the ECS.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct NoticeLog(pub MessageLog);

fn record_notices(
    mut notices: MessageReader<Notice>,
    run: Option<Res<RunModel>>,
    mut log: ResMut<NoticeLog>,
) {
    let turn = run.map_or(0, |r| r.turns());
    for notice in notices.read() {
        log.push(turn, notice.0.clone());
    }
}
