//! Monster turns: after each player turn the scheduler says who acts; each monster wakes
//! or sleeps, plans (attack, strike an ally, hunt, flee, wander, rest) and steps on the
//! level's shared Dijkstra maps, kept in a [`MapCache`] while they hold.

use std::collections::BTreeMap;

use super::fight::{REGENERATION_TURNS, healed_on_turn, turns_to_heal_fully};
use super::{Outcome, RunState, notice};
use delve_levels::dijkstra::DijkstraMap;
use delve_levels::grid::{Grid, KING, Pos, Tile};
use delve_levels::loot::RingPower;
use delve_levels::monsters::{
    Behaviour, GUARD_REACH, Mind, Monster, MonsterKind, MonsterTable, Movement,
};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::schedule::{Actor, NORMAL_TICKS};

/// A safety map's values are the distance map's times −120 % (Brogue's factor).
const FLEE_FACTOR_PERCENT: i32 = 120;
/// Mixed into the seed of the draw that may wake a sleeper.
const WAKE_SALT: u64 = 0x5741_4b45_5550_0000;
/// Within this distance of the player in its view (Chebyshev), a sleeper wakes more
/// often ([`CLOSE_WAKE_PERCENT`]).
pub const WAKE_DISTANCE: i32 = 2;
/// Chance, in percent, that a sleeper wakes on one of its turns while the player is
/// farther but within its sight: creeping past a sleeper is a gamble worth taking.
pub const WAKE_PERCENT: u32 = 10;
/// Chance, in percent, that a sleeper wakes on one of its turns with the player within
/// [`WAKE_DISTANCE`] in its view: creeping up to strike it unawares (two of its turns
/// from three tiles off) comes off about half the time.
pub const CLOSE_WAKE_PERCENT: u32 = 30;

/// Whether `monster` flees: a coward below a third of its hit points, or a thief with
/// its loot.
pub(super) fn is_afraid(monster: &Monster, kind: &MonsterKind) -> bool {
    (kind.behaviour == Behaviour::Cowardly && monster.hp * 3 < kind.hp) || monster.carries.is_some()
}

/// The Dijkstra maps of a level, kept while they hold: the waypoint maps for the
/// level's life, the maps of the player's position until the player moves. Not part
/// of the run's state (equal runs may have built different maps), so equality
/// ignores it.
#[derive(Clone, Default)]
pub struct MapCache {
    waypoints: BTreeMap<(u32, Movement), DijkstraMap>,
    toward: BTreeMap<(Pos, Movement), DijkstraMap>,
    safety: BTreeMap<Movement, (Pos, DijkstraMap)>,
}

/// How the monster gets about (a kind the table lacks walks): each kind of mover walks
/// its own maps.
pub(super) fn movement_of(monster: &Monster, table: &MonsterTable) -> Movement {
    table
        .kind(monster.kind)
        .map_or(Movement::Walks, |k| k.moves)
}

/// How far from a swimmer out in deep water a walker hunting them looks for the shore to
/// wait on (Chebyshev).
const NEAREST_SHORE: i32 = 8;

/// The map toward `goal` for a mover that `moves` so: its distances to the goal — or,
/// when it cannot be on the goal itself (a swimmer going for a player on the shore), to
/// the goal's neighbours it can be on, one step short of it.
fn toward_map(tiles: &Grid<Tile>, moves: Movement, goal: Pos) -> DijkstraMap {
    let passable = |p: Pos| tiles.get(p).is_some_and(|t| moves.can_be_on(t));
    if passable(goal) {
        return DijkstraMap::toward_over(tiles, |t| moves.can_be_on(t), [goal]);
    }
    // Checked: a goal at the ends of the numbers has no neighbours past them.
    let shore = KING
        .iter()
        .filter_map(|&(dx, dy)| Some(Pos::new(goal.x.checked_add(dx)?, goal.y.checked_add(dy)?)))
        .map(|p| (p, 1))
        .filter(|&(p, _)| passable(p));
    DijkstraMap::over(tiles, passable, shore)
}

impl PartialEq for MapCache {
    fn eq(&self, _: &MapCache) -> bool {
        true
    }
}

