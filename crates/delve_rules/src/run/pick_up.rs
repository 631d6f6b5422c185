//! Picking up: stepping onto an item or `g` on it. Where the run has a goal, gold goes
//! to the purse and the level's must-find item opens its stairs; everything else is
//! carried, under its kind's letter. A shop's wares lie for sale: stepping on one says
//! its price, `g` buys it with gold from the purse — into the pack: a hungry player with
//! a full pack eats food lying free where it lies, never a ware.

use super::hunger::Hunger;
use super::items::{PACK_KINDS, with_article};
use super::messages::key_of;
use super::{Outcome, RunState, notice};
use delve_levels::grid::Pos;
use delve_levels::loot::{Effect, Item, PlacedItem};
use delve_levels::rng::mix64;

/// What picking up the item at a place came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PickUp {
    /// It is carried now (or went to the purse, or opened the stairs).
    Taken,
    /// Nothing lies there.
    Nothing,
    /// It lies there still: the pack has no letter for another kind of thing, or the
    /// purse too little gold for its price.
    NoRoom,
}

impl RunState {
    /// `g`: picks up what lies where the player stands (a turn where the rules say so).
    pub(super) fn pick_up_here(&mut self, out: &mut Vec<Outcome>) {
        match self.pick_up(self.player, out) {
            PickUp::Nothing => out.push(notice("There is nothing here to pick up.")),
            PickUp::NoRoom => {}
            // Stepping on an item is free.
            PickUp::Taken if self.rules.handling_items_takes_a_turn() => self.pass_turn(out),
            PickUp::Taken => {}
        }
    }

    /// Whether picking up `item` would take it: gold and the must-find item always, a
    /// thing to carry while the pack has a letter for it (a stack of its like, or a
    /// letter free).
    pub(super) fn has_room_for(&self, item: Item) -> bool {
        // As the pack would hold it: a second armour alike is an entry of its own.
        let item = self.as_carried(item);
        let table = self.campaign.loot_table();
        let goes_to_the_purse_or_opens_the_stairs = self.rules.has_a_goal()
            && table
                .items()
                .get(item.kind)
                .is_some_and(|k| k.effect == Effect::Gold || k.must_find);
        goes_to_the_purse_or_opens_the_stairs
            || self.has_a_letter_for(item)
            || self.eaten_where_it_lies(item).is_some()
    }

    /// Food the pack has no letter for, picked up by a hungry player, is eaten where
    /// it lies (food needs no letter to go where it is wanted): what it heals.
    fn eaten_where_it_lies(&self, item: Item) -> Option<u32> {
        let table = self.campaign.loot_table();
        match table.effect(item.kind)? {
            Effect::Eat(amount) if !self.has_a_letter_for(item) && self.hunger() != Hunger::Fed => {
                Some(amount)
            }
            _ => None,
        }
    }

