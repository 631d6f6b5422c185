//! The player's interface in the pure view and rules: travel to a chosen tile walks
//! exactly the way the preview draws, never over a found trap unless the player says
//! so; a click means what the key would; a step onto known harm asks first; the line of
//! fire stops where the shot would; look and the travel cursor cycle with Tab.

use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;
use delve_rules::run::{Missile, Outcome, PlayerAction, RunState, StepRisk};
use delve_rules::view::{
    Click, KeyContext, KeyReader, Mark, Marks, OwnTile, Prompt, Question, Reaction, Way,
    command_for_char, command_for_key, describe, map_view, preview,
};

use super::support::{peaceful, put_monster, said, with_monsters_staying};

/// A run of `seed` alone on a level the player remembers whole.
fn remembered(seed: u64) -> RunState {
    let mut run = peaceful(seed);
    run.stage().clear_items().remember_everything();
    run
}

/// The walkable tile farthest (by travel) from the player that a route reaches.
fn far_tile(run: &RunState) -> Pos {
    let tiles = &run.level().level.tiles;
    tiles
        .positions()
        .filter(|&p| tiles[p] == Tile::Floor)
        .filter_map(|p| Some((run.route_to(p)?.steps.len(), p)))
        .max()
        .expect("a reachable floor tile")
        .1
}

