//! Travel, auto-explore and rest: many turns for one key, each an ordinary action (a
//! turn, the monsters acting). `x` walks toward the nearest item seen or the nearest
//! edge of the unknown; `>` and `<` away from the stairs walk to the stairs already
//! seen, along a Dijkstra map over the tiles the player knows; `Z` waits until healed.
//!
//! One rule stops them all: a monster **comes into view**, a threat **comes closer**,
//! or anything happens (a notice: a hit, a level change) but a plain pick-up on the
//! way, after which they go on (from recording format 11). A monster already
//! seen that keeps away, flees, wanders, keeps its distance or cannot reach the player
//! soon does not stop them; a threat in view ([`super::threat`]) keeps them from
//! starting.

use std::collections::BTreeSet;

use super::items::with_kind_article;
use super::messages::key_of;
use super::{Outcome, PlayerAction, RunState, notice};
use delve_levels::dijkstra::{DijkstraMap, UNREACHED};
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;

/// The most steps one travel takes.
pub(crate) const MAX_TRAVEL_STEPS: usize = 2_000;
/// The most turns one rest takes.
pub(crate) const MAX_REST_TURNS: usize = 1_000;

/// Where travel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Destination {
    /// The nearest item seen, or the nearest tile at the edge of the unknown.
    Explore,
    /// A tile the player has seen (the stairs, a spot picked), around every trap found.
    Tile(Pos),
    /// A tile the player has seen, over traps found when there is no other known way
    /// (the player said yes to crossing them).
    OverTraps(Pos),
}

impl Destination {
    /// The tile it is, unless exploring.
    fn tile(self) -> Option<Pos> {
        match self {
            Destination::Explore => None,
            Destination::Tile(pos) | Destination::OverTraps(pos) => Some(pos),
        }
    }
}

/// The way travel would walk to a tile ([`RunState::route_to`]): what the pointer's
/// preview draws and what a click or the travel cursor walks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The tiles stepped onto, in order; the last is the destination.
    pub steps: Vec<Pos>,
    /// The only known way crosses a trap the player found (or ends on one): travel
    /// takes it only when the player says so.
    pub over_trap: bool,
}

impl RunState {
    /// Whether the player sees a monster now.
    pub fn monster_in_view(&self) -> bool {
        self.level.monsters.iter().any(|m| self.shows_monster(m))
    }

    /// The numbers of the monsters in view.
    pub(super) fn monster_ids_in_view(&self) -> BTreeSet<u32> {
        self.level
            .monsters
            .iter()
            .filter(|m| self.shows_monster(m))
            .map(|m| m.id)
            .collect()
    }

    /// After an action on the same level: "You see a jackal." for each monster that
    /// came into view for the first time, "The jackal comes back into view." for one
    /// seen before that is a threat ([`RunState::menace_of`]) — told before the
    /// monsters' attacks of the turn — and the fact that the player was disturbed. A
    /// monster seen before that keeps away, flees, wanders or cannot reach the player
    /// soon comes and goes unremarked.
    pub(super) fn notice_monsters_coming_into_view(
        &mut self,
        before: &BTreeSet<u32>,
        out: &mut Vec<Outcome>,
    ) {
        let entered = out
            .iter()
            .any(|o| matches!(o, Outcome::LevelEntered { .. }));
        if entered || self.end().is_some() {
            return;
        }
        let table = self.campaign.monster_table();
        let mut told = Vec::new();
        for index in self.seen_monsters() {
            let (id, kind) = (
                self.level.monsters[index].id,
                self.level.monsters[index].kind,
            );
            let first_time = self.level.notice(id);
            if before.contains(&id) {
                continue;
            }
            let Some(kind) = table.kind(kind) else {
                continue;
            };
            if first_time && self.level.monsters[index].mind == Mind::Captive {
                told.push(notice(&format!(
                    "You see a shackled {}: walk into it to set it free.",
                    kind.name
                )));
            } else if first_time {
                told.push(notice(&format!(
                    "You see {}.",
                    with_kind_article(&kind.name)
                )));
            } else if self.menace_of(index).is_some() {
                told.push(notice(&format!("The {} comes back into view.", kind.name)));
            }
        }
        if told.is_empty() {
            return;
        }
        told.push(Outcome::Disturbed);
        // Before the first attack of the turn (an attack starts with its disturbance).
        let at = out
            .iter()
            .position(|o| *o == Outcome::Disturbed)
            .unwrap_or(out.len());
        out.splice(at..at, told);
    }

    /// Marks every monster in view as seen, silently (arriving on a level).
    pub(super) fn notice_monsters_in_view(&mut self) {
        for index in self.seen_monsters() {
            let id = self.level.monsters[index].id;
            self.level.notice(id);
        }
    }

