//! The run in a save file: the [`GameSave`] schema (the save payload's RON), taking a
//! snapshot of a run and putting a run back from one — through the one loading path of
//! [`delve_levels::save::load_validated`], with its backup and temporary-file fall-backs.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::level::{LevelInPlay, LevelMemory, check_play_size, generate_for_play};
use super::messages::Message;
use super::terrain::{monster_can_stand, player_can_stand};
use super::{Fight, Rules, RunState};
use delve_levels::config::CampaignConfig;
use delve_levels::config::HeldTables;
use delve_levels::generator::Generation;
use delve_levels::grid::Pos;
use delve_levels::key::LevelKey;
use delve_levels::loot::{
    Effect, FIRST_EDITION_LOOT_RON, LootTable, PlacedItem, default_loot_table,
};
use delve_levels::monsters::{
    FIRST_EDITION_MONSTERS_RON, MONSTER_TABLE_EDITION, Monster, MonsterTable,
};
use delve_levels::rng::mix64;
use delve_levels::save::{LoadedFrom, SaveError, load_validated, save_to_path};
use delve_levels::schedule::Actor;

/// The generation a save without [`GameSave::generation`] goes on in: every such save
/// was made while generation 2 was the newest, and its run went on making levels by it.
pub const GENERATION_OF_AN_OLDER_SAVE: Generation = Generation::Second;

/// One visited level in a save: its key and what changed on it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SavedLevel {
    /// Depth.
    pub depth: u32,
    /// Level key (regenerates the level exactly).
    pub key: String,
    /// Items already taken, by position.
    pub taken: Vec<Pos>,
    /// Items the player dropped there (absent when none, and in older saves).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<PlacedItem>,
    /// Seen tiles as a hexadecimal bitmap, row by row.
    pub seen: String,
    /// The monsters as they were left (runs with monsters; absent in peaceful runs and
    /// in saves made before monsters existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monsters: Option<Vec<Monster>>,
    /// The numbers of the monsters the player has seen there (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub noticed: Vec<u32>,
    /// Secret doors and traps found there, by position (absent when none, and in saves
    /// made before terrain existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<Pos>,
    /// Doors opened there, by position (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opened: Vec<Pos>,
}

/// Everything needed to put a game back exactly as it was.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameSave {
    /// The campaign, with its master seed.
    pub campaign: CampaignConfig,
    /// The depth the player is on.
    pub depth: u32,
    /// The player's position.
    pub position: Pos,
    /// Carried items (loot table indices).
    pub inventory: Vec<usize>,
    /// Turns taken.
    pub turns: u64,
    /// Regenerations so far (feeds the next fresh seed).
    pub regenerations: u64,
    /// The level each visited depth has now.
    pub levels: Vec<SavedLevel>,
    /// Other levels visited and left (a depth regenerated or switched to another
    /// generator), so that returning to one by its key finds what was taken still gone.
    /// Absent in saves made before it existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remembered: Vec<SavedLevel>,
    /// The campaign's own loot table as RON, when it names one (so the save loads
    /// without the file). Absent for the embedded table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loot_table: Option<String>,
    /// The campaign's own monster table as RON, when it names one. Absent for the
    /// embedded table (and in every save made before campaigns could name one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monster_table: Option<String>,
    /// Hit points, kills, the turn schedule and the run's end, in a run with monsters.
    /// Absent in peaceful runs — and in saves made before monsters existed, which load
    /// as peaceful runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fight: Option<Fight>,
    /// The number of the generation the run's new levels are made in
    /// ([`RunState::generation`]). Absent for generation 2 — the generation of every save
    /// made before this field existed, whose runs went on in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<u64>,
    /// The newest messages of the run's log, so a continued run shows them again. Not
    /// part of the run's state (a snapshot leaves it empty; the front end fills it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<Message>,
    /// The run's chronicle (kills by kind, milestones, origin) for its morgue file and
    /// record. Absent in saves made before it existed: such a run's chronicle starts at
    /// its load, with the depths visited counted as reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chronicle: Option<super::Chronicle>,
    /// The campaign's own vault set as a vault file's RON, when it names one. Absent
    /// for the embedded set (and in every save made before vaults existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vault_set: Option<String>,
    /// The edition of the embedded monster table of the delve that wrote a run with
    /// monsters ([`MONSTER_TABLE_EDITION`]): the table the run plays when it holds none
    /// of its own. Absent in saves made before editions (before monster abilities):
    /// those runs go on with the first edition's table, which they were made with, and
    /// are brought up to the rules of a real run as such saves are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monster_edition: Option<u32>,
}

