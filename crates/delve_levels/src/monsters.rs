//! Monsters as data: the monster table (`levels/monsters.ron`, embedded), which kinds a
//! level starts with and where ([`spawn`]), and how fights are rolled ([`combat`]).
//!
//! Pure core: no Bevy. A level's monsters come from its own monster stream (derived from
//! the level seed), so adding them changed no layout, no loot and no level key.

pub mod abilities;
pub mod combat;
pub mod spawn;

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::loot::Rarity;
use crate::ron_text::{Dialect, RonError, locate_in_list};
use crate::schedule::NORMAL_TICKS;

pub use abilities::{Ability, Movement};
pub use combat::{AttackRoll, Fighter, hit_chance_percent, roll_attack, roll_damage};
pub use spawn::{
    ARRIVAL_MARGIN, GUARD_REACH, Mind, Monster, SpawnPlan, draw_kind, spawn_monsters,
    waypoint_count, waypoints,
};

/// How often a monster acts, against the player's one action per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Speed {
    /// One action per four of the player's.
    VerySlow,
    /// One action per two of the player's.
    Slow,
    /// As fast as the player.
    Normal,
    /// Two actions per player action.
    Fast,
    /// Four actions per player action.
    VeryFast,
}

impl Speed {
    /// The ticks one action takes ([`NORMAL_TICKS`] for the player's speed).
    pub const fn ticks(self) -> u32 {
        match self {
            Speed::VerySlow => NORMAL_TICKS * 4,
            Speed::Slow => NORMAL_TICKS * 2,
            Speed::Normal => NORMAL_TICKS,
            Speed::Fast => NORMAL_TICKS / 2,
            Speed::VeryFast => NORMAL_TICKS / 4,
        }
    }
}

/// What a monster does about the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Behaviour {
    /// Wanders until it sees the player, then chases and attacks.
    Hunts,
    /// Hunts, but flees (on a safety map) when below a third of its hit points.
    Cowardly,
    /// Keeps two tiles from the player until the player is hurt, then hunts.
    Skulks,
    /// Never chases; fights back when the player is next to it.
    Wanders,
}

/// One kind of monster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterKind {
    /// Unique in the table; messages use it.
    pub name: String,
    /// Map glyph.
    pub glyph: char,
    /// Hit points, 1–1000.
    pub hp: u32,
    /// To-hit skill.
    pub attack: u32,
    /// Makes it harder to hit.
    pub defence: u32,
    /// (least, most) damage of a hit.
    pub damage: (u32, u32),
    /// How often it acts.
    pub speed: Speed,
    /// How far it sees, in tiles, 1–20.
    pub sight: u32,
    /// What it does about the player.
    pub behaviour: Behaviour,
    /// (first, last) depth it appears on.
    pub depths: (u32, u32),
    /// How often it is drawn among the kinds of a depth.
    pub rarity: Rarity,
    /// How it gets about (absent: it walks).
    #[serde(default, skip_serializing_if = "is_walking")]
    pub moves: Movement,
    /// The older way to say `moves: Flies` (tables written before swimmers): read, made
    /// `moves` when the table is read, never written.
    #[serde(default, skip_serializing)]
    pub flies: bool,
    /// What it can do beyond walking up and biting (absent: nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

fn is_walking(movement: &Movement) -> bool {
    *movement == Movement::Walks
}

impl MonsterKind {
    /// Its fighting numbers.
    pub fn fighter(&self) -> Fighter {
        Fighter {
            attack: self.attack,
            defence: self.defence,
            damage: self.damage,
        }
    }

    /// Whether it has an ability of this name ([`Ability::name`]).
    pub fn has(&self, ability: &str) -> bool {
        self.abilities.iter().any(|a| a.name() == ability)
    }

    /// Whether it flits (see [`Ability::Flits`]).
    pub fn flits(&self) -> bool {
        self.abilities.contains(&Ability::Flits)
    }

    /// Whether it hides in deep water (see [`Ability::Submerges`]).
    pub fn submerges(&self) -> bool {
        self.abilities.contains(&Ability::Submerges)
    }

    /// Whether it steals (see [`Ability::Steals`]).
    pub fn steals(&self) -> bool {
        self.abilities.contains(&Ability::Steals)
    }

    /// Whether it appears on `depth`.
    pub(crate) fn appears_on(&self, depth: u32) -> bool {
        (self.depths.0..=self.depths.1).contains(&depth)
    }

