//! RON text as the parser reads it: one error type with `origin:line:column` for every
//! RON file or payload delve reads (level configs, the loot table, save payloads), and
//! finding where a field stands by asking the parser itself.
//!
//! Positions never come from a scan of our own: RON has its own whitespace (U+0085,
//! U+200E, U+200F, U+2028, U+2029 among it), nested block comments and raw strings, and
//! any scanner that differs from the parser in one rule points at the wrong place — or
//! slices a string inside a character. Instead a *probe* walks the text with the real
//! parser (serde's `IgnoredAny` for everything else) and stops with an error at the field
//! it looks for; the parser's span of that error is the field's place.

use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IgnoredAny, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

/// Why a text file could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadTextError {
    /// The system could not read it (what it said).
    Io(String),
    /// A byte is not part of UTF-8 text: its 1-based line and column (the column counts
    /// the characters before it on its line, plus one).
    NotUtf8 {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
}

impl fmt::Display for ReadTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadTextError::Io(message) => write!(f, "cannot read: {message}"),
            ReadTextError::NotUtf8 { line, column } => {
                write!(f, "{line}:{column}: not UTF-8 text")
            }
        }
    }
}

/// The largest file delve reads (configs, tables, recordings, saves, the run history):
/// far above any real one (a recording of 100,000 steps is about 25 MB), and a stop for
/// a path such as `/dev/zero` that would otherwise be read until memory runs out.
pub const MOST_FILE_BYTES: u64 = 64 << 20;

/// Reads the file at `path` as UTF-8 text; bytes that are not UTF-8 are an error at
/// their line and column, and what [`read_file`] refuses is refused.
pub fn read_text(path: &std::path::Path) -> Result<String, ReadTextError> {
    let bytes = read_file(path).map_err(|e| ReadTextError::Io(io_message(&e)))?;
    text_of(bytes)
}

/// Reads the whole file at `path` — only a regular file (a FIFO, a device or a folder
/// in its place is refused before it is opened, so nothing waits on a writer that never
/// comes) and only up to [`MOST_FILE_BYTES`]. A file that is not there is
/// [`std::io::ErrorKind::NotFound`], as [`std::fs::read`] says.
pub fn read_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        let what = if metadata.is_dir() {
            "a folder"
        } else {
            "not a regular file (a pipe, a device or a socket)"
        };
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{what}, not a file delve can read"),
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MOST_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MOST_FILE_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, which no file delve writes is",
                MOST_FILE_BYTES >> 20
            ),
        ));
    }
    Ok(bytes)
}

/// What a reading error says: the system's words, but one phrase for a missing file,
/// whoever reads it (the file system here, an asset reader in a Bevy app).
pub(crate) fn io_message(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => NO_SUCH_FILE.to_owned(),
        _ => error.to_string(),
    }
}

/// What [`io_message`] says of a file that is not there.
pub const NO_SUCH_FILE: &str = "no such file";

/// `bytes` as UTF-8 text, or where the first byte that is not UTF-8 stands.
pub fn text_of(bytes: Vec<u8>) -> Result<String, ReadTextError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = &bytes[..e.utf8_error().valid_up_to()];
        // Everything before the bad byte is UTF-8, so it can be counted as text.
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line_start = good.rfind('\n').map_or(0, |i| i + 1);
        ReadTextError::NotUtf8 {
            line: good.matches('\n').count() + 1,
            column: good[line_start..].chars().count() + 1,
        }
    })
}

impl ReadTextError {
    /// The error as a [`RonError`] of `origin` (for readers whose errors carry one).
    pub fn into_ron_error(self, origin: &str) -> Result<RonError, String> {
        match self {
            ReadTextError::Io(message) => Err(message),
            ReadTextError::NotUtf8 { line, column } => Ok(RonError {
                origin: origin.to_owned(),
                line,
                column,
                message: "not UTF-8 text".into(),
            }),
        }
    }
}