/// Packs booleans into a hexadecimal string.
pub fn bits_to_hex(bits: &[bool]) -> String {
    bits.chunks(4)
        .map(|c| {
            let v = c
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, &b)| acc | (b as u32) << (3 - i));
            char::from_digit(v, 16).unwrap_or('0')
        })
        .collect()
}

/// Unpacks [`bits_to_hex`] into `len` booleans; `None` if a character is not
/// hexadecimal or the string does not hold `len` bits (and no more than 3 extra).
pub fn hex_to_bits(hex: &str, len: usize) -> Option<Vec<bool>> {
    if hex.len() != len.div_ceil(4) {
        return None;
    }
    let mut bits = Vec::with_capacity(len + 3);
    for c in hex.chars() {
        let v = c.to_digit(16)?;
        for i in 0..4 {
            bits.push(v >> (3 - i) & 1 == 1);
        }
    }
    bits.truncate(len);
    (bits.len() == len).then_some(bits)
}

impl RunState {
    /// A snapshot of the run, as a save holds it.
    pub fn snapshot(&self) -> GameSave {
        let mut memories = self.memories.clone();
        memories.insert(self.level.key.encode(), self.level_memory());
        let saved = |depth: u32, key: String, memory: LevelMemory| SavedLevel {
            depth,
            key,
            taken: memory.taken,
            dropped: memory.dropped,
            seen: bits_to_hex(&memory.seen),
            monsters: memory.monsters,
            noticed: memory.noticed,
            found: memory.found,
            opened: memory.opened,
        };
        let levels = self
            .keys
            .iter()
            .map(|(&depth, key)| {
                let code = key.encode();
                let memory = memories.remove(&code).unwrap_or_default();
                saved(depth, code, memory)
            })
            .collect();
        // What is left are levels no depth shows now; their depth is in their key.
        let remembered = memories
            .into_iter()
            .filter_map(|(code, memory)| {
                let depth = LevelKey::decode(&code).ok()?.depth;
                Some(saved(depth, code, memory))
            })
            .collect();
        let held = self.campaign.held_tables();
        let monster_edition = self
            .rules
            .saves_the_fight()
            .then_some(MONSTER_TABLE_EDITION);
        GameSave {
            campaign: self.campaign.clone(),
            depth: self.depth,
            position: self.player,
            inventory: self.inventory.clone(),
            turns: self.turns,
            regenerations: self.regenerations,
            levels,
            remembered,
            loot_table: held.loot,
            monster_table: held.monsters,
            fight: self.rules.saves_the_fight().then(|| self.fight.clone()),
            generation: (self.generation != GENERATION_OF_AN_OLDER_SAVE)
                .then(|| self.generation.number()),
            messages: Vec::new(),
            chronicle: Some(self.chronicle.clone()),
            monster_edition,
            vault_set: held.vaults,
        }
    }

