//! Allies, in Brogue's one simple form: a captive lies shackled on the level; the player
//! walking into it sets it free, and from then on it follows them on the same Dijkstra
//! maps the monsters hunt by, fights the monsters near them (and they fight it back),
//! trades places when the player walks into it, and comes along down and up the stairs.

use super::messages::capitalised;
use super::monster_turns::{Plan, movement_of};
use super::{Outcome, RunState, notice};
use crate::run::FIGHT_NOISE;
use delve_levels::grid::{KING, Pos};
use delve_levels::monsters::combat::{AttackRoll, roll_attack};
use delve_levels::monsters::{Mind, Monster, MonsterKind};

/// An ally farther than this from the player (Chebyshev) walks back toward them.
pub const ALLY_KEEPS_WITHIN: i32 = 2;

/// An ally goes for a monster it sees only while it is within this many tiles of the
/// player: it never runs off after one across the level.
pub const ALLY_LEASH: i32 = 7;

/// Allies within this many tiles of the player, in view, come along when the player
/// takes the stairs (a fall leaves them behind).
pub const ALLY_FOLLOWS_WITHIN: i32 = 3;

impl RunState {
    /// The player walks into the captive at `index`: it is set free and joins them (a
    /// turn).
    pub(super) fn free_captive(&mut self, index: usize, out: &mut Vec<Outcome>) {
        self.level.monsters[index].mind = Mind::Ally;
        let name = self.monster_name(index);
        out.push(notice(&format!(
            "You unshackle the {name}: it will fight at your side."
        )));
        self.note(super::NoteKind::Freed, format!("Freed a captive {name}."));
        self.pass_turn(out);
    }

    /// The player walks into the ally at `index`: the two trade places, where each can
    /// stand on the other's tile (a turn, a step like any other); otherwise it is in
    /// the way (no turn).
    pub(super) fn swap_with_ally(&mut self, index: usize, out: &mut Vec<Outcome>) {
        let (from, to) = (self.player, self.level.monsters[index].pos);
        let moves = movement_of(&self.level.monsters[index], self.campaign.monster_table());
        let player_can = self.level.level.tiles.is_walkable(to);
        let ally_can = self.level.tile_at(from).is_some_and(|t| moves.can_be_on(t));
        let name = self.monster_name(index);
        if !player_can || !ally_can {
            out.push(notice(&format!("Your {name} is in the way.")));
            return;
        }
        self.level.monsters[index].pos = from;
        self.player = to;
        self.level.look_from(to);
        // Told by the step alone (travel and explore go on through an ally).
        out.push(Outcome::Moved { from, to });
        self.pass_turn(out);
    }

    /// The ally at `index`, of `kind`, takes its turn: it strikes a monster next to it;
    /// else, within [`ALLY_LEASH`] of the player, it goes for the nearest monster it
    /// sees; else it keeps within [`ALLY_KEEPS_WITHIN`] of the player (on the map toward
    /// the player that the monsters hunting them share).
    pub(super) fn ally_turn(&mut self, index: usize, kind: &MonsterKind, out: &mut Vec<Outcome>) {
        let me = self.level.monsters[index];
        if let Some(foe) = self.next_to(me.pos, Mind::is_hostile) {
            self.monster_strikes_monster(index, foe, out);
            return;
        }
        let from_player = me.pos.chebyshev(self.player);
        if from_player <= ALLY_LEASH
            && let Some(foe) = self.nearest_foe_seen_by(&me, kind)
        {
            let goal = self.level.monsters[foe].pos;
            self.step_toward(index, goal);
            return;
        }
        if from_player > ALLY_KEEPS_WITHIN {
            self.step_toward(index, self.player);
        }
    }

    /// The nearest monster of the index `wanted` allows standing next to `at` (the
    /// king's eight), the first in the level's order on a tie.
    pub(super) fn next_to(&self, at: Pos, wanted: impl Fn(Mind) -> bool) -> Option<usize> {
        KING.iter()
            .filter_map(|&(dx, dy)| self.level.monster_at(at.offset(dx, dy)))
            .filter(|&i| wanted(self.level.monsters[i].mind))
            .min()
    }

