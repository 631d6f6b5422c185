//! The run in a save file: the [`GameSave`] schema (the save payload's RON), taking a
//! snapshot of a run and putting a run back from one ([`RunState::restore`]). The save
//! slot writes and loads them ([`crate::records::slot::SaveSlot`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::level::{LevelInPlay, LevelMemory, check_play_size, generate_for_play};
use super::messages::Message;
use super::terrain::player_can_stand;
use super::{Chronicle, Fight, Rules, RunState};
use delve_levels::config::CampaignConfig;
use delve_levels::grid::Pos;
use delve_levels::key::LevelKey;
use delve_levels::loot::{Item, PlacedItem};
use delve_levels::monsters::{MONSTER_TABLE_EDITION, Mind, Monster};
use delve_levels::rng::MAX_DEPTH;

mod checks;
mod migrate;
mod origins;

pub use checks::MOST_HIT_POINTS;
pub(super) use checks::check_carried;
use checks::{
    MOST_MONSTER_ID, check_level_in_play, check_monsters, check_remembered_ground,
    check_terrain_changes,
};
pub use migrate::{GENERATION_OF_AN_OLDER_SAVE, GOLD_OF_AN_OLDER_SAVE};
use origins::LevelsGave;

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
    /// Where the player put items down, by position (absent when none, and in saves
    /// made before exploring told them apart: such items are explored to).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<Pos>,
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
    /// Found traps the player said travel and exploring may walk over, by position
    /// (absent when none, and in saves made before it was asked once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crossable: Vec<Pos>,
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
    /// Carried items, in pick-up order: each a loot table index, or `(index, plus)`
    /// for one with enchantments read into it.
    pub inventory: Vec<Item>,
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
pub(crate) fn bits_to_hex(bits: &[bool]) -> String {
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
pub(crate) fn hex_to_bits(hex: &str, len: usize) -> Option<Vec<bool>> {
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
            left: memory.left,
            seen: bits_to_hex(&memory.seen),
            monsters: memory.monsters,
            noticed: memory.noticed,
            found: memory.found,
            opened: memory.opened,
            crossable: memory.crossable,
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
}

impl RunState {
    /// Puts a run back from a save, checking that it makes sense (the error says what
    /// does not) and generating the level the player is on. In steps: the campaign and
    /// the save's generation are checked, the tables an older save plays by are put
    /// back ([`migrate`]), the remembered levels are read, the level in play is made
    /// again and checked ([`checks`]), and a run from an older delve is brought up to
    /// date.
    pub fn restore(save: GameSave) -> Result<RunState, String> {
        // A save that names its monster edition was written under today's rules: it
        // needs no bringing up to date (and a run begun below depth 1 has found nothing
        // above it, which an older save would mean otherwise).
        let written_under_todays_rules = save.monster_edition.is_some();
        check_campaign(&save.campaign)?;
        super::messages::check_saved_messages(&save.messages)?;
        let generation = migrate::generation_of(&save)?;
        if !(1..=MAX_DEPTH).contains(&save.depth) {
            return Err(format!("the player is on depth {}", save.depth));
        }
        let held = migrate::tables_held_by(&save, generation)?;
        let campaign = save.campaign.clone().with_held_tables(&held, "save")?;
        let (keys, mut memories) = saved_levels(&save, &campaign)?;
        let mut gave = check_remembered_levels(&save, &campaign, &keys, &memories)?;
        let level = saved_level_in_play(&save, &campaign, &keys, &mut memories, &mut gave)?;
        if save.fight.is_some() {
            check_allies_of(&save, &campaign, &gave.shackled)?;
        }
        origins::check_gold_spent(save.fight.as_ref(), &gave)?;
        let chronicle = saved_chronicle(&save, &keys)?;
        let rules = if save.fight.is_some() {
            Rules::Monsters
        } else {
            Rules::Peaceful
        };
        let mut run = RunState {
            campaign,
            depth: save.depth,
            keys,
            memories,
            regenerations: save.regenerations,
            inventory: save.inventory,
            turns: save.turns,
            player: save.position,
            level,
            watch: None,
            rules,
            fight: save.fight.unwrap_or_default(),
            generation,
            chronicle,
            rules_of_format: super::record::RECORDING_FORMAT,
        };
        if !written_under_todays_rules {
            run.bring_up_to_date();
        }
        run.move_enchantments_onto_items();
        // A pack saved before it held at most 26 kinds may have stacks past the 26th
        // without a letter: each gets one as soon as one is free (none is now).
        run.letter_everything();
        if generation.knew_two_alike() {
            run.keep_two_alike_known();
        }
        run.level.look_from(run.player);
        // The same rules a run in play keeps ([`RunState::broken_rule`]), of the whole
        // run as loaded.
        run.check_rules()?;
        Ok(run)
    }
}

/// Checks a saved campaign: it lists levels, each depth's config is valid and playable,
/// and its final depth is one a run can reach.
fn check_campaign(campaign: &CampaignConfig) -> Result<(), String> {
    if campaign.depths.is_empty() {
        return Err("the campaign lists no levels".into());
    }
    for (index, config) in campaign.depths.iter().enumerate() {
        config
            .validate()
            .map_err(|e| format!("depth {} of the campaign: {e}", index + 1))?;
        check_play_size(config).map_err(|e| format!("depth {} of the campaign: {e}", index + 1))?;
    }
    if !(1..=MAX_DEPTH).contains(&campaign.final_depth()) {
        return Err(format!(
            "the campaign's final depth {} is not 1 to {}",
            campaign.final_depth(),
            MAX_DEPTH
        ));
    }
    Ok(())
}

/// The saved levels: the key of each visited depth, and what every remembered level
/// remembers (by its encoded key), each checked.
fn saved_levels(
    save: &GameSave,
    campaign: &CampaignConfig,
) -> Result<(BTreeMap<u32, LevelKey>, BTreeMap<String, LevelMemory>), String> {
    let mut keys = BTreeMap::new();
    let mut memories = BTreeMap::new();
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
            check_monsters(
                &key,
                monsters,
                campaign.monster_table(),
                campaign.loot_table(),
            )
            .map_err(|e| format!("depth {}: {e}", level.depth))?;
        }
        if index < save.levels.len() && keys.insert(level.depth, key).is_some() {
            return Err(format!(
                "depth {} is saved twice among the visited levels",
                level.depth
            ));
        }
        let inside = |p: &Pos| p.x >= 0 && p.y >= 0 && p.x < w as i32 && p.y < h as i32;
        let places = (level.dropped.iter().map(|i| (&i.pos, "a dropped item")))
            .chain(level.taken.iter().map(|p| (p, "a taken item")))
            .chain(level.left.iter().map(|p| (p, "an item put down")))
            .chain(level.found.iter().map(|p| (p, "a found secret")))
            .chain(level.opened.iter().map(|p| (p, "an opened door")))
            .chain(level.crossable.iter().map(|p| (p, "a trap to cross")));
        for (at, what) in places {
            if !inside(at) {
                return Err(format!(
                    "depth {}: {what} at {at}, outside the {w}x{h} level",
                    level.depth
                ));
            }
        }
        if let Some(id) = level.noticed.iter().find(|&&id| id > MOST_MONSTER_ID) {
            return Err(format!(
                "depth {}: monster number {id} noticed (numbers go to {MOST_MONSTER_ID})",
                level.depth
            ));
        }
        if let Some(item) = level.dropped.iter().find(|i| i.price > 0) {
            return Err(format!(
                "depth {}: a dropped item of kind {} for sale at {} gold (a dropped item is never for sale)",
                level.depth, item.item, item.price
            ));
        }
        memories.insert(
            code,
            LevelMemory {
                taken: level.taken.clone(),
                dropped: level.dropped.clone(),
                left: level.left.clone(),
                seen,
                monsters: level.monsters.clone(),
                noticed: level.noticed.clone(),
                found: level.found.clone(),
                opened: level.opened.clone(),
                crossable: level.crossable.clone(),
            },
        );
    }
    Ok((keys, memories))
}

