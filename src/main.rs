//! The `delve` command: play, generate levels, stream mazes, measure generators, inspect saves.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
