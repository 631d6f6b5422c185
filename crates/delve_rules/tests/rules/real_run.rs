//! A real run's small rules, through the run model: travel and rest stop for what comes
//! into view and not for what keeps away; inventory letters stay with their items over
//! use and drop; gold goes to the purse; two rings; healing says what happened; the
//! must-find item of every level opens its stairs (over many seeds of every generator);
//! confusion shows and stops travel; designer runs are marked; the look command names
//! what it sees; older saves load into the new rules.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::GeneratorKind;
use delve_levels::grid::{KING, Pos};
use delve_levels::key::LevelKey;
use delve_levels::monsters::{Mind, Monster};
use delve_rules::run::{Outcome, PlayerAction, Rules, RunState};
use delve_rules::view::{describe, end_screen, inventory_lines, status_line, status_line_within};

use super::support::{
    alone_with, floor_in_view, monster, monster_kind, said, with_monsters, with_monsters_staying,
};
use delve_levels::loot::Item;

fn item(run: &RunState, name: &str) -> usize {
    run.campaign().loot_table().index_of(name).unwrap()
}

/// Gives the player these items as if picked up (lettered in this order).
fn carry(run: &mut RunState, kinds: &[usize]) {
    for &kind in kinds {
        let at = run.player();
        run.stage().remove_item_at(at);
        run.stage().put_item(at, kind);
        run.apply(PlayerAction::PickUp);
    }
}

#[test]
fn exploring_goes_on_with_a_fleeing_monster_in_view() {
    let mut tested = 0;
    for seed in 0..20 {
        let run = with_monsters(seed);
        let Some(at) = floor_in_view(&run, 5) else {
            continue;
        };
        // A rat at a quarter of its hit points: a coward that runs.
        let rat = Monster {
            id: 0,
            kind: monster_kind("rat"),
            pos: at,
            hp: 1,
            mind: Mind::Hunting(run.player()),
            ..Default::default()
        };
        let mut run = alone_with(run, Some(rat));
        assert_eq!(run.nearest_threat(), None, "seed {seed}: a fleeing rat");
        let turns = run.turns();
        let outcomes = run.apply(PlayerAction::Explore);
        assert!(!said(&outcomes, "Not with"), "seed {seed}: {outcomes:?}");
        assert!(
            run.turns() > turns || said(&outcomes, "Explored"),
            "seed {seed}: {outcomes:?}"
        );
        tested += 1;
    }
    assert!(tested >= 10, "only {tested} seeds had room");
}

#[test]
fn travel_refuses_to_start_with_a_hunter_in_view() {
    let run = with_monsters(2);
    let at = floor_in_view(&run, 4).expect("room in view");
    let troll = Monster {
        id: 0,
        kind: monster_kind("troll"),
        pos: at,
        hp: 30,
        mind: Mind::Hunting(run.player()),
        ..Default::default()
    };
    let mut run = alone_with(run, Some(troll));
    let turns = run.turns();
    let outcomes = run.apply(PlayerAction::Explore);
    assert!(said(&outcomes, "Not with the troll"), "{outcomes:?}");
    assert_eq!(run.turns(), turns);
}

#[test]
fn rest_heals_to_full_and_stops_when_a_monster_comes_into_view() {
    let run = with_monsters_staying(7);
    let mut run = alone_with(run, None);
    run.stage().set_hit_points(10);
    let outcomes = run.apply(PlayerAction::Rest);
    let fight = run.fight();
    assert_eq!(fight.hp, fight.max_hp, "{outcomes:?}");
    assert!(said(&outcomes, "fully rested"), "{outcomes:?}");
    assert!(run.turns() >= 9 * 20, "healing 20 HP takes 180 turns");
    let outcomes = run.apply(PlayerAction::Rest);
    assert!(said(&outcomes, "rested already"));

    // Hurt again, with a wanderer walking in from out of sight.
    let mut tested = 0;
    for seed in 0..20 {
        let run = with_monsters(seed);
        let tiles = run.level().level.tiles.clone();
        // A rat out of sight, hunting the player: it walks into view.
        let Some(at) = tiles.positions().find(|&p| {
            tiles.is_walkable(p)
                && !run.level().in_view(p)
                && p.chebyshev(run.player()) > 10
                && p.chebyshev(run.player()) < 20
        }) else {
            continue;
        };
        let rat = Monster {
            id: 0,
            kind: monster_kind("rat"),
            pos: at,
            hp: 4,
            mind: Mind::Hunting(run.player()),
            ..Default::default()
        };
        let mut run = alone_with(run, Some(rat));
        run.stage().set_hit_points(3);
        let outcomes = run.apply(PlayerAction::Rest);
        if run.monster_in_view() {
            assert!(
                said(&outcomes, "You see a rat"),
                "seed {seed}: {outcomes:?}"
            );
            assert!(outcomes.contains(&Outcome::Disturbed));
            let fight = run.fight();
            assert!(
                fight.hp < fight.max_hp,
                "seed {seed}: stopped before healed"
            );
            tested += 1;
        }
    }
    assert!(tested >= 5, "only {tested} rats came into view");
}

