//! The save slot: where quitting saves the run in progress, F5 saves and F9 and Continue
//! load — one entry of a [`Storage`] (`delve.sav` in the data folder, the same name in
//! the browser's storage, or any file `--save` names). Saving keeps the previous good
//! save as `<name>.bak`; loading falls back to it, then to a complete `<name>.tmp` an
//! interrupted save left behind, and says which it used.

use std::path::PathBuf;
use std::sync::Arc;

use delve_levels::rng::mix64;
use delve_levels::save::{LoadedFrom, SaveError, decode_save, decode_save_bytes, encode_save};

use super::storage::{Folder, Storage, StorageError};
use crate::run::messages::Message;
use crate::run::{GameSave, RunState};

/// One entry of a storage that holds a save of a run.
#[derive(Clone, Debug)]
pub struct SaveSlot {
    storage: Arc<dyn Storage>,
    name: String,
}

/// A run loaded from a slot: the run, the messages its save kept of its log, and which
/// entry it came from.
pub type Loaded = (RunState, Vec<Message>, LoadedFrom);

impl SaveSlot {
    /// The entry `name` of `storage`.
    pub fn new(storage: Arc<dyn Storage>, name: impl Into<String>) -> SaveSlot {
        SaveSlot {
            storage,
            name: name.into(),
        }
    }

    /// The save file at `path` (its backup and temporary file beside it).
    pub fn file(path: impl Into<PathBuf>) -> SaveSlot {
        let (folder, name) = Folder::containing(&path.into());
        SaveSlot::new(Arc::new(folder), name)
    }

    /// Where the save is kept, for messages (the file's path on the desktop).
    pub fn place(&self) -> PathBuf {
        self.storage.place(&self.name)
    }

    /// The save's entry name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The storage the slot is in.
    pub fn storage(&self) -> &Arc<dyn Storage> {
        &self.storage
    }

    /// The bytes of the save as stored (to download it), if there is one.
    pub fn bytes(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.storage.read(&self.name).map_err(save_error)
    }

    /// Saves `save`, scrambled with a key that changes with every save, so that the
    /// slot holds the new save whole or — when saving fails, even by a crash — the old
    /// one: writers take turns ([`Storage::turn`]); a valid current save becomes the
    /// backup `<name>.bak` (a damaged one never replaces a good backup); then the new
    /// save replaces the current one whole.
    pub fn save(&self, save: &GameSave) -> Result<(), SaveError> {
        self.write_bytes(&SaveSlot::encode(save)?)
    }

    /// The bytes of a save file of `save`, scrambled with a key that changes with every
    /// turn.
    pub fn encode(save: &GameSave) -> Result<Vec<u8>, SaveError> {
        encode_save(save, mix64(save.campaign.seed ^ save.turns))
    }

    /// Puts `bytes`, a save file (uploaded, or moved from another machine), in the slot
    /// as [`SaveSlot::save`] does — after checking that it holds a run that can be
    /// played, so a bad file never replaces a good save.
    pub fn put_file(&self, bytes: &[u8]) -> Result<(), SaveError> {
        let save: GameSave = decode_save(bytes)?;
        RunState::restore(save).map_err(SaveError::Impossible)?;
        self.write_bytes(bytes)
    }

    fn write_bytes(&self, bytes: &[u8]) -> Result<(), SaveError> {
        let _turn = self.storage.turn(&self.name).map_err(save_error)?;
        self.keep_backup()?;
        self.storage.write(&self.name, bytes).map_err(save_error)
    }

    /// Makes the current save, if it is valid, the backup.
    fn keep_backup(&self) -> Result<(), SaveError> {
        let Some(current) = self.storage.read(&self.name).map_err(save_error)? else {
            return Ok(());
        };
        if decode_save_bytes(&current).is_err() {
            return Ok(());
        }
        self.storage
            .write(&self.backup_name(), &current)
            .map_err(save_error)
    }

    /// Loads the run in the slot: when the save is missing, damaged or describes an
    /// impossible game, its backup, then a complete temporary save a crash left behind
    /// (never instead of a usable save or backup). Says which it used
    /// ([`SaveSlot::notice`] tells the player); fails naming the save's and the backup's
    /// problems. Writes nothing.
    pub fn load(&self) -> Result<Loaded, SaveError> {
        let main_error = match self.load_entry(&self.name) {
            Ok(Some((run, messages))) => return Ok((run, messages, LoadedFrom::Main)),
            Ok(None) => self.missing(),
            Err(e) => e,
        };
        let backup_error = match self.load_entry(&self.backup_name()) {
            Ok(Some((run, messages))) => {
                return Ok((run, messages, LoadedFrom::Backup { main_error }));
            }
            Ok(None) => None,
            Err(e) => Some(e),
        };
        if let Ok(Some((run, messages))) = self.load_entry(&format!("{}.tmp", self.name)) {
            let backup_error = backup_error.unwrap_or_else(|| SaveError::Io {
                path: self.storage.place(&self.backup_name()),
                action: "read the backup",
                message: "there is none".into(),
            });
            return Ok((
                run,
                messages,
                LoadedFrom::Temp {
                    main_error,
                    backup_error,
                },
            ));
        }
        match backup_error {
            // No backup was ever made: the save's own problem is all there is to say.
            None => Err(main_error),
            Some(backup) => Err(SaveError::BothUnloadable {
                main: Box::new(main_error),
                backup: Box::new(backup),
            }),
        }
    }

    /// The run in the entry `name`, if there is one; an error names the entry.
    fn load_entry(&self, name: &str) -> Result<Option<(RunState, Vec<Message>)>, SaveError> {
        let Some(bytes) = self.storage.read(name).map_err(save_error)? else {
            return Ok(None);
        };
        let in_entry = |error| SaveError::InFile {
            path: self.storage.place(name),
            error: Box::new(error),
        };
        let save: GameSave = decode_save(&bytes).map_err(in_entry)?;
        let messages = save.messages.clone();
        let run = RunState::restore(save).map_err(|what| in_entry(SaveError::Impossible(what)))?;
        Ok(Some((run, messages)))
    }

    /// The error of a slot that holds no save.
    fn missing(&self) -> SaveError {
        SaveError::Io {
            path: self.place(),
            action: "read the save",
            message: "there is no save there".into(),
        }
    }

    /// What to tell the player after loading from here.
    pub fn notice(&self, from: &LoadedFrom) -> String {
        from.notice(&self.place())
    }

    /// Takes the save (with its backup) out of the slot if it is a save of `run`: the
    /// run is over. A save of another run, or none, stays as it is. Says whether it did.
    pub fn remove_if_holds(&self, run: &RunState) -> Result<bool, StorageError> {
        let Ok((saved, _, _)) = self.load() else {
            return Ok(false);
        };
        if !saved.same_run_as(run) {
            return Ok(false);
        }
        self.storage.remove(&self.name)?;
        self.storage.remove(&self.backup_name())?;
        Ok(true)
    }

    fn backup_name(&self) -> String {
        format!("{}.bak", self.name)
    }
}

/// A storage error as a save error, naming the entry.
fn save_error(error: StorageError) -> SaveError {
    SaveError::Io {
        path: error.place.clone(),
        action: error.doing,
        message: error.problem.to_string(),
    }
}