    /// Puts a run back from a save, checking that it makes sense (the error says what
    /// does not) and generating the level the player is on.
    pub fn restore(save: GameSave) -> Result<RunState, String> {
        // A save that names its monster edition was written under today's rules: it
        // needs no bringing up to date (and a run begun below depth 1 has found nothing
        // above it, which an older save would mean otherwise).
        let written_under_todays_rules = save.monster_edition.is_some();
        if save.campaign.depths.is_empty() {
            return Err("the campaign lists no levels".into());
        }
        for (index, config) in save.campaign.depths.iter().enumerate() {
            config
                .validate()
                .map_err(|e| format!("depth {} of the campaign: {e}", index + 1))?;
            check_play_size(config)
                .map_err(|e| format!("depth {} of the campaign: {e}", index + 1))?;
        }
        if !(1..=delve_levels::rng::MAX_DEPTH).contains(&save.campaign.final_depth()) {
            return Err(format!(
                "the campaign's final depth {} is not 1 to {}",
                save.campaign.final_depth(),
                delve_levels::rng::MAX_DEPTH
            ));
        }
        let generation = match save.generation {
            None => GENERATION_OF_AN_OLDER_SAVE,
            Some(number) => Generation::from_number(number).ok_or_else(|| {
                format!("the run's new levels are of generation {number}, which this delve does not know")
            })?,
        };
        if !(1..=delve_levels::rng::MAX_DEPTH).contains(&save.depth) {
            return Err(format!("the player is on depth {}", save.depth));
        }
        let monsters = match (&save.monster_table, save.monster_edition) {
            (Some(own), _) => Some(own.clone()),
            (None, Some(MONSTER_TABLE_EDITION)) => None,
            (None, Some(edition)) => {
                return Err(format!(
                    "the run plays edition {edition} of the monster table, which this delve does not know (it knows 1 and {MONSTER_TABLE_EDITION})"
                ));
            }
            // Made before editions: a run with monsters of the embedded table goes on
            // with the first edition of it.
            (None, None) => (save.fight.is_some() && save.campaign.monsters.is_none())
                .then(|| FIRST_EDITION_MONSTERS_RON.to_owned()),
        };
        // A run with the embedded loot table plays its generation's edition of it (the
        // first before generation 3).
        let first_edition =
            generation.embedded_loot_table().fingerprint() != default_loot_table().fingerprint();
        let loot = match &save.loot_table {
            Some(own) => Some(own.clone()),
            None if first_edition && save.campaign.loot.is_none() => {
                Some(FIRST_EDITION_LOOT_RON.to_owned())
            }
            None => None,
        };
        let held = HeldTables {
            loot,
            monsters,
            vaults: save.vault_set.clone(),
        };
        let campaign = save.campaign.clone().with_held_tables(&held, "save")?;
        let mut keys = std::collections::BTreeMap::new();
        let mut memories = std::collections::BTreeMap::new();
        for (index, level) in save.levels.iter().chain(&save.remembered).enumerate() {
            let key =
                LevelKey::decode(&level.key).map_err(|e| format!("depth {}: {e}", level.depth))?;
            if key.depth != level.depth {
                return Err(format!(
                    "depth {}: its level key is of depth {}",
                    level.depth, key.depth
                ));
            }
            check_play_size(&key.config).map_err(|e| format!("depth {}: {e}", level.depth))?;
            let (w, h) = key.config.size();
            let tiles = w as usize * h as usize;
            let seen = hex_to_bits(&level.seen, tiles)
                .or_else(|| level.seen.is_empty().then(|| vec![false; tiles]))
                .ok_or_else(|| format!("depth {}: seen map does not fit the level", level.depth))?;
            let code = key.encode();
            if let Some(monsters) = &level.monsters {
                check_monsters(&key, monsters, campaign.monster_table())
                    .map_err(|e| format!("depth {}: {e}", level.depth))?;
            }
            if index < save.levels.len() {
                keys.insert(level.depth, key);
            }
            let table = campaign.loot_table();
            if let Some(item) = level
                .dropped
                .iter()
                .find(|i| table.items().get(i.item).is_none())
            {
                return Err(format!(
                    "depth {}: a dropped item of unknown kind {}",
                    level.depth, item.item
                ));
            }
            memories.insert(
                code,
                LevelMemory {
                    taken: level.taken.clone(),
                    dropped: level.dropped.clone(),
                    seen,
                    monsters: level.monsters.clone(),
                    noticed: level.noticed.clone(),
                    found: level.found.clone(),
                    opened: level.opened.clone(),
                },
            );
        }
        let key = keys
            .get(&save.depth)
            .cloned()
            .ok_or_else(|| format!("no level saved for the current depth {}", save.depth))?;
        let generated = generate_for_play(&key, campaign.loot_table(), campaign.vault_set())
            .map_err(|e| format!("depth {}: {e}", save.depth))?;
        let player = save.position;
        let table = campaign.loot_table();
        check_carried(save.fight.as_ref(), &save.inventory, table, save.turns)?;
        // The level in play keeps its own memory until it is left (as in a live run).
        let memory = memories.remove(&key.encode());
        let mut level = LevelInPlay::new(key.clone(), generated, memory.as_ref());
        if let Some(memory) = &memory {
            check_terrain_changes(&level, memory)
                .map_err(|e| format!("depth {}: {e}", save.depth))?;
        }
        if !level.tile_at(player).is_some_and(player_can_stand) {
            return Err(format!(
                "the player stands at {}, which is not open ground on depth {}",
                save.position, save.depth
            ));
        }
        if save.fight.is_some() {
            let saved_monsters = memory.as_ref().and_then(|m| m.monsters.as_ref());
            if saved_monsters.is_some_and(|ms| ms.iter().any(|m| m.pos == player)) {
                return Err("a monster stands on the player".into());
            }
            level.populate(memory.as_ref(), player, campaign.monster_table());
            if let Some(fight) = &save.fight {
                check_level_in_play(&level, player, fight, campaign.monster_table())?;
            }
        }
        let rules = if save.fight.is_some() {
            Rules::Monsters
        } else {
            Rules::Peaceful
        };
        let deepest_visited = keys.keys().copied().max().unwrap_or(save.depth);
        let chronicle = match save.chronicle {
            Some(chronicle) if chronicle.deepest < deepest_visited => {
                return Err(format!(
                    "the chronicle's deepest depth is {}, but depth {deepest_visited} was visited",
                    chronicle.deepest
                ));
            }
            Some(chronicle) => chronicle,
            None => super::Chronicle {
                deepest: deepest_visited,
                ..super::Chronicle::default()
            },
        };
        let mut run = RunState {
            campaign,
            depth: save.depth,
            keys,
            memories,
            regenerations: save.regenerations,
            inventory: save.inventory,
            turns: save.turns,
            player,
            level,
            watch: None,
            rules,
            fight: save.fight.unwrap_or_default(),
            generation,
            chronicle,
        };
        if !written_under_todays_rules {
            run.bring_up_to_date();
        }
        if generation.knew_two_alike() {
            run.keep_two_alike_known();
        }
        run.level.look_from(run.player);
        Ok(run)
    }

