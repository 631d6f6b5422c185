//! The records of finished runs, in the ECS: the moment a run in play ends, its morgue
//! file, its recording, the copy of its final state and its line in the history are
//! written and its save leaves the slot ([`delve_rules::records::keep_record`]), and the player is told where.
//! Nothing is kept for a run loaded already over, nor where the settings name no data
//! folder (a headless run without `--data-dir`, tests).

use bevy::prelude::*;

use super::screen::Screen;
use super::{GameSystems, Notice, NoticeLog, RunModel, RunSettings};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_records_of_finished_runs
            .in_set(GameSystems::Save)
            .after(super::recording::record_steps),
    )
    // What went wrong keeping the last run's record is not the next run's.
    .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
        commands.remove_resource::<RecordNotKept>();
    });
}

/// Why the record of the run that ended could not be kept: present once that happened
/// (the window and the terminal tell it; a headless run ends with it as an error).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct RecordNotKept(pub String);

/// Writes the records of a run the moment it ends in play.
fn keep_records_of_finished_runs(
    mut commands: Commands,
    run: Option<Res<RunModel>>,
    settings: Res<RunSettings>,
    log: Res<NoticeLog>,
    mut recorder: Option<ResMut<super::recording::Recorder>>,
    mut notices: MessageWriter<Notice>,
    mut in_play: Local<bool>,
) {
    let Some(run) = run else {
        return;
    };
    if run.end().is_none() {
        *in_play = true;
        return;
    }
    if !std::mem::take(&mut *in_play) {
        return;
    }
    let Some(records) = &settings.records else {
        return;
    };
    let recording = recorder.as_ref().map(|r| r.text().to_owned());
    let kept = delve_rules::records::keep_record_with(
        &**records,
        &run,
        &log.entries,
        &settings.save_slot,
        recording.as_deref(),
    );
    match kept {
        Ok(kept) => {
            if let Some(recorder) = &mut recorder
                && let Err(e) = recorder.kept_with_the_morgue()
            {
                notices.write(Notice(format!("The recording was kept, but: {e}")));
            }
            if let Some(aside) = &kept.set_aside {
                notices.write(Notice(format!(
                    "The run history was damaged ({}): set aside as {}, {} runs kept.",
                    aside.problem,
                    aside.to.display(),
                    aside.kept
                )));
            }
            notices.write(Notice(format!(
                "Score {}. The morgue file is {}.",
                kept.record.score,
                kept.morgue.display()
            )));
        }
        Err(e) => {
            notices.write(Notice(format!("The run's record could not be kept: {e}")));
            commands.insert_resource(RecordNotKept(e));
        }
    }
}
