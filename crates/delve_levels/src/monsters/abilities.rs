//! What a monster kind can do beyond walking up and biting, as data: how it moves
//! ([`Movement`]) and its abilities ([`Ability`]), each named once here and played by one
//! rule of the run model (`run::abilities`).

use serde::{Deserialize, Serialize};

use crate::grid::Tile;

/// How a kind gets about: the ground it may stand on, and so the Dijkstra maps it walks.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Movement {
    /// On walkable ground only.
    #[default]
    Walks,
    /// Over anything open: walkable ground and deep water, lava, chasms and traps
    /// (where walkers never go).
    Flies,
    /// In deep water only: it never leaves the water, and strikes whoever stands on its
    /// shore.
    Swims,
}

impl Movement {
    /// Every kind of movement, in table order.
    pub const ALL: [Movement; 3] = [Movement::Walks, Movement::Flies, Movement::Swims];

    /// Whether a mover of this kind can be on `tile` (inlined into the map searches,
    /// which ask it of every step).
    #[inline]
    pub fn can_be_on(self, tile: Tile) -> bool {
        match self {
            Movement::Walks => tile.is_walkable(),
            Movement::Flies => tile.is_open_to_fliers(),
            Movement::Swims => tile == Tile::DeepWater,
        }
    }

    /// Whether a monster of this kind may start on `tile` when a level is made: a
    /// swimmer in deep water, anyone else on open floor (never stairs, never a hazard).
    pub fn starts_on(self, tile: Tile) -> bool {
        match self {
            Movement::Swims => tile == Tile::DeepWater,
            Movement::Walks | Movement::Flies => {
                matches!(tile, Tile::Floor | Tile::Door | Tile::Loot)
            }
        }
    }
}

/// One ability of a monster kind. Each is a rule of the run model with its own test.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// Shoots at the player it sees from 2 to `range` tiles away, when its line of fire
    /// is clear of walls and creatures, instead of stepping closer.
    Ranged {
        /// Farthest shot, in tiles (Chebyshev), 2–12.
        range: u32,
        /// (least, most) damage of a hit.
        damage: (u32, u32),
        /// What it does, as the message says it ("shoots an arrow", "spits acid").
        verb: String,
    },
    /// Blinks away when the player comes next to it: to the tile in its view, within
    /// `range`, farthest from the player (a caster keeping its distance).
    Blink {
        /// Farthest blink, in tiles (Chebyshev), 2–12.
        range: u32,
    },
    /// Calls up `count` monsters of kind `kind` beside itself while it sees the player,
    /// at most once every `every` of its turns; they fade after `lasts` turns.
    Summon {
        /// The kind called up (by name; it may have rarity `Weight(0)`: only summoned).
        kind: String,
        /// How many at once, 1–6.
        count: u32,
        /// Turns between two summons, 1–1000.
        every: u32,
        /// Turns a summoned monster lasts, 1–1000.
        lasts: u32,
    },
    /// Breathes along its line of fire to the player, up to `range` tiles: every
    /// creature on the line is struck (monsters too), at most once every `every` turns.
    Breath {
        /// Length of the breath, in tiles, 2–12.
        range: u32,
        /// (least, most) damage to each creature on the line.
        damage: (u32, u32),
        /// Turns between two breaths, 1–1000.
        every: u32,
        /// What it breathes, as the message says it ("fire", "frost").
        what: String,
    },
    /// A hit that lands steals an item from the pack (not one worn or wielded); then it
    /// flees with it, and drops it where it dies.
    Steals,
    /// A third of its moves go a random way (Brogue's bats): hard to pin down, but it
    /// lands fewer blows.
    Flits,
    /// Hidden under deep water (unseen, and so unattackable by sight) until it strikes;
    /// it stays surfaced until its next turn, then dives again.
    Submerges,
}

