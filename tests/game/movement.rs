//! Moving: the first level as it spawns, the keys that move, walls that block.

use super::*;

#[test]
fn the_first_level_spawns_with_its_tiles_and_the_player_on_the_up_stairs() {
    let mut t = TestContext::new(5);
    let campaign = CampaignConfig::builtin();
    let expected = generate_level(campaign.config_at(1), delve::rng::level_seed(5, 1)).unwrap();
    let expected_tiles = delve::run::tiles_in_play(&expected);
    assert_eq!(t.current().level.tiles, expected_tiles);
    assert_eq!(t.player(), expected.up);
    let tiles = t.map_tiles();
    assert_eq!(tiles.len(), expected.tiles.len());
    for tile in tiles {
        assert_eq!(tile.tile, expected_tiles[tile.pos], "{}", tile.pos);
    }
}

#[test]
fn moves_follow_the_keys_and_walls_block() {
    let mut t = TestContext::new(6);
    let start = t.player();
    let tiles = t.current().level.tiles.clone();
    let dirs = [
        ("h", -1, 0),
        ("l", 1, 0),
        ("k", 0, -1),
        ("j", 0, 1),
        ("y", -1, -1),
        ("u", 1, -1),
        ("b", -1, 1),
        ("n", 1, 1),
    ];
    for (letter, dx, dy) in dirs {
        let action = delve::game::parse_actions(letter).unwrap()[0];
        assert_eq!(action, PlayerAction::Move(dx, dy));
        t.act(&[action]);
        let expected = start.offset(dx, dy);
        assert_eq!(
            t.player(),
            expected,
            "stairs are clear all round, so {letter} moves"
        );
        t.act(&[PlayerAction::Move(-dx, -dy)]);
    }
    // Walk west until a wall stops us.
    for _ in 0..tiles.width() {
        t.act(&[PlayerAction::Move(-1, 0)]);
    }
    let p = t.player();
    assert!(tiles.is_walkable(p));
    assert!(
        !tiles.is_walkable(p.offset(-1, 0)),
        "stopped by a wall at {p}"
    );
}