impl Eq for MapCache {}

impl std::fmt::Debug for MapCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MapCache({} waypoint maps, {} goal maps)",
            self.waypoints.len(),
            self.toward.len()
        )
    }
}

/// What a monster does with its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    Attack,
    /// Strike the player's ally at this index (a hostile monster next to it).
    StrikeAlly(usize),
    /// Step downhill on the map toward this tile.
    Toward(Pos),
    /// Step downhill on the safety map from the player.
    Flee,
    /// Step toward waypoint `n`.
    Wander(u32),
    Rest,
}

impl RunState {
    /// After a player turn: the player gets hungrier and (unless weak with hunger) heals
    /// on schedule, then every monster whose turn
    /// comes before the player's next one acts, in the scheduler's order.
    pub(super) fn monsters_act(&mut self, out: &mut Vec<Outcome>) {
        if !self.rules.has_monsters() || self.end().is_some() {
            return;
        }
        self.get_hungrier(out);
        if self.end().is_some() {
            return;
        }
        let full = turns_to_heal_fully(self.fight.max_hp, self.wears_ring(RingPower::Regeneration));
        let heals = self.hunger().heals();
        let fight = &mut self.fight;
        if heals && fight.hp < fight.max_hp {
            let healed = healed_on_turn(self.turns, fight.max_hp, full);
            fight.hp = (fight.hp + healed).min(fight.max_hp);
        }
        fight.schedule.done(Actor::Player, NORMAL_TICKS);
        if self.turns.is_multiple_of(REGENERATION_TURNS) {
            self.allies_heal();
        }
        self.maybe_a_monster_arrives();
        self.level
            .maps
            .toward
            .retain(|&(goal, _), _| goal == self.player);
        loop {
            let fight = &mut self.fight;
            if fight.end.is_some() {
                return;
            }
            match fight.schedule.next_actor() {
                None | Some(Actor::Player) => return,
                Some(Actor::Monster(id)) => {
                    let ticks = self.monster_turn(id, out);
                    if let Some(ticks) = ticks {
                        self.fight.schedule.done(Actor::Monster(id), ticks);
                    }
                }
            }
        }
    }

    /// Monster `id` acts; returns how long its action took (`None` if it is gone).
    fn monster_turn(&mut self, id: u32, out: &mut Vec<Outcome>) -> Option<u32> {
        let Some(index) = self.level.monsters.iter().position(|m| m.id == id) else {
            self.fight.schedule.remove(Actor::Monster(id));
            return None;
        };
        // Shared, not borrowed from the run: the turn goes on changing the run.
        let table = self.campaign.shared_monster_table();
        let kind = table.kind(self.level.monsters[index].kind)?;
        if self.fade_if_due(index, kind, out) {
            return None;
        }
        // A swimmer that struck dives again.
        self.level.monsters[index].surfaced = false;
        let monster = self.level.monsters[index];
        match monster.mind {
            Mind::Captive => return Some(kind.speed.ticks()),
            Mind::Ally => {
                self.ally_turn(index, kind, out);
                return Some(kind.speed.ticks());
            }
            _ => {}
        }
        if self.turns < monster.confused_until {
            self.stagger_monster(index, kind);
            return Some(kind.speed.ticks());
        }
        let sees = self.monster_sees_player(&monster, kind);
        match monster.mind {
            Mind::Asleep if self.wakes(&monster, sees) => {
                // Waking takes its turn: the player gets one to answer.
                self.wake(index, kind, out);
                return Some(kind.speed.ticks());
            }
            // A guard keeps its post in mind while it goes for the player.
            Mind::Asleep | Mind::Guarding(_) => {}
            _ if sees && kind.behaviour != Behaviour::Wanders => {
                self.level.monsters[index].mind = Mind::Hunting(self.player);
            }
            _ => {}
        }
        let afraid = is_afraid(&self.level.monsters[index], kind);
        if !afraid && self.use_ability(index, kind, sees, out) {
            return Some(kind.speed.ticks());
        }
        let plan = self.plan(&self.level.monsters[index], kind, sees);
        if kind.flits() && plan != Plan::Rest && self.flits_now(monster.id) {
            self.flit(index, kind);
            return Some(kind.speed.ticks());
        }
        match plan {
            Plan::Attack => self.monster_attacks(index, kind, out),
            Plan::StrikeAlly(ally) => self.monster_strikes_monster(index, ally, out),
            Plan::Rest => {}
            Plan::Toward(goal) => self.step_toward(index, goal),
            Plan::Flee => self.step_away(index),
            Plan::Wander(waypoint) => self.step_to_waypoint(index, waypoint),
        }
        Some(kind.speed.ticks())
    }

