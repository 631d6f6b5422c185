//! Terrain: the feature layer's guarantees over every kind and many seeds (by the
//! independent checker, and by walks of their own), and the terrain's rules in the run
//! model — lava, chasms, doors, secret doors, traps, deep water, fliers.

use proptest::prelude::*;

use delve_levels::analysis::distances::{UNREACHABLE, walking_distances};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::features::MIN_BRIDGE_SPAN;
use delve_levels::generator::guarantees::check_level;
use delve_levels::generator::{
    FeatureConfig, GeneratorConfig, GeneratorKind, LakeKind, Level, generate_level,
};
use delve_levels::grid::{Grid, KING, Pos, Tile, Trap};
use delve_levels::monsters::Mind;
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::support::{alone_with, monster, notices, put_on_open_ground, said};

const LAKE_KINDS: [LakeKind; 4] = [
    LakeKind::Water,
    LakeKind::Lava,
    LakeKind::Chasm,
    LakeKind::Any,
];

/// The default config of `kind` with `features` on.
fn featured(kind: GeneratorKind, features: FeatureConfig) -> GeneratorConfig {
    let mut config = kind.default_config();
    config.set_features(features);
    config
}

/// The tiles a feature may lay.
fn is_feature(tile: Tile) -> bool {
    matches!(
        tile,
        Tile::ClosedDoor
            | Tile::SecretDoor
            | Tile::DeepWater
            | Tile::ShallowWater
            | Tile::Lava
            | Tile::Chasm
            | Tile::Bridge
    ) || tile.trap().is_some()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_kind_with_features_keeps_every_guarantee_and_its_stairs(
        kind in prop::sample::select(GeneratorKind::ALL.to_vec()),
        lakes in 0u32..8,
        lake in prop::sample::select(LAKE_KINDS.to_vec()),
        closed_doors in 0u32..=100,
        secret_doors in 0u32..=100,
        traps in 0u32..30,
        seed in any::<u64>(),
    ) {
        let features = FeatureConfig { lakes, lake, closed_doors, secret_doors, traps };
        let config = featured(kind, features);
        prop_assert!(config.validate().is_ok());
        let level = generate_level(&config, seed).expect("a level with features");
        let clearance = config.stair_clearance();
        if let Err(violation) = check_level(&level, clearance, false) {
            return Err(TestCaseError::fail(format!("{config:?} seed {seed}: {violation}")));
        }
        // The features lie over the same layout: the stairs where they were, and only
        // rock, floor and doorways turned into terrain.
        let plain = generate_level(&kind.default_config(), seed).unwrap();
        prop_assert_eq!((level.up, level.down), (plain.up, plain.down));
        for p in level.tiles.positions() {
            let (was, now) = (plain.tiles[p], level.tiles[p]);
            // A cyclic dungeon whose key room the secret doors cut off from the stairs
            // lays no key, and its lock stands as a closed door.
            let lock_given_up = kind == GeneratorKind::Cyclic
                && (was, now) == (Tile::LockedDoor, Tile::ClosedDoor);
            if was != now && was != Tile::Loot && now != Tile::Loot && !lock_given_up {
                prop_assert!(
                    is_feature(now) && matches!(was, Tile::Wall | Tile::Floor | Tile::Door),
                    "{:?} became {:?} at {}", was, now, p
                );
            }
        }
    }
}

/// Walking distance from `from` to `to` on foot.
fn walk(tiles: &Grid<Tile>, from: Pos, to: Pos) -> u32 {
    walking_distances(tiles, from)[tiles.index_of(to)]
}

#[test]
fn a_lake_never_cuts_dry_floor_off() {
    let mut lakes = 0;
    for kind in GeneratorKind::ALL {
        for seed in 0..40 {
            let features = FeatureConfig {
                lakes: 6,
                lake: LakeKind::Any,
                ..FeatureConfig::default()
            };
            let level = generate_level(&featured(kind, features), seed).unwrap();
            lakes += level.report.features.lakes;
            let reach = walking_distances(&level.tiles, level.up);
            for p in level.tiles.positions() {
                assert!(
                    !level.tiles[p].is_walkable() || reach[level.tiles.index_of(p)] != UNREACHABLE,
                    "{kind} seed {seed}: {p} is cut off"
                );
            }
        }
    }
    assert!(lakes > 200, "only {lakes} lakes laid");
}

