//! Tests of keys.rs.
use super::*;
use crate::view::{NamedKey, command_for_char, command_for_key};

const PLAYING: KeyContext = KeyContext {
    watching: false,
    run_over: false,
    player: Pos { x: 5, y: 5 },
    map: (20, 10),
    log_lines: 40,
    targets: Targets::NONE,
    aimed: Letters(0),
    read_on_an_item: Letters(0),
    sights: Targets::NONE,
    places: Targets::NONE,
    risks: StepRisks::NONE,
    way: Way::None,
    explore_over_trap: None,
};

fn press(reader: &mut KeyReader, c: char) -> Reaction {
    reader.press(command_for_char(c), Some(c), PLAYING)
}

fn press_key(reader: &mut KeyReader, key: NamedKey, context: KeyContext) -> Reaction {
    reader.press(command_for_key(key), None, context)
}

#[test]
fn a_then_a_letter_uses_that_item_and_anything_else_cancels() {
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, 'a'), Reaction::Redraw);
    assert_eq!(reader.item_verb(), Some(ItemVerb::Use));
    assert_eq!(press(&mut reader, 'c'), Reaction::Act(PlayerAction::Use(2)));
    assert_eq!(press(&mut reader, 'a'), Reaction::Redraw);
    assert_eq!(press(&mut reader, '.'), Reaction::Redraw, "never mind");
    assert_eq!(reader.item_verb(), None);
    assert_eq!(press(&mut reader, '.'), Reaction::Act(PlayerAction::Wait));
    assert_eq!(press(&mut reader, 'd'), Reaction::Redraw);
    assert_eq!(reader.item_verb(), Some(ItemVerb::Drop));
    assert_eq!(
        press(&mut reader, 'b'),
        Reaction::Act(PlayerAction::Drop(1))
    );
}

#[test]
fn overlays_take_every_key_until_they_close() {
    for (open, overlay) in [
        ('?', Overlay::Help),
        ('M', Overlay::Log),
        ('i', Overlay::Inventory),
    ] {
        let mut reader = KeyReader::default();
        assert_eq!(press(&mut reader, open), Reaction::Redraw);
        assert!(reader.shows(overlay));
        for c in ['j', 'h', '.', 'x', '>', 'g', 'S', 'R', 'Z', ';'] {
            let reaction = press(&mut reader, c);
            assert!(
                !matches!(reaction, Reaction::Act(_) | Reaction::Say(_)),
                "{c:?} reached the game through the {overlay:?} overlay: {reaction:?}"
            );
            assert!(reader.shows(overlay), "{c:?} closed {overlay:?}");
            assert_eq!(reader.prompt, None);
        }
        assert_eq!(
            press_key(&mut reader, NamedKey::Escape, PLAYING),
            Reaction::Redraw
        );
        assert_eq!(reader.overlay, None);
        assert_eq!(press(&mut reader, open), Reaction::Redraw);
        assert_eq!(press(&mut reader, open), Reaction::Redraw);
        assert_eq!(reader.overlay, None, "its own key closes it too");
    }
}

#[test]
fn the_scrolls_by_lines_and_pages_within_its_length() {
    let mut reader = KeyReader::default();
    press_key(&mut reader, NamedKey::PageUp, PLAYING);
    assert!(reader.shows(Overlay::Log), "PageUp opens the log");
    assert_eq!(reader.scroll, LOG_PAGE);
    press(&mut reader, 'k');
    assert_eq!(reader.scroll, LOG_PAGE + 1);
    press_key(&mut reader, NamedKey::Down, PLAYING);
    assert_eq!(reader.scroll, LOG_PAGE);
    press_key(&mut reader, NamedKey::Home, PLAYING);
    assert_eq!(reader.scroll, 39);
    press_key(&mut reader, NamedKey::PageUp, PLAYING);
    assert_eq!(reader.scroll, 39, "no further than the oldest line");
    press_key(&mut reader, NamedKey::End, PLAYING);
    assert_eq!(reader.scroll, 0);
    press_key(&mut reader, NamedKey::PageDown, PLAYING);
    assert_eq!(reader.scroll, 0);
}

