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
use crate::game::watching::{AfterWatching, WatchKeyPressed, Watching};
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
    ));
    add_watch_systems(&mut app, playback);
    app.run()
}

/// The watch's resource and systems (without the terminal, for tests).
fn add_watch_systems(app: &mut App, playback: Playback) {
    app.insert_resource(Watching::new(playback, AfterWatching::Exit))
        .add_systems(Update, (read_watch_keys, play_on).chain())
        .add_systems(PostUpdate, draw_watch);
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
    context.draw(|out| draw_watched(out, &frame.run, &log, &watching, Default::default()))?;
    Ok(())
}

/// Draws `run` and its notices `log` as play draws a run, with `watching`'s line under
/// them (wrapped onto a second row rather than losing its end).
pub(super) fn draw_watched(
    out: &mut ratatui::Frame,
    run: &delve_rules::run::RunState,
    log: &NoticeLog,
    watching: &Watching,
    palette: delve_rules::view::Palette,
) {
    let keys = KeyReader::default();
    let keymap = Keymap::default();
    let line = watching.line();
    let area = out.area();
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
        run,
        log,
        keys: &keys,
        hover: None,
        keymap: &keymap,
        options: None,
        palette,
    };
    draw::draw_in(out, game, &screen);
    out.render_widget(
        Paragraph::new(line.as_str())
            .wrap(Wrap { trim: true })
            .style(draw::base_style(palette).patch(Style::new().add_modifier(Modifier::REVERSED))),
        below,
    );
}

/// What a key pressed in the terminal asks of a watch opened from the title screen's
/// history page: the watch's keys of the key table alone.
pub(super) fn read_watch_keys_in_game(
    mut keys: MessageReader<KeyMessage>,
    mut pressed: MessageWriter<WatchKeyPressed>,
    screen: Res<State<crate::game::Screen>>,
) {
    if *screen.get() != crate::game::Screen::Watching {
        // Read, so a key that ends another screen is never taken again by the watch.
        keys.clear();
        return;
    }
    for key in keys.read() {
        match watch_command_of(key) {
            Some(Command::Watch(command)) => {
                pressed.write(WatchKeyPressed(Some(command)));
            }
            Some(Command::Quit) => {
                pressed.write(WatchKeyPressed(None));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
