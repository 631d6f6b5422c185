//! Recording a run (`delve play --record FILE`): the start line when the run starts,
//! then a line per applied action (or per loaded save) with a check of the state it
//! left, appended and flushed as the game goes (see [`delve_rules::run::record`]).

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use bevy::prelude::*;

use super::messages::{ActionApplied, RunLoaded};
use super::screen::Screen;
use super::{GameSystems, Notice, RunModel, RunSettings};
use delve_rules::run::PlayerAction;
use delve_rules::run::record::{Check, RecordingStart, Step};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        start_recording.after(super::screen::start_the_chosen_run),
    )
    .add_systems(Update, record_steps.after(GameSystems::Save));
}

/// The recording being written, when the run is recorded.
#[derive(Resource, Debug)]
pub struct Recorder {
    /// Where it goes.
    pub path: PathBuf,
    file: Option<File>,
}

impl Recorder {
    /// Appends `line` and flushes it; the first failure stops the recording, saying why.
    fn write(&mut self, line: &str) -> Result<(), String> {
        let Some(file) = &mut self.file else {
            return Ok(());
        };
        let result = file.write_all(line.as_bytes()).and_then(|()| file.flush());
        result.map_err(|e| {
            self.file = None;
            format!("Recording stopped: {}: {e}", self.path.display())
        })
    }
}

/// Opens the recording as the run starts (once: a save loaded on the end screen goes
/// on in the same recording).
fn start_recording(
    mut commands: Commands,
    settings: Res<RunSettings>,
    mut notices: MessageWriter<Notice>,
    mut started: Local<bool>,
) {
    if std::mem::replace(&mut *started, true) {
        return;
    }
    let Some(path) = settings.record.clone() else {
        return;
    };
    let start = RecordingStart::new(&settings.campaign, settings.start.as_ref(), settings.rules);
    let opened = File::create(&path).and_then(|mut file| {
        file.write_all(start.line().as_bytes())?;
        file.flush()?;
        Ok(file)
    });
    match opened {
        Ok(file) => {
            commands.insert_resource(Recorder {
                path,
                file: Some(file),
            });
        }
        Err(e) => {
            notices.write(Notice(format!("Cannot record to {}: {e}", path.display())));
        }
    }
}

fn record_steps(
    mut applied: MessageReader<ActionApplied>,
    mut loaded: MessageReader<RunLoaded>,
    run: Option<Res<RunModel>>,
    recorder: Option<ResMut<Recorder>>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(run), Some(mut recorder)) = (run, recorder) else {
        applied.clear();
        loaded.clear();
        return;
    };
    let was_loaded = loaded.read().count() > 0;
    for ActionApplied(action) in applied.read() {
        let check = Check::of(&run);
        let step = if *action == PlayerAction::Load && was_loaded {
            // The run became the loaded one: the recording holds it, so a replay needs
            // no save file — without its chronicle, which no rule reads (as the checks
            // leave it out), so recordings read as they did before it existed.
            let mut save = run.snapshot();
            save.chronicle = None;
            Step::Loaded(Box::new(save), check)
        } else {
            Step::Act(*action, check)
        };
        if let Err(why) = recorder.write(&step.line()) {
            notices.write(Notice(why));
        }
    }
}
