//! Seeded loot: the loot table, which items a level gets, where they lie, and which
//! unidentified appearance each kind wears — all from the level's loot stream.
//!
//! The default table is `levels/loot.ron`, embedded in the binary. Item kinds and
//! positions are read off permutation tables ([`PermTable`]) whose step and offset are
//! drawn from the stream, so the same seed always gives the same loot.

mod place;

use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::grid::Pos;
use crate::perm::PermTable;
use crate::rng::StreamRng;

pub use place::{LootPlan, place_loot_from};

/// The price in gold of an item of weight 1 (very rare) for sale; an item of weight
/// `w` costs this over `w`.
pub const PRICE_OF_THE_RAREST: u32 = 120;

/// An item lying on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PlacedItem {
    /// Where it lies.
    pub pos: Pos,
    /// Index of its kind in the loot table.
    pub item: usize,
    /// The enchantments read into it before it was put down (none for every item a
    /// level is made with; absent when none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub plus: u32,
    /// Its price in gold when it lies for sale (a shop vault's wares; see
    /// [`LootTable::price`]), else 0 (absent).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub price: u32,
}

impl PlacedItem {
    /// A plain item of kind `item` lying at `pos`, not for sale.
    pub const fn plain(pos: Pos, item: usize) -> PlacedItem {
        PlacedItem {
            pos,
            item,
            plus: 0,
            price: 0,
        }
    }

    /// The item itself, as one picks it up.
    pub const fn held(&self) -> Item {
        Item {
            kind: self.item,
            plus: self.plus,
            copy: 0,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One item as it is carried, worn, stolen or thrown: its kind and the enchantments read
/// into it. Items stack only when both are the same, so a +2 war hammer never hides
/// among plain ones.
///
/// Things worn, wielded or aimed with charges never stack in the pack: two alike carried
/// differ in `copy` (see [`Effect::never_stacks`]).
///
/// Written in saves as the bare kind when plain (as every save before enchantments
/// belonged to items wrote it), as `(kind, plus)` when enchanted and as
/// `(kind, plus, copy)` when it is a second (or later) copy in the pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// Index of its kind in the loot table.
    pub kind: usize,
    /// The enchantments read into it.
    pub plus: u32,
    /// Which of several alike in the pack it is, for things that never stack (0 for
    /// the first, and for everything that stacks or lies on a level).
    pub copy: u32,
}

impl Item {
    /// An item of kind `kind` with nothing read into it.
    pub const fn plain(kind: usize) -> Item {
        Item {
            kind,
            plus: 0,
            copy: 0,
        }
    }

    /// The same item with one more enchantment.
    pub const fn enchanted(self) -> Item {
        Item {
            plus: self.plus.saturating_add(1),
            ..self
        }
    }

    /// The same item with `plus` enchantments.
    pub const fn with_plus(self, plus: u32) -> Item {
        Item { plus, ..self }
    }

    /// The same item as copy number `copy` in the pack.
    pub const fn as_copy(self, copy: u32) -> Item {
        Item { copy, ..self }
    }

    /// It lying at `pos` (not for sale).
    pub const fn at(self, pos: Pos) -> PlacedItem {
        PlacedItem {
            pos,
            item: self.kind,
            plus: self.plus,
            price: 0,
        }
    }
}

/// How an [`Item`] is written: a bare kind, or a kind and its enchantments.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum ItemText {
    Plain(usize),
    Enchanted(usize, u32),
    Copy(usize, u32, u32),
}

impl Serialize for Item {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self.plus, self.copy) {
            (0, 0) => ItemText::Plain(self.kind),
            (plus, 0) => ItemText::Enchanted(self.kind, plus),
            (plus, copy) => ItemText::Copy(self.kind, plus, copy),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match ItemText::deserialize(deserializer)? {
            ItemText::Plain(kind) => Item::plain(kind),
            ItemText::Enchanted(kind, plus) => Item::plain(kind).as_copy(0).with_plus(plus),
            ItemText::Copy(kind, plus, copy) => Item::plain(kind).with_plus(plus).as_copy(copy),
        })
    }
}

