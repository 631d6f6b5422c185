//! `delve morgue`: the morgue file of the run in progress (the save slot's, or a save
//! named with --load), written to the morgue folder — or printed.

use std::path::PathBuf;

use clap::Args;

use delve_rules::records::DataDir;
use delve_rules::records::morgue::morgue_text;
use delve_rules::records::slot::SaveSlot;

use super::{CliError, Outcome};

/// Arguments of `delve morgue`.
#[derive(Args, Debug)]
pub struct MorgueArgs {
    /// The save of the run (default: the save slot, `delve.sav` in the data folder).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// delve's data folder (default: $DELVE_DATA_DIR, else the platform's).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Print the morgue file instead of writing it to the morgue folder.
    #[arg(long)]
    print: bool,
}

/// Runs `delve morgue`.
pub fn run(args: MorgueArgs) -> Result<Outcome, CliError> {
    let dir = match &args.data_dir {
        Some(dir) => Some(DataDir::at(dir)),
        None => DataDir::platform(),
    };
    let save = match (&args.load, &dir) {
        (Some(path), _) => path.clone(),
        (None, Some(dir)) => dir.save_slot(),
        (None, None) => {
            return Err(CliError(
                "no data folder on this platform: give --data-dir or --load".into(),
            ));
        }
    };
    let (run, messages, _) = SaveSlot::file(&save).load().map_err(|e| {
        let hint = if args.load.is_none() {
            " (no run in progress is saved there: quitting a run saves it)"
        } else {
            ""
        };
        CliError(format!("{e}{hint}"))
    })?;
    let written = delve_rules::records::daily::now_text();
    if args.print {
        super::print_out(&morgue_text(&run, &messages, &written))?;
        return Ok(Outcome::Done);
    }
    let Some(dir) = dir else {
        return Err(CliError(
            "no data folder on this platform: give --data-dir, or --print".into(),
        ));
    };
    let path = delve_rules::records::write_morgue(&dir.storage(), &run, &messages, &written)
        .map_err(CliError)?;
    super::print_out(&format!("{}\n", path.display()))?;
    Ok(Outcome::Done)
}
