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

use crate::run::messages::Message;
use crate::run::{RunEnd, RunState};
use history::{Board, RunRecord, SetAside};

/// What keeping the record of a finished run left behind.
#[derive(Debug)]
pub struct Kept {
    /// The morgue file written.
    pub morgue: PathBuf,
    /// The copy of the run's final state beside it (`delve play --load` shows its end).
    pub final_state: PathBuf,
    /// The run's line in the history.
    pub record: RunRecord,
    /// A corrupt history that was set aside to make room for this record.
    pub set_aside: Option<SetAside>,
    /// The run's save was removed from the save slot (it held this run).
    pub save_removed: bool,
}

/// Keeps the record of `run`, which has just ended: its morgue file (with `messages`,
/// the run's log) and a copy of its final state in the morgue folder, its line in the
/// history, and its save taken out of `save_slot` when the slot holds this same run —
/// so a finished run cannot be continued. Each file is written whole or not at all.
pub fn keep_record(
    dir: &DataDir,
    run: &RunState,
    messages: &[Message],
    save_slot: &Path,
) -> Result<Kept, String> {
    let written = daily::now_text();
    let morgue = write_morgue(dir, run, messages, &written)?;
    let name = morgue::morgue_file_name(run, &written);
    let final_state = morgue.with_extension("sav");
    let mut save = run.snapshot();
    save.messages = messages.to_vec();
    crate::run::write_save(&final_state, &save).map_err(|e| e.to_string())?;
    // Its writer's lock file is of no use beside a morgue file that is never saved again.
    let _ = std::fs::remove_file(delve_levels::save::lock_path(&final_state));
    let record = record_of(run, &written, &name);
    let appended = history::append(&dir.history_file(), &record).map_err(|e| e.to_string())?;
    let save_removed = remove_save_of(run, save_slot)?;
    Ok(Kept {
        morgue,
        final_state,
        record,
        set_aside: appended.set_aside,
        save_removed,
    })
}

/// Writes the morgue file of `run` (with `messages`, its log) at `written` (UTC) into
/// the data folder's morgue folder, whole or not at all; returns its path.
pub fn write_morgue(
    dir: &DataDir,
    run: &RunState,
    messages: &[Message],
    written: &str,
) -> Result<PathBuf, String> {
    dir.create()?;
    let path = dir
        .morgue_folder()
        .join(morgue::morgue_file_name(run, written));
    let text = morgue::morgue_text(run, messages, written);
    delve_levels::save::replace_file_safely(&path, text.as_bytes())
        .map_err(|e| format!("{}: cannot {}: {}", e.path.display(), e.doing, e.error))?;
    Ok(path)
}

/// The history's line for `run`, ended at `ended`, whose morgue file is `morgue`.
pub fn record_of(run: &RunState, ended: &str, morgue: &str) -> RunRecord {
    let fight = run.fight();
    let chronicle = run.chronicle();
    let marks = chronicle.marks(run.designer_run());
    let board = if !marks.is_empty() {
        Board::Other
    } else if chronicle.origin.daily.is_some() {
        Board::Daily
    } else {
        Board::Main
    };
    let won = fight.end == Some(RunEnd::Won);
    let cause = match &fight.end {
        Some(RunEnd::Won) => "escaped with the rune".to_owned(),
        Some(RunEnd::Died { cause }) => cause.clone(),
        None => "still playing".to_owned(),
    };
    let deepest = chronicle.deepest.max(run.depth());
    RunRecord {
        ended: ended.to_owned(),
        started: chronicle.origin.started.clone().unwrap_or_default(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        generation: run.generation().number() as u32,
        seed: run.campaign().seed,
        daily: chronicle.origin.daily.clone(),
        board,
        won,
        cause,
        depth: run.depth(),
        deepest,
        turns: run.turns(),
        level: fight.level,
        kills: fight.kills,
        gold: fight.gold,
        score: run.score(),
        marks: marks.into_iter().map(str::to_owned).collect(),
        morgue: morgue.to_owned(),
    }
}

/// Whether the history in `dir` already holds the end of `run` (the same seed and start
/// time): a save of it loaded now brings back a run that is over.
pub fn has_ended_before(dir: &DataDir, run: &RunState) -> bool {
    let Some(started) = &run.chronicle().origin.started else {
        return false;
    };
    history::History::read(&dir.history_file()).is_ok_and(|history| {
        history
            .records()
            .iter()
            .any(|r| r.seed == run.campaign().seed && &r.started == started)
    })
}

/// Takes the save out of `save_slot` (with its backup) if it is a save of `run`: the
/// run is over. A save of another run, or none, stays as it is.
fn remove_save_of(run: &RunState, save_slot: &Path) -> Result<bool, String> {
    let Ok((saved, _, _)) = crate::run::load_run_and_messages(save_slot) else {
        return Ok(false);
    };
    if !saved.same_run_as(run) {
        return Ok(false);
    }
    for path in [
        save_slot.to_path_buf(),
        delve_levels::save::backup_path(save_slot),
    ] {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!(
                    "{}: cannot remove the finished run's save: {e}",
                    path.display()
                ));
            }
            _ => {}
        }
    }
    Ok(true)
}
