//! The player's options: `options.ron` in the data folder (the browser keeps it in its
//! storage), read at start and written by the Options screen. It sets how the player
//! moves (a key preset) and any action's keys, the colour palette of both front ends, the
//! window's zoom, and whether a step onto known harmful ground asks first.
//!
//! A broken file never stops the game: each field that cannot be read is named with its
//! line, its default is used, the rest stands — and the file is left as it is until the
//! player saves from the Options screen (the broken file is then kept beside it as
//! `options.ron.bak`).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::records::storage::{Storage, StorageError};
use crate::view::{KeyPreset, Keymap, PaletteName};
use delve_levels::ron_text::{Dialect, locate_field, parse};

/// The options file's name in the data folder.
pub const OPTIONS_FILE: &str = "options.ron";
/// Where a broken options file is kept when the player saves over it.
pub const OPTIONS_BACKUP: &str = "options.ron.bak";
/// The largest window zoom offered (screen pixels per tileset pixel).
pub const MOST_ZOOM: u32 = 6;

/// The player's options, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How the player moves.
    pub keys: KeyPreset,
    /// Actions given keys of their own, by the action's name.
    pub bindings: BTreeMap<String, Vec<String>>,
    /// The colours of both front ends.
    pub palette: PaletteName,
    /// The window's zoom: screen pixels per tileset pixel, or 0 to fit about 40×25 tiles
    /// to the window.
    pub zoom: u32,
    /// A step onto known harmful ground (a chasm, deep water with things to lose, a trap
    /// found) asks first.
    pub ask_before_risky_steps: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            keys: KeyPreset::Vi,
            bindings: BTreeMap::new(),
            palette: PaletteName::Classic,
            zoom: 0,
            ask_before_risky_steps: true,
        }
    }
}

impl Options {
    /// The keys these options give (problems with the bindings are in
    /// [`read_options`]'s list).
    pub fn keymap(&self) -> Keymap {
        Keymap::with_bindings(self.keys, &self.bindings).0
    }
}

/// The file as written: every field may be left out.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct OptionsFile {
    keys: Option<String>,
    bindings: Option<BTreeMap<String, Vec<String>>>,
    palette: Option<String>,
    zoom: Option<u32>,
    ask_before_risky_steps: Option<bool>,
}

/// The fields of the file, in order.
const FIELDS: [&str; 5] = [
    "keys",
    "bindings",
    "palette",
    "zoom",
    "ask_before_risky_steps",
];

/// Something wrong in an options file, with its place: its default was used instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsProblem {
    /// Where the file came from (`options.ron`, or its path).
    pub origin: String,
    /// The 1-based line and column, where known.
    pub at: Option<(usize, usize)>,
    /// The field, where one is to blame.
    pub field: Option<String>,
    /// What was wrong and what was done instead.
    pub problem: String,
}

impl fmt::Display for OptionsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if let Some((line, column)) = self.at {
            write!(f, ":{line}:{column}")?;
        }
        f.write_str(": ")?;
        if let Some(field) = &self.field {
            write!(f, "`{field}`: ")?;
        }
        f.write_str(&self.problem)
    }
}

