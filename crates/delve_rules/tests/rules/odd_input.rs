//! Odd input gets an answer, never a panic: valid configs, loot tables and save
//! payloads mutated with odd text (RON's own Unicode whitespace, multi-byte letters,
//! emoji, nested comments, NUL, a byte-order mark, arbitrary strings) either still read
//! or are refused with an error that names a place inside the text; a save that still
//! reads restores to a run that breaks no rule or is refused saying why; a payload with
//! invalid UTF-8 is refused at the byte offset of its first bad byte; a recorded action
//! no key gives (a three-tile step) is refused at its line, and by the rules.

use proptest::prelude::*;

use delve_levels::config::CampaignConfig;
use delve_levels::loot::{LootError, LootTable};
use delve_levels::ron_text::RonError;
use delve_levels::save::{SaveError, decode_save, encode_save_bytes, read_header};
use delve_rules::run::record::RecordingError;
use delve_rules::run::{GameSave, Rules, RunState};

/// Texts that bite scanners which differ from RON's parser.
const ODD: &[&str] = &[
    "\u{0085}",
    "\u{200E}",
    "\u{200F}",
    "\u{2028}",
    "\u{2029}",
    "\u{FEFF}",
    "\0",
    "ß",
    "語",
    "🦀",
    "/* /* nested */ */",
    "/*",
    "*/",
    "// line comment\n",
    "\"",
    "'",
    "r#\"raw\"#",
    "(",
    ")",
    "[",
    ",",
    ":",
    "-1",
    "99999999999999999999999",
    "\r\n",
];

const CONFIGS: &[&str] = &[
    include_str!("../../../../levels/cave.ron"),
    include_str!("../../../../levels/dungeon.ron"),
    include_str!("../../../../levels/maze.ron"),
    include_str!("../../../../levels/accretion.ron"),
    include_str!("../../../../levels/descent.ron"),
];
const LOOT: &str = include_str!("../../../../levels/loot.ron");

/// A save payload as the game writes it: a run a few steps in.
fn save_text() -> String {
    let (mut run, _) =
        RunState::start(CampaignConfig::builtin(), None, Rules::Monsters).expect("it starts");
    for action in delve_rules::view::parse_actions("x x x").unwrap() {
        run.apply(action);
    }
    ron::ser::to_string_pretty(&run.snapshot(), ron::ser::PrettyConfig::default()).unwrap()
}

/// `text` with `insert` put in at the character boundary nearest `at` (a fraction of
/// the length), replacing `cut` characters there.
fn mutate(text: &str, at: f64, cut: usize, insert: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let start = ((chars.len() as f64) * at) as usize;
    let start = start.min(chars.len());
    let end = (start + cut).min(chars.len());
    let mut out: String = chars[..start].iter().collect();
    out.push_str(insert);
    out.extend(&chars[end..]);
    out
}

/// Whether (line, column) lies inside `text`: lines end at `\n`, columns count
/// characters, one past the end of a line is allowed (a missing token there).
fn inside(text: &str, line: usize, column: usize) -> bool {
    let Some(row) = text.split('\n').nth(line.wrapping_sub(1)) else {
        return false;
    };
    line >= 1 && column >= 1 && column <= row.chars().count() + 1
}

fn check_ron_error(text: &str, e: &RonError) -> Result<(), TestCaseError> {
    prop_assert!(
        inside(text, e.line, e.column),
        "{e} points outside the text {text:?}"
    );
    Ok(())
}

