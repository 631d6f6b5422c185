//! Maze layouts (before stairs) are perfect over many seeds, sizes and coin biases, and
//! the streaming Tromp printer writes the program's exact format, parses back into a
//! perfect maze, agrees with the layout for the same seed, and runs until its writer fails.

use std::io::{self, Write};

use delve_levels::generator::guarantees::check_tiles;
use delve_levels::generator::maze::{check_perfect, write_tromp};
use delve_levels::generator::{Generator, GeneratorConfig, Layout, MazeConfig, generate_layout};
use delve_levels::grid::{Grid, Pos, Tile};
use delve_levels::rng::{Stream, StreamRng};

pub use super::dead_ends::{dead_end_tiles, dead_ends_reported};

fn maze_config(width: u32, height: u32) -> MazeConfig {
    MazeConfig {
        width,
        height,
        ..MazeConfig::default()
    }
}

/// A layout of any size from 7×7 up: the layout generator works below the size a level
/// needs for its stair chambers (`MazeConfig::min_side`), so only the other bounds are checked.
fn layout(config: &MazeConfig, seed: u64) -> Layout {
    let mut checked = config.clone();
    let min = MazeConfig::min_side(checked.stair_clearance);
    checked.width = checked.width.max(min);
    checked.height = checked.height.max(min);
    assert!(config.width >= 7 && config.height >= 7, "{config:?}");
    assert_eq!(
        checked.validate(),
        Ok(()),
        "test config must be valid: {config:?}"
    );
    generate_layout(
        &GeneratorConfig::Maze(config.clone()),
        &mut StreamRng::new(seed, Stream::Layout),
    )
}

/// Cells (odd-odd tiles) with exactly one open neighbour.
fn count_dead_ends(tiles: &Grid<Tile>) -> usize {
    dead_end_tiles(tiles)
        .into_iter()
        .filter(|p| p.x % 2 == 1 && p.y % 2 == 1)
        .count()
}

/// Every guarantee of a maze layout; panics with the seed and the reason.
fn check_maze_layout(config: &MazeConfig, seed: u64, layout: &Layout) {
    let tiles = &layout.tiles;
    let ctx = format!("seed {seed}, config {config:?}");
    assert_eq!(
        (tiles.width(), tiles.height()),
        (config.width as usize, config.height as usize),
        "{ctx}"
    );
    if let Err(violation) = check_tiles(tiles, false) {
        panic!("{violation}: {ctx}");
    }
    if let Err(flaw) = check_perfect(tiles) {
        panic!("not a perfect maze ({flaw}): {ctx}");
    }
    assert_eq!(
        dead_ends_reported(layout) as usize,
        count_dead_ends(tiles),
        "{ctx}"
    );
    assert!(layout.rooms.is_none(), "{ctx}");
}

fn tromp_bytes(width_cells: usize, rows: u64, config: &MazeConfig, seed: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rng = StreamRng::new(seed, Stream::Layout);
    write_tromp(&mut out, width_cells, Some(rows), config, &mut rng)
        .expect("writing to a Vec cannot fail");
    out
}

/// Checks the exact shape of Tromp's output and turns it into tiles in the layout of the
/// maze generator: cell (x, y) at tile (2x+1, 2y+1).
fn parse_tromp(text: &str, width_cells: usize, rows: usize) -> Grid<Tile> {
    assert!(text.ends_with('\n'), "output ends with a newline");
    let lines: Vec<&str> = text
        .strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .collect();
    assert_eq!(lines.len(), rows + 1, "a top line and one line per row");
    assert_eq!(lines[0], "._".repeat(width_cells), "top line");
    let mut tiles = Grid::new(2 * width_cells + 1, 2 * rows + 1, Tile::Wall);
    for (y, line) in lines[1..].iter().enumerate() {
        let bytes = line.as_bytes();
        assert_eq!(bytes.len(), 2 * width_cells + 1, "row {y} length");
        assert_eq!(bytes[0], b'|', "row {y} starts with a wall");
        for x in 0..width_cells {
            let (below, right) = (bytes[1 + 2 * x], bytes[2 + 2 * x]);
            assert!(
                matches!(below, b' ' | b'_') && matches!(right, b'.' | b'|'),
                "row {y} cell {x}"
            );
            let cell = Pos::new(2 * x as i32 + 1, 2 * y as i32 + 1);
            tiles[cell] = Tile::Floor;
            if right == b'.' {
                tiles[cell.offset(1, 0)] = Tile::Floor;
            }
            if below == b' ' {
                tiles[cell.offset(0, 1)] = Tile::Floor;
            }
        }
    }
    tiles
}

