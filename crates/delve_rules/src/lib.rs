//! delve's rules: the run as a pure model ([`run`]: its state and every rule, one
//! [`run::PlayerAction`] in, [`run::Outcome`]s out), what the player sees of it
//! ([`view`]: the map, the status line, the panels, the help and the one key table),
//! and what a run leaves behind ([`records`]: the save slot, morgue files, the run
//! history, the daily seed). No engine in here: the Bevy front ends (`bevy_delve`) only
//! feed the run actions and draw the view.
//!
//! The levels a run is played on come from [`delve_levels`].
//!
//! ```
//! use delve_levels::config::CampaignConfig;
//! use delve_rules::run::{PlayerAction, Rules, RunState};
//!
//! let (mut run, _arrival) = RunState::start(CampaignConfig::builtin(), None, Rules::default())
//!     .expect("the built-in campaign starts");
//! let outcomes = run.apply(PlayerAction::Wait);
//! assert_eq!(run.turns(), 1, "{outcomes:?}");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod options;
pub mod records;
pub mod run;
pub mod view;
