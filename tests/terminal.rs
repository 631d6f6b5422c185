//! The terminal front end in a real terminal: `delve play --tui` inside tmux, driven with
//! `tmux send-keys` and read with `tmux capture-pane`, as a player over SSH would. The
//! map appears, a move changes it, `?` shows the help, resizing redraws, and Esc (or
//! Ctrl-C) leaves with the terminal restored: alternate screen left, raw mode off. And
//! `delve replay FILE --watch --tui`: the watch keys play, pause, speed up, step and
//! jump through a recording, and `q` leaves as cleanly.
//!
//! Needs tmux (`.ci/run` installs it). Without it the test says loudly that it was
//! skipped and passes — unless `DELVE_REQUIRE_TERMINAL_TEST=1` (`.ci/run` sets it), which
//! makes the skip a failure; set `DELVE_SKIP_TERMINAL_TEST=1` to skip it on purpose.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

const SKIP_VAR: &str = "DELVE_SKIP_TERMINAL_TEST";
/// Set (to 1) where the terminal test must run: no tmux then fails it.
const REQUIRE_VAR: &str = "DELVE_REQUIRE_TERMINAL_TEST";

/// A tmux server of this test's own, with one session running a command.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, width: u16, height: u16, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("delve-{name}-{}", std::process::id()),
        };
        let status = Command::new("tmux")
            .args(["-L", &tmux.socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .arg(command)
            .env("TERM", "xterm-256color")
            .env_remove("DISPLAY")
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        tmux
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .expect("tmux capture-pane runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            let status = Command::new("tmux")
                .args(["-L", &self.socket, "send-keys", key])
                .status()
                .expect("tmux send-keys runs");
            assert!(status.success());
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    fn resize(&self, width: u16, height: u16) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "resize-window"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .status()
            .expect("tmux resize-window runs");
        assert!(status.success());
    }

    /// Waits until the screen shows `text`; the screen then.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the terminal never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

fn tmux_is_here() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The shell command that plays, then reports how delve exited and whether the
/// terminal is back in canonical (cooked) mode.
fn play_command(folder: &std::path::Path, extra: &str) -> String {
    format!(
        "cd {} && DELVE_DATA_DIR={} {} play --tui --seed 5 {extra}; echo EXITED $?; stty -a | grep -o -- '-*icanon' | sed 's/^/MODE /'; sleep 60",
        folder.display(),
        folder.display(),
        env!("CARGO_BIN_EXE_delve")
    )
}

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The row of the screen that holds `text`.
fn row_with<'a>(screen: &'a str, text: &str) -> Option<&'a str> {
    screen.lines().find(|l| l.contains(text))
}

