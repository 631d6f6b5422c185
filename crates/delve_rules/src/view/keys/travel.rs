//! The keys of travel and of steps: the travel cursor (`_`, Tab through the places of
//! note, Enter goes), a travel (or an explore) that asks before crossing a trap found,
//! and a step that
//! asks before known harmful ground — with the context types they read ([`Way`],
//! [`StepRisks`]).

use super::{Command, KeyContext, KeyReader, Prompt, Question, Reaction, moved_on_the_map};
use crate::run::{PlayerAction, StepRisk};
use delve_levels::grid::Pos;

/// The known way from the player to a tile, as travel would walk it
/// ([`crate::run::RunState::route_to`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Way {
    /// None known (or the tile is where the player stands).
    #[default]
    None,
    /// A way around every trap found.
    Clear,
    /// The only known way crosses a trap found.
    OverTrap,
}

/// The harm of a step in each of the eight directions ([`crate::run::RunState::risk_of_step`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepRisks([Option<StepRisk>; 9]);

impl StepRisks {
    /// No step asked about.
    pub const NONE: StepRisks = StepRisks([None; 9]);

    /// The risks `risk_of` gives for each step (dx, dy).
    pub fn of(risk_of: impl Fn(i32, i32) -> Option<StepRisk>) -> StepRisks {
        let mut risks = StepRisks::default();
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    risks.0[Self::index(dx, dy)] = risk_of(dx, dy);
                }
            }
        }
        risks
    }

    /// The harm of the step by (dx, dy), if any.
    pub fn at(&self, dx: i32, dy: i32) -> Option<StepRisk> {
        (dx.abs() <= 1 && dy.abs() <= 1)
            .then(|| self.0[Self::index(dx, dy)])
            .flatten()
    }

    fn index(dx: i32, dy: i32) -> usize {
        ((dy + 1) * 3 + dx + 1) as usize
    }
}

impl KeyReader {
    /// A step by (dx, dy): taken, or asked about first onto known harmful ground.
    pub(crate) fn step(&mut self, dx: i32, dy: i32, context: KeyContext) -> Reaction {
        match context.risks.at(dx, dy) {
            Some(risk) => {
                self.prompt = Some(Question::StepInto(dx, dy, risk).into_prompt());
                Reaction::Redraw
            }
            None => Reaction::Act(PlayerAction::Move(dx, dy)),
        }
    }

    /// `x`: explore — at once, or asked first where the only way on crosses a trap
    /// found.
    pub(crate) fn explore(&mut self, context: KeyContext) -> Reaction {
        self.prompt = None;
        match context.explore_over_trap {
            Some(beyond) => {
                self.prompt = Some(Question::ExploreOverTrap(beyond).into_prompt());
                Reaction::Redraw
            }
            None => Reaction::Act(PlayerAction::Explore),
        }
    }

    /// Travel to `to`, by `way`: at once around traps, asked first over one.
    pub(crate) fn travel_to(&mut self, to: Pos, way: Way) -> Reaction {
        match way {
            Way::Clear => {
                self.prompt = None;
                Reaction::Act(PlayerAction::TravelTo(to))
            }
            Way::OverTrap => {
                self.prompt = Some(Question::CrossTrap(to).into_prompt());
                Reaction::Redraw
            }
            Way::None => Reaction::Say("You know no way there."),
        }
    }

    /// A key while choosing where to travel: movement keys move the cursor, Tab goes to
    /// the next place of note, Enter (or the travel key again) goes — on the player's own
    /// tile, says they are there —, the stairs keys and explore do what they do, Esc
    /// never minds.
    pub(super) fn choose_travel(
        &mut self,
        at: Pos,
        command: Option<Command>,
        context: KeyContext,
    ) -> Reaction {
        match command {
            Some(Command::Act(PlayerAction::Move(dx, dy))) => {
                self.prompt = Some(Prompt::Travel(moved_on_the_map(at, dx, dy, context)));
                Reaction::Redraw
            }
            Some(Command::NextTarget) => {
                let next = context.places.after(at).unwrap_or(at);
                self.prompt = Some(Prompt::Travel(next));
                Reaction::Redraw
            }
            Some(Command::Fire | Command::Travel) if at == context.player => {
                // Said by the rules as any travel to where the player stands is ("You
                // are already there.", or how to take the stairs underfoot).
                self.prompt = None;
                Reaction::Act(PlayerAction::TravelTo(at))
            }
            Some(Command::Fire | Command::Travel) => self.travel_to(at, context.way),
            Some(Command::Act(PlayerAction::Explore)) => self.explore(context),
            Some(Command::Act(action @ (PlayerAction::Descend | PlayerAction::Ascend))) => {
                self.prompt = None;
                Reaction::Act(action)
            }
            Some(Command::Quit) => {
                self.prompt = None;
                Reaction::Redraw
            }
            _ => Reaction::Nothing,
        }
    }
}
