//! delve's [`Storage`] over a store of text values by key, as a browser keeps them
//! (`localStorage`): each entry is one key, `delve/<name>`, holding its bytes in base64
//! (the store takes text only). Setting a key replaces its value whole or, when the
//! store is full, refuses and keeps the old one — so an entry is never half-written.
//! The browser's store is `local_storage::LocalStorage` (browser build only); tests use
//! [`TextMemory`], which refuses as the browser does past a quota.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Mutex;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use delve_rules::records::storage::{Storage, StorageError, StorageProblem};

/// A store of text values by key.
pub trait TextStore: fmt::Debug + Send + Sync {
    /// The value of `key`, if it has one.
    fn get(&self, key: &str) -> Result<Option<String>, String>;
    /// Sets `key` to `value`, or refuses and keeps the old value.
    fn set(&self, key: &str, value: &str) -> Result<(), Refusal>;
    /// Removes `key` (nothing happens when it has no value).
    fn remove(&self, key: &str) -> Result<(), String>;
    /// Every key the store holds.
    fn keys(&self) -> Result<Vec<String>, String>;
}

/// Why a store refused to set a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The store is full (the browser's quota).
    Full,
    /// Anything else, in the browser's words.
    Other(String),
}

/// The prefix of delve's keys: other pages of the same site keep theirs apart.
pub const PREFIX: &str = "delve/";

/// delve's entries in a text store.
#[derive(Debug)]
pub struct KeyedStorage<S> {
    store: S,
    /// How the store is named in messages: `browser storage`.
    label: &'static str,
}

impl<S: TextStore> KeyedStorage<S> {
    /// delve's entries in `store`, called `label` in messages.
    pub fn new(store: S, label: &'static str) -> KeyedStorage<S> {
        KeyedStorage { store, label }
    }

    /// The store itself.
    pub fn store(&self) -> &S {
        &self.store
    }

    fn failed(&self, name: &str, doing: &'static str, message: String) -> StorageError {
        StorageError::new(self.place(name), doing, StorageProblem::Failed(message))
    }
}

impl<S: TextStore> Storage for KeyedStorage<S> {
    fn place(&self, name: &str) -> PathBuf {
        PathBuf::from(format!("{}/{PREFIX}{name}", self.label))
    }

    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let Some(text) = self
            .store
            .get(&format!("{PREFIX}{name}"))
            .map_err(|e| self.failed(name, "read it", e))?
        else {
            return Ok(None);
        };
        STANDARD.decode(text.as_bytes()).map(Some).map_err(|e| {
            self.failed(
                name,
                "read it",
                format!("it is not base64, as delve writes its entries: {e}"),
            )
        })
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let text = STANDARD.encode(bytes);
        self.store
            .set(&format!("{PREFIX}{name}"), &text)
            .map_err(|refusal| match refusal {
                Refusal::Full => {
                    StorageError::new(self.place(name), "write it", StorageProblem::Full)
                }
                Refusal::Other(e) => self.failed(name, "write it", e),
            })
    }

    fn remove(&self, name: &str) -> Result<(), StorageError> {
        self.store
            .remove(&format!("{PREFIX}{name}"))
            .map_err(|e| self.failed(name, "remove it", e))
    }

    fn list(&self, folder: &str) -> Result<Vec<String>, StorageError> {
        let prefix = format!("{PREFIX}{}/", folder.trim_end_matches('/'));
        let keys = self
            .store
            .keys()
            .map_err(|e| self.failed(folder, "list the folder", e))?;
        let mut names: Vec<String> = keys
            .iter()
            .filter_map(|key| key.strip_prefix(&prefix))
            .filter(|rest| !rest.contains('/'))
            .map(str::to_owned)
            .collect();
        names.sort();
        Ok(names)
    }
}

/// A text store in memory that holds at most `quota` characters of keys and values in
/// all, as a browser's `localStorage` counts them (about five million per site).
#[derive(Debug)]
pub struct TextMemory {
    values: Mutex<BTreeMap<String, String>>,
    quota: usize,
}

impl TextMemory {
    /// An empty store of `quota` characters.
    pub fn with_quota(quota: usize) -> TextMemory {
        TextMemory {
            values: Mutex::default(),
            quota,
        }
    }

