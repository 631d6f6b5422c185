//! `delve stats`: generate many levels on all cores and tabulate how they came out —
//! every measure's distribution, the vetoed layouts and why, every guarantee checked by
//! the independent checker — and, with `--plot`, draw the expressive-range plots. With
//! `--all-kinds`, every generator kind is surveyed and compared in one table and picture.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use delve::stats::Survey;
use delve::stats::kinds::KindSurveys;

use super::{CliError, LevelArgs, Outcome, resolve};

/// Arguments of `delve stats`: the levels of one depth (`--depth`, default 1) of the
/// config, for run seeds S, S+1, ….
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// How many levels to generate (seeds S, S+1, …).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    count: u64,
    /// Threads to generate on (default: one per core). The table is the same for any
    /// number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Also draw the expressive-range plots (2-D histograms of measure pairs and a
    /// histogram per measure) into this PNG file.
    #[arg(long, value_name = "FILE.png")]
    plot: Option<std::path::PathBuf>,
    /// Survey every generator kind, as `--kind` gives each (the config's first entry of
    /// the kind, or its defaults), and compare them: a table of medians, and with
    /// `--plot` one picture with each kind in its own colour.
    #[arg(long, conflicts_with_all = ["kind", "key"])]
    all_kinds: bool,
}

/// Why `--plot` is refused in a delve built without plotters.
const NO_PLOT_FEATURE: &str = "--plot: this delve was built without the `plot` feature";

/// Runs `delve stats`.
pub fn run(args: StatsArgs) -> Result<Outcome, CliError> {
    if args.all_kinds {
        return run_all_kinds(args);
    }
    let campaign = resolve::campaign(&args.level)?;
    let base = resolve::level_key_in(&args.level, &campaign)?;
    if let Some(path) = &args.plot {
        check_plot_path(path)?;
    }
    let bar = progress_bar(args.count)?;
    bar.set_message(format!("{}", base.config.kind()));
    let threads = args.threads.map_or(0, usize::from);
    let survey = Survey::run_with(
        &base,
        campaign.loot_table(),
        campaign.vault_set(),
        args.count,
        threads,
        &|| bar.inc(1),
    )?;
    bar.finish_and_clear();
    super::print_out(&survey.table())?;
    if let Some(path) = &args.plot {
        write_plot(&survey, path)?;
        eprintln!("plots written to {}", path.display());
    }
    if let Some(first) = &survey.first_problem {
        eprintln!("first problem: {first}");
        return Ok(Outcome::Failed);
    }
    Ok(Outcome::Done)
}

/// `delve stats --all-kinds`: every kind's survey, one after the other.
fn run_all_kinds(args: StatsArgs) -> Result<Outcome, CliError> {
    let campaign = resolve::campaign(&args.level)?;
    if let Some(path) = &args.plot {
        check_plot_path(path)?;
    }
    let bar = progress_bar(args.count)?;
    let threads = args.threads.map_or(0, usize::from);
    let kinds = KindSurveys::run(
        |kind| {
            let level = super::LevelArgs {
                kind: Some(kind),
                ..args.level.clone()
            };
            resolve::level_key_in(&level, &campaign)
        },
        campaign.loot_table(),
        campaign.vault_set(),
        args.count,
        threads,
        &mut |kind| {
            bar.reset();
            bar.set_message(kind.to_string());
        },
        &|| bar.inc(1),
    )?;
    bar.finish_and_clear();
    super::print_out(&kinds.table())?;
    if let Some(path) = &args.plot {
        write_kinds_plot(&kinds, path)?;
        eprintln!("plots written to {}", path.display());
    }
    if let Some(first) = kinds.first_problem() {
        eprintln!("first problem: {first}");
        return Ok(Outcome::Failed);
    }
    Ok(Outcome::Done)
}

/// The progress bar of a survey of `count` levels.
fn progress_bar(count: u64) -> Result<ProgressBar, CliError> {
    let bar = ProgressBar::new(count);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} levels, {eta} left")
            .map_err(|e| CliError(e.to_string()))?
            .progress_chars("=> "),
    );
    Ok(bar)
}

/// Refuses a plot file that is not a `.png` before any level is made.
fn check_plot_path(path: &std::path::Path) -> Result<(), CliError> {
    let is_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !is_png {
        return Err(CliError(format!(
            "--plot {}: the plots are a PNG picture; give a file name ending in .png",
            path.display()
        )));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder.filter(|f| !f.is_dir()) {
        return Err(CliError(format!(
            "--plot {}: no folder {}",
            path.display(),
            folder.display()
        )));
    }
    if cfg!(not(feature = "plot")) {
        return Err(CliError(NO_PLOT_FEATURE.into()));
    }
    Ok(())
}

#[cfg(feature = "plot")]
fn write_plot(survey: &Survey, path: &std::path::Path) -> Result<(), CliError> {
    let png = delve::stats::plot::expressive_range_png(survey)
        .map_err(|e| CliError(format!("--plot {}: {e}", path.display())))?;
    std::fs::write(path, png).map_err(|e| CliError(format!("--plot {}: {e}", path.display())))
}

#[cfg(not(feature = "plot"))]
fn write_plot(_: &Survey, _: &std::path::Path) -> Result<(), CliError> {
    Err(CliError(NO_PLOT_FEATURE.into()))
}

#[cfg(feature = "plot")]
fn write_kinds_plot(kinds: &KindSurveys, path: &std::path::Path) -> Result<(), CliError> {
    let png = delve::stats::plot::kinds::kinds_png(kinds)
        .map_err(|e| CliError(format!("--plot {}: {e}", path.display())))?;
    std::fs::write(path, png).map_err(|e| CliError(format!("--plot {}: {e}", path.display())))
}

#[cfg(not(feature = "plot"))]
fn write_kinds_plot(_: &KindSurveys, _: &std::path::Path) -> Result<(), CliError> {
    Err(CliError(NO_PLOT_FEATURE.into()))
}