#[test]
fn letters_stay_with_their_items_over_use_and_drop() {
    let mut run = alone_with(with_monsters(3), None);
    let potion = item(&run, "potion of healing");
    let food = item(&run, "food ration");
    let dagger = item(&run, "dagger");
    carry(&mut run, &[potion, food, dagger]);
    let letter_of = |run: &RunState, kind: usize| {
        run.lettered_inventory()
            .into_iter()
            .find(|l| l.kind == kind)
            .map(|l| l.letter)
    };
    assert_eq!(letter_of(&run, potion), Some('a'));
    assert_eq!(letter_of(&run, food), Some('b'));
    assert_eq!(letter_of(&run, dagger), Some('c'));
    // Drink the potion (a): the food and the dagger keep b and c.
    run.apply(PlayerAction::Use(0));
    assert_eq!(letter_of(&run, potion), None);
    assert_eq!(letter_of(&run, food), Some('b'));
    assert_eq!(letter_of(&run, dagger), Some('c'));
    assert!(inventory_lines(&run)[0].starts_with("b) % food ration"));
    // `a c` still wields the dagger.
    run.apply(PlayerAction::Use(2));
    assert_eq!(run.fight().weapon, Some(Item::plain(dagger)));
    // Drop the food (b) on free floor: the dagger keeps c; a new kind takes the first
    // letter no kind has or had (`a` stays the potions', `b` the food's).
    let free = KING
        .iter()
        .map(|&(dx, dy)| run.player().offset(dx, dy))
        .find(|&p| run.level().can_drop_at(p))
        .expect("free floor next to the player");
    run.stage().put_player(free);
    let outcomes = run.apply(PlayerAction::Drop(1));
    assert!(said(&outcomes, "You drop a food ration"), "{outcomes:?}");
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == free && i.item == food)
    );
    assert_eq!(letter_of(&run, dagger), Some('c'));
    let scroll = item(&run, "scroll of magic mapping");
    let next = KING
        .iter()
        .map(|&(dx, dy)| free.offset(dx, dy))
        .find(|&p| run.level().can_drop_at(p))
        .expect("more free floor");
    run.stage().put_player(next);
    carry(&mut run, &[scroll]);
    assert_eq!(letter_of(&run, scroll), Some('d'));
    // The next potion of healing is under `a` again.
    carry(&mut run, &[potion]);
    assert_eq!(letter_of(&run, potion), Some('a'));
    // Dropping the wielded dagger puts it away first.
    let outcomes = run.apply(PlayerAction::Drop(2));
    assert!(said(&outcomes, "put away and drop"), "{outcomes:?}");
    assert_eq!(run.fight().weapon, None);
}

/// A free floor tile next to `at`.
fn free_next_to(run: &RunState, at: Pos) -> Pos {
    KING.iter()
        .map(|&(dx, dy)| at.offset(dx, dy))
        .find(|&p| run.level().can_drop_at(p))
        .expect("free floor nearby")
}

/// Two daggers and two armours alike are four entries (none stacks): dropping the
/// spare under its own letter keeps the one in use, and the one in use goes with its
/// verb.
#[test]
fn dropping_a_spare_keeps_the_one_in_use() {
    let mut run = alone_with(with_monsters(3), None);
    let dagger = item(&run, "dagger");
    let armour = item(&run, "leather armour");
    carry(&mut run, &[dagger, dagger, armour, armour]);
    assert_eq!(
        inventory_lines(&run).len(),
        4,
        "{:?}",
        inventory_lines(&run)
    );
    run.apply(PlayerAction::Use(0));
    run.apply(PlayerAction::Use(2));
    let stand = free_next_to(&run, run.player());
    run.stage().put_player(stand);
    let outcomes = run.apply(PlayerAction::Drop(1));
    assert!(said(&outcomes, "You drop a dagger"), "{outcomes:?}");
    let stand = free_next_to(&run, run.player());
    run.stage().put_player(stand);
    let outcomes = run.apply(PlayerAction::Drop(3));
    assert!(said(&outcomes, "You drop leather armour"), "{outcomes:?}");
    let fight = run.fight();
    assert_eq!(
        (fight.weapon, fight.armour),
        (Some(Item::plain(dagger)), Some(Item::plain(armour)))
    );
    let stand = free_next_to(&run, run.player());
    run.stage().put_player(stand);
    let outcomes = run.apply(PlayerAction::Drop(2));
    assert!(
        said(&outcomes, "You take off and drop leather armour"),
        "{outcomes:?}"
    );
}

#[test]
fn exploring_leaves_dropped_items_where_they_lie() {
    let mut run = alone_with(with_monsters(10), None);
    let dagger = item(&run, "dagger");
    carry(&mut run, &[dagger]);
    let spot = free_next_to(&run, run.player());
    run.stage().put_player(spot);
    run.apply(PlayerAction::Drop(0));
    for _ in 0..300 {
        let outcomes = run.apply(PlayerAction::Explore);
        assert!(!said(&outcomes, "You pick up a dagger"), "{outcomes:?}");
        if said(&outcomes, "Explored") {
            break;
        }
    }
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == spot && i.item == dagger)
    );
}

/// Two wands alike are two entries, each with its own charges: zapping one leaves the
/// other's whole.
#[test]
fn two_wands_alike_each_show_their_own_charges() {
    let mut run = alone_with(with_monsters(9), None);
    let wand = item(&run, "wand of striking");
    carry(&mut run, &[wand, wand]);
    // Unknown, no charges show; nothing in view to strike, each zap fizzes a charge
    // (and the first names the wand).
    assert!(
        !inventory_lines(&run)[0].contains("charges"),
        "{:?}",
        inventory_lines(&run)
    );
    run.apply(PlayerAction::Use(0));
    run.apply(PlayerAction::Use(0));
    let lines = inventory_lines(&run);
    assert!(
        lines[0].ends_with("wand of striking (2 charges)"),
        "{lines:?}"
    );
    assert!(
        lines[1].ends_with("wand of striking (4 charges)"),
        "{lines:?}"
    );
}

#[test]
fn only_the_ring_of_searching_shows_the_treasure() {
    let mut run = alone_with(with_monsters(6), None);
    let searching = item(&run, "ring of searching");
    let protection = item(&run, "ring of protection");
    carry(&mut run, &[searching, protection]);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert!(said(&outcomes, "where the treasure lies"), "{outcomes:?}");
    let outcomes = run.apply(PlayerAction::Use(1));
    assert!(!said(&outcomes, "where the treasure lies"), "{outcomes:?}");
}

#[test]
fn eating_and_identifying_say_what_happened() {
    let mut run = alone_with(with_monsters(1), None);
    let food = item(&run, "food ration");
    let scroll = item(&run, "scroll of identify");
    let potion = item(&run, "potion of extra healing");
    carry(&mut run, &[food, scroll, potion]);
    let outcomes = run.apply(PlayerAction::Use(0));
    // At full health and fed: the meal is eaten, and said to be mostly wasted.
    assert!(said(&outcomes, "You eat a food ration."), "{outcomes:?}");
    assert!(said(&outcomes, "much of it is wasted"), "{outcomes:?}");
    assert!(!said(&outcomes, "(0 HP)"));
    let outcomes = run.apply(PlayerAction::Use(1));
    let told = outcomes.iter().find_map(|o| match o {
        Outcome::Notice(t) if t.contains("is a potion of extra healing") => Some(t.clone()),
        _ => None,
    });
    let told = told.expect("the scroll names the potion");
    assert!(!told.contains("(unidentified)"), "{told}");
}