/// Where the player stepped, in order.
fn steps_taken(outcomes: &[Outcome]) -> Vec<Pos> {
    outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Moved { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

fn context(run: &RunState, focus: Option<Pos>) -> KeyContext {
    KeyContext::of(run, 0, focus, true)
}

fn press(reader: &mut KeyReader, run: &RunState, c: char) -> Reaction {
    reader.press(command_for_char(c), Some(c), context(run, reader.cursor()))
}

#[test]
fn travel_to_a_tile_walks_the_way_the_preview_draws() {
    for seed in 0..8 {
        let mut run = remembered(seed);
        let to = far_tile(&run);
        let route = run.route_to(to).expect("a way");
        assert!(!route.over_trap);
        assert_eq!(route.steps.last(), Some(&to));
        // The preview under the pointer marks that way, and the pointer's tile.
        let marks = preview(&run, &KeyReader::default(), Some(to));
        assert_eq!(marks.route, route.steps);
        let view = map_view(&run, &marks);
        assert_eq!(view[to].mark, Some(Mark::Cursor));
        for &step in &route.steps[..route.steps.len() - 1] {
            assert_eq!(view[step].mark, Some(Mark::Route), "seed {seed}: {step}");
        }
        let outcomes = run.apply(PlayerAction::TravelTo(to));
        assert_eq!(steps_taken(&outcomes), route.steps, "seed {seed}");
        assert_eq!(run.player(), to);
    }
}

#[test]
fn travel_crosses_a_found_trap_only_when_the_player_says_so() {
    let mut tested = 0;
    for seed in 0..40 {
        let mut run = remembered(seed);
        let to = far_tile(&run);
        let route = run.route_to(to).expect("a way");
        // A found trap on the first step of the way that no other known way avoids.
        let choke = route.steps[..route.steps.len() - 1]
            .iter()
            .copied()
            .find(|&at| {
                run.stage().lay(at, Tile::AlarmTrap).find(at);
                let only_way = run.route_to(to).is_some_and(|r| r.over_trap);
                run.stage().lay(at, Tile::Floor);
                only_way
            });
        let Some(trap) = choke else {
            continue;
        };
        tested += 1;
        run.stage().lay(trap, Tile::AlarmTrap).find(trap);
        let over = run.route_to(to).expect("the way over the trap");
        assert!(over.over_trap && over.steps.contains(&trap), "seed {seed}");
        // Told plainly, travel stops short of it and says why.
        let start = run.player();
        let outcomes = run.apply(PlayerAction::TravelTo(to));
        assert!(!steps_taken(&outcomes).contains(&trap), "seed {seed}");
        assert!(said(&outcomes, "only when you say so"), "seed {seed}");
        // A click asks first; yes crosses it.
        run.stage().put_player(start);
        let mut reader = KeyReader::default();
        let asked = reader.click(Click::Left, to, context(&run, Some(to)), OwnTile::of(&run));
        assert_eq!(asked, Reaction::Redraw);
        assert_eq!(
            reader.prompt,
            Some(Prompt::Question(Question::CrossTrap(to)))
        );
        let yes = press(&mut reader, &run, 'y');
        assert_eq!(yes, Reaction::Act(PlayerAction::TravelOverTraps(to)));
        let outcomes = run.apply(PlayerAction::TravelOverTraps(to));
        assert!(
            steps_taken(&outcomes).contains(&trap),
            "seed {seed}: crossed"
        );
    }
    assert!(tested >= 3, "only {tested} levels had a chokepoint");
}

#[test]
fn a_click_means_what_the_key_would() {
    let mut run = with_monsters_staying(3);
    run.stage()
        .clear_monsters()
        .clear_items()
        .remember_everything();
    assert!(super::support::put_on_open_ground(&mut run, 1));
    let here = run.player();
    let click = |run: &RunState, reader: &mut KeyReader, button, at| {
        reader.click(button, at, context(run, Some(at)), OwnTile::of(run))
    };
    let mut reader = KeyReader::default();
    // On the player: a rest, or a pick-up where something lies.
    assert_eq!(
        click(&run, &mut reader, Click::Left, here),
        Reaction::Act(PlayerAction::Rest)
    );
    run.stage().put_item(here, 0);
    assert_eq!(
        click(&run, &mut reader, Click::Left, here),
        Reaction::Act(PlayerAction::PickUp)
    );
    // Next to the player: a step (an attack where a monster stands).
    let tiles = run.level().level.tiles.clone();
    let (dx, dy) = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ]
    .into_iter()
    .find(|&(dx, dy)| tiles[here.offset(dx, dy)] == Tile::Floor)
    .expect("floor beside the start");
    let beside = here.offset(dx, dy);
    assert_eq!(
        click(&run, &mut reader, Click::Left, beside),
        Reaction::Act(PlayerAction::Move(dx, dy))
    );
    put_monster(&mut run, "kobold", beside, Mind::Hunting(here));
    assert_eq!(
        click(&run, &mut reader, Click::Left, beside),
        Reaction::Act(PlayerAction::Move(dx, dy)),
        "an attack is a step into the monster"
    );
    // Farther: travel there.
    let far = far_tile(&run);
    assert_eq!(
        click(&run, &mut reader, Click::Left, far),
        Reaction::Act(PlayerAction::TravelTo(far))
    );
    // The right button looks.
    assert_eq!(
        click(&run, &mut reader, Click::Right, far),
        Reaction::Redraw
    );
    assert_eq!(reader.prompt, Some(Prompt::Look(far)));
    // On the stairs the player stands on: take them.
    let up = run.level().level.up;
    run.stage().clear_monsters().put_player(up);
    let mut reader = KeyReader::default();
    assert_eq!(
        click(&run, &mut reader, Click::Left, up),
        Reaction::Act(PlayerAction::Ascend)
    );
    // A place with no known way: said, nothing done.
    let unknown_run = with_monsters_staying(3);
    let wall = unknown_run.level().level.tiles.positions().find(|&p| {
        p.chebyshev(unknown_run.player()) > 3
            && !unknown_run.level().seen[unknown_run.level().level.tiles.index_of(p)]
    });
    if let Some(wall) = wall {
        let reaction = click(&unknown_run, &mut KeyReader::default(), Click::Left, wall);
        assert_eq!(reaction, Reaction::Say("You know no way there."));
    }
}

#[test]
fn a_step_onto_known_harm_asks_first_unless_turned_off() {
    let mut run = with_monsters_staying(5);
    run.stage().clear_monsters();
    assert!(super::support::put_on_open_ground(&mut run, 2));
    let east = run.player().offset(1, 0);
    run.stage().lay(east, Tile::Chasm);
    assert_eq!(run.risk_of_step(1, 0), Some(StepRisk::Chasm));
    assert_eq!(run.risk_of_step(-1, 0), None, "floor is no risk");
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, &run, 'l'), Reaction::Redraw);
    assert_eq!(
        reader.prompt,
        Some(Prompt::Question(Question::StepInto(1, 0, StepRisk::Chasm)))
    );
    assert_eq!(press(&mut reader, &run, 'n'), Reaction::Redraw, "no: stay");
    assert_eq!(reader.prompt, None);
    press(&mut reader, &run, 'l');
    assert_eq!(
        press(&mut reader, &run, 'y'),
        Reaction::Act(PlayerAction::Move(1, 0))
    );
    // Turned off in the options: the step is taken at once.
    let unasked = KeyContext::of(&run, 0, None, false);
    let mut reader = KeyReader::default();
    assert_eq!(
        reader.press(command_for_char('l'), Some('l'), unasked),
        Reaction::Act(PlayerAction::Move(1, 0))
    );
    // A found trap asks; one never found does not (the player does not know it).
    let west = run.player().offset(-1, 0);
    run.stage().lay(west, Tile::DartTrap);
    assert_eq!(run.risk_of_step(-1, 0), None, "not found: looks like floor");
    run.stage().find(west);
    assert_eq!(run.risk_of_step(-1, 0), Some(StepRisk::Trap));
}