    /// Whether the sleeping `monster` wakes this turn: [`CLOSE_WAKE_PERCENT`] of its turns
    /// with the player within [`WAKE_DISTANCE`] in its view, [`WAKE_PERCENT`] farther
    /// within its sight (a draw from the monster stream of the level, the turn and the
    /// monster).
    fn wakes(&self, monster: &Monster, sees: bool) -> bool {
        if !sees {
            return false;
        }
        let percent = if monster.pos.chebyshev(self.player) <= WAKE_DISTANCE {
            CLOSE_WAKE_PERCENT
        } else {
            WAKE_PERCENT
        };
        StreamRng::new(
            mix64(self.level.key.level_seed() ^ mix64(self.turns ^ WAKE_SALT) ^ monster.id as u64),
            Stream::Monsters,
        )
        .chance_percent(percent)
    }

    /// The sleeping monster at `index` wakes and goes for the player (a wanderer by
    /// nature wanders); the player is told when it is in view.
    pub(super) fn wake(&mut self, index: usize, kind: &MonsterKind, out: &mut Vec<Outcome>) {
        self.level.monsters[index].mind = if kind.behaviour == Behaviour::Wanders {
            Mind::Wandering(0)
        } else {
            Mind::Hunting(self.player)
        };
        if self.shows_monster(&self.level.monsters[index]) {
            out.push(Outcome::Disturbed);
            out.push(notice(&format!("The {} wakes up!", kind.name)));
        }
    }

    /// Whether `monster` sees the player: within its sight and in the player's view
    /// (field of view is symmetric, so the player's view answers for the monster).
    pub(super) fn monster_sees_player(&self, monster: &Monster, kind: &MonsterKind) -> bool {
        monster.pos.chebyshev(self.player) <= kind.sight as i32 && self.level.in_view(monster.pos)
    }

    /// Whether a guard keeping `post` goes for the player: it sees them (`sees`), and
    /// they are within [`GUARD_REACH`] of its post.
    pub(super) fn guard_goes_for_player(&self, post: Pos, sees: bool) -> bool {
        sees && self.player.chebyshev(post) <= GUARD_REACH
    }

    /// The monsters the player sees, by their index in the level's list, nearest first
    /// (ties by their number).
    pub fn seen_monsters(&self) -> Vec<usize> {
        let monsters = &self.level.monsters;
        let mut seen: Vec<usize> = (0..monsters.len())
            .filter(|&i| self.shows_monster(&monsters[i]))
            .collect();
        seen.sort_by_key(|&i| (monsters[i].pos.chebyshev(self.player), monsters[i].id));
        seen
    }

    /// [`RunState::seen_monsters`], the hostile ones only (no ally, no captive): what the
    /// player aims at and fights.
    pub(crate) fn seen_foes(&self) -> Vec<usize> {
        let mut seen = self.seen_monsters();
        seen.retain(|&i| self.level.monsters[i].mind.is_hostile());
        seen
    }

