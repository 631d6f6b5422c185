//! Seeded level configs in RON: a [`CampaignConfig`] names a master seed and the
//! generator each depth uses. Loading checks syntax, unknown fields and every value's
//! bounds, and reports the file, line and column of whatever is wrong.
//!
//! ```ron
//! (
//!     name: "Caves",          // optional, shown in the HUD
//!     seed: 42,               // master seed of the run
//!     final_depth: 10,        // optional: its down stairs, opened by its rune, win
//!     arrivals: 100,          // optional: one chance in this many each turn that a
//!                             // monster arrives (0: never; default 100)
//!     loot: "my-loot.ron",    // optional: the loot table, beside this file
//!                             // (default: the embedded levels/loot.ron)
//!     monsters: "my-monsters.ron", // optional: the monster table, beside it too
//!     vault_set: "my-vaults.ron",  // optional: the vaults its levels draw, beside it
//!                             // (default: the embedded levels/vaults/*.ron)
//!     depths: [               // depth 1, 2, …; the last entry repeats below
//!         Cave(wall_percent: 45),
//!     ],
//! )
//! ```

use serde::{Deserialize, Serialize};

use crate::generator::{GeneratorConfig, GeneratorKind, Invalid};
use std::sync::Arc;

use crate::key::LevelKey;
use crate::loot::{LootTable, default_loot_table, embedded_loot_table_shared};
use crate::monsters::{MonsterTable, embedded_monster_table_shared};
use crate::rng::level_seed;
use crate::vaults::{VaultFile, VaultSet};

mod error;
mod loading;

pub use error::ConfigError;
pub use loading::CampaignText;
use loading::with_held;

/// The campaign built into the binary, so `delve` runs with no files around it.
pub(crate) const DEFAULT_CAMPAIGN: &str = include_str!("../../../levels/descent.ron");
/// The name the built-in campaign is reported under.
pub(crate) const DEFAULT_CAMPAIGN_NAME: &str = "levels/descent.ron (built in)";
/// The final depth of a campaign that names none.
pub(crate) const DEFAULT_FINAL_DEPTH: u32 = 10;

/// A campaign's [`CampaignConfig::arrivals`] when it names none: one chance in 100 each
/// turn that a monster arrives.
pub(crate) const DEFAULT_ARRIVALS: u32 = 100;

/// A run: its master seed and the generator of each depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignConfig {
    /// Shown in the HUD; defaults to "delve".
    #[serde(default = "default_name")]
    pub name: String,
    /// Master seed: every level's seed is derived from it and the depth.
    pub seed: u64,
    /// Generator of depth 1, 2, …; the last entry is used for every deeper level.
    pub depths: Vec<GeneratorConfig>,
    /// The depth whose down stairs end the run in victory when taken carrying the rune
    /// (a must-find item); [`DEFAULT_FINAL_DEPTH`] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_depth: Option<u32>,
    /// One chance in this many, each turn, that a monster of the depth arrives on the
    /// level out of the player's sight ([`DEFAULT_ARRIVALS`] when absent; 0: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrivals: Option<u32>,
    /// The campaign's own loot table, a file named relative to the campaign file; the
    /// embedded `levels/loot.ron` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loot: Option<String>,
    /// The loaded loot table, when not the embedded one (read when the campaign is
    /// loaded; a save carries its text).
    #[serde(skip, default = "embedded_table")]
    loot_table: Arc<LootTable>,
    /// The campaign's own monster table, a file named relative to the campaign file;
    /// the embedded `levels/monsters.ron` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monsters: Option<String>,
    /// The loaded monster table (the embedded one unless `monsters` names another; a
    /// save carries its text).
    #[serde(skip, default = "embedded_monsters")]
    monster_table: Arc<MonsterTable>,
    /// The campaign's own vaults, a file named relative to the campaign file (its
    /// depths ask for vaults with `vaults: N`); the embedded `levels/vaults/*.ron` when
    /// absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vault_set: Option<String>,
    /// The loaded vault set (the embedded one unless `vault_set` names another; a save
    /// carries its text).
    #[serde(skip, default = "embedded_vaults")]
    vaults: Arc<VaultSet>,
}

