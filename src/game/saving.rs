//! Saving and loading the game: the [`GameSave`] snapshot, F5 (written on a background
//! thread so the frame never waits for the disk) and F9.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::level::{
    Arrival, ChangeReason, CurrentLevel, Inventory, LevelChange, LevelMemory, PendingLevel, Run,
    Turns,
};
use super::{GameSystems, GridPos, Notice, Player, RunSettings};
use crate::config::CampaignConfig;
use crate::grid::Pos;
use crate::key::LevelKey;
use crate::rng::mix64;
use crate::save::{LoadedFrom, SaveError, load_validated, save_to_path};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRequest>().add_systems(
        Update,
        (handle_save_requests, report_finished_saves)
            .chain()
            .after(GameSystems::Act)
            .before(GameSystems::Generate),
    );
}

/// Asks for the game to be saved or loaded.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save to the save slot.
    Save,
    /// Load from the save slot.
    Load,
}

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

/// Unpacks [`bits_to_hex`]; `None` if a character is not hexadecimal.
pub fn hex_to_bits(hex: &str, len: usize) -> Option<Vec<bool>> {
    let mut bits = Vec::with_capacity(len);
    for c in hex.chars() {
        let v = c.to_digit(16)?;
        for i in 0..4 {
            bits.push(v >> (3 - i) & 1 == 1);
        }
    }
    bits.truncate(len);
    (bits.len() == len).then_some(bits)
}

/// Takes a snapshot of the game.
pub fn snapshot(
    run: &Run,
    current: &CurrentLevel,
    position: Pos,
    inventory: &Inventory,
    turns: &Turns,
) -> GameSave {
    let mut memories = run.memories.clone();
    memories.insert(
        current.key.encode(),
        LevelMemory {
            taken: current.taken(),
            seen: current.seen.clone(),
        },
    );
    let saved = |depth: u32, key: String, memory: LevelMemory| SavedLevel {
        depth,
        key,
        taken: memory.taken,
        seen: bits_to_hex(&memory.seen),
    };
    let levels: Vec<SavedLevel> = run
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
        campaign: run.campaign.clone(),
        depth: run.depth,
        position,
        inventory: inventory.0.clone(),
        turns: turns.0,
        regenerations: run.regenerations,
        levels,
        remembered,
    }
}

/// A restored game: the run, inventory, turns and the level change that puts the player
/// back.
pub type Restored = (Run, Inventory, Turns, LevelChange);

/// Reads the save at `path` and turns it into a game, through the one loading path of
/// [`crate::save::load_validated`]: when the save is missing, damaged or describes an
/// impossible game, its backup (`<path>.bak`, kept by every save) is restored instead,
/// and when that fails too, a complete temporary save a crash left behind. Says which
/// file it used ([`LoadedFrom::notice`] tells the player). Nothing is written.
pub fn restore(path: &Path) -> Result<(Restored, LoadedFrom), SaveError> {
    load_validated(path, restore_from)
}

/// Turns a decoded save into game state, checking that it makes sense (the error says
/// what does not).
pub fn restore_from(save: GameSave) -> Result<Restored, String> {
    let mut run = Run {
        campaign: save.campaign,
        depth: save.depth,
        keys: Default::default(),
        memories: Default::default(),
        regenerations: save.regenerations,
    };
    if run.campaign.depths.is_empty() {
        return Err("the campaign lists no levels".into());
    }
    for (index, level) in save.levels.iter().chain(&save.remembered).enumerate() {
        let key =
            LevelKey::decode(&level.key).map_err(|e| format!("depth {}: {e}", level.depth))?;
        super::level::check_play_size(&key.config)
            .map_err(|e| format!("depth {}: {e}", level.depth))?;
        let (w, h) = key.config.size();
        let tiles = w as usize * h as usize;
        let seen = hex_to_bits(&level.seen, tiles)
            .or_else(|| level.seen.is_empty().then(|| vec![false; tiles]))
            .ok_or_else(|| format!("depth {}: seen map does not fit the level", level.depth))?;
        let code = key.encode();
        if index < save.levels.len() {
            run.keys.insert(level.depth, key);
        }
        run.memories.insert(
            code,
            LevelMemory {
                taken: level.taken.clone(),
                seen,
            },
        );
    }
    let key = run
        .keys
        .get(&save.depth)
        .cloned()
        .ok_or_else(|| format!("no level saved for the current depth {}", save.depth))?;
    let change = LevelChange {
        depth: save.depth,
        key,
        arrival: Arrival::At(save.position),
        reason: ChangeReason::Load,
    };
    Ok((run, Inventory(save.inventory), Turns(save.turns), change))
}

/// Writes a save with the crash-safe writer; the scramble key changes with every save.
pub fn write_save(path: &Path, save: &GameSave) -> Result<(), SaveError> {
    save_to_path(path, save, mix64(save.campaign.seed ^ save.turns))
}

/// Saves finishing on background threads.
#[derive(Resource)]
pub struct SavesInFlight(
    Mutex<Receiver<(PathBuf, Result<(), String>)>>,
    std::sync::mpsc::Sender<(PathBuf, Result<(), String>)>,
);

impl Default for SavesInFlight {
    fn default() -> Self {
        let (tx, rx) = channel();
        SavesInFlight(Mutex::new(rx), tx)
    }
}

#[allow(clippy::too_many_arguments)]
fn handle_save_requests(
    mut commands: Commands,
    mut requests: MessageReader<SaveRequest>,
    settings: Res<RunSettings>,
    run: Option<Res<Run>>,
    current: Option<Res<CurrentLevel>>,
    player: Single<&GridPos, With<Player>>,
    inventory: Res<Inventory>,
    turns: Res<Turns>,
    mut pending: ResMut<PendingLevel>,
    in_flight: Option<Res<SavesInFlight>>,
    mut notices: MessageWriter<Notice>,
) {
    for request in requests.read() {
        match request {
            SaveRequest::Save => {
                let (Some(run), Some(current)) = (&run, &current) else {
                    continue;
                };
                let save = snapshot(run, current, player.0, &inventory, &turns);
                let path = settings.save_path.clone();
                let sender = match &in_flight {
                    Some(f) => f.1.clone(),
                    None => {
                        let flight = SavesInFlight::default();
                        let sender = flight.1.clone();
                        commands.insert_resource(flight);
                        sender
                    }
                };
                notices.write(Notice(format!("Saving to {}...", path.display())));
                std::thread::spawn(move || {
                    let result = write_save(&path, &save).map_err(|e| e.to_string());
                    let _ = sender.send((path, result));
                });
            }
            SaveRequest::Load => match restore(&settings.save_path) {
                Ok(((run, inventory, turns, change), from)) => {
                    commands.insert_resource(run);
                    commands.insert_resource(inventory);
                    commands.insert_resource(turns);
                    commands.remove_resource::<CurrentLevel>();
                    pending.0 = Some(change);
                    notices.write(Notice(from.notice(&settings.save_path)));
                }
                Err(e) => {
                    notices.write(Notice(format!(
                        "Cannot load {}: {e}",
                        settings.save_path.display()
                    )));
                }
            },
        }
    }
}

fn report_finished_saves(
    in_flight: Option<Res<SavesInFlight>>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(in_flight) = in_flight else {
        return;
    };
    let Ok(receiver) = in_flight.0.lock() else {
        return;
    };
    while let Ok((path, result)) = receiver.try_recv() {
        notices.write(Notice(match result {
            Ok(()) => format!("Saved to {}.", path.display()),
            Err(e) => format!("Save failed, the previous save is kept: {e}"),
        }));
    }
}
