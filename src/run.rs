//! The run as a pure model: its state (campaign, depth, the keys and memories of visited
//! levels, inventory, turns, the level in play, the player) and its rules as plain
//! functions. [`RunState::apply`] takes one [`PlayerAction`] and returns what came of it
//! as [`Outcome`]s; the ECS layer (`game`), the window, headless runs and tests only feed
//! it actions and show its state. What the player sees of it — the map, the status line,
//! the panels, the help and the keys — is the view's ([`crate::view`]). No Bevy in here.

mod arrival;
mod doing;
mod fight;
mod items;
mod level;
pub mod messages;
mod player_action;
pub mod record;
pub mod save;
mod travel;
mod use_item;
mod watch;

use std::collections::BTreeMap;

pub use arrival::{Arrival, ChangeReason, arrival_notice};
pub use doing::Doing;
pub use fight::{
    Fight, HP_PER_LEVEL, MAX_LEVEL, MapCache, PLAYER_FIGHTER, PLAYER_HP, REGENERATION_TURNS,
    REGENERATION_TURNS_WITH_RING, RunEnd, WAND_CHARGES, xp_for_level,
};
pub use items::{
    ItemKnowledge, inventory_names, inventory_stacks, item_name, stack_letter, stack_of_letter,
    with_article, with_kind_article,
};
pub use level::{
    LevelInPlay, LevelMemory, MAX_PLAY_TILES, SIGHT_RADIUS, Sight, TooLargeToPlay, Unplayable,
    check_play_size, generate_for_play, tiles_in_play,
};
pub use player_action::PlayerAction;
pub use save::{GameSave, SavedLevel, load_run, load_run_and_messages, write_save};
pub use watch::CaveWatch;

use crate::config::{CampaignConfig, MAX_DEPTH};
use crate::generator::{GenError, Generation, GeneratorConfig, GeneratorKind};
use crate::grid::{Pos, Tile};
use crate::key::LevelKey;
use crate::rng::mix64;
use travel::Destination;
use watch::{WatchStep, next_step};

/// What came of an action, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player stepped (a turn passed).
    Moved {
        /// From here.
        from: Pos,
        /// To here.
        to: Pos,
    },
    /// The player walked into a wall: nothing happens, no turn passes.
    Bumped,
    /// A turn passed in place.
    Waited,
    /// The player picked up an item (its loot table index) lying at `at`.
    PickedUp {
        /// The item kind.
        item: usize,
        /// Where it lay.
        at: Pos,
    },
    /// The player is on another level now (or the same level made anew): everything
    /// shown of the old one is stale.
    LevelEntered {
        /// Its depth.
        depth: u32,
        /// Its key.
        key: LevelKey,
    },
    /// The cave watch shows another stage of the automaton.
    Watching,
    /// The player asked to save (F5); the front end writes [`RunState::snapshot`].
    SaveWanted,
    /// The player asked to load (F9); the front end replaces the run with [`load_run`].
    LoadWanted,
    /// The run ended: the player died or won ([`RunState::end`] says which).
    RunEnded,
    /// Something the player should stop for happened (a monster came into view or
    /// attacked): a key held down stops repeating.
    Disturbed,
    /// A line for the player.
    Notice(String),
}

