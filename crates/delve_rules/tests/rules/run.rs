//! The run's rules as plain functions, tested without an `App`: the start, moving and
//! walls, stairs at the top and the bottom, picking up and identifying, saves — and,
//! over random action strings, the invariants every run keeps. Changing the level in
//! place has its own file (`level_changes.rs`).

use proptest::prelude::*;

use delve_levels::config::CampaignConfig;
use delve_levels::generator::generate_level;
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::loot::default_loot_table;
use delve_levels::rng::MAX_DEPTH;
use delve_rules::run::{Outcome, PlayerAction, Rules, RunState, tiles_in_play};
use delve_rules::view::parse_actions;

use super::support::{notices, peaceful};
use delve_levels::loot::Item;

#[test]
fn a_run_starts_on_the_up_stairs_of_its_first_depths_level() {
    let run = peaceful(5);
    let expected = generate_level(
        CampaignConfig::builtin().config_at(1),
        delve_levels::rng::level_seed(5, 1),
    )
    .unwrap();
    assert_eq!((run.depth(), run.turns()), (1, 0));
    assert_eq!(run.level().level.tiles, tiles_in_play(&expected));
    assert_eq!(run.player(), expected.up);
}

#[test]
fn the_move_letters_step_in_their_eight_directions() {
    let mut run = peaceful(6);
    let start = run.player();
    for (letter, dx, dy) in [
        ("h", -1, 0),
        ("l", 1, 0),
        ("k", 0, -1),
        ("j", 0, 1),
        ("y", -1, -1),
        ("u", 1, -1),
        ("b", -1, 1),
        ("n", 1, 1),
    ] {
        let action = parse_actions(letter).unwrap()[0];
        assert_eq!(action, PlayerAction::Move(dx, dy));
        run.apply(action);
        // The stairs have clear ground all round, so every letter moves.
        assert_eq!(run.player(), start.offset(dx, dy), "{letter} moves");
        run.apply(PlayerAction::Move(-dx, -dy));
    }
}

#[test]
fn walking_into_a_wall_changes_nothing_and_costs_no_turn() {
    let mut run = peaceful(1);
    // The player on the first floor tile with a wall beside it (the stairs stand in
    // the open).
    let tiles = run.level().level.tiles.clone();
    let (here, (dx, dy)) = (tiles.positions())
        .filter(|&p| tiles[p] == Tile::Floor)
        .find_map(|p| {
            let wall = KING
                .into_iter()
                .find(|&(dx, dy)| tiles.get(p.offset(dx, dy)) == Some(Tile::Wall))?;
            Some((p, wall))
        })
        .expect("a floor tile beside a wall");
    run.stage().put_player(here);
    let before = run.clone();
    let outcomes = run.apply(PlayerAction::Move(dx, dy));
    assert_eq!(outcomes, vec![Outcome::Bumped]);
    assert_eq!(run, before);
}

#[test]
fn a_step_onto_floor_costs_a_turn_and_looks_around() {
    let mut run = peaceful(2);
    let here = run.player();
    let (dx, dy) = KING
        .into_iter()
        .find(|&(dx, dy)| run.level().level.tiles.is_walkable(here.offset(dx, dy)))
        .expect("the up stairs stand in the open");
    let outcomes = run.apply(PlayerAction::Move(dx, dy));
    assert_eq!(
        outcomes[0],
        Outcome::Moved {
            from: here,
            to: here.offset(dx, dy)
        }
    );
    assert_eq!(run.turns(), 1);
    let index = run.level().level.tiles.index_of(run.player());
    assert!(run.level().visible[index] && run.level().seen[index]);
}

#[test]
fn the_stairs_up_from_depth_1_lead_nowhere_and_the_deepest_depth_has_no_way_down() {
    let mut run = peaceful(3);
    assert_eq!(run.level().level.tiles[run.player()], Tile::UpStairs);
    let outcomes = run.apply(PlayerAction::Ascend);
    assert!(notices(&outcomes)[0].contains("no going back"));
    assert_eq!((run.depth(), run.turns()), (1, 0));

    let campaign = CampaignConfig::builtin();
    let deepest = LevelKey::new(campaign.config_at(MAX_DEPTH).clone(), MAX_DEPTH, 5);
    let (mut run, _) = RunState::start(campaign, Some(deepest.clone()), Rules::Peaceful).unwrap();
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    let outcomes = run.apply(PlayerAction::Descend);
    assert!(notices(&outcomes)[0].contains("no stairs down"));
    assert_eq!(run.level().key, deepest);
    // Up from there leads to depth 998 of the key's run.
    let stand = run.level().level.up;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Ascend);
    assert_eq!((run.depth(), run.level().key.seed), (MAX_DEPTH - 1, 5));
    assert_eq!(
        run.player(),
        run.level().level.down,
        "arrives on the down stairs"
    );
}

#[test]
fn descending_and_coming_back_restores_the_level_as_it_was_left() {
    let mut run = peaceful(4);
    let first = run.level().clone();
    let stand = run.level().level.down;
    run.stage().put_player(stand);
    run.apply(PlayerAction::Descend);
    assert_eq!((run.depth(), run.turns()), (2, 1));
    assert_eq!(run.player(), run.level().level.up);
    run.apply(PlayerAction::Ascend);
    assert_eq!(run.level().key, first.key);
    assert_eq!(run.level().items, first.items);
    assert!(
        run.level()
            .seen
            .iter()
            .zip(&first.seen)
            .all(|(now, then)| now >= then)
    );
}