fn odd() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(ODD).prop_map(str::to_owned),
        any::<String>(),
        prop::collection::vec(prop::sample::select(ODD), 1..4).prop_map(|v| v.concat()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn mutated_configs_give_an_error_with_a_place_or_a_campaign(
        which in 0..CONFIGS.len(),
        at in 0.0..1.0f64,
        cut in 0..4usize,
        insert in odd(),
    ) {
        let text = mutate(CONFIGS[which], at, cut, &insert);
        if let Err(e) = CampaignConfig::parse(&text, "odd.ron") {
            let place = e.position();
            prop_assert!(place.is_some(), "{e} names no place");
            let (line, column) = place.unwrap();
            prop_assert!(inside(&text, line, column), "{e} points outside {text:?}");
            prop_assert!(e.to_string().starts_with("odd.ron:"), "{e}");
        }
    }

    #[test]
    fn mutated_loot_tables_give_an_error_with_a_place_or_a_table(
        at in 0.0..1.0f64,
        cut in 0..4usize,
        insert in odd(),
    ) {
        let text = mutate(LOOT, at, cut, &insert);
        match LootTable::from_ron_str(&text, "odd.ron") {
            Ok(_) => {}
            Err(LootError::Parse(e)) => check_ron_error(&text, &e)?,
            // A rule broken: the file and the item or class that breaks it.
            Err(LootError::Invalid { origin, problem }) => {
                prop_assert_eq!(origin, "odd.ron");
                prop_assert!(!problem.is_empty());
            }
            Err(e @ LootError::Io { .. }) => prop_assert!(false, "a text read no file: {e}"),
        }
    }

    #[test]
    fn mutated_save_payloads_give_an_error_with_a_place_or_a_save_restored_or_refused(
        at in 0.0..1.0f64,
        cut in 0..4usize,
        insert in odd(),
    ) {
        let text = mutate(&save_text(), at, cut, &insert);
        let bytes = encode_save_bytes(text.as_bytes(), 77);
        match decode_save::<GameSave>(&bytes) {
            Err(SaveError::Ron(e)) => check_ron_error(&text, &e)?,
            Err(e) => prop_assert!(false, "a checksummed UTF-8 payload refused as {e:?}"),
            // Decoded: restoring it checks the game it describes.
            Ok(save) => match RunState::restore(save) {
                Ok(run) => prop_assert_eq!(run.broken_rule(), None),
                Err(why) => prop_assert!(!why.is_empty(), "refused without a reason"),
            },
        }
    }

    #[test]
    fn save_payloads_with_invalid_utf8_are_refused_at_the_first_bad_byte(
        at in 0.0..1.0f64,
        // A byte that cannot begin a character (a continuation byte, an overlong
        // lead, or one past U+10FFFF), then whatever follows.
        first in prop_oneof![0x80u8..=0xbf, 0xc0u8..=0xc1, 0xf5u8..=0xff],
        rest in prop::collection::vec(0x80u8..=0xff, 0..3),
    ) {
        let text = save_text();
        let i = text.floor_char_boundary(((text.len() as f64) * at) as usize);
        let mut payload = text.into_bytes();
        payload.splice(i..i, std::iter::once(first).chain(rest));
        let bytes = encode_save_bytes(&payload, 5);
        let payload_starts = read_header(&bytes).unwrap().byte_len();
        prop_assert_eq!(
            decode_save::<GameSave>(&bytes).unwrap_err(),
            SaveError::NotUtf8 { offset: (payload_starts + i) as u64 }
        );
    }
}

#[test]
fn the_issue_example_with_a_line_separator_reports_the_bad_field() {
    let text = "(\u{2028}seed: 1, depths: [Cave(wall_percent: 101)])";
    let e = CampaignConfig::parse(text, "ls.ron").unwrap_err();
    assert_eq!(e.field(), Some("wall_percent"));
    assert_eq!(e.position(), Some((1, 26)), "{e}");
}

#[test]
fn a_recorded_step_no_key_gives_is_refused_at_its_line_and_the_rules_refuse_it_too() {
    let path = crate::workspace_root().join("tests/recordings/descent-3.rec");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("Act(Move(1,0)"))
        .unwrap()
        + 1;
    let cheat = text.replacen("Act(Move(1,0)", "Act(Move(-3,0)", 1);
    match delve_rules::run::record::Recording::parse(&cheat) {
        Err(RecordingError::Broken { line: at, problem }) => {
            assert_eq!(at, line);
            assert!(problem.contains("a step by (-3, 0)"), "{problem}");
        }
        other => panic!("a three-tile step was read: {other:?}"),
    }
    let mut run = crate::support::with_monsters(3);
    let (at, turns) = (run.player(), run.turns());
    run.apply(delve_rules::run::PlayerAction::Move(-3, 0));
    assert_eq!(
        (run.player(), run.turns()),
        (at, turns),
        "nothing done, no turn"
    );
}

/// Every kind of thing a recording may aim (a throw, a use at a tile, travel), at the
/// ends of what a number holds and off the level, with a weapon, a wand, a potion and
/// a scroll of teleportation in the pack: each is played, or refused, without a panic
/// or a hang, and the run breaks no rule.
#[test]
fn steps_aimed_off_the_level_or_at_the_ends_of_the_numbers_are_played_or_refused() {
    use delve_levels::grid::Pos;
    use delve_rules::run::PlayerAction::{Throw, TravelOverTraps, TravelTo, UseAt};
    let far = [
        Pos::new(i32::MIN, i32::MIN),
        Pos::new(i32::MAX, i32::MAX),
        Pos::new(i32::MIN, i32::MAX),
        Pos::new(i32::MAX, 0),
        Pos::new(-1, -1),
        Pos::new(100_000, 3),
    ];
    let table = delve_levels::loot::default_loot_table();
    let kinds: Vec<usize> = [
        "dart",
        "wand of striking",
        "potion of incineration",
        "scroll of teleportation",
    ]
    .iter()
    .map(|name| table.index_of(name).unwrap_or_else(|| panic!("{name}")))
    .collect();
    for at in far {
        for slot in 0..4u8 {
            for action in [
                Throw(slot, at),
                UseAt(slot, at),
                TravelTo(at),
                TravelOverTraps(at),
            ] {
                let mut run = crate::support::alone_with(crate::support::with_monsters(3), None);
                run.stage().carry(kinds.clone());
                run.apply(action);
                assert_eq!(run.broken_rule(), None, "{action:?}");
            }
        }
    }
}