/// Why a run could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The campaign lists no levels.
    EmptyCampaign,
    /// The first level is too large to play.
    TooLarge(TooLargeToPlay),
    /// The first level could not be generated.
    Generate(GenError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::EmptyCampaign => write!(f, "the campaign lists no levels"),
            StartError::TooLarge(e) => write!(f, "{e}"),
            StartError::Generate(e) => write!(f, "the first level could not be made: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// Which rules a run is played by.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Rules {
    /// Monsters, hit points, a way to win and to die: the game.
    #[default]
    Monsters,
    /// No monsters: the levels to walk through, as runs were before monsters existed
    /// (older saves and recordings play so).
    Peaceful,
}

/// The whole run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunState {
    /// The campaign being played.
    pub campaign: CampaignConfig,
    /// Current depth (1 = first).
    pub depth: u32,
    /// The key of each visited depth (a regenerated level keeps its new key).
    pub keys: BTreeMap<u32, LevelKey>,
    /// What each visited level remembers, by its encoded key — so that a level reached
    /// again by any route (the stairs, `R`, `1` `2` `3`, `+` `-`) keeps what the player
    /// took from it. The level in play keeps its own until it is left.
    pub memories: BTreeMap<String, LevelMemory>,
    /// How many times a level was regenerated with `R` (feeds fresh seeds).
    pub regenerations: u64,
    /// Items carried (loot table indices), in pick-up order.
    pub inventory: Vec<usize>,
    /// Turns taken.
    pub turns: u64,
    /// Where the player stands.
    pub player: Pos,
    /// The level the player is on.
    pub level: LevelInPlay,
    /// The cave automaton being watched, if Space was pressed.
    pub watch: Option<CaveWatch>,
    /// Hit points, kills, the turn schedule and the run's end; `None` in a peaceful run.
    pub fight: Option<Fight>,
    /// The generation the run's new levels are made in: the one it started in, so that a
    /// run saved or recorded under one delve goes on by the same rules under a later one.
    pub generation: Generation,
}

impl RunState {
    /// Starts a run of `campaign` on its first depth, or on `start`; returns the run and
    /// what the player is told. A start key carries its run seed: the depths above and
    /// below it come from that seed (the campaign gives their generators).
    pub fn start(
        campaign: CampaignConfig,
        start: Option<LevelKey>,
        rules: Rules,
    ) -> Result<(RunState, Vec<Outcome>), StartError> {
        RunState::start_in(Generation::CURRENT, campaign, start, rules)
    }

    /// [`RunState::start`], with the run's new levels made in `generation` (a recording
    /// replays in the generation it was made in).
    pub fn start_in(
        generation: Generation,
        mut campaign: CampaignConfig,
        start: Option<LevelKey>,
        rules: Rules,
    ) -> Result<(RunState, Vec<Outcome>), StartError> {
        if campaign.depths.is_empty() {
            return Err(StartError::EmptyCampaign);
        }
        let key = match start {
            Some(key) => {
                campaign.seed = key.seed;
                // The run draws its loot from the key's table: the campaign's, or the
                // embedded one (for any other, generating says which table it needs).
                if key.loot == crate::loot::LootFingerprint::embedded() {
                    campaign = campaign.with_embedded_loot_table();
                }
                key
            }
            None => LevelKey::new(campaign.config_at(1).clone(), 1, campaign.seed)
                .in_generation(generation)
                .under(campaign.loot_table()),
        };
        let generated = generate_for_play(&key, campaign.loot_table()).map_err(|e| match e {
            Unplayable::TooLarge(e) => StartError::TooLarge(e),
            Unplayable::Generate(e) => StartError::Generate(e),
        })?;
        let player = generated.up;
        let mut run = RunState {
            campaign,
            depth: key.depth,
            keys: BTreeMap::from([(key.depth, key.clone())]),
            memories: BTreeMap::new(),
            regenerations: 0,
            inventory: Vec::new(),
            turns: 0,
            player,
            level: LevelInPlay::new(key.clone(), generated, None),
            watch: None,
            fight: (rules == Rules::Monsters).then(Fight::new),
            generation,
        };
        run.put_monsters(None);
        run.level.look_from(player);
        run.notice_monsters_in_view();
        let mut outcomes = vec![
            Outcome::LevelEntered {
                depth: key.depth,
                key: key.clone(),
            },
            Outcome::Notice(arrival_notice(ChangeReason::Start, &key)),
        ];
        run.seal_notice(&mut outcomes);
        Ok((run, outcomes))
    }

