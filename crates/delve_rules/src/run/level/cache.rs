//! A memo of generated levels by key, for a process that makes the same levels again and
//! again (the `run` fuzz target restores every level of a run at each round trip). On
//! only with the `level-cache` feature, which the game never turns on: a level is a pure
//! function of its key and tables, so the memo changes nothing but the time taken.

use std::cell::RefCell;
use std::collections::HashMap;

use delve_levels::generator::Level;
use delve_levels::key::LevelKey;
use delve_levels::loot::{LootFingerprint, LootTable};
use delve_levels::vaults::{VaultFingerprint, VaultSet};

/// The most levels kept; past it the memo starts again, empty.
const MOST_KEPT: usize = 512;

/// What names a made level: its key's text and the tables it was made under.
type Made = (String, LootFingerprint, VaultFingerprint);

thread_local! {
    static MADE: RefCell<HashMap<Made, Level>> = RefCell::new(HashMap::new());
}

/// `key`'s level under `table` and `vaults`: the one made before, or the one `make`
/// makes now (kept, when made).
pub(super) fn made_before_or<E>(
    key: &LevelKey,
    table: &LootTable,
    vaults: &VaultSet,
    make: impl FnOnce() -> Result<Level, E>,
) -> Result<Level, E> {
    let made = (key.encode(), table.fingerprint(), vaults.fingerprint());
    if let Some(level) = MADE.with(|memo| memo.borrow().get(&made).cloned()) {
        return Ok(level);
    }
    let level = make()?;
    MADE.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= MOST_KEPT {
            memo.clear();
        }
        memo.insert(made, level.clone());
    });
    Ok(level)
}
