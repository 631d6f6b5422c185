use delve::levels::config::CampaignConfig;
use delve::tools::balance::{Bot, BotEnd, play, play_watched};
fn main() {
    let campaign = CampaignConfig::builtin();
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    if args.len() == 1 {
        let mut last: Vec<String> = Vec::new();
        play_watched(&campaign, args[0], Bot::Careful, &mut |run, action, out| {
            last.push(format!(
                "t{} d{} {:?} @{} {:?}",
                run.turns(),
                run.depth(),
                action,
                run.player(),
                out.iter()
                    .filter_map(|o| match o {
                        delve::run::Outcome::Notice(t) => Some(t.clone()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            ));
            if last.len() > 60 {
                last.remove(0);
            }
        });
        for l in last.iter().rev().take(3) {
            println!("{l}");
        }
        let mut campaign = campaign.clone();
        campaign.seed = args[0];
        let mut seen_turn = 0;
        let mut log: Vec<String> = Vec::new();
        play_watched(&campaign, args[0], Bot::Careful, &mut |run, action, out| {
            if run.turns() != seen_turn || log.len() < 3 {
                seen_turn = run.turns();
                log.push(format!(
                    "t{} d{} {:?} @{} {:?} allies/captives {:?}",
                    run.turns(),
                    run.depth(),
                    action,
                    run.player(),
                    out.iter()
                        .filter_map(|o| match o {
                            delve::run::Outcome::Notice(t) => Some(t.clone()),
                            _ => None,
                        })
                        .collect::<Vec<_>>(),
                    run.level()
                        .monsters
                        .iter()
                        .filter(|m| !m.mind.is_hostile())
                        .map(|m| (m.pos, m.mind))
                        .collect::<Vec<_>>()
                ));
            }
        });
        let first = log.iter().position(|l| l.contains(" d5 ")).unwrap_or(0);
        for l in log[first.saturating_sub(3)..]
            .iter()
            .filter(|l| !l.contains("[] allies"))
            .take(120)
        {
            println!("{l}");
        }
        return;
    }
    for seed in args[0]..args[1] {
        let r = play(&campaign, seed, Bot::Careful);
        if r.end == BotEnd::Stuck {
            println!("stuck {seed} depth {} turns {}", r.depth, r.turns);
        }
    }
}
