//! delve in a web browser: the window front end drawn with WebGL2 in the page's canvas,
//! started from the page's link (`?seed=N`, `?key=KEY`, `?daily`). `web/build` compiles
//! this binary for wasm32 and makes the page; on the desktop it only says where the
//! game is (the library's link and start rules are tested there).

#[cfg(target_arch = "wasm32")]
use delve_web::{link, page, start};

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    let pairs = page::query_pairs();
    let link = link::Link::from_params(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let moment = start::Moment {
        // Below 2³², as the desktop's fresh seeds, so level keys stay short.
        fresh_seed: (js_sys::Math::random() * 4_294_967_296.0) as u64,
        today: delve_rules::records::daily::today(),
        now: delve_rules::records::daily::now_text(),
    };
    // The browser keeps a few megabytes a site: old runs' recordings make room.
    let storage: std::sync::Arc<dyn delve_rules::records::storage::Storage> =
        std::sync::Arc::new(delve_rules::records::recordings::OldRecordingsMakeRoom(
            delve_web::local_storage::browser_storage(),
        ));
    let settings = link
        .map_err(|e| e.to_string())
        .and_then(|link| start::settings_for(&link, &moment, storage));
    match settings {
        Ok(settings) => {
            page::install_page_handlers(settings.save_slot.clone());
            bevy_delve::render::play_in_page(settings, "#delve", page::PagePlugin);
        }
        Err(problem) => page::show_error(&format!("This link cannot be played: {problem}")),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "delve_web is the browser build: `web/build` makes it (see docs/src/browser.md). On the desktop, play with `cargo run --release`."
    );
    std::process::exit(2);
}
