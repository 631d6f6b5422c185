//! The run in a save file: the [`GameSave`] schema (the save payload's RON), taking a
//! snapshot of a run and putting a run back from one — through the one loading path of
//! [`crate::save::load_validated`], with its backup and temporary-file fall-backs.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::RunState;
use super::level::{LevelInPlay, LevelMemory, check_play_size, generate_for_play};
use crate::config::CampaignConfig;
use crate::grid::Pos;
use crate::key::LevelKey;
use crate::loot::{LootFingerprint, LootTable, register};
use crate::rng::mix64;
use crate::save::{LoadedFrom, SaveError, load_validated, save_to_path};

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
    /// Seen tiles as a hexadecimal bitmap, row by row.
    pub seen: String,
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
        memories.insert(self.level.key.encode(), self.level.memory());
        let saved = |depth: u32, key: String, memory: LevelMemory| SavedLevel {
            depth,
            key,
            taken: memory.taken,
            seen: bits_to_hex(&memory.seen),
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
        GameSave {
            campaign: self.campaign.clone(),
            depth: self.depth,
            position: self.player,
            inventory: self.inventory.clone(),
            turns: self.turns,
            regenerations: self.regenerations,
            levels,
            remembered,
            loot_table: (self.campaign.loot_table().fingerprint() != LootFingerprint::embedded())
                .then(|| self.campaign.loot_table().to_ron()),
        }
    }

    /// Puts a run back from a save, checking that it makes sense (the error says what
    /// does not) and generating the level the player is on.
    pub fn restore(save: GameSave) -> Result<RunState, String> {
        if save.campaign.depths.is_empty() {
            return Err("the campaign lists no levels".into());
        }
        let mut campaign = save.campaign;
        match (&save.loot_table, &campaign.loot) {
            (Some(text), _) => {
                let table = LootTable::from_ron_str(text, "the save's loot table")
                    .map_err(|e| e.to_string())?;
                campaign = campaign.with_loot_table(register(table));
            }
            (None, Some(file)) => {
                return Err(format!(
                    "the campaign names loot table {file:?}, but the save does not hold it"
                ));
            }
            (None, None) => {}
        }
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
            if index < save.levels.len() {
                keys.insert(level.depth, key);
            }
            memories.insert(
                code,
                LevelMemory {
                    taken: level.taken.clone(),
                    seen,
                },
            );
        }
        let key = keys
            .get(&save.depth)
            .cloned()
            .ok_or_else(|| format!("no level saved for the current depth {}", save.depth))?;
        let generated =
            generate_for_play(&key).map_err(|e| format!("depth {}: {e}", save.depth))?;
        let player = if generated.tiles.is_walkable(save.position) {
            save.position
        } else {
            generated.up
        };
        let level = LevelInPlay::new(key.clone(), generated, memories.get(&key.encode()));
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
        };
        run.level.look_from(run.player);
        Ok(run)
    }
}

/// Loads the run saved at `path`: when the save is missing, damaged or describes an
/// impossible game, its backup, then a complete temporary save a crash left behind.
/// Says which file it used ([`LoadedFrom::notice`] tells the player). Writes nothing.
pub fn load_run(path: &Path) -> Result<(RunState, LoadedFrom), SaveError> {
    load_validated(path, RunState::restore)
}

/// Writes a save with the crash-safe writer; the scramble key changes with every save.
pub fn write_save(path: &Path, save: &GameSave) -> Result<(), SaveError> {
    save_to_path(path, save, mix64(save.campaign.seed ^ save.turns))
}