    /// A run of a generation before the third knew every kind it carried two of (the
    /// "two alike" rule of those days): they stay known.
    fn keep_two_alike_known(&mut self) {
        for (kind, count) in super::items::inventory_stacks(&self.inventory) {
            if count >= 2
                && self.rules.items_work()
                && let Err(at) = self.fight.identified.binary_search(&kind)
            {
                self.fight.identified.insert(at, kind);
            }
        }
    }

    /// A run with monsters saved before the purse, the inventory letters and the
    /// must-find rule existed: its gold goes to the purse ([`GOLD_OF_AN_OLDER_SAVE`]
    /// a heap), its runes leave the inventory — every depth above counts as found, and
    /// this one if its item was taken — and every carried kind gets a letter, in the
    /// order its panel showed them.
    fn bring_up_to_date(&mut self) {
        if !self.rules.has_a_goal() {
            return;
        }
        let fight = &self.fight;
        let table = self.campaign.loot_table();
        let is = |kind: usize, test: fn(&delve_levels::loot::LootItem) -> bool| {
            table.items().get(kind).is_some_and(test)
        };
        let gold = self
            .inventory
            .iter()
            .filter(|&&k| is(k, |i| i.effect == Effect::Gold))
            .count() as u32;
        let runes = self.inventory.iter().any(|&k| is(k, |i| i.must_find));
        let nothing_found_below_the_first = fight.found.is_empty() && self.depth > 1;
        if gold == 0
            && !runes
            && !nothing_found_below_the_first
            && (!fight.letters.is_empty() || self.inventory.is_empty())
        {
            return;
        }
        let found_here = self.must_find_here().is_some_and(|_| {
            let taken = self.level.taken();
            self.level
                .level
                .loot
                .iter()
                .any(|i| is(i.item, |k| k.must_find) && taken.contains(&i.pos))
        });
        let depth = self.depth;
        self.inventory
            .retain(|&k| !is(k, |i| i.effect == Effect::Gold || i.must_find));
        let fight = &mut self.fight;
        fight.gold = fight
            .gold
            .saturating_add(gold.saturating_mul(GOLD_OF_AN_OLDER_SAVE));
        if runes || nothing_found_below_the_first {
            for above in 1..depth {
                fight.mark_found(above);
            }
        }
        if found_here {
            fight.mark_found(depth);
        }
        self.letter_everything();
    }
}

