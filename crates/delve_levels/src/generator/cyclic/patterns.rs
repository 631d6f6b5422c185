//! Cycle patterns as data: the RON file of patterns a cyclic dungeon's plan is drawn from
//! (`levels/cycles.ron`, embedded), each two arcs and what stands on them, with a weight
//! and the depths it suits — parsed and checked at load, every broken rule reported at
//! its `file:line:column` like every other config delve reads.

use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::ron_text::{self, Dialect, RonError, locate_in_list};

/// The embedded patterns, as RON.
const DEFAULT_CYCLES_RON: &str = include_str!("../../../../../levels/cycles.ron");

/// The most corridors an arc may be long.
pub const MOST_ARC_LENGTH: u32 = 8;
/// The largest weight a pattern may have.
pub const MOST_WEIGHT: u32 = 1000;

/// What stands on an arc of a cycle (and then on one corridor of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Element {
    /// Nothing: a plain way.
    Open,
    /// A locked door on one of its corridors; the key lies on the cycle's other arc.
    Lock,
    /// The key to the other arc's lock lies in a room along it.
    Key,
    /// A secret door on one of its corridors: a hidden shortcut.
    Secret,
    /// A stretch of deep water across one of its corridors.
    Hazard,
    /// A hidden trap on one of its corridors.
    Guard,
    /// A door barred from one side on one of its corridors: it opens from the side of
    /// the arc's far end (toward the goal), so that a player who came the other way
    /// round unbars it and has a short way back (from generation 5).
    Shortcut,
    /// A one-way drop on one of its corridors: a ledge ([`crate::grid::Tile::Ledge`])
    /// dropped down toward the arc's far end (toward the goal) and never climbed, so
    /// that the cycle's other arc is the way back (from generation 6).
    Drop,
}

impl Element {
    /// Whether a walker passes it on foot, finding nothing and crossing nothing: the
    /// arcs that keep a cycle's ends joined.
    pub const fn is_walkable(self) -> bool {
        matches!(self, Element::Open | Element::Key)
    }

    /// The element in a word, as the plan prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Element::Open => "open",
            Element::Lock => "locked",
            Element::Key => "to the key",
            Element::Secret => "secret",
            Element::Hazard => "hazard",
            Element::Guard => "guarded",
            Element::Shortcut => "barred",
            Element::Drop => "drop",
        }
    }
}

/// One way round a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternArc {
    /// The least and most corridors along it.
    pub length: (u32, u32),
    /// What stands on it.
    pub on: Element,
}

/// A cycle pattern: two arcs between the same two rooms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    /// Its name, unique in its file.
    pub name: String,
    /// How often it is drawn against the others that suit the depth.
    pub weight: u32,
    /// The first and last depth it suits.
    pub depths: (u32, u32),
    /// Its two arcs.
    pub arcs: Vec<PatternArc>,
    /// The first generation of levels it is drawn in (1 when not written): a pattern
    /// added later is left out of the levels of older keys, which keep their plans.
    #[serde(default = "first_generation")]
    pub since: u32,
}

/// A pattern's `since` when its file does not write one.
const fn first_generation() -> u32 {
    1
}

/// The first generation whose levels may hold a barred door ([`Element::Shortcut`]).
pub const SHORTCUT_SINCE: u32 = 5;
/// The first generation whose levels may hold a ledge ([`Element::Drop`]).
pub const DROP_SINCE: u32 = 6;

impl Pattern {
    /// Whether it suits depth `depth`.
    pub fn suits(&self, depth: u32) -> bool {
        (self.depths.0..=self.depths.1).contains(&depth)
    }

    /// Whether it puts a lock on the level.
    pub fn has_lock(&self) -> bool {
        self.arcs.iter().any(|arc| arc.on == Element::Lock)
    }

