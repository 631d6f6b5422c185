//! Enchantments belong to the item they were read into, not to its kind: an enchanted
//! item leaves its stack and never takes in a plain one, keeps its plus wherever it goes
//! (dropped, thrown, put in a save) and is named with it in the panel, the look and the
//! morgue; a stack of darts grows whole. A save from before, which kept enchantments by
//! kind, loads with them on the items the player had.

use delve_levels::loot::Item;
use delve_rules::records::morgue::morgue_text;
use delve_rules::run::{GameSave, PlayerAction, RunState};
use delve_rules::view::{describe, inventory_lines};

use super::support::{floor_in_view, notices, put_on_open_ground, with_monsters_staying};

fn kind(run: &RunState, name: &str) -> usize {
    run.campaign().loot_table().index_of(name).unwrap()
}

/// The letter number (0 = `a`) of the stack of `item`.
fn slot_of(run: &RunState, item: Item) -> u8 {
    (run.lettered_inventory().into_iter())
        .find(|l| l.item() == item)
        .map(|l| l.letter as u8 - b'a')
        .unwrap_or_else(|| panic!("{item:?} carried: {:?}", inventory_lines(run)))
}

/// A run alone on open ground, carrying two war hammers (one wielded) and two scrolls
/// of enchanting.
fn two_hammers(seed: u64) -> (RunState, Item, Item) {
    let mut run = with_monsters_staying(seed);
    run.stage().clear_monsters().clear_items();
    assert!(
        put_on_open_ground(&mut run, 2),
        "open ground on seed {seed}"
    );
    let hammer = Item::plain(kind(&run, "war hammer"));
    let scroll = Item::plain(kind(&run, "scroll of enchanting"));
    run.stage()
        .carry(vec![hammer.kind, hammer.kind, scroll.kind, scroll.kind]);
    run.apply(PlayerAction::Use(slot_of(&run, hammer)));
    assert_eq!(run.fight().weapon, Some(hammer));
    (run, hammer, scroll)
}

#[test]
fn an_enchanted_war_hammer_grows_alone_and_every_hammer_is_an_entry_of_its_own() {
    let (mut run, hammer, scroll) = two_hammers(4);
    let attack = run.player_fighter().attack;
    let outcomes = run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    let plus_one = hammer.enchanted();
    assert_eq!(
        run.fight().weapon,
        Some(plus_one),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.player_fighter().attack, attack + 1);
    let lines = inventory_lines(&run);
    assert!(
        lines.iter().any(|l| l.ends_with("war hammer +1 (wielded)")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(") war hammer")),
        "the spare stays plain: {lines:?}"
    );
    // A third hammer picked up is an entry of its own, as each hammer is.
    run.stage().give(hammer.kind);
    let lines = inventory_lines(&run);
    assert_eq!(
        lines.iter().filter(|l| l.ends_with(") war hammer")).count(),
        2,
        "{lines:?}"
    );
    // Read on a plain one, it grows to +1 and stays apart from the +1 wielded.
    run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    let lines = inventory_lines(&run);
    assert!(
        lines.iter().any(|l| l.ends_with("war hammer +1 (wielded)")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(") war hammer +1")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(") war hammer")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains(" x")), "{lines:?}");
}

#[test]
fn a_dropped_enchanted_item_lies_enchanted_and_comes_back_enchanted_under_its_letter() {
    let (mut run, hammer, scroll) = two_hammers(5);
    run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    let plus_one = hammer.enchanted();
    let letter = slot_of(&run, plus_one);
    let outcomes = run.apply(PlayerAction::Drop(letter));
    assert!(
        notices(&outcomes)
            .iter()
            .any(|n| n.contains("drop a war hammer +1")),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.fight().weapon, None, "put away to be dropped");
    let lying = run
        .level()
        .items
        .iter()
        .find(|i| i.pos == run.player())
        .unwrap();
    assert_eq!(lying.held(), plus_one, "it lies as it was");
    assert!(describe(&run, run.player()).contains("war hammer +1"));
    assert_eq!(run.carried_of_kind(hammer.kind), 1, "the plain one stays");
    run.apply(PlayerAction::PickUp);
    assert_eq!(slot_of(&run, plus_one), letter, "its letter again");
    assert_eq!(run.carried_of_kind(hammer.kind), 2);
}

#[test]
fn a_thrown_enchanted_dart_lies_where_it_lands_with_its_plus() {
    let mut run = with_monsters_staying(6);
    run.stage().clear_monsters().clear_items();
    assert!(put_on_open_ground(&mut run, 3), "open ground");
    let dart = Item::plain(kind(&run, "dart")).with_plus(3);
    run.stage().carry(vec![]).give_item(dart);
    let target = floor_in_view(&run, 3).expect("floor three tiles off");
    run.apply(PlayerAction::Throw(slot_of(&run, dart), target));
    let lying = (run.level().items.iter())
        .find(|i| i.item == dart.kind)
        .expect("the dart lies somewhere");
    assert_eq!(lying.held(), dart);
}

