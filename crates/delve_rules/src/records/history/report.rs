//! What the history says about the player: each board's summary (runs, wins, win rate,
//! deepest depth, fewest turns to a win, streaks, best and last runs), and the text
//! `delve history` prints and the title screen's history page shows — the same lines.
//! Pure functions of a [`History`].

use std::cmp::Reverse;

use super::{Board, History, RunRecord};
use crate::run::messages::capitalised;
use crate::view::HistoryPage;

/// How many runs the best and the last lists hold.
pub const LISTED: usize = 10;

/// The widest line of the report, in columns (characters).
const WIDTH: usize = 78;

/// How a score is counted ([`super::score`]), as the report ends.
const SCORE_RULE: &str = "Score: 100 × deepest depth + 10 × kills + gold, doubled for a win.";

/// What goes before every line under a heading.
const INDENT: &str = "  ";

/// Between the columns of a table.
const GAP: &str = "  ";

/// One board's numbers, over the runs of the history that count on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSummary<'a> {
    /// The board.
    pub board: Board,
    /// Runs finished on it.
    pub runs: usize,
    /// Of them, runs won.
    pub wins: usize,
    /// Wins as a whole percentage of runs, rounded down (so 100 means every run was
    /// won); 0 without runs.
    pub win_percent: u32,
    /// The deepest depth any run reached; 0 without runs.
    pub deepest: u32,
    /// The fewest turns any won run took; `None` before the first win.
    pub fewest_turns_to_win: Option<u64>,
    /// Wins in a row counting back from the newest run (0 if the newest was lost).
    pub current_streak: usize,
    /// The most wins in a row.
    pub longest_streak: usize,
    /// The [`LISTED`] best runs, best first: by score, then fewer turns, then earlier.
    pub best: Vec<&'a RunRecord>,
    /// The [`LISTED`] newest runs, newest first.
    pub last: Vec<&'a RunRecord>,
}

impl History {
    /// The summary of `board`.
    pub fn board(&self, board: Board) -> BoardSummary<'_> {
        let runs: Vec<&RunRecord> = self.records.iter().filter(|r| r.board == board).collect();
        let wins = runs.iter().filter(|r| r.won).count();
        let mut streak = 0;
        let mut longest_streak = 0;
        for run in &runs {
            streak = if run.won { streak + 1 } else { 0 };
            longest_streak = longest_streak.max(streak);
        }
        let mut best = runs.clone();
        // A stable sort: among equal scores and turns, the earlier run stays first.
        best.sort_by_key(|r| (Reverse(r.score), r.turns));
        best.truncate(LISTED);
        BoardSummary {
            board,
            runs: runs.len(),
            wins,
            win_percent: percent(wins, runs.len()),
            deepest: runs.iter().map(|r| r.deepest).max().unwrap_or(0),
            fewest_turns_to_win: runs.iter().filter(|r| r.won).map(|r| r.turns).min(),
            current_streak: streak,
            longest_streak,
            best,
            last: runs.iter().rev().take(LISTED).copied().collect(),
        }
    }

    /// The [`LISTED`] newest runs on any board, newest first.
    pub(crate) fn last_runs(&self) -> Vec<&RunRecord> {
        self.records.iter().rev().take(LISTED).collect()
    }

    /// The history told in lines of at most 78 columns: for each board that has runs
    /// (main, daily, other), its summary and its best runs; then the last runs on any
    /// board; then how a score is counted. What `delve history` prints and the title
    /// screen's history page shows.
    pub fn report(&self) -> Vec<String> {
        self.page().lines
    }

    /// The [`report`](History::report) as the title screen's history page: its lines,
    /// and which of them are the last runs' rows, newest first (the order of `delve
    /// replay --run N`), for the player to choose one to watch.
    pub fn page(&self) -> HistoryPage {
        if self.records.is_empty() {
            return vec![
                "No finished runs yet.".to_owned(),
                "Every run that ends, escaped or killed, is added here with its score:".to_owned(),
                "start one with `delve play`.".to_owned(),
            ]
            .into();
        }
        let mut lines = Vec::new();
        for board in Board::ALL {
            let summary = self.board(board);
            if summary.runs > 0 {
                lines.extend(summary.report());
                lines.push(String::new());
            }
        }
        lines.push("Last runs, newest first:".to_owned());
        let last = self.last_runs();
        // The table's first line names its columns; a row for each run follows.
        let first_row = lines.len() + 1;
        lines.extend(last_runs_table(&last));
        lines.push(String::new());
        lines.push(SCORE_RULE.to_owned());
        HistoryPage {
            lines,
            runs: (first_row..first_row + last.len()).collect(),
        }
    }
}

