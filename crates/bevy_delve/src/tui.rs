//! The terminal front end: the same headless `GamePlugin`, drawn with ratatui through
//! bevy_ratatui (crossterm). Keys go through the one key table and the shared key
//! reader, so every key of the window works here; drawing is [`draw`]'s pure code.
//! The terminal is given back (raw mode off, cursor shown, alternate screen left) on
//! Esc, at the end of a run, on Ctrl-C and on a panic — bevy_ratatui's context does it
//! when dropped, and its panic hook before the message is printed.

pub mod draw;
mod watch;

pub use watch::watch_recording;

use std::time::Duration;

use bevy::app::ScheduleRunnerPlugin;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_ratatui::crossterm::event::{
    KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use bevy_ratatui::event::{KeyMessage, MouseMessage, ResizeMessage};
use bevy_ratatui::{RatatuiContext, RatatuiPlugins};

use crate::game::Screen;
use crate::game::front_end::build_front_end;
use crate::game::options::{OptionsScreenState, PlayerOptions};
use crate::game::title::{Title, TitleLineClicked};
use crate::game::{
    Disturbed, GamePlugin, GameSystems, KeyReactions, Keyboard, NoticeLog, Pointer, RunModel,
    RunSettings,
};
use delve_rules::view::{Click, Command, Keymap, NamedKey, OwnTile, Wheel};

/// How often the terminal is polled for keys (the screen is drawn only when something
/// changed).
const FRAME: Duration = Duration::from_millis(30);

/// Plays the run in this terminal until the player quits; returns how the app exited.
pub fn play(settings: RunSettings) -> AppExit {
    terminal_app(settings, None, None).run()
}

/// [`play`], the run following its campaign file `file` as it is edited (live reload,
/// `delve play --watch`).
#[cfg(feature = "watch")]
pub fn play_following(settings: RunSettings, file: &std::path::Path) -> AppExit {
    terminal_app(settings, Some(file), None).run()
}

/// The terminal and the game (following `follow`, the campaign file, when given; on
/// `watching`, a recording, when given).
fn terminal_app(
    settings: RunSettings,
    follow: Option<&std::path::Path>,
    watching: Option<crate::game::watching::Watching>,
) -> App {
    let mut app = App::new();
    if let Some(watching) = watching {
        // Before the game's plugin: the game then starts on the watch.
        app.insert_resource(watching);
    }
    build_front_end(&mut app, follow, |app, following| {
        app.add_plugins((
            MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(FRAME)),
            StatesPlugin,
        ));
        // The terminal needs assets only to follow a file.
        #[cfg(feature = "assets")]
        if following {
            app.add_plugins(bevy::asset::AssetPlugin {
                watch_for_changes_override: Some(true),
                ..default()
            });
        }
        #[cfg(not(feature = "assets"))]
        let _ = following;
        app.add_plugins((
            GamePlugin { settings },
            RatatuiPlugins {
                // Kitty's keyboard protocol is not needed for the key table, and some
                // terminals (and tmux) answer it badly.
                enable_kitty_protocol: false,
                // Clicks and the pointer, where the terminal reports them (SGR mouse
                // reports); given back with the terminal.
                enable_mouse_capture: true,
                ..default()
            },
            TuiPlugin,
        ));
    });
    app
}

/// Keys in, screen out.
pub struct TuiPlugin;

impl Plugin for TuiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Keyboard>()
            .init_resource::<DrawnArea>()
            .add_systems(
                Update,
                (
                    read_terminal_keys,
                    read_terminal_mouse.run_if(not(in_state(Screen::Watching))),
                    watch::read_watch_keys,
                )
                    .in_set(GameSystems::Queue),
            )
            .add_systems(PostUpdate, draw_screen);
    }
}

/// The key table's command and the typed character of a terminal key, if any.
pub(crate) fn command_of(keymap: &Keymap, code: KeyCode) -> (Option<Command>, Option<char>) {
    let named = named_key_of(code);
    let letter = match code {
        KeyCode::Char(c) => Some(c),
        _ => None,
    };
    let command = named
        .and_then(|key| keymap.command_for_key(key))
        .or_else(|| letter.and_then(|c| keymap.command_for_char(c)));
    (command, letter)
}

