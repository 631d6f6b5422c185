//! The world mirrors the run: a tile entity per cell showing what the run shows there,
//! the player's entity where the player stands, a monster entity per monster — at the
//! start, on a new level and back, through a cave watch, and when a monster dies (and
//! after every action of random play: `messages.rs`).

use super::*;

#[test]
fn the_started_world_mirrors_the_first_level_cell_for_cell() {
    let mut t = TestContext::new(5);
    t.assert_mirrors_the_run();
    let mut t = TestContext::with_settings(fighting(5));
    assert!(!t.run().level().monsters.is_empty(), "depth 1 has monsters");
    t.assert_mirrors_the_run();
}

#[test]
fn a_new_level_replaces_the_map_and_the_way_back_shows_the_old_one_again() {
    let mut t = TestContext::new(7);
    let down = t.run().level().level.down;
    t.walk_to(down);
    let left = t.map_tiles();
    t.act(&[PlayerAction::Descend]);
    assert_eq!(t.run().depth(), 2);
    t.assert_mirrors_the_run();
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(t.run().depth(), 1);
    t.assert_mirrors_the_run();
    assert_eq!(t.map_tiles(), left, "the level as it was left");
}

#[test]
fn the_map_shows_each_pass_of_a_cave_watch_then_the_finished_cave() {
    let mut t = TestContext::new(23);
    t.act(&actions("1"));
    let passes = match &t.run().level().key.config {
        delve_levels::generator::GeneratorConfig::Cave(c) => c.passes,
        _ => unreachable!("1 makes a cave"),
    };
    let finished = t.map_tiles();
    let mut shown = Vec::new();
    for _ in 0..=passes {
        t.act(&actions("s"));
        assert!(t.run().watch().is_some());
        t.assert_mirrors_the_run();
        shown.push(t.map_tiles());
    }
    assert_ne!(shown[0], shown[1], "a pass changes what the map shows");
    t.act(&actions("s"));
    assert!(t.run().watch().is_none());
    t.assert_mirrors_the_run();
    assert_eq!(
        t.map_tiles().iter().map(|m| m.tile).collect::<Vec<_>>(),
        finished.iter().map(|m| m.tile).collect::<Vec<_>>(),
        "the finished cave again"
    );
}

#[test]
fn monster_entities_follow_their_monsters_and_go_when_they_die() {
    let mut t = TestContext::with_settings(fighting(12));
    t.act(&actions("........"));
    t.assert_mirrors_the_run();
    // A slug never chases and never flees: it stays to be fought.
    let next_to = floor_in_view(t.run(), 1).expect("floor next to the player");
    t.alone_with("giant slug", next_to);
    assert_eq!(t.monster_entities().len(), 1);
    for _ in 0..60 {
        let Some(slug) = t.run().level().monsters.first().map(|m| m.pos) else {
            break;
        };
        let player = t.player();
        t.act(&[PlayerAction::Move(slug.x - player.x, slug.y - player.y)]);
        t.assert_mirrors_the_run();
    }
    assert!(
        t.run().level().monsters.is_empty(),
        "the player kills a slug"
    );
    assert!(t.monster_entities().is_empty(), "and its entity goes");
}
