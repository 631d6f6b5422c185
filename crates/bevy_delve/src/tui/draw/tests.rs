//! Tests of draw.rs.
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use delve_levels::config::CampaignConfig;
use delve_levels::grid::Tile;
use delve_levels::key::LevelKey;
use delve_levels::monsters::default_monster_table;
use delve_rules::run::{PlayerAction, Rules, Sight};
use delve_rules::view::{ItemVerb, PaletteName, Prompt, tile_view};

/// The run on level `key` (monsters taken away unless `keep_monsters`).
fn run_on(key: &str) -> RunState {
    let key = LevelKey::decode(key).unwrap();
    RunState::start(CampaignConfig::builtin(), Some(key), Rules::Monsters)
        .unwrap()
        .0
}

fn render(run: &RunState, keys: &KeyReader, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut log = NoticeLog::default();
    log.push(0, "Depth 1: a cave.".to_owned());
    render_with(run, &log, keys, width, height)
}

fn render_with(
    run: &RunState,
    log: &NoticeLog,
    keys: &KeyReader,
    width: u16,
    height: u16,
) -> Terminal<TestBackend> {
    render_in(run, log, keys, width, height, Palette::default())
}

/// [`render_with`] in `palette`.
fn render_in(
    run: &RunState,
    log: &NoticeLog,
    keys: &KeyReader,
    width: u16,
    height: u16,
    palette: Palette,
) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            draw(
                frame,
                &Screen {
                    run,
                    log,
                    keys,
                    hover: None,
                    keymap: &delve_rules::view::Keymap::default(),
                    options: None,
                    palette,
                },
            )
        })
        .unwrap();
    terminal
}

/// The glyph and look of map cell `pos` as the terminal draws it (no look cursor) in
/// the classic palette.
fn look_at(run: &RunState, pos: Pos) -> (char, Style) {
    look_in(run, pos, Palette::default())
}

/// [`look_at`] in `palette`.
fn look_in(run: &RunState, pos: Pos, palette: Palette) -> (char, Style) {
    let tile = tile_view(run, pos, &delve_rules::view::Marks::none()).expect("on the map");
    cell_look(tile, palette)
}

fn symbol(terminal: &Terminal<TestBackend>, x: u16, y: u16) -> String {
    terminal.backend().buffer()[(x, y)].symbol().to_owned()
}

#[test]
fn a_known_level_key_draws_its_glyphs_in_their_cells() {
    // The default cave at seed 42, depth 1 (80×50): larger than an 80×24 terminal.
    let mut run = run_on("100J-MA");
    run.stage().clear_monsters();
    let terminal = render(&run, &KeyReader::default(), 80, 24);
    let tiles = &run.level().level.tiles;
    // The map takes rows 1..=20 (80 columns: no side panel).
    let (view_w, view_h) = (80, 20);
    let x0 = view_start(run.player().x, tiles.width() as i32, view_w);
    let y0 = view_start(run.player().y, tiles.height() as i32, view_h);
    assert_eq!(
        symbol(
            &terminal,
            (run.player().x - x0) as u16,
            (run.player().y - y0 + 1) as u16
        ),
        "@"
    );
    let mut lit = 0;
    for row in 0..view_h {
        for column in 0..view_w {
            let pos = Pos::new(x0 + column, y0 + row);
            let cell = &terminal.backend().buffer()[(column as u16, row as u16 + 1)];
            let (tile, sight) = run.shown(tiles.index_of(pos));
            let expected = match sight {
                _ if pos == run.player() => '@',
                Sight::Unseen => ' ',
                _ => match run.level().items.iter().find(|i| i.pos == pos) {
                    Some(item) if sight == Sight::Visible => {
                        run.campaign().loot_table().items()[item.item].glyph
                    }
                    _ => tile.glyph(),
                },
            };
            assert_eq!(cell.symbol(), expected.to_string(), "at {pos}");
            if sight == Sight::Visible && pos != run.player() {
                lit += 1;
            }
        }
    }
    assert!(lit > 20, "the player sees around them");
}