    /// What `monster` does this turn, by its behaviour and what it knows.
    fn plan(&self, monster: &Monster, kind: &MonsterKind, sees: bool) -> Plan {
        if monster.mind == Mind::Asleep {
            return Plan::Rest;
        }
        let distance = monster.pos.chebyshev(self.player);
        let hurt = self.fight.hp < self.fight.max_hp;
        if is_afraid(monster, kind) {
            // Out of sight, a coward keeps its distance: it hides where it got to.
            return if sees { Plan::Flee } else { Plan::Rest };
        }
        if sees && kind.behaviour == Behaviour::Skulks && !hurt {
            return match distance {
                ..=2 => Plan::Flee,
                3 => Plan::Rest,
                _ => Plan::Toward(self.player),
            };
        }
        if distance == 1 && (sees || kind.behaviour == Behaviour::Wanders) {
            return Plan::Attack;
        }
        if let Some(strike) = self.strike_an_ally_next_to(monster) {
            return strike;
        }
        match monster.mind {
            Mind::Hunting(_) if sees => Plan::Toward(self.player),
            Mind::Hunting(last_seen) if last_seen != monster.pos => Plan::Toward(last_seen),
            Mind::Hunting(_) => Plan::Wander(self.next_waypoint(monster)),
            Mind::Wandering(waypoint) => Plan::Wander(waypoint),
            Mind::Guarding(post) if self.guard_goes_for_player(post, sees) => {
                Plan::Toward(self.player)
            }
            Mind::Guarding(post) if monster.pos != post => Plan::Toward(post),
            Mind::Guarding(_) | Mind::Asleep | Mind::Captive | Mind::Ally => Plan::Rest,
        }
    }

    /// The waypoint a monster that lost the player's trail goes to next.
    fn next_waypoint(&self, monster: &Monster) -> u32 {
        let count = self.level.waypoints.len().max(1) as u32;
        let mut rng = StreamRng::new(
            mix64(self.level.key.level_seed() ^ mix64(self.turns) ^ monster.id as u64),
            Stream::Monsters,
        );
        rng.below(count)
    }

    /// Whether a mover that `moves` so may step onto `pos`: it can be there, and nobody
    /// stands there.
    pub(super) fn free(&self, pos: Pos, moves: Movement) -> bool {
        pos != self.player
            && self.level.tile_at(pos).is_some_and(|t| moves.can_be_on(t))
            && self.level.monster_at(pos).is_none()
    }

    /// The confused monster at `index` staggers: a step one way drawn from the run's
    /// seed, the turn and the monster, taken where it is free (else it stands).
    fn stagger_monster(&mut self, index: usize, kind: &MonsterKind) {
        let monster = self.level.monsters[index];
        let mut rng = StreamRng::new(
            mix64(
                self.campaign.seed
                    ^ mix64(self.turns)
                    ^ mix64(u64::from(monster.id))
                    ^ MONSTER_STAGGER_SALT,
            ),
            Stream::Combat,
        );
        let (dx, dy) = KING[rng.below(8) as usize];
        let to = monster.pos.offset(dx, dy);
        if self.free(to, kind.moves) {
            self.move_monster(index, to);
        }
    }

    /// The monster at `index` steps onto `to` (a closed door there opens).
    fn move_monster(&mut self, index: usize, to: Pos) {
        self.level.monsters[index].pos = to;
        self.monster_opens(to);
    }

    /// A monster steps onto `at`: a closed door there opens, and the player sees at once
    /// what it opens onto.
    pub(super) fn monster_opens(&mut self, at: Pos) {
        if self.level.open_door(at) {
            self.level.look_from(self.player);
        }
    }

    /// The step downhill from the monster at `index` on the map toward `goal` (a goal
    /// map for the player's tile or a last-seen tile, kept until the player moves).
    pub(super) fn step_toward(&mut self, index: usize, goal: Pos) {
        let moves = movement_of(&self.level.monsters[index], self.campaign.monster_table());
        let map = self.level.maps.toward.remove(&(goal, moves));
        let map = map.unwrap_or_else(|| toward_map(&self.level.level.tiles, moves, goal));
        let from = self.level.monsters[index].pos;
        let step = map
            .downhill(from, |p| self.free(p, moves))
            .or_else(|| self.step_to_the_nearest_shore(goal, moves, from));
        if let Some(to) = step {
            self.move_monster(index, to);
        }
        let monster = &mut self.level.monsters[index];
        let hunting = matches!(monster.mind, Mind::Hunting(_));
        if hunting && goal != self.player && map.value(monster.pos) <= 1 {
            // At the last place the player was seen, and the player is not there.
            monster.mind = Mind::Wandering(0);
        }
        self.level.maps.toward.insert((goal, moves), map);
    }