#[test]
fn walking_to_the_stairs_says_when_there() {
    let mut run = alone_with(with_monsters(3), None);
    run.stage().remember_everything();
    let mut told = false;
    for _ in 0..20 {
        let outcomes = run.apply(PlayerAction::Descend);
        told |= said(&outcomes, "You are on the stairs down (> takes them)");
        if run.player() == run.level().level.down {
            break;
        }
    }
    let outcomes = run.apply(PlayerAction::Descend);
    assert!(told || said(&outcomes, "sealed"), "{outcomes:?}");
    assert!(told, "arriving was told");
}

/// A step of the player and a walkable tile that step brings into view, at Chebyshev
/// distance `distance` from where the step ends.
fn a_step_that_reveals(run: &RunState, distance: i32) -> Option<((i32, i32), Pos)> {
    let tiles = &run.level().level.tiles;
    KING.iter().find_map(|&(dx, dy)| {
        let to = run.player().offset(dx, dy);
        if !tiles.is_walkable(to) {
            return None;
        }
        let mut moved = run.clone();
        moved.stage().put_player(to);
        tiles
            .positions()
            .find(|&p| {
                tiles.is_walkable(p)
                    && p != to
                    && p != run.player()
                    && !run.level().in_view(p)
                    && moved.level().in_view(p)
                    && p.chebyshev(to) == distance
            })
            .map(|p| ((dx, dy), p))
    })
}

#[test]
fn a_monster_seen_before_comes_back_into_view_as_news_only_when_hunting() {
    let (mut hunted, mut fled) = (0, 0);
    for seed in 0..40 {
        let run = with_monsters(seed);
        let Some(((dx, dy), at)) = a_step_that_reveals(&run, 5) else {
            continue;
        };
        for hunting in [true, false] {
            // A rat seen before: hunting the player at full health, or fleeing at 1 HP.
            let rat = Monster {
                id: 3,
                kind: monster_kind("rat"),
                pos: at,
                hp: if hunting { 4 } else { 1 },
                mind: Mind::Hunting(run.player()),
                ..Default::default()
            };
            let mut run = alone_with(run.clone(), Some(rat));
            run.stage().notice_monster(3);
            let outcomes = run.apply(PlayerAction::Move(dx, dy));
            if !run.monster_in_view() {
                continue;
            }
            if hunting {
                assert!(
                    said(&outcomes, "The rat comes back into view"),
                    "{outcomes:?}"
                );
                assert!(outcomes.contains(&Outcome::Disturbed));
                hunted += 1;
            } else {
                assert!(
                    !said(&outcomes, "rat"),
                    "a fleeing rat seen before: {outcomes:?}"
                );
                assert!(!outcomes.contains(&Outcome::Disturbed));
                fled += 1;
            }
        }
    }
    assert!(
        hunted >= 5 && fled >= 5,
        "{hunted} hunting, {fled} fleeing rats came into view"
    );
}

#[test]
fn you_see_a_monster_before_it_attacks() {
    let mut tested = 0;
    for seed in 0..300 {
        // Away from the stairs' clear ground, where corners hide things close by.
        let mut run = alone_with(with_monsters_staying(seed), None);
        let mut found = None;
        for _ in 0..8 {
            run.apply(PlayerAction::Explore);
            found = a_step_that_reveals(&run, 1);
            if found.is_some() {
                break;
            }
        }
        let Some(((dx, dy), at)) = found else {
            continue;
        };
        // A jackal revealed round a corner, next to the player: it bites in the same
        // turn.
        let jackal = Monster {
            id: 0,
            kind: monster_kind("jackal"),
            pos: at,
            hp: 7,
            mind: Mind::Hunting(run.player()),
            ..Default::default()
        };
        let mut run = alone_with(run, Some(jackal));
        let outcomes = run.apply(PlayerAction::Move(dx, dy));
        let seen = outcomes
            .iter()
            .position(|o| matches!(o, Outcome::Notice(t) if t.starts_with("You see a jackal")));
        let attacked = outcomes.iter().position(|o| {
            matches!(o, Outcome::Notice(t) if t.starts_with("The jackal hits") || t.starts_with("The jackal misses"))
        });
        if let (Some(seen), Some(attacked)) = (seen, attacked) {
            assert!(seen < attacked, "seed {seed}: {outcomes:?}");
            tested += 1;
        }
    }
    assert!(tested >= 3, "only {tested} jackals came into view and bit");
}

#[test]
fn a_dropped_item_stays_where_it_was_dropped_when_the_player_comes_back() {
    let mut run = alone_with(with_monsters(8), None);
    let dagger = item(&run, "dagger");
    carry(&mut run, &[dagger]);
    let outcomes = run.apply(PlayerAction::Drop(0));
    assert!(
        said(&outcomes, "cannot drop anything here"),
        "on the stairs: {outcomes:?}"
    );
    let spot = KING
        .iter()
        .map(|&(dx, dy)| run.player().offset(dx, dy))
        .find(|&p| run.level().can_drop_at(p))
        .expect("free floor next to the stairs");
    run.stage().put_player(spot);
    let outcomes = run.apply(PlayerAction::Drop(0));
    assert!(said(&outcomes, "You drop a dagger"), "{outcomes:?}");
    // Down the stairs and back up.
    run.stage().mark_found(1);
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), 2);
    let stand = run.level().level.up;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Ascend);
    assert_eq!(run.depth(), 1);
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == spot && i.item == dagger),
        "the dagger lies where it was dropped"
    );
    // And through a save.
    let restored = RunState::restore(run.snapshot()).unwrap();
    assert_eq!(restored.level().items, run.level().items);
}

#[test]
fn gold_goes_to_the_purse_not_the_inventory() {
    let mut run = alone_with(with_monsters(4), None);
    let gold = item(&run, "gold pieces");
    carry(&mut run, &[gold, gold]);
    assert!(run.inventory().is_empty());
    assert!(run.gold() >= 2 * 9, "two heaps of at least 9 on depth 1");
    assert!(status_line(&run).contains(&format!("${}", run.gold())));
    assert!(inventory_lines(&run).is_empty());
}

