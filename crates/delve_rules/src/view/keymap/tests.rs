//! Tests of keymap.rs.
use super::*;

fn bind(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    pairs
        .iter()
        .map(|(a, keys)| (a.to_string(), keys.iter().map(|k| k.to_string()).collect()))
        .collect()
}

#[test]
fn every_action_has_its_own_name() {
    let names = action_names();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert!(!names.iter().any(|n| n == "other" || n.contains("nowhere")));
}

#[test]
fn the_vi_preset_is_the_key_table() {
    let keymap = Keymap::default();
    for binding in super::super::BINDINGS.iter().filter(|b| b.plays()) {
        for &c in binding.letters {
            assert_eq!(keymap.command_for_char(c), Some(binding.command));
        }
    }
}

#[test]
fn the_numpad_and_arrow_presets_free_the_vi_letters() {
    let west = Some(Command::Act(PlayerAction::Move(-1, 0)));
    for preset in [KeyPreset::Numpad, KeyPreset::Arrows] {
        let keymap = Keymap::preset(preset);
        for c in VI_LETTERS {
            assert_eq!(keymap.command_for_char(c), None, "{preset:?} {c}");
        }
        assert_eq!(keymap.command_for_key(NamedKey::Left), west);
        assert_eq!(keymap.command_for_key(NamedKey::Numpad(4)), west);
    }
    let arrows = Keymap::preset(KeyPreset::Arrows);
    assert_eq!(
        arrows.command_for_key(NamedKey::Home),
        Some(Command::Act(PlayerAction::Move(-1, -1)))
    );
    assert_eq!(
        arrows.command_for_key(NamedKey::PageDown),
        Some(Command::Act(PlayerAction::Move(1, 1)))
    );
}

#[test]
fn an_action_takes_the_keys_the_options_give_it() {
    let (keymap, problems) =
        Keymap::with_bindings(KeyPreset::Vi, &bind(&[("explore", &["o", "F9"])]));
    assert_eq!(problems.len(), 1, "F9 loads: refused, {problems:?}");
    assert_eq!(
        keymap.command_for_char('o'),
        None,
        "the refused binding is not half made"
    );
    let (keymap, problems) =
        Keymap::with_bindings(KeyPreset::Vi, &bind(&[("explore", &["o", "numpad 0"])]));
    assert!(problems.is_empty(), "{problems:?}");
    let explore = Some(Command::Act(PlayerAction::Explore));
    assert_eq!(keymap.command_for_char('o'), explore);
    assert_eq!(keymap.command_for_key(NamedKey::Numpad(0)), explore);
    assert_eq!(keymap.command_for_char('x'), None, "x is no longer explore");
    let help = keymap.help_lines_in(Section::Play);
    assert!(
        help.iter()
            .any(|(h, k)| *h == "Explore" && k == "o or numpad 0"),
        "{help:?}"
    );
}

#[test]
fn two_actions_on_one_key_are_refused_naming_both() {
    let (keymap, problems) = Keymap::with_bindings(KeyPreset::Vi, &bind(&[("rest", &["x"])]));
    assert_eq!(problems.len(), 1);
    let problem = &problems[0];
    assert_eq!(problem.action, "rest");
    assert!(
        problem.problem.contains("x already does explore"),
        "{}",
        problem.problem
    );
    assert_eq!(keymap, Keymap::default(), "nothing changed");
}

#[test]
fn unknown_actions_and_keys_are_refused() {
    let (_, problems) = Keymap::with_bindings(
        KeyPreset::Vi,
        &bind(&[("fly", &["q"]), ("explore", &["Ctrl-q"])]),
    );
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.problem.contains("no action is called \"fly\""))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.problem.contains("\"Ctrl-q\" is not a key"))
    );
}

#[test]
fn a_message_names_the_key_the_keymap_binds_to_its_command() {
    use crate::run::messages::key_of;
    let text = format!(
        "{} buys it; {} then c eats it.",
        key_of("pick-up"),
        key_of("use")
    );
    assert_eq!(
        Keymap::default().with_keys_named(&text),
        "g buys it; a then c eats it."
    );
    let (rebound, problems) = Keymap::with_bindings(
        KeyPreset::Vi,
        &bind(&[("pick-up", &["p", "g"]), ("use", &["U"])]),
    );
    assert_eq!(problems, []);
    assert_eq!(
        rebound.with_keys_named(&text),
        "p buys it; U then c eats it."
    );
}

#[test]
fn a_message_without_marks_or_with_an_unknown_one_is_shown_as_it_is() {
    use crate::run::messages::key_of;
    let keymap = Keymap::default();
    assert_eq!(
        keymap.with_keys_named("You miss the rat."),
        "You miss the rat."
    );
    assert_eq!(
        keymap.with_keys_named(&format!("{} does it.", key_of("juggle"))),
        "juggle (no key is bound to it) does it."
    );
    let unclosed = format!("{}pick-up", crate::run::messages::KEY_MARK_OPEN);
    assert_eq!(keymap.with_keys_named(&unclosed), unclosed);
}

/// Every command the rules name a key of in a message has a key in the default keymap.
#[test]
fn every_key_the_rules_name_is_bound_by_default() {
    use crate::run::messages::key_of;
    let keymap = Keymap::default();
    for (command, key) in [
        ("pick-up", "g"),
        ("use", "a"),
        ("descend", ">"),
        ("ascend", "<"),
        ("explore", "x"),
        ("switch-to-cave", "1"),
    ] {
        assert_eq!(keymap.with_keys_named(&key_of(command)), key, "{command}");
    }
}
