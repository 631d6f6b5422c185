//! The run with monsters, without an `App`: hunters close in and attack, cowards flee,
//! the player can die and can win, a save in the middle of a fight goes on exactly, and
//! long random runs keep every creature on its own walkable tile.

use proptest::prelude::*;

use delve_levels::config::CampaignConfig;
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::monsters::{Mind, Monster, default_monster_table};
use delve_levels::schedule::Actor;
use delve_rules::run::{Outcome, PlayerAction, Rules, RunEnd, RunState};

use super::support::{alone_with, floor_in_view, monster, monster_kind, notices, with_monsters};

fn hp(run: &RunState) -> u32 {
    run.fight().hp
}

#[test]
fn a_hunter_that_sees_the_player_closes_in_and_attacks() {
    let mut tested = 0;
    for seed in 0..40 {
        let run = with_monsters(seed);
        let Some(at) = floor_in_view(&run, 5) else {
            continue;
        };
        let mut run = alone_with(run, Some(monster("kobold", at)));
        let mut distance = at.chebyshev(run.player());
        let (mut attacked, mut told) = (false, false);
        for _ in 0..30 {
            let before = hp(&run);
            let outcomes = run.apply(PlayerAction::Wait);
            told |= notices(&outcomes)
                .iter()
                .any(|line| line.starts_with("The kobold hits you"));
            let now = run.level().monsters[0].pos.chebyshev(run.player());
            assert!(
                now <= distance,
                "seed {seed}: the hunter went from {distance} to {now}"
            );
            distance = now;
            attacked |= hp(&run) < before;
        }
        assert_eq!(
            distance, 1,
            "seed {seed}: the hunter stands next to the player"
        );
        assert!(attacked, "seed {seed}: and hits at least once in 30 turns");
        assert!(told, "seed {seed}: the player is told of the hits");
        tested += 1;
    }
    assert!(tested >= 20, "only {tested} seeds had room");
}

#[test]
fn a_fast_monster_acts_twice_per_player_move() {
    let run = with_monsters(4);
    let at = floor_in_view(&run, 8).expect("room to stand");
    let mut run = alone_with(run, Some(monster("jackal", at)));
    let player = run.player();
    run.stage().set_mind(0, Mind::Hunting(player));
    // Arriving monsters wait one action of their own, so the first turn has one step;
    // every turn after has two.
    let start = run.level().monsters[0].pos.chebyshev(run.player());
    run.apply(PlayerAction::Wait);
    let first = run.level().monsters[0].pos.chebyshev(run.player());
    run.apply(PlayerAction::Wait);
    let second = run.level().monsters[0].pos.chebyshev(run.player());
    assert_eq!((start - first, first - second), (1, 2), "from {start}");
}

#[test]
fn a_hurt_coward_flees() {
    // A safety map may lead past the player out of a dead end, so a single step can
    // come closer; over a few turns, a coward gets away.
    let (mut tested, mut got_away) = (0, 0);
    for seed in 0..60 {
        let run = with_monsters(seed);
        let Some(at) = floor_in_view(&run, 3) else {
            continue;
        };
        let mut run = alone_with(run, Some(monster("rat", at)));
        run.stage().set_monster_hp(0, 1);
        for _ in 0..8 {
            run.apply(PlayerAction::Wait);
        }
        let rat = run.level().monsters[0];
        let hidden = !run.level().visible[run.level().level.tiles.index_of(rat.pos)];
        if rat.pos.chebyshev(run.player()) > 3 || hidden {
            got_away += 1;
        }
        assert_eq!(hp(&run), 30, "seed {seed}: a fleeing rat does not bite");
        tested += 1;
    }
    assert!(tested >= 30, "only {tested} seeds had room");
    assert!(
        got_away * 10 >= tested * 9,
        "{got_away} of {tested} rats got away"
    );
}

/// The run of `seed` after a troll next to the stairs killed the waiting player.
fn killed_by_a_troll(seed: u64) -> RunState {
    let run = with_monsters(seed);
    let at = KING
        .iter()
        .map(|&(dx, dy)| run.player().offset(dx, dy))
        .find(|&p| run.level().level.tiles[p] == Tile::Floor)
        .expect("floor next to the stairs");
    let mut run = alone_with(run, Some(monster("troll", at)));
    let mut turns = 0;
    while run.end().is_none() {
        run.apply(PlayerAction::Wait);
        turns += 1;
        assert!(turns < 500, "a troll kills a waiting player");
    }
    run
}

