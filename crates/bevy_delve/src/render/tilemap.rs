//! The level on screen, drawn from the view: the map as the player sees it
//! ([`delve_rules::view::map_view`]) is made once per change; each tile's terrain is a tile of a
//! bevy_ecs_tilemap tilemap (the tile components are inserted on the game's `MapTile`
//! entities), what stands or lies on it (the player, a monster, an item) a sprite over it,
//! and the view's marks (a cursor, the way travel would walk, the line of fire) tinted
//! squares over all, in the colours of the palette in force (drawn again when it
//! changes). Nothing here changes the game or decides what is seen; it only draws the
//! view's answers.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::AppSystems;
use super::palette::colour;
use super::tileset::{TILE_SIDE, Tileset, tile_look};
use crate::game::level::{MapSize, MapTile, TileEntities};
use crate::game::{ActivePalette, Keyboard, Pointer, RunModel};
use delve_levels::grid::{Grid, Pos};
use delve_rules::view::{Hue, Mark, Palette, Side, TileView, map_view, preview};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownMap>().add_systems(
        Update,
        (
            see_the_map,
            rebuild_tilemap,
            draw_terrain,
            draw_occupants,
            draw_marks,
        )
            .chain()
            .in_set(AppSystems::Mirror),
    );
}

/// Draw order: the tilemap at the back, what stands or lies on it over it, the marks
/// on top.
const OCCUPANT_Z: f32 = 1.0;
const CURSOR_Z: f32 = 2.0;

/// The tint of what is drawn over a tile: dim where remembered; an ally and a shackled
/// captive in their colours, as the terminal draws them; a hostile monster as its
/// picture is (the tileset's own colours).
fn occupant_tint(palette: Palette, dim: bool, side: Side) -> Color {
    match (dim, side) {
        (true, _) => colour(palette, Hue::Remembered),
        (false, Side::Hostile) => Color::WHITE,
        (false, Side::Ally) => colour(palette, Hue::Ally),
        (false, Side::Captive) => colour(palette, Hue::Captive),
    }
}

/// The map as the view sees it, made again when the run, the keys' prompts or the
/// pointer changed: all the window draws of the level.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Deref)]
pub struct ShownMap(pub Grid<TileView>);

impl Default for ShownMap {
    fn default() -> Self {
        ShownMap(Grid::new(0, 0, TileView::UNSEEN))
    }
}

/// Asks the view what the map looks like now.
fn see_the_map(
    run: Option<Res<RunModel>>,
    keyboard: Res<Keyboard>,
    pointer: Res<Pointer>,
    mut shown: ResMut<ShownMap>,
) {
    let Some(run) = run else {
        return;
    };
    if run.is_changed() || keyboard.is_changed() || pointer.is_changed() {
        let marks = preview(&run, &keyboard, pointer.0);
        shown.set_if_neq(ShownMap(map_view(&run, &marks)));
    }
}

/// The tilemap showing the current level.
#[derive(Component, Debug)]
pub struct LevelTilemap;

/// A picture drawn over a tile's terrain (the player, a monster, an item): one for each
/// tile the view puts something on, reused from one view to the next.
#[derive(Component, Debug)]
struct OccupantSprite;

/// A tinted square over a marked tile (see [`mark_tint`]), reused from one view to the
/// next.
#[derive(Component, Debug)]
struct MarkSprite;

/// The tint of each mark: its hue in the palette, the picture under it showing
/// through (least under the cursor and where the line of fire stops).
fn mark_tint(mark: Mark, palette: Palette) -> Color {
    let (hue, alpha) = match mark {
        Mark::Cursor => (Hue::Cursor, 0.45),
        Mark::Route => (Hue::Route, 0.4),
        Mark::Fire => (Hue::Fire, 0.4),
        Mark::Stop => (Hue::Stop, 0.55),
    };
    colour(palette, hue).with_alpha(alpha)
}

/// The world position of the centre of map cell `pos` on a map `height` tiles tall.
/// The map's `y` grows downwards and the world's upwards; cell (0, 0) is the top left.
pub(crate) fn world_position(pos: Pos, height: u32) -> Vec2 {
    let side = TILE_SIDE as f32;
    Vec2::new(
        pos.x as f32 * side,
        (height as i32 - 1 - pos.y) as f32 * side,
    )
}

/// The tilemap position of map cell `pos` (`TilePos` counts `y` up from the bottom).
fn tile_pos(pos: Pos, height: u32) -> TilePos {
    TilePos::new(pos.x as u32, height - 1 - pos.y as u32)
}

/// Makes a new tilemap when the game spawned a new set of tile entities (a level of
/// another size); a level of the same size reuses the entities, and so the tilemap.
fn rebuild_tilemap(
    mut commands: Commands,
    tileset: Res<Tileset>,
    size: Option<Res<MapSize>>,
    tile_entities: Option<Res<TileEntities>>,
    tiles: Query<&MapTile>,
    tilemaps: Query<(Entity, &TilemapSize), With<LevelTilemap>>,
) {
    let (Some(size), Some(tile_entities)) = (size, tile_entities) else {
        return;
    };
    let map_size = TilemapSize {
        x: size.width,
        y: size.height,
    };
    let same_size = tilemaps.iter().any(|(_, s)| *s == map_size);
    if same_size && !tile_entities.is_changed() {
        return;
    }
    for (old, _) in &tilemaps {
        commands.entity(old).despawn();
    }
    let tilemap = commands
        .spawn((Name::new("level tilemap"), LevelTilemap))
        .id();
    let mut storage = TileStorage::empty(map_size);
    for &entity in &tile_entities.0 {
        let Ok(tile) = tiles.get(entity) else {
            continue;
        };
        let position = tile_pos(tile.pos, size.height);
        // Drawn by `draw_terrain`, next.
        commands.entity(entity).insert(TileBundle {
            position,
            tilemap_id: TilemapId(tilemap),
            visible: TileVisible(false),
            ..default()
        });
        storage.set(&position, entity);
    }
    let tile_size = TilemapTileSize::new(TILE_SIDE as f32, TILE_SIDE as f32);
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: tile_size.into(),
        map_type: TilemapType::Square,
        size: map_size,
        storage,
        texture: TilemapTexture::Single(tileset.image.clone()),
        tile_size,
        // Cell (x, y) of the tilemap centred on world (16x, 16y): see `world_position`.
        anchor: TilemapAnchor::None,
        ..default()
    });
}

