//! Room dungeons against mapgen's `SimpleRooms` + `NearestCorridors`, 80×50.

use mapgen::MapBuilder;
use mapgen::filter::{NearestCorridors, SimpleRooms};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

use delve_levels::analysis::regions::Regions;
use delve_levels::grid::Grid;
use delve_levels::rng::{Stream, StreamRng};
use delve_levels::generator::{Generation, GeneratorConfig, RoomsConfig, generate_level, rooms};

use crate::{Report, Target};

/// Runs the room job if the filters select it.
pub fn run(report: &mut Report) {
    if report.wants("rooms") {
        room_dungeons(report);
    }
}

/// mapgen's room dungeon: `SimpleRooms` + `NearestCorridors`, `width` × `height`.
pub fn mapgen_rooms_builder(width: usize, height: usize) -> MapBuilder {
    let mut builder = MapBuilder::new(width, height);
    builder
        .with(SimpleRooms::new())
        .with(NearestCorridors::new());
    builder
}

fn room_dungeons(report: &mut Report) {
    eprintln!("room dungeon 80×50 vs mapgen SimpleRooms + NearestCorridors");
    let config = RoomsConfig::default();
    let mut builder = mapgen_rooms_builder(80, 50);
    let (mut delve_bad, mut delve_cycles, mut delve_rooms) = (0, 0, 0);
    let (mut mapgen_split, mut mapgen_rooms) = (0, 0);
    const SEEDS: u64 = 200;
    for seed in 1..=SEEDS {
        let layout = rooms::generate(
            &config,
            Generation::CURRENT,
            &mut StreamRng::new(seed, Stream::Layout),
        );
        let graph = layout.rooms.as_ref().expect("room layouts have a graph");
        delve_rooms += graph.rooms.len();
        delve_cycles += graph.cycles_added;
        if Regions::of(&layout.tiles).count() != 1
            || layout.tiles.width() != 80
            || layout.tiles.height() != 50
        {
            delve_bad += 1;
        }
        let map = builder.build_with_rng(&mut StdRng::seed_from_u64(seed));
        mapgen_rooms += map.rooms.len();
        let open = Grid::from_cells(map.width, map.height, map.walkables.clone()).expect("sizes");
        if Regions::of_grid(&open, |w| w).count() != 1 {
            mapgen_split += 1;
        }
    }
    let detail = format!(
        "both 80×50; over {SEEDS} seeds delve averages {:.1} rooms and {:.1} cycle corridors, always one \
         region; mapgen averages {:.1} rooms, no cycles by construction, {mapgen_split}/{SEEDS} maps \
         fall apart into >1 region",
        delve_rooms as f64 / SEEDS as f64,
        delve_cycles as f64 / SEEDS as f64,
        mapgen_rooms as f64 / SEEDS as f64,
    );
    report.check(
        "rooms 80×50 comparability",
        if delve_bad == 0 {
            Ok(detail)
        } else {
            Err(format!("{delve_bad} delve layouts broken; {detail}"))
        },
    );
    let mut delve_seed = 0u64;
    let mut mapgen_seed = 0u64;
    report.compare(
        "room dungeon with cycles, 80×50 (layout)",
        "mapgen SimpleRooms + NearestCorridors",
        1,
        None,
        Target::at_least(1.0),
        || {
            delve_seed += 1;
            rooms::generate(
                &config,
                Generation::CURRENT,
                &mut StreamRng::new(delve_seed, Stream::Layout),
            )
        },
        || {
            mapgen_seed += 1;
            builder.build_with_rng(&mut StdRng::seed_from_u64(mapgen_seed))
        },
    );
    let level = GeneratorConfig::Rooms(config.clone());
    report.compare(
        "room dungeon, 80×50, whole level (+ stairs, loot)",
        "mapgen SimpleRooms + NearestCorridors",
        1,
        None,
        Target::Info,
        || {
            delve_seed += 1;
            generate_level(&level, delve_seed)
        },
        || {
            mapgen_seed += 1;
            builder.build_with_rng(&mut StdRng::seed_from_u64(mapgen_seed))
        },
    );
    crate::breakdown::level_split(report, "rooms level", &level);
}