#[test]
fn bridges_span_chasms_and_shorten_the_walk() {
    let mut bridges = 0;
    for seed in 0..200 {
        let features = FeatureConfig {
            lakes: 4,
            lake: LakeKind::Chasm,
            ..FeatureConfig::default()
        };
        let level = generate_level(&featured(GeneratorKind::Cave, features), seed).unwrap();
        let tiles = &level.tiles;
        for start in tiles.positions() {
            // Each bridge's first tile, from the west or the north.
            for (dx, dy) in [(1, 0), (0, 1)] {
                let before = start.offset(-dx, -dy);
                if tiles[start] != Tile::Bridge
                    || !tiles.is_walkable(before)
                    || tiles[before] == Tile::Bridge
                {
                    continue;
                }
                let mut end = start;
                while tiles[end] == Tile::Bridge {
                    end = end.offset(dx, dy);
                }
                // From ground to ground, over at least the shortest span the layer
                // builds (a bridge seen across, from beside it, is a tile wide).
                let span = (end.x - before.x + end.y - before.y) as u32;
                if !tiles.is_walkable(end) || span <= MIN_BRIDGE_SPAN as u32 {
                    continue;
                }
                bridges += 1;
                let across = walk(tiles, before, end);
                let mut without = tiles.clone();
                let mut at = start;
                while at != end {
                    without[at] = Tile::Chasm;
                    at = at.offset(dx, dy);
                }
                let round = walk(&without, before, end);
                assert!(
                    across < round,
                    "seed {seed}: bridge at {start}: {across} vs {round}"
                );
                // (Three times the span was the walk round when the bridge was built;
                // a bridge built after it may have shortened that walk since.)
            }
        }
    }
    assert!(bridges >= 20, "only {bridges} bridges");
}

#[test]
fn a_secret_doors_area_is_reachable_once_found_and_the_stairs_without_it() {
    let mut hidden = 0;
    for kind in [GeneratorKind::Rooms, GeneratorKind::Accretion] {
        for seed in 0..60 {
            let features = FeatureConfig {
                secret_doors: 100,
                ..FeatureConfig::default()
            };
            let level = generate_level(&featured(kind, features), seed).unwrap();
            let tiles = &level.tiles;
            assert_ne!(
                walk(tiles, level.up, level.down),
                UNREACHABLE,
                "{kind} {seed}"
            );
            let on_foot = walking_distances(tiles, level.up);
            let found = tiles.map(|t| {
                if t == Tile::SecretDoor {
                    Tile::ClosedDoor
                } else {
                    t
                }
            });
            let once_found = walking_distances(&found, level.up);
            for p in tiles.positions().filter(|&p| tiles[p].is_walkable()) {
                let i = tiles.index_of(p);
                assert_ne!(once_found[i], UNREACHABLE, "{kind} seed {seed}: {p}");
                hidden += u32::from(on_foot[i] == UNREACHABLE);
            }
            assert!(tiles.cells().iter().all(|&t| t.is_walkable()
                || !t.is_passable_once_found()
                || t == Tile::SecretDoor
                || t.trap().is_some()));
        }
    }
    assert!(hidden > 100, "secret doors hid only {hidden} tiles");
}

// ------------------------------------------------------------------ the run's rules

/// A run with monsters of a campaign whose first depth is `config`.
fn run_on(config: GeneratorConfig, seed: u64, rules: Rules) -> RunState {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign.depths = vec![config];
    RunState::start(campaign, None, rules)
        .expect("the run starts")
        .0
}

/// An open cave run, alone, with the player where every tile within 3 is floor.
fn open_ground(seed: u64) -> Option<RunState> {
    let mut run = alone_with(
        run_on(GeneratorKind::Cave.default_config(), seed, Rules::Monsters),
        None,
    );
    put_on_open_ground(&mut run, 3).then_some(run)
}

