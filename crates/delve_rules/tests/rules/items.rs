//! Items that do something, used by their inventory letter: every effect of the
//! embedded loot table, identification by use, wands running out, equipment toggling.

use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::{Item, default_loot_table};
use delve_levels::monsters::{Mind, Monster, default_monster_table};
use delve_rules::run::record::{AUTO_AIMS_THROUGH_WALLS, ONE_WAY_LINES_OF_FIRE};
use delve_rules::run::{Missile, Outcome, PLAYER_FIGHTER, PlayerAction, RunState};
use delve_rules::view::parse_actions;

use super::support::{notices, put_on_open_ground, with_monsters, with_monsters_staying};

fn start(seed: u64) -> RunState {
    let mut run = with_monsters(seed);
    // No monster interferes unless a test puts one there.
    run.stage().clear_monsters();
    run
}

fn kind(name: &str) -> usize {
    default_loot_table().index_of(name).unwrap()
}

/// The run carrying one `name`, used (it is stack `a`); the notices it gave.
/// Gives the player one item called `name` and uses it by its letter.
fn use_one(run: &mut RunState, name: &str) -> Vec<String> {
    run.stage().give(kind(name));
    let letter = (run.lettered_inventory().into_iter())
        .find(|l| l.kind == kind(name))
        .expect("lettered")
        .letter;
    notices(&run.apply(PlayerAction::Use(letter as u8 - b'a')))
}

fn hp(run: &RunState) -> (u32, u32) {
    let f = run.fight();
    (f.hp, f.max_hp)
}

fn set_hp(run: &mut RunState, hp: u32) {
    run.stage().set_hit_points(hp);
}

#[test]
fn a_letter_after_a_names_the_stack_to_use() {
    assert_eq!(
        parse_actions("ab . ac").unwrap(),
        [
            PlayerAction::Use(1),
            PlayerAction::Wait,
            PlayerAction::Use(2)
        ]
    );
    assert!(parse_actions("a").is_err(), "a letter must follow");
    assert!(parse_actions("a.").is_err());
}

#[test]
fn healing_heals_spends_the_potion_identifies_it_and_takes_a_turn() {
    let mut run = start(1);
    set_hp(&mut run, 10);
    let said = use_one(&mut run, "potion of healing");
    assert_eq!(hp(&run), (22, 30), "{said:?}");
    assert!(run.inventory().is_empty());
    assert_eq!(run.turns(), 1);
    assert!(run.identified().contains(&kind("potion of healing")));
    // Past full, the most grows by one.
    let said = use_one(&mut run, "potion of extra healing");
    assert_eq!(hp(&run), (31, 31), "{said:?}");
    // Food heals a little.
    set_hp(&mut run, 20);
    use_one(&mut run, "food ration");
    assert_eq!(hp(&run).0, 26);
}

#[test]
fn confusion_sends_moves_astray_for_its_turns() {
    let mut run = start(2);
    use_one(&mut run, "potion of confusion");
    assert!(run.confused());
    let mut astray = 0;
    for _ in 0..8 {
        let before = run.player();
        run.apply(PlayerAction::Move(1, 0));
        if run.player() != before.offset(1, 0) {
            astray += 1;
        }
    }
    assert!(astray >= 3, "only {astray} of 8 moves went astray");
    assert!(!run.confused(), "it wears off");
}

#[test]
fn identify_names_the_first_unknown_kind_carried() {
    let mut run = start(3);
    let ring = kind("ring of searching");
    run.stage().give(ring);
    assert!(!run.knowledge().knows(ring));
    let said = use_one(&mut run, "scroll of identify");
    assert!(run.knowledge().knows(ring), "{said:?}");
    assert!(
        said.iter().any(|s| s.contains("ring of searching")),
        "{said:?}"
    );
}

#[test]
fn teleport_lands_on_a_free_floor_tile_far_away() {
    for seed in 0..10 {
        let mut run = start(seed);
        let before = run.player();
        run.stage().give(kind("scroll of teleportation"));
        let outcomes = run.apply(PlayerAction::Use(0));
        assert!(
            outcomes.contains(&Outcome::Moved {
                from: before,
                to: run.player()
            }),
            "seed {seed}: {outcomes:?}"
        );
        let tiles = &run.level().level.tiles;
        assert!(tiles.is_walkable(run.player()));
        let far = (tiles.width().max(tiles.height()) / 3) as i32;
        assert!(run.player().chebyshev(before) >= far, "seed {seed}");
        assert!(run.level().visible[tiles.index_of(run.player())]);
    }
}

