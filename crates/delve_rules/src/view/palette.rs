//! The colour palettes both front ends draw in: one list of colour roles ([`Hue`]: each
//! ground, each occupant, the marks, the text), and for each palette ([`PaletteName`])
//! the colour of every role. The terminal writes the colour as is; the window tints its
//! pictures and colours its text with it. Pure: the checks that a palette keeps apart what
//! must be told apart ([`contrast_ratio`], [`simulate`], [`delta_e`]) are plain arithmetic.

mod vision;

use serde::{Deserialize, Serialize};

use super::terrain::Terrain;
pub use vision::{Deficiency, contrast_ratio, delta_e, lab, relative_luminance, simulate};

/// A colour: red, green and blue, 0–255 each, in sRGB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// A colour role: what a colour says. Every colour either front end draws is one of
/// these; a palette gives each its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hue {
    /// Solid rock.
    Wall,
    /// Open ground.
    Floor,
    /// A doorway or an open door.
    Door,
    /// The stairs up.
    UpStairs,
    /// The stairs down.
    DownStairs,
    /// A closed door.
    ClosedDoor,
    /// Deep water.
    DeepWater,
    /// Shallow water.
    ShallowWater,
    /// Lava.
    Lava,
    /// A chasm.
    Chasm,
    /// A bridge.
    Bridge,
    /// A trap found.
    Trap,
    /// A vault's locked door.
    LockedDoor,
    /// A cyclic dungeon's barred door, not yet opened.
    BarredDoor,
    /// A cyclic dungeon's ledge.
    Ledge,
    /// The player.
    Player,
    /// A hostile monster (and the monsters named in the side panel).
    Hostile,
    /// An ally.
    Ally,
    /// A shackled captive.
    Captive,
    /// An item.
    Item,
    /// The level's must-find item on the overview.
    MustFind,
    /// Whatever is remembered, not seen: dim.
    Remembered,
    /// Text.
    Text,
    /// Text that matters less: older notices, key hints.
    DimText,
    /// Titles, borders, the selected line, the newest notices.
    Accent,
    /// The look line: what lies under the cursor, the question asked.
    Prompt,
    /// A problem told (on the title screen).
    Warning,
    /// Behind everything.
    Background,
    /// Behind the tile under the look cursor.
    Cursor,
    /// Behind the tiles travel would walk over.
    Route,
    /// Behind the tiles the line of fire crosses.
    Fire,
    /// Behind the tile where the line of fire stops.
    Stop,
}

impl Hue {
    /// Every hue.
    pub const ALL: [Hue; 32] = [
        Hue::Wall,
        Hue::Floor,
        Hue::Door,
        Hue::UpStairs,
        Hue::DownStairs,
        Hue::ClosedDoor,
        Hue::DeepWater,
        Hue::ShallowWater,
        Hue::Lava,
        Hue::Chasm,
        Hue::Bridge,
        Hue::Trap,
        Hue::LockedDoor,
        Hue::BarredDoor,
        Hue::Ledge,
        Hue::Player,
        Hue::Hostile,
        Hue::Ally,
        Hue::Captive,
        Hue::Item,
        Hue::MustFind,
        Hue::Remembered,
        Hue::Text,
        Hue::DimText,
        Hue::Accent,
        Hue::Prompt,
        Hue::Warning,
        Hue::Background,
        Hue::Cursor,
        Hue::Route,
        Hue::Fire,
        Hue::Stop,
    ];

    /// The hue of a terrain's ground.
    pub const fn of_terrain(terrain: Terrain) -> Hue {
        match terrain {
            Terrain::Wall => Hue::Wall,
            Terrain::Floor => Hue::Floor,
            Terrain::Door => Hue::Door,
            Terrain::UpStairs => Hue::UpStairs,
            Terrain::DownStairs => Hue::DownStairs,
            Terrain::ClosedDoor => Hue::ClosedDoor,
            Terrain::DeepWater => Hue::DeepWater,
            Terrain::ShallowWater => Hue::ShallowWater,
            Terrain::Lava => Hue::Lava,
            Terrain::Chasm => Hue::Chasm,
            Terrain::Bridge => Hue::Bridge,
            Terrain::Trap(_) => Hue::Trap,
            Terrain::LockedDoor => Hue::LockedDoor,
            Terrain::BarredDoor => Hue::BarredDoor,
            Terrain::Ledge => Hue::Ledge,
        }
    }

    /// Whether it is drawn behind a glyph (the background and the marks) rather than
    /// as a glyph or text.
    pub const fn is_background(self) -> bool {
        matches!(
            self,
            Hue::Background | Hue::Cursor | Hue::Route | Hue::Fire | Hue::Stop
        )
    }
}

