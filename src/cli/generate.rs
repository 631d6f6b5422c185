//! `delve gen`: one level as ASCII (stdout) or PNG, with its key and a summary on stderr.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use delve::picture::{Outline, write_png_outlined};
use delve::vaults::vault_line;
use delve_levels::generator::Level;
use delve_levels::generator::cyclic::patterns::PatternSet;
use delve_levels::generator::features::FeatureReport;
use delve_levels::grid::{Tile, Trap};
use delve_levels::key::LevelKey;

use super::{CliError, LevelArgs, Outcome, is_closed_pipe, resolve};

/// Arguments of `delve gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Output format: `ascii` (one glyph a tile; the book's "Map legend", docs/src/command-line.md, lists them) or `png`.
    /// Default: `png` for an --out file ending in .png, otherwise `ascii`.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write to this file instead of stdout (required for png unless stdout is redirected).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Cycle patterns (RON, like levels/cycles.ron) a cyclic dungeon's plan is drawn
    /// from instead of the embedded ones: to see patterns of your own. The printed key
    /// gives the embedded patterns' level, not this one.
    #[arg(long, value_name = "FILE")]
    patterns: Option<PathBuf>,
    /// Pixels per tile side in PNG output (1–32, default 4).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=32))]
    scale: Option<u32>,
}

/// Pixels per tile side when `--scale` is not given.
const DEFAULT_SCALE: u32 = 4;

/// The output format the arguments ask for: `--format`, else the --out file's
/// extension, else ASCII. Refuses combinations that would write something other than
/// what the user expects (ASCII into a .png file, a scale for text).
fn output_format(args: &GenArgs) -> Result<Format, CliError> {
    let png_file = args
        .out
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")));
    let format = match args.format {
        Some(Format::Ascii) if png_file => {
            return Err(CliError(
                "--format ascii would write text into a .png file; drop --format, or name the file otherwise".into(),
            ));
        }
        Some(format) => format,
        None if png_file => Format::Png,
        None => Format::Ascii,
    };
    if format == Format::Png && args.out.is_none() && io::stdout().is_terminal() {
        return Err(CliError(
            "a PNG picture is binary and would garble this terminal; add --out FILE.png or redirect stdout".into(),
        ));
    }
    if format == Format::Ascii && args.scale.is_some() {
        return Err(CliError(
            "--scale sets the pixels per tile of a picture; add --format png (or --out FILE.png)"
                .into(),
        ));
    }
    Ok(format)
}

/// How a level is written: as text or as a picture.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// H lines of W characters.
    Ascii,
    /// A picture, one colour per tile kind.
    Png,
}

/// One line describing a level, for stderr and logs.
pub fn summary(key: &LevelKey, level: &Level) -> String {
    let r = &level.report;
    format!(
        "{} {}x{} depth {} seed {}: floor {}.{}%, stairs {} steps apart, {} items, {} chambers carved, {} retries{}",
        level.kind,
        level.tiles.width(),
        level.tiles.height(),
        key.depth,
        key.seed,
        r.floor_permille / 10,
        r.floor_permille % 10,
        r.stair_distance,
        level.loot.len(),
        r.carved_chambers,
        r.retries,
        level
            .rooms
            .as_ref()
            .map(|g| format!(
                ", {} rooms, {} connections ({} cycles)",
                g.rooms.len(),
                g.connections.len(),
                g.cycles_added
            ))
            .unwrap_or_default(),
    ) + &terrain_on(key, level)
}