/// Gives each tile of the tilemap the picture of its terrain as the view sees it (none
/// for a tile never seen).
fn draw_terrain(
    shown: Res<ShownMap>,
    tile_entities: Option<Res<TileEntities>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileVisible)>,
) {
    let Some(tile_entities) = tile_entities else {
        return;
    };
    if !(shown.is_changed() || tile_entities.is_changed()) || shown.len() != tile_entities.0.len() {
        return;
    }
    for (&tile, &entity) in shown.cells().iter().zip(&tile_entities.0) {
        let Ok((mut index, mut visible)) = tiles.get_mut(entity) else {
            continue;
        };
        let ground = tile_look(tile).ground;
        visible.set_if_neq(TileVisible(ground.is_some()));
        if let Some(ground) = ground {
            index.set_if_neq(TileTextureIndex(ground));
        }
    }
}

/// Puts a sprite over every tile the view puts something on, with its picture (tinted
/// dim where remembered); sprites left over go.
fn draw_occupants(
    mut commands: Commands,
    tileset: Res<Tileset>,
    shown: Res<ShownMap>,
    palette: Res<ActivePalette>,
    mut sprites: Query<(Entity, &mut Sprite, &mut Transform), With<OccupantSprite>>,
) {
    if !(shown.is_changed() || palette.is_changed()) {
        return;
    }
    let height = shown.height() as u32;
    let mut unused = sprites.iter_mut();
    for pos in shown.positions() {
        let look = tile_look(shown[pos]);
        let Some(picture) = look.over else {
            continue;
        };
        let place = world_position(pos, height).extend(OCCUPANT_Z);
        let tint = occupant_tint(palette.0, look.dim, look.side);
        let Some((_, mut sprite, mut transform)) = unused.next() else {
            commands.spawn((
                OccupantSprite,
                Sprite {
                    color: tint,
                    ..tileset.sprite(picture)
                },
                Transform::from_translation(place),
            ));
            continue;
        };
        let index = picture as usize;
        if sprite
            .texture_atlas
            .as_ref()
            .is_some_and(|a| a.index != index)
            && let Some(atlas) = &mut sprite.texture_atlas
        {
            atlas.index = index;
        }
        if sprite.color != tint {
            sprite.color = tint;
        }
        if transform.translation != place {
            transform.translation = place;
        }
    }
    for (entity, _, _) in unused {
        commands.entity(entity).despawn();
    }
}

/// A tinted square over every tile the view marks; squares left over go.
fn draw_marks(
    mut commands: Commands,
    shown: Res<ShownMap>,
    palette: Res<ActivePalette>,
    mut squares: Query<(Entity, &mut Sprite, &mut Transform), With<MarkSprite>>,
) {
    if !(shown.is_changed() || palette.is_changed()) {
        return;
    }
    let height = shown.height() as u32;
    let mut unused = squares.iter_mut();
    for pos in shown.positions() {
        let Some(mark) = shown[pos].mark else {
            continue;
        };
        let place = world_position(pos, height).extend(CURSOR_Z);
        let tint = mark_tint(mark, palette.0);
        match unused.next() {
            Some((_, mut sprite, mut transform)) => {
                if sprite.color != tint {
                    sprite.color = tint;
                }
                if transform.translation != place {
                    transform.translation = place;
                }
            }
            None => {
                commands.spawn((
                    MarkSprite,
                    Sprite::from_color(tint, Vec2::splat(TILE_SIDE as f32)),
                    Transform::from_translation(place),
                ));
            }
        }
    }
    for (entity, _, _) in unused {
        commands.entity(entity).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprite_tints_follow_the_palette_and_classic_keeps_monsters_untinted() {
        use delve_rules::view::PaletteName;
        let classic = Palette::default();
        assert_eq!(occupant_tint(classic, false, Side::Hostile), Color::WHITE);
        assert_eq!(
            occupant_tint(classic, false, Side::Ally),
            Color::srgb_u8(115, 255, 115)
        );
        let blind = Palette::of(PaletteName::ColourBlind);
        for side in [Side::Ally, Side::Captive] {
            assert_ne!(
                occupant_tint(classic, false, side),
                occupant_tint(blind, false, side)
            );
        }
        assert_ne!(
            mark_tint(Mark::Route, classic),
            mark_tint(Mark::Route, blind)
        );
        assert_eq!(
            occupant_tint(blind, true, Side::Ally),
            occupant_tint(blind, true, Side::Hostile),
            "the remembered are all dim"
        );
    }

    #[test]
    fn the_top_left_cell_is_drawn_at_the_top_of_the_tilemap() {
        assert_eq!(tile_pos(Pos::new(0, 0), 40), TilePos::new(0, 39));
        assert_eq!(tile_pos(Pos::new(5, 39), 40), TilePos::new(5, 0));
        assert_eq!(world_position(Pos::new(0, 39), 40), Vec2::ZERO);
        assert_eq!(
            world_position(Pos::new(2, 0), 40),
            Vec2::new(32.0, 39.0 * 16.0)
        );
    }
}
