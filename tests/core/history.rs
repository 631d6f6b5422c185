//! The run history on disk: runs read back as appended, in order; delves appending at
//! once all land; a damaged or foreign file is named by its line and set aside whole on
//! the next append, never lost; no bytes make reading panic; `delve history` prints the
//! report and exits 2 on a damaged file.

use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use proptest::prelude::*;

use delve_rules::records::history::{self, Board, History, HistoryError, RunRecord};

use super::temp_dir::TempDir;

/// Run number `n` of a test: every field depends on `n`, so runs are told apart.
fn run(n: u64) -> RunRecord {
    let deepest = 1 + (n % 9) as u32;
    let kills = (n % 13) as u32;
    let gold = (n * 7 % 200) as u32;
    let won = n.is_multiple_of(5);
    RunRecord {
        ended: format!("2026-12-{:02}T18:30:{:02}Z", 1 + n % 28, n % 60),
        started: format!("2026-12-{:02}T17:00:{:02}Z", 1 + n % 28, n % 60),
        version: "0.1.0".to_owned(),
        generation: 3,
        seed: 1000 + n,
        daily: (n % 3 == 1).then(|| format!("2026-12-{:02}", 1 + n % 28)),
        board: [Board::Main, Board::Daily, Board::Other][(n % 3) as usize],
        won,
        cause: if won {
            "escaped the dungeon".to_owned()
        } else {
            format!("killed by a jackal, on depth {deepest}")
        },
        depth: deepest,
        deepest,
        turns: 100 + n * 17,
        level: 1 + (n % 6) as u32,
        kills,
        gold,
        score: delve_rules::run::score(deepest, kills, gold, won),
        marks: match n % 4 {
            0 => vec![],
            1 => vec!["seeded".to_owned()],
            2 => vec!["designer".to_owned(), "reloaded".to_owned()],
            _ => vec!["replayed daily".to_owned()],
        },
        morgue: format!("morgue-{n}.txt"),
    }
}

/// The history file in `dir` holding runs `0..count`.
fn history_of(dir: &TempDir, count: u64) -> std::path::PathBuf {
    let path = dir.file("history.csv");
    for n in 0..count {
        let appended = history::append(&path, &run(n)).unwrap();
        assert_eq!(appended.set_aside, None);
    }
    path
}

/// The line of a corrupt history's error.
fn corrupt_line(error: &HistoryError) -> u64 {
    match error {
        HistoryError::Corrupt { line, .. } => *line,
        other => panic!("not a corrupt history: {other}"),
    }
}

#[test]
fn appended_runs_read_back_in_order_and_equal() {
    let dir = TempDir::new("history-order");
    let path = history_of(&dir, 30);
    let read = History::read(&path).unwrap();
    let expected: Vec<RunRecord> = (0..30).map(run).collect();
    assert_eq!(read.records(), expected);
}

#[test]
fn a_missing_file_is_an_empty_history_and_append_creates_its_folder() {
    let dir = TempDir::new("history-missing");
    let path = dir.path().join("not").join("yet").join("history.csv");
    assert_eq!(History::read(&path).unwrap().records(), []);
    history::append(&path, &run(1)).unwrap();
    assert_eq!(History::read(&path).unwrap().records(), [run(1)]);
}

#[test]
fn appends_from_many_processes_at_once_all_land() {
    const WRITERS: u64 = 8;
    const EACH: u64 = 25;
    let dir = TempDir::new("history-at-once");
    let path = dir.file("history.csv");
    // Each writer appends through its own open files, as another delve process would:
    // the lock on history.csv.lock excludes separately opened files in one process too.
    std::thread::scope(|scope| {
        for writer in 0..WRITERS {
            let path = &path;
            scope.spawn(move || {
                for i in 0..EACH {
                    let appended = history::append(path, &run(writer * EACH + i)).unwrap();
                    assert_eq!(appended.set_aside, None);
                }
            });
        }
    });
    let read = History::read(&path).unwrap();
    assert_eq!(read.records().len(), (WRITERS * EACH) as usize);
    let seeds: HashSet<u64> = read.records().iter().map(|r| r.seed).collect();
    assert_eq!(
        seeds,
        (0..WRITERS * EACH)
            .map(|n| run(n).seed)
            .collect::<HashSet<u64>>()
    );
    // Each writer's runs landed in the order it appended them.
    for writer in 0..WRITERS {
        let mine: Vec<u64> = read
            .records()
            .iter()
            .map(|r| r.seed - 1000)
            .filter(|n| n / EACH == writer)
            .collect();
        assert_eq!(
            mine,
            (writer * EACH..(writer + 1) * EACH).collect::<Vec<_>>()
        );
    }
    assert!(!dir.file("history.csv.corrupt-1").exists());
}