#[test]
fn the_player_can_die_and_then_the_run_is_over() {
    let mut run = killed_by_a_troll(7);
    match run.end() {
        Some(RunEnd::Died { cause }) => assert_eq!(cause, "killed by a troll on depth 1"),
        other => panic!("{other:?}"),
    }
    assert_eq!(hp(&run), 0);
    let (position, turns) = (run.player(), run.turns());
    for action in [
        PlayerAction::Move(1, 0),
        PlayerAction::Wait,
        PlayerAction::Use(0),
        PlayerAction::Explore,
        PlayerAction::Rest,
    ] {
        let outcomes = run.apply(action);
        assert_eq!(
            (run.player(), run.turns()),
            (position, turns),
            "the dead do not act"
        );
        assert!(
            outcomes.is_empty(),
            "{action:?} after death adds nothing to the log: {outcomes:?}"
        );
    }
}

#[test]
fn a_finished_run_is_never_saved() {
    let mut run = killed_by_a_troll(5);
    let outcomes = run.apply(PlayerAction::Save);
    assert!(
        !outcomes.contains(&Outcome::SaveWanted),
        "a dead run asks for no save: {outcomes:?}"
    );
    assert!(matches!(&outcomes[..], [Outcome::Notice(t)] if t.contains("not saved")));
    assert_eq!(run.apply(PlayerAction::Load), vec![Outcome::LoadWanted]);
}

#[test]
fn the_final_depths_stairs_win_with_the_rune_and_are_sealed_without_it() {
    let mut campaign = CampaignConfig::builtin();
    campaign.final_depth = Some(2);
    let key = LevelKey::new(campaign.config_at(2).clone(), 2, 9);
    let (mut run, _) = RunState::start(campaign, Some(key), Rules::Monsters).unwrap();
    run.stage().clear_monsters();
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    let sealed = run.apply(PlayerAction::Descend);
    assert!(run.end().is_none() && run.depth() == 2);
    assert!(matches!(&sealed[0], Outcome::Notice(t) if t.contains("sealed")));
    let rune = run
        .campaign()
        .loot_table()
        .index_of("rune of passage")
        .unwrap();
    let stand = run
        .level()
        .items
        .iter()
        .find(|i| i.item == rune)
        .expect("the level's rune")
        .pos;
    run.stage().put_player(stand);
    run.apply(PlayerAction::PickUp);
    assert!(
        run.carried_of_kind(rune) == 0,
        "the rune opens, it is not carried"
    );
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    let won = run.apply(PlayerAction::Descend);
    assert_eq!(run.end(), Some(&RunEnd::Won));
    assert!(won.contains(&Outcome::RunEnded));
    let screen = delve_rules::view::end_screen(&run).unwrap();
    assert!(
        screen[0].contains("escaped")
            && screen[2].contains("doubled for the win")
            && screen[3].contains("seed 9"),
        "{screen:?}"
    );
}

#[test]
fn killing_a_monster_counts_and_removes_it_from_the_level_and_the_schedule() {
    let run = with_monsters(12);
    let at = KING
        .iter()
        .map(|&(dx, dy)| run.player().offset(dx, dy))
        .find(|&p| run.level().level.tiles[p] == Tile::Floor)
        .expect("floor next to the stairs");
    // A slug never chases and never flees: it stays to be fought.
    let mut run = alone_with(run, Some(monster("giant slug", at)));
    let mut swings = 0;
    while !run.level().monsters.is_empty() {
        let target = run.level().monsters[0].pos;
        let step = (target.x - run.player().x, target.y - run.player().y);
        assert!(
            step.0.abs() <= 1 && step.1.abs() <= 1,
            "the slug wandered off"
        );
        run.apply(PlayerAction::Move(step.0, step.1));
        swings += 1;
        assert!(
            swings < 60 && run.end().is_none(),
            "the player kills a slug"
        );
    }
    let fight = run.fight();
    assert_eq!(fight.kills, 1);
    assert!(!fight.schedule.contains(Actor::Monster(0)));
    assert!(fight.schedule.contains(Actor::Player));
}

#[test]
fn a_level_key_gives_the_same_monsters_at_arrival() {
    for seed in [1, 2, 3] {
        let a = with_monsters(seed);
        let campaign = a.campaign().clone();
        let (b, _) =
            RunState::start(campaign, Some(a.level().key.clone()), Rules::Monsters).unwrap();
        assert_eq!(a.level().monsters, b.level().monsters);
        assert!(!a.level().monsters.is_empty());
    }
}

