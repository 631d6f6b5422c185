//! Every run recorded: a run played headless with a data folder leaves its recording
//! beside its morgue file, which names it; the history opens it (`delve replay --run N`)
//! and it replays to the very end the run came to — also when the run was saved and
//! continued in a later session; a recording the history names that is missing or
//! damaged is refused naming the file (exit 2), and so is one out of step before a watch
//! of it opens.

use std::path::Path;
use std::process::{Command, Output};

use delve_rules::records::DataDir;
use delve_rules::records::history::History;
use delve_rules::run::record::{Recording, Step};

use super::cli::stderr;
use super::temp_dir::TempDir;

/// The seed of a run that the actions of [`to_death`] end (a kobold kills the player).
const SEED: &str = "3";

/// Explore a little, then wait until the kobold that comes has killed the player.
fn to_death() -> String {
    format!("xxxxx{}", ".".repeat(1_500))
}

/// `delve` with `args`, with no data folder from the environment.
fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .env_remove(delve_rules::records::DATA_DIR_VARIABLE)
        .output()
        .expect("delve runs")
}

/// The state a headless run or a replay printed, without its notices (a replay tells
/// repeated notices one by one where the game folds them into `x2`).
fn state_of(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.trim_start().starts_with('"'))
        .collect::<Vec<_>>()
        .join("\n")
}

fn play(data: &Path, actions: &str, more: &[&str]) -> Output {
    let data = data.to_str().unwrap();
    let mut args = vec![
        "play",
        "--headless",
        "--data-dir",
        data,
        "--actions",
        actions,
    ];
    args.extend_from_slice(more);
    delve(&args)
}

fn replay_newest(data: &Path) -> Output {
    delve(&["replay", "--run", "1", "--data-dir", data.to_str().unwrap()])
}

/// The only history line's recording, as a path.
fn recording_of_the_run(data: &DataDir) -> std::path::PathBuf {
    let history = History::read(&data.history_file()).unwrap();
    assert_eq!(history.records().len(), 1, "one run ended");
    let morgue = &history.records()[0].morgue;
    data.morgue_folder()
        .join(delve_rules::records::recording_file_of(morgue))
}

#[test]
fn a_run_played_headless_leaves_a_recording_the_history_names_that_replays_to_its_end() {
    let dir = TempDir::new("recorded-run");
    let data = DataDir::at(dir.path());
    let played = play(dir.path(), &to_death(), &["--seed", SEED]);
    let recording = recording_of_the_run(&data);
    assert!(recording.exists(), "{}", recording.display());
    let morgue = std::fs::read_to_string(recording.with_extension("txt")).unwrap();
    let name = recording.file_name().unwrap().to_str().unwrap();
    assert!(morgue.contains(&format!("Recording: {name}")), "{morgue}");
    assert!(
        History::read(&data.history_file()).unwrap().records()[0]
            .cause
            .starts_with("killed"),
        "the run ended in a death"
    );
    assert_eq!(state_of(&replay_newest(dir.path())), state_of(&played));
    let in_progress = std::fs::read_dir(dir.file("recordings")).unwrap().count();
    assert_eq!(
        in_progress, 0,
        "the ended run's recording left the recordings folder"
    );
}

#[test]
fn a_run_saved_and_continued_later_replays_as_one_run() {
    let dir = TempDir::new("recorded-continued");
    let data = DataDir::at(dir.path());
    let save = dir.file("run.sav");
    let save = save.to_str().unwrap();
    let first = play(dir.path(), "xxxxx....", &["--seed", SEED, "--save", save]);
    assert!(first.status.success(), "{}", stderr(&first));
    let rest = ".".repeat(1_500);
    let second = play(dir.path(), &rest, &["--load", save]);
    let recording = recording_of_the_run(&data);
    let text = std::fs::read_to_string(&recording).unwrap();
    let parsed = Recording::parse(&text).unwrap();
    assert!(
        parsed.steps.iter().all(|s| matches!(s, Step::Act(..))),
        "the continued run went on in its own recording, with no load in it"
    );
    assert!(
        parsed.steps.len() > "xxxxx....".len(),
        "both sessions' steps are in it (up to the death)"
    );
    assert_eq!(state_of(&replay_newest(dir.path())), state_of(&second));
}

#[test]
fn a_missing_or_damaged_recording_named_in_the_history_is_refused_naming_it() {
    let dir = TempDir::new("recorded-damaged");
    let data = DataDir::at(dir.path());
    play(dir.path(), &to_death(), &["--seed", SEED]);
    let recording = recording_of_the_run(&data);
    let name = recording.file_name().unwrap().to_str().unwrap().to_owned();
    let text = std::fs::read_to_string(&recording).unwrap();
    std::fs::write(&recording, text.replacen("Act(", "Art(", 1)).unwrap();
    let o = replay_newest(dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&name) && stderr(&o).contains("line 2"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(&recording).unwrap();
    let o = replay_newest(dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&name) && stderr(&o).contains("missing"),
        "{}",
        stderr(&o)
    );
    let o = delve(&[
        "replay",
        "--run",
        "2",
        "--data-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("holds 1 runs"), "{}", stderr(&o));
}

#[test]
fn a_recording_out_of_step_is_refused_naming_it_before_a_watch_opens() {
    let dir = TempDir::new("recorded-watch-refused");
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/recordings/descent-3.rec");
    let text = std::fs::read_to_string(good).unwrap();
    let steps: Vec<&str> = text.lines().collect();
    // One step's state check changed, far into the recording (the first from line 400
    // that holds the whole state's): the file parses, and only replaying it finds the
    // difference.
    let at = (400..steps.len())
        .find(|&i| steps[i].contains("state:"))
        .expect("a step checked whole");
    let (before, after) = steps[at].split_once("state:").expect("a step with a check");
    let digits = after.trim_end_matches(|c: char| !c.is_ascii_digit());
    let state: u32 = digits.parse().expect("a state checksum");
    let damaged_line = format!("{before}state:{}{}", state ^ 1, &after[digits.len()..]);
    let mut damaged: Vec<&str> = steps.clone();
    damaged[at] = &damaged_line;
    let file = dir.path().join("damaged.rec");
    std::fs::write(&file, damaged.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    for extra in [&[][..], &["--tui"][..]] {
        let mut args = vec!["replay", file, "--watch"];
        args.extend_from_slice(extra);
        let o = Command::new(env!("CARGO_BIN_EXE_delve"))
            .args(&args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("delve runs");
        let said = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {said}");
        assert!(
            said.contains("damaged.rec") && said.contains("out of sync"),
            "{args:?}: {said}"
        );
        assert!(
            !said.contains("display") && !said.contains("needs a terminal"),
            "{args:?}: refused for the recording, before a window or terminal: {said}"
        );
    }
}
