//! Writes the committed recordings under `tests/recordings/` anew, from the plan the
//! core tests record them by (`tests/support/recordings.rs`). Only for a rule changed on
//! purpose: the tests compare the committed recordings with what the game records now.
//!
//! ```sh
//! cargo run --example make_recordings
//! ```

// The recordings use only part of it.
#[allow(dead_code)]
#[path = "../../../tests/support/paths.rs"]
mod paths;
#[path = "../../../tests/support/recordings.rs"]
mod recordings;

fn main() {
    for &(file, seed) in recordings::COMMITTED {
        let path = recordings::committed_folder().join(file);
        recordings::record(seed, &path);
        println!("wrote {}", path.display());
    }
}
