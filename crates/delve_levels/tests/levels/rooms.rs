//! Room dungeon layouts (before stairs) hold their guarantees over many seeds and configs:
//! walls all round, one walkable region, a connected room graph of rooms − 1 + cycles
//! connections (a tree without cycles), rooms inside their cells, and corridors that only
//! join the two rooms they were made for.

use std::collections::VecDeque;

use delve_levels::generator::guarantees::check_tiles;
use delve_levels::generator::rooms::CYCLES_ADDED;
use delve_levels::generator::{
    Generator, GeneratorConfig, Layout, RoomGraph, RoomsConfig, generate_layout,
};
use delve_levels::grid::{ORTHOGONAL, Pos, Tile};
use delve_levels::rng::{Stream, StreamRng};

const NO_ROOM: u32 = u32::MAX;

fn layout(config: &RoomsConfig, seed: u64) -> Layout {
    assert_eq!(
        config.validate(),
        Ok(()),
        "test config must be valid: {config:?}"
    );
    generate_layout(
        &GeneratorConfig::Rooms(config.clone()),
        &mut StreamRng::new(seed, Stream::Layout),
    )
}

fn graph(layout: &Layout) -> &RoomGraph {
    layout
        .rooms
        .as_ref()
        .expect("a rooms layout has a room graph")
}