impl BoardSummary<'_> {
    /// The board's part of the report: a heading, the summary, the best runs.
    fn report(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{} board: {}.",
            capitalised(self.board.name()),
            self.board.description()
        )];
        let fewest = match self.fewest_turns_to_win {
            Some(turns) => format!("fewest turns to a win {turns}"),
            None => "no win yet".to_owned(),
        };
        let pieces = [
            format!("{} {}", self.runs, plural(self.runs, "run", "runs")),
            format!("{} won ({}%)", self.wins, self.win_percent),
            format!("deepest depth {}", self.deepest),
            fewest,
            format!("current streak {}", self.current_streak),
            format!("best streak {}", self.longest_streak),
        ];
        lines.extend(wrapped(&pieces));
        lines.push(format!("{INDENT}Best runs:"));
        lines.extend(best_runs_table(&self.best));
        lines
    }
}

/// `wins` as a whole percentage of `runs`, rounded down; 0 without runs.
fn percent(wins: usize, runs: usize) -> u32 {
    if runs == 0 {
        return 0;
    }
    let percent = wins as u128 * 100 / runs as u128;
    u32::try_from(percent).unwrap_or(100)
}

/// `one` for a count of 1, else `many`.
fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

/// `pieces` joined by commas into indented lines of at most [`WIDTH`] columns, ended
/// with a full stop.
fn wrapped(pieces: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(INDENT);
    for (i, piece) in pieces.iter().enumerate() {
        let ending = if i + 1 == pieces.len() { "." } else { "," };
        let start = line.len() == INDENT.len();
        let needed = usize::from(!start) + piece.chars().count() + ending.len();
        if !start && line.chars().count() + needed > WIDTH {
            lines.push(std::mem::replace(&mut line, String::from(INDENT)));
        }
        if line.len() > INDENT.len() {
            line.push(' ');
        }
        line.push_str(piece);
        line.push_str(ending);
    }
    lines.push(line);
    lines
}

/// The day a run ended (`2026-12-02`): the first ten characters of its time.
fn day_of(record: &RunRecord) -> String {
    record.ended.chars().take(10).collect()
}

/// How a run ended, in a few words: its cause, or won or died when it has none.
fn outcome_of(record: &RunRecord) -> String {
    match (record.cause.trim(), record.won) {
        ("", true) => "won".to_owned(),
        ("", false) => "died".to_owned(),
        (cause, _) => cause.to_owned(),
    }
}

/// The table of a board's best runs.
fn best_runs_table(best: &[&RunRecord]) -> Vec<String> {
    let columns = [
        Column::number("#"),
        Column::number("score"),
        Column::text("outcome"),
        Column::number("depth"),
        Column::number("turns"),
        Column::text("date"),
        Column::number("seed"),
    ];
    let rows = best.iter().enumerate().map(|(i, run)| {
        vec![
            (i + 1).to_string(),
            run.score.to_string(),
            outcome_of(run),
            run.depth.to_string(),
            run.turns.to_string(),
            day_of(run),
            run.seed.to_string(),
        ]
    });
    table(&columns, rows.collect(), 2)
}

/// The table of the last runs, on any board.
fn last_runs_table(last: &[&RunRecord]) -> Vec<String> {
    let columns = [
        Column::text("date"),
        Column::text("board"),
        Column::text("outcome"),
        Column::number("depth"),
        Column::number("turns"),
        Column::number("score"),
    ];
    let rows = last.iter().map(|run| {
        vec![
            day_of(run),
            run.board.name().to_owned(),
            outcome_of(run),
            run.depth.to_string(),
            run.turns.to_string(),
            run.score.to_string(),
        ]
    });
    table(&columns, rows.collect(), 2)
}

/// A column of a report table.
struct Column {
    title: &'static str,
    /// Numbers are aligned on the right, words on the left.
    numeric: bool,
}

impl Column {
    fn number(title: &'static str) -> Column {
        Column {
            title,
            numeric: true,
        }
    }

