//! Where delve keeps what outlives a session — the save slot, the run history, morgue
//! files, recordings — behind one interface, [`Storage`]: named entries (`delve.sav`,
//! `history.csv`, `morgue/…`) each read and replaced whole (a recording grows by
//! appending, [`Storage::append`]). The desktop keeps them in a
//! folder ([`Folder`], the data folder); the browser build keeps them in the browser's
//! storage (its own implementation, in `delve_web`); tests use [`MemoryStorage`], which
//! can be given a quota to refuse writes as a full browser storage does. The rules
//! write through this interface only, so the save slot, the history and the morgue
//! behave alike everywhere.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use std::time::Duration;

use delve_levels::save::{StepFailed, TurnRefused, replace_file_safely, wait_for_turn};

/// How long a writer to a [`Folder`] waits for another delve writing the same file
/// (finishing a run at the same moment, saving to the same slot) before giving up.
pub const TURN_WAIT: Duration = Duration::from_secs(30);

/// A place that keeps named entries, each written whole or not at all. Names are
/// relative, with `/` between folder and file (`morgue/2026-12-02….txt`).
pub trait Storage: fmt::Debug + Send + Sync {
    /// Where `name` is kept, for messages: the file's path on the desktop, a path-like
    /// label in the browser (`browser storage/delve/history.csv`).
    fn place(&self, name: &str) -> PathBuf;

    /// The bytes of `name`; `None` when there is no such entry.
    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError>;

    /// Replaces `name` with `bytes`: afterwards it holds the new bytes whole, or — when
    /// this fails, even by a crash — its old ones.
    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError>;

    /// Adds `bytes` at the end of `name` (creating it): how a recording grows as the
    /// game goes. A crash may leave part of the bytes, never fewer than were there.
    /// By default the entry is read and written again whole.
    fn append(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let mut whole = self.read(name)?.unwrap_or_default();
        whole.extend_from_slice(bytes);
        self.write(name, &whole)
    }

    /// Removes `name`; nothing happens when there is no such entry.
    fn remove(&self, name: &str) -> Result<(), StorageError>;

    /// The names of the entries directly in `folder` (`morgue`), as names in it (not
    /// prefixed), sorted.
    fn list(&self, folder: &str) -> Result<Vec<String>, StorageError>;

    /// Waits for this writer's turn at `name`, against other delves writing to it at
    /// once, and holds it until the returned turn is dropped. Where one program is the
    /// only writer (a browser tab, memory), the turn is free.
    fn turn(&self, name: &str) -> Result<Turn, StorageError> {
        let _ = name;
        Ok(Turn::free())
    }

    /// Whether `name` exists.
    fn contains(&self, name: &str) -> Result<bool, StorageError> {
        self.read(name).map(|bytes| bytes.is_some())
    }
}

/// A writer's turn at an entry ([`Storage::turn`]), held until dropped.
#[must_use = "the turn ends when it is dropped"]
pub struct Turn(#[allow(dead_code)] Option<Box<dyn Any + Send>>);

impl Turn {
    /// A turn that holds nothing: no other writer can be waiting.
    pub fn free() -> Turn {
        Turn(None)
    }

    /// A turn that lasts while `held` (a lock) is kept.
    pub fn holding(held: impl Any + Send) -> Turn {
        Turn(Some(Box::new(held)))
    }
}

/// Why an entry could not be read or written, where and doing what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageError {
    /// Where ([`Storage::place`] of the entry or folder).
    pub place: PathBuf,
    /// What was being done, as "cannot …" goes on: "write the save".
    pub doing: &'static str,
    /// What went wrong.
    pub problem: StorageProblem,
}

/// What went wrong with a storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageProblem {
    /// The storage is full or refuses to hold more (the browser's quota, a full disk):
    /// nothing was written.
    Full,
    /// Anything else, in the system's words.
    Failed(String),
}

impl StorageError {
    /// An error at `place` doing `doing`.
    pub fn new(place: PathBuf, doing: &'static str, problem: StorageProblem) -> StorageError {
        StorageError {
            place,
            doing,
            problem,
        }
    }

    /// The error of a file operation at `place`: a full disk is [`StorageProblem::Full`].
    pub fn of_io(place: &Path, doing: &'static str, error: &io::Error) -> StorageError {
        let problem = match error.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => StorageProblem::Full,
            _ => StorageProblem::Failed(error.to_string()),
        };
        StorageError::new(place.to_path_buf(), doing, problem)
    }

    /// Whether the storage was full.
    pub fn is_full(&self) -> bool {
        self.problem == StorageProblem::Full
    }
}

impl fmt::Display for StorageProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageProblem::Full => f.write_str(
                "the storage is full (free some space: remove old morgue files, or download \
                 the save and clear the site's data)",
            ),
            StorageProblem::Failed(message) => f.write_str(message),
        }
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: cannot {}: {}",
            self.place.display(),
            self.doing,
            self.problem
        )
    }
}

impl std::error::Error for StorageError {}

