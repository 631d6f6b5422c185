//! Shops: a shop vault's wares lie for sale at a price by rarity. Stepping on one says
//! its price and leaves it lying; g buys it when the purse holds the price (the purse
//! goes down, the score does not: it counts the gold found); exploring leaves wares
//! alone; a peaceful run, which has no purse, takes them free; a hungry player with a
//! full pack never eats one unpaid. A save never holds more
//! gold spent than found or than the wares taken from its levels' shops cost, nor a
//! dropped item for sale.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::{Generation, GeneratorKind};
use delve_levels::grid::Pos;
use delve_levels::key::LevelKey;
use delve_levels::loot::{PRICE_OF_THE_RAREST, PlacedItem, default_loot_table};
use delve_levels::vaults::VaultSet;
use delve_rules::run::hunger::{HUNGRY_AT, Hunger};
use delve_rules::run::{GameSave, PlayerAction, Rules, RunState};
use delve_rules::view::describe;

use super::support::{self, notices, peaceful, put_on_open_ground, with_monsters_staying};

/// A run alone on open ground, a potion of healing for sale at 15 gold one step east,
/// and `gold` in the purse.
fn at_a_stall(seed: u64, gold: u32) -> (RunState, delve_levels::grid::Pos) {
    with_a_stall(with_monsters_staying(seed), gold)
}

/// `run` alone on open ground, with a potion of healing for sale at 15 gold one step
/// east, and `gold` in the purse.
fn with_a_stall(mut run: RunState, gold: u32) -> (RunState, delve_levels::grid::Pos) {
    run.stage().clear_monsters().clear_items();
    assert!(put_on_open_ground(&mut run, 3));
    let healing = run
        .campaign()
        .loot_table()
        .index_of("potion of healing")
        .unwrap();
    let east = run.player().offset(1, 0);
    run.stage()
        .put_item(east, healing)
        .price_item(east, 15)
        .set_gold(gold);
    (run, east)
}

#[test]
fn stepping_on_a_ware_names_its_price_and_leaves_it_lying() {
    let (mut run, east) = at_a_stall(1, 40);
    let said = notices(&run.apply(PlayerAction::Move(1, 0)));
    assert_eq!(run.player(), east);
    assert!(
        said.iter().any(|s| s.starts_with("For sale here: ")
            && s.contains("for 15 gold (purse: 40). g buys it.")),
        "{said:?}"
    );
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == east && i.price == 15)
    );
    assert_eq!(run.gold(), 40);
    assert!(
        describe(&run, east).contains("(for sale: 15 gold)"),
        "{}",
        describe(&run, east)
    );
}

#[test]
fn stepping_on_a_ware_the_purse_cannot_pay_for_says_how_much_is_lacking() {
    let (mut run, _) = at_a_stall(1, 9);
    let said = notices(&run.apply(PlayerAction::Move(1, 0)));
    assert!(
        said.iter()
            .any(|s| s.contains("for 15 gold (purse: 9). You are 6 gold short.")),
        "{said:?}"
    );
    assert!(!said.iter().any(|s| s.contains("g buys it")), "{said:?}");
}

#[test]
fn buying_takes_the_price_from_the_purse_and_keeps_the_score() {
    let (mut run, east) = at_a_stall(2, 40);
    run.apply(PlayerAction::Move(1, 0));
    let carried_before = run.inventory().len();
    let score_before = run.score();
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(
        said.iter()
            .any(|s| s.starts_with("You buy ") && s.ends_with("for 15 gold (purse: 25).")),
        "{said:?}"
    );
    assert_eq!(run.gold(), 25);
    assert_eq!(run.fight().gold, 40, "the gold found stays");
    assert_eq!(run.fight().gold_spent, 15);
    assert_eq!(run.inventory().len(), carried_before + 1);
    assert!(!run.level().items.iter().any(|i| i.pos == east));
    assert_eq!(run.score(), score_before);
}