    fn values(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
        self.values.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl TextStore for TextMemory {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.values().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Refusal> {
        let mut values = self.values();
        let others: usize = values
            .iter()
            .filter(|(k, _)| k.as_str() != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if others + key.len() + value.len() > self.quota {
            return Err(Refusal::Full);
        }
        values.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        self.values().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, String> {
        Ok(self.values().keys().cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use delve_levels::config::CampaignConfig;
    use delve_rules::records::slot::SaveSlot;
    use delve_rules::records::{HISTORY, SAVE_SLOT, keep_record};
    use delve_rules::run::{PlayerAction, Rules, RunState};

    fn storage(quota: usize) -> Arc<KeyedStorage<TextMemory>> {
        Arc::new(KeyedStorage::new(
            TextMemory::with_quota(quota),
            "browser storage",
        ))
    }

    fn run_of(seed: u64, waits: u32) -> RunState {
        let mut campaign = CampaignConfig::builtin();
        campaign.seed = seed;
        let mut run = RunState::start(campaign, None, Rules::Monsters).unwrap().0;
        for _ in 0..waits {
            run.apply(PlayerAction::Wait);
        }
        run
    }

    #[test]
    fn entries_are_base64_under_delves_prefix_and_read_back_byte_for_byte() {
        let storage = storage(usize::MAX);
        let bytes: Vec<u8> = (0..=255).collect();
        storage.write("morgue/a.sav", &bytes).unwrap();
        storage.write("delve.sav", b"save").unwrap();
        assert_eq!(storage.read("morgue/a.sav").unwrap().unwrap(), bytes);
        assert_eq!(
            storage.store().get("delve/delve.sav").unwrap().as_deref(),
            Some("c2F2ZQ==")
        );
        assert_eq!(storage.list("morgue").unwrap(), ["a.sav"]);
        assert_eq!(storage.read("missing").unwrap(), None);
        storage.remove("delve.sav").unwrap();
        assert_eq!(storage.read("delve.sav").unwrap(), None);
        assert_eq!(
            storage.place("history.csv"),
            PathBuf::from("browser storage/delve/history.csv")
        );
    }

    #[test]
    fn a_value_that_is_not_base64_is_an_error_naming_the_entry() {
        let storage = storage(usize::MAX);
        storage
            .store()
            .set("delve/delve.sav", "not base64!")
            .unwrap();
        let error = storage.read("delve.sav").unwrap_err().to_string();
        assert!(
            error.starts_with("browser storage/delve/delve.sav: cannot read it: it is not base64"),
            "{error}"
        );
    }

    #[test]
    fn a_save_in_the_browser_loads_and_a_full_browser_keeps_the_previous_save() {
        let first = run_of(31, 2);
        let size = SaveSlot::encode(&first.snapshot()).unwrap().len();
        // Room for one save in base64 (4 characters for 3 bytes), not for its backup.
        let storage = storage(size * 2);
        let slot = SaveSlot::new(storage.clone(), SAVE_SLOT);
        slot.save(&first.snapshot()).unwrap();
        assert_eq!(slot.load().unwrap().0.snapshot(), first.snapshot());
        let later = run_of(31, 30);
        let error = slot.save(&later.snapshot()).unwrap_err().to_string();
        assert!(error.contains("the storage is full"), "{error}");
        assert_eq!(slot.load().unwrap().0.turns(), first.turns());
        assert_eq!(storage.store().keys().unwrap(), ["delve/delve.sav"]);
    }

    #[test]
    fn a_finished_runs_record_lands_in_the_browser_and_its_save_leaves_the_slot() {
        let run = run_of(32, 3);
        let storage = storage(usize::MAX);
        let slot = SaveSlot::new(storage.clone(), SAVE_SLOT);
        slot.save(&run.snapshot()).unwrap();
        let kept = keep_record(&*storage, &run, &[], &slot).unwrap();
        assert!(kept.save_removed);
        assert!(kept.morgue.starts_with("browser storage/delve/morgue"));
        let history =
            delve_rules::records::history::History::read_from(&*storage, HISTORY).unwrap();
        assert_eq!(history.records().len(), 1);
        assert_eq!(storage.list("morgue").unwrap().len(), 2);
    }
}
