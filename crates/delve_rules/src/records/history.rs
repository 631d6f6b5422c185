//! The run history: every finished run — when it ended, its seed, which board it counts
//! on, how it ended, its numbers and its score — one CSV row each in
//! `<data dir>/history.csv`, oldest first. Reading never panics and names the line that
//! is wrong; appending is one locked, crash-safe read-modify-write that sets a damaged
//! file aside instead of losing it. The boards' summaries and the text `delve history`
//! prints are in its `report` module ([`History::report`], [`History::board`]).
//!
//! The file is CSV (RFC 4180 quoting, `\n` line ends) under a header of the
//! [`COLUMNS`], one run per line:
//!
//! | column       | holds                                                          |
//! |--------------|----------------------------------------------------------------|
//! | `ended`      | when the run ended, UTC: `2026-12-02T18:30:05Z`               |
//! | `started`    | when it started, UTC; with the seed it names the run (or empty) |
//! | `version`    | delve's version that played it                                 |
//! | `generation` | the level generation's number                                  |
//! | `seed`       | the master seed                                                |
//! | `daily`      | the day of a daily run, `2026-12-02`; empty for any other run  |
//! | `board`      | `main`, `daily` or `other` ([`Board`])                         |
//! | `won`        | `true` or `false`                                              |
//! | `cause`      | how it ended: `escaped the dungeon`, `killed by a jackal…`     |
//! | `depth`      | the depth where it ended                                       |
//! | `deepest`    | the deepest depth reached                                      |
//! | `turns`      | turns played                                                   |
//! | `level`      | the experience level                                           |
//! | `kills`      | monsters killed                                                |
//! | `gold`       | gold carried                                                   |
//! | `score`      | the score ([`score`])                                          |
//! | `marks`      | the run's marks, `;` between them (see below)                  |
//! | `morgue`     | the morgue file's name in the morgue folder; empty if none     |
//!
//! Marks: none is an empty field; otherwise each mark with `%` written `%25` and `;`
//! written `%3B`, joined by `;` — and an empty mark written as a lone `%` — so that any
//! list reads back as it was (`seeded;replayed daily`).
//!
//! Every text is kept on its line: a line break in one is written as a space. So a row
//! is a line, and a row cut short by a crash or a full disk (no line end after it, its
//! morgue name unfinished) is told apart from a whole one that only lacks its last line
//! end (as an editor may leave it).

mod report;

pub use report::{BoardSummary, LISTED};

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::storage::{Folder, Storage, StorageError};

/// Which board a finished run counts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Board {
    /// A run on a fresh dungeon, as a new game deals it.
    Main,
    /// The daily run: the day's dungeon, the same for everyone.
    Daily,
    /// Any run that does not compare with the others: seeded, designer and reloaded
    /// runs.
    Other,
}

impl Board {
    /// Every board, in the order the report shows them.
    pub const ALL: [Board; 3] = [Board::Main, Board::Daily, Board::Other];

    /// The board's name, as the history file and the report write it: `main`.
    pub fn name(self) -> &'static str {
        match self {
            Board::Main => "main",
            Board::Daily => "daily",
            Board::Other => "other",
        }
    }

    /// What the board holds, in one line.
    pub(crate) fn description(self) -> &'static str {
        match self {
            Board::Main => "runs on a fresh dungeon, as a new game deals it",
            Board::Daily => "the day's dungeon, the same for everyone (delve play --daily)",
            Board::Other => "seeded, designer and reloaded runs, kept apart from the rest",
        }
    }

    /// The board called `name` ([`Board::name`]), if one is.
    pub fn from_name(name: &str) -> Option<Board> {
        Board::ALL.into_iter().find(|board| board.name() == name)
    }
}

/// One finished run, as the history keeps it (one row of the file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// When the run ended, UTC: `2026-12-02T18:30:05Z` ([`super::daily::now_text`]).
    pub ended: String,
    /// When it started, UTC (`2026-12-02T17:02:41Z`); with the seed it tells this run
    /// from another of the same seed. Empty when not known.
    pub started: String,
    /// delve's version that played it.
    pub version: String,
    /// The number of the level generation the run's levels came from.
    pub generation: u32,
    /// The run's master seed.
    pub seed: u64,
    /// The day of a daily run (`2026-12-02`); `None` for any other run. An empty day
    /// is written as none.
    pub daily: Option<String>,
    /// The board the run counts on.
    pub board: Board,
    /// Whether the run was won (escaped the dungeon).
    pub won: bool,
    /// How it ended: `escaped the dungeon`, `killed by a jackal on depth 2`.
    pub cause: String,
    /// The depth where it ended.
    pub depth: u32,
    /// The deepest depth it reached.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
    /// The experience level it ended on.
    pub level: u32,
    /// Monsters killed.
    pub kills: u32,
    /// Gold carried at the end.
    pub gold: u32,
    /// The run's score ([`score`]), as it was counted when the run ended.
    pub score: u64,
    /// What sets the run apart: `seeded`, `designer`, `reloaded`, `replayed daily`.
    pub marks: Vec<String>,
    /// The morgue file's name in the morgue folder; empty if it has none.
    pub morgue: String,
}

