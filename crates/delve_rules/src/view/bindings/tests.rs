//! Tests of bindings.rs.
use super::*;

#[test]
fn every_action_string_letter_means_one_thing() {
    let mut seen = std::collections::HashSet::new();
    for binding in BINDINGS.iter().filter(|b| b.plays()) {
        for &c in binding.letters {
            assert!(seen.insert(c), "{c:?} is bound twice");
        }
    }
}

#[test]
fn action_strings_read_the_table() {
    assert_eq!(
        parse_actions("hl . > < g , R 1 2 3 + - = s K").unwrap(),
        vec![
            Move(-1, 0),
            Move(1, 0),
            Wait,
            Descend,
            Ascend,
            PickUp,
            PickUp,
            Regenerate,
            SwitchKind(GeneratorKind::Cave),
            SwitchKind(GeneratorKind::Rooms),
            SwitchKind(GeneratorKind::Maze),
            AdjustWalls(1),
            AdjustWalls(-1),
            AdjustWalls(1),
            StepAutomaton,
            ShowKey,
        ]
    );
    let lone = parse_actions("hja").unwrap_err();
    assert!(lone.wants_a_letter, "{lone}");
    assert!(
        lone.to_string().contains("needs the letter of an item"),
        "{lone}"
    );
    assert!(parse_actions("d").unwrap_err().wants_a_letter);
    assert_eq!(
        parse_actions("d a Z").unwrap(),
        vec![Drop(0), Rest],
        "whitespace between a verb and its letter is ignored"
    );
    let error = parse_actions("hjq").unwrap_err();
    assert_eq!(error.position, 3);
    assert!(
        error.to_string().contains("h j k l y u b n: move"),
        "{error}"
    );
}

#[test]
fn the_help_lists_every_binding() {
    let lines = help_lines();
    let all: String = lines.iter().map(|(h, k)| format!("{h} {k}\n")).collect();
    for binding in BINDINGS.iter().filter(|b| b.plays()) {
        assert!(all.contains(binding.help));
        for c in binding.letters {
            assert!(all.contains(*c), "{c:?} missing from the help");
        }
        let line = &lines.iter().find(|(h, _)| *h == binding.help).unwrap().1;
        for key in binding.keys {
            let shown = match key {
                Numpad(d) => line
                    .split("numpad ")
                    .nth(1)
                    .is_some_and(|digits| digits.split(' ').any(|x| x == d.to_string())),
                _ => line.contains(&key.to_string()),
            };
            assert!(shown, "{key} missing from the help line {line:?}");
        }
    }
    assert!(lines.iter().any(|(h, k)| *h == "Move"
        && k == "h j k l y u b n or arrows Left Down Up Right or numpad 4 2 8 6 7 9 1 3"));
}

/// Found by the playtest (". ,, Right Left"): every preset's help names its keys
/// readably, punctuation keys joined by "or", arrows said to be arrows, and never two
/// punctuation marks run together.
#[test]
fn the_help_lists_keys_readably_in_every_preset() {
    use crate::view::{KeyPreset, Keymap, help_text_of};
    for preset in [KeyPreset::Vi, KeyPreset::Numpad, KeyPreset::Arrows] {
        let help = help_text_of(&Keymap::preset(preset), usize::MAX);
        for doubled in [",,", ". ,", ", ,", "., "] {
            assert!(
                !help.contains(doubled),
                "{preset:?}: {doubled:?} in\n{help}"
            );
        }
        assert!(!help.contains("Right Left"), "{preset:?}:\n{help}");
    }
    // The watch's keys, where the playtest saw it.
    let watch: Vec<String> = (help_lines_in(Section::Watch).into_iter())
        .map(|(help, keys)| format!("{keys}: {help}"))
        .collect();
    assert!(
        watch
            .iter()
            .any(|l| l.starts_with(". or , or arrows Right Left: ")),
        "{watch:?}"
    );
    assert!(!watch.iter().any(|l| l.contains(",,")), "{watch:?}");
    let help = crate::view::help_text();
    assert!(help.contains("g or ,"), "{help}");
    assert!(help.contains(". or numpad 5"), "{help}");
    assert!(help.contains("arrows Left Down Up Right"), "{help}");
}