/// A RON text that could not be read, with its place: `origin:line:column: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RonError {
    /// Where the text came from: a file name, or e.g. "save payload".
    pub origin: String,
    /// 1-based line (lines end at `\n`, as the parser counts them).
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl RonError {
    /// The parser's error for `text`, with the field named when the parser's message
    /// does not (ron says "Integer is out of bounds" but not of which field).
    pub(crate) fn from_parser(
        origin: &str,
        text: &str,
        error: &ron::error::SpannedError,
    ) -> RonError {
        let (line, column) = (error.span.start.line, error.span.start.col);
        let message = match &error.code {
            // ron names the Rust type ("… in `VaultText`"), which no one wrote.
            ron::Error::MissingStructField { field, .. } => {
                format!("the field `{field}` is missing here, and it has no default: give it")
            }
            code => code.to_string(),
        };
        let message = match field_of_value_at(text, line, column) {
            Some(field) if !message.contains(&format!("`{field}`")) => {
                format!("`{field}`: {message}")
            }
            _ => message,
        };
        RonError {
            origin: origin.to_owned(),
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for RonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.origin, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RonError {}

/// How a RON text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// RON as `ron` writes it (save payloads, the loot table).
    Plain,
    /// Hand-written configs: enum variants may wrap their struct's fields directly
    /// (`Cave(width: 80)` for `Cave(CaveConfig(width: 80))`), and optional values are
    /// written bare (`loot: "mine.ron"` for `loot: Some("mine.ron")`).
    Config,
}

impl Dialect {
    fn options(self) -> ron::Options {
        match self {
            Dialect::Plain => ron::Options::default(),
            Dialect::Config => ron::Options::default()
                .with_default_extension(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES)
                .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME),
        }
    }
}

/// `text` without the byte-order mark some editors put at the start of a file (it is
/// invisible there, so positions are counted without it).
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

/// Parses `text` (named `origin` in errors) as a `T` written in `dialect`; a leading
/// byte-order mark is skipped.
pub fn parse<T: DeserializeOwned>(
    text: &str,
    origin: &str,
    dialect: Dialect,
) -> Result<T, RonError> {
    let text = without_bom(text);
    dialect
        .options()
        .from_str(text)
        .map_err(|e| RonError::from_parser(origin, text, &e))
}

/// Where the parser finds the key `key` of the top-level struct of a config text that
/// parses as RON: its 1-based (line, column).
pub fn locate_field(text: &str, key: &str) -> Option<(usize, usize)> {
    locate(text, key, None)
}

/// Where the parser finds a field of a config text that parses: the (line, column) of the key
/// `key` of the top-level struct, or — with `entry` — of `field` inside the `entry`-th
/// (0-based) element of the list under `key`, or of that element itself (its variant
/// name, or its opening) when it leaves `field` to its default.
pub(crate) fn locate(
    text: &str,
    key: &str,
    entry: Option<(usize, &str)>,
) -> Option<(usize, usize)> {
    let text = without_bom(text);
    let found = |probe: Probe| match Dialect::Config.options().from_str_seed(text, probe) {
        Err(e) if e.code.to_string() == FOUND => Some((e.span.start.line, e.span.start.col)),
        _ => None,
    };
    match entry {
        None => found(Probe::Key { key }),
        Some((index, field)) => found(Probe::Entry {
            key,
            index,
            field: Some(field),
            variants: true,
        })
        .or_else(|| {
            found(Probe::Entry {
                key,
                index,
                field: None,
                variants: true,
            })
        }),
    }
}

/// [`locate`] for a list of plain structs (`monsters: [(name: "rat", …), …]`): the
/// (line, column) of `field` in the `index`-th element of the list under `key`, or of
/// that element's opening when it leaves `field` out.
pub(crate) fn locate_in_list(
    text: &str,
    key: &str,
    index: usize,
    field: &str,
) -> Option<(usize, usize)> {
    let text = without_bom(text);
    let found = |field| {
        let probe = Probe::Entry {
            key,
            index,
            field,
            variants: false,
        };
        match Dialect::Plain.options().from_str_seed(text, probe) {
            Err(e) if e.code.to_string() == FOUND => Some((e.span.start.line, e.span.start.col)),
            _ => None,
        }
    };
    found(Some(field)).or_else(|| found(None))
}

/// The message a probe stops the parser with once it stands on what it looks for.
const FOUND: &str = "delve-probe: found";

/// What a probe looks for.
#[derive(Clone, Copy)]
enum Probe<'a> {
    /// The key `key` of the top-level struct.
    Key { key: &'a str },
    /// In the list under `key`, element `index`: its `field`, or (with `None`) the
    /// element itself; elements are enum variants wrapping structs, or (without
    /// `variants`) plain structs.
    Entry {
        key: &'a str,
        index: usize,
        field: Option<&'a str>,
        variants: bool,
    },
}

fn found<E: de::Error>() -> E {
    E::custom(FOUND)
}

/// An identifier (a struct field or enum variant name), read as the parser reads one.
struct Ident(String);

impl<'de> de::Deserialize<'de> for Ident {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Ident, D::Error> {
        struct IdentVisitor;
        impl Visitor<'_> for IdentVisitor {
            type Value = Ident;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an identifier")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Ident, E> {
                Ok(Ident(v.to_owned()))
            }
        }
        deserializer.deserialize_identifier(IdentVisitor)
    }
}

impl<'de> DeserializeSeed<'de> for Probe<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("", &[], self)
    }
}

impl<'de> Visitor<'de> for Probe<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a struct")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let wanted = match self {
            Probe::Key { key } | Probe::Entry { key, .. } => key,
        };
        while let Some(Ident(name)) = map.next_key()? {
            match self {
                Probe::Key { .. } if name == wanted => return Err(found()),
                Probe::Entry {
                    index,
                    field,
                    variants,
                    ..
                } if name == wanted => {
                    map.next_value_seed(ListProbe {
                        index,
                        field,
                        variants,
                    })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// Walks a list to its `index`-th element.
struct ListProbe<'a> {
    index: usize,
    field: Option<&'a str>,
    variants: bool,
}

impl<'de> DeserializeSeed<'de> for ListProbe<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ListProbe<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        for _ in 0..self.index {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Ok(());
            }
        }
        match (self.variants, self.field) {
            (true, field) => seq.next_element_seed(EntryProbe { field })?,
            (false, Some(field)) => seq.next_element_seed(FieldProbe { field })?,
            (false, None) => seq
                .next_element_seed(FieldProbe { field: "" })
                .and(Err(found()))?,
        };
        Ok(())
    }
}