#[test]
fn the_help_scrolls_down_from_the_top() {
    let mut reader = KeyReader::default();
    press(&mut reader, '?');
    press_key(&mut reader, NamedKey::PageDown, PLAYING);
    assert_eq!(reader.scroll, LOG_PAGE);
    press(&mut reader, 'k');
    assert_eq!(reader.scroll, LOG_PAGE - 1);
    press_key(&mut reader, NamedKey::Home, PLAYING);
    assert_eq!(reader.scroll, 0);
    press_key(&mut reader, NamedKey::End, PLAYING);
    assert_eq!(reader.scroll, crate::view::help_text().lines().count() - 1);
}

#[test]
fn escape_closes_overlays_then_ends_a_watch_then_asks_to_save_and_quit() {
    let watching = KeyContext {
        watching: true,
        ..PLAYING
    };
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, '?'), Reaction::Redraw);
    assert_eq!(
        press_key(&mut reader, NamedKey::Escape, watching),
        Reaction::Redraw
    );
    assert_eq!(reader.overlay, None);
    assert_eq!(
        press_key(&mut reader, NamedKey::Escape, watching),
        Reaction::Act(PlayerAction::StopWatching)
    );
    assert_eq!(
        press_key(&mut reader, NamedKey::Escape, PLAYING),
        Reaction::Redraw
    );
    assert_eq!(reader.prompt, Some(Prompt::Question(Question::Quit)));
    assert_eq!(press(&mut reader, 'j'), Reaction::Nothing, "still asking");
    assert_eq!(press(&mut reader, 'n'), Reaction::Redraw);
    assert_eq!(reader.prompt, None);
    press_key(&mut reader, NamedKey::Escape, PLAYING);
    assert_eq!(press(&mut reader, 'y'), Reaction::SaveAndQuit);
}

#[test]
fn loading_over_a_run_in_progress_asks_and_a_finished_run_does_not() {
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, 'L'), Reaction::Redraw);
    assert_eq!(reader.prompt, Some(Prompt::Question(Question::LoadOverRun)));
    assert_eq!(press(&mut reader, 'y'), Reaction::Act(PlayerAction::Load));
    let over = KeyContext {
        run_over: true,
        ..PLAYING
    };
    assert_eq!(
        press_key(&mut reader, NamedKey::F9, over),
        Reaction::Act(PlayerAction::Load)
    );
}

#[test]
fn the_end_screen_takes_only_the_keys_it_offers() {
    let over = KeyContext {
        run_over: true,
        ..PLAYING
    };
    let mut reader = KeyReader::default();
    for c in ['a', 'd', 'j', '.', 'x', 'S', 'g', 'Z', 'R', '>', ';'] {
        assert_eq!(
            reader.press(command_for_char(c), Some(c), over),
            Reaction::Nothing,
            "{c:?} on the end screen"
        );
        assert_eq!(reader.prompt, None);
    }
    assert_eq!(
        reader.press(command_for_char('K'), Some('K'), over),
        Reaction::Act(PlayerAction::ShowKey)
    );
    assert_eq!(
        reader.press(command_for_char('M'), Some('M'), over),
        Reaction::Redraw
    );
    reader.overlay = None;
    assert_eq!(
        press_key(&mut reader, NamedKey::Escape, over),
        Reaction::BackToTitle
    );
}

#[test]
fn the_look_cursor_moves_on_the_level_and_takes_every_key() {
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, ';'), Reaction::Redraw);
    assert_eq!(reader.look_cursor(), Some(PLAYING.player));
    press(&mut reader, 'l');
    press(&mut reader, 'n');
    assert_eq!(reader.look_cursor(), Some(Pos::new(7, 6)));
    for _ in 0..30 {
        press(&mut reader, 'k');
    }
    assert_eq!(
        reader.look_cursor(),
        Some(Pos::new(7, 0)),
        "kept on the map"
    );
    assert_eq!(press(&mut reader, 'g'), Reaction::Nothing);
    assert_eq!(press(&mut reader, ';'), Reaction::Redraw);
    assert_eq!(reader.look_cursor(), None);
}

