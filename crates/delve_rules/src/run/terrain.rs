//! What the ground does: the rules of the terrain the feature layer lays, for the player
//! and for monsters. A step into a closed door opens it; deep water may wash away what
//! the player carries onto its shore ([`deep_water`](super::deep_water)); lava kills
//! (the player walks into lava only by staggering — a clear-headed step is refused);
//! a chasm or a trapdoor drops the player to the next depth, bruised but alive; a trap
//! springs when stepped on, found or not. Searching (`f`) finds secret doors and traps.
//! A vault's locked door opens to a vault key carried (every locked door of the level
//! opens with it, and the key is used up), and holds without. A cyclic dungeon's ledge
//! is stepped onto from its high side and dropped down from to its low side; from below
//! it is refused, and no turn passes.
//!
//! Monsters obey the same ground: walkers keep to walkable tiles (so never onto a trap,
//! into deep water, lava or a chasm), fliers cross all of those; both open doors.

use super::items::with_article;
use super::level::LevelInPlay;
use super::monster_turns::movement_of;
use super::{Arrival, ChangeReason, Outcome, RunEnd, RunState, notice};
use delve_levels::grid::{Pos, Tile, Trap};
use delve_levels::loot::{Item, RingPower};
use delve_levels::monsters::Mind;
use delve_levels::monsters::{Monster, MonsterTable};
use delve_levels::rng::{Stream, StreamRng, mix64};

/// Turns one search (`f`) lasts; on its `n`th turn, what hides within `n` tiles in view
/// is found.
pub(crate) const SEARCH_TURNS: u32 = 5;
/// How far a ring of searching finds hidden things as the player walks, in tiles.
pub(crate) const RING_SEARCH_RADIUS: i32 = 2;
/// Damage of a fall down a chasm or a trapdoor: (least, most); a fall leaves at least
/// one hit point.
pub(crate) const FALL_DAMAGE: (u32, u32) = (1, 4);
/// Damage of a dart: (least, most), plus one for every two depths.
pub(crate) const DART_DAMAGE: (u32, u32) = (1, 4);

/// Mixed into the seed of the stream a level's terrain draws from (where a fall lands,
/// what the water takes, where a teleport leads), with the turn.
const TERRAIN_SALT: u64 = 0x5445_5252_4149_4e00;

/// Known ground that harms the player who steps onto it ([`RunState::risk_of_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepRisk {
    /// A chasm: a fall to the next depth, hurt.
    Chasm,
    /// Deep water, carrying things it may wash away (onto its shore).
    DeepWater,
    /// A trap the player found.
    Trap,
}

impl StepRisk {
    /// The question asked before such a step.
    pub fn question(self) -> &'static str {
        match self {
            StepRisk::Chasm => {
                "Step into the chasm? You would fall to the next depth, hurt. y: jump; n: stay"
            }
            StepRisk::DeepWater => {
                "Swim into the deep water? The current may wash what you carry ashore. y: swim; n: stay"
            }
            StepRisk::Trap => {
                "Step onto the trap you found? It would spring. y: step on it; n: stay"
            }
        }
    }
}

/// Whether the player may stand on `tile`: walkable ground, deep water (swimming), a
/// trap (just sprung) or a ledge.
pub(crate) fn player_can_stand(tile: Tile) -> bool {
    tile.is_walkable() || matches!(tile, Tile::DeepWater | Tile::Ledge) || tile.trap().is_some()
}

/// Whether a monster of its kind may stand on `tile`: a walker on walkable ground, a
/// flier over anything open.
pub(crate) fn monster_can_stand(monster: &Monster, table: &MonsterTable, tile: Tile) -> bool {
    movement_of(monster, table).can_be_on(tile)
}

impl LevelInPlay {
    /// Whether the player, by what they know, can walk onto `pos`: walkable ground, or a
    /// trap not found (it looks like floor).
    pub fn seems_walkable(&self, pos: Pos) -> bool {
        self.tile_at(pos).is_some_and(|tile| {
            tile.is_walkable() || (tile.trap().is_some() && !self.has_found(pos))
        })
    }
}