/// How often an item turns up, as a weight among the items that can be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Rarity {
    /// Weight 8.
    Common,
    /// Weight 4.
    Uncommon,
    /// Weight 2.
    Rare,
    /// Weight 1.
    VeryRare,
    /// An explicit weight; 0 means never drawn at random.
    Weight(u32),
}

impl Rarity {
    /// The draw weight.
    pub const fn weight(self) -> u32 {
        match self {
            Rarity::Common => 8,
            Rarity::Uncommon => 4,
            Rarity::Rare => 2,
            Rarity::VeryRare => 1,
            Rarity::Weight(w) => w,
        }
    }
}

/// One kind of item in the loot table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LootItem {
    /// The identified name, unique in the table.
    pub name: String,
    /// Its glyph.
    pub glyph: char,
    /// How often it is drawn (ignored for `must_find` items, which are never drawn).
    pub rarity: Rarity,
    /// The class whose shuffled appearances it wears unidentified, e.g. `"potion"`.
    #[serde(default)]
    pub appearance_class: Option<String>,
    /// Placed on every level with loot, first, on a spot with open ground around it.
    #[serde(default)]
    pub must_find: bool,
    /// What using it does (`a`, then its inventory letter); nothing when absent.
    #[serde(default, skip_serializing_if = "Effect::is_none")]
    pub effect: Effect,
}

/// What using an item does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Nothing: it cannot be used (the rune).
    #[default]
    None,
    /// Money: picked up into the purse (with monsters), not carried as an item.
    Gold,
    /// Drink: heals this many hit points (above the most, the most grows by one).
    Heal(u32),
    /// Drink: confused for this many turns (moves go astray).
    Confuse(u32),
    /// Eat: heals this many hit points.
    Eat(u32),
    /// Read: the first unidentified kind carried is identified.
    Identify,
    /// Read: the player is carried to a far tile of the level.
    Teleport,
    /// Read: the whole level is known.
    MagicMapping,
    /// Read or drink: a feeling, and nothing else.
    Harmless,
    /// Zap: the nearest monster in view takes (least, most) damage.
    Strike(u32, u32),
    /// Zap: a hole through the floor to the next depth (not below the final one).
    DigDown,
    /// Wield (or put away): attack and damage of this weapon.
    Wield {
        /// Added to the player's attack.
        attack: u32,
        /// (least, most) damage instead of the bare hands'.
        damage: (u32, u32),
        /// How it fights (a plain blow unless said).
        #[serde(default, skip_serializing_if = "WeaponStyle::is_plain")]
        style: WeaponStyle,
    },
    /// Wear (or take off): added to the player's defence.
    Armour(u32),
    /// Wear (or take off): added to the player's defence, and heard: every step in it is
    /// a noise that may wake sleepers within [`HEAVY_ARMOUR_NOISE`] tiles.
    HeavyArmour(u32),
    /// Put on (or remove) a ring.
    Ring(RingPower),
    /// Carried: the key to a vault's locked doors. Walking into a locked door while
    /// carrying it opens every locked door of that level, and uses it up.
    Key,
    /// Throw (`t`, or `a`): a thrown weapon of (least, most) damage, with a better aim
    /// than anything else thrown; it lies where it lands, to be picked up again.
    Thrown(u32, u32),
    /// Read: one thing carried grows by one — a weapon's attack and damage, an armour's
    /// defence, a ring of protection, a wand's charges — and a curse on it lifts.
    Enchant,
    /// Read: the curse on every ring worn lifts (it can be taken off).
    RemoveCurse,
    /// Read (malevolent): every monster of the level wakes and comes for the reader.
    Aggravate,
    /// Read (malevolent): this many monsters of the depth appear around the reader.
    SummonMonsters(u32),
    /// Drink: the drinker sinks through the floor to the next depth (not below the
    /// final one).
    Descend,
    /// Drink (malevolent) or throw: flames burst over the tile and the eight around it,
    /// burning whoever stands there for (least, most).
    Incinerate(u32, u32),
    /// Zap (malevolent): the creature aimed at splits in two.
    Plenty,
}

/// How far a heavy armour's steps are heard.
pub const HEAVY_ARMOUR_NOISE: i32 = 3;

