//! What can be wrong with a campaign config, said with the file, line and column.

use std::fmt;

use crate::generator::Invalid;

use crate::loot::LootError;
use crate::monsters::MonsterTableError;
use crate::ron_text::{RonError, locate};
use crate::vaults::VaultError;

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
    pub(super) fn at_field(
        text: &str,
        origin: &str,
        field: &'static str,
        rule: String,
    ) -> ConfigError {
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
