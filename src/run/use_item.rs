//! Using what one carries (`a`, then the inventory letter): drinking, eating, reading,
//! zapping, wielding, wearing and putting on, each by the effect the loot table gives
//! the item. Using an item identifies its kind when the effect shows what it was.
//! Random choices (where a teleport lands) come from streams derived from the run
//! seed and the turn, so a save needs no generator state.

use super::fight::WAND_CHARGES;
use super::items::with_article;
use super::{Outcome, RunState, notice};
use crate::base::grid::{Pos, Tile};
use crate::base::rng::{Stream, StreamRng, mix64};
use crate::content::loot::{Effect, RingPower};
use crate::content::monsters::Fighter;

/// How a used item leaves the inventory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spent {
    /// One of the kind is used up.
    One,
    /// It stays (worn, wielded, a wand with charges left).
    Kept,
    /// It could not be used; no turn passes.
    Refused,
}

impl RunState {
    /// Uses one item under inventory letter `slot` (0 = `a`).
    pub(super) fn use_item(&mut self, slot: u8, out: &mut Vec<Outcome>) {
        if !self.rules.items_work() {
            out.push(notice("Items do nothing in a peaceful run."));
            return;
        }
        let Some(kind) = self.kind_under_letter(slot) else {
            out.push(notice("You carry nothing under that letter."));
            return;
        };
        let table = self.campaign.shared_loot_table();
        let Some(item) = table.items().get(kind) else {
            return;
        };
        let depth = self.depth;
        let name = self.knowledge().name(kind);
        let plain = self.knowledge().plain_name(kind);
        let known_before = self.knowledge().knows(kind);
        let spent = match item.effect {
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
                let healed = self.heal(amount);
                let food = with_article(&name);
                out.push(notice(&if healed > 0 {
                    format!("You eat {food} (+{healed} HP).")
                } else {
                    format!("You eat {food}; at full health it does nothing more.")
                }));
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
            Effect::Identify => self.read_identify(kind, out),
            Effect::Teleport => {
                self.teleport(out);
                Spent::One
            }
            Effect::MagicMapping => {
                self.level.remember_everything();
                out.push(notice("A map of the level forms in your mind."));
                Spent::One
            }
            Effect::Strike(least, most) => self.zap_striking(kind, (least, most), out),
            Effect::DigDown => self.zap_digging(kind, out),
            Effect::Wield { .. } => self.toggle_equipment(kind, Slot::Weapon, &plain, out),
            Effect::Armour(_) => self.toggle_equipment(kind, Slot::Armour, &plain, out),
            Effect::Ring(_) => self.toggle_equipment(kind, Slot::Ring, &plain, out),
        };
        if spent == Spent::Refused {
            return;
        }
        self.identify(kind, "by using it");
        if !known_before {
            let true_name = table.true_name(kind);
            out.push(notice(&format!("(That was {}.)", with_article(&true_name))));
        }
        if spent == Spent::One {
            self.use_up(kind);
        }
        // Falling to the next depth took its turn already, as the stairs do.
        if self.end().is_none() && self.depth == depth {
            self.pass_turn(out);
        }
    }

    /// Heals up to `amount`; returns how much.
    fn heal(&mut self, amount: u32) -> u32 {
        let fight = &mut self.fight;
        let before = fight.hp;
        fight.hp = fight.hp.saturating_add(amount).min(fight.max_hp);
        fight.hp - before
    }

