//! Following a changed campaign file (a designer's live reload), through the run model:
//! the level in play is made again from the same seed and depth only when what makes
//! it changed, the player stays where they stood while that is open ground, the other
//! depths follow the new file, carried items keep their kinds by name, and the run is
//! always one that `broken_rule` finds nothing wrong with.

use delve_levels::config::CampaignConfig;
use delve_levels::generator::GeneratorConfig;
use delve_levels::loot::LootTable;
use delve_rules::run::{PlayerAction, Rules, RunState};

use super::support::{notices, said};
use delve_levels::loot::Item;

/// A three-depth cave campaign, as a designer would write it.
const CAVES: &str =
    "(name: \"Caves\", seed: 42, depths: [Cave(), Cave(wall_percent: 44), Rooms()])";

fn campaign(text: &str) -> CampaignConfig {
    CampaignConfig::parse(text, "levels/caves.ron").expect("the campaign parses")
}

fn start(text: &str, rules: Rules) -> RunState {
    RunState::start(campaign(text), None, rules)
        .expect("the run starts")
        .0
}

fn wall_percent(run: &RunState) -> u32 {
    match &run.level().key.config {
        GeneratorConfig::Cave(cave) => cave.wall_percent,
        other => panic!("a cave, not {other:?}"),
    }
}

#[test]
fn a_changed_depth_is_made_again_from_the_same_seed_and_depth() {
    let mut run = start(CAVES, Rules::Monsters);
    let before = run.level().key.clone();
    let edited = CAVES.replacen("Cave()", "Cave(wall_percent: 47)", 1);
    let outcomes = run.follow_campaign(campaign(&edited), "levels/caves.ron");
    let after = &run.level().key;
    assert_eq!(wall_percent(&run), 47, "the new file's walls");
    assert_eq!((after.seed, after.depth), (before.seed, before.depth));
    assert_ne!(run.level().level.tiles, {
        before.generate().unwrap().tiles
    });
    assert!(
        said(&outcomes, "levels/caves.ron changed: entry 1 of its depths"),
        "{:?}",
        notices(&outcomes)
    );
    assert!(
        said(&outcomes, "Depth 1 made again"),
        "{:?}",
        notices(&outcomes)
    );
    let tile = run.level().tile_at(run.player()).unwrap();
    assert!(tile.is_walkable(), "the player stands on open ground");
    assert_eq!(run.broken_rule(), None);
    assert!(run.designer_run(), "a reload is a designer's tool");
}

#[test]
fn the_player_stays_where_they_stood_while_it_is_still_floor() {
    // More loot changes the key but not the cave: the player keeps their square.
    let mut run = start(CAVES, Rules::Peaceful);
    for _ in 0..6 {
        run.apply(PlayerAction::Explore);
    }
    let stood = run.player();
    let edited = CAVES.replacen("Cave()", "Cave(loot: 9)", 1);
    run.follow_campaign(campaign(&edited), "levels/caves.ron");
    assert_eq!(run.player(), stood);
    assert_eq!(run.broken_rule(), None);
}

#[test]
fn a_player_whose_square_became_wall_is_put_on_the_nearest_open_ground() {
    let mut run = start(CAVES, Rules::Peaceful);
    for _ in 0..4 {
        run.apply(PlayerAction::Explore);
    }
    let stood = run.player();
    // Much more wall: some squares that were floor are rock now.
    let mut moved = None;
    for walls in 50..=56 {
        let edited = CAVES.replacen("Cave()", &format!("Cave(wall_percent: {walls})"), 1);
        let mut copy = run.clone();
        copy.follow_campaign(campaign(&edited), "levels/caves.ron");
        let nearest = copy.player();
        let was_floor = copy.level().tile_at(stood).is_some_and(|t| t.is_walkable());
        assert_eq!(copy.broken_rule(), None);
        if !was_floor {
            moved = Some((nearest, copy));
            break;
        }
        assert_eq!(nearest, stood, "kept while still open ground");
    }
    let (nearest, copy) = moved.expect("one of the wall percents walls the square in");
    let steps = |a: delve_levels::grid::Pos, b: delve_levels::grid::Pos| {
        (a.x - b.x).abs().max((a.y - b.y).abs())
    };
    let tiles = &copy.level().level.tiles;
    let closer = (0..tiles.len()).map(|i| tiles.pos_of(i)).find(|&p| {
        tiles.get(p).is_some_and(|t| t.is_walkable())
            && steps(p, stood) < steps(nearest, stood)
            && delve_levels::analysis::distances::walking_distances(tiles, copy.level().level.up)
                [tiles.index_of(p)]
                != delve_levels::analysis::distances::UNREACHABLE
    });
    assert_eq!(
        closer, None,
        "no reachable open tile is nearer than {nearest}"
    );
}

