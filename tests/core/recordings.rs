//! Recordings: the committed recordings under `tests/recordings/` (hundreds of turns
//! over a cave, a room dungeon and a maze, with a save and a load midway) play back to
//! their end; a recording altered at a step is out of sync at that step; broken ones are
//! refused naming the line. `cargo test --test core -- --ignored make_committed_recordings`
//! writes the committed recordings anew (only when a rule changed on purpose).

use std::path::{Path, PathBuf};

use delve::config::CampaignConfig;
use delve::game::RunSettings;
use delve::game::headless::{headless_app, perform, settle};
use delve::generator::Generation;
use delve::grid::Pos;
use delve::run::record::{Check, Recording, RecordingError, RecordingStart, Step};
use delve::run::{GameSave, PlayerAction, Rules, RunState};

/// The committed recordings: (file, run seed).
const COMMITTED: &[(&str, u64)] = &[("descent-3.rec", 3), ("descent-11.rec", 11)];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/recordings")
}

fn campaign(seed: u64) -> CampaignConfig {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign
}

/// Orthogonal steps from the player to `to`.
fn walk(run: &RunState, to: Pos) -> Vec<PlayerAction> {
    super::paths::walk(&run.level.level.tiles, run.player, to)
}

/// A player's run over the first three depths (a cave, a room dungeon, a maze): a few
/// items picked up on each, a save, a detour and a load on the second, then the stairs
/// down; on the fourth, a regenerated level, a watched cave and a maze.
fn plan(seed: u64) -> Vec<PlayerAction> {
    let (mut run, _) = RunState::start(campaign(seed), None, Rules::Peaceful).unwrap();
    let mut saved: Option<GameSave> = None;
    let mut actions = Vec::new();
    let mut act = |run: &mut RunState, action: PlayerAction| {
        match action {
            PlayerAction::Save => saved = Some(run.snapshot()),
            PlayerAction::Load => {
                *run = RunState::restore(saved.clone().expect("saved first")).unwrap();
            }
            _ => {
                run.apply(action);
            }
        }
        actions.push(action);
    };
    for depth in 1..=3 {
        let items: Vec<Pos> = run.level.items.iter().map(|i| i.pos).take(3).collect();
        for item in items {
            for step in walk(&run, item) {
                act(&mut run, step);
            }
        }
        if depth == 2 {
            act(&mut run, PlayerAction::Save);
            let down = run.level.level.down;
            for step in walk(&run, down).into_iter().take(12) {
                act(&mut run, step);
            }
            act(&mut run, PlayerAction::Load);
        }
        let down = run.level.level.down;
        for step in walk(&run, down) {
            act(&mut run, step);
        }
        act(&mut run, PlayerAction::Descend);
    }
    for action in delve::view::parse_actions("R 1 s s s . 3 2 K").unwrap() {
        act(&mut run, action);
    }
    actions
}

/// Records `plan(seed)` through the game itself (the ECS recorder, saves on disk).
fn record(seed: u64, to: &Path) {
    let save = std::env::temp_dir().join(format!("delve-rec-{seed}-{}.sav", std::process::id()));
    let mut app = headless_app(RunSettings {
        campaign: campaign(seed),
        start: None,
        resume: None,
        rules: delve::run::Rules::Peaceful,
        save_path: save,
        record: Some(to.to_path_buf()),
        offer_to_continue: false,
    });
    settle(&mut app);
    perform(&mut app, &plan(seed));
}

#[test]
#[ignore = "writes tests/recordings anew; run on purpose"]
fn make_committed_recordings() {
    for &(file, seed) in COMMITTED {
        record(seed, &dir().join(file));
    }
}

fn committed(file: &str) -> Recording {
    let text = std::fs::read_to_string(dir().join(file)).unwrap();
    Recording::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn the_committed_recordings_play_back_to_their_end() {
    for &(file, _) in COMMITTED {
        let recording = committed(file);
        let run = recording.replay().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(run.turns >= 150, "{file}: only {} turns", run.turns);
        assert!(run.depth >= 4, "{file}: reached depth {}", run.depth);
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
    let path = std::env::temp_dir().join(format!("delve-rec-now-{}.rec", std::process::id()));
    let (file, seed) = COMMITTED[0];
    record(seed, &path);
    let now = std::fs::read_to_string(&path).unwrap();
    let was = std::fs::read_to_string(dir().join(file)).unwrap();
    // The committed recordings are format 1 (before monsters): a peaceful run recorded
    // now writes the same steps under a format-3 start that names its rules.
    let (now_recording, mut was_recording) = (
        Recording::parse(&now).unwrap(),
        Recording::parse(&was).unwrap(),
    );
    assert_eq!(
        (was_recording.start.format, was_recording.start.rules),
        (1, Rules::Peaceful)
    );
    was_recording.start.format = delve::run::record::RECORDING_FORMAT;
    assert_eq!(now_recording, was_recording);
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
        Err(RecordingError::OutOfSync { turn, step, what }) => {
            assert_eq!((turn, step), (check.turns, at + 1));
            assert!(what.contains("position"), "{what}");
        }
        other => panic!("expected out of sync at step {}, got {other:?}", at + 1),
    }
}

#[test]
fn broken_recordings_are_refused_naming_the_line() {
    let text = std::fs::read_to_string(dir().join(COMMITTED[0].0)).unwrap();
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
    let newer = text.replacen("(format:1,", "(format:9,", 1);
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
}

#[test]
fn a_recording_whose_campaign_is_broken_is_refused_not_played() {
    let text = std::fs::read_to_string(dir().join(COMMITTED[0].0)).unwrap();
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
    let dir = std::env::temp_dir().join(format!("delve-rec-monsters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fight.rec");
    let mut app = headless_app(RunSettings {
        campaign: campaign(17),
        start: None,
        resume: None,
        rules: Rules::Monsters,
        save_path: dir.join("fight.sav"),
        record: Some(path.clone()),
        offer_to_continue: false,
    });
    settle(&mut app);
    let actions = delve::game::parse_actions(
        "x x x llll jjjj x aa ab Z da . . hhhh kkkk x > x x S x aa Z L x >",
    )
    .unwrap();
    perform(&mut app, &actions);
    let played = app.world().resource::<delve::game::RunModel>().0.snapshot();
    let recording = Recording::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(recording.start.rules, Rules::Monsters);
    assert_eq!(recording.start.format, 3);
    let replayed = recording.replay().unwrap();
    assert_eq!(replayed.snapshot(), played);
    assert!(replayed.turns > 30, "{} turns", replayed.turns);
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
    assert_eq!(run.generation, Generation::First);
    assert_eq!(run.level.key.generation, Generation::First);
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
    assert_eq!(back.generation, Generation::First);
    assert_eq!(back.key_for(3).generation, Generation::First);
    // A save without the field was made while generation 2 was the newest.
    let (run, _) = RunState::start(campaign(5), None, Rules::Monsters).unwrap();
    let mut save = run.snapshot();
    save.generation = None;
    assert_eq!(
        RunState::restore(save).unwrap().generation,
        delve::run::save::GENERATION_OF_AN_OLDER_SAVE
    );
    let mut impossible = run.snapshot();
    impossible.generation = Some(99);
    let refused = RunState::restore(impossible).unwrap_err();
    assert!(refused.contains("generation 99"), "{refused}");
}
