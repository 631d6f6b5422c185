//! The title screen, as both front ends show it and read its keys: the menu (New run,
//! Continue, Daily, Seeded, Run history, Quit), the line where a seed is typed or a
//! level key pasted, and the run history's page. [`TitleMenu::press`] takes one
//! [`MenuKey`] and says what the player chose; [`TitleMenu::screen`] is what is drawn.
//! The front ends only turn their key events into [`MenuKey`]s ([`menu_key`]) and draw
//! the lines.

use super::bindings::NamedKey;
use delve_levels::key::LevelKey;

/// One item of the title menu. [`MenuItem::ALL`] is the one list of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// A new run on a fresh seed.
    NewRun,
    /// The run in the save slot.
    Continue,
    /// Today's daily run.
    Daily,
    /// A run on a seed typed in, or from a pasted level key.
    Seeded,
    /// The finished runs: the last ones, the best scores, win rate, streaks.
    History,
    /// Keys, colours, the window's zoom.
    Options,
    /// Leave delve.
    Quit,
}

impl MenuItem {
    /// Every item, in the menu's order.
    pub const ALL: [MenuItem; 7] = [
        MenuItem::NewRun,
        MenuItem::Continue,
        MenuItem::Daily,
        MenuItem::Seeded,
        MenuItem::History,
        MenuItem::Options,
        MenuItem::Quit,
    ];

    /// Its label, and the letter that picks it at once.
    pub fn label(self) -> (&'static str, char) {
        match self {
            MenuItem::NewRun => ("New run", 'n'),
            MenuItem::Continue => ("Continue", 'c'),
            MenuItem::Daily => ("Daily", 'd'),
            MenuItem::Seeded => ("Seeded", 's'),
            MenuItem::History => ("Run history", 'h'),
            MenuItem::Options => ("Options", 'o'),
            MenuItem::Quit => ("Quit", 'q'),
        }
    }

    /// What it does, in a few words (shown beside the selected item).
    pub fn about(self) -> &'static str {
        match self {
            MenuItem::NewRun => "a new dungeon from a fresh seed",
            MenuItem::Continue => "go on with the run you saved when you quit",
            MenuItem::Daily => "today's dungeon (UTC), the same for everyone",
            MenuItem::Seeded => "type a seed or paste a level key",
            MenuItem::History => "your finished runs, best scores and streaks",
            MenuItem::Options => "keys, colours, the window's zoom",
            MenuItem::Quit => "leave delve",
        }
    }
}

/// A key as the title screen reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    /// ↑ or `k`: the item above.
    Up,
    /// ↓ or `j`: the item below.
    Down,
    /// ←: (options) the value before.
    Left,
    /// →: (options) the value after.
    Right,
    /// Enter: choose (or end the typed seed).
    Enter,
    /// Esc: back to the menu (on the menu: quit).
    Back,
    /// Backspace: the last typed character goes.
    Erase,
    /// A character typed.
    Char(char),
}

/// The title screen's key for a front end's key press: its name in the key table (or
/// Enter and Backspace) and the character it types.
pub fn menu_key(named: Option<NamedKey>, letter: Option<char>) -> Option<MenuKey> {
    match named {
        Some(NamedKey::Up) => return Some(MenuKey::Up),
        Some(NamedKey::Down) => return Some(MenuKey::Down),
        Some(NamedKey::Left) => return Some(MenuKey::Left),
        Some(NamedKey::Right) => return Some(MenuKey::Right),
        Some(NamedKey::Enter) => return Some(MenuKey::Enter),
        Some(NamedKey::Escape) => return Some(MenuKey::Back),
        Some(NamedKey::Backspace) => return Some(MenuKey::Erase),
        _ => {}
    }
    match letter {
        Some('\r' | '\n') => Some(MenuKey::Enter),
        Some('\u{8}' | '\u{7f}') => Some(MenuKey::Erase),
        Some('\u{1b}') => Some(MenuKey::Back),
        Some(c) if !c.is_control() => Some(MenuKey::Char(c)),
        _ => None,
    }
}

/// What the player chose on the title screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TitleChoice {
    /// A new run on a fresh seed.
    NewRun,
    /// The run in the save slot.
    Continue,
    /// Today's daily run.
    Daily,
    /// A run of this master seed.
    Seed(u64),
    /// A run starting on this level (its key carries the run's seed).
    Key(Box<LevelKey>),
    /// The Options screen (over the title).
    Options,
    /// Watch the recording of the run the history lists `n`-th, newest first (1: the
    /// newest; the order of `delve history`'s last runs and `delve replay --run N`).
    Watch(usize),
    /// Leave delve.
    Quit,
}

