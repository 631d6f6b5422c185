//! The bugs a whole-run playtest found in play between the fights, each held by a test:
//! an identification noted on the depth where the item was used, a thrown thing that
//! struck a creature in view landing in view, the blow told before the waking, a
//! diagonal blow into a doorway, summoned things teaching nothing, the win said as it
//! happened, and letters that come back with their items.

use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;
use delve_rules::run::{NoteKind, PlayerAction, RunState};

use super::support::{
    floor_in_view, notices, put_monster, said, with_monsters, with_monsters_staying,
};

fn kind(run: &RunState, name: &str) -> usize {
    run.campaign().loot_table().index_of(name).unwrap()
}

fn letter_slot(run: &RunState, item: usize) -> Option<u8> {
    (run.fight().letters.iter()).find_map(|(&c, &k)| (k.kind == item).then_some(c as u8 - b'a'))
}

/// A run of `seed` with no monsters about and no arrivals.
fn alone(seed: u64) -> RunState {
    let mut run = with_monsters_staying(seed);
    run.stage().clear_monsters();
    run
}

#[test]
fn a_potion_of_descent_is_noted_identified_on_the_depth_where_it_was_drunk() {
    let mut run = alone(3);
    let descent = kind(&run, "potion of descent");
    run.stage().carry(vec![descent]).mark_found(1);
    let slot = letter_slot(&run, descent).unwrap();
    run.apply(PlayerAction::Use(slot));
    assert_eq!(run.depth(), 2, "fell through");
    let note = (run.chronicle().notes.iter())
        .find(|n| n.kind == NoteKind::Identified)
        .expect("noted");
    assert_eq!(note.depth, 1, "{note:?}");
}

#[test]
fn a_thrown_dagger_that_strikes_a_creature_in_view_lands_in_view() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = alone(seed);
        let Some(at) = floor_in_view(&run, 3) else {
            continue;
        };
        let player = run.player();
        put_monster(&mut run, "ogre", at, Mind::Hunting(player));
        let dagger = kind(&run, "dagger");
        run.stage().carry(vec![dagger; 6]);
        let slot = letter_slot(&run, dagger).unwrap();
        let before = run.level().items.clone();
        let outcomes = run.apply(PlayerAction::Throw(slot, at));
        let struck = said(&outcomes, "The dagger hits the ogre");
        if !struck {
            continue;
        }
        assert!(
            !said(&outcomes, "lands out of sight"),
            "seed {seed}: {:?}",
            notices(&outcomes)
        );
        let lying = (run.level().items.iter())
            .find(|i| !before.contains(i))
            .expect("it lies");
        assert!(
            run.level().in_view(lying.pos),
            "seed {seed}: at {}",
            lying.pos
        );
        tested += 1;
    }
    assert!(tested >= 3, "only {tested} daggers struck");
}

#[test]
fn a_sneak_attack_is_told_before_the_sleeper_wakes() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = alone(seed);
        let Some(at) = floor_in_view(&run, 1) else {
            continue;
        };
        put_monster(&mut run, "ogre", at, Mind::Asleep);
        let (dx, dy) = (at.x - run.player().x, at.y - run.player().y);
        let outcomes = run.apply(PlayerAction::Move(dx, dy));
        let lines = notices(&outcomes);
        let blow = lines.iter().position(|l| l.contains("unawares"));
        let woke = lines.iter().position(|l| l.contains("wakes up"));
        if let (Some(blow), Some(woke)) = (blow, woke) {
            assert!(blow < woke, "seed {seed}: {lines:?}");
            assert!(
                matches!(run.level().monsters[0].mind, Mind::Hunting(_)),
                "seed {seed}: woken, it hunts"
            );
            tested += 1;
        }
    }
    assert!(tested >= 5, "only {tested} ogres survived the blow");
}