#[test]
fn magic_mapping_makes_the_whole_level_known() {
    let mut run = start(4);
    use_one(&mut run, "scroll of magic mapping");
    assert!(run.level().seen.iter().all(|&s| s));
}

#[test]
fn a_wand_of_striking_hits_the_nearest_monster_in_view_and_runs_out() {
    let mut run = start(5);
    let tiles = run.level().level.tiles.clone();
    let at = tiles
        .positions()
        .find(|&p| {
            tiles.is_walkable(p)
                && p.chebyshev(run.player()) == 3
                && run.level().visible[tiles.index_of(p)]
        })
        .unwrap();
    let ogre = default_monster_table().index_of("ogre").unwrap();
    run.stage().set_monsters(vec![Monster {
        id: 0,
        kind: ogre,
        pos: at,
        hp: default_monster_table().kind(ogre).unwrap().hp,
        mind: Mind::Wandering(0),
        ..Default::default()
    }]);
    let wand = kind("wand of striking");
    run.stage().give(wand);
    let said = notices(&run.apply(PlayerAction::Use(0)));
    // Told as the bolt's doing, not as a blow of the player's.
    assert!(
        said.iter()
            .any(|s| s.starts_with("The bolt of force hits the ogre (")),
        "{said:?}"
    );
    assert!(!said.iter().any(|s| s.starts_with("You hit")), "{said:?}");
    let hurt = run.level().monsters.first().map_or(0, |m| m.hp);
    assert!(
        hurt <= 40 - 6,
        "a bolt always hits for 6 to 14: {hurt} left"
    );
    for _ in 0..3 {
        run.apply(PlayerAction::Use(0));
    }
    assert!(
        run.carried_of_kind(wand) == 0,
        "four charges, then it is gone"
    );
}

#[test]
fn a_wand_of_digging_drops_to_the_next_depth_but_not_below_the_last() {
    let mut run = start(6);
    run.stage().mark_found(1);
    use_one(&mut run, "wand of digging");
    assert_eq!(run.depth(), 2);
    assert_eq!(run.turns(), 1, "one turn, as the stairs take");
    run.stage().set_final_depth(2).mark_found(2);
    let said = use_one(&mut run, "wand of digging");
    assert_eq!(run.depth(), 2, "{said:?}");
}

#[test]
fn weapons_armour_and_rings_change_the_fight_while_worn() {
    let mut run = start(7);
    run.stage().carry(vec![
        kind("dagger"),
        kind("leather armour"),
        kind("ring of protection"),
    ]);
    for slot in 0..3 {
        run.apply(PlayerAction::Use(slot));
    }
    let worn = run.player_fighter();
    assert_eq!(worn.attack, PLAYER_FIGHTER.attack + 3, "the dagger's +3");
    assert_eq!(worn.damage, (2, 5));
    assert_eq!(worn.defence, PLAYER_FIGHTER.defence + 2 + 3);
    assert_eq!(run.inventory().len(), 3, "equipment is kept");
    run.apply(PlayerAction::Use(0));
    assert_eq!(
        run.player_fighter().damage,
        PLAYER_FIGHTER.damage,
        "put away"
    );
}

#[test]
fn a_ring_of_regeneration_heals_three_times_as_fast() {
    let heal_over = |ring: bool| {
        let mut run = start(8);
        if ring {
            run.stage().give(kind("ring of regeneration"));
            run.apply(PlayerAction::Use(0));
        }
        set_hp(&mut run, 1);
        for _ in 0..27 {
            run.apply(PlayerAction::Wait);
        }
        hp(&run).0 - 1
    };
    assert_eq!(heal_over(false), 3);
    assert!(heal_over(true) >= 8, "{}", heal_over(true));
}

#[test]
fn a_ring_of_searching_shows_where_the_items_lie() {
    let mut run = start(9);
    assert!(!run.level().items.is_empty());
    use_one(&mut run, "ring of searching");
    let tiles = &run.level().level.tiles;
    for item in &run.level().items {
        assert!(run.level().seen[tiles.index_of(item.pos)]);
    }
}

#[test]
fn what_cannot_be_used_says_so_and_takes_no_turn() {
    let mut run = start(10);
    let said = use_one(&mut run, "vault key");
    assert!(said[0].starts_with("Walk into a locked door"), "{said:?}");
    assert_eq!(run.turns(), 0);
    let said = notices(&run.apply(PlayerAction::Use(7)));
    assert!(said[0].contains("nothing under that letter"), "{said:?}");
}

