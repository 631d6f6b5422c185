//! The one key table: every key and action letter, what it does and how the help names
//! it. Keyboard input (the window and the terminal), action strings (headless runs and
//! replays), the `?` help panel and the CLI's error messages all read this table; the
//! run only ever sees the [`PlayerAction`]s it names.

use std::fmt;
use std::sync::LazyLock;

use crate::run::record::WatchCommand;
use crate::run::{PlayerAction, stack_of_letter};
use delve_levels::generator::GeneratorKind;
use delve_levels::generator::kind::SWITCH_DIGITS;

/// A key named by where it is on the keyboard rather than by what it types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedKey {
    /// ←
    Left,
    /// →
    Right,
    /// ↑
    Up,
    /// ↓
    Down,
    /// A digit of the numeric keypad.
    Numpad(u8),
    /// A digit of the digit row (whatever it types on this layout).
    Digit(u8),
    /// The space bar.
    Space,
    /// F5.
    F5,
    /// F9.
    F9,
    /// Escape.
    Escape,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// Enter (Return): the title screen's choice; fires at the aiming cursor.
    Enter,
    /// Tab: the aiming cursor's next target.
    Tab,
    /// Backspace: erases on the title screen's seed line; the key table binds nothing to it.
    Backspace,
}

impl fmt::Display for NamedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamedKey::Left => f.write_str("Left"),
            NamedKey::Right => f.write_str("Right"),
            NamedKey::Up => f.write_str("Up"),
            NamedKey::Down => f.write_str("Down"),
            NamedKey::Numpad(d) => write!(f, "numpad {d}"),
            NamedKey::Digit(d) => write!(f, "{d}"),
            NamedKey::Space => f.write_str("Space"),
            NamedKey::F5 => f.write_str("F5"),
            NamedKey::F9 => f.write_str("F9"),
            NamedKey::Escape => f.write_str("Esc"),
            NamedKey::PageUp => f.write_str("PageUp"),
            NamedKey::PageDown => f.write_str("PageDown"),
            NamedKey::Home => f.write_str("Home"),
            NamedKey::End => f.write_str("End"),
            NamedKey::Enter => f.write_str("Enter"),
            NamedKey::Tab => f.write_str("Tab"),
            NamedKey::Backspace => f.write_str("Backspace"),
        }
    }
}

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A game action.
    Act(PlayerAction),
    /// Show or hide the help panel.
    ToggleHelp,
    /// Close the overlay or prompt that is open, else stop watching a cave form, else
    /// ask to save and quit (a finished run quits at once).
    Quit,
    /// Use an item: the next letter typed names it in the inventory (`a`, then `c`).
    ChooseItem,
    /// Drop an item: the next letter typed names it in the inventory (`d`, then `c`).
    ChooseDrop,
    /// Throw an item: the next letter typed names it, then the aiming cursor aims it
    /// (`t`, then `c`, then Enter).
    ChooseThrow,
    /// The aiming cursor's next monster in view (Tab).
    NextTarget,
    /// Fire at the aiming cursor (Enter).
    Fire,
    /// Show or hide the whole message log.
    ToggleLog,
    /// Show or hide the inventory.
    ToggleInventory,
    /// Look around: a cursor, moved with the movement keys, names what is under it.
    Look,
    /// Scroll the message log (opening it): lines toward older (+) or newer (−) ones.
    ScrollLog(Scroll),
    /// Choose where to travel: a cursor, moved with the movement keys (Tab: places of
    /// note), Enter walks there.
    Travel,
    /// Show or hide the whole level, scaled to fit.
    ToggleOverview,
    /// Open the Options screen (keys, colours, zoom).
    ToggleOptions,
    /// Watching a recording: what the watcher asks of the playback. Only the watch's
    /// keys ([`Section::Watch`]) give it; the play's lookups never do.
    Watch(WatchCommand),
}

impl Command {
    /// Whether holding its key down should repeat it: moving and waiting do (until the
    /// player is disturbed); regenerating, saving and the like would only surprise.
    pub fn repeats(self) -> bool {
        matches!(
            self,
            Command::Act(PlayerAction::Move(..) | PlayerAction::Wait)
        )
    }
}

/// How far a log scroll goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// A page toward older messages.
    PageUp,
    /// A page toward newer messages.
    PageDown,
    /// To the oldest message.
    Oldest,
    /// To the newest message.
    Newest,
}