#[test]
fn a_diagonal_blow_at_a_monster_in_a_doorway_lands_and_takes_a_turn() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = alone(seed);
        let Some(at) = floor_in_view(&run, 1) else {
            continue;
        };
        // A diagonal neighbour: the floor in view, or else the corner tile (1, 1).
        let player = run.player();
        let diagonal = |p: Pos| p.x != player.x && p.y != player.y;
        let corner = player.offset(1, 1);
        let door = if diagonal(at) {
            at
        } else if run.level().level.tiles.get(corner) == Some(Tile::Floor) {
            corner
        } else {
            continue;
        };
        run.stage().lay(door, Tile::Door);
        put_monster(&mut run, "kobold", door, Mind::Hunting(player));
        let turns = run.turns();
        let outcomes = run.apply(PlayerAction::Move(door.x - player.x, door.y - player.y));
        assert!(
            run.turns() > turns,
            "seed {seed}: no turn: {:?}",
            notices(&outcomes)
        );
        assert!(
            said(&outcomes, "the kobold"),
            "seed {seed}: nothing said: {:?}",
            notices(&outcomes)
        );
        tested += 1;
    }
    assert!(tested >= 5);
}

#[test]
fn a_summoned_blade_killed_gives_no_experience() {
    let mut tested = 0;
    for seed in 0..20 {
        let mut run = alone(seed);
        let Some(at) = floor_in_view(&run, 1) else {
            continue;
        };
        let player = run.player();
        put_monster(&mut run, "spectral blade", at, Mind::Hunting(player));
        let mut blade = run.level().monsters[0];
        blade.fades_at = Some(run.turns() + 12);
        blade.hp = 1;
        run.stage().set_monsters(vec![blade]);
        let xp = run.fight().xp;
        let (dx, dy) = (at.x - run.player().x, at.y - run.player().y);
        for _ in 0..10 {
            if run.level().monsters.is_empty() || run.end().is_some() {
                break;
            }
            run.apply(PlayerAction::Move(dx, dy));
        }
        if run.level().monsters.is_empty() && run.end().is_none() {
            assert_eq!(run.fight().xp, xp, "seed {seed}: a blade taught something");
            tested += 1;
        }
    }
    assert!(tested >= 5);
}

#[test]
fn a_thrown_dagger_comes_back_to_its_own_letter() {
    let mut run = alone(2);
    let (dagger, potion, scroll) = (
        kind(&run, "dagger"),
        kind(&run, "potion of healing"),
        kind(&run, "scroll of identify"),
    );
    run.stage().carry(vec![potion, dagger, scroll]);
    let letter = letter_slot(&run, dagger).unwrap();
    let Some(at) = floor_in_view(&run, 2) else {
        panic!("room to throw");
    };
    run.apply(PlayerAction::Throw(letter, at));
    assert_eq!(letter_slot(&run, dagger), None, "the last one thrown");
    // Something new picked up meanwhile takes another letter, not the dagger's.
    let here = run.player();
    run.stage().remove_item_at(here);
    let wand = kind(&run, "wand of striking");
    run.stage().put_item(here, wand);
    run.apply(PlayerAction::PickUp);
    assert_ne!(letter_slot(&run, wand), Some(letter));
    // Fetched back, the dagger has its letter again; the others never moved.
    let lying = run
        .level()
        .items
        .iter()
        .find(|i| i.item == dagger)
        .unwrap()
        .pos;
    run.stage().put_player(lying);
    run.apply(PlayerAction::PickUp);
    assert_eq!(letter_slot(&run, dagger), Some(letter));
    assert_eq!(letter_slot(&run, potion), Some(0));
    assert_eq!(letter_slot(&run, scroll), Some(2));
}

#[test]
fn a_won_run_is_said_to_have_escaped_the_dungeon_not_carried_a_rune() {
    let mut run = with_monsters(1);
    run.stage()
        .clear_monsters()
        .set_final_depth(1)
        .mark_found(1);
    let down = run.level().level.down;
    run.stage().put_player(down);
    let outcomes = run.apply(PlayerAction::Descend);
    assert!(run.end().is_some(), "{:?}", notices(&outcomes));
    let texts: Vec<&str> = run
        .chronicle()
        .notes
        .iter()
        .map(|n| n.text.as_str())
        .collect();
    assert!(
        texts.contains(&"Escaped the dungeon: won the run."),
        "{texts:?}"
    );
    assert!(
        !texts.iter().any(|t| t.contains("with the rune")),
        "{texts:?}"
    );
}