/// Whether the connections join every room (union–find free: BFS over the graph).
fn graph_is_connected(graph: &RoomGraph) -> bool {
    let n = graph.rooms.len();
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in &graph.connections {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(r) = stack.pop() {
        for &s in &adjacent[r] {
            if !std::mem::replace(&mut seen[s], true) {
                stack.push(s);
            }
        }
    }
    seen.iter().all(|&s| s)
}

fn degrees(graph: &RoomGraph) -> Vec<usize> {
    let mut degree = vec![0; graph.rooms.len()];
    for &(a, b) in &graph.connections {
        degree[a] += 1;
        degree[b] += 1;
    }
    degree
}

/// Every guarantee of a rooms layout; panics with the seed and the reason.
fn check_rooms_layout(config: &RoomsConfig, seed: u64, layout: &Layout) {
    let tiles = &layout.tiles;
    let graph = graph(layout);
    let ctx = format!("seed {seed}, config {config:?}");
    assert_eq!(
        (tiles.width(), tiles.height()),
        (config.width as usize, config.height as usize),
        "{ctx}"
    );
    if let Err(violation) = check_tiles(tiles, false) {
        panic!("{violation}: {ctx}");
    }

    // Room count: every cell but the reserved ones, at least two.
    let (cols, rows) = (
        (config.width - 1) / config.cell_width,
        (config.height - 1) / config.cell_height,
    );
    let cells = (cols * rows) as usize;
    let reserved = (cells * config.empty_percent as usize / 100).min(cells - 2);
    assert_eq!(graph.rooms.len(), cells - reserved, "{ctx}");

    // The graph: a spanning tree plus the cycles, between grid-adjacent rooms only.
    assert_eq!(
        graph.connections.len(),
        graph.rooms.len() - 1 + graph.cycles_added,
        "{ctx}"
    );
    assert_eq!(
        layout.report.count(CYCLES_ADDED).unwrap() as usize,
        graph.cycles_added,
        "{ctx}"
    );
    assert!(graph_is_connected(graph), "room graph not connected: {ctx}");
    let mut pairs: Vec<(usize, usize)> = graph
        .connections
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(
        pairs.len(),
        graph.connections.len(),
        "a pair is joined twice: {ctx}"
    );
    for &(a, b) in &graph.connections {
        let (ra, rb) = (graph.rooms[a], graph.rooms[b]);
        assert_eq!(
            (ra.cell_x - rb.cell_x).abs() + (ra.cell_y - rb.cell_y).abs(),
            1,
            "{ctx}"
        );
    }
    let degree = degrees(graph);
    let dead_ends = degree.iter().filter(|&&d| d == 1).count();
    assert_eq!(
        super::mazes::dead_ends_reported(layout) as usize,
        dead_ends,
        "{ctx}"
    );

    // Rooms: inside their cells with a margin, sizes in bounds, floor inside.
    let mut room_at = vec![NO_ROOM; tiles.len()];
    for (i, room) in graph.rooms.iter().enumerate() {
        assert!(
            room.width >= config.min_room as i32 && room.width <= config.cell_width as i32 - 2,
            "{ctx}"
        );
        assert!(
            room.height >= config.min_room as i32 && room.height <= config.cell_height as i32 - 2,
            "{ctx}"
        );
        for y in room.y..room.y + room.height {
            for x in room.x..room.x + room.width {
                let p = Pos::new(x, y);
                assert_eq!(tiles[p], Tile::Floor, "room {i} tile {p}: {ctx}");
                assert_eq!(
                    room_at[tiles.index_of(p)],
                    NO_ROOM,
                    "rooms overlap at {p}: {ctx}"
                );
                room_at[tiles.index_of(p)] = i as u32;
            }
        }
    }

    // Corridors: each 4-connected piece of non-room walkable ground touches exactly the
    // two rooms of one connection, through exactly two doors — or, where the two rooms
    // are two tiles apart (a shared wall), is those two tiles with one door; so corridors
    // never cut through or run into another room or another corridor.
    let mut seen = vec![false; tiles.len()];
    let mut corridor_pairs = Vec::new();
    let mut doors_expected = 0;
    for start in 0..tiles.len() {
        if seen[start] || room_at[start] != NO_ROOM || !tiles.cells()[start].is_walkable() {
            continue;
        }
        seen[start] = true;
        let mut touched = Vec::new();
        let mut piece = vec![tiles.pos_of(start)];
        let mut touching = Vec::new();
        let mut queue = VecDeque::from([tiles.pos_of(start)]);
        while let Some(p) = queue.pop_front() {
            for (dx, dy) in ORTHOGONAL {
                let q = p.offset(dx, dy);
                if !tiles.is_walkable(q) {
                    continue;
                }
                let qi = tiles.index_of(q);
                if room_at[qi] != NO_ROOM {
                    touching.push(p);
                    touched.push(room_at[qi] as usize);
                } else if !std::mem::replace(&mut seen[qi], true) {
                    piece.push(q);
                    queue.push_back(q);
                }
            }
        }
        let doors = piece.iter().filter(|&&p| tiles[p] == Tile::Door).count();
        let shared_wall = piece.len() == 2 && doors == 1;
        doors_expected += if shared_wall { 1 } else { 2 };
        if !shared_wall {
            for p in touching {
                assert_eq!(
                    tiles[p],
                    Tile::Door,
                    "corridor tile {p} touches a room without a door: {ctx}"
                );
            }
        }
        assert_eq!(
            doors,
            if shared_wall { 1 } else { 2 },
            "doors of a corridor: {ctx}"
        );
        touched.sort_unstable();
        assert_eq!(
            touched.len(),
            2,
            "a corridor touches rooms {touched:?}: {ctx}"
        );
        corridor_pairs.push((touched[0], touched[1]));
    }
    corridor_pairs.sort_unstable();
    assert_eq!(
        corridor_pairs, pairs,
        "corridors do not match the connections: {ctx}"
    );
    assert_eq!(tiles.count(Tile::Door), doors_expected, "{ctx}");
}

/// `fixTree` adds `dead ends * cycle_percent / 100` cycles unless it runs out of dead ends
/// with an unconnected neighbour. The first dead-end count is not reported, so check the
/// bounds it implies.
fn check_cycles_plausible(config: &RoomsConfig, layout: &Layout) {
    let graph = graph(layout);
    let degree = degrees(graph);
    let final_dead_ends: Vec<usize> = (0..degree.len()).filter(|&r| degree[r] == 1).collect();
    let added = graph.cycles_added;
    let percent = config.cycle_percent as usize;
    // Each cycle takes at most two rooms out of the dead ends.
    assert!(
        added <= (final_dead_ends.len() + 2 * added) * percent / 100,
        "more cycles than the target"
    );
    if added < final_dead_ends.len() * percent / 100 {
        // Fell short of the target: every remaining dead end was tried and had no
        // unconnected neighbour, i.e. it has a single adjacent room.
        let cells: Vec<(i32, i32)> = graph.rooms.iter().map(|r| (r.cell_x, r.cell_y)).collect();
        for &r in &final_dead_ends {
            let (x, y) = cells[r];
            let adjacent = cells
                .iter()
                .filter(|&&(cx, cy)| (cx - x).abs() + (cy - y).abs() == 1)
                .count();
            assert_eq!(
                adjacent, 1,
                "dead end {r} had an unconnected neighbour left"
            );
        }
    }
}

fn minimum_config() -> RoomsConfig {
    RoomsConfig {
        width: 16,
        height: 12,
        cell_width: 6,
        cell_height: 6,
        min_room: 3,
        ..RoomsConfig::default()
    }
}

#[test]
fn default_rooms_layouts_hold_every_guarantee_for_1000_seeds() {
    let config = RoomsConfig::default();
    let mut cycles = 0;
    for seed in 0..1000 {
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        check_cycles_plausible(&config, &layout);
        cycles += graph(&layout).cycles_added;
    }
    assert!(
        cycles > 500,
        "cycle_percent 50 should add cycles, got {cycles} in 1000 levels"
    );
}

#[test]
fn rooms_graph_is_a_tree_without_cycles_for_500_seeds() {
    let config = RoomsConfig {
        cycle_percent: 0,
        ..RoomsConfig::default()
    };
    for seed in 0..500 {
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        assert_eq!(graph(&layout).cycles_added, 0);
        assert_eq!(
            graph(&layout).connections.len(),
            graph(&layout).rooms.len() - 1
        );
    }
}

#[test]
fn full_cycle_percent_adds_cycles_to_every_dead_end_that_can_take_one_for_300_seeds() {
    let config = RoomsConfig {
        cycle_percent: 100,
        empty_percent: 0,
        ..RoomsConfig::default()
    };
    for seed in 0..300 {
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        check_cycles_plausible(&config, &layout);
        // With no empty cell every room has two or more neighbours, so no dead end is left.
        assert_eq!(super::mazes::dead_ends_reported(&layout), 0, "seed {seed}");
    }
}

#[test]
fn minimum_size_rooms_layouts_hold_every_guarantee_for_500_seeds() {
    let configs = [
        minimum_config(),
        RoomsConfig {
            min_room: 4,
            empty_percent: 90,
            cycle_percent: 100,
            ..minimum_config()
        },
        // One column of two cells.
        RoomsConfig {
            height: 13,
            cell_width: 15,
            ..minimum_config()
        },
    ];
    for config in &configs {
        for seed in 0..500 {
            let layout = layout(config, seed);
            check_rooms_layout(config, seed, &layout);
            assert_eq!(graph(&layout).rooms.len(), 2);
        }
    }
}

#[test]
fn ninety_percent_empty_keeps_the_rooms_connected_for_300_seeds() {
    let config = RoomsConfig {
        width: 200,
        height: 120,
        cell_width: 8,
        cell_height: 7,
        min_room: 3,
        empty_percent: 90,
        ..RoomsConfig::default()
    };
    for seed in 0..300 {
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        check_cycles_plausible(&config, &layout);
    }
}

#[test]
fn random_valid_configs_hold_every_guarantee_for_400_configs() {
    let mut pick = StreamRng::new(0x00C0_FFEE, Stream::Cosmetic);
    let mut tested = 0;
    while tested < 400 {
        let cell_width = pick.range_inclusive(6, 64) as u32;
        let cell_height = pick.range_inclusive(6, 64) as u32;
        let config = RoomsConfig {
            width: pick.range_inclusive(16, 400) as u32,
            height: pick.range_inclusive(12, 300) as u32,
            cell_width,
            cell_height,
            empty_percent: pick.range_inclusive(0, 90) as u32,
            min_room: pick.range_inclusive(3, cell_width.min(cell_height) as i32 - 2) as u32,
            cycle_percent: pick.range_inclusive(0, 100) as u32,
            ..RoomsConfig::default()
        };
        if config.validate().is_err() {
            continue;
        }
        let seed = pick.next_u64();
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        check_cycles_plausible(&config, &layout);
        tested += 1;
    }
}

#[test]
fn largest_cells_and_largest_rooms_hold_every_guarantee() {
    let config = RoomsConfig {
        width: 1000,
        height: 700,
        cell_width: 64,
        cell_height: 64,
        min_room: 62,
        ..RoomsConfig::default()
    };
    for seed in 0..5 {
        check_rooms_layout(&config, seed, &layout(&config, seed));
    }
}

#[test]
fn maximum_size_rooms_layout_holds_every_guarantee() {
    for (seed, empty_percent) in [(1, 20), (2, 90)] {
        let config = RoomsConfig {
            width: 4096,
            height: 4096,
            cell_width: 6,
            cell_height: 6,
            min_room: 3,
            empty_percent,
            ..RoomsConfig::default()
        };
        let layout = layout(&config, seed);
        check_rooms_layout(&config, seed, &layout);
        check_cycles_plausible(&config, &layout);
    }
}

#[test]
fn same_seed_gives_the_same_rooms_layout() {
    let config = RoomsConfig::default();
    for seed in [0, 7, u64::MAX] {
        let (a, b) = (layout(&config, seed), layout(&config, seed));
        assert_eq!(a.tiles, b.tiles);
        assert_eq!(a.rooms, b.rooms);
        assert_eq!(a.report, b.report);
    }
    assert_ne!(layout(&config, 1).tiles, layout(&config, 2).tiles);
}

#[test]
fn no_two_doors_stand_back_to_back() {
    // Rooms two tiles apart share a wall: one door through it, never `++`.
    for seed in 0..600 {
        let config = if seed % 2 == 0 {
            RoomsConfig::default()
        } else {
            RoomsConfig {
                cell_width: 8,
                cell_height: 8,
                min_room: 3,
                cycle_percent: 100,
                ..RoomsConfig::default()
            }
        };
        let layout = layout(&config, seed);
        let tiles = &layout.tiles;
        for pos in tiles.positions().filter(|&p| tiles[p] == Tile::Door) {
            for (dx, dy) in ORTHOGONAL {
                assert_ne!(
                    tiles.get(pos.offset(dx, dy)),
                    Some(Tile::Door),
                    "seed {seed}: doors back to back at {pos}\n{}",
                    tiles.to_ascii()
                );
            }
        }
    }
}