fn ring(center: Pos, radius: i32) -> impl Iterator<Item = Pos> {
    (-radius..=radius)
        .flat_map(move |dy| (-radius..=radius).map(move |dx| (dx, dy)))
        .filter(move |&(dx, dy)| dx.abs().max(dy.abs()) == radius)
        .map(move |(dx, dy)| center.offset(dx, dy))
}

#[test]
fn a_clear_headed_step_into_lava_is_refused_and_a_staggering_one_kills() {
    let mut run = open_ground(1).expect("open ground");
    let here = run.player();
    for p in ring(here, 1) {
        run.stage().lay(p, Tile::Lava);
    }
    let turns = run.turns();
    let outcomes = run.apply(PlayerAction::Move(1, 0));
    assert!(said(&outcomes, "That is lava"), "{:?}", notices(&outcomes));
    assert_eq!(
        (run.player(), run.turns()),
        (here, turns),
        "no step, no turn"
    );
    let turn = run.turns();
    run.stage().confuse_until(turn + 3);
    let outcomes = run.apply(PlayerAction::Move(1, 0));
    assert!(
        said(&outcomes, "burned to death in lava"),
        "{:?}",
        notices(&outcomes)
    );
    assert!(run.end().is_some());
}

#[test]
fn falling_into_a_chasm_lands_on_floor_of_the_next_depth_a_little_hurt() {
    for seed in 0..10 {
        let Some(mut run) = open_ground(seed) else {
            continue;
        };
        let here = run.player();
        run.stage().lay(here.offset(1, 0), Tile::Chasm);
        let (depth, hp) = (run.depth(), run.fight().hp);
        let outcomes = run.apply(PlayerAction::Move(1, 0));
        assert!(said(&outcomes, "fall"), "{:?}", notices(&outcomes));
        assert_eq!(run.depth(), depth + 1);
        assert_eq!(run.level().tile_at(run.player()), Some(Tile::Floor));
        let lost = hp - run.fight().hp;
        assert!((1..=4).contains(&lost) && run.fight().hp > 0, "lost {lost}");
        assert_eq!(run.broken_rule(), None);
    }
}

