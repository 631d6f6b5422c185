//! Every run recorded: the recording of the run in play ([`RunRecorder`]), written to
//! delve's storage step by step as the game goes — in the [`RECORDINGS`] folder under a
//! name of the run's own (`run-20261207-061603-seed-12345.rec`, made from when it
//! started and its seed, `-2`, `-3`, … when two delves start one in the same second) —
//! and kept beside the morgue file when the run ends ([`super::keep_record_with`]).
//!
//! A run saved and continued later goes on in its own recording: loading a run looks
//! for the recording of that run, goes on with it where it ends with the state the save
//! holds, and records the load as a [`Step::Loaded`] where it does not (a save older
//! than the recording's end); a run with no recording of its own starts one with the
//! load. So every recording replays as one run. A recording to a file the player names
//! (`delve play --record FILE`) holds everything played, loads included, as before.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use super::history::History;
use super::storage::{Storage, StorageError, Turn};
use super::{HISTORY, MORGUE};
use crate::run::record::{Check, Recording, RecordingStart, Step};
use crate::run::{PlayerAction, RunState};

/// The folder of the recordings of runs in play, in delve's storage.
pub const RECORDINGS: &str = "recordings";

/// The most recordings of one run name (runs of one seed started in one second).
const MOST_OF_ONE_NAME: u32 = 1_000;

/// The recording of the run in play, written as it goes.
#[derive(Debug)]
pub struct RunRecorder {
    storage: Arc<dyn Storage>,
    /// The entry written.
    entry: String,
    /// The name of the run it records ([`run_name`]); `None` for a file the player
    /// named, which records whatever is played.
    run: Option<String>,
    /// The whole recording so far.
    text: String,
    /// Steps written after the start line.
    steps: usize,
    /// The recording's format (a run continued in a recording an older delve made goes
    /// on in its format's checks).
    format: u32,
    /// The check of the last step written, if any: the depth it left decides whether
    /// the next step's check holds the whole state ([`Check::of_step`]).
    last: Option<Check>,
    /// The entry was taken away (the run ended and its recording went to the morgue
    /// folder): a load that brings the run back writes it whole again.
    taken_away: bool,
}

/// The name of `run`'s recordings: when it started and its master seed.
pub fn run_name(run: &RunState) -> String {
    let started = run.chronicle().origin.started.as_deref().unwrap_or("");
    let stamp: String = started
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .map(|c| if c == 'T' { '-' } else { c })
        .collect();
    let stamp = if stamp.is_empty() { "unknown" } else { &stamp };
    format!("run-{stamp}-seed-{}", run.campaign().seed)
}

/// The entry of the `number`-th recording named `name` (1: no number).
fn entry_of(name: &str, number: u32) -> String {
    match number {
        1 => format!("{RECORDINGS}/{name}.rec"),
        n => format!("{RECORDINGS}/{name}-{n}.rec"),
    }
}

/// The recording of the `number`-th newest run of the history kept in `storage` (1: the
/// newest — the order of `delve history`'s last runs), kept beside its morgue file: its
/// entry and the recording read from it. What the title screen's history page and
/// `delve replay --run N` open.
pub fn recording_of_run(
    storage: &dyn Storage,
    number: usize,
) -> Result<(String, Recording), RunRecordingError> {
    let history = History::read_from(storage, HISTORY)
        .map_err(|e| RunRecordingError::History(e.to_string()))?;
    let runs = history.records();
    let record = runs
        .len()
        .checked_sub(number)
        .filter(|_| number > 0)
        .map(|index| &runs[index])
        .ok_or_else(|| RunRecordingError::NoSuchRun {
            history: storage.place(HISTORY),
            runs: runs.len(),
        })?;
    let ended = record.ended.clone();
    if record.morgue.is_empty() {
        return Err(RunRecordingError::NoMorgue { ended });
    }
    let entry = super::recording_of(&record.morgue);
    let place = storage.place(&entry);
    let unreadable = |problem: String| RunRecordingError::Unreadable {
        place: place.clone(),
        problem,
    };
    let bytes = storage
        .read(&entry)
        .map_err(|e| unreadable(e.to_string()))?
        .ok_or_else(|| RunRecordingError::Missing {
            place: place.clone(),
            ended,
        })?;
    let text = delve_levels::ron_text::text_of(bytes).map_err(|e| {
        unreadable(match e {
            delve_levels::ron_text::ReadTextError::NotUtf8 { line, column } => {
                format!("line {line}, column {column}: not UTF-8 text")
            }
            other => other.to_string(),
        })
    })?;
    let recording = Recording::parse(&text).map_err(|e| unreadable(e.to_string()))?;
    Ok((entry, recording))
}