#[test]
fn a_purse_short_of_the_price_buys_nothing_and_says_so() {
    let (mut run, east) = at_a_stall(3, 10);
    run.apply(PlayerAction::Move(1, 0));
    let turns = run.turns();
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(
        said.iter().any(|s| s.starts_with("You cannot buy ")
            && s.ends_with("it costs 15 gold, and your purse holds 10.")),
        "{said:?}"
    );
    assert_eq!(run.gold(), 10);
    assert_eq!(run.turns(), turns, "no turn passes");
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == east && i.price == 15)
    );
}

/// `run` hungry, its pack full (26 kinds), alone on open ground with a food ration for
/// sale at 15 gold one step east and 40 gold in the purse, stood on the ration.
fn hungry_and_full_on_a_ration_for_sale(mut run: RunState) -> (RunState, Pos) {
    use delve_levels::loot::Item;
    run.stage().clear_monsters().clear_items();
    assert!(put_on_open_ground(&mut run, 3));
    let table = run.campaign().loot_table();
    let (dagger, ration) = (
        table.index_of("dagger").unwrap(),
        table.index_of("food ration").unwrap(),
    );
    for plus in 1..=26 {
        run.stage().give_item(Item::plain(dagger).with_plus(plus));
    }
    let east = run.player().offset(1, 0);
    run.stage()
        .put_item(east, ration)
        .price_item(east, 15)
        .set_gold(40)
        .set_food(HUNGRY_AT - 10);
    run.apply(PlayerAction::Move(1, 0));
    assert_eq!(run.player(), east);
    assert_eq!(run.lettered_inventory().len(), 26, "a full pack");
    assert_ne!(run.hunger(), Hunger::Fed);
    (run, east)
}

/// A hungry player with a full pack eats food lying free where it lies (`g`); a ware is
/// not theirs until bought, so `g` on a ration for sale is refused, naming its price and
/// the key that buys it (the key table's pick-up key) once the pack has room: nothing
/// eaten, paid or taken, and no turn passes. (A recording of format 9 or older keeps the
/// old rule, under which it was eaten unpaid: `run::record::EATS_WARES_UNPAID`.)
#[test]
fn a_hungry_player_with_a_full_pack_cannot_eat_a_ware_unpaid() {
    for seed in [1, 2, 3] {
        let (mut run, east) = hungry_and_full_on_a_ration_for_sale(with_monsters_staying(seed));
        let (turns, food) = (run.turns(), run.fight().food);
        let said = notices(&run.apply(PlayerAction::PickUp));
        assert_eq!(
            delve_rules::view::action_for_char('g'),
            Some(PlayerAction::PickUp),
            "`g` is the key that buys"
        );
        assert!(
            said.iter().any(
                |s| s.starts_with("It is for sale: a food ration for 15 gold.")
                    && s.ends_with("g buys it.")
            ),
            "{said:?}"
        );
        assert!(!said.iter().any(|s| s.contains("you eat")), "{said:?}");
        assert_eq!(run.fight().food, food, "nothing eaten");
        assert_eq!(run.turns(), turns, "no turn passes");
        assert_eq!((run.gold(), run.fight().gold_spent), (40, 0));
        assert_eq!(run.lettered_inventory().len(), 26);
        assert!(
            run.level()
                .items
                .iter()
                .any(|i| i.pos == east && i.price == 15),
            "the ware lies on its shelf"
        );
        assert_eq!(run.broken_rule(), None);
    }
}

#[test]
fn exploring_leaves_wares_lying() {
    let (mut run, east) = at_a_stall(4, 500);
    for _ in 0..40 {
        run.apply(PlayerAction::Explore);
    }
    assert!(
        run.level()
            .items
            .iter()
            .any(|i| i.pos == east && i.price == 15),
        "exploring bought or took the ware"
    );
    assert_eq!(run.gold(), 500);
}