#[test]
fn every_maze_is_perfect_for_1000_seeds() {
    let config = MazeConfig::default();
    for seed in 0..1000 {
        check_maze_layout(&config, seed, &layout(&config, seed));
    }
}

#[test]
fn every_minimum_size_maze_is_perfect_for_500_seeds() {
    for (width, height) in [(7, 7), (8, 8), (7, 8), (8, 7)] {
        let config = maze_config(width, height);
        for seed in 0..500 {
            check_maze_layout(&config, seed, &layout(&config, seed));
        }
    }
}

#[test]
fn mazes_of_random_valid_sizes_and_biases_are_perfect_for_300_configs() {
    let mut pick = StreamRng::new(0xA11CE, Stream::Cosmetic);
    for _ in 0..300 {
        let config = MazeConfig {
            width: pick.range_inclusive(7, 301) as u32,
            height: pick.range_inclusive(7, 201) as u32,
            join_right_permille: pick.range_inclusive(0, 1000) as u32,
            close_down_permille: pick.range_inclusive(0, 1000) as u32,
            ..MazeConfig::default()
        };
        let seed = pick.next_u64();
        check_maze_layout(&config, seed, &layout(&config, seed));
    }
}

#[test]
fn extreme_coin_biases_give_perfect_mazes_for_100_seeds() {
    for (join, close) in [(0, 0), (0, 1000), (1000, 0), (1000, 1000), (1, 999)] {
        let config = MazeConfig {
            join_right_permille: join,
            close_down_permille: close,
            ..MazeConfig::default()
        };
        for seed in 0..100 {
            check_maze_layout(&config, seed, &layout(&config, seed));
        }
    }
}

#[test]
fn large_and_maximum_size_mazes_are_perfect() {
    for (seed, (width, height)) in [(1, (1000, 1000)), (2, (4095, 4095)), (3, (4094, 301))] {
        let config = maze_config(width, height);
        check_maze_layout(&config, seed, &layout(&config, seed));
    }
}

#[test]
fn same_seed_gives_the_same_maze() {
    let config = MazeConfig::default();
    for seed in [0, 5, u64::MAX] {
        let (a, b) = (layout(&config, seed), layout(&config, seed));
        assert_eq!(a.tiles, b.tiles);
        assert_eq!(a.report, b.report);
    }
    assert_ne!(layout(&config, 1).tiles, layout(&config, 2).tiles);
}

#[test]
fn tromp_output_has_the_programs_exact_shape() {
    let config = MazeConfig::default();
    for (width, rows) in [(1, 1), (1, 4), (2, 1), (39, 1), (39, 10), (100, 3)] {
        let text = String::from_utf8(tromp_bytes(width, rows, &config, 7)).expect("ASCII output");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), rows as usize + 1);
        assert_eq!(lines[0], "._".repeat(width));
        for line in &lines[1..] {
            assert_eq!(line.len(), 2 * width + 1);
            assert!(line.starts_with('|') && line.ends_with('|'), "{line:?}");
        }
        let last = lines[rows as usize].as_bytes();
        assert!(
            (0..width).all(|x| last[1 + 2 * x] == b'_'),
            "the last row is closed below"
        );
        assert_eq!(text.len(), 2 * width + 1 + rows as usize * (2 * width + 2));
    }
}