/// A palette's name, as the options name it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaletteName {
    /// The colours delve always had.
    #[default]
    Classic,
    /// Safe for red-green colour deficiency.
    ColourBlind,
    /// Bright colours on black.
    HighContrast,
}

impl PaletteName {
    /// Every palette.
    pub const ALL: [PaletteName; 3] = [
        PaletteName::Classic,
        PaletteName::ColourBlind,
        PaletteName::HighContrast,
    ];

    /// Its name in `options.ron`.
    pub fn name(self) -> &'static str {
        match self {
            PaletteName::Classic => "classic",
            PaletteName::ColourBlind => "colour-blind",
            PaletteName::HighContrast => "high-contrast",
        }
    }

    /// The palette named `name`.
    pub fn from_name(name: &str) -> Option<PaletteName> {
        PaletteName::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What it is for, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            PaletteName::Classic => "delve's own colours",
            PaletteName::ColourBlind => "told apart with red-green colour blindness",
            PaletteName::HighContrast => "bright colours on black",
        }
    }
}

/// A palette: a colour for every [`Hue`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Palette {
    name: PaletteName,
}

impl Palette {
    /// The palette called `name`.
    pub const fn of(name: PaletteName) -> Palette {
        Palette { name }
    }

    /// Its name.
    pub const fn name(self) -> PaletteName {
        self.name
    }

    /// The colour it gives `hue`.
    pub const fn colour(self, hue: Hue) -> Rgb {
        match self.name {
            PaletteName::Classic => classic(hue),
            PaletteName::ColourBlind => colour_blind(hue),
            PaletteName::HighContrast => high_contrast(hue),
        }
    }
}

/// delve's own look: the terminal's named colours at the VGA text-mode values (the
/// Linux console's: LightRed is (255, 85, 85)), and the window's own values where it
/// had them (the ally and captive tints, the dim of what is remembered, the HUD's
/// text and background).
const fn classic(hue: Hue) -> Rgb {
    match hue {
        Hue::Wall => Rgb(255, 255, 255),       // White
        Hue::Floor => Rgb(170, 170, 170),      // Gray
        Hue::Door => Rgb(170, 85, 0),          // Yellow (VGA brown)
        Hue::UpStairs => Rgb(85, 255, 85),     // LightGreen
        Hue::DownStairs => Rgb(255, 85, 255),  // LightMagenta
        Hue::ClosedDoor => Rgb(255, 85, 85),   // LightRed
        Hue::DeepWater => Rgb(0, 0, 170),      // Blue
        Hue::ShallowWater => Rgb(0, 170, 170), // Cyan
        Hue::Lava => Rgb(170, 0, 0),           // Red
        Hue::Chasm => Rgb(85, 85, 255),        // LightBlue
        Hue::Bridge => Rgb(170, 85, 0),        // Yellow (VGA brown)
        Hue::Trap => Rgb(170, 0, 170),         // Magenta
        Hue::LockedDoor => Rgb(255, 255, 85),  // LightYellow
        Hue::BarredDoor => Rgb(255, 170, 0),   // amber: the bar's timber
        Hue::Ledge => Rgb(200, 160, 120),      // tan: bare rock at the lip of a drop
        Hue::Player => Rgb(255, 255, 85),      // LightYellow
        Hue::Hostile => Rgb(255, 85, 85),      // LightRed
        Hue::Ally => Rgb(115, 255, 115),       // the window's ally tint
        Hue::Captive => Rgb(140, 179, 255),    // the window's captive tint
        Hue::Item => Rgb(85, 255, 255),        // LightCyan
        Hue::MustFind => Rgb(245, 204, 77),    // the window's accent
        Hue::Remembered => Rgb(115, 115, 128), // the window's remembered tint
        Hue::Text => Rgb(219, 214, 204),
        Hue::DimText => Rgb(140, 140, 158),
        Hue::Accent => Rgb(245, 204, 77),
        Hue::Prompt => Rgb(85, 255, 255), // LightCyan
        Hue::Warning => Rgb(255, 85, 85), // LightRed
        Hue::Background => Rgb(8, 5, 13),
        Hue::Cursor => Rgb(255, 255, 85), // LightYellow
        Hue::Route => Rgb(0, 0, 170),     // Blue
        Hue::Fire => Rgb(170, 0, 0),      // Red
        Hue::Stop => Rgb(255, 85, 85),    // LightRed
    }
}