#[test]
fn the_morgue_names_an_enchanted_item_with_its_plus() {
    let (mut run, hammer, scroll) = two_hammers(7);
    run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    let text = morgue_text(&run, &[], "2026-12-06T12:00:00Z");
    assert!(text.contains("war hammer +1 (wielded)"), "{text}");
    assert!(text.contains(") war hammer\n"), "the plain one: {text}");
}

#[test]
fn a_save_keeps_each_items_plus_and_writes_a_plain_item_as_before() {
    let (mut run, hammer, scroll) = two_hammers(8);
    run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    let text = ron::to_string(&run.snapshot()).unwrap();
    let loaded = RunState::restore(ron::from_str::<GameSave>(&text).unwrap()).unwrap();
    assert_eq!(loaded.inventory(), run.inventory());
    assert_eq!(loaded.fight().weapon, Some(hammer.enchanted()));
    assert_eq!(inventory_lines(&loaded), inventory_lines(&run));
    // Plain items are bare kinds, as every save before wrote them.
    assert_eq!(ron::to_string(&Item::plain(12)).unwrap(), "12");
    assert_eq!(
        ron::to_string(&Item::plain(12).with_plus(2)).unwrap(),
        "(12,2)"
    );
}

#[test]
fn an_older_save_with_enchantments_by_kind_loads_them_onto_the_items_carried() {
    let mut run = with_monsters_staying(9);
    run.stage().clear_monsters();
    let armour = Item::plain(kind(&run, "leather armour"));
    run.stage().carry(vec![armour.kind]);
    run.apply(PlayerAction::Use(0));
    let defence = run.player_fighter().defence;
    // What a save made before enchantments belonged to items held: plain items, and
    // the plus by kind.
    let mut save = run.snapshot();
    save.fight
        .as_mut()
        .unwrap()
        .enchantments
        .insert(armour.kind, 2);
    let loaded = RunState::restore(save).unwrap();
    let worn = Item { plus: 2, ..armour };
    assert_eq!(loaded.fight().armour, Some(worn));
    assert_eq!(loaded.inventory(), [worn]);
    assert!(loaded.fight().enchantments.is_empty());
    assert_eq!(loaded.player_fighter().defence, defence + 2);
    assert!(inventory_lines(&loaded)[0].contains("leather armour +2 (worn)"));
}

#[test]
fn a_save_with_an_impossible_plus_is_refused_naming_it() {
    let (run, hammer, _) = two_hammers(10);
    let mut save = run.snapshot();
    save.inventory.push(Item {
        plus: u32::MAX,
        ..hammer
    });
    let refusal = RunState::restore(save).expect_err("refused");
    assert!(refusal.contains("+4294967295"), "{refusal}");
}

#[test]
fn enchanting_a_stack_of_darts_grows_the_whole_quiver() {
    let mut run = with_monsters_staying(11);
    run.stage().clear_monsters();
    let dart = Item::plain(kind(&run, "dart"));
    let scroll = kind(&run, "scroll of enchanting");
    run.stage()
        .carry(vec![dart.kind, dart.kind, dart.kind, scroll]);
    run.apply(PlayerAction::UseOn(
        slot_of(&run, Item::plain(scroll)),
        slot_of(&run, dart),
    ));
    assert_eq!(
        run.inventory()
            .iter()
            .filter(|&&i| i == dart.enchanted())
            .count(),
        3
    );
    assert!(
        inventory_lines(&run)
            .iter()
            .any(|l| l.ends_with("dart +1 x3")),
        "{:?}",
        inventory_lines(&run)
    );
}

#[test]
fn with_every_letter_taken_enchanting_one_of_two_hammers_needs_no_letter_more() {
    let mut run = with_monsters_staying(12);
    run.stage().clear_monsters();
    let table = run.campaign().loot_table().clone();
    let hammer = Item::plain(kind(&run, "war hammer"));
    let scroll = Item::plain(kind(&run, "scroll of enchanting"));
    // Two hammers (two entries) and a scroll, and 23 more stacks: every letter a to z taken.
    let mut kinds = vec![hammer.kind, hammer.kind, scroll.kind];
    kinds.extend(
        (0..table.items().len())
            .filter(|&k| k != hammer.kind && k != scroll.kind && !table.items()[k].must_find)
            .filter(|&k| table.effect(k) != Some(delve_levels::loot::Effect::Gold))
            .take(23),
    );
    run.stage().carry(kinds);
    assert_eq!(run.lettered_inventory().len(), 26, "a to z");
    let turns = run.turns();
    let outcomes = run.apply(PlayerAction::UseOn(
        slot_of(&run, scroll),
        slot_of(&run, hammer),
    ));
    // Each hammer has its own letter (none stacks), so the one enchanted keeps it.
    assert!(
        notices(&outcomes).iter().any(|n| n.contains("glows")),
        "{:?}",
        notices(&outcomes)
    );
    assert!(run.turns() > turns, "a turn");
    let pluses = |plus: u32| {
        (run.inventory().iter())
            .filter(|i| i.kind == hammer.kind && i.plus == plus)
            .count()
    };
    assert_eq!((pluses(0), pluses(1)), (1, 1));
    assert_eq!(
        run.lettered_inventory().len(),
        25,
        "no letter more, the scroll's gone"
    );
    assert_eq!(run.carried_of_kind(scroll.kind), 0, "the scroll read");
}
