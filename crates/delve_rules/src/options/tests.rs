//! Tests of options.rs: the file reads what it says, a broken part falls back to its
//! default with its place named, and saving keeps what the player wrote.
use super::*;
use crate::records::storage::MemoryStorage;

#[test]
fn a_written_file_reads_back_the_same() {
    let mut options = Options {
        keys: KeyPreset::Arrows,
        palette: PaletteName::HighContrast,
        zoom: 3,
        ask_before_risky_steps: false,
        ..Options::default()
    };
    options
        .bindings
        .insert("explore".into(), vec!["o".into(), "numpad 0".into()]);
    let text = options_text(&options);
    let (read, problems) = read_options(&text, "options.ron");
    assert!(problems.is_empty(), "{problems:?}\n{text}");
    assert_eq!(read, options);
    assert_eq!(
        read_options(&options_text(&Options::default()), "o").0,
        Options::default()
    );
}

#[test]
fn an_empty_file_is_every_default() {
    assert_eq!(read_options("()", "o"), (Options::default(), vec![]));
}

#[test]
fn a_wrong_field_is_named_with_its_line_and_the_rest_stands() {
    let text = "(\n    keys: \"numpad\",\n    palette: \"rainbow\",\n    zoom: 99,\n)\n";
    let (options, problems) = read_options(text, "options.ron");
    assert_eq!(options.keys, KeyPreset::Numpad, "the good field stands");
    assert_eq!(options.palette, PaletteName::Classic);
    assert_eq!(options.zoom, 0);
    let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].starts_with("options.ron:3:5: `palette`: \"rainbow\" is not a palette"),
        "{said:?}"
    );
    assert!(
        said[1].starts_with("options.ron:4:5: `zoom`: 99 is too large"),
        "{said:?}"
    );
}

#[test]
fn a_field_of_the_wrong_type_falls_back_alone() {
    let text = "(\n    keys: \"arrows\",\n    zoom: \"big\",\n    colours: 3,\n)\n";
    let (options, problems) = read_options(text, "options.ron");
    assert_eq!(options.keys, KeyPreset::Arrows, "{problems:?}");
    assert_eq!(options.zoom, 0);
    let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        said.iter()
            .any(|p| p.starts_with("options.ron:3:5: `zoom`:")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|p| p.contains("`colours`: there is no such option")),
        "{said:?}"
    );
}

#[test]
fn text_that_is_not_ron_is_every_default_with_its_place() {
    let (options, problems) = read_options("(\n  keys: \"vi\"\n  zoom: 2,\n", "options.ron");
    assert_eq!(options, Options::default());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].at.is_some(), "{problems:?}");
    assert!(
        problems[0]
            .to_string()
            .contains("every option is at its default")
    );
}

#[test]
fn two_actions_on_one_key_are_a_problem_naming_both() {
    let text = "(bindings: {\"rest\": [\"x\"]})";
    let (options, problems) = read_options(text, "options.ron");
    assert_eq!(problems.len(), 1, "{problems:?}");
    let said = problems[0].to_string();
    assert!(
        said.contains("`bindings`: rest: x already does explore"),
        "{said}"
    );
    assert_eq!(
        options.keymap(),
        Keymap::default(),
        "the refused binding is not made"
    );
}

#[test]
fn saving_over_a_broken_file_keeps_it_as_a_backup() {
    let storage = MemoryStorage::default();
    storage
        .write(OPTIONS_FILE, b"(palette: \"rainbow\")")
        .unwrap();
    let loaded = load_options(&storage);
    assert_eq!(loaded.problems.len(), 1);
    assert_eq!(
        storage.read(OPTIONS_FILE).unwrap().unwrap(),
        b"(palette: \"rainbow\")",
        "reading never writes"
    );
    save_options(&storage, &loaded.options, true).unwrap();
    assert_eq!(
        storage.read(OPTIONS_BACKUP).unwrap().unwrap(),
        b"(palette: \"rainbow\")"
    );
    let again = load_options(&storage);
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    assert_eq!(again.options, loaded.options);
}

#[test]
fn no_file_is_every_default_without_a_problem() {
    let loaded = load_options(&MemoryStorage::default());
    assert_eq!(loaded.options, Options::default());
    assert!(loaded.problems.is_empty());
}

#[test]
fn an_options_file_that_cannot_be_read_is_named_once() {
    // A folder where the file should be: not a file delve can read.
    let folder = std::env::temp_dir().join(format!("delve-options-{}", std::process::id()));
    std::fs::create_dir_all(folder.join(OPTIONS_FILE)).unwrap();
    let loaded = load_options(&crate::records::storage::Folder::at(&folder));
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(loaded.options, Options::default());
    let said = loaded.problems[0].to_string();
    assert_eq!(said.matches(OPTIONS_FILE).count(), 1, "{said}");
    assert!(said.contains("every option is at its default"), "{said}");
}