    fn text(title: &'static str) -> Column {
        Column {
            title,
            numeric: false,
        }
    }
}

/// `rows` under the titles of `columns`, indented, each column as wide as its widest
/// cell, except the `flexible` one: it gets what is left of [`WIDTH`] (but never less
/// than its title), and longer cells in it are cut with an ellipsis. So a line is wider
/// than [`WIDTH`] only when the other cells alone fill it (numbers far beyond a run's).
fn table(columns: &[Column], rows: Vec<Vec<String>>, flexible: usize) -> Vec<String> {
    let count = |text: &str| text.chars().count();
    let mut widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let cells = rows.iter().map(|row| count(&row[i]));
            cells.chain([count(column.title)]).max().unwrap_or(0)
        })
        .collect();
    let others: usize = widths
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != flexible)
        .map(|(_, width)| width)
        .sum();
    let fixed = INDENT.len() + others + GAP.len() * (columns.len() - 1);
    let room = WIDTH
        .saturating_sub(fixed)
        .max(count(columns[flexible].title));
    widths[flexible] = widths[flexible].min(room);
    let titles = columns.iter().map(|c| c.title.to_owned()).collect();
    std::iter::once(titles)
        .chain(rows)
        .map(|row| {
            let cells = row
                .iter()
                .zip(columns)
                .zip(&widths)
                .map(|((cell, column), &width)| {
                    let cell = cut(cell, width);
                    if column.numeric {
                        format!("{cell:>width$}")
                    } else {
                        format!("{cell:<width$}")
                    }
                });
            let line = format!("{INDENT}{}", cells.collect::<Vec<_>>().join(GAP));
            line.trim_end().to_owned()
        })
        .collect()
}