/// Which heading of the help a key is listed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// The keys of the game.
    Play,
    /// The level designer's tools: using one marks the run as a designer run.
    Designer,
    /// The keys of watching a recording (`delve replay --watch`): never looked up in
    /// play, so the player's keys never act on a replayed run.
    Watch,
}

impl Section {
    /// The heading of the section in the help.
    pub fn heading(self) -> &'static str {
        match self {
            Section::Play => "Playing",
            Section::Designer => "Designer tools (using one marks the run as a designer run)",
            Section::Watch => {
                "Watching a recording (delve replay --watch, or a run on the history page)"
            }
        }
    }

    /// Every heading, in the help's order.
    pub const ALL: [Section; 3] = [Section::Play, Section::Designer, Section::Watch];
}

/// One line of the key table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// What it does.
    pub command: Command,
    /// The characters that do it, as the keyboard layout types them; the same letters
    /// stand for it in action strings.
    pub letters: &'static [char],
    /// The keys that do it by their place on the keyboard.
    pub keys: &'static [NamedKey],
    /// The help line it belongs to (bindings of one line are listed together).
    pub help: &'static str,
    /// The help's heading it is listed under.
    pub section: Section,
}

impl Binding {
    /// Whether it is a key of play (not of watching a recording).
    pub fn plays(&self) -> bool {
        self.section != Section::Watch
    }
}

/// The help line of the stairs keys, both on one line.
const STAIRS_HELP: &str = "Stairs down / up (elsewhere: walk to them)";

/// A key that scrolls the message log, listed on the help's one line for them.
const fn scroll_log(scroll: Scroll, keys: &'static [NamedKey]) -> Binding {
    other(
        Command::ScrollLog(scroll),
        &[],
        keys,
        "Scroll the log (Up Down too, in the log)",
    )
}

/// A key of the game that the run acts on.
const fn act(
    action: PlayerAction,
    letters: &'static [char],
    keys: &'static [NamedKey],
    help: &'static str,
) -> Binding {
    other(Command::Act(action), letters, keys, help)
}

/// A designer's tool (listed under its own heading).
const fn designer(
    action: PlayerAction,
    letters: &'static [char],
    keys: &'static [NamedKey],
    help: &'static str,
) -> Binding {
    Binding {
        section: Section::Designer,
        ..act(action, letters, keys, help)
    }
}

/// A key of the game, listed under playing.
const fn other(
    command: Command,
    letters: &'static [char],
    keys: &'static [NamedKey],
    help: &'static str,
) -> Binding {
    Binding {
        command,
        letters,
        keys,
        help,
        section: Section::Play,
    }
}

/// A key of watching a recording (listed under its own heading).
const fn watch(
    command: WatchCommand,
    letters: &'static [char],
    keys: &'static [NamedKey],
    help: &'static str,
) -> Binding {
    watch_key(Command::Watch(command), letters, keys, help)
}

/// A key of watching a recording that does `command` (a [`WatchCommand`],
/// [`Command::ToggleHelp`] to show its keys, or [`Command::Quit`] to stop watching).
const fn watch_key(
    command: Command,
    letters: &'static [char],
    keys: &'static [NamedKey],
    help: &'static str,
) -> Binding {
    Binding {
        section: Section::Watch,
        ..other(command, letters, keys, help)
    }
}

use NamedKey::{Digit, Numpad};
use PlayerAction::*;

/// Every key of the game: the table below, with a digit-row key per generator kind
/// (from the list of kinds: digit 1 for the first, …) after `R` among the designer's
/// tools, then the keys of watching a recording ([`Binding::plays`] tells them apart).
pub static BINDINGS: LazyLock<Vec<Binding>> = LazyLock::new(|| {
    let mut bindings = TABLE.to_vec();
    let after_regenerate = bindings
        .iter()
        .position(|b| b.command == Command::Act(Regenerate))
        .map_or(bindings.len(), |at| at + 1);
    let switches = GeneratorKind::ALL.into_iter().filter_map(|kind| {
        let digit = usize::from(kind.switch_digit()?);
        Some(designer(
            SwitchKind(kind),
            &[],
            &DIGIT_KEYS[digit - 1..digit],
            GeneratorKind::switch_help(),
        ))
    });
    bindings.splice(after_regenerate..after_regenerate, switches);
    bindings.extend_from_slice(WATCH_TABLE);
    bindings
});

/// How many turns `[` and `]` jump when watching.
pub const WATCH_JUMP_TURNS: i64 = 100;

