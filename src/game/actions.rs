//! Player actions: the one vocabulary that keys, headless action strings and replays
//! share, the queue that applies them one per frame, and the turn rules.

use std::collections::VecDeque;
use std::fmt;

use bevy::prelude::*;

use super::level::{
    Arrival, ChangeReason, CurrentLevel, Inventory, Item, LevelChange, MapTile, PendingLevel, Run,
    TileEntities, Turns,
};
use super::{GameSystems, GridPos, Notice, Player};
use crate::generator::{GeneratorConfig, GeneratorKind};
use crate::grid::Tile;
use crate::key::LevelKey;
use crate::rng::mix64;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerAction>()
        .init_resource::<ActionQueue>()
        .add_systems(Update, queue_player_actions.in_set(GameSystems::Queue))
        .add_systems(Update, apply_next_action.in_set(GameSystems::Act));
}

/// Something the player does. Keys and action strings both become these.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerAction {
    /// Step by (dx, dy), each −1, 0 or 1.
    Move(i32, i32),
    /// Let a turn pass.
    Wait,
    /// Take the down stairs.
    Descend,
    /// Take the up stairs.
    Ascend,
    /// Pick up what lies here.
    PickUp,
    /// Regenerate this level with a fresh seed.
    Regenerate,
    /// Regenerate this depth with another generator.
    SwitchKind(GeneratorKind),
    /// Change a cave's wall percent by this much and regenerate.
    AdjustWalls(i32),
    /// Show the cave automaton one pass at a time (Space).
    StepAutomaton,
    /// Stop watching the cave form and show the finished cave (Esc while watching; any
    /// other action while watching does the same).
    StopWatching,
    /// Print the level key.
    ShowKey,
    /// Save the game (F5).
    Save,
    /// Load the saved game (F9).
    Load,
}

impl PlayerAction {
    /// The action an action-string character stands for (the same letters as the keys;
    /// `s` stands for Space).
    pub fn from_char(c: char) -> Option<PlayerAction> {
        use PlayerAction::*;
        Some(match c {
            'h' => Move(-1, 0),
            'l' => Move(1, 0),
            'k' => Move(0, -1),
            'j' => Move(0, 1),
            'y' => Move(-1, -1),
            'u' => Move(1, -1),
            'b' => Move(-1, 1),
            'n' => Move(1, 1),
            '.' => Wait,
            '>' => Descend,
            '<' => Ascend,
            'g' | ',' => PickUp,
            'R' => Regenerate,
            '1' => SwitchKind(GeneratorKind::Cave),
            '2' => SwitchKind(GeneratorKind::Rooms),
            '3' => SwitchKind(GeneratorKind::Maze),
            '+' => AdjustWalls(1),
            '-' => AdjustWalls(-1),
            's' => StepAutomaton,
            'K' => ShowKey,
            _ => return None,
        })
    }
}

/// A character in an action string that is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError {
    /// 1-based position in the string.
    pub position: usize,
    /// The character.
    pub character: char,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--actions: {:?} at position {} is not an action (hjklyubn move, . waits, > < stairs, g picks up, R regenerates, 1/2/3 switch to cave/rooms/maze, + - walls, s steps the automaton, K shows the key)",
            self.character, self.position
        )
    }
}

impl std::error::Error for ActionError {}

/// Parses an action string; whitespace is ignored so actions can be grouped.
pub fn parse_actions(text: &str) -> Result<Vec<PlayerAction>, ActionError> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| {
            PlayerAction::from_char(c).ok_or(ActionError {
                position: i + 1,
                character: c,
            })
        })
        .collect()
}

/// Actions waiting to be applied, one per frame, so that each sees the level the
/// previous one left (a descent generates the next level before the next step).
#[derive(Resource, Clone, Debug, Default)]
pub struct ActionQueue(pub VecDeque<PlayerAction>);

fn queue_player_actions(mut actions: MessageReader<PlayerAction>, mut queue: ResMut<ActionQueue>) {
    queue.0.extend(actions.read().copied());
}

