use super::*;
use delve_levels::grid::Trap;

/// What must be told apart at a glance on the map and the overview: who is who (the
/// player, a hostile monster, an ally, a captive), what can be taken (an item, the
/// must-find item) and the grounds that hurt or drop (lava, deep water, a chasm, a trap).
const TELL_APART: [Hue; 10] = [
    Hue::Player,
    Hue::Hostile,
    Hue::Ally,
    Hue::Captive,
    Hue::Item,
    Hue::MustFind,
    Hue::Lava,
    Hue::DeepWater,
    Hue::Chasm,
    Hue::Trap,
];

/// The least CIE76 ΔE two hues of [`TELL_APART`] may be apart. A difference of 2.3 is
/// just noticeable between two large patches side by side; a glyph is a small field,
/// where colour is told far less well, seen among other glyphs rather than beside its
/// twin, so the bar is about eight times that — and still under what a palette can
/// reach (the colour-blind palette clears 25 under both simulations).
const LEAST_DELTA_E: f64 = 20.0;

/// The text hues, which want WCAG AAA (7) on the background where a palette can.
const TEXT: [Hue; 5] = [
    Hue::Text,
    Hue::DimText,
    Hue::Accent,
    Hue::Prompt,
    Hue::Warning,
];

/// The marks the terminal draws as a bright block behind a glyph in the background's
/// colour (and the must-find item on the overview).
const BRIGHT_BLOCKS: [Hue; 3] = [Hue::Cursor, Hue::Stop, Hue::MustFind];

/// The marks drawn behind a glyph that keeps its own colour.
const DARK_MARKS: [Hue; 2] = [Hue::Route, Hue::Fire];

/// The closest pair of `hues` in `palette` as seen with `seen` (`None`: full colour
/// vision), and its ΔE.
fn closest_pair(palette: Palette, hues: &[Hue], seen: Option<Deficiency>) -> (f64, Hue, Hue) {
    let look = |hue: Hue| {
        let colour = palette.colour(hue);
        seen.map_or(colour, |d| simulate(colour, d))
    };
    let mut closest = (f64::INFINITY, hues[0], hues[0]);
    for (i, &a) in hues.iter().enumerate() {
        for &b in &hues[i + 1..] {
            let e = delta_e(look(a), look(b));
            if e < closest.0 {
                closest = (e, a, b);
            }
        }
    }
    closest
}

/// The hues drawn as a glyph or text.
fn glyph_hues() -> impl Iterator<Item = Hue> {
    Hue::ALL.into_iter().filter(|h| !h.is_background())
}

#[test]
fn every_palette_names_every_hue_and_round_trips_its_name() {
    for (i, hue) in Hue::ALL.iter().enumerate() {
        assert!(!Hue::ALL[..i].contains(hue), "{hue:?} is listed twice");
    }
    for name in PaletteName::ALL {
        assert_eq!(PaletteName::from_name(name.name()), Some(name));
        assert!(!name.description().is_empty());
        // RON writes it as an identifier (`classic`, `r#colour-blind`).
        let ron = ron::to_string(&name).unwrap();
        assert!(ron.ends_with(name.name()), "{ron}");
        assert_eq!(ron::from_str::<PaletteName>(&ron).unwrap(), name);
        let palette = Palette::of(name);
        assert_eq!(palette.name(), name);
        // Every hue has a colour (the match is exhaustive); no two grounds share one
        // where a player must tell them apart by colour alone.
        for hue in Hue::ALL {
            let _ = palette.colour(hue);
        }
        assert_ne!(
            palette.colour(Hue::DeepWater),
            palette.colour(Hue::ShallowWater)
        );
        assert_ne!(palette.colour(Hue::Lava), palette.colour(Hue::DeepWater));
    }
    assert_eq!(PaletteName::from_name("rainbow"), None);
    assert_eq!(Palette::default().name(), PaletteName::Classic);
}

