//! Caves against mapgen and bracket-pathfinding: one pass of the cave automaton, a whole
//! cave level, and connectivity (regions + reachability) on a large cave.

use bracket_pathfinding::prelude::{Algorithm2D, BaseMap, DijkstraMap, Point, SmallVec};
use mapgen::filter::{
    AreaStartingPosition, CellularAutomata, CullUnreachable, DistantExit, NoiseGenerator, XStart,
    YStart,
};
use mapgen::{MapBuffer, MapBuilder, MapFilter};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

use delve_levels::analysis::distances::{UNREACHABLE, walking_distances};
use delve_levels::analysis::regions::Regions;
use delve_levels::analysis::wall_bits::WallBits;
use delve_levels::grid::{Grid, Tile};
use delve_levels::rng::{Stream, StreamRng, retry_seed};
use delve_levels::generator::cave;
use delve_levels::generator::stairs::{Stairs, place_stairs};
use delve_levels::generator::{
    CaveConfig, GeneratorConfig, GeneratorKind, MAX_ATTEMPTS, PocketRepair, generate_layout,
    generate_level,
};

use crate::{Report, Target, show_time, time_median};

/// Passes mapgen's `CellularAutomata` runs per call (a private constant there).
pub const MAPGEN_PASSES: u32 = 15;

/// A fill both automata start from: the border ring wall, every inner cell wall with
/// 45% chance (delve's `StreamRng`, seed given).
pub fn random_fill(width: usize, height: usize, seed: u64) -> Grid<bool> {
    let mut rng = StreamRng::new(seed, Stream::Layout);
    let mut walls = Grid::new(width, height, true);
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            walls.cells_mut()[y * width + x] = rng.chance_percent(45);
        }
    }
    walls
}

/// The same walls as a mapgen map (walkable = not wall).
pub fn to_map_buffer(walls: &Grid<bool>) -> MapBuffer {
    let mut map = MapBuffer::new(walls.width(), walls.height());
    map.walkables = walls.cells().iter().map(|&wall| !wall).collect();
    map
}

/// Runs the cave jobs the filters select.
pub fn run(report: &mut Report) {
    if report.wants("pass") {
        one_pass(report);
    }
    if report.wants("cave level") {
        cave_level(report);
    }
    if report.wants("connectivity") {
        connectivity(report);
    }
}

fn one_pass(report: &mut Report) {
    eprintln!("one 4-5-rule pass vs mapgen CellularAutomata ÷ {MAPGEN_PASSES}");
    let automaton = CellularAutomata::new();
    let mut rng = StdRng::seed_from_u64(1);
    for (width, height) in [(80, 50), (1000, 1000), (4000, 4000)] {
        // The kept target is at 1000×1000; the other sizes are reported.
        let target = if width == 1000 {
            Target::Ratio {
                min: 100.0,
                stretch: Some(250.0),
            }
        } else {
            Target::Info
        };
        let walls = random_fill(width, height, 1);
        let bits = WallBits::from_grid(&walls);
        let map = to_map_buffer(&walls);
        let delve_out = bits.step();
        let mapgen_out = automaton.modify_map(&mut rng, &map);
        let same_size = (delve_out.width(), delve_out.height())
            == (mapgen_out.width, mapgen_out.height)
            && (bits.width(), bits.height()) == (map.width, map.height);
        let delve_walls = delve_out.count_walls() as f64 / (width * height) as f64;
        let mapgen_walls =
            mapgen_out.walkables.iter().filter(|&&w| !w).count() as f64 / (width * height) as f64;
        let detail = format!(
            "same fill, {width}×{height} in and out on both sides; walls after: delve 1 pass {:.1}%, \
             mapgen 15 passes {:.1}% (rules differ, outputs not compared)",
            100.0 * delve_walls,
            100.0 * mapgen_walls
        );
        report.check(
            format!("pass {width}×{height} sizes"),
            if same_size { Ok(detail) } else { Err(detail) },
        );
        // Headline: delve's whole job from the same `Grid<bool>` mapgen gets — pack, one
        // pass, unpack — against a fifteenth of mapgen's call. The kept ≥ 100× target is
        // the pass's own (the next row); packing a byte per cell is most of this one.
        report.compare(
            &format!(
                "one pass incl. packing and unpacking, {width}×{height} (Grid<bool> in and out)"
            ),
            "mapgen CellularAutomata ÷ 15 (clones its buffer every pass)",
            MAPGEN_PASSES,
            None,
            Target::Info,
            || WallBits::from_grid(&walls).step().to_grid(),
            || automaton.modify_map(&mut rng, &map),
        );
        report.compare(
            &format!("one pass on packed walls (packed outside the timing), {width}×{height}"),
            "mapgen CellularAutomata ÷ 15 (clones its buffer every pass)",
            MAPGEN_PASSES,
            None,
            target,
            || bits.step(),
            || automaton.modify_map(&mut rng, &map),
        );
        if width == 1000 {
            report.compare(
                "15 passes + pack/unpack, 1000×1000 (a whole mapgen call's work)",
                "mapgen CellularAutomata",
                1,
                None,
                Target::Info,
                || WallBits::from_grid(&walls).steps(MAPGEN_PASSES).to_grid(),
                || automaton.modify_map(&mut rng, &map),
            );
        }
    }
}

