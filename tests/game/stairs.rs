//! The stairs: down to a new depth, and back up to the level exactly as it was left.

use super::*;

#[test]
fn descending_changes_depth_and_key_and_ascending_restores_the_level_exactly() {
    let mut t = TestContext::new(7);
    let first_key = t.current().key.clone();
    // Take whatever loot is on the way to the stairs; remember what level 1 looked like.
    if let Some(item) = t.current().items.first().copied() {
        t.walk_to(item.pos);
    }
    let down = t.current().level.down;
    t.walk_to(down);
    let before = (
        t.current().items.clone(),
        t.current().seen.clone(),
        t.map_tiles(),
    );
    t.act(&[PlayerAction::Descend]);
    assert_eq!(t.current().key.depth, 2);
    assert_ne!(t.current().key, first_key);
    assert_eq!(t.player(), t.current().level.up);
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(t.current().key, first_key);
    assert_eq!(t.player(), down, "back on the down stairs");
    assert_eq!(t.current().items, before.0, "taken loot stays taken");
    assert_eq!(t.current().seen, before.1, "what was seen is remembered");
    assert_eq!(t.map_tiles(), before.2);
}

#[test]
fn the_up_stairs_of_depth_1_lead_nowhere() {
    let mut t = TestContext::new(22);
    let at = t.player();
    assert_eq!(t.current().level.tiles[at], Tile::UpStairs);
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(t.current().key.depth, 1);
    assert_eq!(t.run().turns, 0, "no turn taken");
    let said = final_state(&mut t.app).unwrap().messages;
    assert!(said.last().unwrap().contains("no going back"), "{said:?}");
}