#[test]
fn every_terrain_has_a_ground_hue_of_its_own() {
    let grounds = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::Door,
        Terrain::UpStairs,
        Terrain::DownStairs,
        Terrain::ClosedDoor,
        Terrain::DeepWater,
        Terrain::ShallowWater,
        Terrain::Lava,
        Terrain::Chasm,
        Terrain::Bridge,
        Terrain::Trap(Trap::Alarm),
        Terrain::LockedDoor,
        Terrain::BarredDoor,
        Terrain::Ledge,
    ];
    let hues: Vec<Hue> = grounds.into_iter().map(Hue::of_terrain).collect();
    for (i, hue) in hues.iter().enumerate() {
        assert!(Hue::ALL.contains(hue));
        assert!(!hue.is_background());
        assert!(!hues[..i].contains(hue), "{hue:?} stands for two terrains");
    }
    for trap in Trap::ALL {
        assert_eq!(Hue::of_terrain(Terrain::Trap(trap)), Hue::Trap);
    }
}

#[test]
fn the_barred_door_is_told_from_every_other_glyph_in_every_palette() {
    // Its glyph `≠` is its own; its colour keeps it from reading as a lock (or any other
    // ground or occupant) too, under both simulations in the colour-blind palette.
    for name in PaletteName::ALL {
        let palette = Palette::of(name);
        let others: Vec<Hue> = glyph_hues().filter(|&h| h != Hue::BarredDoor).collect();
        let seen: &[Option<Deficiency>] = match name {
            PaletteName::ColourBlind => &[
                None,
                Some(Deficiency::Deuteranopia),
                Some(Deficiency::Protanopia),
            ],
            _ => &[None],
        };
        for &seen in seen {
            let look = |hue: Hue| {
                let colour = palette.colour(hue);
                seen.map_or(colour, |d| simulate(colour, d))
            };
            for &other in &others {
                let e = delta_e(look(Hue::BarredDoor), look(other));
                assert!(e >= LEAST_DELTA_E, "{name:?} {seen:?}: {other:?} {e:.1}");
            }
        }
        let background = palette.colour(Hue::Background);
        let ratio = contrast_ratio(palette.colour(Hue::BarredDoor), background);
        assert!(ratio >= 4.5, "{name:?}: {ratio:.2}");
    }
}

#[test]
fn high_contrast_text_and_glyphs_reach_wcag_4_5_on_the_background() {
    let palette = Palette::of(PaletteName::HighContrast);
    let background = palette.colour(Hue::Background);
    for hue in glyph_hues() {
        let ratio = contrast_ratio(palette.colour(hue), background);
        assert!(ratio >= 4.5, "{hue:?}: {ratio:.2}");
    }
    for hue in TEXT {
        let ratio = contrast_ratio(palette.colour(hue), background);
        assert!(ratio >= 7.0, "text {hue:?}: {ratio:.2}");
    }
    // A glyph on a dark mark keeps its colour; on a bright one it is drawn in the
    // background's.
    for mark in DARK_MARKS {
        for hue in glyph_hues() {
            let ratio = contrast_ratio(palette.colour(hue), palette.colour(mark));
            assert!(ratio >= 4.5, "{hue:?} on {mark:?}: {ratio:.2}");
        }
    }
    for block in BRIGHT_BLOCKS {
        let ratio = contrast_ratio(background, palette.colour(block));
        assert!(ratio >= 4.5, "on {block:?}: {ratio:.2}");
    }
}

#[test]
fn every_palette_s_text_and_bright_marks_read_on_its_background() {
    for name in PaletteName::ALL {
        let palette = Palette::of(name);
        let background = palette.colour(Hue::Background);
        for hue in TEXT.into_iter().chain([Hue::Player, Hue::Item]) {
            let ratio = contrast_ratio(palette.colour(hue), background);
            assert!(ratio >= 4.5, "{name:?} {hue:?}: {ratio:.2}");
        }
        for block in BRIGHT_BLOCKS {
            let ratio = contrast_ratio(background, palette.colour(block));
            assert!(ratio >= 4.5, "{name:?} on {block:?}: {ratio:.2}");
        }
    }
}

