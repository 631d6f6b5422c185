//! The mouse in the window (and the browser's canvas): the tile under the pointer
//! becomes the game's [`Pointer`] (the view previews the way there and names what lies
//! there, and the aiming cursor follows it); a click becomes what the shared key reader
//! makes of it ([`delve_rules::view::KeyReader::click`]); the wheel scrolls the log.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::AppSystems;
use super::hud::{HudButton, InventoryLine};
use super::tileset::TILE_SIDE;
use crate::game::level::MapSize;
use crate::game::{KeyReactions, Keyboard, NoticeLog, Pointer, RunModel};
use delve_levels::grid::Pos;
use delve_rules::view::{Click, Overlay, OwnTile, Wheel};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            follow_the_pointer,
            click_hud_buttons,
            click_inventory_lines,
            read_clicks,
            read_the_wheel,
        )
            .chain()
            // A watched run is not the player's to point at: no travel hints or clicks.
            .run_if(not(in_state(crate::game::Screen::Watching)))
            .in_set(AppSystems::ReadInput),
    );
}

/// The map cell at world position `world` on a map `height` tiles tall (the inverse of
/// [`super::tilemap::world_position`]: a tile spans half a tile round its centre).
pub(crate) fn cell_at(world: Vec2, height: u32) -> Pos {
    let side = TILE_SIDE as f32;
    let x = (world.x / side).round() as i32;
    let up = (world.y / side).round() as i32;
    Pos::new(x, height as i32 - 1 - up)
}

/// The map tile under the pointer, if the pointer is in the window and over the map.
fn tile_under_pointer(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    size: &MapSize,
) -> Option<Pos> {
    let at = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, at).ok()?;
    let pos = cell_at(world, size.height);
    let on_map =
        (0..size.width as i32).contains(&pos.x) && (0..size.height as i32).contains(&pos.y);
    on_map.then_some(pos)
}

/// Whether the pointer is over a panel of the HUD (a bar, the side panel, an overlay):
/// the map under it is not pointed at.
fn over_a_panel(
    window: &Window,
    panels: &Query<(&ComputedNode, &UiGlobalTransform), With<BackgroundColor>>,
) -> bool {
    window.physical_cursor_position().is_some_and(|at| {
        panels
            .iter()
            .any(|(node, transform)| node.contains_point(*transform, at))
    })
}

/// Keeps the game's [`Pointer`] on the tile under the mouse (none over a panel), and,
/// when the pointer moves to another tile, the aiming cursor with it (so that aiming by
/// keys, or Tab, is not undone by a pointer left still).
fn follow_the_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
    panels: Query<(&ComputedNode, &UiGlobalTransform), With<BackgroundColor>>,
    size: Option<Res<MapSize>>,
    run: Option<Res<RunModel>>,
    mut pointer: ResMut<Pointer>,
    mut keyboard: ResMut<Keyboard>,
) {
    let at = match (size, run) {
        (Some(size), Some(_)) if !over_a_panel(&window, &panels) => {
            tile_under_pointer(&window, *camera, &size)
        }
        _ => None,
    };
    if pointer.0 == at {
        return;
    }
    pointer.0 = at;
    if let Some(at) = at
        && keyboard.bypass_change_detection().point(at)
    {
        keyboard.set_changed();
    }
}

/// A click on a button of the status bar does what its key does.
fn click_hud_buttons(
    hud: Query<(&Interaction, &HudButton), Changed<Interaction>>,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut keyboard: ResMut<Keyboard>,
    mut reactions: KeyReactions,
) {
    for (interaction, button) in &hud {
        // On the title screen (no run) the title's own keys rule.
        if *interaction != Interaction::Pressed || keyboard.shows(Overlay::Options) || run.is_none()
        {
            continue;
        }
        let context = reactions.context(run.as_deref().map(|r| &r.0), &log, keyboard.cursor());
        reactions.tell(keyboard.press(Some(button.0), None, context));
    }
}

/// A click on an item's line of the inventory answers its letter (or uses it).
fn click_inventory_lines(
    lines: Query<(&Interaction, &InventoryLine), Changed<Interaction>>,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut keyboard: ResMut<Keyboard>,
    mut reactions: KeyReactions,
) {
    for (interaction, line) in &lines {
        if *interaction != Interaction::Pressed {
            continue;
        }
        let context = reactions.context(run.as_deref().map(|r| &r.0), &log, keyboard.cursor());
        reactions.tell(keyboard.click_item(line.0, context));
    }
}

/// A left or right click on the map does what the key reader makes of it (a click on
/// a button of the HUD is the button's).
#[allow(clippy::too_many_arguments)] // the front end's glue: each is one thing read or told
fn read_clicks(
    over_ui: Query<&Interaction, With<Button>>,
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut keyboard: ResMut<Keyboard>,
    mut reactions: KeyReactions,
) {
    let (Some(run), Some(at)) = (run, pointer.0) else {
        return;
    };
    if over_ui.iter().any(|i| *i != Interaction::None) {
        return;
    }
    let click = if buttons.just_pressed(MouseButton::Left) {
        Click::Left
    } else if buttons.just_pressed(MouseButton::Right) {
        Click::Right
    } else {
        return;
    };
    if keyboard.shows(Overlay::Options) {
        return; // the Options screen takes keys only
    }
    let context = reactions.context(Some(&run.0), &log, Some(at));
    reactions.tell(keyboard.click(click, at, context, OwnTile::of(&run.0)));
}

/// The wheel scrolls the message log (and the help), a few lines a notch.
fn read_the_wheel(
    mut wheel: MessageReader<MouseWheel>,
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    mut keyboard: ResMut<Keyboard>,
    mut reactions: KeyReactions,
) {
    for notch in wheel.read() {
        // A touchpad scrolls in pixels: about a line of text is a notch.
        let amount = match notch.unit {
            MouseScrollUnit::Line => notch.y,
            MouseScrollUnit::Pixel => notch.y / 16.0,
        };
        if amount.abs() < 0.5 {
            continue;
        }
        let turn = if amount > 0.0 { Wheel::Up } else { Wheel::Down };
        let context = reactions.context(run.as_deref().map(|r| &r.0), &log, keyboard.cursor());
        reactions.tell(keyboard.wheel(turn, context));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tilemap::world_position;

    #[test]
    fn a_point_anywhere_on_a_tile_is_that_tile() {
        for pos in [Pos::new(0, 0), Pos::new(5, 39), Pos::new(79, 12)] {
            let centre = world_position(pos, 40);
            for offset in [Vec2::ZERO, Vec2::splat(7.9), Vec2::splat(-7.9)] {
                assert_eq!(cell_at(centre + offset, 40), pos, "{pos} + {offset}");
            }
        }
    }
}
