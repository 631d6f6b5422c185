//! Designers' tools for vaults: [`check`] tries each vault of a file alone on sample
//! levels of every kind and says where and why it cannot place (`delve vault check`);
//! [`show`] lays one roll of a vault into a level and draws both (`delve vault show`).
//! This file holds what they share: the sample level of one vault, and the one-line
//! descriptions of a placed vault that `gen`, `catalog` and `vault show` print.

pub mod check;
pub mod show;

use delve_levels::config::CampaignConfig;
use delve_levels::generator::{GenError, GeneratorConfig, GeneratorKind, Level};
use delve_levels::key::LevelKey;
use delve_levels::loot::default_loot_table;
use delve_levels::vaults::{PlacedVault, Symmetry, Uniqueness, Vault, VaultSet};

/// The config a vault is tried on for `kind`: the built-in campaign's first config of
/// that kind (its size, its terrain), asking for one vault, resized when `size` gives a
/// width or a height.
pub(crate) fn trial_config(
    kind: GeneratorKind,
    size: (Option<u32>, Option<u32>),
) -> Result<GeneratorConfig, GenError> {
    let mut config = CampaignConfig::builtin().config_of_kind(kind);
    config.set_vaults(1);
    config.set_size(size.0, size.1);
    config.validate()?;
    Ok(config)
}

/// `vault` as the only vault of a set, so a level asking for one vault draws it: laid
/// by `symmetry` alone (when given), and eligible on every depth of its range (a
/// vault unique per run is tried as one unique per level: which depth a run gives it
/// is a matter of draws, not of fitting).
pub fn alone(vault: &Vault, symmetry: Option<Symmetry>) -> VaultSet {
    let mut trial = vault.clone();
    if let Some(symmetry) = symmetry {
        trial.symmetries = vec![symmetry];
    }
    if trial.unique == Uniqueness::Run {
        trial.unique = Uniqueness::Level;
    }
    VaultSet::of(vec![trial])
}

/// The level of run `seed` at `depth` made by `config` with its vaults drawn from
/// `set` (and its loot from the embedded table).
pub fn level_with(
    config: &GeneratorConfig,
    set: &VaultSet,
    depth: u32,
    seed: u64,
) -> Result<Level, GenError> {
    LevelKey::new(config.clone(), depth, seed)
        .with_vaults(set)
        .generate_from(default_loot_table(), set)
}

/// A placed vault in a few words, for catalogs: `locked vault@(12,5) rot90` (its box's
/// top-left tile, its symmetry).
pub(crate) fn vault_brief(vault: &PlacedVault) -> String {
    format!(
        "{}@({},{}) {}",
        vault.name,
        vault.origin.x,
        vault.origin.y,
        vault.symmetry.short()
    )
}

/// A placed vault in one line, for `gen` and `vault show`: its name, category, mode,
/// box, symmetry, locks and key, and tunnels dug.
pub fn vault_line(vault: &PlacedVault) -> String {
    let mut line = format!(
        "vault \"{}\": {}, laid as {}, at {}, {}x{}, {}",
        vault.name,
        vault.category.name(),
        vault.mode.name(),
        vault.origin,
        vault.size.0,
        vault.size.1,
        vault.symmetry.describe(),
    );
    if !vault.locks.is_empty() {
        line += &format!(", {} locked door(s)", vault.locks.len());
    }
    if let Some(key) = vault.key {
        line += &format!(", key at {key}");
    }
    if vault.tunnelled > 0 {
        line += &format!(", {} tiles tunnelled", vault.tunnelled);
    }
    line
}
