//! Level keys: short printable strings that reproduce a level byte for byte.
//!
//! A key holds the generation, the generator kind, every parameter that differs from
//! that kind's defaults, the depth and the run seed, written in Crockford's base 32
//! (digits and capitals without I, L, O, U, so it can be read aloud and typed) in groups
//! of four, ending with a check character. The check is Damm's algorithm over GF(32),
//! which catches every single mistyped character and every swap of two neighbours.
//!
//! Example: `100J-MA` — cave defaults, depth 1, seed 42.
//!
//! The bytes are whole numbers written 7 bits a byte (LEB128): first the head,
//! `generation << 2 | kind`, then the depth, the seed, and — when anything differs from
//! the defaults — a mask of the parameters written, their values, and a loot table's
//! fingerprint. The head's two kind bits hold the first three kinds of the list
//! (cave 0, rooms 1, maze 2), as every key has since generation 1; the value 3 says the
//! kind's number follows as a number of its own, so a fourth kind and any after it have
//! keys too, while every key written before keeps its bytes and its meaning.
//!
//! Every level has one key: a key written any other way (a parameter at its default
//! written out, a number with needless zero groups, a small kind in the long form) is
//! refused, naming what is off and the key delve writes for that level.

use std::fmt;

use crate::generator::cyclic::patterns::PatternSet;
use crate::generator::{
    Content, GenError, Generation, GeneratorConfig, GeneratorKind, Invalid, Level,
    generate_level_from,
};
use crate::loot::{LootFingerprint, LootTable};
use crate::rng::level_seed;
use crate::vaults::{VaultFingerprint, VaultSet};

/// The bit of the parameter mask that says a loot table fingerprint follows the
/// parameters (far above any parameter's own bit, so old keys never have it).
const LOOT_TABLE_BIT: u64 = 1 << 40;

/// The bit of the parameter mask that says a vault set's fingerprint follows (after the
/// loot table's, when both do).
const VAULT_SET_BIT: u64 = 1 << 41;

/// Bits of the head that hold the kind; the generation's number is above them.
const KIND_BITS: u32 = 2;

/// The kind bits' value that says the kind's number follows as a number of its own;
/// kinds numbered below it are written in the head itself.
const WIDE_KIND: u64 = (1 << KIND_BITS) - 1;

pub mod text;

/// Everything needed to regenerate one level — including the [`Generation`] whose rules
/// made it, written at the head of the key, so a key keeps giving its level when later
/// rules change (a key of a generation this delve does not know is refused).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LevelKey {
    /// The rules the level is made by.
    pub generation: Generation,
    /// Generator and parameters.
    pub config: GeneratorConfig,
    /// Depth of the level (1 = first).
    pub depth: u32,
    /// Run seed; the level's own seed is derived from it and the depth.
    pub seed: u64,
    /// The loot table the level's loot is drawn from. A key without a loot mark means the
    /// embedded table of its generation ([`Generation::embedded_loot_table`]: the first
    /// edition before generation 3, the second since); a key made under any other table
    /// carries its fingerprint.
    pub loot: LootFingerprint,
    /// The vault set its vaults are drawn from (the embedded one unless the campaign
    /// names its own; the key then carries the fingerprint). Read only when the config
    /// asks for vaults.
    pub vaults: VaultFingerprint,
}

impl LevelKey {
    /// The key of a level made now, by the current generation's rules, its loot from the
    /// embedded table ([`LevelKey::under`] names another).
    pub fn new(config: GeneratorConfig, depth: u32, seed: u64) -> LevelKey {
        LevelKey {
            generation: Generation::CURRENT,
            config,
            depth,
            seed,
            loot: Generation::CURRENT.embedded_loot_table().fingerprint(),
            vaults: VaultFingerprint::embedded(),
        }
    }

    /// This key with its level made by `generation`'s rules (a key under its
    /// generation's embedded loot table goes under the new one's).
    pub fn in_generation(mut self, generation: Generation) -> LevelKey {
        let unmarked = self.loot == self.unmarked_loot();
        self.generation = generation;
        if unmarked {
            self.loot = self.unmarked_loot();
        }
        self
    }

    /// This key with its loot drawn from `table`.
    pub fn under(mut self, table: &LootTable) -> LevelKey {
        self.loot = table.fingerprint();
        self
    }

    /// This key with its vaults drawn from `set` (a key whose config asks for no vaults
    /// keeps the embedded set's mark: it draws none).
    pub fn with_vaults(mut self, set: &VaultSet) -> LevelKey {
        if self.config.vaults() > 0 {
            self.vaults = set.fingerprint();
        }
        self
    }