/// The run history's page: its lines, and which of them are the rows of the last runs
/// (newest first), each of which a player can choose to watch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryPage {
    /// The lines, top to bottom.
    pub lines: Vec<String>,
    /// The index in `lines` of the newest run's row, the next one's, …
    pub runs: Vec<usize>,
}

impl From<Vec<String>> for HistoryPage {
    /// A page of lines with no runs to choose (no history, or one that cannot be read).
    fn from(lines: Vec<String>) -> HistoryPage {
        HistoryPage {
            lines,
            runs: Vec::new(),
        }
    }
}

/// Which page the title screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Page {
    Menu,
    Seed,
    History,
}

/// The most characters the seed line takes (a level key is about 40).
const MOST_TYPED: usize = 200;

/// The title screen between key presses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitleMenu {
    selected: usize,
    page: Page,
    typed: String,
    problem: Option<String>,
    can_continue: bool,
    daily: String,
    history: HistoryPage,
    /// The run chosen on the history's page (an index into its runs).
    run_selected: usize,
    /// A new run chosen while a run is saved, waiting for the player to say it may
    /// take the saved run's place.
    replacing: Option<TitleChoice>,
}

/// What the title says when a new run is chosen while a run is saved.
pub const REPLACING_THE_SAVED_RUN: &str = "A run is saved: the new run takes its place, and the saved \
     run is gone for good. y or Enter: start the new run; any other key: keep the saved one \
     (Continue goes on with it).";

impl TitleChoice {
    /// Whether it starts a run other than the saved one (which then takes the saved
    /// run's place in the save slot).
    pub fn starts_a_new_run(&self) -> bool {
        matches!(
            self,
            TitleChoice::NewRun | TitleChoice::Daily | TitleChoice::Seed(_) | TitleChoice::Key(_)
        )
    }
}

/// What the title screen draws: a heading, the lines of its page (the selected one
/// marked), and the help line of its keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitleScreen {
    /// The heading.
    pub heading: String,
    /// The page's lines, top to bottom, each with whether it is the selected one.
    pub lines: Vec<(String, bool)>,
    /// What went wrong, if anything (a seed that is not one).
    pub problem: Option<String>,
    /// The keys of this page.
    pub help: String,
    /// The most characters a line of this page takes whichever line is selected (the
    /// menu's selected item tells what it does): a box drawn this wide keeps its width
    /// as the selection moves.
    pub widest: usize,
}

impl TitleMenu {
    /// The menu: Continue offered when `can_continue` (a run is in the save slot),
    /// `daily` the day of today's daily run (`2026-12-02`), `history` the run history's
    /// page. The selection starts on Continue when it is offered, else on New run.
    pub fn new(can_continue: bool, daily: String, history: impl Into<HistoryPage>) -> TitleMenu {
        TitleMenu {
            selected: if can_continue { 1 } else { 0 },
            page: Page::Menu,
            typed: String::new(),
            problem: None,
            can_continue,
            daily,
            history: history.into(),
            run_selected: 0,
            replacing: None,
        }
    }

    /// The items the menu offers (Continue only with a run saved).
    pub fn items(&self) -> Vec<MenuItem> {
        MenuItem::ALL
            .into_iter()
            .filter(|&item| item != MenuItem::Continue || self.can_continue)
            .collect()
    }

    /// The item selected.
    pub fn selected(&self) -> MenuItem {
        let items = self.items();
        items[self.selected.min(items.len() - 1)]
    }

    /// Shows `problem` (a saved run that does not load, a key too large to play) until
    /// the next key.
    pub fn tell(&mut self, problem: String) {
        self.problem = Some(problem);
    }

    /// A key pressed: what the player chose, if this key chose. A new run chosen while
    /// a run is saved is first asked about ([`REPLACING_THE_SAVED_RUN`]): `y` or Enter
    /// starts it, any other key keeps the saved run.
    pub fn press(&mut self, key: MenuKey) -> Option<TitleChoice> {
        if let Some(new_run) = self.replacing.take() {
            self.problem = None;
            return matches!(key, MenuKey::Enter | MenuKey::Char('y')).then_some(new_run);
        }
        let choice = match self.page {
            Page::Menu => self.press_on_menu(key),
            Page::Seed => self.press_on_seed_line(key),
            Page::History => self.press_on_history(key),
        }?;
        if self.can_continue && choice.starts_a_new_run() {
            self.problem = Some(REPLACING_THE_SAVED_RUN.to_owned());
            self.replacing = Some(choice);
            return None;
        }
        Some(choice)
    }

