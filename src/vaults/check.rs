//! `delve vault check`: each vault of a file tried alone on sample levels of every kind,
//! by each symmetry it allows in turn, with the checker's proofs on every level it was
//! laid into; what it names that the embedded tables lack; and, per kind, how often it
//! placed, in which mode, and why it did not.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use rayon::prelude::*;

use super::{alone, level_with, trial_config};
use delve_levels::generator::guarantees::check_level;
use delve_levels::generator::{GenError, GeneratorConfig, GeneratorKind};
use delve_levels::loot::LootTable;
use delve_levels::monsters::MonsterTable;
use delve_levels::vaults::{CHECK_ROLLS, Mode, Symmetry, Uniqueness, Vault, VaultSet, VaultVeto};

/// Sample levels a vault is tried on per kind when the command line does not say.
pub const SAMPLES: u32 = 48;

/// Where a vault is tried: a config per kind and how many run seeds of each.
#[derive(Clone, Debug)]
pub struct Trials {
    /// The configs, one per kind, each asking for one vault.
    pub configs: Vec<GeneratorConfig>,
    /// Run seeds 1..=samples of each config; seed `i` lays the vault by its allowed
    /// symmetries in turn.
    pub samples: u32,
}

impl Trials {
    /// Every kind's trial config (see [`trial_config`]), `samples` seeds each.
    pub fn every_kind(samples: u32, size: (Option<u32>, Option<u32>)) -> Result<Trials, GenError> {
        let configs = GeneratorKind::ALL
            .into_iter()
            .map(|kind| trial_config(kind, size))
            .collect::<Result<_, _>>()?;
        Ok(Trials { configs, samples })
    }
}

/// How a vault came out on the sample levels of one kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindOutcome {
    /// The config's kind.
    pub kind: Option<GeneratorKind>,
    /// Its size.
    pub size: (u32, u32),
    /// Levels tried.
    pub tried: u32,
    /// Levels it was laid into, by the mode it was laid in.
    pub placed: BTreeMap<Mode, u32>,
    /// Why it was not laid, by veto.
    pub failures: BTreeMap<VaultVeto, u32>,
    /// Levels that could not be made at all (the level's own fault, not the vault's).
    pub unmade: u32,
    /// The symmetries it was laid by.
    pub symmetries: BTreeSet<Symmetry>,
    /// Broken proofs: run seed, symmetry, what broke.
    pub broken: Vec<(u64, Symmetry, String)>,
}

impl KindOutcome {
    /// Levels it was laid into.
    pub(crate) fn placed_count(&self) -> u32 {
        self.placed.values().sum()
    }
}

/// What checking one vault found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaultCheck {
    /// The vault's name.
    pub name: String,
    /// One line of what it is: category, depths, weight, uniqueness, mode, size.
    pub about: String,
    /// Its own mode (a lay in another is the fallback).
    pub mode: Mode,
    /// The symmetries it allows.
    pub symmetries: Vec<Symmetry>,
    /// Rolls of [`CHECK_ROLLS`] that keep its rules.
    pub rolls_kept: u32,
    /// Per kind, how it came out.
    pub kinds: Vec<KindOutcome>,
    /// What a designer should look at: names the tables lack, a name the embedded set
    /// holds, a kind it never places on.
    pub warnings: Vec<String>,
}

impl VaultCheck {
    /// Levels it was laid into, over every kind.
    pub fn placed(&self) -> u32 {
        self.kinds.iter().map(KindOutcome::placed_count).sum()
    }

    /// Proofs broken on the levels it was laid into.
    pub fn broken(&self) -> usize {
        self.kinds.iter().map(|k| k.broken.len()).sum()
    }

    /// Whether it passes: laid somewhere, and no proof broken.
    pub fn passes(&self) -> bool {
        self.placed() > 0 && self.broken() == 0
    }
}

