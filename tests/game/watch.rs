//! The cave watch in the game: any action but Space ends it on the finished cave.

use super::*;

#[test]
fn any_other_action_ends_a_cave_watch_on_the_finished_cave() {
    for ending in [
        PlayerAction::StopWatching,
        PlayerAction::Move(1, 0),
        PlayerAction::Wait,
    ] {
        let mut t = TestContext::new(17);
        t.act(&actions("1"));
        let (finished, at) = (t.map_tiles(), t.player());
        t.act(&actions("ss"));
        assert!(t.run().watch.is_some(), "watching");
        assert_ne!(t.map_tiles(), finished, "the watch shows the automaton");
        t.act(&[ending]);
        assert!(t.run().watch.is_none(), "{ending:?} ends the watch");
        assert_eq!(t.player(), at);
        assert_eq!(
            t.map_tiles().iter().map(|m| m.tile).collect::<Vec<_>>(),
            finished.iter().map(|m| m.tile).collect::<Vec<_>>(),
            "{ending:?}: the finished cave"
        );
        let state = final_state(&mut t.app).unwrap();
        assert!(
            state.messages.last().unwrap().contains("finished cave"),
            "{:?}",
            state.messages
        );
    }
}

#[test]
fn space_shows_every_pass_then_the_finished_cave() {
    let mut t = TestContext::new(23);
    t.act(&actions("1"));
    let passes = match &t.current().key.config {
        delve::generator::GeneratorConfig::Cave(c) => c.passes,
        _ => unreachable!("1 makes a cave"),
    };
    let finished: Vec<Tile> = t.map_tiles().iter().map(|m| m.tile).collect();
    let mut shown = Vec::new();
    for _ in 0..=passes {
        t.act(&actions("s"));
        assert!(t.run().watch.is_some());
        let tiles: Vec<Tile> = t.map_tiles().iter().map(|m| m.tile).collect();
        assert!(
            tiles
                .iter()
                .all(|&tile| tile == Tile::Wall || tile == Tile::Floor)
        );
        shown.push(tiles);
    }
    assert_ne!(shown[0], shown[1], "a pass changes the cave");
    t.act(&actions("s"));
    assert!(t.run().watch.is_none());
    let tiles: Vec<Tile> = t.map_tiles().iter().map(|m| m.tile).collect();
    assert_eq!(tiles, finished, "the finished cave again");
}
