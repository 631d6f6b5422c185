//! Whole levels at 1000×1000 — fill to stairs and loot — against mapgen's pipelines and
//! amaze at the same size, and the peak heap each takes per tile.

use amaze::generators::{Eller4, MazeGenerator2D};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

use delve_levels::generator::{CaveConfig, GeneratorConfig, GeneratorKind, generate_level};

use crate::caves::mapgen_cave_builder;
use crate::peak::peak_heap;
use crate::rooms::mapgen_rooms_builder;
use crate::{Report, Target};

const SIDE: usize = 1000;

/// Runs the job if the filters select it (`1000² level`).
pub fn run(report: &mut Report) {
    if report.wants("1000² level") {
        whole_levels(report);
    }
}

fn whole_levels(report: &mut Report) {
    eprintln!("whole levels 1000×1000 vs mapgen / amaze at the same size");
    let side = SIDE as u32;
    let cave = GeneratorConfig::Cave(CaveConfig {
        width: side,
        height: side,
        passes: crate::caves::MAPGEN_PASSES,
        ..CaveConfig::default()
    });
    let mut rooms = GeneratorKind::Rooms.default_config();
    rooms.set_size(Some(side), Some(side));
    let mut maze = GeneratorKind::Maze.default_config();
    maze.set_size(Some(side - 1), Some(side - 1));
    let mut cave_builder = mapgen_cave_builder(SIDE, SIDE);
    let mut rooms_builder = mapgen_rooms_builder(SIDE, SIDE);
    let maze_cells = (SIDE - 2) / 2;

    let tiles = (SIDE * SIDE) as f64;
    let per_tile = |bytes: usize| format!("{:.1} B/tile", bytes as f64 / tiles);
    let delve_peaks = [&cave, &rooms, &maze].map(|c| peak_heap(|| generate_level(c, 1)));
    let peer_peaks = [
        peak_heap(|| cave_builder.build_with_rng(&mut StdRng::seed_from_u64(1))),
        peak_heap(|| rooms_builder.build_with_rng(&mut StdRng::seed_from_u64(1))),
        peak_heap(|| Eller4::new_from_seed(1).generate(maze_cells, maze_cells)),
    ];
    report.note(format!(
        "peak heap of one 1000×1000 level, per tile: cave delve {} / mapgen {}; rooms delve {} / \
         mapgen {}; maze delve {} / amaze {} (delve's include stairs, loot and the level's \
         report; a tile is 1 byte in delve's grid, a bool + a tile type in mapgen's)",
        per_tile(delve_peaks[0]),
        per_tile(peer_peaks[0]),
        per_tile(delve_peaks[1]),
        per_tile(peer_peaks[1]),
        per_tile(delve_peaks[2]),
        per_tile(peer_peaks[2]),
    ));

    let mut seed = 0u64;
    let mut peer_seed = 0u64;
    report.compare(
        "whole cave level 1000×1000, 15 passes on both sides (delve: + pocket repair, clear stairs, 6 loot)",
        "mapgen Noise→CA(15)→Start→Cull→Exit",
        1,
        None,
        Target::Info,
        || {
            seed += 1;
            generate_level(&cave, seed)
        },
        || {
            peer_seed += 1;
            cave_builder.build_with_rng(&mut StdRng::seed_from_u64(peer_seed))
        },
    );
    report.compare(
        "whole room dungeon 1000×1000 (delve: rooms on a grid, spanning tree + cycles, doors, clear stairs, loot)",
        "mapgen SimpleRooms + NearestCorridors (at most 30 rooms, whatever the size)",
        1,
        None,
        Target::Info,
        || {
            seed += 1;
            generate_level(&rooms, seed)
        },
        || {
            peer_seed += 1;
            rooms_builder.build_with_rng(&mut StdRng::seed_from_u64(peer_seed))
        },
    );
    report.compare(
        "whole maze level 999×999 tiles (499² cells; delve: + stair chambers, loot)",
        "amaze Eller4 499×499 cells (the maze alone)",
        1,
        None,
        Target::Info,
        || {
            seed += 1;
            generate_level(&maze, seed)
        },
        || {
            peer_seed += 1;
            Eller4::new_from_seed(peer_seed).generate(maze_cells, maze_cells)
        },
    );
}