    /// Applies one action of many (a travel step, a turn of rest); says whether to go
    /// on: nothing happened, the level is the same, no threat came closer.
    pub(super) fn one_of_many(&mut self, action: PlayerAction, out: &mut Vec<Outcome>) -> bool {
        let depth = self.depth;
        let threat_before = self.nearest_threat();
        let before = out.len();
        out.extend(self.apply(action));
        if self.is_news(&out[before..]) || self.depth != depth || self.end().is_some() {
            return false;
        }
        match (threat_before, self.threat()) {
            (Some(was), Some(now)) if now.distance < was => {
                out.push(notice(&format!("You stop: {} comes closer.", now.name)));
                false
            }
            (None, Some(now)) => {
                let after_or_beside = now.after_or_beside();
                out.push(notice(&format!(
                    "You stop: {} is {after_or_beside}.",
                    now.name
                )));
                false
            }
            _ => true,
        }
    }

    /// Whether what one step of many did is reason to stop: anything but moving,
    /// waiting and — from format 11, as Brogue's explore picks up and goes on — a plain
    /// pick-up on the way (the item taken and its one line; not the level's must-find
    /// item, which opens the stairs). A monster coming into view, a full pack, a
    /// shop, hunger: each says more, and stops it.
    fn is_news(&self, step: &[Outcome]) -> bool {
        let told: Vec<&Outcome> = (step.iter())
            .filter(|o| !matches!(o, Outcome::Moved { .. } | Outcome::Waited))
            .collect();
        let table = self.campaign.loot_table();
        let must_find = |kind: usize| table.items().get(kind).is_none_or(|k| k.must_find);
        match told.as_slice() {
            [] => false,
            [Outcome::PickedUp { item, .. }, Outcome::Notice(_)] => {
                self.stops_at_pick_ups() || must_find(*item)
            }
            _ => true,
        }
    }

    /// The way travel walks from the player to `to` over the ground they know, around
    /// known hazards and found traps — or, when the only known way crosses a trap found,
    /// that way, marked so. `None` where there is no known way (or `to` is where the
    /// player stands, or a place never seen). Monsters in the way are not counted: they
    /// move.
    pub fn route_to(&self, to: Pos) -> Option<Route> {
        let tiles = &self.level.level.tiles;
        if to == self.player || !tiles.contains(to) || !self.level.seen[tiles.index_of(to)] {
            return None;
        }
        [false, true].into_iter().find_map(|over_traps| {
            let map = self.known_map(&[(to, 0)], over_traps);
            if map.value(self.player) == UNREACHED {
                return None;
            }
            let mut steps = Vec::new();
            let mut at = self.player;
            while at != to {
                let from = at;
                at = map.downhill(at, |next| self.may_step(from, next))?;
                steps.push(at);
            }
            Some(Route {
                over_trap: over_traps,
                steps,
            })
        })
    }

    /// Whether `pos` holds a trap the player found.
    pub(super) fn found_trap_at(&self, pos: Pos) -> bool {
        self.level.tile_at(pos).is_some_and(|t| t.trap().is_some()) && self.level.has_found(pos)
    }

    /// Travel to `to` over the traps found on the only known way, the player having said
    /// yes: those traps are crossed without asking from now on (a replay of a format
    /// that asked at every crossing does not remember the yes).
    pub(super) fn travel_over_traps(&mut self, to: Pos, out: &mut Vec<Outcome>) {
        if !self.asks_at_every_trap_crossing() {
            self.allow_crossing_on_the_way_to(to);
        }
        self.travel(Destination::OverTraps(to), out);
    }

    /// Lets travel and exploring cross, from now on, every found trap on the known way
    /// to `to` (the player said yes to crossing them).
    pub(super) fn allow_crossing_on_the_way_to(&mut self, to: Pos) {
        if let Some(route) = self.route_to(to) {
            for step in route.steps {
                self.level.allow_crossing(step);
            }
        }
    }

