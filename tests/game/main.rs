//! The headless game: `MinimalPlugins` + `StatesPlugin` + `GamePlugin`, stepped with
//! `app.update()`, checked by querying the `World`.

use std::collections::VecDeque;

use bevy::prelude::*;

use delve::config::CampaignConfig;
use delve::game::headless::{final_state, headless_app, perform, run_headless, settle};
use delve::game::level::MapTile;
use delve::game::{GridPos, Player, PlayerAction, RunModel, RunSettings};
use delve::generator::generate_level;
use delve::grid::{ORTHOGONAL, Pos, Tile};
use delve::key::LevelKey;
use delve::run::{LevelInPlay, RunState};

/// A running game and the helpers the tests share.
struct TestContext {
    app: App,
}

impl TestContext {
    fn new(seed: u64) -> Self {
        Self::with_settings(settings(seed, None))
    }

    fn with_settings(settings: RunSettings) -> Self {
        let mut app = headless_app(settings);
        settle(&mut app);
        TestContext { app }
    }

    fn run(&self) -> &RunState {
        &self.app.world().resource::<RunModel>().0
    }

    fn current(&self) -> &LevelInPlay {
        &self.run().level
    }

    /// Where the player stands: the run's word, which the player's entity mirrors.
    fn player(&mut self) -> Pos {
        let world = self.app.world_mut();
        let shown = world
            .query_filtered::<&GridPos, With<Player>>()
            .single(world)
            .unwrap()
            .0;
        assert_eq!(
            shown,
            self.run().player,
            "the player's entity mirrors the run"
        );
        shown
    }

    fn act(&mut self, actions: &[PlayerAction]) {
        perform(&mut self.app, actions);
    }

    /// Walks (orthogonal steps) to `to`.
    fn walk_to(&mut self, to: Pos) {
        let from = self.player();
        let path = path_between(&self.current().level.tiles, from, to).expect("reachable");
        self.act(&path);
        assert_eq!(self.player(), to);
    }

    fn map_tiles(&mut self) -> Vec<MapTile> {
        let world = self.app.world_mut();
        let mut tiles: Vec<MapTile> = world.query::<&MapTile>().iter(world).copied().collect();
        tiles.sort_by_key(|t| (t.pos.y, t.pos.x));
        tiles
    }
}

fn settings(seed: u64, start: Option<LevelKey>) -> RunSettings {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = seed;
    RunSettings {
        campaign,
        start,
        save_path: std::env::temp_dir()
            .join(format!("delve-game-{seed}-{}.sav", std::process::id())),
    }
}

