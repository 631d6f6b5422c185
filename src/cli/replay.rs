//! `delve replay FILE`: plays a recording back without a window, checking every step,
//! and prints the final state (as `delve play --headless` does); a run that comes out
//! differently stops at the first step that differs, saying what differs (exit 1).
//! `--turn N` prints the state at turn N instead (the first step at or past it), found by
//! a seek ([`Watched`]).

use std::path::{Path, PathBuf};

use clap::Args;

use bevy_delve::game::headless::FinalState;
use delve_levels::ron_text::ReadTextError;
use delve_rules::records::DataDir;
use delve_rules::records::recordings::recording_of_run;
use delve_rules::records::storage::Storage as _;
use delve_rules::run::Outcome;
use delve_rules::run::record::{Recording, RecordingError, STEPS_A_SECOND, Watched};

use super::{CliError, Outcome as Exit};

/// Arguments of `delve replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The recording: a `.rec` file (every run's is kept beside its morgue file, or
    /// `delve play --record FILE`).
    #[arg(value_name = "FILE", required_unless_present = "run")]
    file: Option<PathBuf>,
    /// Replay a run of the history instead of FILE: 1 the newest, 2 the one before, …
    /// (the order of `delve history`'s last runs).
    #[arg(long, value_name = "N", conflicts_with = "file")]
    run: Option<usize>,
    /// delve's data folder, for --run (default: $DELVE_DATA_DIR, else the platform's).
    #[arg(long, value_name = "DIR", requires = "run")]
    data_dir: Option<PathBuf>,
    /// Watch it instead, in the window (in this terminal with --tui, or when there is no
    /// display): paused, played, sped up, stepped back and forth and jumped through with
    /// the watch keys (README).
    #[arg(long)]
    watch: bool,
    /// Watch in this terminal instead of a window.
    #[arg(long, requires = "watch")]
    tui: bool,
    /// Print the state at this turn (the first step at or past it; the end when the
    /// run ended sooner) instead of the final one, with the notices shown up to it.
    #[arg(long, value_name = "N", conflicts_with = "watch")]
    turn: Option<u64>,
    /// Steps a second when watching at ×1 (0.5–120).
    #[arg(long, default_value_t = STEPS_A_SECOND as f32, requires = "watch", value_parser = parse_speed)]
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
    let (recording, shown) = match (&args.file, args.run) {
        (Some(file), _) => (read_recording(file)?, file.display().to_string()),
        (None, Some(number)) => recording_in_history(args.data_dir.as_deref(), number)?,
        (None, None) => return Err(CliError("give a recording FILE or --run N".into())),
    };
    let shown = shown.as_str();
    if let Some(start) = &recording.start.start {
        delve_levels::key::LevelKey::decode(start)
            .map_err(|e| CliError(format!("{shown}: line 1: {e}")))?;
    }
    if args.watch {
        return super::play::watch(recording, args.speed, args.tui, shown);
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

/// The recording in the file `file`.
fn read_recording(file: &Path) -> Result<Recording, CliError> {
    let shown = file.display();
    let text = delve_levels::ron_text::read_text(file).map_err(|e| match e {
        ReadTextError::Io(message) => CliError(format!("{shown}: cannot read: {message}")),
        ReadTextError::NotUtf8 { line, column } => CliError(format!(
            "{shown}: line {line}, column {column}: not UTF-8 text"
        )),
    })?;
    Recording::parse(&text).map_err(|e| CliError(format!("{shown}: {e}")))
}

/// The recording of the `number`-th newest run in the history of the data folder `dir`
/// (kept beside its morgue file), and where it is kept.
fn recording_in_history(
    dir: Option<&Path>,
    number: usize,
) -> Result<(Recording, String), CliError> {
    let data = match dir {
        Some(path) => DataDir::at(path),
        None => DataDir::platform()
            .ok_or_else(|| CliError("no data folder on this platform; give --data-dir".into()))?,
    };
    let storage = data.storage();
    let (entry, recording) =
        recording_of_run(&storage, number).map_err(|e| CliError(format!("--run {number}: {e}")))?;
    Ok((recording, storage.place(&entry).display().to_string()))
}

/// The state of `recording`'s run at `turn` (the first step at or past it), with the
/// notices shown up to it: opened for watching, then a seek.
fn state_at_turn(recording: Recording, turn: u64) -> Result<FinalState, RecordingError> {
    let watched = Watched::open(recording)?;
    let frame = watched.frame_at(watched.step_at_turn(turn))?;
    Ok(FinalState::of(&frame.run, frame.log.texts()))
}
