//! Watching a recording in the terminal (`delve replay FILE --watch --tui`): the frame
//! the pure [`Playback`] gives, drawn as play draws a run ([`draw::draw_in`]), with the
//! playback's status line under it. Keys go through the watch's keys of the one key
//! table ([`watch_command_for`]) alone, so the player's keys never act on the run
//! watched; playing moves on by the terminal's clock, the playback deciding the frame.

use bevy::app::ScheduleRunnerPlugin;
use bevy::prelude::*;
use bevy_ratatui::crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use bevy_ratatui::event::{KeyMessage, ResizeMessage};
use bevy_ratatui::{RatatuiContext, RatatuiPlugins};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Paragraph;

use super::{FRAME, draw, named_key_of};
use crate::game::NoticeLog;
use delve_rules::run::record::Playback;
use delve_rules::view::{Command, KeyReader, Keymap, watch_command_for};

/// Watches `playback` in this terminal until the watcher quits; returns how the app
/// exited.
pub fn watch_recording(playback: Playback) -> AppExit {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(FRAME)),
        RatatuiPlugins {
            enable_kitty_protocol: false,
            ..default()
        },
    ))
    .insert_resource(Watching {
        playback,
        problem: None,
    })
    .add_systems(Update, (read_watch_keys, play_on).chain())
    .add_systems(PostUpdate, draw_watch);
    app.run()
}

/// The recording watched, and what went wrong last, if anything (shown on its line).
#[derive(Resource)]
struct Watching {
    playback: Playback,
    problem: Option<String>,
}

/// Reads the terminal's keys into the playback's commands; `q` and Esc stop watching.
fn read_watch_keys(
    mut keys: MessageReader<KeyMessage>,
    mut watching: ResMut<Watching>,
    mut exit: MessageWriter<AppExit>,
) {
    for key in keys.read() {
        if key.kind == KeyEventKind::Release || key.modifiers.contains(KeyModifiers::CONTROL) {
            continue;
        }
        let letter = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        match watch_command_for(named_key_of(key.code), letter) {
            Some(Command::Quit) => {
                exit.write(AppExit::Success);
            }
            Some(Command::Watch(command)) => {
                let result = watching.playback.command(command);
                watching.problem = result.err().map(|e| e.to_string());
            }
            _ => {}
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

/// Draws the frame shown and the playback's line when either changed (or the terminal's
/// size did).
fn draw_watch(
    context: Option<ResMut<RatatuiContext>>,
    watching: Res<Watching>,
    mut resized: MessageReader<ResizeMessage>,
) -> Result {
    let Some(mut context) = context else {
        return Ok(());
    };
    let resized = resized.read().count() > 0;
    if resized {
        context.autoresize()?;
    }
    if !(watching.is_changed() || resized) {
        return Ok(());
    }
    let frame = watching.playback.frame();
    let log = NoticeLog(frame.log.clone());
    let keys = KeyReader::default();
    let keymap = Keymap::default();
    let line = match &watching.problem {
        Some(problem) => format!("{} · {problem}", watching.playback.status()),
        None => watching.playback.status(),
    };
    context.draw(|out| {
        let area = out.area();
        let game = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        let below = Rect {
            y: area.y + game.height,
            height: area.height - game.height,
            ..area
        };
        let screen = draw::Screen {
            run: &frame.run,
            log: &log,
            keys: &keys,
            hover: None,
            keymap: &keymap,
            options: None,
            palette: Default::default(),
        };
        draw::draw_in(out, game, &screen);
        out.render_widget(
            Paragraph::new(format!("{line} · q quits"))
                .style(
                    draw::base_style(screen.palette)
                        .patch(Style::new().add_modifier(Modifier::REVERSED)),
                ),
            below,
        );
    })?;
    Ok(())
}
