//! Monsters in the headless game: their entities follow the run, a hunter that sees the
//! player comes and attacks, the player can die and win, a save in the middle of a
//! fight loads and goes on identically, and random play keeps creatures apart.

use super::*;
use delve::game::headless::FinalState;
use delve::game::level::LevelMonster;
use delve::game::saving::SaveRequest;
use delve::monsters::{Mind, Monster, default_monster_table};
use delve::run::Rules;

fn fighting(seed: u64) -> RunSettings {
    RunSettings {
        rules: Rules::Monsters,
        ..settings(seed, None)
    }
}

impl TestContext {
    /// The monster entities: (id, kind, position, hit points), by id.
    fn monster_entities(&mut self) -> Vec<(u32, usize, Pos, u32)> {
        let world = self.app.world_mut();
        let mut shown: Vec<_> = world
            .query::<(&LevelMonster, &GridPos)>()
            .iter(world)
            .map(|(m, at)| (m.id, m.kind, at.0, m.hp))
            .collect();
        shown.sort();
        shown
    }

    /// Leaves only a monster of `kind` on the level, at `pos`, hunting.
    fn alone_with(&mut self, kind: &str, pos: Pos) {
        let kind = default_monster_table().index_of(kind).unwrap();
        let mut model = self.app.world_mut().resource_mut::<RunModel>();
        let run = &mut model.0;
        run.level.monsters = vec![Monster {
            id: 0,
            kind,
            pos,
            hp: default_monster_table().kind(kind).unwrap().hp,
            mind: Mind::Hunting(run.player),
        }];
        let monsters = run.level.monsters.clone();
        run.fight.as_mut().unwrap().schedule_level(&monsters);
        settle(&mut self.app);
    }

    fn hp(&self) -> u32 {
        self.run().fight.as_ref().unwrap().hp
    }

    fn final_state(&mut self) -> FinalState {
        final_state(&mut self.app).unwrap()
    }
}

/// A floor tile `distance` steps (Chebyshev) from the player, in view.
fn floor_in_view(run: &RunState, distance: i32) -> Option<Pos> {
    let tiles = &run.level.level.tiles;
    tiles.positions().find(|&p| {
        tiles[p] == Tile::Floor
            && p.chebyshev(run.player) == distance
            && run.level.visible[tiles.index_of(p)]
    })
}

#[test]
fn monster_entities_mirror_the_runs_monsters() {
    let mut t = TestContext::with_settings(fighting(5));
    let expected = |run: &RunState| {
        let mut m: Vec<_> = run
            .level
            .monsters
            .iter()
            .map(|m| (m.id, m.kind, m.pos, m.hp))
            .collect();
        m.sort();
        m
    };
    assert!(!t.run().level.monsters.is_empty(), "depth 1 has monsters");
    let run_monsters = expected(t.run());
    assert_eq!(t.monster_entities(), run_monsters);
    t.act(&delve::game::parse_actions("........").unwrap());
    let run_monsters = expected(t.run());
    assert_eq!(
        t.monster_entities(),
        run_monsters,
        "they moved, and so did their entities"
    );
}

#[test]
fn a_monster_that_sees_the_player_approaches_and_attacks() {
    let mut t = TestContext::with_settings(fighting(8));
    let at = floor_in_view(t.run(), 6).expect("room in view");
    t.alone_with("kobold", at);
    let mut distance = 6;
    for _ in 0..20 {
        t.act(&[PlayerAction::Wait]);
        let (_, _, pos, _) = t.monster_entities()[0];
        let now = pos.chebyshev(t.player());
        assert!(now <= distance, "it came from {distance} to {now}");
        distance = now;
    }
    assert_eq!(distance, 1);
    assert!(t.hp() < 30, "and it hit");
    assert!(
        t.final_state()
            .messages
            .iter()
            .any(|m| m.starts_with("The kobold hits you")),
        "the player is told"
    );
}

#[test]
fn the_player_can_die_and_the_headless_state_says_how() {
    let mut t = TestContext::with_settings(fighting(3));
    let at = floor_in_view(t.run(), 1).expect("floor next to the player");
    t.alone_with("troll", at);
    for _ in 0..100 {
        t.act(&[PlayerAction::Wait]);
    }
    let state = t.final_state();
    assert_eq!(state.outcome, "dead: killed by a troll on depth 1");
    assert_eq!((state.hp, state.max_hp), (Some(0), Some(30)));
}

#[test]
fn the_player_can_win() {
    let mut campaign = CampaignConfig::builtin();
    campaign.seed = 4;
    campaign.final_depth = Some(1);
    let mut t = TestContext::with_settings(RunSettings {
        campaign,
        ..fighting(4)
    });
    {
        let mut model = t.app.world_mut().resource_mut::<RunModel>();
        let run = &mut model.0;
        run.level.monsters.clear();
    }
    // The level's rune opens its stairs: walk to it (stepping on it takes it), then down.
    let rune = t.run().must_find_here().expect("the level has its rune");
    let at = t
        .run()
        .level
        .items
        .iter()
        .find(|i| i.item == rune)
        .unwrap()
        .pos;
    t.walk_to(at);
    assert!(!t.run().stairs_sealed());
    let down = t.current().level.down;
    t.walk_to(down);
    t.act(&[PlayerAction::Descend]);
    let state = t.final_state();
    assert_eq!(state.outcome, "won");
    assert_eq!(state.depth, 1);
}

#[test]
fn a_save_in_the_middle_of_a_fight_loads_and_goes_on_identically() {
    let dir = std::env::temp_dir().join(format!("delve-fight-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fight.sav");
    let mut t = TestContext::with_settings(RunSettings {
        save_path: path.clone(),
        ..fighting(11)
    });
    let at = floor_in_view(t.run(), 2).expect("room in view");
    t.alone_with("goblin skulker", at);
    t.act(&delve::game::parse_actions("..").unwrap());
    t.app.world_mut().write_message(SaveRequest::Save);
    settle(&mut t.app);
    let rest = delve::game::parse_actions("hjkl..yubn..").unwrap();
    t.act(&rest);
    let went_on = t.run().clone();
    t.app.world_mut().write_message(SaveRequest::Load);
    settle(&mut t.app);
    t.act(&rest);
    assert_eq!(t.run().snapshot(), went_on.snapshot());
    assert_eq!(t.run().fight, went_on.fight);
}

#[test]
fn random_play_keeps_creatures_apart_out_of_walls_and_within_their_hit_points() {
    let mut rng = delve::rng::StreamRng::new(77, delve::rng::Stream::Cosmetic);
    let letters = ['h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', '.', 'g', '>', '<'];
    for seed in 0..6 {
        let mut t = TestContext::with_settings(fighting(100 + seed));
        for _ in 0..8 {
            let text: String = (0..25)
                .map(|_| letters[rng.below(letters.len() as u32) as usize])
                .collect();
            t.act(&delve::game::parse_actions(&text).unwrap());
            let run = t.run().clone();
            let tiles = &run.level.level.tiles;
            let mut taken = std::collections::BTreeSet::from([run.player]);
            for (_, kind, pos, hp) in t.monster_entities() {
                assert!(tiles.is_walkable(pos), "seed {seed}: a monster in a wall");
                assert!(taken.insert(pos), "seed {seed}: two creatures on {pos}");
                assert!(hp >= 1 && hp <= default_monster_table().kind(kind).unwrap().hp);
            }
            let fight = run.fight.as_ref().unwrap();
            assert!(fight.hp <= fight.max_hp);
        }
    }
}
