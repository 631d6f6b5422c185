//! Eller mazes against amaze's `Eller4`: time for a 1000×1000-cell maze, perfection of
//! both results, and peak heap as the maze gets taller.

use std::collections::VecDeque;
use std::num::NonZeroU32;

use amaze::generators::{Eller4, MazeGenerator2D};
use amaze::preamble::{Direction4, GridCoord2D, Wall4Grid};

use delve_levels::rng::{Stream, StreamRng};
use delve_levels::generator::MazeConfig;
use delve_levels::generator::maze::{self, EllerRows, check_perfect};

use crate::peak::peak_heap;
use crate::{Report, Target, show_bytes};

/// Cells across and down.
const CELLS: usize = 1000;

/// Runs the maze jobs the filters select.
pub fn run(report: &mut Report) {
    if report.wants("maze") {
        mazes(report);
    }
}

/// delve's tile-grid maze of `cells` × `rows` cells.
fn delve_maze_config(cells: usize, rows: usize) -> MazeConfig {
    MazeConfig {
        width: (2 * cells + 1) as u32,
        height: (2 * rows + 1) as u32,
        ..MazeConfig::default()
    }
}

/// Streams `rows` rows of `cells` cells through [`EllerRows`] without keeping them; returns
/// the number of walls below (so the work cannot be optimised away).
fn stream_rows(cells: usize, rows: u64, seed: u64) -> u64 {
    let width = NonZeroU32::new(cells as u32).expect("non-zero width");
    let mut stream = EllerRows::new(width, 625, 625);
    let mut rng = StreamRng::new(seed, Stream::Layout);
    let mut walls_below = 0;
    for row in 0..rows {
        let row = stream.next_row(&mut rng, row + 1 == rows);
        walls_below += row.has_wall_below(0) as u64;
    }
    walls_below
}

/// Whether amaze's grid is a perfect maze: walls agree on both sides and the outside is
/// closed, passages = cells − 1, and every cell is reachable from (0, 0).
fn amaze_flaw(grid: &Wall4Grid) -> Option<String> {
    let (w, h) = (grid.width(), grid.height());
    let walls = |x: usize, y: usize| grid[GridCoord2D::new(x, y)];
    let mut passages = 0usize;
    for y in 0..h {
        for x in 0..w {
            let here = walls(x, y);
            let east_open = !here.contains(Direction4::EAST);
            let south_open = !here.contains(Direction4::SOUTH);
            if (x + 1 == w && east_open) || (y + 1 == h && south_open) {
                return Some(format!("cell ({x}, {y}) is open to the outside"));
            }
            if (x == 0 && !here.contains(Direction4::WEST))
                || (y == 0 && !here.contains(Direction4::NORTH))
            {
                return Some(format!("cell ({x}, {y}) is open to the outside"));
            }
            if x + 1 < w && east_open == walls(x + 1, y).contains(Direction4::WEST) {
                return Some(format!(
                    "walls between ({x}, {y}) and its east neighbour disagree"
                ));
            }
            if y + 1 < h && south_open == walls(x, y + 1).contains(Direction4::NORTH) {
                return Some(format!(
                    "walls between ({x}, {y}) and its south neighbour disagree"
                ));
            }
            passages += (x + 1 < w && east_open) as usize + (y + 1 < h && south_open) as usize;
        }
    }
    let cells = w * h;
    if passages + 1 != cells {
        return Some(format!("{passages} passages for {cells} cells"));
    }
    let mut seen = vec![false; cells];
    let mut queue = VecDeque::from([GridCoord2D::new(0, 0)]);
    seen[0] = true;
    let mut reached = 1;
    while let Some(cell) = queue.pop_front() {
        for next in grid.open_neighbors(cell) {
            if !std::mem::replace(&mut seen[next.y * w + next.x], true) {
                reached += 1;
                queue.push_back(next);
            }
        }
    }
    (reached != cells).then(|| format!("only {reached} of {cells} cells reachable"))
}

