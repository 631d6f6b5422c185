//! The messages the game's systems talk in: what the player wants ([`PlayerIntent`]),
//! what happened ([`ActionApplied`], [`LevelEntered`], [`Disturbed`], [`RunLoaded`]) and
//! what is asked of the save slot ([`SaveRequest`]) — with [`OutcomeMessages`], the one
//! place that turns what came of the run into them, and [`swap_in_loaded`], the one way
//! a loaded run takes the place of the one in play. Every system of the game and of the
//! front ends talks through these; none of them needs another system's module.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::{Notice, RunModel};
use delve_rules::run::{Outcome, PlayerAction, RunState};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerIntent>()
        .add_message::<ActionApplied>()
        .add_message::<Disturbed>()
        .add_message::<LevelEntered>()
        .add_message::<SaveRequest>()
        .add_message::<RunSaved>()
        .add_message::<RunLoaded>();
}

/// The player wants an action done: what the keyboard (or the terminal) sends.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerIntent(pub PlayerAction);

/// A fact: this action was applied to the run (recordings write it down).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionApplied(pub PlayerAction);

/// A fact: something the player should stop for happened (a monster came into view),
/// so a key held down stops repeating until it is pressed again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disturbed;

/// A fact: the player entered a level.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LevelEntered {
    /// Depth entered.
    pub depth: u32,
    /// Key of the level.
    pub key: String,
}

impl LevelEntered {
    /// The message of an outcome that enters a level.
    pub fn of(outcome: &Outcome) -> Option<LevelEntered> {
        match outcome {
            Outcome::LevelEntered { depth, key } => Some(LevelEntered {
                depth: *depth,
                key: key.encode(),
            }),
            _ => None,
        }
    }
}

/// Asks for the game to be saved or loaded.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save to the save slot (F5).
    Save,
    /// Load from the save slot (F9).
    Load,
    /// Save to this file (a headless run's `--save`).
    SaveTo(PathBuf),
    /// Save to the save slot at once, then leave the game (Esc, answered yes).
    SaveAndQuit,
}

/// A fact: the run was saved without a step of its own (on quitting, or to a headless
/// run's `--save` file): the recording marks it ([`delve_rules::records::recordings::RunRecorder::saved`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSaved;

/// A fact: a save was loaded and the run replaced by it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLoaded;

/// Swaps `loaded` in for the run in play ([`RunState::replace_with`]) and tells the
/// world its level was entered: what every loader in the game does.
pub(crate) fn swap_in_loaded(
    run: &mut RunModel,
    loaded: RunState,
    entered: &mut MessageWriter<LevelEntered>,
) {
    entered.write_batch(LevelEntered::of(&run.0.replace_with(loaded)));
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
