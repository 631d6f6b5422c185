//! Seeded level configs in RON: a [`CampaignConfig`] names a master seed and the
//! generator each depth uses. Loading checks syntax, unknown fields and every value's
//! bounds, and reports the file, line and column of whatever is wrong.
//!
//! ```ron
//! (
//!     name: "Caves",          // optional, shown in the HUD
//!     seed: 42,               // master seed of the run
//!     final_depth: 10,        // optional: its down stairs, taken with the rune, win
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

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::generator::{GeneratorConfig, GeneratorKind, Invalid};
use std::sync::Arc;

use crate::key::LevelKey;
use crate::loot::{LootError, LootTable, default_loot_table, embedded_loot_table_shared};
use crate::monsters::{MonsterTable, MonsterTableError, embedded_monster_table_shared};
use crate::rng::MAX_DEPTH;
use crate::rng::level_seed;
use crate::ron_text::{Dialect, ReadTextError, RonError, locate};
use crate::vaults::{VaultError, VaultFile, VaultSet};

/// The campaign built into the binary, so `delve` runs with no files around it.
pub const DEFAULT_CAMPAIGN: &str = include_str!("../../../levels/descent.ron");
/// The name the built-in campaign is reported under.
pub const DEFAULT_CAMPAIGN_NAME: &str = "levels/descent.ron (built in)";
/// The final depth of a campaign that names none.
pub const DEFAULT_FINAL_DEPTH: u32 = 10;

/// A campaign's [`CampaignConfig::arrivals`] when it names none: one chance in 100 each
/// turn that a monster arrives.
pub const DEFAULT_ARRIVALS: u32 = 100;

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

    /// The built-in campaign.
    pub fn builtin() -> CampaignConfig {
        // The embedded file is checked by a test, so this cannot fail in a released binary.
        Self::parse(DEFAULT_CAMPAIGN, DEFAULT_CAMPAIGN_NAME)
            .expect("the built-in campaign is valid")
    }

    /// Reads and validates a campaign file.
    pub fn load(path: &Path) -> Result<CampaignConfig, ConfigError> {
        let origin = path.display().to_string();
        let text = crate::ron_text::read_text(path).map_err(|e| {
            e.into_ron_error(&origin).map_or_else(
                |message| ConfigError::Io {
                    origin: origin.clone(),
                    message,
                },
                ConfigError::Syntax,
            )
        })?;
        Self::parse(&text, &origin)
    }

    /// Parses and validates campaign text; `origin` names it in errors, and a `loot`
    /// file is read relative to the folder `origin` is in.
    pub fn parse(text: &str, origin: &str) -> Result<CampaignConfig, ConfigError> {
        let folder = Path::new(origin).parent().unwrap_or(Path::new(""));
        CampaignText::parse(text, origin)?
            .with_tables(|file| crate::ron_text::read_text(&folder.join(file)))
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

/// A campaign's text, parsed and checked but for the tables it names in other files
/// (`loot:`): [`CampaignText::table_files`] says which, and [`CampaignText::with_tables`]
/// reads them through a reader of the caller's (the file system for
/// [`CampaignConfig::parse`], an asset loader's own reads in a Bevy app).
#[derive(Clone, Debug)]
pub struct CampaignText<'a> {
    campaign: CampaignConfig,
    text: &'a str,
    origin: &'a str,
}