#[test]
fn lit_and_remembered_cells_have_their_colours() {
    let mut run = run_on("100J-MA");
    run.stage().clear_monsters();
    // Walk a few steps so that something seen is out of view.
    for _ in 0..12 {
        run.apply(PlayerAction::Move(1, 0));
    }
    let tiles = &run.level().level.tiles;
    let remembered = tiles
        .positions()
        .find(|&p| run.shown(tiles.index_of(p)).1 == Sight::Remembered)
        .expect("something remembered");
    let lit_floor = tiles
        .positions()
        .find(|&p| {
            p != run.player()
                && run.shown(tiles.index_of(p)) == (Tile::Floor, Sight::Visible)
                && !run.level().items.iter().any(|i| i.pos == p)
        })
        .expect("lit floor");
    for name in PaletteName::ALL {
        let palette = Palette::of(name);
        assert_eq!(
            look_in(&run, remembered, palette).1,
            fg(palette, Hue::Remembered)
        );
        assert_eq!(
            look_in(&run, lit_floor, palette),
            terrain_look(Terrain::Floor, palette)
        );
        assert_eq!(
            look_in(&run, run.player(), palette),
            ('@', player_style(palette))
        );
    }
    assert_eq!(look_at(&run, lit_floor).0, '.');
    // The classic palette draws as the terminal always did: a gray floor, a light
    // yellow player.
    assert_eq!(
        look_at(&run, lit_floor).1.fg,
        Some(Color::Rgb(170, 170, 170))
    );
    assert_eq!(
        look_at(&run, run.player()).1.fg,
        Some(Color::Rgb(255, 255, 85))
    );
}

#[test]
fn the_status_line_panel_notices_and_overlays_are_drawn() {
    let run = run_on("100J-MA");
    let terminal = render(&run, &KeyReader::default(), 120, 30);
    let row = |y: u16| -> String {
        (0..120)
            .map(|x| symbol(&terminal, x, y))
            .collect::<String>()
    };
    assert!(
        row(0).starts_with("The Descent  Depth 1  cave  HP 30/30 [##########]"),
        "{}",
        row(0)
    );
    assert!(
        row(1).contains("Carrying nothing"),
        "the side panel: {}",
        row(1)
    );
    assert!(row(29).contains("[turn 0] Depth 1: a cave."), "{}", row(29));
    let help = KeyReader {
        overlay: Some(Overlay::Help),
        ..KeyReader::default()
    };
    let terminal = render(&run, &help, 120, 40);
    let screen: String = (0..40)
        .map(|y| {
            (0..120)
                .map(|x| symbol(&terminal, x, y))
                .collect::<String>()
                + "\n"
        })
        .collect();
    assert!(screen.contains("delve - controls"), "{screen}");
    assert!(screen.contains("Explore"), "{screen}");
}

fn screen_text(terminal: &Terminal<TestBackend>) -> String {
    let area = terminal.backend().buffer().area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| symbol(terminal, x, y))
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// A run carrying a few things, on turn 2068 and hurt.
fn busy_run() -> RunState {
    let mut run = run_on("100J-MA");
    run.stage().clear_monsters();
    let table = run.campaign().loot_table();
    let kinds = ["potion of healing", "dagger", "food ration"].map(|n| table.index_of(n).unwrap());
    for kind in kinds {
        let at = run.player();
        run.stage().remove_item_at(at);
        run.stage().put_item(at, kind);
        run.apply(PlayerAction::PickUp);
    }
    run.stage().set_turns(2068);
    run.stage().set_hit_points(17);
    run
}

#[test]
fn a_narrow_terminal_keeps_the_status_and_shows_items_when_asked() {
    let run = busy_run();
    for (width, height) in [(70, 20), (120, 36)] {
        let terminal = render(&run, &KeyReader::default(), width, height);
        let screen = screen_text(&terminal);
        let status = screen.lines().next().unwrap();
        for must in ["Depth 1", "HP 17/30", "turn 2068"] {
            assert!(status.contains(must), "{width}x{height}: {status}");
        }
        // `a`: the letters are listed even where the side panel does not fit.
        let asking = KeyReader {
            prompt: Some(Prompt::Item(ItemVerb::Use)),
            ..KeyReader::default()
        };
        let screen = screen_text(&render(&run, &asking, width, height));
        assert!(screen.contains("Use which item?"), "{screen}");
        for line in ["a) ! ", "b) ) dagger", "c) % food ration"] {
            assert!(
                screen.contains(line),
                "{width}x{height}: {line:?} in\n{screen}"
            );
        }
        let inventory = KeyReader {
            overlay: Some(Overlay::Inventory),
            ..KeyReader::default()
        };
        let screen = screen_text(&render(&run, &inventory, width, height));
        assert!(screen.contains("i or Esc closes)"), "{screen}");
        assert!(screen.contains("c) % food ration"), "{screen}");
    }
}

