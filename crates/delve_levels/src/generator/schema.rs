//! One schema per generator config: [`generator_config!`](crate::generator_config) takes
//! a config's parameters once — name, type, default, bounds (fixed or read off the
//! config), doc — and makes from that one list the struct (as RON reads and writes it),
//! its `Default`, its validation and its level-key encoding. The parameters every
//! generator shares are written once, here: width and height come first (each kind
//! gives their default and bounds), `stair_clearance` and `loot` last. Adding a
//! parameter is one line in the kind's list — in its `@appended` block, so that the keys
//! and saves written before it keep their meaning: an appended parameter comes after
//! `loot` in key order (old keys never set its bit), defaults to its type's `Default`
//! and is left out of the RON form while it has that value (old files and the saved
//! state's checksums stay byte for byte the same).
//!
//! The terrain features every kind shares ([`FeatureConfig`]: `lakes`, `lake`,
//! `closed_doors`, `secret_doors`, `traps`), then `vaults`, then `monster_percent` were
//! appended the same way, after each kind's own appended parameters; a kind's parameter appended later still goes in its
//! `@appended` block, and keeps old keys only if that block is then split so that the
//! new parameter comes after the features (a second block is the way to do it).

use super::Invalid;
use super::features::FeatureConfig;

/// Around each stair, the radius clear of walls: default and bounds, for every kind.
pub(crate) const STAIR_CLEARANCE: (u32, u32, u32) = (2, 1, 3);
/// Items lying on a level: default and bounds, for every kind.
pub const LOOT: (u32, u32, u32) = (6, 0, 64);

/// The share of the standard monster count a level starts with: default and bounds, in
/// percent, for every kind.
pub const MONSTER_PERCENT: (u32, u32, u32) = (100, 0, 400);

/// The monsters a level starts with, in percent of the standard count for its depth and
/// size ([`SpawnPlan::count`](crate::monsters::SpawnPlan::count)): a campaign makes a
/// depth more (or less) crowded with it. 100 by default, so a config that leaves it out
/// — every config and key written before it — keeps its monsters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct MonsterPercent(pub u32);

impl Default for MonsterPercent {
    fn default() -> MonsterPercent {
        MonsterPercent(MONSTER_PERCENT.0)
    }
}

impl super::key_value::KeyValue for MonsterPercent {
    fn to_key(&self) -> u32 {
        self.0
    }
    fn from_key(value: u32) -> Option<MonsterPercent> {
        Some(MonsterPercent(value))
    }
}

/// Whether `value` is its type's default: an appended parameter is left out of the RON
/// form while it is.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// What a config's one parameter list gives it: its parameters as a level key writes
/// them, their bounds, and the parameters every kind shares.
/// [`generator_config!`](crate::generator_config) implements it; it is dyn-compatible, so that
/// [`GeneratorConfig`](super::GeneratorConfig) reaches any kind's parameters through one
/// `match`.
pub trait Schema {
    /// The parameters' names, in key order (the config's `PARAMS`).
    fn param_names(&self) -> &'static [&'static str];
    /// Checks every parameter against its bounds: the shared ones first (other bounds
    /// may be read off them), then width, height and the kind's own.
    fn check_params(&self) -> Result<(), Invalid>;
    /// The parameters as a level key writes them, in key order.
    fn key_values(&self) -> Vec<u32>;
    /// The config a key's values (in key order) stand for, if they do.
    fn from_key_values(values: &[u32]) -> Option<Self>
    where
        Self: Sized;
    /// Width and height in tiles.
    fn size(&self) -> (u32, u32);
    /// Width and height in tiles, to change.
    fn size_mut(&mut self) -> (&mut u32, &mut u32);
    /// Radius around each stair that must be clear of walls.
    fn stair_clearance(&self) -> u32;
    /// Items lying on the level.
    fn loot(&self) -> u32;
    /// The terrain the feature layer lays over the layout.
    fn features(&self) -> FeatureConfig;
    /// The terrain the feature layer lays over the layout, to change.
    fn set_features(&mut self, features: FeatureConfig);
    /// Vault slots the level fills (0 = none).
    fn vaults(&self) -> u32;
    /// The monsters the level starts with, in percent of the standard count.
    fn monster_percent(&self) -> u32;
    /// Vault slots the level fills, to change.
    fn set_vaults(&mut self, vaults: u32);
}