impl RunState {
    /// The first rule of a reachable state the run breaks, in words — `None` when every
    /// one holds. The same checks [`RunState::restore`] makes of a save, made of the run
    /// in play (nothing is generated), so that a fuzzer or a test can ask after every
    /// step whether the rules let the run get somewhere they never should.
    pub fn broken_rule(&self) -> Option<String> {
        self.check_rules().err()
    }

    fn check_rules(&self) -> Result<(), String> {
        // The dead may lie where no one can stand (lava, a burning lake).
        let died = matches!(self.end(), Some(super::RunEnd::Died { .. }));
        if !died
            && !self
                .level
                .tile_at(self.player)
                .is_some_and(player_can_stand)
        {
            return Err(format!(
                "the player stands at {}, which is not open ground",
                self.player
            ));
        }
        check_monsters(
            &self.level.key,
            &self.level.monsters,
            self.campaign.monster_table(),
        )?;
        let table = self.campaign.loot_table();
        if !self.rules.saves_the_fight() && self.fight != Fight::new() {
            return Err("a peaceful run's fight has changed (its rules never change it)".into());
        }
        let fight = self.rules.saves_the_fight().then_some(&self.fight);
        check_carried(fight, &self.inventory, table, self.turns)?;
        if let Some(fight) = fight {
            check_level_in_play(
                &self.level,
                self.player,
                fight,
                self.campaign.monster_table(),
            )?;
        }
        Ok(())
    }
}

/// Checks what is carried: every item of a kind the loot table has and, in a run with
/// monsters, the fight's numbers, what is worn and wielded, and letters that name
/// carried kinds.
pub(super) fn check_carried(
    fight: Option<&Fight>,
    inventory: &[usize],
    table: &LootTable,
    turns: u64,
) -> Result<(), String> {
    if let Some(&kind) = inventory.iter().find(|&&k| table.items().get(k).is_none()) {
        return Err(format!(
            "the inventory holds item {kind}, but the loot table has {} kinds",
            table.items().len()
        ));
    }
    if let Some(fight) = fight {
        check_fight(fight)?;
        check_equipment(fight, inventory, table, turns)?;
        if let Some(letter) = fight
            .letters
            .iter()
            .find(|(_, kind)| !inventory.contains(kind))
            .map(|(letter, _)| letter)
        {
            return Err(format!("inventory letter {letter:?} names nothing carried"));
        }
    }
    Ok(())
}

