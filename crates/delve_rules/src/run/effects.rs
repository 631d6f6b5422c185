//! What an item does when used: every effect of the loot table is handled here, one arm
//! each — the potions' ([`potions`]), the scrolls' ([`scrolls`]), the wands'
//! ([`wands`]) and putting on what is worn ([`super::equipment`]). Random choices
//! (where a teleport lands, a confused step) come from streams derived from the run
//! seed and the turn, so a save needs no generator state.

mod potions;
mod scrolls;
mod wands;

use super::aim::Aim;
use super::equipment::Slot;
use super::items::{Spent, with_article};
use super::{Outcome, RunState, notice};
use delve_levels::loot::{Effect, Item};

impl RunState {
    /// What using `item`, whose effect is `effect`, does (aimed by `aim` where it needs
    /// a target), told in `out`; and whether it is used up. A thrown weapon is thrown
    /// instead ([`RunState::use_item`]).
    pub(super) fn apply_effect(
        &mut self,
        item: Item,
        effect: Effect,
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let kind = item.kind;
        let name = self.knowledge().item_name(item);
        let plain = self.knowledge().plain_item_name(item);
        match effect {
            Effect::None | Effect::Gold => {
                out.push(notice(&format!("You cannot use {}.", with_article(&name))));
                Spent::Refused
            }
            Effect::Key => {
                out.push(notice(&format!(
                    "Walk into a locked door carrying {} to open it.",
                    with_article(&name)
                )));
                Spent::Refused
            }
            Effect::Heal(amount) => self.drink_healing(amount, out),
            Effect::Eat(amount) => {
                let ate = self.eat(amount, &name);
                out.push(notice(&format!("You eat {ate}")));
                Spent::One
            }
            Effect::Confuse(turns) => {
                self.fight.confused_until = self.turns + 1 + turns as u64;
                out.push(notice("You feel dizzy; the floor sways. (confused)"));
                Spent::One
            }
            Effect::Harmless => {
                out.push(notice("You feel a tingle, and nothing more."));
                Spent::One
            }
            Effect::Identify => self.read_identify(kind, aim, out),
            Effect::Teleport => {
                self.teleport(out);
                Spent::One
            }
            Effect::MagicMapping => {
                self.level.remember_everything();
                out.push(notice("A map of the level forms in your mind."));
                Spent::One
            }
            Effect::Strike(least, most) => self.zap_striking(item, (least, most), aim, out),
            Effect::Plenty => self.zap_plenty(item, aim, out),
            Effect::DigDown => self.zap_digging(item, out),
            Effect::Wield { .. } => self.toggle_equipment(item, Slot::Weapon, &plain, out),
            Effect::Armour(_) | Effect::HeavyArmour(_) => {
                self.toggle_equipment(item, Slot::Armour, &plain, out)
            }
            Effect::Ring(_) => self.toggle_equipment(item, Slot::Ring, &plain, out),
            // Handled above.
            Effect::Thrown(..) => Spent::Refused,
            Effect::Enchant => self.read_enchanting(kind, aim, out),
            Effect::RemoveCurse => self.read_remove_curse(out),
            Effect::Aggravate => self.read_aggravate(out),
            Effect::SummonMonsters(count) => self.read_summon(count, out),
            Effect::Descend => self.drink_descent(out),
            Effect::Incinerate(least, most) => {
                out.push(notice("Flames burst out of the flask!"));
                self.burst_into_flames(self.player, (least, most), out);
                Spent::One
            }
        }
    }
}
