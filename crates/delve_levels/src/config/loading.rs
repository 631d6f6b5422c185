//! Loading a campaign: its text read and checked ([`CampaignText`]), the loot and
//! monster tables and the vault set it names read beside it, and the tables a save or a
//! recording holds put back in.

use std::fmt;
use std::path::Path;

use crate::loot::{LootError, LootTable};
use crate::monsters::{MonsterTable, MonsterTableError};
use crate::rng::MAX_DEPTH;
use crate::ron_text::{Dialect, ReadTextError, locate};
use crate::vaults::{VaultError, VaultSet};

use super::{CampaignConfig, ConfigError, DEFAULT_CAMPAIGN, DEFAULT_CAMPAIGN_NAME};

impl CampaignConfig {
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
pub(super) trait NamedTable: Sized {
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
pub(super) fn with_named<T: NamedTable>(
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
pub(super) fn with_held<T: NamedTable>(
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
