//! `delve replay FILE`: plays a recording back without a window, checking every step,
//! and prints the final state (as `delve play --headless` does); a run that comes out
//! differently stops at the first step that differs, saying what differs (exit 1).

use std::path::PathBuf;

use clap::Args;

use delve::game::headless::FinalState;
use delve::run::Outcome;
use delve::run::record::{Recording, RecordingError};

use super::{CliError, Outcome as Exit};

/// Arguments of `delve replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The recording (`delve play --record FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// Runs `delve replay`.
pub fn run(args: ReplayArgs) -> Result<Exit, CliError> {
    let shown = args.file.display();
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError(format!("{shown}: cannot read: {e}")))?;
    let recording = Recording::parse(&text).map_err(|e| CliError(format!("{shown}: {e}")))?;
    let mut messages = Vec::new();
    let replayed = recording.replay_with(|outcome| {
        if let Outcome::Notice(text) = outcome {
            messages.push(text.clone());
        }
    });
    match replayed {
        Ok(run) => {
            let state = FinalState::of(&run, messages);
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
