//! The keyboard, in one place: key presses become `PlayerAction` messages (plus the help
//! overlay and quitting, which are the window's own). Symbols are read as the layout
//! types them (`>` is Shift+. on one keyboard and a key of its own on another); arrows,
//! the numpad, the digit row and function keys by where they are.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::AppSystems;
use super::hud::HelpOverlay;
use crate::game::sight::CaveWatch;
use crate::game::{CurrentLevel, PlayerAction};
use crate::generator::GeneratorKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_keys.in_set(AppSystems::ReadInput));
}

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    /// A game action.
    Act(PlayerAction),
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Close the help overlay if it is open, else stop watching a cave form, else leave
    /// the game.
    Quit,
}

/// The command of a key press, if any: first by key position (arrows, numpad, digit row,
/// Space, F5, F9, Esc), then by the character the layout gives it.
pub fn command_for(key_code: KeyCode, logical: &Key) -> Option<KeyCommand> {
    use PlayerAction::*;
    let act = |a| Some(KeyCommand::Act(a));
    match key_code {
        KeyCode::ArrowLeft => return act(Move(-1, 0)),
        KeyCode::ArrowRight => return act(Move(1, 0)),
        KeyCode::ArrowUp => return act(Move(0, -1)),
        KeyCode::ArrowDown => return act(Move(0, 1)),
        KeyCode::Numpad1 => return act(Move(-1, 1)),
        KeyCode::Numpad2 => return act(Move(0, 1)),
        KeyCode::Numpad3 => return act(Move(1, 1)),
        KeyCode::Numpad4 => return act(Move(-1, 0)),
        KeyCode::Numpad5 => return act(Wait),
        KeyCode::Numpad6 => return act(Move(1, 0)),
        KeyCode::Numpad7 => return act(Move(-1, -1)),
        KeyCode::Numpad8 => return act(Move(0, -1)),
        KeyCode::Numpad9 => return act(Move(1, -1)),
        KeyCode::Digit1 => return act(SwitchKind(GeneratorKind::Cave)),
        KeyCode::Digit2 => return act(SwitchKind(GeneratorKind::Rooms)),
        KeyCode::Digit3 => return act(SwitchKind(GeneratorKind::Maze)),
        KeyCode::Space => return act(StepAutomaton),
        KeyCode::F5 => return act(Save),
        KeyCode::F9 => return act(Load),
        KeyCode::Escape => return Some(KeyCommand::Quit),
        _ => {}
    }
    let Key::Character(text) = logical else {
        return None;
    };
    match text.as_str() {
        "?" => Some(KeyCommand::ToggleHelp),
        // The same letters as headless action strings, so one vocabulary serves both.
        "h" | "j" | "k" | "l" | "y" | "u" | "b" | "n" | "." | ">" | "<" | "g" | "," | "R" | "+"
        | "-" | "K" => text
            .chars()
            .next()
            .and_then(PlayerAction::from_char)
            .map(KeyCommand::Act),
        // `+` without Shift on most layouts.
        "=" => act(AdjustWalls(1)),
        _ => None,
    }
}

/// Whether holding the key down should repeat it (moving and waiting do; regenerating,
/// saving and the like would only surprise).
fn repeats(command: KeyCommand) -> bool {
    matches!(
        command,
        KeyCommand::Act(PlayerAction::Move(..) | PlayerAction::Wait)
    )
}

fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut actions: MessageWriter<PlayerAction>,
    mut help: ResMut<HelpOverlay>,
    mut exit: MessageWriter<AppExit>,
    current: Option<Res<CurrentLevel>>,
    watch: Option<Res<CaveWatch>>,
) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let Some(command) = command_for(key.key_code, &key.logical_key) else {
            continue;
        };
        if key.repeat && !repeats(command) {
            continue;
        }
        match command {
            KeyCommand::Act(action) => {
                if action == PlayerAction::ShowKey
                    && let Some(current) = &current
                {
                    println!("level key: {}", current.key.encode());
                }
                actions.write(action);
            }
            KeyCommand::ToggleHelp => help.shown = !help.shown,
            KeyCommand::Quit if help.shown => help.shown = false,
            KeyCommand::Quit if watch.is_some() => {
                actions.write(PlayerAction::StopWatching);
            }
            KeyCommand::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn character(c: &str) -> Key {
        Key::Character(c.into())
    }

    #[test]
    fn vi_keys_arrows_and_numpad_move() {
        let mv = |dx, dy| Some(KeyCommand::Act(PlayerAction::Move(dx, dy)));
        assert_eq!(command_for(KeyCode::KeyY, &character("y")), mv(-1, -1));
        assert_eq!(command_for(KeyCode::KeyN, &character("n")), mv(1, 1));
        assert_eq!(command_for(KeyCode::ArrowUp, &Key::ArrowUp), mv(0, -1));
        assert_eq!(command_for(KeyCode::Numpad3, &Key::PageDown), mv(1, 1));
        assert_eq!(
            command_for(KeyCode::Numpad5, &character("5")),
            Some(KeyCommand::Act(PlayerAction::Wait))
        );
    }

    #[test]
    fn symbols_follow_the_layout() {
        // Shift+. on a US keyboard, and a key of its own elsewhere: both are `>`.
        assert_eq!(
            command_for(KeyCode::Period, &character(">")),
            Some(KeyCommand::Act(PlayerAction::Descend))
        );
        assert_eq!(
            command_for(KeyCode::IntlBackslash, &character(">")),
            Some(KeyCommand::Act(PlayerAction::Descend))
        );
        assert_eq!(
            command_for(KeyCode::Period, &character(".")),
            Some(KeyCommand::Act(PlayerAction::Wait))
        );
        assert_eq!(
            command_for(KeyCode::KeyR, &character("R")),
            Some(KeyCommand::Act(PlayerAction::Regenerate))
        );
        assert_eq!(command_for(KeyCode::KeyR, &character("r")), None);
        assert_eq!(
            command_for(KeyCode::Equal, &character("+")),
            Some(KeyCommand::Act(PlayerAction::AdjustWalls(1)))
        );
        assert_eq!(
            command_for(KeyCode::Slash, &character("?")),
            Some(KeyCommand::ToggleHelp)
        );
        assert_eq!(
            command_for(KeyCode::KeyK, &character("K")),
            Some(KeyCommand::Act(PlayerAction::ShowKey))
        );
    }

    #[test]
    fn the_digit_row_switches_generators_whatever_it_types() {
        // An AZERTY digit row types `&` without Shift.
        let cave = Some(KeyCommand::Act(PlayerAction::SwitchKind(
            GeneratorKind::Cave,
        )));
        assert_eq!(command_for(KeyCode::Digit1, &character("&")), cave);
    }

    /// Presses Esc once in an app with only the keyboard system, `watching` a cave or
    /// not; returns the actions written and whether the app was asked to exit.
    fn press_escape(watching: bool) -> (Vec<PlayerAction>, bool) {
        use crate::grid::Grid;
        let mut app = App::new();
        app.add_message::<KeyboardInput>()
            .add_message::<PlayerAction>()
            .add_message::<AppExit>()
            .init_resource::<HelpOverlay>()
            .add_systems(Update, read_keys);
        if watching {
            app.insert_resource(CaveWatch {
                walls: Grid::new(3, 3, true),
                pass: 0,
                passes: 4,
            });
        }
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
            .resource_mut::<Messages<PlayerAction>>()
            .drain()
            .collect();
        let exit = !app.world().resource::<Messages<AppExit>>().is_empty();
        (actions, exit)
    }

    #[test]
    fn escape_ends_a_cave_watch_instead_of_quitting() {
        assert_eq!(
            press_escape(true),
            (vec![PlayerAction::StopWatching], false)
        );
        assert_eq!(press_escape(false), (vec![], true));
    }

    #[test]
    fn only_moving_and_waiting_repeat() {
        assert!(repeats(KeyCommand::Act(PlayerAction::Move(1, 0))));
        assert!(!repeats(KeyCommand::Act(PlayerAction::Regenerate)));
        assert!(!repeats(KeyCommand::ToggleHelp));
    }
}
