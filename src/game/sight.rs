//! What the player sees: symmetric shadowcasting after every move, remembered tiles, and
//! the cave-watching mode where Space shows the automaton one pass at a time.

use bevy::prelude::*;

use super::level::{
    Arrival, ChangeReason, CurrentLevel, LevelChange, MapTile, PendingLevel, Sight, TileEntities,
};
use super::{GameSystems, GridPos, Notice, Player};
use crate::fov::compute_fov;
use crate::generator::GeneratorConfig;
use crate::generator::automaton::step_plain;
use crate::generator::cave::initial_fill;
use crate::grid::{Grid, Tile};
use crate::rng::{Stream, StreamRng, retry_seed};

/// How far the player sees, in tiles.
pub const SIGHT_RADIUS: i32 = 9;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, update_sight.in_set(GameSystems::Observe));
}

/// The cave automaton being watched pass by pass.
#[derive(Resource, Clone, Debug)]
pub struct CaveWatch {
    /// Walls (true) after `pass` passes.
    pub walls: Grid<bool>,
    /// Passes applied so far.
    pub pass: u32,
    /// Passes the level's config asks for.
    pub passes: u32,
}

/// Recomputes the field of view when the player moves or the level changes, and updates
/// the sight of every tile entity whose sight changed.
pub fn update_sight(
    current: Option<ResMut<CurrentLevel>>,
    player: Single<Ref<GridPos>, With<Player>>,
    tile_entities: Option<Res<TileEntities>>,
    watch: Option<Res<CaveWatch>>,
    mut map_tiles: Query<&mut MapTile>,
) {
    let (Some(mut current), Some(tile_entities)) = (current, tile_entities) else {
        return;
    };
    if watch.is_some()
        || !(player.is_changed() || current.is_changed() || tile_entities.is_changed())
    {
        return;
    }
    let origin = player.0;
    let level = &mut *current;
    let mut visible = vec![false; level.level.tiles.len()];
    compute_fov(&level.level.tiles, origin, SIGHT_RADIUS, &mut visible);
    for (i, &in_view) in visible.iter().enumerate() {
        let changed = in_view != level.visible[i] || tile_entities.is_changed();
        if in_view {
            level.seen[i] = true;
        }
        if !changed {
            continue;
        }
        let sight = if in_view {
            Sight::Visible
        } else if level.seen[i] {
            Sight::Remembered
        } else {
            Sight::Unseen
        };
        if let Some(&entity) = tile_entities.0.get(i)
            && let Ok(mut tile) = map_tiles.get_mut(entity)
            && tile.sight != sight
        {
            tile.sight = sight;
        }
    }
    level.visible = visible;
}

/// The level change that ends a cave watch: the same level again (same seed, same
/// passes, then repair and stairs), the player where they stood.
pub fn finished_cave(key: &crate::key::LevelKey, at: crate::grid::Pos) -> LevelChange {
    LevelChange {
        depth: key.depth,
        key: key.clone(),
        arrival: Arrival::At(at),
        reason: ChangeReason::FinishWatch,
    }
}

#[allow(clippy::too_many_arguments)]
/// Space on a cave level: show the random fill, then one automaton pass per press, then
/// return to the finished level (the same level: same seed, same passes, then repair).
pub fn step_cave_automaton(
    mut commands: Commands,
    current: Res<CurrentLevel>,
    watch: Option<ResMut<CaveWatch>>,
    player: Single<&GridPos, With<Player>>,
    tile_entities: Option<Res<TileEntities>>,
    mut map_tiles: Query<&mut MapTile>,
    mut pending: ResMut<PendingLevel>,
    mut notices: MessageWriter<Notice>,
) {
    let GeneratorConfig::Cave(config) = &current.key.config else {
        notices.write(Notice(
            "Space shows a cave forming; press 1 for a cave.".into(),
        ));
        return;
    };
    let walls = match watch {
        None => {
            let seed = retry_seed(current.key.level_seed(), current.level.report.retries);
            let walls = initial_fill(config, &mut StreamRng::new(seed, Stream::Layout));
            commands.insert_resource(CaveWatch {
                walls: walls.clone(),
                pass: 0,
                passes: config.passes,
            });
            notices.write(Notice(format!(
                "Random fill: {}% walls. Space for the next pass, Esc for the finished cave.",
                config.wall_percent
            )));
            walls
        }
        Some(mut watch) if watch.pass < watch.passes => {
            watch.walls = step_plain(&watch.walls);
            watch.pass += 1;
            notices.write(Notice(format!(
                "Pass {} of {} of the 4-5 rule.",
                watch.pass, watch.passes
            )));
            watch.walls.clone()
        }
        Some(_) => {
            commands.remove_resource::<CaveWatch>();
            pending.0 = Some(finished_cave(&current.key, player.0));
            return;
        }
    };
    let Some(tile_entities) = tile_entities else {
        return;
    };
    for (i, &entity) in tile_entities.0.iter().enumerate() {
        if let Ok(mut tile) = map_tiles.get_mut(entity) {
            let wall = walls.cells().get(i).copied().unwrap_or(true);
            tile.set_if_neq(MapTile {
                pos: tile.pos,
                tile: if wall { Tile::Wall } else { Tile::Floor },
                sight: Sight::Visible,
            });
        }
    }
}
