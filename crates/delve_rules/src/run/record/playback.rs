//! Watching a recording as a player does ([`Playback`]): paused or playing, at a speed
//! of ×1 to ×32, one step forward or **back**, a jump by turns, to the next depth, to the
//! next moment of danger, to the start or the end. Pure: a front end hands it the
//! watcher's [`WatchCommand`]s and the time that passed, and draws [`Playback::frame`]
//! (the run and the notices as the player saw them at that step) with
//! [`Playback::status`] on the status line. Every frame is one a [`Watched`] seek gives.

use super::seek::{Frame, Watched};
use super::{Recording, RecordingError};

/// Steps a second at ×1 unless the watcher asks for another pace (`delve replay
/// --watch --speed`).
pub const STEPS_A_SECOND: f64 = 8.0;

/// The speeds, as multiples of the playback's steps a second at ×1.
pub const SPEEDS: [u32; 6] = [1, 2, 4, 8, 16, 32];

/// What the watcher asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchCommand {
    /// Play if paused, pause if playing.
    PlayOrPause,
    /// The next speed up.
    Faster,
    /// The next speed down.
    Slower,
    /// One step forward (and pause).
    StepForward,
    /// One step back (and pause).
    StepBack,
    /// The first step at or past this many turns from the step shown (back when
    /// negative).
    JumpTurns(i64),
    /// The first step on the next depth down from the one shown.
    NextDepth,
    /// The next moment of danger (hit points falling under a quarter).
    NextDanger,
    /// The start.
    ToStart,
    /// The end.
    ToEnd,
}

/// A recording being watched (see the module's words).
#[derive(Clone, Debug)]
pub struct Playback {
    watched: Watched,
    frame: Frame,
    playing: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
    /// Steps a second at ×1.
    base: f64,
    /// Time played but not yet worth a step, in steps.
    owed: f64,
    /// What the last jump found or missed, for the status line.
    said: Option<String>,
}

impl Playback {
    /// Opens `recording` for watching ([`Watched::open`]: played through once, every
    /// step checked), paused at its start, ×1 being `steps_a_second`.
    pub fn open(recording: Recording, steps_a_second: f64) -> Result<Playback, RecordingError> {
        let watched = Watched::open(recording)?;
        let frame = watched.frame_at(0)?;
        Ok(Playback {
            watched,
            frame,
            playing: false,
            speed: 0,
            base: steps_a_second.max(0.1),
            owed: 0.0,
            said: None,
        })
    }

    /// What the player saw at the step shown.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The recording opened.
    pub fn watched(&self) -> &Watched {
        &self.watched
    }

    /// Whether it is playing.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The speed, a multiple of ×1 ([`SPEEDS`]).
    pub fn speed(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// Does what the watcher asked; the frame shown follows.
    pub fn command(&mut self, command: WatchCommand) -> Result<(), RecordingError> {
        self.said = None;
        let now = self.frame.step;
        let summaries = self.watched.summaries();
        let target = match command {
            WatchCommand::PlayOrPause => {
                self.playing = !self.playing && now < self.watched.last_step();
                self.owed = 0.0;
                return Ok(());
            }
            WatchCommand::Faster => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                return Ok(());
            }
            WatchCommand::Slower => {
                self.speed = self.speed.saturating_sub(1);
                return Ok(());
            }
            WatchCommand::StepForward => {
                self.playing = false;
                now + 1
            }
            WatchCommand::StepBack => {
                self.playing = false;
                now.saturating_sub(1)
            }
            WatchCommand::JumpTurns(turns) => {
                let turn = summaries[now].turns.saturating_add_signed(turns);
                if turns < 0 {
                    // The last step at or before that turn.
                    summaries
                        .partition_point(|s| s.turns <= turn)
                        .saturating_sub(1)
                } else {
                    self.watched.step_at_turn(turn)
                }
            }
            WatchCommand::NextDepth => {
                let depth = summaries[now].depth + 1;
                match self.watched.next_step_on_depth(now, depth) {
                    Some(step) => step,
                    None => {
                        self.said = Some(format!("The run never reaches depth {depth} from here."));
                        now
                    }
                }
            }
            WatchCommand::NextDanger => match self.watched.next_danger(now) {
                Some(step) => step,
                None => {
                    self.said = Some("No more moments of danger in this run.".into());
                    now
                }
            },
            WatchCommand::ToStart => 0,
            WatchCommand::ToEnd => self.watched.last_step(),
        };
        self.show(target)
    }

    /// `seconds` passed: a playing recording moves on by as many steps as its speed
    /// gives, and stops at the end. Whether the frame changed.
    pub fn advance(&mut self, seconds: f64) -> Result<bool, RecordingError> {
        if !self.playing {
            return Ok(false);
        }
        self.owed += seconds.max(0.0) * self.base * f64::from(self.speed());
        let steps = self.owed.floor();
        if steps < 1.0 {
            return Ok(false);
        }
        self.owed -= steps;
        let target = self.frame.step.saturating_add(steps as usize);
        self.show(target)?;
        if self.frame.step >= self.watched.last_step() {
            self.playing = false;
        }
        Ok(true)
    }

    /// Shows `step` (past the last: the last).
    fn show(&mut self, step: usize) -> Result<(), RecordingError> {
        let from = self.frame.clone();
        self.frame = self.watched.frame_from(from, step)?;
        Ok(())
    }

    /// The status line: playing or paused, the speed, where in the recording, and
    /// what the last jump missed.
    pub fn status(&self) -> String {
        let now = &self.watched.summaries()[self.frame.step];
        let state = if self.playing { "playing" } else { "paused" };
        let mut line = format!(
            "Replay {state} ×{} · step {} of {} · turn {} · depth {} · HP {}/{}",
            self.speed(),
            self.frame.step,
            self.watched.last_step(),
            now.turns,
            now.depth,
            now.hp,
            now.max_hp
        );
        if let Some(said) = &self.said {
            line.push_str(" · ");
            line.push_str(said);
        }
        line
    }
}
