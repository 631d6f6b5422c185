//! Recordings: the committed recordings under `tests/recordings/` (hundreds of turns
//! over a cave, a room dungeon and a maze, with a save and a load midway) play back to
//! their end; a recording altered at a step is out of sync at that step; broken ones are
//! refused naming the line. `cargo run --example make_recordings` writes the committed
//! recordings anew (only when a rule changed on purpose).

use bevy_delve::game::RunSettings;
use bevy_delve::game::headless::{headless_app, perform, settle};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::Generation;
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::record::{Check, Recording, RecordingError, RecordingStart, Step};
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::recording_plan::{COMMITTED, committed_folder, record};
use super::temp_dir::TempDir;

/// Recordings an older delve made, kept as they were (format 1, generation 2, the
/// first loot edition; format 5, peaceful, before play that flows; format 6, peaceful,
/// before hunger; format 7 of generation 3, before exploring through a lock with its
/// key; format 8, peaceful, before the current washed things ashore; format 9,
/// peaceful, before shops were told, used-up letters kept and a hungry player refused a
/// ware unpaid; format 10 of generation 4, before cyclic dungeons' barred shortcuts;
/// format 10 of generation 5, before travel and exploring went through a barred door
/// and exploring picked up on its way and went on; format 11, of generation 5, whose
/// every step checks the whole state):
/// they replay to their end as they always did.
const LEGACY: &[&str] = &[
    "legacy/descent-3-format-1.rec",
    "legacy/descent-11-format-1.rec",
    "legacy/descent-3-format-5.rec",
    "legacy/descent-11-format-5.rec",
    "legacy/descent-3-format-6.rec",
    "legacy/descent-11-format-6.rec",
    "legacy/descent-3-generation-3.rec",
    "legacy/descent-11-generation-3.rec",
    "legacy/descent-3-format-8.rec",
    "legacy/descent-11-format-8.rec",
    "legacy/descent-3-format-9.rec",
    "legacy/descent-11-format-9.rec",
    "legacy/descent-3-generation-4.rec",
    "legacy/descent-11-generation-4.rec",
    "legacy/descent-3-format-10.rec",
    "legacy/descent-11-format-10.rec",
    "legacy/descent-3-format-11.rec",
    "legacy/descent-11-format-11.rec",
];

fn committed(file: &str) -> Recording {
    let text = std::fs::read_to_string(committed_folder().join(file)).unwrap();
    Recording::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn the_committed_recordings_play_back_to_their_end() {
    let files = COMMITTED
        .iter()
        .map(|&(file, _)| file)
        .chain(LEGACY.iter().copied());
    for file in files {
        let recording = committed(file);
        let run = recording.replay().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(run.turns() >= 150, "{file}: only {} turns", run.turns());
        assert!(run.depth() >= 4, "{file}: reached depth {}", run.depth());
        let loads = recording
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Loaded(..)))
            .count();
        assert_eq!(loads, 1, "{file}: a load midway");
    }
}

#[test]
fn recording_now_gives_the_committed_recording() {
    let dir = TempDir::new("recording-now");
    let path = dir.file("now.rec");
    let (file, seed) = COMMITTED[0];
    record(seed, &path);
    let now = std::fs::read_to_string(&path).unwrap();
    let was = std::fs::read_to_string(committed_folder().join(file)).unwrap();
    let (now_recording, was_recording) = (
        Recording::parse(&now).unwrap(),
        Recording::parse(&was).unwrap(),
    );
    assert_eq!(
        (was_recording.start.format, was_recording.start.rules),
        (delve_rules::run::record::RECORDING_FORMAT, Rules::Peaceful)
    );
    assert!(
        now_recording.start == was_recording.start,
        "the start lines differ"
    );
    let first_difference = now_recording
        .steps
        .iter()
        .zip(&was_recording.steps)
        .position(|(now, was)| now != was);
    assert_eq!(
        first_difference.map(|at| (at, &now_recording.steps[at], &was_recording.steps[at])),
        None,
        "the steps differ"
    );
    assert_eq!(now_recording.steps.len(), was_recording.steps.len());
    assert_eq!(
        Recording::parse(&now).unwrap().text(),
        now,
        "text round trip"
    );
}

#[test]
fn a_recording_altered_at_a_step_is_out_of_sync_at_that_step() {
    let mut recording = committed(COMMITTED[0].0);
    let at = recording
        .steps
        .iter()
        .position(|s| matches!(s, Step::Act(PlayerAction::Move(..), c) if c.turns > 40))
        .unwrap();
    let Step::Act(_, check) = recording.steps[at] else {
        unreachable!()
    };
    recording.steps[at] = Step::Act(PlayerAction::Wait, check);
    match recording.replay() {
        Err(RecordingError::OutOfSync {
            turn,
            step,
            what,
            good,
        }) => {
            assert_eq!((turn, step), (check.turns, at + 1));
            assert!(good < step, "last known good: step {good}");
            assert!(what.contains("position"), "{what}");
        }
        other => panic!("expected out of sync at step {}, got {other:?}", at + 1),
    }
}

