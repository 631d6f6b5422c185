//! The Options screen (`O` in play), as both front ends show it and read its keys: a row
//! per option (the key preset, the palette, the window's zoom, whether risky steps ask
//! first) and a row per action with its keys. Up and Down choose a row; Left and Right
//! change an option; Enter on an action waits for the next key and binds it (a key
//! another action has is refused, naming it); Backspace gives an action back its
//! preset's keys; Esc closes, saving what changed. The front ends turn their key events
//! into [`MenuKey`]s and draw [`OptionsScreen::lines`].

use super::keymap::{KeyName, KeyPreset, Keymap, action_names};
use super::palette::PaletteName;
use super::title::MenuKey;
use crate::options::{MOST_ZOOM, Options};

/// The rows before the actions: the options proper.
const SETTINGS: usize = 4;

/// What the screen did with a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsReaction {
    /// Draw again (the selection or an option changed).
    Redraw,
    /// Closed: save these options if they changed, and apply them.
    Closed,
    /// Nothing happened.
    Nothing,
}

/// The Options screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsScreen {
    /// The options as edited so far.
    pub options: Options,
    /// The row selected: the settings first, then each action.
    pub row: usize,
    /// Waiting for the key to bind to the selected action.
    pub binding: bool,
    /// The last thing said (a refusal, what was bound).
    pub said: Option<String>,
    /// Whether anything changed since it opened.
    pub changed: bool,
}

impl OptionsScreen {
    /// The screen over `options`.
    pub fn new(options: Options) -> OptionsScreen {
        OptionsScreen {
            options,
            row: 0,
            binding: false,
            said: None,
            changed: false,
        }
    }

    /// The rows: settings, then actions.
    fn rows(&self) -> usize {
        SETTINGS + action_names().len()
    }

    /// The action of the selected row, if it is one.
    fn action(&self) -> Option<String> {
        self.row
            .checked_sub(SETTINGS)
            .and_then(|i| action_names().get(i).cloned())
    }

    /// A key on the screen. While waiting for a key to bind, `key` is that key (a
    /// character, or a key by its place), and Esc never minds.
    pub fn press(&mut self, menu: MenuKey, key: Option<KeyName>) -> OptionsReaction {
        if self.binding {
            self.binding = false;
            if menu == MenuKey::Back {
                self.said = Some("Never mind.".into());
                return OptionsReaction::Redraw;
            }
            if let (Some(action), Some(key)) = (self.action(), key) {
                self.bind(&action, key);
            }
            return OptionsReaction::Redraw;
        }
        match menu {
            MenuKey::Back => OptionsReaction::Closed,
            MenuKey::Up => {
                self.row = (self.row + self.rows() - 1) % self.rows();
                OptionsReaction::Redraw
            }
            MenuKey::Down => {
                self.row = (self.row + 1) % self.rows();
                OptionsReaction::Redraw
            }
            MenuKey::Left | MenuKey::Right => {
                let step = if menu == MenuKey::Right { 1 } else { -1 };
                self.change(step)
            }
            MenuKey::Enter if self.action().is_some() => {
                self.binding = true;
                self.said = None;
                OptionsReaction::Redraw
            }
            MenuKey::Enter => self.change(1),
            MenuKey::Erase => match self.action() {
                Some(action) => {
                    self.options.bindings.remove(&action);
                    self.changed = true;
                    self.said = Some(format!("{action}: back to the preset's keys."));
                    OptionsReaction::Redraw
                }
                None => OptionsReaction::Nothing,
            },
            MenuKey::Char(_) => OptionsReaction::Nothing,
        }
    }

    /// Binds `key` alone to `action`, unless another action has it.
    fn bind(&mut self, action: &str, key: KeyName) {
        let mut bindings = self.options.bindings.clone();
        bindings.insert(action.to_owned(), vec![key.to_string()]);
        let (_, problems) = Keymap::with_bindings(self.options.keys, &bindings);
        match problems.into_iter().find(|p| p.action == action) {
            Some(problem) => self.said = Some(format!("Refused: {}", problem.problem)),
            None => {
                self.options.bindings = bindings;
                self.changed = true;
                self.said = Some(format!("{action}: {key}"));
            }
        }
    }

    /// Changes the selected setting by one step either way.
    fn change(&mut self, step: i32) -> OptionsReaction {
        let cycle = |at: usize, len: usize| (at as i32 + step).rem_euclid(len as i32) as usize;
        let options = &mut self.options;
        match self.row {
            0 => {
                let at = KeyPreset::ALL
                    .iter()
                    .position(|&p| p == options.keys)
                    .unwrap_or(0);
                options.keys = KeyPreset::ALL[cycle(at, KeyPreset::ALL.len())];
            }
            1 => {
                let all = PaletteName::ALL;
                let at = all.iter().position(|&p| p == options.palette).unwrap_or(0);
                options.palette = all[cycle(at, all.len())];
            }
            2 => options.zoom = cycle(options.zoom as usize, MOST_ZOOM as usize + 1) as u32,
            3 => options.ask_before_risky_steps = !options.ask_before_risky_steps,
            _ => return OptionsReaction::Nothing,
        }
        self.changed = true;
        OptionsReaction::Redraw
    }