#[test]
fn a_peaceful_run_has_no_purse_and_takes_wares_free() {
    let (mut run, east) = with_a_stall(peaceful(5), 0);
    run.apply(PlayerAction::Move(1, 0));
    assert!(!run.level().items.iter().any(|i| i.pos == east));
}

#[test]
fn prices_go_by_rarity_and_gold_keys_and_runes_are_never_for_sale() {
    let table = default_loot_table();
    let price = |name: &str| table.price(table.index_of(name).unwrap());
    assert_eq!(price("potion of healing"), PRICE_OF_THE_RAREST / 8);
    assert_eq!(price("potion of extra healing"), PRICE_OF_THE_RAREST / 4);
    assert_eq!(price("ring of protection"), PRICE_OF_THE_RAREST / 2);
    assert_eq!(price("wand of digging"), PRICE_OF_THE_RAREST);
    assert_eq!(price("gold pieces"), 0);
    assert_eq!(price("vault key"), 0);
    assert_eq!(price("rune of passage"), 0);
}

/// A shop of four wares of any kind, on any depth.
const STALL: &str = include_str!("../../../../tests/vaults/stall.ron");

#[test]
fn a_shop_vault_lays_its_wares_priced_and_only_what_has_a_price() {
    let set = VaultSet::from_texts([("stall.ron", STALL)]).expect("the vault file is valid");
    let table = default_loot_table();
    let mut shops = 0;
    for seed in 0..30 {
        let mut config = GeneratorKind::Rooms.default_config();
        config.set_vaults(1);
        let key = LevelKey::new(config, 2, seed).with_vaults(&set);
        let level = key.generate_from(table, &set).expect("the level is made");
        let wares: Vec<_> = level.loot.iter().filter(|i| i.price > 0).collect();
        if level.vaults.iter().any(|v| v.name == "stall") {
            shops += 1;
            assert_eq!(wares.len(), 4, "seed {seed}");
        }
        for ware in wares {
            assert_eq!(ware.price, table.price(ware.item), "seed {seed}");
        }
    }
    assert!(
        shops >= 20,
        "the stall was laid on only {shops} of 30 levels"
    );
}

#[test]
fn a_vault_of_a_later_generation_is_never_drawn_by_an_older_key() {
    let later = STALL.replace(
        "mode: Room,",
        "mode: Room,\n            from_generation: 4,",
    );
    let set = VaultSet::from_texts([("stall.ron", later.as_str())]).expect("valid");
    for seed in 0..10 {
        let mut config = GeneratorKind::Rooms.default_config();
        config.set_vaults(1);
        let key = LevelKey::new(config, 2, seed).with_vaults(&set);
        let old = key.clone().in_generation(Generation::Third);
        let level = old.generate_from(default_loot_table(), &set).unwrap();
        assert!(
            level.vaults.is_empty(),
            "seed {seed}: a third-generation key drew it"
        );
    }
    let unknown = STALL.replace(
        "mode: Room,",
        "mode: Room,\n            from_generation: 9,",
    );
    let refusal = VaultSet::from_texts([("stall.ron", unknown.as_str())])
        .unwrap_err()
        .to_string();
    assert!(
        refusal.contains("stall.ron")
            && refusal.contains("from_generation")
            && refusal.contains("9 is not a generation this delve knows"),
        "{refusal}"
    );
}

/// A run with monsters (none arriving, none on the level) begun on the first level of
/// the built-in campaign that has a shop, standing alone on one of its wares with
/// `gold` in the purse: the ware's place and price.
fn in_a_shop(gold: u32) -> (RunState, Pos, u32) {
    for seed in 0..20u64 {
        let mut campaign = support::campaign(seed);
        campaign.arrivals = Some(0);
        for depth in 2..=9u32 {
            let key = campaign.key_at(depth, seed);
            let Ok((mut run, _)) = RunState::start(campaign.clone(), Some(key), Rules::Monsters)
            else {
                continue;
            };
            let ware = run.level().items.iter().find(|i| i.price > 0).copied();
            if let Some(ware) = ware {
                run.stage()
                    .clear_monsters()
                    .put_player(ware.pos)
                    .set_gold(gold);
                return (run, ware.pos, ware.price);
            }
        }
    }
    panic!("no shop on depths 2 to 9 of 20 runs");
}

