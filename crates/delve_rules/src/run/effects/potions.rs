//! The potions' effects: healing (past full, the most grows), confusion (moves go
//! astray), descent (sinking through the floor) and incineration (flames over nine
//! tiles).

use crate::run::items::Spent;
use crate::run::{Outcome, RunState, notice};
use delve_levels::grid::{KING, Pos};
use delve_levels::rng::{Stream, StreamRng, mix64};

impl RunState {
    /// Heals up to `amount`; returns how much.
    pub(in crate::run) fn heal(&mut self, amount: u32) -> u32 {
        let fight = &mut self.fight;
        let before = fight.hp;
        fight.hp = fight.hp.saturating_add(amount).min(fight.max_hp);
        fight.hp - before
    }

    pub(super) fn drink_healing(&mut self, amount: u32, out: &mut Vec<Outcome>) -> Spent {
        let healed = self.heal(amount);
        let fight = &mut self.fight;
        if healed < amount {
            // Healing past full strengthens: the most grows by one.
            fight.max_hp = fight.max_hp.saturating_add(1);
            fight.hp = fight.max_hp;
            out.push(notice(&if healed == 0 {
                format!(
                    "You were already at full health; you feel stronger: {} most hit points.",
                    fight.max_hp
                )
            } else {
                format!(
                    "You feel better (+{healed} HP) and stronger: {} most hit points.",
                    fight.max_hp
                )
            }));
        } else {
            out.push(notice(&format!(
                "You feel better (+{healed} HP, {}/{}).",
                fight.hp, fight.max_hp
            )));
        }
        Spent::One
    }

    /// A potion of descent: the drinker sinks through the floor (on the final depth the
    /// floor holds).
    pub(in crate::run) fn drink_descent(&mut self, out: &mut Vec<Outcome>) -> Spent {
        if self.nothing_below() {
            out.push(notice(
                "You sink into the floor, but the last depth holds you up.",
            ));
            return Spent::One;
        }
        if let Some(rune) = self.warded_by() {
            out.push(notice(&format!(
                "You sink into the floor, but it holds you up: this depth is warded until you find its {rune}."
            )));
            return Spent::One;
        }
        out.push(notice("You sink through the floor!"));
        self.go_down(out);
        Spent::One
    }

    /// Flames burst over `centre` and the eight tiles around it: whoever stands there
    /// (the player too) burns for a roll of (least, most) each; kills count as the
    /// player's.
    pub(in crate::run) fn burst_into_flames(
        &mut self,
        centre: Pos,
        damage: (u32, u32),
        out: &mut Vec<Outcome>,
    ) {
        let table = self.campaign.shared_monster_table();
        let (least, most) = damage;
        let tiles: Vec<Pos> = std::iter::once(centre)
            .chain(KING.iter().map(|&(dx, dy)| centre.offset(dx, dy)))
            .collect();
        for at in tiles {
            let mut rng = self.fight.next_attack_rng(self.campaign.seed);
            let hurt = least + rng.below(most.saturating_sub(least) + 1);
            if at == self.player {
                out.push(notice(&format!("The flames burn you ({hurt}).")));
                self.hurt_player(hurt, "burnt to death by a potion of incineration", out);
                if self.end().is_some() {
                    return;
                }
            } else if let Some(index) = self.level.monster_at(at) {
                let Some(kind) = table.kind(self.level.monsters[index].kind) else {
                    continue;
                };
                self.harm_monster(index, kind, hurt, crate::run::combat::Harm::Fire, out);
            }
        }
    }

    /// Whether moves go astray this turn.
    pub fn confused(&self) -> bool {
        self.turns < self.fight.confused_until
    }

    /// A confused step: a direction from a stream of the run seed and the turn.
    pub(in crate::run) fn stagger(&self) -> (i32, i32) {
        let mut rng = StreamRng::new(
            mix64(self.campaign.seed ^ mix64(self.turns) ^ STAGGER_SALT),
            Stream::Combat,
        );
        delve_levels::grid::KING[rng.below(8) as usize]
    }
}

/// Mixed into the seed of a confused step's stream.
const STAGGER_SALT: u64 = 0x0053_5441_4747_4552;