#[test]
fn a_pack_of_26_kinds_leaves_a_27th_lying_and_takes_it_once_a_letter_is_free() {
    use delve_levels::loot::Item;
    use delve_rules::view::inventory_lines;
    let mut run = with_monsters_staying(4);
    run.stage().clear_monsters().clear_items();
    assert!(put_on_open_ground(&mut run, 3));
    // 26 stacks: daggers +1 to +26, each a stack of its own under its own letter.
    let dagger = kind("dagger");
    for plus in 1..=26 {
        run.stage().give_item(Item::plain(dagger).with_plus(plus));
    }
    assert_eq!(run.lettered_inventory().len(), 26);
    // The status line counts letters in use, not items.
    let status = delve_rules::view::status_line(&run);
    assert!(status.contains("pack 26/26"), "{status}");
    let east = run.player().offset(1, 0);
    run.stage().put_item(east, kind("scroll of identify"));
    let turns = run.turns();
    let said = notices(&run.apply(PlayerAction::Move(1, 0)));
    assert_eq!(run.player(), east, "{said:?}");
    assert!(
        said.iter()
            .any(|s| s.starts_with("Your pack is full (26 kinds")),
        "{said:?}"
    );
    assert!(
        run.level().items.iter().any(|i| i.pos == east),
        "it lies there still"
    );
    assert_eq!(run.lettered_inventory().len(), 26);
    // `g` says so again and takes no turn.
    let turns_after_the_step = run.turns();
    assert!(turns_after_the_step > turns);
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(
        said.iter().any(|s| s.starts_with("Your pack is full")),
        "{said:?}"
    );
    assert_eq!(run.turns(), turns_after_the_step);
    // Exploring does not head for what the pack has no room for: with the whole
    // level known, it has nowhere to go.
    let west = east.offset(-1, 0);
    run.stage().put_player(west).remember_everything();
    let said = notices(&run.apply(PlayerAction::Explore));
    assert_eq!(run.player(), west, "explore went for the scroll: {said:?}");
    // Dropping a dagger frees its letter; `g` then takes the scroll, lettered.
    run.stage().put_player(east.offset(0, 1));
    run.apply(PlayerAction::Drop(0));
    run.stage().put_player(east);
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(
        said.iter().any(|s| s.starts_with("You pick up")),
        "{said:?}"
    );
    let lines = inventory_lines(&run);
    assert_eq!(run.lettered_inventory().len(), 26, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("scroll")),
        "the scroll is listed under a letter: {lines:?}"
    );
}

/// Found by the playtest ("ring of regeneration x3 (one worn)"): rings and daggers alike
/// are each an entry of their own, the one in use named so and the others plain, on
/// the screen and in the morgue. (A run of format 10 or older stacks them as before:
/// `run::record::WEARABLES_STACK`.)
#[test]
fn three_rings_alike_are_three_entries_one_of_them_worn() {
    use delve_rules::view::inventory_lines;
    let mut run = start(6);
    let ring = kind("ring of protection");
    run.stage().carry(vec![ring, ring, ring]);
    run.apply(PlayerAction::Use(0));
    let lines = inventory_lines(&run);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[0].ends_with("a) = ring of protection (worn)"),
        "{lines:?}"
    );
    assert!(lines[1].ends_with("b) = ring of protection"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains(" x")), "{lines:?}");
    let morgue = delve_rules::records::morgue::morgue_text(&run, &[], "now");
    assert!(!morgue.contains("3 × ring of protection"), "{morgue}");
    // Using it again takes the worn one off.
    run.apply(PlayerAction::Use(0));
    let lines = inventory_lines(&run);
    assert!(lines[0].ends_with("a) = ring of protection"), "{lines:?}");
    let mut run = start(6);
    let dagger = kind("dagger");
    run.stage().carry(vec![dagger, dagger]);
    run.apply(PlayerAction::Use(1));
    let lines = inventory_lines(&run);
    assert!(lines[0].ends_with("a) ) dagger"), "{lines:?}");
    assert!(lines[1].ends_with("b) ) dagger (wielded)"), "{lines:?}");
}

/// Found by the playtest: a confused step drawn into a wall did nothing and took no turn,
/// and as the stagger is drawn from the turn, every key bumped the same wall.
#[test]
fn a_confused_stumble_into_a_wall_takes_the_turn_and_says_so() {
    use delve_levels::grid::{KING, Tile};
    let mut run = start(9);
    let tiles = run.level().level.tiles.clone();
    let cramped = tiles
        .positions()
        .find(|&p| {
            tiles[p] == Tile::Floor
                && KING
                    .iter()
                    .filter(|&&(dx, dy)| tiles.get(p.offset(dx, dy)) == Some(Tile::Wall))
                    .count()
                    >= 5
        })
        .expect("a floor tile with walls on five sides");
    let mut stumbles = 0;
    for _ in 0..25 {
        let until = run.turns() + 8;
        run.stage().put_player(cramped).confuse_until(until);
        let (at, turns) = (run.player(), run.turns());
        let said = notices(&run.apply(PlayerAction::Move(1, 0)));
        assert!(
            run.player() != at || run.turns() > turns,
            "a key that neither moved nor took a turn: {said:?}"
        );
        if said.iter().any(|s| s == "You stagger into the wall.") {
            stumbles += 1;
        }
    }
    assert!(stumbles > 0, "no stumble into a wall in 25 confused steps");
}