/// A forged change to a save, and the words its refusal must use.
type Forgery = (&'static str, fn(&mut GameSave, Pos, u32), &'static str);

#[test]
fn a_save_with_more_gold_spent_than_wares_taken_or_found_or_a_dropped_ware_is_refused() {
    let (mut run, ware, price) = in_a_shop(500);
    let said = notices(&run.apply(PlayerAction::PickUp));
    assert!(said.iter().any(|s| s.starts_with("You buy ")), "{said:?}");
    assert_eq!(run.fight().gold_spent, price);
    let good = run.snapshot();
    let loaded = RunState::restore(good.clone()).expect("a true save loads");
    assert_eq!(loaded.gold(), 500 - price);
    let forgeries: Vec<Forgery> = vec![
        (
            "more gold spent than found",
            |s, _, _| s.fight.as_mut().unwrap().gold_spent = 501,
            "spent 501 gold but found only 500",
        ),
        (
            "more gold spent than the wares taken cost",
            |s, _, price| s.fight.as_mut().unwrap().gold_spent = price + 1,
            "but the wares taken from the shops of the levels saved cost",
        ),
        (
            "a ware bought and still on the shelf",
            |s, ware, _| s.levels[0].taken.retain(|&at| at != ware),
            "but the wares taken from the shops of the levels saved cost 0",
        ),
        (
            "a ware taken twice, paid twice",
            |s, ware, price| {
                s.levels[0].taken.push(ware);
                s.fight.as_mut().unwrap().gold_spent = 2 * price;
            },
            "but the wares taken from the shops of the levels saved cost",
        ),
        (
            "a dropped item for sale",
            |s, ware, _| {
                let mut dropped = PlacedItem::plain(ware, 0);
                dropped.price = 5;
                s.levels[0].dropped.push(dropped);
            },
            "a dropped item is never for sale",
        ),
        (
            "a dropped item for sale at the most a price holds",
            |s, ware, _| {
                let mut dropped = PlacedItem::plain(ware, 0);
                dropped.price = u32::MAX;
                s.levels[0].dropped.push(dropped);
            },
            "for sale at 4294967295 gold",
        ),
    ];
    for (what, forge, words) in forgeries {
        let mut save = good.clone();
        forge(&mut save, ware, price);
        // Through the save file's bytes, with a good checksum, as an attacker writes it.
        let bytes = delve_levels::save::encode_save(&save, 7).expect("the forgery encodes");
        let decoded = delve_levels::save::decode_save::<GameSave>(&bytes).expect("it decodes");
        match RunState::restore(decoded) {
            Ok(_) => panic!("{what}: the forged save loads"),
            Err(e) => assert!(e.contains(words), "{what}: {e}"),
        }
    }
    // A price that no number holds is refused as the save is read.
    let text = ron::to_string(&good).unwrap();
    let at = text.find("taken:[").unwrap();
    let negative = format!(
        "{}dropped:[(pos:(0,0),item:0,price:-5)],{}",
        &text[..at],
        &text[at..]
    );
    assert!(ron::from_str::<GameSave>(&negative).is_err());
}

#[test]
fn the_builtin_campaign_has_shops_in_new_runs_and_none_in_old_keys() {
    let campaign = CampaignConfig::builtin();
    let mut found = 0;
    for seed in 0..12u64 {
        for depth in 2..=9u32 {
            let key = campaign.key_at(depth, seed);
            let Ok(level) = key.generate() else { continue };
            found += level.vaults.iter().filter(|v| v.name == "shop").count();
            let old = key.in_generation(Generation::Third).generate().unwrap();
            assert!(!old.vaults.iter().any(|v| v.name == "shop"));
            assert!(old.loot.iter().all(|i| i.price == 0));
        }
    }
    assert!(found >= 6, "only {found} shops in 12 runs");
}