#[test]
fn colour_blind_palette_keeps_hostile_ally_captive_items_and_hazards_apart_for_deuteranopes_and_protanopes()
 {
    let palette = Palette::of(PaletteName::ColourBlind);
    for seen in [
        None,
        Some(Deficiency::Deuteranopia),
        Some(Deficiency::Protanopia),
    ] {
        let (e, a, b) = closest_pair(palette, &TELL_APART, seen);
        assert!(
            e >= LEAST_DELTA_E,
            "{seen:?}: {a:?} and {b:?} are ΔE {e:.1} apart"
        );
    }
}

#[test]
fn high_contrast_palette_keeps_hostile_ally_captive_items_and_hazards_apart() {
    let (e, a, b) = closest_pair(Palette::of(PaletteName::HighContrast), &TELL_APART, None);
    assert!(e >= LEAST_DELTA_E, "{a:?} and {b:?} are ΔE {e:.1} apart");
}

/// Why the colour-blind palette exists: the classic one's light green ally and gold
/// must-find item are one colour to a deuteranope or a protanope.
#[test]
fn classic_palette_runs_the_ally_into_the_must_find_item_for_deuteranopes_and_protanopes() {
    let palette = Palette::of(PaletteName::Classic);
    let (e, _, _) = closest_pair(palette, &TELL_APART, None);
    assert!(
        e >= LEAST_DELTA_E,
        "full colour vision tells them apart: {e:.1}"
    );
    for deficiency in Deficiency::ALL {
        let ally = simulate(palette.colour(Hue::Ally), deficiency);
        let must_find = simulate(palette.colour(Hue::MustFind), deficiency);
        let e = delta_e(ally, must_find);
        assert!(e < LEAST_DELTA_E, "{deficiency:?}: {e:.1}");
    }
}

#[test]
fn luminance_and_contrast_follow_wcag() {
    let (black, white) = (Rgb(0, 0, 0), Rgb(255, 255, 255));
    assert_eq!(relative_luminance(black), 0.0);
    assert!((relative_luminance(white) - 1.0).abs() < 1e-9);
    assert!((contrast_ratio(black, white) - 21.0).abs() < 1e-9);
    assert!((contrast_ratio(white, black) - 21.0).abs() < 1e-9);
    assert_eq!(contrast_ratio(Rgb(9, 99, 199), Rgb(9, 99, 199)), 1.0);
    // #767676 is the lightest grey with 4.5:1 on white.
    assert!(contrast_ratio(Rgb(0x76, 0x76, 0x76), white) >= 4.5);
    assert!(contrast_ratio(Rgb(0x77, 0x77, 0x77), white) < 4.5);
}

#[test]
fn lab_and_delta_e_match_the_cie_values() {
    let [l, a, b] = lab(Rgb(255, 255, 255));
    assert!((l - 100.0).abs() < 0.01 && a.abs() < 0.01 && b.abs() < 0.01);
    // sRGB red is L* 53.24, a* 80.09, b* 67.20.
    let [l, a, b] = lab(Rgb(255, 0, 0));
    assert!((l - 53.24).abs() < 0.05 && (a - 80.09).abs() < 0.05 && (b - 67.20).abs() < 0.05);
    assert!((delta_e(Rgb(0, 0, 0), Rgb(255, 255, 255)) - 100.0).abs() < 0.01);
}

#[test]
fn the_simulations_keep_greys_and_merge_red_with_green() {
    for deficiency in Deficiency::ALL {
        for grey in [0, 64, 128, 200, 255] {
            let Rgb(r, g, b) = simulate(Rgb(grey, grey, grey), deficiency);
            assert!(
                [r, g, b].iter().all(|&c| c.abs_diff(grey) <= 2),
                "{deficiency:?} {grey}"
            );
        }
        // A red and a green no one with full colour vision confuses: a deuteranope sees
        // them alike, and a protanope (to whom red is also dark) a darker green.
        let red = Rgb(200, 60, 40);
        let green = match deficiency {
            Deficiency::Deuteranopia => Rgb(90, 140, 40),
            Deficiency::Protanopia => Rgb(0, 100, 40),
        };
        assert!(delta_e(red, green) > 50.0);
        let seen = delta_e(simulate(red, deficiency), simulate(green, deficiency));
        assert!(seen < 10.0, "{deficiency:?}: {seen:.1}");
    }
}