#[test]
fn an_unchanged_file_or_a_change_elsewhere_leaves_the_level_in_play() {
    let mut run = start(CAVES, Rules::Monsters);
    let before = run.clone();
    let outcomes = run.follow_campaign(campaign(CAVES), "levels/caves.ron");
    assert!(
        said(&outcomes, "nothing in it changed"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run, before, "nothing changed");

    // Depth 2 changed: the level in play stays; depth 2, when reached, is the new one.
    let edited = CAVES.replace("Cave(wall_percent: 44)", "Cave(wall_percent: 38)");
    let outcomes = run.follow_campaign(campaign(&edited), "levels/caves.ron");
    assert!(
        said(&outcomes, "entry 2 of its depths"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.level().key, before.level().key);
    assert_eq!(run.player(), before.player());
    assert_eq!(run.level().monsters, before.level().monsters);
    assert_eq!(
        run.key_for(2).config,
        campaign(&edited).depths[1],
        "depth 2 follows the new file"
    );
    assert_eq!(run.broken_rule(), None);
}

#[test]
fn the_run_keeps_its_seed_when_the_file_names_another() {
    let mut run = start(CAVES, Rules::Peaceful);
    let before = run.clone();
    let outcomes = run.follow_campaign(campaign(&CAVES.replace("seed: 42", "seed: 7")), "c.ron");
    assert_eq!(run.campaign().seed, 42);
    assert_eq!(run, before);
    assert!(
        said(&outcomes, "its seed stays 42"),
        "{:?}",
        notices(&outcomes)
    );
}

#[test]
fn carried_items_keep_their_kinds_by_name_in_a_changed_loot_table() {
    let embedded = delve_levels::loot::default_loot_table();
    let mut run = start(CAVES, Rules::Monsters);
    let potion = embedded
        .index_of("potion of healing")
        .expect("a healing potion");
    let food = embedded.index_of("food ration").expect("food");
    run.stage().carry(vec![potion, food]);
    // The new table: the embedded one without the food (so every kind after it moves).
    let file = crate::workspace_root().join("levels/loot.ron");
    let text: String = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|line| !line.contains("name: \"food ration\""))
        .map(|line| format!("{line}\n"))
        .collect();
    let table = LootTable::from_ron_str(&text, "new-loot.ron").expect("the new table");
    let new = campaign(CAVES).with_loot_table(table.clone());
    let outcomes = run.follow_campaign(new, "levels/caves.ron");
    assert!(
        said(&outcomes, "the loot table"),
        "{:?}",
        notices(&outcomes)
    );
    assert!(
        said(&outcomes, "has no food ration"),
        "{:?}",
        notices(&outcomes)
    );
    let healing = table.index_of("potion of healing").unwrap();
    assert_ne!(healing, potion, "the potion's kind moved");
    assert_eq!(run.inventory(), [Item::plain(healing)]);
    assert_eq!(
        run.level().key.loot,
        table.fingerprint(),
        "the key says its table"
    );
    assert_eq!(run.broken_rule(), None);
}

#[test]
fn a_finished_run_does_not_follow() {
    let mut run = start(CAVES, Rules::Monsters);
    run.stage()
        .set_final_depth(1)
        .end_run(delve_rules::run::RunEnd::Won);
    let before = run.clone();
    let edited = CAVES.replacen("Cave()", "Cave(wall_percent: 47)", 1);
    let outcomes = run.follow_campaign(campaign(&edited), "c.ron");
    assert_eq!(run, before);
    assert!(
        said(&outcomes, "the run is over"),
        "{:?}",
        notices(&outcomes)
    );
}

/// A monster table of two kinds that live on every depth.
const TWO_KINDS: &str = r#"(monsters: [
    (name: "cave troll", glyph: 'T', hp: 30, attack: 3, defence: 2, damage: (2, 6),
     speed: Slow, sight: 6, behaviour: Hunts, depths: (1, 999), rarity: Common),
    (name: "glow worm", glyph: 'w', hp: 2, attack: 0, defence: 0, damage: (1, 1),
     speed: Slow, sight: 3, behaviour: Wanders, depths: (1, 999), rarity: Common),
])"#;

