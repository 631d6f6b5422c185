//! Drawing the game in a terminal with ratatui: the status line (shortened by priority
//! to fit), the map in the level legend's glyphs around the player (scrolled to keep the
//! player in view on levels larger than the terminal), the side panel, every notice of
//! the newest turn, the look cursor, and the help, log, inventory and end-screen
//! overlays (wrapped to the terminal). Pure: it reads a [`Screen`] and writes a ratatui
//! frame, so tests draw into ratatui's `TestBackend`.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::game::NoticeLog;
use crate::grid::{Pos, Tile};
use crate::monsters::default_monster_table;
use crate::run::status::{
    IN_VIEW_HEADING, carrying_heading, end_screen, help_text_within, inventory_lines,
    inventory_title, monsters_in_view, status_line_within,
};
use crate::run::{KeyReader, Overlay, RunState, Sight};

/// Everything drawn: the run, the message log and the overlays and prompts the keys
/// opened.
pub struct Screen<'a> {
    /// The run.
    pub run: &'a RunState,
    /// Every notice so far (the newest turn's under the map, the rest in the log).
    pub log: &'a NoticeLog,
    /// Which overlays and prompts are open.
    pub keys: &'a KeyReader,
}

/// Width of the side panel (inventory, monsters in view), shown on terminals this
/// much wider than [`MIN_MAP_WIDTH`].
const PANEL_WIDTH: u16 = 30;
/// The narrowest map worth giving room to before a side panel.
const MIN_MAP_WIDTH: u16 = 60;

/// The look of the player.
pub const PLAYER_STYLE: Style = Style::new()
    .fg(Color::LightYellow)
    .add_modifier(Modifier::BOLD);
/// The look of a monster in view.
pub const MONSTER_STYLE: Style = Style::new()
    .fg(Color::LightRed)
    .add_modifier(Modifier::BOLD);
/// The look of an item in view.
pub const ITEM_STYLE: Style = Style::new().fg(Color::LightCyan);
/// The look of every remembered tile: dim.
pub const REMEMBERED_STYLE: Style = Style::new().fg(Color::DarkGray);
/// The look of the tile under the look cursor.
pub const CURSOR_STYLE: Style = Style::new()
    .fg(Color::Black)
    .bg(Color::LightYellow)
    .add_modifier(Modifier::BOLD);

/// The look of a tile in view.
pub fn lit_style(tile: Tile) -> Style {
    let fg = match tile {
        Tile::Wall => Color::White,
        Tile::Floor => Color::Gray,
        Tile::Door => Color::Yellow,
        Tile::UpStairs => Color::LightGreen,
        Tile::DownStairs => Color::LightMagenta,
        Tile::Loot => Color::LightCyan,
    };
    Style::new().fg(fg)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, screen: &Screen) {
    let area = frame.area();
    let notice_rows = (screen.log.rows_for_latest_turn() as u16).min(area.height / 3);
    let [status, middle, notices] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(notice_rows),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(status_line_within(screen.run, status.width as usize))
            .style(Style::new().add_modifier(Modifier::BOLD)),
        status,
    );
    let (map, panel) = if middle.width >= MIN_MAP_WIDTH + PANEL_WIDTH {
        let [map, panel] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(PANEL_WIDTH)]).areas(middle);
        (map, Some(panel))
    } else {
        (middle, None)
    };
    draw_map(frame, map, screen.run, screen.keys.look_cursor());
    match panel {
        Some(panel) => draw_panel(frame, panel, screen.run),
        None => draw_in_view_line(frame, map, screen.run),
    }
    let look = screen.keys.look_cursor().map(|at| {
        format!(
            "Look: {} (move the cursor; Esc ends)",
            screen.run.describe(at)
        )
    });
    draw_notices(frame, notices, screen.log, screen.run.turns, look);
    if let Some(lines) = end_screen(screen.run) {
        draw_overlay(frame, area, "The run is over", &lines.join("\n"));
    }
    let verb = screen.keys.item_verb();
    if screen.keys.shows(Overlay::Inventory) || verb.is_some() {
        let mut lines = vec![carrying_heading(screen.run)];
        lines.extend(inventory_lines(screen.run));
        if screen.run.gold() > 0 {
            lines.push(format!("Purse: {} gold pieces", screen.run.gold()));
        }
        draw_overlay(frame, area, inventory_title(verb), &lines.join("\n"));
    }
    if screen.keys.shows(Overlay::Log) {
        draw_log(frame, area, screen.log, screen.keys.scroll);
    }
    if screen.keys.shows(Overlay::Help) {
        draw_help(frame, area, screen.keys.scroll);
    }
}

