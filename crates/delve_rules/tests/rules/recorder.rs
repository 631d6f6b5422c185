//! The recording of the run in play (`records::recordings::RunRecorder`): a new run gets
//! a recording of its own name (another when the name is taken); a loaded run goes on
//! in its own recording — as it is when it ends with the state loaded, with the load
//! written into it when it does not — or starts one with the load; a load of another
//! run in play switches to that run's recording; a recording kept with the morgue file
//! leaves the recordings folder and comes back whole if the run goes on. Every recording
//! made so replays to the run it recorded.

use std::sync::Arc;

use delve_rules::records::recordings::{RECORDINGS, RunRecorder, run_name};
use delve_rules::records::storage::{MemoryStorage, Storage};
use delve_rules::run::record::{Check, Recording, RecordingStart, Step};
use delve_rules::run::{PlayerAction, Rules, RunOrigin, RunState};

use super::support::campaign;

/// A run of `seed` started at `started`, and its recording's start.
fn started(seed: u64, started: &str) -> (RunState, RecordingStart) {
    let campaign = campaign(seed);
    let start = RecordingStart::new(&campaign, None, Rules::Monsters);
    let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
    run.set_origin(RunOrigin {
        started: Some(started.to_owned()),
        ..RunOrigin::default()
    });
    (run, start)
}

/// Plays `count` waits and explorations on `run`, recording each.
fn play(run: &mut RunState, recorder: &mut RunRecorder, count: usize) {
    for i in 0..count {
        let action = if i % 3 == 0 {
            PlayerAction::Explore
        } else {
            PlayerAction::Wait
        };
        run.apply(action);
        recorder.record_action(action, run).unwrap();
    }
}

/// The recording in `entry`, read back.
fn read(storage: &MemoryStorage, entry: &str) -> Recording {
    let bytes = storage
        .read(entry)
        .unwrap()
        .expect("the recording is there");
    Recording::parse(&String::from_utf8(bytes).unwrap()).unwrap()
}

/// The whole state's CRC the last step of `run`'s recording holds, if any.
fn read_last_state(storage: &MemoryStorage, run: &RunState) -> Option<u32> {
    let recording = read(storage, &format!("{RECORDINGS}/{}.rec", run_name(run)));
    recording.steps.last().and_then(|s| s.check().state)
}

fn entries(storage: &MemoryStorage) -> Vec<String> {
    storage.list(RECORDINGS).unwrap()
}

/// `run` with its chronicle left out, as replays compare runs.
fn replays_to(recording: &Recording, run: &RunState) {
    let replayed = recording.replay().expect("the recording replays in sync");
    assert_eq!(Check::of(&replayed), Check::of(run));
}

#[test]
fn a_run_continued_goes_on_in_its_own_recording_and_replays_as_one_run() {
    let storage = Arc::new(MemoryStorage::new());
    let (mut run, start) = started(5, "2026-12-07T06:00:00Z");
    let mut recorder = RunRecorder::for_new_run(storage.clone(), &run, &start).unwrap();
    play(&mut run, &mut recorder, 20);
    // Saved on quitting: the recording's last step is checked only lightly, so the
    // save is added as a step checked whole.
    assert_eq!(read_last_state(&storage, &run), None);
    recorder.saved(&run).unwrap();
    let saved = run.clone();
    drop(recorder);
    // A later session loads the save: the recording ends with its state, so it goes
    // on as it is.
    let mut run = RunState::restore(saved.snapshot()).unwrap();
    let mut recorder = RunRecorder::for_loaded_run(storage.clone(), &run).unwrap();
    play(&mut run, &mut recorder, 10);
    let name = format!("{}.rec", run_name(&run));
    assert_eq!(entries(&storage), std::slice::from_ref(&name));
    let recording = read(&storage, &format!("{RECORDINGS}/{name}"));
    assert_eq!(recording.steps.len(), 31);
    assert!(matches!(
        recording.steps[20],
        Step::Act(PlayerAction::Save, check) if check.state.is_some()
    ));
    assert!(recording.steps.iter().all(|s| matches!(s, Step::Act(..))));
    replays_to(&recording, &run);
    // An older save of the same run: the load is written into the recording.
    let mut older = RunState::restore(saved.snapshot()).unwrap();
    let mut recorder = RunRecorder::for_loaded_run(storage.clone(), &older).unwrap();
    play(&mut older, &mut recorder, 5);
    let recording = read(&storage, &format!("{RECORDINGS}/{name}"));
    assert_eq!(recording.steps.len(), 37);
    assert!(matches!(recording.steps[31], Step::Loaded(..)));
    replays_to(&recording, &older);
}

#[test]
fn a_run_without_a_recording_starts_one_with_its_load_and_a_taken_name_gets_another() {
    let storage = Arc::new(MemoryStorage::new());
    let (mut run, start) = started(6, "2026-12-07T06:00:00Z");
    let mut first = RunRecorder::for_new_run(storage.clone(), &run, &start).unwrap();
    let mut second = RunRecorder::for_new_run(storage.clone(), &run, &start).unwrap();
    let name = run_name(&run);
    assert_eq!(
        entries(&storage),
        [format!("{name}-2.rec"), format!("{name}.rec")]
    );
    play(&mut run, &mut first, 3);
    play(&mut run.clone(), &mut second, 1);
    let (mut other, _) = started(7, "2026-12-07T06:00:01Z");
    other.apply(PlayerAction::Wait);
    let mut recorder = RunRecorder::for_loaded_run(storage.clone(), &other).unwrap();
    play(&mut other, &mut recorder, 4);
    let recording = read(&storage, &format!("{RECORDINGS}/{}.rec", run_name(&other)));
    assert!(matches!(recording.steps[0], Step::Loaded(..)));
    replays_to(&recording, &other);
}

