//! Room dungeons with cycles: one room per non-reserved cell of a grid, joined as a
//! spanning tree, then extra connections from a shuffled share of dead ends (`fixTree`).
//! The cell grid lives in `room_grid.rs`, the corridors in `corridors.rs`.

mod corridors;
mod grid;

use super::kind::DEAD_ENDS;
use super::room_graph::{Room, RoomGraph};
use super::{Count, Generation, Generator, Invalid, KindInfo, Layout, LevelReport, Schema};
use crate::grid::{Grid, Pos, Tile};
use crate::rng::StreamRng;
use corridors::carve_corridor;
use grid::{CellGrid, keep_connected_cells, random_spanning_tree};

crate::generator_config! {
    /// Parameters of a room dungeon (width 16–4096, height 12–4096). The grid has
    /// `(width - 1) / cell_width` columns and `(height - 1) / cell_height` rows.
    pub struct RoomsConfig {
        size: (80, 50),
        width_bounds: |c| (16, 4096),
        height_bounds: |c| (12, 4096);
        /// Width of a grid cell in tiles, walls included (6–64).
        cell_width: u32 = 13, bounds: |c| (6, 64);
        /// Height of a grid cell in tiles, walls included (6–64).
        cell_height: u32 = 12, bounds: |c| (6, 64);
        /// Share of cells reserved empty, in percent (0–90). At least two rooms always remain.
        empty_percent: u32 = 20, bounds: |c| (0, 90);
        /// Smallest room side in tiles (3–62, at most the cell size minus 2).
        min_room: u32 = 5, bounds: |c| (3, c.cell_width.min(c.cell_height) - 2);
        /// Share of dead-end rooms that get an extra connection, in percent (0–100).
        cycle_percent: u32 = 50, bounds: |c| (0, 100);
    }
}

/// Connections added on top of the spanning tree.
pub const CYCLES_ADDED: Count = Count {
    name: "cycles added",
    surveyed: true,
};

impl Generator for RoomsConfig {
    const INFO: KindInfo = KindInfo {
        name: "rooms",
        noun: "room dungeon",
        article: "a",
        plural: "room dungeons",
        about: "Room dungeon with cycles",
        counts: &[DEAD_ENDS, CYCLES_ADDED],
    };

    fn generate(&self, generation: Generation, rng: &mut StreamRng) -> Layout {
        generate(self, generation, rng)
    }

    /// Checks every value against its documented bounds, and that the cell grid has
    /// room for two rooms.
    fn validate(&self) -> Result<(), Invalid> {
        self.check_params()?;
        let (cols, rows) = (
            (self.width - 1) / self.cell_width,
            (self.height - 1) / self.cell_height,
        );
        // Name the dimension that falls short: a level too low for one row of cells
        // is the height's fault, not the width's.
        let (field, rule) = if rows == 0 {
            (
                "cell_height",
                format!(
                    "must be at most {} so that one row of cells fits the height {} (one wall line is shared), got {}",
                    self.height - 1,
                    self.height,
                    self.cell_height
                ),
            )
        } else if cols == 0 {
            (
                "cell_width",
                format!(
                    "must be at most {} so that one column of cells fits the width {} (one wall line is shared), got {}",
                    self.width - 1,
                    self.width,
                    self.cell_width
                ),
            )
        } else if cols * rows < 2 {
            (
                "cell_width",
                format!(
                    "leaves a single cell in a {}x{} level, and a dungeon needs 2 rooms: make width at least {} or height at least {} (or the cells smaller)",
                    self.width,
                    self.height,
                    2 * self.cell_width + 1,
                    2 * self.cell_height + 1
                ),
            )
        } else {
            return Ok(());
        };
        Err(Invalid { field, rule })
    }
}

/// Generates a room dungeon layout (no stairs yet) from the layout stream.
///
/// Steps: reserve `cells * empty_percent / 100` cells empty (at least two rooms stay,
/// and the rooms' cells stay connected through grid adjacency); one room of random size
/// at a random spot in every other cell; a random spanning tree over grid-adjacent rooms
/// (Kruskal over shuffled edges); then the seed's `fixTree`; then corridors and doors.
/// `report.dead_ends` counts rooms left with one connection after the cycles. The doors
/// follow `generation`'s rule (see [`Generation::one_door_per_shared_wall`]).
pub fn generate(config: &RoomsConfig, generation: Generation, rng: &mut StreamRng) -> Layout {
    let mut tiles = Grid::new(config.width as usize, config.height as usize, Tile::Wall);
    let grid = CellGrid::new(config);
    let cells = grid.cols * grid.rows;
    let reserve =
        (cells as u64 * u64::from(config.empty_percent) / 100).min(cells.saturating_sub(2) as u64);
    let kept = keep_connected_cells(&grid, reserve as usize, rng);
    let mut dungeon = Dungeon::with_rooms(config, grid, &kept, rng);
    for (a, b) in random_spanning_tree(&grid, &kept, rng) {
        let (a, b) = (
            dungeon.room_of_cell[a] as usize,
            dungeon.room_of_cell[b] as usize,
        );
        dungeon.connect(a, b);
    }
    dungeon.add_cycles(config.cycle_percent, rng);
    dungeon.carve(&mut tiles, generation, rng);
    let dead_ends = dungeon.links.iter().filter(|l| l.count_ones() == 1).count();
    let cycles_added = dungeon.graph.cycles_added;
    Layout {
        tiles,
        rooms: Some(dungeon.graph),
        plan: None,
        report: LevelReport::counting([
            (DEAD_ENDS, dead_ends as u32),
            (CYCLES_ADDED, cycles_added as u32),
        ]),
    }
}