#[test]
fn the_line_of_fire_stops_at_the_first_creature_or_a_wall() {
    let mut run = with_monsters_staying(5);
    run.stage().clear_monsters();
    assert!(super::support::put_on_open_ground(&mut run, 2));
    let here = run.player();
    let near = here.offset(1, 0);
    let far = here.offset(2, 0);
    put_monster(&mut run, "kobold", near, Mind::Hunting(here));
    let line = run.line_of_fire(far, Missile::Thrown);
    assert_eq!(line.struck, Some(near), "the nearer creature takes it");
    assert_eq!(line.path, vec![near]);
    let bolt = run.line_of_fire(near, Missile::Bolt);
    assert_eq!(bolt.struck, Some(near));
    run.stage().clear_monsters().lay(near, Tile::Wall);
    let blocked = run.line_of_fire(far, Missile::Bolt);
    assert_eq!((blocked.struck, blocked.wall), (None, Some(near)));
    assert!(blocked.path.is_empty(), "nothing crossed before the wall");
    // The aiming cursor's preview marks where it stops.
    let mut reader = KeyReader::default();
    reader.prompt = Some(Prompt::Aim(delve_rules::view::AimVerb::Throw(0), far));
    let marks = preview(&run, &reader, None);
    assert_eq!((marks.cursor, marks.stop), (Some(far), Some(near)));
}

#[test]
fn look_names_what_lies_under_the_player_and_tab_cycles_what_is_in_view() {
    let mut run = with_monsters_staying(5);
    run.stage().clear_monsters().clear_items();
    assert!(super::support::put_on_open_ground(&mut run, 2));
    let here = run.player();
    let potion = run
        .campaign()
        .loot_table()
        .index_of("potion of healing")
        .unwrap();
    run.stage().put_item(here, potion);
    let words = describe(&run, here);
    assert!(words.starts_with("You, over a"), "{words}");
    let kobold_at = here.offset(2, 0);
    let dagger_at = here.offset(0, 2);
    put_monster(&mut run, "kobold", kobold_at, Mind::Asleep);
    run.stage()
        .put_item(kobold_at, potion)
        .put_item(dagger_at, potion);
    assert!(
        describe(&run, kobold_at).contains(", over a"),
        "{}",
        describe(&run, kobold_at)
    );
    let mut reader = KeyReader::default();
    press(&mut reader, &run, ';');
    let tab = command_for_key(delve_rules::view::NamedKey::Tab);
    let mut seen = Vec::new();
    for _ in 0..3 {
        reader.press(tab, None, context(&run, reader.cursor()));
        seen.push(reader.cursor().unwrap());
    }
    assert_eq!(seen[0], seen[2], "round again after the last");
    let mut both = vec![seen[0], seen[1]];
    both.sort_by_key(|p| (p.y, p.x));
    let mut wanted = vec![kobold_at, dagger_at];
    wanted.sort_by_key(|p| (p.y, p.x));
    assert_eq!(both, wanted);
}

