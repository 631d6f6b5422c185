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

use super::messages::LevelEntered;
use super::screen::Screen;
use super::{GameSystems, NoticeLog, Player, RunModel, RunSettings};
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::record::{Playback, Recording, WatchCommand};
use delve_rules::view::{Command, Section, help_lines_in, watch_quit_key};

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
        .add_systems(OnExit(Screen::Watching), |mut commands: Commands| {
            commands.remove_resource::<Watching>()
        });
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
    /// Whether the watch's keys are listed under its line (`?` shows and hides them).
    pub keys_shown: bool,
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
            keys_shown: false,
        }
    }

    /// The watch's lines: the playback's status, what went wrong last, and how to list
    /// the keys and stop watching; then, while `?` shows them, each of the watch's keys
    /// with what it does (as the key table's help lists them).
    pub fn lines(&self) -> Vec<String> {
        let mut line = self.playback.status();
        if let Some(problem) = &self.problem {
            line.push_str(" · ");
            line.push_str(problem);
        }
        let keys = if self.keys_shown {
            "hides the keys"
        } else {
            "lists the keys"
        };
        let mut lines = vec![format!("{line} · ? {keys} · {} quits", watch_quit_key())];
        if self.keys_shown {
            lines.extend(
                help_lines_in(Section::Watch)
                    .into_iter()
                    .map(|(help, keys)| format!("  {keys}: {help}")),
            );
        }
        lines
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

/// A watch key pressed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchKeyPressed {
    /// A command to the playback.
    Playback(WatchCommand),
    /// Show or hide the watch's keys (`?`).
    ToggleKeys,
    /// Stop watching.
    Quit,
}

impl WatchKeyPressed {
    /// What a key's command, found among the watch's keys of the key table
    /// ([`delve_rules::view::watch_command_for`]), asks of the watch.
    pub fn of(command: Command) -> Option<WatchKeyPressed> {
        match command {
            Command::Watch(command) => Some(WatchKeyPressed::Playback(command)),
            Command::ToggleHelp => Some(WatchKeyPressed::ToggleKeys),
            Command::Quit => Some(WatchKeyPressed::Quit),
            _ => None,
        }
    }
}

/// Does what the watch keys ask; the quit key stops watching.
fn take_watch_keys(
    mut keys: MessageReader<WatchKeyPressed>,
    mut watching: ResMut<Watching>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    for key in keys.read() {
        match *key {
            WatchKeyPressed::Playback(command) => {
                let result = watching.playback.command(command);
                watching.problem = result.err().map(|e| e.to_string());
            }
            WatchKeyPressed::ToggleKeys => watching.keys_shown = !watching.keys_shown,
            WatchKeyPressed::Quit => match watching.then {
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
