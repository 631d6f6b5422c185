//! The keyboard, in one place: key presses become `PlayerAction` messages (plus the help
//! overlay and quitting, which are the window's own), by the one key table
//! ([`delve_rules::view::BINDINGS`]). Symbols are read as the layout types them (`>` is
//! Shift+. on one keyboard and a key of its own on another); arrows, the numpad, the
//! digit row and function keys by where they are.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::AppSystems;
use crate::game::watching::WatchKeyPressed;
use crate::game::{Disturbed, KeyReactions, Keyboard, NoticeLog, RunModel, Screen};
use delve_rules::run::PlayerAction;
use delve_rules::view::{Command, Keymap, NamedKey, Reaction, watch_command_for};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (read_keys, read_watch_keys).in_set(AppSystems::ReadInput),
    );
}

/// Whether `key` presses (`Some(true)`) or lets go of (`Some(false)`) a Ctrl key.
pub(crate) fn ctrl_change(key: &KeyboardInput) -> Option<bool> {
    matches!(key.key_code, KeyCode::ControlLeft | KeyCode::ControlRight)
        .then_some(key.state == ButtonState::Pressed)
}

/// Whether `key` is a press the game takes: not a release, nor a key held with Ctrl.
/// Ctrl with a key is the window's own (Ctrl + and Ctrl - zoom: `camera.rs`), followed
/// press by press in `ctrl` so a quick Ctrl + within one frame is never `+`.
fn a_plain_press(key: &KeyboardInput, ctrl: &mut bool) -> bool {
    if let Some(down) = ctrl_change(key) {
        *ctrl = down;
    }
    key.state == ButtonState::Pressed && !*ctrl
}

/// The character a key press types, if any (as the layout gives it).
fn typed(key: &KeyboardInput) -> Option<char> {
    match &key.logical_key {
        Key::Character(text) => text.chars().next(),
        _ => None,
    }
}

/// What a key press asks for (the key table's commands).
pub(crate) type KeyCommand = Command;

/// The key table's name for a key by its place, if it has one.
fn named_key(key_code: KeyCode) -> Option<NamedKey> {
    Some(match key_code {
        KeyCode::ArrowLeft => NamedKey::Left,
        KeyCode::ArrowRight => NamedKey::Right,
        KeyCode::ArrowUp => NamedKey::Up,
        KeyCode::ArrowDown => NamedKey::Down,
        KeyCode::Numpad1 => NamedKey::Numpad(1),
        KeyCode::Numpad2 => NamedKey::Numpad(2),
        KeyCode::Numpad3 => NamedKey::Numpad(3),
        KeyCode::Numpad4 => NamedKey::Numpad(4),
        KeyCode::Numpad5 => NamedKey::Numpad(5),
        KeyCode::Numpad6 => NamedKey::Numpad(6),
        KeyCode::Numpad7 => NamedKey::Numpad(7),
        KeyCode::Numpad8 => NamedKey::Numpad(8),
        KeyCode::Numpad9 => NamedKey::Numpad(9),
        KeyCode::Digit1 => NamedKey::Digit(1),
        KeyCode::Digit2 => NamedKey::Digit(2),
        KeyCode::Digit3 => NamedKey::Digit(3),
        KeyCode::Digit4 => NamedKey::Digit(4),
        KeyCode::Digit5 => NamedKey::Digit(5),
        KeyCode::Digit6 => NamedKey::Digit(6),
        KeyCode::Digit7 => NamedKey::Digit(7),
        KeyCode::Digit8 => NamedKey::Digit(8),
        KeyCode::Digit9 => NamedKey::Digit(9),
        KeyCode::Space => NamedKey::Space,
        KeyCode::F5 => NamedKey::F5,
        KeyCode::F9 => NamedKey::F9,
        KeyCode::Escape => NamedKey::Escape,
        KeyCode::PageUp => NamedKey::PageUp,
        KeyCode::PageDown => NamedKey::PageDown,
        KeyCode::Home => NamedKey::Home,
        KeyCode::End => NamedKey::End,
        KeyCode::Enter | KeyCode::NumpadEnter => NamedKey::Enter,
        KeyCode::Backspace => NamedKey::Backspace,
        KeyCode::Tab => NamedKey::Tab,
        _ => return None,
    })
}