    /// The first rule it breaks: (field, rule).
    fn broken_rule(&self) -> Option<(&'static str, String)> {
        if self.name.trim().is_empty() {
            return Some(("name", "must not be empty".into()));
        }
        if !(1..=1000).contains(&self.hp) {
            return Some(("hp", format!("must be between 1 and 1000, got {}", self.hp)));
        }
        if self.attack > 100 || self.defence > 100 {
            return Some(("attack", "attack and defence must be at most 100".into()));
        }
        if self.damage.0 > self.damage.1 || self.damage.1 > 1000 {
            return Some((
                "damage",
                format!(
                    "must be (least, most) with least ≤ most ≤ 1000, got {:?}",
                    self.damage
                ),
            ));
        }
        if !(1..=20).contains(&self.sight) {
            return Some((
                "sight",
                format!("must be between 1 and 20, got {}", self.sight),
            ));
        }
        if self.depths.0 == 0 || self.depths.0 > self.depths.1 {
            return Some((
                "depths",
                format!(
                    "must be (first, last) with 1 ≤ first ≤ last, got {:?}",
                    self.depths
                ),
            ));
        }
        if self.flies && self.moves != Movement::Flies && self.moves != Movement::Walks {
            return Some((
                "flies",
                format!("says it flies but `moves` is {:?}: give one", self.moves),
            ));
        }
        for ability in &self.abilities {
            if let Some(rule) = ability.broken_rule(self.moves) {
                return Some(("abilities", rule));
            }
        }
        None
    }
}

/// A validated monster table. Made only by [`MonsterTable::from_ron_str`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonsterTable {
    kinds: Vec<MonsterKind>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MonsterTableFile {
    monsters: Vec<MonsterKind>,
}

/// Why a monster table was refused: a RON error, or a broken rule at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MonsterTableError {
    /// The file could not be read.
    Read {
        /// The file.
        origin: String,
        /// What went wrong.
        message: String,
    },
    /// The text is not a monster table in RON.
    Parse(RonError),
    /// A kind breaks a rule.
    Invalid {
        /// Where the text came from.
        origin: String,
        /// 1-based line of the field (or of the kind).
        line: usize,
        /// 1-based column.
        column: usize,
        /// The rule broken, naming the kind.
        problem: String,
    },
}

impl fmt::Display for MonsterTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MonsterTableError::Read { origin, message } => write!(f, "{origin}: {message}"),
            MonsterTableError::Parse(e) => write!(f, "{e}"),
            MonsterTableError::Invalid {
                origin,
                line,
                column,
                problem,
            } => write!(f, "{origin}:{line}:{column}: {problem}"),
        }
    }
}

impl std::error::Error for MonsterTableError {}

const DEFAULT_MONSTERS_RON: &str = include_str!("../../../levels/monsters.ron");

/// The edition of the embedded monster table: 2 since monster abilities (2026-12-03),
/// 1 before. A save says which edition its run plays when it holds no table of its own.
pub const MONSTER_TABLE_EDITION: u32 = 2;

/// The embedded table of edition 1 as RON, for saves made before edition 2 (they say no
/// edition): such a run goes on with the monsters it was made with.
pub const FIRST_EDITION_MONSTERS_RON: &str = include_str!("monsters/first_table.ron");

/// The embedded monster table (`levels/monsters.ron`), parsed on first use.
///
/// # Panics
/// If the embedded file does not parse — a build defect the test suite catches.
pub fn default_monster_table() -> &'static MonsterTable {
    embedded_monster_table_shared()
}

/// [`default_monster_table`], shared: what a campaign without a table of its own holds.
pub(crate) fn embedded_monster_table_shared() -> &'static Arc<MonsterTable> {
    static TABLE: OnceLock<Arc<MonsterTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        match MonsterTable::from_ron_str(DEFAULT_MONSTERS_RON, "levels/monsters.ron") {
            Ok(table) => Arc::new(table),
            Err(e) => panic!("the embedded monster table is broken: {e}"),
        }
    })
}

impl MonsterTable {
    /// Parses and validates a monster table; `origin` names the text in errors, which
    /// give the line and column of the broken field.
    pub fn from_ron_str(text: &str, origin: &str) -> Result<MonsterTable, MonsterTableError> {
        let mut file: MonsterTableFile = crate::ron_text::parse(text, origin, Dialect::Plain)
            .map_err(MonsterTableError::Parse)?;
        let invalid = |index: usize, field: &str, problem: String| {
            let (line, column) = locate_in_list(text, "monsters", index, field).unwrap_or((1, 1));
            MonsterTableError::Invalid {
                origin: origin.to_owned(),
                line,
                column,
                problem,
            }
        };
        if file.monsters.is_empty() {
            return Err(invalid(0, "monsters", "`monsters` lists no kind".into()));
        }
        for (index, kind) in file.monsters.iter().enumerate() {
            if let Some((field, rule)) = kind.broken_rule() {
                return Err(invalid(
                    index,
                    field,
                    format!("{:?}: `{field}` {rule}", kind.name),
                ));
            }
            if file.monsters[..index].iter().any(|k| k.name == kind.name) {
                return Err(invalid(
                    index,
                    "name",
                    format!("{:?} appears twice", kind.name),
                ));
            }
        }
        for (index, kind) in file.monsters.iter().enumerate() {
            for ability in &kind.abilities {
                if let Ability::Summon { kind: called, .. } = ability
                    && !file.monsters.iter().any(|k| &k.name == called)
                {
                    return Err(invalid(
                        index,
                        "abilities",
                        format!(
                            "{:?}: `abilities` summons {called:?}, which the table does not list",
                            kind.name
                        ),
                    ));
                }
            }
        }
        for kind in &mut file.monsters {
            if std::mem::take(&mut kind.flies) {
                kind.moves = Movement::Flies;
            }
        }
        Ok(MonsterTable {
            kinds: file.monsters,
        })
    }