/// The key table's name for a terminal key, if it has one.
fn named_key_of(code: KeyCode) -> Option<NamedKey> {
    match code {
        KeyCode::Left => Some(NamedKey::Left),
        KeyCode::Right => Some(NamedKey::Right),
        KeyCode::Up => Some(NamedKey::Up),
        KeyCode::Down => Some(NamedKey::Down),
        KeyCode::F(5) => Some(NamedKey::F5),
        KeyCode::F(9) => Some(NamedKey::F9),
        KeyCode::Esc => Some(NamedKey::Escape),
        KeyCode::PageUp => Some(NamedKey::PageUp),
        KeyCode::PageDown => Some(NamedKey::PageDown),
        KeyCode::Home => Some(NamedKey::Home),
        KeyCode::End => Some(NamedKey::End),
        KeyCode::Enter => Some(NamedKey::Enter),
        KeyCode::Backspace => Some(NamedKey::Backspace),
        KeyCode::Tab => Some(NamedKey::Tab),
        KeyCode::Char(' ') => Some(NamedKey::Space),
        KeyCode::Char(c @ '1'..='9') => c.to_digit(10).map(|d| NamedKey::Digit(d as u8)),
        _ => None,
    }
}

/// Presses of one key closer together than this are a key held down: a terminal sends
/// a held key's repeats as presses (typically 30 a second), while two deliberate presses
/// are rarely this close.
const HELD_KEY_GAP: Duration = Duration::from_millis(120);

/// The last key pressed in the terminal, to tell a key held down from presses.
#[derive(Default)]
struct HeldKey {
    last: Option<(KeyCode, std::time::Instant)>,
    /// The player was disturbed while the key was held: its repeats are dropped.
    broken: bool,
}

impl HeldKey {
    /// A press of `code` at `now` (`repeat` when the terminal says it is one): whether
    /// to drop it, being a disturbed held key's repeat of a repeating command.
    fn drops(
        &mut self,
        code: KeyCode,
        repeat: bool,
        now: std::time::Instant,
        command: Option<Command>,
    ) -> bool {
        let repeat = repeat
            || self
                .last
                .is_some_and(|(last, at)| last == code && now - at < HELD_KEY_GAP);
        self.last = Some((code, now));
        if !repeat {
            self.broken = false;
        }
        repeat && self.broken && command.is_some_and(|c| c.repeats())
    }
}

/// Reads terminal keys into reactions. As in the window, a key held down stops
/// repeating when the player is disturbed, until it is pressed afresh.
#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn read_terminal_keys(
    mut keys: MessageReader<KeyMessage>,
    mut reader: ResMut<Keyboard>,
    mut reactions: KeyReactions,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut disturbed: MessageReader<Disturbed>,
    mut held: Local<HeldKey>,
    screen: Res<State<Screen>>,
) {
    if *screen.get() == Screen::Watching {
        // The watch's keys are read by its own reader; none is left for after it.
        keys.clear();
        return;
    }
    if disturbed.read().count() > 0 {
        held.broken = true;
    }
    for key in keys.read() {
        if key.kind == KeyEventKind::Release {
            continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            continue; // Ctrl-C is bevy_ratatui's: it ends the app, and the terminal is restored
        }
        let letter = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let named = named_key_of(key.code);
        // The Options screen (over the title or the game) first, then the title.
        if reactions.take_for_options(named, letter, reader.bypass_change_detection())
            || reactions.title.take(named, letter)
        {
            reader.set_changed();
            continue;
        }
        let (command, letter) = command_of(reactions.options.keymap(), key.code);
        let repeat = key.kind == KeyEventKind::Repeat;
        if held.drops(key.code, repeat, std::time::Instant::now(), command) {
            continue;
        }
        let context = reactions.context(run.as_deref().map(|r| &r.0), &log, reader.cursor());
        reactions.tell(reader.press(command, letter, context));
    }
}

/// The size of the screen last drawn: where a mouse report's cell lies on it.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct DrawnArea(ratatui::layout::Rect);

