//! What the player wears and wields: a weapon, armour and a ring on each hand; putting
//! them on and taking them off (a curse keeps a malevolent ring on), and the fighting
//! numbers they give.

use super::items::Spent;
use super::items::with_article;
use super::messages::key_of;
use super::{Outcome, RunState, notice};
use delve_levels::loot::{Effect, Item, RingPower};
use delve_levels::monsters::Fighter;

impl RunState {
    /// The slot that holds `item`, if it is worn or wielded.
    pub(super) fn slot_holding(&self, item: Item) -> Option<Slot> {
        let fight = &self.fight;
        if fight.weapon == Some(item) {
            Some(Slot::Weapon)
        } else if fight.armour == Some(item) {
            Some(Slot::Armour)
        } else if fight.rings().any(|r| r == item) {
            Some(Slot::Ring)
        } else {
            None
        }
    }

    /// Takes `item` off whatever slot holds it.
    pub(super) fn take_off(&mut self, item: Item) {
        let fight = &mut self.fight;
        for held in fight.slots_mut() {
            if *held == Some(item) {
                *held = None;
            }
        }
    }

    /// Puts `item` on (wields it) or takes it off, whichever it is not.
    pub(super) fn toggle_equipment(
        &mut self,
        item: Item,
        slot: Slot,
        name: &str,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let kind = item.kind;
        let cursed = self.is_cursed(kind);
        let fight = &mut self.fight;
        let held = match slot {
            Slot::Weapon => &mut fight.weapon,
            Slot::Armour => &mut fight.armour,
            // A ring on each hand: the hand that wears this one, else a free one.
            Slot::Ring if fight.second_ring == Some(item) => &mut fight.second_ring,
            Slot::Ring if fight.ring.is_some() && fight.ring != Some(item) => {
                if fight.second_ring.is_some() {
                    out.push(notice(&format!(
                        "You wear a ring on each hand already; remove one first ({}, then its letter).",
                        key_of("use")
                    )));
                    return Spent::Refused;
                }
                &mut fight.second_ring
            }
            Slot::Ring => &mut fight.ring,
        };
        let (on, off) = slot.verbs();
        if *held == Some(item) && cursed {
            out.push(will_not_come_off(name));
            return Spent::Refused;
        }
        if *held == Some(item) {
            *held = None;
            out.push(notice(&format!("You {off} {}.", with_article(name))));
        } else {
            *held = Some(item);
            out.push(notice(&format!("You {on} {}.", with_article(name))));
            if cursed {
                out.push(notice("It tightens on your finger: it is cursed!"));
            }
            let searching = matches!(
                self.campaign
                    .loot_table()
                    .items()
                    .get(kind)
                    .map(|i| i.effect),
                Some(Effect::Ring(RingPower::Searching))
            );
            if searching {
                self.reveal_items();
                out.push(notice("The ring shows you where the treasure lies."));
            }
        }
        Spent::Kept
    }

    /// The powers of the rings worn (one per hand).
    pub(crate) fn ring_powers(&self) -> Vec<RingPower> {
        let fight = &self.fight;
        let table = self.campaign.loot_table();
        fight
            .rings()
            .filter_map(|ring| match table.items().get(ring.kind)?.effect {
                Effect::Ring(power) => Some(power),
                _ => None,
            })
            .collect()
    }

    /// Whether a ring of this power is worn.
    pub(crate) fn wears_ring(&self, power: RingPower) -> bool {
        self.ring_powers().contains(&power)
    }

    /// Whether `kind` is cursed: a malevolent ring whose curse has not been lifted.
    pub fn is_cursed(&self, kind: usize) -> bool {
        let cursed = matches!(
            self.campaign.loot_table().effect(kind),
            Some(Effect::Ring(power)) if power.is_cursed()
        );
        cursed && self.fight.uncursed.binary_search(&kind).is_err()
    }

    /// Whether the armour worn is heavy (its steps are heard).
    pub fn wears_heavy_armour(&self) -> bool {
        let table = self.campaign.loot_table();
        matches!(
            self.fight.armour.and_then(|a| table.effect(a.kind)),
            Some(Effect::HeavyArmour(_))
        )
    }

    /// With a ring of searching: the tiles where items lie become seen.
    pub(super) fn reveal_items(&mut self) {
        let tiles = &self.level.level.tiles;
        for item in &self.level.items {
            let index = tiles.index_of(item.pos);
            if let Some(seen) = self.level.seen.get_mut(index) {
                *seen = true;
            }
        }
    }

    /// The player's fighting numbers now: bare hands, or the weapon wielded; plus the
    /// experience level's, armour and a ring of protection.
    pub fn player_fighter(&self) -> Fighter {
        let mut fighter = super::PLAYER_FIGHTER;
        let fight = &self.fight;
        // Each experience level adds one attack; every other one, one defence.
        fighter.attack += fight.level - 1;
        fighter.defence += (fight.level - 1) / 2;
        let effect = |item: Item| self.campaign.loot_table().effect(item.kind);
        if let Some(weapon) = fight.weapon
            && let Some(Effect::Wield { attack, damage, .. }) = effect(weapon)
        {
            let plus = weapon.plus;
            fighter.attack += attack + plus;
            fighter.damage = (damage.0 + plus, damage.1 + plus);
        }
        if let Some(armour) = fight.armour
            && let Some(Effect::Armour(defence) | Effect::HeavyArmour(defence)) = effect(armour)
        {
            fighter.defence += defence + armour.plus;
        }
        let mut clumsiness = 0;
        for ring in fight.rings() {
            let plus = ring.plus;
            match effect(ring) {
                Some(Effect::Ring(RingPower::Protection(defence))) => {
                    fighter.defence += defence + plus;
                }
                Some(Effect::Ring(RingPower::Clumsiness(penalty))) => {
                    clumsiness += penalty.saturating_sub(plus);
                }
                _ => {}
            }
        }
        fighter.attack = fighter.attack.saturating_sub(clumsiness);
        fighter
    }
}

/// Where a worn or wielded item goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Weapon,
    Armour,
    Ring,
}

impl Slot {
    /// (putting on, taking off).
    pub(super) fn verbs(self) -> (&'static str, &'static str) {
        match self {
            Slot::Weapon => ("wield", "put away"),
            Slot::Armour => ("put on", "take off"),
            Slot::Ring => ("slip on", "remove"),
        }
    }
}

/// What the player is told on trying to take off or drop the cursed `name` in use.
pub(super) fn will_not_come_off(name: &str) -> Outcome {
    notice(&format!(
        "The {name} will not come off: it is cursed. (A scroll of remove curse, or enchanting it, lifts the curse.)"
    ))
}