/// The log overlay: the messages up to `scroll` before the newest, each wrapped to the
/// panel, as many of the newest of them as fit.
fn draw_log(frame: &mut Frame, area: Rect, log: &NoticeLog, scroll: usize) {
    let inner = area.width.saturating_sub(4) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let total = log.entries.len();
    let scroll = scroll.min(total.saturating_sub(1));
    let end = total - scroll;
    let mut lines: Vec<String> = Vec::new();
    let mut first = end;
    for message in log.entries[..end].iter().rev() {
        let wrapped = wrap(&message.line(), inner);
        if lines.len() + wrapped.len() > rows && !lines.is_empty() {
            break;
        }
        lines.splice(0..0, wrapped);
        first -= 1;
    }
    let title = format!(
        "Messages {}-{end} of {total} (PgUp PgDn; Esc closes)",
        first + 1
    );
    draw_lines(frame, area, &title, &lines);
}

/// The help overlay, wrapped to the terminal and scrolled down `scroll` lines when it
/// is taller than the terminal.
fn draw_help(frame: &mut Frame, area: Rect, scroll: usize) {
    let inner = area.width.saturating_sub(4) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let lines = wrap(&help_text_within(inner), inner);
    if lines.len() <= rows {
        draw_lines(frame, area, "delve - controls (? or Esc closes)", &lines);
        return;
    }
    let start = scroll.min(lines.len() - rows);
    let title = format!(
        "Controls {}-{} of {} (PgDn Down: more; Esc closes)",
        start + 1,
        start + rows,
        lines.len()
    );
    draw_lines(frame, area, &title, &lines[start..start + rows]);
}

/// The first map cell shown in a view `view` cells long over a map `size` cells long,
/// keeping `at` in the middle where the map allows (a map smaller than the view is
/// centred).
pub fn view_start(at: i32, size: i32, view: i32) -> i32 {
    if size <= view {
        -((view - size) / 2)
    } else {
        (at - view / 2).clamp(0, size - view)
    }
}

/// The map around the player (or the look cursor): each cell as the player knows it.
fn draw_map(frame: &mut Frame, area: Rect, run: &RunState, cursor: Option<Pos>) {
    let tiles = &run.level.level.tiles;
    let (width, height) = (tiles.width() as i32, tiles.height() as i32);
    let centre = cursor.unwrap_or(run.player);
    let x0 = view_start(centre.x, width, area.width as i32);
    let y0 = view_start(centre.y, height, area.height as i32);
    let buffer = frame.buffer_mut();
    for row in 0..area.height {
        for column in 0..area.width {
            let pos = Pos::new(x0 + column as i32, y0 + row as i32);
            if !tiles.contains(pos) {
                continue;
            }
            let (symbol, mut style) = cell_look(run, pos);
            if cursor == Some(pos) {
                style = CURSOR_STYLE;
            }
            if let Some(cell) = buffer.cell_mut((area.x + column, area.y + row)) {
                cell.set_char(symbol).set_style(style);
            }
        }
    }
}

