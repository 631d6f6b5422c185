//! What a run leaves behind once it ends, kept in delve's data folder: the save slot of
//! the run in progress, a morgue file for every finished run ([`morgue`]), and the run
//! history with its scores ([`history`]); and the daily seed ([`daily`]). Plain files
//! and plain functions: no Bevy in here.

pub mod daily;
pub mod history;
pub mod morgue;

use std::path::{Path, PathBuf};

/// delve's data folder and the files in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir(PathBuf);

/// The environment variable that overrides the platform's data folder (as `--data-dir`
/// does), for scripts and tests.
pub const DATA_DIR_VARIABLE: &str = "DELVE_DATA_DIR";

impl DataDir {
    /// The folder `path` (`--data-dir`).
    pub fn at(path: impl Into<PathBuf>) -> DataDir {
        DataDir(path.into())
    }

    /// The folder named by [`DATA_DIR_VARIABLE`], else the platform's data folder for
    /// delve (`~/.local/share/delve` on Linux, `~/Library/Application Support/delve` on
    /// macOS, `%APPDATA%\delve\data` on Windows); `None` where the platform has none
    /// (no home folder).
    pub fn platform() -> Option<DataDir> {
        if let Some(path) = std::env::var_os(DATA_DIR_VARIABLE).filter(|p| !p.is_empty()) {
            return Some(DataDir::at(path));
        }
        directories::ProjectDirs::from("", "", "delve").map(|dirs| DataDir::at(dirs.data_dir()))
    }

    /// The folder itself.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The save slot: where quitting saves the run in progress, F5 saves and F9 and
    /// Continue load.
    pub fn save_slot(&self) -> PathBuf {
        self.0.join("delve.sav")
    }

    /// The folder of morgue files.
    pub fn morgue_folder(&self) -> PathBuf {
        self.0.join("morgue")
    }

    /// The run history.
    pub fn history_file(&self) -> PathBuf {
        self.0.join("history.csv")
    }

    /// Creates the folder (and its morgue folder) if they are missing.
    pub fn create(&self) -> Result<(), String> {
        let morgue = self.morgue_folder();
        std::fs::create_dir_all(&morgue)
            .map_err(|e| format!("{}: cannot create the folder: {e}", morgue.display()))
    }
}