/// Reads the terminal's mouse reports: the pointer over the map previews the way
/// there and names what lies there; a click does what a click does
/// ([`delve_rules::view::KeyReader::click`]); the wheel scrolls the message log.
#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn read_terminal_mouse(
    mut mouse: MessageReader<MouseMessage>,
    mut reader: ResMut<Keyboard>,
    mut reactions: KeyReactions,
    mut pointer: ResMut<Pointer>,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    area: Res<DrawnArea>,
    screen: Res<State<Screen>>,
    (title, mut clicked): (Option<Res<Title>>, MessageWriter<TitleLineClicked>),
) {
    if *screen.get() == Screen::Title {
        // A click on a line of the title screen chooses it.
        for event in mouse.read() {
            if event.kind == MouseEventKind::Down(MouseButton::Left)
                && let Some(title) = &title
                && let Some(line) =
                    draw::title_line_at(area.0, &title.0.screen(), event.column, event.row)
            {
                clicked.write(TitleLineClicked(line));
            }
        }
        return;
    }
    let Some(run) = run.filter(|_| *screen.get() == Screen::Playing) else {
        mouse.clear();
        return;
    };
    for event in mouse.read() {
        let at = draw::tile_at_cell(
            area.0,
            &draw::Screen {
                run: &run.0,
                log: &log,
                keys: &reader.0,
                hover: pointer.0,
                keymap: &Keymap::default(),
                options: None,
                palette: Default::default(),
            },
            event.column,
            event.row,
        );
        pointer.set_if_neq(Pointer(at));
        if let Some(at) = at
            && reader.bypass_change_detection().point(at)
        {
            reader.set_changed();
        }
        let click = match event.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Click::Left),
            MouseEventKind::Down(MouseButton::Right) => Some(Click::Right),
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let scroll = if event.kind == MouseEventKind::ScrollUp {
                    Wheel::Up
                } else {
                    Wheel::Down
                };
                let context = reactions.context(Some(&run.0), &log, reader.cursor());
                reactions.tell(reader.wheel(scroll, context));
                None
            }
            _ => None,
        };
        let shown = draw::Screen {
            run: &run.0,
            log: &log,
            keys: &reader.0,
            hover: pointer.0,
            keymap: &Keymap::default(),
            options: None,
            palette: Default::default(),
        };
        if click == Some(Click::Left)
            && let Some(letter) = draw::item_letter_at(area.0, &shown, event.column, event.row)
        {
            let context = reactions.context(Some(&run.0), &log, reader.cursor());
            reactions.tell(reader.click_item(letter, context));
            continue;
        }
        if let (Some(click), Some(at)) = (click, at) {
            if reader.shows(delve_rules::view::Overlay::Options) {
                continue; // the Options screen takes keys only
            }
            let context = reactions.context(Some(&run.0), &log, Some(at));
            reactions.tell(reader.click(click, at, context, OwnTile::of(&run.0)));
        }
    }
}

/// What the terminal draws from: the run, its notices, the keys' overlays and prompts,
/// the pointer, the options and their screen, the palette, the title.
#[derive(SystemParam)]
struct Drawn<'w> {
    run: Option<Res<'w, RunModel>>,
    log: Res<'w, NoticeLog>,
    keys: Res<'w, Keyboard>,
    screen: Res<'w, State<Screen>>,
    title: Option<Res<'w, Title>>,
    pointer: Res<'w, Pointer>,
    options: Res<'w, PlayerOptions>,
    options_screen: Res<'w, OptionsScreenState>,
    palette: Res<'w, crate::game::ActivePalette>,
    watching: Option<Res<'w, crate::game::watching::Watching>>,
}

/// Draws the screen when the run, the notices, the overlays, the options or the
/// terminal's size changed.
fn draw_screen(
    context: Option<ResMut<RatatuiContext>>,
    drawn: Drawn,
    mut resized: MessageReader<ResizeMessage>,
    mut drawn_once: Local<bool>,
    mut drawn_area: ResMut<DrawnArea>,
) -> Result {
    let Some(mut context) = context else {
        return Ok(());
    };
    let resized = resized.read().count() > 0;
    if resized {
        context.autoresize()?;
    }
    let palette = drawn.palette.0;
    if *drawn.screen.get() == Screen::Title
        && let Some(title) = &drawn.title
    {
        if title.is_changed()
            || drawn.options_screen.is_changed()
            || drawn.palette.is_changed()
            || resized
            || !*drawn_once
        {
            *drawn_once = true;
            context.draw(|frame| {
                drawn_area.0 = frame.area();
                draw::draw_title(frame, &title.0.screen(), palette);
                if let Some(screen) = &drawn.options_screen.0 {
                    draw::draw_options(frame, screen, palette);
                }
            })?;
        }
        return Ok(());
    }
    let Some(run) = &drawn.run else {
        return Ok(());
    };
    if run.is_added() {
        *drawn_once = false;
    }
    if *drawn.screen.get() == Screen::Watching
        && let Some(watching) = &drawn.watching
    {
        if watching.is_changed() || drawn.palette.is_changed() || resized || !*drawn_once {
            *drawn_once = true;
            context.draw(|frame| {
                drawn_area.0 = frame.area();
                watch::draw_watched(frame, &run.0, &drawn.log, watching, palette);
            })?;
        }
        return Ok(());
    }
    let changed = run.is_changed()
        || drawn.log.is_changed()
        || drawn.keys.is_changed()
        || drawn.options.is_changed()
        || drawn.options_screen.is_changed()
        || drawn.palette.is_changed();
    if *drawn_once && !(changed || drawn.pointer.is_changed() || resized) {
        return Ok(());
    }
    *drawn_once = true;
    context.draw(|frame| {
        drawn_area.0 = frame.area();
        draw::draw(
            frame,
            &draw::Screen {
                run: &run.0,
                log: &drawn.log,
                keys: &drawn.keys.0,
                hover: drawn.pointer.0,
                keymap: &drawn.options.keymap,
                options: drawn.options_screen.0.as_ref(),
                palette,
            },
        )
    })?;
    Ok(())
}

