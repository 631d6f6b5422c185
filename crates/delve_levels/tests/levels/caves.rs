//! Cave levels, checked over many seeds: walls all round, one walkable region, stairs
//! with their clear radius far enough apart, the same bytes for the same seed, and the
//! bit-parallel automaton equal to the plain one. The checks here use their own plain
//! search, not the generator's region code, so they can catch its mistakes.

use std::collections::VecDeque;

use delve_levels::analysis::wall_bits::WallBits;
use delve_levels::generator::cave::POCKETS_BEFORE_REPAIR;
use delve_levels::generator::cave::automaton::step_plain;
use delve_levels::generator::guarantees::check_tiles;
use delve_levels::generator::{CaveConfig, GeneratorConfig, Level, PocketRepair, generate_level};
use delve_levels::grid::{Grid, ORTHOGONAL, Pos, Tile};
use delve_levels::rng::{Stream, StreamRng};
use proptest::prelude::*;

/// Walking distances from `from` by a plain breadth-first search (`u32::MAX`: unreachable).
fn plain_distances(tiles: &Grid<Tile>, from: Pos) -> Vec<u32> {
    let mut distance = vec![u32::MAX; tiles.len()];
    let mut queue = VecDeque::from([from]);
    distance[tiles.index_of(from)] = 0;
    while let Some(at) = queue.pop_front() {
        let next = distance[tiles.index_of(at)] + 1;
        for (dx, dy) in ORTHOGONAL {
            let to = at.offset(dx, dy);
            if tiles.is_walkable(to) && distance[tiles.index_of(to)] == u32::MAX {
                distance[tiles.index_of(to)] = next;
                queue.push_back(to);
            }
        }
    }
    distance
}

/// Sizes of the 4-connected walkable regions, by repeated plain searches.
fn plain_region_sizes(tiles: &Grid<Tile>) -> Vec<usize> {
    let mut seen = vec![false; tiles.len()];
    let mut sizes = Vec::new();
    for start in 0..tiles.len() {
        if seen[start] || !tiles.cells()[start].is_walkable() {
            continue;
        }
        let reached = plain_distances(tiles, tiles.pos_of(start));
        let mut size = 0;
        for (i, d) in reached.into_iter().enumerate() {
            if d != u32::MAX {
                seen[i] = true;
                size += 1;
            }
        }
        sizes.push(size);
    }
    sizes
}

fn cave_level(config: &CaveConfig, seed: u64) -> Level {
    generate_level(&GeneratorConfig::Cave(config.clone()), seed)
        .unwrap_or_else(|e| panic!("seed {seed}, {config:?}: {e}"))
}

/// The pockets the automaton left before they were repaired, as the level reports them.
fn pockets_before_repair(level: &Level) -> u32 {
    level
        .report
        .count(POCKETS_BEFORE_REPAIR)
        .expect("a cave counts its pockets")
}

/// Every guarantee of a cave level; `one_region` is false for `PocketRepair::Off`.
fn assert_cave_guarantees(level: &Level, config: &CaveConfig, seed: u64, one_region: bool) {
    let tiles = &level.tiles;
    let context = format!("seed {seed}, {}x{}", config.width, config.height);
    assert_eq!(
        (tiles.width(), tiles.height()),
        (config.width as usize, config.height as usize)
    );
    if let Err(violation) = check_tiles(tiles, !one_region) {
        panic!("{context}: {violation}");
    }
    assert_eq!(tiles[level.up], Tile::UpStairs, "{context}");
    assert_eq!(tiles[level.down], Tile::DownStairs, "{context}");
    let r = config.stair_clearance as i32;
    for stair in [level.up, level.down] {
        for (dx, dy) in (-r..=r).flat_map(|dy| (-r..=r).map(move |dx| (dx, dy))) {
            let near = stair.offset(dx, dy);
            assert!(
                tiles.is_walkable(near),
                "{context}: wall at {near} within {r} of stair {stair}"
            );
        }
    }
    let from_up = plain_distances(tiles, level.up);
    let distance = from_up[tiles.index_of(level.down)];
    assert_ne!(distance, u32::MAX, "{context}: down stairs unreachable");
    assert_eq!(distance, level.report.stair_distance, "{context}");
    let eccentricity = from_up
        .iter()
        .copied()
        .filter(|&d| d != u32::MAX)
        .max()
        .unwrap_or(0);
    assert!(
        distance * 2 >= eccentricity,
        "{context}: stairs {distance} apart, but the farthest tile is {eccentricity} from up"
    );
}

