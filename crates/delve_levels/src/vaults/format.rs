//! The vault file format as a designer writes it in RON: a list of vaults, each a map
//! block of glyphs, a legend, and the rules of where and how often it is placed. This
//! file only reads the text; compiling a [`super::Vault`] checks what it says.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::grid::Trap;

/// A vault file: `(vaults: [ (name: …, map: […], …), … ])`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VaultFile {
    /// The vaults the file holds, in order.
    pub vaults: Vec<VaultText>,
}

impl VaultFile {
    /// The file as RON text that [`super::read_vaults`] reads back to the same vaults.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| panic!("a vault file always serialises: {e}"))
    }
}

/// One vault as written.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VaultText {
    /// Its name, unique in its set ("guarded hoard"): what reports and `catalog` say.
    pub name: String,
    /// What kind of place it is.
    pub category: Category,
    /// The depths it may appear on, first and last (both included).
    pub depths: (u32, u32),
    /// How often it is drawn, against the other vaults of the depth (1–1000).
    #[serde(default = "default_weight")]
    pub weight: u32,
    /// How often it may appear.
    #[serde(default)]
    pub unique: Uniqueness,
    /// How it is laid into a level (default: over open floor).
    #[serde(default)]
    pub mode: Mode,
    /// Whether it may be turned a quarter, half or three quarters round.
    #[serde(default = "yes")]
    pub rotate: bool,
    /// Whether it may be mirrored.
    #[serde(default = "yes")]
    pub mirror: bool,
    /// The map block, one string per row, all rows of one width.
    pub map: Vec<String>,
    /// What each glyph of the map stands for, beyond the built-in glyphs.
    #[serde(default)]
    pub legend: BTreeMap<char, Meaning>,
    /// Rules every placement keeps; a roll of the vault's choices that breaks one is
    /// rolled again.
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// The first generation of level rules that draws it (default 1: every one). Keys
    /// of an older generation never draw it, so a vault added to a set keeps their
    /// levels as they were.
    #[serde(
        default = "first_generation",
        skip_serializing_if = "is_first_generation"
    )]
    pub from_generation: u64,
}

fn default_weight() -> u32 {
    10
}

fn first_generation() -> u64 {
    1
}

fn is_first_generation(n: &u64) -> bool {
    *n == 1
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn yes() -> bool {
    true
}

/// What kind of place a vault is (reports, and the campaign's mix, count by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
pub enum Category {
    /// Treasure behind a guardian, a trap or a hazard.
    Reward,
    /// A locked door whose key lies elsewhere (or in an outer room of the vault).
    Lock,
    /// A place with character: a flooded hall, a pillar room, a shrine.
    Flavour,
    /// Monsters waiting: a den, an ambush.
    Ambush,
}

impl Category {
    /// Every category, in report order.
    pub const ALL: [Category; 4] = [
        Category::Reward,
        Category::Lock,
        Category::Flavour,
        Category::Ambush,
    ];

    /// The lower-case name reports print.
    pub const fn name(self) -> &'static str {
        match self {
            Category::Reward => "reward",
            Category::Lock => "lock",
            Category::Flavour => "flavour",
            Category::Ambush => "ambush",
        }
    }
}

/// How often a vault may appear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Uniqueness {
    /// Any number of times, even twice on one level.
    Any,
    /// At most once per level (the default).
    #[default]
    Level,
    /// At most once per run: it is eligible on one depth of its range only, the one
    /// the run's seed picks, so no run meets it twice.
    Run,
}

/// How a vault is laid into a level.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize,
)]
pub enum Mode {
    /// Laid over open floor (the default): every tile under the map's block is floor;
    /// its exits open onto the floor around it.
    #[default]
    Floor,
    /// A room of its own, dug out of solid rock; a tunnel is dug from each exit to the
    /// nearest open ground.
    Rock,
    /// Replaces a room (in a room dungeon) or an area of plain floor and wall: the block
    /// and a ring of floor round it, which joins every way that ran through the area.
    Room,
    /// Dug into the rock against the level's edge, tunnels dug as for `Rock`.
    Edge,
}

impl Mode {
    /// Every mode, in report order.
    pub const ALL: [Mode; 4] = [Mode::Floor, Mode::Rock, Mode::Room, Mode::Edge];

    /// The lower-case name reports print.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Floor => "floor",
            Mode::Rock => "rock",
            Mode::Room => "room",
            Mode::Edge => "edge",
        }
    }
}

