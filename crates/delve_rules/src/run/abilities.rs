//! Monster abilities as rules of the run: each [`Ability`] of the monster table is
//! played here — shooting along a line of fire, blinking away, summoning, breathing,
//! stealing, flitting, hiding under water — and so is the noise of a fight that wakes
//! sleepers, and the sneak attack on one. (A shot at a swimmer may splash into the water:
//! [`deep_water`](super::deep_water).) Every draw comes from the level's monster
//! stream, seeded by the tick and the monster, so the same actions give the same run.

use super::items::with_kind_article;
use super::{Outcome, RunState, notice};
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::line::{clear_line, line, line_of_fire};
use delve_levels::loot::Item;
use delve_levels::monsters::{
    Ability, AttackRoll, Fighter, Mind, Monster, MonsterKind, Movement, roll_attack,
};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::schedule::Actor;

/// How far the noise of a fight carries, in tiles (Chebyshev): sleepers within it may
/// wake.
pub const FIGHT_NOISE: i32 = 7;
/// Chance, in percent, that one noise wakes a sleeper within its reach.
pub const NOISE_WAKE_PERCENT: u32 = 35;
/// A blow at a sleeper always lands and does this many times its damage.
pub const SNEAK_ATTACK_MULTIPLIER: u32 = 3;
/// The same with a quick blade (a dagger).
pub(crate) const QUICK_SNEAK_ATTACK_MULTIPLIER: u32 = 5;
/// Turns a caster rests after blinking: winded, it neither blinks nor shoots meanwhile.
pub const BLINK_RECHARGE: u64 = 6;
/// One move in this many of a flitting monster goes a random way.
pub const FLIT_ONE_IN: u32 = 3;

/// Salts of the per-purpose draws (mixed into the level seed with the tick and the id).
const NOISE_SALT: u64 = 0x4e4f_4953_4500_0000;
const FLIT_SALT: u64 = 0x464c_4954_0000_0000;
const STEAL_SALT: u64 = 0x5354_4541_4c00_0000;

impl RunState {
    /// A draw of the monster stream for `id`'s action now, for one `purpose`.
    fn monster_draw(&self, id: u32, purpose: u64) -> StreamRng {
        StreamRng::new(
            mix64(
                self.level.key.level_seed()
                    ^ mix64(self.fight.schedule.now() ^ purpose)
                    ^ u64::from(id),
            ),
            Stream::Monsters,
        )
    }

    /// Whether the player can see the monster: it stands in view, and is not hidden under
    /// deep water (see [`Ability::Submerges`]).
    pub(crate) fn shows_monster(&self, monster: &Monster) -> bool {
        self.level.in_view(monster.pos) && !self.is_submerged(monster)
    }

    /// Whether `monster` hides under deep water now.
    pub(super) fn is_submerged(&self, monster: &Monster) -> bool {
        !monster.surfaced
            && self.level.tile_at(monster.pos) == Some(Tile::DeepWater)
            && self
                .campaign
                .monster_table()
                .kind(monster.kind)
                .is_some_and(MonsterKind::submerges)
    }

    /// A noise at `at` carrying `reach` tiles: each sleeper within it wakes with
    /// [`NOISE_WAKE_PERCENT`] chance, and comes to see what it was.
    pub(super) fn make_noise(&mut self, at: Pos, reach: i32, out: &mut Vec<Outcome>) {
        let table = self.campaign.shared_monster_table();
        for index in 0..self.level.monsters.len() {
            let monster = self.level.monsters[index];
            if monster.mind != Mind::Asleep || monster.pos.chebyshev(at) > reach {
                continue;
            }
            if !self
                .monster_draw(monster.id, NOISE_SALT)
                .chance_percent(NOISE_WAKE_PERCENT)
            {
                continue;
            }
            let Some(kind) = table.kind(monster.kind) else {
                continue;
            };
            self.wake(index, kind, out);
            if let Mind::Hunting(_) = self.level.monsters[index].mind {
                self.level.monsters[index].mind = Mind::Hunting(at);
            }
        }
    }