/// The entries of a folder on disk, one file each (`morgue/x.txt` is the file
/// `<folder>/morgue/x.txt`). Writing is crash-safe (a temporary file synced, then
/// renamed over the old one, the folder synced) and creates missing folders; turns are
/// advisory locks on `<file>.lock`, so delves in other processes take turns too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folder(PathBuf);

impl Folder {
    /// The folder at `path` (created when something is written).
    pub fn at(path: impl Into<PathBuf>) -> Folder {
        Folder(path.into())
    }

    /// The folder holding the file `path`, and the file's name in it: how a file named
    /// on the command line (`--save my.sav`) becomes an entry.
    pub fn containing(path: &Path) -> (Folder, String) {
        // A bare file name is in the current folder, and its place stays the bare name.
        let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        (Folder(folder), name)
    }

    /// The folder itself.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Storage for Folder {
    fn place(&self, name: &str) -> PathBuf {
        name.split('/')
            .fold(self.0.clone(), |path, part| path.join(part))
    }

    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let path = self.place(name);
        match delve_levels::ron_text::read_file(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StorageError::of_io(&path, "read it", &e)),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let path = self.place(name);
        if name.is_empty() || path.is_dir() {
            return Err(StorageError::new(
                path,
                "write it",
                StorageProblem::Failed(
                    "not a file name (give it a file name, such as delve.sav)".into(),
                ),
            ));
        }
        create_folder_of(&path)?;
        replace_file_safely(&path, bytes)
            .map_err(|StepFailed { path, doing, error }| StorageError::of_io(&path, doing, &error))
    }

    fn append(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        use std::io::Write;
        let path = self.place(name);
        create_folder_of(&path)?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut file| file.write_all(bytes).and_then(|()| file.flush()))
            .map_err(|e| StorageError::of_io(&path, "add to it", &e))
    }

    fn remove(&self, name: &str) -> Result<(), StorageError> {
        let path = self.place(name);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(StorageError::of_io(&path, "remove it", &e))
            }
            _ => Ok(()),
        }
    }

    fn list(&self, folder: &str) -> Result<Vec<String>, StorageError> {
        let path = self.place(folder);
        let entries = match std::fs::read_dir(&path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StorageError::of_io(&path, "list the folder", &e)),
        };
        let mut names = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| StorageError::of_io(&path, "list the folder", &e))?;
            if entry.file_type().is_ok_and(|t| t.is_file()) {
                names.push(entry.file_name().to_string_lossy().into_owned());
            }
        }
        names.sort();
        Ok(names)
    }

    fn turn(&self, name: &str) -> Result<Turn, StorageError> {
        let path = self.place(name);
        create_folder_of(&path)?;
        let lock = delve_levels::save::lock_path(&path);
        match wait_for_turn(&path, TURN_WAIT) {
            Ok(Some(file)) => Ok(Turn::holding(file)),
            Ok(None) => Ok(Turn::free()),
            Err(TurnRefused::Open(e)) => Err(StorageError::of_io(&lock, "open the lock file", &e)),
            Err(TurnRefused::Lock(e)) => Err(StorageError::of_io(&lock, "lock it", &e)),
            Err(TurnRefused::StillBusy) => Err(StorageError::new(
                lock,
                "wait for another delve writing to it",
                StorageProblem::Failed(format!(
                    "it was still writing after {} s",
                    TURN_WAIT.as_secs()
                )),
            )),
        }
    }

    fn contains(&self, name: &str) -> Result<bool, StorageError> {
        Ok(self.place(name).exists())
    }
}

/// Creates the folder holding the file `path`, if it is missing.
fn create_folder_of(path: &Path) -> Result<(), StorageError> {
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) => std::fs::create_dir_all(folder)
            .map_err(|e| StorageError::of_io(folder, "create the folder", &e)),
        None => Ok(()),
    }
}

/// Entries kept in memory, for tests (and a game that keeps nothing): with a quota, a
/// write that would make the entries' bytes exceed it is refused as
/// [`StorageProblem::Full`] and changes nothing, as a full browser storage does.
#[derive(Debug, Default)]
pub struct MemoryStorage {
    entries: Mutex<BTreeMap<String, Vec<u8>>>,
    quota: Option<usize>,
}

impl MemoryStorage {
    /// An empty storage without a limit.
    pub fn new() -> MemoryStorage {
        MemoryStorage::default()
    }

    /// An empty storage that holds at most `bytes` bytes in all (0: it refuses every
    /// write).
    pub fn with_quota(bytes: usize) -> MemoryStorage {
        MemoryStorage {
            entries: Mutex::default(),
            quota: Some(bytes),
        }
    }

    /// The names of all entries, sorted.
    pub fn names(&self) -> Vec<String> {
        self.locked().keys().cloned().collect()
    }

    /// The bytes the entries hold in all.
    pub fn bytes_used(&self) -> usize {
        self.locked().values().map(Vec::len).sum()
    }