/// The keys of watching a recording.
const WATCH_TABLE: &[Binding] = &[
    watch(
        WatchCommand::PlayOrPause,
        &[],
        &[NamedKey::Space],
        "Pause / play",
    ),
    watch(WatchCommand::Faster, &['+', '='], &[], "Faster / slower"),
    watch(WatchCommand::Slower, &['-'], &[], "Faster / slower"),
    watch(
        WatchCommand::StepForward,
        &['.'],
        &[NamedKey::Right],
        "Step forward / back (and pause)",
    ),
    watch(
        WatchCommand::StepBack,
        &[','],
        &[NamedKey::Left],
        "Step forward / back (and pause)",
    ),
    watch(
        WatchCommand::JumpTurns(-WATCH_JUMP_TURNS),
        &['['],
        &[],
        "100 turns back / on",
    ),
    watch(
        WatchCommand::JumpTurns(WATCH_JUMP_TURNS),
        &[']'],
        &[],
        "100 turns back / on",
    ),
    watch(WatchCommand::NextDepth, &['>'], &[], "The next depth"),
    watch(
        WatchCommand::NextDanger,
        &['!'],
        &[],
        "The next moment of danger (HP under a quarter)",
    ),
    watch(WatchCommand::ToStart, &[], &[NamedKey::Home], "Start / end"),
    watch(WatchCommand::ToEnd, &[], &[NamedKey::End], "Start / end"),
    watch_key(Command::ToggleHelp, &['?'], &[], "Show / hide these keys"),
    watch_key(Command::Quit, &['q'], &[NamedKey::Escape], "Stop watching"),
];

/// What a key does when watching a recording: by the character it types (`letter`)
/// or its place (`key`), from the watch's keys of the table alone (so the player's
/// keys never act on a watched run).
pub fn watch_command_for(key: Option<NamedKey>, letter: Option<char>) -> Option<Command> {
    BINDINGS
        .iter()
        .filter(|b| !b.plays())
        .find(|b| {
            key.is_some_and(|k| b.keys.contains(&k))
                || letter.is_some_and(|c| b.letters.contains(&c))
        })
        .map(|b| b.command)
}

/// The first key that stops watching a recording, as the watch's status line names it.
pub fn watch_quit_key() -> String {
    BINDINGS
        .iter()
        .filter(|b| !b.plays() && b.command == Command::Quit)
        .find_map(|b| {
            b.letters
                .first()
                .map(char::to_string)
                .or_else(|| b.keys.first().map(NamedKey::to_string))
        })
        .unwrap_or_else(|| NamedKey::Escape.to_string())
}

/// The digit row's keys 1 to 9, for the generator switches.
static DIGIT_KEYS: [NamedKey; SWITCH_DIGITS as usize] = [
    Digit(1),
    Digit(2),
    Digit(3),
    Digit(4),
    Digit(5),
    Digit(6),
    Digit(7),
    Digit(8),
    Digit(9),
];

