//! Accretion dungeons, checked over many seeds and configs by the independent checker
//! (`guarantees::check_level`: walls all round, one walkable region, stairs with their
//! clear radius), and their loops by the level measures: a dungeon with loops has
//! cycles, one without has none but the open floor's own.

use proptest::prelude::*;

use delve::measures::LevelMeasures;
use delve_levels::generator::accretion::LOOPS_ADDED;
use delve_levels::generator::guarantees::check_level;
use delve_levels::generator::{AccretionConfig, GeneratorConfig, generate_level};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_accretion_level_keeps_every_guarantee(
        width in 24u32..160,
        height in 16u32..100,
        weights in (0u32..10, 0u32..10, 0u32..10, 0u32..10),
        corridor_percent in 0u32..=100,
        loop_distance in prop_oneof![Just(0u32), 3u32..60],
        stair_clearance in 1u32..=3,
        attach_tries in 1u32..40,
        seed in any::<u64>(),
    ) {
        let (rectangle_weight, cross_weight, circle_weight, blob_weight) = weights;
        let config = AccretionConfig {
            width,
            height,
            attach_tries,
            // Some shape has a weight (the config refuses none).
            rectangle_weight: rectangle_weight.max(u32::from(weights == (0, 0, 0, 0))),
            cross_weight,
            circle_weight,
            blob_weight,
            corridor_percent,
            loop_distance,
            stair_clearance,
            ..AccretionConfig::default()
        };
        let config = GeneratorConfig::Accretion(config);
        prop_assert!(config.validate().is_ok());
        let level = generate_level(&config, seed).expect("an accretion level has room for stairs");
        if let Err(violation) = check_level(&level, stair_clearance, false) {
            return Err(TestCaseError::fail(format!("{config:?} seed {seed}: {violation}")));
        }
    }
}

#[test]
fn loops_go_round_walls_and_without_them_rooms_without_holes_are_a_tree() {
    for seed in 0..30 {
        let with_loops = GeneratorConfig::Accretion(AccretionConfig::default());
        // Without loops and without cave blobs (whose floor can go round a pillar), the
        // rooms and corridors are a tree of doors: nothing to walk round.
        let tree = GeneratorConfig::Accretion(AccretionConfig {
            loop_distance: 0,
            blob_weight: 0,
            ..AccretionConfig::default()
        });
        let looped = generate_level(&with_loops, seed).unwrap();
        let plain = generate_level(&tree, seed).unwrap();
        let loops = |level| LevelMeasures::of_level(level).loops;
        // Each loop's door joins ground already joined: one more way round a wall.
        let added = looped.report.count(LOOPS_ADDED).unwrap();
        assert!(added >= 1, "seed {seed}: no loop added");
        assert!(
            loops(&looped) >= added,
            "seed {seed}: {} loops measured, {added} added",
            loops(&looped)
        );
        if plain.report.carved_chambers == 0 {
            assert_eq!(loops(&plain), 0, "seed {seed}");
        }
    }
}