/// An arena with a wall laid beside the player and an ogre that the player sees but
/// whose line of fire the wall's corner cuts (a wand aimed at it strikes the wall);
/// `None` when no such spot is found. Played by the one-way lines of fire of format 11
/// ([`ONE_WAY_LINES_OF_FIRE`]): since, a shot takes the line drawn back from the ogre
/// too, and in open ground a wall or two that leave it in view leave one of the two
/// lines clear.
fn ogre_seen_behind_a_corner(seed: u64) -> Option<(RunState, Pos)> {
    let mut run = super::support::arena(seed)?;
    run.stage().play_by_format(ONE_WAY_LINES_OF_FIRE);
    let player = run.player();
    // A wall two steps off the diagonal, the ogre past its corner (and the mirror
    // images): seen, yet the line of fire meets the wall.
    let pairs = [
        ((-2, -2), (-4, -3)),
        ((2, -2), (4, -3)),
        ((-2, 2), (-4, 3)),
        ((2, 2), (4, 3)),
    ];
    for (wall, ogre) in pairs {
        let mut tried = run.clone();
        let wall = player.offset(wall.0, wall.1);
        let ogre = player.offset(ogre.0, ogre.1);
        tried.stage().lay(wall, Tile::Wall);
        super::support::put_monster(&mut tried, "ogre", ogre, Mind::Wandering(0));
        let seen = tried.level().in_view(ogre);
        let struck = tried.line_of_fire(ogre, Missile::Bolt).struck;
        if seen && struck != Some(ogre) {
            return Some((tried, ogre));
        }
    }
    None
}

#[test]
fn a_wand_aimed_at_the_nearest_monster_skips_one_behind_a_corner_for_one_in_the_line_of_fire() {
    let (mut run, hidden) = (0..40)
        .find_map(ogre_seen_behind_a_corner)
        .expect("some arena has a monster seen past a wall's corner");
    // A second ogre, farther, in a clear line of fire (west of the player).
    let clear = run.player().offset(-5, 0);
    super::support::put_monster(&mut run, "ogre", clear, Mind::Wandering(0));
    assert!(run.line_of_fire(clear, Missile::Bolt).struck == Some(clear));
    assert_eq!(
        run.targets(),
        vec![clear],
        "the cursor offers only the reachable"
    );
    let wand = kind("wand of striking");
    run.stage().give(wand);
    let hp_of = |run: &RunState, at: Pos| {
        run.level()
            .monsters
            .iter()
            .find(|m| m.pos == at)
            .map(|m| m.hp)
    };
    let (hidden_hp, clear_hp) = (hp_of(&run, hidden), hp_of(&run, clear));
    run.apply(PlayerAction::Use(0));
    assert_eq!(
        hp_of(&run, hidden),
        hidden_hp,
        "the one behind the corner is spared"
    );
    assert!(
        hp_of(&run, clear) < clear_hp,
        "the one in the line of fire is struck"
    );
}

#[test]
fn a_wand_aimed_at_the_nearest_monster_with_none_in_the_line_of_fire_says_so_and_keeps_its_charge()
{
    let (mut run, _) = (0..40)
        .find_map(ogre_seen_behind_a_corner)
        .expect("some arena has a monster seen past a wall's corner");
    let wand = kind("wand of striking");
    run.stage().give(wand);
    let turns = run.turns();
    let charges = run.wand_charges(Item::plain(wand));
    let said = notices(&run.apply(PlayerAction::Use(0)));
    assert!(said.iter().any(|s| s.contains("line of fire")), "{said:?}");
    assert_eq!(
        run.wand_charges(Item::plain(wand)),
        charges,
        "no charge spent"
    );
    assert_eq!(run.turns(), turns, "no turn spent");
    // A replay of format 10 zaps at it and spends the charge on the wall.
    let (mut old, _) = (0..40).find_map(ogre_seen_behind_a_corner).unwrap();
    old.stage().give(wand);
    old.stage().play_by_format(AUTO_AIMS_THROUGH_WALLS);
    let said = notices(&old.apply(PlayerAction::Use(0)));
    assert!(said.iter().any(|s| s.contains("fizzes")), "{said:?}");
}
