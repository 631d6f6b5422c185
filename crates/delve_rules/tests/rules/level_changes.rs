//! Changing the level in place, through the run model: regenerating, switching
//! generators and cave walls make the keys they say and say what they did; the cave
//! watch steps through every pass and any other action ends it on the finished cave;
//! what was taken from a level stays taken on every route back to it, a save included.

use delve_levels::generator::{GeneratorConfig, GeneratorKind};
use delve_levels::key::LevelKey;
use delve_rules::run::{Outcome, PlayerAction, RunState, tiles_in_play};
use delve_rules::view::parse_actions;

use super::paths::walk;
use super::support::{notices, peaceful, walk_to};

#[test]
fn regenerating_switching_and_walls_make_the_keys_they_say() {
    let mut run = peaceful(6);
    let old = run.level().key.clone();
    let outcomes = run.apply(PlayerAction::Regenerate);
    assert_ne!(run.level().key.seed, old.seed);
    assert_eq!(run.level().key.config, old.config);
    assert!(notices(&outcomes)[0].contains(&run.level().key.encode()));
    let again = LevelKey::decode(&run.level().key.encode())
        .unwrap()
        .generate()
        .unwrap();
    assert_eq!(
        tiles_in_play(&again),
        run.level().level.tiles,
        "the new key gives the level"
    );
    assert_eq!(run.player(), again.up, "the player starts on its up stairs");

    run.apply(PlayerAction::SwitchKind(GeneratorKind::Maze));
    assert_eq!(run.level().key.config.kind(), GeneratorKind::Maze);
    let outcomes = run.apply(PlayerAction::AdjustWalls(1));
    assert!(
        notices(&outcomes)[0].contains("press 1"),
        "walls only for caves"
    );
    assert_eq!(run.level().key.config.kind(), GeneratorKind::Maze);

    run.apply(PlayerAction::SwitchKind(GeneratorKind::Cave));
    let walls = |run: &RunState| match &run.level().key.config {
        GeneratorConfig::Cave(c) => c.wall_percent,
        _ => unreachable!("a cave"),
    };
    let before = walls(&run);
    run.apply(PlayerAction::AdjustWalls(1));
    assert_eq!(walls(&run), before + 1);
    for _ in 0..120 {
        run.apply(PlayerAction::AdjustWalls(-1));
    }
    assert_eq!(walls(&run), 0, "clamped at 0");
    assert_eq!(run.turns(), 0, "none of these is a turn");
}

#[test]
fn the_cave_watch_steps_through_every_pass_and_ends_on_the_finished_cave() {
    let mut run = peaceful(7);
    let GeneratorConfig::Cave(cave) = run.level().key.config.clone() else {
        panic!("depth 1 is a cave");
    };
    let finished = run.level().clone();
    let at = run.player();
    run.apply(PlayerAction::StepAutomaton);
    assert_eq!(run.watch().as_ref().map(|w| w.pass), Some(0));
    for pass in 1..=cave.passes {
        let outcomes = run.apply(PlayerAction::StepAutomaton);
        assert_eq!(run.watch().as_ref().map(|w| w.pass), Some(pass));
        assert!(notices(&outcomes)[0].contains(&format!("Pass {pass} of")));
    }
    let outcomes = run.apply(PlayerAction::StepAutomaton);
    assert!(run.watch().is_none());
    assert!(notices(&outcomes)[0].contains("finished cave"));
    assert_eq!(run.level().level, finished.level);
    assert_eq!(run.player(), at);
}

#[test]
fn any_action_but_space_ends_a_cave_watch_on_the_finished_cave_where_the_player_stood() {
    for ending in [
        PlayerAction::StopWatching,
        PlayerAction::Move(1, 0),
        PlayerAction::Wait,
    ] {
        let mut run = peaceful(17);
        run.apply(PlayerAction::SwitchKind(GeneratorKind::Cave));
        let (finished, at, turns) = (run.level().level.clone(), run.player(), run.turns());
        run.apply(PlayerAction::StepAutomaton);
        run.apply(PlayerAction::StepAutomaton);
        assert!(run.watch().is_some(), "watching");
        let outcomes = run.apply(ending);
        assert!(run.watch().is_none(), "{ending:?} ends the watch");
        assert_eq!(run.level().level, finished, "{ending:?}: the finished cave");
        assert_eq!(
            (run.player(), run.turns()),
            (at, turns),
            "{ending:?} is spent so"
        );
        let said = notices(&outcomes);
        assert!(said.last().unwrap().contains("finished cave"), "{said:?}");
    }
}

