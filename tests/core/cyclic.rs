//! Cyclic dungeons, checked over many sizes, plans and seeds by both independent
//! checkers — the level checker (`guarantees::check_level`: walls all round, one walkable
//! region, stairs with their clear radius) and the plan checker
//! (`cyclic::check::check_plan`: stairs joined on foot, the key before its lock, no secret
//! the only way, every planned cycle a loop of the tiles) — and the plan's cycles by the
//! level measures: with its locks opened, its secrets found and its water and traps
//! crossed, a level goes round at least one wall for each cycle of its plan.

use proptest::prelude::*;

use delve::measures::LevelMeasures;
use delve_levels::generator::cyclic::check::check_plan;
use delve_levels::generator::cyclic::most_rooms;
use delve_levels::generator::guarantees::check_level;
use delve_levels::generator::{CyclicConfig, GeneratorConfig, Level, generate_level};
use delve_levels::grid::{Tile, Trap};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_cyclic_level_keeps_every_guarantee_and_every_promise_of_its_plan(
        width in 38u32..140,
        height in 22u32..90,
        rooms in 4u32..=16,
        side_rooms in 0u32..=8,
        stair_clearance in 1u32..=3,
        seed in any::<u64>(),
    ) {
        let mut config = GeneratorConfig::Cyclic(CyclicConfig {
            width,
            height,
            rooms,
            side_rooms,
            stair_clearance,
            ..CyclicConfig::default()
        });
        // Rooms and side rooms as many as the size holds (as `set_size` fits them).
        config.set_size(None, None);
        prop_assert!(config.validate().is_ok(), "{:?}", config.validate());
        let level = generate_level(&config, seed).expect("a cyclic level has room for stairs");
        if let Err(violation) = check_level(&level, stair_clearance, false) {
            return Err(TestCaseError::fail(format!("{config:?} seed {seed}: {violation}")));
        }
        if let Err(violation) = check_plan(&level) {
            return Err(TestCaseError::fail(format!("{config:?} seed {seed}: {violation:?}")));
        }
    }
}

/// `level`'s measures with every way of its plan open: a locked door opened, a secret
/// door found, a barred door unbarred, a ledge walked (as ground, either way), deep water
/// swum and a trap stepped over are all floor.
fn measured_with_every_way_open(level: &Level) -> LevelMeasures {
    let mut tiles = level.tiles.clone();
    for pos in tiles.positions().collect::<Vec<_>>() {
        let way = matches!(
            tiles[pos],
            Tile::LockedDoor
                | Tile::SecretDoor
                | Tile::BarredDoor
                | Tile::Ledge
                | Tile::DeepWater
                | Tile::ClosedDoor
        ) || tiles[pos].trap().is_some();
        if way {
            tiles[pos] = Tile::Floor;
        }
    }
    LevelMeasures::of_tiles(&tiles, level.up, level.down, None)
}

#[test]
fn a_cyclic_level_goes_round_a_wall_for_every_cycle_of_its_plan() {
    for (width, height) in [(80, 50), (90, 56), (100, 60), (48, 30)] {
        let rooms = most_rooms(width, height);
        for seed in 0..25 {
            let config = GeneratorConfig::Cyclic(CyclicConfig {
                width,
                height,
                rooms,
                ..CyclicConfig::default()
            });
            let level = generate_level(&config, seed).expect("level");
            let plan = level.plan.as_ref().expect("a cyclic level keeps its plan");
            let cycles = plan.graph.cycles.len() as u32;
            assert!(
                cycles >= 1,
                "{width}x{height} seed {seed}: a plan has its main cycle"
            );
            let measures = measured_with_every_way_open(&level);
            assert!(
                measures.loops >= cycles,
                "{width}x{height} seed {seed}: {cycles} planned cycles, {} loops in the tiles",
                measures.loops
            );
            // And the stairs are joined on foot without opening anything.
            let on_foot = LevelMeasures::of_level(&level);
            assert!(
                on_foot.start_to_exit.is_some(),
                "{width}x{height} seed {seed}"
            );
        }
    }
}

/// The number before `noun` in `summary` ("3 secret doors" → 3).
fn counted(summary: &str, noun: &str) -> usize {
    let before = &summary[..summary.find(noun).expect(noun)];
    let number = before.trim_end().rsplit(' ').next().expect("a number");
    number.parse().expect("a count")
}

