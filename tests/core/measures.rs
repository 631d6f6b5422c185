//! The level measures against plain references on small random maps — cycles by
//! edges − vertices + components and by the wall islands floor goes round, cut tiles by
//! blocking each tile in turn, steps on a cycle by removing each step in turn, the
//! longest walk by a walk from every tile, the stairs' chokepoints by blocking each tile
//! between them, hazard-free floor by looking round each tile — on whole levels of every
//! generator, and leniency and path redundancy on small maps drawn by hand.

use std::collections::VecDeque;

use delve::measures::{LevelMeasures, Measure};
use delve_levels::generator::maze::MazeConfig;
use delve_levels::generator::{
    GeneratorConfig, GeneratorKind, RoomsConfig, generate_layout, generate_level,
};
use delve_levels::grid::random_tiles;
use delve_levels::grid::{Grid, ORTHOGONAL, Pos, Tile};
use delve_levels::rng::{Stream, StreamRng};
use proptest::prelude::*;

use super::dead_ends::{dead_end_tiles, dead_ends_reported};

/// Walking distances from `from` over walkable tiles, skipping `blocked` tiles and the
/// step `cut` (either way round).
fn walk(tiles: &Grid<Tile>, from: Pos, blocked: Option<Pos>, cut: Option<(Pos, Pos)>) -> Vec<u32> {
    let mut distance = vec![u32::MAX; tiles.len()];
    if !tiles.is_walkable(from) || Some(from) == blocked {
        return distance;
    }
    distance[tiles.index_of(from)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for (dx, dy) in ORTHOGONAL {
            let to = at.offset(dx, dy);
            let is_cut = cut.is_some_and(|(a, b)| (a, b) == (at, to) || (b, a) == (at, to));
            if tiles.is_walkable(to)
                && Some(to) != blocked
                && !is_cut
                && distance[tiles.index_of(to)] == u32::MAX
            {
                distance[tiles.index_of(to)] = distance[tiles.index_of(at)] + 1;
                queue.push_back(to);
            }
        }
    }
    distance
}

/// Components of walkable tiles among `keep`.
fn components(tiles: &Grid<Tile>, keep: &[Pos], blocked: Option<Pos>) -> Vec<usize> {
    let mut seen = vec![false; tiles.len()];
    let mut sizes = Vec::new();
    for &p in keep {
        if Some(p) == blocked || seen[tiles.index_of(p)] {
            continue;
        }
        let d = walk(tiles, p, blocked, None);
        let mut size = 0;
        for (i, &v) in d.iter().enumerate() {
            if v != u32::MAX {
                seen[i] = true;
                size += 1;
            }
        }
        sizes.push(size);
    }
    sizes
}

/// Islands of wall that floor goes all the way round: 8-connected groups of non-walkable
/// tiles that touch neither the map's edge nor anything outside it.
fn enclosed_wall_islands(tiles: &Grid<Tile>) -> u32 {
    let mut seen = vec![false; tiles.len()];
    let mut islands = 0;
    for p in tiles.positions() {
        if tiles.is_walkable(p) || seen[tiles.index_of(p)] {
            continue;
        }
        seen[tiles.index_of(p)] = true;
        let mut queue = VecDeque::from([p]);
        let mut touches_edge = false;
        while let Some(at) = queue.pop_front() {
            touches_edge |= tiles.is_border(at);
            for q in tiles.neighbours8(at) {
                if !tiles.is_walkable(q) && !seen[tiles.index_of(q)] {
                    seen[tiles.index_of(q)] = true;
                    queue.push_back(q);
                }
            }
        }
        islands += !touches_edge as u32;
    }
    islands
}

fn first_floor(tiles: &Grid<Tile>) -> Option<Pos> {
    tiles.positions().find(|&p| tiles.is_walkable(p))
}

