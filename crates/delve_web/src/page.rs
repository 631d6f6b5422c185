//! The page around the game (browser build only): its address, the share links, the
//! state it exposes to tests and scripts, and a message in place of the game when a
//! link cannot be played.

use bevy::prelude::*;
use bevy_delve::game::RunModel;
use bevy_delve::game::screen::Screen;
use wasm_bindgen::JsCast;

use crate::link::Link;

/// The ids of the page's elements (web/index.html).
mod ids {
    /// A hidden `<pre>`: the screen, turn, depth, player and key, a line each.
    pub const STATE: &str = "delve-state";
    /// A hidden `<pre>`: the level in play as `delve gen --key` prints it.
    pub const LEVEL: &str = "delve-level";
    /// The link to the run in play.
    pub const RUN_LINK: &str = "run-link";
    /// The link to the level in play.
    pub const LEVEL_LINK: &str = "level-link";
    /// Where a link that cannot be played is told, in place of the game.
    pub const ERROR: &str = "error";
}

/// The page's query parameters, decoded by the browser (`URLSearchParams`).
pub fn query_pairs() -> Vec<(String, String)> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let search = window.location().search().unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    let Ok(Some(entries)) = js_sys::try_iter(&params) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|entry| {
            let entry: js_sys::Array = entry.unchecked_into();
            let text = |i| entry.get(i).as_string().unwrap_or_default();
            (text(0), text(1))
        })
        .collect()
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

fn set_text(id: &str, text: &str) {
    if let Some(element) = element(id) {
        element.set_text_content(Some(text));
    }
}

fn set_link(id: &str, query: &str) {
    if let Some(element) = element(id) {
        let _ = element.set_attribute("href", query);
        element.set_text_content(Some(query));
    }
}

/// Shows `problem` in place of the game (a link that cannot be played).
pub fn show_error(problem: &str) {
    set_text(ids::ERROR, problem);
    if let Some(element) = element(ids::ERROR) {
        let _ = element.remove_attribute("hidden");
    }
    web_sys::console::error_1(&problem.into());
}

/// Keeps the page in step with the game: the share links and the exposed state.
pub struct PagePlugin;

impl Plugin for PagePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Last, show_the_run);
    }
}

/// What the page last showed, so that it is written only when it changes.
#[derive(Default)]
struct Shown {
    state: String,
    level: String,
}

fn show_the_run(screen: Res<State<Screen>>, run: Option<Res<RunModel>>, mut shown: Local<Shown>) {
    let mut state = format!("screen: {:?}\n", screen.get());
    if let Some(run) = &run {
        let key = run.level().key.encode();
        let player = run.player();
        state.push_str(&format!(
            "turn: {}\ndepth: {}\nplayer: {},{}\nseed: {}\nkey: {key}\n",
            run.turns(),
            run.depth(),
            player.x,
            player.y,
            run.campaign().seed,
        ));
        if shown.level != key {
            set_text(ids::LEVEL, &run.level().level.tiles.to_ascii());
            set_link(ids::RUN_LINK, &Link::Seed(run.campaign().seed).query());
            set_link(
                ids::LEVEL_LINK,
                &Link::Key(Box::new(run.level().key.clone())).query(),
            );
            shown.level = key;
        }
    }
    if shown.state != state {
        set_text(ids::STATE, &state);
        shown.state = state;
    }
}
