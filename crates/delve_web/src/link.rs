//! Links into the game: the page's query (`?seed=N`, `?key=KEY`, `?daily`) read as the
//! start it names, as `delve play --seed`, `--key` and `--daily` do, and the links that
//! lead back to a run or a level in play.

use std::fmt;

use delve_levels::key::LevelKey;

/// The start a link names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// No start: the title screen (new run, daily, seeded, history).
    Title,
    /// A run of the built-in campaign from this master seed (`?seed=N`).
    Seed(u64),
    /// That very level (`?key=KEY`, as `delve play --key`).
    Key(Box<LevelKey>),
    /// Today's daily run (`?daily`).
    Daily,
}

/// The query parameters a link may hold, in the order the page's help names them.
pub const PARAMETERS: [&str; 3] = ["seed", "key", "daily"];

/// Why a link names no start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// `?seed=` is not a whole number a seed can be.
    BadSeed(String),
    /// `?key=` is not a level key.
    BadKey {
        /// The key as given.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// Two starts at once (`?seed=1&key=…`).
    TwoStarts(&'static str, &'static str),
    /// A parameter no link has.
    Unknown(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::BadSeed(text) => write!(
                f,
                "?seed={text}: a seed is a whole number from 0 to {}",
                u64::MAX
            ),
            LinkError::BadKey { text, problem } => write!(f, "?key={text}: {problem}"),
            LinkError::TwoStarts(a, b) => {
                write!(f, "?{a} and ?{b} name two starts: a link names one")
            }
            LinkError::Unknown(name) => {
                write!(f, "?{name}: a link knows only ?{}", PARAMETERS.join(", ?"))
            }
        }
    }
}

impl std::error::Error for LinkError {}

impl Link {
    /// The start named by the query parameters `params` (name and value, already
    /// decoded, as the page's `URLSearchParams` gives them).
    pub fn from_params<'a>(
        params: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Link, LinkError> {
        let mut link = Link::Title;
        let mut named: Option<&'static str> = None;
        for (name, value) in params {
            let (parameter, start) = match name {
                "seed" => (
                    "seed",
                    Link::Seed(
                        value
                            .trim()
                            .parse()
                            .map_err(|_| LinkError::BadSeed(value.to_owned()))?,
                    ),
                ),
                "key" => (
                    "key",
                    Link::Key(Box::new(LevelKey::decode(value.trim()).map_err(|e| {
                        LinkError::BadKey {
                            text: value.to_owned(),
                            problem: e.to_string(),
                        }
                    })?)),
                ),
                "daily" => ("daily", Link::Daily),
                other => return Err(LinkError::Unknown(other.to_owned())),
            };
            if let Some(first) = named {
                return Err(LinkError::TwoStarts(first, parameter));
            }
            named = Some(parameter);
            link = start;
        }
        Ok(link)
    }

    /// The query that names this start (`?seed=42`), to append to the page's address;
    /// empty for the title screen.
    pub fn query(&self) -> String {
        match self {
            Link::Title => String::new(),
            Link::Seed(seed) => format!("?seed={seed}"),
            Link::Key(key) => format!("?key={}", key.encode()),
            Link::Daily => "?daily".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_levels::generator::GeneratorKind;

    fn parse(pairs: &[(&str, &str)]) -> Result<Link, LinkError> {
        Link::from_params(pairs.iter().copied())
    }

    #[test]
    fn no_parameters_lead_to_the_title_screen() {
        assert_eq!(parse(&[]), Ok(Link::Title));
    }

    #[test]
    fn a_seed_a_key_and_the_daily_run_are_read_and_written_back_alike() {
        let key = LevelKey::new(GeneratorKind::Cave.default_config(), 3, 7);
        for link in [Link::Seed(42), Link::Key(Box::new(key)), Link::Daily] {
            let query = link.query();
            let (name, value) = query[1..].split_once('=').unwrap_or((&query[1..], ""));
            assert_eq!(parse(&[(name, value)]), Ok(link), "{query}");
        }
    }

    #[test]
    fn bad_seeds_and_keys_are_refused_naming_the_parameter() {
        let seed = parse(&[("seed", "twelve")]).unwrap_err();
        assert_eq!(seed, LinkError::BadSeed("twelve".into()));
        assert!(
            seed.to_string()
                .starts_with("?seed=twelve: a seed is a whole number")
        );
        let key = parse(&[("key", "NOT-A-KEY")]).unwrap_err();
        assert!(
            matches!(&key, LinkError::BadKey { text, .. } if text == "NOT-A-KEY"),
            "{key:?}"
        );
        assert!(key.to_string().starts_with("?key=NOT-A-KEY: "), "{key}");
    }

    #[test]
    fn two_starts_or_an_unknown_parameter_are_refused() {
        assert_eq!(
            parse(&[("seed", "1"), ("daily", "")]),
            Err(LinkError::TwoStarts("seed", "daily"))
        );
        let unknown = parse(&[("level", "3")]).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "?level: a link knows only ?seed, ?key, ?daily"
        );
    }
}
