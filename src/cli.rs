//! Command-line interface: argument definitions and dispatch. Each subcommand lives in
//! its own file; all of them report bad input as a [`CliError`] (exit code 2).

mod balance;
mod catalog;
mod generate;
mod history;
mod keys;
mod maze;
mod morgue;
mod play;
mod replay;
mod resolve;
mod save;
mod stats;
mod vault;

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use delve_levels::generator::GeneratorKind;

/// delve: a roguelike whose levels are generated from seeds and reproduced from keys.
#[derive(Parser, Debug)]
#[command(name = "delve", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a campaign in a window, or headless with a string of actions.
    Play(play::PlayArgs),
    /// Generate one level: ASCII on stdout (key and summary on stderr) or a PNG picture.
    Gen(generate::GenArgs),
    /// Stream a perfect maze (Eller's algorithm) in the text format of Tromp's program.
    Maze(maze::MazeArgs),
    /// Generate many levels and report how they came out; exits 1 if any breaks a guarantee.
    Stats(stats::StatsArgs),
    /// List what every run seed puts on every depth (keys, stairs, loot), for diffing.
    Catalog(catalog::CatalogArgs),
    /// Let bots play many whole runs and report how they fared: win rate, depth of
    /// death, what killed them, turns per depth.
    Balance(balance::BalanceArgs),
    /// Play a recording back without a window, checking every step; exits 1 when the run
    /// comes out differently.
    Replay(replay::ReplayArgs),
    /// Show the runs you finished: the last ones, the best scores, win rate, streaks.
    History(history::HistoryArgs),
    /// The keys in force: the key table with your options.ron applied, and every
    /// action's name for options.ron.
    Keys(keys::KeysArgs),
    /// Write the morgue file of the run in progress (the saved one): who, how far, what
    /// it carries under true names, kills, notes, the last messages and the map.
    Morgue(morgue::MorgueArgs),
    /// Vault designers' tools: check vault files on sample levels of every kind, show
    /// one vault laid into a level.
    Vault {
        #[command(subcommand)]
        command: vault::VaultCommand,
    },
    /// Work with save files.
    Save {
        #[command(subcommand)]
        command: save::SaveCommand,
    },
}

/// Where a level comes from: a config file, a kind, a seed, a depth, or a key.
#[derive(Args, Debug, Clone)]
pub struct LevelArgs {
    /// Level config or campaign file (RON). Default: the built-in campaign (levels/descent.ron).
    #[arg(value_name = "CONFIG")]
    pub config: Option<PathBuf>,
    /// Generator to use instead of the config's, on every depth.
    #[arg(long, value_parser = kind_values())]
    pub kind: Option<GeneratorKind>,
    /// Master seed (an unsigned 64-bit number). Default: the config's seed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Level key printed by `delve gen` or shown in the game; reproduces that level exactly.
    #[arg(long, conflicts_with_all = ["config", "kind", "seed", "depth", "width", "height"])]
    pub key: Option<String>,
    /// Depth of the level (1 = first); picks the config's entry for that depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Level width in tiles, overriding the config.
    #[arg(long)]
    pub width: Option<u32>,
    /// Level height in tiles, overriding the config.
    #[arg(long)]
    pub height: Option<u32>,
    /// Loot table (RON, like levels/loot.ron) instead of the campaign's; needed to use a
    /// level key made under a table of your own.
    #[arg(long, value_name = "FILE")]
    pub loot: Option<PathBuf>,
}

/// `--kind`'s values: every generator kind's name, with its few words for the help.
fn kind_values() -> impl clap::builder::TypedValueParser<Value = GeneratorKind> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values =
        GeneratorKind::ALL.map(|kind| PossibleValue::new(kind.name()).help(kind.info().about));
    PossibleValuesParser::new(values).try_map(|name| {
        GeneratorKind::from_name(&name)
            .ok_or_else(|| format!("no generator kind is named {name:?}"))
    })
}

/// Bad input or a failure worth reporting: printed on stderr, exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// What a subcommand ended with.
pub enum Outcome {
    /// Success.
    Done,
    /// Ran, but found broken guarantees (exit code 1).
    Failed,
}

/// Whether an I/O error is the reader going away (`delve gen | head`): end quietly.
pub fn is_closed_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Writes `text` to stdout; a reader that went away (`| head`) is not an error.
pub fn print_out(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if is_closed_pipe(&e) => Ok(()),
        other => Ok(other?),
    }
}

/// Parses the command line, runs it, and turns the result into an exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play::run(play::PlayArgs::defaults()),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Gen(args)) => generate::run(args),
        Some(Command::Maze(args)) => maze::run(args),
        Some(Command::Stats(args)) => stats::run(args),
        Some(Command::Catalog(args)) => catalog::run(args),
        Some(Command::Balance(args)) => balance::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::History(args)) => history::run(args),
        Some(Command::Keys(args)) => keys::run(args),
        Some(Command::Morgue(args)) => morgue::run(args),
        Some(Command::Vault { command }) => vault::run(command),
        Some(Command::Save { command }) => save::run(command),
    };
    match result {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Err(e) => {
            eprintln!("delve: {e}");
            ExitCode::from(2)
        }
    }
}