#[test]
fn a_second_ring_goes_on_the_other_hand_and_a_third_is_refused() {
    let mut run = alone_with(with_monsters(6), None);
    let protection = item(&run, "ring of protection");
    let regeneration = item(&run, "ring of regeneration");
    let searching = item(&run, "ring of searching");
    carry(&mut run, &[protection, regeneration, searching]);
    let defence = run.player_fighter().defence;
    run.apply(PlayerAction::Use(0));
    run.apply(PlayerAction::Use(1));
    let fight = run.fight();
    assert_eq!(
        (fight.ring, fight.second_ring),
        (
            Some(Item::plain(protection)),
            Some(Item::plain(regeneration))
        )
    );
    assert_eq!(
        run.player_fighter().defence,
        defence + 3,
        "the first stays on"
    );
    let turns = run.turns();
    let outcomes = run.apply(PlayerAction::Use(2));
    assert!(
        said(&outcomes, "a ring on each hand already"),
        "{outcomes:?}"
    );
    assert_eq!(run.turns(), turns, "refusing takes no turn");
    // Taking one off frees its hand for the third.
    run.apply(PlayerAction::Use(0));
    run.apply(PlayerAction::Use(2));
    let fight = run.fight();
    assert_eq!(
        (fight.ring, fight.second_ring),
        (
            Some(Item::plain(searching)),
            Some(Item::plain(regeneration))
        )
    );
    let lines = inventory_lines(&run);
    assert!(
        lines.iter().filter(|l| l.ends_with("(worn)")).count() == 2,
        "{lines:?}"
    );
}

#[test]
fn a_known_wand_shows_its_charges() {
    let mut run = alone_with(with_monsters(9), None);
    let wand = item(&run, "wand of striking");
    carry(&mut run, &[wand]);
    assert!(
        !inventory_lines(&run)[0].contains("charges"),
        "unknown: no charges"
    );
    run.apply(PlayerAction::Use(0)); // fizzes (nothing in view), and identifies
    let line = &inventory_lines(&run)[0];
    assert!(line.contains("wand of striking (3 charges)"), "{line}");
}

#[test]
fn healing_at_full_health_says_the_most_hit_points_rose() {
    let mut run = alone_with(with_monsters(1), None);
    let potion = item(&run, "potion of healing");
    carry(&mut run, &[potion, potion]);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert!(
        said(
            &outcomes,
            "already at full health; you feel stronger: 31 most hit points"
        ),
        "{outcomes:?}"
    );
    assert!(!said(&outcomes, "(0 HP)"));
    run.stage().set_hit_points(10);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert!(
        said(&outcomes, "You feel better (+12 HP, 22/31)"),
        "{outcomes:?}"
    );
}

#[test]
fn confusion_shows_on_the_status_line_and_stops_travel() {
    let mut run = alone_with(with_monsters(5), None);
    let potion = item(&run, "potion of confusion");
    carry(&mut run, &[potion, potion]);
    run.apply(PlayerAction::Use(0));
    assert!(run.confused());
    assert!(
        status_line(&run).contains("Confused (8)"),
        "{}",
        status_line(&run)
    );
    let turns = run.turns();
    let outcomes = run.apply(PlayerAction::Explore);
    assert!(said(&outcomes, "too confused"), "{outcomes:?}");
    assert_eq!(run.turns(), turns);
}

#[test]
fn the_status_line_keeps_what_matters_on_a_narrow_terminal() {
    let mut run = alone_with(with_monsters(5), None);
    run.stage().set_turns(2068);
    run.stage().set_hit_points(7);
    run.stage().confuse_until(2073);
    for width in [40, 70, 90, 120] {
        let line = status_line_within(&run, width);
        assert!(line.chars().count() <= width, "{width}: {line}");
        for must in ["Depth 1", "HP 7/30", "Confused (5)", "turn 2068"] {
            assert!(line.contains(must), "{width}: {must:?} cut from {line:?}");
        }
    }
    assert!(status_line_within(&run, 200).contains("key "));
}

#[test]
fn designer_tools_mark_the_run_on_the_status_line_and_the_end_screen() {
    let mut run = alone_with(with_monsters(5), None);
    assert!(!status_line(&run).contains("DESIGNER"));
    run.apply(PlayerAction::Regenerate);
    assert!(run.designer_run());
    assert!(status_line(&run).contains("DESIGNER RUN"));
    run.stage().end_run(delve_rules::run::RunEnd::Died {
        cause: "killed by a test".into(),
    });
    let screen = end_screen(&run).unwrap().join("\n");
    assert!(screen.contains("A designer run"), "{screen}");
    // It survives a save.
    assert!(RunState::restore(run.snapshot()).unwrap().designer_run());
}

#[test]
fn look_names_a_monster_with_its_hit_points_and_what_it_does() {
    let run = with_monsters(2);
    let at = floor_in_view(&run, 3).expect("room in view");
    let jackal = Monster {
        id: 0,
        kind: monster_kind("jackal"),
        pos: at,
        hp: 4,
        mind: Mind::Hunting(run.player()),
        ..Default::default()
    };
    let run = alone_with(run, Some(jackal));
    assert_eq!(
        describe(&run, at),
        "A jackal (4/7 HP), hunting you, on floor."
    );
    assert!(describe(&run, run.player()).starts_with("You, on"));
    let tiles = &run.level().level.tiles;
    let unseen = tiles
        .positions()
        .find(|&p| !run.level().seen[tiles.index_of(p)])
        .unwrap();
    assert_eq!(describe(&run, unseen), "You have not seen that place.");
}

#[test]
fn a_monster_already_in_view_is_not_told_again() {
    let mut tested = 0;
    for seed in 0..20 {
        let run = with_monsters(seed);
        let Some(at) = floor_in_view(&run, 6) else {
            continue;
        };
        let mut run = alone_with(run, None);
        // Looking away is not possible; put the slug in view between turns instead.
        run.stage().add_monster(Monster {
            id: 7,
            kind: monster_kind("giant slug"),
            pos: at,
            hp: 1,
            mind: Mind::Wandering(0),
            ..Default::default()
        });
        let outcomes = run.apply(PlayerAction::Wait);
        assert!(!said(&outcomes, "You see"), "seen before the turn: not new");
        tested += 1;
    }
    assert!(tested > 5);
}