fn check_against_references(tiles: &Grid<Tile>) -> Result<(), TestCaseError> {
    let Some(start) = first_floor(tiles) else {
        return Ok(());
    };
    let exit = tiles
        .positions()
        .filter(|&p| tiles.is_walkable(p))
        .last()
        .unwrap();
    let m = LevelMeasures::of_tiles(tiles, start, exit, None);
    let floor: Vec<Pos> = tiles
        .positions()
        .filter(|&p| tiles.is_walkable(p))
        .collect();
    // Independent cycles: edges − vertices + components, and one per wall island or
    // 2×2 block of floor (Euler's formula for the plane).
    let edges = floor
        .iter()
        .flat_map(|&p| [p.offset(1, 0), p.offset(0, 1)].map(|q| tiles.is_walkable(q) as usize))
        .sum::<usize>();
    let comps = components(tiles, &floor, None).len();
    prop_assert_eq!(m.cycles as usize, edges + comps - floor.len());
    prop_assert_eq!(m.loops, enclosed_wall_islands(tiles));
    prop_assert_eq!(m.floor as usize, floor.len());
    // Reachable part, walks.
    let from_start = walk(tiles, start, None, None);
    let part: Vec<Pos> = floor
        .iter()
        .copied()
        .filter(|&p| from_start[tiles.index_of(p)] != u32::MAX)
        .collect();
    prop_assert_eq!(m.reachable as usize, part.len());
    let exit_distance = Some(from_start[tiles.index_of(exit)]).filter(|&d| d != u32::MAX);
    prop_assert_eq!(m.start_to_exit, exit_distance);
    let diameter = part
        .iter()
        .map(|&p| {
            walk(tiles, p, None, None)
                .into_iter()
                .filter(|&d| d != u32::MAX)
                .max()
                .unwrap()
        })
        .max()
        .unwrap();
    prop_assert_eq!(m.diameter, diameter);
    // Cut tiles: block each tile, count what is left of the part.
    let (mut chokepoints, mut largest_cut) = (0, 0);
    for &p in &part {
        let sizes = components(tiles, &part, Some(p));
        if sizes.len() > 1 {
            chokepoints += 1;
            let cut = part.len() - 1 - sizes.iter().max().unwrap();
            largest_cut = largest_cut.max(cut);
        }
    }
    prop_assert_eq!(m.chokepoints, chokepoints);
    prop_assert_eq!(m.largest_cut as usize, largest_cut);
    // On a cycle: some step from the tile can be removed and its ends still meet.
    let on_cycle = part
        .iter()
        .filter(|&&p| {
            tiles
                .neighbours4(p)
                .filter(|&q| tiles.is_walkable(q))
                .any(|q| walk(tiles, p, None, Some((p, q)))[tiles.index_of(q)] != u32::MAX)
        })
        .count();
    prop_assert_eq!(m.on_cycle as usize, on_cycle);
    let dead_ends = dead_end_tiles(tiles)
        .into_iter()
        .filter(|p| part.contains(p))
        .count();
    prop_assert_eq!(m.dead_ends as usize, dead_ends);
    // Stair chokepoints: block each tile between the stairs, see whether they still meet.
    let stair_chokepoints = exit_distance.map(|_| {
        part.iter()
            .filter(|&&p| p != start && p != exit)
            .filter(|&&p| walk(tiles, start, Some(p), None)[tiles.index_of(exit)] == u32::MAX)
            .count() as u32
    });
    prop_assert_eq!(m.stair_chokepoints, stair_chokepoints);
    // Hazard-free: no hazard among the eight neighbours.
    let hazard_free = part
        .iter()
        .filter(|&&p| tiles.neighbours8(p).all(|q| !tiles[q].is_hazard()))
        .count();
    prop_assert_eq!(m.hazard_free as usize, hazard_free);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn measures_match_plain_references_on_random_maps(
        width in 1usize..16,
        height in 1usize..14,
        wall_percent in 0u32..70,
        seed in any::<u64>(),
    ) {
        let mut rng = StreamRng::new(seed, Stream::Layout);
        check_against_references(&random_tiles(width, height, wall_percent, &mut rng))?;
    }
}

#[test]
fn measures_match_plain_references_on_small_levels_of_every_kind() {
    // Small levels of the kinds that have them; any other kind at its defaults.
    let small = [
        GeneratorConfig::Cave(delve_levels::generator::CaveConfig {
            width: 24,
            height: 16,
            ..Default::default()
        }),
        GeneratorConfig::Rooms(RoomsConfig {
            width: 40,
            height: 24,
            ..Default::default()
        }),
        GeneratorConfig::Maze(MazeConfig {
            width: 19,
            height: 19,
            braid_percent: 40,
            ..Default::default()
        }),
    ];
    for kind in GeneratorKind::ALL {
        let config = small
            .iter()
            .find(|c| c.kind() == kind)
            .cloned()
            .unwrap_or_else(|| kind.default_config());
        for seed in 0..4 {
            let Ok(level) = generate_level(&config, seed) else {
                continue;
            };
            check_against_references(&level.tiles).unwrap();
        }
    }
}

