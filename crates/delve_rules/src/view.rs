//! The view: what the player sees of the run — each tile of the map ([`map_view`]), the
//! status line, the side panel, the overlays and the prompt line — and how keys are read
//! ([`KeyReader`], by the one key table [`BINDINGS`]). Pure: it reads the run and answers
//! in plain values, and the window and the terminal only draw its answers (the window
//! picks a picture for each, the terminal a glyph and a colour), so the two cannot
//! disagree. The run's rules know nothing of it.

mod bindings;
mod context;
mod keymap;
mod keys;
mod look;
mod map;
mod options_screen;
mod overlays;
mod overview;
mod palette;
mod panel;
pub(crate) use panel::in_use_words;
mod pointer;
mod preview;
mod status;
mod terrain;
mod title;

pub use bindings::{
    ActionError, BINDINGS, Binding, Command, KeyEntry, NamedKey, Scroll, Section, WATCH_JUMP_TURNS,
    action_for_char, action_letters, command_for_char, command_for_key, controls_markdown,
    help_lines, help_lines_in, parse_actions, watch_command_for, watch_quit_key,
};
pub use context::{places, sights};
pub use keymap::{KeyName, KeyPreset, KeyProblem, Keymap, action_names};
pub use keys::{
    AimVerb, ItemVerb, KeyContext, KeyReader, LOG_PAGE, Letters, MAX_TARGETS, Overlay, Prompt,
    Question, Reaction, StepRisks, Targets, Way,
};
pub use look::describe;
pub use map::{Light, Occupant, SeenTile, Side, TileView, map_view, tile_view};
pub use options_screen::{OptionsReaction, OptionsScreen};
pub use overlays::{
    end_screen, help_text, help_text_of, help_text_within, inventory_overlay_lines,
    inventory_title, log_title, prompt_line,
};
pub use overview::{OverviewCell, overview};
pub use palette::{
    Deficiency, Hue, Palette, PaletteName, Rgb, contrast_ratio, delta_e, lab, relative_luminance,
    simulate,
};
pub use panel::{
    IN_VIEW_HEADING, PanelLine, carrying_heading, inventory_lines, monsters_in_view, side_panel,
};
pub use pointer::{Click, OwnTile, WHEEL_LINES, Wheel, letter_of_line};
pub use preview::{Mark, Marks, preview};
pub use status::{StatusPart, hp_bar, status_line, status_line_within, status_parts};
pub use terrain::Terrain;
pub use title::{
    HistoryPage, MenuItem, MenuKey, REPLACING_THE_SAVED_RUN, TitleChoice, TitleMenu, TitleScreen,
    menu_key, seed_or_key,
};
