//! The fight's state: the player's hit points, experience, kills, purse and end, what
//! they wield, wear and know, and the turn schedule. What monsters do on their turns is
//! [`super::monster_turns`]; blows both ways are [`super::combat`].
//!
//! A peaceful run (no monsters) keeps a [`Fight`] that its rules never change (see
//! [`Rules`](super::Rules)), and plays exactly as runs did before monsters existed —
//! which is how older saves and recordings play.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use delve_levels::loot::Item;
use delve_levels::monsters::{Fighter, Monster, MonsterTable};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::schedule::{Actor, NORMAL_TICKS, Scheduler};

/// The player's hit points at the start of a run.
pub const PLAYER_HP: u32 = 30;
/// The player's fighting numbers (before armour and rings).
pub const PLAYER_FIGHTER: Fighter = Fighter {
    attack: 4,
    defence: 2,
    damage: (2, 6),
};
/// Allies heal one hit point every this many turns.
pub const REGENERATION_TURNS: u64 = 9;
/// The turns the player takes to heal from nothing to the start's 30 hit points; more
/// hit points take longer, by the square root of how many more
/// ([`turns_to_heal_fully`]).
pub const FULL_REGENERATION_TURNS: u64 = 270;
/// ... and with a ring of regeneration (three times as fast).
pub const FULL_REGENERATION_TURNS_WITH_RING: u64 = 90;

/// The turns the player takes to heal from nothing to `most` hit points (with a ring
/// of regeneration when `ring`): [`FULL_REGENERATION_TURNS`] × √(most / 30). Healing
/// speeds up with the most hit points (one every 9 turns at the start's 30, every 6.4 at
/// 60, every 4.5 at 120), as Brogue's does, so a rest after one fight is a choice and
/// not a losing trade against the monsters that arrive meanwhile — but by less than the
/// hit points grow, so a deep character's rest still takes its time.
pub fn turns_to_heal_fully(most: u32, ring: bool) -> u64 {
    let base = if ring {
        FULL_REGENERATION_TURNS_WITH_RING
    } else {
        FULL_REGENERATION_TURNS
    };
    // 256 × √(most / 30), in whole numbers.
    let root = (u64::from(most.max(1)) * 65_536 / u64::from(PLAYER_HP)).isqrt();
    (base * root / 256).max(1)
}

/// The hit points a player with `most` hit points heals on turn `turn` when hurt (0 or
/// 1, mostly; more only past `full` hit points a turn): the whole `most` is healed over
/// `full` turns, spread evenly, read off the turn alone.
pub const fn healed_on_turn(turn: u64, most: u32, full: u64) -> u32 {
    let most = most as u64;
    (turn * most / full - turn.saturating_sub(1) * most / full) as u32
}
/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunEnd {
    /// The player took the final depth's down stairs (opened by its rune, found).
    Won,
    /// The player died.
    Died {
        /// What killed them, and where ("killed by a jackal on depth 2").
        cause: String,
    },
}

/// The fight side of a run with monsters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fight {
    /// Hit points left.
    pub hp: u32,
    /// The most hit points.
    pub max_hp: u32,
    /// Monsters killed.
    pub kills: u32,
    /// How the run ended, once it has.
    pub end: Option<RunEnd>,
    /// Who acts next on this level.
    pub schedule: Scheduler,
    /// Attacks rolled so far: the next attack's draws come from the combat stream
    /// seeded with this count, so a save needs no generator state.
    pub attacks: u64,
    /// Item kinds identified by using one, sorted.
    pub identified: Vec<usize>,
    /// Moves go astray until this turn.
    pub confused_until: u64,
    /// The weapon wielded, if any.
    pub weapon: Option<Item>,
    /// The armour worn, if any.
    pub armour: Option<Item>,
    /// The ring worn, if any.
    pub ring: Option<Item>,
    /// Charges used of the wand in use of each stack of wands (a wand holds
    /// [`WAND_CHARGES`] and one per enchantment; the last one uses it up).
    pub wand_charges_used: BTreeMap<Item, u32>,
    /// Experience: the hit points of every monster killed, summed.
    #[serde(default)]
    pub xp: u32,
    /// Experience level (1 at the start; see [`xp_for_level`]).
    #[serde(default = "first_level")]
    pub level: u32,
    /// The second ring worn, if any (a ring on each hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_ring: Option<Item>,
    /// The gold found: gold is counted here, not carried as an item (the purse is this
    /// less [`Fight::gold_spent`]; the score counts all of it, so buying costs no points).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
    /// The gold spent on things for sale (never more than [`Fight::gold`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold_spent: u32,
    /// The inventory letter of each stack carried (a letter stays with its stack until
    /// the last of it is gone).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub letters: BTreeMap<char, Item>,
    /// The letter each stack had when the last of it went away (thrown, dropped,
    /// stolen, or — from recording format 10 — used up): it gets that letter back when
    /// it comes back and the letter is free, as DCSS keeps an item's letter; a new kind
    /// takes a letter no stack has or had while there is one.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub former_letters: BTreeMap<Item, char>,
    /// The depths whose must-find item the player has found, sorted: a depth's down
    /// stairs open only once its item is found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<u32>,
    /// A designer's tool (regenerating, switching generators, changing walls, watching
    /// the automaton) was used in this run.
    #[serde(default, skip_serializing_if = "is_false")]
    pub designer: bool,
    /// Saves made before enchantments belonged to items kept them by kind here (every
    /// one of the kind carried them): loading such a save moves them onto the items of
    /// the kind ([`Item::plus`]), and this stays empty after.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enchantments: BTreeMap<usize, u32>,
    /// Cursed kinds whose curse has been lifted, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uncursed: Vec<usize>,
    /// Turns of food left in the stomach (see [`super::hunger`]). A save from before
    /// hunger goes on with a full stomach.
    #[serde(default = "full_stomach")]
    pub food: u32,
    /// Meals laid on the levels visited so far: the food their loot held, and the
    /// larder's rations ([`super::hunger::LARDER_PACE`]). Absent in saves from before
    /// hunger (0: such a run is owed food, and gets it as it goes on).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub meals_laid: u32,
}

