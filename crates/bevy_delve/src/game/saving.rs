//! Saving and loading in the ECS: F5 and F9 (and a headless run's `--save`) become
//! [`SaveRequest`]s; the run's snapshot is written to the save slot — on a
//! background thread in the window so a frame never waits for the disk, right away in
//! headless runs — with the newest messages of the log; a load replaces the run (and
//! the log) through the one loading path ([`SaveSlot::load`]).

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;

use super::messages::{LevelEntered, RunLoaded, RunSaved, SaveRequest, swap_in_loaded};
use super::{GameSystems, Notice, NoticeLog, RunModel, RunSettings};
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::messages::MessageLog;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveWriter>().add_systems(
        Update,
        (handle_save_requests, report_finished_saves)
            .chain()
            .in_set(GameSystems::Save),
    );
}

/// A finished save: where, and whether it worked.
type Finished = (PathBuf, Result<(), String>);

/// Writes saves: on a background thread (the window), or at once (headless runs and
/// tests, so that the save is on disk when the frame ends).
#[derive(Resource)]
pub struct SaveWriter {
    in_background: bool,
    sender: Sender<Finished>,
    finished: Mutex<Receiver<Finished>>,
    /// The last save reported finished.
    pub last: Option<Finished>,
}

impl SaveWriter {
    /// A writer that saves on a background thread (`true`) or at once (`false`).
    pub fn new(in_background: bool) -> SaveWriter {
        let (sender, receiver) = channel();
        SaveWriter {
            in_background,
            sender,
            finished: Mutex::new(receiver),
            last: None,
        }
    }
}

impl Default for SaveWriter {
    fn default() -> Self {
        SaveWriter::new(true)
    }
}

pub(super) fn handle_save_requests(
    mut requests: MessageReader<SaveRequest>,
    settings: Res<RunSettings>,
    run: Option<ResMut<RunModel>>,
    writer: Res<SaveWriter>,
    mut notices: MessageWriter<Notice>,
    mut log: ResMut<NoticeLog>,
    mut facts: (
        MessageWriter<LevelEntered>,
        MessageWriter<RunLoaded>,
        MessageWriter<AppExit>,
        MessageWriter<RunSaved>,
    ),
) {
    let Some(mut run) = run else {
        return;
    };
    for request in requests.read() {
        if run.end().is_some() && *request != SaveRequest::Load {
            // A finished run never replaces a save.
            notices.write(Notice(
                "The run is over: it is not saved, and your last save is kept.".into(),
            ));
            if *request == SaveRequest::SaveAndQuit {
                facts.2.write(AppExit::Success);
            }
            continue;
        }
        let slot = match request {
            SaveRequest::Save => settings.save_slot.clone(),
            SaveRequest::SaveTo(path) => SaveSlot::file(path),
            SaveRequest::SaveAndQuit => {
                // At once, not in the background: the game ends when it is stored.
                let slot = &settings.save_slot;
                match slot.save(&save_of(&run, &log)) {
                    Ok(()) => {
                        facts.3.write(RunSaved);
                        notices.write(Notice(format!("Saved to {}.", slot.place().display())));
                        facts.2.write(AppExit::Success);
                    }
                    Err(e) => {
                        notices.write(Notice(format!(
                            "Save failed, so the game goes on (the previous save is kept): {e}"
                        )));
                    }
                }
                continue;
            }
            SaveRequest::Load => {
                let slot = &settings.save_slot;
                match slot.load() {
                    Ok((mut loaded, messages, from)) => {
                        mark_if_over(&mut loaded, &settings);
                        // The log is the loaded run's, as its save kept it: the lines of
                        // the run given up are not its past.
                        log.0 = MessageLog::from_saved(messages);
                        swap_in_loaded(&mut run, loaded, &mut facts.0);
                        facts.1.write(RunLoaded);
                        notices.write(Notice(slot.notice(&from)));
                    }
                    Err(e) => {
                        notices.write(Notice(format!(
                            "Cannot load {}: {e}",
                            slot.place().display()
                        )));
                    }
                }
                continue;
            }
        };
        if matches!(request, SaveRequest::SaveTo(_)) {
            // F5's save is a step of its own, recorded as the action.
            facts.3.write(RunSaved);
        }
        let save = save_of(&run, &log);
        let shown = slot.place().display().to_string();
        let sender = writer.sender.clone();
        let write = move || {
            let result = slot.save(&save).map_err(|e| e.to_string());
            let _ = sender.send((slot.place(), result));
        };
        if writer.in_background {
            notices.write(Notice(format!("Saving to {shown}...")));
            std::thread::spawn(write);
        } else {
            write();
        }
    }
}

/// Marks `loaded` reloaded if the history already holds its end (a copy of its save
/// kept from before it ended, brought back).
pub(super) fn mark_if_over(loaded: &mut delve_rules::run::RunState, settings: &RunSettings) {
    if let Some(records) = &settings.records
        && delve_rules::records::has_ended_before(&**records, loaded)
    {
        loaded.mark_reloaded(
            "the history records this run's end: it was loaded again from an older save",
        );
    }
}

/// What a save of `run` holds: its snapshot and the log's newest messages.
pub fn save_of(run: &RunModel, log: &NoticeLog) -> delve_rules::run::GameSave {
    let mut save = run.snapshot();
    save.messages = log.tail();
    save
}

fn report_finished_saves(mut writer: ResMut<SaveWriter>, mut notices: MessageWriter<Notice>) {
    let finished: Vec<Finished> = match writer.finished.lock() {
        Ok(receiver) => receiver.try_iter().collect(),
        Err(_) => return,
    };
    for (path, result) in finished {
        notices.write(Notice(match &result {
            Ok(()) => format!("Saved to {}.", path.display()),
            Err(e) => format!("Save failed, the previous save is kept: {e}"),
        }));
        writer.last = Some((path, result));
    }
}