/// How a weapon fights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponStyle {
    /// One blow at the monster stepped into.
    #[default]
    Plain,
    /// A quick blade: a blow at a sleeper deals five times its damage (not three).
    Quick,
    /// A sweep: the blow falls on every monster next to the wielder.
    Sweep,
    /// A thrust: the blow also strikes the monster standing behind the first.
    Pierce,
    /// A heavy blow: attacking takes two turns.
    Heavy,
}

impl WeaponStyle {
    /// Whether it is a plain blow.
    pub(crate) fn is_plain(&self) -> bool {
        *self == WeaponStyle::Plain
    }

    /// What it does, for the look and the inventory ("sweeps every neighbour").
    pub fn describe(self) -> Option<&'static str> {
        match self {
            WeaponStyle::Plain => None,
            WeaponStyle::Quick => Some("quick: five times the damage on a sleeper"),
            WeaponStyle::Sweep => Some("sweeps: strikes every monster next to you"),
            WeaponStyle::Pierce => Some("pierces: strikes the monster behind too"),
            WeaponStyle::Heavy => Some("heavy: each blow takes two turns"),
        }
    }
}

impl Effect {
    /// Whether the item has no use.
    pub fn is_none(&self) -> bool {
        *self == Effect::None
    }
}

/// What a ring does while worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RingPower {
    /// Adds to the player's defence.
    Protection(u32),
    /// Heals a hit point every 3 turns instead of every 9.
    Regeneration,
    /// Shows where the items of each level lie.
    Searching,
    /// Malevolent: takes this much from the player's attack, and once put on will not
    /// come off until its curse is lifted (a scroll of remove curse, or enchanting it).
    Clumsiness(u32),
}

impl RingPower {
    /// Whether the ring is cursed when put on (it will not come off).
    pub fn is_cursed(self) -> bool {
        matches!(self, RingPower::Clumsiness(_))
    }
}

impl Effect {
    /// Whether using the item needs a target on the map (a wand that shoots a bolt, a
    /// thrown weapon): the front ends open the aiming cursor.
    pub fn is_aimed(self) -> bool {
        matches!(
            self,
            Effect::Strike(..) | Effect::Plenty | Effect::Thrown(..)
        )
    }

    /// Whether using the item (once known) asks which other item it acts on.
    pub fn asks_for_an_item(self) -> bool {
        matches!(self, Effect::Enchant | Effect::Identify)
    }

    /// Whether each one carried is a thing of its own, never stacked with others alike:
    /// what is wielded, worn or put on, and wands (each has its own charges).
    pub fn never_stacks(self) -> bool {
        self.is_wand()
            || matches!(
                self,
                Effect::Wield { .. } | Effect::Armour(_) | Effect::HeavyArmour(_) | Effect::Ring(_)
            )
    }

    /// Whether it is a wand (it has charges).
    pub fn is_wand(self) -> bool {
        matches!(self, Effect::Strike(..) | Effect::DigDown | Effect::Plenty)
    }
}

/// The unidentified appearances of one class of items.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AppearanceClass {
    /// The class name items refer to.
    pub class: String,
    /// The appearances, at least one per item of the class.
    pub names: Vec<String>,
}

/// A validated loot table: the item kinds and the appearance classes. Made only by
/// [`LootTable::from_ron_str`], so its rules always hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LootTable {
    items: Vec<LootItem>,
    appearances: Vec<AppearanceClass>,
    /// Worked out once, when the table is made: keys compare it on every level.
    fingerprint: LootFingerprint,
}

/// The file form of a loot table, before validation.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct LootTableFile {
    items: Vec<LootItem>,
    #[serde(default)]
    appearances: Vec<AppearanceClass>,
}

/// Why a loot table was refused: a RON error with its place, or a broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LootError {
    /// The text is not a loot table in RON.
    Parse(crate::ron_text::RonError),
    /// The file could not be read.
    Io {
        /// The file.
        origin: String,
        /// What went wrong.
        message: String,
    },
    /// The table parsed but breaks a rule.
    Invalid {
        /// Where the text came from.
        origin: String,
        /// The rule broken, naming the item or class.
        problem: String,
    },
}

impl fmt::Display for LootError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LootError::Parse(e) => write!(f, "{e}"),
            LootError::Io { origin, message } => write!(f, "{origin}: {message}"),
            LootError::Invalid { origin, problem } => write!(f, "{origin}: {problem}"),
        }
    }
}

