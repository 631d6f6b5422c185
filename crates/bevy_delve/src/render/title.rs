//! The title screen in the window: the view's [`TitleScreen`](delve_rules::view::TitleScreen)
//! in the middle of the window (the selected line marked `>` and drawn bright), spawned
//! on entering [`Screen::Title`] and gone when the game leaves it.

use bevy::prelude::*;

use super::AppSystems;
use super::hud::{ACCENT, DIM_TEXT, TEXT, overlay, set_text, text};
use crate::game::Screen;
use crate::game::title::Title;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(
            Update,
            show_title
                .run_if(in_state(Screen::Title))
                .in_set(AppSystems::UpdateHud),
        );
}

const PROBLEM: Color = Color::srgb(0.95, 0.45, 0.40);

#[derive(Component)]
struct TitlePanel;

/// A text of the title panel: which part of the view's screen it shows.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum TitleText {
    Heading,
    Lines,
    Problem,
    Help,
}

fn spawn_title(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Title),
        overlay(
            "title screen",
            TitlePanel,
            children![
                (TitleText::Heading, text("", ACCENT)),
                (TitleText::Lines, text("", TEXT)),
                (TitleText::Problem, text("", PROBLEM)),
                (TitleText::Help, text("", DIM_TEXT)),
            ],
        ),
    ));
}

/// Shows the title screen as the view says, when the menu changed or its panel is new.
fn show_title(
    title: Option<Res<Title>>,
    mut new_panel: Query<&mut Node, Added<TitlePanel>>,
    mut texts: Query<(&TitleText, &mut Text)>,
) {
    let new = !new_panel.is_empty();
    for mut node in &mut new_panel {
        node.display = Display::Flex;
    }
    let Some(title) = title.filter(|t| t.is_changed() || new) else {
        return;
    };
    let screen = title.0.screen();
    let lines: Vec<String> = screen.lines.into_iter().map(|(line, _)| line).collect();
    let lines = lines.join("\n");
    let problem = screen.problem.unwrap_or_default();
    for (part, mut text) in &mut texts {
        let value = match part {
            TitleText::Heading => &screen.heading,
            TitleText::Lines => &lines,
            TitleText::Problem => &problem,
            TitleText::Help => &screen.help,
        };
        set_text(&mut text, value.clone());
    }
}
