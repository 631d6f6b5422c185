//! Accretion dungeons, after Brogue's `digDungeon`: a first room in the middle, then
//! room after room of a varied shape — rectangle, cross, circle, a small cave blob, any
//! of them behind a corridor — attached by a door to a wall of what is already dug,
//! wherever it fits without touching anything; then loops, Brogue's `addLoops`: a wall
//! between two open tiles that are close through the wall but far apart on foot becomes
//! a door. The room shapes live in `shapes.rs`.
//!
//! Every room joins the dungeon through its door, and a loop only joins open ground
//! already joined, so the level is one walkable region by construction.

mod shapes;

use super::{Count, Generation, Generator, Invalid, KindInfo, Layout, LevelReport, Schema};
use crate::grid::{Grid, Pos, Tile};
use crate::rng::StreamRng;
use shapes::{Shape, Stamp};

crate::generator_config! {
    /// Parameters of an accretion dungeon (width 24–4096, height 16–4096).
    pub struct AccretionConfig {
        size: (80, 50),
        width_bounds: |c| (24, 4096),
        height_bounds: |c| (16, 4096);
        /// Attempts to attach a room, per 100 tiles of the level (1–100): more fills
        /// the level closer.
        attach_tries: u32 = 12, bounds: |c| (1, 100);
        /// How often a room is a rectangle, against the other shapes' weights (0–100).
        rectangle_weight: u32 = 5, bounds: |c| (0, 100);
        /// How often a room is a cross of two rectangles (0–100).
        cross_weight: u32 = 3, bounds: |c| (0, 100);
        /// How often a room is a circle (0–100).
        circle_weight: u32 = 2, bounds: |c| (0, 100);
        /// How often a room is a small cave blob (0–100).
        blob_weight: u32 = 2, bounds: |c| (0, 100);
        /// Share of rooms reached through a corridor in front of them, in percent (0–100).
        corridor_percent: u32 = 35, bounds: |c| (0, 100);
        /// A wall between two open tiles becomes a door (a loop) when walking from one to
        /// the other takes at least this many steps (3–1000), or never (0).
        loop_distance: u32 = 20, bounds: |c| (0, 1000);
    }
}

/// Rooms attached, the first one included.
pub const ROOMS_ATTACHED: Count = Count {
    name: "rooms attached",
    surveyed: true,
};

/// Walls opened into doors to make loops.
pub const LOOPS_ADDED: Count = Count {
    name: "loops added",
    surveyed: true,
};

impl Generator for AccretionConfig {
    const INFO: KindInfo = KindInfo {
        name: "accretion",
        noun: "accretion dungeon",
        article: "an",
        plural: "accretion dungeons",
        about: "Brogue-style dungeon of varied rooms attached one by one, with loops",
        counts: &[ROOMS_ATTACHED, LOOPS_ADDED],
    };

    fn generate(&self, generation: Generation, rng: &mut StreamRng) -> Layout {
        let _ = generation;
        generate(self, rng)
    }

    /// Checks every value against its documented bounds, that some shape has a weight,
    /// and that a loop distance, if any, is at least 3 (a wall between two open tiles
    /// already has them 2 apart through it).
    fn validate(&self) -> Result<(), Invalid> {
        self.check_params()?;
        if self.shape_weights().iter().all(|&(_, w)| w == 0) {
            return Err(Invalid {
                field: "rectangle_weight",
                rule: "and the other shapes' weights are all 0: give some shape a weight"
                    .to_owned(),
            });
        }
        if (1..3).contains(&self.loop_distance) {
            return Err(Invalid {
                field: "loop_distance",
                rule: format!(
                    "must be 0 (no loops) or at least 3, got {}",
                    self.loop_distance
                ),
            });
        }
        Ok(())
    }
}

impl AccretionConfig {
    /// Each room shape with its weight, in the order the draw reads them.
    fn shape_weights(&self) -> [(Shape, u32); 4] {
        [
            (Shape::Rectangle, self.rectangle_weight),
            (Shape::Cross, self.cross_weight),
            (Shape::Circle, self.circle_weight),
            (Shape::Blob, self.blob_weight),
        ]
    }

    /// A shape drawn by the weights.
    fn draw_shape(&self, rng: &mut StreamRng) -> Shape {
        let weights = self.shape_weights();
        let index = rng
            .pick_weighted(weights.iter().map(|&(_, weight)| weight))
            .expect("a config's shape weights sum above 0");
        weights[index].0
    }
}

/// The four directions a room can grow from a wall: (dx, dy).
const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// A wall tile with dug floor behind it, from which a room could grow.
#[derive(Clone, Copy, Debug)]
struct Site {
    /// The wall tile that would become the door.
    wall: Pos,
    /// The direction away from the floor behind it (the way a room grows).
    dir: (i32, i32),
}

