//! The run as a pure model: its state (campaign, depth, the keys and memories of visited
//! levels, inventory, turns, the level in play, the player) and its rules as plain
//! functions. [`RunState::apply`] takes one [`PlayerAction`] and returns what came of it
//! as [`Outcome`]s; the ECS layer (`game`), the window, headless runs and tests only feed
//! it actions and show its state. What the player sees of it — the map, the status line,
//! the panels, the help and the keys — is the view's ([`crate::view`]). No Bevy in here.

mod abilities;
mod aim;
mod allies;
mod arrival;
mod arrivals;
mod chronicle;
mod combat;
mod deep_water;
mod designer;
mod doing;
mod effects;
mod equipment;
mod explore;
mod fight;
pub mod hunger;
mod inventory;
mod items;
mod level;
pub mod messages;
mod monster_turns;
mod pick_up;
mod player_action;
pub mod record;
mod rules;
pub mod save;
mod score;
mod shops;
mod staging;
mod stairs;
mod terrain;
mod threat;
mod throwing;
mod travel;
mod use_item;
mod watch;

use std::collections::BTreeMap;

pub use abilities::{
    BLINK_RECHARGE, FIGHT_NOISE, FLIT_ONE_IN, NOISE_WAKE_PERCENT, SNEAK_ATTACK_MULTIPLIER,
};
pub use aim::{Aim, BOLT_RANGE, LineOfFire, Missile, THROW_RANGE};
pub use allies::{ALLY_FOLLOWS_WITHIN, ALLY_KEEPS_WITHIN, ALLY_LEASH};
pub use arrival::{Arrival, ChangeReason, arrival_notice};
pub use arrivals::ARRIVAL_DISTANCE;
pub use chronicle::{Chronicle, Note, NoteKind, RunOrigin};
pub use deep_water::SWIMMER_DODGES_PERCENT;
pub use doing::Doing;
pub use explore::ITEM_HEAD_START;
pub use fight::{
    FULL_REGENERATION_TURNS, FULL_REGENERATION_TURNS_WITH_RING, Fight, HP_PER_LEVEL, MAX_LEVEL,
    MOST_ENCHANTMENTS, PLAYER_FIGHTER, PLAYER_HP, REGENERATION_TURNS, RunEnd, WAND_CHARGES,
    healed_on_turn, turns_to_heal_fully, xp_for_level,
};
pub use items::{
    ItemKnowledge, inventory_stacks, stack_letter, stack_of_letter, with_article,
    with_kind_article, with_plus,
};
pub use level::{
    CAPTIVE_FROM_DEPTH, CAPTIVE_PERCENT, LevelInPlay, LevelMemory, MAX_PLAY_TILES, SIGHT_RADIUS,
    Sight, TooLargeToPlay, Unplayable, check_play_size, generate_for_play, tiles_in_play,
    vault_monsters,
};
pub use monster_turns::{CLOSE_WAKE_PERCENT, MapCache, WAKE_DISTANCE, WAKE_PERCENT};
pub use pick_up::gold_amount;
pub use player_action::PlayerAction;
pub use rules::Rules;
pub use save::{GameSave, SavedLevel};
pub use score::score;
pub use terrain::StepRisk;
pub use threat::{Menace, THREAT_TURNS};
pub use throwing::{THROWN_THING_DAMAGE, THROWN_WEAPON_AIM};
pub use travel::Route;
pub use watch::CaveWatch;

pub use staging::Staging;