/// One list element: an enum variant wrapping a struct (`Cave(width: 80)`).
struct EntryProbe<'a> {
    field: Option<&'a str>,
}

impl<'de> DeserializeSeed<'de> for EntryProbe<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_enum("", &[], self)
    }
}

impl<'de> Visitor<'de> for EntryProbe<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list entry")
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        let (Ident(_), variant) = data.variant::<Ident>()?;
        let Some(field) = self.field else {
            // Stopping here points at the variant's name: the entry itself.
            return Err(found());
        };
        variant.newtype_variant_seed(FieldProbe { field })
    }
}

/// The fields of a struct, until `field`.
struct FieldProbe<'a> {
    field: &'a str,
}

impl<'de> DeserializeSeed<'de> for FieldProbe<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("", &[], self)
    }
}

impl<'de> Visitor<'de> for FieldProbe<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a struct")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(Ident(name)) = map.next_key()? {
            if name == self.field {
                return Err(found());
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// The field whose value the parser stopped in at (`line`, `column`), both counted from
/// 1 (columns in characters): the identifier before the `:` in front of that value on
/// its line. Works on characters only, so no position can fall inside one.
fn field_of_value_at(text: &str, line: usize, column: usize) -> Option<String> {
    let before: Vec<char> = text
        .split('\n')
        .nth(line.checked_sub(1)?)?
        .chars()
        .take(column.saturating_sub(1))
        .collect();
    let is_value = |c: char| c.is_alphanumeric() || "_.+-\"'".contains(c);
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut at = before.len();
    while at > 0 && is_value(before[at - 1]) {
        at -= 1;
    }
    while at > 0 && before[at - 1].is_whitespace() {
        at -= 1;
    }
    if at == 0 || before[at - 1] != ':' {
        return None;
    }
    at -= 1;
    while at > 0 && before[at - 1].is_whitespace() {
        at -= 1;
    }
    let end = at;
    while at > 0 && is_name(before[at - 1]) {
        at -= 1;
    }
    (at < end).then(|| before[at..end].iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_where_the_parser_reads_them() {
        let text = "(\n  seed: 1,\n  depths: [\n    Cave(width: 80),\n    Cave(\n      wall_percent: 101,\n    ),\n  ],\n)\n";
        assert_eq!(
            locate(text, "depths", Some((1, "wall_percent"))),
            Some((6, 7))
        );
        // Left to its default: the entry's variant name.
        assert_eq!(locate(text, "depths", Some((1, "width"))), Some((5, 5)));
        assert_eq!(locate(text, "depths", Some((0, "width"))), Some((4, 10)));
        assert_eq!(locate(text, "depths", None), Some((3, 3)));
        assert_eq!(locate(text, "depths", Some((2, "width"))), None);
        assert_eq!(locate(text, "name", None), None);
    }

    #[test]
    fn unicode_whitespace_and_nested_comments_are_read_as_ron_reads_them() {
        // U+2028 is whitespace to RON, not a line break; columns count characters.
        let text = "(\u{2028}seed: 1, depths: [Cave(wall_percent: 101)])";
        assert_eq!(
            locate(text, "depths", Some((0, "wall_percent"))),
            Some((1, 26))
        );
        let text = "(seed: 1, /* a /* nested */ comment */ depths: [Cave(), Cave(passes: 3)])";
        assert_eq!(locate(text, "depths", Some((1, "passes"))), Some((1, 62)));
        let text = "(seed: 1, depths: [Cave(/* wall_percent: 5 */ width: 90)])";
        assert_eq!(
            locate(text, "depths", Some((0, "wall_percent"))),
            Some((1, 20))
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let text = "\u{FEFF}(seed: 1, depths: [Cave(wall_percent: 101)])";
        assert_eq!(
            locate(text, "depths", Some((0, "wall_percent"))),
            Some((1, 25))
        );
        let error = parse::<Seed>("\u{FEFF}(seed: -1)", "t.ron", Dialect::Plain).unwrap_err();
        assert!(error.message.contains("`seed`"), "{error}");
    }

    #[test]
    fn a_number_out_of_range_names_its_field() {
        let text = "(\n  seed: -1,\n)";
        let error = parse::<Seed>(text, "t.ron", Dialect::Plain).unwrap_err();
        assert_eq!((error.line, error.message.contains("`seed`")), (2, true));
        assert!(error.to_string().starts_with("t.ron:2:"), "{error}");
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Seed {
        seed: u64,
    }
}