/// Reads an options text (named `origin` in problems): the options it gives, with the
/// default for every field it gets wrong, and what was wrong.
pub fn read_options(text: &str, origin: &str) -> (Options, Vec<OptionsProblem>) {
    let mut problems = Vec::new();
    let file = match parse::<OptionsFile>(text, origin, Dialect::Config) {
        Ok(file) => file,
        Err(whole) => field_by_field(text, origin, &whole, &mut problems),
    };
    let at = |field: &str| locate_field(text, field);
    let mut problem = |field: &str, problem: String| {
        problems.push(OptionsProblem {
            origin: origin.to_owned(),
            at: at(field),
            field: Some(field.to_owned()),
            problem,
        })
    };
    let mut options = Options::default();
    if let Some(name) = file.keys {
        match KeyPreset::from_name(&name) {
            Some(preset) => options.keys = preset,
            None => problem(
                "keys",
                format!(
                    "{name:?} is not a key preset ({}); vi is used",
                    names(KeyPreset::ALL.map(KeyPreset::name))
                ),
            ),
        }
    }
    if let Some(name) = file.palette {
        match PaletteName::from_name(&name) {
            Some(palette) => options.palette = palette,
            None => problem(
                "palette",
                format!(
                    "{name:?} is not a palette ({}); classic is used",
                    names(PaletteName::ALL.map(PaletteName::name))
                ),
            ),
        }
    }
    if let Some(zoom) = file.zoom {
        if zoom <= MOST_ZOOM {
            options.zoom = zoom;
        } else {
            problem(
                "zoom",
                format!("{zoom} is too large (0 fits the window; 1 to {MOST_ZOOM}); 0 is used"),
            );
        }
    }
    if let Some(ask) = file.ask_before_risky_steps {
        options.ask_before_risky_steps = ask;
    }
    if let Some(bindings) = file.bindings {
        let (_, key_problems) = Keymap::with_bindings(options.keys, &bindings);
        for key_problem in key_problems {
            problem(
                "bindings",
                format!("{}: {}", key_problem.action, key_problem.problem),
            );
        }
        options.bindings = bindings;
    }
    (options, problems)
}

/// The fields of a text that does not read whole, each on its own: those that read are
/// kept; the rest (and a text that is not RON at all) are problems.
fn field_by_field(
    text: &str,
    origin: &str,
    whole: &delve_levels::ron_text::RonError,
    problems: &mut Vec<OptionsProblem>,
) -> OptionsFile {
    let mut file = OptionsFile::default();
    let unreadable = |problem: String| OptionsProblem {
        origin: origin.to_owned(),
        at: Some((whole.line, whole.column)),
        field: None,
        problem,
    };
    let Ok(ron::Value::Map(map)) = parse::<ron::Value>(text, origin, Dialect::Config) else {
        problems.push(unreadable(format!(
            "{}; the file should be one `( … )` of options; every option is at its default",
            plainly(&whole.message)
        )));
        return file;
    };
    for (key, value) in map {
        let field = match key {
            ron::Value::String(name) => name,
            other => format!("{other:?}"),
        };
        let at = locate_field(text, &field);
        let mut problem = |problem: String| {
            problems.push(OptionsProblem {
                origin: origin.to_owned(),
                at,
                field: Some(field.clone()),
                problem,
            })
        };
        let wrong = |e: ron::Error, what: &str| {
            let said = plainly(&e.to_string());
            format!("{said}; it should be {what}; the default is used")
        };
        match field.as_str() {
            "keys" => match value.into_rust() {
                Ok(v) => file.keys = Some(v),
                Err(e) => problem(wrong(e, "a preset's name in quotes")),
            },
            "palette" => match value.into_rust() {
                Ok(v) => file.palette = Some(v),
                Err(e) => problem(wrong(e, "a palette's name in quotes")),
            },
            "zoom" => match value.into_rust() {
                Ok(v) => file.zoom = Some(v),
                Err(e) => problem(wrong(e, "a whole number")),
            },
            "ask_before_risky_steps" => match value.into_rust() {
                Ok(v) => file.ask_before_risky_steps = Some(v),
                Err(e) => problem(wrong(e, "true or false")),
            },
            "bindings" => match value.into_rust() {
                Ok(v) => file.bindings = Some(v),
                Err(e) => problem(wrong(e, "a map of action names to lists of keys")),
            },
            _ => problem(format!(
                "there is no such option (the options are: {}); it is left alone",
                FIELDS.join(", ")
            )),
        }
    }
    if problems.is_empty() {
        problems.push(unreadable(plainly(&whole.message)));
    }
    file
}

/// A parser's message without the Rust names in it (the file's struct is "the options").
fn plainly(message: &str) -> String {
    message
        .replace("struct `OptionsFile`", "the options `( … )`")
        .replace("Expected u32", "Expected a whole number")
}

