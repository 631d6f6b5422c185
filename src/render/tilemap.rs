//! The level on screen: the game's `MapTile` entities become the tiles of a
//! bevy_ecs_tilemap tilemap (the tile components are inserted on those very entities), and
//! the player and the items become sprites. Nothing here changes the game; it only mirrors.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::AppSystems;
use super::tileset::{PLAYER, TILE_SIDE, Tileset, item_index, monster_index, terrain_index};
use crate::game::level::{Item, LevelMonster, MapSize, MapTile, Sight, TileEntities};
use crate::game::{GridPos, Player, RunModel};
use crate::grid::Pos;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_tilemap,
            mirror_map_tiles,
            add_sprites,
            place_sprites,
            show_items_in_view,
            show_monsters_in_view,
            show_look_cursor,
        )
            .chain()
            .in_set(AppSystems::Mirror),
    );
}

/// Draw order: the tilemap at the back, items on it, monsters and the player on top.
const ITEM_Z: f32 = 1.0;
const MONSTER_Z: f32 = 1.5;
const PLAYER_Z: f32 = 2.0;
const CURSOR_Z: f32 = 3.0;

/// The look command's cursor: a bright square over the tile being looked at.
#[derive(Component, Debug)]
struct LookCursor;

/// The look cursor follows the key reader's: shown while looking, gone after.
fn show_look_cursor(
    mut commands: Commands,
    keyboard: Res<crate::game::Keyboard>,
    size: Option<Res<MapSize>>,
    mut cursors: Query<(Entity, &mut Transform), With<LookCursor>>,
) {
    let (Some(at), Some(size)) = (keyboard.look_cursor(), size) else {
        for (entity, _) in &cursors {
            commands.entity(entity).despawn();
        }
        return;
    };
    let place = world_position(at, size.height).extend(CURSOR_Z);
    match cursors.iter_mut().next() {
        Some((_, mut transform)) => {
            if transform.translation != place {
                transform.translation = place;
            }
        }
        None => {
            commands.spawn((
                LookCursor,
                Sprite::from_color(
                    Color::srgba(1.0, 0.9, 0.3, 0.45),
                    Vec2::splat(TILE_SIDE as f32),
                ),
                Transform::from_translation(place),
            ));
        }
    }
}

/// The tilemap showing the current level.
#[derive(Component, Debug)]
pub struct LevelTilemap;