/// The dungeon being built: rooms, which cell holds which room, and the connections.
struct Dungeon {
    grid: CellGrid,
    /// Room index per cell, `u32::MAX` for a reserved cell.
    room_of_cell: Vec<u32>,
    graph: RoomGraph,
    /// Per room, a bit per direction (index into [`crate::grid::ORTHOGONAL`]) it is connected in.
    links: Vec<u8>,
}

impl Dungeon {
    /// Places one room of random size at a random spot in every kept cell, row by row.
    fn with_rooms(
        config: &RoomsConfig,
        grid: CellGrid,
        kept: &[bool],
        rng: &mut StreamRng,
    ) -> Self {
        let (max_w, max_h) = (grid.cell_w - 2, grid.cell_h - 2);
        let (min_w, min_h) = (
            config.min_room.min(max_w as u32).max(1) as i32,
            config.min_room.min(max_h as u32).max(1) as i32,
        );
        let mut rooms = Vec::new();
        let mut room_of_cell = vec![u32::MAX; kept.len()];
        for (cell, _) in kept.iter().enumerate().filter(|(_, k)| **k) {
            let (cell_x, cell_y) = ((cell % grid.cols) as i32, (cell / grid.cols) as i32);
            let width = rng.range_inclusive(min_w, max_w);
            let height = rng.range_inclusive(min_h, max_h);
            // One tile of margin on every side of the cell: rooms never touch.
            let x =
                grid.origin_x + cell_x * grid.cell_w + 1 + rng.range_inclusive(0, max_w - width);
            let y =
                grid.origin_y + cell_y * grid.cell_h + 1 + rng.range_inclusive(0, max_h - height);
            room_of_cell[cell] = rooms.len() as u32;
            rooms.push(Room {
                x,
                y,
                width,
                height,
                cell_x,
                cell_y,
            });
        }
        let links = vec![0; rooms.len()];
        Dungeon {
            grid,
            room_of_cell,
            graph: RoomGraph {
                rooms,
                connections: Vec::new(),
                cycles_added: 0,
            },
            links,
        }
    }

    fn cell_of(&self, room: usize) -> usize {
        let r = &self.graph.rooms[room];
        r.cell_y as usize * self.grid.cols + r.cell_x as usize
    }

    /// The room in the cell next to `room`'s in direction `dir`, if that cell has one.
    fn neighbour_room(&self, room: usize, dir: usize) -> Option<usize> {
        let cell = self.grid.neighbour(self.cell_of(room), dir)?;
        let other = self.room_of_cell[cell];
        (other != u32::MAX).then_some(other as usize)
    }

    /// Records a connection between two rooms of grid-adjacent cells.
    fn connect(&mut self, a: usize, b: usize) {
        if let Some(dir) = (0..4).find(|&d| self.neighbour_room(a, d) == Some(b)) {
            self.connect_towards(a, dir, b);
        }
    }

    /// Records a connection from `room` to `other`, its neighbour in direction `dir`.
    fn connect_towards(&mut self, room: usize, dir: usize, other: usize) {
        self.links[room] |= 1 << dir;
        self.links[other] |= 1 << ((dir + 2) % 4);
        self.graph.connections.push((room, other));
    }