/// Every key of the game but the generator switches, which come from the list of kinds.
const TABLE: &[Binding] = &[
    act(Move(-1, 0), &['h'], &[NamedKey::Left, Numpad(4)], "Move"),
    act(Move(0, 1), &['j'], &[NamedKey::Down, Numpad(2)], "Move"),
    act(Move(0, -1), &['k'], &[NamedKey::Up, Numpad(8)], "Move"),
    act(Move(1, 0), &['l'], &[NamedKey::Right, Numpad(6)], "Move"),
    act(Move(-1, -1), &['y'], &[Numpad(7)], "Move"),
    act(Move(1, -1), &['u'], &[Numpad(9)], "Move"),
    act(Move(-1, 1), &['b'], &[Numpad(1)], "Move"),
    act(Move(1, 1), &['n'], &[Numpad(3)], "Move"),
    act(Wait, &['.'], &[Numpad(5)], "Wait a turn"),
    act(Rest, &['Z'], &[], "Rest until healed or disturbed"),
    act(
        Search,
        &['f'],
        &[],
        "Search for secret doors and traps (up to 5 turns)",
    ),
    act(Descend, &['>'], &[], STAIRS_HELP),
    act(Ascend, &['<'], &[], STAIRS_HELP),
    act(Explore, &['x'], &[], "Explore"),
    act(PickUp, &['g', ','], &[], "Pick up, or buy a ware for sale"),
    other(
        Command::ChooseItem,
        &['a'],
        &[],
        "Use an item (then its letter)",
    ),
    other(
        Command::ChooseDrop,
        &['d'],
        &[],
        "Drop an item (then its letter)",
    ),
    other(
        Command::ChooseThrow,
        &['t'],
        &[],
        "Throw an item (then its letter, then aim)",
    ),
    other(
        Command::NextTarget,
        &[],
        &[NamedKey::Tab],
        "Aim: next monster; fire (Esc: never mind)",
    ),
    other(
        Command::Fire,
        &[],
        &[NamedKey::Enter],
        "Aim: next monster; fire (Esc: never mind)",
    ),
    other(Command::ToggleInventory, &['i'], &[], "Inventory"),
    other(
        Command::Travel,
        &['_'],
        &[],
        "Travel: pick a spot (Tab: stairs, items; Enter goes)",
    ),
    other(
        Command::ToggleOverview,
        &['m'],
        &[],
        "Map of the whole level",
    ),
    other(
        Command::ToggleOptions,
        &['O'],
        &[],
        "Options: keys, colours, zoom",
    ),
    other(
        Command::Look,
        &[';'],
        &[],
        "Look (move the cursor; Tab: next in view; Esc or ; ends)",
    ),
    act(ShowKey, &['K'], &[], "Level key"),
    act(Save, &['S'], &[NamedKey::F5], "Save / load"),
    act(Load, &['L'], &[NamedKey::F9], "Save / load"),
    other(Command::ToggleLog, &['M'], &[], "Message log"),
    scroll_log(Scroll::PageUp, &[NamedKey::PageUp]),
    scroll_log(Scroll::PageDown, &[NamedKey::PageDown]),
    scroll_log(Scroll::Oldest, &[NamedKey::Home]),
    scroll_log(Scroll::Newest, &[NamedKey::End]),
    other(Command::ToggleHelp, &['?'], &[], "Help"),
    other(
        Command::Quit,
        &[],
        &[NamedKey::Escape],
        "Close a panel; end a cave watch; save and quit (asks)",
    ),
    designer(Regenerate, &['R'], &[], "Regenerate (fresh seed)"),
    designer(AdjustWalls(1), &['+', '='], &[], "Cave walls more / fewer"),
    designer(AdjustWalls(-1), &['-'], &[], "Cave walls more / fewer"),
    designer(
        StepAutomaton,
        &['s'],
        &[NamedKey::Space],
        "Watch a cave form",
    ),
];

/// The action an action-string character stands for: the letters of the key table
/// (`s` stands for Space).
pub fn action_for_char(c: char) -> Option<PlayerAction> {
    match command_for_char(c)? {
        Command::Act(action) => Some(action),
        _ => None,
    }
}

/// The command a typed character stands for.
pub fn command_for_char(c: char) -> Option<Command> {
    BINDINGS
        .iter()
        .filter(|b| b.plays())
        .find(|b| b.letters.contains(&c))
        .map(|b| b.command)
}

/// The command of a key by its place. The digit row switches generators by place, so
/// that its digits work whatever the layout types there; in action strings the digits
/// stand for them too.
pub fn command_for_key(key: NamedKey) -> Option<Command> {
    BINDINGS
        .iter()
        .filter(|b| b.plays())
        .find(|b| b.keys.contains(&key))
        .map(|b| b.command)
}

/// The help panel's lines: each help line of the table with every key that does it.
pub fn help_lines() -> Vec<(&'static str, String)> {
    help_lines_of(&default_entries(), |_| true)
}

/// The help lines of one heading of the help (the watch's too).
pub fn help_lines_in(section: Section) -> Vec<(&'static str, String)> {
    let every: Vec<KeyEntry> = BINDINGS.iter().map(KeyEntry::from).collect();
    help_lines_of(&every, |b| b.section == section)
}

/// One line of a key table in play: a [`Binding`] with the keys the player's options
/// give it (see [`super::Keymap`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyEntry {
    /// What it does.
    pub command: Command,
    /// The characters that do it.
    pub letters: Vec<char>,
    /// The keys that do it by their place on the keyboard.
    pub keys: Vec<NamedKey>,
    /// The help line it belongs to.
    pub help: &'static str,
    /// The help's heading it is listed under.
    pub section: Section,
}