/// Why the recording of a run of the history cannot be opened ([`recording_of_run`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunRecordingError {
    /// The history does not read.
    History(String),
    /// The history holds fewer runs than the number asked for (or it is 0).
    NoSuchRun {
        /// Where the history is kept.
        history: PathBuf,
        /// How many runs it holds.
        runs: usize,
    },
    /// The run left no morgue file, so no recording.
    NoMorgue {
        /// When it ended.
        ended: String,
    },
    /// Its recording is not beside its morgue file.
    Missing {
        /// Where it would be.
        place: PathBuf,
        /// When the run ended.
        ended: String,
    },
    /// Its recording is there but does not read.
    Unreadable {
        /// Where it is.
        place: PathBuf,
        /// What is wrong.
        problem: String,
    },
}

impl fmt::Display for RunRecordingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunRecordingError::History(problem) => f.write_str(problem),
            RunRecordingError::NoSuchRun { history, runs } => write!(
                f,
                "{} holds {runs} runs (1 is the newest)",
                history.display()
            ),
            RunRecordingError::NoMorgue { ended } => write!(
                f,
                "the run that ended {ended} has no morgue file, so no recording"
            ),
            RunRecordingError::Missing { place, ended } => write!(
                f,
                "{}: cannot read: the recording of the run that ended {ended} is missing \
                 (runs that ended before delve recorded every run have none; a full \
                 browser storage lets the oldest recordings go)",
                place.display()
            ),
            RunRecordingError::Unreadable { place, problem } => {
                write!(f, "{}: {problem}", place.display())
            }
        }
    }
}

impl std::error::Error for RunRecordingError {}

impl RunRecorder {
    /// Records to the entry `entry` of `storage` (a file the player named), starting
    /// with `start`: replaces what it held.
    pub fn to_entry(
        storage: Arc<dyn Storage>,
        entry: &str,
        start: &RecordingStart,
    ) -> Result<RunRecorder, String> {
        let text = start.line();
        storage
            .write(entry, text.as_bytes())
            .map_err(|e| e.to_string())?;
        Ok(RunRecorder {
            storage,
            entry: entry.to_owned(),
            run: None,
            text,
            steps: 0,
            format: start.format,
            last: None,
            taken_away: false,
        })
    }

    /// Starts the recording of `run`, just started from `start`, in the recordings
    /// folder of `storage`, under a name no other recording has.
    pub fn for_new_run(
        storage: Arc<dyn Storage>,
        run: &RunState,
        start: &RecordingStart,
    ) -> Result<RunRecorder, String> {
        let name = run_name(run);
        let _turn = storage.turn(RECORDINGS).map_err(|e| e.to_string())?;
        for number in 1..=MOST_OF_ONE_NAME {
            let entry = entry_of(&name, number);
            if storage.contains(&entry).map_err(|e| e.to_string())? {
                continue;
            }
            let mut recorder = RunRecorder::to_entry(storage, &entry, start)?;
            recorder.run = Some(name);
            return Ok(recorder);
        }
        Err(format!(
            "{}: {MOST_OF_ONE_NAME} recordings of runs named {name} are there already",
            storage.place(RECORDINGS).display()
        ))
    }

