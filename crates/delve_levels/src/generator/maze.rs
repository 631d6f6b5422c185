//! Maze levels: perfect mazes by Eller's algorithm in Tromp's linked-list form (the row
//! stream lives in [`stream`]), drawn on tiles, and a checker of perfection.

use std::collections::VecDeque;
use std::fmt;
use std::num::NonZeroU32;

use super::kind::DEAD_ENDS;
use super::{Generation, Generator, KindInfo, Layout, LevelReport};
use crate::grid::{Grid, ORTHOGONAL, Pos, Tile};
use crate::rng::StreamRng;

pub mod stream;

pub use stream::{EllerRow, EllerRows, write_tromp};

crate::generator_config! {
    /// Parameters of a maze level. Cell (x, y) becomes tile (2x+1, 2y+1); the maze has
    /// `(width - 1) / 2` cells across and `(height - 1) / 2` rows of cells, and each side
    /// is `8·stair_clearance + 3` to 4095 tiles (see [`MazeConfig::min_side`]).
    pub struct MazeConfig {
        size: (79, 49),
        width_bounds: |c| (MazeConfig::min_side(c.stair_clearance), 4095),
        height_bounds: |c| (MazeConfig::min_side(c.stair_clearance), 4095);
        /// Chance, per mille, of joining a cell to its right neighbour when allowed
        /// (0–1000; Tromp's `6<<27 < rand()` is 625).
        join_right_permille: u32 = 625, bounds: |c| (0, 1000);
        /// Chance, per mille, of closing a cell off from the row below when allowed
        /// (0–1000; Tromp: 625).
        close_down_permille: u32 = 625, bounds: |c| (0, 1000);
        @appended {
            /// Share of the dead ends, in percent, opened into a neighbouring passage after
            /// the maze is made (0–100; 0, the default, keeps the perfect maze). Each one
            /// opened adds a loop, as the room dungeon's `fixTree` does for dead-end rooms.
            braid_percent: u32, bounds: |c| (0, 100);
        }
    }
}

impl MazeConfig {
    /// Smallest width and height for a clearance: room for two stair chambers far enough
    /// apart (11 tiles at clearance 1, 19 at 2, 27 at 3; measured over thousands of seeds,
    /// smaller mazes often cannot meet the stair rule at all).
    pub const fn min_side(stair_clearance: u32) -> u32 {
        8 * stair_clearance + 3
    }
}

impl Generator for MazeConfig {
    const INFO: KindInfo = KindInfo {
        name: "maze",
        noun: "maze",
        article: "a",
        plural: "mazes",
        about: "Perfect maze",
        counts: &[DEAD_ENDS],
    };

    fn generate(&self, _: Generation, rng: &mut StreamRng) -> Layout {
        generate(self, rng)
    }
}

/// Generates a maze layout (no stairs yet) from the layout stream: cell (x, y) is tile
/// (2x+1, 2y+1), an open passage is the tile between two cells, everything else is wall.
/// With an even width or height the last column or row stays wall. Then, with
/// `braid_percent` above 0, that share of the dead ends is opened ([`braid`]).
/// `report.dead_ends` counts cells with exactly one passage.
pub fn generate(config: &MazeConfig, rng: &mut StreamRng) -> Layout {
    let (width, height) = (config.width as usize, config.height as usize);
    let mut tiles = Grid::new(width, height, Tile::Wall);
    let (cells_x, cells_y) = cell_counts(&tiles);
    let mut dead_ends = 0;
    if let Some(across) = u32::try_from(cells_x).ok().and_then(NonZeroU32::new)
        && cells_y > 0
    {
        let mut stream = EllerRows::new(
            across,
            config.join_right_permille,
            config.close_down_permille,
        );
        let mut open_above = vec![false; cells_x];
        let floor = tiles.cells_mut();
        for y in 0..cells_y {
            let row = stream.next_row(rng, y + 1 == cells_y);
            let line_start = (2 * y + 1) * width;
            let mut open_left = false;
            let cells = open_above.iter_mut().zip(row.walls()).enumerate();
            for (x, (above, (wall_right, wall_below))) in cells {
                let at = line_start + 2 * x + 1;
                let (open_right, open_below) = (!wall_right, !wall_below);
                // Unconditional stores: the walls are random, so branches would mispredict.
                // The rightmost cell and the last row are always walled, so these stay
                // inside the grid.
                floor[at] = Tile::Floor;
                floor[at + 1] = if open_right { Tile::Floor } else { Tile::Wall };
                floor[at + width] = if open_below { Tile::Floor } else { Tile::Wall };
                let passages =
                    open_left as u32 + open_right as u32 + open_below as u32 + *above as u32;
                dead_ends += (passages == 1) as u32;
                open_left = open_right;
                *above = open_below;
            }
        }
    }
    if config.braid_percent > 0 {
        dead_ends = braid(&mut tiles, config.braid_percent, rng);
    }
    Layout {
        tiles,
        rooms: None,
        plan: None,
        report: LevelReport::counting([(DEAD_ENDS, dead_ends)]),
    }
}

