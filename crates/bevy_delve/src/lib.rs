//! delve's Bevy plugins: [`game`], the headless game both front ends share (thin ECS glue
//! that feeds the run actions and mirrors it into entities, the screens as Bevy states,
//! the configs as assets with live reload), the window ([`render`], feature `render`:
//! `bevy_ecs_tilemap`) and the terminal ([`tui`], feature `tui`: ratatui). They draw
//! [`delve_rules::view`] and decide nothing; the rules are [`delve_rules::run`]'s and the
//! levels [`delve_levels`]'.
//!
//! The game is [`game::GamePlugin`]: add it to an app after `MinimalPlugins` (or
//! `DefaultPlugins`) and `StatesPlugin`; the workspace's `examples/` show both.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod game;
#[cfg(feature = "render")]
pub mod render;
#[cfg(feature = "tui")]
pub mod tui;