#[test]
fn the_help_wraps_instead_of_being_cut() {
    let run = busy_run();
    let help = KeyReader {
        overlay: Some(Overlay::Help),
        ..KeyReader::default()
    };
    for (width, height) in [(70, 40), (120, 40)] {
        let screen = screen_text(&render(&run, &help, width, height));
        for must in [
            "Playing",
            "Designer tools",
            "Rest until healed",
            "save and quit (asks)",
            "Esc",
            "Watch a cave form",
        ] {
            assert!(
                screen.contains(must),
                "{width}: {must:?} missing:\n{screen}"
            );
        }
    }
    for line in wrap(&delve_rules::view::help_text(), 66) {
        assert!(line.chars().count() <= 66, "{line}");
    }
}

#[test]
fn the_help_scrolls_on_a_short_terminal_and_keeps_every_line() {
    let run = busy_run();
    let mut help = KeyReader {
        overlay: Some(Overlay::Help),
        ..KeyReader::default()
    };
    let mut seen = String::new();
    for scroll in (0..80).step_by(5) {
        help.scroll = scroll;
        seen.push_str(&screen_text(&render(&run, &help, 70, 20)));
    }
    let first = screen_text(&render(&run, &KeyReader { scroll: 0, ..help }, 70, 20));
    assert!(first.contains("PgDn Down: more"), "{first}");
    for (what, _) in delve_rules::view::help_lines() {
        let start: String = what.chars().take(20).collect();
        assert!(seen.contains(&start), "{what:?} never shown at 70x20");
    }
}

#[test]
fn long_log_lines_wrap_on_a_narrow_terminal() {
    let run = busy_run();
    let mut log = NoticeLog::default();
    log.push(5, "You take the rune of passage. The way out of the dungeon is open: the stairs down lead out.".into());
    let keys = KeyReader {
        overlay: Some(Overlay::Log),
        ..KeyReader::default()
    };
    let screen = screen_text(&render_with(&run, &log, &keys, 70, 20));
    assert!(screen.contains("the stairs down lead out."), "{screen}");
    assert!(screen.contains("Messages 1-1 of 1"), "{screen}");
}

#[test]
fn the_side_panel_lists_the_monsters_in_view_before_a_long_inventory() {
    let mut run = busy_run();
    let table = run.campaign().shared_loot_table();
    for name in [
        "scroll of identify",
        "ring of protection",
        "wand of striking",
        "leather armour",
        "potion of confusion",
        "scroll of teleportation",
        "ring of regeneration",
        "potion of see invisible",
        "scroll of remove curse",
        "wand of digging",
        "ring of searching",
        "scroll of magic mapping",
        "potion of extra healing",
    ] {
        let kind = table.index_of(name).unwrap();
        let at = run.player();
        run.stage().remove_item_at(at);
        run.stage().put_item(at, kind);
        run.apply(PlayerAction::PickUp);
    }
    let tiles = run.level().level.tiles.clone();
    let at = tiles
        .positions()
        .find(|&p| tiles[p] == Tile::Floor && run.level().in_view(p) && p != run.player())
        .unwrap();
    let player = run.player();
    run.stage()
        .set_monsters(vec![delve_levels::monsters::Monster {
            id: 0,
            kind: default_monster_table().index_of("kobold").unwrap(),
            pos: at,
            hp: 9,
            mind: delve_levels::monsters::Mind::Hunting(player),
            ..Default::default()
        }]);
    let screen = screen_text(&render(&run, &KeyReader::default(), 100, 30));
    assert!(screen.contains("kobold 9/9, hunting you"), "{screen}");
    // On a narrow terminal without the panel, on the map's last row.
    let screen = screen_text(&render(&run, &KeyReader::default(), 70, 20));
    assert!(
        screen.contains("In view: kobold 9/9, hunting you"),
        "{screen}"
    );
}

#[test]
fn the_log_overlay_scrolls_back_and_collapses_repeats() {
    let run = busy_run();
    let mut log = NoticeLog::default();
    for turn in 0..100 {
        log.push(turn, format!("Notice number {turn}."));
    }
    for turn in 100..230 {
        log.push(turn, "You were killed by a kobold.".into());
    }
    let mut keys = KeyReader {
        overlay: Some(Overlay::Log),
        ..KeyReader::default()
    };
    let screen = screen_text(&render_with(&run, &log, &keys, 120, 36));
    assert!(
        screen.contains("You were killed by a kobold. x130"),
        "{screen}"
    );
    assert!(screen.contains("Notice number 99."), "{screen}");
    assert!(!screen.contains("Notice number 40."), "{screen}");
    keys.scroll = 60;
    let screen = screen_text(&render_with(&run, &log, &keys, 120, 36));
    assert!(screen.contains("Notice number 40."), "{screen}");
    assert!(!screen.contains("Notice number 41."), "{screen}");
    assert!(screen.contains("Messages 8-41 of 101"), "{screen}");
}