/// Opens `percent` % of the maze's dead ends (cells with one passage) into a neighbouring
/// cell, as the seed's `fixTree` adds cycles to a room dungeon: the dead ends, listed row
/// by row, are shuffled; `dead ends × percent / 100` of them are opened, going down the
/// shuffled list and skipping cells an earlier opening already joined; each opens the wall
/// to the first of its neighbouring cells (in a shuffled order) it is not joined to.
/// Returns the dead ends left. At 100 % none is left (but in a maze one cell wide).
pub(crate) fn braid(tiles: &mut Grid<Tile>, percent: u32, rng: &mut StreamRng) -> u32 {
    let (cells_x, cells_y) = cell_counts(tiles);
    let cell_tiles = (0..cells_y)
        .flat_map(|y| (0..cells_x).map(move |x| Pos::new(2 * x as i32 + 1, 2 * y as i32 + 1)));
    let passages = |tiles: &Grid<Tile>, cell: Pos| {
        ORTHOGONAL
            .iter()
            .filter(|&&(dx, dy)| tiles.is_walkable(cell.offset(dx, dy)))
            .count()
    };
    let mut dead_ends: Vec<Pos> = cell_tiles
        .clone()
        .filter(|&c| passages(tiles, c) == 1)
        .collect();
    rng.shuffle(&mut dead_ends);
    let to_open = dead_ends.len() * percent.min(100) as usize / 100;
    let (last_x, last_y) = (2 * cells_x as i32 - 1, 2 * cells_y as i32 - 1);
    let mut opened = 0;
    for &cell in &dead_ends {
        if opened == to_open {
            break;
        }
        if passages(tiles, cell) != 1 {
            continue;
        }
        let mut walls: Vec<Pos> = ORTHOGONAL
            .iter()
            .map(|&(dx, dy)| (cell.offset(dx, dy), cell.offset(2 * dx, 2 * dy)))
            .filter(|&(between, beyond)| {
                (1..=last_x).contains(&beyond.x)
                    && (1..=last_y).contains(&beyond.y)
                    && tiles[between].is_wall()
            })
            .map(|(between, _)| between)
            .collect();
        rng.shuffle(&mut walls);
        if let Some(&wall) = walls.first() {
            tiles[wall] = Tile::Floor;
            opened += 1;
        }
    }
    cell_tiles.filter(|&c| passages(tiles, c) == 1).count() as u32
}

/// Maze cells across and down on a tile grid: `((width - 1) / 2, (height - 1) / 2)`.
pub(crate) fn cell_counts(tiles: &Grid<Tile>) -> (usize, usize) {
    (
        tiles.width().saturating_sub(1) / 2,
        tiles.height().saturating_sub(1) / 2,
    )
}

/// Why a tile grid is not a perfect maze in the layout of [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MazeFlaw {
    /// The grid is too small to hold a single cell.
    NoCells,
    /// A cell's tile is a wall.
    WalledCell(Pos),
    /// A walkable tile that is neither a cell nor a passage between two cells.
    StrayFloor(Pos),
    /// The number of open passages is not one less than the number of cells.
    PassageCount {
        /// Open passages found.
        passages: usize,
        /// Cells in the maze.
        cells: usize,
    },
    /// Not every cell can be reached from the top-left one.
    Disconnected {
        /// Cells reached.
        reached: usize,
        /// Cells in the maze.
        cells: usize,
    },
}

impl fmt::Display for MazeFlaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MazeFlaw::NoCells => write!(f, "the grid holds no maze cell"),
            MazeFlaw::WalledCell(p) => write!(f, "maze cell at tile {p} is a wall"),
            MazeFlaw::StrayFloor(p) => {
                write!(f, "tile {p} is open but is neither a cell nor a passage")
            }
            MazeFlaw::PassageCount { passages, cells } => {
                write!(
                    f,
                    "{passages} passages for {cells} cells; a perfect maze has one fewer than its cells"
                )
            }
            MazeFlaw::Disconnected { reached, cells } => {
                write!(f, "only {reached} of {cells} cells are reachable")
            }
        }
    }
}

impl std::error::Error for MazeFlaw {}

