//! `delve keys`: the keys in force — the data folder's `options.ron` applied to the key
//! table — as Markdown: the controls by heading, then every action by the name
//! `options.ron`'s `bindings` give it. What is wrong in the options file is said on
//! stderr (exit 2), with the defaults used for it, as the game does.

use std::path::PathBuf;

use clap::Args;

use delve_rules::options::load_options;
use delve_rules::records::DataDir;

use super::{CliError, Outcome};

/// Arguments of `delve keys`.
#[derive(Args, Debug)]
pub struct KeysArgs {
    /// delve's data folder, where options.ron is (default: the platform's data folder
    /// for delve, or $DELVE_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

/// Runs `delve keys`.
pub fn run(args: KeysArgs) -> Result<Outcome, CliError> {
    let data_dir = match args.data_dir {
        Some(path) => DataDir::at(path),
        None => DataDir::platform()
            .ok_or_else(|| CliError("no data folder on this platform; give --data-dir".into()))?,
    };
    let loaded = load_options(&data_dir.storage());
    let keymap = loaded.options.keymap();
    let text = format!(
        "{}### Every action, as options.ron names it\n\n{}",
        keymap.controls_markdown(),
        keymap.names_markdown()
    );
    super::print_out(&text)?;
    if loaded.problems.is_empty() {
        return Ok(Outcome::Done);
    }
    let problems: Vec<String> = loaded.problems.iter().map(|p| p.to_string()).collect();
    Err(CliError(format!(
        "{}\n(the keys above use the defaults for those parts)",
        problems.join("\n")
    )))
}
