//! The page around the game (browser build only): its address, the share links, the
//! state it exposes to tests and scripts, saving the run when the tab is closed or
//! reloaded, downloading and uploading the save, and a message in place of the game
//! when a link cannot be played.

use std::cell::RefCell;

use bevy::prelude::*;
use bevy_delve::game::saving::save_of;
use bevy_delve::game::screen::Screen;
use bevy_delve::game::{NoticeLog, RunModel, RunSettings};
use delve_rules::records::slot::SaveSlot;
use delve_rules::run::GameSave;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::link::Link;

/// The ids of the page's elements (web/index.html).
mod ids {
    /// A hidden `<pre>`: the screen, turn, depth, player and key, a line each.
    pub const STATE: &str = "delve-state";
    /// A hidden `<pre>`: the level in play as its key makes it, as `delve gen --key`
    /// prints it.
    pub const LEVEL: &str = "delve-level";
    /// The link to the run in play.
    pub const RUN_LINK: &str = "run-link";
    /// The link to the level in play.
    pub const LEVEL_LINK: &str = "level-link";
    /// Where a link that cannot be played is told, in place of the game.
    pub const ERROR: &str = "error";
    /// The button that downloads the save.
    pub const DOWNLOAD: &str = "download-save";
    /// The file input that uploads a save.
    pub const UPLOAD: &str = "upload-save";
    /// Where saving, downloading and uploading say how it went.
    pub const SAVE_STATUS: &str = "save-status";
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
        app.add_systems(
            Last,
            (show_the_run, keep_the_save_for_leaving, leave_to_the_title),
        );
    }
}

thread_local! {
    /// The run in play as a save, made after each turn, with the slot it goes to: what
    /// leaving the page saves. `None` when no run is in play or it is over (a finished
    /// run never replaces a save).
    static FOR_LEAVING: RefCell<Option<(SaveSlot, GameSave)>> = const { RefCell::new(None) };
}

/// After every turn, makes the save that leaving the page writes (as Esc saves on the
/// desktop): a page gets no more frames once it is being closed, so the save is made
/// ready while it still does.
fn keep_the_save_for_leaving(
    run: Option<Res<RunModel>>,
    log: Res<NoticeLog>,
    settings: Res<RunSettings>,
    mut made_at: Local<Option<(u64, u32, u64)>>,
) {
    let Some(run) = run else {
        return;
    };
    if run.end().is_some() {
        FOR_LEAVING.with_borrow_mut(|ready| *ready = None);
        *made_at = None;
        return;
    }
    let moment = (run.campaign().seed, run.depth(), run.turns());
    if *made_at == Some(moment) {
        return;
    }
    *made_at = Some(moment);
    let save = save_of(&run, &log);
    FOR_LEAVING.with_borrow_mut(|ready| *ready = Some((settings.save_slot.clone(), save)));
}

/// Quitting (Esc saves and quits, Quit on the title screen) opens the title screen
/// again: a page has no window to close, and a stopped game would leave a still
/// picture. The run was saved before the game asked to quit.
fn leave_to_the_title(mut exits: MessageReader<AppExit>) {
    if exits.read().next().is_none() {
        return;
    }
    // Saved already: leaving must not write the run again over what quitting kept.
    FOR_LEAVING.with_borrow_mut(|ready| *ready = None);
    open_the_title();
}

/// Opens the page without its link's parameters: the title screen.
fn open_the_title() {
    if let Some(location) = web_sys::window().map(|w| w.location()) {
        let title = location.pathname().unwrap_or_else(|_| "./".into());
        let _ = location.set_href(&title);
    }
}

/// Writes the save made ready for leaving, if a run is in play; says how it went.
fn save_for_leaving(keep_ready: bool) {
    let ready = FOR_LEAVING.with_borrow_mut(|ready| {
        if keep_ready {
            ready.clone()
        } else {
            ready.take()
        }
    });
    if let Some((slot, save)) = ready {
        match slot.save(&save) {
            Ok(()) => set_text(
                ids::SAVE_STATUS,
                &format!("Saved turn {} to {}.", save.turns, slot.place().display()),
            ),
            Err(e) => {
                let problem = format!("The run could not be saved: {e}");
                set_text(ids::SAVE_STATUS, &problem);
                web_sys::console::error_1(&problem.into());
            }
        }
    }
}