#[test]
fn gen_counts_the_doors_and_traps_that_lie_on_the_level_the_plans_own_among_them() {
    // Five seeds of the default cyclic level: what gen counts is what lies on its tiles.
    let mut ledges = 0;
    for seed in ["1", "2", "3", "4", "5"] {
        let out = super::cli::delve(&["gen", "--kind", "cyclic", "--seed", seed]);
        assert!(out.status.success(), "seed {seed}");
        let ascii = String::from_utf8_lossy(&out.stdout);
        let summary = super::cli::stderr(&out);
        let on_tiles = |glyphs: &[Tile]| {
            ascii
                .chars()
                .filter(|&c| glyphs.iter().any(|t| t.glyph() == c))
                .count()
        };
        let traps: Vec<Tile> = Trap::ALL.iter().map(|t| t.tile()).collect();
        assert_eq!(
            counted(&summary, "secret door"),
            on_tiles(&[Tile::SecretDoor]),
            "seed {seed}: {summary}"
        );
        assert_eq!(
            counted(&summary, "closed door"),
            on_tiles(&[Tile::ClosedDoor]),
            "seed {seed}"
        );
        assert_eq!(counted(&summary, "trap"), on_tiles(&traps), "seed {seed}");
        if on_tiles(&[Tile::LockedDoor]) > 0 {
            assert_eq!(
                counted(&summary, "locked door"),
                on_tiles(&[Tile::LockedDoor]),
                "seed {seed}"
            );
        }
        // Seeds 1 and 2 plan a one-way drop (generation 6), 4 and 5 a barred shortcut.
        for (tile, noun) in [(Tile::Ledge, "ledge"), (Tile::BarredDoor, "barred door")] {
            if on_tiles(&[tile]) > 0 {
                assert_eq!(counted(&summary, noun), on_tiles(&[tile]), "seed {seed}");
            }
        }
        ledges += on_tiles(&[Tile::Ledge]);
    }
    assert!(ledges >= 2, "seeds 1 and 2 lay a ledge each");
}

/// A designer's pattern file: one pattern, a loop round a pool, with `length` the pool
/// arc's corridors.
fn pool_patterns(length: &str) -> String {
    format!(
        "(\n    patterns: [\n        (\n            name: \"round the pool\",\n            weight: 1,\n            depths: (1, 99),\n            arcs: [\n                (length: (2, 3), on: Open),\n                (length: {length}, on: Hazard),\n            ],\n        ),\n    ],\n)\n"
    )
}

#[test]
fn gen_draws_the_plan_from_a_designers_own_patterns_and_refuses_a_broken_one_at_its_place() {
    let dir = super::temp_dir::TempDir::new("cyclic-patterns");
    let good = dir.write("pool.ron", pool_patterns("(1, 2)").as_bytes());
    let good = good.to_str().expect("a UTF-8 path");
    let out = super::cli::delve(&["gen", "--kind", "cyclic", "--seed", "4", "--patterns", good]);
    assert!(out.status.success(), "{}", super::cli::stderr(&out));
    let said = super::cli::stderr(&out);
    let cycles: Vec<&str> = said.lines().filter(|l| l.starts_with("cycle ")).collect();
    assert!(!cycles.is_empty(), "{said}");
    for cycle in cycles {
        assert!(
            cycle.contains("round the pool") && cycle.contains("hazard"),
            "{cycle}"
        );
    }
    assert!(
        said.contains("the key gives the level of the embedded patterns"),
        "{said}"
    );
    // Without the file, the same key draws from the embedded patterns.
    let embedded = super::cli::delve(&["gen", "--kind", "cyclic", "--seed", "4"]);
    assert!(!super::cli::stderr(&embedded).contains("round the pool"));

    let broken = dir.write("broken.ron", pool_patterns("(0, 2)").as_bytes());
    let broken = broken.to_str().expect("a UTF-8 path");
    let out = super::cli::delve(&["gen", "--kind", "cyclic", "--patterns", broken]);
    assert_eq!(out.status.code(), Some(2));
    let said = super::cli::stderr(&out);
    assert!(
        said.contains(&format!("--patterns: {broken}:7:13:")) && said.contains("least <= most"),
        "{said}"
    );
}
