//! `delve balance`: bots play whole runs of a campaign with monsters and the report says
//! how they fared — win rate, depth of death, what killed them, turns per depth (see
//! [`delve::balance`]).

use std::path::PathBuf;

use clap::Args;

use delve::balance::{BalanceReport, Bot};
use delve_levels::monsters::{FIRST_EDITION_MONSTERS_RON, MonsterTable};

use super::{CliError, Outcome, resolve};

/// Arguments of `delve balance`.
#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// Campaign file (RON). Default: the built-in campaign (levels/descent.ron).
    #[arg(value_name = "CAMPAIGN")]
    campaign: Option<PathBuf>,
    /// How many runs each bot plays (run seeds S, S+1, …).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    runs: u64,
    /// The first run seed.
    #[arg(long, default_value_t = 0)]
    first_seed: u64,
    /// Which bot plays (default: both, one report each).
    #[arg(long, value_parser = bot_values())]
    bot: Option<Bot>,
    /// A monster table (RON, like levels/monsters.ron) instead of the campaign's; `first`
    /// for the first edition of the embedded table (before monster abilities), to see a
    /// balance change.
    #[arg(long, value_name = "FILE|first")]
    monsters: Option<String>,
    /// Threads to play on (default: one per core). The report is the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
}

/// `--bot`'s values: every bot's name.
fn bot_values() -> impl clap::builder::TypedValueParser<Value = Bot> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Bot::ALL.map(Bot::name))
        .try_map(|name| Bot::from_name(&name).ok_or_else(|| format!("no bot is named {name:?}")))
}

/// Runs `delve balance`.
pub fn run(args: BalanceArgs) -> Result<Outcome, CliError> {
    let mut campaign = resolve::campaign_file(args.campaign.as_deref())?;
    if let Some(monsters) = &args.monsters {
        let table = if monsters == "first" {
            MonsterTable::from_ron_str(FIRST_EDITION_MONSTERS_RON, "the first edition")
        } else {
            let text = delve_levels::ron_text::read_text(std::path::Path::new(monsters))
                .map_err(|e| CliError(format!("--monsters: {monsters}: {e}")))?;
            MonsterTable::from_ron_str(&text, monsters)
        }
        .map_err(|e| CliError(format!("--monsters: {e}")))?;
        campaign = campaign.with_monster_table(table);
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let bots: Vec<Bot> = match args.bot {
        Some(bot) => vec![bot],
        None => Bot::ALL.to_vec(),
    };
    for bot in bots {
        let report = BalanceReport::measure(&campaign, bot, args.first_seed, args.runs, threads);
        super::print_out(&report.text())?;
    }
    Ok(Outcome::Done)
}
