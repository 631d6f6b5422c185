//! Accretion dungeons (delve's Brogue-style kind) beside mapgen's `SimpleRooms` +
//! `NearestCorridors`, at 80×50 and 1000×1000. Not the same work, and the rows say so:
//! mapgen drops up to 30 rectangles where they do not overlap and joins each to its
//! nearest neighbour by an L-shaped corridor; delve attaches rooms of four shapes (and
//! corridors in front of some) one by one to the dug dungeon's walls, each only where it
//! touches nothing, then searches every wall between two open tiles for a loop.

use rand08::SeedableRng;
use rand08::rngs::StdRng;

use delve_levels::analysis::regions::Regions;
use delve_levels::rng::{Stream, StreamRng};
use delve_levels::generator::accretion::{self, AccretionConfig, LOOPS_ADDED, ROOMS_ATTACHED};
use delve_levels::generator::{GeneratorConfig, generate_level};

use crate::rooms::mapgen_rooms_builder;
use crate::{Report, Target};

/// Runs the accretion jobs if the filters select them (`accretion`).
pub fn run(report: &mut Report) {
    if report.wants("accretion") {
        accretion_dungeons(report);
    }
}

fn accretion_dungeons(report: &mut Report) {
    eprintln!("accretion dungeons vs mapgen SimpleRooms + NearestCorridors");
    let config = AccretionConfig::default();
    let mut builder = mapgen_rooms_builder(80, 50);
    let (mut rooms, mut loops, mut split) = (0, 0, 0);
    let mut mapgen_rooms_count = 0;
    const SEEDS: u64 = 200;
    for seed in 1..=SEEDS {
        let layout = accretion::generate(&config, &mut StreamRng::new(seed, Stream::Layout));
        rooms += layout.report.count(ROOMS_ATTACHED).unwrap_or(0);
        loops += layout.report.count(LOOPS_ADDED).unwrap_or(0);
        if Regions::of(&layout.tiles).count() != 1 {
            split += 1;
        }
        mapgen_rooms_count += builder
            .build_with_rng(&mut StdRng::seed_from_u64(seed))
            .rooms
            .len();
    }
    let detail = format!(
        "both 80×50; over {SEEDS} seeds delve attaches {:.1} rooms of four shapes and opens {:.1} \
         loops, {split} layouts in more than one region; mapgen places {:.1} rectangles, no loops",
        f64::from(rooms) / SEEDS as f64,
        f64::from(loops) / SEEDS as f64,
        mapgen_rooms_count as f64 / SEEDS as f64,
    );
    report.check(
        "accretion 80×50 comparability",
        if split == 0 { Ok(detail) } else { Err(detail) },
    );
    let (mut seed, mut peer_seed) = (0u64, 0u64);
    report.compare(
        "accretion dungeon 80×50 (layout: ~49 rooms attached one by one, loops)",
        "mapgen SimpleRooms + NearestCorridors (≤ 30 rectangles)",
        1,
        None,
        Target::Info,
        || {
            seed += 1;
            accretion::generate(&config, &mut StreamRng::new(seed, Stream::Layout))
        },
        || {
            peer_seed += 1;
            builder.build_with_rng(&mut StdRng::seed_from_u64(peer_seed))
        },
    );
    let big = GeneratorConfig::Accretion(AccretionConfig {
        width: 1000,
        height: 1000,
        ..AccretionConfig::default()
    });
    let mut big_builder = mapgen_rooms_builder(1000, 1000);
    report.compare(
        "whole accretion level 1000×1000 (delve: ~10,000 rooms, ~2,200 loops, clear stairs, loot)",
        "mapgen SimpleRooms + NearestCorridors (at most 30 rooms, whatever the size)",
        1,
        None,
        Target::Info,
        || {
            seed += 1;
            generate_level(&big, seed)
        },
        || {
            peer_seed += 1;
            big_builder.build_with_rng(&mut StdRng::seed_from_u64(peer_seed))
        },
    );
}