/// The stairs of every level of every generator are sealed until its must-find item is
/// picked up — which lies on a reachable tile — and open after.
#[test]
fn every_levels_must_find_item_opens_its_stairs_over_many_seeds_of_every_generator() {
    for kind in GeneratorKind::ALL {
        for seed in 0..40u64 {
            let campaign = CampaignConfig::builtin();
            let config = campaign.config_of_kind(kind);
            let depth = 1 + (seed % 5) as u32;
            let key = LevelKey::new(config, depth, seed).under(campaign.loot_table());
            let (mut run, start) = RunState::start(campaign, Some(key), Rules::Monsters).unwrap();
            run = alone_with(run, None);
            let rune = run
                .must_find_here()
                .unwrap_or_else(|| panic!("{kind} seed {seed}: no must-find item"));
            assert!(
                said(&start, "sealed until you find this level's rune of passage"),
                "{kind} seed {seed}: the rule is told on arrival"
            );
            let at = run
                .level()
                .items
                .iter()
                .find(|i| i.item == rune)
                .unwrap()
                .pos;
            let tiles = &run.level().level.tiles;
            let reach = delve_levels::dijkstra::DijkstraMap::toward(tiles, [run.level().level.up]);
            assert!(
                reach.value(at) < i32::MAX,
                "{kind} seed {seed}: unreachable"
            );
            let stand = run.level().level.down;
            run.stage().put_player(stand);
            let sealed = run.apply(PlayerAction::Descend);
            assert_eq!(
                run.depth(),
                depth,
                "{kind} seed {seed}: sealed stairs let through"
            );
            assert!(said(&sealed, "sealed"), "{kind} seed {seed}");
            run.stage().put_player(at);
            let taken = run.apply(PlayerAction::PickUp);
            assert!(
                said(&taken, "stairs down are open"),
                "{kind} seed {seed}: {taken:?}"
            );
            assert!(!run.stairs_sealed());
            let stand = run.level().level.down;
            run.stage().put_player(stand);
            run.apply(PlayerAction::Descend);
            assert_eq!(run.depth(), depth + 1, "{kind} seed {seed}: open stairs");
            assert!(
                run.stairs_sealed(),
                "{kind} seed {seed}: the next level is sealed"
            );
        }
    }
}

#[test]
fn an_older_save_with_gold_and_a_rune_carried_loads_into_the_purse_and_the_seal() {
    let mut run = alone_with(with_monsters(12), None);
    run.stage().mark_found(1);
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), 2);
    // A save as an older delve wrote it: gold and the rune in the inventory, no
    // letters, nothing found.
    let gold = item(&run, "gold pieces");
    let rune = item(&run, "rune of passage");
    let dagger = item(&run, "dagger");
    let mut save = run.snapshot();
    save.inventory = [gold, dagger, rune, gold].map(Item::plain).to_vec();
    // Older delves wrote no monster edition (their runs play the first one: no monster
    // of today's table stays on the levels).
    save.monster_edition = None;
    for level in save.levels.iter_mut().chain(save.remembered.iter_mut()) {
        level.monsters = Some(Vec::new());
    }
    let fight = save.fight.as_mut().unwrap();
    fight.schedule = delve_levels::schedule::Scheduler::new();
    fight.schedule.add(delve_levels::schedule::Actor::Player, 0);
    fight.letters.clear();
    fight.found.clear();
    fight.gold = 0;
    let text = ron::to_string(&save).unwrap();
    assert!(
        !text.contains("letters") && !text.contains("found"),
        "{text}"
    );
    let loaded = RunState::restore(ron::from_str(&text).unwrap()).unwrap();
    assert_eq!(loaded.inventory(), vec![Item::plain(dagger)]);
    assert_eq!(
        loaded.gold(),
        2 * delve_rules::run::save::GOLD_OF_AN_OLDER_SAVE
    );
    assert!(loaded.fight().has_found(1));
    assert_eq!(loaded.kind_under_letter(0), Some(dagger));
}

#[test]
fn a_save_of_generation_2_plays_the_first_loot_edition_and_keeps_two_alike_known() {
    let first = delve_levels::loot::first_edition_loot_table();
    let mut campaign = super::support::campaign(14);
    campaign = campaign.with_loot_table(first.clone());
    let mut run = RunState::start(campaign, None, Rules::Monsters).unwrap().0;
    run.stage().clear_monsters();
    let potion = first.index_of("potion of healing").unwrap();
    carry(&mut run, &[potion, potion]);
    assert!(
        !run.knowledge().knows(potion),
        "two alike tell nothing today"
    );
    // As an older delve wrote it: the embedded table (no own one held), generation 2
    // (not written).
    let mut save = run.snapshot();
    save.loot_table = None;
    save.generation = None;
    for level in save.levels.iter_mut().chain(save.remembered.iter_mut()) {
        let key = delve_levels::key::LevelKey::decode(&level.key).unwrap();
        level.key = key
            .in_generation(delve_levels::generator::Generation::Second)
            .encode();
    }
    let text = ron::to_string(&save).unwrap();
    let loaded = RunState::restore(ron::from_str(&text).unwrap()).unwrap();
    assert_eq!(loaded.campaign().loot_table(), first);
    assert!(loaded.knowledge().knows(potion), "known then, known now");
    // Saved today (generation 3, its table held), it stays unknown.
    let loaded = RunState::restore(run.snapshot()).unwrap();
    assert_eq!(loaded.campaign().loot_table(), first);
    assert!(!loaded.knowledge().knows(potion));
}

/// `schedule` (a turn schedule as RON) with its clock and every tick moved on by `by`.
fn schedule_moved_on(schedule: &str, by: u64) -> String {
    let mut out = String::new();
    let mut rest = schedule;
    // The clock (`now:`) and each queued entry's first number (its tick).
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let before = &rest[..at];
        let len = rest[at..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - at);
        let number: u64 = rest[at..at + len].parse().unwrap();
        out.push_str(before);
        let is_tick = before.ends_with("now:") || before.ends_with('(') && out.contains("queue:[");
        out.push_str(&if is_tick { number + by } else { number }.to_string());
        rest = &rest[at + len..];
    }
    out.push_str(rest);
    out
}

