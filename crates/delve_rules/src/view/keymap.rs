//! The keys in play: the one key table ([`super::BINDINGS`]) as the player's options
//! set it — a preset for moving (vi keys as the table has them, the numeric keypad, or
//! the arrow keys with Home, End, PageUp and PageDown for the diagonals) and any action
//! given keys of its own by name (`explore: ["x", "o"]`). Both front ends read keys
//! through a [`Keymap`]; the help lists its keys. Action strings (headless runs,
//! recordings) keep the table's own letters, whatever the player binds.

use std::collections::BTreeMap;
use std::fmt;

use super::bindings::{
    Command, KeyEntry, NamedKey, Scroll, Section, default_entries, help_lines_of,
};
use crate::run::PlayerAction;
use crate::run::messages::{KEY_MARK_CLOSE, KEY_MARK_OPEN, Message};

/// How the player moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeyPreset {
    /// h j k l y u b n (and the arrows and the numpad), as the key table has them.
    #[default]
    Vi,
    /// The numeric keypad (and the arrows); the vi letters do nothing.
    Numpad,
    /// The arrows, with Home, PageUp, End and PageDown for the diagonals (the keypad's
    /// layout without NumLock); the vi letters do nothing, and the log scrolls with the
    /// arrows and the wheel.
    Arrows,
}

impl KeyPreset {
    /// Every preset, as the options screen offers them.
    pub const ALL: [KeyPreset; 3] = [KeyPreset::Vi, KeyPreset::Numpad, KeyPreset::Arrows];

    /// Its name in `options.ron`.
    pub fn name(self) -> &'static str {
        match self {
            KeyPreset::Vi => "vi",
            KeyPreset::Numpad => "numpad",
            KeyPreset::Arrows => "arrows",
        }
    }

    /// The preset named `name`.
    pub fn from_name(name: &str) -> Option<KeyPreset> {
        KeyPreset::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// A key as the options name it: a character typed, or a key by its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// The character a key types (`x`, `>`, `_`).
    Char(char),
    /// A key by its place (`Tab`, `F5`, `numpad 7`).
    Named(NamedKey),
}

impl fmt::Display for KeyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyName::Char(c) => write!(f, "{c}"),
            KeyName::Named(key) => write!(f, "{key}"),
        }
    }
}

/// Every key by its place, as options can name it.
fn named_keys() -> Vec<NamedKey> {
    let mut keys = vec![
        NamedKey::Left,
        NamedKey::Right,
        NamedKey::Up,
        NamedKey::Down,
        NamedKey::Space,
        NamedKey::F5,
        NamedKey::F9,
        NamedKey::Escape,
        NamedKey::PageUp,
        NamedKey::PageDown,
        NamedKey::Home,
        NamedKey::End,
        NamedKey::Enter,
        NamedKey::Tab,
        NamedKey::Backspace,
    ];
    keys.extend((0..=9).map(NamedKey::Numpad));
    keys
}

impl KeyName {
    /// The key `text` names: a key's name as the help writes it (`Tab`, `numpad 7`,
    /// `PageUp`), else one character.
    pub fn parse(text: &str) -> Option<KeyName> {
        if let Some(key) = named_keys().into_iter().find(|k| k.to_string() == text) {
            return Some(KeyName::Named(key));
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() && !c.is_control() => Some(KeyName::Char(c)),
            _ => None,
        }
    }
}

/// A problem with the keys an options file asks for: the rest of the keys stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyProblem {
    /// The action whose keys were asked for (as `options.ron` names it).
    pub action: String,
    /// What was wrong, and what was done instead.
    pub problem: String,
}

/// The keys in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    entries: Vec<KeyEntry>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap::preset(KeyPreset::Vi)
    }
}

/// The vi letters for moving, by direction.
const VI_LETTERS: [char; 8] = ['h', 'j', 'k', 'l', 'y', 'u', 'b', 'n'];

impl Keymap {
    /// The key table under `preset`.
    pub fn preset(preset: KeyPreset) -> Keymap {
        let mut entries = default_entries();
        if preset != KeyPreset::Vi {
            for entry in &mut entries {
                entry.letters.retain(|c| !VI_LETTERS.contains(c));
            }
        }
        if preset == KeyPreset::Arrows {
            let diagonal = |dx, dy| match (dx, dy) {
                (-1, -1) => Some(NamedKey::Home),
                (1, -1) => Some(NamedKey::PageUp),
                (-1, 1) => Some(NamedKey::End),
                (1, 1) => Some(NamedKey::PageDown),
                _ => None,
            };
            for entry in &mut entries {
                match entry.command {
                    Command::ScrollLog(_) => entry.keys.clear(),
                    Command::Act(PlayerAction::Move(dx, dy)) => {
                        entry.keys.extend(diagonal(dx, dy));
                    }
                    _ => {}
                }
            }
        }
        Keymap { entries }
    }

