//! The `delve` command as a user runs it: output shapes, keys, exit codes, closed pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use super::temp_dir::TempDir;

/// `delve` run with `args` (the test build's binary).
pub(super) fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("delve runs")
}

/// What a run wrote on stderr.
pub(super) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn key_of(o: &Output) -> String {
    stderr(o)
        .lines()
        .find_map(|l| l.strip_prefix("key "))
        .expect("a key line on stderr")
        .to_owned()
}

#[test]
fn gen_prints_exactly_h_lines_of_w_characters() {
    for kind in ["cave", "rooms", "maze"] {
        let o = delve(&[
            "gen", "--kind", kind, "--seed", "7", "--width", "61", "--height", "33",
        ]);
        assert!(o.status.success(), "{kind}: {}", stderr(&o));
        let text = String::from_utf8(o.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 33, "{kind}");
        assert!(lines.iter().all(|l| l.chars().count() == 61), "{kind}");
        // Every glyph one of the legend's (the campaign's rooms have terrain).
        assert!(
            text.lines()
                .flat_map(str::chars)
                .all(|c| delve_levels::grid::Tile::from_glyph(c).is_some()),
            "{kind}"
        );
    }
}

#[test]
fn gen_with_the_printed_key_reproduces_the_level() {
    for args in [
        &["gen", "--kind", "cave", "--seed", "11"][..],
        &["gen", "--kind", "rooms", "--seed", "12", "--depth", "4"],
        &["gen", "--kind", "maze", "--width", "41", "--height", "21"],
        &["gen", "levels/descent.ron", "--depth", "5"],
    ] {
        let first = delve(args);
        assert!(first.status.success(), "{}", stderr(&first));
        let key = key_of(&first);
        let again = delve(&["gen", "--key", &key]);
        assert!(again.status.success(), "{}", stderr(&again));
        assert_eq!(first.stdout, again.stdout, "{key}");
        assert_eq!(key_of(&again), key);
    }
}