/// The glyph and look of map cell `pos`: the player, a monster or an item in view, or
/// the tile — lit, remembered, or blank when never seen.
pub fn cell_look(run: &RunState, pos: Pos) -> (char, Style) {
    let tiles = &run.level.level.tiles;
    let (tile, sight) = run.shown(tiles.index_of(pos));
    let watching = run.watch.is_some();
    if pos == run.player && !watching {
        return ('@', PLAYER_STYLE);
    }
    let item_glyph = || {
        let item = run.level.items.iter().find(|i| i.pos == pos)?;
        Some(
            run.campaign
                .loot_table()
                .items()
                .get(item.item)
                .map_or('*', |i| i.glyph),
        )
    };
    match sight {
        Sight::Unseen => (' ', Style::new()),
        // A remembered item keeps its own glyph (dim), as the player saw it.
        Sight::Remembered if !watching => (item_glyph().unwrap_or(tile.glyph()), REMEMBERED_STYLE),
        Sight::Remembered => (tile.glyph(), REMEMBERED_STYLE),
        Sight::Visible if watching => (tile.glyph(), lit_style(tile)),
        Sight::Visible => {
            if let Some(monster) = run.level.monsters.iter().find(|m| m.pos == pos) {
                let glyph = default_monster_table()
                    .kind(monster.kind)
                    .map_or('M', |k| k.glyph);
                return (glyph, MONSTER_STYLE);
            }
            if let Some(glyph) = item_glyph() {
                return (glyph, ITEM_STYLE);
            }
            (tile.glyph(), lit_style(tile))
        }
    }
}

/// The side panel: the monsters in view first (they matter most, and a long inventory
/// must not push them off), then the purse and the inventory.
fn draw_panel(frame: &mut Frame, area: Rect, run: &RunState) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    let in_view = monsters_in_view(run);
    if !in_view.is_empty() {
        lines.push(Line::styled(IN_VIEW_HEADING, bold));
        lines.extend(
            in_view
                .into_iter()
                .map(|m| Line::styled(m, Style::new().fg(Color::LightRed))),
        );
        lines.push(Line::from(""));
    }
    lines.push(Line::styled(carrying_heading(run), bold));
    if run.gold() > 0 {
        lines.push(Line::from(format!("Purse: {} gold", run.gold())));
    }
    lines.extend(inventory_lines(run).into_iter().map(Line::from));
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::new().borders(Borders::LEFT))
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// Without the side panel: the monsters in view on the map's last row, so one out of
/// the map's few rows is not out of mind.
fn draw_in_view_line(frame: &mut Frame, map: Rect, run: &RunState) {
    let in_view = monsters_in_view(run);
    if in_view.is_empty() || map.height < 4 {
        return;
    }
    let row = Rect {
        y: map.y + map.height - 1,
        height: 1,
        ..map
    };
    let text = format!("{IN_VIEW_HEADING}: {}", in_view.join("; "));
    frame.render_widget(Clear, row);
    frame.render_widget(
        Paragraph::new(text).style(Style::new().fg(Color::LightRed)),
        row,
    );
}

/// The notices under the map, newest at the bottom: those of the newest turn stand
/// out, older ones are dim; while looking, the look line is the newest.
fn draw_notices(frame: &mut Frame, area: Rect, log: &NoticeLog, turns: u64, look: Option<String>) {
    let rows = area.height as usize;
    let width = area.width as usize;
    let newest_turn = log.entries.last().map(|n| n.turn);
    let mut look_lines: Vec<Line> = look
        .map(|look| {
            wrap(&look, width)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, Style::new().fg(Color::LightCyan))))
                .collect()
        })
        .unwrap_or_default();
    look_lines.truncate(rows);
    // Newest first, each notice wrapped to the width (nothing is cut at the edge),
    // until the rows are full.
    let mut lines: Vec<Line> = Vec::new();
    for n in log.entries.iter().rev() {
        if lines.len() + look_lines.len() >= rows {
            break;
        }
        let fresh = Some(n.turn) == newest_turn && n.turn == turns;
        let style = if fresh {
            Style::new().fg(Color::Yellow)
        } else {
            Style::new().fg(Color::DarkGray)
        };
        for part in wrap(&n.line(), width).into_iter().rev() {
            lines.push(Line::from(Span::styled(part, style)));
        }
    }
    lines.reverse();
    let room = rows - look_lines.len();
    if lines.len() > room {
        // The oldest notice's first lines go: the newest stay whole.
        lines.drain(..lines.len() - room);
    }
    lines.extend(look_lines);
    let padding = rows.saturating_sub(lines.len());
    let lines: Vec<Line> = std::iter::repeat_n(Line::from(""), padding)
        .chain(lines)
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// `text` wrapped at word boundaries to lines of at most `width` characters (a wrapped
/// line's continuation is indented four more spaces; a word longer than a line is cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in text.lines() {
        if line.chars().count() <= width {
            out.push(line.to_owned());
            continue;
        }
        let indent: String = line.chars().take_while(|&c| c == ' ').collect();
        let continuation = " ".repeat((indent.len() + 4).min(width / 2));
        let mut current = indent.clone();
        let mut fresh = true;
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            if !fresh && current.chars().count() + 1 + word.chars().count() > width {
                out.push(std::mem::replace(&mut current, continuation.clone()));
                fresh = true;
            }
            if !fresh {
                current.push(' ');
            }
            current.push_str(word);
            fresh = false;
            while current.chars().count() > width {
                let rest: String = current.chars().skip(width).collect();
                out.push(current.chars().take(width).collect());
                current = format!("{continuation}{rest}");
            }
        }
        out.push(current);
    }
    out
}

