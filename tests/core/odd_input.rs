//! No input makes delve panic: valid configs, loot tables and save payloads mutated with
//! odd text (RON's own Unicode whitespace, multi-byte letters, emoji, nested comments,
//! NUL, a byte-order mark, arbitrary strings) and saves with invalid UTF-8 always give a
//! `Result`, and every reported position lies inside the text.

use proptest::prelude::*;

use delve::config::CampaignConfig;
use delve::loot::{LootError, LootTable};
use delve::ron_text::RonError;
use delve::run::{GameSave, RunState};
use delve::save::{SaveError, decode_save, encode_save_bytes};

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
    include_str!("../../levels/cave.ron"),
    include_str!("../../levels/dungeon.ron"),
    include_str!("../../levels/maze.ron"),
    include_str!("../../levels/descent.ron"),
];
const LOOT: &str = include_str!("../../levels/loot.ron");

/// A save payload as the game writes it.
fn save_text() -> String {
    let campaign = CampaignConfig::builtin();
    let save = GameSave {
        campaign,
        depth: 1,
        position: delve::grid::Pos::new(3, 4),
        inventory: vec![0, 1, 1],
        turns: 12,
        regenerations: 1,
        levels: vec![],
        remembered: vec![],
        loot_table: None,
        fight: None,
        generation: None,
        messages: vec![],
    };
    ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default()).unwrap()
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
        match CampaignConfig::parse(&text, "odd.ron") {
            Ok(_) => {}
            Err(e) => {
                if let Some((line, column)) = e.position() {
                    prop_assert!(inside(&text, line, column), "{e} points outside {text:?}");
                }
                prop_assert!(e.to_string().starts_with("odd.ron:"), "{e}");
            }
        }
    }

    #[test]
    fn mutated_loot_tables_give_an_error_with_a_place_or_a_table(
        at in 0.0..1.0f64,
        cut in 0..4usize,
        insert in odd(),
    ) {
        let text = mutate(LOOT, at, cut, &insert);
        if let Err(LootError::Parse(e)) = LootTable::from_ron_str(&text, "odd.ron") {
            check_ron_error(&text, &e)?;
        }
    }

    #[test]
    fn mutated_save_payloads_give_an_error_with_a_place_or_a_save(
        at in 0.0..1.0f64,
        cut in 0..4usize,
        insert in odd(),
    ) {
        let text = mutate(&save_text(), at, cut, &insert);
        let bytes = encode_save_bytes(text.as_bytes(), 77);
        if let Err(SaveError::Ron(e)) = decode_save::<GameSave>(&bytes) {
            check_ron_error(&text, &e)?;
        }
        if let Ok(save) = decode_save::<GameSave>(&bytes) {
            // Decoded: restoring it checks the game it describes, never panicking.
            let _ = RunState::restore(save);
        }
    }

    #[test]
    fn save_payloads_with_invalid_utf8_are_refused(
        at in 0.0..1.0f64,
        bad in prop::collection::vec(0x80u8..=0xff, 1..4),
    ) {
        let mut payload = save_text().into_bytes();
        let i = ((payload.len() as f64) * at) as usize;
        payload.splice(i.min(payload.len())..i.min(payload.len()), bad);
        let bytes = encode_save_bytes(&payload, 5);
        let _ = decode_save::<GameSave>(&bytes);
    }
}

#[test]
fn the_issue_example_with_a_line_separator_reports_the_bad_field() {
    let text = "(\u{2028}seed: 1, depths: [Cave(wall_percent: 101)])";
    let e = CampaignConfig::parse(text, "ls.ron").unwrap_err();
    assert_eq!(e.field(), Some("wall_percent"));
    assert_eq!(e.position(), Some((1, 26)), "{e}");
}