/// A run with monsters (none on the level, none arriving) begun on `depth` of seed
/// `seed`'s built-in campaign, with gold to spend and every secret door found (as the
/// playtest's searching found the way to seed 21's shop).
fn on_depth(seed: u64, depth: u32) -> RunState {
    let mut campaign = support::campaign(seed);
    campaign.arrivals = Some(0);
    let key = campaign.key_at(depth, seed);
    let (mut run, _) = RunState::start(campaign, Some(key), Rules::Monsters).unwrap();
    run.stage().clear_monsters().set_gold(500);
    let tiles = &run.level().level.tiles;
    let secret: Vec<Pos> = (tiles.positions())
        .filter(|&p| tiles[p] == delve_levels::grid::Tile::SecretDoor)
        .collect();
    for at in secret {
        run.stage().find(at);
    }
    run
}

/// Explores `run` until exploring says it is done: every line said on the way, and
/// whether a shop's notice ended the exploring that told it.
fn explore_to_the_end(run: &mut RunState) -> (Vec<String>, bool) {
    let mut said = Vec::new();
    let mut stopped_by_the_shop = true;
    for _ in 0..300 {
        let lines = notices(&run.apply(PlayerAction::Explore));
        if lines.iter().any(|l| l.starts_with("You see a shop")) {
            stopped_by_the_shop &= lines
                .last()
                .is_some_and(|l| l.starts_with("You see a shop"));
        }
        let done = lines.iter().any(|l| l.starts_with("Explored"));
        said.extend(lines);
        if done {
            return (said, stopped_by_the_shop);
        }
    }
    panic!("exploring never ended: {said:?}");
}

#[test]
fn a_shop_coming_into_view_is_told_once_with_its_wares_and_prices_and_stops_exploring() {
    // The playtest's levels: exploring walked past these shops unremarked.
    for (seed, depth) in [(3, 2), (21, 2)] {
        let mut run = on_depth(seed, depth);
        let prices: Vec<u32> = (run.level().items.iter())
            .filter(|i| i.price > 0)
            .map(|i| i.price)
            .collect();
        assert!(!prices.is_empty(), "seed {seed} depth {depth} has a shop");
        let (said, stopped) = explore_to_the_end(&mut run);
        let told: Vec<&String> = (said.iter())
            .filter(|l| l.starts_with("You see a shop selling "))
            .collect();
        assert_eq!(told.len(), 1, "seed {seed}: told once: {said:?}");
        for price in &prices {
            // Alike wares at one price are listed once: "3 scrolls … (15 gold each)".
            assert!(told[0].contains(&format!("({price} gold")), "{told:?}");
        }
        assert!(told[0].contains("g buys it"), "{told:?}");
        assert!(stopped, "seed {seed}: the notice stops exploring: {said:?}");
    }
}

#[test]
fn exploring_done_names_the_wares_still_for_sale() {
    let mut run = on_depth(21, 2);
    let (said, _) = explore_to_the_end(&mut run);
    let last = said.last().unwrap();
    assert!(
        last.starts_with("Explored") && last.contains("Still for sale on this level: "),
        "{said:?}"
    );
    for ware in run.level().items.iter().filter(|i| i.price > 0) {
        assert!(last.contains(&format!("({} gold", ware.price)), "{last}");
    }
    // Bought out, nothing is named.
    let wares: Vec<Pos> = (run.level().items.iter())
        .filter(|i| i.price > 0)
        .map(|i| i.pos)
        .collect();
    for at in wares {
        run.stage().remove_item_at(at);
    }
    let said = notices(&run.apply(PlayerAction::Explore));
    assert!(!said.iter().any(|l| l.contains("for sale")), "{said:?}");
}
