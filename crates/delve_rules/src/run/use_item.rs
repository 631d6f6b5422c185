//! Using what one carries (`a`, then the inventory letter): a thrown weapon is thrown,
//! anything else does what its effect says ([`super::effects`]). Using an item
//! identifies its kind when the effect shows what it was.

use super::aim::{Aim, Missile};
use super::items::Spent;
use super::items::with_article;
use super::{Outcome, RunState, notice};
use delve_levels::loot::Effect;

impl RunState {
    /// Uses one item under inventory letter `slot` (0 = `a`), aimed by `aim` where it
    /// needs a target (a wand's bolt, a thrown weapon, the item a scroll acts on).
    pub(super) fn use_item(&mut self, slot: u8, aim: Aim, out: &mut Vec<Outcome>) {
        let Some(item) = self.item_to_handle(slot, out) else {
            return;
        };
        let kind = item.kind;
        let table = self.campaign.shared_loot_table();
        let Some(effect) = table.items().get(kind).map(|i| i.effect) else {
            return;
        };
        if let Effect::Thrown(..) = effect {
            // A thrown weapon is used by throwing it.
            match self.aim_point(aim, Missile::Thrown) {
                Some(at) => self.throw_item(slot, at, out),
                None => out.push(notice(
                    "There is nothing in view to throw it at: t, its letter, then aim at a tile.",
                )),
            }
            return;
        }
        let depth = self.depth;
        let known_before = self.knowledge().knows(kind);
        let spent = self.apply_effect(item, effect, aim, out);
        if spent == Spent::Refused {
            return;
        }
        self.identify_on(depth, kind, "by using it");
        if !known_before {
            let true_name = table.true_name(kind);
            out.push(notice(&format!("(That was {}.)", with_article(&true_name))));
        }
        if spent == Spent::One {
            self.use_up(item);
        }
        // Falling to the next depth took its turn already, as the stairs do.
        if self.end().is_none() && self.depth == depth {
            self.pass_turn(out);
        }
    }
}