#[test]
fn a_start_with_a_saved_run_asks_to_continue_it() {
    let mut reader = KeyReader::asking(Question::Continue);
    assert_eq!(press(&mut reader, 'j'), Reaction::Nothing);
    assert_eq!(press(&mut reader, 'y'), Reaction::Act(PlayerAction::Load));
    let mut reader = KeyReader::asking(Question::Continue);
    assert!(matches!(press(&mut reader, 'n'), Reaction::Say(_)));
    assert_eq!(
        press(&mut reader, 'j'),
        Reaction::Act(PlayerAction::Move(0, 1))
    );
}

/// Playing with two monsters in view (the nearer first), a wand under `b` and a known
/// scroll of enchanting under `c`.
const AIMING: KeyContext = KeyContext {
    targets: Targets {
        positions: [
            Pos { x: 7, y: 5 },
            Pos { x: 5, y: 9 },
            Pos { x: 0, y: 0 },
            Pos { x: 0, y: 0 },
            Pos { x: 0, y: 0 },
            Pos { x: 0, y: 0 },
            Pos { x: 0, y: 0 },
            Pos { x: 0, y: 0 },
        ],
        count: 2,
    },
    aimed: Letters(0b10),
    read_on_an_item: Letters(0b100),
    ..PLAYING
};

fn press_in(reader: &mut KeyReader, c: char, context: KeyContext) -> Reaction {
    reader.press(command_for_char(c), Some(c), context)
}

#[test]
fn t_then_a_letter_aims_from_the_nearest_monster_and_tab_goes_to_the_next() {
    let mut reader = KeyReader::default();
    assert_eq!(press_in(&mut reader, 't', AIMING), Reaction::Redraw);
    assert_eq!(reader.item_verb(), Some(ItemVerb::Throw));
    assert_eq!(press_in(&mut reader, 'a', AIMING), Reaction::Redraw);
    assert_eq!(
        reader.aim_cursor(),
        Some(Pos::new(7, 5)),
        "the nearest first"
    );
    assert_eq!(reader.cursor(), Some(Pos::new(7, 5)));
    assert_eq!(
        press_key(&mut reader, NamedKey::Tab, AIMING),
        Reaction::Redraw
    );
    assert_eq!(reader.aim_cursor(), Some(Pos::new(5, 9)));
    assert_eq!(
        press_key(&mut reader, NamedKey::Tab, AIMING),
        Reaction::Redraw
    );
    assert_eq!(reader.aim_cursor(), Some(Pos::new(7, 5)), "round again");
    // Movement keys move it; other keys do nothing and it stays.
    assert_eq!(press_in(&mut reader, 'j', AIMING), Reaction::Redraw);
    assert_eq!(reader.aim_cursor(), Some(Pos::new(7, 6)));
    for c in ['x', '>', 'g', 'Z', 'S', 'i'] {
        assert_eq!(press_in(&mut reader, c, AIMING), Reaction::Nothing, "{c:?}");
        assert_eq!(reader.aim_cursor(), Some(Pos::new(7, 6)));
    }
    assert_eq!(
        press_key(&mut reader, NamedKey::Enter, AIMING),
        Reaction::Act(PlayerAction::Throw(0, Pos::new(7, 6)))
    );
    assert_eq!(reader.prompt, None);
    // `t` fires too, and Esc puts the item away.
    press_in(&mut reader, 't', AIMING);
    press_in(&mut reader, 'a', AIMING);
    assert_eq!(
        press_in(&mut reader, 't', AIMING),
        Reaction::Act(PlayerAction::Throw(0, Pos::new(7, 5)))
    );
    press_in(&mut reader, 't', AIMING);
    press_in(&mut reader, 'a', AIMING);
    assert_eq!(
        press_key(&mut reader, NamedKey::Escape, AIMING),
        Reaction::Redraw
    );
    assert_eq!(reader.prompt, None);
}

#[test]
fn a_wand_opens_the_aiming_cursor_and_a_known_scroll_asks_for_the_item() {
    let mut reader = KeyReader::default();
    press_in(&mut reader, 'a', AIMING);
    assert_eq!(press_in(&mut reader, 'b', AIMING), Reaction::Redraw);
    assert_eq!(reader.aim_cursor(), Some(Pos::new(7, 5)));
    assert_eq!(
        press_in(&mut reader, 'a', AIMING),
        Reaction::Act(PlayerAction::UseAt(1, Pos::new(7, 5)))
    );
    press_in(&mut reader, 'a', AIMING);
    assert_eq!(press_in(&mut reader, 'c', AIMING), Reaction::Redraw);
    assert_eq!(reader.item_verb(), Some(ItemVerb::UseOn(2)));
    assert_eq!(
        press_in(&mut reader, 'a', AIMING),
        Reaction::Act(PlayerAction::UseOn(2, 0))
    );
    // Anything else is used at once.
    press_in(&mut reader, 'a', AIMING);
    assert_eq!(
        press_in(&mut reader, 'd', AIMING),
        Reaction::Act(PlayerAction::Use(3))
    );
}