/// Applies the next queued action with the turn rules.
#[allow(clippy::too_many_arguments)]
pub fn apply_next_action(
    mut commands: Commands,
    mut queue: ResMut<ActionQueue>,
    mut pending: ResMut<PendingLevel>,
    mut run: ResMut<Run>,
    current: Option<ResMut<CurrentLevel>>,
    mut player: Single<&mut GridPos, With<Player>>,
    mut inventory: ResMut<Inventory>,
    mut turns: ResMut<Turns>,
    items: Query<(Entity, &GridPos, &Item), Without<Player>>,
    tile_entities: Option<Res<TileEntities>>,
    mut map_tiles: Query<&mut MapTile>,
    mut notices: MessageWriter<Notice>,
    mut requests: MessageWriter<super::saving::SaveRequest>,
    watch: Option<Res<super::sight::CaveWatch>>,
) {
    if pending.0.is_some() {
        return;
    }
    let (Some(mut current), Some(action)) = (current, queue.0.pop_front()) else {
        return;
    };
    if watch.is_some() && action != PlayerAction::StepAutomaton {
        // Any other action ends the watch on the finished cave (and is spent doing so).
        commands.remove_resource::<super::sight::CaveWatch>();
        pending.0 = Some(super::sight::finished_cave(&current.key, player.0));
        return;
    }
    let here = player.0;
    let depth = run.depth;
    let mut pick_up_here = None;
    let mut report_nothing_here = false;
    match action {
        PlayerAction::Move(dx, dy) => {
            let to = here.offset(dx, dy);
            if current.level.tiles.is_walkable(to) {
                player.0 = to;
                turns.0 += 1;
                // Stepping on an item picks it up.
                pick_up_here = Some(to);
            }
        }
        PlayerAction::Wait => turns.0 += 1,
        PlayerAction::PickUp => {
            pick_up_here = Some(here);
            report_nothing_here = true;
        }
        PlayerAction::Descend => {
            if current.level.tiles.get(here) == Some(Tile::DownStairs)
                && depth < crate::config::MAX_DEPTH
            {
                let key = run.key_for(depth + 1);
                pending.0 = Some(LevelChange {
                    depth: depth + 1,
                    key,
                    arrival: Arrival::UpStairs,
                    reason: ChangeReason::Descend,
                });
                turns.0 += 1;
            } else {
                notices.write(Notice("There are no stairs down here.".into()));
            }
        }
        PlayerAction::Ascend => {
            if current.level.tiles.get(here) == Some(Tile::UpStairs) && depth > 1 {
                let key = run.key_for(depth - 1);
                pending.0 = Some(LevelChange {
                    depth: depth - 1,
                    key,
                    arrival: Arrival::DownStairs,
                    reason: ChangeReason::Ascend,
                });
                turns.0 += 1;
            } else if depth == 1 && current.level.tiles.get(here) == Some(Tile::UpStairs) {
                notices.write(Notice(
                    "These stairs lead out of the dungeon; there is no going back.".into(),
                ));
            } else {
                notices.write(Notice("There are no stairs up here.".into()));
            }
        }
        PlayerAction::Regenerate => {
            run.regenerations += 1;
            // Fresh seeds are 32-bit so that regenerated levels keep short keys.
            let seed = mix64(current.key.seed ^ mix64(run.regenerations)) >> 32;
            let key = LevelKey {
                seed,
                ..current.key.clone()
            };
            regenerate(&mut pending, key, ChangeReason::Regenerate);
        }
        PlayerAction::SwitchKind(kind) => {
            let config = run.campaign.config_of_kind(kind);
            let key = LevelKey {
                config,
                ..current.key.clone()
            };
            regenerate(&mut pending, key, ChangeReason::SwitchKind);
        }
        PlayerAction::AdjustWalls(delta) => {
            if let GeneratorConfig::Cave(cave) = &current.key.config {
                let mut cave = cave.clone();
                cave.wall_percent = (cave.wall_percent as i32 + delta).clamp(0, 100) as u32;
                notices.write(Notice(format!("Wall percent {}.", cave.wall_percent)));
                let key = LevelKey {
                    config: GeneratorConfig::Cave(cave),
                    ..current.key.clone()
                };
                regenerate(&mut pending, key, ChangeReason::AdjustWalls);
            } else {
                notices.write(Notice(
                    "+ and - change a cave's walls; press 1 for a cave.".into(),
                ));
            }
        }
        PlayerAction::StepAutomaton => {
            commands.run_system_cached(super::sight::step_cave_automaton);
        }
        PlayerAction::StopWatching => {}
        PlayerAction::ShowKey => {
            notices.write(Notice(format!("Level key {}", current.key.encode())));
        }
        PlayerAction::Save => {
            requests.write(super::saving::SaveRequest::Save);
        }
        PlayerAction::Load => {
            requests.write(super::saving::SaveRequest::Load);
        }
    }
    if let Some(pos) = pick_up_here {
        let taken = pick_up(
            &mut commands,
            &mut current,
            pos,
            &items,
            &mut inventory,
            &tile_entities,
            &mut map_tiles,
            &mut notices,
            run.campaign.seed,
        );
        if !taken && report_nothing_here {
            notices.write(Notice("There is nothing here to pick up.".into()));
        }
    }
}

fn regenerate(pending: &mut PendingLevel, key: LevelKey, reason: ChangeReason) {
    pending.0 = Some(LevelChange {
        depth: key.depth,
        key,
        arrival: Arrival::UpStairs,
        reason,
    });
}

/// Picks up the item at `pos`, if any; returns whether one was taken.
#[allow(clippy::too_many_arguments)]
fn pick_up(
    commands: &mut Commands,
    current: &mut CurrentLevel,
    pos: crate::grid::Pos,
    items: &Query<(Entity, &GridPos, &Item), Without<Player>>,
    inventory: &mut Inventory,
    tile_entities: &Option<Res<TileEntities>>,
    map_tiles: &mut Query<&mut MapTile>,
    notices: &mut MessageWriter<Notice>,
    run_seed: u64,
) -> bool {
    let Some(index) = current.items.iter().position(|i| i.pos == pos) else {
        return false;
    };
    let item = current.items.remove(index);
    inventory.0.push(item.item);
    for (entity, at, _) in items {
        if at.0 == pos {
            commands.entity(entity).despawn();
        }
    }
    if let Some(entities) = tile_entities
        && let Some(&entity) = entities.0.get(current.level.tiles.index_of(pos))
        && let Ok(mut tile) = map_tiles.get_mut(entity)
    {
        tile.tile = Tile::Floor;
    }
    notices.write(Notice(format!(
        "You pick up {}.",
        super::level::with_article(&super::level::item_name(run_seed, inventory, item.item))
    )));
    true
}
