//! Actions in the ECS: [`PlayerIntent`] messages (from the keyboard, the terminal or a
//! test) are queued and applied to the run one per frame; what came of each becomes
//! messages (notices, save requests, level entered) through [`OutcomeMessages`].

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::messages::{ActionApplied, OutcomeMessages, PlayerIntent, SaveRequest};
use super::{GameSystems, Notice, NoticeLog, RunModel};
use delve_levels::grid::Pos;
use delve_rules::run::{PlayerAction, RunState};
use delve_rules::view::{KeyContext, KeyReader, Reaction};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActionQueue>()
        .init_resource::<Keyboard>()
        .init_resource::<Pointer>()
        .add_systems(Update, queue_player_actions.in_set(GameSystems::Queue))
        .add_systems(Update, apply_next_action.in_set(GameSystems::Act));
}

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

/// The map tile under the mouse pointer, if it is over the map (the window's or the
/// terminal's): the view previews the way there and names what lies there.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pointer(pub Option<Pos>);

/// Where a front end's key presses go: to the title screen while it is up
/// ([`KeyReactions::title`]), else, once the shared key reader made them
/// [`Reaction`]s, actions to the run, words to the player, an ended run left for the
/// title screen, quitting (saving first).
#[derive(SystemParam)]
pub struct KeyReactions<'w> {
    /// The title screen, which takes every key while it is up.
    pub title: super::title::TitleKeys<'w>,
    /// The Options screen, which takes every key while it is open; and the keys in force.
    pub options: super::options::OptionsKeys<'w>,
    actions: MessageWriter<'w, PlayerIntent>,
    said: MessageWriter<'w, Notice>,
    leave: MessageWriter<'w, super::screen::LeaveTheEndedRun>,
    saves: MessageWriter<'w, SaveRequest>,
}

impl KeyReactions<'_> {
    /// Tells the player `text`.
    pub fn say(&mut self, text: String) {
        self.said.write(Notice(text));
    }

    /// Gives the Options screen a key press, if it is open (see
    /// [`super::options::OptionsKeys::take`]): `true` when it took it.
    pub fn take_for_options(
        &mut self,
        named: Option<delve_rules::view::NamedKey>,
        letter: Option<char>,
        keyboard: &mut KeyReader,
    ) -> bool {
        match self.options.take(named, letter, keyboard) {
            super::options::OptionsTook::No => false,
            super::options::OptionsTook::Yes => true,
            super::options::OptionsTook::Closed(said) => {
                self.said.write(Notice(said));
                true
            }
        }
    }

    /// What a key press or a click needs to know of the game, with the player's
    /// options (see [`KeyContext::of`]): `focus` is the tile the way is wanted to — the
    /// cursor's for a key ([`KeyReader::cursor`]), the tile clicked for a click.
    pub fn context(
        &self,
        run: Option<&RunState>,
        log: &NoticeLog,
        focus: Option<Pos>,
    ) -> KeyContext {
        match run {
            Some(run) => KeyContext::of(
                run,
                log.entries.len(),
                focus,
                self.options.options().ask_before_risky_steps,
            ),
            None => KeyContext::default(),
        }
    }

    /// Writes the message a reaction stands for, if any.
    pub fn tell(&mut self, reaction: Reaction) {
        match reaction {
            Reaction::Act(action) => {
                self.actions.write(PlayerIntent(action));
            }
            Reaction::Say(text) => {
                self.said.write(Notice(text.into()));
            }
            Reaction::BackToTitle => {
                self.leave.write(super::screen::LeaveTheEndedRun);
            }
            Reaction::SaveAndQuit => {
                self.saves.write(SaveRequest::SaveAndQuit);
            }
            Reaction::Redraw | Reaction::Nothing => {}
        }
    }
}

/// Applies the next queued action to the run and tells the rest of the game what came
/// of it.
pub(crate) fn apply_next_action(
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
