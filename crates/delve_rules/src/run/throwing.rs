//! Throwing (`t`, a letter, then aim): a thrown thing flies as [`super::aim`] says. A
//! thrown weapon hits with the player's aim and lies where it lands; a potion shatters
//! (incineration bursts into flames); anything else thrown hits for 1–3 and lies where
//! it lands.

use super::aim::THROW_RANGE;
use super::combat::Harm;
use super::equipment::{Slot, will_not_come_off};
use super::items::with_article;
use super::level::nearest_in_rings;
use super::{Outcome, RunState, SNEAK_ATTACK_MULTIPLIER, notice};
use delve_levels::grid::Pos;
use delve_levels::loot::{Effect, Item};
use delve_levels::monsters::{Mind, Monster};

impl RunState {
    /// `t`: throws one item under letter `slot` toward `at` (a turn). A worn cursed ring
    /// and the armour worn stay; a wielded weapon is thrown from the hand.
    pub(super) fn throw_item(&mut self, slot: u8, at: Pos, out: &mut Vec<Outcome>) {
        let Some(thrown) = self.item_to_handle(slot, out) else {
            return;
        };
        let kind = thrown.kind;
        if at == self.player {
            out.push(notice("Aim at another tile to throw."));
            return;
        }
        let table = self.campaign.shared_loot_table();
        let Some(item) = table.items().get(kind) else {
            return;
        };
        let last_one = self.carried_alike(thrown) == 1;
        let worn = last_one.then(|| self.slot_holding(thrown)).flatten();
        if worn == Some(Slot::Armour) {
            out.push(notice("Take the armour off first (a, then its letter)."));
            return;
        }
        if worn.is_some() && self.is_cursed(kind) {
            out.push(will_not_come_off(&self.knowledge().item_name(thrown)));
            return;
        }
        let name = self.knowledge().plain_item_name(thrown);
        let flight = self.fly(at, THROW_RANGE, false);
        self.part_with(thrown);
        out.push(notice(&format!("You throw {}.", with_article(&name))));
        let potion = item.appearance_class.as_deref() == Some("potion");
        if let Some(index) = flight.struck {
            let monster = self.level.monsters[index];
            if self.shows_monster(&monster) || !potion {
                self.missile_strikes(index, &monster, thrown, &name, out);
            }
        }
        if self.end().is_none() {
            if potion {
                self.shatter(kind, &name, flight.end, out);
            } else {
                self.land(thrown, &name, flight.end, out);
            }
        }
        if self.end().is_none() {
            self.make_noise(flight.end, super::abilities::FIGHT_NOISE, out);
            self.pass_turn(out);
        }
    }

    /// A `thrown` item strikes the monster at `index`: a thrown weapon with the
    /// player's aim and its own damage (and its enchantments), anything else for
    /// [`THROWN_THING_DAMAGE`]; a sleeper is taken unawares. A potion only breaks on it.
    fn missile_strikes(
        &mut self,
        index: usize,
        monster: &Monster,
        thrown: Item,
        name: &str,
        out: &mut Vec<Outcome>,
    ) {
        let kind = thrown.kind;
        let table = self.campaign.shared_loot_table();
        if table.items()[kind].appearance_class.as_deref() == Some("potion") {
            return;
        }
        let mut missile = self.player_fighter();
        missile.damage = match table.items()[kind].effect {
            Effect::Thrown(least, most) => {
                let plus = thrown.plus;
                missile.attack += THROWN_WEAPON_AIM;
                (least + plus, most + plus)
            }
            _ => THROWN_THING_DAMAGE,
        };
        let asleep = monster.mind == Mind::Asleep;
        self.strike_monster(
            index,
            &missile,
            asleep.then_some(SNEAK_ATTACK_MULTIPLIER),
            Harm::Missile(name),
            out,
        );
    }

    /// A thrown thing comes down at `at` (or the nearest tile that can hold it — one in
    /// view when `at` is, so a thing seen to strike is seen to fall; lost where none is
    /// near).
    fn land(&mut self, thrown: Item, name: &str, at: Pos, out: &mut Vec<Outcome>) {
        let level = &self.level;
        let spot = if level.in_view(at) {
            nearest_in_rings(at, 0..=5, |p| level.can_drop_at(p) && level.in_view(p))
                .or_else(|| level.nearest_drop_tile(at))
        } else {
            level.nearest_drop_tile(at)
        };
        match spot {
            Some(spot) => {
                self.level.put_item(spot, thrown);
                if !self.level.in_view(spot) {
                    out.push(notice(&format!("The {name} lands out of sight.")));
                }
            }
            None => out.push(notice(&format!("The {name} is lost."))),
        }
    }

    /// A thrown potion breaks at `at`: incineration bursts into flames (and is known by
    /// it when seen); any other is wasted.
    fn shatter(&mut self, kind: usize, name: &str, at: Pos, out: &mut Vec<Outcome>) {
        let effect = self.campaign.loot_table().items()[kind].effect;
        let seen = self.level.in_view(at);
        match effect {
            Effect::Incinerate(least, most) => {
                out.push(notice(&format!(
                    "The {name} shatters and bursts into flames!"
                )));
                if seen && !self.knowledge().knows(kind) {
                    self.identify_seen(kind, out);
                }
                self.burst_into_flames(at, (least, most), out);
            }
            _ => out.push(notice(&format!(
                "The {name} shatters; its contents are wasted."
            ))),
        }
    }
}

/// What a thrown weapon adds to the player's aim.
pub const THROWN_WEAPON_AIM: u32 = 2;
/// The damage of anything thrown that is not a thrown weapon.
pub const THROWN_THING_DAMAGE: (u32, u32) = (1, 3);