#[test]
fn a_save_in_the_middle_of_a_fight_goes_on_exactly() {
    let mut run = with_monsters(21);
    let actions = delve_rules::view::parse_actions("llllkkkkhhhhjjjj....llll>").unwrap();
    for &action in &actions[..12] {
        run.apply(action);
    }
    let saved = run.snapshot();
    let text = ron::to_string(&saved).unwrap();
    let mut loaded = RunState::restore(ron::from_str(&text).unwrap()).unwrap();
    assert!(loaded.memories() == run.memories(), "memories");
    assert!(loaded.keys() == run.keys(), "keys");
    assert!(
        loaded.fight() == run.fight(),
        "fight {:?} {:?}",
        loaded.fight(),
        run.fight()
    );
    assert!(loaded.level().monsters == run.level().monsters, "monsters");
    assert!(
        loaded.level().waypoints == run.level().waypoints,
        "waypoints"
    );
    assert!(loaded.level().seen == run.level().seen, "seen");
    assert!(loaded.level().visible == run.level().visible, "visible");
    assert!(loaded.level().items == run.level().items, "items");
    assert!(loaded == run);
    for &action in &actions[12..] {
        let a = run.apply(action);
        let b = loaded.apply(action);
        assert_eq!(a, b);
    }
    assert_eq!(loaded.snapshot(), run.snapshot());
}

/// Every creature on its own walkable tile; hit points within bounds.
pub fn check_invariants(run: &RunState) -> Result<(), String> {
    // The run's own rules: the player on ground a player can be on (walkable, deep
    // water, a trap just sprung), every monster on ground its kind can be on.
    if let Some(rule) = run.broken_rule() {
        return Err(rule);
    }
    let mut taken = std::collections::BTreeSet::from([run.player()]);
    for m in &run.level().monsters {
        if !taken.insert(m.pos) {
            return Err(format!("two creatures on {}", m.pos));
        }
        let most = default_monster_table().kind(m.kind).unwrap().hp;
        if m.hp == 0 || m.hp > most {
            return Err(format!("a monster with {} of {most} hit points", m.hp));
        }
    }
    let fight = run.fight();
    if fight.hp > fight.max_hp {
        return Err(format!(
            "the player has {} of {} hit points",
            fight.hp, fight.max_hp
        ));
    }
    Ok(())
}

/// A random action; aimed ones (`UseAt`, `Throw`) aim at an offset from the player,
/// made a tile by [`aimed_from_the_player`].
fn any_action() -> impl Strategy<Value = PlayerAction> {
    let offset = (-6i32..=6, -6i32..=6).prop_map(|(x, y)| Pos::new(x, y));
    prop_oneof![
        8 => (-1i32..=1, -1i32..=1).prop_map(|(dx, dy)| PlayerAction::Move(dx, dy)),
        2 => Just(PlayerAction::Wait),
        1 => Just(PlayerAction::PickUp),
        1 => Just(PlayerAction::Descend),
        1 => Just(PlayerAction::Ascend),
        1 => (0u8..8).prop_map(PlayerAction::Use),
        1 => (0u8..8, 0u8..8).prop_map(|(a, b)| PlayerAction::UseOn(a, b)),
        1 => (0u8..8, offset.clone()).prop_map(|(a, at)| PlayerAction::UseAt(a, at)),
        1 => (0u8..8, offset).prop_map(|(a, at)| PlayerAction::Throw(a, at)),
        1 => (0u8..8).prop_map(PlayerAction::Drop),
    ]
}

/// `action` with an aimed tile taken as an offset from the player.
fn aimed_from_the_player(run: &RunState, action: PlayerAction) -> PlayerAction {
    let from = |d: Pos| run.player().offset(d.x, d.y);
    match action {
        PlayerAction::UseAt(slot, d) => PlayerAction::UseAt(slot, from(d)),
        PlayerAction::Throw(slot, d) => PlayerAction::Throw(slot, from(d)),
        other => other,
    }
}

/// One of every kind of the embedded loot table that is not a must-find item or gold,
/// for random play to use, throw and read.
fn one_of_everything() -> Vec<usize> {
    let table = delve_levels::loot::default_loot_table();
    (0..table.items().len())
        .filter(|&k| {
            let item = &table.items()[k];
            !item.must_find && item.effect != delve_levels::loot::Effect::Gold
        })
        .collect()
}

