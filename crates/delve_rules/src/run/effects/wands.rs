//! The wands' effects: striking (a bolt of force), plenty (malevolent: a second of
//! what the bolt strikes) and digging (a hole to the next depth); each zap spends a
//! charge.

use crate::run::aim::{Aim, BOLT_RANGE, Missile};
use crate::run::combat::Harm;
use crate::run::fight::Fight;
use crate::run::items::Spent;
use crate::run::{Outcome, RunState, notice};
use delve_levels::loot::Item;
use delve_levels::monsters::{Fighter, Mind, Monster};

impl RunState {
    pub(super) fn zap_striking(
        &mut self,
        wand: Item,
        damage: (u32, u32),
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        if self.no_bolt_target(aim, out) {
            return Spent::Refused;
        }
        let target = self
            .aim_point(aim, Missile::Bolt)
            .and_then(|at| self.bolt_hits(at, BOLT_RANGE));
        match target {
            Some(index) => {
                let bolt = Fighter {
                    attack: 100,
                    defence: 0,
                    damage,
                };
                out.push(notice("A bolt of force leaps from the wand."));
                // Told as the bolt's doing ("The bolt of force hits the …"), not a blow.
                self.strike_monster(index, &bolt, None, Harm::Missile("bolt of force"), out);
            }
            None => out.push(notice("The wand fizzes; its bolt strikes nothing.")),
        }
        self.spend_charge(wand)
    }

    /// The `wand` of plenty (malevolent) makes a second of the creature its bolt strikes,
    /// beside it; a charge either way.
    pub(in crate::run) fn zap_plenty(
        &mut self,
        wand: Item,
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        if self.no_bolt_target(aim, out) {
            return Spent::Refused;
        }
        let struck = self
            .aim_point(aim, Missile::Bolt)
            .and_then(|at| self.bolt_hits(at, BOLT_RANGE));
        let table = self.campaign.shared_monster_table();
        let twin = struck.and_then(|index| {
            let monster = self.level.monsters[index];
            let kind = table.kind(monster.kind)?;
            let spot = self.free_around(monster.pos, kind.moves).first().copied()?;
            Some((monster, kind, spot))
        });
        match twin {
            Some((monster, kind, spot)) => {
                // An ally's twin is an ally too (a captive's, shackled); any other
                // comes for the player.
                let mind = match monster.mind {
                    Mind::Ally | Mind::Captive => monster.mind,
                    _ => Mind::Hunting(self.player),
                };
                let twin = Monster {
                    pos: spot,
                    mind,
                    carries: None,
                    surfaced: true,
                    ..monster
                };
                self.bring_onto_the_level(twin, kind.speed);
                out.push(Outcome::Disturbed);
                out.push(notice(&format!(
                    "The bolt strikes the {0}, and there are two of it!",
                    kind.name
                )));
            }
            None => out.push(notice("The wand fizzes; its bolt strikes nothing.")),
        }
        self.spend_charge(wand)
    }

    pub(super) fn zap_digging(&mut self, wand: Item, out: &mut Vec<Outcome>) -> Spent {
        if self.nothing_below() {
            out.push(notice(
                "The wand bores a hole, but the floor of the last depth heals over it.",
            ));
            return self.spend_charge(wand);
        }
        if let Some(rune) = self.warded_by() {
            // A way down that skips the rune would make the runes moot.
            out.push(notice(&format!(
                "The wand bores a hole, but the floor heals over it: this depth is warded until you find its {rune}."
            )));
            return self.spend_charge(wand);
        }
        let spent = self.spend_charge(wand);
        out.push(notice("You dig a hole through the floor and fall through!"));
        self.go_down(out);
        spent
    }

    /// Uses a charge of `wand` (the one in use of its stack); the last charge uses the
    /// wand up (and its enchantments with it).
    /// Whether a zap aimed at the nearest monster has monsters in view but none that
    /// its bolt reaches (then it is told, and no charge is spent on a bolt into a
    /// wall). With none in view it fizzes, as it always did (and so tells what it was).
    /// A replay of a format that zapped on keeps doing so.
    fn no_bolt_target(&self, aim: Aim, out: &mut Vec<Outcome>) -> bool {
        let none = aim == Aim::Nearest
            && !self.auto_aims_through_walls()
            && !self.seen_foes().is_empty()
            && self.aim_point(aim, Missile::Bolt).is_none();
        if none {
            out.push(notice(
                "No monster in view is in the bolt's line of fire: a, its letter, then aim at a tile.",
            ));
        }
        none
    }

    pub(in crate::run) fn spend_charge(&mut self, wand: Item) -> Spent {
        let used = self.fight.wand_charges_used.entry(wand).or_insert(0);
        *used += 1;
        if *used >= Fight::charges_of(wand) {
            *used = 0;
            Spent::One
        } else {
            Spent::Kept
        }
    }

    /// Charges left in the `wand` in use of its stack, if it is a wand.
    pub fn wand_charges(&self, wand: Item) -> Option<u32> {
        let item = self.campaign.loot_table().items().get(wand.kind)?;
        if !item.effect.is_wand() {
            return None;
        }
        let used = self
            .fight
            .wand_charges_used
            .get(&wand)
            .copied()
            .unwrap_or(0);
        Some(Fight::charges_of(wand).saturating_sub(used))
    }
}