/// The C program of the seed text (Tromp's minimally obfuscated version, array size
/// made `width + 1`, `6<<27 < rand()` replaced by `chance_permille(625)` over the same
/// PCG stream) printed these bytes; `write_tromp` must print exactly the same.
#[test]
fn tromp_output_matches_the_c_program_byte_for_byte() {
    let config = MazeConfig::default();
    let small = "\
._._._._._._._._._._._._\n\
| ._._._._| ._._._| | ._|\n\
|_. ._. |_._. | | . |_. |\n\
| . |_. . | ._._| |_|_. |\n\
|_|_._|_|_._._._._._._._|\n";
    assert_eq!(
        String::from_utf8(tromp_bytes(12, 4, &config, 9)).expect("ASCII"),
        small
    );
    let wide = "\
._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._._\n\
|_. | |_. | . ._._._._|_. | | | | | |_._. ._._. ._. ._. . ._| ._._| ._._._._| |\n\
|_. | . | ._|_._| ._. . . | | |_._. | |_._._._|_._| . |_| | . . |_. | | | |_. |\n\
|_. | |_. ._| ._._|_. | |_._| |_. . | ._._|_. ._. |_|_._| ._|_|_._| . | ._. | |\n\
|_._._. |_._. | . |_._| . |_. ._|_| | . ._. |_._|_. . . ._. ._. ._. |_._|_. ._|\n\
| ._._| ._._|_|_| |_. ._| ._. |_._._. | | |_._._. ._| | . |_._| | |_._. . |_._|\n\
|_._._._._._._._|_._._._|_._|_._._._._|_._._._._|_._|_|_|_|_._._._._._|_|_._._|\n";
    assert_eq!(
        String::from_utf8(tromp_bytes(39, 6, &config, 1)).expect("ASCII"),
        wide
    );
}

#[test]
fn tromp_output_parses_back_to_a_perfect_maze_for_300_seeds() {
    let mut pick = StreamRng::new(0xB0B, Stream::Cosmetic);
    for seed in 0..300 {
        let width = pick.range_inclusive(1, 80) as usize;
        let rows = pick.range_inclusive(1, 60) as u64;
        let config = MazeConfig {
            join_right_permille: pick.range_inclusive(0, 1000) as u32,
            close_down_permille: pick.range_inclusive(0, 1000) as u32,
            ..MazeConfig::default()
        };
        let text =
            String::from_utf8(tromp_bytes(width, rows, &config, seed)).expect("ASCII output");
        let tiles = parse_tromp(&text, width, rows as usize);
        if let Err(flaw) = check_perfect(&tiles) {
            panic!("seed {seed}, {width}x{rows}: {flaw}\n{text}");
        }
    }
}

#[test]
fn long_tromp_mazes_stay_perfect() {
    let config = MazeConfig::default();
    let text = String::from_utf8(tromp_bytes(6, 100_000, &config, 11)).expect("ASCII output");
    assert_eq!(check_perfect(&parse_tromp(&text, 6, 100_000)), Ok(()));
}

#[test]
fn same_seed_gives_the_same_tromp_bytes() {
    let config = MazeConfig::default();
    assert_eq!(
        tromp_bytes(39, 20, &config, 3),
        tromp_bytes(39, 20, &config, 3)
    );
    assert_ne!(
        tromp_bytes(39, 20, &config, 3),
        tromp_bytes(39, 20, &config, 4)
    );
}

#[test]
fn tromp_text_and_maze_layout_agree_for_the_same_seed() {
    for (seed, (width, height)) in [(1, (79, 49)), (2, (7, 7)), (3, (41, 9)), (4, (9, 41))] {
        let config = maze_config(width, height);
        let (cells_x, cells_y) = ((width as usize - 1) / 2, (height as usize - 1) / 2);
        let text = String::from_utf8(tromp_bytes(cells_x, cells_y as u64, &config, seed))
            .expect("ASCII output");
        assert_eq!(
            parse_tromp(&text, cells_x, cells_y),
            layout(&config, seed).tiles,
            "{width}x{height}"
        );
    }
}

/// A writer that accepts `left` bytes, then fails like a closed pipe.
struct ClosingPipe {
    taken: Vec<u8>,
    left: usize,
}