    /// The first rule it breaks, if any: the field, and the rule.
    fn broken_rule(&self) -> Option<(&'static str, String)> {
        if self.name.trim().is_empty() {
            return Some(("name", "is empty: give the pattern a name".into()));
        }
        if self.weight > MOST_WEIGHT {
            return Some(("weight", format!("must be at most {MOST_WEIGHT}")));
        }
        let (first, last) = self.depths;
        if first == 0 || first > last {
            return Some((
                "depths",
                "must be (first, last) with 1 <= first <= last".into(),
            ));
        }
        if self.since == 0 {
            return Some(("since", "must be a generation: 1 or more".into()));
        }
        let shortcut = self.arcs.iter().any(|arc| arc.on == Element::Shortcut);
        if shortcut && self.since < SHORTCUT_SINCE {
            return Some((
                "since",
                format!(
                    "must be {SHORTCUT_SINCE} or more for a Shortcut arc (older levels have no barred door)"
                ),
            ));
        }
        let drop = self.arcs.iter().any(|arc| arc.on == Element::Drop);
        if drop && self.since < DROP_SINCE {
            return Some((
                "since",
                format!("must be {DROP_SINCE} or more for a Drop arc (older levels have no ledge)"),
            ));
        }
        let [a, b] = self.arcs.as_slice() else {
            let found = self.arcs.len();
            return Some(("arcs", format!("must list exactly two arcs, found {found}")));
        };
        for arc in [a, b] {
            let (least, most) = arc.length;
            if least == 0 || least > most || most > MOST_ARC_LENGTH {
                return Some((
                    "arcs",
                    format!(
                        "length must be (least, most) with 1 <= least <= most <= {MOST_ARC_LENGTH}"
                    ),
                ));
            }
        }
        let keyed =
            |x: &PatternArc, y: &PatternArc| (x.on == Element::Lock) == (y.on == Element::Key);
        if !keyed(a, b) || !keyed(b, a) {
            return Some((
                "arcs",
                "a Lock arc needs the other arc to be its Key arc, and a Key arc a Lock arc".into(),
            ));
        }
        if [a, b]
            .iter()
            .any(|arc| arc.on == Element::Key && arc.length.0 < 2)
        {
            return Some((
                "arcs",
                "a Key arc must be at least 2 long, to have a room for its key".into(),
            ));
        }
        if !a.on.is_walkable() && !b.on.is_walkable() {
            return Some((
                "arcs",
                "one arc must be Open or Key, so that its ends stay joined on foot".into(),
            ));
        }
        if a.length.0 + b.length.0 < 3 {
            return Some((
                "arcs",
                "the two arcs must be at least 3 long together".into(),
            ));
        }
        None
    }
}

/// A checked set of cycle patterns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternSet {
    patterns: Vec<Pattern>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatternFile {
    patterns: Vec<Pattern>,
}

/// Why a pattern file was refused: a RON error, or a broken rule at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// The file could not be read.
    Io {
        /// The file.
        origin: String,
        /// Why.
        message: String,
    },
    /// The text is not a pattern file in RON.
    Parse(RonError),
    /// A pattern breaks a rule.
    Invalid {
        /// Where the text came from.
        origin: String,
        /// 1-based line of the field (or of the pattern).
        line: usize,
        /// 1-based column.
        column: usize,
        /// The rule broken, naming the pattern.
        problem: String,
    },
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Io { origin, message } => write!(f, "{origin}: {message}"),
            PatternError::Parse(e) => write!(f, "{e}"),
            PatternError::Invalid {
                origin,
                line,
                column,
                problem,
            } => write!(f, "{origin}:{line}:{column}: {problem}"),
        }
    }
}

impl std::error::Error for PatternError {}