/// The history file's columns, its header line in order.
pub const COLUMNS: [&str; 18] = [
    "ended",
    "started",
    "version",
    "generation",
    "seed",
    "daily",
    "board",
    "won",
    "cause",
    "depth",
    "deepest",
    "turns",
    "level",
    "kills",
    "gold",
    "score",
    "marks",
    "morgue",
];

/// Every finished run, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    records: Vec<RunRecord>,
}

/// Why the history could not be read or added to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// A file (or folder) could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What delve was doing, as "cannot …" goes on: "read the run history".
        doing: &'static str,
        /// The system's reason.
        message: String,
    },
    /// The history file holds something that is not a run.
    Corrupt {
        /// The history file.
        path: PathBuf,
        /// The line of the file that is wrong, from 1.
        line: u64,
        /// What is wrong with it.
        message: String,
    },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::Io {
                path,
                doing,
                message,
            } => write!(f, "{}: cannot {doing}: {message}", path.display()),
            HistoryError::Corrupt {
                path,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", path.display()),
        }
    }
}

impl std::error::Error for HistoryError {}

/// What [`append`] did besides adding the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appended {
    /// The damaged history it found and set aside, if it found one.
    pub set_aside: Option<SetAside>,
}

/// A damaged history file that [`append`] set aside before writing a new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// Where the damaged file's bytes are now, unchanged, next to it:
    /// `history.csv.corrupt-1` (the first number not taken).
    pub to: PathBuf,
    /// What was wrong with it (the first bad line).
    pub problem: HistoryError,
    /// How many of its runs could be read, and were kept in the new file.
    pub kept: usize,
}

impl History {
    /// The history of `records`, oldest first.
    pub fn new(records: Vec<RunRecord>) -> History {
        History { records }
    }

    /// Reads the history at `path` (a file). See [`History::read_from`].
    pub fn read(path: &Path) -> Result<History, HistoryError> {
        let (folder, name) = Folder::containing(path);
        History::read_from(&folder, &name)
    }

    /// Reads the history in the entry `name` of `storage`. A missing entry, an empty
    /// one and one holding only the header are an empty history. Fails at the first
    /// line that is not a run (a file whose first line is not delve's header fails at
    /// that line).
    pub fn read_from(storage: &dyn Storage, name: &str) -> Result<History, HistoryError> {
        let bytes = read_if_any(storage, name)?;
        let parsed = parse(&bytes);
        match parsed.problem {
            Some(problem) => Err(problem.in_file(&storage.place(name))),
            None => Ok(History::new(parsed.records)),
        }
    }

    /// The runs, oldest first.
    pub fn records(&self) -> &[RunRecord] {
        &self.records
    }
}

/// Adds `record` to the history file at `path`. See [`append_to`].
pub fn append(path: &Path, record: &RunRecord) -> Result<Appended, HistoryError> {
    let (folder, name) = Folder::containing(path);
    append_to(&folder, &name, record)
}

/// Adds `record` to the history in the entry `name` of `storage` (creating it if it is
/// missing). The whole read-modify-write holds the writer's turn ([`Storage::turn`]),
/// so delves finishing runs at once all land, one after the other. A history that does
/// not read is set aside first — its bytes copied unchanged to `<name>.corrupt-N`, the
/// first N not taken — and the runs that did read are kept in the new entry, which says
/// so in [`Appended::set_aside`]. The new history replaces the old one whole, so a crash
/// at any moment leaves the old one or the new one.
pub fn append_to(
    storage: &dyn Storage,
    name: &str,
    record: &RunRecord,
) -> Result<Appended, HistoryError> {
    let _turn = storage.turn(name).map_err(history_error)?;
    let bytes = read_if_any(storage, name)?;
    let parsed = parse(&bytes);
    let set_aside = match parsed.problem {
        Some(problem) => Some(SetAside {
            to: set_aside(storage, name, &bytes)?,
            problem: problem.in_file(&storage.place(name)),
            kept: parsed.records.len(),
        }),
        None => None,
    };
    let mut records = parsed.records;
    records.push(record.clone());
    let text = encode(&records).map_err(io_error(
        &storage.place(name),
        "write the run history as CSV",
    ))?;
    storage.write(name, &text).map_err(history_error)?;
    Ok(Appended { set_aside })
}