/// What a glyph stands for.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Meaning {
    /// Rock.
    Wall,
    /// Open floor.
    Floor,
    /// A doorway.
    Door,
    /// A closed door (opens when walked into).
    ClosedDoor,
    /// A secret door (looks like wall until found).
    SecretDoor,
    /// A locked door: opens for the level's key.
    LockedDoor,
    /// Shallow water.
    ShallowWater,
    /// Deep water.
    DeepWater,
    /// Lava.
    Lava,
    /// A chasm.
    Chasm,
    /// A bridge.
    Bridge,
    /// A hidden trap.
    Trap(Trap),
    /// Floor where the vault meets the level: it must connect.
    Exit,
    /// Not part of the vault: the level's own tile stays (for shapes that are not boxes).
    Outside,
    /// The key to the vault's locked doors lies here (otherwise it lies elsewhere on
    /// the level, reachable without passing a locked door).
    Key,
    /// A monster on floor: by `name`, or drawn for the depth plus `deeper`.
    Monster {
        /// The monster's name in the monster table.
        #[serde(default)]
        name: Option<String>,
        /// Drawn as for this many depths further down (when no name is given).
        #[serde(default)]
        deeper: u32,
        /// How it starts.
        #[serde(default)]
        state: Start,
    },
    /// An item on floor: by `name`, or drawn from the loot table (from one appearance
    /// `class`, e.g. "potion", when given); `for_sale: true` puts a price on it (a
    /// shop's wares: taken with `g` for the price in gold, never gold or a key).
    Item {
        /// The item's name in the loot table.
        #[serde(default)]
        name: Option<String>,
        /// The appearance class to draw from.
        #[serde(default)]
        class: Option<String>,
        /// Whether it lies for sale.
        #[serde(default, skip_serializing_if = "is_false")]
        for_sale: bool,
    },
    /// One draw per copy of the glyph among weighted choices (DCSS's `SUBST`).
    Pick(Vec<(u32, Meaning)>),
    /// One draw for all copies of the glyph.
    PickOnce(Vec<(u32, Meaning)>),
    /// Exactly `n` copies (chosen at random) mean the first, the others the second
    /// (DCSS's `NSUBST`).
    Count(u32, Box<Meaning>, Box<Meaning>),
}

/// How a vault's monster starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Start {
    /// Asleep until the player comes close or hurts it.
    #[default]
    Asleep,
    /// Awake, but keeping its post until it sees the player.
    Guarding,
    /// Awake and wandering the level like any other.
    Wandering,
    /// Shackled (Brogue's captive): it does nothing until the player walks into it and
    /// sets it free, and then fights at their side.
    Captive,
}

impl Start {
    /// The lower-case name the look command and reports use.
    pub const fn name(self) -> &'static str {
        match self {
            Start::Asleep => "asleep",
            Start::Guarding => "guarding",
            Start::Wandering => "wandering",
            Start::Captive => "captive",
        }
    }
}

/// A rule a vault's rolled choices must keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Rule {
    /// Every tile of the first glyph can be walked to from every tile of the second
    /// (locked doors counted open, secret doors found).
    Connected(char, char),
    /// Every way from the vault's exits to a tile of the first glyph passes a tile of
    /// the second ("the reward is behind the door").
    Behind(char, char),
}

/// The glyphs every vault knows without a legend entry: `#` wall, `.` floor, `@` exit,
/// `+` doorway, `'` closed door, `L` locked door, `K` key, `,` shallow water, `~` deep
/// water, `%` lava, `:` chasm, `=` bridge, and space (outside the vault).
pub fn built_in(glyph: char) -> Option<Meaning> {
    Some(match glyph {
        '#' => Meaning::Wall,
        '.' => Meaning::Floor,
        '@' => Meaning::Exit,
        '+' => Meaning::Door,
        '\'' => Meaning::ClosedDoor,
        'L' => Meaning::LockedDoor,
        'K' => Meaning::Key,
        ',' => Meaning::ShallowWater,
        '~' => Meaning::DeepWater,
        '%' => Meaning::Lava,
        ':' => Meaning::Chasm,
        '=' => Meaning::Bridge,
        ' ' => Meaning::Outside,
        _ => return None,
    })
}

/// The built-in glyphs, in the order [`built_in`] lists them (for help and errors).
pub(crate) const BUILT_IN_GLYPHS: &str = "#.@+'LK,~%:= ";