/// The dungeon being dug.
struct Dig {
    tiles: Grid<Tile>,
    /// Whether each tile is dug or next to something dug (by its 8 neighbours): where no
    /// new room's floor may go.
    near_dug: Vec<bool>,
    /// Walls that may take a door, each with the way a room would grow from it.
    sites: Vec<Site>,
}

impl Dig {
    /// Whether `pos` lies inside the level's outer wall.
    fn inside(&self, pos: Pos) -> bool {
        pos.x >= 1
            && pos.y >= 1
            && (pos.x as usize) < self.tiles.width() - 1
            && (pos.y as usize) < self.tiles.height() - 1
    }

    /// Whether `pos` is solid rock with solid rock all round: where new floor can go
    /// without touching what is dug. (A room's door is still rock while the room is
    /// fitted, and the floor behind the door is two steps from the room's first tile.)
    fn untouched(&self, pos: Pos) -> bool {
        self.inside(pos) && !self.near_dug[self.tiles.index_of(pos)]
    }

    /// Digs `pos` as `tile` and marks it and its neighbours as near what is dug.
    fn dig(&mut self, pos: Pos, tile: Tile) {
        self.tiles[pos] = tile;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let p = pos.offset(dx, dy);
                if self.tiles.contains(p) {
                    let index = self.tiles.index_of(p);
                    self.near_dug[index] = true;
                }
            }
        }
    }

    /// Whether `site` can still take a door: a wall inside the level with floor behind
    /// it and wall on both sides along the wall line.
    fn takes_a_door(&self, site: Site) -> bool {
        let Site {
            wall,
            dir: (dx, dy),
        } = site;
        self.inside(wall)
            && self.tiles[wall] == Tile::Wall
            && self.tiles[wall.offset(-dx, -dy)] == Tile::Floor
            && self.tiles[wall.offset(dy, dx)] == Tile::Wall
            && self.tiles[wall.offset(-dy, -dx)] == Tile::Wall
    }

    /// Digs `cells` as floor and records the walls round them as sites.
    fn carve(&mut self, cells: &[Pos]) {
        for &cell in cells {
            self.dig(cell, Tile::Floor);
        }
        for &cell in cells {
            for dir in DIRECTIONS {
                let wall = cell.offset(dir.0, dir.1);
                if self.inside(wall) && self.tiles[wall] == Tile::Wall {
                    self.sites.push(Site { wall, dir });
                }
            }
        }
    }

    /// A site that can still take a door, drawn at random and taken off the list (sites
    /// that no longer can are dropped on the way); `None` when none is left. A site is
    /// tried once: one where a room did not fit gives way to fresher ones.
    fn draw_site(&mut self, rng: &mut StreamRng) -> Option<Site> {
        while !self.sites.is_empty() {
            let index = rng.below(self.sites.len() as u32) as usize;
            let site = self.sites.swap_remove(index);
            if self.takes_a_door(site) {
                return Some(site);
            }
        }
        None
    }

    /// The floor a room `stamp` behind a corridor of `corridor` tiles would dig from
    /// `site`, if it all fits without touching what is dug.
    fn fit(&self, site: Site, stamp: &Stamp, corridor: i32) -> Option<Vec<Pos>> {
        let (dx, dy) = site.dir;
        let door = site.wall;
        let entry = stamp.entry(site.dir)?;
        // The room's entry tile lands just past the corridor.
        let at = door.offset(dx * (corridor + 1), dy * (corridor + 1));
        let cells = || {
            let corridor_cells = (1..=corridor).map(move |i| door.offset(dx * i, dy * i));
            let room_cells = stamp
                .cells()
                .map(move |(x, y)| at.offset(x - entry.0, y - entry.1));
            corridor_cells.chain(room_cells)
        };
        // Checked as they come (most tries fail), gathered only when all fit.
        cells()
            .all(|cell| self.untouched(cell))
            .then(|| cells().collect())
    }
}

