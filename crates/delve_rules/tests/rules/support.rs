//! The helpers the core tests share: runs started on a seed, walking to a place, what
//! outcomes said, monsters put where a test wants them, and the action letters of a
//! path. (The path finder and the temporary folder are shared with the game's tests,
//! in `tests/support/`.)

use delve_levels::config::CampaignConfig;
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::{Mind, Monster, default_monster_table};
use delve_levels::rng::StreamRng;
use delve_rules::run::{Outcome, PlayerAction, Rules, RunState};

/// The built-in campaign under run seed `seed`.
pub fn campaign(seed: u64) -> CampaignConfig {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    campaign
}

/// The built-in campaign's run of `seed`, without monsters.
pub fn peaceful(seed: u64) -> RunState {
    start(seed, Rules::Peaceful)
}

/// The built-in campaign's run of `seed`, with monsters.
pub fn with_monsters(seed: u64) -> RunState {
    start(seed, Rules::Monsters)
}

/// [`with_monsters`], but no monster ever arrives on a level (the campaign's
/// `arrivals: 0`): for tests that stage who stands where and then play long.
pub fn with_monsters_staying(seed: u64) -> RunState {
    let mut campaign = campaign(seed);
    campaign.arrivals = Some(0);
    RunState::start(campaign, None, Rules::Monsters)
        .expect("the run starts")
        .0
}

fn start(seed: u64, rules: Rules) -> RunState {
    RunState::start(campaign(seed), None, rules)
        .expect("the run starts")
        .0
}

/// Walks the player of `run` to `to` (orthogonal steps, by the shared path finder).
pub fn walk_to(run: &mut RunState, to: Pos) {
    for step in super::paths::walk(&run.level().level.tiles, run.player(), to) {
        run.apply(step);
    }
    assert_eq!(run.player(), to, "walked to {to}");
}

/// The lines for the player among `outcomes`, their keys named as the default keymap
/// binds them (as the screen shows them).
pub fn notices(outcomes: &[Outcome]) -> Vec<String> {
    let keymap = delve_rules::view::Keymap::default();
    outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Notice(text) => Some(keymap.with_keys_named(text)),
            _ => None,
        })
        .collect()
}

/// Whether a line for the player among `outcomes` contains `text`.
pub fn said(outcomes: &[Outcome], text: &str) -> bool {
    notices(outcomes).iter().any(|line| line.contains(text))
}

/// The monster table's index of the kind called `name`.
pub fn monster_kind(name: &str) -> usize {
    default_monster_table()
        .index_of(name)
        .unwrap_or_else(|| panic!("the table has a {name}"))
}

/// A monster of the kind called `name` at `pos`, unhurt and wandering.
pub fn monster(name: &str, pos: Pos) -> Monster {
    let kind = monster_kind(name);
    Monster {
        id: 0,
        kind,
        pos,
        hp: default_monster_table().kind(kind).unwrap().hp,
        mind: Mind::Wandering(0),
        ..Default::default()
    }
}

/// The run with only `monster` on the level (the others taken away), scheduled to act
/// right after the player.
pub fn alone_with(mut run: RunState, monster: Option<Monster>) -> RunState {
    run.stage().set_monsters(monster.into_iter().collect());
    run
}

/// A run of `seed` with the player on open ground (every tile within 5 is floor), no
/// monsters (and none arriving), and hit points to spare; `None` when the first level
/// has no such ground.
pub fn arena(seed: u64) -> Option<RunState> {
    arena_of(with_monsters_staying(seed))
}

/// `run` with the player on open ground, no monsters and hit points to spare.
pub fn arena_of(mut run: RunState) -> Option<RunState> {
    if !put_on_open_ground(&mut run, 5) {
        return None;
    }
    run.stage()
        .set_monsters(Vec::new())
        .set_most_hit_points(1000)
        .set_hit_points(1000);
    Some(run)
}

/// Arenas of the first seeds that have open ground: at least `want` of them.
pub fn arenas(want: usize) -> Vec<RunState> {
    first_runs(want, arena)
}

/// The runs `make` gives for the first seeds that give one: at least `want` of them.
pub fn first_runs(want: usize, make: impl FnMut(u64) -> Option<RunState>) -> Vec<RunState> {
    let runs: Vec<RunState> = (0..60).filter_map(make).take(want).collect();
    assert!(
        runs.len() >= want,
        "only {} seeds had open ground",
        runs.len()
    );
    runs
}

/// A monster of `name` at `offset` from the player, hunting them, numbered `id`.
pub fn hunter(run: &RunState, name: &str, offset: (i32, i32), id: u32) -> Monster {
    let player = run.player();
    Monster {
        id,
        mind: Mind::Hunting(player),
        ..monster(name, player.offset(offset.0, offset.1))
    }
}

