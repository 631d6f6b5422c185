//! The items that make a build and a risk, through the run model: throwing (thrown
//! weapons hit and lie where they land, walls stop a throw, potions shatter, fire
//! bursts), aiming a wand at a chosen tile, the weapon styles (quick, sweep, pierce,
//! heavy), heavy armour's noise, enchanting what the player relies on, cursed rings and
//! remove curse, and the malevolent scrolls, potions and wand.

use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::{WeaponStyle, default_loot_table};
use delve_levels::monsters::Mind;
use delve_rules::run::{PLAYER_FIGHTER, PlayerAction, RunState, THROW_RANGE};

use super::support::{monster, notices, put_monster, put_on_open_ground, said, with_monsters};
use delve_levels::loot::Item;

/// A run of `seed` with nobody else on the level, the player on open ground (every tile
/// within 3 is floor).
fn start(seed: u64) -> RunState {
    let mut run = with_monsters(seed);
    run.stage().clear_monsters();
    assert!(
        put_on_open_ground(&mut run, 3),
        "open ground on seed {seed}"
    );
    run.stage().clear_items();
    run
}

fn kind(name: &str) -> usize {
    default_loot_table()
        .index_of(name)
        .unwrap_or_else(|| panic!("the table has a {name}"))
}

/// Puts a monster of kind `name` at (dx, dy) from the player, asleep or awake.
fn put(run: &mut RunState, name: &str, dx: i32, dy: i32, asleep: bool) -> Pos {
    let at = run.player().offset(dx, dy);
    let mind = if asleep {
        Mind::Asleep
    } else {
        monster(name, at).mind
    };
    put_monster(run, name, at, mind)
}

fn hp_at(run: &RunState, at: Pos) -> Option<u32> {
    run.level()
        .monster_at(at)
        .map(|i| run.level().monsters[i].hp)
}

fn items_on_the_floor(run: &RunState, kind: usize) -> usize {
    run.level().items.iter().filter(|i| i.item == kind).count()
}

#[test]
fn a_thrown_dart_flies_to_the_monster_aimed_at_and_lies_where_it_lands() {
    let dart = kind("dart");
    let mut hurt_once = false;
    for seed in 1..8 {
        let mut run = start(seed);
        let ogre = put(&mut run, "ogre", 3, 0, false);
        let full = hp_at(&run, ogre).unwrap();
        run.stage().carry(vec![dart; 5]);
        let before = run.turns();
        let outcomes = run.apply(PlayerAction::Throw(0, ogre));
        assert!(
            said(&outcomes, "You throw a dart."),
            "{:?}",
            notices(&outcomes)
        );
        assert_eq!(run.turns(), before + 1, "a throw takes a turn");
        assert_eq!(run.inventory().len(), 4, "one dart thrown");
        assert_eq!(
            items_on_the_floor(&run, dart),
            1,
            "it lies where it came down"
        );
        let left = hp_at(&run, ogre).unwrap_or(0);
        assert!(
            left == full || said(&outcomes, "The dart"),
            "a hit or a miss is told: {:?}",
            notices(&outcomes)
        );
        hurt_once |= left < full;
    }
    assert!(
        hurt_once,
        "a dart thrown at an ogre three tiles off hits at times"
    );
}

#[test]
fn a_throw_stops_at_a_wall_and_at_its_range() {
    let mut run = start(2);
    let javelin = kind("javelin");
    let wall = run.player().offset(2, 0);
    run.stage().lay(wall, Tile::Wall);
    run.stage().carry(vec![javelin]);
    run.apply(PlayerAction::Throw(0, run.player().offset(3, 0)));
    let landed: Vec<Pos> = run
        .level()
        .items
        .iter()
        .filter(|i| i.item == javelin)
        .map(|i| i.pos)
        .collect();
    assert_eq!(
        landed,
        vec![run.player().offset(1, 0)],
        "it falls before the wall"
    );
    // Far away: it comes down at most THROW_RANGE tiles off.
    let mut run = start(3);
    run.stage().carry(vec![javelin]);
    let far = run.player().offset(40, 0);
    run.apply(PlayerAction::Throw(0, far));
    let at = run
        .level()
        .items
        .iter()
        .find(|i| i.item == javelin)
        .expect("it lies somewhere")
        .pos;
    assert!(
        at.chebyshev(run.player()) <= THROW_RANGE + 1,
        "{at} from {}",
        run.player()
    );
}

