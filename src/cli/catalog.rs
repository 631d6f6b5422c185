//! `delve catalog`: what every run seed puts on every depth of a campaign, as text or
//! CSV, sorted and stable, for diffing (see `delve::catalog`).

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use delve::catalog::{CsvCatalog, entry_text, parse_seed_range, stream_catalog};
use delve_levels::rng::MAX_DEPTH;

use super::{CliError, Outcome};

/// Most levels one catalog lists.
const MAX_LEVELS: u64 = 10_000_000;

/// Arguments of `delve catalog`.
#[derive(Args, Debug)]
pub struct CatalogArgs {
    /// Campaign file (RON). Default: the built-in campaign (levels/descent.ron).
    #[arg(value_name = "CONFIG")]
    config: Option<std::path::PathBuf>,
    /// Run seeds: `A..B` (both included) or one seed.
    #[arg(long, value_parser = parse_seed_range)]
    seeds: (u64, u64),
    /// Depths 1 to N of each run.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    depths: u32,
    /// `text` (a line per level, a line per item) or `csv` (a row per level).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Threads to generate on (default: one per core). The catalog is the same for any
    /// number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// A line per level, an indented line per item.
    Text,
    /// A header row, then a row per level.
    Csv,
}

/// Why a streamed catalog stopped early.
enum Stop {
    /// The reader went away (`| head`): not an error.
    ReaderGone,
    /// Anything else: printed, exit 2.
    Failed(CliError),
}

impl From<delve_levels::generator::GenError> for Stop {
    fn from(e: delve_levels::generator::GenError) -> Stop {
        Stop::Failed(CliError::from(e))
    }
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        if super::is_closed_pipe(&e) {
            Stop::ReaderGone
        } else {
            Stop::Failed(CliError::from(e))
        }
    }
}

impl From<csv::Error> for Stop {
    fn from(e: csv::Error) -> Stop {
        match e.into_kind() {
            csv::ErrorKind::Io(e) => Stop::from(e),
            other => Stop::Failed(CliError(format!("{other:?}"))),
        }
    }
}

/// Runs `delve catalog`: the entries are written as they are made, in catalog order, so
/// memory stays flat for any number of seeds.
pub fn run(args: CatalogArgs) -> Result<Outcome, CliError> {
    use std::io::Write;
    let campaign = super::resolve::campaign_file(args.config.as_deref())?;
    let (first, last) = args.seeds;
    // Counted wide: `0..18446744073709551615` is 2^64 seeds, which no u64 holds.
    let levels = (u128::from(last - first) + 1) * u128::from(args.depths);
    if levels > u128::from(MAX_LEVELS) {
        return Err(CliError(format!(
            "--seeds {first}..{last} with --depths {} is {levels} levels; at most {MAX_LEVELS} at once",
            args.depths
        )));
    }
    let bar = ProgressBar::new(levels as u64);
    bar.set_style(
        ProgressStyle::with_template("catalog [{bar:40}] {pos}/{len} levels, {eta} left")
            .map_err(|e| CliError(e.to_string()))?
            .progress_chars("=> "),
    );
    let threads = args.threads.map_or(0, usize::from);
    let written = delve::stats::on_threads(threads, || -> Result<(), Stop> {
        let progress = || bar.inc(1);
        let out = std::io::BufWriter::new(std::io::stdout().lock());
        match args.format {
            Format::Text => {
                let mut out = out;
                stream_catalog(&campaign, first..=last, args.depths, &progress, |entry| {
                    out.write_all(entry_text(&entry).as_bytes())
                        .map_err(Stop::from)
                })?;
                out.flush()?;
            }
            Format::Csv => {
                let mut csv = CsvCatalog::new(out);
                stream_catalog(&campaign, first..=last, args.depths, &progress, |entry| {
                    csv.write(&entry).map_err(Stop::from)
                })?;
                csv.finish()?.flush()?;
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    match written {
        Ok(()) | Err(Stop::ReaderGone) => Ok(Outcome::Done),
        Err(Stop::Failed(e)) => Err(e),
    }
}