/// A storage error as a history error.
fn history_error(error: StorageError) -> HistoryError {
    HistoryError::Io {
        path: error.place,
        doing: error.doing,
        message: error.problem.to_string(),
    }
}

/// The bytes of the history `name`; none if there is no such entry.
fn read_if_any(storage: &dyn Storage, name: &str) -> Result<Vec<u8>, HistoryError> {
    Ok(storage
        .read(name)
        .map_err(history_error)?
        .unwrap_or_default())
}

/// Copies `bytes`, the damaged history `name`, to `<name>.corrupt-N` for the first N
/// not taken yet (never over an earlier one; the caller holds the writer's turn);
/// returns where.
fn set_aside(storage: &dyn Storage, name: &str, bytes: &[u8]) -> Result<PathBuf, HistoryError> {
    for number in 1u32.. {
        let aside = format!("{name}.corrupt-{number}");
        if storage.contains(&aside).map_err(history_error)? {
            continue;
        }
        storage.write(&aside, bytes).map_err(history_error)?;
        return Ok(storage.place(&aside));
    }
    Err(io_error(
        &storage.place(name),
        "set the damaged history aside",
    )("every name for it is taken"))
}

/// An [`HistoryError::Io`] for `path`.
fn io_error<E: fmt::Display>(
    path: &Path,
    doing: &'static str,
) -> impl FnOnce(E) -> HistoryError + use<E> {
    let path = path.to_path_buf();
    move |e| HistoryError::Io {
        path,
        doing,
        message: e.to_string(),
    }
}

/// The first thing wrong in a history file: its line, and what.
#[derive(Debug)]
struct Problem {
    line: u64,
    message: String,
}

impl Problem {
    fn in_file(self, path: &Path) -> HistoryError {
        HistoryError::Corrupt {
            path: path.to_path_buf(),
            line: self.line,
            message: self.message,
        }
    }
}

/// What a history file's bytes hold: every row that reads as a run, and the first
/// problem, if any.
#[derive(Debug, Default)]
struct Parsed {
    records: Vec<RunRecord>,
    problem: Option<Problem>,
}

impl Parsed {
    fn note(&mut self, line: u64, message: String) {
        if self.problem.is_none() {
            self.problem = Some(Problem { line, message });
        }
    }
}

/// Reads a history file's bytes, row by row: a bad row is noted (the first one is the
/// problem) and skipped, and reading goes on with the next.
fn parse(bytes: &[u8]) -> Parsed {
    let mut parsed = Parsed::default();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut rows = reader.byte_records();
    // Reading from memory has no I/O to fail: an error can only end the rows early.
    let line_of = |e: &csv::Error| e.position().map_or(1, csv::Position::line);
    match rows.next() {
        None => return parsed,
        Some(Err(e)) => {
            parsed.note(line_of(&e), e.to_string());
            return parsed;
        }
        Some(Ok(header)) if !header.iter().eq(COLUMNS.map(str::as_bytes)) => {
            let line = header.position().map_or(1, csv::Position::line);
            let expected = COLUMNS.join(",");
            parsed.note(
                line,
                format!("not delve's run history: its first line should be `{expected}`"),
            );
            return parsed;
        }
        Some(Ok(_)) => {}
    }
    let mut last_kept = None;
    for row in rows {
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                parsed.note(line_of(&e), e.to_string());
                break;
            }
        };
        let line = row.position().map_or(1, csv::Position::line);
        match record_from_row(&row) {
            Ok(record) => {
                parsed.records.push(record);
                last_kept = Some(line);
            }
            Err(message) => {
                parsed.note(line, message);
                last_kept = None;
            }
        }
    }
    // Without its line end, the last row may have been cut short by a crash or a full
    // disk; it is whole when it reads and its last field, the morgue file's name, ends
    // as every name delve writes does (an editor may drop the final line end).
    let whole = |r: &RunRecord| r.morgue.ends_with(".txt");
    let cut =
        last_kept.filter(|_| !bytes.ends_with(b"\n") && !parsed.records.last().is_some_and(whole));
    if let Some(line) = cut {
        parsed.records.pop();
        parsed.note(
            line,
            "the row is cut short: no line end after it (the file was cut off)".to_owned(),
        );
    }
    parsed
}