/// Tries `vault` alone on `trials`, with the warnings of [`content_warnings`] and one
/// for each kind it never places on.
pub fn check_vault(
    vault: &Vault,
    trials: &Trials,
    loot: &LootTable,
    monsters: &MonsterTable,
    embedded: &VaultSet,
) -> VaultCheck {
    let (first, last) = vault.depths;
    let (w, h) = vault.size();
    let about = format!(
        "{}, depths {first}-{last}, weight {}, {}, mode {}, {w}x{h}",
        vault.category.name(),
        vault.weight,
        match vault.unique {
            Uniqueness::Any => "any number a level",
            Uniqueness::Level => "once a level",
            Uniqueness::Run => "once a run",
        },
        vault.mode.name(),
    );
    let sets: Vec<VaultSet> = vault
        .symmetries
        .iter()
        .map(|&s| alone(vault, Some(s)))
        .collect();
    let kinds: Vec<KindOutcome> = trials
        .configs
        .par_iter()
        .map(|config| try_kind(vault, config, &sets, trials.samples))
        .collect();
    let mut warnings = content_warnings(vault, loot, monsters, embedded);
    for outcome in kinds.iter().filter(|k| k.placed_count() == 0) {
        let kind = outcome.kind.map_or("?", GeneratorKind::name);
        let why: Vec<String> = outcome.failures.keys().map(|v| hint(v, vault)).collect();
        warnings.push(format!(
            "never placed on {kind} ({}x{}): {}{}",
            outcome.size.0,
            outcome.size.1,
            failures_text(outcome),
            if why.is_empty() {
                String::new()
            } else {
                format!(" — {}", why.join("; "))
            }
        ));
    }
    VaultCheck {
        name: vault.name.clone(),
        about,
        mode: vault.mode,
        symmetries: vault.symmetries.clone(),
        rolls_kept: vault.check_rolls(CHECK_ROLLS).0,
        kinds,
        warnings,
    }
}

/// `vault` laid alone on `samples` levels of `config`, seed `i` by the symmetry of
/// `sets[i % len]`.
fn try_kind(
    vault: &Vault,
    config: &GeneratorConfig,
    sets: &[VaultSet],
    samples: u32,
) -> KindOutcome {
    let mut outcome = KindOutcome {
        kind: Some(config.kind()),
        size: config.size(),
        ..KindOutcome::default()
    };
    let depth = vault.depths.0;
    let clearance = config.stair_clearance();
    let allow_pockets = !config.keeps_one_region();
    let levels: Vec<_> = (1..=u64::from(samples))
        .into_par_iter()
        .map(|seed| {
            let index = (seed - 1) as usize % sets.len();
            let level = level_with(config, &sets[index], depth, seed);
            (seed, vault.symmetries[index], level)
        })
        .collect();
    for (seed, symmetry, level) in levels {
        outcome.tried += 1;
        let Ok(level) = level else {
            outcome.unmade += 1;
            continue;
        };
        match level.report.vaults.slots.first() {
            Some((_, Some(veto))) => *outcome.failures.entry(veto.clone()).or_default() += 1,
            Some((_, None)) => {
                if let Some(placed) = level.vaults.first() {
                    *outcome.placed.entry(placed.mode).or_default() += 1;
                    outcome.symmetries.insert(placed.symmetry);
                }
                if let Err(broken) = check_level(&level, clearance, allow_pockets) {
                    outcome.broken.push((seed, symmetry, broken.to_string()));
                }
            }
            None => *outcome.failures.entry(VaultVeto::NoneEligible).or_default() += 1,
        }
    }
    outcome
}

/// What `vault` names that the tables lack (a monster, an item, an appearance class),
/// and its name when the embedded set holds another vault of that name.
pub(crate) fn content_warnings(
    vault: &Vault,
    loot: &LootTable,
    monsters: &MonsterTable,
    embedded: &VaultSet,
) -> Vec<String> {
    let mut warnings = Vec::new();
    if let Some(other) = embedded.get(&vault.name)
        && other.text() != vault.text()
    {
        warnings.push(format!(
            "the name is taken by the embedded vault at {}: a campaign's own vault_set \
             replaces the embedded set, but reports and catalogs would name both alike",
            other.origin
        ));
    }
    let specs = vault.specs();
    for name in specs.monsters.iter().filter_map(|m| m.name.as_deref()) {
        if monsters.index_of(name).is_none() {
            let known: Vec<&str> = monsters.kinds().iter().map(|k| k.name.as_str()).collect();
            warnings.push(format!(
                "monster \"{name}\" is not in the monster table (it has: {})",
                known.join(", ")
            ));
        }
    }
    for name in specs.items.iter().filter_map(|i| i.name.as_deref()) {
        if loot.index_of(name).is_none() {
            warnings.push(format!(
                "item \"{name}\" is not in the loot table: the vault is never placed \
                 (see levels/loot.ron for the names)"
            ));
        }
    }
    for class in specs.items.iter().filter_map(|i| i.class.as_deref()) {
        if !loot.appearance_classes().iter().any(|c| c.class == class) {
            let known: Vec<&str> = loot
                .appearance_classes()
                .iter()
                .map(|c| c.class.as_str())
                .collect();
            warnings.push(format!(
                "item class \"{class}\" is not in the loot table: any item is drawn instead \
                 (classes: {})",
                known.join(", ")
            ));
        }
    }
    if vault.has_locks() && loot.key_item().is_none() {
        warnings.push("the loot table has no key item (effect `Key`) for its locks".into());
    }
    warnings
}