/// The world position of the centre of map cell `pos` on a map `height` tiles tall.
/// The map's `y` grows downwards and the world's upwards; cell (0, 0) is the top left.
pub fn world_position(pos: Pos, height: u32) -> Vec2 {
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
        let look = terrain_index(tile.tile, tile.sight);
        commands.entity(entity).insert(TileBundle {
            position,
            texture_index: TileTextureIndex(look.unwrap_or(0)),
            tilemap_id: TilemapId(tilemap),
            visible: TileVisible(look.is_some()),
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

/// Brings the tiles whose map cell changed (kind or sight) up to date.
fn mirror_map_tiles(
    mut tiles: Query<(&MapTile, &mut TileTextureIndex, &mut TileVisible), Changed<MapTile>>,
) {
    for (tile, mut index, mut visible) in &mut tiles {
        let look = terrain_index(tile.tile, tile.sight);
        visible.set_if_neq(TileVisible(look.is_some()));
        if let Some(look) = look {
            index.set_if_neq(TileTextureIndex(look));
        }
    }
}

/// Gives the player and newly placed items their sprites.
fn add_sprites(
    mut commands: Commands,
    tileset: Res<Tileset>,
    players: Query<Entity, (With<Player>, Without<Sprite>)>,
    items: Query<(Entity, &Item), Without<Sprite>>,
    monsters: Query<(Entity, &LevelMonster), Without<Sprite>>,
    run: Res<RunModel>,
) {
    let bestiary = crate::monsters::default_monster_table();
    for (entity, monster) in &monsters {
        let glyph = bestiary.kind(monster.kind).map_or('H', |k| k.glyph);
        commands.entity(entity).insert((
            tileset.sprite(monster_index(glyph)),
            Transform::from_xyz(0.0, 0.0, MONSTER_Z),
            Visibility::Hidden,
        ));
    }
    for player in &players {
        commands.entity(player).insert((
            tileset.sprite(PLAYER),
            Transform::from_xyz(0.0, 0.0, PLAYER_Z),
            Visibility::Visible,
        ));
    }
    let table = run.0.campaign.loot_table();
    for (entity, item) in &items {
        let glyph = table.items().get(item.kind).map_or('*', |i| i.glyph);
        commands.entity(entity).insert((
            tileset.sprite(item_index(glyph)),
            Transform::from_xyz(0.0, 0.0, ITEM_Z),
            Visibility::Hidden,
        ));
    }
}

/// Puts every sprite on its map cell (a level of another height moves them all).
fn place_sprites(
    size: Option<Res<MapSize>>,
    mut sprites: Query<(&GridPos, &mut Transform), With<Sprite>>,
) {
    let Some(size) = size else {
        return;
    };
    for (pos, mut transform) in &mut sprites {
        let at = world_position(pos.0, size.height);
        if transform.translation.truncate() != at {
            transform.translation.x = at.x;
            transform.translation.y = at.y;
        }
    }
}

/// Shows an item while its cell is in view, and dim where it is remembered: a
/// remembered item keeps its own picture.
fn show_items_in_view(
    size: Option<Res<MapSize>>,
    tile_entities: Option<Res<TileEntities>>,
    tiles: Query<&MapTile>,
    mut items: Query<(&GridPos, &mut Visibility, &mut Sprite), With<Item>>,
) {
    let (Some(size), Some(tile_entities)) = (size, tile_entities) else {
        return;
    };
    for (pos, mut visibility, mut sprite) in &mut items {
        let sight = sight_at(pos.0, &size, &tile_entities, &tiles);
        let (shown, tint) = match sight {
            Sight::Visible => (Visibility::Inherited, Color::WHITE),
            Sight::Remembered => (Visibility::Inherited, REMEMBERED_TINT),
            Sight::Unseen => (Visibility::Hidden, Color::WHITE),
        };
        visibility.set_if_neq(shown);
        if sprite.color != tint {
            sprite.color = tint;
        }
    }
}

/// The tint of a remembered item: as dim as the remembered tiles.
const REMEMBERED_TINT: Color = Color::srgb(0.45, 0.45, 0.5);

/// Shows a monster only while its cell is in view: out of view it is not known.
fn show_monsters_in_view(
    size: Option<Res<MapSize>>,
    tile_entities: Option<Res<TileEntities>>,
    tiles: Query<&MapTile>,
    mut monsters: Query<(&GridPos, &mut Visibility), With<LevelMonster>>,
) {
    let (Some(size), Some(tile_entities)) = (size, tile_entities) else {
        return;
    };
    for (pos, mut visibility) in &mut monsters {
        visibility.set_if_neq(shown_in_view(pos.0, &size, &tile_entities, &tiles));
    }
}

/// How the player knows the cell at `pos`.
fn sight_at(
    pos: Pos,
    size: &MapSize,
    tile_entities: &TileEntities,
    tiles: &Query<&MapTile>,
) -> Sight {
    let on_map =
        (0..size.width as i32).contains(&pos.x) && (0..size.height as i32).contains(&pos.y);
    on_map
        .then(|| {
            tile_entities
                .0
                .get(pos.y as usize * size.width as usize + pos.x as usize)
                .and_then(|&e| tiles.get(e).ok())
                .map(|t| t.sight)
        })
        .flatten()
        .unwrap_or_default()
}

/// Drawn (inherited) when the cell at `pos` is in view, hidden otherwise.
fn shown_in_view(
    pos: Pos,
    size: &MapSize,
    tile_entities: &TileEntities,
    tiles: &Query<&MapTile>,
) -> Visibility {
    if sight_at(pos, size, tile_entities, tiles) == Sight::Visible {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