impl std::error::Error for LootError {}

/// The largest total weight of the items that can be drawn (the ticket table of a level
/// has one slot per unit of weight).
pub(crate) const MAX_TOTAL_WEIGHT: u32 = 1 << 16;

/// The embedded default table's text: the second edition (from 2026-12-04, generation
/// 3), with weapons of several styles, heavy armour, thrown weapons, enchanting and
/// malevolent items.
const DEFAULT_LOOT_RON: &str = include_str!("../../../levels/loot.ron");

/// The first edition of the embedded table (until 2026-12-04), kept byte for byte: what
/// a level key of generations 1 and 2 without a loot mark means (every key made before
/// the second edition), and the table a save or recording of those generations goes on
/// with (see `Generation::embedded_loot_table`).
pub const FIRST_EDITION_LOOT_RON: &str = include_str!("loot/first_table.ron");

/// The default loot table (`levels/loot.ron`, embedded), parsed on first use.
///
/// # Panics
/// If the embedded file does not parse — a build defect that the test suite catches.
pub fn default_loot_table() -> &'static LootTable {
    embedded_loot_table_shared()
}

/// [`default_loot_table`], shared: what a campaign without a table of its own holds.
pub(crate) fn embedded_loot_table_shared() -> &'static Arc<LootTable> {
    static TABLE: OnceLock<Arc<LootTable>> = OnceLock::new();
    TABLE.get_or_init(
        || match LootTable::from_ron_str(DEFAULT_LOOT_RON, "levels/loot.ron") {
            Ok(table) => Arc::new(table),
            Err(e) => panic!("the embedded loot table is broken: {e}"),
        },
    )
}

/// The first edition of the embedded table (see [`FIRST_EDITION_LOOT_RON`]), parsed on
/// first use.
///
/// # Panics
/// If the embedded file does not parse — a build defect that the test suite catches.
pub fn first_edition_loot_table() -> &'static LootTable {
    static TABLE: OnceLock<LootTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        match LootTable::from_ron_str(FIRST_EDITION_LOOT_RON, "the first edition loot table") {
            Ok(table) => table,
            Err(e) => panic!("the first edition loot table is broken: {e}"),
        }
    })
}

/// A loot table's fingerprint: a CRC-32 of its contents (not of its text, so comments
/// and layout don't count). A level key made under another table than the embedded one
/// carries it, so the key says which table its loot came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LootFingerprint(pub u32);

impl LootFingerprint {
    /// The fingerprint of the embedded table (its current edition).
    pub fn embedded() -> LootFingerprint {
        default_loot_table().fingerprint()
    }

    /// The edition of the embedded table with this fingerprint, if it is one.
    pub fn embedded_edition(self) -> Option<&'static LootTable> {
        [default_loot_table(), first_edition_loot_table()]
            .into_iter()
            .find(|table| table.fingerprint() == self)
    }
}

impl fmt::Display for LootFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08X}", self.0)
    }
}

impl LootTable {
    /// Reads and validates the loot table in `path`.
    pub fn load(path: &Path) -> Result<LootTable, LootError> {
        let origin = path.display().to_string();
        let text = crate::ron_text::read_text(path).map_err(|e| {
            e.into_ron_error(&origin).map_or_else(
                |message| LootError::Io {
                    origin: origin.clone(),
                    message,
                },
                LootError::Parse,
            )
        })?;
        LootTable::from_ron_str(&text, &origin)
    }