/// Checks that `tiles` is a perfect maze (a spanning tree of its cells): every cell open,
/// nothing open but cells and passages between them, passages = cells − 1, all cells
/// connected. Independent of the generator: it only reads tiles.
pub fn check_perfect(tiles: &Grid<Tile>) -> Result<(), MazeFlaw> {
    let (cells_x, cells_y) = cell_counts(tiles);
    let cells = cells_x * cells_y;
    if cells == 0 {
        return Err(MazeFlaw::NoCells);
    }
    let (last_x, last_y) = (2 * cells_x - 1, 2 * cells_y - 1);
    let mut passages = 0;
    for pos in tiles.positions() {
        let (x, y) = (pos.x as usize, pos.y as usize);
        let inside = (1..=last_x).contains(&x) && (1..=last_y).contains(&y);
        let is_cell = inside && x % 2 == 1 && y % 2 == 1;
        if is_cell {
            if !tiles[pos].is_walkable() {
                return Err(MazeFlaw::WalledCell(pos));
            }
        } else if tiles[pos].is_walkable() {
            // Between two cells means exactly one coordinate even, and inside.
            if !inside || (x % 2 == 0) == (y % 2 == 0) {
                return Err(MazeFlaw::StrayFloor(pos));
            }
            passages += 1;
        }
    }
    if passages != cells - 1 {
        return Err(MazeFlaw::PassageCount { passages, cells });
    }
    let reached = count_reachable_cells(tiles);
    if reached != cells {
        return Err(MazeFlaw::Disconnected { reached, cells });
    }
    Ok(())
}

/// Whether `tiles` is a perfect maze; see [`check_perfect`].
pub fn is_perfect(tiles: &Grid<Tile>) -> bool {
    check_perfect(tiles).is_ok()
}

/// Cells (odd-odd tiles) reachable from tile (1, 1) over walkable tiles.
fn count_reachable_cells(tiles: &Grid<Tile>) -> usize {
    let start = Pos::new(1, 1);
    let mut seen = vec![false; tiles.len()];
    let mut queue = VecDeque::from([start]);
    seen[tiles.index_of(start)] = true;
    let mut cells = 0;
    while let Some(pos) = queue.pop_front() {
        cells += (pos.x % 2 == 1 && pos.y % 2 == 1) as usize;
        for (dx, dy) in ORTHOGONAL {
            let next = pos.offset(dx, dy);
            if tiles.is_walkable(next) && !std::mem::replace(&mut seen[tiles.index_of(next)], true)
            {
                queue.push_back(next);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    fn maze(width: u32, height: u32, seed: u64) -> Layout {
        let config = MazeConfig {
            width,
            height,
            ..MazeConfig::default()
        };
        generate(&config, &mut StreamRng::new(seed, Stream::Layout))
    }

    #[test]
    fn default_mazes_are_perfect() {
        for seed in 0..50 {
            let layout = maze(79, 49, seed);
            assert_eq!(check_perfect(&layout.tiles), Ok(()), "seed {seed}");
        }
    }

    #[test]
    fn even_sizes_keep_the_last_column_and_row_wall() {
        let layout = maze(8, 10, 4);
        assert_eq!((layout.tiles.width(), layout.tiles.height()), (8, 10));
        assert!((0..10).all(|y| layout.tiles[Pos::new(7, y)].is_wall()));
        assert!((0..8).all(|x| layout.tiles[Pos::new(x, 9)].is_wall()));
        assert!(is_perfect(&layout.tiles));
    }

    #[test]
    fn dead_ends_match_a_count_over_the_tiles() {
        let layout = maze(41, 31, 8);
        let tiles = &layout.tiles;
        let counted = tiles
            .positions()
            .filter(|p| p.x % 2 == 1 && p.y % 2 == 1 && tiles.is_walkable(*p))
            .filter(|&p| {
                tiles
                    .neighbours4(p)
                    .filter(|&q| tiles.is_walkable(q))
                    .count()
                    == 1
            })
            .count();
        assert_eq!(layout.report.count(DEAD_ENDS).unwrap() as usize, counted);
    }

    #[test]
    fn checker_rejects_a_cycle_a_cut_and_stray_floor() {
        let mut tiles = maze(21, 21, 2).tiles;
        let wall_between = tiles
            .positions()
            .find(|p| p.x % 2 == 0 && p.y % 2 == 1 && p.x > 0 && p.x < 20 && tiles[*p].is_wall())
            .unwrap();
        let mut cycle = tiles.clone();
        cycle[wall_between] = Tile::Floor;
        assert!(matches!(
            check_perfect(&cycle),
            Err(MazeFlaw::PassageCount { .. })
        ));
        let mut stray = tiles.clone();
        stray[Pos::new(2, 2)] = Tile::Floor;
        assert_eq!(
            check_perfect(&stray),
            Err(MazeFlaw::StrayFloor(Pos::new(2, 2)))
        );
        tiles[Pos::new(1, 1)] = Tile::Wall;
        assert_eq!(
            check_perfect(&tiles),
            Err(MazeFlaw::WalledCell(Pos::new(1, 1)))
        );
    }

    #[test]
    fn extreme_coin_biases_still_give_perfect_mazes() {
        for (join, close) in [(0, 0), (1000, 1000), (0, 1000), (1000, 0), (625, 625)] {
            let config = MazeConfig {
                width: 31,
                height: 23,
                join_right_permille: join,
                close_down_permille: close,
                ..MazeConfig::default()
            };
            let layout = generate(&config, &mut StreamRng::new(6, Stream::Layout));
            assert_eq!(
                check_perfect(&layout.tiles),
                Ok(()),
                "join {join} close {close}"
            );
        }
    }
}