    fn locked(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        // A test that panicked while holding the lock left whole entries behind.
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Storage for MemoryStorage {
    fn place(&self, name: &str) -> PathBuf {
        Path::new("memory").join(name)
    }

    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.locked().get(name).cloned())
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let mut entries = self.locked();
        if let Some(quota) = self.quota {
            let others: usize = entries
                .iter()
                .filter(|(n, _)| n.as_str() != name)
                .map(|(_, b)| b.len())
                .sum();
            if others + bytes.len() > quota {
                return Err(StorageError::new(
                    self.place(name),
                    "write it",
                    StorageProblem::Full,
                ));
            }
        }
        entries.insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn remove(&self, name: &str) -> Result<(), StorageError> {
        self.locked().remove(name);
        Ok(())
    }

    fn list(&self, folder: &str) -> Result<Vec<String>, StorageError> {
        let prefix = format!("{}/", folder.trim_end_matches('/'));
        Ok(self
            .locked()
            .keys()
            .filter_map(|name| name.strip_prefix(&prefix))
            .filter(|rest| !rest.contains('/'))
            .map(str::to_owned)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder.
    fn temp_folder(name: &str) -> Folder {
        let path =
            std::env::temp_dir().join(format!("delve-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        Folder::at(path)
    }

    /// What every storage must do: read back what was written, replace whole, list a
    /// folder's entries, remove, and say a missing entry is missing.
    fn behaves_as_storage(storage: &dyn Storage) {
        assert_eq!(storage.read("delve.sav").unwrap(), None);
        assert!(!storage.contains("delve.sav").unwrap());
        storage.write("delve.sav", b"first").unwrap();
        storage.write("delve.sav", b"second, longer").unwrap();
        assert_eq!(
            storage.read("delve.sav").unwrap().unwrap(),
            b"second, longer"
        );
        storage.write("morgue/b.txt", b"b").unwrap();
        storage.write("morgue/a.txt", b"a").unwrap();
        assert_eq!(storage.list("morgue").unwrap(), ["a.txt", "b.txt"]);
        assert_eq!(storage.list("nothing").unwrap(), Vec::<String>::new());
        storage.remove("morgue/a.txt").unwrap();
        storage.remove("morgue/a.txt").unwrap();
        assert_eq!(storage.list("morgue").unwrap(), ["b.txt"]);
        assert!(storage.contains("delve.sav").unwrap());
        storage.append("recordings/run.rec", b"start\n").unwrap();
        storage.append("recordings/run.rec", b"step\n").unwrap();
        assert_eq!(
            storage.read("recordings/run.rec").unwrap().unwrap(),
            b"start\nstep\n"
        );
        let _turn = storage.turn("history.csv").unwrap();
    }

    #[test]
    fn a_folder_behaves_as_storage_and_keeps_entries_as_files() {
        let folder = temp_folder("folder");
        behaves_as_storage(&folder);
        assert_eq!(
            std::fs::read(folder.path().join("morgue").join("b.txt")).unwrap(),
            b"b"
        );
        assert_eq!(
            folder.place("morgue/b.txt"),
            folder.path().join("morgue").join("b.txt")
        );
        let _ = std::fs::remove_dir_all(folder.path());
    }

    #[test]
    fn memory_behaves_as_storage() {
        behaves_as_storage(&MemoryStorage::new());
    }

    #[test]
    fn a_full_memory_refuses_the_write_whole_and_keeps_the_old_bytes() {
        let storage = MemoryStorage::with_quota(10);
        storage.write("a", b"12345").unwrap();
        let error = storage.write("a", b"12345678901").unwrap_err();
        assert!(error.is_full(), "{error}");
        assert!(
            error
                .to_string()
                .contains("memory/a: cannot write it: the storage is full"),
            "{error}"
        );
        assert_eq!(storage.read("a").unwrap().unwrap(), b"12345");
        // Replacing counts the entry's new size, not old and new together.
        storage.write("a", b"1234567890").unwrap();
        assert!(storage.write("b", b"1").unwrap_err().is_full());
        assert_eq!(storage.names(), ["a"]);
        assert_eq!(storage.bytes_used(), 10);
    }

    #[test]
    fn a_file_named_like_a_folder_is_refused_without_writing() {
        let folder = temp_folder("dir");
        folder.write("morgue/a.txt", b"a").unwrap();
        let error = folder.write("morgue", b"x").unwrap_err();
        assert!(error.to_string().contains("not a file name"), "{error}");
        assert!(!folder.path().join("morgue.tmp").exists());
        let _ = std::fs::remove_dir_all(folder.path());
    }

    #[test]
    fn a_file_path_splits_into_its_folder_and_name() {
        let (folder, name) = Folder::containing(Path::new("saves/my.sav"));
        assert_eq!(
            (folder.path(), name.as_str()),
            (Path::new("saves"), "my.sav")
        );
        let (folder, name) = Folder::containing(Path::new("my.sav"));
        assert_eq!((folder.path(), name.as_str()), (Path::new(""), "my.sav"));
        assert_eq!(folder.place(&name), Path::new("my.sav"));
    }
}