    /// The table as RON text that [`LootTable::from_ron_str`] reads back to an equal table
    /// (how a save keeps a campaign's own table).
    pub fn to_ron(&self) -> String {
        let file = LootTableFile {
            items: self.items.clone(),
            appearances: self.appearances.clone(),
        };
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| panic!("a loot table always serialises: {e}"))
    }

    /// The table's [`LootFingerprint`].
    pub fn fingerprint(&self) -> LootFingerprint {
        self.fingerprint
    }

    /// Parses and validates a loot table; `origin` names the text in errors.
    pub fn from_ron_str(text: &str, origin: &str) -> Result<LootTable, LootError> {
        let file: LootTableFile =
            crate::ron_text::parse(text, origin, crate::ron_text::Dialect::Plain)
                .map_err(LootError::Parse)?;
        let fingerprint = content_fingerprint(&file.items, &file.appearances);
        let table = LootTable {
            items: file.items,
            appearances: file.appearances,
            fingerprint,
        };
        table.validate().map_err(|problem| LootError::Invalid {
            origin: origin.to_string(),
            problem,
        })?;
        Ok(table)
    }

    /// Checks the rules the loot code relies on.
    fn validate(&self) -> Result<(), String> {
        if self.items.is_empty() {
            return Err("`items` is empty; a loot table needs at least one item".into());
        }
        for (i, item) in self.items.iter().enumerate() {
            if item.name.trim().is_empty() {
                return Err(format!("item {i} has an empty `name`"));
            }
            if self.items[..i].iter().any(|other| other.name == item.name) {
                return Err(format!("item name {:?} appears twice", item.name));
            }
            if let Some(class) = &item.appearance_class
                && !self.appearances.iter().any(|c| &c.class == class)
            {
                return Err(format!(
                    "item {:?} has appearance_class {class:?}, which `appearances` does not list",
                    item.name
                ));
            }
        }
        for (i, class) in self.appearances.iter().enumerate() {
            if self.appearances[..i]
                .iter()
                .any(|other| other.class == class.class)
            {
                return Err(format!("appearance class {:?} appears twice", class.class));
            }
            let members = self.class_members(&class.class).len();
            if class.names.len() < members {
                return Err(format!(
                    "appearance class {:?} has {} names for {members} items; it needs one per item",
                    class.class,
                    class.names.len()
                ));
            }
            if let Some(name) = class
                .names
                .iter()
                .enumerate()
                .find_map(|(j, n)| class.names[..j].contains(n).then_some(n))
            {
                return Err(format!(
                    "appearance class {:?} lists {name:?} twice",
                    class.class
                ));
            }
        }
        let total: u64 = self.drawable().map(|(_, w)| w as u64).sum();
        if total == 0 {
            return Err(
                "no item can be drawn at random: every item is must_find or has weight 0".into(),
            );
        }
        if total > MAX_TOTAL_WEIGHT as u64 {
            return Err(format!(
                "the weights of the drawable items add up to {total}; the most allowed is {MAX_TOTAL_WEIGHT}"
            ));
        }
        Ok(())
    }

    /// The item kinds, in table order (a [`PlacedItem::item`] indexes this).
    pub fn items(&self) -> &[LootItem] {
        &self.items
    }

    /// The appearance classes, in table order.
    pub fn appearance_classes(&self) -> &[AppearanceClass] {
        &self.appearances
    }

    /// The identified name of item kind `kind`.
    ///
    /// # Panics
    /// If the table has no such kind. Every kind a run holds is one: generation places
    /// only the table's kinds, and a save naming any other is refused when restored.
    pub fn true_name(&self, kind: usize) -> String {
        self.items[kind].name.clone()
    }

    /// The map glyph of item kind `kind`.
    ///
    /// # Panics
    /// If the table has no such kind (see [`LootTable::true_name`]).
    pub fn glyph(&self, kind: usize) -> char {
        self.items[kind].glyph
    }

    /// What using item kind `kind` does, if the table has such a kind.
    pub fn effect(&self, kind: usize) -> Option<Effect> {
        self.items.get(kind).map(|item| item.effect)
    }

    /// The index of the item called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.items.iter().position(|item| item.name == name)
    }

    /// The kind that opens locked doors (the first item whose effect is `Key`), if the
    /// table has one: a vault with locks places one of it.
    pub fn key_item(&self) -> Option<usize> {
        self.items
            .iter()
            .position(|item| item.effect == Effect::Key)
    }

    /// What the item of `kind` costs where it lies for sale: [`PRICE_OF_THE_RAREST`]
    /// gold over its rarity's weight (a common item 15, an uncommon 30, a rare 60, a
    /// very rare 120), at least 5; 0 — never for sale — for gold, a key, a must-find
    /// item, a kind of weight 0 or none.
    pub fn price(&self, kind: usize) -> u32 {
        match self.items.get(kind) {
            Some(item) if !item.must_find && !matches!(item.effect, Effect::Gold | Effect::Key) => {
                match item.rarity.weight() {
                    0 => 0,
                    weight => (PRICE_OF_THE_RAREST / weight).max(5),
                }
            }
            _ => 0,
        }
    }

    /// The kinds drawn at random, each with its weight (never a must-find item, never
    /// one of weight 0).
    pub(crate) fn draw_weights(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.drawable()
    }

    /// Indices of the items wearing appearances of `class`, in table order.
    fn class_members(&self, class: &str) -> Vec<usize> {
        (0..self.items.len())
            .filter(|&i| self.items[i].appearance_class.as_deref() == Some(class))
            .collect()
    }

    /// Items drawn at random with their weights: not must-find, weight above 0.
    fn drawable(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.items
            .iter()
            .enumerate()
            .filter(|(_, item)| !item.must_find && item.rarity.weight() > 0)
            .map(|(i, item)| (i, item.rarity.weight()))
    }
}