    /// On the history's page: Up and Down choose a run, Enter watches it (with no runs
    /// to watch, goes back), Esc or `q` goes back.
    fn press_on_history(&mut self, key: MenuKey) -> Option<TitleChoice> {
        self.problem = None;
        let runs = self.history.runs.len();
        match key {
            MenuKey::Back | MenuKey::Char('q') => self.page = Page::Menu,
            MenuKey::Up | MenuKey::Char('k') if runs > 0 => {
                self.run_selected = (self.run_selected + runs - 1) % runs;
            }
            MenuKey::Down | MenuKey::Char('j') if runs > 0 => {
                self.run_selected = (self.run_selected + 1) % runs;
            }
            MenuKey::Enter | MenuKey::Char('w') if runs > 0 => {
                return Some(TitleChoice::Watch(self.run_selected + 1));
            }
            MenuKey::Enter => self.page = Page::Menu,
            _ => {}
        }
        None
    }

    /// A click on line `line` (0-based) of the page's lines ([`TitleScreen::lines`]): on
    /// the menu, that item is chosen (as its letter would choose it); on the history's
    /// page, a run's row watches that run and any other line goes back to the menu; on
    /// the seed line, nothing.
    pub fn click(&mut self, line: usize) -> Option<TitleChoice> {
        match self.page {
            Page::Menu => {
                let letter = self.items().get(line)?.label().1;
                self.press(MenuKey::Char(letter))
            }
            Page::History => match self.history.runs.iter().position(|&l| l == line) {
                Some(run) => {
                    self.run_selected = run;
                    Some(TitleChoice::Watch(run + 1))
                }
                None => {
                    self.page = Page::Menu;
                    None
                }
            },
            Page::Seed => None,
        }
    }

    fn press_on_menu(&mut self, key: MenuKey) -> Option<TitleChoice> {
        self.problem = None;
        let items = self.items();
        let item = match key {
            MenuKey::Up | MenuKey::Char('k') => {
                self.selected = (self.selected + items.len() - 1) % items.len();
                return None;
            }
            MenuKey::Down | MenuKey::Char('j') => {
                self.selected = (self.selected + 1) % items.len();
                return None;
            }
            MenuKey::Enter | MenuKey::Char(' ') => self.selected(),
            MenuKey::Back => MenuItem::Quit,
            MenuKey::Char(c) => {
                let at = items.iter().position(|item| item.label().1 == c)?;
                self.selected = at;
                items[at]
            }
            MenuKey::Erase | MenuKey::Left | MenuKey::Right => return None,
        };
        match item {
            MenuItem::NewRun => Some(TitleChoice::NewRun),
            MenuItem::Continue => Some(TitleChoice::Continue),
            MenuItem::Daily => Some(TitleChoice::Daily),
            MenuItem::Seeded => {
                self.page = Page::Seed;
                self.typed.clear();
                self.problem = None;
                None
            }
            MenuItem::History => {
                self.page = Page::History;
                None
            }
            MenuItem::Options => Some(TitleChoice::Options),
            MenuItem::Quit => Some(TitleChoice::Quit),
        }
    }

    fn press_on_seed_line(&mut self, key: MenuKey) -> Option<TitleChoice> {
        match key {
            MenuKey::Back => {
                self.page = Page::Menu;
                self.problem = None;
            }
            MenuKey::Erase => {
                self.typed.pop();
                self.problem = None;
            }
            MenuKey::Char(c) if self.typed.chars().count() < MOST_TYPED => {
                self.typed.push(c);
                self.problem = None;
            }
            MenuKey::Enter => match seed_or_key(&self.typed) {
                Ok(choice) => return Some(choice),
                Err(problem) => self.problem = Some(problem),
            },
            _ => {}
        }
        None
    }

