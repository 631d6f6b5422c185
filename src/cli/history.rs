//! `delve history`: the runs you finished — each board's summary and best runs, the
//! last runs — read from the run history in the data folder. Only reads: a damaged
//! history is reported, and left for the next finished run to set aside.

use std::path::PathBuf;

use clap::Args;

use delve_rules::records::DataDir;
use delve_rules::records::history::{History, HistoryError};

use super::{CliError, Outcome};

/// Arguments of `delve history`.
#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// delve's data folder, where history.csv is (default: the platform's data folder
    /// for delve, or $DELVE_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

/// The line under the report saying how to watch a run of it.
const WATCH_HINT: &str = "Watch a run again: delve replay --run N --watch (1 is the newest; \
     every run's recording is kept beside its morgue file).";

/// Runs `delve history`.
pub fn run(args: HistoryArgs) -> Result<Outcome, CliError> {
    let data_dir = match args.data_dir {
        Some(path) => DataDir::at(path),
        None => DataDir::platform()
            .ok_or_else(|| CliError("no data folder on this platform; give --data-dir".into()))?,
    };
    let history = History::read(&data_dir.history_file()).map_err(|e| match e {
        HistoryError::Corrupt { .. } => CliError(format!(
            "{e}\nIt is left as it is: the next finished run will set it aside (as \
             history.csv.corrupt-N)\nand start a new history with the runs that read."
        )),
        HistoryError::Io { .. } => CliError(e.to_string()),
    })?;
    let mut text = history.report().join("\n");
    text.push('\n');
    if !history.records().is_empty() {
        text.push_str(&format!("\n{WATCH_HINT}\n"));
    }
    super::print_out(&text)?;
    Ok(Outcome::Done)
}
