//! Using what one carries (`a`, then the inventory letter): drinking, eating, reading,
//! zapping, wielding, wearing and putting on, each by the effect the loot table gives
//! the item. Using an item identifies its kind when the effect shows what it was.
//! Random choices (where a teleport lands) come from streams derived from the run
//! seed and the turn, so a save needs no generator state.

use super::items::with_article;
use super::throwing::{Aim, BOLT_RANGE};
use super::{Outcome, RunState, notice};
use delve_levels::grid::{Pos, Tile};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::loot::{Effect, RingPower};
use delve_levels::monsters::Fighter;

/// How a used item leaves the inventory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spent {
    /// One of the kind is used up.
    One,
    /// It stays (worn, wielded, a wand with charges left).
    Kept,
    /// It could not be used; no turn passes.
    Refused,
}

impl RunState {
    /// The kind under letter `slot` to use or throw, or why not (items do nothing in a
    /// peaceful run; nothing under that letter), told.
    pub(super) fn item_to_handle(&self, slot: u8, out: &mut Vec<Outcome>) -> Option<usize> {
        if !self.rules.items_work() {
            out.push(notice("Items do nothing in a peaceful run."));
            return None;
        }
        let kind = self.kind_under_letter(slot);
        if kind.is_none() {
            out.push(notice("You carry nothing under that letter."));
        }
        kind
    }

    /// Uses one item under inventory letter `slot` (0 = `a`), aimed by `aim` where it
    /// needs a target (a wand's bolt, a thrown weapon, the item a scroll acts on).
    pub(super) fn use_item(&mut self, slot: u8, aim: Aim, out: &mut Vec<Outcome>) {
        let Some(kind) = self.item_to_handle(slot, out) else {
            return;
        };
        let table = self.campaign.shared_loot_table();
        let Some(item) = table.items().get(kind) else {
            return;
        };
        if let Effect::Thrown(..) = item.effect {
            // A thrown weapon is used by throwing it.
            match self.aim_point(aim) {
                Some(at) => self.throw_item(slot, at, out),
                None => out.push(notice(
                    "There is nothing in view to throw it at: t, its letter, then aim at a tile.",
                )),
            }
            return;
        }
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
            Effect::Strike(least, most) => self.zap_striking(kind, (least, most), aim, out),
            Effect::Plenty => self.zap_plenty(kind, aim, out),
            Effect::DigDown => self.zap_digging(kind, out),
            Effect::Wield { .. } => self.toggle_equipment(kind, Slot::Weapon, &plain, out),
            Effect::Armour(_) | Effect::HeavyArmour(_) => {
                self.toggle_equipment(kind, Slot::Armour, &plain, out)
            }
            Effect::Ring(_) => self.toggle_equipment(kind, Slot::Ring, &plain, out),
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
        if taken_off.is_some() && self.is_cursed(kind) {
            out.push(will_not_come_off(&name));
            return;
        }
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

    /// A scroll of identify: names the item chosen (`Aim::On`), or — read unknowing, or
    /// with nothing chosen — the first unknown item carried.
    fn read_identify(&mut self, scroll: usize, aim: Aim, out: &mut Vec<Outcome>) -> Spent {
        let chosen = match aim {
            Aim::On(other) => match self.kind_under_letter(other) {
                Some(kind) if kind == scroll => {
                    out.push(notice("Read it on something else you carry."));
                    return Spent::Refused;
                }
                Some(kind) if self.knowledge().knows(kind) => {
                    out.push(notice("You know what that is already."));
                    return Spent::Refused;
                }
                Some(kind) => Some(kind),
                None => {
                    out.push(notice("You carry nothing under that letter."));
                    return Spent::Refused;
                }
            },
            _ => None,
        };
        self.identify(scroll, "by reading it");
        let knowledge = self.knowledge();
        let unknown = chosen.or_else(|| {
            self.lettered_inventory()
                .into_iter()
                .map(|l| l.kind)
                .find(|&kind| !knowledge.knows(kind))
        });
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

    fn zap_striking(
        &mut self,
        wand: usize,
        damage: (u32, u32),
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let target = self
            .aim_point(aim)
            .and_then(|at| self.bolt_hits(at, BOLT_RANGE));
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
            None => out.push(notice("The wand fizzes; its bolt strikes nothing.")),
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

    /// Uses a charge of a wand of kind `wand`; the last charge uses the wand up (and its
    /// enchantments with it).
    pub(super) fn spend_charge(&mut self, wand: usize) -> Spent {
        let charges = self.fight.charges_of(wand);
        let fight = &mut self.fight;
        let used = fight.wand_charges_used.entry(wand).or_insert(0);
        *used += 1;
        if *used >= charges {
            fight.enchantments.remove(&wand);
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
        let cursed = self.is_cursed(kind);
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
        if *held == Some(kind) && cursed {
            out.push(will_not_come_off(&name));
            return Spent::Refused;
        }
        if *held == Some(kind) {
            *held = None;
            out.push(notice(&format!("You {off} {}.", with_article(name))));
        } else {
            *held = Some(kind);
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

    /// Marks `kind` identified (`how`, for the chronicle: "by using it").
    pub(super) fn identify(&mut self, kind: usize, how: &str) {
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
        if !item.effect.is_wand() {
            return None;
        }
        let used = self
            .fight
            .wand_charges_used
            .get(&kind)
            .copied()
            .unwrap_or(0);
        Some(self.fight.charges_of(kind).saturating_sub(used))
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
            self.fight.armour.and_then(|k| table.effect(k)),
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
        let effect = |kind: Option<usize>| kind.and_then(|k| self.campaign.loot_table().effect(k));
        if let Some(weapon) = fight.weapon
            && let Some(Effect::Wield { attack, damage, .. }) = effect(Some(weapon))
        {
            let plus = fight.enchantment(weapon);
            fighter.attack += attack + plus;
            fighter.damage = (damage.0 + plus, damage.1 + plus);
        }
        if let Some(armour) = fight.armour
            && let Some(Effect::Armour(defence) | Effect::HeavyArmour(defence)) =
                effect(Some(armour))
        {
            fighter.defence += defence + fight.enchantment(armour);
        }
        let mut clumsiness = 0;
        for ring in fight.rings() {
            let plus = fight.enchantment(ring);
            match effect(Some(ring)) {
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
        delve_levels::grid::KING[rng.below(8) as usize]
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

/// What the player is told on trying to take off or drop the cursed `name` in use.
pub(super) fn will_not_come_off(name: &str) -> Outcome {
    notice(&format!(
        "The {name} will not come off: it is cursed. (A scroll of remove curse, or enchanting it, lifts the curse.)"
    ))
}