    /// Walks toward `destination` until there, stuck, or interrupted.
    pub(super) fn travel(&mut self, destination: Destination, out: &mut Vec<Outcome>) {
        if let Some(why) = self.cannot_start_many_turns() {
            out.push(notice(&why));
            return;
        }
        if let Some(why) = self.too_hungry_to_go_on(destination == Destination::Explore) {
            out.push(notice(&why));
            return;
        }
        for step in 0..MAX_TRAVEL_STEPS {
            let Some(goals) = self.travel_goals(destination) else {
                // Said by the walk that saw the last of the level as by an `x` with
                // nothing left: the player learns it is done when it is.
                if destination == Destination::Explore {
                    out.push(notice(&format!(
                        "Explored: nothing more to see here.{}{}",
                        self.wares_left_words(),
                        self.how_to_go_on()
                    )));
                }
                if let Some(pos) = destination.tile()
                    && pos == self.player
                {
                    // On the stairs, how to take them; elsewhere arriving says itself
                    // (the player is drawn there), and only a trip to where the player
                    // stands is answered.
                    let said = match self.level.level.tiles.get(pos) {
                        Some(Tile::DownStairs) => Some(format!(
                            "You are on the stairs down ({} takes them).",
                            key_of("descend")
                        )),
                        Some(Tile::UpStairs) => Some(format!(
                            "You are on the stairs up ({} takes them).",
                            key_of("ascend")
                        )),
                        _ => (step == 0).then(|| "You are already there.".to_owned()),
                    };
                    out.extend(said.as_deref().map(notice));
                }
                return;
            };
            let map = self.known_map(&goals, matches!(destination, Destination::OverTraps(_)));
            // An ally in the way trades places; any other monster blocks it.
            let passable = |p: Pos| {
                (self.level.monster_at(p)).is_none_or(|i| self.level.monsters[i].mind == Mind::Ally)
                    && self.may_step(self.player, p)
            };
            let Some(next) = map.downhill(self.player, passable) else {
                // What is left to go to cannot be reached now: say what stands between.
                out.push(notice(&self.why_travel_is_blocked(destination, &map)));
                return;
            };
            let (dx, dy) = (next.x - self.player.x, next.y - self.player.y);
            if !self.one_of_many(PlayerAction::Move(dx, dy), out) {
                return;
            }
        }
    }

    /// `Z`: waits until healed and no longer confused, or until disturbed.
    pub(super) fn rest(&mut self, out: &mut Vec<Outcome>) {
        if !self.rules.has_monsters() {
            out.push(notice("There is nothing to rest for in a peaceful run."));
            return;
        }
        let fight = &self.fight;
        let rested = |run: &RunState| run.fight.hp >= run.fight.max_hp && !run.confused();
        if rested(self) {
            out.push(notice(&format!(
                "You are rested already ({}/{} HP).",
                fight.hp, fight.max_hp
            )));
            return;
        }
        if let Some(why) = self
            .nearest_threat()
            .and_then(|_| self.cannot_start_many_turns())
        {
            out.push(notice(&why));
            return;
        }
        if !self.hunger().heals() && fight.hp < fight.max_hp {
            let eat = match self.how_to_eat() {
                Some(keys) => format!("eat something first ({keys})."),
                None => "eat something first (you carry nothing to eat).".to_owned(),
            };
            out.push(notice(&format!(
                "You are too hungry to heal by resting: {eat}"
            )));
            return;
        }
        let start = self.turns;
        for _ in 0..MAX_REST_TURNS {
            if !self.one_of_many(PlayerAction::Wait, out) {
                return;
            }
            if rested(self) {
                out.push(notice(&format!(
                    "You rest for {} turns and feel fully rested.",
                    self.turns - start
                )));
                return;
            }
        }
    }

    /// The tiles travel heads for, each with its head start (see
    /// [`RunState::exploration_goals`]), or `None` when there is nowhere to go.
    pub(super) fn travel_goals(&self, destination: Destination) -> Option<Vec<(Pos, i32)>> {
        let mut goals = match destination.tile() {
            Some(pos) => vec![(pos, 0)],
            None => self.exploration_goals(),
        };
        if destination.tile() == Some(self.player) {
            return None; // there already
        }
        goals.retain(|&(g, _)| g != self.player);
        (!goals.is_empty()).then_some(goals)
    }

    /// The map toward `goals` over the tiles the player has seen to be walkable (a trap
    /// not found looks like floor; one found is kept off unless `over_traps` or the
    /// player said to cross it before, and water, lava and chasms always are), each
    /// barred door entered only from its open side and each ledge only from its high side
    /// ([`RunState::may_step`]; going
    /// downhill on it heeds that too).
    pub(super) fn known_map(&self, goals: &[(Pos, i32)], over_traps: bool) -> DijkstraMap {
        let tiles = &self.level.level.tiles;
        let barred: Vec<Pos> = (tiles.positions())
            .filter(|&p| matches!(tiles[p], Tile::BarredDoor | Tile::Ledge))
            .collect();
        DijkstraMap::over_one_way(
            tiles,
            |p| {
                // The trap underfoot is walked off freely: stepping off springs nothing.
                let underfoot = p == self.player && !self.asks_atop_a_trap();
                self.level.seen[tiles.index_of(p)]
                    && (self.may_walk_onto(p)
                        || ((over_traps || underfoot || self.level.may_cross(p))
                            && self.found_trap_at(p)))
            },
            &barred,
            |from, to| self.may_step(from, to),
            goals.iter().copied(),
        )
    }

    /// The stairs of this kind, if the player has seen them.
    pub(super) fn known_stairs(&self, stairs: Tile) -> Option<Pos> {
        let level = &self.level.level;
        let pos = if stairs == Tile::DownStairs {
            level.down
        } else {
            level.up
        };
        self.level.seen[level.tiles.index_of(pos)].then_some(pos)
    }
}
