//! The watch's keys read the key table, and, headless, drive the playback on the game's
//! watch screen.

use super::*;
use delve_rules::run::record::Recording;
use delve_rules::view::BINDINGS;

/// A press of `code` with no modifier.
fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn every_watch_key_of_the_table_does_its_command_in_the_terminal() {
    let watch_keys: Vec<_> = BINDINGS.iter().filter(|b| !b.plays()).collect();
    assert!(!watch_keys.is_empty());
    for binding in watch_keys {
        let codes = binding.letters.iter().map(|&c| KeyCode::Char(c)).chain(
            binding
                .keys
                .iter()
                .map(|&k| crate::tui::terminal_code_of(k)),
        );
        for code in codes {
            assert_eq!(
                watch_command_of(&press(code)),
                Some(binding.command),
                "{code:?} ({})",
                binding.help
            );
        }
    }
}

#[test]
fn releases_ctrl_keys_and_the_players_keys_ask_nothing_of_the_watch() {
    let mut release = press(KeyCode::Char(' '));
    release.kind = KeyEventKind::Release;
    assert_eq!(watch_command_of(&release), None);
    let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_eq!(watch_command_of(&ctrl_q), None);
    for code in [
        KeyCode::Char('h'),
        KeyCode::Char('g'),
        KeyCode::Char('S'),
        KeyCode::Char('x'),
        KeyCode::F(5),
        KeyCode::Enter,
    ] {
        assert_eq!(watch_command_of(&press(code)), None, "{code:?}");
    }
}

/// A headless app watching the recording `descent-3.rec`, without a terminal.
fn watching_app() -> App {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/recordings/descent-3.rec"
    );
    let text = std::fs::read_to_string(path).expect("the recording is readable");
    let recording = Recording::parse(&text).expect("the recording parses");
    let playback = Playback::open(recording, 8.0).expect("the recording replays");
    let settings = settings_to_watch(playback.watched().recording());
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_message::<KeyMessage>()
        .insert_resource(Watching::new(playback, AfterWatching::Exit))
        .add_plugins(crate::game::GamePlugin { settings })
        .add_systems(
            Update,
            read_watch_keys.in_set(crate::game::GameSystems::Queue),
        );
    app.update();
    app
}

/// Presses `code` in `app` and lets it run one frame.
fn press_in(app: &mut App, code: KeyCode) {
    app.world_mut().write_message(KeyMessage(press(code)));
    app.update();
}

fn playback(app: &App) -> &Playback {
    &app.world().resource::<Watching>().playback
}

fn turns(app: &App) -> u64 {
    let playback = playback(app);
    playback.watched().summaries()[playback.frame().step].turns
}

fn depth(app: &App) -> u32 {
    let playback = playback(app);
    playback.watched().summaries()[playback.frame().step].depth
}

#[test]
fn the_watch_keys_drive_the_playback_and_the_quit_key_ends_the_watch() {
    let mut app = watching_app();
    assert!(!playback(&app).playing(), "a watch starts paused");
    assert_eq!(playback(&app).frame().step, 0);

    press_in(&mut app, KeyCode::Char(' '));
    assert!(playback(&app).playing(), "Space plays");
    press_in(&mut app, KeyCode::Char('+'));
    press_in(&mut app, KeyCode::Char('='));
    assert_eq!(playback(&app).speed(), 4, "+ and = go faster");
    press_in(&mut app, KeyCode::Char('-'));
    assert_eq!(playback(&app).speed(), 2, "- goes slower");
    press_in(&mut app, KeyCode::Char(' '));
    assert!(!playback(&app).playing(), "Space pauses");

    let at = playback(&app).frame().step;
    press_in(&mut app, KeyCode::Char('.'));
    assert_eq!(playback(&app).frame().step, at + 1, ". steps forward");
    press_in(&mut app, KeyCode::Right);
    assert_eq!(playback(&app).frame().step, at + 2, "Right steps forward");
    press_in(&mut app, KeyCode::Left);
    press_in(&mut app, KeyCode::Char(','));
    assert_eq!(playback(&app).frame().step, at, "Left and , step back");

    press_in(&mut app, KeyCode::Home);
    assert_eq!(playback(&app).frame().step, 0, "Home goes to the start");
    press_in(&mut app, KeyCode::Char(']'));
    assert_eq!(turns(&app), 100, "] jumps 100 turns on");
    press_in(&mut app, KeyCode::Char('['));
    assert_eq!(turns(&app), 0, "[ jumps 100 turns back");
    press_in(&mut app, KeyCode::Char('>'));
    assert_eq!(depth(&app), 2, "> goes to the next depth");
    let last = playback(&app).watched().last_step();
    press_in(&mut app, KeyCode::End);
    assert_eq!(playback(&app).frame().step, last, "End goes to the end");

    // The player's keys do nothing to the watched run.
    for code in [KeyCode::Char('h'), KeyCode::Char('S'), KeyCode::F(5)] {
        press_in(&mut app, code);
        assert_eq!(playback(&app).frame().step, last, "{code:?}");
        assert!(!playback(&app).playing(), "{code:?}");
    }
    assert_eq!(app.should_exit(), None);

    press_in(&mut app, KeyCode::Char('q'));
    assert_eq!(
        app.should_exit(),
        Some(AppExit::Success),
        "q stops watching"
    );
}

#[test]
fn a_playing_watch_moves_on_by_the_clock() {
    let mut app = watching_app();
    press_in(&mut app, KeyCode::Char(' '));
    let start = std::time::Instant::now();
    while playback(&app).frame().step == 0 {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "a playing watch never moved on"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    assert!(playback(&app).playing());
    let shown = &app.world().resource::<crate::game::RunModel>().0;
    assert_eq!(
        shown,
        &playback(&app).frame().run,
        "the game shows the frame played to"
    );
}

#[test]
fn the_watch_line_says_where_the_playback_is_and_how_to_stop() {
    let app = watching_app();
    let lines = app.world().resource::<Watching>().lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    for part in [
        "Replay paused ×1",
        "step 0 of",
        "turn 0",
        "depth 1",
        "? lists the keys",
        "q quits",
    ] {
        assert!(lines[0].contains(part), "{part:?} missing from {lines:?}");
    }
}

#[test]
fn question_mark_lists_the_watch_keys_under_the_line_and_hides_them_again() {
    let mut app = watching_app();
    let press = |app: &mut App, pressed| {
        app.world_mut().write_message(pressed);
        app.update();
    };
    press(&mut app, WatchKeyPressed::ToggleKeys);
    let lines = app.world().resource::<Watching>().lines();
    assert!(lines[0].contains("? hides the keys"), "{lines:?}");
    for part in [
        "Space: Pause / play",
        "Home End: Start / end",
        "!: The next moment of danger (HP under a quarter)",
        "q or Esc: Stop watching",
        // The playtest's ". ,, Right Left": punctuation keys one by one, arrows named.
        ". or , or arrows Right Left: Step forward / back (and pause)",
    ] {
        assert!(
            lines[1..].iter().any(|l| l.contains(part)),
            "{part:?} missing from {lines:?}"
        );
    }
    press(&mut app, WatchKeyPressed::ToggleKeys);
    assert_eq!(app.world().resource::<Watching>().lines().len(), 1);
}
