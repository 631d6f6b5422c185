//! Seeded level configs in RON: a [`CampaignConfig`] names a master seed and the
//! generator each depth uses. Loading checks syntax, unknown fields and every value's
//! bounds, and reports the file, line and column of whatever is wrong.
//!
//! ```ron
//! (
//!     name: "Caves",          // optional, shown in the HUD
//!     seed: 42,               // master seed of the run
//!     depths: [               // depth 1, 2, …; the last entry repeats below
//!         Cave(wall_percent: 45),
//!     ],
//! )
//! ```

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::generator::{GeneratorConfig, GeneratorKind, Invalid};
use crate::rng::level_seed;

/// The campaign built into the binary, so `delve` runs with no files around it.
pub const DEFAULT_CAMPAIGN: &str = include_str!("../levels/descent.ron");
/// The name the built-in campaign is reported under.
pub const DEFAULT_CAMPAIGN_NAME: &str = "levels/descent.ron (built in)";
/// Deepest depth a run can reach.
pub const MAX_DEPTH: u32 = 999;

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
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Io {
            origin: origin.clone(),
            message: e.to_string(),
        })?;
        Self::parse(&text, &origin)
    }

    /// Parses and validates campaign text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<CampaignConfig, ConfigError> {
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES);
        let campaign: CampaignConfig = options.from_str(text).map_err(|e| {
            let (line, column) = (e.span.start.line, e.span.start.col);
            let message = e.code.to_string();
            // "Integer is out of bounds" says nothing of where: name the field.
            let message = match field_of_value_at(text, line, column) {
                Some(field) if !message.contains(&format!("`{field}`")) => {
                    format!("`{field}`: {message}")
                }
                _ => message,
            };
            ConfigError::Syntax {
                origin: origin.to_owned(),
                line,
                column,
                message,
            }
        })?;
        if campaign.depths.is_empty() {
            let (line, column) = locate_key(text, "depths").unwrap_or((1, 1));
            return Err(ConfigError::Invalid {
                origin: origin.to_owned(),
                line,
                column,
                entry: None,
                error: Invalid {
                    field: "depths",
                    rule: "must list at least one level".to_owned(),
                },
            });
        }
        for (index, config) in campaign.depths.iter().enumerate() {
            if let Err(error) = config.validate() {
                let (line, column) =
                    locate_field_in_entry(text, index, error.field).unwrap_or((1, 1));
                return Err(ConfigError::Invalid {
                    origin: origin.to_owned(),
                    line,
                    column,
                    entry: Some(index),
                    error,
                });
            }
        }
        Ok(campaign)
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
    Syntax {
        /// The file.
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
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
}

impl ConfigError {
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
            ConfigError::Syntax { line, column, .. }
            | ConfigError::Invalid { line, column, .. } => Some((*line, *column)),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Io { origin, message } => write!(f, "{origin}: cannot read: {message}"),
            ConfigError::Syntax {
                origin,
                line,
                column,
                message,
            } => write!(f, "{origin}:{line}:{column}: {message}"),
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
        }
    }
}

impl std::error::Error for ConfigError {}

/// A token-level scan of RON text that skips strings, characters and comments and
/// reports each significant byte with its nesting depth.
fn significant_bytes(text: &str) -> Vec<(usize, u8, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'(' | b'[' | b'{' => {
                out.push((i, b, depth));
                depth += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                out.push((i, b, depth));
            }
            _ => out.push((i, b, depth)),
        }
        i += 1;
    }
    out
}

/// The field whose value the parser stopped in at (`line`, `column`), both counted from
/// 1 in characters: the identifier before the `:` in front of that value on its line.
fn field_of_value_at(text: &str, line: usize, column: usize) -> Option<String> {
    let before: Vec<char> = text
        .split('\n')
        .nth(line.checked_sub(1)?)?
        .chars()
        .take(column.saturating_sub(1))
        .collect();
    let is_value = |c: char| c.is_alphanumeric() || "_.+-\"'".contains(c);
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut at = before.len();
    while at > 0 && is_value(before[at - 1]) {
        at -= 1;
    }
    while at > 0 && before[at - 1].is_whitespace() {
        at -= 1;
    }
    if at == 0 || before[at - 1] != ':' {
        return None;
    }
    at -= 1;
    while at > 0 && before[at - 1].is_whitespace() {
        at -= 1;
    }
    let end = at;
    while at > 0 && is_name(before[at - 1]) {
        at -= 1;
    }
    (at < end).then(|| before[at..end].iter().collect())
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Offsets of `name:` identifiers (whole words) at nesting `depth` within `range`.
fn find_key(
    text: &str,
    scan: &[(usize, u8, usize)],
    name: &str,
    depth: usize,
    range: (usize, usize),
) -> Option<usize> {
    let bytes = text.as_bytes();
    for &(offset, _, d) in scan {
        if d != depth || offset < range.0 || offset >= range.1 || !text[offset..].starts_with(name)
        {
            continue;
        }
        let before_ok = offset == 0
            || !(bytes[offset - 1].is_ascii_alphanumeric() || bytes[offset - 1] == b'_');
        let rest = text[offset + name.len()..].trim_start();
        if before_ok && rest.starts_with(':') {
            return Some(offset);
        }
    }
    None
}

/// Position of a top-level campaign key such as `depths`.
fn locate_key(text: &str, name: &str) -> Option<(usize, usize)> {
    let scan = significant_bytes(text);
    find_key(text, &scan, name, 1, (0, text.len())).map(|o| line_column(text, o))
}

/// Position of `field` inside the `entry`-th element of the `depths` list, or of the
/// entry itself when the field was left to its default.
fn locate_field_in_entry(text: &str, entry: usize, field: &str) -> Option<(usize, usize)> {
    let scan = significant_bytes(text);
    let depths = find_key(text, &scan, "depths", 1, (0, text.len()))?;
    let open = scan
        .iter()
        .position(|&(o, b, d)| o > depths && b == b'[' && d == 1)?;
    let mut index = 0;
    let mut start = None;
    for &(offset, b, d) in &scan[open + 1..] {
        if d == 2 && !b.is_ascii_whitespace() && b != b',' && start.is_none() {
            start = Some(offset);
        }
        let ends = (d == 2 && b == b',') || (d == 1 && b == b']');
        if ends {
            if let Some(s) = start.take() {
                if index == entry {
                    let found = find_key(text, &scan, field, 3, (s, offset))
                        .or_else(|| find_key(text, &scan, field, 4, (s, offset)));
                    return Some(line_column(text, found.unwrap_or(s)));
                }
                index += 1;
            }
            if b == b']' {
                break;
            }
        }
    }
    None
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
