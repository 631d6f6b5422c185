//! Drawing the game in a terminal with ratatui: the status line (shortened by priority
//! to fit), the map in the level legend's glyphs around the player (scrolled to keep the
//! player in view on levels larger than the terminal), the side panel, every notice of
//! the newest turn, the look cursor, and the help, log, inventory and end-screen
//! overlays (wrapped to the terminal), all in the colours of the palette in force
//! ([`Palette`]). Pure: it reads a [`Screen`] and writes a ratatui frame, so tests draw
//! into ratatui's `TestBackend`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

mod layout;
mod overview;
mod title;
pub use layout::{Areas, item_letter_at, tile_at_cell};
use layout::{inventory_rows, map_corner, panel_rect};
pub use title::{draw_title, title_line_at};

use crate::game::NoticeLog;
use delve_levels::grid::Pos;
use delve_rules::run::RunState;
use delve_rules::view::{
    Hue, IN_VIEW_HEADING, KeyReader, Keymap, Light, Mark, Occupant, OptionsScreen, Overlay,
    Palette, PanelLine, Rgb, Side, Terrain, TileView, end_screen, help_text_of, inventory_title,
    log_title, map_view, monsters_in_view, preview, prompt_line, side_panel, status_line_within,
};

/// Everything drawn: the run, the message log and the overlays and prompts the keys
/// opened.
pub struct Screen<'a> {
    /// The run.
    pub run: &'a RunState,
    /// Every notice so far (the newest turn's under the map, the rest in the log).
    pub log: &'a NoticeLog,
    /// Which overlays and prompts are open.
    pub keys: &'a KeyReader,
    /// The map tile under the mouse pointer, if any.
    pub hover: Option<Pos>,
    /// The keys in force (the help lists them).
    pub keymap: &'a Keymap,
    /// The Options screen, while it is open.
    pub options: Option<&'a OptionsScreen>,
    /// The colours everything is drawn in.
    pub palette: Palette,
}

/// Width of the side panel (inventory, monsters in view), shown on terminals this
/// much wider than [`MIN_MAP_WIDTH`].
const PANEL_WIDTH: u16 = 30;
/// The narrowest map worth giving room to before a side panel.
const MIN_MAP_WIDTH: u16 = 60;

/// `hue` in `palette`, as the terminal writes it.
pub(crate) fn colour(palette: Palette, hue: Hue) -> Color {
    let Rgb(r, g, b) = palette.colour(hue);
    Color::Rgb(r, g, b)
}

/// Text or a glyph in `hue`.
pub(crate) fn fg(palette: Palette, hue: Hue) -> Style {
    Style::new().fg(colour(palette, hue))
}

/// The look of every cell before anything is drawn on it: text on the background.
pub(crate) fn base_style(palette: Palette) -> Style {
    fg(palette, Hue::Text).bg(colour(palette, Hue::Background))
}

/// A glyph in the background's colour on a block of `hue`: the cursor, where the line
/// of fire stops, the must-find item on the overview.
pub(crate) fn block_style(palette: Palette, hue: Hue) -> Style {
    fg(palette, Hue::Background)
        .bg(colour(palette, hue))
        .add_modifier(Modifier::BOLD)
}

/// The look of the player.
pub(crate) fn player_style(palette: Palette) -> Style {
    fg(palette, Hue::Player).add_modifier(Modifier::BOLD)
}

/// The look of a monster in view: hostile and allied ones bold, a shackled captive not.
fn monster_style(palette: Palette, side: Side) -> Style {
    match side {
        Side::Hostile => fg(palette, Hue::Hostile).add_modifier(Modifier::BOLD),
        Side::Ally => fg(palette, Hue::Ally).add_modifier(Modifier::BOLD),
        Side::Captive => fg(palette, Hue::Captive),
    }
}

