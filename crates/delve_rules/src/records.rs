//! What outlives a session, kept in delve's [`storage`] (the data folder on the
//! desktop, the browser's storage on the web): the save slot of the run in progress
//! ([`slot`]), a morgue file for every finished run ([`morgue`]), and the run history
//! with its scores ([`history`]); and the daily seed ([`daily`]). Plain functions over
//! one storage interface: no Bevy in here.

pub mod daily;
pub mod history;
pub mod morgue;
pub mod recordings;
pub mod slot;
pub mod storage;

use std::path::{Path, PathBuf};

use slot::SaveSlot;
use storage::{Folder, Storage};

/// The save slot's entry in delve's storage.
pub const SAVE_SLOT: &str = "delve.sav";
/// The run history's entry in delve's storage.
pub const HISTORY: &str = "history.csv";
/// The folder of morgue files in delve's storage.
pub const MORGUE: &str = "morgue";

/// delve's data folder on the desktop: the [`Storage`] of its save slot, history and
/// morgue files ([`DataDir::storage`]).
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

    /// The folder as the storage of delve's records and save slot.
    pub fn storage(&self) -> Folder {
        Folder::at(&self.0)
    }

    /// The save slot's file: where quitting saves the run in progress, F5 saves and F9
    /// and Continue load.
    pub fn save_slot(&self) -> PathBuf {
        self.storage().place(SAVE_SLOT)
    }

    /// The folder of morgue files.
    pub fn morgue_folder(&self) -> PathBuf {
        self.storage().place(MORGUE)
    }

    /// The run history's file.
    pub fn history_file(&self) -> PathBuf {
        self.storage().place(HISTORY)
    }
}

use crate::run::messages::Message;
use crate::run::{RunEnd, RunState};
use history::{Board, RunRecord, SetAside};

/// What keeping the record of a finished run left behind.
#[derive(Debug)]
pub struct Kept {
    /// Where the morgue file was written ([`Storage::place`]).
    pub morgue: PathBuf,
    /// Where the copy of the run's final state beside it was written (`delve play
    /// --load` shows its end).
    pub final_state: PathBuf,
    /// Where the run's recording was kept beside the morgue file, when it had one.
    pub recording: Option<PathBuf>,
    /// The run's line in the history.
    pub record: RunRecord,
    /// A corrupt history that was set aside to make room for this record.
    pub set_aside: Option<SetAside>,
    /// The run's save was removed from the save slot (it held this run).
    pub save_removed: bool,
}

/// Keeps the record of `run`, which has just ended, in `records`: its morgue file (with
/// `messages`, the run's log) and a copy of its final state in the morgue folder, its
/// line in the history, and its save taken out of `save_slot` when the slot holds this
/// same run — so a finished run cannot be continued. Each entry is written whole or not
/// at all, and each run's morgue file has a name of its own, however many runs of one
/// seed end in the same second (see [`write_morgue`]).
pub fn keep_record(
    records: &dyn Storage,
    run: &RunState,
    messages: &[Message],
    save_slot: &SaveSlot,
) -> Result<Kept, String> {
    keep_record_with(records, run, messages, save_slot, None)
}

/// [`keep_record`], keeping `recording` (the text of the run's recording) too, beside
/// the morgue file under its name with `.rec` ([`recording_of`]), and naming it in the
/// morgue file.
pub fn keep_record_with(
    records: &dyn Storage,
    run: &RunState,
    messages: &[Message],
    save_slot: &SaveSlot,
    recording: Option<&str>,
) -> Result<Kept, String> {
    let written = daily::now_text();
    let mut save = run.snapshot();
    save.messages = messages.to_vec();
    let bytes = SaveSlot::encode(&save).map_err(|e| e.to_string())?;
    let (morgue, name) = {
        let _turn = records.turn(MORGUE_NAMES).map_err(|e| e.to_string())?;
        let name = free_morgue_name(records, run, &written)?;
        if let Some(text) = recording {
            records
                .write(&recording_of(&name), text.as_bytes())
                .map_err(|e| e.to_string())?;
        }
        let named = recording.map(|_| recording_file_of(&name));
        let morgue = write_morgue_as(records, &name, run, messages, &written, named.as_deref())?;
        records
            .write(&final_state_of(&name), &bytes)
            .map_err(|e| e.to_string())?;
        (morgue, name)
    };
    let final_state = final_state_of(&name);
    let record = record_of(run, &written, &name);
    let appended = history::append_to(records, HISTORY, &record).map_err(|e| e.to_string())?;
    let save_removed = save_slot.remove_if_holds(run).map_err(|e| e.to_string())?;
    Ok(Kept {
        morgue,
        recording: recording.map(|_| records.place(&recording_of(&name))),
        final_state: records.place(&final_state),
        record,
        set_aside: appended.set_aside,
        save_removed,
    })
}

