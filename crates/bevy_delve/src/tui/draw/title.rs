//! The title screen in the terminal: the view's [`TitleScreen`] in a box in the middle,
//! the selected line in the accent, a problem in the warning's colour, the keys at the
//! bottom dim, all in the palette in force.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use super::{base_style, fg, wrap};
use delve_rules::view::{Hue, Palette, TitleScreen};

/// Draws the title screen in `palette`.
pub fn draw_title(frame: &mut Frame, screen: &TitleScreen, palette: Palette) {
    let area = frame.area();
    frame.buffer_mut().set_style(area, base_style(palette));
    let lines = title_lines(area, screen, palette);
    let boxed = title_box(area, screen, &lines);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", screen.heading))
        .title_style(Style::new().add_modifier(Modifier::BOLD));
    frame.render_widget(Paragraph::new(lines).block(block), boxed);
}

/// The title's lines as drawn in `area`: a blank line, the page's lines (one a row:
/// the rows a click finds), a blank line, then the problem and the keys wrapped to the
/// room inside the box (nothing cut at any width).
fn title_lines(area: Rect, screen: &TitleScreen, palette: Palette) -> Vec<Line<'static>> {
    let room = usize::from(area.width.saturating_sub(4)).max(1);
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::raw(""));
    for (text, selected) in &screen.lines {
        let style = if *selected {
            fg(palette, Hue::Accent).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        lines.push(Line::styled(text.clone(), style));
    }
    lines.push(Line::raw(""));
    if let Some(problem) = &screen.problem {
        let style = fg(palette, Hue::Warning);
        lines.extend(
            wrap(problem, room)
                .into_iter()
                .map(|l| Line::styled(l, style)),
        );
    }
    let style = fg(palette, Hue::DimText);
    lines.extend(
        wrap(&screen.help, room)
            .into_iter()
            .map(|l| Line::styled(l, style)),
    );
    lines
}

/// The box the title's `lines` stand in, in the middle of `area`: as wide as the page's
/// widest line whichever is selected, so that it stays put as the selection moves.
fn title_box(area: Rect, screen: &TitleScreen, lines: &[Line]) -> Rect {
    let drawn = lines.iter().map(Line::width).max().unwrap_or(0);
    let widest = drawn.max(screen.widest) as u16;
    let width = (widest + 4).max(screen.heading.chars().count() as u16 + 6);
    let height = lines.len() as u16 + 2;
    let [column] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(area);
    let [boxed] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(column);
    boxed
}

