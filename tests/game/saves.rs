//! Saves in the game: F5 then F9, a damaged save falling back to its backup, and levels
//! left behind remembered across a save.

use super::*;

#[test]
fn save_then_load_restores_the_state_exactly() {
    let dir = std::env::temp_dir().join(format!("delve-save-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sav");
    let actions = delve::game::parse_actions("lljjhh").unwrap();
    let saved = run_headless(settings(12, None), &actions, Some(path.clone())).unwrap();
    let loaded = load_headless(&path).unwrap();
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
        &delve::game::parse_actions("ll").unwrap(),
        Some(path.clone()),
    )
    .unwrap();
    // The second save keeps the first as the backup.
    let second = run_headless(
        settings(31, None),
        &delve::game::parse_actions("lljj").unwrap(),
        Some(path.clone()),
    )
    .unwrap();
    assert_ne!(first.turns, second.turns);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();

    let loaded = load_headless(&path).unwrap();
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
    let error = load_headless(&path).unwrap_err().to_string();
    assert!(
        error.contains("game.sav") && error.contains("its backup"),
        "{error}"
    );
    // Without a backup, the save's own error is all there is to say.
    std::fs::remove_file(&backup).unwrap();
    let error = load_headless(&path).unwrap_err().to_string();
    assert!(!error.contains("its backup"), "{error}");
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
fn a_finished_run_never_writes_over_the_save() {
    use delve::game::saving::SaveRequest;
    let dir = std::env::temp_dir().join(format!("delve-dead-save-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("slot.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_path: path.clone(),
        rules: delve::run::Rules::Monsters,
        ..settings(14, None)
    });
    t.act(&[PlayerAction::Wait, PlayerAction::Save]);
    let before = std::fs::read(&path).expect("the run in progress was saved");
    // The player dies (as if a troll had come by).
    {
        let mut model = t.app.world_mut().resource_mut::<RunModel>();
        let fight = model.0.fight.as_mut().unwrap();
        fight.hp = 0;
        fight.end = Some(delve::run::RunEnd::Died {
            cause: "killed by a troll on depth 1".into(),
        });
    }
    // F5, and the save request the window's quitting and a headless --save write.
    t.act(&[PlayerAction::Save]);
    for request in [SaveRequest::Save, SaveRequest::SaveAndQuit] {
        t.app.world_mut().write_message(request);
        t.app.update();
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the save is the live run's"
    );
    let log = t.app.world().resource::<delve::game::NoticeLog>().texts();
    assert!(
        log.iter()
            .any(|l| l.contains("not saved, and your last save is kept")),
        "{log:?}"
    );
    assert_eq!(
        log.iter().filter(|l| l.starts_with("Saved to")).count(),
        1,
        "only the live run was saved: {log:?}"
    );
    // What loads is the run in progress, not a dead one.
    let loaded = delve::run::load_run(&path).unwrap().0;
    assert!(loaded.end().is_none());
}

#[test]
fn a_loaded_run_has_its_own_messages_back() {
    let dir = std::env::temp_dir().join(format!("delve-messages-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("slot.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_path: path.clone(),
        ..settings(15, None)
    });
    t.act(&[PlayerAction::ShowKey, PlayerAction::Save]);
    let log = |t: &TestContext| t.app.world().resource::<delve::game::NoticeLog>().texts();
    let saved = log(&t);
    assert!(
        saved.iter().any(|l| l.starts_with("Level key")),
        "{saved:?}"
    );
    // Lines of a timeline given up are not the loaded run's past.
    t.act(&[PlayerAction::Regenerate, PlayerAction::Load]);
    let after = log(&t);
    assert!(
        !after
            .iter()
            .any(|l| l.starts_with("Regenerated with a fresh seed")),
        "{after:?}"
    );
    assert!(
        after.iter().any(|l| l.starts_with("Level key")),
        "{after:?}"
    );
    assert!(after.last().unwrap().starts_with("Loaded"), "{after:?}");
    // A run continued at the start (--load, or `y` to the question) has them too.
    let resumed = delve::game::ResumedRun::load(&path).unwrap();
    let t = TestContext::with_settings(RunSettings {
        resume: Some(resumed),
        ..settings(15, None)
    });
    let continued = log(&t);
    assert!(
        continued.iter().any(|l| l.starts_with("Level key")),
        "{continued:?}"
    );
}
