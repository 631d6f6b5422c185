//! delve's [`Storage`] over a store of text values by key, as a browser keeps them
//! (`localStorage`): each entry is one key, `delve/<name>`, holding its bytes in base64
//! (the store takes text only). Setting a key replaces its value whole or, when the
//! store is full, refuses and keeps the old one — so an entry written whole is never
//! half-written.
//!
//! An entry that grows by appending (a recording, a step at a time) goes on past
//! [`PART_BYTES`] in more keys, its parts (`delve/<name>#2`, `#3`, …), the first key
//! then starting with how many there are (`3|` before its base64): an append rewrites
//! only the last part, never the whole recording. A new part is set before the count
//! that names it, so a step cut off by a closed tab leaves the entry as it was.
//!
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

/// The most bytes an append lets one key of an entry hold before the entry goes on in
/// another part (an entry written whole is one key, however long).
pub const PART_BYTES: usize = 6 * 1024;

/// What stands between an entry's first key's count of parts and its base64.
const PARTS_MARK: char = '|';

/// The key of part `part` (1: the entry's own key) of the entry `name`.
fn key_of(name: &str, part: usize) -> String {
    match part {
        1 => format!("{PREFIX}{name}"),
        n => format!("{PREFIX}{name}#{n}"),
    }
}

/// How many parts an entry's first key says the entry has, and its own base64.
fn parts_of(first: &str) -> (usize, &str) {
    first
        .split_once(PARTS_MARK)
        .and_then(|(count, rest)| Some((count.parse().ok()?, rest)))
        .unwrap_or((1, first))
}

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

    fn get(
        &self,
        name: &str,
        part: usize,
        doing: &'static str,
    ) -> Result<Option<String>, StorageError> {
        self.store
            .get(&key_of(name, part))
            .map_err(|e| self.failed(name, doing, e))
    }

    fn set(
        &self,
        name: &str,
        part: usize,
        text: &str,
        doing: &'static str,
    ) -> Result<(), StorageError> {
        self.store
            .set(&key_of(name, part), text)
            .map_err(|refusal| match refusal {
                Refusal::Full => StorageError::new(self.place(name), doing, StorageProblem::Full),
                Refusal::Other(e) => self.failed(name, doing, e),
            })
    }

    fn decode(&self, name: &str, text: &str, doing: &'static str) -> Result<Vec<u8>, StorageError> {
        STANDARD.decode(text.as_bytes()).map_err(|e| {
            self.failed(
                name,
                doing,
                format!("it is not base64, as delve writes its entries: {e}"),
            )
        })
    }

    /// Removes the parts of `name` from `from` on, as far as there are any.
    fn remove_parts_from(&self, name: &str, from: usize) -> Result<(), StorageError> {
        let mut part = from.max(2);
        while self.get(name, part, "remove it")?.is_some() {
            self.store
                .remove(&key_of(name, part))
                .map_err(|e| self.failed(name, "remove it", e))?;
            part += 1;
        }
        Ok(())
    }
}