#[test]
fn caves_have_walled_borders_and_exactly_one_region_for_1000_seeds() {
    let config = CaveConfig::default();
    let mut pockets_repaired = 0;
    for seed in 0..1000 {
        let level = cave_level(&config, seed);
        assert_cave_guarantees(&level, &config, seed, true);
        pockets_repaired += pockets_before_repair(&level);
    }
    assert!(
        pockets_repaired > 0,
        "no seed needed a tunnel, so tunnelling went untested"
    );
}

#[test]
fn filled_caves_have_exactly_one_region_for_1000_seeds() {
    let config = CaveConfig {
        pocket_repair: PocketRepair::Fill,
        ..CaveConfig::default()
    };
    for seed in 0..1000 {
        assert_cave_guarantees(&cave_level(&config, seed), &config, seed, true);
    }
}

#[test]
fn unrepaired_caves_still_put_both_stairs_in_the_largest_region() {
    let config = CaveConfig {
        pocket_repair: PocketRepair::Off,
        ..CaveConfig::default()
    };
    let mut levels_with_pockets = 0;
    for seed in 0..300 {
        let level = cave_level(&config, seed);
        assert_cave_guarantees(&level, &config, seed, false);
        let sizes = plain_region_sizes(&level.tiles);
        let stairs_region = plain_distances(&level.tiles, level.up)
            .iter()
            .filter(|&&d| d != u32::MAX)
            .count();
        assert_eq!(Some(&stairs_region), sizes.iter().max(), "seed {seed}");
        levels_with_pockets += usize::from(sizes.len() > 1);
    }
    assert!(
        levels_with_pockets > 0,
        "no seed kept a pocket, so the main-region rule went untested"
    );
}

#[test]
fn small_caves_keep_every_guarantee_for_every_clearance() {
    for stair_clearance in 1..=3 {
        for pocket_repair in [PocketRepair::Tunnel, PocketRepair::Fill] {
            let config = CaveConfig {
                width: 16,
                height: 12,
                stair_clearance,
                pocket_repair,
                ..CaveConfig::default()
            };
            for seed in 0..300 {
                assert_cave_guarantees(&cave_level(&config, seed), &config, seed, true);
            }
        }
    }
}

#[test]
fn extreme_cave_configs_still_make_valid_levels() {
    let base = CaveConfig {
        width: 40,
        height: 24,
        ..CaveConfig::default()
    };
    let configs = [
        CaveConfig {
            wall_percent: 0,
            ..base.clone()
        },
        CaveConfig {
            wall_percent: 100,
            ..base.clone()
        },
        CaveConfig {
            wall_percent: 100,
            blanking_height: 0,
            stair_clearance: 3,
            ..base.clone()
        },
        CaveConfig {
            wall_percent: 62,
            blanking_height: 0,
            ..base.clone()
        },
        CaveConfig {
            passes: 0,
            ..base.clone()
        },
        CaveConfig {
            passes: 20,
            blanking_height: 22,
            ..base.clone()
        },
        CaveConfig {
            width: 16,
            height: 12,
            wall_percent: 55,
            stair_clearance: 3,
            ..base.clone()
        },
    ];
    for config in &configs {
        for seed in 0..40 {
            assert_cave_guarantees(&cave_level(config, seed), config, seed, true);
        }
    }
}

#[test]
fn large_caves_keep_every_guarantee() {
    let config = CaveConfig {
        width: 500,
        height: 300,
        ..CaveConfig::default()
    };
    for seed in 0..4 {
        assert_cave_guarantees(&cave_level(&config, seed), &config, seed, true);
    }
}

