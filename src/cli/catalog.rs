//! `delve catalog`: what every run seed puts on every depth of a campaign, as text or
//! CSV, sorted and stable, for diffing (see `delve::catalog`).

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use delve::catalog::{catalog, parse_seed_range, to_csv, to_text};
use delve::config::MAX_DEPTH;

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

/// Runs `delve catalog`.
pub fn run(args: CatalogArgs) -> Result<Outcome, CliError> {
    let campaign = super::resolve::campaign_file(args.config.as_deref())?;
    let (first, last) = args.seeds;
    let levels = (last - first)
        .saturating_add(1)
        .saturating_mul(args.depths as u64);
    if levels > MAX_LEVELS {
        return Err(CliError(format!(
            "--seeds {first}..{last} with --depths {} is {levels} levels; at most {MAX_LEVELS} at once",
            args.depths
        )));
    }
    let bar = ProgressBar::new(levels);
    bar.set_style(
        ProgressStyle::with_template("catalog [{bar:40}] {pos}/{len} levels, {eta} left")
            .map_err(|e| CliError(e.to_string()))?
            .progress_chars("=> "),
    );
    let threads = args.threads.map_or(0, usize::from);
    let entries = delve::stats::on_threads(threads, || {
        catalog(&campaign, first..=last, args.depths, &|| bar.inc(1))
    })??;
    bar.finish_and_clear();
    let text = match args.format {
        Format::Text => to_text(&entries),
        Format::Csv => to_csv(&entries).map_err(|e| CliError(e.to_string()))?,
    };
    super::print_out(&text)?;
    Ok(Outcome::Done)
}