impl PatternSet {
    /// The embedded patterns (`levels/cycles.ron`), parsed on first use.
    ///
    /// # Panics
    /// If the embedded file does not parse — a build defect the test suite catches.
    pub fn embedded() -> &'static PatternSet {
        static SET: OnceLock<PatternSet> = OnceLock::new();
        SET.get_or_init(|| {
            PatternSet::from_ron_str(DEFAULT_CYCLES_RON, "levels/cycles.ron")
                .unwrap_or_else(|e| panic!("the embedded cycle patterns are broken: {e}"))
        })
    }

    /// Reads and checks the pattern file at `path` (a designer's own, as `delve gen
    /// --patterns` reads it).
    pub fn load(path: &std::path::Path) -> Result<PatternSet, PatternError> {
        let origin = path.display().to_string();
        let text = ron_text::read_text(path).map_err(|e| {
            e.into_ron_error(&origin).map_or_else(
                |message| PatternError::Io {
                    origin: origin.clone(),
                    message,
                },
                PatternError::Parse,
            )
        })?;
        PatternSet::from_ron_str(&text, &origin)
    }

    /// Parses and checks a pattern file; `origin` names the text in errors, which give
    /// the line and column of the broken field.
    pub fn from_ron_str(text: &str, origin: &str) -> Result<PatternSet, PatternError> {
        let file: PatternFile =
            ron_text::parse(text, origin, Dialect::Plain).map_err(PatternError::Parse)?;
        let invalid = |index: usize, field: &str, problem: String| {
            let (line, column) = locate_in_list(text, "patterns", index, field).unwrap_or((1, 1));
            PatternError::Invalid {
                origin: origin.to_owned(),
                line,
                column,
                problem,
            }
        };
        if file.patterns.is_empty() {
            return Err(invalid(0, "patterns", "`patterns` lists none".into()));
        }
        for (index, pattern) in file.patterns.iter().enumerate() {
            if let Some((field, rule)) = pattern.broken_rule() {
                let name = &pattern.name;
                return Err(invalid(index, field, format!("{name:?}: `{field}` {rule}")));
            }
            if file.patterns[..index]
                .iter()
                .any(|p| p.name == pattern.name)
            {
                let name = &pattern.name;
                return Err(invalid(index, "name", format!("{name:?} appears twice")));
            }
        }
        if file.patterns.iter().all(|p| p.weight == 0) {
            return Err(invalid(
                0,
                "weight",
                "every pattern has weight 0: give one a weight".into(),
            ));
        }
        Ok(PatternSet {
            patterns: file.patterns,
        })
    }

    /// Every pattern, in file order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The weight each pattern is drawn with at `depth` in levels of generation
    /// `generation`, in file order: its own where it suits the depth (and where a lock
    /// may still go, if it has one), else 0; where no pattern suits the depth, every
    /// pattern's own weight. A pattern of a later generation than `generation` weighs 0
    /// (unless every pattern is of a later one: a designer's file shown in `delve gen`).
    pub(crate) fn weights_at(&self, depth: u32, lock_allowed: bool, generation: u64) -> Vec<u32> {
        let newest = self
            .patterns
            .iter()
            .any(|p| u64::from(p.since) <= generation);
        let allowed = |p: &Pattern| {
            (lock_allowed || !p.has_lock()) && (!newest || u64::from(p.since) <= generation)
        };
        let suited: Vec<u32> = self
            .patterns
            .iter()
            .map(|p| {
                if p.suits(depth) && allowed(p) {
                    p.weight
                } else {
                    0
                }
            })
            .collect();
        if suited.iter().any(|&w| w > 0) {
            suited
        } else {
            self.patterns
                .iter()
                .map(|p| if allowed(p) { p.weight } else { 0 })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> PatternError {
        PatternSet::from_ron_str(text, "test.ron").unwrap_err()
    }

    #[test]
    fn the_embedded_patterns_load_and_hold_the_five_kinds_of_cycle() {
        let set = PatternSet::embedded();
        let has = |a: Element, b: Element| {
            set.patterns()
                .iter()
                .any(|p| p.arcs[0].on == a && p.arcs[1].on == b)
        };
        assert!(
            has(Element::Open, Element::Guard),
            "long safe, short guarded"
        );
        assert!(has(Element::Lock, Element::Key), "lock and key");
        assert!(has(Element::Secret, Element::Open), "hidden shortcut");
        assert!(has(Element::Hazard, Element::Open), "hazard crossing");
        assert!(has(Element::Open, Element::Open), "two alternative ways");
    }

    #[test]
    fn a_broken_rule_is_reported_at_its_line_and_column() {
        let text = "(patterns: [\n  (name: \"a\", weight: 1, depths: (1, 9), arcs: [(length: (1, 2), on: Open), (length: (2, 2), on: Open)]),\n  (name: \"b\", weight: 1, depths: (3, 2), arcs: [])\n])";
        let error = refused(text);
        assert_eq!(
            error.to_string(),
            "test.ron:3:26: \"b\": `depths` must be (first, last) with 1 <= first <= last"
        );
    }

    #[test]
    fn a_lock_without_its_key_a_cycle_without_a_walkable_way_and_a_double_corridor_are_refused() {
        let one = |arcs: &str| {
            format!("(patterns: [(name: \"x\", weight: 1, depths: (1, 9), arcs: [{arcs}])])")
        };
        for (arcs, says) in [
            (
                "(length: (1, 1), on: Lock), (length: (3, 3), on: Open)",
                "Key arc",
            ),
            (
                "(length: (1, 1), on: Secret), (length: (3, 3), on: Hazard)",
                "Open or Key",
            ),
            (
                "(length: (1, 1), on: Open), (length: (1, 1), on: Guard)",
                "at least 3",
            ),
            (
                "(length: (1, 1), on: Lock), (length: (1, 3), on: Key)",
                "at least 2 long",
            ),
            (
                "(length: (0, 1), on: Open), (length: (3, 3), on: Open)",
                "least <= most",
            ),
            ("(length: (2, 2), on: Open)", "exactly two"),
        ] {
            let error = refused(&one(arcs)).to_string();
            assert!(error.contains(says), "{arcs}: {error}");
            assert!(error.starts_with("test.ron:1:"), "{error}");
        }
    }

    #[test]
    fn unknown_fields_twice_named_patterns_and_no_weight_at_all_are_refused() {
        let arcs = "arcs: [(length: (1, 2), on: Open), (length: (2, 2), on: Open)]";
        let twice = format!(
            "(patterns: [(name: \"a\", weight: 1, depths: (1, 9), {arcs}), (name: \"a\", weight: 1, depths: (1, 9), {arcs})])"
        );
        assert!(refused(&twice).to_string().contains("appears twice"));
        let weightless = format!("(patterns: [(name: \"a\", weight: 0, depths: (1, 9), {arcs})])");
        assert!(refused(&weightless).to_string().contains("weight 0"));
        let unknown =
            format!("(patterns: [(name: \"a\", weight: 1, depths: (1, 9), colour: 3, {arcs})])");
        assert!(matches!(refused(&unknown), PatternError::Parse(_)));
    }

    #[test]
    fn weights_follow_the_depth_and_leave_locks_out_once_one_is_laid() {
        let set = PatternSet::embedded();
        let lock = |w: &[u32]| {
            set.patterns()
                .iter()
                .zip(w)
                .any(|(p, &w)| p.has_lock() && w > 0)
        };
        let newest = crate::generator::Generation::CURRENT.number();
        assert!(lock(&set.weights_at(1, true, newest)));
        assert!(!lock(&set.weights_at(1, false, newest)));
        for (p, w) in set.patterns().iter().zip(set.weights_at(1, true, newest)) {
            assert_eq!(w > 0, p.suits(1) && p.weight > 0, "{}", p.name);
        }
    }

    #[test]
    fn the_barred_shortcut_is_drawn_only_from_generation_5() {
        let set = PatternSet::embedded();
        let barred = |p: &Pattern| p.arcs.iter().any(|a| a.on == Element::Shortcut);
        assert!(
            set.patterns().iter().any(barred),
            "a barred shortcut pattern"
        );
        for generation in 1..=5u64 {
            for depth in [1, 2, 5] {
                let weights = set.weights_at(depth, true, generation);
                for (p, w) in set.patterns().iter().zip(weights) {
                    if barred(p) {
                        assert_eq!(w > 0, generation >= 5, "{} gen {generation}", p.name);
                    }
                }
            }
        }
        let early = "(patterns: [(name: \"x\", weight: 1, depths: (1, 9), arcs: [(length: (1, 1), on: Shortcut), (length: (3, 3), on: Open)])])";
        assert!(refused(early).to_string().contains("`since` must be 5"));
        let late = early.replace("depths: (1, 9),", "depths: (1, 9), since: 5,");
        assert!(PatternSet::from_ron_str(&late, "test.ron").is_ok());
    }

    #[test]
    fn the_one_way_drop_is_drawn_only_from_generation_6() {
        let set = PatternSet::embedded();
        let drop = |p: &Pattern| p.arcs.iter().any(|a| a.on == Element::Drop);
        assert!(set.patterns().iter().any(drop), "a one-way drop pattern");
        for generation in 1..=6u64 {
            for depth in [1, 2, 5] {
                let weights = set.weights_at(depth, true, generation);
                for (p, w) in set.patterns().iter().zip(weights) {
                    if drop(p) {
                        assert_eq!(w > 0, generation >= 6, "{} gen {generation}", p.name);
                    }
                }
            }
        }
        let early = "(patterns: [(name: \"x\", weight: 1, depths: (1, 9), since: 5, arcs: [(length: (1, 1), on: Drop), (length: (3, 3), on: Open)])])";
        assert!(refused(early).to_string().contains("`since` must be 6"));
        let late = early.replace("since: 5,", "since: 6,");
        assert!(PatternSet::from_ron_str(&late, "test.ron").is_ok());
        let both_ways = late.replace("on: Open", "on: Drop");
        assert!(refused(&both_ways).to_string().contains("Open or Key"));
    }
}
