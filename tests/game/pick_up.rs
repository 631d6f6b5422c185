//! Picking up: stepping on loot takes it, and the message names it with its article.

use super::*;

#[test]
fn stepping_on_loot_picks_it_up() {
    let mut t = TestContext::new(10);
    let item = *t.current().items.first().expect("the level has loot");
    let count = t.current().items.len();
    t.walk_to(item.pos);
    assert_eq!(t.current().items.len(), count - 1);
    assert_eq!(t.run().inventory, vec![item.item]);
    let tile = t
        .map_tiles()
        .into_iter()
        .find(|m| m.pos == item.pos)
        .unwrap();
    assert_eq!(tile.tile, Tile::Floor, "the $ is gone from the map");
    t.act(&[PlayerAction::PickUp]);
    assert_eq!(t.run().inventory.len(), 1, "nothing more to pick up");
}

#[test]
fn picking_up_names_the_item_with_an_article() {
    let mut t = TestContext::new(10);
    let item = *t.current().items.first().expect("the level has loot");
    t.walk_to(item.pos);
    let said = final_state(&mut t.app).unwrap().messages;
    let line = said.iter().find(|m| m.starts_with("You pick up")).unwrap();
    assert!(
        line.starts_with("You pick up a ")
            || line.starts_with("You pick up an ")
            || line.starts_with("You pick up some "),
        "{line}"
    );
}