/// Checks every remembered level but the one in play (which
/// [`saved_level_in_play`] checks) against the level its key makes: monsters on ground
/// they can stand on, dropped items on open ground, taken items where the level had
/// loot, secrets found where something hides, doors opened where a door stands, no more
/// vault keys than were taken there, captives of the kinds it shackled. And in a run no
/// designer's tool touched, every level is of the run's own seed (a key of another seed
/// is a level the run never went to). Returns what those levels gave.
fn check_remembered_levels(
    save: &GameSave,
    campaign: &CampaignConfig,
    keys: &BTreeMap<u32, LevelKey>,
    memories: &BTreeMap<String, LevelMemory>,
) -> Result<LevelsGave, String> {
    let fight = save.fight.as_ref();
    if fight.is_some_and(|f| !f.designer)
        && let Some(key) = keys.values().find(|k| k.seed != campaign.seed)
    {
        return Err(format!(
            "depth {}: its level is of run seed {}, but the run's seed is {}",
            key.depth, key.seed, campaign.seed
        ));
    }
    let in_play = keys.get(&save.depth).map(LevelKey::encode);
    let mut gave = LevelsGave::default();
    for (code, memory) in memories {
        if Some(code) == in_play.as_ref() {
            continue;
        }
        let key = LevelKey::decode(code).map_err(|e| e.to_string())?;
        let depth = key.depth;
        let generated = generate_for_play(&key, campaign.loot_table(), campaign.vault_set())
            .map_err(|e| format!("depth {depth}: {e}"))?;
        let shackled = check_what_the_level_gave(save, campaign, &key, &generated, Some(memory), 0)
            .map_err(|e| format!("depth {depth}: {e}"))?;
        gave.add(shackled, &generated, Some(memory));
        let level = LevelInPlay::new(key, generated, Some(memory));
        check_terrain_changes(&level, memory).map_err(|e| format!("depth {depth}: {e}"))?;
        check_remembered_ground(
            &level,
            memory,
            campaign.monster_table(),
            campaign.loot_table(),
        )
        .map_err(|e| format!("depth {depth}: {e}"))?;
    }
    Ok(gave)
}