#[test]
fn a_thrown_potion_shatters_and_incineration_burns_what_it_hits() {
    let mut run = start(4);
    let healing = kind("potion of healing");
    run.stage().carry(vec![healing]);
    let outcomes = run.apply(PlayerAction::Throw(0, run.player().offset(3, 0)));
    assert!(said(&outcomes, "shatters"), "{:?}", notices(&outcomes));
    assert_eq!(items_on_the_floor(&run, healing), 0);
    assert!(run.inventory().is_empty());

    let mut run = start(4);
    let fire = kind("potion of incineration");
    let kobold = put(&mut run, "kobold", 4, 0, false);
    let full = hp_at(&run, kobold).unwrap();
    run.stage().carry(vec![fire]);
    let outcomes = run.apply(PlayerAction::Throw(0, kobold));
    assert!(
        said(&outcomes, "bursts into flames"),
        "{:?}",
        notices(&outcomes)
    );
    assert!(
        hp_at(&run, kobold).is_none_or(|hp| hp < full),
        "the kobold burns"
    );
    assert!(run.knowledge().knows(fire), "a burst seen names the potion");
    assert_eq!(
        run.fight().hp,
        run.fight().max_hp,
        "four tiles off, the flames miss the player"
    );
}

#[test]
fn a_wand_aimed_at_a_tile_strikes_the_monster_on_that_line_not_the_nearest() {
    let mut run = start(5);
    let near = put(&mut run, "ogre", -2, 0, false);
    let far = put(&mut run, "ogre", 0, 3, false);
    let full = hp_at(&run, far).unwrap();
    run.stage().give(kind("wand of striking"));
    run.apply(PlayerAction::UseAt(0, far));
    assert!(
        hp_at(&run, far).is_none_or(|hp| hp < full),
        "the bolt went where aimed"
    );
    assert_eq!(hp_at(&run, near), Some(full), "not at the nearest");
}