    fn drink_healing(&mut self, amount: u32, out: &mut Vec<Outcome>) -> Spent {
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

    /// Drops one item under inventory letter `slot` (0 = `a`) where the player stands
    /// (taking it off first when it is worn or wielded): a turn.
    pub(super) fn drop_item(&mut self, slot: u8, out: &mut Vec<Outcome>) {
        let Some(kind) = self.kind_under_letter(slot) else {
            out.push(notice("You carry nothing under that letter."));
            return;
        };
        if !self.level.can_drop_at(self.player) {
            out.push(notice(
                "You cannot drop anything here (something lies here, or these are stairs or a door).",
            ));
            return;
        }
        let name = self.knowledge().name(kind);
        let last_one = self.inventory.iter().filter(|&&k| k == kind).count() == 1;
        // Of several, a spare is dropped and the one in use stays in use.
        let taken_off = last_one.then(|| self.slot_holding(kind)).flatten();
        self.use_up(kind);
        self.level.put_item(self.player, kind);
        let verb = match taken_off {
            Some(slot) => format!("{} and drop", slot.verbs().1),
            None => "drop".to_owned(),
        };
        out.push(notice(&format!("You {verb} {}.", with_article(&name))));
        if self.rules.handling_items_takes_a_turn() {
            self.pass_turn(out);
        }
    }

    /// The slot that holds `kind`, if it is worn or wielded.
    pub(super) fn slot_holding(&self, kind: usize) -> Option<Slot> {
        let fight = &self.fight;
        if fight.weapon == Some(kind) {
            Some(Slot::Weapon)
        } else if fight.armour == Some(kind) {
            Some(Slot::Armour)
        } else if fight.rings().any(|r| r == kind) {
            Some(Slot::Ring)
        } else {
            None
        }
    }

    /// Takes `kind` off whatever slot holds it.
    fn take_off(&mut self, kind: usize) {
        let fight = &mut self.fight;
        for held in [
            &mut fight.weapon,
            &mut fight.armour,
            &mut fight.ring,
            &mut fight.second_ring,
        ] {
            if *held == Some(kind) {
                *held = None;
            }
        }
    }

    fn read_identify(&mut self, scroll: usize, out: &mut Vec<Outcome>) -> Spent {
        self.identify(scroll, "by reading it");
        let knowledge = self.knowledge();
        let unknown = self
            .lettered_inventory()
            .into_iter()
            .map(|l| l.kind)
            .find(|&kind| !knowledge.knows(kind));
        match unknown {
            Some(kind) => {
                let before = knowledge.plain_name(kind);
                self.identify(kind, "by a scroll of identify");
                let after = self.knowledge().name(kind);
                out.push(notice(&format!(
                    "The {before} is {}.",
                    with_article(&after)
                )));
            }
            None => out.push(notice("You already know everything else you carry.")),
        }
        Spent::One
    }

    /// Carries the player to a free tile at least a third of the level's size away (the
    /// farthest tried, if none is), from a stream of the run seed and the turn: a scroll
    /// of teleportation, and a teleport trap.
    pub(super) fn teleport(&mut self, out: &mut Vec<Outcome>) {
        let tiles = &self.level.level.tiles;
        let free: Vec<Pos> = tiles
            .positions()
            .filter(|&p| tiles[p] == Tile::Floor && self.level.monster_at(p).is_none())
            .collect();
        if free.is_empty() {
            out.push(notice("You shudder for a moment."));
            return;
        }
        let mut rng = StreamRng::new(
            mix64(self.campaign.seed ^ mix64(self.turns) ^ TELEPORT_SALT),
            Stream::Monsters,
        );
        let far = (tiles.width().max(tiles.height()) / 3) as i32;
        let mut best = free[rng.below(free.len() as u32) as usize];
        for _ in 0..16 {
            if best.chebyshev(self.player) >= far {
                break;
            }
            let next = free[rng.below(free.len() as u32) as usize];
            if next.chebyshev(self.player) > best.chebyshev(self.player) {
                best = next;
            }
        }
        let from = self.player;
        self.player = best;
        self.level.look_from(best);
        out.push(Outcome::Moved { from, to: best });
        out.push(notice("The world spins; you are elsewhere."));
    }

    fn zap_striking(&mut self, wand: usize, damage: (u32, u32), out: &mut Vec<Outcome>) -> Spent {
        let target = self.seen_monsters().first().copied();
        match target {
            Some(index) => {
                let bolt = Fighter {
                    attack: 100,
                    defence: 0,
                    damage,
                };
                out.push(notice("A bolt of force leaps from the wand."));
                self.attack_monster(index, &bolt, out);
            }
            None => out.push(notice(
                "The wand fizzes; there is nothing in view to strike.",
            )),
        }
        self.spend_charge(wand)
    }

    fn zap_digging(&mut self, wand: usize, out: &mut Vec<Outcome>) -> Spent {
        if self.nothing_below() {
            out.push(notice(
                "The wand bores a hole, but the floor of the last depth heals over it.",
            ));
            return self.spend_charge(wand);
        }
        let spent = self.spend_charge(wand);
        out.push(notice("You dig a hole through the floor and fall through!"));
        self.go_down(out);
        spent
    }

    /// Uses a charge of a wand of kind `wand`; the last charge uses the wand up.
    fn spend_charge(&mut self, wand: usize) -> Spent {
        let fight = &mut self.fight;
        let used = fight.wand_charges_used.entry(wand).or_insert(0);
        *used += 1;
        if *used >= WAND_CHARGES {
            *used = 0;
            Spent::One
        } else {
            Spent::Kept
        }
    }

    fn toggle_equipment(
        &mut self,
        kind: usize,
        slot: Slot,
        name: &str,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let fight = &mut self.fight;
        let held = match slot {
            Slot::Weapon => &mut fight.weapon,
            Slot::Armour => &mut fight.armour,
            // A ring on each hand: the hand that wears this one, else a free one.
            Slot::Ring if fight.second_ring == Some(kind) => &mut fight.second_ring,
            Slot::Ring if fight.ring.is_some() && fight.ring != Some(kind) => {
                if fight.second_ring.is_some() {
                    out.push(notice(
                        "You wear a ring on each hand already; remove one first (a, then its letter).",
                    ));
                    return Spent::Refused;
                }
                &mut fight.second_ring
            }
            Slot::Ring => &mut fight.ring,
        };
        let (on, off) = slot.verbs();
        if *held == Some(kind) {
            *held = None;
            out.push(notice(&format!("You {off} {}.", with_article(name))));
        } else {
            *held = Some(kind);
            out.push(notice(&format!("You {on} {}.", with_article(name))));
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

    /// Marks `kind` identified (`how`, for the chronicle: "by using it").
    fn identify(&mut self, kind: usize, how: &str) {
        let known_before = self.knowledge().knows(kind);
        let disguise = self.knowledge().plain_name(kind);
        if let Err(at) = self.fight.identified.binary_search(&kind) {
            self.fight.identified.insert(at, kind);
        }
        if !known_before {
            self.note_identified(kind, &disguise, how);
        }
    }

    /// Takes one item of `kind` out of the inventory (the last picked up, used or
    /// dropped); the last of a kind also comes off the player and frees its letter.
    pub(super) fn use_up(&mut self, kind: usize) {
        if let Some(at) = self.inventory.iter().rposition(|&k| k == kind) {
            self.inventory.remove(at);
        }
        if !self.inventory.contains(&kind) {
            self.take_off(kind);
            self.release_letter_if_gone(kind);
        }
    }

    /// The powers of the rings worn (one per hand).
    pub fn ring_powers(&self) -> Vec<RingPower> {
        let fight = &self.fight;
        let table = self.campaign.loot_table();
        fight
            .rings()
            .filter_map(|ring| match table.items().get(ring)?.effect {
                Effect::Ring(power) => Some(power),
                _ => None,
            })
            .collect()
    }

    /// Whether a ring of this power is worn.
    pub fn wears_ring(&self, power: RingPower) -> bool {
        self.ring_powers().contains(&power)
    }

    /// Charges left in the wand of `kind` in use (the first of a stack), if it is one.
    pub fn wand_charges(&self, kind: usize) -> Option<u32> {
        let item = self.campaign.loot_table().items().get(kind)?;
        if !matches!(item.effect, Effect::Strike(..) | Effect::DigDown) {
            return None;
        }
        let used = self
            .fight
            .wand_charges_used
            .get(&kind)
            .copied()
            .unwrap_or(0);
        Some(WAND_CHARGES.saturating_sub(used))
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
        let effect = |kind: Option<usize>| {
            kind.and_then(|k| self.campaign.loot_table().items().get(k))
                .map(|item| item.effect)
        };
        if let Some(Effect::Wield { attack, damage }) = effect(fight.weapon) {
            fighter.attack += attack;
            fighter.damage = damage;
        }
        if let Some(Effect::Armour(defence)) = effect(fight.armour) {
            fighter.defence += defence;
        }
        for power in self.ring_powers() {
            if let RingPower::Protection(defence) = power {
                fighter.defence += defence;
            }
        }
        fighter
    }

    /// Whether moves go astray this turn.
    pub fn confused(&self) -> bool {
        self.turns < self.fight.confused_until
    }

    /// A confused step: a direction from a stream of the run seed and the turn.
    pub(super) fn stagger(&self) -> (i32, i32) {
        let mut rng = StreamRng::new(
            mix64(self.campaign.seed ^ mix64(self.turns) ^ STAGGER_SALT),
            Stream::Combat,
        );
        crate::base::grid::KING[rng.below(8) as usize]
    }
}

/// Mixed into the seed of a teleport's stream.
const TELEPORT_SALT: u64 = 0x5445_4c45_504f_5254;
/// Mixed into the seed of a confused step's stream.
const STAGGER_SALT: u64 = 0x0053_5441_4747_4552;

/// Where a worn or wielded item goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Weapon,
    Armour,
    Ring,
}

impl Slot {
    /// (putting on, taking off).
    fn verbs(self) -> (&'static str, &'static str) {
        match self {
            Slot::Weapon => ("wield", "put away"),
            Slot::Armour => ("put on", "take off"),
            Slot::Ring => ("slip on", "remove"),
        }
    }
}
