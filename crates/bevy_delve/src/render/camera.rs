//! The camera: a whole-number zoom chosen from the window size (about 40×25 tiles in
//! view, so the pixel art stays crisp at any size), kept on the player — also near the
//! map's edge, so that the player is always in the middle of the window, never under
//! the HUD's bars or panel — and on whole screen pixels. While it glides it asks for
//! the next frame; otherwise the window only redraws on input.

use bevy::prelude::*;
use bevy::render::view::Msaa;
use bevy::window::{PrimaryWindow, RequestRedraw};

use super::AppSystems;
use super::tilemap::world_position;
use super::tileset::TILE_SIDE;
use crate::game::level::MapSize;
use crate::game::options::{PlayerOptions, zoomed};
use crate::game::{GridPos, Player};
use crate::game::{KeyReactions, LevelEntered};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb_u8(8, 6, 12)))
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, follow_player.in_set(AppSystems::FollowPlayer))
        .add_systems(Update, zoom_with_ctrl.in_set(AppSystems::ReadInput));
}

/// The window's size when it opens, in pixels: 40×25 tiles at zoom 2.
pub const DEFAULT_WINDOW: UVec2 = UVec2::new(1280, 800);
/// Tiles the zoom aims to show across and down.
const TILES_IN_VIEW: Vec2 = Vec2::new(40.0, 25.0);
/// How fast the camera catches up with the player (per second).
const FOLLOW_RATE: f32 = 18.0;

fn spawn_camera(mut commands: Commands) {
    // No multisampling: it would blur the edges of the pixel art.
    commands.spawn((Name::new("camera"), Camera2d, Msaa::Off));
}

/// Screen pixels per tileset pixel for a window of `physical` pixels: the whole number
/// that best shows [`TILES_IN_VIEW`], at least 1.
pub(crate) fn zoom_for(physical: UVec2) -> f32 {
    let fit = physical.as_vec2() / (TILES_IN_VIEW * TILE_SIDE as f32);
    fit.x.min(fit.y).round().max(1.0)
}

/// Rounds a camera position so that tile edges land on screen pixel edges (half a
/// pixel off on an odd-sized window, whose centre lies inside a pixel).
fn snap_to_pixels(at: Vec2, zoom: f32, physical: UVec2) -> Vec2 {
    let odd = Vec2::new((physical.x % 2) as f32, (physical.y % 2) as f32) * 0.5;
    ((at * zoom - odd).round() + odd) / zoom
}

/// Ctrl + and Ctrl − (and the keypad's + and −): the zoom one step closer or farther,
/// saved in the options.
fn zoom_with_ctrl(
    mut keys: MessageReader<KeyboardInput>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut reactions: KeyReactions,
    mut ctrl: Local<bool>,
) {
    for key in keys.read() {
        if let Some(down) = super::input::ctrl_change(key) {
            *ctrl = down;
        }
        if !*ctrl || key.state != ButtonState::Pressed {
            continue;
        }
        let closer = match key.key_code {
            KeyCode::Equal | KeyCode::NumpadAdd => true,
            KeyCode::Minus | KeyCode::NumpadSubtract => false,
            _ => continue,
        };
        let mut options = reactions.options.options().clone();
        let fitted = zoom_for(window.physical_size()) as u32;
        options.zoom = zoomed(options.zoom, fitted, closer);
        let zoom = options.zoom;
        let said = reactions.options.change_to(options);
        reactions.say(format!("Zoom {zoom}x. {said}"));
    }
}

#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn follow_player(
    time: Res<Time>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
    player: Single<&GridPos, With<Player>>,
    size: Option<Res<MapSize>>,
    mut entered: MessageReader<LevelEntered>,
    mut redraw: MessageWriter<RequestRedraw>,
    options: Res<PlayerOptions>,
) {
    let Some(size) = size else {
        return;
    };
    let (mut transform, mut projection) = camera.into_inner();
    let physical = window.physical_size();
    if physical.x == 0 || physical.y == 0 {
        return; // minimised
    }
    let zoom = match options.options.zoom {
        0 => zoom_for(physical),
        chosen => chosen as f32,
    };
    if let Projection::Orthographic(ortho) = &mut *projection {
        // The projection works in logical pixels; the zoom is in physical ones.
        let scale = window.scale_factor() / zoom;
        if ortho.scale != scale {
            ortho.scale = scale;
        }
    }
    let view = physical.as_vec2() / zoom;
    let goal = world_position(player.0, size.height);
    let now = transform.translation.truncate();
    let jump = entered.read().count() > 0 || now.distance(goal) > view.length();
    let next = if jump {
        goal
    } else {
        let eased = now.lerp(goal, 1.0 - (-FOLLOW_RATE * time.delta_secs()).exp());
        if eased.distance(goal) * zoom < 1.0 {
            goal
        } else {
            eased
        }
    };
    let next = snap_to_pixels(next, zoom, physical);
    if now != next {
        transform.translation.x = next.x;
        transform.translation.y = next.y;
        // Still gliding: draw the next frame without waiting for input.
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_window_shows_40_by_25_tiles() {
        let zoom = zoom_for(DEFAULT_WINDOW);
        assert_eq!(zoom, 2.0);
        assert_eq!(
            DEFAULT_WINDOW.as_vec2() / zoom / TILE_SIDE as f32,
            TILES_IN_VIEW
        );
    }

    #[test]
    fn zoom_is_a_whole_number_of_at_least_one() {
        for (w, h) in [
            (200, 100),
            (640, 400),
            (1280, 720),
            (1920, 1080),
            (3840, 2160),
        ] {
            let zoom = zoom_for(UVec2::new(w, h));
            assert!(zoom >= 1.0 && zoom.fract() == 0.0, "{w}x{h}: {zoom}");
        }
    }

    #[test]
    fn snapping_puts_tile_edges_on_pixel_edges() {
        let at = snap_to_pixels(Vec2::new(10.3, 7.8), 2.0, UVec2::new(1280, 801));
        assert_eq!(at.x * 2.0, (at.x * 2.0).round());
        assert_eq!(at.y * 2.0 - 0.5, (at.y * 2.0 - 0.5).round());
    }
}
