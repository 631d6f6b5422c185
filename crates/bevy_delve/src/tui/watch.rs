//! Watching a recording in the terminal (`delve replay FILE --watch --tui`): the frame
//! the pure [`Playback`] gives, drawn as play draws a run ([`draw::draw_in`]), with the
//! playback's status line under it. Keys go through the watch's keys of the one key
//! table ([`watch_command_for`]) alone, so the player's keys never act on the run
//! watched; playing moves on by the terminal's clock, the playback deciding the frame.

use bevy::app::ScheduleRunnerPlugin;
use bevy::prelude::*;
use bevy_ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use bevy_ratatui::event::{KeyMessage, ResizeMessage};
use bevy_ratatui::{RatatuiContext, RatatuiPlugins};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Paragraph, Wrap};

use super::{FRAME, draw, named_key_of};
use crate::game::NoticeLog;
use delve_rules::run::record::Playback;
use delve_rules::view::{Command, KeyReader, Keymap, watch_command_for, watch_quit_key};

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
    ));
    add_watch_systems(&mut app, playback);
    app.run()
}

/// The watch's resource and systems (without the terminal, for tests).
fn add_watch_systems(app: &mut App, playback: Playback) {
    app.insert_resource(Watching {
        playback,
        problem: None,
    })
    .add_systems(Update, (read_watch_keys, play_on).chain())
    .add_systems(PostUpdate, draw_watch);
}

/// The recording watched, and what went wrong last, if anything (shown on its line).
#[derive(Resource)]
struct Watching {
    playback: Playback,
    problem: Option<String>,
}

/// What a key pressed in the terminal asks of the watch, if anything: a release or a
/// key held with Ctrl asks nothing.
fn watch_command_of(key: &KeyEvent) -> Option<Command> {
    if key.kind == KeyEventKind::Release || key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    let letter = match key.code {
        KeyCode::Char(c) => Some(c),
        _ => None,
    };
    watch_command_for(named_key_of(key.code), letter)
}

/// Reads the terminal's keys into the playback's commands; the quit keys stop watching.
fn read_watch_keys(
    mut keys: MessageReader<KeyMessage>,
    mut watching: ResMut<Watching>,
    mut exit: MessageWriter<AppExit>,
) {
    for key in keys.read() {
        match watch_command_of(key) {
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

/// The playback's line: its status, what went wrong last, and how to stop watching.
fn watch_line(watching: &Watching) -> String {
    let mut line = watching.playback.status();
    if let Some(problem) = &watching.problem {
        line.push_str(" · ");
        line.push_str(problem);
    }
    format!("{line} · {} quits", watch_quit_key())
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
    let line = watch_line(&watching);
    context.draw(|out| {
        let area = out.area();
        // The playback's line wraps onto a second row rather than losing its end.
        let rows = if line.chars().count() > usize::from(area.width) {
            2
        } else {
            1
        };
        let game = Rect {
            height: area.height.saturating_sub(rows),
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
            Paragraph::new(line.as_str())
                .wrap(Wrap { trim: true })
                .style(
                    draw::base_style(screen.palette)
                        .patch(Style::new().add_modifier(Modifier::REVERSED)),
                ),
            below,
        );
    })?;
    Ok(())
}

#[cfg(test)]
mod tests;
