//! Handling what one carries: the item under a letter (or why not), dropping it, using
//! one up (the last of a kind comes off the player and frees its letter), identifying a
//! kind, and which letters the front ends aim or ask an item for.

use super::equipment::will_not_come_off;
use super::items::with_article;
use super::{Outcome, RunState, notice};
use delve_levels::loot::{Effect, Item};

impl RunState {
    /// The item under letter `slot` to use or throw, or why not (items do nothing in a
    /// peaceful run; nothing under that letter), told.
    pub(super) fn item_to_handle(&self, slot: u8, out: &mut Vec<Outcome>) -> Option<Item> {
        if !self.rules.items_work() {
            out.push(notice("Items do nothing in a peaceful run."));
            return None;
        }
        let item = self.item_under_letter(slot);
        if item.is_none() {
            out.push(notice("You carry nothing under that letter."));
        }
        item
    }

    /// Drops one item under inventory letter `slot` (0 = `a`) where the player stands
    /// (taking it off first when it is worn or wielded): a turn.
    pub(super) fn drop_item(&mut self, slot: u8, out: &mut Vec<Outcome>) {
        let Some(item) = self.item_under_letter(slot) else {
            out.push(notice("You carry nothing under that letter."));
            return;
        };
        if !self.level.can_drop_at(self.player) {
            out.push(notice(
                "You cannot drop anything here (something lies here, or these are stairs or a door).",
            ));
            return;
        }
        let name = self.knowledge().item_name(item);
        let last_one = self.carried_alike(item) == 1;
        // Of several, a spare is dropped and the one in use stays in use.
        let taken_off = last_one.then(|| self.slot_holding(item)).flatten();
        if taken_off.is_some() && self.is_cursed(item.kind) {
            out.push(will_not_come_off(&name));
            return;
        }
        self.part_with(item);
        self.level.put_item(self.player, item);
        self.level.leave(self.player);
        let verb = match taken_off {
            Some(slot) => format!("{} and drop", slot.verbs().1),
            None => "drop".to_owned(),
        };
        out.push(notice(&format!("You {verb} {}.", with_article(&name))));
        if self.rules.handling_items_takes_a_turn() {
            self.pass_turn(out);
        }
    }

    /// Marks `kind` identified (`how`, for the chronicle: "by using it").
    pub(super) fn identify(&mut self, kind: usize, how: &str) {
        self.identify_on(self.depth, kind, how);
    }

    /// [`RunState::identify`], noted on `depth`: where the item was used (a potion of
    /// descent drunk on 4 is noted on 4, though the player is on 5 by then).
    pub(super) fn identify_on(&mut self, depth: u32, kind: usize, how: &str) {
        let known_before = self.knowledge().knows(kind);
        let disguise = self.knowledge().plain_name(kind);
        if let Err(at) = self.fight.identified.binary_search(&kind) {
            self.fight.identified.insert(at, kind);
        }
        if !known_before {
            self.note_identified(depth, kind, &disguise, how);
        }
    }

    /// `kind` is known now because the player saw what it did: told, and noted.
    pub(super) fn identify_seen(&mut self, kind: usize, out: &mut Vec<Outcome>) {
        self.identify(kind, "by seeing it work");
        let name = self.campaign.loot_table().true_name(kind);
        out.push(notice(&format!("(That was {}.)", with_article(&name))));
    }

    /// Takes one `item` out of the inventory (the last picked up, used or dropped); the
    /// last of a stack also comes off the player and frees its letter (kept in mind for
    /// the next one alike, where the recording format says so).
    pub(super) fn use_up(&mut self, item: Item) {
        self.take_out(item, false);
    }

    /// [`RunState::use_up`] for an item that goes on lying somewhere (thrown, dropped,
    /// stolen): the last of its stack keeps its letter in mind, to have it back when
    /// the item comes back (in every format).
    pub(super) fn part_with(&mut self, item: Item) {
        self.take_out(item, true);
    }

    fn take_out(&mut self, item: Item, comes_back: bool) {
        if let Some(at) = self.inventory.iter().rposition(|&i| i == item) {
            self.inventory.remove(at);
        }
        if !self.inventory.contains(&item) {
            self.take_off(item);
            self.release_letter_if_gone(item, comes_back);
        }
    }

    /// Turns one carried `item` into `into` (an enchantment read into it): the one in
    /// use when one is (so a wielded sword stays wielded, a wand keeps the charges it
    /// has used), and it leaves its stack for its own, with its own letter unless it
    /// was the last of the stack.
    pub(super) fn change_item(&mut self, item: Item, into: Item) {
        let Some(at) = self.inventory.iter().position(|&i| i == item) else {
            return;
        };
        // A thing that never stacks stays apart from one alike it grew into.
        let into = if into != item && self.inventory.contains(&into) {
            self.as_carried(into)
        } else {
            into
        };
        self.inventory[at] = into;
        let fight = &mut self.fight;
        for held in fight.slots_mut() {
            if *held == Some(item) {
                *held = Some(into);
                break;
            }
        }
        if let Some(used) = fight.wand_charges_used.remove(&item) {
            fight.wand_charges_used.insert(into, used);
        }
        if !self.inventory.contains(&item) {
            // The last of its stack: its letter goes with it, unless `into` has one.
            let letters = &mut self.fight.letters;
            let has_own = letters.values().any(|&i| i == into);
            for held in letters.values_mut() {
                if *held == item && !has_own {
                    *held = into;
                }
            }
            letters.retain(|_, i| *i != item);
        }
        self.give_letter(into);
    }

    /// The inventory letters (0 = `a`) of items used by aiming: every wand (its class
    /// shows; a known wand of digging is not aimed) and known thrown weapons.
    pub fn aimed_letters(&self) -> Vec<u8> {
        self.letters_where(|effect, known| {
            (effect.is_wand() && !(known && effect == Effect::DigDown))
                || (known && effect.is_aimed())
        })
    }

    /// The inventory letters of known scrolls read on another item (enchanting,
    /// identify): the front ends ask for that item's letter.
    pub fn letters_read_on_an_item(&self) -> Vec<u8> {
        self.letters_where(|effect, known| known && effect.asks_for_an_item())
    }

    /// The inventory letters whose item's effect, and whether the player knows it,
    /// satisfy `wanted`.
    fn letters_where(&self, wanted: impl Fn(Effect, bool) -> bool) -> Vec<u8> {
        let knowledge = self.knowledge();
        let items = self.campaign.loot_table().items();
        self.lettered_inventory()
            .into_iter()
            .filter(|l| {
                items
                    .get(l.kind)
                    .is_some_and(|i| wanted(i.effect, knowledge.knows(l.kind)))
            })
            .map(|l| l.letter as u8 - b'a')
            .collect()
    }
}
