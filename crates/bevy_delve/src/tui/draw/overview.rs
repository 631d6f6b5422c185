//! The overview overlay (`m`) in the terminal: the whole level as remembered, scaled to
//! the terminal ([`delve_rules::view::overview`]), in the map's glyphs and colours.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::{Block, Clear};

use super::{ITEM_STYLE, PLAYER_STYLE, terrain_look};
use delve_levels::grid::Pos;
use delve_rules::run::RunState;
use delve_rules::view::{OverviewCell, overview};

/// The title of the overview.
const TITLE: &str = " The whole level (m or Esc closes) ";

/// The look of the level's must-find item on the overview: it stands out.
const MUST_FIND_STYLE: Style = Style::new()
    .fg(Color::Black)
    .bg(Color::LightYellow)
    .add_modifier(Modifier::BOLD);

/// The glyph and look of one overview cell.
pub(crate) fn overview_look(cell: OverviewCell) -> (char, Style) {
    let glyph = cell.glyph();
    let style = match cell {
        OverviewCell::Unknown => Style::new(),
        OverviewCell::Ground(terrain) => terrain_look(terrain).1,
        OverviewCell::Item(_) => ITEM_STYLE,
        OverviewCell::MustFind(_) => MUST_FIND_STYLE,
        OverviewCell::Player => PLAYER_STYLE,
    };
    (glyph, style)
}

/// The overview in a bordered panel over the whole of `area`.
pub(super) fn draw_overview(frame: &mut Frame, area: Rect, run: &RunState) {
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(
            TITLE,
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        ))
        .border_style(Style::new().fg(Color::Yellow));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let cells = overview(run, inner.width as usize, inner.height as usize);
    // Centred in the panel.
    let left = inner.x + (inner.width - cells.width() as u16) / 2;
    let top = inner.y + (inner.height - cells.height() as u16) / 2;
    let buffer = frame.buffer_mut();
    for pos in cells.positions() {
        let Pos { x, y } = pos;
        let (glyph, style) = overview_look(cells[pos]);
        if let Some(cell) = buffer.cell_mut((left + x as u16, top + y as u16)) {
            cell.set_char(glyph).set_style(style);
        }
    }
}