fn embedded_table() -> Arc<LootTable> {
    Arc::clone(embedded_loot_table_shared())
}

fn embedded_monsters() -> Arc<MonsterTable> {
    Arc::clone(embedded_monster_table_shared())
}

fn embedded_vaults() -> Arc<VaultSet> {
    Arc::clone(crate::vaults::embedded_shared())
}

fn default_name() -> String {
    "delve".to_owned()
}

impl CampaignConfig {
    /// The generator config used at `depth` (1-based; the last entry repeats).
    pub fn config_at(&self, depth: u32) -> &GeneratorConfig {
        let index = (depth.max(1) as usize - 1).min(self.depths.len() - 1);
        &self.depths[index]
    }

    /// The first config of `kind` in this campaign, or that kind's defaults.
    pub fn config_of_kind(&self, kind: GeneratorKind) -> GeneratorConfig {
        self.depths
            .iter()
            .find(|c| c.kind() == kind)
            .cloned()
            .unwrap_or_else(|| kind.default_config())
    }

    /// This campaign with every depth made by `kind`: entries of another kind are
    /// replaced by the campaign's first config of `kind` (or that kind's defaults).
    pub fn with_kind(&self, kind: GeneratorKind) -> CampaignConfig {
        let replacement = self.config_of_kind(kind);
        let depths = self
            .depths
            .iter()
            .map(|c| {
                if c.kind() == kind {
                    c.clone()
                } else {
                    replacement.clone()
                }
            })
            .collect();
        CampaignConfig {
            depths,
            ..self.clone()
        }
    }

    /// This campaign with every depth's width and/or height set, each entry checked
    /// again; the error names the entry (0-based) that the size breaks.
    pub fn with_size(
        &self,
        width: Option<u32>,
        height: Option<u32>,
    ) -> Result<CampaignConfig, (usize, Invalid)> {
        let mut campaign = self.clone();
        for (index, config) in campaign.depths.iter_mut().enumerate() {
            config.set_size(width, height);
            config.validate().map_err(|e| (index, e))?;
        }
        Ok(campaign)
    }

    /// The depth whose down stairs win the run (taken carrying the rune).
    pub fn final_depth(&self) -> u32 {
        self.final_depth.unwrap_or(DEFAULT_FINAL_DEPTH)
    }

    /// One chance in this many, each turn, that a monster arrives (0: never).
    pub fn arrivals(&self) -> u32 {
        self.arrivals.unwrap_or(DEFAULT_ARRIVALS)
    }

    /// The loot table the campaign's levels draw from.
    pub fn loot_table(&self) -> &LootTable {
        &self.loot_table
    }

    /// [`CampaignConfig::loot_table`], shared (for a holder that goes on changing the
    /// run the campaign is in while it reads the table).
    pub fn shared_loot_table(&self) -> Arc<LootTable> {
        Arc::clone(&self.loot_table)
    }

    /// This campaign drawing its loot from the embedded table (shared, not copied).
    pub fn with_embedded_loot_table(mut self) -> CampaignConfig {
        self.loot_table = embedded_table();
        self
    }

    /// This campaign drawing its loot from `table` (e.g. `--loot FILE`); the campaign
    /// owns it (its clones share it).
    pub fn with_loot_table(mut self, table: LootTable) -> CampaignConfig {
        self.loot_table = if table.fingerprint() == default_loot_table().fingerprint() {
            embedded_table()
        } else {
            Arc::new(table)
        };
        self
    }

    /// The monster table the campaign's levels are peopled from.
    pub fn monster_table(&self) -> &MonsterTable {
        &self.monster_table
    }

    /// [`CampaignConfig::monster_table`], shared (for a holder that goes on changing the
    /// run the campaign is in while it reads the table).
    pub fn shared_monster_table(&self) -> Arc<MonsterTable> {
        Arc::clone(&self.monster_table)
    }

    /// This campaign peopling its levels from `table`; the campaign owns it (its clones
    /// share it).
    pub fn with_monster_table(mut self, table: MonsterTable) -> CampaignConfig {
        self.monster_table = if table.is_embedded() {
            embedded_monsters()
        } else {
            Arc::new(table)
        };
        self
    }