/// The terminal's look of each terrain in view: its glyph and the colour of its
/// ground's [`Hue`]. The layout's glyphs are the level legend's; the feature layer's
/// avoid the glyphs of items and monsters (the legend's `%` lava or `=` bridge would
/// read as food or a ring), so water and lava are `~` told apart by colour, a chasm a
/// `:` (not in the dim of what is remembered), a bridge `≡`, a closed door a `+` in
/// another colour than an open one, a trap found `^` and a vault's locked door a `&`.
pub(crate) fn terrain_look(terrain: Terrain, palette: Palette) -> (char, Style) {
    (terrain.glyph(), fg(palette, Hue::of_terrain(terrain)))
}

/// The glyph and look of a map cell as the view sees it: the player, a monster or an
/// item over the terrain, dim when remembered, blank when never seen, highlighted under
/// the look cursor.
pub(crate) fn cell_look(tile: TileView, palette: Palette) -> (char, Style) {
    let glyph = tile.glyph();
    let style = match tile.seen {
        None => Style::new(),
        Some(seen) => match seen.light {
            Light::Remembered => fg(palette, Hue::Remembered),
            Light::Lit => match seen.occupant {
                Some(Occupant::Player) => player_style(palette),
                Some(Occupant::Monster { side, .. }) => monster_style(palette, side),
                Some(Occupant::Item { .. }) => fg(palette, Hue::Item),
                None => terrain_look(seen.terrain, palette).1,
            },
        },
    };
    match tile.mark {
        Some(Mark::Cursor) => (glyph, block_style(palette, Hue::Cursor)),
        Some(Mark::Stop) => (glyph, block_style(palette, Hue::Stop)),
        Some(Mark::Fire) => (glyph, style.bg(colour(palette, Hue::Fire))),
        Some(Mark::Route) => (glyph, style.bg(colour(palette, Hue::Route))),
        None => (glyph, style),
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, screen: &Screen) {
    draw_in(frame, frame.area(), screen);
}

/// Draws the game in `area` of the screen (watching a recording keeps a line below it).
pub fn draw_in(frame: &mut Frame, area: Rect, screen: &Screen) {
    let Areas {
        status,
        map,
        panel,
        notices,
    } = Areas::of(area, screen.log);
    let palette = screen.palette;
    frame.buffer_mut().set_style(area, base_style(palette));
    frame.render_widget(
        Paragraph::new(status_line_within(screen.run, status.width as usize))
            .style(Style::new().add_modifier(Modifier::BOLD)),
        status,
    );
    draw_map(frame, map, screen);
    match panel {
        Some(panel) => draw_panel(frame, panel, screen.run, screen.keymap, palette),
        None => draw_in_view_line(frame, map, screen.run, palette),
    }
    let look = prompt_line(screen.run, screen.keys, screen.hover);
    draw_notices(frame, notices, screen, look);
    if let Some(lines) = end_screen(screen.run) {
        draw_overlay(frame, area, "The run is over", &lines.join("\n"), palette);
    }
    let verb = screen.keys.item_verb();
    if screen.keys.shows(Overlay::Inventory) || verb.is_some() {
        let rows = inventory_rows(area, screen.run);
        let title = inventory_title(verb, screen.keymap);
        draw_lines(frame, area, &title, &rows, palette);
    }
    if screen.keys.shows(Overlay::Log) {
        draw_log(frame, area, screen, palette);
    }
    if screen.keys.shows(Overlay::Help) {
        draw_help(frame, area, screen.keys.scroll, screen.keymap, palette);
    }
    if screen.keys.shows(Overlay::Overview) {
        overview::draw_overview(frame, area, screen.run, palette);
    }
    if let Some(options) = screen.options {
        draw_options(frame, options, palette);
    }
}

/// The Options screen over everything, its lines fitted to the terminal.
pub fn draw_options(frame: &mut Frame, options: &OptionsScreen, palette: Palette) {
    let area = frame.area();
    let rows = area.height.saturating_sub(2) as usize;
    let inner = area.width.saturating_sub(4) as usize;
    let lines: Vec<String> = options
        .lines(rows)
        .iter()
        .flat_map(|line| wrap(line, inner))
        .take(rows)
        .collect();
    draw_lines(frame, area, "Options", &lines, palette);
}

/// The log overlay: the messages up to `scroll` before the newest, each wrapped to the
/// panel, as many of the newest of them as fit.
fn draw_log(frame: &mut Frame, area: Rect, screen: &Screen, palette: Palette) {
    let (log, scroll) = (screen.log, screen.keys.scroll);
    let inner = area.width.saturating_sub(4) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let total = log.entries.len();
    let scroll = scroll.min(total.saturating_sub(1));
    let end = total - scroll;
    let mut lines: Vec<String> = Vec::new();
    let mut first = end;
    for message in log.entries[..end].iter().rev() {
        let wrapped = wrap(&screen.keymap.message_line(message), inner);
        if lines.len() + wrapped.len() > rows && !lines.is_empty() {
            break;
        }
        lines.splice(0..0, wrapped);
        first -= 1;
    }
    let title = log_title(first + 1, end, total);
    draw_lines(frame, area, &title, &lines, palette);
}

/// The help overlay, wrapped to the terminal and scrolled down `scroll` lines when it
/// is taller than the terminal.
fn draw_help(frame: &mut Frame, area: Rect, scroll: usize, keymap: &Keymap, palette: Palette) {
    let inner = area.width.saturating_sub(4) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let lines = wrap(&help_text_of(keymap, inner), inner);
    if lines.len() <= rows {
        draw_lines(
            frame,
            area,
            "delve - controls (? or Esc closes)",
            &lines,
            palette,
        );
        return;
    }
    let start = scroll.min(lines.len() - rows);
    let title = format!(
        "Controls {}-{} of {} (PgDn Down: more; Esc closes)",
        start + 1,
        start + rows,
        lines.len()
    );
    draw_lines(frame, area, &title, &lines[start..start + rows], palette);
}

/// The first map cell shown in a view `view` cells long over a map `size` cells long,
/// keeping `at` in the middle where the map allows (a map smaller than the view is
/// centred).
pub(crate) fn view_start(at: i32, size: i32, view: i32) -> i32 {
    if size <= view {
        -((view - size) / 2)
    } else {
        (at - view / 2).clamp(0, size - view)
    }
}

/// The map around the player (or a cursor): each cell as the view sees it, with the
/// preview's marks (the cursor, the way travel would walk, the line of fire).
fn draw_map(frame: &mut Frame, area: Rect, screen: &Screen) {
    let view = map_view(screen.run, &preview(screen.run, screen.keys, screen.hover));
    let Pos { x: x0, y: y0 } = map_corner(area, screen.run, screen.keys);
    let buffer = frame.buffer_mut();
    for row in 0..area.height {
        for column in 0..area.width {
            let Some(tile) = view.get(Pos::new(x0 + column as i32, y0 + row as i32)) else {
                continue;
            };
            let (symbol, style) = cell_look(tile, screen.palette);
            if let Some(cell) = buffer.cell_mut((area.x + column, area.y + row)) {
                cell.set_char(symbol).set_style(style);
            }
        }
    }
}

/// The side panel: the monsters in view first (they matter most, and a long inventory
/// must not push them off), then the purse and the inventory.
fn draw_panel(frame: &mut Frame, area: Rect, run: &RunState, keymap: &Keymap, palette: Palette) {
    let lines: Vec<Line> = side_panel(run, keymap, usize::MAX)
        .into_iter()
        .map(|line| {
            let style = match line {
                PanelLine::Heading(_) => Style::new().add_modifier(Modifier::BOLD),
                PanelLine::Monster(_) => fg(palette, Hue::Hostile),
                PanelLine::Text(_) | PanelLine::Gap => Style::new(),
            };
            Line::styled(line.text().to_owned(), style)
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::new().borders(Borders::LEFT))
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// Without the side panel: the monsters in view on the map's last row, so one out of
/// the map's few rows is not out of mind.
fn draw_in_view_line(frame: &mut Frame, map: Rect, run: &RunState, palette: Palette) {
    let in_view = monsters_in_view(run);
    if in_view.is_empty() || map.height < 4 {
        return;
    }
    let row = Rect {
        y: map.y + map.height - 1,
        height: 1,
        ..map
    };
    // As many as fit, then how many more (the panel-less terminal is narrow).
    let width = row.width as usize;
    let mut text = format!("{IN_VIEW_HEADING}: ");
    for (shown, monster) in in_view.iter().enumerate() {
        let more = in_view.len() - shown - 1;
        let tail = if more > 0 {
            format!(" (+{more} more)")
        } else {
            String::new()
        };
        let sep = if shown > 0 { "; " } else { "" };
        let fits = text.chars().count() + sep.len() + monster.chars().count() + tail.len() <= width;
        if !fits {
            text.push_str(&format!("{sep}+{} more", in_view.len() - shown));
            break;
        }
        text.push_str(sep);
        text.push_str(monster);
    }
    frame.render_widget(Clear, row);
    frame.render_widget(
        Paragraph::new(text).style(base_style(palette).patch(fg(palette, Hue::Hostile))),
        row,
    );
}

/// The notices under the map, newest at the bottom: those of the newest turn stand
/// out, older ones are dim; while looking, the look line is the newest.
fn draw_notices(frame: &mut Frame, area: Rect, screen: &Screen, look: Option<String>) {
    let (log, turns, palette) = (screen.log, screen.run.turns(), screen.palette);
    let rows = area.height as usize;
    let width = area.width as usize;
    let newest_turn = log.entries.last().map(|n| n.turn);
    let mut look_lines: Vec<Line> = look
        .map(|look| {
            wrap(&look, width)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, fg(palette, Hue::Prompt))))
                .collect()
        })
        .unwrap_or_default();
    look_lines.truncate(rows);
    // Newest first, each notice wrapped to the width (nothing is cut at the edge), as
    // many whole notices as fit: an older one that does not fit whole is left out (no
    // fragment of it shows); the newest, taller than the room, shows its beginning.
    let room = rows - look_lines.len();
    let mut lines: Vec<Line> = Vec::new();
    for n in log.entries.iter().rev() {
        let fresh = Some(n.turn) == newest_turn && n.turn == turns;
        let style = fg(palette, if fresh { Hue::Accent } else { Hue::DimText });
        let mut parts = wrap(&screen.keymap.message_line(n), width);
        if lines.len() + parts.len() > room {
            if lines.is_empty() {
                parts.truncate(room);
            } else {
                break;
            }
        }
        for part in parts.into_iter().rev() {
            lines.push(Line::from(Span::styled(part, style)));
        }
        if lines.len() >= room {
            break;
        }
    }
    lines.reverse();
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

/// The frame of an overlay: a border and its title in the accent, over the
/// background.
pub(crate) fn overlay_block(palette: Palette, title: String) -> Block<'static> {
    let accent = fg(palette, Hue::Accent);
    Block::bordered()
        .title(Span::styled(title, accent.add_modifier(Modifier::BOLD)))
        .border_style(accent)
        .style(base_style(palette))
        .padding(ratatui::widgets::Padding::horizontal(1))
}

/// A bordered panel in the middle of `area` over whatever is drawn there, its text
/// wrapped to fit.
fn draw_overlay(frame: &mut Frame, area: Rect, title: &str, text: &str, palette: Palette) {
    let inner = area.width.saturating_sub(4) as usize;
    draw_lines(frame, area, title, &wrap(text, inner), palette);
}

/// A bordered panel of `lines` (already fitted to the width) in the middle of `area`;
/// rows that do not fit below are cut (the log and the help scroll instead).
fn draw_lines(frame: &mut Frame, area: Rect, title: &str, lines: &[String], palette: Palette) {
    let panel = panel_rect(area, title, lines);
    frame.render_widget(Clear, panel);
    frame.render_widget(
        Paragraph::new(lines.join("\n")).block(overlay_block(palette, format!(" {title} "))),
        panel,
    );
}

#[cfg(test)]
mod tests;