    /// What is drawn now.
    pub fn screen(&self) -> TitleScreen {
        let heading = "delve: a roguelike of seeded levels".to_owned();
        match self.page {
            Page::Menu => {
                let selected = self.selected();
                let line_of = |item: MenuItem, selected: bool| {
                    let (label, letter) = item.label();
                    let about = match item {
                        MenuItem::Daily => format!("{} ({})", item.about(), self.daily),
                        _ => item.about().to_owned(),
                    };
                    if selected {
                        format!("> {letter}  {label:<12} {about}")
                    } else {
                        format!("  {letter}  {label}")
                    }
                };
                let items = self.items();
                let widest = (items.iter())
                    .map(|&item| line_of(item, true).chars().count())
                    .max()
                    .unwrap_or(0);
                let lines = (items.into_iter())
                    .map(|item| (line_of(item, item == selected), item == selected))
                    .collect();
                TitleScreen {
                    heading,
                    lines,
                    problem: self.problem.clone(),
                    help:
                        "Up, Down (or j, k) choose, Enter starts; or press an item's letter. Esc quits."
                            .to_owned(),
                    widest,
                }
            }
            Page::Seed => {
                let lines = vec![
                    (
                        "Type a master seed (a number), or paste a level key:".to_owned(),
                        false,
                    ),
                    (format!("> {}_", self.typed), true),
                ];
                TitleScreen {
                    heading,
                    widest: widest_of(&lines),
                    lines,
                    problem: self.problem.clone(),
                    help: "Enter starts the run; Backspace erases; Esc goes back.".to_owned(),
                }
            }
            Page::History => {
                let chosen = self.history.runs.get(self.run_selected).copied();
                let lines: Vec<(String, bool)> = self
                    .history
                    .lines
                    .iter()
                    .enumerate()
                    .map(|(index, line)| {
                        let selected = Some(index) == chosen;
                        let line = match line.strip_prefix("  ") {
                            Some(rest) if selected => format!("> {rest}"),
                            _ => line.clone(),
                        };
                        (line, selected)
                    })
                    .collect();
                let help = if chosen.is_some() {
                    "Up, Down choose a run; Enter watches its recording; Esc goes back."
                } else {
                    "Esc or Enter goes back."
                };
                TitleScreen {
                    heading,
                    // A selected run's line is as wide as when it is not ("> " for "  ").
                    widest: widest_of(&lines),
                    lines,
                    problem: self.problem.clone(),
                    help: help.to_owned(),
                }
            }
        }
    }
}

/// The most characters any of `lines` takes.
fn widest_of(lines: &[(String, bool)]) -> usize {
    (lines.iter())
        .map(|(line, _)| line.chars().count())
        .max()
        .unwrap_or(0)
}

