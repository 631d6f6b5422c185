//! The run mirrored into entities: one [`MapTile`] entity per map cell (the window makes
//! them its tilemap's tiles, drawn as the view sees them), a [`LevelMonster`] entity per
//! monster, and the player's [`GridPos`] (the window's camera follows it). Starting the
//! run puts the model in place. Nothing here decides anything; it copies what the run
//! says.

use bevy::prelude::*;

use super::messages::OutcomeMessages;
use super::{GameSystems, GridPos, Notice, Player, RunModel, RunSettings};
use delve_levels::grid::{Pos, Tile};
use delve_rules::run::RunState;

pub use delve_rules::run::Sight;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mirror_map, mirror_monsters, mirror_player)
            .chain()
            .in_set(GameSystems::Mirror),
    );
}

/// A map cell mirrored as an entity (the renderer turns these into tilemap tiles).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapTile {
    /// Where it is.
    pub pos: Pos,
    /// What it shows (`Loot` while an item lies there).
    pub tile: Tile,
    /// How the player knows it.
    pub sight: Sight,
}

/// A monster on the level, mirrored from the run (with its [`GridPos`]).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelMonster {
    /// Its number on the level.
    pub id: u32,
    /// Monster table index.
    pub kind: usize,
    /// Hit points left.
    pub hp: u32,
}

/// Marks entities that belong to the current level and go when it goes.
#[derive(Component, Debug)]
pub struct LevelEntity;

/// The tile entity of each map cell, row by row.
#[derive(Resource, Clone, Debug, Default)]
pub struct TileEntities(pub Vec<Entity>);

/// The map's size, shared with the renderer so it knows when to rebuild its tilemap.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSize {
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
}

/// Starts the run `settings` describe (or goes on with the loaded one) and puts the
/// player in the world; a run that cannot start says why (and the game shows nothing).
pub(super) fn begin_run(
    commands: &mut Commands,
    settings: &RunSettings,
    messages: &mut OutcomeMessages,
    keyboard: Option<ResMut<super::Keyboard>>,
) {
    if let Some(resumed) = &settings.resume {
        let mut run = (*resumed.run).clone();
        super::saving::mark_if_over(&mut run, settings);
        commands.insert_resource(super::NoticeLog(
            delve_rules::run::messages::MessageLog::from_saved(resumed.messages.clone()),
        ));
        commands.spawn((Player, GridPos(run.player())));
        messages.tell(run.entered());
        messages.notices.write(Notice(resumed.notice.clone()));
        commands.insert_resource(RunModel(run));
        return;
    }
    match RunState::start(
        settings.campaign.clone(),
        settings.start.clone(),
        settings.rules,
    ) {
        Ok((mut run, outcomes)) => {
            run.set_origin(settings.origin.clone());
            commands.spawn((Player, GridPos(run.player())));
            commands.insert_resource(RunModel(run));
            for outcome in outcomes {
                messages.tell(outcome);
            }
            // A run in progress is saved: ask whether to continue it.
            if settings.offer_to_continue
                && let Some(mut keyboard) = keyboard
            {
                // Drawn as the prompt line until answered.
                keyboard.0 =
                    delve_rules::view::KeyReader::asking(delve_rules::view::Question::Continue);
            }
        }
        Err(e) => {
            messages
                .notices
                .write(Notice(format!("Cannot start the run: {e}")));
        }
    }
}

/// The tile entities follow the run: updated in place while the map keeps its size
/// (only cells whose look changed are touched), rebuilt when it changes size.
fn mirror_map(
    mut commands: Commands,
    run: Option<Res<RunModel>>,
    size: Option<Res<MapSize>>,
    tile_entities: Option<Res<TileEntities>>,
    mut tiles: Query<&mut MapTile>,
) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    let grid = &run.level().level.tiles;
    let wanted = MapSize {
        width: grid.width() as u32,
        height: grid.height() as u32,
    };
    let look = |index: usize| {
        let (tile, sight) = run.shown(index);
        MapTile {
            pos: grid.pos_of(index),
            tile,
            sight,
        }
    };
    match tile_entities {
        Some(entities) if size.as_deref() == Some(&wanted) => {
            for (index, &entity) in entities.0.iter().enumerate() {
                if let Ok(mut tile) = tiles.get_mut(entity) {
                    tile.set_if_neq(look(index));
                }
            }
        }
        old => {
            for &entity in old.iter().flat_map(|e| e.0.iter()) {
                commands.entity(entity).despawn();
            }
            let entities = (0..grid.len())
                .map(|index| commands.spawn((look(index), LevelEntity)).id())
                .collect();
            commands.insert_resource(TileEntities(entities));
            commands.insert_resource(wanted);
        }
    }
}

/// The monster entities follow the run's monsters: moved and hurt in place, spawned
/// when they appear, despawned when they die or the level changes.
fn mirror_monsters(
    mut commands: Commands,
    run: Option<Res<RunModel>>,
    mut shown: Query<(Entity, &mut LevelMonster, &mut GridPos)>,
) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    let mut unmatched: Vec<&delve_levels::monsters::Monster> =
        run.level().monsters.iter().collect();
    for (entity, mut monster, mut at) in &mut shown {
        match unmatched
            .iter()
            .position(|m| m.id == monster.id && m.kind == monster.kind)
        {
            Some(index) => {
                let m = unmatched.swap_remove(index);
                monster.set_if_neq(LevelMonster {
                    id: m.id,
                    kind: m.kind,
                    hp: m.hp,
                });
                at.set_if_neq(GridPos(m.pos));
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for m in unmatched {
        commands.spawn((
            LevelMonster {
                id: m.id,
                kind: m.kind,
                hp: m.hp,
            },
            GridPos(m.pos),
            LevelEntity,
        ));
    }
}

/// The player's entity stands where the run says.
fn mirror_player(run: Option<Res<RunModel>>, mut player: Query<&mut GridPos, With<Player>>) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    for mut at in &mut player {
        at.set_if_neq(GridPos(run.player()));
    }
}