/// Puts the player of `run` on the first tile (row by row) where every tile within
/// `radius` (Chebyshev) is floor; says whether there was one.
pub fn put_on_open_ground(run: &mut RunState, radius: i32) -> bool {
    let tiles = &run.level().level.tiles;
    let spot = tiles.positions().find(|&p| {
        (-radius..=radius)
            .all(|dy| (-radius..=radius).all(|dx| tiles.get(p.offset(dx, dy)) == Some(Tile::Floor)))
    });
    if let Some(spot) = spot {
        run.stage().put_player(spot);
    }
    spot.is_some()
}

/// A floor tile in the player's view at Chebyshev distance `distance`, if any.
pub fn floor_in_view(run: &RunState, distance: i32) -> Option<Pos> {
    let tiles = &run.level().level.tiles;
    tiles.positions().find(|&p| {
        tiles[p] == Tile::Floor && run.level().in_view(p) && p.chebyshev(run.player()) == distance
    })
}

/// A proptest config of `cases` cases, or of `PROPTEST_CASES` when it is set, so a long
/// hunt for a failing case can be run without editing the test
/// (`PROPTEST_CASES=2000 cargo test --test core long_random`).
pub fn cases(cases: u32) -> proptest::prelude::ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    proptest::prelude::ProptestConfig::with_cases(cases)
}

/// Asserts that two runs are equal, and where they are not shows the first place their
/// states differ (the whole state is too long to read).
#[track_caller]
pub fn assert_same_run(left: &RunState, right: &RunState, what: &str) {
    if left == right {
        return;
    }
    let (l, r) = (format!("{left:?}"), format!("{right:?}"));
    let at = l
        .bytes()
        .zip(r.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(l.len().min(r.len()));
    let around = |s: &str| {
        let from = s.floor_char_boundary(at.saturating_sub(200));
        let to = s.ceil_char_boundary((at + 200).min(s.len()));
        s[from..to].to_owned()
    };
    panic!(
        "{what}: the runs differ at\n  left: …{}…\n right: …{}…",
        around(&l),
        around(&r)
    );
}

/// Puts an ally (a wraith) and a shackled captive (an ogre) on the free floor tiles
/// nearest the player of `run`, numbered after the level's monsters, where there is room.
/// (A run in play keeps every rule so; a save of it is refused unless the run's levels
/// shackled a wraith and an ogre: [`with_an_ally_and_a_captive_of_its_kind`].)
pub fn with_an_ally_and_a_captive(run: &mut RunState) {
    with_an_ally_and_a_captive_of(run, "wraith", "ogre");
}

/// Puts an ally and a captive of the kind of the captive the level of `run` shackled (so
/// that a save of it holds only what a run could) as [`with_an_ally_and_a_captive`]
/// does; says whether the level holds a captive to copy.
pub fn with_an_ally_and_a_captive_of_its_kind(run: &mut RunState) -> bool {
    let table = run.campaign().monster_table();
    let captive = run
        .level()
        .monsters
        .iter()
        .find(|m| m.mind == Mind::Captive);
    let Some(kind) = captive.and_then(|m| table.kind(m.kind)) else {
        return false;
    };
    let name = kind.name.clone();
    with_an_ally_and_a_captive_of(run, &name, &name);
    true
}

fn with_an_ally_and_a_captive_of(run: &mut RunState, ally: &str, captive: &str) {
    for (name, mind) in [(ally, Mind::Ally), (captive, Mind::Captive)] {
        let tiles = &run.level().level.tiles;
        let player = run.player();
        let free = tiles
            .positions()
            .filter(|&p| {
                tiles[p] == Tile::Floor && p != player && run.level().monster_at(p).is_none()
            })
            .min_by_key(|&p| (p.chebyshev(player), p.y, p.x));
        let Some(at) = free else { return };
        put_monster(run, name, at, mind);
    }
}

/// Puts a monster of kind `name` on `at` with `mind`, numbered after the level's
/// monsters; returns `at`.
pub fn put_monster(run: &mut RunState, name: &str, at: Pos, mind: Mind) -> Pos {
    let id = run.level().monsters.iter().map(|m| m.id + 1).max();
    run.stage().add_monster(Monster {
        id: id.unwrap_or(0),
        mind,
        ..monster(name, at)
    });
    at
}

/// The action a simple player draws from `rng` (exploring, walking, waiting, resting,
/// searching, taking the stairs): the recording and watching tests' random runs.
pub fn simple_action(rng: &mut StreamRng) -> PlayerAction {
    match rng.below(10) {
        0..4 => PlayerAction::Explore,
        4 => PlayerAction::Descend,
        5 => PlayerAction::Rest,
        6 => PlayerAction::Search,
        7 => PlayerAction::Wait,
        _ => {
            let (dx, dy) =
                [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)][rng.below(6) as usize];
            PlayerAction::Move(dx, dy)
        }
    }
}