#[test]
fn a_peaceful_run_stops_at_the_edge_of_a_chasm() {
    let mut run = run_on(GeneratorKind::Cave.default_config(), 1, Rules::Peaceful);
    let here = run.player();
    let next = KING
        .iter()
        .map(|&(dx, dy)| (dx, dy))
        .find(|&(dx, dy)| run.level().level.tiles[here.offset(dx, dy)] == Tile::Floor)
        .unwrap();
    run.stage().lay(here.offset(next.0, next.1), Tile::Chasm);
    let outcomes = run.apply(PlayerAction::Move(next.0, next.1));
    assert!(
        said(&outcomes, "edge of the chasm"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!((run.player(), run.depth()), (here, 1));
}

#[test]
fn a_flier_crosses_a_chasm_that_stops_a_walker() {
    let mut tested = 0;
    for seed in 0..20 {
        let Some(mut run) = open_ground(seed) else {
            continue;
        };
        let here = run.player();
        // The player stands inside a ring of chasm two tiles out, on an island.
        let tiles = run.level().level.tiles.clone();
        let outside: Vec<Pos> = ring(here, 3).filter(|&p| tiles[p] == Tile::Floor).collect();
        if outside.len() < 2 {
            continue;
        }
        for p in ring(here, 2) {
            run.stage().lay(p, Tile::Chasm);
        }
        let mut bat = monster("cave bat", outside[0]);
        bat.id = 1;
        let mut kobold = monster("kobold", outside[outside.len() - 1]);
        kobold.id = 2;
        run.stage().add_monster(bat).add_monster(kobold);
        for i in 0..2 {
            run.stage().set_mind(i, Mind::Hunting(here));
        }
        let mut bat_came = false;
        for _ in 0..12 {
            run.apply(PlayerAction::Wait);
            let monsters = &run.level().monsters;
            for m in monsters {
                let d = m.pos.chebyshev(here);
                if m.id == 2 {
                    assert!(d >= 3, "seed {seed}: the kobold crossed the chasm to {d}");
                } else {
                    bat_came |= d <= 1;
                }
            }
            if run.end().is_some() {
                break;
            }
        }
        assert!(bat_came, "seed {seed}: the bat never crossed");
        tested += 1;
    }
    assert!(tested >= 3);
}

/// A run on a room dungeon with every doorway closed, `secret` percent of them secret.
fn doors_run(seed: u64, secret: u32) -> RunState {
    let features = FeatureConfig {
        closed_doors: 100,
        secret_doors: secret,
        ..FeatureConfig::default()
    };
    alone_with(
        run_on(
            featured(GeneratorKind::Rooms, features),
            seed,
            Rules::Monsters,
        ),
        None,
    )
}

/// A door of `tile` with floor on two opposite sides: (the door, a side, the far side).
fn door_between(run: &RunState, tile: Tile) -> Option<(Pos, Pos, Pos)> {
    let tiles = &run.level().level.tiles;
    let reach = walking_distances(tiles, run.player());
    tiles
        .positions()
        .filter(|&p| tiles[p] == tile)
        .find_map(|door| {
            [(1, 0), (0, 1), (-1, 0), (0, -1)]
                .into_iter()
                .find_map(|(dx, dy)| {
                    let (near, far) = (door.offset(-dx, -dy), door.offset(dx, dy));
                    let floor = |p: Pos| tiles.get(p) == Some(Tile::Floor);
                    (floor(near) && floor(far) && reach[tiles.index_of(near)] != UNREACHABLE)
                        .then_some((door, near, far))
                })
        })
}

#[test]
fn a_closed_door_blocks_sight_until_it_is_opened_and_stays_open() {
    let mut tested = 0;
    for seed in 0..10 {
        let mut run = doors_run(seed, 0);
        let Some((door, near, far)) = door_between(&run, Tile::ClosedDoor) else {
            continue;
        };
        run.stage().put_player(near);
        let beyond = far.offset(far.x - door.x, far.y - door.y);
        assert!(
            !run.level().in_view(far) && !run.level().in_view(beyond),
            "seed {seed}"
        );
        run.apply(PlayerAction::Move(door.x - near.x, door.y - near.y));
        assert_eq!(
            run.player(),
            door,
            "walking into a closed door opens it and steps in"
        );
        assert_eq!(run.level().tile_at(door), Some(Tile::Door));
        assert!(run.level().in_view(far));
        // Open for good: a save remembers it.
        let again = RunState::restore(run.snapshot()).unwrap();
        assert_eq!(again.level().tile_at(door), Some(Tile::Door));
        tested += 1;
    }
    assert!(tested >= 5);
}

#[test]
fn searching_finds_a_secret_door_which_then_opens_like_any_door() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = doors_run(seed, 100);
        let Some((door, near, _)) = door_between(&run, Tile::SecretDoor) else {
            continue;
        };
        run.stage().put_player(near);
        let (dx, dy) = (door.x - near.x, door.y - near.y);
        let bumped = run.apply(PlayerAction::Move(dx, dy));
        assert_eq!(
            run.player(),
            near,
            "a secret door is wall until found: {bumped:?}"
        );
        let outcomes = run.apply(PlayerAction::Search);
        assert!(
            said(&outcomes, "You find a secret door"),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!(run.level().tile_at(door), Some(Tile::ClosedDoor));
        assert!(run.level().has_found(door));
        run.apply(PlayerAction::Move(dx, dy));
        assert_eq!(run.player(), door);
        let again = RunState::restore(run.snapshot()).unwrap();
        assert_eq!(again.level().tile_at(door), Some(Tile::Door));
        tested += 1;
    }
    assert!(tested >= 5);
}

#[test]
fn a_trap_springs_whether_found_or_not() {
    for trap in Trap::ALL {
        let mut run = open_ground(2).expect("open ground");
        let here = run.player();
        let at = here.offset(1, 0);
        run.stage().lay(at, trap.tile());
        assert!(!run.level().has_found(at), "a trap lies hidden");
        let hp = run.fight().hp;
        let outcomes = run.apply(PlayerAction::Move(1, 0));
        let depth = run.depth();
        let lines = notices(&outcomes);
        match trap {
            Trap::Alarm => assert!(said(&outcomes, "alarm"), "{lines:?}"),
            Trap::Teleport => assert!(run.player().chebyshev(at) > 8, "{lines:?}"),
            Trap::Pit => assert_eq!(depth, 2, "{lines:?}"),
            Trap::Dart => assert!(run.fight().hp < hp, "{lines:?}"),
        }
        if trap == Trap::Pit || trap == Trap::Teleport {
            continue;
        }
        assert!(run.level().has_found(at));
        // Found, it springs again when stepped on.
        run.apply(PlayerAction::Move(-1, 0));
        let outcomes = run.apply(PlayerAction::Move(1, 0));
        assert_eq!(run.player(), at);
        assert!(!notices(&outcomes).is_empty(), "{trap:?} sprang again");
    }
}

#[test]
fn an_alarm_sets_every_monster_hunting() {
    let mut run = open_ground(3).expect("open ground");
    let here = run.player();
    let tiles = run.level().level.tiles.clone();
    let far = tiles
        .positions()
        .find(|&p| tiles[p] == Tile::Floor && p.chebyshev(here) > 15)
        .unwrap();
    run.stage()
        .add_monster(monster("giant slug", far))
        .lay(here.offset(1, 0), Tile::AlarmTrap);
    run.apply(PlayerAction::Move(1, 0));
    assert!(matches!(run.level().monsters[0].mind, Mind::Hunting(_)));
}

#[test]
fn deep_water_washes_away_what_is_carried_but_never_what_is_worn() {
    let mut run = open_ground(4).expect("open ground");
    let here = run.player();
    for p in ring(here, 1).chain([here]) {
        if p != here {
            run.stage().lay(p, Tile::DeepWater);
        }
    }
    let table = run.campaign().loot_table().clone();
    let potion = (0..table.items().len())
        .find(|&k| table.items()[k].name.contains("potion") || table.items()[k].glyph == '!')
        .unwrap();
    let armour = table.index_of("leather armour").unwrap();
    run.stage()
        .carry(vec![armour, potion, potion, potion, potion]);
    run.apply(PlayerAction::Use(0));
    assert_eq!(run.fight().armour.map(|a| a.kind), Some(armour));
    let mut lost = false;
    for turn in 0..40 {
        let step = if turn % 2 == 0 { (1, 0) } else { (-1, 0) };
        let outcomes = run.apply(PlayerAction::Move(step.0, step.1));
        lost |= said(&outcomes, "tears away");
        assert_eq!(run.broken_rule(), None);
    }
    assert!(lost);
    assert_eq!(
        run.fight().armour.map(|a| a.kind),
        Some(armour),
        "worn, it stays"
    );
    assert!(run.inventory().len() < 5);
}

#[test]
fn a_save_that_claims_to_have_found_what_does_not_hide_is_refused() {
    let mut run = doors_run(1, 0);
    run.apply(PlayerAction::Wait);
    let mut save = run.snapshot();
    let depth = save.depth;
    let level = save.levels.iter_mut().find(|l| l.depth == depth).unwrap();
    level.found.push(run.player());
    let error = RunState::restore(save).unwrap_err();
    assert!(error.contains("nothing hides"), "{error}");
}

/// The level of the built-in campaign's depth `depth` under run seed `seed`.
fn builtin_level(seed: u64, depth: u32) -> Level {
    let campaign = CampaignConfig::builtin();
    let config = campaign.depths[(depth as usize - 1).min(campaign.depths.len() - 1)].clone();
    delve_levels::key::LevelKey::new(config, depth, seed)
        .generate()
        .unwrap()
}

#[test]
fn the_builtin_campaign_lays_terrain_from_depth_two_on() {
    for seed in 0..5 {
        let first = builtin_level(seed, 1);
        assert!(first.tiles.cells().iter().all(|&t| !is_feature(t)));
        for depth in 2..=6 {
            let level = builtin_level(seed, depth);
            let report = &level.report.features;
            assert!(report.traps > 0, "seed {seed} depth {depth}: {report:?}");
        }
    }
}