    /// The monster at `index` uses an ability this turn if one fits (a shot, a breath,
    /// a summons, a blink); returns whether it did (its turn is spent).
    pub(super) fn use_ability(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        sees: bool,
        out: &mut Vec<Outcome>,
    ) -> bool {
        if !sees || matches!(self.level.monsters[index].mind, Mind::Asleep) {
            return false;
        }
        for ability in &kind.abilities {
            let monster = self.level.monsters[index];
            let distance = monster.pos.chebyshev(self.player);
            let rested = self.turns >= monster.recharged_at;
            // A blink leaves a caster winded: no shot until it has its breath back —
            // the melee player's answer to a pixie (it comes back to fight meanwhile).
            let winded = !rested && kind.has("Blink");
            let used = match ability {
                Ability::Summon { .. } if rested => self.summon(index, kind, ability, out),
                Ability::Breath {
                    range,
                    damage,
                    every,
                    what,
                } if rested && (2..=*range as i32).contains(&distance) => {
                    self.breathe(index, kind, *damage, *every, what, out)
                }
                Ability::Ranged {
                    range,
                    damage,
                    verb,
                } if !winded && (2..=*range as i32).contains(&distance) => {
                    self.shoot(index, kind, *damage, verb, out)
                }
                Ability::Blink { range } if rested && distance == 1 => {
                    self.blink(index, kind, *range as i32, out)
                }
                _ => false,
            };
            if used {
                return true;
            }
        }
        false
    }

    /// Whether nothing stands between `from` and the player (the player is the target)
    /// on one of the two lines between them ([`RunState::line_to_player`]): the player
    /// can shoot back along it.
    pub(super) fn clear_shot(&self, from: Pos) -> bool {
        self.line_to_player(from, |p| self.level.monster_at(p).is_none())
            .is_some()
    }

