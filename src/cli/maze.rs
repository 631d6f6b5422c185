//! `delve maze`: a perfect maze streamed row by row in constant memory.

use std::io::{self, BufWriter};

use clap::Args;

use delve_levels::generator::MazeConfig;
use delve_levels::generator::maze::write_tromp;
use delve_levels::rng::{Stream, StreamRng};

use super::{CliError, Outcome, is_closed_pipe};

/// Widest maze `delve maze` streams, in cells.
pub const MAX_WIDTH: u64 = 1_000_000;

/// Arguments of `delve maze`.
#[derive(Args, Debug)]
pub struct MazeArgs {
    /// Cells across (1–1000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_WIDTH))]
    width: u64,
    /// Rows of cells (1 or more); without it the maze goes on until stdout is closed.
    #[arg(long, value_parser = parse_rows)]
    rows: Option<u64>,
    /// Seed of the maze.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Reads `--rows`: a whole number of at least 1.
fn parse_rows(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("a maze needs at least 1 row".into()),
        Ok(rows) => Ok(rows),
        Err(_) => Err(format!("{text:?} is not a whole number of rows")),
    }
}

/// Runs `delve maze`.
pub fn run(args: MazeArgs) -> Result<Outcome, CliError> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut rng = StreamRng::new(args.seed, Stream::Layout);
    match write_tromp(
        &mut out,
        args.width as usize,
        args.rows,
        &MazeConfig::default(),
        &mut rng,
    ) {
        Err(e) if is_closed_pipe(&e) => Ok(Outcome::Done),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(Outcome::Done),
    }
}