#[test]
fn with_nobody_in_view_the_cursor_starts_on_the_player_and_will_not_fire_there() {
    let mut reader = KeyReader::default();
    press(&mut reader, 't');
    press(&mut reader, 'a');
    assert_eq!(reader.aim_cursor(), Some(PLAYING.player));
    assert!(matches!(
        press_key(&mut reader, NamedKey::Enter, PLAYING),
        Reaction::Say(_)
    ));
    assert_eq!(reader.aim_cursor(), Some(PLAYING.player), "still aiming");
    assert_eq!(
        press_key(&mut reader, NamedKey::Tab, PLAYING),
        Reaction::Redraw
    );
    assert_eq!(
        reader.aim_cursor(),
        Some(PLAYING.player),
        "no monster to go to"
    );
    press(&mut reader, 'l');
    assert_eq!(
        press_key(&mut reader, NamedKey::Enter, PLAYING),
        Reaction::Act(PlayerAction::Throw(0, Pos::new(6, 5)))
    );
}

#[test]
fn outside_the_aiming_cursor_tab_and_enter_do_nothing() {
    let mut reader = KeyReader::default();
    assert_eq!(
        press_key(&mut reader, NamedKey::Tab, AIMING),
        Reaction::Nothing
    );
    assert_eq!(
        press_key(&mut reader, NamedKey::Enter, AIMING),
        Reaction::Nothing
    );
}

#[test]
fn the_inventorys_a_d_and_t_ask_for_the_letter_as_on_the_map() {
    for (c, verb, action) in [
        ('a', ItemVerb::Use, PlayerAction::Use(2)),
        ('d', ItemVerb::Drop, PlayerAction::Drop(2)),
    ] {
        let mut reader = KeyReader::default();
        press(&mut reader, 'i');
        assert_eq!(press(&mut reader, c), Reaction::Redraw);
        assert_eq!(reader.item_verb(), Some(verb));
        assert!(
            !reader.shows(Overlay::Inventory),
            "the question's list replaces it"
        );
        assert_eq!(press(&mut reader, 'c'), Reaction::Act(action));
    }
    let mut reader = KeyReader::default();
    press(&mut reader, 'i');
    press(&mut reader, 't');
    assert_eq!(reader.item_verb(), Some(ItemVerb::Throw));
    // The help and the log keep them from the run.
    let mut reader = KeyReader::default();
    press(&mut reader, '?');
    assert_eq!(press(&mut reader, 'a'), Reaction::Nothing);
    assert!(reader.shows(Overlay::Help));
}

#[test]
fn explore_asks_first_where_the_only_way_on_crosses_a_trap_found() {
    let mut reader = KeyReader::default();
    assert_eq!(
        press(&mut reader, 'x'),
        Reaction::Act(PlayerAction::Explore)
    );
    let beyond = Pos { x: 9, y: 2 };
    let over_a_trap = KeyContext {
        explore_over_trap: Some(beyond),
        ..PLAYING
    };
    assert_eq!(
        press_in(&mut reader, 'x', over_a_trap),
        Reaction::Redraw,
        "asked, not gone"
    );
    assert_eq!(
        reader.prompt,
        Some(Question::ExploreOverTrap(beyond).into_prompt())
    );
    assert_eq!(
        press_in(&mut reader, 'y', over_a_trap),
        Reaction::Act(PlayerAction::ExploreOverTraps)
    );
    assert_eq!(press_in(&mut reader, 'x', over_a_trap), Reaction::Redraw);
    assert_eq!(press_in(&mut reader, 'n', over_a_trap), Reaction::Redraw);
    assert_eq!(reader.prompt, None, "no means stay");
}