use delve_levels::config::CampaignConfig;
use delve_levels::generator::{GenError, Generation};
use delve_levels::grid::{Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::loot::Item;
use travel::Destination;

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
    /// The player asked to load (F9); the front end replaces the run with the save slot's run
    /// ([`crate::records::slot::SaveSlot::load`]).
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

/// The whole run. Its state is private: the rules below change it, [`RunState::restore`]
/// checks a saved one before it becomes a run, and everything else reads it through the
/// accessors. Tests and tools set up situations through [`RunState::stage`], which keeps
/// the same invariants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunState {
    /// The campaign being played.
    campaign: CampaignConfig,
    /// Current depth (1 = first).
    depth: u32,
    /// The key of each visited depth (a regenerated level keeps its new key).
    keys: BTreeMap<u32, LevelKey>,
    /// What each visited level remembers, by its encoded key — so that a level reached
    /// again by any route (the stairs, `R`, `1` `2` `3`, `+` `-`) keeps what the player
    /// took from it. The level in play keeps its own until it is left.
    memories: BTreeMap<String, LevelMemory>,
    /// How many times a level was regenerated with `R` (feeds fresh seeds).
    regenerations: u64,
    /// Items carried (loot table indices), in pick-up order.
    inventory: Vec<Item>,
    /// Turns taken.
    turns: u64,
    /// Where the player stands.
    player: Pos,
    /// The level the player is on.
    level: LevelInPlay,
    /// The cave automaton being watched, if Space was pressed.
    watch: Option<CaveWatch>,
    /// The rules the run is played by (what [`Rules`] leaves out does not happen).
    rules: Rules,
    /// Hit points, kills, the turn schedule, the purse and the run's end. A peaceful run
    /// has one too, which its rules never change (and its saves leave out).
    fight: Fight,
    /// The generation the run's new levels are made in: the one it started in, so that a
    /// run saved or recorded under one delve goes on by the same rules under a later one.
    generation: Generation,
    /// What the run's morgue file and record tell: kills by kind, milestones, origin.
    chronicle: Chronicle,
    /// The recording format whose rules the run plays by: [`record::RECORDING_FORMAT`]
    /// for a run in play (a loaded save too), an older one's while a recording of it
    /// replays ([`record::Recording`]), so that it keeps the rules it was played by
    /// (teleports behind locks, deep water that keeps what it takes). Never saved.
    rules_of_format: u32,
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
                // The run draws its loot from the key's table: the campaign's, or an
                // edition of the embedded one (for any other, generating says which
                // table it needs).
                if let Some(embedded) = key.loot.embedded_edition() {
                    campaign = campaign.with_loot_table(embedded.clone());
                }
                // And its vaults likewise.
                if key.vaults == delve_levels::vaults::VaultFingerprint::embedded() {
                    campaign = campaign.with_embedded_vault_set();
                }
                key
            }
            None => {
                // A run of an older generation with the embedded loot table plays that
                // generation's edition of it.
                let embedded = delve_levels::loot::LootFingerprint::embedded();
                if campaign.loot.is_none() && campaign.loot_table().fingerprint() == embedded {
                    campaign = campaign.with_loot_table(generation.embedded_loot_table().clone());
                }
                LevelKey::new(campaign.config_at(1).clone(), 1, campaign.seed)
                    .in_generation(generation)
                    .under(campaign.loot_table())
                    .with_vaults(campaign.vault_set())
            }
        };
        let generated = generate_for_play(&key, campaign.loot_table(), campaign.vault_set())
            .map_err(|e| match e {
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
            rules,
            fight: Fight::new(),
            generation,
            chronicle: Chronicle::default(),
            rules_of_format: record::RECORDING_FORMAT,
        };
        run.note_arrival();
        run.put_monsters(None, Vec::new(), &mut Vec::new());
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
    pub fn replace_with(&mut self, mut loaded: RunState) -> Outcome {
        loaded.chronicle = self.chronicle_of_loaded(&loaded);
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
            .with_vaults(self.campaign.vault_set())
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
        self.rules
    }

    /// The campaign being played.
    pub fn campaign(&self) -> &CampaignConfig {
        &self.campaign
    }

    /// The depth the player is on (1 = first).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The key of each visited depth (a regenerated level keeps its new key).
    pub fn keys(&self) -> &BTreeMap<u32, LevelKey> {
        &self.keys
    }

    /// What each visited level remembers, by its encoded key (the level in play keeps
    /// its own in [`RunState::level`] until it is left).
    pub fn memories(&self) -> &BTreeMap<String, LevelMemory> {
        &self.memories
    }

    /// How many times a level was regenerated with `R`.
    pub fn regenerations(&self) -> u64 {
        self.regenerations
    }

    /// The items carried, in pick-up order.
    pub fn inventory(&self) -> &[Item] {
        &self.inventory
    }

    /// Turns taken.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// Where the player stands.
    pub fn player(&self) -> Pos {
        self.player
    }

    /// The level the player is on: its tiles, items, monsters and what the player has
    /// seen of it.
    pub fn level(&self) -> &LevelInPlay {
        &self.level
    }

    /// The cave automaton being watched, if Space was pressed.
    pub fn watch(&self) -> Option<&CaveWatch> {
        self.watch.as_ref()
    }

    /// Hit points, kills, equipment, the purse and the run's end (in a peaceful run, as
    /// they were at its start: its rules never change them).
    pub fn fight(&self) -> &Fight {
        &self.fight
    }

    /// The generation the run's new levels are made in.
    pub fn generation(&self) -> Generation {
        self.generation
    }

    /// How the run ended, if it has.
    pub fn end(&self) -> Option<&RunEnd> {
        self.fight.end.as_ref()
    }

    /// What the level in play remembers when left (its monsters too, with monsters).
    fn level_memory(&self) -> LevelMemory {
        if self.rules.has_monsters() {
            self.level.memory_with_monsters()
        } else {
            self.level.memory()
        }
    }

    /// With monsters: puts the level's monsters on it (from `memory`, or spawned), the
    /// allies that came along around the player, and starts its turn schedule.
    fn put_monsters(
        &mut self,
        memory: Option<&LevelMemory>,
        followers: Vec<delve_levels::monsters::Monster>,
        out: &mut Vec<Outcome>,
    ) {
        if self.rules.has_monsters() {
            if memory.and_then(|m| m.monsters.as_ref()).is_none() {
                self.stock_the_larder();
            }
            self.level
                .populate(memory, self.player, self.campaign.monster_table());
            self.allies_arrive(followers, out);
            self.fight
                .schedule_level(&self.level.monsters, self.campaign.monster_table());
        }
    }

    /// A turn passed: count it (saying when confusion wears off) and let the monsters
    /// act.
    fn pass_turn(&mut self, out: &mut Vec<Outcome>) {
        self.turns = self.turns.saturating_add(1);
        if self.fight.confused_until == self.turns {
            out.push(notice(
                "You feel less dizzy: your steps go where you mean again.",
            ));
        }
        self.monsters_act(out);
    }

    /// The item kinds identified by use (none in a peaceful run).
    pub fn identified(&self) -> &[usize] {
        &self.fight.identified
    }

    /// What the player knows of the item kinds now.
    pub fn knowledge(&self) -> ItemKnowledge<'_> {
        ItemKnowledge::new(
            self.campaign.loot_table(),
            self.campaign.seed,
            self.generation.disguise_order(),
            self.identified(),
        )
    }

    /// The names of everything carried, as the player knows them.
    pub fn inventory_names(&self) -> Vec<String> {
        let knowledge = self.knowledge();
        self.inventory
            .iter()
            .map(|&i| knowledge.item_name(i))
            .collect()
    }

    /// Applies one action with the turn rules and returns what came of it: each verb is
    /// one method, here or in the module of its rules (stairs, designer tools, items,
    /// travel).
    pub fn apply(&mut self, action: PlayerAction) -> Vec<Outcome> {
        let mut out = Vec::new();
        if let Some(why) = action.why_no_key_gives_it() {
            // Nothing a front end sends: no turn, nothing done.
            out.push(notice(&format!("That is not an action: {why}.")));
            return out;
        }
        if self.watch.is_some() && action != PlayerAction::StepAutomaton {
            // Any other action ends the watch on the finished cave (and is spent so).
            self.finish_watch(&mut out);
            return out;
        }
        if self.end().is_some() {
            self.apply_after_the_end(action, &mut out);
            return out;
        }
        let in_view_before = self.monster_ids_in_view();
        let shops_before = self.shops_seen();
        let before = self.before_action();
        // Travel and rest tell of what came into view at the step it came (and stop).
        let many_turns = match action {
            PlayerAction::Explore
            | PlayerAction::Rest
            | PlayerAction::Search
            | PlayerAction::TravelTo(_)
            | PlayerAction::TravelOverTraps(_)
            | PlayerAction::ExploreOverTraps => true,
            PlayerAction::Descend => self.stairs_key_travels(Tile::DownStairs),
            PlayerAction::Ascend => self.stairs_key_travels(Tile::UpStairs),
            _ => false,
        };
        match action {
            PlayerAction::Move(dx, dy) => self.move_or_attack(dx, dy, &mut out),
            PlayerAction::Wait => {
                out.push(Outcome::Waited);
                self.pass_turn(&mut out);
            }
            PlayerAction::PickUp => self.pick_up_here(&mut out),
            PlayerAction::Descend => self.descend(&mut out),
            PlayerAction::Ascend => self.ascend(&mut out),
            PlayerAction::Regenerate => self.regenerate(&mut out),
            PlayerAction::SwitchKind(kind) => self.switch_kind(kind, &mut out),
            PlayerAction::AdjustWalls(delta) => self.adjust_walls(delta, &mut out),
            PlayerAction::StepAutomaton => self.step_watch(&mut out),
            PlayerAction::StopWatching => {}
            PlayerAction::ShowKey => self.show_key(&mut out),
            PlayerAction::Save => out.push(Outcome::SaveWanted),
            PlayerAction::Load => out.push(Outcome::LoadWanted),
            PlayerAction::Use(slot) => self.use_item(slot, Aim::Nearest, &mut out),
            PlayerAction::UseAt(slot, at) => self.use_item(slot, Aim::At(at), &mut out),
            PlayerAction::UseOn(slot, other) => self.use_item(slot, Aim::On(other), &mut out),
            PlayerAction::Throw(slot, at) => self.throw_item(slot, at, &mut out),
            PlayerAction::Drop(slot) => self.drop_item(slot, &mut out),
            PlayerAction::Explore => self.travel(Destination::Explore, &mut out),
            PlayerAction::TravelTo(to) => self.travel(Destination::Tile(to), &mut out),
            PlayerAction::TravelOverTraps(to) => self.travel_over_traps(to, &mut out),
            PlayerAction::ExploreOverTraps => self.explore_over_traps(&mut out),
            PlayerAction::Rest => self.rest(&mut out),
            PlayerAction::Search => self.search(&mut out),
        }
        let entered = out
            .iter()
            .any(|o| matches!(o, Outcome::LevelEntered { .. }));
        if !many_turns && !entered {
            // (Arriving tells of the new level's shops itself.)
            self.notice_shops_coming_into_view(&shops_before, &mut out);
        }
        if !many_turns {
            self.notice_monsters_coming_into_view(&in_view_before, &mut out);
        }
        self.note_changes(before);
        out
    }

    /// After the run's end the end screen offers loading and the key; nothing else does
    /// anything.
    fn apply_after_the_end(&mut self, action: PlayerAction, out: &mut Vec<Outcome>) {
        match action {
            PlayerAction::Load => out.push(Outcome::LoadWanted),
            PlayerAction::ShowKey => self.show_key(out),
            PlayerAction::Save => out.push(notice(
                "The run is over: it is not saved, and your last save is kept.",
            )),
            _ => {}
        }
    }

    /// A step by (`dx`, `dy`) — astray while confused: into a monster attacks it (into a
    /// captive frees it, into an ally trades places), onto floor moves (picking up what
    /// lies there), into a wall bumps (no turn; a confused stumble into one takes it).
    fn move_or_attack(&mut self, dx: i32, dy: i32, out: &mut Vec<Outcome>) {
        let staggered = self.confused();
        let (dx, dy) = if staggered { self.stagger() } else { (dx, dy) };
        let to = self.player.offset(dx, dy);
        let there = (self.level.monster_at(to))
            .filter(|_| self.rules.has_monsters())
            .map(|index| (index, self.level.monsters[index].mind));
        use delve_levels::monsters::Mind;
        match there {
            Some((index, Mind::Captive)) => self.free_captive(index, out),
            Some((index, Mind::Ally)) => self.swap_with_ally(index, out),
            Some((index, _)) => {
                self.player_attacks(index, out);
                self.pass_turn(out);
                if self.weapon_style() == delve_levels::loot::WeaponStyle::Heavy
                    && self.end().is_none()
                {
                    // A heavy blow takes a second turn.
                    self.pass_turn(out);
                }
            }
            None => {
                let (from, turns) = (self.player, self.turns);
                // What the ground there does (`terrain.rs`); stepping on an item picks
                // it up.
                self.step_onto(to, staggered, out);
                if staggered && self.player == from && self.turns == turns && self.end().is_none() {
                    // A clear-headed bump into a wall takes no turn; a confused one is a
                    // stumble that does (else every key would bump the same wall, since
                    // the stagger is drawn from the turn).
                    out.push(notice("You stagger into the wall."));
                    self.pass_turn(out);
                }
                if self.player != from && self.wears_heavy_armour() && self.end().is_none() {
                    self.make_noise(self.player, delve_levels::loot::HEAVY_ARMOUR_NOISE, out);
                }
            }
        }
    }

    /// `k`: the key of the level in play, said.
    fn show_key(&self, out: &mut Vec<Outcome>) {
        out.push(notice(&format!("Level key {}", self.level.key.encode())));
    }

    /// A vault key opens only the locks of its own level: leaving the level, the player
    /// leaves every one carried where the level's key lay, and is told.
    fn leave_vault_keys_behind(&mut self, out: &mut Vec<Outcome>) {
        let Some(key) = self.campaign.loot_table().key_item() else {
            return;
        };
        let key = Item::plain(key);
        let carried = self.inventory.iter().filter(|&&item| item == key).count();
        if carried == 0 {
            return;
        }
        let home = self
            .level
            .level
            .vaults
            .iter()
            .find_map(|vault| vault.key)
            .unwrap_or(self.player);
        for _ in 0..carried {
            self.use_up(key);
            self.level.put_item(home, key);
        }
        out.push(notice(&format!(
            "The vault key stays behind where you found it: it opens only the locks of depth {}.",
            self.depth
        )));
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
        let generated =
            match generate_for_play(&key, self.campaign.loot_table(), self.campaign.vault_set()) {
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
        self.leave_vault_keys_behind(out);
        // Allies near the player take the stairs with them; a fall or a new level made
        // in place leaves them where they are.
        let followers = match reason {
            ChangeReason::Descend | ChangeReason::Ascend if self.rules.has_monsters() => {
                self.allies_who_follow()
            }
            _ => Vec::new(),
        };
        self.memories
            .insert(self.level.key.encode(), self.level_memory());
        self.player = match arrival {
            Arrival::UpStairs => generated.up,
            Arrival::DownStairs => generated.down,
            Arrival::At(p) if generated.tiles.is_walkable(p) => p,
            Arrival::At(_) => generated.up,
            Arrival::Fallen(draw) => arrival::landing_spot(&generated, draw),
            Arrival::Nearest(p) => arrival::nearest_reachable(&generated, p),
        };
        let memory = self.memories.get(&key.encode()).cloned();
        self.level = LevelInPlay::new(key.clone(), generated, memory.as_ref());
        let mut came_along = Vec::new();
        self.put_monsters(memory.as_ref(), followers, &mut came_along);
        if self.wears_ring(delve_levels::loot::RingPower::Searching) {
            self.reveal_items();
        }
        self.depth = key.depth;
        self.keys.insert(key.depth, key.clone());
        let shops_before = self.shops_seen();
        self.level.look_from(self.player);
        self.notice_monsters_in_view();
        out.push(Outcome::LevelEntered {
            depth: key.depth,
            key: key.clone(),
        });
        out.push(Outcome::Notice(arrival_notice(reason, &key)));
        self.seal_notice(out);
        self.notice_shops_coming_into_view(&shops_before, out);
        out.extend(came_along);
    }
}

fn notice(text: &str) -> Outcome {
    Outcome::Notice(text.to_owned())
}
