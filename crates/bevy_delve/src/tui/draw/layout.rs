//! Where things are on the terminal's screen: the parts of the screen ([`Areas`]), the
//! map tile under a cell, the overlay panel's place and the inventory line under a cell
//! — what drawing uses and what a mouse report is read against, so the two agree.

use ratatui::layout::{Constraint, Layout, Rect};

use super::{MIN_MAP_WIDTH, PANEL_WIDTH, Screen, view_start, wrap};
use crate::game::NoticeLog;
use delve_levels::grid::Pos;
use delve_rules::run::RunState;
use delve_rules::view::{
    KeyReader, Overlay, inventory_overlay_lines, inventory_title, letter_of_line,
};

/// Where each part of the screen goes.
pub struct Areas {
    /// The status line.
    pub status: Rect,
    /// The map.
    pub map: Rect,
    /// The side panel, on a terminal wide enough.
    pub panel: Option<Rect>,
    /// The notices under the map.
    pub notices: Rect,
}

impl Areas {
    /// The parts of a screen of `area` showing `log`.
    pub fn of(area: Rect, log: &NoticeLog) -> Areas {
        let notice_rows = (log.rows_for_latest_turn() as u16).min(area.height / 3);
        let [status, middle, notices] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(notice_rows),
        ])
        .areas(area);
        let (map, panel) = if middle.width >= MIN_MAP_WIDTH + PANEL_WIDTH {
            let [map, panel] =
                Layout::horizontal([Constraint::Min(1), Constraint::Length(PANEL_WIDTH)])
                    .areas(middle);
            (map, Some(panel))
        } else {
            (middle, None)
        };
        Areas {
            status,
            map,
            panel,
            notices,
        }
    }
}

/// The map tile drawn at the terminal cell (`column`, `row`) of a screen of `area`, if
/// the map is drawn there: where a click or the pointer lands.
pub fn tile_at_cell(area: Rect, screen: &Screen, column: u16, row: u16) -> Option<Pos> {
    let map = Areas::of(area, screen.log).map;
    let inside =
        (map.x..map.x + map.width).contains(&column) && (map.y..map.y + map.height).contains(&row);
    let corner = map_corner(map, screen.run, screen.keys);
    let pos = Pos::new(
        corner.x + (column - map.x) as i32,
        corner.y + (row - map.y) as i32,
    );
    (inside && screen.run.level().level.tiles.contains(pos)).then_some(pos)
}

/// The map tile at the top left of the map's area: the map is kept round the player,
/// or round a cursor the keys move.
pub(super) fn map_corner(map: Rect, run: &RunState, keys: &KeyReader) -> Pos {
    let tiles = &run.level().level.tiles;
    let centre = keys.cursor().unwrap_or(run.player());
    Pos::new(
        view_start(centre.x, tiles.width() as i32, map.width as i32),
        view_start(centre.y, tiles.height() as i32, map.height as i32),
    )
}

/// Where [`draw_lines`] puts its panel of `lines` titled `title` in `area`.
pub(super) fn panel_rect(area: Rect, title: &str, lines: &[String]) -> Rect {
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let title_width = (title.chars().count() as u16 + 2).min(area.width.saturating_sub(2));
    let width = (widest.max(title_width) + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// The inventory's lines as the overlay draws them in `area`: wrapped to its width.
pub(super) fn inventory_rows(area: Rect, run: &RunState) -> Vec<String> {
    let inner = area.width.saturating_sub(4) as usize;
    wrap(&inventory_overlay_lines(run).join("\n"), inner)
}

/// The letter of the item whose inventory line is drawn at the terminal cell
/// (`column`, `row`) of a screen of `area`, while the inventory overlay is up: where a
/// click on an item lands.
pub fn item_letter_at(area: Rect, screen: &Screen, column: u16, row: u16) -> Option<char> {
    let verb = screen.keys.item_verb();
    if !(screen.keys.shows(Overlay::Inventory) || verb.is_some()) {
        return None;
    }
    let rows = inventory_rows(area, screen.run);
    let panel = panel_rect(area, &inventory_title(verb, screen.keymap), &rows);
    let inside = (panel.x..panel.x + panel.width).contains(&column);
    let index = usize::from(row.checked_sub(panel.y + 1)?);
    if !inside || index >= rows.len() {
        return None;
    }
    // A wrapped item's later rows belong to the row that names its letter.
    rows[..=index]
        .iter()
        .rev()
        .find_map(|line| letter_of_line(line).or_else(|| (!line.starts_with(' ')).then_some('\0')))
        .filter(|&letter| letter != '\0')
}
