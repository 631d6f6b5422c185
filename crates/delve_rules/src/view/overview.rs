//! The whole level at a glance (`m`): the remembered map scaled to fit a screen, each
//! cell standing for a square block of tiles and showing the most notable thing the
//! player knows there — the player, the level's must-find item, the stairs, an item, then
//! the ground. Both front ends draw [`overview`]'s cells; a level that fits is shown
//! tile for tile.

use super::map::{Occupant, TileView, map_view};
use super::preview::Marks;
use super::terrain::Terrain;
use crate::run::RunState;
use delve_levels::grid::{Grid, Pos};

/// One cell of the overview: the most notable thing known in its block of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverviewCell {
    /// Nothing in the block was ever seen.
    Unknown,
    /// Ground as remembered (the most notable of the block's).
    Ground(Terrain),
    /// An item seen lying there, by its loot-table glyph.
    Item(char),
    /// The level's must-find item, where it was seen lying, by its glyph.
    MustFind(char),
    /// The player.
    Player,
}

impl OverviewCell {
    /// The character that stands for it: `@`, an item's glyph, the ground's.
    pub fn glyph(self) -> char {
        match self {
            OverviewCell::Unknown => ' ',
            OverviewCell::Ground(terrain) => terrain.glyph(),
            OverviewCell::Item(glyph) | OverviewCell::MustFind(glyph) => glyph,
            OverviewCell::Player => '@',
        }
    }

    /// How notable it is: the higher shows over the lower in one block.
    fn rank(self) -> u8 {
        match self {
            OverviewCell::Unknown => 0,
            OverviewCell::Ground(terrain) => match terrain {
                Terrain::Wall => 1,
                Terrain::Floor | Terrain::Bridge | Terrain::ShallowWater | Terrain::Ledge => 2,
                Terrain::DeepWater | Terrain::Lava | Terrain::Chasm => 3,
                Terrain::Door
                | Terrain::ClosedDoor
                | Terrain::LockedDoor
                | Terrain::BarredDoor
                | Terrain::Trap(_) => 4,
                Terrain::UpStairs | Terrain::DownStairs => 6,
            },
            OverviewCell::Item(_) => 5,
            OverviewCell::MustFind(_) => 7,
            OverviewCell::Player => 8,
        }
    }
}

/// The level as remembered, in at most `columns` × `rows` cells (at least one tile per
/// cell; each cell a square block of tiles, as few as fit).
pub fn overview(run: &RunState, columns: usize, rows: usize) -> Grid<OverviewCell> {
    let view = map_view(run, &Marks::none());
    let (width, height) = (view.width(), view.height());
    let scale = width
        .div_ceil(columns.max(1))
        .max(height.div_ceil(rows.max(1)))
        .max(1);
    let must_find = run.must_find_here();
    let must_find_at: Vec<Pos> = (run.level().items.iter())
        .filter(|item| Some(item.item) == must_find)
        .map(|item| item.pos)
        .collect();
    let cell_of = |pos: Pos, tile: TileView| -> OverviewCell {
        let Some(seen) = tile.seen else {
            return OverviewCell::Unknown;
        };
        match seen.occupant {
            Some(Occupant::Player) => OverviewCell::Player,
            Some(Occupant::Item { glyph }) if must_find_at.contains(&pos) => {
                OverviewCell::MustFind(glyph)
            }
            Some(Occupant::Item { glyph }) => OverviewCell::Item(glyph),
            // A monster moves: the overview shows the ground under it.
            Some(Occupant::Monster { .. }) | None => OverviewCell::Ground(seen.terrain),
        }
    };
    let mut cells = Grid::new(
        width.div_ceil(scale),
        height.div_ceil(scale),
        OverviewCell::Unknown,
    );
    for pos in view.positions() {
        let cell = Pos::new(pos.x / scale as i32, pos.y / scale as i32);
        let here = cell_of(pos, view[pos]);
        if here.rank() > cells[cell].rank() {
            cells[cell] = here;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Rules;
    use delve_levels::config::CampaignConfig;
    use delve_levels::key::LevelKey;

    /// The run on the default cave at seed 42 (80×50).
    fn cave_run() -> RunState {
        let key = LevelKey::decode("100J-MA").unwrap();
        RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters)
            .unwrap()
            .0
    }

    #[test]
    fn the_overview_fits_and_shows_the_player_and_the_stairs_seen() {
        let mut run = cave_run();
        run.stage().remember_everything();
        let (width, height) = (
            run.level().level.tiles.width(),
            run.level().level.tiles.height(),
        );
        for (columns, rows) in [(width, height), (20, 10), (7, 3), (1, 1)] {
            let cells = overview(&run, columns, rows);
            assert!(cells.width() <= columns && cells.height() <= rows);
            let players = cells.cells().iter().filter(|&&c| c == OverviewCell::Player);
            assert_eq!(players.count(), 1, "{columns}x{rows}: one player");
            if columns * 4 >= width {
                let stairs = cells.cells().iter().filter(|c| {
                    matches!(
                        c,
                        OverviewCell::Ground(Terrain::DownStairs | Terrain::UpStairs)
                    )
                });
                assert!(stairs.count() >= 1, "{columns}x{rows}: the stairs show");
            }
        }
        let full = overview(&run, width, height);
        assert_eq!(
            (full.width(), full.height()),
            (width, height),
            "tile for tile"
        );
    }

    #[test]
    fn the_overview_shows_nothing_never_seen() {
        let run = cave_run();
        let tiles = &run.level().level.tiles;
        let full = overview(&run, tiles.width(), tiles.height());
        for pos in full.positions() {
            let seen = run.level().seen[tiles.index_of(pos)] || pos == run.player();
            assert_eq!(
                full[pos] == OverviewCell::Unknown,
                !seen,
                "at {pos}: unknown exactly where never seen"
            );
        }
    }
}
