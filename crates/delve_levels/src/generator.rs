//! Level generation: the [`GeneratorConfig`] of each kind, the [`Level`] they produce, and
//! [`generate_level`], which runs layout → stairs → loot with deterministic retries.
//!
//! Pure core: no Bevy in here. A level depends only on its config and its seed.

pub mod accretion;
pub mod cave;
pub mod cyclic;
pub mod features;
pub mod generation;
pub mod guarantees;
pub mod key_value;
pub mod kind;
pub mod maze;
pub mod room_graph;
pub mod rooms;
pub mod schema;
pub mod stairs;
pub mod steps;

use std::fmt;

use crate::grid::{Grid, Pos, Tile};
use crate::loot::{self, PlacedItem};
use crate::rng::{Stream, StreamRng, retry_seed};
use crate::vaults::{PlacedVault, VaultMonster, VaultReport, VaultSet};
use cyclic::patterns::PatternSet;

pub use accretion::AccretionConfig;
pub use cave::{CaveConfig, CaveRule, PocketRepair};
pub use cyclic::CyclicConfig;
pub use features::{FeatureConfig, FeatureReport, FeatureVeto, LakeKind};
pub use generation::Generation;
pub use kind::{Count, Generator, KindInfo};
pub use maze::MazeConfig;
pub use room_graph::{Room, RoomGraph};
pub use rooms::RoomsConfig;
pub use schema::Schema;
pub use stairs::StairVeto;
pub use steps::generate_level_from;

use kind::generator_kinds;

// The one list of generator kinds, in key order (a key writes a kind's place here, so
// append only). A kind is its module, whose config implements `Generator`, and its line.
generator_kinds! {
    Cave = cave::CaveConfig,
    Rooms = rooms::RoomsConfig,
    Maze = maze::MazeConfig,
    Accretion = accretion::AccretionConfig,
    Cyclic = cyclic::CyclicConfig,
}

/// How many layouts (the level's own seed, then seeds derived from it) are tried before a
/// level whose stairs cannot be placed is reported as an error.
pub const MAX_ATTEMPTS: u32 = 8;

impl GeneratorKind {
    /// The lower-case name used on the command line and in the HUD.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The kind of that name, if there is one.
    pub fn from_name(name: &str) -> Option<GeneratorKind> {
        GeneratorKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Its place in the list, as level keys write it (0, 1, …).
    pub const fn number(self) -> u64 {
        self as u64
    }

    /// The kind at place `number` of the list, if this delve knows it.
    pub fn from_number(number: u64) -> Option<GeneratorKind> {
        GeneratorKind::ALL
            .into_iter()
            .find(|k| k.number() == number)
    }

    /// The digit whose key switches a level to this kind (the digit row, or the digit
    /// in an action string): its place in the list plus one, for the first nine kinds.
    pub fn switch_digit(self) -> Option<u8> {
        let digit = self.number() + 1;
        (digit <= u64::from(kind::SWITCH_DIGITS)).then_some(digit as u8)
    }

    /// The kind the digit `digit` switches to.
    pub fn of_switch_digit(digit: u8) -> Option<GeneratorKind> {
        GeneratorKind::ALL
            .into_iter()
            .find(|k| k.switch_digit() == Some(digit))
    }

    /// The help's line for the keys that switch kinds: "Cave / rooms / maze".
    pub fn switch_help() -> &'static str {
        static HELP: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
            let names: Vec<&str> = GeneratorKind::ALL
                .into_iter()
                .filter(|k| k.switch_digit().is_some())
                .map(GeneratorKind::name)
                .collect();
            let line = names.join(" / ");
            let mut chars = line.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        });
        &HELP
    }
}

impl fmt::Display for GeneratorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl GeneratorConfig {
    /// Level size in tiles (width, height).
    pub fn size(&self) -> (u32, u32) {
        self.schema().size()
    }

    /// Sets the level size in tiles, and brings the parameters whose bounds depend on
    /// the size within them (a cyclic dungeon plans no more rooms than its cells hold).
    pub fn set_size(&mut self, width: Option<u32>, height: Option<u32>) {
        let (w, h) = self.schema_mut().size_mut();
        if let Some(width) = width {
            *w = width;
        }
        if let Some(height) = height {
            *h = height;
        }
        self.fit_to_size();
    }

    /// Radius around each stair that must be clear of walls.
    pub fn stair_clearance(&self) -> u32 {
        self.schema().stair_clearance()
    }

    /// How many items lie on the level.
    pub fn loot_count(&self) -> u32 {
        self.schema().loot()
    }

    /// The terrain the feature layer lays over the layout.
    pub fn features(&self) -> FeatureConfig {
        self.schema().features()
    }

    /// Sets the terrain the feature layer lays over the layout.
    pub fn set_features(&mut self, features: FeatureConfig) {
        self.schema_mut().set_features(features);
    }

    /// Vault slots the level fills (0 = none).
    pub fn vaults(&self) -> u32 {
        self.schema().vaults()
    }