#[test]
fn a_mistyped_key_is_rejected_with_exit_2() {
    let o = delve(&["gen", "--kind", "cave", "--seed", "3"]);
    let key = key_of(&o);
    let mut chars: Vec<char> = key.chars().collect();
    let i = chars.iter().position(|c| *c != '-').unwrap();
    chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
    let typo: String = chars.into_iter().collect();
    let bad = delve(&["gen", "--key", &typo]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert!(stderr(&bad).contains("level key"), "{}", stderr(&bad));
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    let dir = TempDir::new("cli");
    let broken = dir.file("broken.ron");
    std::fs::write(
        &broken,
        "(\n  seed: 1,\n  depths: [Cave(wall_percent: 150)],\n)\n",
    )
    .unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["gen".into(), broken.display().to_string()],
            "broken.ron:3:",
        ),
        (vec!["gen".into(), "--width".into(), "5".into()], "--width"),
        (
            vec!["gen".into(), "--width".into(), "99999999".into()],
            "--width",
        ),
        (
            vec!["gen".into(), "/no/such/file.ron".into()],
            "/no/such/file.ron",
        ),
        (vec!["gen".into(), "--depth".into(), "0".into()], "--depth"),
        (
            vec!["gen".into(), "--kind".into(), "forest".into()],
            "forest",
        ),
        (
            vec![
                "save".into(),
                "inspect".into(),
                broken.display().to_string(),
            ],
            "broken.ron",
        ),
        (
            vec![
                "play".into(),
                "--headless".into(),
                "--actions".into(),
                "hjq".into(),
            ],
            "position 3",
        ),
    ];
    for (args, needle) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = delve(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn writing_into_a_closed_pipe_ends_quietly() {
    for args in [
        &[
            "gen", "--kind", "cave", "--width", "2000", "--height", "2000",
        ][..],
        &["maze", "--width", "200"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_delve"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {:?} {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn gen_writes_a_png_picture() {
    let dir = TempDir::new("gen");
    let path = dir.file("level.png");
    let o = delve(&[
        "gen",
        "--kind",
        "rooms",
        "--format",
        "png",
        "--scale",
        "3",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (80 * 3, 50 * 3));
}

#[test]
fn maze_streams_the_requested_rows() {
    let o = delve(&["maze", "--width", "12", "--rows", "6", "--seed", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("._._"), "{text}");
    assert_eq!(text.lines().count(), 7, "{text}");
}

#[test]
fn stats_reports_a_table_and_passes_the_guarantees() {
    let o = delve(&["stats", "--kind", "cave", "--count", "30"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    for row in [
        "pockets before repair",
        "floor density",
        "loops around walls",
        "chokepoints",
        "linearity",
        "stair distance",
        "layouts vetoed",
        "broken guarantees            0",
    ] {
        assert!(text.contains(row), "{row} missing:\n{text}");
    }
    // Measures that don't apply say so instead of printing 0.
    assert!(
        text.contains("floor in rooms            does not apply to caves"),
        "{text}"
    );
    let maze = delve(&["stats", "--kind", "maze", "--count", "5"]);
    let text = String::from_utf8(maze.stdout).unwrap();
    assert!(
        text.contains("pockets before repair        does not apply to mazes"),
        "{text}"
    );
}

/// What `delve ARGS --threads N` prints on stdout, after checking it succeeded.
fn output_on_threads(args: &[&str], threads: &str) -> Vec<u8> {
    let o = delve(&[args, &["--threads", threads]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    o.stdout
}

#[test]
fn stats_output_is_the_same_on_one_thread_and_on_several() {
    let args = ["stats", "--kind", "rooms", "--count", "40", "--seed", "9"];
    assert_eq!(output_on_threads(&args, "1"), output_on_threads(&args, "3"));
}

#[test]
fn stats_draws_its_plots_into_a_png_and_refuses_other_files_up_front() {
    let dir = TempDir::new("plot");
    let path = dir.file("maze.png");
    let o = delve(&[
        "stats",
        "--kind",
        "maze",
        "--count",
        "20",
        "--plot",
        path.to_str().unwrap(),
    ]);
    if cfg!(feature = "plot") {
        assert!(o.status.success(), "{}", stderr(&o));
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        // Width 1800, and tall enough for the two pair plots and a row per three measures.
        assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 1800);
        assert!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()) > 1500);
    }
    for (file, says) in [
        ("plots.txt", "ending in .png"),
        ("no/such/folder/p.png", "no folder"),
    ] {
        let o = delve(&[
            "stats",
            "--kind",
            "maze",
            "--count",
            "20",
            "--plot",
            dir.file(file).to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
        assert!(o.stdout.is_empty(), "refused before any level is made");
    }
}

#[test]
fn stats_all_kinds_compares_every_kind_of_the_list() {
    let o = delve(&["stats", "--all-kinds", "--count", "4", "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let header = text.lines().find(|l| l.starts_with("median")).unwrap();
    for kind in delve_levels::generator::GeneratorKind::ALL {
        assert!(header.contains(kind.name()), "{kind} missing:\n{text}");
    }
    assert!(text.contains("leniency") && text.contains("path redundancy"));
    let both = delve(&["stats", "--all-kinds", "--kind", "cave", "--count", "4"]);
    assert_eq!(
        both.status.code(),
        Some(2),
        "--all-kinds and --kind conflict"
    );
    if cfg!(feature = "plot") {
        let dir = TempDir::new("kinds-plot");
        let path = dir.file("kinds.png");
        let o = delve(&[
            "stats",
            "--all-kinds",
            "--count",
            "6",
            "--plot",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    }
}

#[test]
fn help_explains_every_flag() {
    let help = |command: &[&str]| {
        let o = delve(&[command, &["--help"]].concat());
        assert!(o.status.success(), "{command:?}: {}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    let gen_help = help(&["gen"]);
    for flag in [
        "--kind", "--seed", "--key", "--depth", "--width", "--height", "--format", "--out",
    ] {
        assert!(gen_help.contains(flag), "{flag} missing from gen --help");
    }
    let commands: [&[&str]; 9] = [
        &["play"],
        &["gen"],
        &["maze"],
        &["stats"],
        &["catalog"],
        &["replay"],
        &["save", "inspect"],
        &["vault", "check"],
        &["vault", "show"],
    ];
    for command in commands {
        let text = help(command);
        let lines: Vec<&str> = text.lines().collect();
        let mut flags = 0;
        for (i, line) in lines.iter().enumerate() {
            // An option or argument: "  -h, --help  Print help", or its name alone on a
            // line with the explanation indented below it.
            let indent = line.len() - line.trim_start().len();
            let item = line.trim_start();
            if !(2..=6).contains(&indent) || !item.starts_with(['-', '[', '<']) {
                continue;
            }
            flags += 1;
            let beside = item
                .split_once("  ")
                .is_some_and(|(_, t)| !t.trim().is_empty());
            let below = lines.get(i + 1).is_some_and(|next| {
                next.len() - next.trim_start().len() > indent && !next.trim().is_empty()
            });
            assert!(
                beside || below,
                "{command:?} --help leaves {item:?} unexplained"
            );
        }
        assert!(flags >= 2, "{command:?} --help lists its flags:\n{text}");
    }
}

#[test]
fn headless_play_replays_to_the_same_state() {
    let run = || {
        delve(&[
            "play",
            "--headless",
            "--seed",
            "9",
            "--actions",
            "llljjjhhkkyubn g R K",
        ])
    };
    let (a, b) = (run(), run());
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(text.contains("level_key"), "{text}");
    let _ = std::io::stderr().flush();
}

/// The action letters that walk from the up stairs to the down stairs of a level
/// printed by `delve gen`.
fn walk_to_the_down_stairs(ascii: &str) -> String {
    use delve_levels::grid::{Grid, Tile};
    let tiles = Grid::parse_ascii(ascii).expect("delve gen prints a map");
    let find = |tile| {
        tiles
            .positions()
            .find(|&p| tiles[p] == tile)
            .expect("stairs on the map")
    };
    let path = super::paths::walk(&tiles, find(Tile::UpStairs), find(Tile::DownStairs));
    super::paths::letters(&path)
}

/// The `level_key` of a headless run's printed final state.
fn final_key(o: &Output) -> String {
    let text = String::from_utf8_lossy(&o.stdout);
    text.lines()
        .find_map(|l| l.trim().strip_prefix("level_key: \""))
        .and_then(|rest| rest.strip_suffix("\","))
        .unwrap_or_else(|| panic!("no level_key in {text}"))
        .to_owned()
}

#[test]
fn a_key_start_takes_the_next_depth_from_the_keys_own_run_seed() {
    let here = delve(&["gen", "--seed", "77", "--depth", "3"]);
    assert!(here.status.success(), "{}", stderr(&here));
    let key = key_of(&here);
    let below = key_of(&delve(&["gen", "--seed", "77", "--depth", "4"]));
    let walk = walk_to_the_down_stairs(&String::from_utf8_lossy(&here.stdout));
    let o = delve(&[
        "play",
        "--headless",
        "--peaceful",
        "--key",
        &key,
        "--actions",
        &format!("{walk}>"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        final_key(&o),
        below,
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn kind_makes_every_depth_of_the_run_that_kind() {
    let first = delve(&["gen", "--kind", "maze", "--seed", "5"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let walk = walk_to_the_down_stairs(&String::from_utf8_lossy(&first.stdout));
    let second = key_of(&delve(&[
        "gen", "--kind", "maze", "--seed", "5", "--depth", "2",
    ]));
    let o = delve(&[
        "play",
        "--headless",
        "--peaceful",
        "--kind",
        "maze",
        "--seed",
        "5",
        "--actions",
        &format!("{walk}>"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("kind: \"maze\""), "{text}");
    assert_eq!(final_key(&o), second, "{text}");
}

#[test]
fn what_a_new_player_gets_wrong_is_refused_with_exit_2_and_a_reason() {
    let dir = TempDir::new("refused");
    let png = dir.file("level.png");
    let png = png.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // --load knows its own campaign, seed and levels.
        (
            vec!["play", "--headless", "--load", "x.sav", "--seed", "3"],
            "--seed",
        ),
        (
            vec!["play", "--headless", "--load", "x.sav", "--key", "100J-MA"],
            "--key",
        ),
        (
            vec!["play", "--headless", "levels/cave.ron", "--load", "x.sav"],
            "--load",
        ),
        // Text into a picture file, and a picture scale for text.
        (vec!["gen", "--format", "ascii", "--out", png], ".png"),
        (vec!["gen", "--scale", "3"], "--scale"),
        (
            vec!["maze", "--width", "9", "--rows", "0"],
            "at least 1 row",
        ),
        // Too large to play, from the flags or from a campaign's depths.
        (
            vec![
                "play",
                "--headless",
                "--kind",
                "cave",
                "--width",
                "1000",
                "--height",
                "1000",
            ],
            "too large to play",
        ),
        // A size one of the campaign's depths cannot take names that depth.
        (
            vec!["play", "--headless", "--width", "1000", "--height", "1000"],
            "do not fit depth 6 (cyclic)",
        ),
    ];
    for (args, needle) in cases {
        let o = delve(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    assert!(!std::path::Path::new(png).exists(), "nothing written");
}

#[test]
fn gen_takes_the_format_from_the_out_file() {
    let dir = TempDir::new("infer");
    let path = dir.file("level.png");
    let o = delve(&["gen", "--kind", "maze", "--out", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn stats_says_which_depth_it_measured() {
    let o = delve(&[
        "stats",
        "levels/descent.ron",
        "--depth",
        "3",
        "--count",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("depth                        3"), "{text}");
}

#[test]
fn odd_input_exits_2_with_a_one_line_reason_and_never_panics() {
    let odd = TempDir::new("odd");
    let line_separator = odd.write(
        "separator.ron",
        "(\u{2028}seed: 1, depths: [Cave(wall_percent: 101)])".as_bytes(),
    );
    let huge_campaign = odd.write(
        "huge.ron",
        b"(seed: 1, depths: [Cave(), Cave(width: 4096, height: 4096)])",
    );
    let not_utf8 = odd.write("latin1.ron", b"(seed: 1, depths: [Cave(\xe9)])");
    let no_vaults = TempDir::new("no-vaults");
    let endless_loot = odd.write(
        "endless.ron",
        b"(seed: 1, loot: \"/dev/zero\", depths: [Cave()])",
    );
    let latin1_recording = odd.write(
        "latin1.rec",
        &[
            b"(format:3,generation:2,campaign:(seed:1,depths:[Cave()]))\nAct(Move(".as_slice(),
            &[0xE9],
        ]
        .concat(),
    );
    let huge_key_of_an_unknown_table = delve_levels::key::LevelKey {
        loot: delve_levels::loot::LootFingerprint(0xDE1FE),
        ..delve_levels::key::LevelKey::new(
            delve_levels::generator::GeneratorConfig::Cave(delve_levels::generator::CaveConfig {
                width: 4096,
                height: 4096,
                ..Default::default()
            }),
            1,
            1,
        )
    }
    .encode();
    let huge_key = delve_levels::key::LevelKey::new(
        delve_levels::generator::GeneratorConfig::Cave(delve_levels::generator::CaveConfig {
            width: 4096,
            height: 4096,
            ..Default::default()
        }),
        1,
        1,
    )
    .encode();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["gen".into(), line_separator.display().to_string()],
            "separator.ron:1:26: `wall_percent`",
        ),
        (
            vec![
                "play".into(),
                "--headless".into(),
                huge_campaign.display().to_string(),
            ],
            "depth 2 of the campaign: a 4096x4096 level is too large to play",
        ),
        (
            vec!["play".into(), "--headless".into(), "--key".into(), huge_key],
            "too large to play",
        ),
        (
            vec!["gen".into(), not_utf8.display().to_string()],
            "latin1.ron:1:25: not UTF-8 text",
        ),
        (
            vec!["replay".into(), latin1_recording.display().to_string()],
            "line 2, column 10: not UTF-8 text",
        ),
        // A file that never ends is not read until memory runs out.
        (
            vec!["gen".into(), endless_loot.display().to_string()],
            "not a regular file",
        ),
        (
            vec!["save".into(), "inspect".into(), "/dev/zero".into()],
            "/dev/zero: not a regular file",
        ),
        (
            vec![
                "vault".into(),
                "check".into(),
                no_vaults.path().display().to_string(),
            ],
            "a folder without a vault file (*.ron) in it",
        ),
        // 2^64 seeds of 10 depths: the count as it is, not wrapped.
        (
            ["catalog", "--seeds", "0..18446744073709551615"]
                .map(String::from)
                .to_vec(),
            "is 184467440737095516160 levels; at most 10000000",
        ),
        // The picture is refused before its level is made: the key's loot table is
        // one nobody has, which making the level would have said instead.
        (
            vec![
                "gen".into(),
                "--key".into(),
                huge_key_of_an_unknown_table,
                "--out".into(),
                odd.file("huge.png").display().to_string(),
                "--scale".into(),
                "8".into(),
            ],
            "a 32768x32768 picture is too large",
        ),
        // Too low for one row of cells: the height's fault, named.
        (
            ["gen", "--kind", "rooms", "--height", "12"]
                .map(String::from)
                .to_vec(),
            "`cell_height` must be at most 11",
        ),
    ];
    for (args, needle) in cases {
        let o = delve(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line: {err}"
        );
    }
}

#[test]
fn a_save_holding_a_level_too_large_to_play_is_refused() {
    use delve_rules::records::slot::SaveSlot;
    use delve_rules::run::{GameSave, SavedLevel};
    let mut campaign = delve_levels::config::CampaignConfig::builtin();
    campaign.depths[0] =
        delve_levels::generator::GeneratorConfig::Cave(delve_levels::generator::CaveConfig {
            width: 4096,
            height: 4096,
            ..Default::default()
        });
    let key = delve_levels::key::LevelKey::new(campaign.depths[0].clone(), 1, 1);
    let save = GameSave {
        campaign,
        depth: 1,
        position: delve_levels::grid::Pos::new(1, 1),
        inventory: vec![],
        turns: 0,
        regenerations: 0,
        levels: vec![SavedLevel {
            left: Vec::new(),
            dropped: Vec::new(),
            noticed: Vec::new(),
            found: Vec::new(),
            opened: Vec::new(),
            crossable: Vec::new(),
            depth: 1,
            key: key.encode(),
            taken: vec![],
            seen: String::new(),
            monsters: None,
        }],
        remembered: vec![],
        loot_table: None,
        monster_table: None,
        fight: None,
        generation: None,
        messages: vec![],
        chronicle: None,
        vault_set: None,
        monster_edition: None,
    };
    let dir = TempDir::new("huge-save");
    let path = dir.write("huge.sav", b"");
    SaveSlot::file(&path).save(&save).unwrap();
    let o = delve(&["play", "--headless", "--load", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("too large to play"), "{}", stderr(&o));
}

#[test]
fn the_window_without_a_display_exits_2_saying_what_to_do() {
    let o = Command::new(env!("CARGO_BIN_EXE_delve"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("delve runs");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--headless"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_window_on_a_display_whose_server_is_gone_exits_2_saying_so() {
    // A server that died leaves its socket behind: a socket nothing listens on.
    let number = 4_000 + std::process::id() % 1_000;
    let folder = std::path::Path::new("/tmp/.X11-unix");
    std::fs::create_dir_all(folder).unwrap();
    let socket = folder.join(format!("X{number}"));
    let _ = std::fs::remove_file(&socket);
    drop(std::os::unix::net::UnixListener::bind(&socket).expect("a socket is made"));
    let o = Command::new(env!("CARGO_BIN_EXE_delve"))
        .env("DISPLAY", format!(":{number}"))
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("delve runs");
    std::fs::remove_file(&socket).unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no X server listens"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_picture_is_not_written_onto_a_terminal() {
    // `script` runs the command on a pseudo-terminal (util-linux, on every Debian).
    let o = Command::new("script")
        .args(["-qec"])
        .arg(format!("{} gen --format png", env!("CARGO_BIN_EXE_delve")))
        .arg("/dev/null")
        .output()
        .expect("script (util-linux) runs");
    let shown = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{shown}");
    assert!(shown.contains("--out"), "{shown}");
    assert!(
        !shown.contains("IHDR"),
        "no picture bytes on the terminal: {shown}"
    );
}

#[test]
fn catalog_lists_every_seed_and_depth_and_refuses_backward_ranges() {
    let o = delve(&["catalog", "--seeds", "4..5", "--depths", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("seed ")).collect();
    assert_eq!(heads.len(), 4, "{text}");
    assert!(heads[0].starts_with("seed 4 depth 1:") && heads[3].starts_with("seed 5 depth 2:"));
    let csv = delve(&[
        "catalog", "--seeds", "4", "--depths", "2", "--format", "csv",
    ]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(csv.starts_with("seed,depth,kind,"), "{csv}");
    assert_eq!(csv.lines().count(), 3);
    let bad = delve(&["catalog", "--seeds", "9..2"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("backwards"), "{}", stderr(&bad));
}

#[test]
fn a_recorded_run_replays_and_a_changed_one_is_out_of_sync() {
    let dir = TempDir::new("recorded");
    let rec = dir.write("run.rec", b"");
    let sav = dir.write("run.sav", b"");
    let o = delve(&[
        "play",
        "--headless",
        "--seed",
        "12",
        "--save-file",
        sav.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
        "--actions",
        "llljj S kk L hh R 2 jj",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let played = String::from_utf8(o.stdout).unwrap();
    let replayed = delve(&["replay", rec.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    let replayed = String::from_utf8(replayed.stdout).unwrap();
    let field = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.trim().starts_with(name))
            .map(str::to_owned)
    };
    for name in ["depth:", "level_key:", "turns:"] {
        assert_eq!(field(&played, name), field(&replayed, name), "{name}");
    }
    // A step changed: out of sync, exit 1. A cut file: exit 2 naming the line.
    let text = std::fs::read_to_string(&rec).unwrap();
    let changed = dir.write(
        "changed.rec",
        text.replacen("Act(Move(1,0)", "Act(Wait", 1).as_bytes(),
    );
    let o = delve(&["replay", changed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("out of sync at turn 1"),
        "{}",
        stderr(&o)
    );
    let cut = dir.write("cut.rec", &text.as_bytes()[..text.len() / 2]);
    let o = delve(&["replay", cut.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("line "), "{}", stderr(&o));
    let o = delve(&["play", "--headless", "--load", "x.sav", "--record", "y.rec"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn replay_at_a_turn_prints_the_state_the_run_had_at_that_turn() {
    let dir = TempDir::new("replay-turn");
    let rec = dir.write("run.rec", b"");
    let play = |actions: &str, record: Option<&std::path::Path>| {
        let mut args = vec!["play", "--headless", "--seed", "12", "--actions", actions];
        if let Some(rec) = record {
            args.extend(["--record", rec.to_str().unwrap()]);
        }
        let o = delve(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    play("llljj kk hh jj", Some(&rec));
    // The state at the turn a run of the first keys ends on is that run's end.
    let field = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.trim().starts_with(name))
            .map(str::to_owned)
    };
    let prefix = play("llljj", None);
    let turns = field(&prefix, "turns:").expect("turns");
    let turn = turns
        .trim()
        .trim_start_matches("turns:")
        .trim_matches([' ', ',']);
    let o = delve(&["replay", rec.to_str().unwrap(), "--turn", turn]);
    assert!(o.status.success(), "{}", stderr(&o));
    let at_turn = String::from_utf8(o.stdout).unwrap();
    for name in ["depth:", "level_key:", "turns:", "position:"] {
        assert_eq!(
            field(&prefix, name),
            field(&at_turn, name),
            "{name}: {at_turn}"
        );
    }
    // Past the end: the end.
    let o = delve(&["replay", rec.to_str().unwrap(), "--turn", "999999"]);
    let at_end = String::from_utf8(o.stdout).unwrap();
    let whole = play("llljj kk hh jj", None);
    assert_eq!(
        field(&whole, "turns:"),
        field(&at_end, "turns:"),
        "{at_end}"
    );
}

#[test]
fn a_campaigns_own_loot_table_travels_with_its_keys_and_saves() {
    use delve_levels::grid::{Grid, Tile};
    let made = delve(&["gen", "levels/hoard.ron"]);
    assert!(made.status.success(), "{}", stderr(&made));
    let key = key_of(&made);
    // Without the table, the key says which one it needs; with it, the same level.
    let refused = delve(&["gen", "--key", &key]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--loot"), "{}", stderr(&refused));
    let again = delve(&["gen", "--key", &key, "--loot", "levels/hoard-loot.ron"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(again.stdout, made.stdout);
    let other = delve(&["gen", "--key", &key, "--loot", "levels/loot.ron"]);
    assert_eq!(other.status.code(), Some(2), "a different table is refused");

    // Walk to the nearest item, save; load in a folder without the table file.
    let ascii = String::from_utf8(made.stdout).unwrap();
    let tiles = Grid::parse_ascii(&ascii).unwrap();
    let up = tiles
        .positions()
        .find(|&p| tiles[p] == Tile::UpStairs)
        .unwrap();
    let walks = tiles
        .positions()
        .filter(|&p| tiles[p] == Tile::Loot)
        .map(|p| super::paths::walk(&tiles, up, p));
    let walk = walks.min_by_key(Vec::len).expect("the hoard has loot");
    let dir = TempDir::new("hoard");
    let save = dir.file("hoard.sav");
    let played = delve(&[
        "play",
        "--headless",
        "--peaceful",
        "levels/hoard.ron",
        "--actions",
        &super::paths::letters(&walk),
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let loaded = Command::new(env!("CARGO_BIN_EXE_delve"))
        .current_dir(dir.path())
        .args([
            "play",
            "--headless",
            "--load",
            "hoard.sav",
            "--actions",
            ".",
        ])
        .output()
        .unwrap();
    assert!(loaded.status.success(), "{}", stderr(&loaded));
    let text = String::from_utf8_lossy(&loaded.stdout);
    assert_eq!(final_key(&loaded), key, "{text}");
    // The log is the saved run's own (the save keeps its newest messages), then the load.
    let played_text = String::from_utf8_lossy(&played.stdout);
    let messages = |text: &str| {
        text.split("messages: [")
            .nth(1)
            .and_then(|rest| rest.split("\n    ]").next())
            .unwrap_or_default()
            .to_owned()
    };
    let before_the_save: String = messages(&played_text)
        .lines()
        .filter(|l| !l.contains("Saved to"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        messages(&text),
        format!("{before_the_save}\n        \"Loaded hoard.sav.\","),
        "the log holds the loaded run's own news, no other run's start: {text}"
    );
    let carried = text
        .split("inventory: [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("an inventory list");
    let known = [
        "gold pieces",
        "silver goblet",
        "gem (unidentified)",
        "dragon egg",
        "potion of healing",
    ];
    let names: Vec<&str> = carried.split('"').skip(1).step_by(2).collect();
    assert!(!names.is_empty(), "the walk ends on an item: {text}");
    for name in names {
        assert!(
            known.iter().any(|k| name.contains(k)),
            "{name:?} is not an item of the hoard's own table: {text}"
        );
    }
}

#[test]
fn catalog_is_the_same_on_one_thread_and_on_several() {
    let args = ["catalog", "--seeds", "5..9", "--depths", "3"];
    assert_eq!(output_on_threads(&args, "1"), output_on_threads(&args, "2"));
    let o = delve(&["catalog", "--seeds", "5", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2), "0 threads is refused");
}

/// The `seed:` and `level_key:` a headless run printed.
fn seed_and_key(o: &Output) -> (String, String) {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let field = |name: &str| {
        out.lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .map(|v| v.trim_end_matches(',').trim_matches('"').to_owned())
            .unwrap_or_else(|| panic!("no {name} in {out}"))
    };
    (field("seed: "), field("level_key: "))
}

#[test]
fn a_bare_start_is_a_new_dungeon_each_time_and_reproducible_from_its_seed() {
    let first = delve(&["play", "--headless", "--actions", "x"]);
    let second = delve(&["play", "--headless", "--actions", "x"]);
    assert!(
        first.status.success() && second.status.success(),
        "{}",
        stderr(&first)
    );
    let (seed_1, key_1) = seed_and_key(&first);
    let (seed_2, key_2) = seed_and_key(&second);
    assert_ne!(seed_1, seed_2, "two bare starts drew the same seed");
    assert_ne!(key_1, key_2);
    // The seed shown plays the same run again, exactly.
    let again = delve(&["play", "--headless", "--actions", "x", "--seed", &seed_1]);
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&first.stdout)
    );
    // A config file's own seed stands.
    let config = delve(&["play", "--headless", "levels/descent.ron"]);
    let (seed, _) = seed_and_key(&config);
    assert_eq!(seed, "20261130");
}

#[test]
fn recordings_under_a_campaigns_own_loot_table_replay_in_sync() {
    let dir = TempDir::new("loot-recordings");
    for (name, args) in [
        ("hoard", vec!["levels/hoard.ron"]),
        (
            "loot",
            vec!["--loot", "levels/hoard-loot.ron", "--seed", "4"],
        ),
    ] {
        let record = dir.file(&format!("{name}.rec"));
        let mut play = vec!["play", "--headless"];
        play.extend(args.iter().copied());
        play.extend(["--actions", "x x . x", "--record", record.to_str().unwrap()]);
        let played = delve(&play);
        assert!(played.status.success(), "{name}: {}", stderr(&played));
        let text = std::fs::read_to_string(&record).unwrap();
        assert!(
            text.lines().next().unwrap().contains("loot_table:"),
            "{name}: the start line holds the table"
        );
        let replayed = delve(&["replay", record.to_str().unwrap()]);
        assert!(replayed.status.success(), "{name}: {}", stderr(&replayed));
        // A recording that names its table file but does not hold it is refused.
        if name == "hoard" {
            let first = text.lines().next().unwrap();
            let at = first.find(",loot_table:").unwrap();
            let without = format!("{})\n", &first[..at]);
            let broken = dir.file("no-table.rec");
            std::fs::write(&broken, without).unwrap();
            let o = delve(&["replay", broken.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
            assert!(stderr(&o).contains("does not hold it"), "{}", stderr(&o));
        }
    }
}

#[test]
fn kinds_values_are_the_list_of_kinds_with_their_words() {
    let o = delve(&["gen", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let help = String::from_utf8(o.stdout).unwrap();
    for kind in delve_levels::generator::GeneratorKind::ALL {
        let listed = help.lines().any(|line| {
            line.trim_start()
                .strip_prefix(&format!("- {}:", kind.name()))
                .is_some_and(|rest| rest.trim() == kind.info().about)
        });
        assert!(listed, "{kind} missing:\n{help}");
    }
    let o = delve(&["gen", "--kind", "castle"]);
    assert_eq!(o.status.code(), Some(2));
    let names: Vec<&str> = delve_levels::generator::GeneratorKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    let values = format!("[possible values: {}]", names.join(", "));
    assert!(stderr(&o).contains(&values), "{}", stderr(&o));
}

#[test]
fn delve_balance_reports_each_bot_and_refuses_a_broken_monster_table_by_name() {
    let o = delve(&[
        "balance",
        "--runs",
        "2",
        "--bot",
        "careful",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("careful bot, 2 runs of The Descent (run seeds 0..2):"),
        "{out}"
    );
    for part in [
        "won ",
        "median depth of death",
        "depth of death:",
        "deaths by killer",
        "turns per depth",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
    let first = delve(&[
        "balance",
        "--runs",
        "1",
        "--bot",
        "plain",
        "--monsters",
        "first",
    ]);
    assert!(first.status.success(), "{}", stderr(&first));
    let dir = TempDir::new("balance");
    let broken = dir.file("broken.ron");
    std::fs::write(&broken, "(monsters: [(name: \"x\")])").unwrap();
    let o = delve(&[
        "balance",
        "--runs",
        "1",
        "--monsters",
        broken.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("broken.ron:1:"), "{}", stderr(&o));
    let o = delve(&[
        "balance",
        "--runs",
        "1",
        "--monsters",
        "/nonexistent/table.ron",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/nonexistent/table.ron"),
        "{}",
        stderr(&o)
    );
}

/// `delve` run with `args`, stopped (and the test failed) if it has not ended within
/// `seconds`: a reader waiting on a pipe is a hang, not a slow answer.
#[cfg(unix)]
fn delve_within(args: &[&str], seconds: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .env_remove(delve_rules::records::DATA_DIR_VARIABLE)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("delve runs");
    let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().expect("waits").is_none() {
        if std::time::Instant::now() > until {
            let _ = child.kill();
            panic!("{args:?}: still running after {seconds} s (waiting on a pipe?)");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().expect("its output")
}

#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_in_place_of_any_file_delve_reads_is_refused_not_waited_on() {
    let dir = TempDir::new("pipes");
    let pipe = dir.file("pipe");
    let made = Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let pipe = pipe.display().to_string();
    // A data folder whose history.csv is a pipe.
    let data = TempDir::new("pipe-data");
    let history = data.file("history.csv");
    assert!(
        Command::new("mkfifo")
            .arg(&history)
            .status()
            .unwrap()
            .success()
    );
    let data = data.path().display().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["gen", &pipe],
        vec!["gen", "--loot", &pipe],
        vec!["replay", &pipe],
        vec!["save", "inspect", &pipe],
        vec!["vault", "check", &pipe],
        vec!["play", "--headless", "--load", &pipe, "--actions", "w"],
        vec!["balance", "--runs", "1", "--monsters", &pipe],
        vec!["history", "--data-dir", &data],
        vec!["gen", "/dev/zero"],
        vec![
            "play",
            "--headless",
            "--load",
            "/dev/zero",
            "--actions",
            "w",
        ],
    ];
    for args in cases {
        let o = delve_within(&args, 30);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
}
