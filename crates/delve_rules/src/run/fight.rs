//! Fights and monster turns: the player's hit points, kills and end; the turn scheduler
//! after each player turn; what each monster does on its turn (on the level's shared
//! Dijkstra maps); and attacks both ways, rolled from the run's combat stream.
//!
//! A peaceful run (no monsters) keeps a [`Fight`] that its rules never change (see
//! [`Rules`](super::Rules)), and plays exactly as runs did before monsters existed —
//! which is how older saves and recordings play.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::abilities::{FIGHT_NOISE, QUICK_SNEAK_ATTACK_MULTIPLIER, SNEAK_ATTACK_MULTIPLIER};
use super::items::with_kind_article;
use super::{Outcome, RunState, notice};
use delve_levels::dijkstra::DijkstraMap;
use delve_levels::grid::{Grid, KING, Pos, Tile};
use delve_levels::loot::{Effect, RingPower, WeaponStyle};
use delve_levels::monsters::{
    AttackRoll, Behaviour, Fighter, GUARD_REACH, Mind, Monster, MonsterKind, MonsterTable,
    Movement, roll_attack, roll_damage,
};
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
/// The player heals one hit point every this many turns.
pub const REGENERATION_TURNS: u64 = 9;
/// ... and every this many with a ring of regeneration.
pub const REGENERATION_TURNS_WITH_RING: u64 = 3;
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

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunEnd {
    /// The player took the final depth's down stairs carrying the rune.
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
    /// The weapon wielded (a loot table index), if any.
    pub weapon: Option<usize>,
    /// The armour worn, if any.
    pub armour: Option<usize>,
    /// The ring worn, if any.
    pub ring: Option<usize>,
    /// Charges used of each kind of wand (every [`WAND_CHARGES`] uses one wand up).
    pub wand_charges_used: BTreeMap<usize, u32>,
    /// Experience: the hit points of every monster killed, summed.
    #[serde(default)]
    pub xp: u32,
    /// Experience level (1 at the start; see [`xp_for_level`]).
    #[serde(default = "first_level")]
    pub level: u32,
    /// The second ring worn, if any (a ring on each hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_ring: Option<usize>,
    /// The purse: gold is counted here, not carried as an item.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
    /// The inventory letter of each kind carried (a letter stays with its kind until
    /// the last of it is gone).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub letters: BTreeMap<char, usize>,
    /// The depths whose must-find item the player has found, sorted: a depth's down
    /// stairs open only once its item is found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<u32>,
    /// A designer's tool (regenerating, switching generators, changing walls, watching
    /// the automaton) was used in this run.
    #[serde(default, skip_serializing_if = "is_false")]
    pub designer: bool,
    /// The enchantments read into each kind (a scroll of enchanting adds one to the kind
    /// it is read on; every one of that kind carries it).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enchantments: BTreeMap<usize, u32>,
    /// Cursed kinds whose curse has been lifted, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uncursed: Vec<usize>,
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

/// What harmed a monster, for the words that tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Harm<'a> {
    /// The player's blow (or a wand's bolt).
    Blow,
    /// Flames the player let loose.
    Fire,
    /// Something thrown, by its name as the player knows it.
    Missile(&'a str),
}

/// Zaps in one wand.
pub const WAND_CHARGES: u32 = 4;

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
            letters: BTreeMap::new(),
            found: Vec::new(),
            designer: false,
            enchantments: BTreeMap::new(),
            uncursed: Vec::new(),
        }
    }

    /// The enchantments read into `kind`.
    pub fn enchantment(&self, kind: usize) -> u32 {
        self.enchantments.get(&kind).copied().unwrap_or(0)
    }

    /// The charges a full wand of kind `wand` holds: [`WAND_CHARGES`] and one per
    /// enchantment.
    pub fn charges_of(&self, wand: usize) -> u32 {
        WAND_CHARGES + self.enchantment(wand)
    }

    /// The curse of `kind` is lifted (kept sorted).
    pub(super) fn lift_curse(&mut self, kind: usize) {
        if let Err(at) = self.uncursed.binary_search(&kind) {
            self.uncursed.insert(at, kind);
        }
    }

    /// The rings worn (none, one or two).
    pub fn rings(&self) -> impl Iterator<Item = usize> {
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
        self.attacks += 1;
        rng
    }

    /// Puts the player and `monsters` on a new level's schedule: the player first, each
    /// monster a full action of its own later (nobody strikes an arriving player first).
    pub fn schedule_level(&mut self, monsters: &[Monster], table: &MonsterTable) {
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

/// The map toward `goal` for a mover that `moves` so: its distances to the goal — or,
/// when it cannot be on the goal itself (a swimmer going for a player on the shore), to
/// the goal's neighbours it can be on, one step short of it.
fn toward_map(tiles: &Grid<Tile>, moves: Movement, goal: Pos) -> DijkstraMap {
    let passable = |p: Pos| tiles.get(p).is_some_and(|t| moves.can_be_on(t));
    if passable(goal) {
        return DijkstraMap::toward_over(tiles, |t| moves.can_be_on(t), [goal]);
    }
    let shore = KING
        .iter()
        .map(|&(dx, dy)| (goal.offset(dx, dy), 1))
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
    /// After a player turn: the player heals on schedule, then every monster whose turn
    /// comes before the player's next one acts, in the scheduler's order.
    pub(super) fn monsters_act(&mut self, out: &mut Vec<Outcome>) {
        if !self.rules.has_monsters() || self.end().is_some() {
            return;
        }
        let every = if self.wears_ring(RingPower::Regeneration) {
            REGENERATION_TURNS_WITH_RING
        } else {
            REGENERATION_TURNS
        };
        let fight = &mut self.fight;
        if self.turns.is_multiple_of(every) && fight.hp < fight.max_hp {
            fight.hp += 1;
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
    pub fn seen_foes(&self) -> Vec<usize> {
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
        if let Some(to) = map.downhill(from, |p| self.free(p, moves)) {
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

    /// The monster at `index`, of `kind`, attacks the player: a fight's noise; a thief's
    /// hit steals; a swimmer surfaces to strike.
    fn monster_attacks(&mut self, index: usize, kind: &MonsterKind, out: &mut Vec<Outcome>) {
        let seed = self.campaign.seed;
        let defence = self.player_fighter();
        let mut rng = self.fight.next_attack_rng(seed);
        self.level.monsters[index].surfaced = true;
        // Being attacked stops a key held down, as a monster coming into view does.
        out.push(Outcome::Disturbed);
        match roll_attack(&kind.fighter(), &defence, &mut rng) {
            AttackRoll::Miss => out.push(notice(&format!("The {} misses you.", kind.name))),
            AttackRoll::Hit(damage) => {
                out.push(notice(&format!("The {} hits you ({damage}).", kind.name)));
                let cause = format!("killed by {}", with_kind_article(&kind.name));
                self.hurt_player(damage, &cause, out);
                if self.end().is_none() && kind.steals() {
                    self.steal(index, kind, out);
                }
            }
        }
        if self.end().is_none() {
            self.make_noise(self.player, FIGHT_NOISE, out);
        }
    }

    /// The player attacks the monster at index `index` of the level's monsters, as the
    /// weapon wielded fights: a sweep falls on every monster next to the player, a thrust
    /// also on the one behind the first (see [`WeaponStyle`]).
    pub(super) fn player_attacks(&mut self, index: usize, out: &mut Vec<Outcome>) {
        let attacker = self.player_fighter();
        let style = self.weapon_style();
        let first = self.level.monsters[index].pos;
        let (dx, dy) = (first.x - self.player.x, first.y - self.player.y);
        let mut targets = vec![first];
        match style {
            WeaponStyle::Sweep => targets.extend(
                delve_levels::grid::KING
                    .iter()
                    .map(|&(x, y)| self.player.offset(x, y))
                    .filter(|&p| p != first && self.hostile_at(p)),
            ),
            WeaponStyle::Pierce => {
                let behind = first.offset(dx, dy);
                if self.hostile_at(behind)
                    && self.level.tile_at(first).is_some_and(|t| !t.blocks_sight())
                {
                    targets.push(behind);
                }
            }
            _ => {}
        }
        for at in targets {
            let Some(index) = self.level.monster_at(at) else {
                continue;
            };
            let asleep = self.level.monsters[index].mind == Mind::Asleep;
            let multiplier = if style == WeaponStyle::Quick {
                QUICK_SNEAK_ATTACK_MULTIPLIER
            } else {
                SNEAK_ATTACK_MULTIPLIER
            };
            self.strike_monster(
                index,
                &attacker,
                asleep.then_some(multiplier),
                Harm::Blow,
                out,
            );
            if self.end().is_some() {
                return;
            }
        }
        self.make_noise(self.player, FIGHT_NOISE, out);
    }

    /// Whether a hostile monster stands at `pos`.
    fn hostile_at(&self, pos: Pos) -> bool {
        self.level
            .monster_at(pos)
            .is_some_and(|i| self.level.monsters[i].mind.is_hostile())
    }

    /// How the wielded weapon fights (bare hands: a plain blow).
    pub fn weapon_style(&self) -> WeaponStyle {
        let table = self.campaign.loot_table();
        match self.fight.weapon.and_then(|k| table.effect(k)) {
            Some(Effect::Wield { style, .. }) => style,
            _ => WeaponStyle::Plain,
        }
    }

    /// `attacker` (the player's blow, or a wand's bolt) attacks the monster at `index`:
    /// a roll from the combat stream; a kill counts and takes it off the level and the
    /// schedule; a hurt monster hunts the player.
    pub(super) fn attack_monster(
        &mut self,
        index: usize,
        attacker: &Fighter,
        out: &mut Vec<Outcome>,
    ) {
        self.strike_monster(index, attacker, None, Harm::Blow, out);
    }

    /// [`RunState::attack_monster`]; a `sneak` attack (a blow at a sleeper, or a throw)
    /// always lands, for that many times its damage ([`SNEAK_ATTACK_MULTIPLIER`], or
    /// [`QUICK_SNEAK_ATTACK_MULTIPLIER`] with a quick blade).
    pub(super) fn strike_monster(
        &mut self,
        index: usize,
        attacker: &Fighter,
        sneak: Option<u32>,
        how: Harm,
        out: &mut Vec<Outcome>,
    ) {
        let monster = self.level.monsters[index];
        let table = self.campaign.shared_monster_table();
        let Some(kind) = table.kind(monster.kind) else {
            return;
        };
        if monster.mind == Mind::Asleep {
            // Struck or missed, a sleeper wakes.
            self.wake(index, kind, out);
        }
        let seed = self.campaign.seed;
        let fight = &mut self.fight;
        let mut rng = fight.next_attack_rng(seed);
        let roll = if let Some(multiplier) = sneak {
            out.push(notice(&match how {
                Harm::Missile(what) => {
                    format!("The {what} takes the sleeping {} unawares!", kind.name)
                }
                _ => format!("You strike the sleeping {} unawares!", kind.name),
            }));
            AttackRoll::Hit(roll_damage(attacker, &mut rng) * multiplier)
        } else {
            roll_attack(attacker, &kind.fighter(), &mut rng)
        };
        match roll {
            AttackRoll::Miss => out.push(notice(&match how {
                Harm::Missile(what) => format!("The {what} misses the {}.", kind.name),
                _ => format!("You miss the {}.", kind.name),
            })),
            AttackRoll::Hit(damage) => self.harm_monster(index, kind, damage, how, out),
        }
    }

    /// The player's doing (`how`) deals `damage` to the monster at `index`, of `kind`: a
    /// kill counts (experience, the chronicle) and takes it off the level and the
    /// schedule; a hurt monster hunts the player (a guard stays a guard).
    pub(super) fn harm_monster(
        &mut self,
        index: usize,
        kind: &MonsterKind,
        damage: u32,
        how: Harm,
        out: &mut Vec<Outcome>,
    ) {
        let monster = self.level.monsters[index];
        let name = &kind.name;
        if damage < monster.hp && monster.mind == Mind::Asleep {
            self.wake(index, kind, out);
        }
        if damage >= monster.hp && !monster.mind.is_hostile() {
            // An ally or a captive the player's doing kills: a loss, not a kill.
            out.push(notice(&if monster.mind == Mind::Ally {
                format!("Your {name} dies.")
            } else {
                format!("The shackled {name} dies.")
            }));
            self.remove_monster(index, out);
            return;
        }
        if damage >= monster.hp {
            self.fight.kills += 1;
            // The kill is told before what the monster drops.
            out.push(notice(&match how {
                Harm::Blow => format!("You kill the {name}."),
                Harm::Fire => format!("The {name} burns to death."),
                Harm::Missile(what) => format!("The {what} kills the {name}."),
            }));
            self.remove_monster(index, out);
            self.count_kill(name);
            let fight = &mut self.fight;
            for level in fight.gain_xp(kind.hp) {
                out.push(notice(&format!(
                    "You feel more experienced: level {level}, {} hit points.",
                    fight.max_hp
                )));
            }
            return;
        }
        let target = &mut self.level.monsters[index];
        target.hp -= damage;
        // A guard stays a guard; an ally or a captive hurt by the player's doing stays
        // what it is (a stray bolt is not a betrayal).
        if target.mind.is_hostile() && !matches!(target.mind, Mind::Guarding(_)) {
            target.mind = Mind::Hunting(self.player);
        }
        out.push(notice(&match how {
            Harm::Blow => format!("You hit the {name} ({damage})."),
            Harm::Fire => format!("The {name} burns ({damage})."),
            Harm::Missile(what) => format!("The {what} hits the {name} ({damage})."),
        }));
    }
}