    /// The nearest hostile monster `ally` (of `kind`) sees: within its sight and in the
    /// player's view (the player's eyes answer for their ally's, as for the monsters').
    fn nearest_foe_seen_by(&self, ally: &Monster, kind: &MonsterKind) -> Option<usize> {
        self.level
            .monsters
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m.mind.is_hostile()
                    && m.pos.chebyshev(ally.pos) <= kind.sight as i32
                    && self.shows_monster(m)
            })
            .min_by_key(|(i, m)| (m.pos.chebyshev(ally.pos), *i))
            .map(|(i, _)| i)
    }

    /// The monster at `attacker` strikes the one at `target` (an ally and a hostile one,
    /// either way round): a roll from the combat stream, told when either is in view; a
    /// sleeper struck wakes; a kill takes the dead off the level (no experience for the
    /// player); the fight is a noise.
    pub(super) fn monster_strikes_monster(
        &mut self,
        attacker: usize,
        target: usize,
        out: &mut Vec<Outcome>,
    ) {
        let table = self.campaign.shared_monster_table();
        let (a, t) = (self.level.monsters[attacker], self.level.monsters[target]);
        let (Some(a_kind), Some(t_kind)) = (table.kind(a.kind), table.kind(t.kind)) else {
            return;
        };
        let seen = self.shows_monster(&a) || self.shows_monster(&t);
        let name = |m: &Monster, kind: &MonsterKind| match m.mind {
            Mind::Ally => format!("your {}", kind.name),
            _ => format!("the {}", kind.name),
        };
        let (a_name, t_name) = (name(&a, a_kind), name(&t, t_kind));
        let seed = self.campaign.seed;
        let mut rng = self.fight.next_attack_rng(seed);
        self.level.monsters[attacker].surfaced = true;
        if t.mind == Mind::Asleep {
            self.wake(target, t_kind, out);
        }
        let told = match roll_attack(&a_kind.fighter(), &t_kind.fighter(), &mut rng) {
            AttackRoll::Miss => format!("{} misses {t_name}.", capitalised(&a_name)),
            AttackRoll::Hit(damage) if damage >= t.hp => {
                self.remove_monster(target, out);
                format!("{} kills {t_name}!", capitalised(&a_name))
            }
            AttackRoll::Hit(damage) => {
                self.level.monsters[target].hp -= damage;
                format!("{} hits {t_name} ({damage}).", capitalised(&a_name))
            }
        };
        if seen {
            if t.mind == Mind::Ally {
                out.push(Outcome::Disturbed);
            }
            out.push(notice(&told));
        }
        self.make_noise(a.pos, FIGHT_NOISE, out);
    }

    /// What a hostile monster at `monster` does about an ally next to it, when the
    /// player is not next to it: it strikes the ally.
    pub(super) fn strike_an_ally_next_to(&self, monster: &Monster) -> Option<Plan> {
        if monster.mind == Mind::Asleep || monster.pos.chebyshev(self.player) <= 1 {
            return None;
        }
        // One pass over the level's monsters (no tile lookups: every hostile monster
        // asks this every turn, and most levels hold no ally).
        (self.level.monsters.iter())
            .position(|m| m.mind == Mind::Ally && m.pos.chebyshev(monster.pos) == 1)
            .map(Plan::StrikeAlly)
    }

    /// Allies heal as the player does: a hit point on the player's schedule.
    pub(super) fn allies_heal(&mut self) {
        let table = self.campaign.shared_monster_table();
        for monster in &mut self.level.monsters {
            if monster.mind == Mind::Ally
                && let Some(kind) = table.kind(monster.kind)
                && monster.hp < kind.hp
            {
                monster.hp += 1;
            }
        }
    }

    /// Taking the stairs: the allies within [`ALLY_FOLLOWS_WITHIN`] of the player, in
    /// view, leave the level with them (nearest first).
    pub(super) fn allies_who_follow(&mut self) -> Vec<Monster> {
        let player = self.player;
        let mut followers: Vec<Monster> = Vec::new();
        let mut stay = Vec::with_capacity(self.level.monsters.len());
        for monster in std::mem::take(&mut self.level.monsters) {
            let follows = monster.mind == Mind::Ally
                && monster.pos.chebyshev(player) <= ALLY_FOLLOWS_WITHIN
                && self.level.in_view(monster.pos);
            if follows {
                followers.push(monster);
            } else {
                stay.push(monster);
            }
        }
        self.level.monsters = stay;
        followers.sort_by_key(|m| (m.pos.chebyshev(player), m.id));
        followers
    }

    /// The allies that followed the player arrive around them on the level entered, each
    /// on the nearest tile it can stand on, numbered after the level's own monsters;
    /// one with no room left stays behind for good (never seen: too crowded to exist).
    pub(super) fn allies_arrive(&mut self, followers: Vec<Monster>, out: &mut Vec<Outcome>) {
        let table = self.campaign.shared_monster_table();
        for mut ally in followers {
            let moves = movement_of(&ally, &table);
            let reach = 1..=ALLY_FOLLOWS_WITHIN + 2;
            let Some(at) =
                super::level::nearest_in_rings(self.player, reach, |p| self.free(p, moves))
            else {
                continue;
            };
            ally.pos = at;
            ally.id = self
                .level
                .monsters
                .iter()
                .map(|m| m.id + 1)
                .max()
                .unwrap_or(0);
            ally.surfaced = false;
            let name = table.kind(ally.kind).map_or("ally", |k| k.name.as_str());
            out.push(notice(&format!("Your {name} comes with you.")));
            self.level.monsters.push(ally);
        }
    }

    /// The name of the kind of the monster at `index` ("monster" for a kind the table
    /// lacks).
    fn monster_name(&self, index: usize) -> String {
        self.campaign
            .monster_table()
            .kind(self.level.monsters[index].kind)
            .map_or_else(|| "monster".to_owned(), |k| k.name.clone())
    }
}