/// mapgen's cave pipeline as its README builds it.
pub fn mapgen_cave_builder(width: usize, height: usize) -> MapBuilder {
    let mut builder = MapBuilder::new(width, height);
    builder
        .with(NoiseGenerator::new(0.55))
        .with(CellularAutomata::new())
        .with(AreaStartingPosition::new(XStart::CENTER, YStart::CENTER))
        .with(CullUnreachable::new())
        .with(DistantExit::new());
    builder
}

/// `generate_level` without the loot: the same layouts, retries and stairs, which is
/// what the target counts (fill, passes, connectivity repair, stairs).
pub fn level_without_loot(config: &GeneratorConfig, seed: u64) -> Option<(Grid<Tile>, Stairs)> {
    let clearance = config.stair_clearance();
    for attempt in 0..MAX_ATTEMPTS {
        let mut rng = StreamRng::new(retry_seed(seed, attempt), Stream::Layout);
        let mut layout = generate_layout(config, &mut rng);
        let carve = config.kind() != GeneratorKind::Cave || attempt + 1 == MAX_ATTEMPTS;
        if let Ok(stairs) = place_stairs(&mut layout.tiles, clearance, carve, &mut rng) {
            return Some((layout.tiles, stairs));
        }
    }
    None
}

fn cave_level(report: &mut Report) {
    eprintln!("whole cave level 80×50 vs mapgen pipeline");
    let config = GeneratorConfig::Cave(CaveConfig::default());
    let mut builder = mapgen_cave_builder(80, 50);
    // Comparability over many seeds: sizes, one region, both ends placed, and the
    // loot-free replica placing the same stairs as generate_level.
    let (mut delve_split, mut replica_differs, mut mapgen_split4, mut mapgen_ends) = (0, 0, 0, 0);
    for seed in 1..=200u64 {
        let level = generate_level(&config, seed).expect("default cave config generates");
        if Regions::of(&level.tiles).count() != 1 || level.tiles.width() != 80 {
            delve_split += 1;
        }
        match level_without_loot(&config, seed) {
            Some((_, stairs)) if (stairs.up, stairs.down) == (level.up, level.down) => {}
            _ => replica_differs += 1,
        }
        let map = builder.build_with_rng(&mut StdRng::seed_from_u64(seed));
        let open = Grid::from_cells(map.width, map.height, map.walkables.clone()).expect("sizes");
        if Regions::of_grid(&open, |w| w).count() != 1 {
            mapgen_split4 += 1;
        }
        if map.starting_point.is_some() && map.exit_point.is_some() && map.width == 80 {
            mapgen_ends += 1;
        }
    }
    report.check(
        "cave level 80×50 comparability (200 seeds)",
        if delve_split == 0 && replica_differs == 0 && mapgen_ends == 200 {
            Ok(format!(
                "both 80×50; delve: 1 region + 2 stairs every time (the loot-free replica places \
                 the same stairs as generate_level); mapgen: start + exit every time, but \
                 {mapgen_split4}/200 maps are >1 region under 4-connectivity (its CullUnreachable \
                 walks diagonals)"
            ))
        } else {
            Err(format!(
                "delve levels not one region: {delve_split}; replica stairs differ: \
                 {replica_differs}; mapgen maps with both ends: {mapgen_ends}/200"
            ))
        },
    );
    let mut delve_seed = 0u64;
    let mut mapgen_seed = 0u64;
    let mut mapgen = || {
        mapgen_seed += 1;
        builder.build_with_rng(&mut StdRng::seed_from_u64(mapgen_seed))
    };
    let peer = "mapgen Noise→CA(15 passes)→Start→Cull→Exit";
    let fifteen = GeneratorConfig::Cave(CaveConfig {
        passes: MAPGEN_PASSES,
        ..CaveConfig::default()
    });
    // Headline: the same number of passes on both sides. delve also repairs pockets (one
    // 4-connected region) and places both stairs clear of walls; mapgen culls what its
    // start cannot reach by 8-connected steps and puts the exit at the farthest tile.
    report.compare(
        "whole cave level 80×50, 15 passes on both sides: delve fill, passes, pocket repair, clear stairs",
        peer,
        1,
        None,
        Target::at_least(40.0),
        || {
            delve_seed += 1;
            level_without_loot(&fifteen, delve_seed)
        },
        &mut mapgen,
    );
    report.compare(
        "whole cave level 80×50 at delve's default 4 passes (less work than mapgen's 15)",
        peer,
        1,
        None,
        Target::Info,
        || {
            delve_seed += 1;
            level_without_loot(&config, delve_seed)
        },
        &mut mapgen,
    );
    report.compare(
        "whole cave level, 80×50, + 6 loot items (generate_level)",
        peer,
        1,
        None,
        Target::Info,
        || {
            delve_seed += 1;
            generate_level(&config, delve_seed)
        },
        &mut mapgen,
    );
    crate::breakdown::level_split(report, "cave level", &config);
}