/// The run a row of the history file holds, or what is wrong with it.
fn record_from_row(row: &csv::ByteRecord) -> Result<RunRecord, String> {
    let miscounted = || {
        format!(
            "{} fields where a run has {} (one per column of the header)",
            row.len(),
            COLUMNS.len()
        )
    };
    if row.len() != COLUMNS.len() {
        return Err(miscounted());
    }
    let mut texts = Vec::with_capacity(COLUMNS.len());
    for (column, field) in COLUMNS.iter().zip(row) {
        if field.contains(&b'\n') || field.contains(&b'\r') {
            return Err(format!(
                "column `{column}` holds a line break (delve writes each run on one line)"
            ));
        }
        let text = std::str::from_utf8(field)
            .map_err(|_| format!("column `{column}` is not UTF-8 text"))?;
        texts.push(text);
    }
    let [
        ended,
        started,
        version,
        generation,
        seed,
        daily,
        board,
        won,
        cause,
        depth,
        deepest,
        turns,
        level,
        kills,
        gold,
        score,
        marks,
        morgue,
    ] = <[&str; COLUMNS.len()]>::try_from(texts).map_err(|_| miscounted())?;
    Ok(RunRecord {
        ended: ended.to_owned(),
        started: started.to_owned(),
        version: version.to_owned(),
        generation: number("generation", generation)?,
        seed: number("seed", seed)?,
        daily: Some(daily).filter(|day| !day.is_empty()).map(str::to_owned),
        board: Board::from_name(board).ok_or_else(|| {
            format!("column `board`: `{board}` is not a board (main, daily or other)")
        })?,
        won: won
            .parse()
            .map_err(|_| format!("column `won`: `{won}` is not true or false"))?,
        cause: cause.to_owned(),
        depth: number("depth", depth)?,
        deepest: number("deepest", deepest)?,
        turns: number("turns", turns)?,
        level: number("level", level)?,
        kills: number("kills", kills)?,
        gold: number("gold", gold)?,
        score: number("score", score)?,
        marks: decode_marks(marks)?,
        morgue: morgue.to_owned(),
    })
}

/// The whole number in `text`, the field of `column`.
fn number<T: std::str::FromStr>(column: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("column `{column}`: `{text}` is not a whole number in delve's range"))
}

/// The fields of `record`'s row, in the order of [`COLUMNS`].
fn row_of(record: &RunRecord) -> [String; 18] {
    let text = |text: &str| one_line(text).into_owned();
    [
        text(&record.ended),
        text(&record.started),
        text(&record.version),
        record.generation.to_string(),
        record.seed.to_string(),
        record.daily.as_deref().map(text).unwrap_or_default(),
        record.board.name().to_owned(),
        record.won.to_string(),
        text(&record.cause),
        record.depth.to_string(),
        record.deepest.to_string(),
        record.turns.to_string(),
        record.level.to_string(),
        record.kills.to_string(),
        record.gold.to_string(),
        record.score.to_string(),
        encode_marks(&record.marks),
        text(&record.morgue),
    ]
}

/// The whole history file for `records`: the header, then a row per run.
fn encode(records: &[RunRecord]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    writer.write_record(COLUMNS)?;
    for record in records {
        writer.write_record(row_of(record))?;
    }
    writer.into_inner().map_err(|e| e.into_error().into())
}