/// A bordered panel in the middle of `area` over whatever is drawn there, its text
/// wrapped to fit.
fn draw_overlay(frame: &mut Frame, area: Rect, title: &str, text: &str) {
    let inner = area.width.saturating_sub(4) as usize;
    draw_lines(frame, area, title, &wrap(text, inner));
}

/// A bordered panel of `lines` (already fitted to the width) in the middle of `area`;
/// rows that do not fit below are cut (the log and the help scroll instead).
fn draw_lines(frame: &mut Frame, area: Rect, title: &str, lines: &[String]) {
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let title_width = (title.chars().count() as u16 + 2).min(area.width.saturating_sub(2));
    let width = (widest.max(title_width) + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let panel = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, panel);
    frame.render_widget(
        Paragraph::new(lines.join("\n")).block(
            Block::bordered()
                .title(Span::styled(
                    format!(" {title} "),
                    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
                ))
                .border_style(Style::new().fg(Color::Yellow))
                .padding(ratatui::widgets::Padding::horizontal(1)),
        ),
        panel,
    );
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::config::CampaignConfig;
    use crate::key::LevelKey;
    use crate::run::{PlayerAction, Rules};

    /// The run on level `key` (monsters taken away unless `keep_monsters`).
    fn run_on(key: &str) -> RunState {
        let key = LevelKey::decode(key).unwrap();
        RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters)
            .unwrap()
            .0
    }

    fn render(run: &RunState, keys: &KeyReader, width: u16, height: u16) -> Terminal<TestBackend> {
        let mut log = NoticeLog::default();
        log.push(0, "Depth 1: a cave.".to_owned());
        render_with(run, &log, keys, width, height)
    }

    fn render_with(
        run: &RunState,
        log: &NoticeLog,
        keys: &KeyReader,
        width: u16,
        height: u16,
    ) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| draw(frame, &Screen { run, log, keys }))
            .unwrap();
        terminal
    }

    fn symbol(terminal: &Terminal<TestBackend>, x: u16, y: u16) -> String {
        terminal.backend().buffer()[(x, y)].symbol().to_owned()
    }

    #[test]
    fn a_known_level_key_draws_its_glyphs_in_their_cells() {
        // The default cave at seed 42, depth 1 (80×50): larger than an 80×24 terminal.
        let mut run = run_on("100J-MA");
        run.level.monsters.clear();
        let terminal = render(&run, &KeyReader::default(), 80, 24);
        let tiles = &run.level.level.tiles;
        // The map takes rows 1..=20 (80 columns: no side panel).
        let (view_w, view_h) = (80, 20);
        let x0 = view_start(run.player.x, tiles.width() as i32, view_w);
        let y0 = view_start(run.player.y, tiles.height() as i32, view_h);
        assert_eq!(
            symbol(
                &terminal,
                (run.player.x - x0) as u16,
                (run.player.y - y0 + 1) as u16
            ),
            "@"
        );
        let mut lit = 0;
        for row in 0..view_h {
            for column in 0..view_w {
                let pos = Pos::new(x0 + column, y0 + row);
                let cell = &terminal.backend().buffer()[(column as u16, row as u16 + 1)];
                let (tile, sight) = run.shown(tiles.index_of(pos));
                let expected = match sight {
                    _ if pos == run.player => '@',
                    Sight::Unseen => ' ',
                    _ => match run.level.items.iter().find(|i| i.pos == pos) {
                        Some(item) if sight == Sight::Visible => {
                            run.campaign.loot_table().items()[item.item].glyph
                        }
                        _ => tile.glyph(),
                    },
                };
                assert_eq!(cell.symbol(), expected.to_string(), "at {pos}");
                if sight == Sight::Visible && pos != run.player {
                    lit += 1;
                }
            }
        }
        assert!(lit > 20, "the player sees around them");
    }

    #[test]
    fn lit_and_remembered_cells_have_their_colours() {
        let mut run = run_on("100J-MA");
        run.level.monsters.clear();
        // Walk a few steps so that something seen is out of view.
        for _ in 0..12 {
            run.apply(PlayerAction::Move(1, 0));
        }
        let tiles = &run.level.level.tiles;
        let remembered = tiles
            .positions()
            .find(|&p| run.shown(tiles.index_of(p)).1 == Sight::Remembered)
            .expect("something remembered");
        let lit_floor = tiles
            .positions()
            .find(|&p| {
                p != run.player
                    && run.shown(tiles.index_of(p)) == (Tile::Floor, Sight::Visible)
                    && !run.level.items.iter().any(|i| i.pos == p)
            })
            .expect("lit floor");
        assert_eq!(cell_look(&run, remembered).1, REMEMBERED_STYLE);
        assert_eq!(cell_look(&run, lit_floor), ('.', lit_style(Tile::Floor)));
        assert_eq!(cell_look(&run, run.player), ('@', PLAYER_STYLE));
    }

    #[test]
    fn the_status_line_panel_notices_and_overlays_are_drawn() {
        let run = run_on("100J-MA");
        let terminal = render(&run, &KeyReader::default(), 120, 30);
        let row = |y: u16| -> String {
            (0..120)
                .map(|x| symbol(&terminal, x, y))
                .collect::<String>()
        };
        assert!(
            row(0).starts_with("The Descent  Depth 1  cave  HP 30/30 [##########]"),
            "{}",
            row(0)
        );
        assert!(
            row(1).contains("Carrying nothing"),
            "the side panel: {}",
            row(1)
        );
        assert!(row(29).contains("[turn 0] Depth 1: a cave."), "{}", row(29));
        let help = KeyReader {
            overlay: Some(Overlay::Help),
            ..KeyReader::default()
        };
        let terminal = render(&run, &help, 120, 40);
        let screen: String = (0..40)
            .map(|y| {
                (0..120)
                    .map(|x| symbol(&terminal, x, y))
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        assert!(screen.contains("delve - controls"), "{screen}");
        assert!(screen.contains("Explore"), "{screen}");
    }

    fn screen_text(terminal: &Terminal<TestBackend>) -> String {
        let area = terminal.backend().buffer().area;
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| symbol(terminal, x, y))
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    /// A run carrying a few things, on turn 2068 and hurt.
    fn busy_run() -> RunState {
        let mut run = run_on("100J-MA");
        run.level.monsters.clear();
        let table = run.campaign.loot_table();
        let kinds =
            ["potion of healing", "dagger", "food ration"].map(|n| table.index_of(n).unwrap());
        for kind in kinds {
            let at = run.player;
            run.level.items.retain(|i| i.pos != at);
            run.level.put_item(at, kind);
            run.apply(PlayerAction::PickUp);
        }
        run.turns = 2068;
        run.fight.as_mut().unwrap().hp = 17;
        run
    }

    #[test]
    fn a_narrow_terminal_keeps_the_status_and_shows_items_when_asked() {
        let run = busy_run();
        for (width, height) in [(70, 20), (120, 36)] {
            let terminal = render(&run, &KeyReader::default(), width, height);
            let screen = screen_text(&terminal);
            let status = screen.lines().next().unwrap();
            for must in ["Depth 1", "HP 17/30", "turn 2068"] {
                assert!(status.contains(must), "{width}x{height}: {status}");
            }
            // `a`: the letters are listed even where the side panel does not fit.
            let asking = KeyReader {
                prompt: Some(crate::run::Prompt::Item(crate::run::ItemVerb::Use)),
                ..KeyReader::default()
            };
            let screen = screen_text(&render(&run, &asking, width, height));
            assert!(screen.contains("Use which item?"), "{screen}");
            for line in ["a) ! ", "b) ) dagger", "c) % food ration"] {
                assert!(
                    screen.contains(line),
                    "{width}x{height}: {line:?} in\n{screen}"
                );
            }
            let inventory = KeyReader {
                overlay: Some(Overlay::Inventory),
                ..KeyReader::default()
            };
            let screen = screen_text(&render(&run, &inventory, width, height));
            assert!(screen.contains("Inventory (i or Esc closes)"), "{screen}");
            assert!(screen.contains("c) % food ration"), "{screen}");
        }
    }

    #[test]
    fn the_help_wraps_instead_of_being_cut() {
        let run = busy_run();
        let help = KeyReader {
            overlay: Some(Overlay::Help),
            ..KeyReader::default()
        };
        for (width, height) in [(70, 40), (120, 40)] {
            let screen = screen_text(&render(&run, &help, width, height));
            for must in [
                "Playing",
                "Designer tools",
                "Rest until healed",
                "save and quit (asks)",
                "Esc",
                "Watch a cave form",
            ] {
                assert!(
                    screen.contains(must),
                    "{width}: {must:?} missing:\n{screen}"
                );
            }
        }
        for line in wrap(&crate::run::status::help_text(), 66) {
            assert!(line.chars().count() <= 66, "{line}");
        }
    }

    #[test]
    fn the_help_scrolls_on_a_short_terminal_and_keeps_every_line() {
        let run = busy_run();
        let mut help = KeyReader {
            overlay: Some(Overlay::Help),
            ..KeyReader::default()
        };
        let mut seen = String::new();
        for scroll in (0..80).step_by(5) {
            help.scroll = scroll;
            seen.push_str(&screen_text(&render(&run, &help, 70, 20)));
        }
        let first = screen_text(&render(&run, &KeyReader { scroll: 0, ..help }, 70, 20));
        assert!(first.contains("PgDn Down: more"), "{first}");
        for (what, _) in crate::run::help_lines() {
            let start: String = what.chars().take(20).collect();
            assert!(seen.contains(&start), "{what:?} never shown at 70x20");
        }
    }

    #[test]
    fn long_log_lines_wrap_on_a_narrow_terminal() {
        let run = busy_run();
        let mut log = NoticeLog::default();
        log.push(5, "You take the rune of passage. The way out of the dungeon is open: the stairs down lead out.".into());
        let keys = KeyReader {
            overlay: Some(Overlay::Log),
            ..KeyReader::default()
        };
        let screen = screen_text(&render_with(&run, &log, &keys, 70, 20));
        assert!(screen.contains("the stairs down lead out."), "{screen}");
        assert!(screen.contains("Messages 1-1 of 1"), "{screen}");
    }

    #[test]
    fn the_side_panel_lists_the_monsters_in_view_before_a_long_inventory() {
        let mut run = busy_run();
        let table = run.campaign.loot_table();
        for name in [
            "scroll of identify",
            "ring of protection",
            "wand of striking",
            "leather armour",
            "potion of confusion",
            "scroll of teleportation",
            "ring of regeneration",
            "potion of see invisible",
            "scroll of remove curse",
            "wand of digging",
            "ring of searching",
            "scroll of magic mapping",
            "potion of extra healing",
        ] {
            let kind = table.index_of(name).unwrap();
            let at = run.player;
            run.level.items.retain(|i| i.pos != at);
            run.level.put_item(at, kind);
            run.apply(PlayerAction::PickUp);
        }
        let tiles = run.level.level.tiles.clone();
        let at = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::Floor && run.level.in_view(p) && p != run.player)
            .unwrap();
        run.level.monsters = vec![crate::monsters::Monster {
            id: 0,
            kind: default_monster_table().index_of("kobold").unwrap(),
            pos: at,
            hp: 9,
            mind: crate::monsters::Mind::Hunting(run.player),
        }];
        let screen = screen_text(&render(&run, &KeyReader::default(), 100, 30));
        assert!(screen.contains("kobold 9/9, hunting you"), "{screen}");
        // On a narrow terminal without the panel, on the map's last row.
        let screen = screen_text(&render(&run, &KeyReader::default(), 70, 20));
        assert!(
            screen.contains("In view: kobold 9/9, hunting you"),
            "{screen}"
        );
    }

    #[test]
    fn the_log_overlay_scrolls_back_and_collapses_repeats() {
        let run = busy_run();
        let mut log = NoticeLog::default();
        for turn in 0..100 {
            log.push(turn, format!("Notice number {turn}."));
        }
        for turn in 100..230 {
            log.push(turn, "You were killed by a kobold.".into());
        }
        let mut keys = KeyReader {
            overlay: Some(Overlay::Log),
            ..KeyReader::default()
        };
        let screen = screen_text(&render_with(&run, &log, &keys, 120, 36));
        assert!(
            screen.contains("You were killed by a kobold. x130"),
            "{screen}"
        );
        assert!(screen.contains("Notice number 99."), "{screen}");
        assert!(!screen.contains("Notice number 40."), "{screen}");
        keys.scroll = 60;
        let screen = screen_text(&render_with(&run, &log, &keys, 120, 36));
        assert!(screen.contains("Notice number 40."), "{screen}");
        assert!(!screen.contains("Notice number 41."), "{screen}");
        assert!(screen.contains("Messages 8-41 of 101"), "{screen}");
    }

    #[test]
    fn every_notice_of_a_busy_turn_stays_under_the_map() {
        let run = busy_run();
        let mut log = NoticeLog::default();
        log.push(2067, "You see a cave bat.".into());
        let turn = [
            "The cave bat hits you (2).",
            "You miss the cave bat.",
            "The cave bat misses you.",
            "The cave bat hits you (3).",
            "The cave bat hits you (1).",
        ];
        for text in turn {
            log.push(2068, text.into());
        }
        let screen = screen_text(&render_with(&run, &log, &KeyReader::default(), 70, 30));
        for text in turn {
            assert!(screen.contains(text), "{text:?} scrolled away:\n{screen}");
        }
    }

    #[test]
    fn a_remembered_item_keeps_its_own_glyph() {
        let mut run = run_on("100J-MA");
        run.level.monsters.clear();
        let tiles = run.level.level.tiles.clone();
        let far = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::Floor && !run.level.in_view(p))
            .unwrap();
        let potion = run
            .campaign
            .loot_table()
            .index_of("potion of healing")
            .unwrap();
        run.level.items.push(crate::loot::PlacedItem {
            pos: far,
            item: potion,
        });
        run.level.seen[tiles.index_of(far)] = true;
        assert_eq!(cell_look(&run, far), ('!', REMEMBERED_STYLE));
    }

    #[test]
    fn the_look_cursor_is_drawn_and_names_what_it_is_on() {
        let run = busy_run();
        let keys = KeyReader {
            prompt: Some(crate::run::Prompt::Look(run.player)),
            ..KeyReader::default()
        };
        let terminal = render(&run, &keys, 120, 36);
        let screen = screen_text(&terminal);
        assert!(screen.contains("Look: You, on "), "{screen}");
        let buffer = terminal.backend().buffer();
        let cursor = buffer
            .content()
            .iter()
            .filter(|c| c.style().bg == CURSOR_STYLE.bg)
            .count();
        assert_eq!(cursor, 1, "one cell under the cursor");
    }

    #[test]
    fn the_end_screen_offers_its_keys() {
        let mut run = busy_run();
        run.fight.as_mut().unwrap().end = Some(crate::run::RunEnd::Died {
            cause: "killed by a kobold on depth 1".into(),
        });
        let screen = screen_text(&render(&run, &KeyReader::default(), 120, 36));
        assert!(
            screen.contains("You died: killed by a kobold on depth 1."),
            "{screen}"
        );
        assert!(
            screen.contains("Esc quits; F9 or L loads the last save"),
            "{screen}"
        );
        assert!(screen.contains("seed 42"), "{screen}");
    }

    #[test]
    fn views_keep_the_player_in_the_middle_and_small_maps_centred() {
        assert_eq!(view_start(40, 80, 20), 30);
        assert_eq!(view_start(2, 80, 20), 0);
        assert_eq!(view_start(79, 80, 20), 60);
        assert_eq!(view_start(5, 10, 20), -5);
    }
}