    /// Picks up the item at `at`, if any and if the pack has room for it (else it says
    /// so and leaves it lying).
    pub(super) fn pick_up(&mut self, at: Pos, out: &mut Vec<Outcome>) -> PickUp {
        let Some(&placed) = self.level.items.iter().find(|i| i.pos == at) else {
            return PickUp::Nothing;
        };
        let lying = self.as_carried(placed.held());
        let price = self.price_of(&placed);
        if price > self.gold() {
            let name = self.knowledge().item_name(lying);
            out.push(notice(&format!(
                "You cannot buy {}: it costs {price} gold, and your purse holds {}.",
                with_article(&name),
                self.gold()
            )));
            return PickUp::NoRoom;
        }
        if let Some(amount) = self.eaten_where_it_lies(lying) {
            // A ware is not the player's until bought, and a full pack cannot take it
            // (before format 10 it was eaten unpaid: `EATS_WARES_UNPAID`).
            if price > 0 && !self.eats_wares_unpaid() {
                let name = self.knowledge().item_name(lying);
                out.push(notice(&format!(
                    "It is for sale: {} for {price} gold. Your pack is full: use one up, or drop one where nothing lies, and {} buys it.",
                    with_article(&name),
                    key_of("pick-up")
                )));
                return PickUp::NoRoom;
            }
            self.level.take_item(at);
            let name = self.knowledge().item_name(lying);
            let ate = self.eat(amount, &name);
            out.push(notice(&format!(
                "Your pack is full, and you are hungry: you eat {ate}"
            )));
            return PickUp::Taken;
        }
        if !self.has_room_for(lying) {
            let name = self.knowledge().item_name(lying);
            out.push(notice(&format!(
                "Your pack is full ({PACK_KINDS} kinds of things, one under each letter): use one up, or drop one where nothing lies, to take {}.",
                with_article(&name)
            )));
            return PickUp::NoRoom;
        }
        let Some(item) = self.level.take_item(at) else {
            return PickUp::Nothing;
        };
        let item = self.as_carried(item);
        self.fight.gold_spent = self.fight.gold_spent.saturating_add(price);
        out.push(Outcome::PickedUp {
            item: item.kind,
            at,
        });
        let table = self.campaign.loot_table();
        let kind = table.items().get(item.kind);
        let depth = self.depth;
        if self.rules.has_a_goal() {
            if kind.is_some_and(|k| k.effect == Effect::Gold) {
                let amount = gold_amount(depth, self.level.key.level_seed(), at);
                self.fight.gold = self.fight.gold.saturating_add(amount);
                out.push(notice(&format!(
                    "You pick up {amount} gold pieces (purse: {}).",
                    self.fight.gold
                )));
                return PickUp::Taken;
            }
            if kind.is_some_and(|k| k.must_find) {
                self.fight.mark_found(depth);
                let name = table.true_name(item.kind);
                out.push(notice(&if depth >= self.campaign.final_depth() {
                    format!(
                        "You take the {name}. The way out of the dungeon is open: the stairs down lead out."
                    )
                } else {
                    format!("You take the {name}: the stairs down are open.")
                }));
                return PickUp::Taken;
            }
        }
        // A key says what it is for while this level has a lock for it.
        let is_key = kind.is_some_and(|k| k.effect == Effect::Key);
        self.inventory.push(item);
        self.give_letter(item);
        let name = self.knowledge().item_name(item);
        let what_for = if is_key && self.level.has_a_lock() {
            " It opens this level's locked doors: walk into one."
        } else {
            ""
        };
        out.push(notice(&if price > 0 {
            format!(
                "You buy {} for {price} gold (purse: {}).",
                with_article(&name),
                self.gold()
            )
        } else {
            format!("You pick up {}.{what_for}", with_article(&name))
        }));
        PickUp::Taken
    }

    /// Gold in the purse: found less spent (none in a peaceful run, where gold is
    /// carried as an item).
    pub fn gold(&self) -> u32 {
        self.fight.gold.saturating_sub(self.fight.gold_spent)
    }

    /// What `placed` costs to take: its price where it lies for sale in a run with a
    /// goal (a peaceful run has no purse: its shops give), else nothing.
    pub fn price_of(&self, placed: &PlacedItem) -> u32 {
        if self.rules.has_a_goal() {
            placed.price
        } else {
            0
        }
    }

    /// Steps onto the item at `at`: picks it up, or — when it lies for sale — says what
    /// it costs and that `g` buys it (or how much gold the purse lacks).
    pub(super) fn step_onto_item(&mut self, at: Pos, out: &mut Vec<Outcome>) {
        let for_sale = self
            .level
            .items
            .iter()
            .find(|i| i.pos == at)
            .map(|placed| (placed.held(), self.price_of(placed)));
        match for_sale {
            Some((item, price)) if price > 0 => {
                let name = self.knowledge().item_name(item);
                let gold = self.gold();
                let then = match price.checked_sub(gold).filter(|&short| short > 0) {
                    Some(short) => format!("You are {short} gold short."),
                    None => format!("{} buys it.", key_of("pick-up")),
                };
                out.push(notice(&format!(
                    "For sale here: {} for {price} gold (purse: {gold}). {then}",
                    with_article(&name),
                )));
            }
            _ => {
                self.pick_up(at, out);
            }
        }
    }
}