#[test]
fn the_travel_cursor_goes_to_the_stairs_with_tab_and_travels_on_enter() {
    let run = remembered(2);
    let mut reader = KeyReader::default();
    assert_eq!(press(&mut reader, &run, '_'), Reaction::Redraw);
    assert_eq!(reader.prompt, Some(Prompt::Travel(run.player())));
    let tab = command_for_key(delve_rules::view::NamedKey::Tab);
    reader.press(tab, None, context(&run, reader.cursor()));
    let down = run.level().level.down;
    assert_eq!(reader.cursor(), Some(down), "the stairs down first");
    let marks: Marks = preview(&run, &reader, None);
    assert_eq!(marks.route, run.route_to(down).unwrap().steps);
    let enter = command_for_key(delve_rules::view::NamedKey::Enter);
    let go = reader.press(enter, None, context(&run, reader.cursor()));
    assert_eq!(go, Reaction::Act(PlayerAction::TravelTo(down)));
    assert_eq!(reader.prompt, None);
    assert_eq!(context(&run, Some(down)).way, Way::Clear);
}

#[test]
fn a_click_on_an_inventory_line_answers_its_letter_or_uses_it() {
    use delve_rules::view::{ItemVerb, Overlay, inventory_overlay_lines, letter_of_line};
    let mut run = with_monsters_staying(5);
    let potion = run
        .campaign()
        .loot_table()
        .index_of("potion of healing")
        .unwrap();
    run.stage().carry(vec![potion]);
    let lines = inventory_overlay_lines(&run);
    let letters: Vec<char> = lines.iter().filter_map(|l| letter_of_line(l)).collect();
    assert_eq!(letters, vec!['a'], "{lines:?}");
    let mut reader = KeyReader::default();
    press(&mut reader, &run, 'd');
    assert_eq!(reader.item_verb(), Some(ItemVerb::Drop));
    assert_eq!(
        reader.click_item('a', context(&run, None)),
        Reaction::Act(PlayerAction::Drop(0))
    );
    press(&mut reader, &run, 'i');
    assert!(reader.shows(Overlay::Inventory));
    assert_eq!(
        reader.click_item('a', context(&run, None)),
        Reaction::Act(PlayerAction::Use(0)),
        "a click in the open inventory uses the item"
    );
    assert_eq!(
        KeyReader::default().click_item('a', context(&run, None)),
        Reaction::Nothing
    );
}

#[test]
fn the_travel_cursor_on_the_player_says_they_are_already_there_and_enter_takes_no_turn() {
    let mut run = remembered(2);
    // Off the stairs (where travelling to them says how to take them).
    let floor = far_tile(&run);
    run.stage().put_player(floor);
    let mut reader = KeyReader::default();
    press(&mut reader, &run, '_');
    assert_eq!(reader.prompt, Some(Prompt::Travel(run.player())));
    let line = delve_rules::view::prompt_line(&run, &reader, None).unwrap();
    assert!(line.contains("You are already there."), "{line}");
    assert!(!line.contains("No known way"), "{line}");
    let (turns, at) = (run.turns(), run.player());
    // Enter there travels there as anywhere else, and the log says so.
    let enter = command_for_key(delve_rules::view::NamedKey::Enter);
    let go = reader.press(enter, None, context(&run, reader.cursor()));
    assert_eq!(go, Reaction::Act(PlayerAction::TravelTo(at)));
    assert_eq!(reader.prompt, None, "the cursor is put away");
    let outcomes = run.apply(PlayerAction::TravelTo(at));
    assert!(said(&outcomes, "You are already there."));
    assert_eq!((run.turns(), run.player()), (turns, at));
}
