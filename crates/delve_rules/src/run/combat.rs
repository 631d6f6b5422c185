//! Attacks both ways: a monster's blow at the player (or the player's ally), the
//! player's at a monster (sweeps and thrusts by the weapon's style, a sleeper struck
//! unawares), and what harms a monster — every roll from the run's combat stream.

use super::abilities::{FIGHT_NOISE, QUICK_SNEAK_ATTACK_MULTIPLIER, SNEAK_ATTACK_MULTIPLIER};
use super::items::with_kind_article;
use super::{Outcome, RunState, notice};
use delve_levels::grid::Pos;
use delve_levels::loot::{Effect, WeaponStyle};
use delve_levels::monsters::{AttackRoll, Fighter, Mind, MonsterKind, roll_attack, roll_damage};

/// What harmed a monster, for the words that tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Harm<'a> {
    /// The player's blow.
    Blow,
    /// Flames the player let loose.
    Fire,
    /// Something thrown, by its name as the player knows it, or a wand's bolt.
    Missile(&'a str),
}

impl RunState {
    /// The monster at `index`, of `kind`, attacks the player: a fight's noise; a thief's
    /// hit steals; a swimmer surfaces to strike.
    pub(super) fn monster_attacks(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        out: &mut Vec<Outcome>,
    ) {
        let seed = self.campaign.seed;
        let defence = self.player_fighter();
        let mut rng = self.fight.next_attack_rng(seed);
        self.level.monsters[index].surfaced = true;
        // Being attacked stops a key held down, as a monster coming into view does.
        out.push(Outcome::Disturbed);
        match roll_attack(&kind.fighter(), &defence, &mut rng) {
            AttackRoll::Miss => out.push(notice(&format!("The {} misses you.", kind.name))),
            AttackRoll::Hit(damage) => {
                out.push(notice(&format!("The {} hits you ({damage}).", kind.name)));
                let cause = format!("killed by {}", with_kind_article(&kind.name));
                self.hurt_player(damage, &cause, out);
                if self.end().is_none() && kind.steals() {
                    self.steal(index, kind, out);
                }
            }
        }
        if self.end().is_none() {
            self.make_noise(self.player, FIGHT_NOISE, out);
        }
    }

    /// The player attacks the monster at index `index` of the level's monsters, as the
    /// weapon wielded fights: a sweep falls on every monster next to the player, a thrust
    /// also on the one behind the first (see [`WeaponStyle`]).
    pub(super) fn player_attacks(&mut self, index: usize, out: &mut Vec<Outcome>) {
        let attacker = self.player_fighter();
        let style = self.weapon_style();
        let first = self.level.monsters[index].pos;
        let (dx, dy) = (first.x - self.player.x, first.y - self.player.y);
        let mut targets = vec![first];
        match style {
            WeaponStyle::Sweep => targets.extend(
                delve_levels::grid::KING
                    .iter()
                    .map(|&(x, y)| self.player.offset(x, y))
                    .filter(|&p| p != first && self.hostile_at(p)),
            ),
            WeaponStyle::Pierce => {
                let behind = first.offset(dx, dy);
                if self.hostile_at(behind)
                    && self.level.tile_at(first).is_some_and(|t| !t.blocks_sight())
                {
                    targets.push(behind);
                }
            }
            _ => {}
        }
        for at in targets {
            let Some(index) = self.level.monster_at(at) else {
                continue;
            };
            let asleep = self.level.monsters[index].mind == Mind::Asleep;
            let multiplier = if style == WeaponStyle::Quick {
                QUICK_SNEAK_ATTACK_MULTIPLIER
            } else {
                SNEAK_ATTACK_MULTIPLIER
            };
            self.strike_monster(
                index,
                &attacker,
                asleep.then_some(multiplier),
                Harm::Blow,
                out,
            );
            if self.end().is_some() {
                return;
            }
        }
        self.make_noise(self.player, FIGHT_NOISE, out);
    }

    /// Whether a hostile monster stands at `pos`.
    fn hostile_at(&self, pos: Pos) -> bool {
        self.level
            .monster_at(pos)
            .is_some_and(|i| self.level.monsters[i].mind.is_hostile())
    }

    /// How the wielded weapon fights (bare hands: a plain blow).
    pub fn weapon_style(&self) -> WeaponStyle {
        let table = self.campaign.loot_table();
        match self.fight.weapon.and_then(|w| table.effect(w.kind)) {
            Some(Effect::Wield { style, .. }) => style,
            _ => WeaponStyle::Plain,
        }
    }