/// A forged change to a save, the words its refusal must use.
type Forgery = (
    &'static str,
    fn(&mut delve_rules::run::GameSave),
    &'static str,
);

#[test]
fn impossible_saves_are_refused_naming_what_is_wrong() {
    let mut run = alone_with(with_monsters(21), None);
    let potion = item(&run, "potion of healing");
    let dagger = item(&run, "dagger");
    carry(&mut run, &[potion, dagger]);
    run.apply(PlayerAction::Use(1));
    run.apply(PlayerAction::Wait);
    let good = run.snapshot();
    assert!(
        RunState::restore(good.clone()).is_ok(),
        "the real save loads"
    );
    let forgeries: Vec<Forgery> = vec![
        (
            "huge hit points",
            |s| {
                let f = s.fight.as_mut().unwrap();
                (f.hp, f.max_hp) = (u32::MAX, u32::MAX);
            },
            "most hit points",
        ),
        (
            "an item the table lacks",
            |s| s.inventory.push(Item::plain(9999)),
            "the inventory holds item 9999",
        ),
        (
            "a weapon not carried",
            |s| s.fight.as_mut().unwrap().weapon = Some(Item::plain(9999)),
            "wielded",
        ),
        (
            "a potion worn as a ring",
            |s| {
                let potion = delve_levels::loot::default_loot_table()
                    .index_of("potion of healing")
                    .unwrap();
                s.fight.as_mut().unwrap().ring = Some(Item::plain(potion));
            },
            "worn as a ring",
        ),
        (
            "a stranger in the schedule",
            |s| {
                s.fight
                    .as_mut()
                    .unwrap()
                    .schedule
                    .add(delve_levels::schedule::Actor::Monster(999), 5);
            },
            "not on the level",
        ),
        (
            "a campaign too wide",
            |s| {
                s.campaign.depths[1].set_size(Some(100_000), None);
            },
            "depth 2 of the campaign",
        ),
        (
            "the player in a wall",
            |s| s.position = delve_levels::grid::Pos::new(0, 0),
            "not open ground",
        ),
        (
            "experience of another level",
            |s| s.fight.as_mut().unwrap().xp = 500,
            "experience",
        ),
        (
            "confused for ever",
            |s| s.fight.as_mut().unwrap().confused_until = u64::MAX,
            "confused until",
        ),
        (
            "charges of a potion",
            |s| {
                let potion = delve_levels::loot::default_loot_table()
                    .index_of("potion of healing")
                    .unwrap();
                s.fight
                    .as_mut()
                    .unwrap()
                    .wand_charges_used
                    .insert(Item::plain(potion), 1);
            },
            "not a wand",
        ),
        (
            "a monster carrying an item the loot table lacks",
            |s| {
                let thief = Monster {
                    id: 77,
                    kind: 0,
                    pos: Pos::new(1, 1),
                    hp: 1,
                    mind: Mind::Wandering(0),
                    carries: Some(Item::plain(9999)),
                    ..Default::default()
                };
                s.levels[0]
                    .monsters
                    .get_or_insert_with(Vec::new)
                    .push(thief);
            },
            "carries item 9999",
        ),
        (
            "won on depth 1 of 10",
            |s| s.fight.as_mut().unwrap().end = Some(delve_rules::run::RunEnd::Won),
            "won on depth 1, but the way out is on depth 10",
        ),
        (
            "dead with hit points",
            |s| {
                s.fight.as_mut().unwrap().end = Some(delve_rules::run::RunEnd::Died {
                    cause: "killed by a rat".into(),
                })
            },
            "dead with 30 hit points",
        ),
        (
            "one most hit point at experience level 8",
            |s| {
                let fight = s.fight.as_mut().unwrap();
                (fight.level, fight.xp, fight.hp, fight.max_hp) =
                    (8, delve_rules::run::xp_for_level(8), 1, 1);
            },
            "1 most hit points at experience level 8",
        ),
        (
            "more kills chronicled than made",
            |s| {
                (s.chronicle.as_mut().unwrap().kills).insert("rat".into(), 5);
            },
            "the chronicle counts 5 kills",
        ),
        (
            "deepest depth 999",
            |s| s.chronicle.as_mut().unwrap().deepest = 999,
            "deepest depth is 999",
        ),
        (
            "a rune carried as an item",
            |s| {
                let rune = delve_levels::loot::default_loot_table()
                    .index_of("rune of passage")
                    .unwrap();
                s.inventory.push(Item::plain(rune));
            },
            "carries rune of passage as an item",
        ),
        (
            "100,000 items",
            |s| {
                let dart = delve_levels::loot::default_loot_table()
                    .index_of("dart")
                    .unwrap();
                s.inventory
                    .extend(std::iter::repeat_n(Item::plain(dart), 100_000));
            },
            "carries 100002 items",
        ),
        (
            "a rune found on a depth never visited",
            |s| s.fight.as_mut().unwrap().found = vec![7],
            "depth 7 was never visited",
        ),
        (
            "the most turns a count holds",
            |s| s.turns = u64::MAX,
            "turns (at most",
        ),
        (
            "one depth saved twice",
            |s| {
                let again = s.levels[0].clone();
                s.levels.push(again);
            },
            "depth 1 is saved twice",
        ),
        (
            "an item dropped off the map",
            |s| {
                s.levels[0]
                    .dropped
                    .push(delve_levels::loot::PlacedItem::plain(Pos::new(5000, 5), 0))
            },
            "a dropped item at (5000, 5), outside",
        ),
        (
            "a monster number past the most",
            |s| s.levels[0].noticed.push(u32::MAX),
            "monster number 4294967295 noticed",
        ),
        (
            "a turn schedule's clock at the most the old check let by",
            |s| {
                let fight = s.fight.as_mut().unwrap();
                let text = ron::to_string(&fight.schedule).unwrap();
                // Every tick moved on by the same far amount: in order, but at the end
                // of time.
                let far = u64::MAX / 2 - 1_000_000;
                let moved = schedule_moved_on(&text, far);
                fight.schedule = ron::from_str(&moved).unwrap();
            },
            "the turn schedule's clock is beyond any run",
        ),
        (
            "a campaign named with ten million characters",
            |s| s.campaign.name = "n".repeat(10_000_000),
            "the campaign's name or the run's start",
        ),
        (
            "a chronicle note of ten million characters",
            |s| s.chronicle.as_mut().unwrap().notes[0].text = "n".repeat(10_000_000),
            "note 1 is longer than 1000 characters",
        ),
        (
            "a message counted four billion times",
            |s| {
                s.messages.push(delve_rules::run::messages::Message {
                    first_turn: 1,
                    turn: 1,
                    text: "You rest.".into(),
                    count: u32::MAX,
                })
            },
            "counted 4294967295 times",
        ),
        (
            "a message of ten million characters",
            |s| {
                s.messages.push(delve_rules::run::messages::Message {
                    first_turn: 1,
                    turn: 1,
                    text: "a".repeat(10_000_000),
                    count: 1,
                })
            },
            "10000000 characters long",
        ),
        (
            "a final depth of 0",
            |s| s.campaign.final_depth = Some(0),
            "final depth 0",
        ),
    ];
    for (what, forge, words) in forgeries {
        let mut save = good.clone();
        forge(&mut save);
        // Through the save's own text, as a file would hold it.
        let text = ron::to_string(&save).unwrap();
        let parsed: delve_rules::run::GameSave = ron::from_str(&text).unwrap();
        match RunState::restore(parsed) {
            Ok(_) => panic!("{what}: loaded"),
            Err(why) => assert!(
                why.contains(words),
                "{what}: {why:?} does not say {words:?}"
            ),
        }
    }
}