#[test]
fn digging_or_sinking_through_a_depth_whose_rune_is_not_found_is_warded() {
    for name in ["wand of digging", "potion of descent"] {
        let mut run = alone(3);
        let item = kind(&run, name);
        run.stage().carry(vec![item, item]);
        let slot = letter_slot(&run, item).unwrap();
        let outcomes = run.apply(PlayerAction::Use(slot));
        assert_eq!(run.depth(), 1, "{name}: {:?}", notices(&outcomes));
        assert!(
            said(&outcomes, "warded until you find its"),
            "{name}: {:?}",
            notices(&outcomes)
        );
        // Its rune found, the floor gives.
        run.stage().mark_found(1);
        let slot = letter_slot(&run, item).unwrap();
        run.apply(PlayerAction::Use(slot));
        assert_eq!(run.depth(), 2, "{name}");
    }
}

/// Each carried item's letter, by letter.
fn letters_of(run: &RunState) -> Vec<(char, usize)> {
    (run.lettered_inventory().into_iter())
        .map(|l| (l.letter, l.kind))
        .collect()
}

#[test]
fn letters_stay_put_when_a_stack_is_used_up_thrown_or_stolen_and_come_back_with_their_kind() {
    let mut tested = 0;
    for mut run in super::support::arenas(6) {
        let (potion, dagger, ration, scroll, wand) = (
            kind(&run, "potion of healing"),
            kind(&run, "dagger"),
            kind(&run, "food ration"),
            kind(&run, "scroll of identify"),
            kind(&run, "wand of striking"),
        );
        run.stage()
            .clear_items()
            .carry(vec![potion, dagger, ration, scroll]);
        assert_eq!(
            letters_of(&run),
            vec![('a', potion), ('b', dagger), ('c', ration), ('d', scroll)]
        );
        // Used up: `a` names nothing now; the others keep theirs.
        run.apply(PlayerAction::Use(0));
        assert_eq!(
            letters_of(&run),
            vec![('b', dagger), ('c', ration), ('d', scroll)]
        );
        assert_eq!(run.item_under_letter(0), None, "`a` names nothing");
        // Thrown, the last dagger: `b` names nothing; the others keep theirs.
        let at = floor_in_view(&run, 2).expect("open ground");
        run.apply(PlayerAction::Throw(1, at));
        assert_eq!(letters_of(&run), vec![('c', ration), ('d', scroll)]);
        // Stolen: what is left keeps its letter.
        let monkey = super::support::hunter(&run, "monkey", (1, 0), 0);
        run.stage().set_monsters(vec![monkey]);
        let mut stolen = None;
        for _ in 0..60 {
            let outcomes = run.apply(PlayerAction::Wait);
            if said(&outcomes, "The monkey snatches your") {
                stolen = Some(outcomes);
                break;
            }
        }
        if stolen.is_none() {
            continue;
        }
        let left = letters_of(&run);
        assert_eq!(left.len(), 1, "{left:?}");
        assert!(
            left == vec![('c', ration)] || left == vec![('d', scroll)],
            "{left:?}"
        );
        // A new kind takes the lowest letter no stack has or had: not `a` (the
        // potions' letter) nor `b` (the dagger's), nor the stolen one's.
        run.stage().set_monsters(Vec::new());
        let here = run.player();
        run.stage().remove_item_at(here).put_item(here, wand);
        run.apply(PlayerAction::PickUp);
        assert!(
            letters_of(&run).contains(&('e', wand)),
            "{:?}",
            letters_of(&run)
        );
        // The next potion of healing found is under `a` again.
        run.stage().remove_item_at(here).put_item(here, potion);
        run.apply(PlayerAction::PickUp);
        assert!(
            letters_of(&run).contains(&('a', potion)),
            "{:?}",
            letters_of(&run)
        );
        assert!(left.iter().all(|l| letters_of(&run).contains(l)));
        tested += 1;
    }
    assert!(tested >= 2, "a theft in only {tested} arenas");
}
