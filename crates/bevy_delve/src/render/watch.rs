//! Watching a recording in the window: the game shows the playback's frame as it shows
//! play ([`crate::game::watching`]); the window adds the watch's line — playing or
//! paused, the speed, the step, turn, depth and hit points, what a jump missed, the
//! quit key — in a bar under the status bar, there while the game is on
//! [`Screen::Watching`].

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::AppSystems;
use super::hud::{ACCENT, set_text, text};
use super::palette::BackgroundHue;
use crate::game::Screen;
use crate::game::watching::Watching;
use delve_rules::view::Hue;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Watching), spawn_watch_bar)
        .add_systems(
            Update,
            (show_watch_line, keep_drawing_while_playing)
                .run_if(in_state(Screen::Watching))
                .in_set(AppSystems::UpdateHud),
        );
}

/// The text of the watch's line.
#[derive(Component)]
struct WatchLine;

/// Where the watch's bar stands: under the status bar (one line of the HUD's text and
/// its padding).
const BELOW_THE_STATUS_BAR: f32 = 28.0;

fn spawn_watch_bar(mut commands: Commands) {
    commands.spawn((
        Name::new("watch bar"),
        DespawnOnExit(Screen::Watching),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(BELOW_THE_STATUS_BAR),
            padding: UiRect::axes(px(10), px(5)),
            ..default()
        },
        (
            BackgroundColor::default(),
            BackgroundHue(Hue::Background, 0.9),
        ),
        children![(WatchLine, text("", ACCENT))],
    ));
}

/// Shows the watch's line when the playback changed or the bar is new.
fn show_watch_line(watching: Option<Res<Watching>>, mut lines: Query<(&mut Text, Ref<WatchLine>)>) {
    let Some(watching) = watching else {
        return;
    };
    for (mut text, line) in &mut lines {
        if watching.is_changed() || line.is_added() {
            set_text(&mut text, watching.lines().join("\n"));
        }
    }
}

/// The window draws on input: a recording playing asks for its frames.
fn keep_drawing_while_playing(
    watching: Option<Res<Watching>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if watching.is_some_and(|w| w.playback.playing()) {
        redraw.write(RequestRedraw);
    }
}
