//! Watching a recording: seek to any step, forward or back, at once. Opening a recording
//! plays it through once, checking every step as [`Recording::replay`] does, and keeps a
//! **keyframe** — the whole run and the notices shown so far — every
//! [`KEYFRAME_EVERY`] steps, and a [`StepSummary`] of every step (its turn, depth and hit
//! points, to jump by turn, by depth or to the next moment of danger). A seek starts
//! from the nearest keyframe at or before the step it wants and plays at most
//! `KEYFRAME_EVERY − 1` steps from there, each checked again: a keyframe is never
//! trusted over the steps (it is made by them, in memory, and never read from a file).
//! From recording format 12 a keyframe's step is one whose whole state the recording
//! checks ([`super::state_due`]), so every keyframe was checked whole on opening, and a
//! seek checks the steps it plays as the recording holds them (the light figures, and
//! the whole state where held).

use super::{Recording, RecordingError};
use crate::run::messages::{Message, MessageLog};
use crate::run::{Outcome, RunState};

/// Steps between keyframes: a seek plays at most one fewer. From recording format 12
/// also the steps between the checks of the whole state.
pub const KEYFRAME_EVERY: usize = 64;

/// What the player saw after one step: the run and the notices shown so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The step it follows (0: the start).
    pub step: usize,
    /// The run after that step.
    pub run: RunState,
    /// Every notice shown up to that step, each on the turn it was shown.
    pub log: MessageLog,
}

/// One step's figures, kept for every step to find a step by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepSummary {
    /// Turns taken after the step.
    pub turns: u64,
    /// The depth the player is on after it.
    pub depth: u32,
    /// Hit points after it.
    pub hp: u32,
    /// The most hit points after it.
    pub max_hp: u32,
}

impl StepSummary {
    fn of(run: &RunState) -> StepSummary {
        StepSummary {
            turns: run.turns(),
            depth: run.depth(),
            hp: run.fight().hp,
            max_hp: run.fight().max_hp,
        }
    }

    /// Whether the player's life is in danger: under a quarter of the most hit points
    /// (and still alive).
    pub fn in_danger(&self) -> bool {
        self.hp > 0 && self.hp * 4 < self.max_hp
    }
}

/// A recording opened for watching (see the module's words).
#[derive(Clone, Debug)]
pub struct Watched {
    recording: Recording,
    /// The run after step `i × KEYFRAME_EVERY`, for every such step.
    keyframes: Vec<Keyframe>,
    /// Every notice shown over the whole recording: a keyframe holds only where its log
    /// ends in it (a copy of the log in each would grow with the square of the steps).
    log: MessageLog,
    /// Every step's figures, the start's first (index = step).
    summaries: Vec<StepSummary>,
}

/// A keyframe: the run after a step, and the log as it was then — the first `shown`
/// entries of the whole log, the last of them as `last` (a repeat shown later counts
/// on the log's last entry, which a keyframe keeps as it was).
#[derive(Clone, Debug)]
struct Keyframe {
    step: usize,
    run: RunState,
    shown: usize,
    last: Option<Message>,
}

impl Keyframe {
    /// The log as it was at this keyframe, out of the whole `log`.
    fn log(&self, log: &MessageLog) -> MessageLog {
        let before = self.shown.saturating_sub(1);
        let entries = log.entries[..before]
            .iter()
            .cloned()
            .chain(self.last.clone());
        MessageLog::from_saved(entries.collect())
    }
}

/// Adds the notices of `outcomes` to `log`, shown on the run's turn (as the front ends
/// log them when the step's outcomes are told).
fn log_notices(log: &mut MessageLog, run: &RunState, outcomes: &[Outcome]) {
    for outcome in outcomes {
        if let Outcome::Notice(text) = outcome {
            log.push(run.turns(), text.clone());
        }
    }
}

impl Watched {
    /// Opens `recording`: plays it through once, every step checked, keeping the
    /// keyframes and every step's figures. A recording that does not replay is refused
    /// naming its place, as by [`Recording::replay`].
    pub fn open(recording: Recording) -> Result<Watched, RecordingError> {
        let mut keyframes = Vec::new();
        let mut summaries = Vec::with_capacity(recording.steps.len() + 1);
        let mut log = MessageLog::default();
        recording.replay_steps(|step, run, outcomes| {
            log_notices(&mut log, run, outcomes);
            summaries.push(StepSummary::of(run));
            if step.is_multiple_of(KEYFRAME_EVERY) {
                keyframes.push(Keyframe {
                    step,
                    run: run.clone(),
                    shown: log.entries.len(),
                    last: log.entries.last().cloned(),
                });
            }
        })?;
        Ok(Watched {
            recording,
            keyframes,
            log,
            summaries,
        })
    }

    /// The recording watched.
    pub fn recording(&self) -> &Recording {
        &self.recording
    }

    /// The number of the last step (0 for a recording of no steps).
    pub fn last_step(&self) -> usize {
        self.summaries.len() - 1
    }

    /// Every step's figures, the start's first.
    pub fn summaries(&self) -> &[StepSummary] {
        &self.summaries
    }

    /// What the player saw after `step` (past the last: the last): from the nearest
    /// keyframe at or before it, its steps played again and checked.
    pub fn frame_at(&self, step: usize) -> Result<Frame, RecordingError> {
        let step = step.min(self.last_step());
        let key = &self.keyframes[step / KEYFRAME_EVERY];
        let mut frame = Frame {
            step: key.step,
            run: key.run.clone(),
            log: key.log(&self.log),
        };
        let mut good = key.step;
        for number in key.step + 1..=step {
            let outcomes = self
                .recording
                .play_step(&mut frame.run, number, &mut good)?;
            log_notices(&mut frame.log, &frame.run, &outcomes);
        }
        frame.step = step;
        Ok(frame)
    }

    /// What the player saw after `step`, from `from` (a frame of this recording): played
    /// on from it when that is shorter than from the keyframe (watching at speed plays
    /// each step once), else [`Watched::frame_at`]. Either way the same frame.
    pub fn frame_from(&self, from: Frame, step: usize) -> Result<Frame, RecordingError> {
        let step = step.min(self.last_step());
        if step < from.step || step - from.step > step % KEYFRAME_EVERY {
            return self.frame_at(step);
        }
        let mut frame = from;
        let mut good = frame.step - frame.step % KEYFRAME_EVERY;
        for number in frame.step + 1..=step {
            let outcomes = self
                .recording
                .play_step(&mut frame.run, number, &mut good)?;
            log_notices(&mut frame.log, &frame.run, &outcomes);
        }
        frame.step = step;
        Ok(frame)
    }

    /// The first step after which at least `turn` turns were taken (the last step when
    /// the run never got so far).
    pub fn step_at_turn(&self, turn: u64) -> usize {
        let first = self.summaries.partition_point(|s| s.turns < turn);
        first.min(self.last_step())
    }

    /// The first step after `from` that ends on `depth`, if any.
    pub fn next_step_on_depth(&self, from: usize, depth: u32) -> Option<usize> {
        self.first_after(from, |s| s.depth == depth)
    }

    /// The first step after `from` where the player's life comes into danger (under a
    /// quarter of the most hit points, from safety), if any.
    pub fn next_danger(&self, from: usize) -> Option<usize> {
        (from + 1..self.summaries.len())
            .find(|&i| self.summaries[i].in_danger() && !self.summaries[i - 1].in_danger())
    }

    fn first_after(&self, from: usize, test: impl Fn(&StepSummary) -> bool) -> Option<usize> {
        (from + 1..self.summaries.len()).find(|&i| test(&self.summaries[i]))
    }
}