/// The run the seed line asks for: a number is a master seed, anything else must be a
/// level key.
pub fn seed_or_key(typed: &str) -> Result<TitleChoice, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Err("Type a seed (a number) or paste a level key first.".to_owned());
    }
    if typed.chars().all(|c| c.is_ascii_digit()) {
        return typed
            .parse()
            .map(TitleChoice::Seed)
            .map_err(|_| format!("{typed} is too large for a seed (at most {})", u64::MAX));
    }
    LevelKey::decode(typed)
        .map(|key| TitleChoice::Key(Box::new(key)))
        .map_err(|e| format!("Not a seed, and not a level key: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(can_continue: bool) -> TitleMenu {
        TitleMenu::new(
            can_continue,
            "2026-12-02".into(),
            vec!["No finished runs yet.".into()],
        )
    }

    #[test]
    fn continue_is_offered_and_selected_only_with_a_saved_run() {
        assert_eq!(menu(false).selected(), MenuItem::NewRun);
        assert!(!menu(false).items().contains(&MenuItem::Continue));
        assert_eq!(menu(true).selected(), MenuItem::Continue);
        let mut title = menu(true);
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Continue));
        assert_eq!(menu(false).press(MenuKey::Char('c')), None);
    }

    #[test]
    fn arrows_move_round_the_menu_and_enter_chooses() {
        let mut title = menu(false);
        assert_eq!(title.press(MenuKey::Up), None);
        assert_eq!(title.selected(), MenuItem::Quit, "up from the top wraps");
        title.press(MenuKey::Down);
        assert_eq!(title.selected(), MenuItem::NewRun);
        title.press(MenuKey::Char('j'));
        assert_eq!(title.selected(), MenuItem::Daily);
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Daily));
        assert_eq!(menu(false).press(MenuKey::Back), Some(TitleChoice::Quit));
        // A click on a line chooses its item.
        let mut clicked = menu(false);
        let daily = clicked
            .items()
            .iter()
            .position(|&i| i == MenuItem::Daily)
            .unwrap();
        assert_eq!(clicked.click(daily), Some(TitleChoice::Daily));
        assert_eq!(menu(true).click(99), None, "below the items: nothing");
    }

    #[test]
    fn the_seed_line_takes_a_number_or_a_key_and_says_what_is_wrong() {
        let mut title = menu(false);
        assert_eq!(title.press(MenuKey::Char('s')), None);
        for c in "12a".chars() {
            title.press(MenuKey::Char(c));
        }
        assert_eq!(title.press(MenuKey::Enter), None);
        let problem = title.screen().problem.expect("a problem is shown");
        assert!(problem.contains("not a level key"), "{problem}");
        title.press(MenuKey::Erase);
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Seed(12)));

        let key = delve_levels::key::LevelKey::new(
            delve_levels::config::CampaignConfig::builtin()
                .config_at(2)
                .clone(),
            2,
            99,
        );
        let mut title = menu(false);
        title.press(MenuKey::Char('s'));
        for c in key.encode().chars() {
            title.press(MenuKey::Char(c));
        }
        assert_eq!(
            title.press(MenuKey::Enter),
            Some(TitleChoice::Key(Box::new(key)))
        );
        title.press(MenuKey::Back);
        assert_eq!(title.selected(), MenuItem::Seeded);
    }

    /// Whether `title` shows the menu (its Run history item).
    fn on_the_menu(title: &TitleMenu) -> bool {
        title
            .screen()
            .lines
            .iter()
            .any(|(l, _)| l.contains("Run history"))
    }

    #[test]
    fn the_history_page_shows_its_lines_and_goes_back() {
        let mut title = menu(false);
        title.press(MenuKey::Char('h'));
        let screen = title.screen();
        assert_eq!(screen.lines[0].0, "No finished runs yet.");
        title.press(MenuKey::Back);
        assert!(on_the_menu(&title), "back on the menu");
    }

    #[test]
    fn a_run_on_the_history_page_is_chosen_by_keys_or_a_click_and_watched() {
        let page = HistoryPage {
            lines: vec![
                "Last runs, newest first:".into(),
                "  date        outcome".into(),
                "  2026-12-07  killed".into(),
                "  2026-12-06  won".into(),
            ],
            runs: vec![2, 3],
        };
        let mut title = TitleMenu::new(false, "2026-12-07".into(), page);
        title.press(MenuKey::Char('h'));
        let screen = title.screen();
        assert_eq!(screen.lines[2], ("> 2026-12-07  killed".to_owned(), true));
        assert_eq!(screen.lines[3], ("  2026-12-06  won".to_owned(), false));
        assert!(screen.help.contains("Enter watches"), "{}", screen.help);
        title.press(MenuKey::Down);
        assert!(title.screen().lines[3].1, "Down chooses the run before");
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Watch(2)));
        title.press(MenuKey::Down);
        assert_eq!(
            title.press(MenuKey::Char('w')),
            Some(TitleChoice::Watch(1)),
            "Down from the oldest wraps to the newest"
        );
        title.tell("no recording".into());
        assert_eq!(title.screen().problem.as_deref(), Some("no recording"));
        assert_eq!(title.click(3), Some(TitleChoice::Watch(2)));
        assert_eq!(title.click(0), None, "a line that is no run goes back");
        assert!(on_the_menu(&title), "back on the menu");
    }

    #[test]
    fn a_new_run_chosen_while_a_run_is_saved_is_asked_about_first() {
        let mut title = menu(true);
        assert_eq!(title.press(MenuKey::Char('n')), None, "not at once");
        let asked = title.screen().problem.expect("the question is shown");
        assert!(asked.contains("gone for good"), "{asked}");
        assert_eq!(title.press(MenuKey::Char('y')), Some(TitleChoice::NewRun));

        let mut title = menu(true);
        title.press(MenuKey::Char('d'));
        assert_eq!(
            title.press(MenuKey::Char('n')),
            None,
            "another key keeps it"
        );
        assert_eq!(title.screen().problem, None);
        assert_eq!(title.press(MenuKey::Char('c')), Some(TitleChoice::Continue));

        let mut title = menu(true);
        for key in [MenuKey::Char('s'), MenuKey::Char('6'), MenuKey::Enter] {
            assert_eq!(title.press(key), None);
        }
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Seed(6)));

        let daily = menu(true)
            .items()
            .iter()
            .position(|&i| i == MenuItem::Daily);
        let mut title = menu(true);
        assert_eq!(
            title.click(daily.unwrap()),
            None,
            "a click is asked about too"
        );
        assert_eq!(title.press(MenuKey::Enter), Some(TitleChoice::Daily));

        assert_eq!(
            menu(false).press(MenuKey::Char('n')),
            Some(TitleChoice::NewRun),
            "with no run saved, nothing to ask"
        );
    }
}