    /// The seed's `fixTree`: shuffle the dead ends, and for each in turn (until
    /// `dead ends * cycle_percent / 100` are added) connect it to the first of its
    /// shuffled adjacent rooms it is not yet connected to. Like the seed, a dead end
    /// that gained a connection earlier in the walk is still visited.
    fn add_cycles(&mut self, cycle_percent: u32, rng: &mut StreamRng) {
        let mut dead_ends: Vec<usize> = (0..self.links.len())
            .filter(|&r| self.links[r].count_ones() == 1)
            .collect();
        rng.shuffle(&mut dead_ends);
        let target = dead_ends.len() as u64 * u64::from(cycle_percent) / 100;
        let mut added = 0;
        for room in dead_ends {
            if added >= target {
                break;
            }
            // Directions stand for the adjacent rooms: one room per direction.
            let mut adjacent = [0usize; 4];
            let mut count = 0;
            for dir in 0..4 {
                if self.neighbour_room(room, dir).is_some() {
                    adjacent[count] = dir;
                    count += 1;
                }
            }
            if count == 0 {
                continue;
            }
            let adjacent = &mut adjacent[..count];
            rng.shuffle(adjacent);
            let unconnected = adjacent
                .iter()
                .copied()
                .find(|&dir| self.links[room] & (1 << dir) == 0);
            if let Some(dir) = unconnected
                && let Some(other) = self.neighbour_room(room, dir)
            {
                self.connect_towards(room, dir, other);
                added += 1;
            }
        }
        self.graph.cycles_added = added as usize;
    }

    /// Draws the rooms, then every connection's corridor and doors: a door on the first
    /// corridor tile outside each room, or — where those two tiles touch, a wall the
    /// rooms share — one door only, from the second generation on.
    fn carve(&self, tiles: &mut Grid<Tile>, generation: Generation, rng: &mut StreamRng) {
        for room in &self.graph.rooms {
            for y in room.y..room.y + room.height {
                for x in room.x..room.x + room.width {
                    tiles.set(Pos::new(x, y), Tile::Floor);
                }
            }
        }
        for &(a, b) in &self.graph.connections {
            let (ra, rb) = (&self.graph.rooms[a], &self.graph.rooms[b]);
            // Order the pair left-to-right or top-to-bottom.
            let (from, to) = if (ra.cell_y, ra.cell_x) < (rb.cell_y, rb.cell_x) {
                (ra, rb)
            } else {
                (rb, ra)
            };
            let (axis, lanes) = self.grid.corridor_lanes(from, to);
            let [first, second] = carve_corridor(tiles, from, to, axis, lanes, rng);
            tiles.set(first, Tile::Door);
            let back_to_back = (first.x - second.x).abs() + (first.y - second.y).abs() == 1;
            if !(back_to_back && generation.one_door_per_shared_wall()) {
                tiles.set(second, Tile::Door);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    fn layout(config: &RoomsConfig, seed: u64) -> Layout {
        generate(
            config,
            Generation::CURRENT,
            &mut StreamRng::new(seed, Stream::Layout),
        )
    }

    #[test]
    fn two_cells_give_two_rooms_joined_once() {
        let config = RoomsConfig {
            width: 16,
            height: 12,
            cell_width: 6,
            cell_height: 6,
            min_room: 3,
            ..RoomsConfig::default()
        };
        for seed in 0..50 {
            let layout = layout(&config, seed);
            let graph = layout.rooms.unwrap();
            assert_eq!(graph.rooms.len(), 2);
            assert_eq!(graph.connections, vec![(0, 1)]);
            // Two doors, or one through a shared wall when the rooms are two tiles apart.
            let (a, b) = (&graph.rooms[0], &graph.rooms[1]);
            let gap = b.x - (a.x + a.width);
            let doors = if gap == 2 { 1 } else { 2 };
            assert_eq!(layout.tiles.count(Tile::Door), doors, "seed {seed}");
            assert_eq!(layout.report.count(DEAD_ENDS), Some(2));
        }
    }

    #[test]
    fn rooms_keep_a_margin_inside_their_cells() {
        let config = RoomsConfig::default();
        let grid = CellGrid::new(&config);
        for seed in 0..50 {
            for room in layout(&config, seed).rooms.unwrap().rooms {
                let left = grid.origin_x + room.cell_x * grid.cell_w;
                let top = grid.origin_y + room.cell_y * grid.cell_h;
                assert!(room.x > left && room.x + room.width < left + grid.cell_w);
                assert!(room.y > top && room.y + room.height < top + grid.cell_h);
            }
        }
    }

    #[test]
    fn unvalidated_configs_do_not_panic() {
        let odd = [
            RoomsConfig {
                width: 0,
                height: 0,
                ..RoomsConfig::default()
            },
            RoomsConfig {
                width: 5,
                height: 40,
                ..RoomsConfig::default()
            },
            RoomsConfig {
                cell_width: 0,
                cell_height: 1,
                min_room: 0,
                empty_percent: 250,
                cycle_percent: 400,
                ..RoomsConfig::default()
            },
            RoomsConfig {
                min_room: 60,
                ..RoomsConfig::default()
            },
        ];
        for config in &odd {
            let layout = layout(config, 1);
            assert_eq!(layout.tiles.len(), (config.width * config.height) as usize);
        }
    }
}