    /// The clear line of fire from `from` to the player, its tiles without `from` and
    /// with the player's: the line drawn from `from`, or the one drawn back from the
    /// player ([`clear_line`], the player's shots take the same two); `None` when a wall,
    /// or a tile where `open` fails, stands on both. (A replay of a format whose shots
    /// flew only along the line drawn from the shooter keeps to that one.)
    pub(super) fn line_to_player(
        &self,
        from: Pos,
        open: impl FnMut(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        let tiles = &self.level.level.tiles;
        if self.one_way_lines_of_fire() {
            return line_of_fire(tiles, from, self.player, open)
                .then(|| line(from, self.player).collect());
        }
        clear_line(tiles, from, self.player, open)
    }

    /// [`Ability::Ranged`]: a shot along a clear line of fire, rolled as an attack with
    /// the shot's damage.
    fn shoot(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        damage: (u32, u32),
        verb: &str,
        out: &mut Vec<Outcome>,
    ) -> bool {
        if !self.clear_shot(self.level.monsters[index].pos) {
            return false;
        }
        let shot = Fighter {
            attack: kind.attack,
            defence: kind.defence,
            damage,
        };
        let defence = self.player_fighter();
        let mut rng = self.fight.next_attack_rng(self.campaign.seed);
        out.push(Outcome::Disturbed);
        if self.swimmer_dodges(&mut rng) {
            out.push(notice(&format!(
                "The {} {verb}: it splashes into the water beside you.",
                kind.name
            )));
            return true;
        }
        match roll_attack(&shot, &defence, &mut rng) {
            AttackRoll::Miss => {
                out.push(notice(&format!("The {} {verb}: it misses you.", kind.name)))
            }
            AttackRoll::Hit(hurt) => {
                out.push(notice(&format!(
                    "The {} {verb}: it hits you ({hurt}).",
                    kind.name
                )));
                let cause = format!("killed by {}", with_kind_article(&kind.name));
                self.hurt_player(hurt, &cause, out);
            }
        }
        true
    }

    /// [`Ability::Breath`]: every creature on the line to the player (walls stop it, not
    /// creatures) takes a roll of the damage; monsters it kills die unthanked.
    fn breathe(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        damage: (u32, u32),
        every: u32,
        what: &str,
        out: &mut Vec<Outcome>,
    ) -> bool {
        let from = self.level.monsters[index].pos;
        let Some(path) = self.line_to_player(from, |_| true) else {
            return false;
        };
        self.level.monsters[index].recharged_at = self.turns + u64::from(every);
        out.push(Outcome::Disturbed);
        out.push(notice(&format!("The {} breathes {what}!", kind.name)));
        let table = self.campaign.shared_monster_table();
        let (least, most) = damage;
        for at in path {
            let mut rng = self.fight.next_attack_rng(self.campaign.seed);
            let hurt = least + rng.below(most - least + 1);
            if at == self.player {
                out.push(notice(&format!("The {what} burns you ({hurt}).")));
                let cause = format!("killed by {}", with_kind_article(&kind.name));
                self.hurt_player(hurt, &cause, out);
                if self.end().is_some() {
                    return true;
                }
            } else if let Some(struck) = self.level.monster_at(at) {
                let victim = self.level.monsters[struck];
                let Some(victim_kind) = table.kind(victim.kind) else {
                    continue;
                };
                if hurt >= victim.hp {
                    out.push(notice(&format!(
                        "The {} is caught in the {what} and dies.",
                        victim_kind.name
                    )));
                    self.remove_monster(struck, out);
                } else {
                    self.level.monsters[struck].hp -= hurt;
                }
            }
        }
        true
    }

    /// [`Ability::Summon`] (`summons`): its `count` monsters of its `kind` on free tiles
    /// next to the summoner (fewer if fewer are free), hunting the player, fading after
    /// `lasts` turns; the summoner rests `every` turns.
    fn summon(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        summons: &Ability,
        out: &mut Vec<Outcome>,
    ) -> bool {
        let &Ability::Summon {
            kind: ref called,
            count,
            every,
            lasts,
        } = summons
        else {
            return false;
        };
        let table = self.campaign.shared_monster_table();
        let Some(called_kind) = table.index_of(called) else {
            return false;
        };
        let Some(summoned) = table.kind(called_kind) else {
            return false;
        };
        let at = self.level.monsters[index].pos;
        let places: Vec<Pos> = self
            .free_around(at, summoned.moves)
            .into_iter()
            .take(count as usize)
            .collect();
        if places.is_empty() {
            return false;
        }
        self.level.monsters[index].recharged_at = self.turns + u64::from(every);
        for &pos in &places {
            let called = Monster {
                kind: called_kind,
                pos,
                hp: summoned.hp,
                mind: Mind::Hunting(self.player),
                fades_at: Some(self.turns + u64::from(lasts)),
                ..Default::default()
            };
            self.bring_onto_the_level(called, summoned.speed);
        }
        out.push(Outcome::Disturbed);
        let what = if places.len() == 1 {
            with_kind_article(&summoned.name)
        } else {
            format!("{} {}s", places.len(), summoned.name)
        };
        out.push(notice(&format!("The {} calls up {what}!", kind.name)));
        true
    }

    /// [`Ability::Blink`]: to the tile within `range`, on a clear line from where it
    /// stands, farthest from the player (ties: row order).
    fn blink(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        range: i32,
        out: &mut Vec<Outcome>,
    ) -> bool {
        let from = self.level.monsters[index].pos;
        let mut best: Option<(i32, Pos)> = None;
        for dy in -range..=range {
            for dx in -range..=range {
                let to = from.offset(dx, dy);
                if !self.free(to, kind.moves) {
                    continue;
                }
                let away = to.chebyshev(self.player);
                if away <= 2 || best.is_some_and(|(b, _)| b >= away) {
                    continue;
                }
                if line_of_fire(&self.level.level.tiles, from, to, |p| {
                    p != self.player && self.level.monster_at(p).is_none()
                }) {
                    best = Some((away, to));
                }
            }
        }
        let Some((_, to)) = best else {
            return false;
        };
        let seen = self.level.in_view(from);
        self.level.monsters[index].pos = to;
        self.level.monsters[index].recharged_at = self.turns + BLINK_RECHARGE;
        if seen {
            out.push(notice(&format!("The {} blinks away.", kind.name)));
        }
        true
    }

    /// The tiles around `at` (in [`KING`] order) where a mover that `moves` so could
    /// stand and nobody stands.
    pub(super) fn free_around(&self, at: Pos, moves: Movement) -> Vec<Pos> {
        KING.iter()
            .map(|&(dx, dy)| at.offset(dx, dy))
            .filter(|&p| self.free(p, moves))
            .collect()
    }

    /// [`Ability::Flits`]: whether this move of monster `id` goes a random way.
    pub(super) fn flits_now(&self, id: u32) -> bool {
        self.monster_draw(id, FLIT_SALT).below(FLIT_ONE_IN) == 0
    }

    /// A flitting monster's random step: to one of the free tiles around it, if any.
    pub(super) fn flit(&mut self, index: usize, kind: &MonsterKind) {
        let monster = self.level.monsters[index];
        let free = self.free_around(monster.pos, kind.moves);
        if free.is_empty() {
            return;
        }
        let pick = self
            .monster_draw(monster.id, FLIT_SALT ^ 1)
            .below(free.len() as u32);
        self.level.monsters[index].pos = free[pick as usize];
        self.monster_opens(free[pick as usize]);
    }

    /// [`Ability::Steals`]: after a hit, the thief at `index` takes one item of the pack
    /// (not one worn or wielded) and runs.
    pub(super) fn steal(&mut self, index: usize, kind: &MonsterKind, out: &mut Vec<Outcome>) {
        if self.level.monsters[index].carries.is_some() {
            return;
        }
        let loose: Vec<Item> = self
            .inventory
            .iter()
            .copied()
            .filter(|&i| self.slot_holding(i).is_none())
            .collect();
        if loose.is_empty() {
            return;
        }
        let id = self.level.monsters[index].id;
        let taken = loose[self.monster_draw(id, STEAL_SALT).below(loose.len() as u32) as usize];
        let name = self.knowledge().item_name(taken);
        self.part_with(taken);
        self.level.monsters[index].carries = Some(taken);
        out.push(notice(&format!(
            "The {} snatches your {name} and runs!",
            kind.name
        )));
    }

    /// Takes the monster at `index` off the level and the schedule; what it carried
    /// falls where it was (or on the nearest tile that holds an item).
    pub(super) fn remove_monster(&mut self, index: usize, out: &mut Vec<Outcome>) {
        let monster = self.level.monsters.remove(index);
        self.fight.schedule.remove(Actor::Monster(monster.id));
        if let Some(item) = monster.carries {
            let at = self.level.nearest_drop_tile(monster.pos);
            if let Some(at) = at {
                self.level.put_item(at, item);
                let name = self.knowledge().item_name(item);
                out.push(notice(&format!("It drops {}.", super::with_article(&name))));
            }
        }
    }

    /// A summoned monster whose time is up fades away (said when in view); returns
    /// whether the monster at `index` is gone.
    pub(super) fn fade_if_due(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        out: &mut Vec<Outcome>,
    ) -> bool {
        let monster = self.level.monsters[index];
        if monster.fades_at.is_none_or(|at| self.turns < at) {
            return false;
        }
        if self.shows_monster(&monster) {
            out.push(notice(&format!("The {} fades away.", kind.name)));
        }
        self.remove_monster(index, out);
        true
    }

    /// The player takes `hurt` damage; at 0 hit points they die of `cause` (with the
    /// depth added).
    pub(super) fn hurt_player(&mut self, hurt: u32, cause: &str, out: &mut Vec<Outcome>) {
        self.fight.hp = self.fight.hp.saturating_sub(hurt);
        if self.fight.hp == 0 {
            let cause = format!("{cause} on depth {}", self.depth);
            self.die(&cause, out);
        }
    }
}
