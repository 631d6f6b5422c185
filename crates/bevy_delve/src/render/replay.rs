//! Watching a recording in the window (`delve replay --watch FILE`): the recorded steps
//! are fed to the game at a chosen pace — actions as if typed, loads as the run they
//! loaded — and each step's check is compared with the run; the first that differs is
//! shown as "out of sync at turn N" and the playback stops.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::game::actions::ActionQueue;
use crate::game::messages::{LevelEntered, swap_in_loaded};
use crate::game::{GameSystems, Notice, RunModel};
use delve_rules::run::RunState;
use delve_rules::run::record::{Check, Step};

/// Feeds a recording's steps to the game.
pub(crate) struct ReplayPlugin {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Steps a second.
    pub speed: f32,
}

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        let period = Duration::from_secs_f32(1.0 / self.speed.max(0.1));
        app.insert_resource(Playback {
            steps: self.steps.iter().cloned().collect(),
            timer: Timer::new(period, TimerMode::Repeating),
            waiting: None,
            step: 0,
        })
        .add_systems(Update, feed_steps.before(GameSystems::Queue))
        .add_systems(Update, check_steps.after(GameSystems::Save));
    }
}

#[derive(Resource)]
struct Playback {
    steps: VecDeque<Step>,
    timer: Timer,
    /// The check the step just fed must leave.
    waiting: Option<Check>,
    /// Steps fed so far.
    step: usize,
}

fn feed_steps(
    time: Res<Time>,
    mut playback: ResMut<Playback>,
    mut queue: ResMut<ActionQueue>,
    run: Option<ResMut<RunModel>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut entered: MessageWriter<LevelEntered>,
) {
    let Some(mut run) = run else {
        return;
    };
    if playback.steps.is_empty() && playback.waiting.is_none() {
        return;
    }
    // The window only draws on input: the playback asks for its frames.
    redraw.write(RequestRedraw);
    if !playback.timer.tick(time.delta()).just_finished() || playback.waiting.is_some() {
        return;
    }
    let Some(step) = playback.steps.pop_front() else {
        return;
    };
    playback.step += 1;
    match step {
        Step::Act(action, check) => {
            queue.0.push_back(action);
            playback.waiting = Some(check);
        }
        Step::Loaded(save, check) => {
            if let Ok(loaded) = RunState::restore(*save) {
                swap_in_loaded(&mut run, loaded, &mut entered);
            }
            playback.waiting = Some(check);
        }
    }
}

fn check_steps(
    mut playback: ResMut<Playback>,
    queue: Res<ActionQueue>,
    run: Option<Res<RunModel>>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(run), Some(recorded)) = (run, playback.waiting) else {
        return;
    };
    if !queue.0.is_empty() {
        return;
    }
    playback.waiting = None;
    let now = Check::of(&run);
    if now != recorded {
        notices.write(Notice(format!(
            "Out of sync at turn {} (step {}): the playback stops here.",
            recorded.turns, playback.step
        )));
        playback.steps.clear();
    } else if playback.steps.is_empty() {
        notices.write(Notice(format!(
            "End of the recording: {} steps, all in sync.",
            playback.step
        )));
    }
}