    /// Generates the level of a key made under an embedded loot table (either edition),
    /// by the key's own generation. A key made under another table is an error naming
    /// it: use [`LevelKey::generate_with`] and that table.
    pub fn generate(&self) -> Result<Level, GenError> {
        self.generate_with(self.generation.embedded_loot_table())
    }

    /// The fingerprint a key of this key's generation means when it carries no loot
    /// mark: its embedded table's.
    pub fn unmarked_loot(&self) -> LootFingerprint {
        self.generation.embedded_loot_table().fingerprint()
    }

    /// Generates the level (by the key's own generation) with its loot from `table` —
    /// the table the key was made under, or the embedded one for a key made under it. A
    /// key made under any other table is an error naming the table it needs: its loot
    /// would not be its level's.
    pub fn generate_with(&self, table: &LootTable) -> Result<Level, GenError> {
        self.generate_from(table, VaultSet::embedded())
    }

    /// [`LevelKey::generate_with`], the vaults drawn from `vaults` — the set the key was
    /// made under, or the embedded one for a key made under it (a key made under any
    /// other set is an error naming the set it needs).
    pub fn generate_from(&self, table: &LootTable, vaults: &VaultSet) -> Result<Level, GenError> {
        self.generate_with_patterns(table, vaults, PatternSet::embedded())
    }

    /// [`LevelKey::generate_from`], a cyclic dungeon's plan drawn from `patterns` (a
    /// designer's own, to see them: a key always means the embedded patterns, so the
    /// level is the key's only with those).
    pub fn generate_with_patterns(
        &self,
        table: &LootTable,
        vaults: &VaultSet,
        patterns: &PatternSet,
    ) -> Result<Level, GenError> {
        let table = if table.fingerprint() == self.loot {
            table
        } else if let Some(embedded) = self.loot.embedded_edition() {
            embedded
        } else {
            return Err(GenError::UnknownLootTable(self.loot));
        };
        let vaults = if vaults.fingerprint() == self.vaults {
            vaults
        } else if self.vaults == VaultFingerprint::embedded() {
            VaultSet::embedded()
        } else {
            return Err(GenError::UnknownVaultSet(self.vaults));
        };
        let content = Content {
            loot: table,
            vaults,
            depth: self.depth,
            run_seed: self.seed,
            patterns,
        };
        generate_level_from(self.generation, &self.config, content, self.level_seed())
    }

    /// The seed the level is generated from.
    pub fn level_seed(&self) -> u64 {
        level_seed(self.seed, self.depth)
    }

    /// The printable key.
    pub fn encode(&self) -> String {
        text::print(&self.payload())
    }

    /// The key's bytes, before they are printed.
    fn payload(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(16);
        push_head(
            &mut payload,
            self.generation.number(),
            self.config.kind().number(),
        );
        push_varint(&mut payload, self.depth as u64);
        push_varint(&mut payload, self.seed);
        let values = self.config.schema().key_values();
        let defaults = self.config.kind().default_config().schema().key_values();
        let changed: Vec<(usize, u32)> = values
            .iter()
            .zip(&defaults)
            .enumerate()
            .filter(|(_, (v, d))| v != d)
            .map(|(i, (v, _))| (i, *v))
            .collect();
        let own_table = self.loot != self.unmarked_loot();
        let own_vaults = self.config.vaults() > 0 && self.vaults != VaultFingerprint::embedded();
        if !changed.is_empty() || own_table || own_vaults {
            let mask = changed.iter().fold(0u64, |m, &(i, _)| m | 1 << i);
            let tables = if own_table { LOOT_TABLE_BIT } else { 0 }
                | if own_vaults { VAULT_SET_BIT } else { 0 };
            push_varint(&mut payload, mask | tables);
            for (_, value) in changed {
                push_varint(&mut payload, value as u64);
            }
            if own_table {
                push_varint(&mut payload, self.loot.0 as u64);
            }
            if own_vaults {
                push_varint(&mut payload, self.vaults.0 as u64);
            }
        }
        payload
    }