#[test]
fn a_file_cut_anywhere_in_a_row_is_corrupt_at_that_row_but_a_lost_last_line_end_is_not() {
    let dir = TempDir::new("history-cut-anywhere");
    let path = history_of(&dir, 3);
    let whole = fs::read(&path).unwrap();
    // Line 4 is the third run's row: every cut inside it, up to its last character.
    let row_start = whole[..whole.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    let line_end = whole.len() - 1;
    for cut in row_start + 1..line_end {
        let cut_path = dir.write("cut.csv", &whole[..cut]);
        let error = History::read(&cut_path).unwrap_err();
        assert_eq!(corrupt_line(&error), 4, "cut at byte {cut}: {error}");
    }
    // The whole row without only its line end (an editor's save) is a whole row.
    let edited = dir.write("edited.csv", &whole[..line_end]);
    assert_eq!(
        History::read(&edited).unwrap(),
        History::read(&path).unwrap()
    );
}

#[test]
fn appending_to_a_cut_file_sets_it_aside_whole_and_keeps_the_good_rows() {
    let dir = TempDir::new("history-cut");
    let path = history_of(&dir, 4);
    let whole = fs::read(&path).unwrap();
    let cut = &whole[..whole.len() - 20];
    fs::write(&path, cut).unwrap();
    let error = History::read(&path).unwrap_err();
    assert_eq!(corrupt_line(&error), 5);
    assert!(
        error.to_string().contains("history.csv:5: "),
        "the error names the file and line: {error}"
    );

    let appended = history::append(&path, &run(99)).unwrap();
    let aside = appended.set_aside.expect("the cut file is set aside");
    assert_eq!(aside.to, dir.file("history.csv.corrupt-1"));
    assert_eq!(
        fs::read(&aside.to).unwrap(),
        cut,
        "the aside file holds the bytes as they were"
    );
    assert_eq!(aside.problem, error);
    assert_eq!(aside.kept, 3);
    let expected = vec![run(0), run(1), run(2), run(99)];
    assert_eq!(History::read(&path).unwrap().records(), expected);
}

#[test]
fn a_bad_row_in_the_middle_keeps_the_rows_after_it_too() {
    let dir = TempDir::new("history-bad-middle");
    let path = history_of(&dir, 4);
    let text = fs::read_to_string(&path).unwrap();
    let broken = text.replacen(",main,", ",mane,", 1);
    assert_ne!(broken, text);
    fs::write(&path, &broken).unwrap();
    let error = History::read(&path).unwrap_err();
    assert_eq!(
        corrupt_line(&error),
        2,
        "run 0 is on the main board: {error}"
    );
    assert!(error.to_string().contains("`mane`"), "{error}");
    let appended = history::append(&path, &run(50)).unwrap();
    assert_eq!(appended.set_aside.map(|a| a.kept), Some(3));
    let expected = vec![run(1), run(2), run(3), run(50)];
    assert_eq!(History::read(&path).unwrap().records(), expected);
}

#[test]
fn foreign_files_are_corrupt_at_line_1_and_each_is_set_aside_anew() {
    let png: &[u8] =
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0\x1f\xf3\xffa";
    let foreign: [&[u8]; 3] = [
        b"name,age\nAda,36\nGrace,45\n",
        png,
        b"ended,version,seed\n2026-12-02T18:30:05Z,0.1.0,7\n",
    ];
    let dir = TempDir::new("history-foreign");
    let path = dir.file("history.csv");
    for (i, bytes) in foreign.into_iter().enumerate() {
        fs::write(&path, bytes).unwrap();
        let error = History::read(&path).unwrap_err();
        assert_eq!(corrupt_line(&error), 1, "{error}");
        assert!(
            error.to_string().contains("not delve's run history"),
            "{error}"
        );

        let appended = history::append(&path, &run(i as u64)).unwrap();
        let aside = appended.set_aside.expect("a foreign file is set aside");
        assert_eq!(
            aside.to,
            dir.file(&format!("history.csv.corrupt-{}", i + 1))
        );
        assert_eq!(aside.kept, 0);
        assert_eq!(History::read(&path).unwrap().records(), [run(i as u64)]);
    }
    // Each aside file still holds its own foreign bytes: none was written over.
    for (i, bytes) in foreign.into_iter().enumerate() {
        let aside = dir.file(&format!("history.csv.corrupt-{}", i + 1));
        assert_eq!(fs::read(aside).unwrap(), bytes);
    }
}

#[test]
fn an_empty_file_is_an_empty_history_not_a_corrupt_one() {
    let dir = TempDir::new("history-empty");
    let path = dir.write("history.csv", b"");
    assert_eq!(History::read(&path).unwrap().records(), []);
    let appended = history::append(&path, &run(3)).unwrap();
    assert_eq!(appended.set_aside, None);
    assert_eq!(History::read(&path).unwrap().records(), [run(3)]);
}

#[test]
fn invalid_utf8_in_a_row_is_corrupt_at_its_line() {
    let dir = TempDir::new("history-utf8");
    let path = history_of(&dir, 3);
    let mut bytes = fs::read(&path).unwrap();
    let at = bytes.windows(6).rposition(|w| w == b"jackal").unwrap();
    bytes[at] = 0xff;
    fs::write(&path, &bytes).unwrap();
    let error = History::read(&path).unwrap_err();
    assert_eq!(corrupt_line(&error), 4, "{error}");
    assert!(error.to_string().contains("UTF-8"), "{error}");
}

proptest! {
    #[test]
    fn reading_any_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let dir = TempDir::new("history-fuzz");
        let path = dir.write("history.csv", &bytes);
        let _ = History::read(&path);
    }

    #[test]
    fn bytes_after_whole_rows_never_panic_and_never_spoil_those_rows(
        tail in proptest::collection::vec(any::<u8>(), 0..200),
        count in 0usize..4,
    ) {
        let mut bytes = whole_rows(count);
        bytes.extend(tail);
        let dir = TempDir::new("history-fuzz-tail");
        let path = dir.write("history.csv", &bytes);
        let runs: Vec<RunRecord> = (0..count as u64).map(run).collect();
        match History::read(&path) {
            Ok(read) => prop_assert_eq!(&read.records()[..count], &runs[..]),
            Err(error) => prop_assert!(
                corrupt_line(&error) > 1 + count as u64,
                "a whole row is blamed: {}", error
            ),
        }
    }
}