/// The line of the page (0-based, as [`TitleScreen::lines`] counts them) drawn at the
/// terminal cell (`column`, `row`) of a screen of `area`: where a click lands.
pub fn title_line_at(area: Rect, screen: &TitleScreen, column: u16, row: u16) -> Option<usize> {
    // The same lines as drawn (their widths and count are what place the box).
    let lines = title_lines(area, screen, Palette::default());
    let boxed = title_box(area, screen, &lines);
    let inside = (boxed.x + 1..boxed.x + boxed.width.saturating_sub(1)).contains(&column);
    // Under the top border and the blank first line.
    let line = usize::from(row.checked_sub(boxed.y + 2)?);
    (inside && line < screen.lines.len()).then_some(line)
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use delve_rules::view::{MenuKey, TitleChoice, TitleMenu};

    #[test]
    fn a_click_finds_the_line_drawn_there() {
        let menu = TitleMenu::new(true, "2026-12-02".into(), vec![]);
        let screen = menu.screen();
        let drawn = shown(&menu);
        let area = Rect::new(0, 0, 90, 30);
        for (index, (line, _)) in screen.lines.iter().enumerate() {
            let row = drawn
                .lines()
                .position(|l| l.contains(line.trim()))
                .expect("the line is drawn");
            let column = drawn.lines().nth(row).unwrap().find(line.trim()).unwrap() as u16;
            assert_eq!(
                title_line_at(area, &screen, column, row as u16),
                Some(index),
                "{line}"
            );
        }
        assert_eq!(
            title_line_at(area, &screen, 0, 0),
            None,
            "the corner is no line"
        );
    }

    fn shown(menu: &TitleMenu) -> String {
        shown_at(menu, 90)
    }

    /// The title as drawn on a terminal `width` columns wide (30 rows), row by row.
    fn shown_at(menu: &TitleMenu, width: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, 30)).unwrap();
        terminal
            .draw(|frame| draw_title(frame, &menu.screen(), Palette::default()))
            .unwrap();
        let buffer = terminal.backend().buffer();
        let mut text = String::new();
        for y in 0..buffer.area.height {
            for x in 0..buffer.area.width {
                text.push_str(buffer[(x, y)].symbol());
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn the_terminal_title_shows_the_menu_and_follows_the_keys() {
        let mut menu = TitleMenu::new(
            true,
            "2026-12-02".into(),
            vec!["No finished runs yet.".into()],
        );
        let text = shown(&menu);
        for label in [
            "New run",
            "Continue",
            "Daily",
            "Seeded",
            "Run history",
            "Quit",
        ] {
            assert!(text.contains(label), "{label} missing:\n{text}");
        }
        assert!(
            text.contains("> c  Continue"),
            "Continue is selected:\n{text}"
        );
        menu.press(MenuKey::Down);
        assert!(shown(&menu).contains("> d  Daily"), "{}", shown(&menu));
        assert!(shown(&menu).contains("2026-12-02"));
        menu.press(MenuKey::Char('h'));
        assert!(shown(&menu).contains("No finished runs yet."));
        menu.press(MenuKey::Back);
        menu.press(MenuKey::Char('s'));
        for c in "42".chars() {
            menu.press(MenuKey::Char(c));
        }
        assert!(shown(&menu).contains("> 42_"), "{}", shown(&menu));
        // A run is saved: the new run is asked about first, on the screen.
        assert_eq!(menu.press(MenuKey::Enter), None);
        assert!(shown(&menu).contains("gone for good"), "{}", shown(&menu));
        assert_eq!(menu.press(MenuKey::Char('y')), Some(TitleChoice::Seed(42)));
    }

    /// Found by the playtest: at 160 columns the question about the saved run was cut
    /// ("(Continue g…"); at any width the title's words are all drawn, wrapped.
    #[test]
    fn the_title_wraps_its_words_at_every_width() {
        use delve_rules::view::REPLACING_THE_SAVED_RUN;
        let mut menu = TitleMenu::new(true, "2026-12-02".into(), vec![]);
        menu.tell(REPLACING_THE_SAVED_RUN.to_owned());
        for width in [40, 60, 80, 120, 160, 200] {
            let words = shown_at(&menu, width).replace('│', " ");
            let drawn: Vec<&str> = words.split_whitespace().collect();
            let drawn = drawn.join(" ");
            for text in [REPLACING_THE_SAVED_RUN, &menu.screen().help] {
                let said: Vec<&str> = text.split_whitespace().collect();
                assert!(
                    drawn.contains(&said.join(" ")),
                    "at {width} columns, {text:?} is not drawn whole:\n{drawn}"
                );
            }
        }
    }

    /// Found by the playtest: at 80 columns the box was 75 to 79 columns wide as the
    /// selection moved (the selected item tells what it does); it keeps one width.
    #[test]
    fn the_title_box_keeps_its_width_as_the_selection_moves() {
        let mut menu = TitleMenu::new(true, "2026-12-02".into(), vec![]);
        let box_columns = |menu: &TitleMenu| {
            let text = shown_at(menu, 80);
            let top = text
                .lines()
                .find(|line| line.contains('┌'))
                .unwrap()
                .to_owned();
            (
                top.find('┌').unwrap(),
                top.chars().count() - top.trim_end().chars().count(),
            )
        };
        let first = box_columns(&menu);
        for _ in 0..menu.screen().lines.len() {
            menu.press(MenuKey::Down);
            assert_eq!(box_columns(&menu), first, "{}", shown_at(&menu, 80));
        }
    }
}