    /// What arriving in the run as it stands tells: its level in play, entered.
    pub fn entered(&self) -> Outcome {
        Outcome::LevelEntered {
            depth: self.depth,
            key: self.level.key.clone(),
        }
    }

    /// Puts `loaded` (a restored save) in this run's place and says its level was
    /// entered: the one way every loader swaps a run in (F9, a recording's load step).
    pub fn replace_with(&mut self, loaded: RunState) -> Outcome {
        *self = loaded;
        self.entered()
    }

    /// The key of `depth`: the remembered one, or the campaign's (made now).
    pub fn key_for(&self, depth: u32) -> LevelKey {
        self.keys.get(&depth).cloned().unwrap_or_else(|| {
            LevelKey::new(
                self.campaign.config_at(depth).clone(),
                depth,
                self.campaign.seed,
            )
            .in_generation(self.generation)
            .under(self.campaign.loot_table())
        })
    }

    /// What the tile of row-major index `index` shows and how the player knows it: the
    /// automaton's stage while a cave is watched (all in view), else the level.
    pub fn shown(&self, index: usize) -> (Tile, Sight) {
        if let Some(watch) = &self.watch {
            let wall = watch.walls().cells().get(index).copied().unwrap_or(true);
            return (if wall { Tile::Wall } else { Tile::Floor }, Sight::Visible);
        }
        let pos = self.level.level.tiles.pos_of(index);
        (
            self.level.tile_at(pos).unwrap_or(Tile::Wall),
            self.level.sight(index),
        )
    }

    /// The rules the run is played by.
    pub fn rules(&self) -> Rules {
        if self.fight.is_some() {
            Rules::Monsters
        } else {
            Rules::Peaceful
        }
    }

    /// How the run ended, if it has.
    pub fn end(&self) -> Option<&RunEnd> {
        self.fight.as_ref().and_then(|f| f.end.as_ref())
    }

    /// What the level in play remembers when left (its monsters too, with monsters).
    fn level_memory(&self) -> LevelMemory {
        if self.fight.is_some() {
            self.level.memory_with_monsters()
        } else {
            self.level.memory()
        }
    }

    /// With monsters: puts the level's monsters on it (from `memory`, or spawned) and
    /// starts its turn schedule.
    fn put_monsters(&mut self, memory: Option<&LevelMemory>) {
        if let Some(fight) = &mut self.fight {
            self.level.populate(memory, self.player);
            fight.schedule_level(&self.level.monsters);
        }
    }

    /// The must-find item of the level in play (its loot table index), if it has one.
    pub fn must_find_here(&self) -> Option<usize> {
        let table = self.campaign.loot_table();
        self.level
            .level
            .loot
            .iter()
            .map(|i| i.item)
            .find(|&kind| table.items().get(kind).is_some_and(|item| item.must_find))
    }

    /// Whether this level's down stairs are sealed: with monsters, until the level's
    /// must-find item is found (a level without one is open).
    pub fn stairs_sealed(&self) -> bool {
        self.fight
            .as_ref()
            .is_some_and(|f| self.must_find_here().is_some() && !f.has_found(self.depth))
    }

    /// The name of the must-find item of the level in play ("rune of passage").
    fn must_find_name(&self) -> String {
        self.must_find_here()
            .map(|kind| self.campaign.loot_table().true_name(kind))
            .unwrap_or_else(|| "rune of passage".to_owned())
    }

    /// The reminder on arriving on a level whose stairs are sealed.
    fn seal_notice(&self, out: &mut Vec<Outcome>) {
        if self.stairs_sealed()
            && let Some(kind) = self.must_find_here()
        {
            let glyph = self.campaign.loot_table().glyph(kind);
            out.push(notice(&format!(
                "The stairs down are sealed until you find this level's {} ({glyph}).",
                self.must_find_name()
            )));
        }
    }

    /// Marks the run as a designer run (a designer's tool was used).
    fn mark_designer(&mut self) {
        if let Some(fight) = &mut self.fight {
            fight.designer = true;
        }
    }