/// Saves the run in play when the page is hidden (another tab, a closed or reloaded
/// tab: `visibilitychange`, then `pagehide`), and wires the page's download and upload
/// of the save in `slot`.
pub fn install_page_handlers(slot: SaveSlot) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_hidden = Closure::<dyn Fn()>::new(|| {
        let hidden = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Hidden);
        if hidden {
            save_for_leaving(false);
        }
    });
    let on_pagehide = Closure::<dyn Fn()>::new(|| save_for_leaving(false));
    if let Some(document) = window.document() {
        let _ = document.add_event_listener_with_callback(
            "visibilitychange",
            on_hidden.as_ref().unchecked_ref(),
        );
    }
    let _ =
        window.add_event_listener_with_callback("pagehide", on_pagehide.as_ref().unchecked_ref());
    // The page lives as long as the game: its handlers too.
    on_hidden.forget();
    on_pagehide.forget();

    if let Some(button) = element(ids::DOWNLOAD) {
        let slot = slot.clone();
        let on_click = Closure::<dyn Fn()>::new(move || download_save(&slot));
        let _ = button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
        on_click.forget();
    }
    if let Some(input) = element(ids::UPLOAD) {
        let on_change = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
            upload_save(&slot, &event);
        });
        let _ =
            input.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
}

/// Saves the run in play (as F5), then hands the save's bytes to the browser as the
/// file `delve.sav`: the same bytes the desktop's save slot holds.
fn download_save(slot: &SaveSlot) {
    save_for_leaving(true);
    let bytes = match slot.bytes() {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            set_text(
                ids::SAVE_STATUS,
                "There is no save to download yet: play a turn first.",
            );
            return;
        }
        Err(e) => {
            set_text(ids::SAVE_STATUS, &format!("The save cannot be read: {e}"));
            return;
        }
    };
    let offered = (|| -> Option<()> {
        let array = js_sys::Uint8Array::from(bytes.as_slice());
        let parts = js_sys::Array::of1(&array);
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/octet-stream");
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let document = web_sys::window()?.document()?;
        let link: web_sys::HtmlAnchorElement =
            document.create_element("a").ok()?.dyn_into().ok()?;
        link.set_href(&url);
        link.set_download(slot.name());
        link.click();
        let _ = web_sys::Url::revoke_object_url(&url);
        Some(())
    })();
    let said = match offered {
        Some(()) => format!(
            "Downloaded the save ({} bytes) as {}.",
            bytes.len(),
            slot.name()
        ),
        None => "The browser did not take the download.".to_owned(),
    };
    set_text(ids::SAVE_STATUS, &said);
}

/// Reads the file chosen in the upload input and puts it in the save slot if it is a
/// save of a run that can be played; then opens the title screen, where Continue
/// resumes it. A file that is not one is refused, saying why, and the slot keeps its
/// save.
fn upload_save(slot: &SaveSlot, event: &web_sys::Event) {
    let Some(input) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let slot = slot.clone();
    let name = file.name();
    let read = reader.clone();
    let on_load = Closure::<dyn Fn()>::new(move || {
        let Ok(result) = read.result() else {
            set_text(
                ids::SAVE_STATUS,
                &format!("{name}: the browser could not read it."),
            );
            return;
        };
        let bytes = js_sys::Uint8Array::new(&result).to_vec();
        match slot.put_file(&bytes) {
            Ok(()) => {
                // The run in play must not overwrite it as the page is left.
                FOR_LEAVING.with_borrow_mut(|ready| *ready = None);
                set_text(
                    ids::SAVE_STATUS,
                    &format!("{name} is in the save slot: choose Continue."),
                );
                open_the_title();
            }
            Err(e) => set_text(
                ids::SAVE_STATUS,
                &format!("{name} was not loaded, and the save slot keeps its save: {e}"),
            ),
        }
    });
    reader.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    let _ = reader.read_as_array_buffer(&file);
}

/// What the page last showed, so that it is written only when it changes.
#[derive(Default)]
struct Shown {
    state: String,
    level: String,
}

fn show_the_run(
    screen: Res<State<Screen>>,
    run: Option<Res<RunModel>>,
    pointer: Res<bevy_delve::game::Pointer>,
    log: Res<bevy_delve::game::NoticeLog>,
    mut shown: Local<Shown>,
) {
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
        // The tile under the mouse and the way travel would walk there.
        if let Some(at) = pointer.0 {
            let steps = run.route_to(at).map_or(0, |route| route.steps.len());
            state.push_str(&format!("pointer: {},{}\nroute: {steps}\n", at.x, at.y));
        }
        // The newest notice, so that a test that finds the run elsewhere than it
        // expected can say why (a monster came into view, a door was locked).
        if let Some(said) = log.0.entries.last() {
            let text = said.text_with_count().replace('\n', " ");
            state.push_str(&format!("said: {text}\n"));
        }
        if shown.level != key {
            // The level as its key makes it (items still on their tiles), as
            // `delve gen --key` prints it: play has taken the items off the map.
            let campaign = run.campaign();
            let made = run
                .level()
                .key
                .generate_from(campaign.loot_table(), campaign.vault_set());
            let text = match made {
                Ok(level) => level.tiles.to_ascii(),
                Err(e) => format!("the level of {key} cannot be made again: {e}"),
            };
            set_text(ids::LEVEL, &text);
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