proptest! {
    #![proptest_config(crate::support::cases(48))]
    #[test]
    fn long_random_runs_keep_every_creature_on_its_own_walkable_tile(
        seed in 0u64..1_000,
        actions in proptest::collection::vec(any_action(), 50..400),
    ) {
        let mut run = with_monsters(seed);
        run.stage().carry(one_of_everything());
        if seed % 2 == 0 {
            crate::support::with_an_ally_and_a_captive(&mut run);
        }
        let mut turns = 0;
        let mut twin = run.clone();
        for action in actions {
            let action = aimed_from_the_player(&run, action);
            run.apply(action);
            twin.apply(action);
            prop_assert!(run.turns() >= turns);
            turns = run.turns();
            check_invariants(&run).map_err(TestCaseError::fail)?;
        }
        prop_assert!(twin == run, "the same seed and actions give the same state");
    }
}

#[test]
fn a_monster_on_the_stairs_the_player_returns_to_steps_aside() {
    let mut run = with_monsters(31);
    run.stage().clear_monsters();
    let first = run.level().key.encode();
    let down = run.level().level.down;
    run.stage().put_player(down);
    run.stage().mark_found(1);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), 2);
    let rat = Monster {
        id: 0,
        kind: monster_kind("rat"),
        pos: down,
        hp: 4,
        mind: Mind::Wandering(0),
        ..Default::default()
    };
    run.stage().set_remembered_monsters(&first, vec![rat]);
    run.stage().clear_monsters();
    let stand = run.level().level.up;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Ascend);
    assert_eq!((run.depth(), run.player()), (1, down));
    check_invariants(&run).unwrap();
    assert_eq!(
        run.level().monsters[0].pos.chebyshev(down),
        1,
        "it stepped aside"
    );
}

#[test]
fn kills_bring_experience_levels_with_hit_points_attack_and_defence() {
    let mut fight = delve_rules::run::Fight::new();
    assert_eq!(fight.level, 1);
    assert_eq!(fight.gain_xp(9), Vec::<u32>::new());
    assert_eq!(fight.gain_xp(1), [2], "10 experience is level 2");
    assert_eq!(fight.gain_xp(80), [3, 4], "90 is level 4");
    assert_eq!(fight.max_hp, 30 + 3 * delve_rules::run::HP_PER_LEVEL);
    assert_eq!(delve_rules::run::xp_for_level(5), 160);
    let mut run = with_monsters(2);
    run.stage().gain_experience(90);
    assert_eq!(run.fight().level, 4);
    let fighter = run.player_fighter();
    assert_eq!(fighter.attack, delve_rules::run::PLAYER_FIGHTER.attack + 3);
    assert_eq!(
        fighter.defence,
        delve_rules::run::PLAYER_FIGHTER.defence + 1
    );
}

#[test]
fn healing_scales_with_the_root_of_the_most_hit_points_and_heals_them_all_over_a_full_rest() {
    use delve_rules::run::{healed_on_turn, turns_to_heal_fully};
    for most in [30, 45, 60, 90, 200, 400] {
        let full = turns_to_heal_fully(most, false);
        for start in [0, 17, 1000] {
            let healed: u32 = (start + 1..=start + full)
                .map(|turn| healed_on_turn(turn, most, full))
                .sum();
            assert_eq!(healed, most, "most {most}, from turn {start}");
        }
    }
    // Turns per hit point over a long rest: 9 at the start's 30, about 6.4 at 60, 4.5
    // at 120 — faster with more, by the square root.
    let turns_per_point = |most: u32| {
        let full = turns_to_heal_fully(most, false);
        let healed: u32 = (1..=1000).map(|t| healed_on_turn(t, most, full)).sum();
        1000.0 / f64::from(healed)
    };
    assert!((turns_per_point(30) - 9.0).abs() < 0.1);
    assert!(
        (turns_per_point(60) - 6.36).abs() < 0.1,
        "{}",
        turns_per_point(60)
    );
    assert!(
        (turns_per_point(120) - 4.5).abs() < 0.1,
        "{}",
        turns_per_point(120)
    );
    // The ring: three times as fast.
    assert_eq!(
        turns_to_heal_fully(60, true) * 3,
        turns_to_heal_fully(60, false)
    );
}