/// Generates an accretion dungeon layout (no stairs yet) from the layout stream.
///
/// Steps: a first room in the middle of the level; then `attach_tries` tries per 100
/// tiles, each drawing a wall of the dug dungeon with floor behind it (each wall is
/// tried once, and one with no room two tiles beyond it is passed over), a shape (by the
/// weights) and a corridor in front of it (`corridor_percent`), and digging the room
/// there with a door in that wall if none of its floor touches anything dug; then loops
/// (see [`add_loops`]).
pub fn generate(config: &AccretionConfig, rng: &mut StreamRng) -> Layout {
    let (width, height) = (config.width as usize, config.height as usize);
    let mut dig = Dig {
        tiles: Grid::new(width, height, Tile::Wall),
        near_dug: vec![false; width * height],
        sites: Vec::new(),
    };
    let mut rooms = 0;
    // The first room: a rectangle in the middle, small enough for the smallest level.
    let first = Stamp::rectangle(
        rng.range_inclusive(4, 9).min(width as i32 - 4),
        rng.range_inclusive(3, 6).min(height as i32 - 4),
    );
    let middle = Pos::new(width as i32 / 2, height as i32 / 2);
    let (w, h) = first.size();
    let first_cells: Vec<Pos> = first
        .cells()
        .map(|(x, y)| middle.offset(x - w / 2, y - h / 2))
        .collect();
    dig.carve(&first_cells);
    rooms += 1;
    let tries = (width * height).div_ceil(100) as u64 * u64::from(config.attach_tries);
    for _ in 0..tries {
        let Some(site) = dig.draw_site(rng) else {
            break;
        };
        // Every room and corridor reaches two tiles beyond its door: a wall without
        // room for that takes none, and no room is drawn for it.
        let (dx, dy) = site.dir;
        let beyond = [site.wall.offset(dx, dy), site.wall.offset(2 * dx, 2 * dy)];
        if !beyond.iter().all(|&p| dig.untouched(p)) {
            continue;
        }
        let shape = config.draw_shape(rng);
        let stamp = Stamp::draw(shape, rng);
        let corridor = if rng.chance_percent(config.corridor_percent) {
            rng.range_inclusive(2, 7)
        } else {
            0
        };
        if let Some(cells) = dig.fit(site, &stamp, corridor) {
            dig.carve(&cells);
            dig.dig(site.wall, Tile::Door);
            rooms += 1;
        }
    }
    let mut tiles = dig.tiles;
    let loops = if config.loop_distance == 0 {
        0
    } else {
        add_loops(&mut tiles, config.loop_distance, rng)
    };
    let report = LevelReport::counting([(ROOMS_ATTACHED, rooms), (LOOPS_ADDED, loops)]);
    Layout {
        tiles,
        rooms: None,
        plan: None,
        report,
    }
}

/// Brogue's `addLoops`: every wall with open ground on two opposite sides and wall on the
/// other two, in a shuffled order, becomes a door if walking from one side to the other
/// takes at least `distance` steps. Returns how many were opened. Each walk is searched
/// only to `distance` steps, so a loop costs at most a square of that side.
pub(crate) fn add_loops(tiles: &mut Grid<Tile>, distance: u32, rng: &mut StreamRng) -> u32 {
    let (width, height) = (tiles.width() as i32, tiles.height() as i32);
    let mut candidates: Vec<Pos> = (1..height - 1)
        .flat_map(|y| (1..width - 1).map(move |x| Pos::new(x, y)))
        .filter(|&p| loop_sides(tiles, p).is_some())
        .collect();
    rng.shuffle(&mut candidates);
    let mut search = BoundedSearch::new(tiles.len());
    let mut opened = 0;
    for wall in candidates {
        // Opening earlier loops can have shortened this one's walk (or made it a side).
        let Some((a, b)) = loop_sides(tiles, wall) else {
            continue;
        };
        if !search.within(tiles, a, b, distance - 1) {
            tiles[wall] = Tile::Door;
            opened += 1;
        }
    }
    opened
}

/// The two open tiles a wall at `pos` stands between (left and right, or above and
/// below, with wall on the other two sides), if it stands between two.
fn loop_sides(tiles: &Grid<Tile>, pos: Pos) -> Option<(Pos, Pos)> {
    if tiles[pos] != Tile::Wall {
        return None;
    }
    let open = |p: Pos| tiles.is_walkable(p);
    let (left, right) = (pos.offset(-1, 0), pos.offset(1, 0));
    let (up, down) = (pos.offset(0, -1), pos.offset(0, 1));
    if open(left) && open(right) && !open(up) && !open(down) {
        Some((left, right))
    } else if open(up) && open(down) && !open(left) && !open(right) {
        Some((up, down))
    } else {
        None
    }
}

/// A breadth-first search cut off at a number of steps, reusing its marks between
/// searches (a search stamps the tiles it reaches with its own number).
struct BoundedSearch {
    marks: Vec<u32>,
    search: u32,
    frontier: Vec<usize>,
    next: Vec<usize>,
}