/// `text` cut to `width` characters, its last one an ellipsis if it was longer.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::super::tests::a_run;
    use super::*;

    /// A run on `board`, won or not, in `turns` turns, scoring `score`.
    fn run(board: Board, won: bool, turns: u64, score: u64) -> RunRecord {
        RunRecord {
            board,
            won,
            turns,
            score,
            ..a_run()
        }
    }

    fn main_runs(runs: &[(bool, u64, u64)]) -> History {
        History::new(
            runs.iter()
                .map(|&(won, turns, score)| run(Board::Main, won, turns, score))
                .collect(),
        )
    }

    #[test]
    fn the_current_streak_counts_wins_back_from_the_newest_run() {
        let wins = |pattern: &str| {
            let runs: Vec<_> = pattern.chars().map(|c| (c == 'W', 100, 0)).collect();
            let history = main_runs(&runs);
            let summary = history.board(Board::Main);
            (summary.current_streak, summary.longest_streak)
        };
        assert_eq!(wins(""), (0, 0));
        assert_eq!(wins("D"), (0, 0));
        assert_eq!(wins("W"), (1, 1));
        assert_eq!(wins("WWWD"), (0, 3));
        assert_eq!(wins("WWDWW"), (2, 2));
        assert_eq!(wins("DWWWDWW"), (2, 3));
        assert_eq!(wins("WDWWWW"), (4, 4));
    }

    #[test]
    fn streaks_count_only_the_runs_of_their_board() {
        let history = History::new(vec![
            run(Board::Main, true, 100, 0),
            run(Board::Daily, false, 100, 0),
            run(Board::Main, true, 100, 0),
            run(Board::Other, false, 100, 0),
        ]);
        let main = history.board(Board::Main);
        assert_eq!((main.runs, main.wins, main.current_streak), (2, 2, 2));
        let daily = history.board(Board::Daily);
        assert_eq!((daily.runs, daily.wins, daily.current_streak), (1, 0, 0));
    }

    #[test]
    fn fewest_turns_to_a_win_ignores_faster_deaths() {
        let history = main_runs(&[
            (false, 10, 0),
            (true, 900, 0),
            (true, 700, 0),
            (false, 5, 0),
        ]);
        assert_eq!(history.board(Board::Main).fewest_turns_to_win, Some(700));
        assert_eq!(
            main_runs(&[(false, 10, 0)])
                .board(Board::Main)
                .fewest_turns_to_win,
            None
        );
    }

    #[test]
    fn the_win_rate_is_rounded_down_so_only_all_wins_make_100() {
        let rate = |wins: usize, runs: usize| {
            let runs: Vec<_> = (0..runs).map(|i| (i < wins, 100, 0)).collect();
            main_runs(&runs).board(Board::Main).win_percent
        };
        assert_eq!(rate(0, 0), 0);
        assert_eq!(rate(1, 3), 33);
        assert_eq!(rate(2, 3), 66);
        assert_eq!(rate(199, 200), 99);
        assert_eq!(rate(4, 4), 100);
    }

    #[test]
    fn best_runs_go_by_score_then_fewer_turns_then_the_earlier() {
        // (won, turns, score); the earlier of the two (500, 300) runs is index 1.
        let runs = [
            (false, 300, 100),
            (false, 300, 500),
            (true, 200, 500),
            (false, 300, 500),
            (true, 50, 900),
        ];
        let history = main_runs(&runs);
        let summary = history.board(Board::Main);
        let order: Vec<usize> = summary
            .best
            .iter()
            .map(|best| {
                let at = history
                    .records()
                    .iter()
                    .position(|r| std::ptr::eq(r, *best));
                at.unwrap()
            })
            .collect();
        assert_eq!(order, [4, 2, 1, 3, 0]);
    }

    #[test]
    fn best_and_last_lists_hold_ten_and_last_is_newest_first() {
        let runs: Vec<_> = (0..25).map(|i| (false, 100, i)).collect();
        let history = main_runs(&runs);
        let summary = history.board(Board::Main);
        assert_eq!(summary.best.len(), LISTED);
        assert_eq!(summary.best[0].score, 24);
        let last: Vec<u64> = summary.last.iter().map(|r| r.score).collect();
        assert_eq!(last, (15..25).rev().collect::<Vec<_>>());
        assert_eq!(history.last_runs().len(), LISTED);
    }

    #[test]
    fn report_lines_fit_78_columns_even_with_long_causes_and_big_numbers() {
        let long = RunRecord {
            cause: "killed by an exceedingly long-named ancient red dragon on depth 12".to_owned(),
            seed: u64::MAX,
            turns: 123_456_789,
            score: 9_876_543_210,
            ..run(Board::Other, true, 1, 1)
        };
        let history = History::new(vec![long.clone(), run(Board::Main, false, 5, 5), long]);
        let report = history.report();
        for line in &report {
            assert!(
                line.chars().count() <= WIDTH,
                "{} columns: {line}",
                line.chars().count()
            );
        }
        assert!(report.iter().any(|l| l.contains('…')), "{report:#?}");
    }

    #[test]
    fn the_report_shows_boards_with_runs_in_order_and_the_last_runs() {
        let history = History::new(vec![
            run(Board::Other, false, 10, 100),
            run(Board::Main, true, 20, 200),
        ]);
        let report = history.report();
        let main = report.iter().position(|l| l.starts_with("Main board"));
        let other = report.iter().position(|l| l.starts_with("Other board"));
        let last = report.iter().position(|l| l.starts_with("Last runs"));
        assert!(
            main < other && other < last && main.is_some(),
            "{report:#?}"
        );
        assert!(!report.iter().any(|l| l.starts_with("Daily board")));
        assert!(report[other.unwrap()].contains("seeded, designer and reloaded"));
    }

    #[test]
    fn an_empty_history_says_there_are_no_runs_yet() {
        let report = History::default().report();
        assert_eq!(report[0], "No finished runs yet.");
        assert!(report.iter().any(|l| l.contains("delve play")));
    }

    #[test]
    fn the_history_page_marks_each_last_run_row_newest_first() {
        // Scores 10, 20, …, 120: the report lists the ten newest, newest first.
        let runs: Vec<_> = (1..=12).map(|n| (false, n * 7, n * 10)).collect();
        let history = main_runs(&runs);
        let page = history.page();
        assert_eq!(page.lines, history.report());
        assert_eq!(page.runs.len(), LISTED);
        for (newest, &line) in page.runs.iter().enumerate() {
            let score = (12 - newest as u64) * 10;
            let row = &page.lines[line];
            assert!(
                row.trim_end().ends_with(&format!(" {score}")),
                "row {newest} of the last runs is {row:?}, not the run scoring {score}"
            );
        }
        assert!(History::new(Vec::new()).page().runs.is_empty());
    }
}