    /// Reads a key back. Case, hyphens and spaces don't matter; `O` reads as `0` and
    /// `I`/`L` as `1`. Anything else that is wrong is an error, never another level —
    /// and so is a key that says its level in other bytes than delve writes for it
    /// ([`KeyError::NotCanonical`], which names the key delve writes).
    pub fn decode(text: &str) -> Result<LevelKey, KeyError> {
        let payload = text::read(text)?;
        let mut reader = Reader {
            bytes: &payload,
            at: 0,
            overlong: false,
        };
        // The first thing found written otherwise than delve writes it.
        let mut off: Option<String> = None;
        let head = reader.varint()?;
        let generation = match head >> KIND_BITS {
            0 => return Err(KeyError::GenerationZero),
            number => Generation::from_number(number).ok_or(KeyError::UnknownVersion(number))?,
        };
        let kind_number = match head & WIDE_KIND {
            WIDE_KIND => {
                let number = reader.varint()?;
                if number < WIDE_KIND {
                    off.get_or_insert_with(|| {
                        format!("kind {number} is written in the long form meant for kinds from {WIDE_KIND} on")
                    });
                }
                number
            }
            number => number,
        };
        let kind =
            GeneratorKind::from_number(kind_number).ok_or(KeyError::UnknownKind(kind_number))?;
        let depth = u32::try_from(reader.varint()?)
            .map_err(|_| KeyError::Malformed("depth out of range"))?;
        let seed = reader.varint()?;
        let defaults = kind.default_config();
        let names = defaults.schema().param_names();
        let mut values = defaults.schema().key_values();
        let mut loot = generation.embedded_loot_table().fingerprint();
        let mut vaults = VaultFingerprint::embedded();
        if !reader.done() {
            let mask = reader.varint()?;
            let own_table = mask & LOOT_TABLE_BIT != 0;
            let own_vaults = mask & VAULT_SET_BIT != 0;
            let mask = mask & !LOOT_TABLE_BIT & !VAULT_SET_BIT;
            if mask >> values.len() != 0 {
                return Err(KeyError::Malformed("unknown parameter"));
            }
            if mask == 0 && !own_table && !own_vaults {
                off.get_or_insert_with(|| "an empty list of parameters is written out".into());
            }
            for (index, value) in values.iter_mut().enumerate() {
                if mask >> index & 1 == 1 {
                    let written = u32::try_from(reader.varint()?)
                        .map_err(|_| KeyError::Malformed("parameter out of range"))?;
                    if written == *value {
                        off.get_or_insert_with(|| {
                            format!(
                                "`{}` is written out at its default ({written})",
                                names[index]
                            )
                        });
                    }
                    *value = written;
                }
            }
            if own_table {
                let fingerprint = u32::try_from(reader.varint()?)
                    .map_err(|_| KeyError::Malformed("loot table fingerprint out of range"))?;
                loot = LootFingerprint(fingerprint);
                if loot == generation.embedded_loot_table().fingerprint() {
                    off.get_or_insert_with(|| {
                        "the embedded loot table of its generation, which a key without a mark means, is written out".into()
                    });
                }
            }
            if own_vaults {
                let fingerprint = u32::try_from(reader.varint()?)
                    .map_err(|_| KeyError::Malformed("vault set fingerprint out of range"))?;
                vaults = VaultFingerprint(fingerprint);
                if vaults == VaultFingerprint::embedded() {
                    off.get_or_insert_with(|| "the embedded vault set is written out".into());
                }
            }
            if !reader.done() {
                return Err(KeyError::Malformed("stray data after the parameters"));
            }
        }
        let config = kind
            .config_from_key_values(&values)
            .ok_or(KeyError::Malformed("unknown parameter value"))?;
        config.validate().map_err(KeyError::Invalid)?;
        if depth == 0 || depth > crate::rng::MAX_DEPTH {
            return Err(KeyError::Malformed("depth out of range"));
        }
        let key = LevelKey {
            generation,
            config,
            depth,
            seed,
            loot,
            vaults,
        };
        if reader.overlong {
            off.get_or_insert_with(|| "a number is written with needless zero groups".into());
        }
        if off.is_none() && key.payload() != payload {
            off = Some("its bytes are not the ones delve writes for its level".into());
        }
        match off {
            Some(problem) => Err(KeyError::NotCanonical {
                problem,
                canonical: key.encode(),
            }),
            None => Ok(key),
        }
    }
}

impl fmt::Display for LevelKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

/// Why a level key was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// A character that is not in the key alphabet.
    BadCharacter {
        /// 1-based position in the text as typed.
        position: usize,
        /// The character.
        character: char,
    },
    /// Too few characters to be a key.
    TooShort,
    /// The check character does not match: a typo somewhere.
    CheckFailed,
    /// A key of a generation this delve does not know (from a newer delve).
    UnknownVersion(u64),
    /// A key of generation 0, which no delve has made: generations count from 1.
    GenerationZero,
    /// A key of a generator kind this delve does not know (from a newer delve).
    UnknownKind(u64),
    /// A key that names a level in other bytes than delve writes for it (a default
    /// written out, a number with needless zero groups, …): every level has one key.
    NotCanonical {
        /// What is written otherwise.
        problem: String,
        /// The key delve writes for that level.
        canonical: String,
    },
    /// The characters check out but do not describe a level.
    Malformed(&'static str),
    /// The parameters break a config rule.
    Invalid(Invalid),
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "level key: {character:?} at position {position} is not a key character (0-9 and A-Z without I, L, O, U)"
            ),
            KeyError::TooShort => write!(f, "level key: too short"),
            KeyError::CheckFailed => write!(
                f,
                "level key: check character does not match — a character is mistyped"
            ),
            KeyError::UnknownVersion(v) => write!(
                f,
                "level key: made for generation {v} of delve's levels, which this delve does not know (it knows 1 to {}); a newer delve made it",
                Generation::CURRENT.number()
            ),
            KeyError::GenerationZero => write!(
                f,
                "level key: says generation 0, and there is none — delve's generations are numbered from 1 — so no delve wrote this key"
            ),
            KeyError::UnknownKind(n) => write!(
                f,
                "level key: made by generator kind {n}, which this delve does not know (it knows {}); a newer delve made it",
                GeneratorKind::ALL
                    .iter()
                    .map(|k| format!("{} {}", k.number(), k.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            KeyError::NotCanonical { problem, canonical } => write!(
                f,
                "level key: not written as delve writes it ({problem}); that level's key is {canonical}"
            ),
            KeyError::Malformed(what) => write!(f, "level key: {what}"),
            KeyError::Invalid(e) => write!(f, "level key: parameter {e}"),
        }
    }
}