/// Writes the morgue file of `run` (with `messages`, its log) at `written` (UTC) into
/// the morgue folder of `records`, whole or not at all, under a name no other morgue
/// file has (`morgue-…-seed-N.txt`, else `…-seed-N-2.txt`, …: chosen and written in
/// one turn at the morgue folder, so delves writing at once never share one); returns
/// where.
pub fn write_morgue(
    records: &dyn Storage,
    run: &RunState,
    messages: &[Message],
    written: &str,
) -> Result<PathBuf, String> {
    let _turn = records.turn(MORGUE_NAMES).map_err(|e| e.to_string())?;
    let name = free_morgue_name(records, run, written)?;
    write_morgue_as(records, &name, run, messages, written, None)
}

/// The entry whose turn every writer of a morgue file takes, so that choosing a free
/// name and writing it are one step among delves.
const MORGUE_NAMES: &str = "morgue-names";

/// The most runs of one seed whose morgue files can end in one second.
const MOST_MORGUES_A_SECOND: u32 = 1_000;

/// A morgue file name (in the morgue folder) that neither a morgue file nor a final
/// state copy holds yet; call it during the [`MORGUE_NAMES`] turn.
fn free_morgue_name(
    records: &dyn Storage,
    run: &RunState,
    written: &str,
) -> Result<String, String> {
    let base = morgue::morgue_file_name(run, written);
    let stem = base.trim_end_matches(".txt");
    for number in 1..=MOST_MORGUES_A_SECOND {
        let name = match number {
            1 => base.clone(),
            n => format!("{stem}-{n}.txt"),
        };
        let taken = |entry: &str| records.contains(entry).map_err(|e| e.to_string());
        if !taken(&format!("{MORGUE}/{name}"))?
            && !taken(&final_state_of(&name))?
            && !taken(&recording_of(&name))?
        {
            return Ok(name);
        }
    }
    Err(format!(
        "{}: {MOST_MORGUES_A_SECOND} morgue files of seed {} end in this second already",
        records.place(MORGUE).display(),
        run.campaign().seed
    ))
}

/// The entry of the final state copy kept beside the morgue file `name`.
fn final_state_of(name: &str) -> String {
    format!(
        "{MORGUE}/{}",
        Path::new(name).with_extension("sav").display()
    )
}

/// The file name (in the morgue folder) of the recording kept beside the morgue file
/// `name`: its name with `.rec`.
pub fn recording_file_of(name: &str) -> String {
    Path::new(name).with_extension("rec").display().to_string()
}

/// The entry of the recording kept beside the morgue file `name` (a history line's
/// `morgue`): how the history opens a run's recording.
pub fn recording_of(name: &str) -> String {
    format!("{MORGUE}/{}", recording_file_of(name))
}

/// Writes the morgue file `name` (in the morgue folder) of `run`, naming its recording
/// `recording` if it has one.
fn write_morgue_as(
    records: &dyn Storage,
    name: &str,
    run: &RunState,
    messages: &[Message],
    written: &str,
    recording: Option<&str>,
) -> Result<PathBuf, String> {
    let entry = format!("{MORGUE}/{name}");
    let text = morgue::morgue_text_naming(run, messages, written, recording);
    records
        .write(&entry, text.as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(records.place(&entry))
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
        Some(RunEnd::Won) => "escaped the dungeon".to_owned(),
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

/// Whether the history in `records` already holds the end of `run` (the same seed and
/// start time): a save of it loaded now brings back a run that is over.
pub fn has_ended_before(records: &dyn Storage, run: &RunState) -> bool {
    let Some(started) = &run.chronicle().origin.started else {
        return false;
    };
    history::History::read_from(records, HISTORY).is_ok_and(|history| {
        history
            .records()
            .iter()
            .any(|r| r.seed == run.campaign().seed && &r.started == started)
    })
}