#[test]
fn a_monster_next_to_the_player_is_fighting_it_even_one_that_never_chases() {
    let run = with_monsters(2);
    let at = floor_in_view(&run, 1).expect("floor next to the stairs");
    let slug = Monster {
        id: 0,
        kind: monster_kind("giant slug"),
        pos: at,
        hp: 14,
        mind: Mind::Wandering(0),
        ..Default::default()
    };
    let run = alone_with(run, Some(slug));
    assert_eq!(
        describe(&run, at),
        "A giant slug (14/14 HP), fighting you, on floor."
    );
    assert_eq!(run.nearest_threat(), Some(1));
}

#[test]
fn picking_up_a_second_of_a_kind_tells_nothing_of_what_it_is() {
    let mut run = alone_with(with_monsters(1), None);
    let potion = item(&run, "potion of healing");
    carry(&mut run, &[potion]);
    let at = run.player();
    run.stage().put_item(at, potion);
    let outcomes = run.apply(PlayerAction::PickUp);
    assert!(!said(&outcomes, "potion of healing"), "{outcomes:?}");
    assert!(!run.knowledge().knows(potion));
    assert!(
        run.inventory_names()
            .iter()
            .all(|n| n.ends_with("(unidentified)"))
    );
}

#[test]
fn confusion_wearing_off_is_told() {
    let mut run = alone_with(with_monsters(5), None);
    let potion = item(&run, "potion of confusion");
    carry(&mut run, &[potion]);
    run.apply(PlayerAction::Use(0));
    let mut told = false;
    for _ in 0..12 {
        told |= said(&run.apply(PlayerAction::Wait), "You feel less dizzy");
    }
    assert!(told && !run.confused());
}

/// A save of a run that has left depth 1 behind (its stairs opened, taken down): depth 1
/// is a remembered level, made again from its key on loading and checked against it.
#[test]
fn a_remembered_level_is_checked_against_its_ground_and_the_runs_seed() {
    let mut run = alone_with(with_monsters(23), None);
    run.stage().mark_found(1);
    let down = run.level().level.down;
    run.stage().put_player(down);
    run.apply(PlayerAction::Descend);
    assert_eq!(run.depth(), 2, "went down");
    let good = run.snapshot();
    assert!(
        RunState::restore(good.clone()).is_ok(),
        "the real save loads"
    );
    let depth_1 = good.levels.iter().find(|l| l.depth == 1).unwrap();
    let key = LevelKey::decode(&depth_1.key).unwrap();
    let level = key.generate().unwrap();
    let wall = level
        .tiles
        .positions()
        .find(|&p| level.tiles[p] == delve_levels::grid::Tile::Wall && p.x > 0 && p.y > 0)
        .unwrap();
    let floor_without_loot = level
        .tiles
        .positions()
        .find(|&p| {
            level.tiles[p] == delve_levels::grid::Tile::Floor
                && !level.loot.iter().any(|i| i.pos == p)
        })
        .unwrap();
    let with_depth_1 = |change: &dyn Fn(&mut delve_rules::run::SavedLevel)| {
        let mut s = good.clone();
        let at = s.levels.iter().position(|l| l.depth == 1).unwrap();
        change(&mut s.levels[at]);
        RunState::restore(s).expect_err("refused")
    };
    let refusal = with_depth_1(&|l| {
        let mut ogre = monster("kobold", wall);
        ogre.id = 900;
        l.monsters.get_or_insert_with(Vec::new).push(ogre);
    });
    assert!(
        refusal.contains("depth 1") && refusal.contains("stands in a wall"),
        "{refusal}"
    );
    let refusal = with_depth_1(&|l| {
        l.dropped
            .push(delve_levels::loot::PlacedItem::plain(wall, 1))
    });
    assert!(refusal.contains("an item lies in a wall"), "{refusal}");
    let refusal = with_depth_1(&|l| l.taken.push(floor_without_loot));
    assert!(refusal.contains("where the level had none"), "{refusal}");
    // A level of another run's seed, in a run no designer's tool touched.
    let other = LevelKey {
        seed: key.seed + 1,
        ..key.clone()
    }
    .encode();
    let refusal = with_depth_1(&|l| l.key = other.clone());
    assert!(refusal.contains("run seed"), "{refusal}");
}

