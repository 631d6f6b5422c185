//! The overview overlay (`m`) in the terminal: the whole level as remembered, scaled to
//! the terminal ([`delve_rules::view::overview`]), in the map's glyphs and colours.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::{Block, Clear};

use super::{base_style, block_style, fg, player_style, terrain_look};
use delve_levels::grid::Pos;
use delve_rules::run::RunState;
use delve_rules::view::{Hue, OverviewCell, Palette, overview};

/// The title of the overview.
const TITLE: &str = " The whole level (m or Esc closes) ";

/// The glyph and look of one overview cell: the level's must-find item stands out as a
/// block.
pub(crate) fn overview_look(cell: OverviewCell, palette: Palette) -> (char, Style) {
    let glyph = cell.glyph();
    let style = match cell {
        OverviewCell::Unknown => Style::new(),
        OverviewCell::Ground(terrain) => terrain_look(terrain, palette).1,
        OverviewCell::Item(_) => fg(palette, Hue::Item),
        OverviewCell::MustFind(_) => block_style(palette, Hue::MustFind),
        OverviewCell::Player => player_style(palette),
    };
    (glyph, style)
}

/// The overview in a bordered panel over the whole of `area`.
pub(super) fn draw_overview(frame: &mut Frame, area: Rect, run: &RunState, palette: Palette) {
    frame.render_widget(Clear, area);
    let accent = fg(palette, Hue::Accent);
    let block = Block::bordered()
        .title(Span::styled(TITLE, accent.add_modifier(Modifier::BOLD)))
        .border_style(accent)
        .style(base_style(palette));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let cells = overview(run, inner.width as usize, inner.height as usize);
    // Centred in the panel.
    let left = inner.x + (inner.width - cells.width() as u16) / 2;
    let top = inner.y + (inner.height - cells.height() as u16) / 2;
    let buffer = frame.buffer_mut();
    for pos in cells.positions() {
        let Pos { x, y } = pos;
        let (glyph, style) = overview_look(cells[pos], palette);
        if let Some(cell) = buffer.cell_mut((left + x as u16, top + y as u16)) {
            cell.set_char(glyph).set_style(style);
        }
    }
}
