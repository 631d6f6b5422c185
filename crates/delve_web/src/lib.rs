//! delve in a web browser: the window front end drawn with WebGL2 in a page's canvas,
//! started from the page's link. [`link`] reads `?seed=N`, `?key=KEY` and `?daily` as
//! `delve play` reads `--seed`, `--key` and `--daily`; [`start`] makes the game's
//! settings for a link; [`keyed`] keeps the save slot and the records in the browser's
//! storage (`local_storage`, browser build only); `page` (browser build only) keeps the
//! page in step with the game. `web/build` compiles the binary for wasm32 and makes the page.

#![deny(missing_docs)]

pub mod keyed;
pub mod link;
#[cfg(target_arch = "wasm32")]
pub mod local_storage;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod start;