    /// The table as RON text that [`MonsterTable::from_ron_str`] reads back to an equal
    /// table (how a save or a recording keeps a campaign's own table).
    pub fn to_ron(&self) -> String {
        let file = MonsterTableFile {
            monsters: self.kinds.clone(),
        };
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| panic!("a monster table always serialises: {e}"))
    }

    /// Whether this is the embedded table.
    pub(crate) fn is_embedded(&self) -> bool {
        self == default_monster_table()
    }

    /// The kinds, in table order (a [`Monster::kind`] indexes this).
    pub fn kinds(&self) -> &[MonsterKind] {
        &self.kinds
    }

    /// The kind with index `kind`.
    pub fn kind(&self, kind: usize) -> Option<&MonsterKind> {
        self.kinds.get(kind)
    }

    /// The map glyph of monster kind `kind` (`M` for a kind the table lacks — a loaded
    /// save is checked for those, so only a hand-made run has one: the one place that
    /// says how it looks).
    pub fn glyph(&self, kind: usize) -> char {
        self.kinds.get(kind).map_or('M', |k| k.glyph)
    }

    /// The index of the kind called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.name == name)
    }

    /// The kinds that appear on `depth`, with their draw weights (weight > 0).
    pub fn kinds_on(&self, depth: u32) -> Vec<(usize, u32)> {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.appears_on(depth) && k.rarity.weight() > 0)
            .map(|(i, k)| (i, k.rarity.weight()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_has_at_least_eight_kinds_across_the_depths() {
        let table = default_monster_table();
        assert!(table.kinds().len() >= 8);
        for depth in [1, 2, 5, 10, 20, 100, 999] {
            assert!(
                !table.kinds_on(depth).is_empty(),
                "depth {depth} has monsters"
            );
        }
        let glyphs: std::collections::BTreeSet<char> =
            table.kinds().iter().map(|k| k.glyph).collect();
        assert_eq!(
            glyphs.len(),
            table.kinds().len(),
            "every kind has its own glyph"
        );
    }

    #[test]
    fn abilities_are_read_checked_at_their_place_and_the_older_flies_is_moves_flies() {
        let kind = |extra: &str| {
            format!(
                "(name: \"x\", glyph: 'x', hp: 4, attack: 1, defence: 0, damage: (1, 2), speed: Normal, sight: 7, behaviour: Hunts, depths: (1, 5), rarity: Common{extra})"
            )
        };
        let table = |kinds: &[String]| {
            format!(
                "(\n  monsters: [\n    {},\n  ],\n)\n",
                kinds.join(",\n    ")
            )
        };
        let bat = MonsterTable::from_ron_str(&table(&[kind(", flies: true")]), "m.ron").unwrap();
        assert_eq!(bat.kinds()[0].moves, Movement::Flies);
        assert!(!bat.to_ron().contains("flies"), "written as moves");
        assert_eq!(
            MonsterTable::from_ron_str(&bat.to_ron(), "again").unwrap(),
            bat
        );
        let unknown = table(&[kind(
            ", abilities: [Summon(kind: \"ghost\", count: 2, every: 5, lasts: 5)]",
        )]);
        let error = MonsterTable::from_ron_str(&unknown, "m.ron")
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("m.ron:3:") && error.contains("\"ghost\""),
            "{error}"
        );
        let dry = table(&[kind(", abilities: [Submerges]")]);
        let error = MonsterTable::from_ron_str(&dry, "m.ron")
            .unwrap_err()
            .to_string();
        assert!(error.contains("Swims"), "{error}");
        let archer = table(&[kind(
            ", abilities: [Ranged(range: 6, damage: (1, 3), verb: \"shoots\")]",
        )]);
        let archer = MonsterTable::from_ron_str(&archer, "m.ron").unwrap();
        assert!(archer.kinds()[0].has("Ranged"));
    }

    #[test]
    fn a_broken_rule_is_reported_at_its_field() {
        let text = "(\n  monsters: [\n    (name: \"rat\", glyph: 'r', hp: 4, attack: 1, defence: 0,\n     damage: (3, 2), speed: Normal, sight: 7, behaviour: Hunts, depths: (1, 5),\n     rarity: Common),\n  ],\n)\n";
        let error = MonsterTable::from_ron_str(text, "m.ron").unwrap_err();
        assert!(error.to_string().starts_with("m.ron:4:6:"), "{error}");
        assert!(error.to_string().contains("damage"), "{error}");
        let unknown = MonsterTable::from_ron_str("(monsters: [(name: \"x\", claws: 3)])", "m.ron")
            .unwrap_err();
        assert!(unknown.to_string().contains("m.ron:1:"), "{unknown}");
    }
}
