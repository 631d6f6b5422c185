//! `delve stats`: generate many levels and tabulate how they came out, checking every
//! guarantee with the independent checker.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use delve::generator::guarantees::{check_level, label_regions_simple};
use delve::generator::{GeneratorConfig, PocketRepair, generate_layout};
use delve::key::LevelKey;
use delve::rng::{Stream, StreamRng};

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
}

#[derive(Default)]
struct Tally {
    levels: u64,
    pockets_blanked: u64,
    pockets_unblanked: u64,
    floor_permille: u64,
    dead_ends: u64,
    cycles: u64,
    stair_distance: u64,
    chambers: u64,
    retries: u64,
    failures: u64,
    broken: u64,
}

/// Whether the raw automaton (no repair) leaves pockets with this config.
fn has_raw_pockets(config: &GeneratorConfig, seed: u64, blanking: bool) -> bool {
    let GeneratorConfig::Cave(cave) = config else {
        return false;
    };
    let mut raw = cave.clone();
    raw.pocket_repair = PocketRepair::Off;
    if !blanking {
        raw.blanking_height = 0;
    }
    let layout = generate_layout(
        &GeneratorConfig::Cave(raw),
        &mut StreamRng::new(seed, Stream::Layout),
    );
    label_regions_simple(&layout.tiles).1 > 1
}

/// Runs `delve stats`.
pub fn run(args: StatsArgs) -> Result<Outcome, CliError> {
    let base = resolve::level_key(&args.level)?;
    let bar = ProgressBar::new(args.count);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} levels, {eta} left")
            .map_err(|e| CliError(e.to_string()))?
            .progress_chars("=> "),
    );
    bar.set_message(format!("{}", base.config.kind()));
    let mut t = Tally::default();
    let clearance = base.config.stair_clearance();
    let allow_pockets =
        matches!(&base.config, GeneratorConfig::Cave(c) if c.pocket_repair == PocketRepair::Off);
    let mut first_broken = None;
    for i in 0..args.count {
        let key = LevelKey {
            seed: base.seed.wrapping_add(i),
            ..base.clone()
        };
        let seed = key.level_seed();
        t.levels += 1;
        t.pockets_blanked += has_raw_pockets(&key.config, seed, true) as u64;
        t.pockets_unblanked += has_raw_pockets(&key.config, seed, false) as u64;
        match key.generate() {
            Ok(level) => {
                let r = &level.report;
                t.floor_permille += r.floor_permille as u64;
                t.dead_ends += r.dead_ends as u64;
                t.cycles += r.cycles_added as u64;
                t.stair_distance += r.stair_distance as u64;
                t.chambers += r.carved_chambers as u64;
                t.retries += r.retries as u64;
                if let Err(v) = check_level(&level, clearance, allow_pockets) {
                    t.broken += 1;
                    first_broken.get_or_insert_with(|| format!("key {}: {v}", key.encode()));
                }
            }
            Err(e) => {
                t.failures += 1;
                first_broken.get_or_insert_with(|| format!("key {}: {e}", key.encode()));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let n = t.levels.max(1) as f64;
    let ok = t.levels - t.failures;
    let avg = |v: u64| v as f64 / ok.max(1) as f64;
    let mut table = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(table, "kind                         {}", base.config.kind());
    let _ = writeln!(
        table,
        "depth                        {} (the config's entry for it; --depth picks another)",
        base.depth
    );
    let _ = writeln!(
        table,
        "run seeds                    {}..={}",
        base.seed,
        base.seed.wrapping_add(args.count - 1)
    );
    let _ = writeln!(table, "levels                       {}", t.levels);
    let _ = writeln!(
        table,
        "pockets before repair        {} with blanking ({:.2}%), {} without ({:.2}%)",
        t.pockets_blanked,
        100.0 * t.pockets_blanked as f64 / n,
        t.pockets_unblanked,
        100.0 * t.pockets_unblanked as f64 / n
    );
    let _ = writeln!(
        table,
        "floor share                  {:.1}%",
        avg(t.floor_permille) / 10.0
    );
    let _ = writeln!(
        table,
        "dead ends per level          {:.2}",
        avg(t.dead_ends)
    );
    let _ = writeln!(table, "cycles added per level       {:.2}", avg(t.cycles));
    let _ = writeln!(
        table,
        "stair distance (steps)       {:.1}",
        avg(t.stair_distance)
    );
    let _ = writeln!(
        table,
        "chambers carved              {} ({:.2} per level)",
        t.chambers,
        avg(t.chambers)
    );
    let _ = writeln!(table, "retries                      {}", t.retries);
    let _ = writeln!(table, "failures                     {}", t.failures);
    let _ = writeln!(table, "broken guarantees            {}", t.broken);
    super::print_out(&table)?;
    if let Some(first) = first_broken {
        eprintln!("first problem: {first}");
        return Ok(Outcome::Failed);
    }
    Ok(Outcome::Done)
}