impl RunState {
    /// A step onto `to`, where no monster stands: what its ground does. `staggered`: the
    /// step went astray (confusion), so no edge is heeded.
    pub(super) fn step_onto(&mut self, to: Pos, staggered: bool, out: &mut Vec<Outcome>) {
        let Some(tile) = self.level.tile_at(to) else {
            out.push(Outcome::Bumped);
            return;
        };
        let hazard = matches!(tile, Tile::DeepWater | Tile::Lava | Tile::Chasm);
        let drops = self.level.drops_down(self.player, to);
        match tile {
            Tile::Wall | Tile::SecretDoor => out.push(Outcome::Bumped),
            _ if hazard && !self.rules.hazards_work() => out.push(notice(&format!(
                "You stop at the edge of the {}: in a peaceful run nothing harms you, and you go round.",
                tile.legend()
            ))),
            Tile::Lava if !staggered => out.push(notice(
                "That is lava: stepping in would kill you. You stay where you are.",
            )),
            Tile::Chasm if self.nothing_below() => out.push(notice(
                "Below the last depth there is nothing to fall to: you step back from the edge.",
            )),
            Tile::LockedDoor => self.unlock(out),
            // From its barred side it holds, and no turn passes (as a lock without its key).
            Tile::BarredDoor if !self.level.unbars_from(to, self.player) => {
                out.push(notice("The door is barred from the other side."));
            }
            Tile::BarredDoor => {
                self.level.open_door(to);
                out.push(notice("You lift the bar: the door swings open, and stays open."));
                self.walk(to, out);
                self.pass_turn(out);
            }
            // From below a ledge is a wall too high to climb, and no turn passes.
            Tile::Ledge if !self.level.lets_walk(self.player, to) => {
                out.push(notice(
                    "The ledge is too high to climb from below: the way up is round by another way.",
                ));
            }
            Tile::ClosedDoor => {
                self.level.open_door(to);
                self.walk(to, out);
                self.pass_turn(out);
            }
            Tile::Lava => {
                self.walk(to, out);
                self.die(&format!("burned to death in lava on depth {}", self.depth), out);
            }
            Tile::Chasm => {
                self.walk(to, out);
                out.push(notice("You step into the chasm and fall!"));
                self.fall(out);
            }
            Tile::DeepWater => {
                self.walk(to, out);
                self.swim(out);
                self.pass_turn(out);
            }
            _ => match tile.trap() {
                Some(trap) => {
                    self.walk(to, out);
                    self.spring(trap, to, out);
                }
                None => {
                    self.walk(to, out);
                    self.pass_turn(out);
                }
            },
        }
        if drops && self.player == to {
            out.push(notice(
                "You drop down the ledge: there is no climbing back.",
            ));
        }
    }

    /// A walk into a vault's locked door: carrying a vault key, the key opens every
    /// locked door of the level and is used up (a turn); without one the door holds and
    /// no turn passes.
    fn unlock(&mut self, out: &mut Vec<Outcome>) {
        let Some(key) = self.key_carried() else {
            out.push(notice(
                "The door is locked. Its key lies somewhere on this level: find it and walk into the door.",
            ));
            return;
        };
        let name = self.knowledge().name(key);
        self.use_up(Item::plain(key));
        let opened = self.level.unlock_all();
        out.push(notice(&if opened > 1 {
            format!(
                "You turn {} in the lock: the {opened} locked doors of this level swing open.",
                with_article(&name)
            )
        } else {
            format!(
                "You turn {} in the lock: the door swings open.",
                with_article(&name)
            )
        }));
        // The opened door may show what lies beyond.
        let player = self.player;
        self.level.look_from(player);
        self.pass_turn(out);
    }

    /// The kind of the level's key, if the player carries one: what opens its locked
    /// doors.
    pub(super) fn key_carried(&self) -> Option<usize> {
        let key = self.campaign.loot_table().key_item();
        key.filter(|&key| self.carried_of_kind(key) > 0)
    }

    /// The player moves onto `to`: looks about, picks up what lies there (not what they
    /// put down themselves, as DCSS's autopickup leaves it: `g` takes that; a thing for
    /// sale is only priced), and (with a
    /// ring of searching) finds what hides close by.
    fn walk(&mut self, to: Pos, out: &mut Vec<Outcome>) {
        let from = self.player;
        self.player = to;
        out.push(Outcome::Moved { from, to });
        self.level.look_from(to);
        if !self.level.was_left(to) {
            self.step_onto_item(to, out);
        }
        if self.rules.items_work() && self.wears_ring(RingPower::Searching) {
            self.find_within(RING_SEARCH_RADIUS, out);
        }
    }

    /// A stream for one of the terrain's draws this turn.
    pub(super) fn terrain_rng(&self, what: u64) -> StreamRng {
        StreamRng::new(
            mix64(self.level.key.level_seed() ^ mix64(self.turns ^ TERRAIN_SALT) ^ what),
            Stream::Combat,
        )
    }

    /// The harm a clear-headed step by (`dx`, `dy`) would walk into, by what the player
    /// knows of the ground there: the front ends ask before such a step (Brogue does
    /// too). Nothing is asked of a step that attacks, of one the rules refuse anyway
    /// (into lava, over the last depth's edge), while confused (the step goes astray),
    /// or in a peaceful run.
    pub fn risk_of_step(&self, dx: i32, dy: i32) -> Option<StepRisk> {
        let to = self.player.offset(dx, dy);
        let tiles = &self.level.level.tiles;
        let known = tiles.contains(to) && self.level.seen[tiles.index_of(to)];
        if !known || self.confused() || !self.rules.hazards_work() {
            return None;
        }
        if self.rules.has_monsters() && self.level.monster_at(to).is_some() {
            return None;
        }
        match self.level.tile_at(to)? {
            Tile::Chasm if !self.nothing_below() => Some(StepRisk::Chasm),
            Tile::DeepWater if !self.loose_items().is_empty() => Some(StepRisk::DeepWater),
            tile if tile.trap().is_some() && self.level.has_found(to) => Some(StepRisk::Trap),
            _ => None,
        }
    }

