//! The README's controls are the one key table's: the block between its two markers is
//! [`controls_markdown`]'s output, exactly, so a key is changed in `BINDINGS` alone; the
//! book's table of the watch keys names each of them.

use delve_rules::view::{BINDINGS, Section, controls_markdown, help_lines_in};

/// The line before the generated controls.
const START: &str = "<!-- controls: generated from delve_rules::view::BINDINGS -->\n";
/// The line after them.
const END: &str = "<!-- end of controls -->";

/// Set to write the key table's controls into README.md instead of failing.
const WRITE: &str = "DELVE_WRITE_README_CONTROLS";

#[test]
fn the_readme_controls_are_the_key_tables() {
    let path = crate::workspace_root().join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md is readable");
    assert_eq!(
        (readme.matches(START).count(), readme.matches(END).count()),
        (1, 1),
        "README.md must hold the line `{}` and, after the controls, the line `{END}`, once each",
        START.trim_end()
    );
    let start = readme.find(START).unwrap() + START.len();
    let end = start
        + readme[start..]
            .find(END)
            .expect("the end marker comes after the start marker");
    let expected = controls_markdown();
    if readme[start..end] == expected {
        return;
    }
    if std::env::var_os(WRITE).is_some() {
        let written = format!("{}{expected}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, written).expect("README.md is writable");
        return;
    }
    panic!(
        "README.md's controls are not the key table's (delve_rules::view::BINDINGS).\n\
         Replace the lines between `{}` and `{END}` with the text below \
         (`delve_rules::view::controls_markdown()`), or let the test write it:\n\
         \n    {WRITE}=1 cargo test -p delve_rules --test rules docs\n\
         \n{expected}",
        START.trim_end()
    );
}

#[test]
fn the_controls_have_a_row_for_every_help_line() {
    let controls = controls_markdown();
    for section in Section::ALL {
        assert!(
            controls.contains(&format!("### {}\n", section.heading())),
            "{controls}"
        );
        for (help, _) in help_lines_in(section) {
            assert_eq!(
                controls.matches(&format!(" | {help} |\n")).count(),
                1,
                "one row for {help:?}: {controls}"
            );
        }
    }
}

#[test]
fn the_book_names_every_watch_key() {
    let path = crate::workspace_root().join("docs/src/runs.md");
    let runs = std::fs::read_to_string(&path).expect("docs/src/runs.md is readable");
    let section = runs
        .split("## Watching a recording")
        .nth(1)
        .expect("docs/src/runs.md has a section `## Watching a recording`");
    let keys = BINDINGS.iter().filter(|b| !b.plays());
    for binding in keys {
        let names = binding
            .letters
            .iter()
            .map(char::to_string)
            .chain(binding.keys.iter().map(|k| k.to_string()));
        for name in names {
            assert!(
                section.contains(&format!("`{name}`")),
                "docs/src/runs.md's watching section does not name `{name}` ({})",
                binding.help
            );
        }
    }
}