/// Checks the level in play of a run with monsters: nobody on the player or in a wall,
/// and a turn schedule that holds everyone on the level, each once, and nobody else.
fn check_level_in_play(
    level: &LevelInPlay,
    player: Pos,
    fight: &Fight,
    table: &MonsterTable,
) -> Result<(), String> {
    if level.monsters.iter().any(|m| m.pos == player) {
        return Err("a monster stands on the player".into());
    }
    if let Some(m) = level.monsters.iter().find(|m| {
        !level
            .tile_at(m.pos)
            .is_some_and(|t| monster_can_stand(m, table, t))
    }) {
        return Err(format!("a monster stands in a wall at {}", m.pos));
    }
    let scheduled = |actor| fight.schedule.contains(actor);
    if !scheduled(Actor::Player)
        || level
            .monsters
            .iter()
            .any(|m| !scheduled(Actor::Monster(m.id)))
    {
        return Err("the turn schedule does not hold everyone on the level".into());
    }
    fight.schedule.check()?;
    let stranger = fight.schedule.actors().find(|&actor| match actor {
        Actor::Player => false,
        Actor::Monster(id) => !level.monsters.iter().any(|m| m.id == id),
    });
    if let Some(stranger) = stranger {
        return Err(format!(
            "the turn schedule holds {stranger:?}, who is not on the level"
        ));
    }
    Ok(())
}

/// Checks what a level in play remembers changing on its ground: every tile found hid
/// something (a secret door or a trap) and every door opened was a door.
fn check_terrain_changes(level: &LevelInPlay, memory: &LevelMemory) -> Result<(), String> {
    if let Some(at) = memory.found.iter().find(|&&at| !level.has_found(at)) {
        return Err(format!(
            "found something hidden at {at}, where nothing hides"
        ));
    }
    if let Some(at) = memory
        .opened
        .iter()
        .find(|&&at| level.opened().binary_search(&at).is_err())
    {
        return Err(format!(
            "opened a door at {at}, where no closed door stands"
        ));
    }
    Ok(())
}

/// The gold pieces a heap of gold carried in a save from before the purse is worth.
pub const GOLD_OF_AN_OLDER_SAVE: u32 = 10;

/// Checks a saved level's monsters: each of a known kind, inside the level, alone on
/// its tile, with hit points within its kind's, ids unique. (Walls are checked for the
/// level in play, the only one generated on loading.)
fn check_monsters(
    key: &LevelKey,
    monsters: &[Monster],
    table: &MonsterTable,
) -> Result<(), String> {
    let (width, height) = key.config.size();
    let mut places = std::collections::BTreeSet::new();
    let mut ids = std::collections::BTreeSet::new();
    for m in monsters {
        let kind = table
            .kind(m.kind)
            .ok_or_else(|| format!("a monster of unknown kind {}", m.kind))?;
        if m.pos.x < 0 || m.pos.y < 0 || m.pos.x >= width as i32 || m.pos.y >= height as i32 {
            return Err(format!(
                "a {} stands outside the level at {}",
                kind.name, m.pos
            ));
        }
        if m.hp == 0 || m.hp > kind.hp {
            return Err(format!(
                "a {} has {} hit points (1 to {})",
                kind.name, m.hp, kind.hp
            ));
        }
        if !places.insert(m.pos) || !ids.insert(m.id) {
            return Err(format!("two monsters share a tile or a number ({})", m.pos));
        }
    }
    Ok(())
}

/// The most hit points a save may hold: far above what levelling up and a lifetime of
/// healing past full can reach, far below where arithmetic could overflow.
pub const MOST_HIT_POINTS: u32 = 100_000;

