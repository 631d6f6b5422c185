//! The balance report: many bot runs of one campaign, and what they came to — the win
//! rate, the depth of death, what killed the bots, the turns each depth took.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use delve_levels::config::CampaignConfig;

use super::{Bot, BotEnd, RunResult, play};

/// The report of many runs of one bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceReport {
    /// The bot.
    pub bot: Bot,
    /// The campaign's name.
    pub campaign: String,
    /// Its final depth.
    pub final_depth: u32,
    /// Every run, in seed order.
    pub runs: Vec<RunResult>,
}

impl BalanceReport {
    /// Plays `count` runs of `campaign` with `bot`, run seeds `first..first + count`,
    /// on `threads` threads (the report is the same for any number).
    pub fn measure(
        campaign: &CampaignConfig,
        bot: Bot,
        first: u64,
        count: u64,
        threads: usize,
    ) -> BalanceReport {
        let threads = threads.max(1) as u64;
        let seeds: Vec<u64> = (first..first.saturating_add(count)).collect();
        let mut runs: Vec<RunResult> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let seeds = &seeds;
                    scope.spawn(move || {
                        seeds
                            .iter()
                            .skip(t as usize)
                            .step_by(threads as usize)
                            .map(|&seed| play(campaign, seed, bot))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_default())
                .collect()
        });
        runs.sort_by_key(|r| r.seed);
        BalanceReport {
            bot,
            campaign: campaign.name.clone(),
            final_depth: campaign.final_depth(),
            runs,
        }
    }

    /// Runs won.
    pub fn wins(&self) -> usize {
        self.runs.iter().filter(|r| r.end == BotEnd::Won).count()
    }

    /// The depth of each death, sorted.
    pub(crate) fn death_depths(&self) -> Vec<u32> {
        let mut depths: Vec<u32> = self
            .runs
            .iter()
            .filter(|r| matches!(r.end, BotEnd::Died { .. }))
            .map(|r| r.depth)
            .collect();
        depths.sort_unstable();
        depths
    }

    /// The median depth of death (the lower middle), if any run died.
    pub(crate) fn median_death_depth(&self) -> Option<u32> {
        let depths = self.death_depths();
        (!depths.is_empty()).then(|| depths[(depths.len() - 1) / 2])
    }

    /// Deaths by what killed them (a monster kind, or the cause), most first.
    pub(crate) fn deaths_by_killer(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for run in &self.runs {
            if let BotEnd::Died { killer, cause } = &run.end {
                let name = killer.clone().unwrap_or_else(|| {
                    let cause = cause.split(" on depth").next().unwrap_or(cause);
                    format!("({cause})")
                });
                *counts.entry(name).or_default() += 1;
            }
        }
        let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
    }

    /// The largest share of deaths one monster kind caused, in percent.
    pub(crate) fn worst_killer_percent(&self) -> u32 {
        let deaths = self.death_depths().len();
        let worst = self
            .deaths_by_killer()
            .into_iter()
            .filter(|(name, _)| !name.starts_with('('))
            .map(|(_, n)| n)
            .max()
            .unwrap_or(0);
        (worst * 100).checked_div(deaths).unwrap_or(0) as u32
    }

    /// The mean turns spent on each depth, over the runs that reached it.
    pub(crate) fn turns_per_depth(&self) -> Vec<(u32, u64)> {
        (1..=self.final_depth)
            .filter_map(|depth| {
                let spent: Vec<u64> = self
                    .runs
                    .iter()
                    .filter_map(|r| r.turns_on.get(&depth).copied())
                    .collect();
                let mean = spent.iter().sum::<u64>().checked_div(spent.len() as u64)?;
                Some((depth, mean))
            })
            .collect()
    }

    /// The report as text: the numbers, a histogram of the depth of death, deaths by
    /// killer, turns per depth.
    pub fn text(&self) -> String {
        let runs = self.runs.len();
        let percent = |n: usize| (n * 1000).checked_div(runs).unwrap_or(0) as f64 / 10.0;
        let wins = self.wins();
        let deaths = self.death_depths();
        let stuck = self.runs.iter().filter(|r| r.end == BotEnd::Stuck).count();
        let first = self.runs.first().map_or(0, |r| r.seed);
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{} bot, {runs} runs of {} (run seeds {first}..{}):",
            self.bot.name(),
            self.campaign,
            first + runs as u64
        );
        let _ = writeln!(
            text,
            "  won {wins} ({:.1} %), died {} ({:.1} %), stuck {stuck}",
            percent(wins),
            deaths.len(),
            percent(deaths.len())
        );
        match self.median_death_depth() {
            Some(median) => {
                let _ = writeln!(text, "  median depth of death: {median}");
            }
            None => {
                let _ = writeln!(text, "  median depth of death: none died");
            }
        }
        let _ = writeln!(text, "  depth of death:");
        for depth in 1..=self.final_depth {
            let n = deaths.iter().filter(|&&d| d == depth).count();
            let _ = writeln!(text, "    {depth:>3} {n:>4} {}", "#".repeat(n.div_ceil(2)));
        }
        let _ = writeln!(
            text,
            "  deaths by killer (the worst monster kind: {} % of deaths):",
            self.worst_killer_percent()
        );
        for (name, n) in self.deaths_by_killer() {
            let share = (n * 100).checked_div(deaths.len()).unwrap_or(0);
            let _ = writeln!(text, "    {n:>4} {share:>3} %  {name}");
        }
        let _ = writeln!(
            text,
            "  turns per depth (mean over the runs that reached it):"
        );
        for (depth, mean) in self.turns_per_depth() {
            let reached = self
                .runs
                .iter()
                .filter(|r| r.turns_on.contains_key(&depth))
                .count();
            let _ = writeln!(text, "    {depth:>3} {mean:>6} turns ({reached} runs)");
        }
        text
    }
}
