//! Watching a cave form (Space): the random fill, then one pass of the 4-5 rule a press,
//! then the finished cave — the stages the cave generator itself goes through for this
//! level ([`delve_levels::generator::cave_stages`]).

use delve_levels::generator::{GeneratorConfig, cave_stages};
use delve_levels::grid::Grid;
use delve_levels::key::LevelKey;

/// The cave automaton being watched pass by pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaveWatch {
    /// Every stage: the fill, then the walls after each pass.
    stages: Vec<Grid<bool>>,
    /// Passes shown so far (0: the fill).
    pub pass: u32,
}

impl CaveWatch {
    /// Walls (true) after [`CaveWatch::pass`] passes.
    pub fn walls(&self) -> &Grid<bool> {
        &self.stages[self.pass as usize]
    }

    /// Passes the level's config asks for.
    pub fn passes(&self) -> u32 {
        self.stages.len() as u32 - 1
    }
}

/// What a press of Space does to a watch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum WatchStep {
    /// Not a cave: nothing to watch.
    NotACave,
    /// The watch begins with the random fill of `wall_percent` walls.
    Filled {
        /// The new watch.
        watch: CaveWatch,
        /// The cave's wall percent.
        wall_percent: u32,
    },
    /// The watch shows one more pass.
    Passed,
    /// Every pass is done: show the finished cave.
    Finished,
}

/// The next step of watching the cave of `key` (whose layout came from attempt
/// `retries`), from `watch` (none yet: the random fill), which moves on a pass in place.
pub(crate) fn next_step(key: &LevelKey, retries: u32, watch: Option<&mut CaveWatch>) -> WatchStep {
    let GeneratorConfig::Cave(config) = &key.config else {
        return WatchStep::NotACave;
    };
    match watch {
        None => WatchStep::Filled {
            watch: CaveWatch {
                stages: cave_stages(config, key.level_seed(), retries),
                pass: 0,
            },
            wall_percent: config.wall_percent,
        },
        Some(watch) if watch.pass < watch.passes() => {
            watch.pass += 1;
            WatchStep::Passed
        }
        Some(_) => WatchStep::Finished,
    }
}