impl<S: TextStore> Storage for KeyedStorage<S> {
    fn place(&self, name: &str) -> PathBuf {
        PathBuf::from(format!("{}/{PREFIX}{name}", self.label))
    }

    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let Some(first) = self.get(name, 1, "read it")? else {
            return Ok(None);
        };
        let (parts, own) = parts_of(&first);
        let mut bytes = self.decode(name, own, "read it")?;
        for part in 2..=parts {
            let text = self.get(name, part, "read it")?.ok_or_else(|| {
                self.failed(
                    name,
                    "read it",
                    format!("its part {part} of {parts} is missing"),
                )
            })?;
            bytes.extend(self.decode(name, &text, "read it")?);
        }
        Ok(Some(bytes))
    }

    /// One key, replaced whole: the parts an entry grew by appending are left behind
    /// (its first key no longer counts them) and then removed.
    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        self.set(name, 1, &STANDARD.encode(bytes), "write it")?;
        self.remove_parts_from(name, 2)
    }

    /// Rewrites the entry's last part only, or starts a new part when it is full.
    fn append(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let doing = "add to it";
        let Some(first) = self.get(name, 1, doing)? else {
            return self.write(name, bytes);
        };
        let (parts, own) = parts_of(&first);
        let last_text = match parts {
            1 => own.to_owned(),
            n => self.get(name, n, doing)?.unwrap_or_default(),
        };
        let mut last = self.decode(name, &last_text, doing)?;
        if last.len() + bytes.len() <= PART_BYTES || last.is_empty() {
            last.extend_from_slice(bytes);
            let text = STANDARD.encode(&last);
            return match parts {
                1 => self.set(name, 1, &text, doing),
                n => self.set(name, n, &text, doing),
            };
        }
        // The new part first: until the count names it, a reader ignores it.
        self.set(name, parts + 1, &STANDARD.encode(bytes), doing)?;
        let own = parts_of(&first).1;
        self.set(name, 1, &format!("{}{PARTS_MARK}{own}", parts + 1), doing)
    }

    fn remove(&self, name: &str) -> Result<(), StorageError> {
        self.store
            .remove(&key_of(name, 1))
            .map_err(|e| self.failed(name, "remove it", e))?;
        self.remove_parts_from(name, 2)
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
            // A name of delve's own has neither: `#` begins a part of an entry.
            .filter(|rest| !rest.contains('/') && !rest.contains('#'))
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

    /// The steps of a long recording, appended one by one.
    fn steps(count: usize) -> Vec<String> {
        (0..count)
            .map(|i| format!("step {i}: Act(Move(1, 0)) check {:08x}\n", i * 7919))
            .collect()
    }

    #[test]
    fn an_entry_grown_step_by_step_goes_on_in_parts_and_reads_back_whole() {
        let storage = storage(usize::MAX);
        let steps = steps(2_000);
        for step in &steps {
            storage
                .append("recordings/run.rec", step.as_bytes())
                .unwrap();
        }
        let whole = steps.concat();
        assert_eq!(
            storage.read("recordings/run.rec").unwrap().unwrap(),
            whole.as_bytes()
        );
        let keys = storage.store().keys().unwrap();
        assert!(keys.len() >= whole.len().div_ceil(PART_BYTES), "{keys:?}");
        assert!(
            keys.len() <= whole.len().div_ceil(PART_BYTES - 100),
            "{keys:?}"
        );
        for key in &keys {
            let text = storage.store().get(key).unwrap().unwrap();
            let base64 = text.split_once('|').map_or(text.as_str(), |(_, b)| b);
            assert!(base64.len() <= PART_BYTES.div_ceil(3) * 4, "{key}");
        }
        assert_eq!(storage.list("recordings").unwrap(), ["run.rec"]);
        // Written whole again, it is one key; removed, none.
        storage.write("recordings/run.rec", b"short\n").unwrap();
        assert_eq!(
            storage.store().keys().unwrap(),
            ["delve/recordings/run.rec"]
        );
        assert_eq!(
            storage.read("recordings/run.rec").unwrap().unwrap(),
            b"short\n"
        );
        for step in &steps {
            storage
                .append("recordings/run.rec", step.as_bytes())
                .unwrap();
        }
        storage.remove("recordings/run.rec").unwrap();
        assert_eq!(storage.store().keys().unwrap(), Vec::<String>::new());
    }

    #[test]
    fn a_part_left_by_a_closed_tab_before_its_count_is_not_read() {
        let storage = storage(usize::MAX);
        let steps = steps(400);
        for step in &steps {
            storage.append("r.rec", step.as_bytes()).unwrap();
        }
        let parts = storage.store().keys().unwrap().len();
        assert!(parts > 1);
        // The tab closed between setting the next part and counting it.
        storage
            .store()
            .set(
                &format!("delve/r.rec#{}", parts + 1),
                &STANDARD.encode(b"cut"),
            )
            .unwrap();
        assert_eq!(
            storage.read("r.rec").unwrap().unwrap(),
            steps.concat().as_bytes()
        );
        // The next step takes that part's place.
        storage.append("r.rec", &[b'x'; PART_BYTES]).unwrap();
        let mut whole = steps.concat().into_bytes();
        whole.extend([b'x'; PART_BYTES]);
        assert_eq!(storage.read("r.rec").unwrap().unwrap(), whole);
    }

    #[test]
    fn a_step_the_full_store_refuses_leaves_the_entry_as_it_was() {
        let storage = storage(20_000);
        let steps = steps(2_000);
        let mut kept = Vec::new();
        let refused =
            steps
                .iter()
                .find_map(|step| match storage.append("r.rec", step.as_bytes()) {
                    Ok(()) => {
                        kept.extend_from_slice(step.as_bytes());
                        None
                    }
                    Err(e) => Some(e),
                });
        assert!(refused.expect("the quota is reached").is_full());
        assert_eq!(storage.read("r.rec").unwrap().unwrap(), kept);
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