impl Write for ClosingPipe {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        let n = buf.len().min(self.left);
        self.taken.extend_from_slice(&buf[..n]);
        self.left -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn endless_tromp_output_runs_until_the_writer_fails() {
    let config = MazeConfig::default();
    let mut pipe = ClosingPipe {
        taken: Vec::new(),
        left: 1_000_000,
    };
    let mut rng = StreamRng::new(21, Stream::Layout);
    let err = write_tromp(&mut pipe, 39, None, &config, &mut rng)
        .expect_err("an endless maze ends only by error");
    assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
    assert_eq!(pipe.taken.len(), 1_000_000);
    // Up to the cut, the endless maze is the finite one of the same seed, bar its last row.
    let full_lines = (1_000_000 - 79) / 80;
    let finite = tromp_bytes(39, full_lines as u64 + 1, &config, 21);
    let prefix = 79 + full_lines * 80;
    assert_eq!(pipe.taken[..prefix], finite[..prefix]);
}

#[test]
fn zero_width_or_zero_rows_is_an_invalid_input_error() {
    let config = MazeConfig::default();
    let mut rng = StreamRng::new(1, Stream::Layout);
    for (width, rows) in [(0, Some(3)), (5, Some(0)), (0, None)] {
        let err =
            write_tromp(&mut io::sink(), width, rows, &config, &mut rng).expect_err("invalid size");
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }
}

#[test]
fn braid_percent_100_leaves_no_dead_end_on_the_whole_level() {
    use delve_levels::generator::generate_level;
    for (width, height) in [(79, 49), (19, 19), (20, 30), (101, 41)] {
        for seed in 0..40 {
            let config = MazeConfig {
                braid_percent: 100,
                ..maze_config(width, height)
            };
            let level = generate_level(&GeneratorConfig::Maze(config.clone()), seed).unwrap();
            assert_eq!(
                dead_end_tiles(&level.tiles),
                [],
                "{width}×{height} seed {seed}"
            );
            check_tiles(&level.tiles, false).unwrap();
            let raw = layout(&config, seed);
            assert_eq!(dead_ends_reported(&raw), 0);
        }
    }
}

#[test]
fn braiding_opens_the_share_asked_for_and_only_walls_between_cells() {
    for seed in 0..60 {
        let perfect = layout(&maze_config(79, 49), seed);
        let before = count_dead_ends(&perfect.tiles);
        for percent in [10, 50, 90] {
            let config = MazeConfig {
                braid_percent: percent,
                ..maze_config(79, 49)
            };
            let braided = layout(&config, seed);
            assert_eq!(
                dead_ends_reported(&braided) as usize,
                count_dead_ends(&braided.tiles)
            );
            // The same perfect maze underneath: only walls between two cells were opened.
            let mut opened = 0;
            for p in perfect.tiles.positions() {
                let (was, is) = (perfect.tiles[p], braided.tiles[p]);
                if was != is {
                    assert!(was.is_wall() && is == Tile::Floor && (p.x % 2 == 0) != (p.y % 2 == 0));
                    opened += 1;
                }
            }
            // Each opening ends one or two dead ends; the share asked for is opened unless
            // the earlier openings already joined every dead end left (as in `fixTree`).
            let asked = before * percent as usize / 100;
            let left = dead_ends_reported(&braided) as usize;
            assert!(
                opened == asked || (opened < asked && left == 0),
                "seed {seed} {percent}%"
            );
            assert!(
                left <= before - opened && left + 2 * opened >= before,
                "seed {seed} {percent}%"
            );
        }
    }
}

#[test]
fn braid_percent_0_is_the_perfect_maze_byte_for_byte() {
    use delve_levels::key::LevelKey;
    let config = maze_config(79, 49);
    assert_eq!(config.braid_percent, 0);
    for seed in 0..100 {
        let l = layout(&config, seed);
        check_perfect(&l.tiles).unwrap();
    }
    let key = LevelKey::new(GeneratorConfig::Maze(config), 1, 42);
    assert_eq!(LevelKey::decode(&key.encode()).unwrap(), key);
    let braided = LevelKey::new(
        GeneratorConfig::Maze(MazeConfig {
            braid_percent: 30,
            ..MazeConfig::default()
        }),
        1,
        42,
    );
    assert_eq!(LevelKey::decode(&braided.encode()).unwrap(), braided);
    assert!(
        MazeConfig {
            braid_percent: 101,
            ..MazeConfig::default()
        }
        .validate()
        .is_err()
    );
}
