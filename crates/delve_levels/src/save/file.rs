//! Save files on disk: crash-safe writing (temporary file, backup, atomic rename), one
//! writer at a time per file (an advisory lock), and loading with a fall-back to the
//! backup.

use std::ffi::OsString;
use std::fs::{self, File, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{SaveError, decode_save, decode_save_bytes, encode_save};

/// Ways to make saving fail on purpose, for tests of crash safety.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SaveHooks {
    /// Stop with [`SaveError::Interrupted`] right after the temporary file is written
    /// and synced, as if the process died before the old save was replaced.
    pub fail_after_tmp: bool,
}

/// Which file [`load_with_backup`] or [`load_validated`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadedFrom {
    /// The save itself.
    Main,
    /// The backup `<path>.bak` (the save before the last), because the save itself
    /// could not be loaded.
    Backup {
        /// Why the save itself failed.
        main_error: SaveError,
    },
    /// The temporary file `<path>.tmp` a crash left behind between writing it and
    /// moving it into place, because neither the save nor its backup could be loaded.
    Temp {
        /// Why the save itself failed.
        main_error: SaveError,
        /// Why the backup failed.
        backup_error: SaveError,
    },
}

impl LoadedFrom {
    /// What to tell the player after loading `path` from here.
    pub fn notice(&self, path: &Path) -> String {
        match self {
            LoadedFrom::Main => format!("Loaded {}.", path.display()),
            LoadedFrom::Backup { main_error } => format!(
                "Loaded the backup {} (the save before the last), because {} could not be \
                 loaded: {main_error}",
                backup_path(path).display(),
                path.display()
            ),
            LoadedFrom::Temp {
                main_error,
                backup_error,
            } => format!(
                "Loaded {}, a complete save that an interrupted save left behind, because {} \
                 could not be loaded ({main_error}) and neither could its backup ({backup_error})",
                temp_path(path).display(),
                path.display()
            ),
        }
    }
}

/// `path` with `suffix` appended to its file name (`game.sav` → `game.sav.tmp`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Where a save to `path` is written before it replaces `path`: `<path>.tmp`.
pub fn temp_path(path: impl AsRef<Path>) -> PathBuf {
    with_suffix(path.as_ref(), ".tmp")
}

/// Where the previous good save to `path` is kept: `<path>.bak`.
pub fn backup_path(path: impl AsRef<Path>) -> PathBuf {
    with_suffix(path.as_ref(), ".bak")
}

/// Where writers to `path` take turns: `<path>.lock`, an empty file whose advisory lock
/// (flock) a writer holds from writing the temporary file to renaming it into place.
pub fn lock_path(path: impl AsRef<Path>) -> PathBuf {
    with_suffix(path.as_ref(), ".lock")
}

/// How long a writer waits for another one saving to the same file before giving up.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// Why a writer did not get its turn at a file ([`wait_for_turn`]).
#[derive(Debug)]
pub enum TurnRefused {
    /// The lock file `<path>.lock` could not be opened.
    Open(io::Error),
    /// Another writer still held the lock when the wait was over.
    StillBusy,
    /// Locking failed for another reason.
    Lock(io::Error),
}

/// Waits up to `wait` for this writer's turn at `path`: the advisory lock (flock) on
/// `<path>.lock`, held while the returned file is open. Locks on separately opened
/// files exclude each other even within one process. On a file system without locks
/// the turn is `None` and the writer goes on unlocked.
pub fn wait_for_turn(path: &Path, wait: Duration) -> Result<Option<File>, TurnRefused> {
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path(path))
        .map_err(TurnRefused::Open)?;
    let deadline = Instant::now() + wait;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(Some(file)),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => return Err(TurnRefused::StillBusy),
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                return Ok(None);
            }
            Err(TryLockError::Error(e)) => return Err(TurnRefused::Lock(e)),
        }
    }
}

