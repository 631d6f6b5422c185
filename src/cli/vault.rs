//! `delve vault check` and `delve vault show`: the vault designer's tools (see
//! `delve::vaults`).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use delve::picture::{Outline, write_png_outlined};
use delve::vaults::check::{SAMPLES, Trials, check_text, check_vault};
use delve::vaults::show::{heading_text, level_text, roll_text, show_vault};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::GeneratorKind;
use delve_levels::loot::default_loot_table;
use delve_levels::monsters::default_monster_table;
use delve_levels::vaults::{Vault, VaultSet};

use super::generate::{Format, write_file};
use super::{CliError, Outcome, kind_values, print_out};

/// The vault tools.
#[derive(Subcommand, Debug)]
pub enum VaultCommand {
    /// Read vault files, then try each vault alone on sample levels of every kind (each
    /// symmetry it allows in turn) with the checker's proofs; say where it places, in
    /// which mode, and why not. Exit 0: every vault places and no proof broke; 1: a
    /// vault never places or a proof broke; 2: a file is unreadable or invalid.
    Check(CheckArgs),
    /// Lay one roll of a vault into a level and print its map as laid, what each glyph
    /// became, and the level with the vault's box marked (or a PNG with it outlined).
    Show(ShowArgs),
}

/// Arguments of `delve vault check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Vault files (RON, like levels/vaults/*.ron), or folders of them.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Sample levels per generator kind (run seeds 1..=N).
    #[arg(long, default_value_t = SAMPLES, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    samples: u32,
    /// Width of the sample levels, instead of the built-in campaign's for each kind.
    #[arg(long)]
    width: Option<u32>,
    /// Height of the sample levels, instead of the built-in campaign's for each kind.
    #[arg(long)]
    height: Option<u32>,
}

/// Arguments of `delve vault show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Vault file (RON).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The vault to show (default: the file's first).
    #[arg(long)]
    vault: Option<String>,
    /// Run seed of the level it is laid into (the next seeds are tried when it does not
    /// place on this one).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Generator of the level (default: the built-in campaign's at the depth).
    #[arg(long, value_parser = kind_values())]
    kind: Option<GeneratorKind>,
    /// Depth of the level (default: the vault's first depth).
    #[arg(long)]
    depth: Option<u32>,
    /// `ascii` (the vault and the level as text) or `png` (the level with the vault's box
    /// outlined; needs --output).
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// Write to this file instead of stdout.
    #[arg(long, short, visible_alias = "out")]
    output: Option<PathBuf>,
}

/// Pixels per tile side of `vault show --format png`.
const SHOW_SCALE: u32 = 6;

/// Runs `delve vault …`.
pub fn run(command: VaultCommand) -> Result<Outcome, CliError> {
    match command {
        VaultCommand::Check(args) => check(args),
        VaultCommand::Show(args) => show(args),
    }
}