#[test]
fn loading_another_run_in_play_switches_to_its_recording_and_drops_an_empty_one() {
    let storage = Arc::new(MemoryStorage::new());
    let (mut saved, start) = started(8, "2026-12-06T20:00:00Z");
    let mut recorder = RunRecorder::for_new_run(storage.clone(), &saved, &start).unwrap();
    play(&mut saved, &mut recorder, 6);
    recorder.saved(&saved).unwrap();
    // A fresh run starts; the player answers "continue?" with y: the saved run loads.
    let (fresh, fresh_start) = started(9, "2026-12-07T08:00:00Z");
    let mut recorder = RunRecorder::for_new_run(storage.clone(), &fresh, &fresh_start).unwrap();
    assert_eq!(entries(&storage).len(), 2);
    let mut run = RunState::restore(saved.snapshot()).unwrap();
    recorder.loaded(&run).unwrap();
    play(&mut run, &mut recorder, 4);
    assert_eq!(
        entries(&storage),
        [format!("{}.rec", run_name(&run))],
        "the fresh run's empty recording is gone"
    );
    let recording = read(&storage, &format!("{RECORDINGS}/{}.rec", run_name(&run)));
    assert_eq!(recording.steps.len(), 11, "one run, no load in it");
    replays_to(&recording, &run);
}

#[test]
fn a_recording_kept_with_the_morgue_leaves_and_comes_back_whole_when_the_run_goes_on() {
    let storage = Arc::new(MemoryStorage::new());
    let (mut run, start) = started(10, "2026-12-07T06:00:00Z");
    let mut recorder = RunRecorder::for_new_run(storage.clone(), &run, &start).unwrap();
    play(&mut run, &mut recorder, 5);
    let earlier = run.clone();
    play(&mut run, &mut recorder, 5);
    recorder.kept_with_the_morgue().unwrap();
    assert!(entries(&storage).is_empty());
    // Keys on the end screen change nothing and write nothing.
    play(&mut run, &mut recorder, 2);
    assert!(entries(&storage).is_empty());
    // A save loaded there brings the run back: its recording is written again whole.
    let mut back = RunState::restore(earlier.snapshot()).unwrap();
    recorder.loaded(&back).unwrap();
    play(&mut back, &mut recorder, 3);
    let recording = read(&storage, &format!("{RECORDINGS}/{}.rec", run_name(&back)));
    assert_eq!(recording.text(), recorder.text());
    replays_to(&recording, &back);
}

#[test]
fn a_full_storage_lets_the_oldest_recordings_go_to_make_room_and_nothing_else() {
    use delve_rules::records::recordings::OldRecordingsMakeRoom;
    let storage = OldRecordingsMakeRoom(MemoryStorage::with_quota(11_000));
    let kept = [
        ("morgue/2026-10-01-seed-1.txt", 500),
        ("morgue/2026-10-01-seed-1.rec", 2_000),
        ("morgue/2026-11-01-seed-2.txt", 500),
        ("morgue/2026-11-01-seed-2.rec", 2_000),
        ("recordings/run-20261120-100000-seed-3.rec", 1_000),
        ("delve.sav", 1_000),
        ("history.csv", 300),
    ];
    for (entry, size) in kept {
        storage.write(entry, &vec![b'k'; size]).unwrap();
    }
    // A run in play records step after step past what the storage holds.
    let step = [b's'; 100];
    for _ in 0..50 {
        storage.append("recordings/now.rec", &step).unwrap();
    }
    let morgue = storage.list("morgue").unwrap();
    assert_eq!(
        morgue,
        [
            "2026-10-01-seed-1.txt",
            "2026-11-01-seed-2.rec",
            "2026-11-01-seed-2.txt"
        ],
        "the oldest recording went first, and only it"
    );
    for _ in 0..20 {
        storage.append("recordings/now.rec", &step).unwrap();
    }
    assert_eq!(
        storage.list("morgue").unwrap(),
        ["2026-10-01-seed-1.txt", "2026-11-01-seed-2.txt"]
    );
    assert_eq!(
        storage.list("recordings").unwrap(),
        ["now.rec", "run-20261120-100000-seed-3.rec"],
        "an unfinished run's recording goes only when no finished run's is left"
    );
    for _ in 0..10 {
        storage.append("recordings/now.rec", &step).unwrap();
    }
    assert_eq!(
        storage.list("recordings").unwrap(),
        ["now.rec"],
        "then it makes room too, never the one written"
    );
    // With no recording left to let go, the storage's refusal stands, and what was
    // written stays whole.
    let refused = (0..100)
        .map(|_| storage.append("recordings/now.rec", &step))
        .find_map(Result::err)
        .expect("the storage fills up");
    assert!(refused.is_full(), "{refused}");
    for entry in ["delve.sav", "history.csv", "morgue/2026-10-01-seed-1.txt"] {
        assert!(storage.contains(entry).unwrap(), "{entry} is kept");
    }
    let recorded = storage.read("recordings/now.rec").unwrap().unwrap();
    assert_eq!(recorded.len() % step.len(), 0);
    assert!(recorded.len() >= 80 * step.len());
}