/// The command of a key press, if any: first by key position (arrows, numpad, digit row,
/// Space, F5, F9, Esc), then by the character the layout gives it.
pub(crate) fn command_for(keymap: &Keymap, key_code: KeyCode, logical: &Key) -> Option<KeyCommand> {
    if let Some(command) = named_key(key_code).and_then(|key| keymap.command_for_key(key)) {
        return Some(command);
    }
    let Key::Character(text) = logical else {
        return None;
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => keymap.command_for_char(c),
        _ => None,
    }
}

/// Reads key presses into reactions. A key held down repeats moving and waiting, until
/// the game says the player was disturbed (a monster came into view): then repeats are
/// dropped until a key is pressed afresh.
#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut keyboard: ResMut<Keyboard>,
    mut reactions: KeyReactions,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut disturbed: MessageReader<Disturbed>,
    mut hold_broken: Local<bool>,
    mut ctrl: Local<bool>,
    screen: Res<State<Screen>>,
) {
    if *screen.get() == Screen::Watching {
        // The watch's keys are read by `read_watch_keys`; none is left for after it.
        keys.clear();
        return;
    }
    if disturbed.read().count() > 0 {
        *hold_broken = true;
    }
    for key in keys.read() {
        if !a_plain_press(key, &mut ctrl) {
            continue;
        }
        let typed = typed(key);
        let named = named_key(key.key_code);
        // The Options screen (over the title or the game) first, then the title.
        if reactions.take_for_options(named, typed, keyboard.bypass_change_detection())
            || reactions.title.take(named, typed)
        {
            keyboard.set_changed();
            continue;
        }
        let command = command_for(reactions.options.keymap(), key.key_code, &key.logical_key);
        if key.repeat && (*hold_broken || !command.is_some_and(|c| c.repeats())) {
            continue;
        }
        if !key.repeat {
            *hold_broken = false;
        }
        let context = reactions.context(run.as_deref().map(|r| &r.0), &log, keyboard.cursor());
        let reaction = keyboard.press(command, typed, context);
        if reaction == Reaction::Act(PlayerAction::ShowKey)
            && let Some(run) = &run
        {
            println!("level key: {}", run.level().key.encode());
        }
        reactions.tell(reaction);
    }
}