#[test]
fn the_notices_under_the_map_never_begin_with_a_fragment_of_an_older_one() {
    let run = busy_run();
    let mut log = NoticeLog::default();
    log.push(
        3,
        "You take the rune of passage. The way out of the dungeon is open: the stairs down lead out, and you feel the rune of passage (*).".into(),
    );
    for text in [
        "You hit the rat (2).",
        "The rat misses you.",
        "You kill the rat.",
    ] {
        log.push(4, text.into());
    }
    let screen = screen_text(&render_with(&run, &log, &KeyReader::default(), 70, 20));
    assert!(screen.contains("You kill the rat."), "{screen}");
    let notices_start = screen
        .lines()
        .skip_while(|line| !line.contains("You take") && !line.contains("You hit"))
        .next()
        .unwrap_or("");
    assert!(
        !screen.contains("rune of passage (*).") || screen.contains("You take the rune"),
        "a fragment of the older notice shows:\n{screen}"
    );
    assert!(!notices_start.starts_with("    "), "{screen}");
}

#[test]
fn every_notice_of_a_busy_turn_stays_under_the_map() {
    let run = busy_run();
    let mut log = NoticeLog::default();
    log.push(2067, "You see a cave bat.".into());
    let turn = [
        "The cave bat hits you (2).",
        "You miss the cave bat.",
        "The cave bat misses you.",
        "The cave bat hits you (3).",
        "The cave bat hits you (1).",
    ];
    for text in turn {
        log.push(2068, text.into());
    }
    let screen = screen_text(&render_with(&run, &log, &KeyReader::default(), 70, 30));
    for text in turn {
        assert!(screen.contains(text), "{text:?} scrolled away:\n{screen}");
    }
}

#[test]
fn a_remembered_item_keeps_its_own_glyph() {
    let mut run = run_on("100J-MA");
    run.stage().clear_monsters();
    let tiles = run.level().level.tiles.clone();
    let far = tiles
        .positions()
        .find(|&p| tiles[p] == Tile::Floor && !run.level().in_view(p))
        .unwrap();
    let potion = run
        .campaign()
        .loot_table()
        .index_of("potion of healing")
        .unwrap();
    run.stage().put_item(far, potion);
    run.stage().remember(tiles.index_of(far));
    let palette = Palette::default();
    assert_eq!(look_at(&run, far), ('!', fg(palette, Hue::Remembered)));
}

/// How many cells of the screen the cursor's background marks.
fn cells_under_the_cursor(terminal: &Terminal<TestBackend>) -> usize {
    terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .filter(|c| c.style().bg == Some(colour(Palette::default(), Hue::Cursor)))
        .count()
}

#[test]
fn the_look_cursor_is_drawn_and_names_what_it_is_on() {
    let run = busy_run();
    let keys = KeyReader {
        prompt: Some(Prompt::Look(run.player())),
        ..KeyReader::default()
    };
    let terminal = render(&run, &keys, 120, 36);
    let screen = screen_text(&terminal);
    assert!(screen.contains("Look: You, on "), "{screen}");
    assert_eq!(cells_under_the_cursor(&terminal), 1);
}

#[test]
fn the_aiming_cursor_is_drawn_where_it_aims_and_the_prompt_says_how_to_fire() {
    let run = busy_run();
    let at = run.player().offset(1, 0);
    let keys = KeyReader {
        prompt: Some(Prompt::Aim(delve_rules::view::AimVerb::Throw(0), at)),
        ..KeyReader::default()
    };
    let terminal = render(&run, &keys, 120, 36);
    let screen = screen_text(&terminal);
    assert!(screen.contains("Throw at: "), "{screen}");
    assert!(screen.contains("Tab: next monster"), "{screen}");
    assert_eq!(cells_under_the_cursor(&terminal), 1);
}

#[test]
fn the_end_screen_offers_its_keys() {
    let mut run = busy_run();
    run.stage().end_run(delve_rules::run::RunEnd::Died {
        cause: "killed by a kobold on depth 1".into(),
    });
    let screen = screen_text(&render(&run, &KeyReader::default(), 120, 36));
    assert!(
        screen.contains("You died: killed by a kobold on depth 1."),
        "{screen}"
    );
    assert!(
        screen.contains("Esc: the title screen (a new run; Run history lists your runs, to"),
        "{screen}"
    );
    assert!(screen.contains("seed 42"), "{screen}");
}