/// Every file read; each one's error printed, the last returned (exit 2).
fn read_all(files: &[PathBuf]) -> Result<Vec<(PathBuf, VaultSet)>, CliError> {
    let mut sets = Vec::new();
    let mut errors = Vec::new();
    for file in files {
        match VaultSet::load(file) {
            Ok(set) => sets.push((file.clone(), set)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    match errors.pop() {
        Some(last) => {
            for e in errors {
                eprintln!("delve: {e}");
            }
            Err(CliError(last))
        }
        None => Ok(sets),
    }
}

fn check(args: CheckArgs) -> Result<Outcome, CliError> {
    let sets = read_all(&args.files)?;
    let trials = Trials::every_kind(args.samples, (args.width, args.height))
        .map_err(|e| CliError(format!("sample levels (--width, --height): {e}")))?;
    let (loot, monsters) = (default_loot_table(), default_monster_table());
    let embedded = VaultSet::embedded();
    let (mut vaults, mut failing, mut broken) = (0, Vec::new(), 0);
    let mut seen: Vec<&Vault> = Vec::new();
    // The files the vaults came from (a folder holds several): each vault's origin is
    // `file:line:column`.
    let mut files = std::collections::BTreeSet::new();
    for (file, set) in &sets {
        print_out(&format!(
            "{}: {} vault(s)\n",
            file.display(),
            set.vaults().len()
        ))?;
        for vault in set.vaults() {
            let mut check = check_vault(vault, &trials, loot, monsters, embedded);
            if let Some(earlier) = seen.iter().find(|v| v.name == vault.name) {
                check.warnings.push(format!(
                    "the name is taken by the vault at {}: one set cannot hold both",
                    earlier.origin
                ));
            }
            seen.push(vault);
            files.insert(vault.origin.rsplitn(3, ':').last().unwrap_or_default());
            vaults += 1;
            broken += check.broken();
            if !check.passes() {
                failing.push(vault.name.clone());
            }
            print_out(&check_text(&check, &vault.origin))?;
        }
    }
    let verdict = if failing.is_empty() {
        "every vault places".to_owned()
    } else {
        format!("FAILING: {}", failing.join(", "))
    };
    print_out(&format!(
        "checked {vaults} vault(s) in {} file(s), {} sample levels per kind: {verdict}; {broken} proof(s) broken\n",
        files.len(),
        args.samples
    ))?;
    Ok(if failing.is_empty() {
        Outcome::Done
    } else {
        Outcome::Failed
    })
}

/// The vault of `set` named `name` (or its first), or an error listing the names.
fn chosen<'s>(set: &'s VaultSet, name: Option<&str>, file: &Path) -> Result<&'s Vault, CliError> {
    let names = || {
        set.vaults()
            .iter()
            .map(|v| format!("\"{}\"", v.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match name {
        Some(name) => set.get(name).ok_or_else(|| {
            CliError(format!(
                "--vault: {} has no vault \"{name}\"; its vaults: {}",
                file.display(),
                names()
            ))
        }),
        None => set
            .vaults()
            .first()
            .ok_or_else(|| CliError(format!("{} holds no vault", file.display()))),
    }
}

fn show(args: ShowArgs) -> Result<Outcome, CliError> {
    if args.format == Format::Png && args.output.is_none() {
        return Err(CliError(
            "--format png writes a picture: add --output FILE.png".into(),
        ));
    }
    let set = VaultSet::load(&args.file)?;
    let vault = chosen(&set, args.vault.as_deref(), &args.file)?;
    let (first, last) = vault.depths;
    let depth = args.depth.unwrap_or(first);
    if !(first..=last).contains(&depth) {
        return Err(CliError(format!(
            "--depth {depth}: vault \"{}\" appears on depths {first}-{last} only",
            vault.name
        )));
    }
    let campaign = CampaignConfig::builtin();
    let config = match args.kind {
        Some(kind) => campaign.config_of_kind(kind),
        None => campaign.config_at(depth).clone(),
    };
    let shown = show_vault(vault, &config, depth, args.seed)?;
    let bytes = match args.format {
        Format::Ascii => {
            let text = heading_text(vault, &shown, &config, depth)
                + &roll_text(vault, &shown, default_loot_table(), default_monster_table())
                + "the level, the vault's columns marked v and its rows >:\n"
                + &level_text(&shown);
            text.into_bytes()
        }
        Format::Png => {
            let mut png = Vec::new();
            let outlines: Vec<Outline> = shown.level.vaults.iter().map(Outline::of_vault).collect();
            write_png_outlined(&shown.level.tiles, SHOW_SCALE, &outlines, &mut png)?;
            png
        }
    };
    match &args.output {
        Some(path) => {
            write_file(path, &bytes).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
            eprintln!("{}", heading_text(vault, &shown, &config, depth).trim_end());
        }
        None => print_out(&String::from_utf8_lossy(&bytes))?,
    }
    Ok(Outcome::Done)
}
