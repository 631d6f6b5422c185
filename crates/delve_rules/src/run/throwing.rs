//! Aiming and throwing: where a wand's bolt or a thrown thing goes. Both fly along the
//! line of fire ([`delve_levels::line`]) from the player: a bolt to the first creature
//! within [`BOLT_RANGE`], a throw to the tile aimed at (at most [`THROW_RANGE`] away)
//! unless a wall or a creature stops it first. A thrown weapon hits with the player's
//! aim and lies where it lands; a potion shatters (incineration bursts into flames);
//! anything else thrown hits for 1–3 and lies where it lands.

use super::fight::Harm;
use super::items::with_article;
use super::use_item::Spent;
use super::{Outcome, RunState, SNEAK_ATTACK_MULTIPLIER, notice};
use delve_levels::grid::Pos;
use delve_levels::line::line;
use delve_levels::loot::Effect;
use delve_levels::monsters::{Mind, Monster};

/// How far a wand's bolt flies.
pub const BOLT_RANGE: i32 = 10;
/// How far a thing can be thrown.
pub const THROW_RANGE: i32 = 8;
/// What a thrown weapon adds to the player's aim.
pub const THROWN_WEAPON_AIM: u32 = 2;
/// The damage of anything thrown that is not a thrown weapon.
pub const THROWN_THING_DAMAGE: (u32, u32) = (1, 3);

/// Where an item is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// At the nearest monster in view (a plain `a`, and bots).
    Nearest,
    /// At this tile (the aiming cursor).
    At(Pos),
    /// On the item under this inventory letter (0 = `a`).
    On(u8),
}

/// Where a flight stops.
struct Flight {
    /// The last tile it reached (where a thrown thing lands).
    end: Pos,
    /// The monster (its index) it struck there, if any.
    struck: Option<usize>,
}

impl RunState {
    /// The tile `aim` points at: the tile itself, or the nearest monster in view.
    pub(super) fn aim_point(&self, aim: Aim) -> Option<Pos> {
        match aim {
            Aim::At(at) if at != self.player => Some(at),
            Aim::At(_) | Aim::On(_) => None,
            Aim::Nearest => self
                .seen_foes()
                .first()
                .map(|&index| self.level.monsters[index].pos),
        }
    }

    /// The monsters the player can aim at, nearest first (as the cursor offers them).
    pub fn targets(&self) -> Vec<Pos> {
        self.seen_foes()
            .into_iter()
            .map(|index| self.level.monsters[index].pos)
            .collect()
    }

    /// A flight from the player toward `toward`, at most `range` tiles, going on past
    /// it when `past` (a bolt): it stops before a tile that blocks sight, or on the
    /// first tile a creature stands on.
    fn fly(&self, toward: Pos, range: i32, past: bool) -> Flight {
        let from = self.player;
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        let steps = dx.abs().max(dy.abs()).max(1);
        // Past the target: the same line drawn out to the full range.
        let scale = if past { (range + steps - 1) / steps } else { 1 };
        let far = Pos::new(from.x + dx * scale, from.y + dy * scale);
        let mut end = from;
        for at in line(from, far).take(range as usize) {
            if self.level.tile_at(at).is_none_or(|t| t.blocks_sight()) {
                break;
            }
            end = at;
            if let Some(index) = self.level.monster_at(at) {
                return Flight {
                    end,
                    struck: Some(index),
                };
            }
        }
        Flight { end, struck: None }
    }

    /// The monster a bolt aimed at `toward` strikes, if any.
    pub(super) fn bolt_hits(&self, toward: Pos, range: i32) -> Option<usize> {
        self.fly(toward, range, true).struck
    }

    /// `t`: throws one item under letter `slot` toward `at` (a turn). A worn cursed ring
    /// and the armour worn stay; a wielded weapon is thrown from the hand.
    pub(super) fn throw_item(&mut self, slot: u8, at: Pos, out: &mut Vec<Outcome>) {
        let Some(kind) = self.item_to_handle(slot, out) else {
            return;
        };
        if at == self.player {
            out.push(notice("Aim at another tile to throw."));
            return;
        }
        let table = self.campaign.shared_loot_table();
        let Some(item) = table.items().get(kind) else {
            return;
        };
        let last_one = self.inventory.iter().filter(|&&k| k == kind).count() == 1;
        let worn = last_one.then(|| self.slot_holding(kind)).flatten();
        if worn == Some(super::use_item::Slot::Armour) {
            out.push(notice("Take the armour off first (a, then its letter)."));
            return;
        }
        if worn.is_some() && self.is_cursed(kind) {
            out.push(super::use_item::will_not_come_off(
                &self.knowledge().name(kind),
            ));
            return;
        }
        let name = self.knowledge().plain_name(kind);
        let flight = self.fly(at, THROW_RANGE, false);
        self.use_up(kind);
        out.push(notice(&format!("You throw {}.", with_article(&name))));
        let potion = item.appearance_class.as_deref() == Some("potion");
        if let Some(index) = flight.struck {
            let monster = self.level.monsters[index];
            if self.shows_monster(&monster) || !potion {
                self.missile_strikes(index, &monster, kind, &name, out);
            }
        }
        if self.end().is_none() {
            if potion {
                self.shatter(kind, &name, flight.end, out);
            } else {
                self.land(kind, &name, flight.end, out);
            }
        }
        if self.end().is_none() {
            self.make_noise(flight.end, super::abilities::FIGHT_NOISE, out);
            self.pass_turn(out);
        }
    }

    /// A thrown item of `kind` strikes the monster at `index`: a thrown weapon with the
    /// player's aim and its own damage (and its enchantments), anything else for
    /// [`THROWN_THING_DAMAGE`]; a sleeper is taken unawares. A potion only breaks on it.
    fn missile_strikes(
        &mut self,
        index: usize,
        monster: &Monster,
        kind: usize,
        name: &str,
        out: &mut Vec<Outcome>,
    ) {
        let table = self.campaign.shared_loot_table();
        if table.items()[kind].appearance_class.as_deref() == Some("potion") {
            return;
        }
        let mut missile = self.player_fighter();
        missile.damage = match table.items()[kind].effect {
            Effect::Thrown(least, most) => {
                let plus = self.fight.enchantment(kind);
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

    /// A thrown thing comes down at `at` (or the nearest tile that can hold it; lost
    /// where none is near).
    fn land(&mut self, kind: usize, name: &str, at: Pos, out: &mut Vec<Outcome>) {
        match self.level.nearest_drop_tile(at) {
            Some(spot) => {
                self.level.put_item(spot, kind);
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

    /// The wand of `wand` (malevolent) makes a second of the creature its bolt strikes,
    /// beside it; a charge either way.
    pub(super) fn zap_plenty(&mut self, wand: usize, aim: Aim, out: &mut Vec<Outcome>) -> Spent {
        let struck = self
            .aim_point(aim)
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
}
