//! Drawing the game in a terminal with ratatui: the status line, the map in the level
//! legend's glyphs around the player (scrolled to keep the player in view on levels
//! larger than the terminal), the side panel, the latest notices, and the help, log and
//! end-screen overlays. Pure: it reads a [`Screen`] and writes a ratatui frame, so
//! tests draw into ratatui's `TestBackend`.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::grid::{Pos, Tile};
use crate::monsters::default_monster_table;
use crate::run::status::{
    IN_VIEW_HEADING, carrying_heading, end_screen, help_text, inventory_lines, monsters_in_view,
    status_line,
};
use crate::run::{KeyReader, RunState, Sight};

/// Everything drawn: the run, the latest notices (oldest first, each with its turn) and
/// the overlays the keys opened.
pub struct Screen<'a> {
    /// The run.
    pub run: &'a RunState,
    /// Notices, oldest first ("[turn 4] You pick up …").
    pub notices: &'a [String],
    /// Which overlays are shown.
    pub keys: &'a KeyReader,
}

/// Notice lines under the map.
const NOTICE_ROWS: u16 = 3;
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
    let [status, middle, notices] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(NOTICE_ROWS),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(status_line(screen.run)).style(Style::new().add_modifier(Modifier::BOLD)),
        status,
    );
    let (map, panel) = if middle.width >= MIN_MAP_WIDTH + PANEL_WIDTH {
        let [map, panel] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(PANEL_WIDTH)]).areas(middle);
        (map, Some(panel))
    } else {
        (middle, None)
    };
    draw_map(frame, map, screen.run);
    if let Some(panel) = panel {
        draw_panel(frame, panel, screen.run);
    }
    draw_notices(frame, notices, screen.notices);
    if let Some(lines) = end_screen(screen.run) {
        draw_overlay(frame, area, "The run is over", &lines.join("\n"));
    }
    if screen.keys.log {
        let shown = screen
            .notices
            .len()
            .min(area.height.saturating_sub(4) as usize);
        let log = screen.notices[screen.notices.len() - shown..].join("\n");
        draw_overlay(frame, area, "Messages (M or Esc closes)", &log);
    }
    if screen.keys.help {
        draw_overlay(
            frame,
            area,
            "delve - controls (? or Esc closes)",
            &help_text(),
        );
    }
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

/// The map around the player: each cell as the player knows it.
fn draw_map(frame: &mut Frame, area: Rect, run: &RunState) {
    let tiles = &run.level.level.tiles;
    let (width, height) = (tiles.width() as i32, tiles.height() as i32);
    let x0 = view_start(run.player.x, width, area.width as i32);
    let y0 = view_start(run.player.y, height, area.height as i32);
    let buffer = frame.buffer_mut();
    for row in 0..area.height {
        for column in 0..area.width {
            let pos = Pos::new(x0 + column as i32, y0 + row as i32);
            if !tiles.contains(pos) {
                continue;
            }
            let (symbol, style) = cell_look(run, pos);
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
    match sight {
        Sight::Unseen => (' ', Style::new()),
        Sight::Remembered => (tile.glyph(), REMEMBERED_STYLE),
        Sight::Visible if watching => (tile.glyph(), lit_style(tile)),
        Sight::Visible => {
            if let Some(monster) = run.level.monsters.iter().find(|m| m.pos == pos) {
                let glyph = default_monster_table()
                    .kind(monster.kind)
                    .map_or('M', |k| k.glyph);
                return (glyph, MONSTER_STYLE);
            }
            if let Some(item) = run.level.items.iter().find(|i| i.pos == pos) {
                let glyph = run
                    .campaign
                    .loot_table()
                    .items()
                    .get(item.item)
                    .map_or('*', |i| i.glyph);
                return (glyph, ITEM_STYLE);
            }
            (tile.glyph(), lit_style(tile))
        }
    }
}

fn draw_panel(frame: &mut Frame, area: Rect, run: &RunState) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![Line::styled(carrying_heading(run), bold)];
    lines.extend(inventory_lines(run).into_iter().map(Line::from));
    let in_view = monsters_in_view(run);
    if !in_view.is_empty() {
        lines.push(Line::from(""));
        lines.push(Line::styled(IN_VIEW_HEADING, bold));
        lines.extend(
            in_view
                .into_iter()
                .map(|m| Line::styled(m, Style::new().fg(Color::LightRed))),
        );
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::new().borders(Borders::LEFT))
            .wrap(Wrap { trim: true }),
        area,
    );
}

fn draw_notices(frame: &mut Frame, area: Rect, notices: &[String]) {
    let shown = notices.len().min(area.height as usize);
    let newest = notices.len().saturating_sub(1);
    // The newest on the last row, older ones above it.
    let padding = area.height as usize - shown;
    let lines: Vec<Line> = std::iter::repeat_n(Line::from(""), padding)
        .chain(
            notices[notices.len() - shown..]
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let style = if notices.len() - shown + i == newest {
                        Style::new().fg(Color::Yellow)
                    } else {
                        Style::new().fg(Color::DarkGray)
                    };
                    Line::from(Span::styled(text.clone(), style))
                }),
        )
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// A bordered panel in the middle of `area` over whatever is drawn there.
fn draw_overlay(frame: &mut Frame, area: Rect, title: &str, text: &str) {
    let lines = text.lines().count() as u16;
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let width = (widest.max(title.len() as u16) + 4).min(area.width);
    let height = (lines + 2).min(area.height);
    let panel = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, panel);
    frame.render_widget(
        Paragraph::new(text.to_owned()).block(
            Block::bordered()
                .title(Span::styled(
                    format!(" {title} "),
                    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
                ))
                .border_style(Style::new().fg(Color::Yellow)),
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
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        let notices = vec!["[turn 0] Depth 1: a cave.".to_owned()];
        terminal
            .draw(|frame| {
                draw(
                    frame,
                    &Screen {
                        run,
                        notices: &notices,
                        keys,
                    },
                )
            })
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
            row(0).starts_with("The Descent   Depth 1   cave   HP 30/30"),
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
            help: true,
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

    #[test]
    fn views_keep_the_player_in_the_middle_and_small_maps_centred() {
        assert_eq!(view_start(40, 80, 20), 30);
        assert_eq!(view_start(2, 80, 20), 0);
        assert_eq!(view_start(79, 80, 20), 60);
        assert_eq!(view_start(5, 10, 20), -5);
    }
}
