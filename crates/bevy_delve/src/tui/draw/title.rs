//! The title screen in the terminal: the view's [`TitleScreen`] in a box in the middle,
//! the selected line highlighted, a problem in red, the keys at the bottom.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use delve_rules::view::TitleScreen;

const SELECTED_STYLE: Style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
const PROBLEM_STYLE: Style = Style::new().fg(Color::LightRed);
const HELP_STYLE: Style = Style::new().fg(Color::DarkGray);

/// Draws the title screen.
pub fn draw_title(frame: &mut Frame, screen: &TitleScreen) {
    let area = frame.area();
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::raw(""));
    for (text, selected) in &screen.lines {
        let style = if *selected {
            SELECTED_STYLE
        } else {
            Style::new()
        };
        lines.push(Line::styled(text.clone(), style));
    }
    lines.push(Line::raw(""));
    if let Some(problem) = &screen.problem {
        lines.push(Line::styled(problem.clone(), PROBLEM_STYLE));
    }
    lines.push(Line::styled(screen.help.clone(), HELP_STYLE));
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (widest + 4).max(screen.heading.chars().count() as u16 + 6);
    let height = lines.len() as u16 + 2;
    let [column] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(area);
    let [boxed] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(column);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", screen.heading))
        .title_style(Style::new().add_modifier(Modifier::BOLD));
    frame.render_widget(Paragraph::new(lines).block(block), boxed);
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use delve_rules::view::{MenuKey, TitleChoice, TitleMenu};

    fn shown(menu: &TitleMenu) -> String {
        let mut terminal = Terminal::new(TestBackend::new(90, 30)).unwrap();
        terminal
            .draw(|frame| draw_title(frame, &menu.screen()))
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
        assert_eq!(menu.press(MenuKey::Enter), Some(TitleChoice::Seed(42)));
    }
}