/// The bytes of a history file holding runs `0..count` (`count` at most 3), made once.
fn whole_rows(count: usize) -> Vec<u8> {
    static WHOLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let whole = WHOLE.get_or_init(|| {
        let dir = TempDir::new("history-whole-rows");
        fs::read(history_of(&dir, 3)).unwrap()
    });
    let lines_kept = whole
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(count)
        .map(|(at, _)| at + 1)
        .unwrap();
    whole[..lines_kept].to_vec()
}

/// `delve` with `args`, with no data folder from the environment.
fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .env_remove(delve_rules::records::DATA_DIR_VARIABLE)
        .output()
        .expect("delve runs")
}

fn delve_history(dir: &Path) -> Output {
    delve(&["history", "--data-dir", dir.to_str().unwrap()])
}

#[test]
fn delve_history_on_an_empty_folder_says_there_are_no_runs_yet() {
    let dir = TempDir::new("history-cli-empty");
    let o = delve_history(dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.starts_with("No finished runs yet."), "{out}");
}

#[test]
fn delve_history_prints_the_report_of_the_file() {
    let dir = TempDir::new("history-cli-report");
    let path = history_of(&dir, 12);
    let o = delve_history(dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let report = History::read(&path).unwrap().report().join("\n") + "\n";
    let (shown, hint) = out.split_at(report.len().min(out.len()));
    assert_eq!(shown, report);
    assert!(
        hint.starts_with("\nWatch a run again: delve replay --run N"),
        "{hint}"
    );
    assert!(
        out.contains("Main board") && out.contains("Last runs"),
        "{out}"
    );
}

#[test]
fn delve_history_on_a_corrupt_file_exits_2_naming_its_line_and_leaves_it() {
    let dir = TempDir::new("history-cli-corrupt");
    let path = history_of(&dir, 3);
    let whole = fs::read(&path).unwrap();
    fs::write(&path, &whole[..whole.len() - 5]).unwrap();
    let o = delve_history(dir.path());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("history.csv:4: "), "{err}");
    assert!(err.contains("set it aside"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), &whole[..whole.len() - 5]);
    assert!(!dir.file("history.csv.corrupt-1").exists());
}
