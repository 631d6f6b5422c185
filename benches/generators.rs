//! `cargo bench`: delve's generators, connectivity, co-primes and save scrambling on their
//! own. The side-by-side comparison with peer crates lives in `benches/peers/`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use delve_levels::analysis::regions::Regions;
use delve_levels::analysis::wall_bits::WallBits;
use delve_levels::generator::cave::automaton::step_plain;
use delve_levels::generator::{
    CaveConfig, GeneratorConfig, GeneratorKind, MazeConfig, generate_layout, generate_level,
};
use delve_levels::grid::{Grid, Tile};
use delve_levels::perm::ByteTable;
use delve_levels::rng::{Stream, StreamRng};

/// The allocator the `delve` binary uses (see `src/main.rs`), so that the two-thread
/// figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn random_walls(width: usize, height: usize, seed: u64) -> Grid<bool> {
    let mut rng = StreamRng::new(seed, Stream::Layout);
    let mut grid = Grid::new(width, height, true);
    for cell in grid.cells_mut() {
        *cell = rng.chance_percent(45);
    }
    grid
}

fn automaton(c: &mut Criterion) {
    let mut group = c.benchmark_group("cave_pass");
    for &(w, h) in &[(80usize, 50usize), (1000, 1000)] {
        let grid = random_walls(w, h, 1);
        let bits = WallBits::from_grid(&grid);
        group.throughput(Throughput::Elements((w * h) as u64));
        group.bench_with_input(
            BenchmarkId::new("bit_parallel", format!("{w}x{h}")),
            &bits,
            |b, bits| b.iter(|| black_box(bits.step())),
        );
        group.bench_with_input(
            BenchmarkId::new("plain", format!("{w}x{h}")),
            &grid,
            |b, grid| b.iter(|| black_box(step_plain(grid))),
        );
    }
    group.finish();
}

/// The terrain the `…_terrain` rows lay: what the built-in campaign's richest depth asks
/// for (three lakes of any kind, doors closed and secret, five traps).
const TERRAIN: delve_levels::generator::FeatureConfig = delve_levels::generator::FeatureConfig {
    lakes: 3,
    lake: delve_levels::generator::LakeKind::Any,
    closed_doors: 40,
    secret_doors: 15,
    traps: 5,
};

/// A whole level of each kind, without terrain, with [`TERRAIN`], and with three vaults
/// from the embedded set at depth 6: the feature layer's and the vault layer's costs are
/// the differences (each's budget: at most the layout's own).
fn levels(c: &mut Criterion) {
    let mut group = c.benchmark_group("level_80x50");
    for kind in GeneratorKind::ALL {
        let plain = kind.default_config();
        let mut featured = plain.clone();
        featured.set_features(TERRAIN);
        let mut vaulted = plain.clone();
        vaulted.set_vaults(3);
        for (name, config) in [
            (kind.name().to_owned(), plain),
            (format!("{}_terrain", kind.name()), featured),
            (format!("{}_vaults", kind.name()), vaulted),
        ] {
            let mut seed = 0u64;
            group.bench_function(name, |b| {
                b.iter(|| {
                    seed += 1;
                    let content = delve_levels::generator::Content::embedded(6, seed);
                    let generation = delve_levels::generator::Generation::CURRENT;
                    black_box(
                        delve_levels::generator::generate_level_from(
                            generation, &config, content, seed,
                        )
                        .expect("level"),
                    )
                })
            });
        }
    }
    group.finish();
}

/// The level measures against making the level: what `delve stats` adds per level.
fn level_measures(c: &mut Criterion) {
    use delve::measures::LevelMeasures;
    let mut group = c.benchmark_group("level_measures_80x50");
    for kind in GeneratorKind::ALL {
        let levels: Vec<_> = (0..64)
            .map(|seed| generate_level(&kind.default_config(), seed).expect("level"))
            .collect();
        let mut next = levels.iter().cycle();
        group.bench_function(kind.name(), |b| {
            b.iter(|| black_box(LevelMeasures::of_level(next.next().expect("cycles"))))
        });
    }
    group.finish();
}