/// Checks the fight's numbers: hit points within the most, the most above zero and
/// within [`MOST_HIT_POINTS`], experience that reaches the level it says.
fn check_fight(fight: &Fight) -> Result<(), String> {
    if fight.max_hp > MOST_HIT_POINTS {
        return Err(format!(
            "the player has {} most hit points (at most {MOST_HIT_POINTS})",
            fight.max_hp
        ));
    }
    if fight.level >= 1
        && fight.level <= super::fight::MAX_LEVEL
        && (fight.xp < super::fight::xp_for_level(fight.level)
            || (fight.level < super::fight::MAX_LEVEL
                && fight.xp >= super::fight::xp_for_level(fight.level + 1)))
    {
        return Err(format!(
            "the player has {} experience, which is not experience level {}",
            fight.xp, fight.level
        ));
    }
    if fight.max_hp == 0 || fight.hp > fight.max_hp {
        return Err(format!(
            "the player has {} of {} hit points",
            fight.hp, fight.max_hp
        ));
    }
    if !(1..=super::fight::MAX_LEVEL).contains(&fight.level) {
        return Err(format!("the player is of experience level {}", fight.level));
    }
    if fight.hp == 0 && fight.end.is_none() {
        return Err("the player has no hit points but the run goes on".into());
    }
    let mut lettered = std::collections::BTreeSet::new();
    for (&letter, &kind) in &fight.letters {
        if !letter.is_ascii_lowercase() || !lettered.insert(kind) {
            return Err(format!(
                "inventory letter {letter:?} is not a letter a to z, or its kind has two"
            ));
        }
    }
    if let Some(depth) = fight
        .found
        .iter()
        .find(|&&d| d == 0 || d > delve_levels::rng::MAX_DEPTH)
    {
        return Err(format!("a must-find item found on depth {depth}"));
    }
    Ok(())
}

/// Whether a slot takes an item of this effect.
type SlotTakes = fn(Effect) -> bool;

