//! Watching a recording in the terminal (`delve replay FILE --watch --tui`, or a run
//! chosen on the title's history page): the game's watch screen
//! ([`crate::game::watching`]) puts the frame the pure [`Playback`] gives in the game's
//! place; it is drawn as play draws a run ([`draw::draw_in`]) with the playback's line
//! under it. Keys go through the watch's keys of the one key table
//! ([`watch_command_for`]) alone, so the player's keys never act on the run watched.

use bevy::prelude::*;
use bevy_ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use bevy_ratatui::event::KeyMessage;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Paragraph, Wrap};

use super::{draw, named_key_of};
use crate::game::NoticeLog;
use crate::game::watching::{AfterWatching, WatchKeyPressed, Watching, settings_to_watch};
use delve_rules::run::record::Playback;
use delve_rules::view::{Command, KeyReader, Keymap, watch_command_for};

/// Watches `playback` in this terminal until the watcher quits; returns how the app
/// exited.
pub fn watch_recording(playback: Playback) -> AppExit {
    let settings = settings_to_watch(playback.watched().recording());
    let watching = Watching::new(playback, AfterWatching::Exit);
    super::terminal_app(settings, None, Some(watching)).run()
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

/// Draws `run` and its notices `log` as play draws a run, with `watching`'s lines under
/// them (each wrapped onto more rows rather than losing its end; the game keeps at
/// least half the screen).
pub(super) fn draw_watched(
    out: &mut ratatui::Frame,
    run: &delve_rules::run::RunState,
    log: &NoticeLog,
    watching: &Watching,
    palette: delve_rules::view::Palette,
) {
    let keys = KeyReader::default();
    let keymap = Keymap::default();
    let lines = watching.lines();
    let area = out.area();
    let width = usize::from(area.width.max(1));
    let wrapped: usize = lines
        .iter()
        .map(|line| line.chars().count().div_ceil(width).max(1))
        .sum();
    let rows = u16::try_from(wrapped)
        .unwrap_or(u16::MAX)
        .min(area.height / 2)
        .max(1);
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
        Paragraph::new(lines.join("\n"))
            .wrap(Wrap { trim: true })
            .style(draw::base_style(palette).patch(Style::new().add_modifier(Modifier::REVERSED))),
        below,
    );
}

/// Reads the terminal's keys, while a recording is watched, into the watch's keys of
/// the key table alone, so the player's keys never act on the run watched.
pub(super) fn read_watch_keys(
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
        pressed.write_batch(watch_command_of(key).and_then(WatchKeyPressed::of));
    }
}

#[cfg(test)]
mod tests;
