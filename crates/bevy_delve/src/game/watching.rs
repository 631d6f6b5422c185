//! Watching a recording in the game ([`Screen::Watching`]): the pure
//! [`Playback`](delve_rules::run::record::Playback) decides the frame — paused or
//! playing, ×1 to ×32, a step forward or back, a jump by turns, to the next depth, to
//! the next moment of danger, to the start or the end — and the run and the notices it
//! shows are put in the game's place ([`RunModel`], [`NoticeLog`]), so the window draws
//! what the player saw at that step as it draws play. Nothing acts on the run while
//! watching: the game's [`GameSystems::Act`] and [`GameSystems::Save`] stand still (no
//! action, save, recording or record of a run's end), and the front ends send only the
//! watch keys of the one key table ([`WatchKeyPressed`]).
//!
//! A watch opens from the command line (`delve replay --watch`; its quit key ends
//! delve) or from the title screen's history page (its quit key goes back to the
//! title).

use bevy::prelude::*;

use super::level::{LevelEntity, MapSize, TileEntities};
use super::messages::LevelEntered;
use super::screen::Screen;
use super::{GameSystems, NoticeLog, Player, RunModel, RunSettings};
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::record::{Playback, Recording, WatchCommand};
use delve_rules::view::watch_quit_key;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WatchKeyPressed>()
        .configure_sets(
            Update,
            (GameSystems::Act, GameSystems::Save).run_if(not(in_state(Screen::Watching))),
        )
        .add_systems(
            Update,
            (take_watch_keys, play_on, show_the_frame)
                .chain()
                // After the front ends' keys, where play's actions would be taken.
                .after(GameSystems::Queue)
                .before(GameSystems::Act)
                .run_if(in_state(Screen::Watching)),
        )
        .add_systems(OnExit(Screen::Watching), leave_the_watched_run);
}

/// The recording watched, what went wrong last (shown on its line), and where its quit
/// key leads.
#[derive(Resource, Debug)]
pub struct Watching {
    /// The recording, at the frame shown.
    pub playback: Playback,
    /// What the last command could not do, if anything.
    pub problem: Option<String>,
    /// Where quitting goes.
    pub then: AfterWatching,
}

/// Where quitting a watch goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterWatching {
    /// delve ends (a watch the command line opened).
    Exit,
    /// Back to the title screen (a run chosen on its history page).
    Title,
}

impl Watching {
    /// Watches `playback` (at its frame), quitting to `then`.
    pub fn new(playback: Playback, then: AfterWatching) -> Watching {
        Watching {
            playback,
            problem: None,
            then,
        }
    }

    /// The watch's line: the playback's status, what went wrong last, and how to stop
    /// watching.
    pub fn line(&self) -> String {
        let mut line = self.playback.status();
        if let Some(problem) = &self.problem {
            line.push_str(" · ");
            line.push_str(problem);
        }
        format!("{line} · {} quits", watch_quit_key())
    }
}

/// The settings of a game that only watches `recording` (its campaign and rules; no
/// records, no recording, a save slot never written).
pub fn settings_to_watch(recording: &Recording) -> RunSettings {
    RunSettings {
        campaign: recording.start.campaign.clone(),
        start: None,
        resume: None,
        rules: recording.start.rules,
        save_slot: SaveSlot::file(std::env::temp_dir().join("delve-replay.sav")),
        record: super::RecordTo::Nowhere,
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    }
}

/// A watch key pressed: a [`WatchCommand`], or `None` for the quit key.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchKeyPressed(pub Option<WatchCommand>);

/// Does what the watch keys ask; the quit key stops watching.
fn take_watch_keys(
    mut keys: MessageReader<WatchKeyPressed>,
    mut watching: ResMut<Watching>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    for key in keys.read() {
        match key.0 {
            Some(command) => {
                let result = watching.playback.command(command);
                watching.problem = result.err().map(|e| e.to_string());
            }
            None => match watching.then {
                AfterWatching::Exit => {
                    exit.write(AppExit::Success);
                }
                AfterWatching::Title => next.set(Screen::Title),
            },
        }
    }
}

/// Moves a playing recording on by the time that passed.
fn play_on(time: Res<Time>, mut watching: ResMut<Watching>) {
    if !watching.playback.playing() {
        return;
    }
    let seconds = time.delta_secs_f64();
    match watching.bypass_change_detection().playback.advance(seconds) {
        Ok(false) => {}
        Ok(true) => watching.set_changed(),
        Err(e) => watching.problem = Some(e.to_string()),
    }
}

/// Puts the frame shown in the game's place when it changed: the run (a level entered
/// when the frame is on another level, or the first) and the notices.
fn show_the_frame(
    mut commands: Commands,
    watching: Res<Watching>,
    run: Option<ResMut<RunModel>>,
    mut log: ResMut<NoticeLog>,
    mut entered: MessageWriter<LevelEntered>,
) {
    if !watching.is_changed() {
        return;
    }
    let frame = watching.playback.frame();
    let new_level = match run {
        Some(mut run) => {
            let new_level = run.depth() != frame.run.depth();
            if run.0 != frame.run {
                run.0 = frame.run.clone();
            }
            new_level
        }
        None => {
            commands.spawn((Player, super::GridPos(frame.run.player())));
            commands.insert_resource(RunModel(frame.run.clone()));
            true
        }
    };
    if new_level {
        entered.write_batch(LevelEntered::of(&frame.run.entered()));
    }
    if log.0 != frame.log {
        log.0 = frame.log.clone();
    }
}

/// The entities that show the run: the level's and the player.
type ShowingTheRun = Or<(With<LevelEntity>, With<Player>)>;

/// Leaving a watch for the title: the watched run goes, and everything that showed it.
fn leave_the_watched_run(
    mut commands: Commands,
    shown: Query<Entity, ShowingTheRun>,
    mut log: ResMut<NoticeLog>,
) {
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<Watching>();
    commands.remove_resource::<RunModel>();
    commands.remove_resource::<TileEntities>();
    commands.remove_resource::<MapSize>();
    log.0 = Default::default();
}
