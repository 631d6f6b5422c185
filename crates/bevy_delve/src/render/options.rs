//! The Options screen in the window: the lines of the pure screen
//! ([`delve_rules::view::OptionsScreen::lines`]) in a panel over the map or the title,
//! while it is open.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::AppSystems;
use super::hud::{ACCENT, TEXT, overlay, set_text, text};
use crate::game::options::OptionsScreenState;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_options_panel)
        .add_systems(Update, show_options.in_set(AppSystems::UpdateHud));
}

/// The height of a line of the HUD's text, in logical pixels.
const LINE_HEIGHT: f32 = 19.0;

#[derive(Component)]
struct OptionsPanel;

#[derive(Component)]
struct OptionsText;

fn spawn_options_panel(mut commands: Commands) {
    commands.spawn(overlay(
        "options",
        OptionsPanel,
        children![text("Options", ACCENT), (OptionsText, text("", TEXT))],
    ));
}

/// Shows the screen while it is open, its lines fitted to the window's height.
fn show_options(
    state: Res<OptionsScreenState>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut panel: Single<&mut Node, With<OptionsPanel>>,
    mut lines: Single<&mut Text, With<OptionsText>>,
) {
    let display = if state.0.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if panel.display != display {
        panel.display = display;
    }
    if let Some(screen) = &state.0
        && state.is_changed()
    {
        let rows = ((window.height() * 0.92 - 90.0) / LINE_HEIGHT).max(8.0) as usize;
        set_text(&mut lines, screen.lines(rows).join("\n"));
    }
}
