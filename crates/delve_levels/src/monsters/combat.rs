//! How a fight is rolled: a hit chance from attack against defence, then damage, each a
//! draw from the run's combat stream — so the same actions give the same fight.

use serde::{Deserialize, Serialize};

use crate::rng::StreamRng;

/// The numbers a creature fights with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fighter {
    /// To-hit skill.
    pub attack: u32,
    /// Makes it harder to hit.
    pub defence: u32,
    /// (least, most) damage of a hit.
    pub damage: (u32, u32),
}

/// The chance in percent that `attacker` hits `defender`: 70 % at equal attack and
/// defence, 5 % more per point of attack over defence (less per point under), never
/// below 5 % or above 95 % — nothing is certain, nothing hopeless.
pub fn hit_chance_percent(attacker: &Fighter, defender: &Fighter) -> u32 {
    let edge = attacker.attack as i64 - defender.defence as i64;
    (70 + 5 * edge).clamp(5, 95) as u32
}

/// What one attack did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackRoll {
    /// It missed.
    Miss,
    /// It hit for this much damage.
    Hit(u32),
}

/// Rolls one attack: one draw for the hit, and one for the damage when it hits.
pub fn roll_attack(attacker: &Fighter, defender: &Fighter, rng: &mut StreamRng) -> AttackRoll {
    if rng.below(100) >= hit_chance_percent(attacker, defender) {
        return AttackRoll::Miss;
    }
    AttackRoll::Hit(roll_damage(attacker, rng))
}

/// Rolls the damage of a blow that lands: one draw.
pub fn roll_damage(attacker: &Fighter, rng: &mut StreamRng) -> u32 {
    let (least, most) = attacker.damage;
    let spread = most.saturating_sub(least);
    least + rng.below(spread.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    fn fighter(attack: u32, defence: u32, damage: (u32, u32)) -> Fighter {
        Fighter {
            attack,
            defence,
            damage,
        }
    }

    #[test]
    fn hit_chances_follow_attack_over_defence_within_5_and_95_percent() {
        let cases = [
            (3, 3, 70),
            (5, 3, 80),
            (3, 5, 60),
            (0, 100, 5),
            (100, 0, 95),
            (9, 4, 95),
        ];
        for (attack, defence, chance) in cases {
            let a = fighter(attack, 0, (1, 1));
            let d = fighter(0, defence, (1, 1));
            assert_eq!(
                hit_chance_percent(&a, &d),
                chance,
                "{attack} against {defence}"
            );
        }
    }

    #[test]
    fn rolled_hits_and_damage_match_the_odds_over_many_attacks() {
        let mut rng = StreamRng::new(3, Stream::Combat);
        let (a, d) = (fighter(4, 0, (2, 5)), fighter(0, 2, (1, 1)));
        let mut hits = 0;
        let mut seen = [0u32; 6];
        for _ in 0..20_000 {
            if let AttackRoll::Hit(damage) = roll_attack(&a, &d, &mut rng) {
                hits += 1;
                assert!((2..=5).contains(&damage));
                seen[damage as usize] += 1;
            }
        }
        // 80 % to hit: 16,000 expected; each damage value a quarter of the hits.
        assert!((15_600..=16_400).contains(&hits), "{hits}");
        for damage in 2..=5 {
            assert!((3_700..=4_300).contains(&seen[damage]), "{seen:?}");
        }
        // The same stream gives the same fight.
        let again: Vec<AttackRoll> = {
            let mut rng = StreamRng::new(9, Stream::Combat);
            (0..50).map(|_| roll_attack(&a, &d, &mut rng)).collect()
        };
        let mut rng = StreamRng::new(9, Stream::Combat);
        let first: Vec<AttackRoll> = (0..50).map(|_| roll_attack(&a, &d, &mut rng)).collect();
        assert_eq!(first, again);
    }
}
