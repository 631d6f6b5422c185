//! How a front end (the window, the terminal) builds its app, the one way: following a
//! campaign file as it is edited (live reload, `delve play --watch`) needs the file's
//! folder as a watched asset source before the asset plugin, and the config loaders and
//! the follower after the game — in that order, whichever front end it is.

use std::path::Path;

use bevy::prelude::*;

/// Builds a front end's app in `app`, following the campaign `file` when given: its
/// folder as a watched asset source first, then `build(app, following)` — the engine's
/// plugins (with an `AssetPlugin` whose `watch_for_changes_override` is
/// `Some(following)` where the engine has one), the [`super::GamePlugin`] and the front
/// end's own — then the loaders and the follower.
pub fn build_front_end(app: &mut App, file: Option<&Path>, build: impl FnOnce(&mut App, bool)) {
    #[cfg(feature = "watch")]
    {
        let following = file.map(super::assets::Following::file);
        if let Some(following) = &following {
            app.add_plugins(following.source.clone());
        }
        build(app, following.is_some());
        if let Some(following) = following {
            app.add_plugins(super::assets::Following::plugins(following.campaign));
        }
    }
    #[cfg(not(feature = "watch"))]
    {
        debug_assert!(file.is_none(), "following a file needs the `watch` feature");
        build(app, false);
    }
}
