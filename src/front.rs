//! The front ends: [`game`], the headless Bevy layer both of them share (thin ECS glue
//! that feeds the run actions and mirrors it into entities), the window ([`render`],
//! feature `render`) and the terminal ([`tui`], feature `tui`). They draw
//! [`crate::view`] and decide nothing.

pub mod game;
#[cfg(feature = "render")]
pub mod render;
#[cfg(feature = "tui")]
pub mod tui;