    /// Goes on with the recording of `run`, just loaded (continued from a save): its
    /// own recording in the recordings folder where one is kept — as it is when it ends
    /// with the state loaded, else with the load recorded — or a new one that starts
    /// with the load.
    pub fn for_loaded_run(
        storage: Arc<dyn Storage>,
        run: &RunState,
    ) -> Result<RunRecorder, String> {
        let name = run_name(run);
        let mut found: Vec<(String, Recording, String)> = Vec::new();
        for number in 1..=MOST_OF_ONE_NAME {
            let entry = entry_of(&name, number);
            let Some(bytes) = storage.read(&entry).map_err(|e| e.to_string())? else {
                break;
            };
            // A recording that does not read (cut off by a crash mid-line) is left as
            // it is, and another goes on instead.
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            if let Ok(recording) = Recording::parse(&text) {
                found.push((entry, recording, text));
            }
        }
        // Only a step whose whole state was checked tells that the recording ends
        // with the run loaded (from format 12 a save's step holds it, as do the steps
        // [`RunRecorder::saved`] adds).
        let ends_here = |r: &Recording| {
            r.steps.last().is_some_and(|s| {
                s.check().state.is_some()
                    && s.check().agrees_with(&Check::whole(r.start.format, run))
            })
        };
        let chosen = found
            .iter()
            .position(|(_, r, _)| ends_here(r))
            .map(|i| (i, true))
            .or_else(|| (!found.is_empty()).then_some((0, false)));
        match chosen {
            Some((index, in_step)) => {
                let (entry, recording, text) = found.swap_remove(index);
                let mut recorder = RunRecorder {
                    storage,
                    entry,
                    run: Some(name),
                    text: if text.ends_with('\n') {
                        text
                    } else {
                        format!("{text}\n")
                    },
                    steps: recording.steps.len(),
                    format: recording.start.format,
                    last: recording.steps.last().map(|s| *s.check()),
                    taken_away: false,
                };
                if !in_step {
                    recorder.record(&Step::loaded(recorder.format, run))?;
                }
                Ok(recorder)
            }
            None => {
                let start = RecordingStart::in_generation(
                    run.generation(),
                    run.campaign(),
                    None,
                    run.rules(),
                );
                let mut recorder = RunRecorder::for_new_run(storage, run, &start)?;
                recorder.record(&Step::loaded(start.format, run))?;
                Ok(recorder)
            }
        }
    }

    /// Adds the step of `action`, which left `run`, with the check the recording's
    /// format holds for it ([`Check::of_step`]: from format 12 the whole state only on
    /// the steps that matter and every [`crate::run::record::KEYFRAME_EVERY`]-th).
    pub fn record_action(&mut self, action: PlayerAction, run: &RunState) -> Result<(), String> {
        let depth_before = self.last.map_or(run.depth(), |c| c.depth);
        let number = self.steps + 1;
        let check = Check::of_step(self.format, number, Some(&action), depth_before, run);
        self.record(&Step::Act(action, check))
    }

    /// `run` was saved without a step of its own (on quitting, or to a file named at the
    /// end of a headless game): where the last step's check holds no whole state (format
    /// 12 on), a save's step with it is added, so that a run continued from that save
    /// goes on in this recording ([`RunRecorder::for_loaded_run`] knows its end by it).
    pub fn saved(&mut self, run: &RunState) -> Result<(), String> {
        if self.last.is_some_and(|c| c.state.is_some()) || self.steps == 0 {
            return Ok(());
        }
        self.record_action(PlayerAction::Save, run)
    }

    /// Adds `step` to the recording.
    pub fn record(&mut self, step: &Step) -> Result<(), String> {
        let line = step.line();
        self.text.push_str(&line);
        self.steps += 1;
        self.last = Some(*step.check());
        let written = match (self.taken_away, step) {
            // The run is over and kept: what is done on its end screen changes nothing
            // and is only remembered, unless a load brings the run back into play.
            (true, Step::Act(..)) => Ok(()),
            (true, Step::Loaded(..)) => {
                self.taken_away = false;
                self.storage.write(&self.entry, self.text.as_bytes())
            }
            (false, _) => self.storage.append(&self.entry, line.as_bytes()),
        };
        written.map_err(|e| format!("Recording stopped: {e}"))
    }