#[test]
fn a_perfect_maze_has_no_cycle_and_braiding_adds_loops() {
    for seed in 0..20 {
        let perfect = MazeConfig::default();
        let layout = generate_layout(
            &GeneratorConfig::Maze(perfect),
            &mut StreamRng::new(seed, Stream::Layout),
        );
        let m = LevelMeasures::of_tiles(&layout.tiles, Pos::new(1, 1), Pos::new(77, 47), None);
        assert_eq!((m.cycles, m.loops, m.on_cycle), (0, 0, 0));
        // In a tree every tile with two or more steps cuts the maze.
        assert_eq!(m.chokepoints, m.reachable - m.dead_ends);
        assert_eq!(m.dead_ends, dead_ends_reported(&layout));
        let braided = MazeConfig {
            braid_percent: 100,
            ..MazeConfig::default()
        };
        let layout = generate_layout(
            &GeneratorConfig::Maze(braided),
            &mut StreamRng::new(seed, Stream::Layout),
        );
        let b = LevelMeasures::of_tiles(&layout.tiles, Pos::new(1, 1), Pos::new(77, 47), None);
        assert_eq!(b.dead_ends, 0);
        assert_eq!(b.open_squares, 0, "braiding opens walls between cells only");
        assert!(b.loops > 100 && b.on_cycle > b.reachable / 2, "{b:?}");
        assert!(b.diameter < m.diameter, "loops shorten the longest walk");
    }
}

#[test]
fn every_measure_applies_where_it_should() {
    for kind in GeneratorKind::ALL {
        let level = generate_level(&kind.default_config(), 7).unwrap();
        let m = LevelMeasures::of_level(&level);
        for measure in Measure::ALL {
            let applies = measure.value(&m).is_some();
            assert_eq!(
                applies,
                measure != Measure::RoomShare || kind == GeneratorKind::Rooms,
                "{kind} {measure}"
            );
        }
        assert_eq!(m.reachable, m.floor, "{kind}: one region");
        assert_eq!(m.start_to_exit, Some(level.report.stair_distance));
        let linearity = m.linearity_permille().unwrap();
        assert!(linearity > 0 && linearity <= 1000);
        if let Some(share) = m.room_permille() {
            assert!(share > 300 && share < 1000, "{share}");
        }
    }
}

fn measures_of(map: &str) -> LevelMeasures {
    let tiles = Grid::parse_ascii(map).unwrap();
    let find = |tile| tiles.positions().find(|&p| tiles[p] == tile).unwrap();
    LevelMeasures::of_tiles(&tiles, find(Tile::UpStairs), find(Tile::DownStairs), None)
}

#[test]
fn leniency_is_the_share_of_floor_with_no_hazard_a_step_away() {
    // 14 walkable tiles; the trap has 5 of them among its eight neighbours.
    let m = measures_of(
        "#######\n\
         #<..a.#\n\
         #.....#\n\
         #....>#\n\
         #######",
    );
    assert_eq!((m.reachable, m.hazard_free), (14, 9));
    assert_eq!(m.leniency_permille(), 9000 / 14);
    assert_eq!(Measure::Leniency.value(&m), Some(642));
    // Deep water, lava and a chasm count as a trap does; with none, all is lenient.
    let m = measures_of(
        "#########\n\
         #<.~.%.:#\n\
         #.......#\n\
         #.......#\n\
         #......>#\n\
         #########",
    );
    // Rows 1 and 2 lie a step from a hazard but for their first tiles; rows 3 and 4 do
    // not.
    assert_eq!((m.reachable, m.hazard_free), (25, 2 + 14));
    let calm = measures_of("#####\n#<.>#\n#####");
    assert_eq!(calm.leniency_permille(), 1000);
}

#[test]
fn path_redundancy_is_the_share_of_the_stair_walk_with_a_way_round() {
    // The walk (8 steps) passes 7 tiles between the stairs; only the two where the ways
    // part and meet again cut the stairs apart.
    let m = measures_of(
        "#########\n\
         ##.....##\n\
         #<.#.#.>#\n\
         ##.....##\n\
         #########",
    );
    assert_eq!((m.start_to_exit, m.stair_chokepoints), (Some(8), Some(2)));
    assert_eq!(m.path_redundancy_permille(), Some(5000 / 7));
    // A corridor: every tile between the stairs cuts them apart.
    let corridor = measures_of("#######\n#<...>#\n#######");
    assert_eq!(corridor.stair_chokepoints, Some(3));
    assert_eq!(Measure::PathRedundancy.value(&corridor), Some(0));
    // Side by side: nothing between to block.
    let touching = measures_of("####\n#<>#\n####");
    assert_eq!(touching.path_redundancy_permille(), Some(1000));
    // Apart: no walk, no redundancy.
    let apart = measures_of("#####\n#<#>#\n#####");
    assert_eq!(
        (apart.stair_chokepoints, apart.path_redundancy_permille()),
        (None, None)
    );
}
