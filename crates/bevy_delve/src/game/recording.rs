//! Recording a run, in the ECS: every run in play is recorded ([`RecordTo`]) — to the
//! recordings folder of delve's storage, or to a file the player names (`delve play
//! --record FILE`) — the start line when the run starts, then a line per applied action
//! (or per loaded save) with a check of the state it left, added as the game goes. The
//! pure [`RunRecorder`] decides names and what a load does; this only feeds it.

use std::sync::Arc;

use bevy::prelude::*;

use super::messages::{ActionApplied, RunLoaded, RunSaved};
use super::screen::Screen;
use super::{GameSystems, Notice, RunModel, RunSettings};
use delve_rules::records::recordings::RunRecorder;
use delve_rules::records::storage::{Folder, Storage};
use delve_rules::run::PlayerAction;
use delve_rules::run::record::RecordingStart;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        start_recording.after(super::screen::start_the_chosen_run),
    )
    // The title screen puts the last run's recording away: the next run has its own.
    .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
        commands.remove_resource::<Recorder>();
        commands.remove_resource::<RecordingStopped>();
    })
    .add_systems(
        Update,
        record_steps
            .in_set(GameSystems::Save)
            .after(super::saving::handle_save_requests),
    );
}

/// Where a run is recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RecordTo {
    /// Nowhere (tests, a run following its campaign file, `delve play --no-record`).
    #[default]
    Nowhere,
    /// The recordings folder of the settings' records (the data folder), then beside
    /// the run's morgue file when it ends: what every run played does.
    Records,
    /// This file (`delve play --record FILE`), which holds everything played.
    File(std::path::PathBuf),
}

/// The recording being written, when the run is recorded.
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct Recorder(pub RunRecorder);

/// Why the run's recording stopped: present once it did (the window and the terminal
/// tell it; a headless run ends with it as an error).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct RecordingStopped(pub String);

/// Opens the recording as the run starts (once a run: a save loaded on the end screen
/// goes on in the same recording; a run chosen on the title screen after one ended has
/// its own, the title screen having put the last one away).
fn start_recording(
    mut commands: Commands,
    settings: Res<RunSettings>,
    run: Option<Res<RunModel>>,
    mut notices: MessageWriter<Notice>,
    opened_before: (Option<Res<Recorder>>, Option<Res<RecordingStopped>>),
) {
    if opened_before.0.is_some() || opened_before.1.is_some() {
        return;
    }
    let Some(run) = run else {
        return;
    };
    let start = || RecordingStart::new(&settings.campaign, settings.start.as_ref(), settings.rules);
    let opened = match (&settings.record, &settings.records) {
        (RecordTo::Nowhere, _) | (RecordTo::Records, None) => return,
        (RecordTo::File(path), _) => {
            let (folder, name) = Folder::containing(path);
            RunRecorder::to_entry(Arc::new(folder), &name, &start())
        }
        (RecordTo::Records, Some(records)) => {
            let records: Arc<dyn Storage> = records.clone();
            if settings.resume.is_some() {
                RunRecorder::for_loaded_run(records, &run)
            } else {
                RunRecorder::for_new_run(records, &run, &start())
            }
        }
    };
    match opened {
        Ok(recorder) => commands.insert_resource(Recorder(recorder)),
        Err(e) => {
            let why = format!("The run is not recorded: {e}");
            notices.write(Notice(why.clone()));
            commands.insert_resource(RecordingStopped(why));
        }
    }
}

/// Records each applied action (a load as the run loaded, and a save made without a
/// step of its own as a save where the recording needs it), before the records of a
/// run that has just ended are kept.
pub(super) fn record_steps(
    mut commands: Commands,
    mut applied: MessageReader<ActionApplied>,
    mut loaded: MessageReader<RunLoaded>,
    mut saved: MessageReader<RunSaved>,
    run: Option<Res<RunModel>>,
    recorder: Option<ResMut<Recorder>>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(run), Some(mut recorder)) = (run, recorder) else {
        applied.clear();
        loaded.clear();
        saved.clear();
        return;
    };
    let was_loaded = loaded.read().count() > 0;
    // The frame's actions, then a save made without a step of its own.
    let was_saved = saved.read().count() > 0;
    let steps = applied
        .read()
        .map(|&ActionApplied(action)| Some(action))
        .chain(was_saved.then_some(None));
    for step in steps {
        let written = match step {
            Some(PlayerAction::Load) if was_loaded => recorder.loaded(&run),
            Some(action) => recorder.record_action(action, &run),
            None => recorder.saved(&run),
        };
        if let Err(why) = written {
            notices.write(Notice(why.clone()));
            commands.remove_resource::<Recorder>();
            commands.insert_resource(RecordingStopped(why));
            return;
        }
    }
}