fn mazes(report: &mut Report) {
    eprintln!("Eller maze {CELLS}×{CELLS} vs amaze Eller4");
    let config = delve_maze_config(CELLS, CELLS);
    let mut delve_flaws = Vec::new();
    let mut amaze_flaws = Vec::new();
    for seed in 1..=3u64 {
        let tiles = maze::generate(&config, &mut StreamRng::new(seed, Stream::Layout)).tiles;
        if let Err(flaw) = check_perfect(&tiles) {
            delve_flaws.push(format!("seed {seed}: {flaw}"));
        }
        let grid = Eller4::new_from_seed(seed).generate(CELLS, CELLS);
        if (grid.width(), grid.height()) != (CELLS, CELLS) {
            amaze_flaws.push(format!(
                "seed {seed}: size {}×{}",
                grid.width(),
                grid.height()
            ));
        }
        if let Some(flaw) = amaze_flaw(&grid) {
            amaze_flaws.push(format!("seed {seed}: {flaw}"));
        }
    }
    report.check(
        "maze 1000×1000: delve perfect (check_perfect, 3 seeds)",
        if delve_flaws.is_empty() {
            Ok(format!("{CELLS}×{CELLS} cells, perfect every time"))
        } else {
            Err(delve_flaws.join("; "))
        },
    );
    report.check(
        "maze 1000×1000: amaze Eller4 perfect (walls agree, cells − 1 passages, connected; 3 seeds)",
        if amaze_flaws.is_empty() {
            Ok(format!("{CELLS}×{CELLS} cells, perfect every time"))
        } else {
            Err(amaze_flaws.join("; "))
        },
    );

    let mut delve_seed = 0u64;
    let mut amaze_seed = 0u64;
    report.compare(
        "Eller maze 1000×1000 cells, drawn on a 2001×2001 tile grid (coins: delve joins right 62.5 %, closes down 62.5 %, Tromp's; amaze joins 50 %, opens extra downs 35 %)",
        "amaze Eller4 (whole grid)",
        1,
        None,
        Target::at_least(10.0),
        || {
            delve_seed += 1;
            maze::generate(&config, &mut StreamRng::new(delve_seed, Stream::Layout))
        },
        || {
            amaze_seed += 1;
            Eller4::new_from_seed(amaze_seed).generate(CELLS, CELLS)
        },
    );
    report.compare(
        "Eller maze 1000×1000 cells, row stream only (EllerRows; less work than a whole grid, not counted toward the target)",
        "amaze Eller4 (whole grid)",
        1,
        None,
        Target::Info,
        || {
            delve_seed += 1;
            stream_rows(CELLS, CELLS as u64, delve_seed)
        },
        || {
            amaze_seed += 1;
            Eller4::new_from_seed(amaze_seed).generate(CELLS, CELLS)
        },
    );

    // Peak heap as the maze grows taller at a fixed width.
    let mut lines = Vec::new();
    let mut stream_peaks = Vec::new();
    for rows in [1_000u64, 100_000] {
        let peak = peak_heap(|| stream_rows(CELLS, rows, 7));
        stream_peaks.push(peak);
        lines.push(format!("EllerRows {CELLS}×{rows}: {}", show_bytes(peak)));
    }
    for rows in [250usize, 1000] {
        let peak = peak_heap(|| {
            maze::generate(
                &delve_maze_config(CELLS, rows),
                &mut StreamRng::new(7, Stream::Layout),
            )
        });
        lines.push(format!(
            "delve tile maze {CELLS}×{rows}: {}",
            show_bytes(peak)
        ));
    }
    for rows in [250usize, 1000] {
        let peak = peak_heap(|| Eller4::new_from_seed(7).generate(CELLS, rows));
        lines.push(format!("amaze Eller4 {CELLS}×{rows}: {}", show_bytes(peak)));
    }
    report.note(format!(
        "peak heap (counting allocator): {}",
        lines.join("; ")
    ));
    report.check(
        "maze: EllerRows memory is flat in rows (1k vs 100k rows, width 1000)",
        if stream_peaks[0] == stream_peaks[1] {
            Ok(format!("{} both", show_bytes(stream_peaks[0])))
        } else {
            Err(format!(
                "{} vs {}",
                show_bytes(stream_peaks[0]),
                show_bytes(stream_peaks[1])
            ))
        },
    );
}