fn full_stomach() -> u32 {
    super::hunger::STOMACH
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn first_level() -> u32 {
    1
}

/// The experience that reaches `level`: 10 × (level − 1)², so 10 for level 2, 40 for
/// 3, 90 for 4 — a few rats, then ever tougher kills.
pub const fn xp_for_level(level: u32) -> u32 {
    10 * (level - 1) * (level - 1)
}

/// Hit points gained per experience level.
pub const HP_PER_LEVEL: u32 = 6;
/// The highest experience level.
pub const MAX_LEVEL: u32 = 30;

/// Zaps in one wand.
pub const WAND_CHARGES: u32 = 4;

/// The most enchantments one item can hold (the scroll does nothing more to it).
pub const MOST_ENCHANTMENTS: u32 = 99;

impl Fight {
    /// A fresh fight: full hit points, nobody scheduled.
    pub fn new() -> Fight {
        Fight {
            hp: PLAYER_HP,
            max_hp: PLAYER_HP,
            kills: 0,
            end: None,
            schedule: Scheduler::new(),
            attacks: 0,
            identified: Vec::new(),
            confused_until: 0,
            weapon: None,
            armour: None,
            ring: None,
            wand_charges_used: BTreeMap::new(),
            xp: 0,
            level: 1,
            second_ring: None,
            gold: 0,
            gold_spent: 0,
            letters: BTreeMap::new(),
            former_letters: BTreeMap::new(),
            found: Vec::new(),
            designer: false,
            enchantments: BTreeMap::new(),
            uncursed: Vec::new(),
            food: full_stomach(),
            meals_laid: 0,
        }
    }

    /// The charges a full `wand` holds: [`WAND_CHARGES`] and one per enchantment.
    pub(crate) fn charges_of(wand: Item) -> u32 {
        WAND_CHARGES.saturating_add(wand.plus)
    }

    /// The curse of `kind` is lifted (kept sorted).
    pub(super) fn lift_curse(&mut self, kind: usize) {
        if let Err(at) = self.uncursed.binary_search(&kind) {
            self.uncursed.insert(at, kind);
        }
    }

    /// What the weapon, armour and ring slots hold, to change it: one list of the
    /// slots for every rule that looks in all of them.
    pub(crate) fn slots_mut(&mut self) -> [&mut Option<Item>; 4] {
        [
            &mut self.weapon,
            &mut self.armour,
            &mut self.ring,
            &mut self.second_ring,
        ]
    }

    /// The rings worn (none, one or two).
    pub fn rings(&self) -> impl Iterator<Item = Item> {
        self.ring.into_iter().chain(self.second_ring)
    }

    /// Whether this depth's must-find item has been found.
    pub fn has_found(&self, depth: u32) -> bool {
        self.found.binary_search(&depth).is_ok()
    }

    /// Marks this depth's must-find item found.
    pub fn mark_found(&mut self, depth: u32) {
        if let Err(at) = self.found.binary_search(&depth) {
            self.found.insert(at, depth);
        }
    }

    /// Gains `xp` experience; each level reached adds hit points (to the most and to
    /// the present), and the level's attack and defence (see
    /// [`RunState::player_fighter`]). Returns the levels reached.
    pub fn gain_xp(&mut self, xp: u32) -> Vec<u32> {
        self.xp = self.xp.saturating_add(xp);
        let mut reached = Vec::new();
        while self.level < MAX_LEVEL && self.xp >= xp_for_level(self.level + 1) {
            self.level += 1;
            self.max_hp = self.max_hp.saturating_add(HP_PER_LEVEL);
            self.hp = self.hp.saturating_add(HP_PER_LEVEL);
            reached.push(self.level);
        }
        reached
    }

    /// The combat stream of the next attack.
    pub(super) fn next_attack_rng(&mut self, run_seed: u64) -> StreamRng {
        let rng = StreamRng::new(mix64(run_seed ^ mix64(self.attacks)), Stream::Combat);
        // Wrapping: a count no run reaches (a save counting more is refused, in
        // `save::checks`)
        // never stops a fight.
        self.attacks = self.attacks.wrapping_add(1);
        rng
    }

    /// Puts the player and `monsters` on a new level's schedule: the player first, each
    /// monster a full action of its own later (nobody strikes an arriving player first).
    pub(crate) fn schedule_level(&mut self, monsters: &[Monster], table: &MonsterTable) {
        self.schedule = Scheduler::new();
        self.schedule.add(Actor::Player, 0);
        for monster in monsters {
            let ticks = table
                .kind(monster.kind)
                .map_or(NORMAL_TICKS, |k| k.speed.ticks());
            self.schedule.add(Actor::Monster(monster.id), ticks);
        }
    }
}

impl Default for Fight {
    fn default() -> Self {
        Fight::new()
    }
}