impl std::error::Error for KeyError {}

/// Writes the head: the generation and, in its two low bits, the kind — or, for kinds
/// from [`WIDE_KIND`] on, that value and the kind's number after it.
fn push_head(out: &mut Vec<u8>, generation: u64, kind: u64) {
    if kind < WIDE_KIND {
        push_varint(out, generation << KIND_BITS | kind);
    } else {
        push_varint(out, generation << KIND_BITS | WIDE_KIND);
        push_varint(out, kind);
    }
}

fn push_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// A number was written with more bytes than it needs (its last byte zero).
    overlong: bool,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn varint(&mut self) -> Result<u64, KeyError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self
                .bytes
                .get(self.at)
                .ok_or(KeyError::Malformed("ends in the middle of a number"))?;
            self.at += 1;
            let part = (byte & 0x7f) as u64;
            if shift == 63 && part > 1 {
                return Err(KeyError::Malformed("number too large"));
            }
            value |= part << shift;
            if byte & 0x80 == 0 {
                self.overlong |= shift > 0 && part == 0;
                return Ok(value);
            }
        }
        Err(KeyError::Malformed("number too long"))
    }
}

#[cfg(test)]
mod tests {
    use super::text::ALPHABET;
    use super::*;

    #[test]
    fn default_cave_key_is_short_and_round_trips() {
        let key = LevelKey::new(GeneratorKind::Cave.default_config(), 1, 42);
        let text = key.encode();
        assert!(text.len() <= 12, "{text}");
        assert_eq!(LevelKey::decode(&text), Ok(key));
    }

    #[test]
    fn a_key_of_a_generation_this_delve_does_not_know_is_refused() {
        // As a newer delve would write it: generation 9, a cave, depth 1, seed 42.
        let mut payload = Vec::new();
        for value in [9 << 2, 1, 42] {
            push_varint(&mut payload, value);
        }
        let error = LevelKey::decode(&text::print(&payload)).unwrap_err();
        assert_eq!(error, KeyError::UnknownVersion(9));
        assert!(error.to_string().contains("generation 9"), "{error}");
    }

    #[test]
    fn the_head_holds_any_kind_and_the_first_three_as_they_always_were() {
        for generation in 1..=4u64 {
            for kind in (0..300).chain([70_000, u64::from(u32::MAX)]) {
                let mut head = Vec::new();
                push_head(&mut head, generation, kind);
                if kind < WIDE_KIND {
                    // Every key before kinds could outgrow the two bits wrote this.
                    let mut old = Vec::new();
                    push_varint(&mut old, generation << 2 | kind);
                    assert_eq!(head, old);
                }
                let mut reader = Reader {
                    bytes: &head,
                    at: 0,
                    overlong: false,
                };
                let first = reader.varint().unwrap();
                assert_eq!(first >> KIND_BITS, generation);
                let read = match first & WIDE_KIND {
                    WIDE_KIND => reader.varint().unwrap(),
                    small => small,
                };
                assert_eq!(read, kind);
                assert!(reader.done() && !reader.overlong);
            }
        }
    }

    #[test]
    fn every_single_substitution_is_caught() {
        let key = LevelKey::new(GeneratorKind::Maze.default_config(), 3, 0xdead_beef_1234);
        let text = key.encode();
        for (i, c) in text.char_indices() {
            if c == '-' {
                continue;
            }
            for &a in ALPHABET {
                if a as char == c {
                    continue;
                }
                let mut typo = text.clone();
                typo.replace_range(i..i + 1, &(a as char).to_string());
                assert!(LevelKey::decode(&typo).is_err(), "{typo} accepted");
            }
        }
    }
}
