//! What a generator kind is to the rest of delve: the [`Generator`] trait its config
//! implements (in the kind's own module), the [`KindInfo`] that says how delve names it,
//! the [`Count`]s its layouts report, and `generator_kinds!`, which joins the kinds of
//! the one list in `generator.rs` into [`GeneratorKind`](super::GeneratorKind) and
//! [`GeneratorConfig`](super::GeneratorConfig).
//!
//! Everything that differs between kinds — dispatch, key parameters, wording, the CLI's
//! values, the digit that switches to a kind, report fields — is read from here, so that
//! adding a kind is its module plus one line in the list.

use std::fmt;

use super::schema::Schema;
use super::{Generation, Invalid, Layout};
use crate::rng::StreamRng;

/// How delve names a kind of level, wherever it shows one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// Lower-case name, one word: the CLI's `--kind` value, the HUD, catalogs ("rooms").
    pub name: &'static str,
    /// One level of the kind as a sentence names it, without its article ("room dungeon").
    pub noun: &'static str,
    /// The article that goes before [`noun`](Self::noun) ("a", or "an").
    pub article: &'static str,
    /// Levels of the kind ("room dungeons").
    pub plural: &'static str,
    /// The kind in a few words, for `--kind`'s list of values ("Room dungeon with cycles").
    pub about: &'static str,
    /// The numbers its layouts count (besides what every level reports), in the order
    /// its [`LevelReport`](super::LevelReport)s hold them.
    pub counts: &'static [Count],
}

impl KindInfo {
    /// One level of the kind with its article: "a room dungeon".
    pub fn with_article(&self) -> String {
        format!("{} {}", self.article, self.noun)
    }
}

