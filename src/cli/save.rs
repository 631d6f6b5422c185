//! `delve save`: inspect save files.

use std::path::PathBuf;

use clap::Subcommand;

use super::{CliError, Outcome};

/// Subcommands of `delve save`.
#[derive(Subcommand, Debug)]
pub enum SaveCommand {
    /// Print a save file, unscrambled, as readable RON (exit 2 with the reason if it is bad).
    Inspect {
        /// The save file.
        file: PathBuf,
    },
}

/// Runs `delve save …`.
pub fn run(command: SaveCommand) -> Result<Outcome, CliError> {
    match command {
        SaveCommand::Inspect { file } => {
            let bytes = delve_levels::ron_text::read_file(&file)
                .map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            let text = delve_levels::save::decode_to_ron_text(&bytes)
                .map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            super::print_out(&format!("{text}\n"))?;
            Ok(Outcome::Done)
        }
    }
}
