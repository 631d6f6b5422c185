//! Levels at the validated minimum and maximum sizes, for every clearance, keep every
//! guarantee — the bounds in the docs are the bounds that work.

use delve_levels::generator::guarantees::check_level;
use delve_levels::generator::{
    AccretionConfig, CaveConfig, CyclicConfig, Generator, GeneratorConfig, MazeConfig, RoomsConfig,
    generate_level,
};

fn minimum_configs(clearance: u32) -> Vec<GeneratorConfig> {
    let maze_side = MazeConfig::min_side(clearance);
    vec![
        GeneratorConfig::Cave(CaveConfig {
            width: 16,
            height: 12,
            stair_clearance: clearance,
            ..CaveConfig::default()
        }),
        GeneratorConfig::Rooms(RoomsConfig {
            width: 16,
            height: 12,
            cell_width: 7,
            cell_height: 10,
            min_room: 5,
            stair_clearance: clearance,
            ..RoomsConfig::default()
        }),
        GeneratorConfig::Maze(MazeConfig {
            width: maze_side,
            height: maze_side,
            stair_clearance: clearance,
            ..MazeConfig::default()
        }),
        GeneratorConfig::Accretion(AccretionConfig {
            width: 24,
            height: 16,
            stair_clearance: clearance,
            ..AccretionConfig::default()
        }),
        GeneratorConfig::Cyclic(CyclicConfig {
            width: 38,
            height: 22,
            rooms: 4,
            stair_clearance: clearance,
            ..CyclicConfig::default()
        }),
    ]
}

#[test]
fn levels_at_the_minimum_size_keep_every_guarantee_for_every_clearance() {
    for clearance in 1..=3 {
        for config in minimum_configs(clearance) {
            config
                .validate()
                .unwrap_or_else(|e| panic!("{config:?}: {e}"));
            for seed in 0..1000 {
                let level =
                    generate_level(&config, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                check_level(&level, clearance, false)
                    .unwrap_or_else(|v| panic!("{config:?} seed {seed}: {v}"));
            }
        }
    }
}

#[test]
fn sizes_below_the_minimum_are_rejected() {
    for clearance in 1..=3 {
        let side = MazeConfig::min_side(clearance);
        let maze = MazeConfig {
            width: side - 1,
            stair_clearance: clearance,
            ..MazeConfig::default()
        };
        assert_eq!(maze.validate().unwrap_err().field, "width");
    }
    let cave = CaveConfig {
        width: 15,
        ..CaveConfig::default()
    };
    assert_eq!(cave.validate().unwrap_err().field, "width");
    let cyclic = CyclicConfig {
        height: 21,
        rooms: 4,
        ..CyclicConfig::default()
    };
    assert_eq!(cyclic.validate().unwrap_err().field, "height");
}

#[test]
fn levels_at_the_maximum_size_keep_every_guarantee() {
    let configs = [
        GeneratorConfig::Rooms(RoomsConfig {
            width: 4096,
            height: 4096,
            ..RoomsConfig::default()
        }),
        GeneratorConfig::Maze(MazeConfig {
            width: 4095,
            height: 4095,
            ..MazeConfig::default()
        }),
        GeneratorConfig::Cyclic(CyclicConfig {
            width: 400,
            height: 400,
            rooms: 16,
            ..CyclicConfig::default()
        }),
    ];
    for config in configs {
        let level = generate_level(&config, 1).unwrap();
        check_level(&level, config.stair_clearance(), false).unwrap();
    }
}

#[test]
fn a_room_level_too_small_for_its_cells_names_the_dimension_that_is_short() {
    let low = RoomsConfig {
        height: 12,
        cell_height: 12,
        ..RoomsConfig::default()
    };
    let error = low.validate().unwrap_err();
    assert_eq!(error.field, "cell_height", "{error}");
    assert!(error.rule.contains("height 12"), "{error}");
    let narrow = RoomsConfig {
        width: 16,
        cell_width: 16,
        ..RoomsConfig::default()
    };
    assert_eq!(narrow.validate().unwrap_err().field, "cell_width");
    let one_cell = RoomsConfig {
        width: 16,
        height: 14,
        cell_width: 13,
        cell_height: 12,
        ..RoomsConfig::default()
    };
    let error = one_cell.validate().unwrap_err();
    assert!(error.rule.contains("single cell"), "{error}");
}