/// Waits for this writer's turn to save to `path` (two games on one save file, a
/// script and a window: each save runs whole, one after the other, so the fixed
/// temporary file and the backup are never written by two at once). The turn lasts
/// while the returned file is open. On a file system without locks, saving goes on
/// unlocked, as before.
fn take_turn(path: &Path) -> Result<Option<File>, SaveError> {
    let lock = lock_path(path);
    wait_for_turn(path, LOCK_WAIT).map_err(|refused| match refused {
        TurnRefused::Open(e) => io_error(&lock, "open the save's lock file")(e),
        TurnRefused::StillBusy => {
            io_error(&lock, "wait for another game saving to this file")(io::Error::new(
                io::ErrorKind::WouldBlock,
                format!("it was still saving after {} s", LOCK_WAIT.as_secs()),
            ))
        }
        TurnRefused::Lock(e) => io_error(&lock, "lock the save")(e),
    })
}

/// An [`SaveError::Io`] for `path`.
fn io_error(path: &Path, action: &'static str) -> impl FnOnce(io::Error) -> SaveError + use<> {
    let path = path.to_path_buf();
    move |e| SaveError::Io {
        path,
        action,
        message: e.to_string(),
    }
}

/// Saves `value` to `path` scrambled with `key`, so that a crash at any moment leaves a
/// loadable save (the old or the new one) at `path` or at its backup, and writers to one
/// file take turns:
///
/// 0. wait for the turn: the lock on `<path>.lock` (another game saving to the same
///    file finishes first; after [`LOCK_WAIT`] the save fails, saying so);
/// 1. write `<path>.tmp`, flush it and `sync_all` it;
/// 2. if the current `path` holds a valid save, make it the backup `<path>.bak` (a hard
///    link, or a copy where links are not supported) — a damaged one never replaces a
///    good backup;
/// 3. rename the temporary file over `path` (atomic on one file system);
/// 4. sync the directory so the rename itself is durable (Unix).
pub fn save_to_path<T: Serialize>(
    path: impl AsRef<Path>,
    value: &T,
    key: u64,
) -> Result<(), SaveError> {
    save_to_path_with_hooks(path, value, key, SaveHooks::default())
}

/// [`save_to_path`] with failure hooks for tests.
pub fn save_to_path_with_hooks<T: Serialize>(
    path: impl AsRef<Path>,
    value: &T,
    key: u64,
    hooks: SaveHooks,
) -> Result<(), SaveError> {
    let path = path.as_ref();
    // An empty path or a folder has no file to replace: refuse before writing anything,
    // so no stray temporary file is left behind.
    if path.file_name().is_none() || path.is_dir() {
        return Err(io_error(path, "save")(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name (give the save a file name, such as delve.sav)",
        )));
    }
    let bytes = encode_save(value, key)?;
    let _turn = take_turn(path)?;
    let tmp = temp_path(path);
    write_synced(&tmp, &bytes).map_err(io_error(&tmp, "write the temporary save"))?;
    if hooks.fail_after_tmp {
        return Err(SaveError::Interrupted { path: tmp });
    }
    keep_backup(path)?;
    fs::rename(&tmp, path).map_err(io_error(path, "move the temporary save into place"))?;
    sync_directory(path)
}

/// A step of [`replace_file_safely`] that failed: on which file, doing what.
#[derive(Debug)]
pub struct StepFailed {
    /// The file (or folder) the step worked on.
    pub path: PathBuf,
    /// The step, as "cannot …" goes on: "write the temporary file".
    pub doing: &'static str,
    /// What went wrong.
    pub error: io::Error,
}

/// Replaces the file at `path` with `bytes` so that a crash at any moment leaves the
/// old file or the new one whole there: writes `<path>.tmp` and syncs it, renames it
/// over `path` (atomic on one file system), syncs the folder (Unix). The temporary file
/// is shared by all writers to `path`: hold the turn ([`wait_for_turn`]) around this.
pub fn replace_file_safely(path: &Path, bytes: &[u8]) -> Result<(), StepFailed> {
    let failed = |path: &Path, doing| {
        let path = path.to_path_buf();
        move |error| StepFailed { path, doing, error }
    };
    let tmp = temp_path(path);
    write_synced(&tmp, bytes).map_err(failed(&tmp, "write the temporary file"))?;
    fs::rename(&tmp, path).map_err(failed(path, "move the temporary file into place"))?;
    let folder = folder_of(path);
    sync_folder(folder).map_err(failed(folder, "sync the folder"))
}

