//! Regenerating, switching generators and cave walls: new keys, levels reproduced by
//! their keys, what was taken staying taken on every route back, and a message for
//! every change.

use super::*;

#[test]
fn regenerating_changes_the_key_and_the_new_key_reproduces_the_level() {
    let mut t = TestContext::new(8);
    let old = t.current().key.clone();
    t.act(&[PlayerAction::Regenerate]);
    let new = t.current().key.clone();
    assert_ne!(old, new);
    assert_eq!(new.config, old.config);
    let decoded = LevelKey::decode(&new.encode()).unwrap();
    let again = generate_level(&decoded.config, decoded.level_seed()).unwrap();
    assert_eq!(delve::run::tiles_in_play(&again), t.current().level.tiles);
    assert_eq!(t.player(), again.up);
    for (letter, kind) in [("2", "rooms"), ("3", "maze"), ("1", "cave")] {
        t.act(&delve::game::parse_actions(letter).unwrap());
        assert_eq!(t.current().key.config.kind().name(), kind);
    }
    let walls = match &t.current().key.config {
        delve::generator::GeneratorConfig::Cave(c) => c.wall_percent,
        _ => unreachable!(),
    };
    t.act(&[PlayerAction::AdjustWalls(1)]);
    match &t.current().key.config {
        delve::generator::GeneratorConfig::Cave(c) => assert_eq!(c.wall_percent, walls + 1),
        _ => unreachable!(),
    }
}

/// Picks up the level's first item, then leaves and comes back by `route`; the item
/// must still be gone and walking onto its spot must add nothing.
fn taken_loot_stays_taken_after(seed: u64, setup: &str, route: &str) {
    let mut t = TestContext::new(seed);
    t.act(&actions(setup));
    let key = t.current().key.clone();
    let item = *t.current().items.first().expect("the level has loot");
    t.walk_to(item.pos);
    let carried = inventory(&t);
    t.act(&actions(route));
    assert_eq!(
        t.current().key,
        key,
        "{route:?} leads back to the same level"
    );
    assert!(
        t.current().items.iter().all(|i| i.pos != item.pos),
        "seed {seed}, {route:?}: the item came back"
    );
    t.walk_to(item.pos);
    t.act(&[PlayerAction::PickUp]);
    assert_eq!(
        inventory(&t),
        carried,
        "seed {seed}, {route:?}: picked up twice"
    );
}

#[test]
fn taken_loot_stays_taken_on_every_route_back_to_a_level() {
    for seed in [3, 14, 15] {
        // Another generator and back: the same key again.
        taken_loot_stays_taken_after(seed, "1", "3 1");
        taken_loot_stays_taken_after(seed, "1", "2 1");
        // More walls, then fewer: the same cave again.
        taken_loot_stays_taken_after(seed, "1", "+ -");
    }
}

#[test]
fn every_level_change_says_what_happened() {
    let mut t = TestContext::new(18);
    let said = |t: &mut TestContext| final_state(&mut t.app).unwrap().messages;
    assert!(
        said(&mut t).last().unwrap().contains("Level key"),
        "the start names its key"
    );
    for (letters, needle) in [
        ("R", "Regenerated"),
        ("3", "maze"),
        ("2", "room dungeon"),
        ("1", "cave"),
        ("+", "New cave"),
    ] {
        t.act(&actions(letters));
        let key = t.current().key.encode();
        let last = said(&mut t).last().cloned().unwrap();
        assert!(last.contains(needle), "{letters}: {last}");
        if letters != "1" && letters != "3" && letters != "2" {
            assert!(last.contains(&key), "{letters}: {last} should name {key}");
        }
    }
}

#[test]
fn plus_and_minus_change_a_caves_walls_and_come_back_to_the_same_cave() {
    let mut t = TestContext::new(24);
    t.act(&actions("1"));
    let cave = t.current().key.clone();
    t.act(&actions("+"));
    let more = t.current().key.clone();
    assert_ne!(more, cave);
    let walls = |key: &LevelKey| match &key.config {
        delve::generator::GeneratorConfig::Cave(c) => c.wall_percent,
        _ => unreachable!("a cave"),
    };
    assert_eq!(walls(&more), walls(&cave) + 1);
    t.act(&actions("-"));
    assert_eq!(t.current().key, cave);
    // On a maze, + and - only say how to get a cave.
    t.act(&actions("3+"));
    assert_eq!(
        t.current().key.config.kind(),
        delve::generator::GeneratorKind::Maze
    );
    let said = final_state(&mut t.app).unwrap().messages;
    assert!(said.last().unwrap().contains("press 1"), "{said:?}");
}
