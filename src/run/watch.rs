//! Watching a cave form (Space): the random fill, then one pass of the 4-5 rule a press,
//! then the finished cave (the same level: same seed, same passes, then repair).

use crate::generator::GeneratorConfig;
use crate::generator::automaton::step_plain;
use crate::generator::cave::initial_fill;
use crate::grid::Grid;
use crate::key::LevelKey;
use crate::rng::{Stream, StreamRng, retry_seed};

/// The cave automaton being watched pass by pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaveWatch {
    /// Walls (true) after `pass` passes.
    pub walls: Grid<bool>,
    /// Passes applied so far.
    pub pass: u32,
    /// Passes the level's config asks for.
    pub passes: u32,
}

/// What a press of Space does to a watch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchStep {
    /// Not a cave: nothing to watch.
    NotACave,
    /// The watch began with the random fill.
    Filled(CaveWatch),
    /// One more pass.
    Passed(CaveWatch),
    /// Every pass is done: show the finished cave.
    Finished,
}

/// The next step of watching the cave of `key` (generated after `retries` thrown-away
/// layouts), from `watch` (none yet: the random fill).
pub fn next_step(key: &LevelKey, retries: u32, watch: Option<&CaveWatch>) -> WatchStep {
    let GeneratorConfig::Cave(config) = &key.config else {
        return WatchStep::NotACave;
    };
    match watch {
        None => {
            // The layout stream of the attempt that made the level.
            let seed = retry_seed(key.level_seed(), retries);
            let walls = initial_fill(config, &mut StreamRng::new(seed, Stream::Layout));
            WatchStep::Filled(CaveWatch {
                walls,
                pass: 0,
                passes: config.passes,
            })
        }
        Some(watch) if watch.pass < watch.passes => WatchStep::Passed(CaveWatch {
            walls: step_plain(&watch.walls),
            pass: watch.pass + 1,
            passes: watch.passes,
        }),
        Some(_) => WatchStep::Finished,
    }
}
