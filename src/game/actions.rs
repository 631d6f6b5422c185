//! Actions in the ECS: [`PlayerIntent`] messages (from the keyboard, the terminal or a
//! test) are queued and applied to the run one per frame; what came of each becomes
//! messages (notices, save requests, level entered).

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::level::LevelEntered;
use super::saving::SaveRequest;
use super::{GameSystems, Notice, NoticeLog, RunModel};
use crate::run::{Outcome, PlayerAction, RunState};
use crate::view::{KeyContext, KeyReader, Reaction};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerIntent>()
        .add_message::<ActionApplied>()
        .add_message::<Disturbed>()
        .init_resource::<ActionQueue>()
        .add_systems(Update, queue_player_actions.in_set(GameSystems::Queue))
        .add_systems(Update, apply_next_action.in_set(GameSystems::Act));
}

/// The player wants an action done: what the keyboard (or the terminal) sends.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerIntent(pub PlayerAction);

/// A fact: this action was applied to the run (recordings write it down).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionApplied(pub PlayerAction);

/// Actions waiting to be applied, one per frame, so that each frame shows the state the
/// previous action left.
#[derive(Resource, Clone, Debug, Default)]
pub struct ActionQueue(pub VecDeque<PlayerAction>);

fn queue_player_actions(mut intents: MessageReader<PlayerIntent>, mut queue: ResMut<ActionQueue>) {
    queue.0.extend(intents.read().map(|intent| intent.0));
}

/// The keyboard's state in a front end (the window or the terminal): the overlay shown
/// (help, log, inventory), the prompt waiting (an item letter, the look cursor, a
/// question), and whether a key held down was disturbed.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct Keyboard(pub KeyReader);

/// A fact: something the player should stop for happened (a monster came into view),
/// so a key held down stops repeating until it is pressed again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disturbed;

/// What a key press needs to know of the game (see [`KeyContext`]).
pub fn key_context(run: Option<&RunState>, log: &NoticeLog) -> KeyContext {
    let Some(run) = run else {
        return KeyContext::default();
    };
    let tiles = &run.level().level.tiles;
    KeyContext {
        watching: run.watch().is_some(),
        run_over: run.end().is_some(),
        player: run.player(),
        map: (tiles.width() as i32, tiles.height() as i32),
        log_lines: log.entries.len(),
    }
}

/// Where a front end's key presses go, once the shared key reader made them
/// [`Reaction`]s: actions to the run, words to the player, quitting to the app (saving
/// first when asked to).
#[derive(SystemParam)]
pub struct KeyReactions<'w> {
    actions: MessageWriter<'w, PlayerIntent>,
    said: MessageWriter<'w, Notice>,
    exit: MessageWriter<'w, AppExit>,
    saves: MessageWriter<'w, SaveRequest>,
}

impl KeyReactions<'_> {
    /// Writes the message a reaction stands for, if any.
    pub fn tell(&mut self, reaction: Reaction) {
        match reaction {
            Reaction::Act(action) => {
                self.actions.write(PlayerIntent(action));
            }
            Reaction::Say(text) => {
                self.said.write(Notice(text.into()));
            }
            Reaction::Quit => {
                self.exit.write(AppExit::Success);
            }
            Reaction::SaveAndQuit => {
                self.saves.write(SaveRequest::SaveAndQuit);
            }
            Reaction::Redraw | Reaction::Nothing => {}
        }
    }
}

/// Where what came of the run goes as messages: notices, save requests, and the fact
/// of entering a level. Every system that calls the run tells its outcomes here.
#[derive(SystemParam)]
pub struct OutcomeMessages<'w> {
    /// Lines for the player.
    pub notices: MessageWriter<'w, Notice>,
    requests: MessageWriter<'w, SaveRequest>,
    entered: MessageWriter<'w, LevelEntered>,
    disturbed: MessageWriter<'w, Disturbed>,
}

impl OutcomeMessages<'_> {
    /// Writes the message an outcome stands for, if any.
    pub fn tell(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Notice(text) => {
                self.notices.write(Notice(text));
            }
            Outcome::SaveWanted => {
                self.requests.write(SaveRequest::Save);
            }
            Outcome::LoadWanted => {
                self.requests.write(SaveRequest::Load);
            }
            Outcome::LevelEntered { .. } => {
                self.entered.write_batch(LevelEntered::of(&outcome));
            }
            Outcome::Moved { .. }
            | Outcome::Bumped
            | Outcome::Waited
            | Outcome::PickedUp { .. }
            | Outcome::Watching
            | Outcome::RunEnded => {}
            Outcome::Disturbed => {
                self.disturbed.write(Disturbed);
            }
        }
    }
}

/// Applies the next queued action to the run and tells the rest of the game what came
/// of it.
pub fn apply_next_action(
    mut queue: ResMut<ActionQueue>,
    run: Option<ResMut<RunModel>>,
    mut messages: OutcomeMessages,
    mut applied: MessageWriter<ActionApplied>,
) {
    let Some(mut run) = run else {
        return;
    };
    let Some(action) = queue.0.pop_front() else {
        return;
    };
    applied.write(ActionApplied(action));
    for outcome in run.apply(action) {
        messages.tell(outcome);
    }
}