/// Safe for red-green colour blindness: built on the Okabe–Ito palette (Okabe & Ito,
/// "Color Universal Design", 2002), each colour moved a little (ΔE ≤ 14) so that what
/// must be told apart at a glance — the player, a hostile monster, an ally, a captive,
/// an item, the must-find item and the harmful grounds — differs in lightness and along
/// blue–yellow, the axis deuteranopes and protanopes keep (checked in the tests under
/// both simulations). Hostile is a dark vermillion, lava a bright orange, an ally a dark
/// bluish green, a captive a light sky blue, deep water a mid blue, a chasm a dusky
/// purple, a trap pink, an item a pale yellow, the must-find item tan.
const fn colour_blind(hue: Hue) -> Rgb {
    match hue {
        Hue::Wall => Rgb(230, 230, 230),
        Hue::Floor => Rgb(150, 150, 150),
        Hue::Door => Rgb(190, 150, 90),
        Hue::UpStairs => Rgb(86, 180, 233),     // sky blue
        Hue::DownStairs => Rgb(204, 121, 167),  // reddish purple
        Hue::ClosedDoor => Rgb(213, 94, 0),     // vermillion
        Hue::DeepWater => Rgb(0, 120, 205),     // blue, lighter
        Hue::ShallowWater => Rgb(86, 180, 233), // sky blue
        Hue::Lava => Rgb(250, 155, 5),          // orange, brighter
        Hue::Chasm => Rgb(165, 95, 145),        // reddish purple, darker
        Hue::Bridge => Rgb(190, 150, 90),
        Hue::Trap => Rgb(235, 160, 185), // reddish purple, lighter
        Hue::LockedDoor => Rgb(240, 228, 66), // yellow
        Hue::BarredDoor => Rgb(105, 90, 255), // blue-violet: the one hue left apart
        Hue::Ledge => Rgb(120, 120, 95), // dark olive grey: rock, darker than floor
        Hue::Player => Rgb(255, 255, 230),
        Hue::Hostile => Rgb(190, 90, 15),   // vermillion, darker
        Hue::Ally => Rgb(15, 145, 95),      // bluish green, darker
        Hue::Captive => Rgb(125, 190, 255), // sky blue, lighter
        Hue::Item => Rgb(255, 255, 115),    // yellow, paler
        Hue::MustFind => Rgb(245, 205, 140),
        Hue::Remembered => Rgb(110, 110, 120),
        Hue::Text => Rgb(230, 230, 230),
        Hue::DimText => Rgb(160, 160, 170),
        Hue::Accent => Rgb(240, 228, 66), // yellow
        Hue::Prompt => Rgb(86, 180, 233), // sky blue
        Hue::Warning => Rgb(230, 159, 0), // orange
        Hue::Background => Rgb(0, 0, 0),
        Hue::Cursor => Rgb(240, 228, 66),
        Hue::Route => Rgb(0, 60, 110),
        Hue::Fire => Rgb(110, 45, 0),
        Hue::Stop => Rgb(230, 159, 0),
    }
}

/// Bright colours on black: every glyph reaches a WCAG contrast of 4.5 against the
/// background, every text 7, and a glyph drawn on a mark stays at 4.5 (the way travel
/// walks and the line of fire are dark, the cursor and where the fire stops bright
/// behind a black glyph).
const fn high_contrast(hue: Hue) -> Rgb {
    match hue {
        Hue::Wall => Rgb(255, 255, 255),
        Hue::Floor => Rgb(170, 170, 170),
        Hue::Door => Rgb(230, 170, 90),
        Hue::UpStairs => Rgb(0, 255, 0),
        Hue::DownStairs => Rgb(255, 160, 255),
        Hue::ClosedDoor => Rgb(255, 110, 110),
        Hue::DeepWater => Rgb(80, 140, 255),
        Hue::ShallowWater => Rgb(0, 220, 255),
        Hue::Lava => Rgb(255, 110, 0),
        Hue::Chasm => Rgb(190, 150, 255),
        Hue::Bridge => Rgb(230, 170, 90),
        Hue::Trap => Rgb(255, 80, 255),
        Hue::LockedDoor => Rgb(255, 255, 0),
        Hue::BarredDoor => Rgb(90, 180, 75),
        Hue::Ledge => Rgb(215, 195, 160),
        Hue::Player => Rgb(255, 255, 0),
        Hue::Hostile => Rgb(255, 110, 110),
        Hue::Ally => Rgb(0, 255, 0),
        Hue::Captive => Rgb(255, 255, 255),
        Hue::Item => Rgb(0, 255, 255),
        Hue::MustFind => Rgb(255, 190, 0),
        Hue::Remembered => Rgb(140, 140, 140),
        Hue::Text => Rgb(255, 255, 255),
        Hue::DimText => Rgb(190, 190, 190),
        Hue::Accent => Rgb(255, 255, 0),
        Hue::Prompt => Rgb(0, 255, 255),
        Hue::Warning => Rgb(255, 110, 110),
        Hue::Background => Rgb(0, 0, 0),
        Hue::Cursor => Rgb(255, 255, 0),
        Hue::Route => Rgb(0, 0, 90),
        Hue::Fire => Rgb(80, 0, 0),
        Hue::Stop => Rgb(255, 110, 110),
    }
}

#[cfg(test)]
mod tests;
