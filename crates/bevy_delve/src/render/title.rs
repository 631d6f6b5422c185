//! The title screen in the window: the view's [`TitleScreen`](delve_rules::view::TitleScreen)
//! in the middle of the window (the selected line marked `>` and drawn bright), spawned
//! on entering [`Screen::Title`] and gone when the game leaves it. Each line of the page
//! is a button: a click on an item chooses it.

use bevy::prelude::*;

use super::AppSystems;
use super::hud::{ACCENT, DIM_TEXT, TEXT, overlay, set_text, text};
use crate::game::Screen;
use crate::game::title::{Title, TitleLineClicked};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(
            Update,
            (show_title, click_title_lines)
                .run_if(in_state(Screen::Title))
                .in_set(AppSystems::UpdateHud),
        );
}

const PROBLEM: delve_rules::view::Hue = delve_rules::view::Hue::Warning;

#[derive(Component)]
struct TitlePanel;

/// A text of the title panel: which part of the view's screen it shows.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum TitleText {
    Heading,
    Problem,
    Help,
}

/// The column the page's lines stand in.
#[derive(Component)]
struct TitleLines;

/// One line of the page (0-based): a button.
#[derive(Component, Clone, Copy)]
struct TitleLine(usize);

fn spawn_title(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Title),
        overlay(
            "title screen",
            TitlePanel,
            children![
                (TitleText::Heading, text("", ACCENT)),
                (
                    TitleLines,
                    Node {
                        flex_direction: FlexDirection::Column,
                        ..default()
                    }
                ),
                (TitleText::Problem, text("", PROBLEM)),
                (TitleText::Help, text("", DIM_TEXT)),
            ],
        ),
    ));
}

/// Shows the title screen as the view says, when the menu changed or its panel is new.
fn show_title(
    mut commands: Commands,
    title: Option<Res<Title>>,
    mut new_panel: Query<&mut Node, Added<TitlePanel>>,
    mut texts: Query<(&TitleText, &mut Text)>,
    column: Query<Entity, With<TitleLines>>,
) {
    let new = !new_panel.is_empty();
    for mut node in &mut new_panel {
        node.display = Display::Flex;
    }
    let Some(title) = title.filter(|t| t.is_changed() || new) else {
        return;
    };
    let screen = title.0.screen();
    let problem = screen.problem.unwrap_or_default();
    for (part, mut text) in &mut texts {
        let value = match part {
            TitleText::Heading => &screen.heading,
            TitleText::Problem => &problem,
            TitleText::Help => &screen.help,
        };
        set_text(&mut text, value.clone());
    }
    for column in &column {
        let mut column = commands.entity(column);
        column.despawn_related::<Children>();
        column.with_children(|lines| {
            for (index, (line, selected)) in screen.lines.iter().enumerate() {
                let colour = if *selected { ACCENT } else { TEXT };
                lines.spawn((TitleLine(index), Button, text(line.clone(), colour)));
            }
        });
    }
}

/// A click on a line of the page goes to the title menu.
fn click_title_lines(
    lines: Query<(&Interaction, &TitleLine), Changed<Interaction>>,
    mut clicked: MessageWriter<TitleLineClicked>,
) {
    for (interaction, line) in &lines {
        if *interaction == Interaction::Pressed {
            clicked.write(TitleLineClicked(line.0));
        }
    }
}