/// A number a generator counts about each layout it makes ("cycles added"), named once
/// in its kind's module; [`LevelReport::count`](super::LevelReport::count) reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Count {
    /// What is counted, as `delve stats` names it.
    pub name: &'static str,
    /// Whether `delve stats` sums it over a survey. Counts a survey measures its own way
    /// (dead ends are a level measure; a cave's pockets are tallied on raw layouts) are not.
    pub surveyed: bool,
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Dead ends: rooms with one connection, or maze cells with one passage (a level
/// measure too, so surveys measure it there).
pub const DEAD_ENDS: Count = Count {
    name: "dead ends",
    surveyed: false,
};

/// A generator kind: implemented by its config, in the kind's own module. The one list
/// of kinds (`generator_kinds!` in `generator.rs`) dispatches to these methods.
pub trait Generator: Schema + Clone + Default {
    /// How delve names the kind, and what its layouts count.
    const INFO: KindInfo;

    /// Generates a layout (no stairs, no loot) from the layout stream by the rules of
    /// `generation`; its report holds the kind's [`KindInfo::counts`].
    fn generate(&self, generation: Generation, rng: &mut StreamRng) -> Layout;

    /// [`generate`](Self::generate) for a level at `depth` (1 = the first), for a kind
    /// whose layouts depend on the depth (a cyclic dungeon draws patterns by depth);
    /// the other kinds make the same layout at every depth.
    fn generate_at(&self, generation: Generation, depth: u32, rng: &mut StreamRng) -> Layout {
        let _ = depth;
        self.generate(generation, rng)
    }

    /// Checks the config: every parameter against its bounds, then any rule between
    /// parameters the kind has.
    fn validate(&self) -> Result<(), Invalid> {
        self.check_params()
    }

    /// Whether placing the stairs on the layout of attempt `attempt` (0 = the level's
    /// own seed) may carve a chamber to give a stair its clear radius, rather than
    /// throwing the layout away.
    fn carves_stair_chambers(&self, attempt: u32) -> bool {
        let _ = attempt;
        true
    }

    /// Whether its levels keep the one-walkable-region guarantee.
    fn keeps_one_region(&self) -> bool {
        true
    }

    /// Brings the parameters whose bounds depend on the size back within them, after
    /// the size changed (a cyclic dungeon's rooms); the other kinds have none.
    fn fit_to_size(&mut self) {}
}

/// The digit row's keys that switch generators: the kind at place `i` of the list is
/// switched to by digit `i + 1`; kinds past the ninth have no digit.
pub const SWITCH_DIGITS: u8 = 9;

/// Makes [`GeneratorKind`](super::GeneratorKind) and
/// [`GeneratorConfig`](super::GeneratorConfig) from the one list of kinds: a line per
/// kind, `Variant = module::Config`, where `Config` implements [`Generator`]. The order
/// is part of the key format (a key writes a kind's place in the list): append only.
macro_rules! generator_kinds {
    ($($kind:ident = $module:ident :: $config:ident,)+) => {
        /// The kinds of level delve can generate, in the list's order (the key order).
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        pub enum GeneratorKind {
            $(
                #[doc = concat!("Levels made by [`", stringify!($module), "`].")]
                $kind,
            )+
        }

        impl GeneratorKind {
            /// How many kinds there are.
            pub const COUNT: usize = [$(stringify!($kind)),+].len();

            /// Every kind, in key order.
            pub const ALL: [GeneratorKind; GeneratorKind::COUNT] = [$(GeneratorKind::$kind),+];

            /// How delve names this kind, and what its layouts count.
            pub const fn info(self) -> &'static KindInfo {
                match self {
                    $(GeneratorKind::$kind => &<$module::$config as Generator>::INFO,)+
                }
            }

            /// The default config of this kind.
            pub fn default_config(self) -> GeneratorConfig {
                match self {
                    $(GeneratorKind::$kind => GeneratorConfig::$kind(Default::default()),)+
                }
            }

            /// The config of this kind whose parameters, in key order, are `values`.
            pub fn config_from_key_values(self, values: &[u32]) -> Option<GeneratorConfig> {
                use $crate::generator::schema::Schema;
                Some(match self {
                    $(GeneratorKind::$kind => {
                        GeneratorConfig::$kind($module::$config::from_key_values(values)?)
                    })+
                })
            }
        }

        /// Which generator makes a level, with its parameters.
        #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum GeneratorConfig {
            $(
                #[doc = concat!("A level made by [`", stringify!($module), "`].")]
                $kind($module::$config),
            )+
        }

        impl GeneratorConfig {
            /// The kind of generator.
            pub fn kind(&self) -> GeneratorKind {
                match self {
                    $(GeneratorConfig::$kind(_) => GeneratorKind::$kind,)+
                }
            }

            /// Its parameters, whatever the kind.
            pub fn schema(&self) -> &dyn $crate::generator::schema::Schema {
                match self {
                    $(GeneratorConfig::$kind(c) => c,)+
                }
            }

            fn schema_mut(&mut self) -> &mut dyn $crate::generator::schema::Schema {
                match self {
                    $(GeneratorConfig::$kind(c) => c,)+
                }
            }

            /// Checks every value against its documented bounds, and the kind's rules.
            pub fn validate(&self) -> Result<(), Invalid> {
                match self {
                    $(GeneratorConfig::$kind(c) => c.validate(),)+
                }
            }

            fn layout(&self, generation: Generation, depth: u32, rng: &mut StreamRng) -> Layout {
                match self {
                    $(GeneratorConfig::$kind(c) => c.generate_at(generation, depth, rng),)+
                }
            }

            /// See [`Generator::carves_stair_chambers`].
            pub(crate) fn carves_stair_chambers(&self, attempt: u32) -> bool {
                match self {
                    $(GeneratorConfig::$kind(c) => c.carves_stair_chambers(attempt),)+
                }
            }

            /// See [`Generator::keeps_one_region`].
            pub fn keeps_one_region(&self) -> bool {
                match self {
                    $(GeneratorConfig::$kind(c) => c.keeps_one_region(),)+
                }
            }

            /// See [`Generator::fit_to_size`].
            fn fit_to_size(&mut self) {
                match self {
                    $(GeneratorConfig::$kind(c) => c.fit_to_size(),)+
                }
            }
        }

        $(
            impl From<$module::$config> for GeneratorConfig {
                fn from(config: $module::$config) -> GeneratorConfig {
                    GeneratorConfig::$kind(config)
                }
            }
        )+
    };
}

pub(crate) use generator_kinds;