/// A delve tile grid as a bracket-lib map: 4-connected exits of cost 1 over walkable tiles.
struct BracketCave {
    width: usize,
    height: usize,
    open: Vec<bool>,
}

impl BaseMap for BracketCave {
    fn is_opaque(&self, idx: usize) -> bool {
        !self.open[idx]
    }

    fn get_available_exits(&self, idx: usize) -> SmallVec<[(usize, f32); 10]> {
        let mut exits = SmallVec::new();
        let (x, y) = (idx % self.width, idx / self.width);
        if y > 0 && self.open[idx - self.width] {
            exits.push((idx - self.width, 1.0));
        }
        if x + 1 < self.width && self.open[idx + 1] {
            exits.push((idx + 1, 1.0));
        }
        if y + 1 < self.height && self.open[idx + self.width] {
            exits.push((idx + self.width, 1.0));
        }
        if x > 0 && self.open[idx - 1] {
            exits.push((idx - 1, 1.0));
        }
        exits
    }
}

impl Algorithm2D for BracketCave {
    fn dimensions(&self) -> Point {
        Point::new(self.width as i32, self.height as i32)
    }
}

fn connectivity(report: &mut Report) {
    eprintln!("connectivity 1000×1000 vs bracket-pathfinding DijkstraMap");
    // Pockets left in (PocketRepair::Off), so that "what is connected" has an answer
    // worth computing.
    let config = CaveConfig {
        width: 1000,
        height: 1000,
        pocket_repair: PocketRepair::Off,
        ..CaveConfig::default()
    };
    let tiles = cave::generate(&config, &mut StreamRng::new(3, Stream::Layout)).tiles;
    let regions = Regions::of(&tiles);
    let main = regions.largest().expect("the cave has floor");
    let start_index = regions
        .labels()
        .iter()
        .position(|&label| label == main)
        .expect("main region has a tile");
    let start = tiles.pos_of(start_index);
    let bracket = BracketCave {
        width: tiles.width(),
        height: tiles.height(),
        open: tiles.cells().iter().map(|t| t.is_walkable()).collect(),
    };
    let ours = walking_distances(&tiles, start);
    let theirs = DijkstraMap::new(1000, 1000, &[start_index], &bracket, f32::MAX);
    // bracket never writes 0 at a start tile: it reaches it again from a neighbour at
    // depth 2. Every other tile is compared.
    let mismatches = ours
        .iter()
        .zip(&theirs.map)
        .enumerate()
        .filter(|&(i, (&d, &f))| {
            i != start_index
                && if d == UNREACHABLE {
                    f != f32::MAX
                } else {
                    d as f32 != f
                }
        })
        .count();
    let reached = ours.iter().filter(|&&d| d != UNREACHABLE).count();
    let main_size = regions.sizes()[main as usize] as usize;
    let detail = format!(
        "same 1000×1000 cave (pockets kept: {} regions, main {main_size} tiles); 4-connected unit-cost \
         distances from {start}: {reached} tiles reached, {mismatches} other tiles differ (bracket \
         gives its own start {} instead of 0)",
        regions.count(),
        theirs.map[start_index]
    );
    report.check(
        "connectivity: delve distances == DijkstraMap distances",
        if mismatches == 0 && reached == main_size {
            Ok(detail)
        } else {
            Err(detail)
        },
    );
    // Headline: "can I walk from here to there", answered for every pair by the labels
    // (the Dijkstra map answers it from one start).
    report.compare(
        "connectivity: reachability for every pair read off Regions::of labels, 1000×1000 cave",
        "bracket-pathfinding DijkstraMap (from one start)",
        1,
        None,
        Target::at_least(5.0),
        || {
            let regions = Regions::of(&tiles);
            let from = regions.label_at(start);
            let reachable = regions
                .labels()
                .iter()
                .filter(|&&l| Some(l) == from)
                .count();
            (regions, reachable)
        },
        || DijkstraMap::new(1000, 1000, &[start_index], &bracket, f32::MAX),
    );
    report.compare(
        "connectivity: Regions::of + BFS distances from a start, 1000×1000 cave (same output as the peer, and labels)",
        "bracket-pathfinding DijkstraMap",
        1,
        None,
        Target::Info,
        || (Regions::of(&tiles), walking_distances(&tiles, start)),
        || DijkstraMap::new(1000, 1000, &[start_index], &bracket, f32::MAX),
    );
    let labels = time_median(7, || Regions::of(&tiles));
    let distances = time_median(7, || walking_distances(&tiles, start));
    report.note(format!(
        "connectivity 1000×1000 split: Regions::of {}, walking_distances {}",
        show_time(labels),
        show_time(distances)
    ));
}