#[test]
fn delve_plays_in_a_terminal_and_gives_it_back() {
    if std::env::var_os(SKIP_VAR).is_some() {
        eprintln!("{SKIP_VAR} is set: skipping the terminal test");
        return;
    }
    if !tmux_is_here() {
        let missing = "tmux is needed for the terminal test and is not on PATH. Install it \
                       (Debian/Ubuntu: apt-get install tmux; .ci/run does)";
        if std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1") {
            panic!("{missing}; {REQUIRE_VAR}=1 makes this a failure.");
        }
        eprintln!(
            "\n*** TERMINAL TEST SKIPPED: {missing}, or set {REQUIRE_VAR}=1 to make this a failure. ***\n"
        );
        return;
    }
    let tmux = Tmux::start("play", 110, 32, &play_command(&folder(), ""));

    // The map appears: the status line, the player, walls.
    let first = tmux.wait_for("Depth 1");
    assert!(first.starts_with("The Descent"), "{first}");
    assert!(first.contains('@') && first.contains('#'), "{first}");
    assert!(row_with(&first, "turn 0").is_some(), "{first}");

    // A move changes it (bumping a wall costs no turn, so try every direction).
    for key in ["h", "j", "k", "l"] {
        tmux.keys(&[key]);
        if tmux.screen().contains("turn 1 ") {
            break;
        }
    }
    let moved = tmux.wait_for("turn 1 ");
    assert_ne!(moved, first);

    // `?` shows the help; Esc closes it.
    tmux.keys(&["?"]);
    let help = tmux.wait_for("delve - controls");
    assert!(
        help.contains("Explore") && help.contains("Save / load"),
        "{help}"
    );
    tmux.keys(&["Escape"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux.screen().contains("delve - controls") {
        assert!(Instant::now() < deadline, "Esc did not close the help");
        std::thread::sleep(Duration::from_millis(100));
    }

    // Resizing redraws to the new size.
    tmux.resize(70, 20);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let screen = tmux.screen();
        let lines: Vec<&str> = screen.lines().collect();
        // The status line drops its least important parts (the campaign's name first).
        if lines.len() <= 20
            && lines
                .first()
                .is_some_and(|l| l.starts_with("Depth 1") && l.contains("turn 1"))
            && lines.iter().any(|l| l.contains('@'))
        {
            break;
        }
        assert!(Instant::now() < deadline, "not redrawn at 70x20:\n{screen}");
        std::thread::sleep(Duration::from_millis(100));
    }

    // `i` shows the inventory over the narrow map, and every key but its own and Esc
    // stays in it: `j` does not move the player.
    tmux.keys(&["i"]);
    let inventory = tmux.wait_for("i or Esc closes)");
    tmux.keys(&["j", "j"]);
    std::thread::sleep(Duration::from_millis(300));
    let still = tmux.screen();
    assert_eq!(
        row_with(&inventory, "turn "),
        row_with(&still, "turn "),
        "keys passed through the inventory:\n{still}"
    );
    tmux.keys(&["i"]);

    // Esc asks before it quits; `n` plays on; Esc and `y` save and leave, and the
    // terminal is itself again.
    tmux.keys(&["Escape"]);
    tmux.wait_for("Quit? y: save this run");
    tmux.keys(&["n"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux.screen().contains("Quit?") {
        assert!(Instant::now() < deadline, "n did not put the question away");
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.keys(&["Escape"]);
    tmux.wait_for("Quit? y: save this run");
    tmux.keys(&["y"]);
    let after = tmux.wait_for("EXITED");
    assert!(after.contains("EXITED 0"), "{after}");
    assert!(after.contains("MODE icanon"), "raw mode is off:\n{after}");
    assert!(
        !after.contains("Depth 1"),
        "the alternate screen is left:\n{after}"
    );
    assert!(
        folder().join("delve.sav").is_file(),
        "quitting saved the run in progress"
    );
}

#[test]
fn quitting_saves_and_the_title_screen_offers_to_continue() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return; // the first test says why
    }
    let dir = std::env::temp_dir().join(format!("delve-terminal-continue-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bare = |name: &str, extra: &str| {
        let command = format!(
            "cd {} && DELVE_DATA_DIR={} {} play --tui {extra}; echo EXITED $?; sleep 60",
            dir.display(),
            dir.display(),
            env!("CARGO_BIN_EXE_delve")
        );
        Tmux::start(name, 180, 32, &command)
    };
    // The title screen first: nothing saved, so no Continue; New run is selected.
    let tmux = bare("first", "");
    let title = tmux.wait_for("Run history");
    assert!(title.contains("> n  New run"), "{title}");
    assert!(!title.contains("Continue"), "nothing saved yet:\n{title}");
    // The history page, and back.
    tmux.keys(&["h"]);
    let history = tmux.wait_for("No finished runs yet");
    assert!(history.contains("Esc or Enter goes back"), "{history}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("> h  Run history");
    // Up the menu to New run, and Enter: a new run on a fresh seed.
    tmux.keys(&["Up"]);
    tmux.wait_for("> s  Seeded");
    tmux.keys(&["Up"]);
    tmux.wait_for("> d  Daily");
    tmux.keys(&["Up"]);
    tmux.wait_for("> n  New run");
    tmux.keys(&["Enter"]);
    let first = tmux.wait_for("Depth 1");
    let seed = first
        .split("seed ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .expect("the status line shows the run's seed");
    quit_saving(&tmux);
    drop(tmux);
    assert!(
        dir.join("delve.sav").is_file(),
        "quitting saved into the data folder"
    );
    // The next delve's title offers Continue, selected; Enter goes on with the run.
    let tmux = bare("second", "");
    let title = tmux.wait_for("Run history");
    assert!(title.contains("> c  Continue"), "{title}");
    tmux.keys(&["Enter"]);
    let loaded = tmux.wait_for("Loaded");
    assert!(
        loaded.contains(&format!("seed {seed}")),
        "{loaded}\n(first: {first})"
    );
    quit_saving(&tmux);
    drop(tmux);
    // --no-menu starts at once and asks the old question.
    let tmux = bare("third", "--no-menu");
    tmux.wait_for("Continue it?");
    tmux.keys(&["y"]);
    let loaded = tmux.wait_for("Loaded");
    assert!(loaded.contains(&format!("seed {seed}")), "{loaded}");
    quit_saving(&tmux);
    drop(tmux);
    // A named seed starts at once too, and asks the same before its run can replace
    // the saved one: `n` plays seed 7, and the save is as it was until that run saves.
    let saved = std::fs::read(dir.join("delve.sav")).unwrap();
    let tmux = bare("fourth", "--seed 7");
    let asked = tmux.wait_for("Continue it?");
    assert!(
        asked.contains("saving it replaces the saved one"),
        "{asked}"
    );
    tmux.keys(&["n"]);
    let new_run = tmux.wait_for("A new run, then");
    assert!(new_run.contains("seed 7"), "{new_run}");
    tmux.keys(&["C-c"]);
    tmux.wait_for("EXITED");
    assert_eq!(
        std::fs::read(dir.join("delve.sav")).unwrap(),
        saved,
        "the saved run is kept"
    );
}

/// Esc, then `y` once the question shows (sent together, a terminal reads Alt-y).
fn quit_saving(tmux: &Tmux) {
    tmux.keys(&["Escape"]);
    tmux.wait_for("Quit? y: save this run");
    tmux.keys(&["y"]);
    tmux.wait_for("EXITED 0");
}

#[test]
fn ctrl_c_ends_the_game_and_restores_the_terminal() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return; // the test above says why
    }
    let tmux = Tmux::start("ctrl-c", 100, 30, &play_command(&folder(), "--peaceful"));
    tmux.wait_for("Depth 1");
    tmux.keys(&["C-c"]);
    let after = tmux.wait_for("EXITED");
    assert!(after.contains("MODE icanon"), "raw mode is off:\n{after}");
    assert!(
        !after.contains("Depth 1"),
        "the alternate screen is left:\n{after}"
    );
}

#[test]
fn without_a_display_delve_plays_in_the_terminal_and_says_so() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return;
    }
    let command = format!(
        "cd {} && DELVE_DATA_DIR={} {} play --seed 5 2>&1; echo EXITED $?; sleep 60",
        folder().display(),
        folder().display(),
        env!("CARGO_BIN_EXE_delve")
    );
    let tmux = Tmux::start("fallback", 100, 30, &command);
    tmux.wait_for("Depth 1");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    let after = tmux.wait_for("EXITED");
    assert!(after.contains("playing in this terminal"), "{after}");
    assert!(after.contains("EXITED 0"), "{after}");
}

