//! The title screen in the window: the view's [`TitleScreen`](crate::view::TitleScreen)
//! in the middle of the window (the selected line marked `>` and drawn bright), shown
//! while the game's [`Title`] resource is there.

use bevy::prelude::*;

use super::AppSystems;
use super::hud::{ACCENT, DIM_TEXT, TEXT, overlay, set_text, text};
use crate::front::game::title::Title;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_title)
        .add_systems(Update, show_title.in_set(AppSystems::UpdateHud));
}

const PROBLEM: Color = Color::srgb(0.95, 0.45, 0.40);

#[derive(Component)]
struct TitlePanel;

#[derive(Component)]
struct TitleHeading;

#[derive(Component)]
struct TitleLines;

#[derive(Component)]
struct TitleProblem;

#[derive(Component)]
struct TitleHelp;

fn spawn_title(mut commands: Commands) {
    commands.spawn(overlay(
        "title screen",
        TitlePanel,
        children![
            (TitleHeading, text("", ACCENT)),
            (TitleLines, text("", TEXT)),
            (TitleProblem, text("", PROBLEM)),
            (TitleHelp, text("", DIM_TEXT)),
        ],
    ));
}

/// Shows the title screen while it is up, as the view says.
fn show_title(
    title: Option<Res<Title>>,
    mut panel: Single<&mut Node, With<TitlePanel>>,
    mut texts: ParamSet<(
        Single<&mut Text, With<TitleHeading>>,
        Single<&mut Text, With<TitleLines>>,
        Single<&mut Text, With<TitleProblem>>,
        Single<&mut Text, With<TitleHelp>>,
    )>,
) {
    let display = if title.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if panel.display != display {
        panel.display = display;
    }
    let Some(title) = title.filter(|t| t.is_changed()) else {
        return;
    };
    let screen = title.0.screen();
    set_text(&mut texts.p0(), screen.heading);
    let lines: Vec<String> = screen.lines.into_iter().map(|(line, _)| line).collect();
    set_text(&mut texts.p1(), lines.join("\n"));
    set_text(&mut texts.p2(), screen.problem.unwrap_or_default());
    set_text(&mut texts.p3(), screen.help);
}