/// `text` on one line: each line break (`\r`, `\n`) a space.
fn one_line(text: &str) -> Cow<'_, str> {
    if text.contains(['\r', '\n']) {
        Cow::Owned(text.replace(['\r', '\n'], " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// The `marks` field for `marks` (see the module's notes).
fn encode_marks(marks: &[String]) -> String {
    let escape = |mark: &String| {
        if mark.is_empty() {
            "%".to_owned()
        } else {
            one_line(mark).replace('%', "%25").replace(';', "%3B")
        }
    };
    marks.iter().map(escape).collect::<Vec<_>>().join(";")
}

/// The marks in the `marks` field `field`, or what is wrong with it.
fn decode_marks(field: &str) -> Result<Vec<String>, String> {
    if field.is_empty() {
        return Ok(Vec::new());
    }
    let wrong = || format!("column `marks`: `{field}` is not a list of marks");
    let unescape = |mark: &str| {
        if mark == "%" {
            return Ok(String::new());
        }
        if mark.is_empty() {
            return Err(wrong());
        }
        let mut out = String::with_capacity(mark.len());
        let mut rest = mark;
        while let Some(at) = rest.find('%') {
            out.push_str(&rest[..at]);
            let escaped = rest.get(at..at + 3);
            out.push(match escaped {
                Some("%25") => '%',
                Some("%3B") => ';',
                _ => return Err(wrong()),
            });
            rest = &rest[at + 3..];
        }
        out.push_str(rest);
        Ok(out)
    };
    field.split(';').map(unescape).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::*;

    /// A run with everything set, for the tests to vary.
    pub(super) fn a_run() -> RunRecord {
        RunRecord {
            ended: "2026-12-02T18:30:05Z".to_owned(),
            started: "2026-12-02T17:02:41Z".to_owned(),
            version: "0.1.0".to_owned(),
            generation: 3,
            seed: 123_456,
            daily: None,
            board: Board::Main,
            won: false,
            cause: "killed by a jackal on depth 2".to_owned(),
            depth: 2,
            deepest: 2,
            turns: 340,
            level: 2,
            kills: 4,
            gold: 17,
            score: crate::run::score(2, 4, 17, false),
            marks: Vec::new(),
            morgue: "morgue-20261202-183005-seed-123456.txt".to_owned(),
        }
    }

    #[test]
    fn board_names_are_the_ones_serde_writes_and_read_back() {
        for board in Board::ALL {
            assert_eq!(ron::to_string(&board).unwrap(), board.name());
            assert_eq!(Board::from_name(board.name()), Some(board));
        }
        assert_eq!(Board::from_name("Main"), None);
    }

    #[test]
    fn a_header_only_file_and_an_empty_one_are_empty_histories() {
        for bytes in [&b""[..], b"\n", encode(&[]).unwrap().as_slice()] {
            let parsed = parse(bytes);
            assert!(parsed.problem.is_none(), "{bytes:?}");
            assert!(parsed.records.is_empty());
        }
    }

    #[test]
    fn a_bad_row_is_named_by_its_line_and_the_rows_around_it_still_read() {
        let good = encode(&[a_run(), a_run()]).unwrap();
        let text = String::from_utf8(good).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let bad = lines[1].replace(",340,", ",many,");
        lines[1] = &bad;
        let parsed = parse(format!("{}\n", lines.join("\n")).as_bytes());
        let problem = parsed.problem.unwrap();
        assert_eq!(problem.line, 2);
        assert!(problem.message.contains("`turns`"), "{}", problem.message);
        assert_eq!(parsed.records, [a_run()]);
    }

    #[test]
    fn marks_that_need_escaping_read_back() {
        for marks in [
            vec![],
            vec![""],
            vec!["", ""],
            vec!["seeded", "replayed daily"],
            vec!["a;b", "100%", "%3B", ";", "%"],
        ] {
            let marks: Vec<String> = marks.into_iter().map(str::to_owned).collect();
            assert_eq!(decode_marks(&encode_marks(&marks)), Ok(marks.clone()));
        }
        assert_eq!(
            encode_marks(&["seeded".into(), "designer".into()]),
            "seeded;designer"
        );
        assert!(decode_marks("a;;b").is_err());
        assert!(decode_marks("50%").is_err());
    }

    proptest! {
        #[test]
        fn any_run_reads_back_as_written_with_its_line_breaks_as_spaces(
            ended in any::<String>(),
            cause in any::<String>(),
            marks in proptest::collection::vec(any::<String>(), 0..4),
            daily in proptest::option::of("[0-9-]{1,10}"),
            seed in any::<u64>(),
            turns in any::<u64>(),
            won in any::<bool>(),
        ) {
            let record = RunRecord { ended, cause, marks, daily, seed, turns, won, ..a_run() };
            let parsed = parse(&encode(std::slice::from_ref(&record)).unwrap());
            prop_assert!(parsed.problem.is_none(), "{:?}", parsed.problem);
            let expected = RunRecord {
                ended: one_line(&record.ended).into_owned(),
                cause: one_line(&record.cause).into_owned(),
                marks: record.marks.iter().map(|m| one_line(m).into_owned()).collect(),
                ..record
            };
            prop_assert_eq!(parsed.records, vec![expected]);
        }
    }
}