impl Tmux {
    /// Sends `bytes` to the program as if the terminal had (a mouse report, say).
    fn raw(&self, bytes: &str) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-l", bytes])
            .status()
            .expect("tmux send-keys runs");
        assert!(status.success());
        std::thread::sleep(Duration::from_millis(150));
    }
}

/// The (row, column) of the first `c` on the screen, 0-based.
fn find_char(screen: &str, c: char) -> Option<(usize, usize)> {
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| line.chars().position(|x| x == c).map(|col| (row, col)))
}

#[test]
fn the_mouse_points_and_clicks_in_the_terminal_and_options_remap_a_key() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return; // the first test says why
    }
    let dir = std::env::temp_dir().join(format!("delve-terminal-mouse-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tmux = Tmux::start(
        "mouse",
        110,
        32,
        &play_command(&dir, "--peaceful --no-menu"),
    );
    let first = tmux.wait_for("Depth 1");
    let (row, col) = find_char(&first, '@').expect("the player on screen");
    // SGR mouse reports (1-based cells): a move with no button over a floor cell near
    // the player shows the way there; a left press and release travels there.
    let lines: Vec<Vec<char>> = first.lines().map(|l| l.chars().collect()).collect();
    let targets = [
        (0, 3),
        (0, -3),
        (3, 0),
        (-3, 0),
        (2, 2),
        (-2, -2),
        (2, -2),
        (-2, 2),
    ];
    let mut travelled = false;
    for (dr, dc) in targets {
        let (r, c) = (row as i32 + dr, col as i32 + dc);
        let floor = r >= 1
            && c >= 0
            && lines
                .get(r as usize)
                .and_then(|l| l.get(c as usize))
                .is_some_and(|&ch| ch == '.');
        if !floor {
            continue;
        }
        let (x, y) = (c + 1, r + 1);
        tmux.raw(&format!("\x1b[<35;{x};{y}M"));
        std::thread::sleep(Duration::from_millis(300));
        let hovered = tmux.screen();
        if !hovered.contains("steps; click: go there)") {
            continue;
        }
        tmux.raw(&format!("\x1b[<0;{x};{y}M"));
        tmux.raw(&format!("\x1b[<0;{x};{y}m"));
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = tmux.screen();
            if !screen.contains("turn 0 ") && screen.contains("turn ") {
                travelled = true;
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the click did not travel:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        break;
    }
    assert!(travelled, "no floor near the player to click:\n{first}");

    // The Options screen (O): the explore action bound to `o`, Esc saves it; `o`
    // explores and `x` no longer does.
    tmux.keys(&["O"]);
    tmux.wait_for("Left Right: change");
    for _ in 0..40 {
        if tmux.screen().lines().any(|l| l.contains("> explore")) {
            break;
        }
        tmux.keys(&["Down"]);
    }
    tmux.wait_for("> explore");
    tmux.keys(&["Enter"]);
    tmux.wait_for("press a key");
    tmux.keys(&["o"]);
    tmux.wait_for("explore: o");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Options saved to");
    let options = std::fs::read_to_string(dir.join("options.ron")).expect("options.ron written");
    assert!(options.contains("\"explore\": [\"o\"]"), "{options}");
    let before = tmux.screen();
    tmux.keys(&["o"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while row_with(&tmux.screen(), "turn ") == row_with(&before, "turn ") {
        assert!(
            Instant::now() < deadline,
            "o did not explore:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.keys(&["?"]);
    let help = tmux.wait_for("delve - controls");
    let explore_keys = help
        .lines()
        .find_map(|l| l.split("Explore").nth(1))
        .and_then(|rest| rest.trim_start_matches(':').split_whitespace().next());
    assert_eq!(
        explore_keys,
        Some("o"),
        "the help shows the player's key:\n{help}"
    );
    tmux.keys(&["Escape"]);
    quit_saving(&tmux);
}

/// The shell command that watches `tests/recordings/descent-3.rec` (`extra` after
/// `--watch`), then reports how delve exited and the terminal's mode, as
/// [`play_command`] does.
fn watch_command(extra: &str) -> String {
    format!(
        "{} replay {}/tests/recordings/descent-3.rec --watch {extra} 2>&1; echo EXITED $?; stty -a | grep -o -- '-*icanon' | sed 's/^/MODE /'; sleep 60",
        env!("CARGO_BIN_EXE_delve"),
        env!("CARGO_MANIFEST_DIR"),
    )
}

#[test]
fn delve_watches_a_recording_in_a_terminal_with_the_watch_keys_and_gives_it_back() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return; // the first test says why
    }
    let tmux = Tmux::start("watch", 100, 40, &watch_command("--tui"));
    // The map and the playback's line: paused at the start.
    let first = tmux.wait_for("Replay paused ×1 · step 0 of 798 · turn 0 · depth 1");
    assert!(first.starts_with("The Descent"), "{first}");
    assert!(first.contains('@') && first.contains('#'), "{first}");
    assert!(first.contains("q quits"), "{first}");

    // Space plays, + goes faster, Space pauses.
    tmux.keys(&["Space"]);
    tmux.wait_for("Replay playing ×1");
    tmux.keys(&["+"]);
    tmux.wait_for("Replay playing ×2");
    tmux.keys(&["Space"]);
    let paused = tmux.wait_for("Replay paused ×2");
    assert_ne!(paused, first, "playing moved the recording on");

    // Home, then a step forward and back; ] jumps 100 turns; > to the next depth; End.
    tmux.keys(&["Home"]);
    tmux.wait_for("step 0 of 798");
    tmux.keys(&["."]);
    tmux.wait_for("step 1 of 798 · turn 1 ·");
    tmux.keys(&["Left"]);
    tmux.wait_for("step 0 of 798");
    tmux.keys(&["]"]);
    tmux.wait_for("turn 100 · depth 1");
    tmux.keys(&[">"]);
    tmux.wait_for("depth 2 ·");
    tmux.keys(&["End"]);
    let end = tmux.wait_for("step 798 of 798");
    // A player's key acts on nothing: the end stays shown, paused.
    tmux.keys(&["h", "x"]);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        row_with(&tmux.screen(), "Replay "),
        row_with(&end, "Replay "),
        "a player's key acted on the watched run"
    );

    // q stops watching and the terminal is itself again.
    tmux.keys(&["q"]);
    let after = tmux.wait_for("EXITED");
    assert!(after.contains("EXITED 0"), "{after}");
    assert!(after.contains("MODE icanon"), "raw mode is off:\n{after}");
    assert!(
        !after.contains("Replay "),
        "the alternate screen is left:\n{after}"
    );
}

#[test]
fn without_a_display_delve_watches_in_the_terminal_and_says_so() {
    if std::env::var_os(SKIP_VAR).is_some() || !tmux_is_here() {
        return;
    }
    let tmux = Tmux::start("watch-fallback", 100, 40, &watch_command(""));
    tmux.wait_for("Replay paused ×1 · step 0 of 798");
    tmux.keys(&["Escape"]);
    let after = tmux.wait_for("EXITED");
    assert!(after.contains("watching in this terminal"), "{after}");
    assert!(after.contains("EXITED 0"), "{after}");
}