    /// The key table under `preset`, each action named in `bindings` given the keys
    /// listed there instead of its own. An unknown action or key, or a key another
    /// action keeps, is refused (that action keeps its keys) and said in the problems.
    pub fn with_bindings(
        preset: KeyPreset,
        bindings: &BTreeMap<String, Vec<String>>,
    ) -> (Keymap, Vec<KeyProblem>) {
        let mut keymap = Keymap::preset(preset);
        let mut problems = Vec::new();
        for (action, names) in bindings {
            let problem = |problem: String| KeyProblem {
                action: action.clone(),
                problem,
            };
            let matching: Vec<usize> = (0..keymap.entries.len())
                .filter(|&i| keymap.entries[i].command.name() == *action)
                .collect();
            if matching.is_empty() {
                problems.push(problem(format!(
                    "no action is called {action:?}; the actions are: {}",
                    action_names().join(", ")
                )));
                continue;
            }
            let keys: Result<Vec<KeyName>, String> = names
                .iter()
                .map(|n| KeyName::parse(n).ok_or(format!("{n:?} is not a key (a character, or a key's name such as Tab, F5, PageUp, numpad 7)")))
                .collect();
            let keys = match keys {
                Ok(keys) => keys,
                Err(why) => {
                    problems.push(problem(format!("{why}; its keys stay as they were")));
                    continue;
                }
            };
            let taken = keys.iter().find_map(|&key| {
                let other = keymap.command_of(key)?;
                (other.name() != *action).then_some((key, other))
            });
            if let Some((key, other)) = taken {
                problems.push(problem(format!(
                    "{key} already does {}: two actions on one key are refused; {action} keeps its keys",
                    other.name()
                )));
                continue;
            }
            for (n, &i) in matching.iter().enumerate() {
                let entry = &mut keymap.entries[i];
                entry.letters.clear();
                entry.keys.clear();
                // Several entries under one name (none today) share the keys: the first
                // takes them.
                if n > 0 {
                    continue;
                }
                for &key in &keys {
                    match key {
                        KeyName::Char(c) => entry.letters.push(c),
                        KeyName::Named(k) => entry.keys.push(k),
                    }
                }
            }
        }
        (keymap, problems)
    }

    /// What `key` does, if anything.
    pub fn command_of(&self, key: KeyName) -> Option<Command> {
        match key {
            KeyName::Char(c) => self.command_for_char(c),
            KeyName::Named(k) => self.command_for_key(k),
        }
    }

    /// The command a typed character does.
    pub fn command_for_char(&self, c: char) -> Option<Command> {
        self.entries
            .iter()
            .find(|e| e.letters.contains(&c))
            .map(|e| e.command)
    }

    /// The command of a key by its place.
    pub fn command_for_key(&self, key: NamedKey) -> Option<Command> {
        self.entries
            .iter()
            .find(|e| e.keys.contains(&key))
            .map(|e| e.command)
    }

    /// `text` (a message) with each key mark the rules wrote ([`key_of`]) turned into
    /// the first key this keymap binds to that command ("g buys it"), or, where none is
    /// bound, the command's name and that no key does it.
    ///
    /// [`key_of`]: crate::run::messages::key_of
    pub fn with_keys_named(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find(KEY_MARK_OPEN) {
            out.push_str(&rest[..open]);
            let after = &rest[open + KEY_MARK_OPEN.len_utf8()..];
            let Some(close) = after.find(KEY_MARK_CLOSE) else {
                rest = &rest[open..];
                break;
            };
            let name = &after[..close];
            let key = (self.entries.iter())
                .find(|e| e.command.name() == name)
                .and_then(|e| self.keys_of(e.command).into_iter().next());
            match key {
                Some(key) => out.push_str(&key.to_string()),
                None => out.push_str(&format!("{name} (no key is bound to it)")),
            }
            rest = &after[close + KEY_MARK_CLOSE.len_utf8()..];
        }
        out.push_str(rest);
        out
    }

