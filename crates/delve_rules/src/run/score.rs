//! The score of a run: what the end screen, the morgue file and the run history show.

use super::{RunEnd, RunState};

/// The score of a run: 100 × the deepest depth reached + 10 × kills + gold, doubled for
/// a victory.
pub fn score(deepest: u32, kills: u32, gold: u32, won: bool) -> u64 {
    let points = 100 * u64::from(deepest) + 10 * u64::from(kills) + u64::from(gold);
    if won { 2 * points } else { points }
}

impl RunState {
    /// This run's score so far ([`score`]): the deepest depth it reached, its kills and
    /// its gold, doubled if it was won.
    pub fn score(&self) -> u64 {
        let fight = self.fight();
        let deepest = self.chronicle().deepest.max(self.depth());
        score(
            deepest,
            fight.kills,
            fight.gold,
            fight.end == Some(RunEnd::Won),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::score;

    #[test]
    fn score_is_a_hundred_a_depth_ten_a_kill_and_the_gold_doubled_for_a_win() {
        assert_eq!(score(0, 0, 0, false), 0);
        assert_eq!(score(3, 0, 0, false), 300);
        assert_eq!(score(0, 7, 0, false), 70);
        assert_eq!(score(0, 0, 55, false), 55);
        assert_eq!(score(8, 12, 340, false), 800 + 120 + 340);
        assert_eq!(score(8, 12, 340, true), 2 * (800 + 120 + 340));
        assert_eq!(
            score(u32::MAX, u32::MAX, u32::MAX, true),
            2 * 111 * u64::from(u32::MAX)
        );
    }
}