/// Mixed into the seed of a heap of gold's amount.
const GOLD_SALT: u64 = 0x474f_4c44;

/// How many gold pieces the heap at `at` of a level holds: more deeper down (depth × 4
/// + 5 to depth × 12 + 4), fixed by the level's seed and the heap's place.
pub fn gold_amount(depth: u32, level_seed: u64, at: Pos) -> u32 {
    let place = (at.x as u32 as u64) << 32 | at.y as u32 as u64;
    let roll = mix64(level_seed ^ GOLD_SALT ^ mix64(place));
    depth * 4 + 5 + (roll % (u64::from(depth) * 8)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::PlayerAction;
    use crate::run::hunger::HUNGRY_AT;
    use crate::run::record::{EATS_WARES_UNPAID, RECORDING_FORMAT};
    use delve_levels::grid::Tile;

    /// A cave run, no monsters, the player hungry with a full pack (26 kinds) standing
    /// on a food ration for sale at 15 gold, 40 gold in the purse.
    fn hungry_and_full_on_a_ware() -> RunState {
        let mut run = crate::run::staging::a_quiet_cave_run();
        let tiles = run.level.level.tiles.clone();
        let open = tiles
            .positions()
            .find(|&p| {
                tiles.get(p) == Some(Tile::Floor) && tiles.get(p.offset(1, 0)) == Some(Tile::Floor)
            })
            .expect("open ground");
        let table = run.campaign.loot_table();
        let dagger = table.index_of("dagger").expect("a dagger");
        let ration = table.index_of("food ration").expect("a ration");
        run.stage()
            .set_monsters(Vec::new())
            .clear_items()
            .put_player(open);
        for plus in 1..=26 {
            run.stage().give_item(Item::plain(dagger).with_plus(plus));
        }
        run.stage()
            .put_item(open, ration)
            .price_item(open, 15)
            .set_gold(40)
            .set_food(HUNGRY_AT - 10);
        run
    }

    /// Under the rules of format 9 and older the ware is eaten where it lies, and no gold
    /// is spent (as those recordings played); under today's it is refused and lies still.
    #[test]
    fn a_run_of_format_9_eats_a_ware_unpaid_and_a_later_one_refuses() {
        let new = hungry_and_full_on_a_ware();
        assert_eq!(new.rules_of_format, RECORDING_FORMAT);
        let mut old = new.clone();
        old.rules_of_format = EATS_WARES_UNPAID;
        let (mut new, mut old) = (new, old);
        let food = new.fight.food;
        new.apply(PlayerAction::PickUp);
        old.apply(PlayerAction::PickUp);
        assert_eq!(new.fight.food, food, "refused today");
        assert_eq!(new.level.items.len(), 1);
        assert!(old.fight.food > food, "eaten under the old rule");
        assert!(old.level.items.is_empty());
        assert_eq!((old.gold(), old.fight.gold_spent), (40, 0), "unpaid");
        assert_eq!(old.broken_rule(), None);
        assert_eq!(new.broken_rule(), None);
    }

    /// A full pack (26 entries, one a leather armour) has no room for a second leather
    /// armour — it never stacks, so it would need a letter of its own — and exploring
    /// does not head for it (it walked back and forth to one for good, told each time
    /// the pack was full).
    #[test]
    fn a_full_pack_has_no_room_for_a_second_armour_alike_and_exploring_leaves_it() {
        let mut run = hungry_and_full_on_a_ware();
        let table = run.campaign.loot_table();
        let armour = table.index_of("leather armour").expect("leather armour");
        let dagger_26 = (run.inventory.iter())
            .copied()
            .find(|i| i.plus == 26)
            .expect("the 26th dagger");
        run.inventory.retain(|&i| i != dagger_26);
        run.fight.letters.retain(|_, &mut i| i != dagger_26);
        run.stage().give_item(Item::plain(armour));
        assert_eq!(run.fight.letters.len(), PACK_KINDS);
        let beside = run.player.offset(1, 0);
        run.stage().clear_items().put_item(beside, armour);
        run.level.seen.iter_mut().for_each(|s| *s = true);
        assert!(!run.has_room_for(Item::plain(armour)));
        assert!(
            !run.exploration_goals().contains(&(beside, 0)),
            "exploring heads for an armour it cannot take"
        );
        let mut old = run.clone();
        old.rules_of_format = crate::run::record::WEARABLES_STACK;
        assert!(old.has_room_for(Item::plain(armour)), "format 10 stacks it");
    }

    /// The letters and counts of the pack after picking up three rings of regeneration
    /// and two potions of healing one at a time, played by the rules of `format`.
    fn pack_after_picking_up_three_rings_and_two_potions(format: u32) -> Vec<(char, usize, u32)> {
        let mut run = crate::run::staging::a_quiet_cave_run();
        run.rules_of_format = format;
        let table = run.campaign.loot_table();
        let ring = table.index_of("ring of regeneration").expect("a ring");
        let potion = table.index_of("potion of healing").expect("a potion");
        let at = run.player;
        run.stage().set_monsters(Vec::new()).clear_items();
        for kind in [ring, potion, ring, potion, ring] {
            run.stage().put_item(at, kind);
            run.apply(PlayerAction::PickUp);
        }
        assert_eq!(run.broken_rule(), None);
        (run.lettered_inventory().into_iter())
            .map(|l| (l.letter, l.count, l.copy))
            .collect()
    }

    #[test]
    fn rings_picked_up_today_are_each_their_own_entry_and_potions_stack() {
        assert_eq!(
            pack_after_picking_up_three_rings_and_two_potions(RECORDING_FORMAT),
            [('a', 1, 0), ('b', 2, 0), ('c', 1, 1), ('d', 1, 2)]
        );
    }

    #[test]
    fn a_run_of_format_10_stacks_rings_as_it_did() {
        use crate::run::record::WEARABLES_STACK;
        assert_eq!(
            pack_after_picking_up_three_rings_and_two_potions(WEARABLES_STACK),
            [('a', 3, 0), ('b', 2, 0)]
        );
    }

    /// Wearing one of two armours alike (each its own entry) names only that one worn,
    /// and enchanting the other keeps them apart.
    #[test]
    fn two_armours_alike_are_worn_and_enchanted_apart() {
        let mut run = crate::run::staging::a_quiet_cave_run();
        let table = run.campaign.loot_table();
        let armour = table.index_of("leather armour").expect("armour");
        let at = run.player;
        run.stage().set_monsters(Vec::new()).clear_items();
        for _ in 0..2 {
            run.stage().put_item(at, armour);
            run.apply(PlayerAction::PickUp);
        }
        run.apply(PlayerAction::Use(1));
        assert_eq!(run.fight.armour, Some(Item::plain(armour).as_copy(1)));
        let first = Item::plain(armour);
        run.change_item(first, first.enchanted());
        run.change_item(
            Item::plain(armour).as_copy(1),
            Item::plain(armour).as_copy(1).enchanted(),
        );
        let pack: Vec<Item> = run.lettered_inventory().iter().map(|l| l.item()).collect();
        assert_eq!(pack.len(), 2, "{pack:?}");
        assert_ne!(pack[0], pack[1]);
        assert!(pack.iter().all(|i| i.plus == 1));
        assert_eq!(run.fight.armour.map(|i| i.plus), Some(1));
        assert_eq!(run.broken_rule(), None);
    }

    #[test]
    fn a_second_copy_is_written_with_its_number_and_read_back() {
        let second = Item::plain(7).as_copy(1);
        let text = ron::to_string(&second).expect("written");
        assert_eq!(text, "(7,0,1)");
        assert_eq!(ron::from_str::<Item>(&text).expect("read"), second);
        assert_eq!(ron::from_str::<Item>("7").expect("read"), Item::plain(7));
        assert_eq!(
            ron::from_str::<Item>("(7,2)").expect("read"),
            Item::plain(7).with_plus(2)
        );
    }
}