impl Ability {
    /// The ability's name, as the tables and the look command write it.
    pub fn name(&self) -> &'static str {
        match self {
            Ability::Ranged { .. } => "Ranged",
            Ability::Blink { .. } => "Blink",
            Ability::Summon { .. } => "Summon",
            Ability::Breath { .. } => "Breath",
            Ability::Steals => "Steals",
            Ability::Flits => "Flits",
            Ability::Submerges => "Submerges",
        }
    }

    /// What the look command says of it, after "It" ("shoots from up to 6 tiles").
    pub fn look_words(&self) -> String {
        match self {
            Ability::Ranged { range, .. } => format!("shoots from up to {range} tiles"),
            Ability::Blink { .. } => {
                "blinks away from blows (and shoots nothing while winded)".into()
            }
            Ability::Summon { kind, .. } => format!("calls up {kind}s"),
            Ability::Breath { what, range, .. } => format!("breathes {what} up to {range} tiles"),
            Ability::Steals => "steals from your pack".into(),
            Ability::Flits => "flits about".into(),
            Ability::Submerges => "hides under deep water".into(),
        }
    }

    /// The first rule it breaks (the movement is the kind's own).
    pub(super) fn broken_rule(&self, movement: Movement) -> Option<String> {
        let range_ok = |range: u32| (2..=12).contains(&range);
        let damage_ok = |(least, most): (u32, u32)| least <= most && most <= 1000;
        let every_ok = |turns: u32| (1..=1000).contains(&turns);
        match self {
            Ability::Ranged {
                range,
                damage,
                verb,
            } => {
                if !range_ok(*range) {
                    return Some(format!("Ranged range must be 2–12, got {range}"));
                }
                if !damage_ok(*damage) {
                    return Some(format!(
                        "Ranged damage must be (least, most) with least ≤ most ≤ 1000, got {damage:?}"
                    ));
                }
                if verb.trim().is_empty() {
                    return Some("Ranged verb must not be empty".into());
                }
            }
            Ability::Blink { range } if !range_ok(*range) => {
                return Some(format!("Blink range must be 2–12, got {range}"));
            }
            Ability::Summon {
                kind,
                count,
                every,
                lasts,
            } => {
                if kind.trim().is_empty() {
                    return Some("Summon kind must name a kind of the table".into());
                }
                if !(1..=6).contains(count) {
                    return Some(format!("Summon count must be 1–6, got {count}"));
                }
                if !every_ok(*every) || !every_ok(*lasts) {
                    return Some(format!(
                        "Summon every and lasts must be 1–1000 turns, got {every} and {lasts}"
                    ));
                }
            }
            Ability::Breath {
                range,
                damage,
                every,
                what,
            } => {
                if !range_ok(*range) {
                    return Some(format!("Breath range must be 2–12, got {range}"));
                }
                if !damage_ok(*damage) {
                    return Some(format!(
                        "Breath damage must be (least, most) with least ≤ most ≤ 1000, got {damage:?}"
                    ));
                }
                if !every_ok(*every) {
                    return Some(format!("Breath every must be 1–1000 turns, got {every}"));
                }
                if what.trim().is_empty() {
                    return Some("Breath what must not be empty".into());
                }
            }
            Ability::Submerges if movement != Movement::Swims => {
                return Some("Submerges needs `moves: Swims` (it hides in deep water)".into());
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_movement_stands_on_its_own_ground() {
        assert!(Movement::Walks.can_be_on(Tile::Floor));
        assert!(!Movement::Walks.can_be_on(Tile::DeepWater));
        assert!(Movement::Flies.can_be_on(Tile::Chasm));
        assert!(Movement::Flies.can_be_on(Tile::Floor));
        assert!(Movement::Swims.can_be_on(Tile::DeepWater));
        assert!(!Movement::Swims.can_be_on(Tile::Floor));
        assert!(!Movement::Swims.can_be_on(Tile::ShallowWater));
        for movement in Movement::ALL {
            assert!(!movement.can_be_on(Tile::Wall), "{movement:?} in a wall");
            assert!(
                !movement.starts_on(Tile::UpStairs),
                "{movement:?} on stairs"
            );
            assert!(
                !movement.starts_on(Tile::Lava),
                "{movement:?} starts in lava"
            );
        }
    }

    #[test]
    fn broken_abilities_name_their_rule() {
        let too_far = Ability::Ranged {
            range: 30,
            damage: (1, 2),
            verb: "shoots".into(),
        };
        assert!(
            too_far
                .broken_rule(Movement::Walks)
                .unwrap()
                .contains("2–12")
        );
        assert!(
            Ability::Submerges
                .broken_rule(Movement::Walks)
                .unwrap()
                .contains("Swims")
        );
        assert_eq!(Ability::Submerges.broken_rule(Movement::Swims), None);
        let summon = Ability::Summon {
            kind: "blade".into(),
            count: 9,
            every: 5,
            lasts: 5,
        };
        assert!(summon.broken_rule(Movement::Walks).unwrap().contains("1–6"));
    }
}
