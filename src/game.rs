//! The headless game: a [`GamePlugin`] of small feature plugins that runs the same under
//! `MinimalPlugins` in tests and the CLI as under the window. The rules live in the pure
//! run model ([`crate::run`]); the systems here only read → call the run → write:
//! actions in, entities and messages out.

pub mod actions;
pub mod headless;
pub mod level;
pub mod recording;
pub mod saving;

use bevy::prelude::*;

use crate::config::CampaignConfig;
use crate::grid::Pos;
use crate::key::LevelKey;
use crate::run::RunState;

pub use crate::run::{PlayerAction, parse_actions};
pub use actions::{ActionQueue, Disturbed, KeyReactions, Keyboard, PlayerIntent, key_context};

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
    pub rules: crate::run::Rules,
    /// Where F5 saves and F9 loads.
    pub save_path: std::path::PathBuf,
    /// Where to record the run, if it is recorded.
    pub record: Option<std::path::PathBuf>,
    /// The save slot holds a run in progress: a front end asks at the start whether to
    /// continue it (`y` loads it).
    pub offer_to_continue: bool,
}

/// A run loaded from a save, and the notice that says where it came from.
#[derive(Clone, Debug)]
pub struct ResumedRun {
    /// The run as the save left it.
    pub run: Box<RunState>,
    /// What the player is told ("Loaded delve.sav.").
    pub notice: String,
}

impl ResumedRun {
    /// Loads the run saved at `path` (with the save's backup fall-backs).
    pub fn load(path: &std::path::Path) -> Result<ResumedRun, crate::save::SaveError> {
        let (run, from) = crate::run::load_run(path)?;
        Ok(ResumedRun {
            run: Box::new(run),
            notice: from.notice(path),
        })
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
        app.insert_resource(self.settings.clone());
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
            actions::plugin,
            level::plugin,
            saving::plugin,
            recording::plugin,
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

/// A notice as the log keeps it: with the turn it was (last) shown on and how many
/// times in a row it was shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedNotice {
    /// Turns taken when it was last shown.
    pub turn: u64,
    /// What it said.
    pub text: String,
    /// How many times in a row it was shown (1 = once).
    pub count: u32,
}

impl LoggedNotice {
    /// The line the screen shows: "[turn 4] You miss the rat. x3".
    pub fn line(&self) -> String {
        if self.count > 1 {
            format!("[turn {}] {} x{}", self.turn, self.text, self.count)
        } else {
            format!("[turn {}] {}", self.turn, self.text)
        }
    }
}

/// Every notice shown so far, oldest first; a notice repeated in a row is kept once
/// with a count (as Brogue and DCSS do), so copies never push the rest away.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct NoticeLog(pub Vec<LoggedNotice>);

/// The most notice lines shown under the map: enough for every notice of a busy turn.
pub const MOST_NOTICE_ROWS: usize = 8;
/// The fewest notice lines shown under the map.
pub const FEWEST_NOTICE_ROWS: usize = 3;

impl NoticeLog {
    /// Adds a notice shown on `turn`: a repeat of the last one counts on it.
    pub fn push(&mut self, turn: u64, text: String) {
        match self.0.last_mut() {
            Some(last) if last.text == text => {
                last.count = last.count.saturating_add(1);
                last.turn = turn;
            }
            _ => self.0.push(LoggedNotice {
                turn,
                text,
                count: 1,
            }),
        }
    }

    /// Every notice shown, oldest first, repeats written out again.
    pub fn texts(&self) -> Vec<String> {
        self.0
            .iter()
            .flat_map(|n| std::iter::repeat_n(n.text.clone(), n.count as usize))
            .collect()
    }

    /// How many notices were shown in all, repeats counted.
    pub fn shown(&self) -> usize {
        self.0.iter().map(|n| n.count as usize).sum()
    }

    /// The last `count` lines as the screen shows them ("[turn 4] You pick up a
    /// dagger."), newest first.
    pub fn latest(&self, count: usize) -> Vec<String> {
        self.0
            .iter()
            .rev()
            .take(count)
            .map(LoggedNotice::line)
            .collect()
    }

    /// The lines of the log window that ends `scroll` lines before the newest and
    /// shows at most `rows`, oldest first.
    pub fn window(&self, rows: usize, scroll: usize) -> Vec<String> {
        let end = self.0.len().saturating_sub(scroll);
        let start = end.saturating_sub(rows);
        self.0[start..end].iter().map(LoggedNotice::line).collect()
    }

    /// How many lines to show under the map: every line of the newest turn, at least
    /// [`FEWEST_NOTICE_ROWS`] and at most [`MOST_NOTICE_ROWS`].
    pub fn rows_for_latest_turn(&self) -> usize {
        let newest = self.0.last().map(|n| n.turn);
        let of_newest = self
            .0
            .iter()
            .rev()
            .take_while(|n| Some(n.turn) == newest)
            .count();
        of_newest.clamp(FEWEST_NOTICE_ROWS, MOST_NOTICE_ROWS)
    }
}

fn record_notices(
    mut notices: MessageReader<Notice>,
    run: Option<Res<RunModel>>,
    mut log: ResMut<NoticeLog>,
) {
    let turn = run.map_or(0, |r| r.turns);
    for notice in notices.read() {
        log.push(turn, notice.0.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_notices_collapse_into_one_line_with_a_count() {
        let mut log = NoticeLog::default();
        for turn in 0..130 {
            log.push(turn, "You were killed by a kobold.".into());
        }
        log.push(130, "Saved.".into());
        log.push(131, "Saved.".into());
        assert_eq!(log.0.len(), 2);
        assert_eq!(
            log.latest(2),
            [
                "[turn 131] Saved. x2",
                "[turn 129] You were killed by a kobold. x130"
            ]
        );
        assert_eq!(log.shown(), 132);
        assert_eq!(log.texts().len(), 132);
    }

    #[test]
    fn every_notice_of_the_newest_turn_is_shown() {
        let mut log = NoticeLog::default();
        log.push(1, "You see a cave bat.".into());
        for (i, text) in [
            "The cave bat hits you (2).",
            "The cave bat misses you.",
            "The cave bat hits you (3).",
            "The cave bat misses you.",
            "You miss the cave bat.",
        ]
        .into_iter()
        .enumerate()
        {
            log.push(2, format!("{text} {i}"));
        }
        assert_eq!(log.rows_for_latest_turn(), 5);
        assert_eq!(
            log.window(2, 0),
            [
                "[turn 2] The cave bat misses you. 3",
                "[turn 2] You miss the cave bat. 4"
            ]
        );
        assert_eq!(log.window(2, 5), ["[turn 1] You see a cave bat."]);
    }
}
