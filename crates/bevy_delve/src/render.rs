//! The window on top of the headless game: an [`AppPlugin`] of small feature plugins
//! (tileset, tilemap, camera, HUD, keyboard) that only mirror the game's entities and turn
//! keys into [`PlayerAction`](crate::game::PlayerAction)s, and [`play`], which runs it all.

mod camera;
mod hud;
mod input;
mod mouse;
mod options;
mod overview;
mod palette;
mod smoke;
mod tilemap;
pub mod tileset;
mod title;
mod watch;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_ecs_tilemap::TilemapPlugin;

use crate::game::front_end::build_front_end;
use crate::game::watching::{AfterWatching, Watching, settings_to_watch};
use crate::game::{GamePlugin, GameSystems, RunSettings};

/// The environment variable that turns on the window smoke test (`tests/window.rs`): the
/// folder where the game writes its screenshots and progress files.
pub(crate) const SMOKE_TEST_VAR: &str = smoke::SMOKE_TEST_VAR;

/// The order of the rendering layer's systems in each frame, around the game's
/// [`GameSystems`]: keys are read before the game queues actions, and everything on
/// screen is brought up to date after the game has observed the new state.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Turn key presses into player actions.
    ReadInput,
    /// Mirror map tiles, items and the player into the tilemap and sprites.
    Mirror,
    /// Move the camera after the player.
    FollowPlayer,
    /// Refresh the HUD's text.
    UpdateHud,
}

/// How long the window waits for input before drawing a frame anyway (a finished
/// background save is reported within this time).
pub const IDLE_FRAME_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// How long an idle window waits before a frame while it follows its campaign file
/// (`delve play --watch`): a saved edit shows within this time.
pub const FOLLOWING_FRAME_INTERVAL: std::time::Duration = std::time::Duration::from_millis(100);

/// Everything the window adds to the [`GamePlugin`]: add after `DefaultPlugins`.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(Update, AppSystems::ReadInput.before(GameSystems::Queue));
        app.configure_sets(
            Update,
            (
                AppSystems::Mirror,
                AppSystems::FollowPlayer,
                AppSystems::UpdateHud,
            )
                .chain()
                .after(GameSystems::Mirror),
        );
        app.add_plugins(TilemapPlugin);
        app.add_plugins((
            tileset::plugin,
            tilemap::plugin,
            camera::plugin,
            hud::plugin,
            input::plugin,
            mouse::plugin,
            options::plugin,
            overview::plugin,
            palette::plugin,
            title::plugin,
            watch::plugin,
        ));
    }
}

/// Opens the window and plays the run until the player quits (Esc or closing the
/// window); returns how the app exited.
pub fn play(settings: RunSettings) -> AppExit {
    window_app(settings, None, None).run()
}

/// [`play`] in a web page: the window is the canvas that `canvas` selects (a CSS
/// selector, `"#delve"`), sized to its parent and the screen's pixel ratio; `page` is
/// the page's own plugin (its links, what it shows around the canvas). Saves are
/// written at once, not on a thread (a page has none to spare).
pub fn play_in_page(settings: RunSettings, canvas: &str, page: impl Plugin) -> AppExit {
    let mut app = App::new();
    build_front_end(&mut app, None, |app, _| {
        add_page_plugins(app, canvas);
        app.add_plugins((GamePlugin { settings }, AppPlugin, page));
    });
    app.insert_resource(crate::game::saving::SaveWriter::new(false));
    app.run()
}

/// [`play`], the run following its campaign file `file` as it is edited (live reload,
/// `delve play --watch`).
#[cfg(feature = "watch")]
pub fn play_following(settings: RunSettings, file: &std::path::Path) -> AppExit {
    window_app(settings, Some(file), None).run()
}

/// Opens the window on a recording (`delve replay --watch`), paused at its start, for
/// watching with the watch keys until the watcher quits ([`crate::game::watching`]).
pub fn watch_recording(playback: delve_rules::run::record::Playback) -> AppExit {
    let settings = settings_to_watch(playback.watched().recording());
    let watching = Watching::new(playback, AfterWatching::Exit);
    window_app(settings, None, Some(watching)).run()
}

/// The window and the game (following `follow`, the campaign file, when given; on
/// `watching`, a recording, when given), ready to run.
fn window_app(
    settings: RunSettings,
    follow: Option<&std::path::Path>,
    watching: Option<Watching>,
) -> App {
    let mut app = App::new();
    if let Some(watching) = watching {
        // Before the game's plugin: the game then starts on the watch.
        app.insert_resource(watching);
    }
    build_front_end(&mut app, follow, |app, following| {
        add_window_plugins(app, following);
        // DefaultPlugins already brings StatesPlugin (bevy's `bevy_state` feature is on).
        app.add_plugins((GamePlugin { settings }, AppPlugin));
    });
    if let Some(dir) = std::env::var_os(SMOKE_TEST_VAR) {
        app.add_plugins(smoke::SmokeTestPlugin { dir: dir.into() });
    }
    app
}

/// The engine's plugins for the game in a web page's canvas.
fn add_page_plugins(app: &mut App, canvas: &str) {
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "delve".into(),
                    canvas: Some(canvas.to_owned()),
                    fit_canvas_to_parent: true,
                    // The page's own keys (F5 reloads, Tab leaves the canvas) are the
                    // game's here.
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            .set(ImagePlugin::default_nearest()),
    );
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_FRAME_INTERVAL),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_FRAME_INTERVAL * 5),
    });
}

/// The engine's plugins for the window, watching the assets for changes while
/// `following` a campaign file, and how often an idle window draws.
fn add_window_plugins(app: &mut App, following: bool) {
    app.add_plugins(
        DefaultPlugins
            .set(bevy::asset::AssetPlugin {
                watch_for_changes_override: Some(following),
                ..default()
            })
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "delve".into(),
                    name: Some("delve".into()),
                    resolution: WindowResolution::new(
                        camera::DEFAULT_WINDOW.x,
                        camera::DEFAULT_WINDOW.y,
                    ),
                    ..default()
                }),
                ..default()
            })
            .set(ImagePlugin::default_nearest()),
    );
    // A turn-based game draws on input: a frame after each key press or window event
    // (and while the camera glides), otherwise one a second — not one core's worth of
    // frames while nothing happens.
    app.insert_resource(if following {
        // Following a campaign file, an idle window still looks for a save of it ten
        // times a second (a designer sees an edit at once, focused or not).
        WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(FOLLOWING_FRAME_INTERVAL),
            unfocused_mode: UpdateMode::reactive_low_power(FOLLOWING_FRAME_INTERVAL),
        }
    } else {
        WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(IDLE_FRAME_INTERVAL),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE_FRAME_INTERVAL * 5),
        }
    });
}