    /// The monsters the level starts with, in percent of the standard count for its
    /// depth and size (100 unless the config says otherwise).
    pub fn monster_percent(&self) -> u32 {
        self.schema().monster_percent()
    }

    /// Sets the vault slots the level fills.
    pub fn set_vaults(&mut self, vaults: u32) {
        self.schema_mut().set_vaults(vaults);
    }
}

/// A config value that breaks its rule: which field, and what the rule is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The field's name as written in a RON file.
    pub field: &'static str,
    /// The rule that failed, with the value found.
    pub rule: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` {}", self.field, self.rule)
    }
}

impl std::error::Error for Invalid {}

/// Checks `min <= value <= max` for `field`.
pub(crate) fn check_range(
    field: &'static str,
    value: u32,
    min: u32,
    max: u32,
) -> Result<(), Invalid> {
    if value < min || value > max {
        Err(Invalid {
            field,
            rule: format!("must be between {min} and {max}, got {value}"),
        })
    } else {
        Ok(())
    }
}

/// Numbers that describe how a level came out, for `delve stats` and the HUD.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelReport {
    /// What the kind's generator counted of its layout: its kind's
    /// [`KindInfo::counts`], in that order.
    pub counts: Vec<(Count, u32)>,
    /// Floor tiles (anything walkable) as a share of all tiles, in per mille.
    pub floor_permille: u32,
    /// Walking distance (orthogonal steps) between the two stairs.
    pub stair_distance: u32,
    /// Chambers carved to give a stair its clear radius.
    pub carved_chambers: u32,
    /// Layouts thrown away before this one (0 = the level's own seed worked).
    pub retries: u32,
    /// Why each of those layouts was thrown away, in order.
    pub vetoes: Vec<StairVeto>,
    /// The terrain the feature layer laid, and what it refused.
    pub features: FeatureReport,
    /// What each vault slot drew, and why a vault was not placed.
    pub vaults: VaultReport,
}

impl LevelReport {
    /// A layout's report holding `counts`.
    pub fn counting(counts: impl IntoIterator<Item = (Count, u32)>) -> LevelReport {
        LevelReport {
            counts: counts.into_iter().collect(),
            ..LevelReport::default()
        }
    }

    /// The value of `count`, if the level's kind counts it.
    pub fn count(&self, count: Count) -> Option<u32> {
        self.counts
            .iter()
            .find(|(c, _)| *c == count)
            .map(|&(_, value)| value)
    }
}

/// A generated level: its tiles, its stairs, its loot, and how it came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Which generator made it.
    pub kind: GeneratorKind,
    /// The map, with stairs and loot drawn in.
    pub tiles: Grid<Tile>,
    /// Up stairs: where the player arrives.
    pub up: Pos,
    /// Down stairs.
    pub down: Pos,
    /// Items lying on the floor (also drawn as `$` in `tiles`).
    pub loot: Vec<PlacedItem>,
    /// Room graph, for room dungeons.
    pub rooms: Option<RoomGraph>,
    /// The plan it was laid from, for cyclic dungeons: its rooms, corridors and cycles,
    /// where each lies, and where the key to its lock lies.
    pub plan: Option<cyclic::layout::LaidPlan>,
    /// The vaults laid into it, in slot order.
    pub vaults: Vec<PlacedVault>,
    /// The monsters its vaults put on it (the run draws their kinds).
    pub vault_monsters: Vec<VaultMonster>,
    /// How the level came out.
    pub report: LevelReport,
}

/// Where a level's content comes from, and where the level lies in its run (vaults
/// are drawn by depth; a vault unique per run picks its depth from the run's seed).
#[derive(Clone, Copy, Debug)]
pub struct Content<'a> {
    /// The loot table its items are drawn from.
    pub loot: &'a loot::LootTable,
    /// The vaults it may draw.
    pub vaults: &'a VaultSet,
    /// Its depth.
    pub depth: u32,
    /// The run's seed.
    pub run_seed: u64,
    /// The cycle patterns a cyclic dungeon's plan is drawn from (the embedded ones for
    /// every level a key gives; a designer's own to see them in `delve gen`).
    pub patterns: &'a PatternSet,
}

impl Content<'static> {
    /// The embedded loot table (its current edition) and vault set, for a level at
    /// `depth` of the run of `run_seed`.
    pub fn embedded(depth: u32, run_seed: u64) -> Content<'static> {
        Content {
            loot: loot::default_loot_table(),
            vaults: VaultSet::embedded(),
            depth,
            run_seed,
            patterns: PatternSet::embedded(),
        }
    }
}

/// Why a level could not be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The config breaks a rule.
    Invalid(Invalid),
    /// No layout within [`MAX_ATTEMPTS`] gave two stairs their clear radius.
    NoStairSpot {
        /// The generator.
        kind: GeneratorKind,
        /// The radius asked for.
        clearance: u32,
        /// Layouts tried.
        attempts: u32,
        /// Why each was thrown away, in order.
        vetoes: Vec<StairVeto>,
    },
    /// A level key made under a loot table other than the one given (and not the
    /// embedded one).
    UnknownLootTable(loot::LootFingerprint),
    /// A level key made under a vault set other than the one given (and not the embedded
    /// one).
    UnknownVaultSet(crate::vaults::VaultFingerprint),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Invalid(e) => write!(f, "invalid config: {e}"),
            GenError::NoStairSpot {
                kind,
                clearance,
                attempts,
                ..
            } => write!(
                f,
                "{kind} config: no layout in {attempts} attempts had room for stairs with clearance {clearance}; \
                 make the level larger or lower `stair_clearance`"
            ),
            GenError::UnknownLootTable(fingerprint) => write!(
                f,
                "this level key was made under loot table {fingerprint}, not the embedded one; \
                 give that table (`--loot FILE`, or the campaign that names it) to get its loot"
            ),
            GenError::UnknownVaultSet(fingerprint) => write!(
                f,
                "this level key was made under vault set {fingerprint}, not the embedded one; \
                 give the campaign that names that set to get its vaults"
            ),
        }
    }
}

impl std::error::Error for GenError {}

impl From<Invalid> for GenError {
    fn from(e: Invalid) -> Self {
        GenError::Invalid(e)
    }
}

/// A layout before stairs: the tiles plus what the generator reports about them.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Walls and floors (and doors).
    pub tiles: Grid<Tile>,
    /// Room graph, for room dungeons.
    pub rooms: Option<RoomGraph>,
    /// The plan laid out, for cyclic dungeons.
    pub plan: Option<cyclic::layout::LaidPlan>,
    /// What the generator measured.
    pub report: LevelReport,
}

/// Generates the layout alone (no stairs, no loot) from one layout stream, by the
/// current generation's rules.
pub fn generate_layout(config: &GeneratorConfig, rng: &mut StreamRng) -> Layout {
    generate_layout_in(Generation::CURRENT, config, rng)
}

/// [`generate_layout`] by the rules of `generation`.
pub fn generate_layout_in(
    generation: Generation,
    config: &GeneratorConfig,
    rng: &mut StreamRng,
) -> Layout {
    config.layout(generation, 1, rng)
}

/// [`generate_layout_in`] for a level at `depth` (the kinds whose layouts depend on it
/// draw by it).
pub fn generate_layout_at(
    generation: Generation,
    config: &GeneratorConfig,
    depth: u32,
    rng: &mut StreamRng,
) -> Layout {
    config.layout(generation, depth, rng)
}

/// The stages of the cave `config` forms for the level of `seed` whose layout came from
/// attempt `attempt` (its `report.retries`): the initial fill, then the walls after each
/// pass — the generator's own layout stream and automaton, for watching a cave form.
pub fn cave_stages(config: &CaveConfig, seed: u64, attempt: u32) -> Vec<Grid<bool>> {
    let mut rng = StreamRng::new(retry_seed(seed, attempt), Stream::Layout);
    cave::stages(config, &mut rng)
}

/// Generates the complete level for `seed` by the current generation's rules: layout
/// and stairs from the layout stream (retrying with derived seeds if the stairs find no
/// room), loot from the loot stream.
pub fn generate_level(config: &GeneratorConfig, seed: u64) -> Result<Level, GenError> {
    generate_level_in(Generation::CURRENT, config, seed)
}

/// [`generate_level`] by the rules of `generation` (a level key's own).
pub fn generate_level_in(
    generation: Generation,
    config: &GeneratorConfig,
    seed: u64,
) -> Result<Level, GenError> {
    generate_level_with(generation, config, generation.embedded_loot_table(), seed)
}

/// [`generate_level_in`] with the loot drawn from `table` (and vaults, if the config asks
/// for them, from the embedded set as for depth 1 of a run of `seed`).
pub(crate) fn generate_level_with(
    generation: Generation,
    config: &GeneratorConfig,
    table: &loot::LootTable,
    seed: u64,
) -> Result<Level, GenError> {
    let content = Content {
        loot: table,
        ..Content::embedded(1, seed)
    };
    generate_level_from(generation, config, content, seed)
}

/// Chooses `count` items from the default loot table and places them on walkable floor
/// of `tiles` (never on stairs), using only the loot stream, by the current generation's
/// rules. See [`loot::place_loot_from`].
pub fn place_loot(
    tiles: &Grid<Tile>,
    start: Pos,
    count: u32,
    clearance: u32,
    rng: &mut StreamRng,
) -> Vec<PlacedItem> {
    let plan = loot::LootPlan {
        count,
        clearance,
        must_find_far: Generation::CURRENT.must_find_far(),
    };
    loot::place_loot_from(
        Generation::CURRENT.embedded_loot_table(),
        tiles,
        start,
        plan,
        rng,
    )
}