    /// The line the screen shows for `message`, its keys named as this keymap binds
    /// them.
    pub fn message_line(&self, message: &Message) -> String {
        self.with_keys_named(&message.line())
    }

    /// The keys of `command`, as the help names them.
    pub fn keys_of(&self, command: Command) -> Vec<KeyName> {
        self.entries
            .iter()
            .filter(|e| e.command == command)
            .flat_map(|e| {
                (e.letters.iter().map(|&c| KeyName::Char(c)))
                    .chain(e.keys.iter().map(|&k| KeyName::Named(k)))
            })
            .collect()
    }

    /// The controls as Markdown tables, with these keys (as the README's, which are the
    /// preset `vi` without bindings).
    pub fn controls_markdown(&self) -> String {
        super::bindings::controls_markdown_of(&self.entries)
    }

    /// Every action by the name the options give it, with its keys: a Markdown table
    /// for `options.ron`'s `bindings`.
    pub fn names_markdown(&self) -> String {
        let mut text = String::from("| action | keys | what it does |\n|---|---|---|\n");
        for entry in &self.entries {
            let keys: Vec<String> = self
                .keys_of(entry.command)
                .iter()
                .map(|k| format!("`{k}`"))
                .collect();
            let keys = if keys.is_empty() {
                "(none)".to_owned()
            } else {
                keys.join(" ")
            };
            text.push_str(&format!(
                "| `{}` | {keys} | {} |\n",
                entry.command.name(),
                entry.help.replace('|', "\\|")
            ));
        }
        text
    }

    /// The help lines of one heading, with these keys.
    pub fn help_lines_in(&self, section: Section) -> Vec<(&'static str, String)> {
        help_lines_of(&self.entries, |e| e.section == section)
    }
}

/// The names of every action the options can bind, in the key table's order.
pub fn action_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for entry in default_entries() {
        let name = entry.command.name();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

impl Command {
    /// Its name in `options.ron` (`explore`, `move-north-west`, `log-page-back`).
    pub fn name(self) -> String {
        let direction = |dx: i32, dy: i32| -> &'static str {
            match (dx, dy) {
                (0, -1) => "north",
                (0, 1) => "south",
                (1, 0) => "east",
                (-1, 0) => "west",
                (1, -1) => "north-east",
                (-1, -1) => "north-west",
                (1, 1) => "south-east",
                (-1, 1) => "south-west",
                _ => "nowhere",
            }
        };
        let name = match self {
            Command::Act(action) => match action {
                PlayerAction::Move(dx, dy) => return format!("move-{}", direction(dx, dy)),
                PlayerAction::SwitchKind(kind) => {
                    return format!("switch-to-{}", kind.info().name);
                }
                PlayerAction::AdjustWalls(d) if d > 0 => "more-walls",
                PlayerAction::AdjustWalls(_) => "fewer-walls",
                PlayerAction::Wait => "wait",
                PlayerAction::Rest => "rest",
                PlayerAction::Search => "search",
                PlayerAction::Descend => "descend",
                PlayerAction::Ascend => "ascend",
                PlayerAction::Explore => "explore",
                PlayerAction::PickUp => "pick-up",
                PlayerAction::ShowKey => "show-key",
                PlayerAction::Save => "save",
                PlayerAction::Load => "load",
                PlayerAction::Regenerate => "regenerate",
                PlayerAction::StepAutomaton => "watch-cave",
                PlayerAction::StopWatching => "stop-watching",
                _ => "other",
            },
            Command::ToggleHelp => "help",
            Command::Quit => "quit",
            Command::ChooseItem => "use",
            Command::ChooseDrop => "drop",
            Command::ChooseThrow => "throw",
            Command::NextTarget => "next-target",
            Command::Fire => "fire",
            Command::ToggleLog => "log",
            Command::ToggleInventory => "inventory",
            Command::Look => "look",
            Command::ScrollLog(Scroll::PageUp) => "log-page-back",
            Command::ScrollLog(Scroll::PageDown) => "log-page-on",
            Command::ScrollLog(Scroll::Oldest) => "log-oldest",
            Command::ScrollLog(Scroll::Newest) => "log-newest",
            Command::Travel => "travel",
            Command::ToggleOverview => "overview",
            Command::ToggleOptions => "options",
            Command::Watch(_) => "watch",
        };
        name.to_owned()
    }
}

#[cfg(test)]
mod tests;