    /// The screen's lines: the title, the settings, the actions with their keys (the
    /// selected row marked `>`), and what was last said. `rows` is how many lines fit:
    /// the actions scroll to keep the selection in view.
    pub fn lines(&self, rows: usize) -> Vec<String> {
        let options = &self.options;
        let mark = |row: usize| if row == self.row { ">" } else { " " };
        let zoom = match options.zoom {
            0 => "fit the window".to_owned(),
            n => format!("{n}x"),
        };
        let settings = [
            format!("Keys: {} (vi, numpad, arrows)", options.keys.name()),
            format!(
                "Palette: {} - {}",
                options.palette.name(),
                options.palette.description()
            ),
            format!("Window zoom: {zoom} (Ctrl + and Ctrl - too)"),
            format!(
                "Ask before a risky step: {}",
                if options.ask_before_risky_steps {
                    "yes"
                } else {
                    "no"
                }
            ),
        ];
        let mut lines = vec![
            "Up Down: choose; Left Right: change; Enter on an action: press its new key; \
             Backspace: its preset keys; Esc: save and close"
                .to_owned(),
            String::new(),
        ];
        lines.extend(
            settings
                .iter()
                .enumerate()
                .map(|(row, text)| format!("{} {text}", mark(row))),
        );
        lines.push(String::new());
        let keymap = Keymap::with_bindings(options.keys, &options.bindings).0;
        let actions: Vec<String> = action_names()
            .iter()
            .enumerate()
            .map(|(i, action)| {
                let row = SETTINGS + i;
                let keys: Vec<String> = super::bindings::BINDINGS
                    .iter()
                    .filter(|b| b.command.name() == *action)
                    .flat_map(|b| keymap.keys_of(b.command))
                    .map(|k| k.to_string())
                    .collect();
                let keys = if self.binding && row == self.row {
                    "press a key... (Esc: never mind)".to_owned()
                } else if keys.is_empty() {
                    "(no key)".to_owned()
                } else {
                    keys.join(" ")
                };
                format!("{} {action:<20} {keys}", mark(row))
            })
            .collect();
        let room = rows.saturating_sub(lines.len() + 2).max(3);
        let selected = self.row.saturating_sub(SETTINGS);
        let first = selected
            .saturating_sub(room / 2)
            .min(actions.len().saturating_sub(room));
        lines.extend(actions.into_iter().skip(first).take(room));
        lines.push(String::new());
        lines.push(self.said.clone().unwrap_or_default());
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_and_right_cycle_each_setting() {
        let mut screen = OptionsScreen::new(Options::default());
        screen.press(MenuKey::Right, None);
        assert_eq!(screen.options.keys, KeyPreset::Numpad);
        screen.press(MenuKey::Left, None);
        screen.press(MenuKey::Left, None);
        assert_eq!(
            screen.options.keys,
            KeyPreset::Arrows,
            "round the other way"
        );
        screen.press(MenuKey::Down, None);
        screen.press(MenuKey::Right, None);
        assert_ne!(screen.options.palette, PaletteName::Classic);
        screen.press(MenuKey::Down, None);
        screen.press(MenuKey::Left, None);
        assert_eq!(screen.options.zoom, MOST_ZOOM, "0 back to the largest");
        screen.press(MenuKey::Down, None);
        screen.press(MenuKey::Enter, None);
        assert!(!screen.options.ask_before_risky_steps);
        assert!(screen.changed);
        assert_eq!(screen.press(MenuKey::Back, None), OptionsReaction::Closed);
    }

    #[test]
    fn enter_on_an_action_binds_the_next_key_unless_another_action_has_it() {
        let mut screen = OptionsScreen::new(Options::default());
        let explore = action_names().iter().position(|a| a == "explore").unwrap();
        screen.row = SETTINGS + explore;
        screen.press(MenuKey::Enter, None);
        assert!(screen.binding);
        assert!(screen.lines(60).iter().any(|l| l.contains("press a key")));
        screen.press(MenuKey::Char('r'), Some(KeyName::Char('R')));
        assert!(
            screen
                .said
                .as_deref()
                .unwrap()
                .contains("R already does regenerate"),
            "{:?}",
            screen.said
        );
        assert!(screen.options.bindings.is_empty());
        screen.press(MenuKey::Enter, None);
        screen.press(MenuKey::Char('o'), Some(KeyName::Char('o')));
        assert_eq!(screen.options.bindings["explore"], vec!["o".to_owned()]);
        assert!(
            screen
                .lines(60)
                .iter()
                .any(|l| l.contains("explore") && l.ends_with(" o"))
        );
        screen.press(MenuKey::Erase, None);
        assert!(screen.options.bindings.is_empty(), "back to the preset");
    }

    #[test]
    fn the_lines_fit_and_keep_the_selection_in_view() {
        let mut screen = OptionsScreen::new(Options::default());
        for _ in 0..40 {
            screen.press(MenuKey::Down, None);
        }
        let lines = screen.lines(30);
        assert!(lines.len() <= 30, "{}", lines.len());
        assert!(lines.iter().any(|l| l.starts_with('>')), "{lines:?}");
    }
}