/// Defines a generator config from its one list of parameters; see the module docs.
///
/// ```text
/// generator_config! {
///     /// Doc of the struct.
///     pub struct FooConfig {
///         size: (80, 50), width_bounds: |c| (16, 4096), height_bounds: |c| (12, 4096);
///         /// Doc of the parameter.
///         param: u32 = 40, bounds: |c| (0, 100);
///     }
/// }
/// ```
#[macro_export]
macro_rules! generator_config {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            size: ($width:expr, $height:expr),
            width_bounds: |$wc:ident| $wb:expr,
            height_bounds: |$hc:ident| $hb:expr;
            $(
                $(#[$fmeta:meta])*
                $field:ident: $ty:ty = $default:expr, bounds: |$c:ident| $bounds:expr;
            )*
            $(@appended {
                $(
                    $(#[$ameta:meta])*
                    $afield:ident: $aty:ty, bounds: |$ac:ident| $abounds:expr;
                )*
            })?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct $name {
            /// Width in tiles.
            pub width: u32,
            /// Height in tiles.
            pub height: u32,
            $(
                $(#[$fmeta])*
                pub $field: $ty,
            )*
            /// Radius around each stair that must be clear of walls (1–3).
            pub stair_clearance: u32,
            /// Items lying on the level (0–64).
            pub loot: u32,
            $($(
                $(#[$ameta])*
                #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
                pub $afield: $aty,
            )*)?
            /// Lakes laid over the level after its layout (0–12; 0, the default, lays
            /// none): blobs of [`lake`](Self::lake) terrain, each refused where it would
            /// cut any dry floor off, with a ring of shallow water round deep water.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub lakes: u32,
            /// What the lakes hold: `Water` (the default), `Lava`, `Chasm`, or `Any` (each
            /// lake draws one of the three). Chasms get bridges where one shortens the walk.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub lake: $crate::generator::features::LakeKind,
            /// Share of the doorways, in percent, made closed doors, which block sight
            /// until opened (0–100).
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub closed_doors: u32,
            /// Share of the doorways, in percent, made secret doors (0–100) — only
            /// doorways that no stair and no must-find item needs.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub secret_doors: u32,
            /// Hidden traps (0–64), each where no stair or must-find item needs the tile.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub traps: u32,
            /// Vaults to lay in (0–8; 0, the default, lays none): hand-made places from
            /// the campaign's vault set, drawn by depth and weight, each placed only
            /// where the level keeps its guarantees.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub vaults: u32,
            /// The monsters the level starts with, in percent of the standard count for
            /// its depth and size (0–400; 100, the default): a campaign's way to make a
            /// depth more crowded. Arrivals fill the level up to the same share.
            #[serde(skip_serializing_if = "crate::generator::schema::is_default")]
            pub monster_percent: $crate::generator::schema::MonsterPercent,
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    width: $width,
                    height: $height,
                    $($field: $default,)*
                    stair_clearance: $crate::generator::schema::STAIR_CLEARANCE.0,
                    loot: $crate::generator::schema::LOOT.0,
                    $($($afield: Default::default(),)*)?
                    lakes: 0,
                    lake: Default::default(),
                    closed_doors: 0,
                    secret_doors: 0,
                    traps: 0,
                    vaults: 0,
                    monster_percent: Default::default(),
                }
            }
        }

        impl $name {
            /// The parameters' names, in key order.
            pub(crate) const PARAMS: &'static [&'static str] =
                &["width", "height", $(stringify!($field),)* "stair_clearance", "loot"
                    $($(, stringify!($afield))*)?,
                    "lakes", "lake", "closed_doors", "secret_doors", "traps", "vaults",
                    "monster_percent"];
        }

        impl $crate::generator::schema::Schema for $name {
            fn param_names(&self) -> &'static [&'static str] {
                Self::PARAMS
            }

            fn check_params(&self) -> Result<(), $crate::generator::Invalid> {
                use $crate::generator::key_value::check;
                use $crate::generator::schema::{LOOT, MONSTER_PERCENT, STAIR_CLEARANCE};
                check("stair_clearance", &self.stair_clearance, STAIR_CLEARANCE.1, STAIR_CLEARANCE.2)?;
                check("loot", &self.loot, LOOT.1, LOOT.2)?;
                #[allow(unused_variables)]
                let (min, max) = { let $wc = self; $wb };
                check("width", &self.width, min, max)?;
                #[allow(unused_variables)]
                let (min, max) = { let $hc = self; $hb };
                check("height", &self.height, min, max)?;
                $(
                    #[allow(unused_variables)]
                    let (min, max) = { let $c = self; $bounds };
                    check(stringify!($field), &self.$field, min, max)?;
                )*
                $($(
                    #[allow(unused_variables)]
                    let (min, max) = { let $ac = self; $abounds };
                    check(stringify!($afield), &self.$afield, min, max)?;
                )*)?
                self.features().check()?;
                let (min, max) = $crate::vaults::place::VAULTS;
                check("vaults", &self.vaults, min, max)?;
                let (_, min, max) = MONSTER_PERCENT;
                check("monster_percent", &self.monster_percent, min, max)
            }

            fn key_values(&self) -> Vec<u32> {
                #[allow(unused_imports)] // a config with no parameters of its own
                use $crate::generator::key_value::KeyValue;
                vec![
                    self.width,
                    self.height,
                    $(self.$field.to_key(),)*
                    self.stair_clearance,
                    self.loot,
                    $($(self.$afield.to_key(),)*)?
                    self.lakes,
                    self.lake.to_key(),
                    self.closed_doors,
                    self.secret_doors,
                    self.traps,
                    self.vaults,
                    self.monster_percent.to_key(),
                ]
            }

            fn from_key_values(values: &[u32]) -> Option<Self> {
                #[allow(unused_imports)] // a config with no parameters of its own
                use $crate::generator::key_value::KeyValue;
                if values.len() != Self::PARAMS.len() {
                    return None;
                }
                let mut next = values.iter().copied();
                Some($name {
                    width: next.next()?,
                    height: next.next()?,
                    $($field: <$ty as KeyValue>::from_key(next.next()?)?,)*
                    stair_clearance: next.next()?,
                    loot: next.next()?,
                    $($($afield: <$aty as KeyValue>::from_key(next.next()?)?,)*)?
                    lakes: next.next()?,
                    lake: KeyValue::from_key(next.next()?)?,
                    closed_doors: next.next()?,
                    secret_doors: next.next()?,
                    traps: next.next()?,
                    vaults: next.next()?,
                    monster_percent: KeyValue::from_key(next.next()?)?,
                })
            }

            fn size(&self) -> (u32, u32) {
                (self.width, self.height)
            }

            fn size_mut(&mut self) -> (&mut u32, &mut u32) {
                (&mut self.width, &mut self.height)
            }

            fn stair_clearance(&self) -> u32 {
                self.stair_clearance
            }

            fn loot(&self) -> u32 {
                self.loot
            }

            fn features(&self) -> $crate::generator::features::FeatureConfig {
                $crate::generator::features::FeatureConfig {
                    lakes: self.lakes,
                    lake: self.lake,
                    closed_doors: self.closed_doors,
                    secret_doors: self.secret_doors,
                    traps: self.traps,
                }
            }

            fn vaults(&self) -> u32 {
                self.vaults
            }

            fn set_vaults(&mut self, vaults: u32) {
                self.vaults = vaults;
            }

            fn monster_percent(&self) -> u32 {
                self.monster_percent.0
            }

            fn set_features(&mut self, features: $crate::generator::features::FeatureConfig) {
                self.lakes = features.lakes;
                self.lake = features.lake;
                self.closed_doors = features.closed_doors;
                self.secret_doors = features.secret_doors;
                self.traps = features.traps;
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Schema;
    use crate::generator::{CaveConfig, Generator, MazeConfig, RoomsConfig};

    /// The names a config's RON form uses, in order.
    fn ron_fields<T: serde::Serialize>(config: &T) -> Vec<String> {
        let text = ron::to_string(config).unwrap();
        text.trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|part| part.split(':').next().unwrap().to_owned())
            .collect()
    }

    #[test]
    fn one_list_makes_the_ron_form_the_key_values_and_the_defaults() {
        fn check<T: serde::Serialize + PartialEq + std::fmt::Debug + Default>(
            params: &[&str],
            values: impl Fn(&T) -> Vec<u32>,
            from: impl Fn(&[u32]) -> Option<T>,
        ) {
            let config = T::default();
            // Appended parameters at their default are left out of the RON form.
            let fields = ron_fields(&config);
            assert_eq!(fields, params[..fields.len()]);
            assert_eq!(
                fields.last().map(String::as_str),
                Some("loot"),
                "{fields:?}"
            );
            assert_eq!(values(&config).len(), params.len());
            assert_eq!(from(&values(&config)), Some(config));
            assert_eq!(from(&[1, 2]), None, "too few values");
        }
        check::<CaveConfig>(
            CaveConfig::PARAMS,
            CaveConfig::key_values,
            CaveConfig::from_key_values,
        );
        check::<RoomsConfig>(
            RoomsConfig::PARAMS,
            RoomsConfig::key_values,
            RoomsConfig::from_key_values,
        );
        check::<MazeConfig>(
            MazeConfig::PARAMS,
            MazeConfig::key_values,
            MazeConfig::from_key_values,
        );
        assert_eq!(CaveConfig::PARAMS.first(), Some(&"width"));
        let own = |params: &'static [&'static str]| &params[..params.len() - 7];
        assert_eq!(own(RoomsConfig::PARAMS).last(), Some(&"loot"));
        // Appended parameters come after `loot`, so old keys keep their bits; the
        // shared terrain features after every kind's own.
        let features = [
            "lakes",
            "lake",
            "closed_doors",
            "secret_doors",
            "traps",
            "vaults",
            "monster_percent",
        ];
        let before = |params: &[&'static str]| params[params.len() - features.len() - 1];
        assert_eq!(before(CaveConfig::PARAMS), "rule");
        assert_eq!(before(MazeConfig::PARAMS), "braid_percent");
        assert!(CaveConfig::PARAMS.ends_with(&features));
        assert!(RoomsConfig::PARAMS.ends_with(&features));
    }

    #[test]
    fn every_default_is_valid_and_the_shared_bounds_are_checked_first() {
        assert_eq!(CaveConfig::default().validate(), Ok(()));
        assert_eq!(RoomsConfig::default().validate(), Ok(()));
        assert_eq!(MazeConfig::default().validate(), Ok(()));
        // A wild clearance is named before the maze sides it would size.
        let wild = MazeConfig {
            stair_clearance: u32::MAX,
            ..MazeConfig::default()
        };
        assert_eq!(wild.validate().unwrap_err().field, "stair_clearance");
    }
}