    /// `run` was loaded in play (F9, or the answer to "continue?"): recorded as a
    /// load when it is the same run (or this recording is a file the player named);
    /// another run goes on in its own recording ([`RunRecorder::for_loaded_run`]),
    /// and this one, left with no step, is removed.
    pub fn loaded(&mut self, run: &RunState) -> Result<(), String> {
        match &self.run {
            Some(name) if *name != run_name(run) => {
                let other = RunRecorder::for_loaded_run(self.storage.clone(), run)?;
                if self.steps == 0 && !self.taken_away {
                    self.storage
                        .remove(&self.entry)
                        .map_err(|e| e.to_string())?;
                }
                *self = other;
                Ok(())
            }
            _ => self.record(&Step::loaded(self.format, run)),
        }
    }

    /// The recording so far, as its file holds it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where it is written ([`Storage::place`]).
    pub fn place(&self) -> std::path::PathBuf {
        self.storage.place(&self.entry)
    }

    /// The run ended and its recording was kept beside its morgue file: a recording in
    /// the recordings folder leaves it (a file the player named stays). Should the run
    /// go on (a save loaded on the end screen), the load writes it back whole.
    pub fn kept_with_the_morgue(&mut self) -> Result<(), String> {
        if self.run.is_none() {
            return Ok(());
        }
        self.storage
            .remove(&self.entry)
            .map_err(|e| e.to_string())?;
        self.taken_away = true;
        Ok(())
    }
}

/// delve's storage where room is short (a browser keeps a few megabytes a site): when a
/// write or an append finds it full, recordings make room, one at a time until it
/// fits: those kept with the oldest morgue files first, then those of runs left
/// unfinished (in [`RECORDINGS`], the oldest started first — a run continued later
/// whose recording went starts another with its load). A run's recording is what can
/// best be spared: never a save, a morgue file or the history, and never the entry being
/// written. A finished run's morgue file stays, and the history page says its recording
/// is gone ([`RunRecordingError::Missing`]).
#[derive(Debug)]
pub struct OldRecordingsMakeRoom<S>(pub S);

impl<S: Storage> OldRecordingsMakeRoom<S> {
    /// Does `write` (to `name`) again while it finds the storage full and an old
    /// recording can go; the last refusal when none is left.
    fn making_room(
        &self,
        name: &str,
        mut write: impl FnMut() -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        loop {
            match write() {
                Err(e) if e.is_full() => {
                    if !self.let_the_oldest_recording_go(name)? {
                        return Err(e);
                    }
                }
                done => return done,
            }
        }
    }

    /// Removes the recording kept with the oldest morgue file (morgue files are named
    /// from when their run ended, so by name the oldest come first), else the oldest of
    /// a run in play or left unfinished (named from when it started), never `keep`:
    /// whether there was one.
    fn let_the_oldest_recording_go(&self, keep: &str) -> Result<bool, StorageError> {
        let in_folder = |folder: &str| -> Result<Vec<String>, StorageError> {
            Ok(self
                .0
                .list(folder)?
                .into_iter()
                .map(|name| format!("{folder}/{name}"))
                .filter(|entry| entry.ends_with(".rec") && entry != keep)
                .collect())
        };
        let oldest = in_folder(MORGUE)?
            .into_iter()
            .chain(in_folder(RECORDINGS)?)
            .next();
        match oldest {
            Some(entry) => self.0.remove(&entry).map(|()| true),
            None => Ok(false),
        }
    }
}

impl<S: Storage> Storage for OldRecordingsMakeRoom<S> {
    fn place(&self, name: &str) -> PathBuf {
        self.0.place(name)
    }

    fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        self.0.read(name)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        self.making_room(name, || self.0.write(name, bytes))
    }

    fn append(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        self.making_room(name, || self.0.append(name, bytes))
    }

    fn remove(&self, name: &str) -> Result<(), StorageError> {
        self.0.remove(name)
    }

    fn list(&self, folder: &str) -> Result<Vec<String>, StorageError> {
        self.0.list(folder)
    }

    fn turn(&self, name: &str) -> Result<Turn, StorageError> {
        self.0.turn(name)
    }

    fn contains(&self, name: &str) -> Result<bool, StorageError> {
        self.0.contains(name)
    }
}
