//! The checks a recording holds (`record::Check`): from format 12 every step checks its
//! light figures (turns, depth, position, items carried, hit points) and the whole
//! state's CRC only every `KEYFRAME_EVERY`-th step and on the steps that matter, so a
//! step changed in the middle of a stretch is caught at the latest by the next whole
//! check, naming that step and the last one checked whole; a format-11 recording checks
//! every step's whole state as it always did; a check due and missing is refused naming
//! its line.

use delve_levels::rng::{Stream, StreamRng};
use delve_rules::run::record::{
    CHECKS_EVERY_STATE, Check, KEYFRAME_EVERY, RECORDING_FORMAT, Recording, RecordingError,
    RecordingStart, Step, state_due,
};
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::support::{campaign, simple_action};

/// A peaceful run of `seed` played `steps` steps, recorded as the game records it
/// (format 12's checks), with the run after every step (index = step, 0 the start).
fn recorded(seed: u64, steps: usize) -> (Recording, Vec<RunState>) {
    let campaign = campaign(seed);
    let start = RecordingStart::new(&campaign, None, Rules::Peaceful);
    let (mut run, _) = RunState::start(campaign, None, Rules::Peaceful).unwrap();
    let mut rng = StreamRng::new(seed, Stream::Combat);
    let mut states = vec![run.clone()];
    let mut recorded = Vec::new();
    for number in 1..=steps {
        let action = simple_action(&mut rng);
        let depth_before = run.depth();
        run.apply(action);
        let check = Check::of_step(RECORDING_FORMAT, number, Some(&action), depth_before, &run);
        recorded.push(Step::Act(action, check));
        states.push(run.clone());
    }
    (
        Recording {
            start,
            steps: recorded,
        },
        states,
    )
}

/// The other actions tried at a step to change it.
const OTHERS: [PlayerAction; 8] = [
    PlayerAction::Wait,
    PlayerAction::Search,
    PlayerAction::Rest,
    PlayerAction::Explore,
    PlayerAction::Move(1, 0),
    PlayerAction::Move(-1, 0),
    PlayerAction::Move(0, 1),
    PlayerAction::Move(0, -1),
];

#[test]
fn a_format_12_recording_checks_the_whole_state_only_where_due() {
    let (recording, states) = recorded(4, 3 * KEYFRAME_EVERY + 10);
    assert_eq!(recording.start.format, RECORDING_FORMAT);
    for (i, step) in recording.steps.iter().enumerate() {
        let number = i + 1;
        let Step::Act(action, check) = step else {
            unreachable!()
        };
        let due = state_due(
            RECORDING_FORMAT,
            number,
            Some(action),
            states[i].depth(),
            &states[number],
        );
        assert_eq!(check.state.is_some(), due, "step {number}");
        assert_eq!(check.hp, Some(states[number].fight().hp), "step {number}");
    }
    let whole = recording
        .steps
        .iter()
        .filter(|s| s.check().state.is_some())
        .count();
    assert!(
        whole < recording.steps.len() / 8,
        "{whole} of {} steps checked whole",
        recording.steps.len()
    );
    assert!(recording.replay().is_ok());
}

/// A step changed in the middle of a 64-step stretch — another action in its place,
/// with the light check that action gives, as an edit that holds at that step — is
/// caught after it, at the latest by the next whole check, and the error names the step
/// where the difference was seen and the last step checked whole before the change.
/// Another action left with the step's own check is caught there or after, by then too.
#[test]
fn a_format_12_step_changed_mid_stretch_is_caught_by_the_next_whole_check_naming_where() {
    let mut tried = 0;
    for seed in 1..=6 {
        let (recording, states) = recorded(seed, 2 * KEYFRAME_EVERY + 4);
        let changed = KEYFRAME_EVERY + KEYFRAME_EVERY / 2;
        let Step::Act(action, check) = recording.steps[changed - 1] else {
            unreachable!()
        };
        if check.state.is_some() {
            continue;
        }
        let last_whole = (0..changed)
            .rev()
            .find(|&n| n == 0 || recording.steps[n - 1].check().state.is_some())
            .unwrap();
        let next_whole = (changed..=recording.steps.len())
            .find(|&n| recording.steps[n - 1].check().state.is_some())
            .expect("a whole check after the change");
        assert!(
            next_whole <= 2 * KEYFRAME_EVERY,
            "seed {seed}: {next_whole}"
        );
        for other in OTHERS {
            let mut run = states[changed - 1].clone();
            run.apply(other);
            if other == action || Check::of(&run) == Check::of(&states[changed]) {
                continue;
            }
            for forged in [true, false] {
                let mut altered = recording.clone();
                let kept = if forged { Check::light(&run) } else { check };
                altered.steps[changed - 1] = Step::Act(other, kept);
                let first = if forged && kept != check {
                    changed + 1
                } else {
                    changed
                };
                match altered.replay() {
                    Err(e @ RecordingError::OutOfSync { step, good, .. }) => {
                        let at = format!("seed {seed}, step {changed} changed to {other:?}");
                        assert!(
                            (first..=next_whole).contains(&step),
                            "{at}: caught at step {step} (next whole check {next_whole})"
                        );
                        assert_eq!(good, last_whole, "{at}");
                        let said = e.to_string();
                        assert!(said.contains(&format!("(step {step})")), "{said}");
                        if step > last_whole + 1 {
                            assert!(said.contains(&format!("after step {last_whole}")), "{said}");
                        }
                    }
                    other_end => panic!("seed {seed}, step {changed} changed: {other_end:?}"),
                }
                tried += 1;
            }
        }
    }
    assert!(tried >= 10, "{tried} changes tried");
}