    /// The vaults the campaign's levels draw from.
    pub fn vault_set(&self) -> &VaultSet {
        &self.vaults
    }

    /// This campaign drawing its vaults from the embedded set (a run started from a key
    /// made under it).
    pub fn with_embedded_vault_set(mut self) -> CampaignConfig {
        self.vaults = embedded_vaults();
        self
    }

    /// This campaign drawing its vaults from `set`; the campaign owns it (its clones
    /// share it).
    pub fn with_vault_set(mut self, set: VaultSet) -> CampaignConfig {
        self.vaults = if set.fingerprint() == VaultSet::embedded().fingerprint() {
            embedded_vaults()
        } else {
            Arc::new(set)
        };
        self
    }

    /// The key of the level at `depth` of the run of `seed`, made now: the depth's
    /// config, under the campaign's loot table and vault set.
    pub fn key_at(&self, depth: u32, seed: u64) -> LevelKey {
        LevelKey::new(self.config_at(depth).clone(), depth, seed)
            .under(self.loot_table())
            .with_vaults(self.vault_set())
    }

    /// The tables the campaign holds other than the embedded ones, as RON: what a save
    /// or a recording carries so that it loads without the files.
    pub fn held_tables(&self) -> HeldTables {
        HeldTables {
            loot: (self.loot_table.fingerprint() != default_loot_table().fingerprint())
                .then(|| self.loot_table.to_ron()),
            monsters: (!self.monster_table.is_embedded()).then(|| self.monster_table.to_ron()),
            vaults: (self.vaults.fingerprint() != VaultSet::embedded().fingerprint()).then(|| {
                VaultFile {
                    vaults: self
                        .vaults
                        .vaults()
                        .iter()
                        .map(|v| v.text().clone())
                        .collect(),
                }
                .to_ron()
            }),
        }
    }

    /// This campaign with the tables a save or a recording (`holder`, in errors) held
    /// for it; a table file the campaign names that the holder does not hold is an
    /// error, as is a held table that does not parse.
    pub fn with_held_tables(
        self,
        held: &HeldTables,
        holder: &str,
    ) -> Result<CampaignConfig, String> {
        let campaign = with_held::<LootTable>(self, held.loot.as_deref(), holder)?;
        let campaign = with_held::<MonsterTable>(campaign, held.monsters.as_deref(), holder)?;
        with_held::<VaultSet>(campaign, held.vaults.as_deref(), holder)
    }

    /// The seed of the level at `depth`.
    pub fn level_seed(&self, depth: u32) -> u64 {
        level_seed(self.seed, depth)
    }
}

/// The tables a save or a recording holds for its campaign, as RON (each absent when
/// the campaign uses the embedded one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldTables {
    /// The loot table.
    pub loot: Option<String>,
    /// The monster table.
    pub monsters: Option<String>,
    /// The vault set (a vault file holding every vault).
    pub vaults: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_campaign_parses() {
        let c = CampaignConfig::builtin();
        assert!(!c.depths.is_empty());
    }

    #[test]
    fn a_number_out_of_range_names_its_field() {
        let err =
            CampaignConfig::parse("(\n  seed: -1,\n  depths: [Cave()],\n)\n", "t.ron").unwrap_err();
        assert!(err.to_string().starts_with("t.ron:2:"), "{err}");
        assert!(err.to_string().contains("`seed`"), "{err}");
        let err =
            CampaignConfig::parse("(seed: 1, depths: [Cave(width: -5)])", "t.ron").unwrap_err();
        assert!(err.to_string().contains("`width`"), "{err}");
    }

    #[test]
    fn invalid_field_is_located() {
        let text = "(\n  seed: 1,\n  depths: [\n    Cave(width: 80),\n    Cave(\n      wall_percent: 101,\n    ),\n  ],\n)\n";
        let err = CampaignConfig::parse(text, "t.ron").unwrap_err();
        assert_eq!(err.field(), Some("wall_percent"));
        assert_eq!(err.position(), Some((6, 7)));
    }
}