#[test]
fn the_largest_cave_keeps_every_guarantee() {
    let config = CaveConfig {
        width: 4096,
        height: 4096,
        ..CaveConfig::default()
    };
    assert_cave_guarantees(&cave_level(&config, 4096), &config, 4096, true);
}

#[test]
fn same_seed_gives_the_same_cave_bytes() {
    for config in [
        CaveConfig::default(),
        CaveConfig {
            width: 16,
            height: 12,
            stair_clearance: 3,
            ..CaveConfig::default()
        },
        CaveConfig {
            width: 300,
            height: 200,
            pocket_repair: PocketRepair::Fill,
            ..CaveConfig::default()
        },
    ] {
        for seed in [0, 1, 42, u64::MAX] {
            let (a, b) = (cave_level(&config, seed), cave_level(&config, seed));
            assert_eq!(a.tiles.to_ascii(), b.tiles.to_ascii(), "seed {seed}");
            assert_eq!(a, b, "seed {seed}");
        }
    }
    assert_ne!(
        cave_level(&CaveConfig::default(), 1).tiles,
        cave_level(&CaveConfig::default(), 2).tiles
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bit_parallel_automaton_equals_plain(
        width in 1usize..200,
        height in 1usize..40,
        wall_percent in 0u32..=100,
        passes in 1u32..8,
        seed in any::<u64>(),
    ) {
        let mut rng = StreamRng::new(seed, Stream::Layout);
        let cells = (0..width * height).map(|_| rng.chance_percent(wall_percent)).collect();
        let mut plain = Grid::from_cells(width, height, cells).expect("cell count matches");
        let mut bits = WallBits::from_grid(&plain);
        for _ in 0..passes {
            plain = step_plain(&plain);
            bits = bits.step();
            prop_assert_eq!(bits.to_grid(), plain.clone());
        }
    }
}

#[test]
fn the_watched_stages_are_the_generators_own() {
    use delve_levels::generator::{GeneratorConfig, cave_stages, generate_level};
    let config = delve_levels::generator::CaveConfig::default();
    let mut compared = 0;
    for seed in 0..60u64 {
        let level = generate_level(&GeneratorConfig::Cave(config.clone()), seed).unwrap();
        if pockets_before_repair(&level) != 0 {
            continue;
        }
        let stages = cave_stages(&config, seed, level.report.retries);
        assert_eq!(stages.len(), config.passes as usize + 1);
        let last = stages.last().unwrap();
        let tiles = &level.tiles;
        for p in tiles.positions().filter(|&p| !tiles.is_border(p)) {
            assert_eq!(last[p], tiles[p].is_wall(), "seed {seed} at {p}");
        }
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} caves without pockets");
}

/// The seed text's `MakeCaverns`, transcribed as written (C# `Map[column,row]`, 1 = wall):
/// the map is updated in place, row by row, each cell counting its neighbours as they are
/// at that moment, out of bounds counting as wall.
struct SeedMap {
    map: Vec<Vec<i32>>,
    map_width: i32,
    map_height: i32,
}

impl SeedMap {
    // The loop bounds as the C# writes them (`row <= MapHeight-1`).
    #[allow(clippy::int_plus_one)]
    fn make_caverns(&mut self) {
        let mut row = 0;
        while row <= self.map_height - 1 {
            let mut column = 0;
            while column <= self.map_width - 1 {
                self.map[column as usize][row as usize] = self.place_wall_logic(column, row);
                column += 1;
            }
            row += 1;
        }
    }

    fn place_wall_logic(&self, x: i32, y: i32) -> i32 {
        let num_walls = self.get_adjacent_walls(x, y, 1, 1);
        if self.map[x as usize][y as usize] == 1 {
            if num_walls >= 4 {
                return 1;
            }
            return 0;
        } else if num_walls >= 5 {
            return 1;
        }
        0
    }

    fn get_adjacent_walls(&self, x: i32, y: i32, scope_x: i32, scope_y: i32) -> i32 {
        let mut wall_counter = 0;
        for i_y in y - scope_y..=y + scope_y {
            for i_x in x - scope_x..=x + scope_x {
                if !(i_x == x && i_y == y) && self.is_wall(i_x, i_y) {
                    wall_counter += 1;
                }
            }
        }
        wall_counter
    }

    fn is_wall(&self, x: i32, y: i32) -> bool {
        if self.is_out_of_bounds(x, y) {
            return true;
        }
        self.map[x as usize][y as usize] == 1
    }

    fn is_out_of_bounds(&self, x: i32, y: i32) -> bool {
        x < 0 || y < 0 || x > self.map_width - 1 || y > self.map_height - 1
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_in_place_rule_is_the_seed_texts_loop(
        width in 1usize..120,
        height in 1usize..40,
        wall_percent in 0u32..=100,
        passes in 1u32..7,
        seed in any::<u64>(),
    ) {
        use delve_levels::generator::cave::automaton::steps_in_place;
        let mut rng = StreamRng::new(seed, Stream::Layout);
        let cells: Vec<bool> = (0..width * height).map(|_| rng.chance_percent(wall_percent)).collect();
        let mut seed_map = SeedMap {
            map: (0..width)
                .map(|x| (0..height).map(|y| cells[y * width + x] as i32).collect())
                .collect(),
            map_width: width as i32,
            map_height: height as i32,
        };
        let mut bits = WallBits::from_grid(&Grid::from_cells(width, height, cells).unwrap());
        for _ in 0..passes {
            seed_map.make_caverns();
            bits = steps_in_place(&bits, 1);
            for y in 0..height {
                for x in 0..width {
                    prop_assert_eq!(bits.get(x, y), seed_map.map[x][y] == 1, "({}, {})", x, y);
                }
            }
        }
        // Several passes at once are the same as one at a time.
        let start = WallBits::from_grid(&Grid::from_cells(width, height,
            (0..width * height).map(|i| seed_map.map[i % width][i / width] == 1).collect()).unwrap());
        prop_assert_eq!(steps_in_place(&start, 3).to_grid(),
            steps_in_place(&steps_in_place(&steps_in_place(&start, 1), 1), 1).to_grid());
    }
}

#[test]
fn in_place_caves_keep_every_guarantee_and_differ_from_synchronous_ones() {
    use delve_levels::generator::CaveRule;
    let in_place = CaveConfig {
        rule: CaveRule::InPlace,
        ..CaveConfig::default()
    };
    let mut differ = 0;
    for seed in 0..300 {
        let level = cave_level(&in_place, seed);
        assert_cave_guarantees(&level, &in_place, seed, true);
        differ += (level.tiles != cave_level(&CaveConfig::default(), seed).tiles) as u32;
    }
    assert_eq!(differ, 300, "the rule should change every cave");
    // The stages a watcher sees follow the rule too.
    let level = cave_level(&in_place, 5);
    let stages = delve_levels::generator::cave_stages(&in_place, 5, level.report.retries);
    assert_eq!(stages.len(), in_place.passes as usize + 1);
    assert_ne!(
        stages.last(),
        delve_levels::generator::cave_stages(&CaveConfig::default(), 5, 0).last()
    );
}

#[test]
fn the_rule_is_left_out_of_keys_and_ron_while_it_is_the_default() {
    use delve_levels::generator::CaveRule;
    use delve_levels::key::LevelKey;
    let default = LevelKey::new(GeneratorConfig::Cave(CaveConfig::default()), 1, 42);
    assert_eq!(default.encode(), "300J-M0");
    assert!(
        !ron::to_string(&CaveConfig::default())
            .unwrap()
            .contains("rule")
    );
    let in_place = CaveConfig {
        rule: CaveRule::InPlace,
        ..CaveConfig::default()
    };
    assert!(ron::to_string(&in_place).unwrap().contains("rule:InPlace"));
    let key = LevelKey::new(GeneratorConfig::Cave(in_place), 1, 42);
    assert_ne!(key.encode(), default.encode());
    assert_eq!(LevelKey::decode(&key.encode()).unwrap(), key);
    let parsed: CaveConfig = ron::from_str("(rule: InPlace, passes: 5)").unwrap();
    assert_eq!((parsed.rule, parsed.passes), (CaveRule::InPlace, 5));
}