    /// Whether a designer's tool was used in this run.
    pub fn designer_run(&self) -> bool {
        self.fight.as_ref().is_some_and(|f| f.designer)
    }

    /// Gold in the purse (none in a peaceful run, where gold is carried as an item).
    pub fn gold(&self) -> u32 {
        self.fight.as_ref().map_or(0, |f| f.gold)
    }

    /// A turn passed: count it (saying when confusion wears off) and let the monsters
    /// act.
    fn pass_turn(&mut self, out: &mut Vec<Outcome>) {
        self.turns = self.turns.saturating_add(1);
        if self
            .fight
            .as_ref()
            .is_some_and(|f| f.confused_until == self.turns)
        {
            out.push(notice(
                "You feel less dizzy: your steps go where you mean again.",
            ));
        }
        self.monsters_act(out);
    }

    /// The item kinds identified by use (none in a peaceful run).
    pub fn identified(&self) -> &[usize] {
        self.fight.as_ref().map_or(&[], |f| f.identified.as_slice())
    }

    /// What the player knows of the item kinds now.
    pub fn knowledge(&self) -> ItemKnowledge<'_> {
        ItemKnowledge::new(
            self.campaign.loot_table(),
            self.campaign.seed,
            &self.inventory,
            self.identified(),
        )
    }

    /// The names of everything carried, as the player knows them.
    pub fn inventory_names(&self) -> Vec<String> {
        let knowledge = self.knowledge();
        self.inventory.iter().map(|&k| knowledge.name(k)).collect()
    }

    /// Applies one action with the turn rules and returns what came of it.
    pub fn apply(&mut self, action: PlayerAction) -> Vec<Outcome> {
        let mut out = Vec::new();
        if self.watch.is_some() && action != PlayerAction::StepAutomaton {
            // Any other action ends the watch on the finished cave (and is spent so).
            self.finish_watch(&mut out);
            return out;
        }
        let here = self.player;
        let tile_here = self.level.level.tiles.get(here);
        if self.end().is_some() {
            // The end screen offers loading and the key; nothing else does anything.
            match action {
                PlayerAction::Load => out.push(Outcome::LoadWanted),
                PlayerAction::ShowKey => {
                    out.push(notice(&format!("Level key {}", self.level.key.encode())));
                }
                PlayerAction::Save => out.push(notice(
                    "The run is over: it is not saved, and your last save is kept.",
                )),
                _ => {}
            }
            return out;
        }
        let in_view_before = self.monster_ids_in_view();
        // Travel and rest tell of what came into view at the step it came (and stop).
        let many_turns = match action {
            PlayerAction::Explore | PlayerAction::Rest => true,
            PlayerAction::Descend => tile_here != Some(Tile::DownStairs) && self.fight.is_some(),
            PlayerAction::Ascend => tile_here != Some(Tile::UpStairs) && self.fight.is_some(),
            _ => false,
        };
        match action {
            PlayerAction::Move(dx, dy) => {
                let (dx, dy) = if self.confused() {
                    self.stagger()
                } else {
                    (dx, dy)
                };
                let to = here.offset(dx, dy);
                if let Some(index) = self.level.monster_at(to).filter(|_| self.fight.is_some()) {
                    self.player_attacks(index, &mut out);
                    self.pass_turn(&mut out);
                } else if self.level.level.tiles.is_walkable(to) {
                    self.player = to;
                    out.push(Outcome::Moved { from: here, to });
                    self.level.look_from(to);
                    // Stepping on an item picks it up.
                    self.pick_up(to, &mut out);
                    self.pass_turn(&mut out);
                } else {
                    out.push(Outcome::Bumped);
                }
            }
            PlayerAction::Wait => {
                out.push(Outcome::Waited);
                self.pass_turn(&mut out);
            }
            PlayerAction::PickUp => {
                if !self.pick_up(here, &mut out) {
                    out.push(notice("There is nothing here to pick up."));
                } else if self.fight.is_some() {
                    // Picking up costs a turn in a fight (stepping on an item is free).
                    self.pass_turn(&mut out);
                }
            }
            PlayerAction::Descend => {
                if tile_here == Some(Tile::DownStairs) && self.stairs_sealed() {
                    let name = self.must_find_name();
                    out.push(notice(&format!(
                        "The stairs are sealed. This level's {name} opens them; it lies somewhere in the open."
                    )));
                } else if tile_here == Some(Tile::DownStairs)
                    && self.fight.is_some()
                    && self.depth >= self.campaign.final_depth()
                {
                    self.descend_from_the_final_depth(&mut out);
                } else if tile_here == Some(Tile::DownStairs) && self.depth < MAX_DEPTH {
                    self.go_down(&mut out);
                } else if tile_here != Some(Tile::DownStairs) && self.fight.is_some() {
                    self.travel_to_stairs(Tile::DownStairs, &mut out);
                } else {
                    out.push(notice("There are no stairs down here."));
                }
            }
            PlayerAction::Ascend => match tile_here {
                Some(Tile::UpStairs) if self.depth > 1 => {
                    self.turns = self.turns.saturating_add(1);
                    let key = self.key_for(self.depth - 1);
                    self.enter(key, Arrival::DownStairs, ChangeReason::Ascend, &mut out);
                }
                Some(Tile::UpStairs) => out.push(notice(
                    "These stairs lead out of the dungeon; there is no going back.",
                )),
                _ if self.fight.is_some() => self.travel_to_stairs(Tile::UpStairs, &mut out),
                _ => out.push(notice("There are no stairs up here.")),
            },
            PlayerAction::Regenerate => {
                self.mark_designer();
                self.regenerations = self.regenerations.saturating_add(1);
                // Fresh seeds are 32-bit so that regenerated levels keep short keys.
                let seed = mix64(self.level.key.seed ^ mix64(self.regenerations)) >> 32;
                let key = LevelKey {
                    seed,
                    ..self.level.key.clone()
                };
                self.enter(key, Arrival::UpStairs, ChangeReason::Regenerate, &mut out);
            }
            PlayerAction::SwitchKind(kind) => {
                self.mark_designer();
                let key = LevelKey {
                    config: self.campaign.config_of_kind(kind),
                    ..self.level.key.clone()
                };
                self.enter(key, Arrival::UpStairs, ChangeReason::SwitchKind, &mut out);
            }
            PlayerAction::AdjustWalls(delta) => {
                self.mark_designer();
                if let GeneratorConfig::Cave(cave) = &self.level.key.config {
                    let mut cave = cave.clone();
                    cave.wall_percent = (cave.wall_percent as i32 + delta).clamp(0, 100) as u32;
                    out.push(notice(&format!("Wall percent {}.", cave.wall_percent)));
                    let key = LevelKey {
                        config: GeneratorConfig::Cave(cave),
                        ..self.level.key.clone()
                    };
                    self.enter(key, Arrival::UpStairs, ChangeReason::AdjustWalls, &mut out);
                } else {
                    out.push(notice(&format!(
                        "+ and - change a cave's walls; {}.",
                        how_to_get_a_cave()
                    )));
                }
            }
            PlayerAction::StepAutomaton => {
                self.mark_designer();
                self.step_watch(&mut out);
            }
            PlayerAction::StopWatching => {}
            PlayerAction::ShowKey => {
                out.push(notice(&format!("Level key {}", self.level.key.encode())));
            }
            PlayerAction::Save => out.push(Outcome::SaveWanted),
            PlayerAction::Load => out.push(Outcome::LoadWanted),
            PlayerAction::Use(slot) => self.use_item(slot, &mut out),
            PlayerAction::Drop(slot) => self.drop_item(slot, &mut out),
            PlayerAction::Explore => self.travel(Destination::Explore, &mut out),
            PlayerAction::Rest => self.rest(&mut out),
        }
        if !many_turns {
            self.notice_monsters_coming_into_view(&in_view_before, &mut out);
        }
        out
    }

    /// Goes down a depth (the stairs, or a hole dug): a turn, then the next depth's
    /// level at its up stairs. Its monsters do not act before the player's next turn.
    fn go_down(&mut self, out: &mut Vec<Outcome>) {
        self.turns = self.turns.saturating_add(1);
        let key = self.key_for(self.depth + 1);
        self.enter(key, Arrival::UpStairs, ChangeReason::Descend, out);
    }

    /// `>` or `<` away from those stairs: walk to them if they have been seen.
    fn travel_to_stairs(&mut self, stairs: Tile, out: &mut Vec<Outcome>) {
        match self.known_stairs(stairs) {
            Some(pos) => self.travel(Destination::Tile(pos), out),
            None => out.push(notice(if stairs == Tile::DownStairs {
                "You have not found the stairs down yet. (x explores.)"
            } else {
                "You have not seen the stairs up on this level."
            })),
        }
    }

    /// The final depth's down stairs, open (its must-find item found): the run is won.
    fn descend_from_the_final_depth(&mut self, out: &mut Vec<Outcome>) {
        self.turns = self.turns.saturating_add(1);
        if let Some(fight) = &mut self.fight {
            fight.end = Some(RunEnd::Won);
        }
        out.push(notice(&format!(
            "The way out opens before you. You escape the dungeon from depth {}: you win!",
            self.depth
        )));
        out.push(Outcome::RunEnded);
    }

    /// Picks up the item at `at`, if any; says whether one was taken. With monsters,
    /// gold goes to the purse and the level's must-find item opens its stairs; other
    /// items are carried, under their kind's letter.
    fn pick_up(&mut self, at: Pos, out: &mut Vec<Outcome>) -> bool {
        let Some(item) = self.level.take_item(at) else {
            return false;
        };
        out.push(Outcome::PickedUp { item, at });
        let table = self.campaign.loot_table();
        let kind = table.items().get(item);
        let depth = self.depth;
        let level_seed = self.level.key.level_seed();
        if let Some(fight) = &mut self.fight {
            if kind.is_some_and(|k| k.effect == crate::loot::Effect::Gold) {
                let amount = gold_amount(depth, level_seed, at);
                fight.gold = fight.gold.saturating_add(amount);
                out.push(notice(&format!(
                    "You pick up {amount} gold pieces (purse: {}).",
                    fight.gold
                )));
                return true;
            }
            if kind.is_some_and(|k| k.must_find) {
                fight.mark_found(depth);
                let name = table.true_name(item);
                out.push(notice(&if depth >= self.campaign.final_depth() {
                    format!(
                        "You take the {name}. The way out of the dungeon is open: the stairs down lead out."
                    )
                } else {
                    format!("You take the {name}: the stairs down are open.")
                }));
                return true;
            }
        }
        let disguise = self.knowledge().plain_name(item);
        let known_before = self.knowledge().knows(item);
        self.inventory.push(item);
        self.give_letter(item);
        let name = self.knowledge().name(item);
        out.push(notice(&format!("You pick up {}.", with_article(&name))));
        if !known_before && self.knowledge().knows(item) {
            // Two of a kind carried: the kind is known now, and the player is told.
            out.push(notice(&format!(
                "Two alike: the {disguise} is {}.",
                with_article(&name)
            )));
        }
        true
    }

    /// Puts the player on `key`'s level: the level left remembers what was taken and
    /// seen; the level entered finds what it remembers by its key. A level that cannot be
    /// made (or is too large to play) leaves the player where they are, told why.
    fn enter(
        &mut self,
        key: LevelKey,
        arrival: Arrival,
        reason: ChangeReason,
        out: &mut Vec<Outcome>,
    ) {
        let generated = match generate_for_play(&key, self.campaign.loot_table()) {
            Ok(level) => level,
            Err(Unplayable::TooLarge(e)) => {
                out.push(notice(&format!("Cannot go there: {e}.")));
                return;
            }
            Err(Unplayable::Generate(e)) => {
                out.push(notice(&format!("Cannot make that level: {e}")));
                return;
            }
        };
        self.memories
            .insert(self.level.key.encode(), self.level_memory());
        self.player = match arrival {
            Arrival::UpStairs => generated.up,
            Arrival::DownStairs => generated.down,
            Arrival::At(p) if generated.tiles.is_walkable(p) => p,
            Arrival::At(_) => generated.up,
        };
        let memory = self.memories.get(&key.encode()).cloned();
        self.level = LevelInPlay::new(key.clone(), generated, memory.as_ref());
        self.put_monsters(memory.as_ref());
        if self.wears_ring(crate::loot::RingPower::Searching) {
            self.reveal_items();
        }
        self.depth = key.depth;
        self.keys.insert(key.depth, key.clone());
        self.level.look_from(self.player);
        self.notice_monsters_in_view();
        out.push(Outcome::LevelEntered {
            depth: key.depth,
            key: key.clone(),
        });
        out.push(Outcome::Notice(arrival_notice(reason, &key)));
        self.seal_notice(out);
    }

    /// Space: the next stage of watching this cave form.
    fn step_watch(&mut self, out: &mut Vec<Outcome>) {
        let retries = self.level.level.report.retries;
        match next_step(&self.level.key, retries, self.watch.as_mut()) {
            WatchStep::NotACave => {
                out.push(notice(&format!(
                    "Space shows a cave forming; {}.",
                    how_to_get_a_cave()
                )));
            }
            WatchStep::Filled {
                watch,
                wall_percent,
            } => {
                self.watch = Some(watch);
                out.push(Outcome::Watching);
                out.push(notice(&format!(
                    "Random fill: {wall_percent}% walls. Space for the next pass, Esc for the finished cave."
                )));
            }
            WatchStep::Passed => {
                if let Some(watch) = &self.watch {
                    out.push(notice(&format!(
                        "Pass {} of {} of the 4-5 rule.",
                        watch.pass,
                        watch.passes()
                    )));
                }
                out.push(Outcome::Watching);
            }
            WatchStep::Finished => self.finish_watch(out),
        }
    }

    /// Ends a cave watch on the finished cave, the player where they stood.
    fn finish_watch(&mut self, out: &mut Vec<Outcome>) {
        self.watch = None;
        let key = self.level.key.clone();
        self.enter(
            key,
            Arrival::At(self.player),
            ChangeReason::FinishWatch,
            out,
        );
    }
}

/// What the cave tools tell on another kind of level: "press 1 for a cave" (the digit
/// that switches to caves).
fn how_to_get_a_cave() -> String {
    let cave = GeneratorKind::Cave;
    match cave.switch_digit() {
        Some(digit) => format!("press {digit} for {}", cave.info().with_article()),
        None => format!("switch to {}", cave.info().with_article()),
    }
}

fn notice(text: &str) -> Outcome {
    Outcome::Notice(text.to_owned())
}

/// Mixed into the seed of a heap of gold's amount.
const GOLD_SALT: u64 = 0x474f_4c44;

/// How many gold pieces the heap at `at` of a level holds: more deeper down (depth × 4
/// + 5 to depth × 12 + 4), fixed by the level's seed and the heap's place.
pub fn gold_amount(depth: u32, level_seed: u64, at: Pos) -> u32 {
    let place = (at.x as u32 as u64) << 32 | at.y as u32 as u64;
    let roll = mix64(level_seed ^ GOLD_SALT ^ mix64(place));
    depth * 4 + 5 + (roll % (u64::from(depth) * 8)) as u32
}