/// The level in play's items (dropped by the player, thrown, dropped by monsters, the
/// generated ones not taken) go through the same ground check as a remembered level's:
/// a save of one with an impossible item is refused, naming the depth and what is wrong.
#[test]
fn the_level_in_plays_items_are_checked_against_its_ground() {
    let mut run = alone_with(with_monsters(23), None);
    run.apply(PlayerAction::Wait);
    let good = run.snapshot();
    assert!(
        RunState::restore(good.clone()).is_ok(),
        "the real save loads"
    );
    let level = &run.level().level;
    let wall = (level.tiles.positions())
        .find(|&p| level.tiles[p] == delve_levels::grid::Tile::Wall && p.x > 0 && p.y > 0)
        .unwrap();
    let floor_without_loot = (level.tiles.positions())
        .find(|&p| {
            level.tiles[p] == delve_levels::grid::Tile::Floor
                && !level.loot.iter().any(|i| i.pos == p)
        })
        .unwrap();
    let with_depth_1 = |change: &dyn Fn(&mut delve_rules::run::SavedLevel)| {
        let mut s = good.clone();
        let at = s.levels.iter().position(|l| l.depth == s.depth).unwrap();
        assert_eq!(s.depth, 1, "the level in play is depth 1's");
        change(&mut s.levels[at]);
        RunState::restore(s).expect_err("refused")
    };
    let plain = delve_levels::loot::PlacedItem::plain;
    let refusal = with_depth_1(&|l| l.dropped.push(plain(wall, 1)));
    assert!(
        refusal.contains("depth 1") && refusal.contains("an item lies in a wall"),
        "{refusal}"
    );
    let refusal = with_depth_1(&|l| l.taken.push(floor_without_loot));
    assert!(
        refusal.contains("depth 1") && refusal.contains("where the level had none"),
        "{refusal}"
    );
    let refusal = with_depth_1(&|l| l.dropped.push(plain(floor_without_loot, 9_999)));
    assert!(
        refusal.contains("depth 1") && refusal.contains("kind 9999"),
        "{refusal}"
    );
    let refusal = with_depth_1(&|l| {
        let mut item = plain(floor_without_loot, 1);
        item.plus = u32::MAX;
        l.dropped.push(item);
    });
    assert!(
        refusal.contains("depth 1") && refusal.contains("+4294967295"),
        "{refusal}"
    );
    // The run in play keeps the same rule: `a_run_in_play_that_breaks_a_rule_names_it`.
}

/// A stack that went away keeps its former letter in mind, to have it back: a save whose
/// former letter is no letter a to z (which the stack would get back on being picked up,
/// and the next save then refuse), or one two stacks share, is refused naming it.
#[test]
fn former_inventory_letters_are_letters_a_to_z_each_once() {
    let run = alone_with(with_monsters(23), None);
    let good = run.snapshot();
    let with_former = |formers: &[(usize, char)]| {
        let mut s = good.clone();
        let fight = s.fight.as_mut().unwrap();
        for &(kind, letter) in formers {
            fight.former_letters.insert(Item::plain(kind), letter);
        }
        RunState::restore(s)
    };
    assert!(
        with_former(&[(1, 'q'), (2, 'r')]).is_ok(),
        "letters a to z load"
    );
    for formers in [&[(1, 'Z')][..], &[(1, '€')], &[(1, 'q'), (2, 'q')]] {
        let refusal = with_former(formers).expect_err("refused");
        assert!(refusal.contains("former inventory letter"), "{refusal}");
    }
}

/// A save's counts at the ends of their numbers and monsters' minds pointing off the
/// level: the impossible refused naming what is wrong (an attack count no run reaches, a
/// hunt or a post off the map); what loads (kills at the most, chronicled; a wanderer
/// to a waypoint the level lacks, which wanders to the first) plays on without a panic
/// and breaks no rule.
#[test]
fn saves_with_counts_at_their_ends_or_minds_off_the_level_are_refused_or_play_on() {
    let mut run = with_monsters(4);
    for _ in 0..10 {
        run.apply(PlayerAction::Explore);
    }
    let good = run.snapshot();
    assert!(
        good.levels[0].monsters.iter().flatten().next().is_some(),
        "depth 1 has monsters"
    );
    type Forge = fn(&mut delve_rules::run::GameSave);
    let forgeries: Vec<(&str, Forge, Option<&str>)> = vec![
        (
            "attacks at the most",
            |s| s.fight.as_mut().unwrap().attacks = u64::MAX,
            Some("the fight counts 18446744073709551615 attacks"),
        ),
        (
            "a hunt at the ends of the numbers",
            |s| {
                for m in s.levels[0].monsters.iter_mut().flatten() {
                    m.mind = Mind::Hunting(Pos::new(i32::MIN, i32::MAX));
                }
            },
            Some("hunts or guards (-2147483648, 2147483647), outside the level"),
        ),
        (
            "a post off the map",
            |s| {
                for m in s.levels[0].monsters.iter_mut().flatten() {
                    m.mind = Mind::Guarding(Pos::new(-5, 100_000));
                }
            },
            Some("outside the level"),
        ),
        (
            "kills at the most, chronicled",
            |s| {
                s.fight.as_mut().unwrap().kills = u32::MAX;
                let kills = &mut s.chronicle.as_mut().unwrap().kills;
                kills.clear();
                kills.insert("rat".into(), u32::MAX);
            },
            None,
        ),
        (
            "a wanderer to a waypoint the level lacks",
            |s| {
                for m in s.levels[0].monsters.iter_mut().flatten() {
                    m.mind = Mind::Wandering(u32::MAX);
                }
            },
            None,
        ),
    ];
    for (what, forge, refusal) in forgeries {
        let mut save = good.clone();
        forge(&mut save);
        match (RunState::restore(save), refusal) {
            (Err(why), Some(words)) => assert!(why.contains(words), "{what}: {why}"),
            (Err(why), None) => panic!("{what}: refused: {why}"),
            (Ok(_), Some(_)) => panic!("{what}: loaded"),
            (Ok(mut loaded), None) => {
                for _ in 0..30 {
                    loaded.apply(PlayerAction::Wait);
                }
                for _ in 0..10 {
                    loaded.apply(PlayerAction::Explore);
                }
                assert_eq!(loaded.broken_rule(), None, "{what}");
            }
        }
    }
}