/// `names` as a list for a message ("vi, numpad, arrows").
fn names<const N: usize>(names: [&str; N]) -> String {
    names.join(", ")
}

/// The options as a file, with a comment on each field.
pub fn options_text(options: &Options) -> String {
    let bindings = if options.bindings.is_empty() {
        "{}".to_owned()
    } else {
        let entries: Vec<String> = options
            .bindings
            .iter()
            .map(|(action, keys)| {
                let keys: Vec<String> = keys.iter().map(|k| format!("{k:?}")).collect();
                format!("        {action:?}: [{}],", keys.join(", "))
            })
            .collect();
        format!("{{\n{}\n    }}", entries.join("\n"))
    };
    format!(
        "// delve's options (the Options screen writes this file; edit it freely).\n\
         (\n\
         \x20   // How you move: \"vi\" (h j k l y u b n, the arrows and the numpad), \"numpad\" or\n\
         \x20   // \"arrows\" (Home PageUp End PageDown for the diagonals).\n\
         \x20   keys: {keys:?},\n\
         \x20   // Keys of your own for any action, by name (`delve keys` lists the names), e.g.\n\
         \x20   // {{\"explore\": [\"o\"], \"travel\": [\"_\", \"numpad 0\"]}}.\n\
         \x20   bindings: {bindings},\n\
         \x20   // Colours: {palettes}.\n\
         \x20   palette: {palette:?},\n\
         \x20   // The window's zoom: 0 fits about 40x25 tiles; 1 to {MOST_ZOOM} screen pixels per tile pixel.\n\
         \x20   zoom: {zoom},\n\
         \x20   // Ask before a step onto a chasm, into deep water or onto a trap you found.\n\
         \x20   ask_before_risky_steps: {ask},\n\
         )\n",
        keys = options.keys.name(),
        palettes = names(PaletteName::ALL.map(PaletteName::name)),
        palette = options.palette.name(),
        zoom = options.zoom,
        ask = options.ask_before_risky_steps,
    )
}

/// The options read from a storage (the data folder, the browser's storage).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedOptions {
    /// The options in force.
    pub options: Options,
    /// What was wrong with the file (its defaults are used for those parts).
    pub problems: Vec<OptionsProblem>,
}

/// Reads [`OPTIONS_FILE`] from `storage`: the defaults when there is none; a file that
/// cannot be read at all is a problem, and the defaults are used.
pub fn load_options(storage: &dyn Storage) -> LoadedOptions {
    let origin = storage.place(OPTIONS_FILE).display().to_string();
    let unreadable = |problem: String| LoadedOptions {
        options: Options::default(),
        problems: vec![OptionsProblem {
            origin: origin.clone(),
            at: None,
            field: None,
            problem,
        }],
    };
    match storage.read(OPTIONS_FILE) {
        Ok(None) => LoadedOptions {
            options: Options::default(),
            problems: Vec::new(),
        },
        // The problem names the file once: `origin` is its place already.
        Err(e) => unreadable(format!(
            "cannot {}: {}; every option is at its default",
            e.doing, e.problem
        )),
        Ok(Some(bytes)) => match String::from_utf8(bytes) {
            Err(_) => unreadable("not UTF-8 text; every option is at its default".into()),
            Ok(text) => {
                let (options, problems) = read_options(&text, &origin);
                LoadedOptions { options, problems }
            }
        },
    }
}

/// Writes `options` to [`OPTIONS_FILE`] in `storage`. A file there that had problems
/// (`had_problems`) is first kept as [`OPTIONS_BACKUP`], so nothing the player wrote is
/// lost.
pub fn save_options(
    storage: &dyn Storage,
    options: &Options,
    had_problems: bool,
) -> Result<(), StorageError> {
    if had_problems && let Some(old) = storage.read(OPTIONS_FILE)? {
        storage.write(OPTIONS_BACKUP, &old)?;
    }
    storage.write(OPTIONS_FILE, options_text(options).as_bytes())
}

#[cfg(test)]
mod tests;
