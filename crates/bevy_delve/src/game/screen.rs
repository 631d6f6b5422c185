//! The screens as Bevy states ([`Screen`]): the title menu, a run in play, a run
//! ended, and a recording watched. Entering [`Screen::Playing`] starts the run the settings describe (unless one
//! is in play already: a save loaded on the end screen goes on with that run); the
//! screen then follows the run — its end shows the end screen, and a save loaded there
//! plays again; its Esc goes back to the title screen, where a new run starts. Whatever
//! showed a run (a run played or watched) goes when the title screen comes. Front ends
//! scope what they spawn for a screen with `DespawnOnExit`.

use bevy::prelude::*;

use super::level::{LevelEntity, MapSize, TileEntities, begin_run};
use super::messages::OutcomeMessages;
use super::{ActionQueue, GameSystems, Keyboard, NoticeLog, Player, RunModel, RunSettings};
use delve_rules::records::daily;
use delve_rules::run::RunOrigin;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LeaveTheEndedRun>()
        .add_systems(OnEnter(Screen::Playing), start_the_chosen_run)
        .add_systems(OnEnter(Screen::Title), forget_the_run)
        .add_systems(
            Update,
            (follow_the_run_end, leave_the_ended_run)
                .after(GameSystems::Save)
                .before(GameSystems::Mirror),
        );
}

/// The player leaves a finished run's end screen (its Esc) for the title screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaveTheEndedRun;

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

/// The end screen's Esc: the title screen comes, its New run on a fresh seed (the
/// settings forget the run that ended: its seed, key, loaded save and origin).
fn leave_the_ended_run(
    mut leave: MessageReader<LeaveTheEndedRun>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<RunSettings>,
    mut next: ResMut<NextState<Screen>>,
) {
    if leave.read().count() == 0 || *screen.get() != Screen::Ended {
        return;
    }
    settings.campaign.seed = daily::fresh_seed();
    settings.start = None;
    settings.resume = None;
    settings.offer_to_continue = false;
    settings.origin = RunOrigin::default();
    next.set(Screen::Title);
}

/// The entities that show a run: the level's and the player.
type ShowingTheRun = Or<(With<LevelEntity>, With<Player>)>;

/// The title screen comes (at the start, after a watch, after a run's end screen): the
/// run shown goes, and everything that showed it or waited to act on it, so the next
/// run chosen starts clean (the recording and the records put theirs away too, each in
/// its own module).
fn forget_the_run(
    mut commands: Commands,
    shown: Query<Entity, ShowingTheRun>,
    mut log: ResMut<NoticeLog>,
    mut queue: ResMut<ActionQueue>,
    keyboard: Option<ResMut<Keyboard>>,
) {
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<RunModel>();
    commands.remove_resource::<TileEntities>();
    commands.remove_resource::<MapSize>();
    log.0 = Default::default();
    queue.0.clear();
    if let Some(mut keyboard) = keyboard {
        *keyboard = Keyboard::default();
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