/// A recording's start line claiming levels of a generation its format never recorded
/// (generation 6 came in format 11, generation 4 in format 7, generation 3 in format 5) is refused at line 1,
/// naming both; the committed recordings relabelled as format 7 (whose teleports may
/// land behind a lock) replay to their end or stop at the step that comes out
/// differently — never a panic.
#[test]
fn a_recording_of_a_generation_its_format_never_recorded_is_refused_at_its_start() {
    use delve_rules::run::record::{Recording, TRAVEL_KEEPS_OFF_BARRED_DOORS};
    let path = crate::workspace_root().join("tests/recordings/legacy/descent-3-generation-4.rec");
    let text = std::fs::read_to_string(&path).unwrap();
    // The last committed recordings of generation 4 are of format 10.
    let head = format!("(format:{TRAVEL_KEEPS_OFF_BARRED_DOORS},generation:4,");
    assert!(text.starts_with(&head), "{}", &text[..40]);
    // A peaceful run: formats 3 to 6 replay those.
    assert!(text.lines().next().unwrap().contains("rules:Peaceful"));
    for (format, generation) in [
        (10, 6),
        (9, 5),
        (7, 5),
        (6, 4),
        (5, 4),
        (1, 4),
        (3, 3),
        (4, 3),
        (1, 3),
    ] {
        let forged = text.replacen(
            &head,
            &format!("(format:{format},generation:{generation},"),
            1,
        );
        match Recording::parse(&forged) {
            Err(RecordingError::Broken { line: 1, problem }) => assert!(
                problem.contains(&format!(
                    "format {format} with levels of generation {generation}"
                )),
                "{problem}"
            ),
            other => panic!("format {format}, generation {generation}: {other:?}"),
        }
    }
    for name in [
        "legacy/descent-3-generation-4.rec",
        "legacy/descent-11-generation-4.rec",
    ] {
        let path = crate::workspace_root().join("tests/recordings").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let relabelled = text.replacen(
            &format!("(format:{TRAVEL_KEEPS_OFF_BARRED_DOORS},"),
            "(format:7,",
            1,
        );
        let recording = Recording::parse(&relabelled).expect("format 7 of generation 4 reads");
        match recording.replay() {
            Ok(_) | Err(RecordingError::OutOfSync { .. }) => {}
            Err(other) => panic!("{name} as format 7: {other}"),
        }
    }
}

/// A run started on any level a key names (`delve play --key`, a recording's start
/// line) is a state its own save restores: at every depth a key can hold, with and
/// without monsters, or refused at the start.
#[test]
fn a_run_started_on_a_key_of_any_depth_restores_from_its_save_or_is_refused() {
    use delve_levels::key::LevelKey;
    use delve_rules::run::PlayerAction;
    let campaign = crate::support::campaign(5);
    let mut started = Vec::new();
    for depth in [0, 1, 9, 10, 11, 50, 998, 999, 1000, u32::MAX] {
        for rules in [Rules::Monsters, Rules::Peaceful] {
            let key = LevelKey::new(campaign.config_at(1).clone(), depth, 5);
            let Ok(key) = LevelKey::decode(&key.encode()) else {
                continue;
            };
            let Ok((mut run, _)) = RunState::start(campaign.clone(), Some(key), rules) else {
                continue;
            };
            started.push(depth);
            for step in 0..3 {
                assert_eq!(
                    run.broken_rule(),
                    None,
                    "depth {depth}, {rules:?}, step {step}"
                );
                if let Err(e) = RunState::restore(run.snapshot()) {
                    panic!("depth {depth}, {rules:?}, step {step}: its save is refused: {e}");
                }
                run.apply(PlayerAction::Explore);
            }
        }
    }
    assert!(
        started.contains(&1) && started.contains(&999),
        "{started:?}"
    );
}