#[test]
fn views_keep_the_player_in_the_middle_and_small_maps_centred() {
    assert_eq!(view_start(40, 80, 20), 30);
    assert_eq!(view_start(2, 80, 20), 0);
    assert_eq!(view_start(79, 80, 20), 60);
    assert_eq!(view_start(5, 10, 20), -5);
}

#[test]
fn layout_glyphs_are_the_level_legends_and_terrain_glyphs_are_no_items_or_monsters() {
    for tile in Tile::ALL[..6].iter().copied().filter(|&t| t != Tile::Loot) {
        let (glyph, _) = terrain_look(Terrain::of(tile), Palette::default());
        assert_eq!(glyph, tile.glyph(), "{tile:?}");
    }
    let items: Vec<char> = delve_levels::loot::default_loot_table()
        .items()
        .iter()
        .map(|i| i.glyph)
        .collect();
    let monsters: Vec<char> = delve_levels::monsters::default_monster_table()
        .kinds()
        .iter()
        .map(|k| k.glyph)
        .collect();
    let mut looks = std::collections::BTreeSet::new();
    for palette in PaletteName::ALL.map(Palette::of) {
        looks.clear();
        for terrain in Terrain::ALL {
            let (glyph, style) = terrain_look(terrain, palette);
            assert!(!items.contains(&glyph), "{terrain:?} looks like an item");
            assert!(
                !monsters.contains(&glyph),
                "{terrain:?} looks like a monster"
            );
            looks.insert((glyph, format!("{style:?}")));
        }
        // Every terrain its own glyph or colour; the four traps share theirs.
        assert_eq!(looks.len(), Terrain::ALL.len() - 3, "{:?}", palette.name());
    }
}

/// The colours of every cell of the screen: (foreground, background).
fn screen_colours(terminal: &Terminal<TestBackend>) -> Vec<(Color, Color)> {
    let buffer = terminal.backend().buffer();
    buffer.content().iter().map(|c| (c.fg, c.bg)).collect()
}

#[test]
fn switching_the_palette_changes_the_colours_drawn_and_nothing_else() {
    let run = busy_run();
    let mut log = NoticeLog::default();
    log.push(0, "Depth 1: a cave.".to_owned());
    let keys = KeyReader::default();
    let classic = render_in(&run, &log, &keys, 120, 36, Palette::default());
    for name in [PaletteName::ColourBlind, PaletteName::HighContrast] {
        let palette = Palette::of(name);
        let other = render_in(&run, &log, &keys, 120, 36, palette);
        assert_eq!(screen_text(&other), screen_text(&classic), "{name:?}");
        assert_ne!(screen_colours(&other), screen_colours(&classic), "{name:?}");
        // The player in the palette's colour, every cell on its background.
        let buffer = other.backend().buffer();
        let player = buffer
            .content()
            .iter()
            .find(|c| c.symbol() == "@")
            .expect("the player is drawn");
        assert_eq!(player.fg, colour(palette, Hue::Player), "{name:?}");
        let background = colour(palette, Hue::Background);
        assert!(
            buffer.content().iter().all(|c| c.bg == background),
            "{name:?}: a cell off the background"
        );
    }
}

#[test]
fn a_click_on_an_inventory_line_finds_its_item() {
    let run = busy_run();
    let log = NoticeLog::default();
    let asking = KeyReader {
        prompt: Some(Prompt::Item(ItemVerb::Drop)),
        ..KeyReader::default()
    };
    for (width, height) in [(70, 20), (120, 36)] {
        let screen = screen_text(&render_with(&run, &log, &asking, width, height));
        let shown = Screen {
            run: &run,
            log: &log,
            keys: &asking,
            hover: None,
            keymap: &delve_rules::view::Keymap::default(),
            options: None,
            palette: Palette::default(),
        };
        let area = Rect::new(0, 0, width, height);
        for (letter, line) in [('a', "a) ! "), ('b', "b) ) dagger"), ('c', "c) % food")] {
            // In the overlay (its border and padding before it), not the side panel;
            // the column counted in characters.
            let inside = format!("│ {line}");
            let row = screen.lines().position(|l| l.contains(&inside)).unwrap();
            let text = screen.lines().nth(row).unwrap();
            let column = text[..text.find(&inside).unwrap()].chars().count() as u16 + 2;
            assert_eq!(
                item_letter_at(area, &shown, column + 3, row as u16),
                Some(letter),
                "{width}x{height}: {line}"
            );
        }
        assert_eq!(item_letter_at(area, &shown, 0, 0), None, "the corner");
    }
}