    /// The trap at `at` springs under the player: it is found, and does what it does.
    fn spring(&mut self, trap: Trap, at: Pos, out: &mut Vec<Outcome>) {
        self.level.find(at);
        if !self.rules.hazards_work() {
            out.push(notice(&format!(
                "You find {}; in a peaceful run it does nothing.",
                trap.name()
            )));
            self.pass_turn(out);
            return;
        }
        out.push(Outcome::Disturbed);
        match trap {
            Trap::Alarm => {
                out.push(notice(
                    "You step on an alarm trap: a shrill bell rings through the level!",
                ));
                let player = self.player;
                for monster in self.level.monsters.iter_mut() {
                    if monster.mind.is_hostile() {
                        monster.mind = Mind::Hunting(player);
                    }
                }
                self.pass_turn(out);
            }
            Trap::Teleport => {
                out.push(notice("You step on a teleport trap!"));
                self.teleport(out);
                self.pass_turn(out);
            }
            Trap::Pit if self.nothing_below() => {
                out.push(notice(
                    "A trapdoor opens under you, but the last depth's floor is solid below: you climb out.",
                ));
                self.pass_turn(out);
            }
            Trap::Pit => {
                out.push(notice("A trapdoor opens under you!"));
                self.fall(out);
            }
            Trap::Dart => {
                let mut rng = self.terrain_rng(2);
                let damage = rng.range_inclusive(DART_DAMAGE.0 as i32, DART_DAMAGE.1 as i32) as u32
                    + self.depth / 2;
                self.fight.hp = self.fight.hp.saturating_sub(damage);
                out.push(notice(&format!(
                    "A dart shoots out of the floor and hits you ({damage})."
                )));
                if self.fight.hp == 0 {
                    self.die(
                        &format!("killed by a dart trap on depth {}", self.depth),
                        out,
                    );
                } else {
                    self.pass_turn(out);
                }
            }
        }
    }

    /// A fall to the next depth: a little damage (never the last hit point), then the
    /// next depth's level, landing on a floor tile of it.
    fn fall(&mut self, out: &mut Vec<Outcome>) {
        let mut rng = self.terrain_rng(4);
        let damage = rng.range_inclusive(FALL_DAMAGE.0 as i32, FALL_DAMAGE.1 as i32) as u32;
        let damage = damage.min(self.fight.hp.saturating_sub(1));
        self.fight.hp -= damage;
        let landing = rng.next_u64();
        self.go_down_to(Arrival::Fallen(landing), ChangeReason::Fall, out);
        out.push(notice(&format!("You land hard ({damage}).")));
    }

    /// The run ends in death by `cause` (no hit points left, whatever took them): a
    /// monster's blow, lava, a dart.
    pub(super) fn die(&mut self, cause: &str, out: &mut Vec<Outcome>) {
        self.fight.hp = 0;
        out.push(notice(&format!("You die: {cause}.")));
        self.fight.end = Some(RunEnd::Died {
            cause: cause.to_owned(),
        });
        out.push(Outcome::RunEnded);
    }

    /// Finds whatever hides within `radius` tiles of the player, in view; says so.
    /// Returns how many things were found.
    fn find_within(&mut self, radius: i32, out: &mut Vec<Outcome>) -> usize {
        let here = self.player;
        let mut found = Vec::new();
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let at = here.offset(dx, dy);
                let in_view = self.level.in_view(at) || at == here;
                if in_view && self.level.find(at) {
                    found.push(at);
                }
            }
        }
        for &at in &found {
            let what = match self.level.tile_at(at) {
                Some(Tile::ClosedDoor) => "a secret door".to_owned(),
                Some(tile) => tile.trap().map_or("something", Trap::name).to_owned(),
                None => continue,
            };
            out.push(notice(&format!("You find {what}.")));
        }
        if !found.is_empty() {
            out.push(Outcome::Disturbed);
            // A found door lets light through once opened; the view is redrawn now.
            self.level.look_from(here);
        }
        found.len()
    }

    /// `f`: searches for up to [`SEARCH_TURNS`] turns, each looking a tile further for
    /// secret doors and traps in view; stops early when something is found or happens.
    pub(super) fn search(&mut self, out: &mut Vec<Outcome>) {
        if let Some(why) = self
            .nearest_threat()
            .and_then(|_| self.cannot_start_many_turns())
        {
            out.push(notice(&why));
            return;
        }
        if let Some(why) = self.too_hungry_to_go_on(false) {
            out.push(notice(&why));
            return;
        }
        for turn in 1..=SEARCH_TURNS {
            if self.find_within(turn as i32, out) > 0 {
                self.pass_turn(out);
                return;
            }
            if !self.one_of_many(crate::run::PlayerAction::Wait, out) {
                return;
            }
        }
        out.push(notice(&format!(
            "You search for {SEARCH_TURNS} turns and find nothing."
        )));
    }
}