impl BoundedSearch {
    fn new(tiles: usize) -> BoundedSearch {
        BoundedSearch {
            marks: vec![0; tiles],
            search: 0,
            frontier: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Whether `to` is at most `steps` orthogonal steps over walkable tiles from `from`.
    fn within(&mut self, tiles: &Grid<Tile>, from: Pos, to: Pos, steps: u32) -> bool {
        self.search += 1;
        let width = tiles.width();
        let goal = tiles.index_of(to);
        let start = tiles.index_of(from);
        self.marks[start] = self.search;
        self.frontier.clear();
        self.frontier.push(start);
        for _ in 0..steps {
            self.next.clear();
            for &i in &self.frontier {
                // Walkable tiles never lie on the outer ring, so the four are in bounds.
                for n in [i - width, i - 1, i + 1, i + width] {
                    if self.marks[n] != self.search && tiles.cells()[n].is_walkable() {
                        if n == goal {
                            return true;
                        }
                        self.marks[n] = self.search;
                        self.next.push(n);
                    }
                }
            }
            if self.next.is_empty() {
                return false;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::count_regions;
    use crate::rng::Stream;

    fn layout(config: &AccretionConfig, seed: u64) -> Layout {
        generate(config, &mut StreamRng::new(seed, Stream::Layout))
    }

    #[test]
    fn every_layout_is_one_region_inside_an_outer_wall() {
        for (width, height) in [(24, 16), (80, 50), (150, 60)] {
            let config = AccretionConfig {
                width,
                height,
                ..AccretionConfig::default()
            };
            for seed in 0..40 {
                let tiles = layout(&config, seed).tiles;
                assert_eq!(count_regions(&tiles), 1, "{width}x{height} seed {seed}");
                for p in tiles.positions().filter(|&p| tiles.is_border(p)) {
                    assert_eq!(tiles[p], Tile::Wall, "{width}x{height} seed {seed}: {p}");
                }
            }
        }
    }

    #[test]
    fn rooms_fill_the_level_and_loops_are_added() {
        let config = AccretionConfig::default();
        for seed in 0..20 {
            let layout = layout(&config, seed);
            let rooms = layout.report.count(ROOMS_ATTACHED).unwrap();
            let loops = layout.report.count(LOOPS_ADDED).unwrap();
            assert!(rooms >= 12, "seed {seed}: only {rooms} rooms");
            assert!(loops >= 1, "seed {seed}: no loops");
            let floor = layout
                .tiles
                .cells()
                .iter()
                .filter(|t| t.is_walkable())
                .count();
            assert!(
                floor * 100 >= layout.tiles.len() * 25,
                "seed {seed}: {floor} floor tiles of {}",
                layout.tiles.len()
            );
        }
    }

    #[test]
    fn no_loops_are_added_at_distance_zero_and_fewer_at_longer_distances() {
        let total = |distance| {
            (0..20)
                .map(|seed| {
                    let config = AccretionConfig {
                        loop_distance: distance,
                        ..AccretionConfig::default()
                    };
                    layout(&config, seed).report.count(LOOPS_ADDED).unwrap()
                })
                .sum::<u32>()
        };
        assert_eq!(total(0), 0);
        let (short, long) = (total(8), total(40));
        assert!(short > long, "distance 8 opened {short}, 40 opened {long}");
    }

    #[test]
    fn a_loop_opens_only_where_the_walk_around_was_at_least_the_distance() {
        // A U of corridor: the one wall between its arms stands between two open
        // tiles that are 6 steps apart on foot.
        let tiles_text = ["#####", "#.#.#", "#.#.#", "#...#", "#####"];
        let tiles = Grid::from_cells(
            5,
            5,
            tiles_text
                .iter()
                .flat_map(|row| row.chars().map(|c| Tile::from_glyph(c).unwrap()))
                .collect(),
        )
        .unwrap();
        for (distance, opens) in [(3, true), (6, true), (7, false), (40, false)] {
            let mut tiles = tiles.clone();
            let mut rng = StreamRng::new(1, Stream::Layout);
            let opened = add_loops(&mut tiles, distance, &mut rng);
            assert_eq!(opened, u32::from(opens), "distance {distance}");
            assert_eq!(tiles[Pos::new(2, 1)] == Tile::Door, opens);
        }
    }

    #[test]
    fn a_config_without_shapes_or_with_a_loop_distance_of_two_is_refused() {
        let no_shapes = AccretionConfig {
            rectangle_weight: 0,
            cross_weight: 0,
            circle_weight: 0,
            blob_weight: 0,
            ..AccretionConfig::default()
        };
        assert_eq!(no_shapes.validate().unwrap_err().field, "rectangle_weight");
        let two = AccretionConfig {
            loop_distance: 2,
            ..AccretionConfig::default()
        };
        assert_eq!(two.validate().unwrap_err().field, "loop_distance");
    }
}