#[test]
fn a_wand_of_plenty_doubles_what_it_strikes() {
    let mut run = start(6);
    let kobold = put(&mut run, "kobold", 2, 0, false);
    run.stage().give(kind("wand of plenty"));
    let outcomes = run.apply(PlayerAction::UseAt(0, kobold));
    assert!(
        said(&outcomes, "there are two of it"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.level().monsters.len(), 2);
    let positions: std::collections::HashSet<Pos> =
        run.level().monsters.iter().map(|m| m.pos).collect();
    assert_eq!(positions.len(), 2, "each on its own tile");
}

/// The player wielding `weapon` (its letter `a`).
fn wielding(run: &mut RunState, weapon: &str) {
    run.stage().give(kind(weapon));
    run.apply(PlayerAction::Use(0));
    assert_eq!(run.fight().weapon, Some(Item::plain(kind(weapon))));
}

#[test]
fn an_axe_sweeps_every_monster_next_to_the_player() {
    let mut more_than_one = false;
    for seed in 1..10 {
        let mut run = start(seed);
        wielding(&mut run, "axe");
        assert_eq!(run.weapon_style(), WeaponStyle::Sweep);
        let around: Vec<Pos> = [(1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .map(|(dx, dy)| put(&mut run, "ogre", dx, dy, false))
            .collect();
        let full = hp_at(&run, around[0]).unwrap();
        run.apply(PlayerAction::Move(1, 0));
        let hurt = around
            .iter()
            .filter(|&&p| hp_at(&run, p).is_none_or(|hp| hp < full))
            .count();
        more_than_one |= hurt > 1;
    }
    assert!(more_than_one, "a sweep falls on more than the one attacked");
}

#[test]
fn a_spear_also_strikes_the_monster_behind_the_first() {
    let mut behind_hurt = false;
    for seed in 1..10 {
        let mut run = start(seed);
        wielding(&mut run, "spear");
        put(&mut run, "ogre", 1, 0, false);
        let behind = put(&mut run, "ogre", 2, 0, false);
        let aside = put(&mut run, "ogre", 0, 1, false);
        let full = hp_at(&run, behind).unwrap();
        run.apply(PlayerAction::Move(1, 0));
        behind_hurt |= hp_at(&run, behind).is_none_or(|hp| hp < full);
        assert_eq!(hp_at(&run, aside), Some(full), "a thrust goes straight on");
    }
    assert!(behind_hurt);
}

#[test]
fn a_war_hammer_blow_takes_two_turns() {
    let mut run = start(7);
    wielding(&mut run, "war hammer");
    put(&mut run, "ogre", 1, 0, false);
    let before = run.turns();
    run.apply(PlayerAction::Move(1, 0));
    assert_eq!(run.turns(), before + 2);
    let mut run = start(7);
    wielding(&mut run, "sword");
    put(&mut run, "ogre", 1, 0, false);
    let before = run.turns();
    run.apply(PlayerAction::Move(1, 0));
    assert_eq!(run.turns(), before + 1, "a sword blow takes one");
}

#[test]
fn a_dagger_takes_a_sleeper_for_five_times_its_damage() {
    let mut run = start(8);
    wielding(&mut run, "dagger");
    let ogre = put(&mut run, "ogre", 1, 0, true);
    let full = hp_at(&run, ogre).unwrap();
    let outcomes = run.apply(PlayerAction::Move(1, 0));
    assert!(said(&outcomes, "unawares"), "{:?}", notices(&outcomes));
    let dealt = full - hp_at(&run, ogre).unwrap_or(0);
    let (least, _) = run.player_fighter().damage;
    assert!(dealt >= (least * 5).min(full), "{dealt} dealt");
}

#[test]
fn plate_armour_defends_more_and_its_steps_wake_sleepers() {
    let mut run = start(9);
    run.stage().give(kind("plate armour"));
    run.apply(PlayerAction::Use(0));
    assert!(run.wears_heavy_armour());
    assert_eq!(run.player_fighter().defence, PLAYER_FIGHTER.defence + 8);
    // A sleeper three tiles off, behind the player: steps back and forth wake it.
    let sleeper = put(&mut run, "ogre", -3, 0, true);
    let mut woke = false;
    for step in 0..40 {
        let dx = if step % 2 == 0 { 1 } else { -1 };
        run.apply(PlayerAction::Move(dx, 0));
        let index = run.level().monster_at(sleeper);
        woke |= index.is_none_or(|i| run.level().monsters[i].mind != Mind::Asleep);
        if woke {
            break;
        }
    }
    assert!(woke, "forty clanking steps wake a sleeper three tiles off");
}

#[test]
fn a_scroll_of_enchanting_read_on_the_armour_adds_to_it_for_good() {
    let mut run = start(10);
    run.stage().carry(vec![
        kind("leather armour"),
        kind("scroll of enchanting"),
        kind("scroll of enchanting"),
    ]);
    run.apply(PlayerAction::Use(0));
    let defence = run.player_fighter().defence;
    let outcomes = run.apply(PlayerAction::UseOn(1, 0));
    assert_eq!(
        run.player_fighter().defence,
        defence + 1,
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(
        run.fight().armour.map(|a| (a.kind, a.plus)),
        Some((kind("leather armour"), 1))
    );
    let lines = delve_rules::view::inventory_lines(&run);
    assert!(lines[0].contains("leather armour +1 (worn)"), "{lines:?}");
    // Known now, the second goes where the player says too.
    assert!(run.knowledge().knows(kind("scroll of enchanting")));
    run.apply(PlayerAction::UseOn(1, 0));
    assert_eq!(run.player_fighter().defence, defence + 2);
    assert!(run.carried_of_kind(kind("scroll of enchanting")) == 0);
}

#[test]
fn a_cursed_ring_stays_on_until_its_curse_is_lifted() {
    let mut run = start(11);
    let ring = kind("ring of clumsiness");
    run.stage()
        .carry(vec![ring, kind("scroll of remove curse")]);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert!(said(&outcomes, "cursed"), "{:?}", notices(&outcomes));
    assert!(run.player_fighter().attack < PLAYER_FIGHTER.attack);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert!(
        said(&outcomes, "will not come off"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.fight().ring, Some(Item::plain(ring)));
    let lines = delve_rules::view::inventory_lines(&run);
    assert!(lines[0].ends_with("(worn) (cursed)"), "{lines:?}");
    let outcomes = run.apply(PlayerAction::Drop(0));
    assert!(
        said(&outcomes, "will not come off"),
        "{:?}",
        notices(&outcomes)
    );
    assert!(run.carried_of_kind(ring) > 0);
    run.apply(PlayerAction::Use(1));
    assert!(!run.is_cursed(ring));
    run.apply(PlayerAction::Use(0));
    assert_eq!(run.fight().ring, None, "it comes off now");
}

#[test]
fn aggravate_monsters_wakes_the_level_and_summoning_brings_three() {
    let mut run = start(12);
    put(&mut run, "ogre", 5, 0, true);
    put(&mut run, "kobold", -5, 0, true);
    run.stage().give(kind("scroll of aggravate monsters"));
    run.apply(PlayerAction::Use(0));
    assert!(run.level().monsters.iter().all(|m| m.mind != Mind::Asleep));

    let mut run = start(12);
    run.stage().give(kind("scroll of summon monsters"));
    let outcomes = run.apply(PlayerAction::Use(0));
    let player = run.player();
    let near = run
        .level()
        .monsters
        .iter()
        .filter(|m| m.pos.chebyshev(player) <= 2)
        .count();
    assert_eq!(near, 3, "{:?}", notices(&outcomes));
    assert!(run.level().monsters.iter().all(|m| m.pos != player));
}

#[test]
fn a_potion_of_descent_sinks_the_player_a_depth() {
    let mut run = start(13);
    run.stage().give(kind("potion of descent")).mark_found(1);
    let outcomes = run.apply(PlayerAction::Use(0));
    assert_eq!(run.depth(), 2, "{:?}", notices(&outcomes));
    assert!(run.knowledge().knows(kind("potion of descent")));
}

#[test]
fn a_potion_of_incineration_drunk_burns_the_player_and_what_stands_next_to_it() {
    let mut run = start(14);
    let kobold = put(&mut run, "kobold", 1, 0, false);
    let full = hp_at(&run, kobold).unwrap();
    run.stage().give(kind("potion of incineration"));
    run.apply(PlayerAction::Use(0));
    assert!(run.fight().hp < run.fight().max_hp, "the drinker burns");
    assert!(hp_at(&run, kobold).is_none_or(|hp| hp < full));
}

#[test]
fn the_aiming_letters_are_wands_and_known_thrown_weapons_and_scrolls_ask_for_an_item() {
    let mut run = start(15);
    run.stage().carry(vec![
        kind("wand of striking"),
        kind("dart"),
        kind("potion of healing"),
        kind("scroll of enchanting"),
    ]);
    assert_eq!(run.aimed_letters(), vec![0, 1]);
    assert!(
        run.letters_read_on_an_item().is_empty(),
        "not before it is known"
    );
    run.stage().give(kind("leather armour"));
    run.apply(PlayerAction::UseOn(3, 4));
    assert!(run.knowledge().knows(kind("scroll of enchanting")));
    run.stage().give(kind("scroll of enchanting"));
    assert_eq!(run.letters_read_on_an_item().len(), 1);
}