#[test]
fn two_of_a_kind_carried_identify_it() {
    let table = default_loot_table();
    let potion = table.index_of("potion of healing").unwrap();
    let mut run = peaceful(8);
    let here = run.player();
    let spots: Vec<Pos> = KING
        .into_iter()
        .map(|(dx, dy)| here.offset(dx, dy))
        .filter(|&p| run.level().level.tiles[p] == Tile::Floor)
        .take(2)
        .collect();
    assert_eq!(spots.len(), 2, "open ground around the up stairs");
    run.stage().clear_items();
    for &pos in &spots {
        run.stage().put_item(pos, potion);
    }
    let first = run.apply(PlayerAction::Move(spots[0].x - here.x, spots[0].y - here.y));
    assert!(notices(&first)[0].contains("(unidentified)"), "{first:?}");
    run.apply(PlayerAction::Move(here.x - spots[0].x, here.y - spots[0].y));
    let second = run.apply(PlayerAction::Move(spots[1].x - here.x, spots[1].y - here.y));
    assert!(notices(&second)[0].contains("(unidentified)"), "{second:?}");
    assert_eq!(run.inventory(), vec![Item::plain(potion); 2]);
    assert!(
        run.inventory_names()
            .iter()
            .all(|n| n.ends_with("(unidentified)")),
        "two alike tell nothing: {:?}",
        run.inventory_names()
    );
    let nothing = run.apply(PlayerAction::PickUp);
    assert!(notices(&nothing)[0].contains("nothing here"));
}

#[test]
fn a_snapshot_restores_to_the_same_run() {
    let mut run = peaceful(9);
    for action in parse_actions("lljj R kk 3 hh > 1 + jj").unwrap() {
        run.apply(action);
    }
    let save = run.snapshot();
    let restored = RunState::restore(save.clone()).unwrap();
    assert_eq!(restored.snapshot(), save);
    assert_eq!(
        (
            restored.player(),
            restored.turns(),
            &restored.level().key,
            &restored.inventory()
        ),
        (
            run.player(),
            run.turns(),
            &run.level().key,
            &run.inventory()
        )
    );
    assert_eq!(restored.level().seen, run.level().seen);
}

fn action_letters() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select("hjklyubn.><g,R123+-sK".chars().collect::<Vec<_>>()),
        0..40,
    )
    .prop_map(|letters| letters.into_iter().collect())
}

proptest! {
    #![proptest_config(crate::support::cases(48))]

    #[test]
    fn every_run_keeps_its_invariants(seed in 0..1000u64, letters in action_letters()) {
        let mut run = peaceful(seed);
        let mut picked = Vec::new();
        for action in parse_actions(&letters).unwrap() {
            let turns = run.turns();
            for outcome in run.apply(action) {
                if let Outcome::PickedUp { item, .. } = outcome {
                    picked.push(Item::plain(item));
                }
            }
            prop_assert!(run.turns() >= turns, "turns went back");
            prop_assert!(run.turns() <= turns + 1, "one action, one turn at most");
            prop_assert!(
                run.level().level.tiles.is_walkable(run.player()),
                "{letters}: the player stands on {:?}", run.level().level.tiles.get(run.player())
            );
            prop_assert_eq!(run.depth(), run.level().key.depth);
            prop_assert_eq!(&run.keys()[&run.depth()], &run.level().key);
            prop_assert_eq!(&run.inventory(), &picked);
        }
    }
}

#[test]
fn a_save_made_before_generations_and_remembered_levels_still_loads() {
    // As delve wrote saves before 2026-11-30: generation-1 keys, no `remembered` list.
    use delve_levels::generator::{Generation, generate_level_in};
    let run = peaceful(31);
    let mut save = run.snapshot();
    save.remembered.clear();
    // Nor the second loot edition: no table held, keys without a loot mark (the first
    // edition, as generations 1 and 2 mean), no generation written (generation 2).
    save.loot_table = None;
    save.generation = None;
    for level in &mut save.levels {
        let key = LevelKey::decode(&level.key).unwrap();
        level.key = key.in_generation(Generation::First).encode();
    }
    let text = ron::to_string(&save).unwrap();
    assert!(
        !text.contains("remembered"),
        "the old schema has no such field"
    );
    let old: delve_rules::run::GameSave = ron::from_str(&text).unwrap();
    let restored = RunState::restore(old).unwrap();
    assert_eq!(restored.level().key.generation, Generation::First);
    let first = generate_level_in(
        Generation::First,
        &restored.level().key.config,
        restored.level().key.level_seed(),
    )
    .unwrap();
    let mut first_in_play = first.clone();
    for item in &first.loot {
        first_in_play
            .tiles
            .set(item.pos, delve_levels::grid::Tile::Floor);
    }
    assert_eq!(
        restored.level().level,
        first_in_play,
        "the level it was saved on (its loot in the items, not the grid)"
    );
    assert_eq!(restored.level().level.loot, first.loot);
    assert_eq!(
        (restored.player(), restored.turns()),
        (run.player(), run.turns())
    );
}

#[test]
fn in_play_the_items_are_the_only_record_of_loot() {
    let mut run = peaceful(12);
    assert!(!run.level().items.is_empty());
    let tiles = &run.level().level.tiles;
    let loot_tiles = (0..tiles.len())
        .filter(|&i| tiles.get(tiles.pos_of(i)) == Some(Tile::Loot))
        .count();
    assert_eq!(
        loot_tiles, 0,
        "no loot tiles in the grid of a level in play"
    );
    // Picking an item up leaves nothing behind to patch over.
    let at = run.level().items[0].pos;
    for step in super::paths::walk(&run.level().level.tiles, run.player(), at) {
        run.apply(step);
    }
    assert_eq!(run.player(), at, "walked to the item");
    run.apply(PlayerAction::PickUp);
    assert!(run.level().items.iter().all(|i| i.pos != at));
    assert_eq!(run.level().tile_at(at), Some(Tile::Floor));
}