#[test]
fn every_level_change_says_what_happened() {
    let (mut run, started) = RunState::start(
        super::support::campaign(18),
        None,
        delve_rules::run::Rules::Peaceful,
    )
    .unwrap();
    let said = notices(&started);
    assert!(
        said.last().unwrap().contains("Level key"),
        "the start names its key: {said:?}"
    );
    for (letters, needle) in [
        ("R", "Regenerated"),
        ("3", "maze"),
        ("2", "room dungeon"),
        ("1", "cave"),
        ("+", "New cave"),
    ] {
        let mut said = Vec::new();
        for action in parse_actions(letters).unwrap() {
            said.extend(notices(&run.apply(action)));
        }
        let last = said.last().unwrap();
        assert!(last.contains(needle), "{letters}: {last}");
        if letters == "R" || letters == "+" {
            let key = run.level().key.encode();
            assert!(last.contains(&key), "{letters}: {last} should name {key}");
        }
    }
}

#[test]
fn plus_and_minus_change_a_caves_walls_and_come_back_to_the_same_cave() {
    let mut run = peaceful(24);
    run.apply(PlayerAction::SwitchKind(GeneratorKind::Cave));
    let cave = run.level().key.clone();
    run.apply(PlayerAction::AdjustWalls(1));
    let more = run.level().key.clone();
    assert_ne!(more, cave);
    let walls = |key: &LevelKey| match &key.config {
        GeneratorConfig::Cave(c) => c.wall_percent,
        _ => unreachable!("a cave"),
    };
    assert_eq!(walls(&more), walls(&cave) + 1);
    run.apply(PlayerAction::AdjustWalls(-1));
    assert_eq!(run.level().key, cave);
}

/// Picks up the level's first item, then leaves and comes back by `route` (the actions
/// `leave_and_come_back` gives from where the item lay) and walks onto its spot again:
/// the item must still be gone, and nothing on the way picks it up again.
fn taken_loot_stays_taken_after(
    seed: u64,
    setup: &str,
    route: &str,
    leave_and_come_back: impl Fn(&RunState) -> Vec<PlayerAction>,
) {
    let mut run = peaceful(seed);
    for action in parse_actions(setup).unwrap() {
        run.apply(action);
    }
    let key = run.level().key.clone();
    let item = *run.level().items.first().expect("the level has loot");
    walk_to(&mut run, item.pos);
    let mut outcomes = Vec::new();
    for action in leave_and_come_back(&run) {
        outcomes.extend(run.apply(action));
    }
    let entered = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::LevelEntered { .. }))
        .count();
    assert_eq!(
        entered, 2,
        "seed {seed}: {route} leaves the level and comes back"
    );
    assert_eq!(
        run.level().key,
        key,
        "seed {seed}: {route} leads back to the same level"
    );
    assert!(
        run.level().items.iter().all(|i| i.pos != item.pos),
        "seed {seed}, {route}: the item came back"
    );
    for step in walk(&run.level().level.tiles, run.player(), item.pos) {
        outcomes.extend(run.apply(step));
    }
    outcomes.extend(run.apply(PlayerAction::PickUp));
    assert!(
        !outcomes
            .iter()
            .any(|o| matches!(o, Outcome::PickedUp { at, .. } if *at == item.pos)),
        "seed {seed}, {route}: picked up twice"
    );
}

#[test]
fn taken_loot_stays_taken_on_every_route_back_to_a_level() {
    let letters = |text: &'static str| move |_: &RunState| parse_actions(text).unwrap();
    let down_and_up = |run: &RunState| {
        let mut actions = walk(
            &run.level().level.tiles,
            run.player(),
            run.level().level.down,
        );
        actions.extend([PlayerAction::Descend, PlayerAction::Ascend]);
        actions
    };
    for seed in [3, 14, 15] {
        taken_loot_stays_taken_after(seed, "1", "another generator and back", letters("3 1"));
        taken_loot_stays_taken_after(seed, "1", "the room dungeon and back", letters("2 1"));
        taken_loot_stays_taken_after(seed, "1", "more walls, then fewer", letters("+ -"));
        taken_loot_stays_taken_after(seed, "", "down the stairs and up", down_and_up);
    }
}

#[test]
fn what_was_taken_from_a_level_left_behind_survives_a_save() {
    let mut run = peaceful(16);
    run.apply(PlayerAction::SwitchKind(GeneratorKind::Cave));
    let key = run.level().key.clone();
    let item = *run.level().items.first().expect("the level has loot");
    walk_to(&mut run, item.pos);
    // Away to a maze on this depth: the cave is no depth's level now, only remembered.
    run.apply(PlayerAction::SwitchKind(GeneratorKind::Maze));
    let text = ron::to_string(&run.snapshot()).unwrap();
    let mut loaded = RunState::restore(ron::from_str(&text).unwrap()).unwrap();
    loaded.apply(PlayerAction::SwitchKind(GeneratorKind::Cave));
    assert_eq!(loaded.level().key, key);
    assert!(loaded.level().items.iter().all(|i| i.pos != item.pos));
}
