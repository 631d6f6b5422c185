//! Hunger: the stomach empties a turn at a time; hungry warns, weak stops healing,
//! starving takes a hit point every few turns and at last the run; a meal fills the
//! stomach by its worth, never past full; resting is refused to the weak; a peaceful
//! run never hungers; a save from before hunger goes on full, and an overfull one is
//! refused.

use delve_levels::loot::Item;
use delve_rules::run::hunger::{HUNGRY_AT, Hunger, MEAL, STARVING_EVERY, STOMACH, WEAK_AT};
use delve_rules::run::{PlayerAction, RunEnd, RunState};
use delve_rules::view::status_line;

use super::support::{notices, peaceful, with_monsters_staying};

fn alone(seed: u64) -> RunState {
    let mut run = with_monsters_staying(seed);
    run.stage().clear_monsters();
    run
}

fn food_ration(run: &RunState) -> Item {
    Item::plain(run.campaign().loot_table().index_of("food ration").unwrap())
}

#[test]
fn a_run_starts_full_and_each_turn_empties_the_stomach_by_one() {
    let mut run = alone(1);
    assert_eq!(run.fight().food, STOMACH);
    assert_eq!(run.hunger(), Hunger::Fed);
    for _ in 0..25 {
        run.apply(PlayerAction::Wait);
    }
    assert_eq!(run.fight().food, STOMACH - 25);
    assert!(!status_line(&run).contains("Hungry"));
}

#[test]
fn hungry_then_weak_then_starving_each_said_once_and_shown() {
    let mut run = alone(2);
    run.stage().set_food(HUNGRY_AT + 1);
    let said = notices(&run.apply(PlayerAction::Wait));
    assert!(
        said.iter().any(|s| s.starts_with("You are hungry")),
        "{said:?}"
    );
    assert_eq!(run.hunger(), Hunger::Hungry);
    assert!(
        status_line(&run).contains("Hungry"),
        "{}",
        status_line(&run)
    );
    let said = notices(&run.apply(PlayerAction::Wait));
    assert!(
        !said.iter().any(|s| s.contains("hungry")),
        "said once: {said:?}"
    );
    run.stage().set_food(WEAK_AT + 1);
    let said = notices(&run.apply(PlayerAction::Wait));
    assert!(
        said.iter()
            .any(|s| s.starts_with("You are weak with hunger")),
        "{said:?}"
    );
    assert!(status_line(&run).contains("Weak with hunger"));
    run.stage().set_food(1);
    let said = notices(&run.apply(PlayerAction::Wait));
    assert!(
        said.iter().any(|s| s.starts_with("You are starving")),
        "{said:?}"
    );
    assert!(status_line(&run).contains("Starving"));
}

#[test]
fn the_weak_do_not_heal_and_the_hungry_still_do() {
    let mut run = alone(3);
    let most = run.fight().max_hp;
    run.stage().set_hit_points(most / 2).set_food(WEAK_AT);
    for _ in 0..100 {
        run.apply(PlayerAction::Wait);
    }
    assert_eq!(run.fight().hp, most / 2, "weak with hunger, no healing");
    run.stage().set_food(HUNGRY_AT);
    for _ in 0..100 {
        run.apply(PlayerAction::Wait);
    }
    assert!(run.fight().hp > most / 2, "hungry, still healing");
}

#[test]
fn starving_takes_a_hit_point_every_few_turns_quietly_and_at_last_the_run() {
    let mut run = alone(4);
    run.stage().set_food(0).set_hit_points(3);
    let mut turns = 0;
    let mut said = Vec::new();
    while run.end().is_none() && turns < 100 {
        said.extend(notices(&run.apply(PlayerAction::Wait)));
        turns += 1;
    }
    // Starving was said once (the status line shows it): each lost hit point is not
    // said again, so other notices are not buried.
    assert!(
        !said.iter().any(|s| s.contains("starving")),
        "a notice per hit point: {said:?}"
    );
    assert_eq!(
        run.end(),
        Some(&RunEnd::Died {
            cause: "starved to death".into()
        })
    );
    // Three hit points: lost at three turns that are multiples of STARVING_EVERY.
    assert!(
        turns as u64 > 2 * STARVING_EVERY && turns as u64 <= 3 * STARVING_EVERY,
        "{turns} turns"
    );
}

#[test]
fn a_meal_fills_the_stomach_by_its_worth_never_past_full() {
    let mut run = alone(5);
    let ration = food_ration(&run);
    run.stage()
        .set_food(HUNGRY_AT)
        .give_item(ration)
        .give_item(ration);
    let said = notices(&run.apply(PlayerAction::Use(0)));
    assert!(
        said.iter().any(|s| s.contains("You are no longer hungry")),
        "{said:?}"
    );
    // The turn of eating empties it by one.
    assert_eq!(run.fight().food, HUNGRY_AT + MEAL - 1);
    assert_eq!(run.hunger(), Hunger::Fed);
    let said = notices(&run.apply(PlayerAction::Use(0)));
    assert_eq!(run.fight().food, STOMACH - 1, "full, not more");
    assert!(
        said.iter().any(|s| s.contains("much of it is wasted")),
        "{said:?}"
    );
}

#[test]
fn resting_is_refused_to_the_weak_with_hunger_and_no_turn_passes() {
    let mut run = alone(6);
    let most = run.fight().max_hp;
    run.stage().set_hit_points(most - 5).set_food(WEAK_AT);
    let turns = run.turns();
    let said = notices(&run.apply(PlayerAction::Rest));
    assert_eq!(run.turns(), turns);
    assert!(
        said.iter().any(|s| s.starts_with("You are too hungry")),
        "{said:?}"
    );
}