/// A format-11 recording checks every step's whole state: a state checksum changed on
/// a step in the middle of a stretch is caught at that very step, the one before it
/// known good; a step whose state checksum is left out is refused naming its line.
#[test]
fn a_format_11_recording_still_checks_every_steps_state() {
    let path = crate::workspace_root().join("tests/recordings/legacy/descent-3-format-11.rec");
    let text = std::fs::read_to_string(&path).unwrap();
    let recording = Recording::parse(&text).unwrap();
    assert_eq!(recording.start.format, CHECKS_EVERY_STATE);
    assert!(recording.steps.iter().all(|s| s.check().state.is_some()));
    assert!(recording.steps.iter().all(|s| s.check().hp.is_none()));
    assert_eq!(
        recording.text(),
        text,
        "read and written as format 11 wrote it"
    );
    let changed = KEYFRAME_EVERY + KEYFRAME_EVERY / 2;
    let mut altered = recording.clone();
    if let Step::Act(_, check) = &mut altered.steps[changed - 1] {
        check.state = check.state.map(|s| s ^ 1);
    } else {
        panic!("step {changed} is an action");
    }
    match altered.replay() {
        Err(RecordingError::OutOfSync {
            step, good, what, ..
        }) => {
            assert_eq!((step, good), (changed, changed - 1));
            assert!(what.contains("state checksum"), "{what}");
        }
        other => panic!("{other:?}"),
    }
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[changed] = lines[changed]
        .split_once(",state:")
        .map(|(before, _)| format!("{before}))"))
        .unwrap();
    let cut = Recording::parse(&(lines.join("\n") + "\n")).unwrap();
    match cut.replay() {
        Err(RecordingError::Broken { line, problem }) => {
            assert_eq!(line, changed + 1);
            assert!(problem.contains("no state checksum"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
}

/// A format-12 step whose whole check is due and left out (the first step here) is
/// refused naming its line; a recording cut inside a line is refused naming it, as
/// ever; one cut at a line's end replays to that step.
#[test]
fn a_format_12_recording_without_a_due_whole_check_or_cut_mid_line_is_refused() {
    let (recording, states) = recorded(2, KEYFRAME_EVERY + 3);
    let mut missing = recording.clone();
    if let Step::Act(_, check) = &mut missing.steps[0] {
        check.state = None;
    }
    match missing.replay() {
        Err(RecordingError::Broken { line: 2, problem }) => {
            assert!(problem.contains("format 12"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
    let text = recording.text();
    let lines: Vec<&str> = text.lines().collect();
    let at = 40;
    let cut_mid = format!(
        "{}\n{}",
        lines[..at].join("\n"),
        &lines[at][..lines[at].len() / 2]
    );
    match Recording::parse(&cut_mid) {
        Err(RecordingError::Broken { line, .. }) => assert_eq!(line, at + 1),
        other => panic!("{other:?}"),
    }
    let cut_at_end = lines[..at].join("\n") + "\n";
    let run = Recording::parse(&cut_at_end).unwrap().replay().unwrap();
    assert_eq!(Check::of(&run), Check::of(&states[at - 1]));
}

/// A step's line, written directly, is the text RON writes for the step: for every step
/// of the committed recordings (format 12 and 11, loads included) and of a run with
/// monsters recorded as the game records it.
#[test]
fn a_steps_line_is_the_text_ron_writes_for_it() {
    let folder = crate::workspace_root().join("tests/recordings");
    let mut steps = Vec::new();
    for file in [
        "descent-3.rec",
        "descent-11.rec",
        "legacy/descent-3-format-11.rec",
    ] {
        let text = std::fs::read_to_string(folder.join(file)).unwrap();
        let recording = Recording::parse(&text).unwrap();
        assert_eq!(recording.text(), text, "{file}");
        steps.extend(recording.steps);
    }
    let (mut run, _) = RunState::start(campaign(9), None, Rules::Monsters).unwrap();
    let mut rng = StreamRng::new(9, Stream::Combat);
    for number in 1..=300 {
        let action = simple_action(&mut rng);
        let depth_before = run.depth();
        run.apply(action);
        let check = Check::of_step(RECORDING_FORMAT, number, Some(&action), depth_before, &run);
        steps.push(Step::Act(action, check));
    }
    assert!(steps.iter().any(|s| matches!(s, Step::Loaded(..))));
    for step in &steps {
        assert_eq!(step.line(), format!("{}\n", ron::to_string(step).unwrap()));
    }
}