/// Creates (or truncates) `path`, writes `bytes`, and waits until they are on disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// Makes the current save at `path`, if it is valid, the backup.
fn keep_backup(path: &Path) -> Result<(), SaveError> {
    let current = match crate::ron_text::read_file(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_error(path, "read the previous save")(e)),
    };
    if decode_save_bytes(&current).is_err() {
        return Ok(());
    }
    let backup = backup_path(path);
    match fs::remove_file(&backup) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => {
            return Err(io_error(&backup, "remove the old backup")(e));
        }
        _ => {}
    }
    if fs::hard_link(path, &backup).is_err() {
        write_synced(&backup, &current).map_err(io_error(&backup, "write the backup"))?;
    }
    Ok(())
}

/// Syncs the directory holding `path`, so a rename in it survives a power cut.
fn sync_directory(path: &Path) -> Result<(), SaveError> {
    let dir = folder_of(path);
    sync_folder(dir).map_err(io_error(dir, "sync the save directory"))
}

/// The folder holding `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Syncs the folder `dir`, so a rename in it survives a power cut (Unix; elsewhere
/// there is nothing to sync).
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir).and_then(|d| d.sync_all())?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Reads the save at `path`. Errors name the file and what is wrong in it.
pub fn load_from_path<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T, SaveError> {
    let path = path.as_ref();
    let bytes = crate::ron_text::read_file(path).map_err(io_error(path, "read the save"))?;
    decode_save(&bytes).map_err(|error| SaveError::InFile {
        path: path.to_path_buf(),
        error: Box::new(error),
    })
}

/// Reads the save at `path`, or its backup `<path>.bak` when the save is missing or bad,
/// and says which one it used. See [`load_validated`].
pub fn load_with_backup<T: DeserializeOwned>(
    path: impl AsRef<Path>,
) -> Result<(T, LoadedFrom), SaveError> {
    load_validated(path, Ok)
}

/// Reads the save at `path` and turns it into what the caller needs with `validate`
/// (which refuses a save that decodes but makes no sense, saying why). When the save is
/// missing or refused, the backup `<path>.bak` is used; when that fails too, the
/// temporary file `<path>.tmp` a crash may have left complete — never instead of a
/// usable save or backup. Says which file it used; fails naming the save's and the
/// backup's problems. Nothing is written.
pub fn load_validated<T: DeserializeOwned, R>(
    path: impl AsRef<Path>,
    validate: impl Fn(T) -> Result<R, String>,
) -> Result<(R, LoadedFrom), SaveError> {
    let path = path.as_ref();
    let load = |file: &Path| {
        let value = load_from_path(file)?;
        validate(value).map_err(|what| SaveError::InFile {
            path: file.to_path_buf(),
            error: Box::new(SaveError::Impossible(what)),
        })
    };
    let main_error = match load(path) {
        Ok(value) => return Ok((value, LoadedFrom::Main)),
        Err(e) => e,
    };
    let backup_error = match load(&backup_path(path)) {
        Ok(value) => return Ok((value, LoadedFrom::Backup { main_error })),
        Err(e) => e,
    };
    let temp = temp_path(path);
    if temp.is_file()
        && let Ok(value) = load(&temp)
    {
        return Ok((
            value,
            LoadedFrom::Temp {
                main_error,
                backup_error,
            },
        ));
    }
    if is_missing(&backup_error) {
        // No backup was ever made: the save's own problem is all there is to say.
        return Err(main_error);
    }
    Err(SaveError::BothUnloadable {
        main: Box::new(main_error),
        backup: Box::new(backup_error),
    })
}

/// Whether loading failed only because the file does not exist.
fn is_missing(error: &SaveError) -> bool {
    match error {
        SaveError::Io { path, .. } => !path.exists(),
        _ => false,
    }
}