/// Orthogonal moves from `from` to `to` by BFS.
fn path_between(tiles: &delve::grid::Grid<Tile>, from: Pos, to: Pos) -> Option<Vec<PlayerAction>> {
    let mut came = vec![None; tiles.len()];
    let mut queue = VecDeque::from([from]);
    came[tiles.index_of(from)] = Some(from);
    while let Some(p) = queue.pop_front() {
        if p == to {
            let mut steps = Vec::new();
            let mut at = to;
            while at != from {
                let prev = came[tiles.index_of(at)].unwrap();
                steps.push(PlayerAction::Move(at.x - prev.x, at.y - prev.y));
                at = prev;
            }
            steps.reverse();
            return Some(steps);
        }
        for (dx, dy) in ORTHOGONAL {
            let q = p.offset(dx, dy);
            if tiles.is_walkable(q) && came[tiles.index_of(q)].is_none() {
                came[tiles.index_of(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    None
}

#[test]
fn the_first_level_spawns_with_its_tiles_and_the_player_on_the_up_stairs() {
    let mut t = TestContext::new(5);
    let campaign = CampaignConfig::builtin();
    let expected = generate_level(campaign.config_at(1), delve::rng::level_seed(5, 1)).unwrap();
    assert_eq!(t.current().level.tiles, expected.tiles);
    assert_eq!(t.player(), expected.up);
    let tiles = t.map_tiles();
    assert_eq!(tiles.len(), expected.tiles.len());
    for tile in tiles {
        assert_eq!(tile.tile, expected.tiles[tile.pos], "{}", tile.pos);
    }
}

#[test]
fn moves_follow_the_keys_and_walls_block() {
    let mut t = TestContext::new(6);
    let start = t.player();
    let tiles = t.current().level.tiles.clone();
    let dirs = [
        ("h", -1, 0),
        ("l", 1, 0),
        ("k", 0, -1),
        ("j", 0, 1),
        ("y", -1, -1),
        ("u", 1, -1),
        ("b", -1, 1),
        ("n", 1, 1),
    ];
    for (letter, dx, dy) in dirs {
        let action = delve::game::parse_actions(letter).unwrap()[0];
        assert_eq!(action, PlayerAction::Move(dx, dy));
        t.act(&[action]);
        let expected = start.offset(dx, dy);
        assert_eq!(
            t.player(),
            expected,
            "stairs are clear all round, so {letter} moves"
        );
        t.act(&[PlayerAction::Move(-dx, -dy)]);
    }
    // Walk west until a wall stops us.
    for _ in 0..tiles.width() {
        t.act(&[PlayerAction::Move(-1, 0)]);
    }
    let p = t.player();
    assert!(tiles.is_walkable(p));
    assert!(
        !tiles.is_walkable(p.offset(-1, 0)),
        "stopped by a wall at {p}"
    );
}

#[test]
fn descending_changes_depth_and_key_and_ascending_restores_the_level_exactly() {
    let mut t = TestContext::new(7);
    let first_key = t.current().key.clone();
    // Take whatever loot is on the way to the stairs; remember what level 1 looked like.
    if let Some(item) = t.current().items.first().copied() {
        t.walk_to(item.pos);
    }
    let down = t.current().level.down;
    t.walk_to(down);
    let before = (
        t.current().items.clone(),
        t.current().seen.clone(),
        t.map_tiles(),
    );
    t.act(&[PlayerAction::Descend]);
    assert_eq!(t.current().key.depth, 2);
    assert_ne!(t.current().key, first_key);
    assert_eq!(t.player(), t.current().level.up);
    t.act(&[PlayerAction::Ascend]);
    assert_eq!(t.current().key, first_key);
    assert_eq!(t.player(), down, "back on the down stairs");
    assert_eq!(t.current().items, before.0, "taken loot stays taken");
    assert_eq!(t.current().seen, before.1, "what was seen is remembered");
    assert_eq!(t.map_tiles(), before.2);
}

#[test]
fn regenerating_changes_the_key_and_the_new_key_reproduces_the_level() {
    let mut t = TestContext::new(8);
    let old = t.current().key.clone();
    t.act(&[PlayerAction::Regenerate]);
    let new = t.current().key.clone();
    assert_ne!(old, new);
    assert_eq!(new.config, old.config);
    let decoded = LevelKey::decode(&new.encode()).unwrap();
    let again = generate_level(&decoded.config, decoded.level_seed()).unwrap();
    assert_eq!(again.tiles, t.current().level.tiles);
    assert_eq!(t.player(), again.up);
    for (letter, kind) in [("2", "rooms"), ("3", "maze"), ("1", "cave")] {
        t.act(&delve::game::parse_actions(letter).unwrap());
        assert_eq!(t.current().key.config.kind().name(), kind);
    }
    let walls = match &t.current().key.config {
        delve::generator::GeneratorConfig::Cave(c) => c.wall_percent,
        _ => unreachable!(),
    };
    t.act(&[PlayerAction::AdjustWalls(1)]);
    match &t.current().key.config {
        delve::generator::GeneratorConfig::Cave(c) => assert_eq!(c.wall_percent, walls + 1),
        _ => unreachable!(),
    }
}

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
fn save_then_load_restores_the_state_exactly() {
    let dir = std::env::temp_dir().join(format!("delve-save-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sav");
    let actions = delve::game::parse_actions("lljjhh").unwrap();
    let saved = run_headless(settings(12, None), None, &actions, Some(path.clone())).unwrap();
    let loaded = run_headless(settings(999, None), Some(path.clone()), &[], None).unwrap();
    assert_eq!(loaded.level_key, saved.level_key);
    assert_eq!(loaded.position, saved.position);
    assert_eq!(loaded.inventory, saved.inventory);
    assert_eq!(loaded.turns, saved.turns);
    // F5 then F9 inside one game.
    let mut t = TestContext::with_settings(RunSettings {
        save_path: dir.join("slot.sav"),
        ..settings(13, None)
    });
    t.act(&delve::game::parse_actions("jjll").unwrap());
    let before = (
        t.player(),
        t.current().key.clone(),
        t.current().seen.clone(),
    );
    t.act(&[PlayerAction::Save]);
    // Headless games write saves at once, through the same request as F5.
    assert!(dir.join("slot.sav").is_file(), "F5 wrote the save");
    t.act(&[PlayerAction::Regenerate, PlayerAction::Move(1, 0)]);
    t.act(&[PlayerAction::Load]);
    assert_eq!(
        (
            t.player(),
            t.current().key.clone(),
            t.current().seen.clone()
        ),
        before
    );
}

#[test]
fn a_damaged_save_loads_its_backup_and_says_so() {
    let dir = std::env::temp_dir().join(format!("delve-damaged-save-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sav");
    let backup = delve::save::backup_path(&path);
    let _ = std::fs::remove_file(&backup);
    let first = run_headless(
        settings(31, None),
        None,
        &delve::game::parse_actions("ll").unwrap(),
        Some(path.clone()),
    )
    .unwrap();
    // The second save keeps the first as the backup.
    let second = run_headless(
        settings(31, None),
        None,
        &delve::game::parse_actions("lljj").unwrap(),
        Some(path.clone()),
    )
    .unwrap();
    assert_ne!(first.turns, second.turns);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();

    let loaded = run_headless(settings(7, None), Some(path.clone()), &[], None).unwrap();
    assert_eq!(
        (loaded.level_key.as_str(), loaded.position, loaded.turns),
        (first.level_key.as_str(), first.position, first.turns),
        "the backup is the first save"
    );
    let notice = loaded
        .messages
        .iter()
        .find(|m| m.contains("backup"))
        .expect("the player is told the backup was loaded");
    assert!(
        notice.contains("game.sav.bak") && notice.contains("checksum"),
        "{notice}"
    );

    // With the backup damaged too, loading fails and names both problems.
    std::fs::write(&backup, b"not a save").unwrap();
    let error = run_headless(settings(7, None), Some(path.clone()), &[], None)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("game.sav") && error.contains("its backup"),
        "{error}"
    );
    // Without a backup, the save's own error is all there is to say.
    std::fs::remove_file(&backup).unwrap();
    let error = run_headless(settings(7, None), Some(path), &[], None)
        .unwrap_err()
        .to_string();
    assert!(!error.contains("its backup"), "{error}");
}

#[test]
fn a_replay_gives_the_same_final_state_twice() {
    let actions = delve::game::parse_actions("lllljjjj > hhhh R kkk 2 jj 3 K").unwrap();
    let a = run_headless(settings(21, None), None, &actions, None).unwrap();
    let b = run_headless(settings(21, None), None, &actions, None).unwrap();
    assert_eq!(a, b);
    let mut t = TestContext::new(21);
    t.act(&actions);
    assert_eq!(final_state(&mut t.app).unwrap(), a);
}

fn inventory(t: &TestContext) -> Vec<usize> {
    t.run().inventory.clone()
}

fn actions(letters: &str) -> Vec<PlayerAction> {
    delve::game::parse_actions(letters).unwrap()
}

/// Picks up the level's first item, then leaves and comes back by `route`; the item
/// must still be gone and walking onto its spot must add nothing.
fn taken_loot_stays_taken_after(seed: u64, setup: &str, route: &str) {
    let mut t = TestContext::new(seed);
    t.act(&actions(setup));
    let key = t.current().key.clone();
    let item = *t.current().items.first().expect("the level has loot");
    t.walk_to(item.pos);
    let carried = inventory(&t);
    t.act(&actions(route));
    assert_eq!(
        t.current().key,
        key,
        "{route:?} leads back to the same level"
    );
    assert!(
        t.current().items.iter().all(|i| i.pos != item.pos),
        "seed {seed}, {route:?}: the item came back"
    );
    t.walk_to(item.pos);
    t.act(&[PlayerAction::PickUp]);
    assert_eq!(
        inventory(&t),
        carried,
        "seed {seed}, {route:?}: picked up twice"
    );
}

#[test]
fn taken_loot_stays_taken_on_every_route_back_to_a_level() {
    for seed in [3, 14, 15] {
        // Another generator and back: the same key again.
        taken_loot_stays_taken_after(seed, "1", "3 1");
        taken_loot_stays_taken_after(seed, "1", "2 1");
        // More walls, then fewer: the same cave again.
        taken_loot_stays_taken_after(seed, "1", "+ -");
    }
}

#[test]
fn what_was_taken_from_a_level_left_behind_survives_a_save() {
    let dir = std::env::temp_dir().join(format!("delve-remembered-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("remembered.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_path: path.clone(),
        ..settings(16, None)
    });
    t.act(&actions("1"));
    let key = t.current().key.clone();
    let item = *t.current().items.first().expect("the level has loot");
    t.walk_to(item.pos);
    // Away to a maze on this depth: the cave is no depth's level now, only remembered.
    t.act(&actions("3"));
    let at = t.player();
    assert_eq!(t.run().player, at);
    let save = t.run().snapshot();
    delve::run::write_save(&path, &save).unwrap();
    let mut loaded = TestContext::with_settings(RunSettings {
        save_path: path.clone(),
        ..settings(99, None)
    });
    loaded.act(&[PlayerAction::Load]);
    loaded.act(&actions("1"));
    assert_eq!(loaded.current().key, key);
    assert!(loaded.current().items.iter().all(|i| i.pos != item.pos));
}

#[test]
fn any_other_action_ends_a_cave_watch_on_the_finished_cave() {
    for ending in [
        PlayerAction::StopWatching,
        PlayerAction::Move(1, 0),
        PlayerAction::Wait,
    ] {
        let mut t = TestContext::new(17);
        t.act(&actions("1"));
        let (finished, at) = (t.map_tiles(), t.player());
        t.act(&actions("ss"));
        assert!(t.run().watch.is_some(), "watching");
        assert_ne!(t.map_tiles(), finished, "the watch shows the automaton");
        t.act(&[ending]);
        assert!(t.run().watch.is_none(), "{ending:?} ends the watch");
        assert_eq!(t.player(), at);
        assert_eq!(
            t.map_tiles().iter().map(|m| m.tile).collect::<Vec<_>>(),
            finished.iter().map(|m| m.tile).collect::<Vec<_>>(),
            "{ending:?}: the finished cave"
        );
        let state = final_state(&mut t.app).unwrap();
        assert!(
            state.messages.last().unwrap().contains("finished cave"),
            "{:?}",
            state.messages
        );
    }
}

#[test]
fn every_level_change_says_what_happened() {
    let mut t = TestContext::new(18);
    let said = |t: &mut TestContext| final_state(&mut t.app).unwrap().messages;
    assert!(
        said(&mut t).last().unwrap().contains("Level key"),
        "the start names its key"
    );
    for (letters, needle) in [
        ("R", "Regenerated"),
        ("3", "maze"),
        ("2", "room dungeon"),
        ("1", "cave"),
        ("+", "New cave"),
    ] {
        t.act(&actions(letters));
        let key = t.current().key.encode();
        let last = said(&mut t).last().cloned().unwrap();
        assert!(last.contains(needle), "{letters}: {last}");
        if letters != "1" && letters != "3" && letters != "2" {
            assert!(last.contains(&key), "{letters}: {last} should name {key}");
        }
    }
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