    /// A mover cut off from the player it hunts — a swimmer out in deep water with no
    /// ground beside them, for a walker — steps toward the tiles nearest them that it can
    /// be on (the shore), to wait there rather than stand where it is; `None` where the
    /// player has a tile it can be on beside them (the goal map leads there), or none is
    /// within [`NEAREST_SHORE`], or under the rule of older recordings.
    fn step_to_the_nearest_shore(&self, goal: Pos, moves: Movement, from: Pos) -> Option<Pos> {
        if goal != self.player || self.walkers_stand_when_cut_off() {
            return None;
        }
        let tiles = &self.level.level.tiles;
        let passable = |p: Pos| tiles.get(p).is_some_and(|t| moves.can_be_on(t));
        let ring = |reach: i32| -> Vec<(Pos, i32)> {
            (-reach..=reach)
                .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| dx.abs().max(dy.abs()) == reach)
                .filter_map(|(dx, dy)| {
                    Some(Pos::new(goal.x.checked_add(dx)?, goal.y.checked_add(dy)?))
                })
                .filter(|&p| passable(p))
                .map(|p| (p, reach))
                .collect()
        };
        if !ring(1).is_empty() {
            return None;
        }
        let shore = (2..=NEAREST_SHORE)
            .map(ring)
            .find(|ring| !ring.is_empty())?;
        if shore.iter().any(|&(p, _)| p == from) {
            return None; // there already: it waits
        }
        DijkstraMap::over(tiles, passable, shore).downhill(from, |p| self.free(p, moves))
    }

    /// Steps from `from` to the player for a mover that `moves` so
    /// ([`UNREACHED`](delve_levels::dijkstra::UNREACHED) where it cannot get there): off
    /// the goal map the monsters keep for the player's tile when one was built since the
    /// player last moved (it holds until then), else from a new one.
    pub(super) fn steps_to_player(&self, moves: Movement, from: Pos) -> i32 {
        match self.level.maps.toward.get(&(self.player, moves)) {
            Some(map) => map.value(from),
            None => toward_map(&self.level.level.tiles, moves, self.player).value(from),
        }
    }

    /// The step downhill from the monster at `index` on the safety map from the player.
    fn step_away(&mut self, index: usize) {
        let player = self.player;
        let moves = movement_of(&self.level.monsters[index], self.campaign.monster_table());
        let safety = match self.level.maps.safety.remove(&moves) {
            Some((at, map)) if at == player => map,
            _ => {
                let tiles = &self.level.level.tiles;
                let passable = |t: Tile| moves.can_be_on(t);
                DijkstraMap::fleeing_over(
                    tiles,
                    passable,
                    &DijkstraMap::toward_over(tiles, passable, [player]),
                    FLEE_FACTOR_PERCENT,
                )
            }
        };
        let from = self.level.monsters[index].pos;
        if let Some(to) = safety.downhill(from, |p| self.free(p, moves)) {
            self.move_monster(index, to);
        }
        self.level.maps.safety.insert(moves, (player, safety));
    }

    /// The step toward waypoint `waypoint`; at it, the monster picks another.
    fn step_to_waypoint(&mut self, index: usize, waypoint: u32) {
        let Some(&goal) = self.level.waypoints.get(waypoint as usize) else {
            self.level.monsters[index].mind = Mind::Wandering(0);
            return;
        };
        let moves = movement_of(&self.level.monsters[index], self.campaign.monster_table());
        let map = self.level.maps.waypoints.remove(&(waypoint, moves));
        let map = map.unwrap_or_else(|| toward_map(&self.level.level.tiles, moves, goal));
        let from = self.level.monsters[index].pos;
        match map.downhill(from, |p| self.free(p, moves)) {
            Some(to) => self.move_monster(index, to),
            None if map.value(from) <= 1 => {
                // Arrived (or as near as others let it): on to another waypoint.
                let next = self.next_waypoint(&self.level.monsters[index]);
                self.level.monsters[index].mind = Mind::Wandering(next);
            }
            None => {}
        }
        self.level.maps.waypoints.insert((waypoint, moves), map);
    }
}

/// Mixed into the seed of a confused monster's stagger.
const MONSTER_STAGGER_SALT: u64 = 0x4d53_5441_4747_4552;