/// Checks what is worn, wielded and identified against the inventory and the loot
/// table: each held item carried and of the kind its slot takes, the two rings
/// different, identified kinds and wand charges of kinds the table has, confusion no
/// longer than the table's strongest.
fn check_equipment(
    fight: &Fight,
    inventory: &[usize],
    table: &LootTable,
    turns: u64,
) -> Result<(), String> {
    let effect = |kind: usize| table.effect(kind);
    let slots: [(&str, Option<usize>, SlotTakes); 4] = [
        ("wielded", fight.weapon, |e: Effect| {
            matches!(e, Effect::Wield { .. })
        }),
        ("worn as armour", fight.armour, |e: Effect| {
            matches!(e, Effect::Armour(_) | Effect::HeavyArmour(_))
        }),
        ("worn as a ring", fight.ring, |e: Effect| {
            matches!(e, Effect::Ring(_))
        }),
        ("worn as a ring", fight.second_ring, |e: Effect| {
            matches!(e, Effect::Ring(_))
        }),
    ];
    for (how, held, fits) in slots {
        let Some(kind) = held else {
            continue;
        };
        if !inventory.contains(&kind) || !effect(kind).is_some_and(fits) {
            return Err(format!(
                "item {kind} is {how}, but is not carried or cannot be"
            ));
        }
    }
    if fight.ring.is_some() && fight.ring == fight.second_ring {
        return Err("one ring is worn on both hands".into());
    }
    if let Some(&kind) = fight.identified.iter().find(|&&k| effect(k).is_none()) {
        return Err(format!(
            "item {kind} is identified, but the loot table has no such kind"
        ));
    }
    for (&kind, &used) in &fight.wand_charges_used {
        let wand = effect(kind).is_some_and(Effect::is_wand);
        if !wand || used >= fight.charges_of(kind) {
            return Err(format!(
                "{used} charges used of item {kind}, which is not a wand with so many"
            ));
        }
    }
    if let Some(&kind) = fight
        .enchantments
        .keys()
        .chain(&fight.uncursed)
        .find(|&&k| effect(k).is_none())
    {
        return Err(format!(
            "item {kind} is enchanted or uncursed, but the loot table has no such kind"
        ));
    }
    let longest = table
        .items()
        .iter()
        .filter_map(|i| match i.effect {
            Effect::Confuse(turns) => Some(u64::from(turns)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    if fight.confused_until > turns.saturating_add(longest + 1) {
        return Err(format!(
            "the player is confused until turn {}, longer than anything confuses (turn {turns})",
            fight.confused_until
        ));
    }
    Ok(())
}

/// Loads the run saved at `path`: when the save is missing, damaged or describes an
/// impossible game, its backup, then a complete temporary save a crash left behind.
/// Says which file it used ([`LoadedFrom::notice`] tells the player). Writes nothing.
pub fn load_run(path: &Path) -> Result<(RunState, LoadedFrom), SaveError> {
    load_run_and_messages(path).map(|(run, _, from)| (run, from))
}

/// [`load_run`], with the messages the save kept of the run's log.
pub fn load_run_and_messages(
    path: &Path,
) -> Result<(RunState, Vec<Message>, LoadedFrom), SaveError> {
    let (loaded, from) = load_validated(path, |save: GameSave| {
        let messages = save.messages.clone();
        RunState::restore(save).map(|run| (run, messages))
    })?;
    Ok((loaded.0, loaded.1, from))
}

/// Writes a save with the crash-safe writer; the scramble key changes with every save.
pub fn write_save(path: &Path, save: &GameSave) -> Result<(), SaveError> {
    save_to_path(path, save, mix64(save.campaign.seed ^ save.turns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::PlayerAction;

    /// A run with monsters of seed `seed`, played a little by exploring.
    fn explored(seed: u64) -> RunState {
        let mut campaign = CampaignConfig::builtin();
        campaign.seed = seed;
        let mut run = RunState::start(campaign, None, Rules::Monsters)
            .expect("the run starts")
            .0;
        assert_eq!(run.broken_rule(), None, "a run the rules made breaks none");
        for _ in 0..20 {
            run.apply(PlayerAction::Explore);
            assert_eq!(run.broken_rule(), None, "nor one they played");
        }
        run
    }

    // Broken states are made here, inside the run model, because nothing outside it
    // (not even a test's staging) can make one.
    #[test]
    fn a_run_in_play_that_breaks_a_rule_names_it() {
        let run = explored(21);

        let mut monster_on_player = run.clone();
        let m = monster_on_player.level.monsters.first_mut();
        m.expect("depth 1 has monsters").pos = run.player;
        let broken = monster_on_player.broken_rule().unwrap();
        assert!(
            broken.contains("a monster stands on the player"),
            "{broken}"
        );

        let mut in_a_wall = run.clone();
        let tiles = &in_a_wall.level.level.tiles;
        let wall = (0..tiles.width() as i32)
            .map(|x| Pos::new(x, 0))
            .find(|&p| !tiles.is_walkable(p))
            .unwrap();
        in_a_wall.player = wall;
        assert!(in_a_wall.broken_rule().unwrap().contains("not open ground"));

        let mut too_hale = run.clone();
        too_hale.fight.hp = too_hale.fight.max_hp + 1;
        assert!(too_hale.broken_rule().unwrap().contains("hit points"));

        let mut stranger = run;
        stranger.inventory.push(9999);
        assert!(stranger.broken_rule().unwrap().contains("item 9999"));

        let mut campaign = CampaignConfig::builtin();
        campaign.seed = 21;
        let (mut peaceful, _) = RunState::start(campaign, None, Rules::Peaceful).unwrap();
        for _ in 0..20 {
            peaceful.apply(PlayerAction::Explore);
        }
        assert_eq!(
            peaceful.broken_rule(),
            None,
            "peaceful play keeps its fight as it was"
        );
        peaceful.fight.gold = 7;
        let broken = peaceful.broken_rule().unwrap();
        assert!(
            broken.contains("a peaceful run's fight has changed"),
            "{broken}"
        );
    }
}