    /// `attacker` (the player's blow, a wand's bolt, a throw) attacks the monster at
    /// `index` (`how` says whose doing it is): a roll from the combat stream; a kill
    /// counts and takes it off the level and the schedule; a hurt monster hunts the
    /// player. A `sneak` attack (a blow at a sleeper, or a throw)
    /// always lands, for that many times its damage ([`SNEAK_ATTACK_MULTIPLIER`], or
    /// [`QUICK_SNEAK_ATTACK_MULTIPLIER`] with a quick blade).
    pub(super) fn strike_monster(
        &mut self,
        index: usize,
        attacker: &Fighter,
        sneak: Option<u32>,
        how: Harm,
        out: &mut Vec<Outcome>,
    ) {
        let monster = self.level.monsters[index];
        let table = self.campaign.shared_monster_table();
        let Some(kind) = table.kind(monster.kind) else {
            return;
        };
        let seed = self.campaign.seed;
        let fight = &mut self.fight;
        let mut rng = fight.next_attack_rng(seed);
        let roll = if let Some(multiplier) = sneak {
            out.push(notice(&match how {
                Harm::Missile(what) => {
                    format!("The {what} takes the sleeping {} unawares!", kind.name)
                }
                _ => format!("You strike the sleeping {} unawares!", kind.name),
            }));
            AttackRoll::Hit(roll_damage(attacker, &mut rng) * multiplier)
        } else {
            roll_attack(attacker, &kind.fighter(), &mut rng)
        };
        match roll {
            AttackRoll::Miss => {
                out.push(notice(&match how {
                    Harm::Missile(what) => format!("The {what} misses the {}.", kind.name),
                    _ => format!("You miss the {}.", kind.name),
                }));
                // Missed, a sleeper wakes all the same (told after the blow).
                if monster.mind == Mind::Asleep {
                    self.wake(index, kind, out);
                }
            }
            AttackRoll::Hit(damage) => self.harm_monster(index, kind, damage, how, out),
        }
    }

    /// The player's doing (`how`) deals `damage` to the monster at `index`, of `kind`: a
    /// kill counts (experience, the chronicle) and takes it off the level and the
    /// schedule; a hurt monster hunts the player (a guard stays a guard).
    pub(super) fn harm_monster(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        damage: u32,
        how: Harm,
        out: &mut Vec<Outcome>,
    ) {
        let monster = self.level.monsters[index];
        let name = &kind.name;
        if damage >= monster.hp && !monster.mind.is_hostile() {
            // An ally or a captive the player's doing kills: a loss, not a kill.
            out.push(notice(&if monster.mind == Mind::Ally {
                format!("Your {name} dies.")
            } else {
                format!("The shackled {name} dies.")
            }));
            self.remove_monster(index, out);
            return;
        }
        if damage >= monster.hp {
            self.fight.kills = self.fight.kills.saturating_add(1);
            // The kill is told before what the monster drops.
            out.push(notice(&match how {
                Harm::Blow => format!("You kill the {name}."),
                Harm::Fire => format!("The {name} burns to death."),
                Harm::Missile(what) => format!("The {what} kills the {name}."),
            }));
            self.remove_monster(index, out);
            self.count_kill(name);
            if monster.fades_at.is_some() {
                // A summoned thing teaches nothing: conjurers are not a farm.
                return;
            }
            let fight = &mut self.fight;
            for level in fight.gain_xp(kind.hp) {
                out.push(notice(&format!(
                    "You feel more experienced: level {level}, {} hit points.",
                    fight.max_hp
                )));
            }
            return;
        }
        let asleep = monster.mind == Mind::Asleep;
        let target = &mut self.level.monsters[index];
        target.hp -= damage;
        // A guard stays a guard; an ally or a captive hurt by the player's doing stays
        // what it is (a stray bolt is not a betrayal).
        if target.mind.is_hostile() && !matches!(target.mind, Mind::Guarding(_)) {
            target.mind = Mind::Hunting(self.player);
        }
        out.push(notice(&match how {
            Harm::Blow => format!("You hit the {name} ({damage})."),
            Harm::Fire => format!("The {name} burns ({damage})."),
            Harm::Missile(what) => format!("The {what} hits the {name} ({damage})."),
        }));
        if asleep {
            // Hurt, a sleeper wakes (told after the blow that woke it), and hunts.
            self.wake(index, kind, out);
            self.level.monsters[index].mind = Mind::Hunting(self.player);
        }
    }
}