/// The terrain lying on `level`, as the summary ends: the feature layer's lakes and
/// bridges (and what it refused), with the doors and traps counted on the tiles — the
/// feature layer's, a vault's and a plan's own (a cyclic dungeon's secret door,
/// guarding trap, lock, barred door or ledge) alike. Nothing when the level has none and its features are off.
fn terrain_on(key: &LevelKey, level: &Level) -> String {
    let tiles = &level.tiles;
    let traps = Trap::ALL
        .iter()
        .map(|t| tiles.count(t.tile()))
        .sum::<usize>();
    let on_the_tiles = FeatureReport {
        closed_doors: tiles.count(Tile::ClosedDoor) as u32,
        secret_doors: tiles.count(Tile::SecretDoor) as u32,
        traps: traps as u32,
        vetoes: Vec::new(),
        ..level.report.features.clone()
    };
    let locks = match tiles.count(Tile::LockedDoor) {
        0 => String::new(),
        1 => ", 1 locked door".to_owned(),
        n => format!(", {n} locked doors"),
    };
    let barred = match tiles.count(Tile::BarredDoor) {
        0 => String::new(),
        1 => ", 1 barred door".to_owned(),
        n => format!(", {n} barred doors"),
    };
    let ledges = match tiles.count(Tile::Ledge) {
        0 => String::new(),
        1 => ", 1 ledge".to_owned(),
        n => format!(", {n} ledges"),
    };
    let locks = locks + &barred + &ledges;
    let none = on_the_tiles == FeatureReport::default() && locks.is_empty();
    if key.config.features().is_off() && none {
        return String::new();
    }
    // What the layer refused, after all that lies (as the report prints it).
    let refused = FeatureReport {
        vetoes: level.report.features.vetoes.clone(),
        ..FeatureReport::default()
    }
    .to_string();
    let refused = refused.find(" (refused").map_or("", |at| &refused[at..]);
    format!("; terrain: {on_the_tiles}{locks}{refused}")
}

/// Runs `delve gen`.
pub fn run(args: GenArgs) -> Result<Outcome, CliError> {
    let format = output_format(&args)?;
    let key = resolve::level_key(&args.level)?;
    let scale = args.scale.unwrap_or(DEFAULT_SCALE);
    if format == Format::Png {
        // Refused before the level is made: a 4096x4096 level takes a while to generate.
        let (w, h) = key.config.size();
        let (w, h) = (
            u64::from(w) * u64::from(scale),
            u64::from(h) * u64::from(scale),
        );
        if w.max(h) > u64::from(delve::picture::MAX_SIDE) {
            return Err(CliError(format!(
                "a {w}x{h} picture is too large (at most {} pixels a side); lower --scale",
                delve::picture::MAX_SIDE
            )));
        }
    }
    let campaign = resolve::campaign(&args.level)?;
    let level = match &args.patterns {
        Some(path) => {
            let set = PatternSet::load(path).map_err(|e| CliError(format!("--patterns: {e}")))?;
            key.generate_with_patterns(campaign.loot_table(), campaign.vault_set(), &set)?
        }
        None => key.generate_from(campaign.loot_table(), campaign.vault_set())?,
    };
    let bytes = match format {
        Format::Ascii => level.tiles.to_ascii().into_bytes(),
        Format::Png => {
            let mut png = Vec::new();
            let outlines: Vec<Outline> = level.vaults.iter().map(Outline::of_vault).collect();
            write_png_outlined(&level.tiles, scale, &outlines, &mut png)?;
            png
        }
    };
    match &args.out {
        Some(path) => {
            write_file(path, &bytes).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        }
        None => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match out.write_all(&bytes).and_then(|_| out.flush()) {
                Err(e) if is_closed_pipe(&e) => return Ok(Outcome::Done),
                other => other?,
            }
        }
    }
    eprintln!("key {}", key.encode());
    if let Some(path) = &args.patterns {
        eprintln!(
            "patterns {} (the key gives the level of the embedded patterns, not this one)",
            path.display()
        );
    }
    eprintln!("{}", summary(&key, &level));
    for vault in &level.vaults {
        eprintln!("{}", vault_line(vault));
    }
    if let Some(plan) = &level.plan {
        // A planned kind (cyclic): the graph the tiles were laid from.
        eprint!("{plan}");
    }
    Ok(Outcome::Done)
}

/// Writes `bytes` to the file at `path`, synced.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}