/// `delve stats` levels per second (levels made, measured, checked; caves also make
/// their two raw layouts) on 1 and 2 threads: the target is ≥ 1.8× on two cores.
fn stats_levels_per_second(c: &mut Criterion) {
    use delve::stats::Survey;
    use delve_levels::key::LevelKey;
    const LEVELS: u64 = 256;
    let mut group = c.benchmark_group("stats_levels");
    group.throughput(Throughput::Elements(LEVELS));
    for kind in GeneratorKind::ALL {
        let base = LevelKey::new(kind.default_config(), 1, 1);
        for threads in [1usize, 2] {
            group.bench_with_input(
                BenchmarkId::new(kind.name(), format!("{threads}_threads")),
                &threads,
                |b, &threads| {
                    b.iter(|| {
                        black_box(Survey::run(&base, LEVELS, threads, &|| {}).expect("survey"))
                    })
                },
            );
        }
    }
    group.finish();
}

fn connectivity(c: &mut Criterion) {
    let config = GeneratorConfig::Cave(CaveConfig {
        width: 1000,
        height: 1000,
        ..CaveConfig::default()
    });
    let layout = generate_layout(&config, &mut StreamRng::new(3, Stream::Layout));
    let tiles: Grid<Tile> = layout.tiles;
    c.bench_function("regions_1000x1000", |b| {
        b.iter(|| black_box(Regions::of(&tiles)))
    });
}

/// The maps a monster turn needs: one map toward the player shared by every hunter, and
/// its safety map for the fleeing (issue 12's turn budget is a 16 ms frame).
fn dijkstra_maps(c: &mut Criterion) {
    use delve_levels::dijkstra::DijkstraMap;
    let mut group = c.benchmark_group("dijkstra_map");
    for (w, h) in [(80u32, 50u32), (200, 200)] {
        let config = GeneratorConfig::Cave(CaveConfig {
            width: w,
            height: h,
            ..CaveConfig::default()
        });
        let level = generate_level(&config, 5).expect("level");
        let player = level.up;
        group.bench_function(format!("toward_player_{w}x{h}"), |b| {
            b.iter(|| black_box(DijkstraMap::toward(&level.tiles, [player])))
        });
        let toward = DijkstraMap::toward(&level.tiles, [player]);
        group.bench_function(format!("safety_{w}x{h}"), |b| {
            b.iter(|| black_box(DijkstraMap::fleeing(&level.tiles, &toward, 120)))
        });
    }
    group.finish();
}