/// Checks a level, made again as `generated`, against what its memory says came of
/// what it was made with ([`origins`]): its vault keys (`carried` of them in the pack),
/// and, in a run with monsters, its captives. Returns the kinds it shackled, when they
/// are asked after: in a run with monsters, with a captive on this level or an ally on
/// any (populating a level again is the dearest part of these checks).
fn check_what_the_level_gave(
    save: &GameSave,
    campaign: &CampaignConfig,
    key: &LevelKey,
    generated: &delve_levels::generator::Level,
    memory: Option<&LevelMemory>,
    carried: usize,
) -> Result<Option<BTreeSet<usize>>, String> {
    let key_kind = campaign.loot_table().key_item();
    origins::check_level_keys(generated, memory, carried, key_kind)?;
    let monsters = memory
        .and_then(|m| m.monsters.as_deref())
        .unwrap_or_default();
    let captives_here = monsters.iter().any(|m| m.mind == Mind::Captive);
    let allies_anywhere = (save.levels.iter().chain(&save.remembered))
        .flat_map(|level| level.monsters.iter().flatten())
        .any(|m| m.mind == Mind::Ally);
    if save.fight.is_none() || !(captives_here || allies_anywhere) {
        return Ok(None);
    }
    let table = campaign.monster_table();
    let shackled = origins::shackled_kinds(key, generated, table);
    origins::check_captives(monsters, &shackled, table)?;
    Ok(Some(shackled))
}

