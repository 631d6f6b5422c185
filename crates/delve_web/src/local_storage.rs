//! The browser's `localStorage` as a [`TextStore`] (browser build only): kept per site,
//! through reloads and restarts, about five million characters in all; a value that
//! would go past that is refused with a `QuotaExceededError`, which is
//! [`Refusal::Full`].

use wasm_bindgen::{JsCast, JsValue};

use crate::keyed::{KeyedStorage, Refusal, TextStore};

/// The page's `localStorage`, looked up at each use (it is not shared between threads,
/// and a page has one thread).
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalStorage;

/// delve's storage in the browser: its entries in `localStorage`.
pub fn browser_storage() -> KeyedStorage<LocalStorage> {
    KeyedStorage::new(LocalStorage, "browser storage")
}

fn store() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .ok_or("there is no window")?
        .local_storage()
        .map_err(|e| describe(&e))?
        .ok_or_else(|| "this browser keeps no local storage for the page".to_owned())
}

/// What the browser said, in words.
fn describe(error: &JsValue) -> String {
    match error.dyn_ref::<web_sys::DomException>() {
        Some(exception) => format!("{}: {}", exception.name(), exception.message()),
        None => format!("{error:?}"),
    }
}

impl TextStore for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        store()?.get_item(key).map_err(|e| describe(&e))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Refusal> {
        let store = store().map_err(Refusal::Other)?;
        store.set_item(key, value).map_err(|e| {
            let full = e
                .dyn_ref::<web_sys::DomException>()
                .is_some_and(|exception| exception.name() == "QuotaExceededError");
            if full {
                Refusal::Full
            } else {
                Refusal::Other(describe(&e))
            }
        })
    }

    fn remove(&self, key: &str) -> Result<(), String> {
        store()?.remove_item(key).map_err(|e| describe(&e))
    }

    fn keys(&self) -> Result<Vec<String>, String> {
        let store = store()?;
        let count = store.length().map_err(|e| describe(&e))?;
        Ok((0..count)
            .filter_map(|i| store.key(i).ok().flatten())
            .collect())
    }
}