#[test]
fn a_peaceful_run_never_hungers() {
    let mut run = peaceful(7);
    for _ in 0..50 {
        run.apply(PlayerAction::Wait);
    }
    assert_eq!(run.fight().food, STOMACH);
    assert_eq!(run.hunger(), Hunger::Fed);
}

#[test]
fn a_save_from_before_hunger_goes_on_full_and_an_overfull_one_is_refused() {
    let mut run = alone(8);
    run.stage().set_food(500);
    let text = ron::to_string(&run.snapshot()).unwrap();
    assert!(text.contains("food:500"), "the save keeps the stomach");
    let before_hunger = text.replace("food:500,", "").replace(",food:500", "");
    assert!(!before_hunger.contains("food:"));
    let loaded = RunState::restore(ron::from_str(&before_hunger).unwrap()).unwrap();
    assert_eq!(loaded.fight().food, STOMACH);
    let overfull = text.replace("food:500", &format!("food:{}", STOMACH + 1));
    let refusal = RunState::restore(ron::from_str(&overfull).unwrap()).expect_err("refused");
    assert!(refusal.contains("stomach"), "{refusal}");
}

#[test]
fn a_full_pack_leaves_food_lying_when_fed_and_eats_it_there_when_hungry() {
    use super::support::put_on_open_ground;
    let mut run = alone(9);
    run.stage().clear_items();
    assert!(put_on_open_ground(&mut run, 3));
    // 26 stacks: daggers +1 to +26, each under its own letter.
    let dagger = run.campaign().loot_table().index_of("dagger").unwrap();
    for plus in 1..=26 {
        run.stage().give_item(Item::plain(dagger).with_plus(plus));
    }
    let ration = food_ration(&run);
    let east = run.player().offset(1, 0);
    run.stage().put_item(east, ration.kind);
    // Fed: the full pack leaves it lying, as any 27th kind.
    let said = notices(&run.apply(PlayerAction::Move(1, 0)));
    assert!(
        said.iter().any(|s| s.starts_with("Your pack is full (26")),
        "{said:?}"
    );
    assert!(run.level().items.iter().any(|i| i.pos == east));
    // Hungry: `g` eats it where it lies, and it is gone.
    run.stage().set_food(HUNGRY_AT - 10);
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(
        said.iter()
            .any(|s| s.starts_with("Your pack is full, and you are hungry: you eat a food ration")),
        "{said:?}"
    );
    assert_eq!(run.hunger(), Hunger::Fed);
    assert!(!run.level().items.iter().any(|i| i.pos == east));
    assert_eq!(run.lettered_inventory().len(), 26, "nothing new carried");
}

/// `run` carrying a food ration and a potion, the ration under `b`.
fn with_a_ration_under_b(mut run: RunState) -> RunState {
    let table = run.campaign().loot_table();
    let potion = table.index_of("potion of healing").unwrap();
    let ration = food_ration(&run).kind;
    run.stage().carry(vec![potion, ration]);
    run
}

#[test]
fn exploring_is_refused_while_starving_with_food_and_names_the_keys_that_eat_it() {
    let mut run = with_a_ration_under_b(alone(3));
    run.stage().set_food(0);
    let (turns, at, hp) = (run.turns(), run.player(), run.fight().hp);
    let said = notices(&run.apply(PlayerAction::Explore));
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("You are starving: eat first"),
        "{said:?}"
    );
    assert!(
        said[0].contains("a then b eats your food ration"),
        "{said:?}"
    );
    assert_eq!((run.turns(), run.player(), run.fight().hp), (turns, at, hp));
    // Eaten, exploring goes.
    run.apply(PlayerAction::Use(1));
    run.apply(PlayerAction::Explore);
    assert_ne!(run.player(), at, "explores once fed");
}

#[test]
fn exploring_starving_with_nothing_to_eat_goes_on_to_find_some() {
    let mut run = alone(3);
    run.stage().set_food(0);
    let at = run.player();
    run.apply(PlayerAction::Explore);
    assert_ne!(run.player(), at);
}

#[test]
fn exploring_stops_when_the_player_becomes_hungry_saying_so_once() {
    let mut run = alone(1);
    run.stage().set_food(HUNGRY_AT + 3);
    let said = notices(&run.apply(PlayerAction::Explore));
    assert_eq!(run.hunger(), Hunger::Hungry);
    assert_eq!(
        run.fight().food,
        HUNGRY_AT,
        "stopped on the turn it came: {said:?}"
    );
    let hungry = said.iter().filter(|s| s.contains("You are hungry")).count();
    assert_eq!(hungry, 1, "{said:?}");
    // Hungry is a warning: exploring goes on, and does not say it again.
    let said = notices(&run.apply(PlayerAction::Explore));
    assert!(run.fight().food < HUNGRY_AT - 1, "{said:?}");
    assert!(!said.iter().any(|s| s.contains("hungry")), "{said:?}");
}

#[test]
fn resting_too_hungry_to_heal_names_the_keys_that_eat() {
    let mut run = with_a_ration_under_b(alone(2));
    let most = run.fight().max_hp;
    run.stage().set_hit_points(most / 2).set_food(WEAK_AT);
    let said = notices(&run.apply(PlayerAction::Rest));
    assert!(
        said.iter()
            .any(|s| s.contains("too hungry to heal")
                && s.contains("a then b eats your food ration")),
        "{said:?}"
    );
}
