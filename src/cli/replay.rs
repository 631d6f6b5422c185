//! `delve replay FILE`: plays a recording back without a window, checking every step,
//! and prints the final state (as `delve play --headless` does); a run that comes out
//! differently stops at the first step that differs, saying what differs (exit 1).
//! `--turn N` prints the state at turn N instead (the first step at or past it), found by
//! a seek ([`Watched`]).

use std::path::PathBuf;

use clap::Args;

use bevy_delve::game::headless::FinalState;
use delve_levels::ron_text::ReadTextError;
use delve_rules::run::Outcome;
use delve_rules::run::record::{Recording, RecordingError, Watched};

use super::{CliError, Outcome as Exit};

/// Arguments of `delve replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The recording (`delve play --record FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Watch it in the window instead, step by step.
    #[arg(long)]
    watch: bool,
    /// Print the state at this turn (the first step at or past it; the end when the
    /// run ended sooner) instead of the final one, with the notices shown up to it.
    #[arg(long, value_name = "N", conflicts_with = "watch")]
    turn: Option<u64>,
    /// Steps a second when watching (0.5–120).
    #[arg(long, default_value_t = 8.0, requires = "watch", value_parser = parse_speed)]
    speed: f32,
}

/// Reads `--speed`: steps a second, 0.5 to 120.
fn parse_speed(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(speed) if (0.5..=120.0).contains(&speed) => Ok(speed),
        _ => Err(format!(
            "{text:?} is not a speed from 0.5 to 120 steps a second"
        )),
    }
}

/// Runs `delve replay`.
pub fn run(args: ReplayArgs) -> Result<Exit, CliError> {
    let shown = args.file.display();
    let text = delve_levels::ron_text::read_text(&args.file).map_err(|e| match e {
        ReadTextError::Io(message) => CliError(format!("{shown}: cannot read: {message}")),
        ReadTextError::NotUtf8 { line, column } => CliError(format!(
            "{shown}: line {line}, column {column}: not UTF-8 text"
        )),
    })?;
    let recording = Recording::parse(&text).map_err(|e| CliError(format!("{shown}: {e}")))?;
    if let Some(start) = &recording.start.start {
        delve_levels::key::LevelKey::decode(start)
            .map_err(|e| CliError(format!("{shown}: line 1: {e}")))?;
    }
    if args.watch {
        return super::play::watch_in_window(recording, args.speed);
    }
    let replayed = match args.turn {
        Some(turn) => state_at_turn(recording, turn),
        None => {
            let mut messages = Vec::new();
            let replayed = recording.replay_with(|outcome| {
                if let Outcome::Notice(text) = outcome {
                    messages.push(text.clone());
                }
            });
            replayed.map(|run| FinalState::of(&run, messages))
        }
    };
    match replayed {
        Ok(state) => {
            let text = ron::ser::to_string_pretty(&state, ron::ser::PrettyConfig::default())
                .map_err(|e| CliError(e.to_string()))?;
            super::print_out(&format!("{text}\n"))?;
            Ok(Exit::Done)
        }
        Err(e @ RecordingError::OutOfSync { .. }) => {
            eprintln!("delve: {shown}: {e}");
            Ok(Exit::Failed)
        }
        Err(e) => Err(CliError(format!("{shown}: {e}"))),
    }
}

/// The state of `recording`'s run at `turn` (the first step at or past it), with the
/// notices shown up to it: opened for watching, then a seek.
fn state_at_turn(recording: Recording, turn: u64) -> Result<FinalState, RecordingError> {
    let watched = Watched::open(recording)?;
    let frame = watched.frame_at(watched.step_at_turn(turn))?;
    Ok(FinalState::of(&frame.run, frame.log.texts()))
}