impl From<&Binding> for KeyEntry {
    fn from(binding: &Binding) -> KeyEntry {
        KeyEntry {
            command: binding.command,
            letters: binding.letters.to_vec(),
            keys: binding.keys.to_vec(),
            help: binding.help,
            section: binding.section,
        }
    }
}

/// The key table of play as it stands without options (the watch's keys are not
/// play's).
pub(crate) fn default_entries() -> Vec<KeyEntry> {
    BINDINGS
        .iter()
        .filter(|b| b.plays())
        .map(KeyEntry::from)
        .collect()
}

/// The help lines of `entries` that `keep` keeps.
pub(crate) fn help_lines_of(
    entries: &[KeyEntry],
    keep: impl Fn(&KeyEntry) -> bool,
) -> Vec<(&'static str, String)> {
    grouped_lines(entries, keep)
        .into_iter()
        .map(|line| (line.help, line.in_words()))
        .collect()
}

impl HelpLine {
    /// Its keys as the help writes them, each kind of key a group and the groups joined
    /// by "or": "g or ,", ". or numpad 5", "h j k l y u b n or arrows Left Down Up Right
    /// or numpad 4 2 8 6 7 9 1 3". Letters are spaced, but punctuation keys (which a
    /// space or comma beside them would blur) are joined by "or" too.
    fn in_words(&self) -> String {
        let letters = if (self.letters.iter()).all(|l| l.chars().all(char::is_alphanumeric)) {
            self.letters.join(" ")
        } else {
            self.letters.join(" or ")
        };
        let arrows: Vec<&String> = (self.keys.iter())
            .filter(|k| ARROW_NAMES.contains(&k.as_str()))
            .collect();
        let others: Vec<&str> = (self.keys.iter())
            .filter(|k| !ARROW_NAMES.contains(&k.as_str()))
            .map(String::as_str)
            .collect();
        let arrows = match arrows.as_slice() {
            [] => String::new(),
            [one] => format!("{one} arrow"),
            many => format!(
                "arrows {}",
                many.iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        let numpad = (!self.numpad.is_empty())
            .then(|| format!("numpad {}", self.numpad.join(" ")))
            .unwrap_or_default();
        [letters, arrows, others.join(" "), numpad]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" or ")
    }
}

/// The arrow keys' names, as [`NamedKey`] writes them.
const ARROW_NAMES: [&str; 4] = ["Left", "Right", "Up", "Down"];

/// One help line with every key that does it: the letters, the other keys by name, and
/// the numpad's digits gathered at the end ("Left Down numpad 4 2" for "Left numpad 4
/// Down numpad 2").
struct HelpLine {
    help: &'static str,
    letters: Vec<String>,
    keys: Vec<String>,
    numpad: Vec<String>,
}

/// The entries `keep` keeps, gathered by help line in the table's order: the lines of
/// the `?` help and of [`controls_markdown`].
fn grouped_lines(entries: &[KeyEntry], keep: impl Fn(&KeyEntry) -> bool) -> Vec<HelpLine> {
    let mut lines: Vec<HelpLine> = Vec::new();
    for binding in entries.iter().filter(|b| keep(b)) {
        let at = match lines.iter().position(|line| line.help == binding.help) {
            Some(at) => at,
            None => {
                lines.push(HelpLine {
                    help: binding.help,
                    letters: Vec::new(),
                    keys: Vec::new(),
                    numpad: Vec::new(),
                });
                lines.len() - 1
            }
        };
        let line = &mut lines[at];
        line.letters
            .extend(binding.letters.iter().map(|c| c.to_string()));
        for key in &binding.keys {
            match key {
                Numpad(digit) => line.numpad.push(digit.to_string()),
                _ => line.keys.push(key.to_string()),
            }
        }
    }
    lines
}

/// The controls as Markdown, for the README: under a heading per heading of the help
/// ([`Section::heading`]), a table with a row per help line — the lines of the `?` help,
/// in its order — naming every key that does it, each as code. The README's controls
/// are this text exactly (a test compares them), so a key changes in this table only.
pub fn controls_markdown() -> String {
    let every: Vec<KeyEntry> = BINDINGS.iter().map(KeyEntry::from).collect();
    controls_markdown_of(&every)
}

/// [`controls_markdown`] for the keys of `entries` (a keymap's).
pub(crate) fn controls_markdown_of(entries: &[KeyEntry]) -> String {
    let mut text = String::new();
    for section in Section::ALL {
        let lines = grouped_lines(entries, |b| b.section == section);
        if lines.is_empty() {
            continue;
        }
        text.push_str(&format!(
            "### {}\n\n| keys | what they do |\n|---|---|\n",
            section.heading()
        ));
        for line in lines {
            let as_code = |names: &[String]| -> String {
                let names: Vec<String> = names.iter().map(|n| markdown_code(n)).collect();
                names.join(" ")
            };
            let numpad =
                (!line.numpad.is_empty()).then(|| format!("numpad {}", as_code(&line.numpad)));
            let keys: Vec<String> = [as_code(&line.letters), as_code(&line.keys)]
                .into_iter()
                .chain(numpad)
                .filter(|p| !p.is_empty())
                .collect();
            text.push_str(&format!(
                "| {} | {} |\n",
                keys.join(", "),
                markdown_cell(line.help)
            ));
        }
        text.push('\n');
    }
    text
}

/// `text` as Markdown code in a table cell: in backticks (two, and spaces, round a
/// backtick), its `|` escaped so that it does not end the cell.
fn markdown_code(text: &str) -> String {
    let text = text.replace('|', "\\|");
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

/// `text` in a Markdown table cell: its `|` escaped.
fn markdown_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The action letters by help line, for messages about action strings
/// ("h j k l y u b n: move; …").
pub fn action_letters() -> String {
    let mut parts: Vec<(String, &'static str)> = Vec::new();
    for binding in BINDINGS.iter() {
        let Command::Act(action) = binding.command else {
            continue;
        };
        let mut letters: Vec<String> = binding.letters.iter().map(|c| c.to_string()).collect();
        if let SwitchKind(kind) = action {
            letters.extend(kind.switch_digit().map(|d| d.to_string()));
        }
        if letters.is_empty() {
            continue;
        }
        match parts.iter_mut().find(|(_, help)| *help == binding.help) {
            Some((text, _)) => {
                text.push(' ');
                text.push_str(&letters.join(" "));
            }
            None => parts.push((letters.join(" "), binding.help)),
        }
    }
    parts
        .into_iter()
        .map(|(letters, help)| format!("{letters}: {}", help.to_lowercase()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A character in an action string that is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError {
    /// 1-based position in the string.
    pub position: usize,
    /// The character.
    pub character: char,
    /// It is `a` or `d` at the end, waiting for the letter of an item.
    pub wants_a_letter: bool,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.wants_a_letter {
            return write!(
                f,
                "--actions: {:?} at position {} needs the letter of an item after it (`ac` uses item c)",
                self.character, self.position
            );
        }
        write!(
            f,
            "--actions: {:?} at position {} is not an action ({})",
            self.character,
            self.position,
            action_letters()
        )
    }
}

impl std::error::Error for ActionError {}

/// The action a character of an action string stands for: a letter of the key table, or
/// a digit for a generator (the digit row's keys).
fn action_of_char(c: char) -> Option<PlayerAction> {
    action_for_char(c).or_else(|| {
        let digit = c.to_digit(10)?;
        match command_for_key(Digit(u8::try_from(digit).ok()?))? {
            Command::Act(action) => Some(action),
            _ => None,
        }
    })
}

/// Parses an action string; whitespace is ignored so actions can be grouped. `a` and
/// the letter after it use the item under that inventory letter (`ac` uses `c`); `d`
/// and a letter drop one.
pub fn parse_actions(text: &str) -> Result<Vec<PlayerAction>, ActionError> {
    let mut actions = Vec::new();
    let mut chars = text.chars().enumerate().filter(|(_, c)| !c.is_whitespace());
    while let Some((i, c)) = chars.next() {
        let wrong = |position: usize, character: char| ActionError {
            position: position + 1,
            character,
            wants_a_letter: false,
        };
        let item_verb = match command_for_char(c) {
            Some(Command::ChooseItem) => Some(PlayerAction::Use as fn(u8) -> PlayerAction),
            Some(Command::ChooseDrop) => Some(PlayerAction::Drop as fn(u8) -> PlayerAction),
            _ => None,
        };
        if let Some(verb) = item_verb {
            let (j, letter) = chars.next().ok_or(ActionError {
                wants_a_letter: true,
                ..wrong(i, c)
            })?;
            actions.push(verb(stack_of_letter(letter).ok_or(wrong(j, letter))?));
            continue;
        }
        actions.push(action_of_char(c).ok_or(wrong(i, c))?);
    }
    Ok(actions)
}

#[cfg(test)]
mod tests;