/// What a designer can do about `veto` for `vault`.
fn hint(veto: &VaultVeto, vault: &Vault) -> String {
    let (w, h) = vault.size();
    match veto {
        VaultVeto::NoRoom => format!(
            "{veto}: a {w}x{h} map (and, laid as a room, its ring of floor: {}x{}) finds no free place away from the stairs; make it smaller or try larger levels (--width, --height)",
            w + 2,
            h + 2
        ),
        VaultVeto::Disconnects => format!(
            "{veto}, or would leave an exit unjoined: give it more exits, or exits on more sides"
        ),
        VaultVeto::NoTunnel => format!("{veto} within 40 tiles: try mode Room or Floor"),
        VaultVeto::NoGoodRoll => format!("{veto}: loosen its rules or its choices"),
        other => other.to_string(),
    }
}

/// The failures of `outcome` as `no room 40, disconnects 8`, or `none`.
fn failures_text(outcome: &KindOutcome) -> String {
    let mut parts: Vec<String> = outcome
        .failures
        .iter()
        .map(|(veto, n)| format!("{} {n}", veto.short()))
        .collect();
    if outcome.unmade > 0 {
        parts.push(format!("level not made {}", outcome.unmade));
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// The report of one vault, as `delve vault check` prints it.
pub fn check_text(check: &VaultCheck, origin: &str) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "vault \"{}\" ({origin})", check.name);
    let _ = writeln!(t, "  {}", check.about);
    let symmetries: Vec<String> = check.symmetries.iter().map(|s| s.short()).collect();
    let _ = writeln!(
        t,
        "  symmetries allowed: {} ({}); {} of {CHECK_ROLLS} test rolls keep its rules",
        check.symmetries.len(),
        symmetries.join(" "),
        check.rolls_kept
    );
    for outcome in &check.kinds {
        let kind = outcome.kind.map_or("?", GeneratorKind::name);
        let modes: Vec<String> = outcome
            .placed
            .iter()
            .map(|(mode, n)| {
                let fallback = if *mode == check.mode {
                    ""
                } else {
                    " (fallback)"
                };
                format!("{}{fallback} {n}", mode.name())
            })
            .collect();
        let modes = if modes.is_empty() {
            String::new()
        } else {
            format!(" (as {})", modes.join(", "))
        };
        let _ = writeln!(
            t,
            "  {kind:<10} {}x{}: placed {}/{}{modes}, symmetries seen {}/{}, failures: {}",
            outcome.size.0,
            outcome.size.1,
            outcome.placed_count(),
            outcome.tried,
            outcome.symmetries.len(),
            check.symmetries.len(),
            failures_text(outcome)
        );
    }
    let _ = writeln!(
        t,
        "  proofs: {} broken on {} levels it was laid into",
        check.broken(),
        check.placed()
    );
    for (kind, (seed, symmetry, what)) in check
        .kinds
        .iter()
        .flat_map(|k| k.broken.iter().map(move |b| (k.kind, b)))
        .take(5)
    {
        let kind = kind.map_or("?", GeneratorKind::name);
        let _ = writeln!(
            t,
            "  BROKEN on {kind} seed {seed} ({}): {what}",
            symmetry.short()
        );
    }
    for warning in &check.warnings {
        let _ = writeln!(t, "  warning: {warning}");
    }
    if check.placed() == 0 {
        let _ = writeln!(t, "  FAILS: it never places on any sample level");
    }
    t
}