/// A table's [`LootFingerprint`]: every field of every item and class, in order,
/// each written with its length, so no two different tables read the same bytes.
fn content_fingerprint(items: &[LootItem], appearances: &[AppearanceClass]) -> LootFingerprint {
    fn text(hasher: &mut crc32fast::Hasher, s: &str) {
        hasher.update(&(s.len() as u64).to_le_bytes());
        hasher.update(s.as_bytes());
    }
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&(items.len() as u64).to_le_bytes());
    for item in items {
        text(&mut hasher, &item.name);
        hasher.update(&u32::from(item.glyph).to_le_bytes());
        let rarity = match item.rarity {
            Rarity::Weight(w) => [4, w],
            named => [0, named.weight()],
        };
        hasher.update(&rarity[0].to_le_bytes());
        hasher.update(&rarity[1].to_le_bytes());
        text(
            &mut hasher,
            item.appearance_class.as_deref().unwrap_or("\0none"),
        );
        hasher.update(&[u8::from(item.must_find)]);
    }
    hasher.update(&(appearances.len() as u64).to_le_bytes());
    for class in appearances {
        text(&mut hasher, &class.class);
        hasher.update(&(class.names.len() as u64).to_le_bytes());
        for name in &class.names {
            text(&mut hasher, name);
        }
    }
    LootFingerprint(hasher.finalize())
}

/// How [`appearances`] draws the order a class's names are worn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisguiseOrder {
    /// A permutation table over the class (two draws per class): only n·φ(n) of the n!
    /// orders — 32 for eight scroll labels — and affine, so two kinds identified told
    /// every other label. Runs before the sixth generation.
    PermutationTable,
    /// A shuffle ([`StreamRng::shuffle`]): any order, each as likely.
    Shuffled,
}

/// The unidentified name of every item kind, index-aligned with [`LootTable::items`]:
/// items of an appearance class wear that class's names in an order drawn from `rng`,
/// class by class in table order; the others show their own name. Distinct items of a
/// class always look different.
///
/// How a class's order is drawn is the run's generation's ([`DisguiseOrder`]).
///
/// Appearances belong to a whole game, not a level: pass one stream per game (e.g. the
/// loot stream of the master seed) so a potion looks the same on every depth.
pub fn appearances(table: &LootTable, order: DisguiseOrder, rng: &mut StreamRng) -> Vec<String> {
    let mut names: Vec<String> = table.items.iter().map(|item| item.name.clone()).collect();
    for class in &table.appearances {
        // Which of the class's names each member wears, member by member.
        let worn: Vec<u32> = match order {
            DisguiseOrder::Shuffled => {
                let mut names: Vec<u32> = (0..class.names.len() as u32).collect();
                rng.shuffle(&mut names);
                names
            }
            // Validation guarantees names.len() > 0 when members exist.
            DisguiseOrder::PermutationTable => {
                match PermTable::random(class.names.len() as u32, rng) {
                    Ok(table) => table.to_vec(),
                    Err(_) => continue,
                }
            }
        };
        for (member, source) in table.class_members(&class.class).into_iter().zip(worn) {
            names[member] = class.names[source as usize].clone();
        }
    }
    names
}
