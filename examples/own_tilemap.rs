//! delve's generators in a Bevy app of your own, drawn by your own code: a level made in
//! a startup system from a level key, one coloured sprite per open tile, a camera that
//! fits it. Space makes the next seed's level. (The game's own window, with its tileset,
//! field of view and monsters, is `bevy_delve::render::AppPlugin`.)
//!
//! ```sh
//! cargo run --example own_tilemap                      # an accretion dungeon
//! cargo run --example own_tilemap -- cave              # or any kind
//! ```

use bevy::prelude::*;

use delve_levels::generator::GeneratorKind;
use delve_levels::grid::Tile;
use delve_levels::key::LevelKey;

/// Pixels a tile.
const TILE: f32 = 10.0;

/// The level being shown: its kind and run seed.
#[derive(Resource)]
struct Shown {
    kind: GeneratorKind,
    seed: u64,
}

/// Marks the sprites of the level shown (they go when the next level comes).
#[derive(Component)]
struct LevelTile;

fn main() {
    let kind = match std::env::args().nth(1) {
        None => GeneratorKind::Accretion,
        Some(name) => GeneratorKind::from_name(&name).unwrap_or_else(|| {
            eprintln!("no generator {name:?}");
            std::process::exit(2)
        }),
    };
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "delve's generators, drawn your way".into(),
                resolution: (820, 520).into(),
                ..default()
            }),
            ..default()
        }))
        .insert_resource(ClearColor(Color::srgb(0.12, 0.11, 0.16)))
        .insert_resource(Shown { kind, seed: 42 })
        .add_systems(Startup, (setup_camera, draw_level).chain())
        .add_systems(Update, next_level_on_space)
        .run();
}

fn setup_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// The colour of a tile, or none for rock (the background shows through): delve's own
/// picture colours (`delve gen --format png`), one per tile kind, terrain included.
fn colour(tile: Tile) -> Option<Color> {
    let [r, g, b] = delve::picture::tile_colour(tile);
    (tile != Tile::Wall).then(|| Color::srgb_u8(r, g, b))
}

/// Makes the level of `Shown` and puts a sprite on each open tile, in place of any old
/// ones.
fn draw_level(
    mut commands: Commands,
    shown: Res<Shown>,
    old: Query<Entity, With<LevelTile>>,
    mut windows: Query<&mut Window>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let key = LevelKey::new(shown.kind.default_config(), 1, shown.seed);
    let level = match key.generate() {
        Ok(level) => level,
        Err(e) => {
            error!("cannot make {}: {e}", key.encode());
            return;
        }
    };
    let (w, h) = (level.tiles.width() as f32, level.tiles.height() as f32);
    for pos in level.tiles.positions() {
        let Some(colour) = colour(level.tiles[pos]) else {
            continue;
        };
        // Grid y grows down; Bevy's grows up. The level is centred on the origin.
        let x = (pos.x as f32 - w / 2.0 + 0.5) * TILE;
        let y = (h / 2.0 - pos.y as f32 - 0.5) * TILE;
        commands.spawn((
            LevelTile,
            Sprite::from_color(colour, Vec2::splat(TILE)),
            Transform::from_xyz(x, y, 0.0),
        ));
    }
    if let Ok(mut window) = windows.single_mut() {
        window.title = format!("{} — key {} (Space: next seed)", level.kind, key.encode());
    }
}

fn next_level_on_space(
    keys: Res<ButtonInput<KeyCode>>,
    mut shown: ResMut<Shown>,
    commands: Commands,
    old: Query<Entity, With<LevelTile>>,
    windows: Query<&mut Window>,
) {
    if keys.just_pressed(KeyCode::Space) {
        shown.seed += 1;
        draw_level(commands, shown.into(), old, windows);
    }
}