impl<'a> CampaignText<'a> {
    /// Parses and validates everything in `text` itself; `origin` names it in errors.
    pub fn parse(text: &'a str, origin: &'a str) -> Result<CampaignText<'a>, ConfigError> {
        let campaign: CampaignConfig =
            crate::ron_text::parse(text, origin, Dialect::Config).map_err(ConfigError::Syntax)?;
        if campaign.depths.is_empty() {
            let rule = "must list at least one level".to_owned();
            return Err(ConfigError::at_field(text, origin, "depths", rule));
        }
        for (index, config) in campaign.depths.iter().enumerate() {
            if let Err(error) = config.validate() {
                let (line, column) =
                    locate(text, "depths", Some((index, error.field))).unwrap_or((1, 1));
                return Err(ConfigError::Invalid {
                    origin: origin.to_owned(),
                    line,
                    column,
                    entry: Some(index),
                    error,
                });
            }
        }
        if let Some(depth) = campaign.final_depth
            && !(1..=MAX_DEPTH).contains(&depth)
        {
            let rule = format!("must be between 1 and {MAX_DEPTH}, got {depth}");
            return Err(ConfigError::at_field(text, origin, "final_depth", rule));
        }
        Ok(CampaignText {
            campaign,
            text,
            origin,
        })
    }

    /// The files the campaign names for its tables, as written (relative to its own
    /// folder).
    pub fn table_files(&self) -> Vec<&str> {
        [
            LootTable::named_in(&self.campaign),
            MonsterTable::named_in(&self.campaign),
            VaultSet::named_in(&self.campaign),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The campaign with the tables it names, each read by `read` (given the name as
    /// written) and checked; an unreadable or broken table is an error at the field
    /// that names it.
    pub fn with_tables(
        self,
        mut read: impl FnMut(&str) -> Result<String, ReadTextError>,
    ) -> Result<CampaignConfig, ConfigError> {
        let CampaignText {
            campaign,
            text,
            origin,
        } = self;
        let campaign = with_named::<LootTable>(campaign, text, origin, &mut read)?;
        let campaign = with_named::<MonsterTable>(campaign, text, origin, &mut read)?;
        with_named::<VaultSet>(campaign, text, origin, &mut read)
    }
}

/// A table a campaign names in a file of its own (`loot:`, `monsters:`).
trait NamedTable: Sized {
    /// Why the table was refused.
    type Error: fmt::Display;
    /// The campaign's field that names the file.
    const FIELD: &'static str;
    /// What the table is called in messages.
    const WHAT: &'static str;
    /// The file `campaign` names for this table, if any.
    fn named_in(campaign: &CampaignConfig) -> Option<&str>;
    /// `campaign` drawing on this table.
    fn put_into(self, campaign: CampaignConfig) -> CampaignConfig;
    /// The table in `text`, checked; `origin` names the file.
    fn parse(text: &str, origin: &str) -> Result<Self, Self::Error>;
    /// The table's file could not be read as text.
    fn unreadable(error: ReadTextError, origin: &str) -> Self::Error;
    /// The campaign's error at the field that names the table.
    fn at_field(origin: &str, place: (usize, usize), error: Self::Error) -> ConfigError;
}

impl NamedTable for LootTable {
    type Error = LootError;
    const FIELD: &'static str = "loot";
    const WHAT: &'static str = "loot table";
    fn named_in(campaign: &CampaignConfig) -> Option<&str> {
        campaign.loot.as_deref()
    }
    fn put_into(self, campaign: CampaignConfig) -> CampaignConfig {
        campaign.with_loot_table(self)
    }
    fn parse(text: &str, origin: &str) -> Result<Self, LootError> {
        LootTable::from_ron_str(text, origin)
    }
    fn unreadable(error: ReadTextError, origin: &str) -> LootError {
        error.into_ron_error(origin).map_or_else(
            |message| LootError::Io {
                origin: origin.to_owned(),
                message,
            },
            LootError::Parse,
        )
    }
    fn at_field(origin: &str, (line, column): (usize, usize), error: LootError) -> ConfigError {
        ConfigError::Loot {
            origin: origin.to_owned(),
            line,
            column,
            error: Box::new(error),
        }
    }
}

impl NamedTable for MonsterTable {
    type Error = MonsterTableError;
    const FIELD: &'static str = "monsters";
    const WHAT: &'static str = "monster table";
    fn named_in(campaign: &CampaignConfig) -> Option<&str> {
        campaign.monsters.as_deref()
    }
    fn put_into(self, campaign: CampaignConfig) -> CampaignConfig {
        campaign.with_monster_table(self)
    }
    fn parse(text: &str, origin: &str) -> Result<Self, MonsterTableError> {
        MonsterTable::from_ron_str(text, origin)
    }
    fn unreadable(error: ReadTextError, origin: &str) -> MonsterTableError {
        error.into_ron_error(origin).map_or_else(
            |message| MonsterTableError::Read {
                origin: origin.to_owned(),
                message,
            },
            MonsterTableError::Parse,
        )
    }
    fn at_field(
        origin: &str,
        (line, column): (usize, usize),
        error: MonsterTableError,
    ) -> ConfigError {
        ConfigError::Monsters {
            origin: origin.to_owned(),
            line,
            column,
            error: Box::new(error),
        }
    }
}

impl NamedTable for VaultSet {
    type Error = VaultError;
    const FIELD: &'static str = "vault_set";
    const WHAT: &'static str = "vault set";
    fn named_in(campaign: &CampaignConfig) -> Option<&str> {
        campaign.vault_set.as_deref()
    }
    fn put_into(self, campaign: CampaignConfig) -> CampaignConfig {
        campaign.with_vault_set(self)
    }
    fn parse(text: &str, origin: &str) -> Result<Self, VaultError> {
        VaultSet::from_texts([(origin, text)])
    }
    fn unreadable(error: ReadTextError, origin: &str) -> VaultError {
        error.into_ron_error(origin).map_or_else(
            |message| VaultError::Io {
                origin: origin.to_owned(),
                message,
            },
            VaultError::Parse,
        )
    }
    fn at_field(origin: &str, (line, column): (usize, usize), error: VaultError) -> ConfigError {
        ConfigError::Vaults {
            origin: origin.to_owned(),
            line,
            column,
            error: Box::new(error),
        }
    }
}

/// `campaign` with the table it names in a file (beside the campaign `origin`, whose
/// `text` names it), read by `read`; an unreadable or broken one is an error at the
/// field that names it. A campaign that names none is returned as it is.
fn with_named<T: NamedTable>(
    campaign: CampaignConfig,
    text: &str,
    origin: &str,
    read: &mut impl FnMut(&str) -> Result<String, ReadTextError>,
) -> Result<CampaignConfig, ConfigError> {
    let Some(file) = T::named_in(&campaign) else {
        return Ok(campaign);
    };
    let folder = Path::new(origin).parent().unwrap_or(Path::new(""));
    let table_origin = folder.join(file).display().to_string();
    let table = read(file)
        .map_err(|e| T::unreadable(e, &table_origin))
        .and_then(|table_text| T::parse(&table_text, &table_origin))
        .map_err(|error| {
            let place = locate(text, T::FIELD, None).unwrap_or((1, 1));
            T::at_field(origin, place, error)
        })?;
    Ok(table.put_into(campaign))
}

/// `campaign` with the table a save or a recording (`holder`) held for it as `text`;
/// a table file the campaign names that the holder does not hold is an error.
fn with_held<T: NamedTable>(
    campaign: CampaignConfig,
    text: Option<&str>,
    holder: &str,
) -> Result<CampaignConfig, String> {
    match (text, T::named_in(&campaign)) {
        (Some(text), _) => {
            let origin = format!("the {holder}'s {}", T::WHAT);
            let table = T::parse(text, &origin).map_err(|e| e.to_string())?;
            Ok(table.put_into(campaign))
        }
        (None, Some(file)) => Err(format!(
            "the campaign names {} {file:?}, but the {holder} does not hold it",
            T::WHAT
        )),
        (None, None) => Ok(campaign),
    }
}

/// Why a config could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The file could not be read.
    Io {
        /// The file.
        origin: String,
        /// What the system said.
        message: String,
    },
    /// The text is not valid RON for a campaign (includes unknown fields and wrong types).
    Syntax(RonError),
    /// A value breaks its rule.
    Invalid {
        /// The file.
        origin: String,
        /// 1-based line of the field (or of its entry when the field was omitted).
        line: usize,
        /// 1-based column.
        column: usize,
        /// Index of the `depths` entry (0-based), if the rule is about one.
        entry: Option<usize>,
        /// The field and rule.
        error: Invalid,
    },
    /// The loot table the campaign names cannot be used.
    Loot {
        /// The campaign file.
        origin: String,
        /// 1-based line of its `loot` field.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong with the table (its own file and place).
        error: Box<LootError>,
    },
    /// The monster table the campaign names cannot be used.
    Monsters {
        /// The campaign file.
        origin: String,
        /// 1-based line of its `monsters` field.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong with the table (its own file and place).
        error: Box<MonsterTableError>,
    },
    /// The vault set the campaign names cannot be used.
    Vaults {
        /// The campaign file.
        origin: String,
        /// 1-based line of its `vault_set` field.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong with the vaults (their own file and place).
        error: Box<VaultError>,
    },
}

impl ConfigError {
    /// A broken rule of the campaign's own top-level `field`, placed where `text` has it.
    fn at_field(text: &str, origin: &str, field: &'static str, rule: String) -> ConfigError {
        let (line, column) = locate(text, field, None).unwrap_or((1, 1));
        ConfigError::Invalid {
            origin: origin.to_owned(),
            line,
            column,
            entry: None,
            error: Invalid { field, rule },
        }
    }

    /// The field whose rule failed, if any.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ConfigError::Invalid { error, .. } => Some(error.field),
            _ => None,
        }
    }

    /// (line, column) of the problem, if known.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            ConfigError::Io { .. } => None,
            ConfigError::Syntax(e) => Some((e.line, e.column)),
            ConfigError::Invalid { line, column, .. }
            | ConfigError::Loot { line, column, .. }
            | ConfigError::Monsters { line, column, .. }
            | ConfigError::Vaults { line, column, .. } => Some((*line, *column)),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Io { origin, message } => write!(f, "{origin}: cannot read: {message}"),
            ConfigError::Syntax(e) => write!(f, "{e}"),
            ConfigError::Invalid {
                origin,
                line,
                column,
                entry,
                error,
            } => {
                write!(f, "{origin}:{line}:{column}: {error}")?;
                if let Some(i) = entry {
                    // Both counted from 1, as a player counts depths.
                    write!(f, " (depth {}: entry {} of `depths`)", i + 1, i + 1)?;
                }
                Ok(())
            }
            ConfigError::Loot {
                origin,
                line,
                column,
                error,
            } => write!(f, "{origin}:{line}:{column}: `loot`: {error}"),
            ConfigError::Monsters {
                origin,
                line,
                column,
                error,
            } => write!(f, "{origin}:{line}:{column}: `monsters`: {error}"),
            ConfigError::Vaults {
                origin,
                line,
                column,
                error,
            } => write!(f, "{origin}:{line}:{column}: `vault_set`: {error}"),
        }
    }
}

impl std::error::Error for ConfigError {}

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