/// [`CAVES`] naming its own monster table, written beside it in a fresh folder.
fn caves_with_monsters(dir: &super::temp_dir::TempDir, table: &str) -> CampaignConfig {
    dir.write("two-kinds.ron", table.as_bytes());
    let text = CAVES.replace("seed: 42,", "seed: 42, monsters: \"two-kinds.ron\",");
    let file = dir.write("caves.ron", text.as_bytes());
    CampaignConfig::load(&file).expect("the campaign and its table load")
}

#[test]
fn a_campaign_peoples_its_levels_from_the_monster_table_it_names() {
    let dir = super::temp_dir::TempDir::new("own-monsters");
    let campaign = caves_with_monsters(&dir, TWO_KINDS);
    let names: Vec<&str> = campaign
        .monster_table()
        .kinds()
        .iter()
        .map(|k| k.name.as_str())
        .collect();
    assert_eq!(names, ["cave troll", "glow worm"]);
    let run = RunState::start(campaign.clone(), None, Rules::Monsters)
        .unwrap()
        .0;
    assert!(!run.level().monsters.is_empty());
    assert!(
        run.level().monsters.iter().all(|m| m.kind < 2),
        "only the table's kinds"
    );
    // A save and a recording hold the table, so they load without the file.
    let save = run.snapshot();
    assert!(save.monster_table.is_some());
    let restored = RunState::restore(save.clone()).expect("the save loads");
    assert_eq!(restored, run);
    let mut without = save;
    without.monster_table = None;
    let refused = RunState::restore(without).unwrap_err();
    assert!(
        refused.contains("names monster table \"two-kinds.ron\""),
        "{refused}"
    );
    let start = delve_rules::run::record::RecordingStart::new(&campaign, None, Rules::Monsters);
    assert_eq!(start.monster_table, save_table(&run));
    // The embedded table is held by nobody: old saves and recordings stay as they were.
    assert_eq!(start_of_builtin().monster_table, None);
}

fn save_table(run: &RunState) -> Option<String> {
    run.snapshot().monster_table
}

fn start_of_builtin() -> delve_rules::run::record::RecordingStart {
    delve_rules::run::record::RecordingStart::new(&CampaignConfig::builtin(), None, Rules::Monsters)
}

#[test]
fn a_broken_monster_table_is_an_error_at_the_field_that_names_it() {
    let dir = super::temp_dir::TempDir::new("broken-monsters");
    dir.write(
        "two-kinds.ron",
        TWO_KINDS.replace("hp: 30", "hp: 0").as_bytes(),
    );
    let text = "(seed: 1,\n  monsters: \"two-kinds.ron\",\n  depths: [Cave()])";
    let file = dir.write("c.ron", text.as_bytes());
    let error = CampaignConfig::load(&file).unwrap_err().to_string();
    let origin = file.display().to_string();
    assert!(
        error.starts_with(&format!("{origin}:2:3: `monsters`: ")),
        "{error}"
    );
    assert!(error.contains("\"cave troll\": `hp`"), "{error}");
    let missing = dir.write("d.ron", text.replace("two-kinds", "none").as_bytes());
    let error = CampaignConfig::load(&missing).unwrap_err().to_string();
    assert!(error.contains("none.ron: no such file"), "{error}");
}

#[test]
fn a_changed_monster_table_peoples_the_same_level_anew() {
    let dir = super::temp_dir::TempDir::new("follow-monsters");
    let mut run = RunState::start(caves_with_monsters(&dir, TWO_KINDS), None, Rules::Monsters)
        .unwrap()
        .0;
    let key = run.level().key.clone();
    let trolls_only = TWO_KINDS.replace("rarity: Common),\n])", "rarity: Weight(0)),\n])");
    let outcomes = run.follow_campaign(caves_with_monsters(&dir, &trolls_only), "caves.ron");
    assert!(
        said(&outcomes, "the monster table (2 kinds)"),
        "{:?}",
        notices(&outcomes)
    );
    assert_eq!(run.level().key, key, "the same level");
    assert!(!run.level().monsters.is_empty());
    assert!(
        run.level().monsters.iter().all(|m| m.kind == 0),
        "peopled from the new table: trolls only"
    );
    assert_eq!(run.broken_rule(), None);
}
