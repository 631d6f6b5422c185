//! Counting dead ends, as the maze and measure tests do (each test binary that needs it
//! includes this file as its `dead_ends` module, with `#[path]`).

use delve_levels::generator::Layout;
use delve_levels::generator::kind::DEAD_ENDS;
use delve_levels::grid::{Grid, Pos, Tile};

/// The dead ends the generator counted on `layout`.
pub fn dead_ends_reported(layout: &Layout) -> u32 {
    layout
        .report
        .count(DEAD_ENDS)
        .expect("the layout counts its dead ends")
}

/// Walkable tiles with exactly one walkable orthogonal neighbour, anywhere on the level.
pub fn dead_end_tiles(tiles: &Grid<Tile>) -> Vec<Pos> {
    tiles
        .positions()
        .filter(|&p| tiles.is_walkable(p))
        .filter(|&p| {
            tiles
                .neighbours4(p)
                .filter(|&q| tiles.is_walkable(q))
                .count()
                == 1
        })
        .collect()
}