/// Checks that every ally, on whichever level of the save it was left, is of a kind one
/// of the run's levels shackled (`shackled`).
fn check_allies_of(
    save: &GameSave,
    campaign: &CampaignConfig,
    shackled: &BTreeSet<usize>,
) -> Result<(), String> {
    for level in save.levels.iter().chain(&save.remembered) {
        let monsters = level.monsters.as_deref().unwrap_or_default();
        origins::check_allies(monsters, shackled, campaign.monster_table())
            .map_err(|e| format!("depth {}: {e}", level.depth))?;
    }
    Ok(())
}

/// The level the player is on, made again from its key and its memory (taken out of
/// `memories`: the level in play keeps its own until it is left, as in a live run), with
/// what is carried, where the player stands, the monsters and what the level gave
/// checked (and added to `gave`).
fn saved_level_in_play(
    save: &GameSave,
    campaign: &CampaignConfig,
    keys: &BTreeMap<u32, LevelKey>,
    memories: &mut BTreeMap<String, LevelMemory>,
    gave: &mut LevelsGave,
) -> Result<LevelInPlay, String> {
    let key = keys
        .get(&save.depth)
        .cloned()
        .ok_or_else(|| format!("no level saved for the current depth {}", save.depth))?;
    let generated = generate_for_play(&key, campaign.loot_table(), campaign.vault_set())
        .map_err(|e| format!("depth {}: {e}", save.depth))?;
    let player = save.position;
    let table = campaign.loot_table();
    check_carried(save.fight.as_ref(), &save.inventory, table, save.turns)?;
    let memory = memories.remove(&key.encode());
    let key_kind = table.key_item();
    let carried = (save.inventory.iter())
        .filter(|i| Some(i.kind) == key_kind)
        .count();
    let shackled =
        check_what_the_level_gave(save, campaign, &key, &generated, memory.as_ref(), carried)
            .map_err(|e| format!("depth {}: {e}", save.depth))?;
    gave.add(shackled, &generated, memory.as_ref());
    let mut level = LevelInPlay::new(key.clone(), generated, memory.as_ref());
    if let Some(memory) = &memory {
        check_terrain_changes(&level, memory).map_err(|e| format!("depth {}: {e}", save.depth))?;
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
    Ok(level)
}

/// The saved chronicle, which must have seen the deepest depth visited; a save without
/// one gets a chronicle of that depth.
fn saved_chronicle(save: &GameSave, keys: &BTreeMap<u32, LevelKey>) -> Result<Chronicle, String> {
    let deepest_visited = keys.keys().copied().max().unwrap_or(save.depth);
    match &save.chronicle {
        Some(chronicle) if chronicle.deepest != deepest_visited => Err(format!(
            "the chronicle's deepest depth is {}, but the deepest visited is depth {deepest_visited}",
            chronicle.deepest
        )),
        Some(chronicle) => Ok(chronicle.clone()),
        None => Ok(Chronicle {
            deepest: deepest_visited,
            ..Chronicle::default()
        }),
    }
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

        // The level in play's items keep a remembered level's rules (`check_ground_items`).
        let mut item_in_a_wall = run.clone();
        item_in_a_wall.level.put_item(wall, Item::plain(1));
        let broken = item_in_a_wall.broken_rule().unwrap();
        assert!(
            broken.contains("depth 1: an item lies in a wall"),
            "{broken}"
        );
        let mut unknown_item = run.clone();
        unknown_item.level.put_item(run.player, Item::plain(9999));
        let broken = unknown_item.broken_rule().unwrap();
        assert!(broken.contains("kind 9999"), "{broken}");

        let mut too_hale = run.clone();
        too_hale.fight.hp = too_hale.fight.max_hp + 1;
        assert!(too_hale.broken_rule().unwrap().contains("hit points"));

        let mut stranger = run;
        stranger.inventory.push(Item::plain(9999));
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