#[test]
fn broken_recordings_are_refused_naming_the_line() {
    // A format-1 recording, relabelled as other formats.
    let text = std::fs::read_to_string(committed_folder().join(LEGACY[0])).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Cut inside the fifth line.
    let cut = lines[..4].join("\n") + "\n" + &lines[4][..lines[4].len() / 2];
    match Recording::parse(&cut) {
        Err(RecordingError::Broken { line, .. }) => assert_eq!(line, 5),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Recording::parse(""),
        Err(RecordingError::Broken { line: 1, .. })
    ));
    // A format newer than this delve's is not known.
    let newer = text.replacen(
        "(format:1,",
        &format!(
            "(format:{},",
            delve_rules::run::record::RECORDING_FORMAT + 1
        ),
        1,
    );
    assert!(matches!(
        Recording::parse(&newer),
        Err(RecordingError::Unsupported(_))
    ));
    // Format 2 was made under the rules before a real run's: refused, saying so.
    let older_rules = text.replacen("(format:1,", "(format:2,", 1);
    match Recording::parse(&older_rules) {
        Err(RecordingError::Unsupported(why)) => {
            assert!(
                why.contains("format 2") && why.contains("earlier delve"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Format 3 with monsters was made before monster abilities and noise: refused,
    // saying so; a peaceful run of format 3 still replays.
    let before_abilities = text.replacen("(format:1,", "(format:3,rules:Monsters,", 1);
    match Recording::parse(&before_abilities) {
        Err(RecordingError::Unsupported(why)) => {
            assert!(
                why.contains("format 3 with monsters") && why.contains("monster abilities"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    let peaceful_3 = text.replacen("(format:1,", "(format:3,rules:Peaceful,", 1);
    assert!(Recording::parse(&peaceful_3).unwrap().replay().is_ok());
    // Format 4 with monsters was made before the second edition of the loot table
    // (throwing, enchanting, curses): refused, saying so; a peaceful one replays.
    let before_loot_edition = text.replacen("(format:1,", "(format:4,rules:Monsters,", 1);
    match Recording::parse(&before_loot_edition) {
        Err(RecordingError::Unsupported(why)) => {
            assert!(
                why.contains("format 4 with monsters") && why.contains("loot table"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    let peaceful_4 = text.replacen("(format:1,", "(format:4,rules:Peaceful,", 1);
    assert!(Recording::parse(&peaceful_4).unwrap().replay().is_ok());
    // Format 5 with monsters was made before play that flows (exploring, threats):
    // refused, saying so; a peaceful one replays.
    let before_flow = text.replacen("(format:1,", "(format:5,rules:Monsters,", 1);
    match Recording::parse(&before_flow) {
        Err(RecordingError::Unsupported(why)) => {
            assert!(
                why.contains("format 5 with monsters") && why.contains("exploring"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    let peaceful_5 = text.replacen("(format:1,", "(format:5,rules:Peaceful,", 1);
    assert!(Recording::parse(&peaceful_5).unwrap().replay().is_ok());
    // Format 6 with monsters was made before hunger and the pack of 26 kinds: refused,
    // saying so; a peaceful one replays.
    let before_hunger = text.replacen("(format:1,", "(format:6,rules:Monsters,", 1);
    match Recording::parse(&before_hunger) {
        Err(RecordingError::Unsupported(why)) => {
            assert!(
                why.contains("format 6 with monsters") && why.contains("hunger"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    let peaceful_6 = text.replacen("(format:1,", "(format:6,rules:Peaceful,", 1);
    assert!(Recording::parse(&peaceful_6).unwrap().replay().is_ok());
}

#[test]
fn a_recording_whose_campaign_is_broken_is_refused_not_played() {
    let text = std::fs::read_to_string(committed_folder().join(COMMITTED[0].0)).unwrap();
    let first = text.lines().next().unwrap();
    let start = first.find("depths:[").unwrap();
    let end = first[start..].find("]),").unwrap() + start + 1;
    let empty = format!("{}depths:[]{}", &first[..start], &first[end..]);
    match Recording::parse(&empty) {
        Err(RecordingError::Broken { line: 1, problem }) => {
            assert!(problem.contains("no levels"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
    let wild = first.replacen("wall_percent:40", "wall_percent:400", 1);
    match Recording::parse(&wild) {
        Err(RecordingError::Broken { line: 1, problem }) => {
            assert!(problem.contains("wall_percent"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
    let mut empty_campaign = CampaignConfig::builtin();
    empty_campaign.depths.clear();
    assert!(RunState::start(empty_campaign, None, Rules::Peaceful).is_err());
}

#[test]
fn a_recorded_run_with_monsters_replays_to_the_same_state() {
    let dir = TempDir::new("recording-monsters");
    let path = dir.file("fight.rec");
    let mut app = headless_app(RunSettings {
        campaign: campaign(17),
        start: None,
        resume: None,
        rules: Rules::Monsters,
        save_slot: SaveSlot::file(dir.file("fight.sav")),
        record: bevy_delve::game::RecordTo::File(path.clone()),
        offer_to_continue: false,
        records: None,
        origin: Default::default(),
        title: None,
    });
    settle(&mut app);
    let actions = bevy_delve::game::parse_actions(
        "x x x llll jjjj x aa ab Z da . . hhhh kkkk x > x x S x aa Z L x >",
    )
    .unwrap();
    perform(&mut app, &actions);
    let played = app
        .world()
        .resource::<bevy_delve::game::RunModel>()
        .0
        .snapshot();
    let recording = Recording::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(recording.start.rules, Rules::Monsters);
    assert_eq!(
        recording.start.format,
        delve_rules::run::record::RECORDING_FORMAT
    );
    let replayed = recording.replay().unwrap();
    // The same run — but for the chronicle, which a recording's load step does not
    // carry (it restarts there) and no rule reads.
    let (mut replayed_save, mut played) = (replayed.snapshot(), played);
    replayed_save.chronicle = None;
    played.chronicle = None;
    assert_eq!(replayed_save, played);
    assert!(replayed.turns() > 30, "{} turns", replayed.turns());
}

/// A short run of `generation` (a few waits), recorded as the game records it.
fn recorded_in(generation: Generation, seed: u64) -> Recording {
    let start = RecordingStart::in_generation(generation, &campaign(seed), None, Rules::Monsters);
    let (mut run, _) =
        RunState::start_in(generation, campaign(seed), None, Rules::Monsters).unwrap();
    let steps = (0..3)
        .map(|_| {
            run.apply(PlayerAction::Wait);
            Step::Act(PlayerAction::Wait, Check::of(&run))
        })
        .collect();
    Recording { start, steps }
}

#[test]
fn a_recording_replays_in_the_generation_it_names() {
    // Generation 1 put the cave's must-find item elsewhere, so the two generations'
    // first levels differ and a recording replayed in the wrong one is out of sync.
    let older = recorded_in(Generation::First, 3);
    let run = Recording::parse(&older.text()).unwrap().replay().unwrap();
    assert_eq!(run.generation(), Generation::First);
    assert_eq!(run.level().key.generation, Generation::First);
    assert_eq!(
        run.key_for(2).generation,
        Generation::First,
        "new depths too"
    );

    let relabelled = older.text().replacen("generation:1,", "generation:2,", 1);
    match Recording::parse(&relabelled).unwrap().replay() {
        Err(RecordingError::OutOfSync { step: 1, what, .. }) => {
            assert!(what.contains("state checksum"), "{what}")
        }
        other => panic!("a generation-1 run replayed as generation 2: {other:?}"),
    }
    let unknown = older.text().replacen("generation:1,", "generation:0,", 1);
    assert!(matches!(
        Recording::parse(&unknown),
        Err(RecordingError::Unsupported(why)) if why.contains("generation 0")
    ));
}

#[test]
fn a_save_goes_on_in_the_generation_its_run_started_in() {
    let (run, _) =
        RunState::start_in(Generation::First, campaign(5), None, Rules::Monsters).unwrap();
    let save = run.snapshot();
    assert_eq!(save.generation, Some(1));
    let back = RunState::restore(save).unwrap();
    assert_eq!(back.generation(), Generation::First);
    assert_eq!(back.key_for(3).generation, Generation::First);
    // A save without the field was made while generation 2 was the newest (so its
    // levels and their items are of generation 2).
    let (run, _) =
        RunState::start_in(Generation::Second, campaign(5), None, Rules::Monsters).unwrap();
    let mut save = run.snapshot();
    save.generation = None;
    assert_eq!(
        RunState::restore(save).unwrap().generation(),
        delve_rules::run::save::GENERATION_OF_AN_OLDER_SAVE
    );
    let mut impossible = run.snapshot();
    impossible.generation = Some(99);
    let refused = RunState::restore(impossible).unwrap_err();
    assert!(refused.contains("generation 99"), "{refused}");
}

/// The built-in campaign with the master seed `seed`.
fn campaign(seed: u64) -> CampaignConfig {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign
}
