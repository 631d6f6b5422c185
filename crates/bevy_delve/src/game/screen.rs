//! The screens as Bevy states ([`Screen`]): the title menu, a run in play, a run
//! ended, and a recording watched. Entering [`Screen::Playing`] starts the run the settings describe (unless one
//! is in play already: a save loaded on the end screen goes on with that run); the
//! screen then follows the run — its end shows the end screen, and a save loaded there
//! plays again. Front ends scope what they spawn for a screen with `DespawnOnExit`.

use bevy::prelude::*;

use super::level::begin_run;
use super::messages::OutcomeMessages;
use super::{GameSystems, Keyboard, RunModel, RunSettings};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), start_the_chosen_run)
        .add_systems(
            Update,
            follow_the_run_end
                .after(GameSystems::Save)
                .before(GameSystems::Mirror),
        );
}

/// The screen the game is on.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title menu: no run is in play until the player chooses one.
    Title,
    /// A run in play.
    #[default]
    Playing,
    /// The run is over (death or victory): its end screen, where only the keys it
    /// offers work.
    Ended,
    /// A recording watched ([`super::watching`]): nothing acts on the run shown.
    Watching,
}

impl Screen {
    /// The screen a game with these settings starts on: the title menu when the run is
    /// chosen there, else the run.
    pub fn first(settings: &RunSettings) -> Screen {
        if settings.title.is_some() {
            Screen::Title
        } else {
            Screen::Playing
        }
    }
}

/// Starts the run the settings describe, unless one is in play already.
pub(super) fn start_the_chosen_run(
    mut commands: Commands,
    run: Option<Res<RunModel>>,
    settings: Res<RunSettings>,
    mut messages: OutcomeMessages,
    keyboard: Option<ResMut<Keyboard>>,
) {
    if run.is_none() {
        begin_run(&mut commands, &settings, &mut messages, keyboard);
    }
}

/// The screen follows the run: its end shows the end screen; a run loaded there that
/// is not over plays again.
fn follow_the_run_end(
    run: Option<Res<RunModel>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(run) = run else {
        return;
    };
    let over = run.end().is_some();
    match screen.get() {
        Screen::Playing if over => next.set(Screen::Ended),
        Screen::Ended if !over => next.set(Screen::Playing),
        _ => {}
    }
}