/// One whole player turn with monsters: the player waits, every monster acts (hunters
/// roll down the shared map of the player, the rest walk their waypoint maps; with
/// terrain, the bats on maps of their own), field of view. Issue 12's budget is a 16 ms
/// frame; issue 25's, a quarter of one with terrain.
fn monster_turn(c: &mut Criterion) {
    use delve_rules::run::{PlayerAction, RunState};
    let mut group = c.benchmark_group("monster_turn");
    let lakes = |lakes| delve_levels::generator::FeatureConfig {
        lakes,
        traps: 20,
        ..TERRAIN
    };
    for (w, h, count, terrain) in [
        (80u32, 50u32, 20usize, None),
        (200, 200, 200, None),
        (200, 200, 200, Some(lakes(12))),
    ] {
        let run = RunState::crowded_cave(w, h, count, terrain);
        let name = format!("{w}x{h}_{count}_monsters");
        let name = if terrain.is_some() {
            format!("{name}_terrain")
        } else {
            name
        };
        group.bench_function(name, |b| {
            b.iter_batched(
                || run.clone(),
                |mut run| black_box(run.apply(PlayerAction::Wait)),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

fn maze(c: &mut Criterion) {
    let config = GeneratorConfig::Maze(MazeConfig {
        width: 2001,
        height: 2001,
        ..MazeConfig::default()
    });
    let mut seed = 0u64;
    c.bench_function("maze_1000x1000_cells", |b| {
        b.iter(|| {
            seed += 1;
            black_box(generate_layout(
                &config,
                &mut StreamRng::new(seed, Stream::Layout),
            ))
        })
    });
}

fn coprimes(c: &mut Criterion) {
    use delve_levels::perm::gcd::{
        coprimes_by, coprimes_fast, gcd_modulus_u32, gcd_stein_u32, gcd_subtraction_u32,
    };
    let mut group = c.benchmark_group("coprimes_of_50000");
    group.bench_function("fast", |b| {
        b.iter(|| black_box(coprimes_fast(50_000, 2..50_000)))
    });
    group.bench_function("modulus", |b| {
        b.iter(|| black_box(coprimes_by(50_000, 2..50_000, gcd_modulus_u32)))
    });
    group.bench_function("subtraction", |b| {
        b.iter(|| black_box(coprimes_by(50_000, 2..50_000, gcd_subtraction_u32)))
    });
    group.bench_function("stein", |b| {
        b.iter(|| black_box(coprimes_by(50_000, 2..50_000, gcd_stein_u32)))
    });
    group.finish();
}

fn scrambling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scramble");
    let table = ByteTable::new(167, 91).expect("co-prime");
    for &size in &[64usize << 10, 64 << 20] {
        let mut data = vec![0u8; size];
        group.throughput(Throughput::Bytes(size as u64));
        group.bench_function(BenchmarkId::new("one_table", size), |b| {
            b.iter(|| table.encode_in_place(black_box(&mut data)))
        });
        let source = vec![7u8; size];
        group.bench_function(BenchmarkId::new("memcpy", size), |b| {
            b.iter(|| data.copy_from_slice(black_box(&source)))
        });
    }
    group.finish();
}

/// Entering a level in the game, as a player feels it: the key press becomes an action,
/// the level is generated, its monsters spawned and mirrored as entities, the tiles and
/// the field of view updated — through the headless `GamePlugin` (`R`, a fresh level of
/// the same depth and config, each time). For every depth of the built-in campaign, and
/// 200×200 levels of each kind; a frame is 16 ms.
fn enter_level(c: &mut Criterion) {
    use bevy_delve::game::headless::{headless_app, perform, settle};
    use bevy_delve::game::{PlayerAction, RunSettings};
    use delve_levels::config::CampaignConfig;
    use delve_levels::key::LevelKey;
    let campaign = CampaignConfig::builtin();
    let mut starts: Vec<(String, LevelKey)> = (1..=10u32)
        .map(|depth| {
            let config = campaign.config_at(depth).clone();
            let (w, h) = config.size();
            let name = format!("depth_{depth:02}_{}_{w}x{h}", config.kind());
            (name, LevelKey::new(config, depth, 1))
        })
        .collect();
    for kind in GeneratorKind::ALL {
        let side = if kind == GeneratorKind::Maze {
            199
        } else {
            200
        };
        let mut config = kind.default_config();
        config.set_size(Some(side), Some(side));
        starts.push((format!("{kind}_{side}x{side}"), LevelKey::new(config, 1, 1)));
    }
    let mut group = c.benchmark_group("enter_level");
    for (name, start) in starts {
        let mut app = headless_app(RunSettings {
            campaign: campaign.clone(),
            start: Some(start),
            resume: None,
            rules: delve_rules::run::Rules::Monsters,
            save_slot: delve_rules::records::slot::SaveSlot::file(
                std::env::temp_dir().join("delve-bench.sav"),
            ),
            record: bevy_delve::game::RecordTo::Nowhere,
            offer_to_continue: false,
            records: None,
            origin: Default::default(),
            title: None,
        });
        settle(&mut app);
        group.bench_function(name, |b| {
            b.iter(|| perform(&mut app, &[PlayerAction::Regenerate]))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = automaton, levels, level_measures, stats_levels_per_second, connectivity, dijkstra_maps, monster_turn, maze, coprimes, scrambling, enter_level
}
criterion_main!(benches);
