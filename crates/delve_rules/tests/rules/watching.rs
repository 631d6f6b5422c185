//! Watching a recording (`record::Watched`): the run at any step, reached by a seek from
//! anywhere (forward or back), is the very run the recording's play reached there, with
//! the notices shown so far; turns, depths and moments of danger find their steps; a
//! recording whose step was changed is refused on opening, naming the step.

use proptest::prelude::*;

use delve_levels::rng::{Stream, StreamRng};
use delve_rules::run::messages::MessageLog;
use delve_rules::run::record::{
    Check, KEYFRAME_EVERY, Playback, RECORDING_FORMAT, Recording, RecordingStart, SPEEDS, Step,
    WatchCommand, Watched,
};
use delve_rules::run::{Outcome, PlayerAction, Rules, RunState};

use super::support::{campaign, simple_action};

/// A run of `seed` played `steps` steps by a simple player drawn from the seed
/// (exploring, walking, waiting, resting, searching, taking the stairs), recorded as the
/// game records it (the whole state checked only where due); with every state and the
/// notice log it reached, step by step (index = step, 0 the start).
fn played(seed: u64, steps: usize) -> (Recording, Vec<RunState>, Vec<MessageLog>) {
    let campaign = campaign(seed);
    let start = RecordingStart::new(&campaign, None, Rules::Monsters);
    let (mut run, told) = RunState::start(campaign, None, Rules::Monsters).expect("a run");
    let mut log = MessageLog::default();
    let keep = |log: &mut MessageLog, run: &RunState, outcomes: &[Outcome]| {
        for outcome in outcomes {
            if let Outcome::Notice(text) = outcome {
                log.push(run.turns(), text.clone());
            }
        }
    };
    keep(&mut log, &run, &told);
    let mut states = vec![run.clone()];
    let mut logs = vec![log.clone()];
    let mut recorded = Vec::new();
    let mut rng = StreamRng::new(seed, Stream::Combat);
    for _ in 0..steps {
        if run.end().is_some() {
            break;
        }
        let action = simple_action(&mut rng);
        let depth_before = run.depth();
        let outcomes = run.apply(action);
        keep(&mut log, &run, &outcomes);
        let number = recorded.len() + 1;
        let check = Check::of_step(RECORDING_FORMAT, number, Some(&action), depth_before, &run);
        recorded.push(Step::Act(action, check));
        states.push(run.clone());
        logs.push(log.clone());
    }
    let recording = Recording {
        start,
        steps: recorded,
    };
    (recording, states, logs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn a_seek_to_any_step_from_any_other_gives_the_run_the_play_reached_there(
        seed in 0u64..1_000,
        steps in 1usize..260,
        seeks in prop::collection::vec(any::<prop::sample::Index>(), 1..12),
    ) {
        let (recording, states, logs) = played(seed, steps);
        let watched = Watched::open(recording).expect("the recording replays");
        prop_assert_eq!(watched.last_step(), states.len() - 1);
        // Seeks in any order: forward, back, and to the same step again.
        for at in seeks {
            let step = at.index(states.len());
            let frame = watched.frame_at(step).expect("a seek replays");
            prop_assert_eq!(frame.step, step);
            prop_assert!(frame.run == states[step], "seed {} step {}: the run differs", seed, step);
            prop_assert!(frame.log == logs[step], "seed {} step {}: the notices differ", seed, step);
        }
    }
}

/// A recording whose every step shows a notice, new or a repeat of the last (stairs
/// asked for where there are none: no turn passes): a seek to any step has the log a
/// replay to it shows, repeats counted as they were then. (A keyframe keeps where the
/// log ended, not a copy of it: 20,000 such steps took 385 MB to open, and 64 MiB of
/// them hundreds of gigabytes.)
#[test]
fn a_seek_has_the_notices_of_its_step_when_every_step_shows_one() {
    let campaign = campaign(5);
    let start = RecordingStart::new(&campaign, None, Rules::Peaceful);
    let (mut run, told) = RunState::start(campaign, None, Rules::Peaceful).expect("a run");
    let mut log = MessageLog::default();
    let keep = |log: &mut MessageLog, run: &RunState, outcomes: Vec<Outcome>| {
        for outcome in outcomes {
            if let Outcome::Notice(text) = outcome {
                log.push(run.turns(), text);
            }
        }
    };
    keep(&mut log, &run, told);
    let mut logs = vec![log.clone()];
    let mut steps = Vec::new();
    for i in 0..4 * KEYFRAME_EVERY + 3 {
        let action = if i % 3 == 0 {
            PlayerAction::Ascend
        } else {
            PlayerAction::Descend
        };
        let outcomes = run.apply(action);
        keep(&mut log, &run, outcomes);
        steps.push(Step::Act(action, Check::of(&run)));
        logs.push(log.clone());
    }
    assert!(log.entries.iter().any(|m| m.count > 1), "repeats counted");
    let watched = Watched::open(Recording { start, steps }).expect("it replays");
    for (step, expected) in logs.iter().enumerate().rev() {
        assert_eq!(
            &watched.frame_at(step).unwrap().log,
            expected,
            "step {step}"
        );
    }
}

#[test]
fn a_seek_past_the_end_gives_the_end_and_to_step_0_the_start() {
    let (recording, states, _) = played(3, 3 * KEYFRAME_EVERY + 5);
    let last = states.len() - 1;
    let watched = Watched::open(recording).unwrap();
    assert_eq!(watched.frame_at(last + 100).unwrap().run, states[last]);
    assert_eq!(watched.frame_at(0).unwrap().run, states[0]);
}

#[test]
fn turns_depths_and_danger_find_their_steps() {
    let (recording, states, _) = played(11, 400);
    let watched = Watched::open(recording).unwrap();
    let summaries = watched.summaries();
    assert_eq!(summaries.len(), states.len());
    for (step, run) in states.iter().enumerate() {
        assert_eq!(summaries[step].turns, run.turns());
        assert_eq!(summaries[step].depth, run.depth());
        assert_eq!(summaries[step].hp, run.fight().hp);
    }
    // By turn: the first step at or past it.
    let middle = states[states.len() / 2].turns();
    let step = watched.step_at_turn(middle);
    assert!(states[step].turns() >= middle);
    assert!(step == 0 || states[step - 1].turns() < middle);
    assert_eq!(
        watched.step_at_turn(u64::MAX),
        watched.last_step(),
        "past the end: the end"
    );
    // By depth: the first step after the start on the deepest depth reached.
    let deepest = states.iter().map(RunState::depth).max().unwrap();
    let found = watched.next_step_on_depth(0, deepest);
    if deepest > 1 {
        let step = found.expect("the deepest depth is reached");
        assert_eq!(states[step].depth(), deepest);
        assert!(states[..step].iter().all(|r| r.depth() < deepest));
    }
    // Danger: each step it finds is under a quarter of the most hit points, the step
    // before it not; and none is skipped.
    let mut from = 0;
    let mut found = Vec::new();
    while let Some(step) = watched.next_danger(from) {
        found.push(step);
        from = step;
    }
    let expected: Vec<usize> = (1..states.len())
        .filter(|&i| {
            let danger = |r: &RunState| r.fight().hp > 0 && r.fight().hp * 4 < r.fight().max_hp;
            danger(&states[i]) && !danger(&states[i - 1])
        })
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn a_recording_with_a_changed_step_is_refused_on_opening_naming_the_step() {
    let (mut recording, _, _) = played(5, 120);
    let changed = 90.min(recording.steps.len());
    assert!(changed >= 2, "the run lasted some steps");
    if let Step::Act(_, check) = &mut recording.steps[changed - 1] {
        check.turns += 1;
    }
    let error = Watched::open(recording).unwrap_err().to_string();
    assert!(error.contains(&format!("(step {changed})")), "{error}");
}

/// The first run (by seed) that lasts 400 steps, long enough to cross keyframes.
fn long_played() -> (Recording, Vec<RunState>, Vec<MessageLog>) {
    (1..)
        .map(|seed| played(seed, 400))
        .find(|(_, states, _)| states.len() > 400)
        .expect("some run lasts")
}

/// Whether `playback` shows the frame a seek to its step gives, and the run the
/// recording's play reached there.
fn shows_the_seeks_frame(playback: &Playback, states: &[RunState], logs: &[MessageLog]) {
    let frame = playback.frame();
    let sought = playback.watched().frame_at(frame.step).unwrap();
    assert!(
        *frame == sought,
        "step {}: not the seek's frame",
        frame.step
    );
    assert!(frame.run == states[frame.step] && frame.log == logs[frame.step]);
}

#[test]
fn stepping_back_and_forward_and_jumping_show_the_frames_a_seek_gives() {
    let (recording, states, logs) = long_played();
    let last = states.len() - 1;
    let mut playback = Playback::open(recording, 4.0).unwrap();
    assert_eq!(playback.frame().step, 0);
    assert!(!playback.playing(), "it opens paused at the start");
    let expect = |playback: &mut Playback, command: WatchCommand, step: usize| {
        playback.command(command).unwrap();
        assert_eq!(playback.frame().step, step, "after {command:?}");
        shows_the_seeks_frame(playback, &states, &logs);
    };
    expect(&mut playback, WatchCommand::StepForward, 1);
    expect(&mut playback, WatchCommand::StepForward, 2);
    expect(&mut playback, WatchCommand::StepBack, 1);
    expect(&mut playback, WatchCommand::ToEnd, last);
    // Back across a keyframe, one step at a time.
    for step in (last - KEYFRAME_EVERY - 3..last).rev() {
        expect(&mut playback, WatchCommand::StepBack, step);
    }
    let turns = states[playback.frame().step].turns();
    let ahead = states
        .iter()
        .position(|r| r.turns() >= turns + 10)
        .unwrap_or(last);
    expect(&mut playback, WatchCommand::JumpTurns(10), ahead);
    let now = playback.frame().step;
    let back = states
        .iter()
        .rposition(|r| r.turns() <= states[now].turns() - 10)
        .unwrap();
    expect(&mut playback, WatchCommand::JumpTurns(-10), back);
    expect(&mut playback, WatchCommand::ToStart, 0);
    let deeper = states.iter().position(|r| r.depth() == 2);
    playback.command(WatchCommand::NextDepth).unwrap();
    assert_eq!(playback.frame().step, deeper.unwrap_or(0));
    assert_eq!(
        deeper.is_none(),
        playback.status().contains("never reaches depth 2"),
        "a jump that finds nothing says so: {}",
        playback.status()
    );
    shows_the_seeks_frame(&playback, &states, &logs);
}

#[test]
fn playing_moves_on_by_its_speed_a_pause_holds_and_the_end_stops_it() {
    let (recording, states, logs) = long_played();
    let last = states.len() - 1;
    let mut playback = Playback::open(recording, 4.0).unwrap();
    assert!(
        !playback.advance(10.0).unwrap(),
        "paused: time moves nothing"
    );
    assert_eq!(playback.frame().step, 0);
    playback.command(WatchCommand::PlayOrPause).unwrap();
    assert!(playback.playing());
    playback.advance(1.0).unwrap();
    assert_eq!(playback.frame().step, 4, "×1: four steps a second");
    playback.command(WatchCommand::Faster).unwrap();
    playback.command(WatchCommand::Faster).unwrap();
    assert_eq!(playback.speed(), SPEEDS[2]);
    playback.advance(0.5).unwrap();
    assert_eq!(
        playback.frame().step,
        4 + 8,
        "×4 for half a second: eight steps"
    );
    shows_the_seeks_frame(&playback, &states, &logs);
    playback.command(WatchCommand::Slower).unwrap();
    assert_eq!(playback.speed(), SPEEDS[1]);
    playback.command(WatchCommand::PlayOrPause).unwrap();
    playback.advance(5.0).unwrap();
    assert_eq!(playback.frame().step, 12, "a pause holds the frame");
    assert!(
        playback.status().contains("paused ×2"),
        "{}",
        playback.status()
    );
    playback.command(WatchCommand::PlayOrPause).unwrap();
    for _ in 0..SPEEDS.len() {
        playback.command(WatchCommand::Faster).unwrap();
    }
    assert_eq!(
        playback.speed(),
        *SPEEDS.last().unwrap(),
        "the fastest stays the fastest"
    );
    playback.advance(1_000.0).unwrap();
    assert_eq!(playback.frame().step, last);
    assert!(!playback.playing(), "the end stops the playback");
    shows_the_seeks_frame(&playback, &states, &logs);
}

#[test]
fn the_watch_keys_of_the_key_table_ask_the_playback_and_never_play() {
    use delve_rules::view::{
        BINDINGS, Command, NamedKey, WATCH_JUMP_TURNS, command_for_char, command_for_key,
        watch_command_for,
    };
    let by_letter = |c: char| watch_command_for(None, Some(c));
    let by_key = |k: NamedKey| watch_command_for(Some(k), None);
    let watch = |w: WatchCommand| Some(Command::Watch(w));
    assert_eq!(by_key(NamedKey::Space), watch(WatchCommand::PlayOrPause));
    assert_eq!(by_letter('+'), watch(WatchCommand::Faster));
    assert_eq!(by_letter('-'), watch(WatchCommand::Slower));
    assert_eq!(by_letter('.'), watch(WatchCommand::StepForward));
    assert_eq!(by_key(NamedKey::Right), watch(WatchCommand::StepForward));
    assert_eq!(by_letter(','), watch(WatchCommand::StepBack));
    assert_eq!(by_key(NamedKey::Left), watch(WatchCommand::StepBack));
    assert_eq!(
        by_letter('['),
        watch(WatchCommand::JumpTurns(-WATCH_JUMP_TURNS))
    );
    assert_eq!(
        by_letter(']'),
        watch(WatchCommand::JumpTurns(WATCH_JUMP_TURNS))
    );
    assert_eq!(by_letter('>'), watch(WatchCommand::NextDepth));
    assert_eq!(by_letter('!'), watch(WatchCommand::NextDanger));
    assert_eq!(by_key(NamedKey::Home), watch(WatchCommand::ToStart));
    assert_eq!(by_key(NamedKey::End), watch(WatchCommand::ToEnd));
    assert_eq!(
        by_letter('?'),
        Some(Command::ToggleHelp),
        "lists the watch's keys"
    );
    assert_eq!(by_letter('q'), Some(Command::Quit));
    assert_eq!(by_key(NamedKey::Escape), Some(Command::Quit));
    assert_eq!(delve_rules::view::watch_quit_key(), "q");
    // The player's keys do nothing to a watched run: a move, a pick-up, a save.
    for c in ['h', 'g', 'S', 'x', 'R'] {
        assert_eq!(by_letter(c), None, "{c:?} acts on a watched run");
    }
    assert_eq!(by_key(NamedKey::F5), None);
    // The watch's keys ask the playback, list themselves or stop watching, and are
    // never play's.
    for binding in BINDINGS.iter().filter(|b| !b.plays()) {
        assert!(matches!(
            binding.command,
            Command::Watch(_) | Command::ToggleHelp | Command::Quit
        ));
        for &c in binding.letters {
            assert!(!matches!(command_for_char(c), Some(Command::Watch(_))));
        }
        for &k in binding.keys {
            assert!(!matches!(command_for_key(k), Some(Command::Watch(_))));
        }
    }
}