/// While a recording is watched, keys are the watch's keys of the one key table alone,
/// so a player's key never acts on the run watched; a key held repeats (stepping), and
/// Ctrl with a key stays the window's (zoom).
fn read_watch_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut pressed: MessageWriter<WatchKeyPressed>,
    mut ctrl: Local<bool>,
    screen: Res<State<Screen>>,
) {
    if *screen.get() != Screen::Watching {
        // Read, so a key that ends another screen is never taken again by the watch.
        keys.clear();
        return;
    }
    for key in keys.read() {
        if !a_plain_press(key, &mut ctrl) {
            continue;
        }
        let command = watch_command_for(named_key(key.key_code), typed(key));
        pressed.write_batch(command.and_then(WatchKeyPressed::of));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Notice, PlayerIntent};
    use delve_levels::generator::GeneratorKind;

    fn character(c: &str) -> Key {
        Key::Character(c.into())
    }

    #[test]
    fn vi_keys_arrows_and_numpad_move() {
        let mv = |dx, dy| Some(KeyCommand::Act(PlayerAction::Move(dx, dy)));
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::KeyY, &character("y")),
            mv(-1, -1)
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::KeyN, &character("n")),
            mv(1, 1)
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::ArrowUp, &Key::ArrowUp),
            mv(0, -1)
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Numpad3, &Key::PageDown),
            mv(1, 1)
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Numpad5, &character("5")),
            Some(KeyCommand::Act(PlayerAction::Wait))
        );
    }

    #[test]
    fn symbols_follow_the_layout() {
        // Shift+. on a US keyboard, and a key of its own elsewhere: both are `>`.
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Period, &character(">")),
            Some(KeyCommand::Act(PlayerAction::Descend))
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::IntlBackslash, &character(">")),
            Some(KeyCommand::Act(PlayerAction::Descend))
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Period, &character(".")),
            Some(KeyCommand::Act(PlayerAction::Wait))
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::KeyR, &character("R")),
            Some(KeyCommand::Act(PlayerAction::Regenerate))
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::KeyR, &character("r")),
            None
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Equal, &character("+")),
            Some(KeyCommand::Act(PlayerAction::AdjustWalls(1)))
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Slash, &character("?")),
            Some(KeyCommand::ToggleHelp)
        );
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::KeyK, &character("K")),
            Some(KeyCommand::Act(PlayerAction::ShowKey))
        );
    }

    #[test]
    fn the_digit_row_switches_generators_whatever_it_types() {
        // An AZERTY digit row types `&` without Shift.
        let cave = Some(KeyCommand::Act(PlayerAction::SwitchKind(
            GeneratorKind::Cave,
        )));
        assert_eq!(
            command_for(&Keymap::default(), KeyCode::Digit1, &character("&")),
            cave
        );
    }

    /// Presses Esc once in an app with only the keyboard system, `watching` a cave or
    /// not; returns the actions written and whether the app was asked to exit.
    fn press_escape(watching: bool) -> (Vec<PlayerAction>, bool) {
        let mut app = App::new();
        app.add_message::<KeyboardInput>()
            .add_message::<PlayerIntent>()
            .add_message::<AppExit>()
            .add_message::<Notice>()
            .add_message::<Disturbed>()
            .add_message::<crate::game::SaveRequest>()
            .add_message::<crate::game::title::TitleKeyPressed>()
            .add_message::<crate::game::screen::LeaveTheEndedRun>()
            .init_resource::<NoticeLog>()
            .init_resource::<Keyboard>()
            .insert_resource(crate::game::options::PlayerOptions::load(None))
            .init_resource::<crate::game::options::OptionsScreenState>()
            .insert_resource(State::new(crate::game::Screen::Playing))
            .add_systems(Update, read_keys);
        let (mut run, _) = delve_rules::run::RunState::start(
            delve_levels::config::CampaignConfig::builtin(),
            None,
            delve_rules::run::Rules::Monsters,
        )
        .expect("the built-in campaign starts");
        if watching {
            run.apply(PlayerAction::StepAutomaton);
            assert!(run.watch().is_some(), "depth 1 of the campaign is a cave");
        }
        app.insert_resource(RunModel(run));
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Escape,
            logical_key: Key::Escape,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
        let actions = app
            .world_mut()
            .resource_mut::<Messages<PlayerIntent>>()
            .drain()
            .map(|intent| intent.0)
            .collect();
        let exit = !app.world().resource::<Messages<AppExit>>().is_empty();
        (actions, exit)
    }

    #[test]
    fn escape_ends_a_cave_watch_and_otherwise_asks_before_quitting() {
        assert_eq!(
            press_escape(true),
            (vec![PlayerAction::StopWatching], false)
        );
        assert_eq!(press_escape(false), (vec![], false), "Esc asks first");
    }

    #[test]
    fn only_moving_and_waiting_repeat() {
        assert!(KeyCommand::Act(PlayerAction::Move(1, 0)).repeats());
        assert!(!KeyCommand::Act(PlayerAction::Regenerate).repeats());
        assert!(!KeyCommand::ToggleHelp.repeats());
    }
}