/// The terminal's key for `key` (the inverse of [`named_key_of`]), for the tests that
/// press every key of the table.
#[cfg(test)]
pub(crate) fn terminal_code_of(key: NamedKey) -> KeyCode {
    match key {
        NamedKey::Left => KeyCode::Left,
        NamedKey::Right => KeyCode::Right,
        NamedKey::Up => KeyCode::Up,
        NamedKey::Down => KeyCode::Down,
        NamedKey::Numpad(d) | NamedKey::Digit(d) => KeyCode::Char((b'0' + d) as char),
        NamedKey::Space => KeyCode::Char(' '),
        NamedKey::F5 => KeyCode::F(5),
        NamedKey::F9 => KeyCode::F(9),
        NamedKey::Escape => KeyCode::Esc,
        NamedKey::PageUp => KeyCode::PageUp,
        NamedKey::PageDown => KeyCode::PageDown,
        NamedKey::Home => KeyCode::Home,
        NamedKey::End => KeyCode::End,
        NamedKey::Enter => KeyCode::Enter,
        NamedKey::Backspace => KeyCode::Backspace,
        NamedKey::Tab => KeyCode::Tab,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_rules::run::PlayerAction;

    #[test]
    fn terminal_keys_read_the_key_table() {
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Char('h')).0,
            Some(Command::Act(PlayerAction::Move(-1, 0)))
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Left).0,
            Some(Command::Act(PlayerAction::Move(-1, 0)))
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::F(5)).0,
            Some(Command::Act(PlayerAction::Save))
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Esc).0,
            Some(Command::Quit)
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Char(' ')).0,
            Some(Command::Act(PlayerAction::StepAutomaton))
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Char('?')).0,
            Some(Command::ToggleHelp)
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Char('2')).0,
            Some(Command::Act(PlayerAction::SwitchKind(
                delve_levels::generator::GeneratorKind::Rooms
            )))
        );
        assert_eq!(
            command_of(&Keymap::default(), KeyCode::Char('c')),
            (None, Some('c'))
        );
    }

    #[test]
    fn a_held_key_stops_repeating_when_disturbed_until_pressed_afresh() {
        let start = std::time::Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let wait = command_of(&Keymap::default(), KeyCode::Char('.')).0;
        let mut held = HeldKey::default();
        let dot = KeyCode::Char('.');
        assert!(!held.drops(dot, false, at(0), wait));
        assert!(!held.drops(dot, false, at(30), wait), "held: repeats go on");
        held.broken = true; // a monster came into view
        assert!(held.drops(dot, false, at(60), wait));
        assert!(held.drops(dot, false, at(90), wait));
        assert!(!held.drops(dot, false, at(400), wait), "pressed afresh");
        assert!(!held.drops(dot, false, at(430), wait), "and held again");
        // Keys that do not repeat are never dropped.
        held.broken = true;
        let save = command_of(&Keymap::default(), KeyCode::F(5)).0;
        assert!(!held.drops(KeyCode::F(5), true, at(440), save));
    }

    #[test]
    fn every_key_of_the_table_has_a_terminal_key() {
        for binding in delve_rules::view::BINDINGS.iter().filter(|b| b.plays()) {
            let reachable = binding.letters.iter().any(|&c| {
                command_of(&Keymap::default(), KeyCode::Char(c)).0 == Some(binding.command)
            }) || binding.keys.iter().any(|key| {
                let code = terminal_code_of(*key);
                command_of(&Keymap::default(), code).0 == Some(binding.command)
            });
            assert!(reachable, "{:?} has no terminal key", binding.command);
        }
    }
}
