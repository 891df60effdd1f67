//! The headless command line: everything `muggins` does without opening a window.

pub mod bench;
pub mod dice;
pub mod dominoes;
pub mod fuzz;
pub mod kugelbox;
pub mod marbles;
pub mod playout;
pub mod shots;
pub mod stats;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::rules::{Catalog, Game};

#[derive(Parser, Debug)]
#[command(
    name = "muggins",
    version,
    about = "MUGGINS! dice and marbles, Muggins dominoes and Kugelbox",
    long_about = "With no command, opens the game. The commands work without a window."
)]
pub struct Cli {
    /// Scripted real-window run: open the title, the setup and each game's table, save a PNG of
    /// each into DIR, check every PNG, then quit (exit 1 if any is missing or blank).
    #[arg(long, value_name = "DIR")]
    pub screenshots: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List each game's presets (the files under assets/rules/).
    Presets {
        /// marbles, dominoes or kugelbox; all three when left out.
        game: Option<String>,
        /// One JSON object: {"game": [{"name", "title", "seats", "summary"}, ...]}.
        #[arg(long)]
        json: bool,
    },
    /// MUGGINS!: every total three dice make, one expression each.
    Solve {
        a: u8,
        b: u8,
        c: u8,
        /// Operations, any of + - x / (also *).
        #[arg(long, default_value = "+-x/", allow_hyphen_values = true)]
        ops: String,
        /// Board size: totals 1..N count.
        #[arg(long, default_value_t = 36)]
        max: u32,
        #[arg(long)]
        json: bool,
    },
    /// MUGGINS!: score a board of 36 (or 18) characters, `.` empty, A–D a seat's marble.
    Score {
        #[arg(long)]
        board: String,
        #[arg(long)]
        json: bool,
    },
    /// Replay a game record (JSON) to its final state and scores.
    Replay {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Play many games headless with simulated seats and print what happened.
    Sim(SimArgs),
    /// Kugelbox: score a throw. A ball is R,C (row and column 1 to 5) or out; the first is red.
    Kugel {
        #[arg(allow_hyphen_values = true)]
        red: String,
        other: Option<String>,
        /// Smart Calculators scoring on the default box.
        #[arg(long)]
        calc: bool,
        /// {"score":N,"row":true|false,"square":true|false}.
        #[arg(long)]
        json: bool,
    },
    /// Roll dice through the physics world: face counts, the chi-square p-value, re-throws,
    /// nudges and dice laid flat (use a release build for large samples).
    Dice {
        /// d6 or d12.
        kind: String,
        /// Dice in each throw.
        #[arg(long, default_value_t = 3)]
        dice: usize,
        #[arg(long, default_value_t = 20_000)]
        throws: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One object with at least "counts" and "p".
        #[arg(long)]
        json: bool,
    },
    /// Speed figures, one per line as `name: value unit` (use a release build).
    Bench {
        /// Only this group (marbles).
        group: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Drive the record, preset and settings parsers with generated inputs (real files
    /// mutated, random bytes); what parses is replayed, played or written back. Fails on a panic
    /// or on a file the parser takes that the game cannot use.
    Fuzz {
        /// record, preset or settings; all three when left out.
        target: Option<String>,
        /// Inputs for each target.
        #[arg(long, default_value_t = 100_000)]
        inputs: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play whole AI games of all three games (mixed presets and seats) through the headless
    /// app in one process and measure its memory at the start and the end (the game build).
    Soak {
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Check that PNG screenshots exist and are not one blank colour.
    CheckShots {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// `muggins sim GAME ...`.
#[derive(clap::Args, Debug)]
pub struct SimArgs {
    /// marbles, dominoes or kugelbox.
    pub game: String,
    /// Kugelbox: which game, chikugo or take-it (a Kugelbox preset name).
    #[arg(long = "game", value_name = "NAME")]
    pub kugel_game: Option<String>,
    /// Kugelbox's random throws: the chance that each ball rests in a hole, above 0 and at most
    /// 1 (0.8 when left out).
    #[arg(long)]
    pub p_in: Option<f64>,
    /// The preset (the game's default when left out).
    #[arg(long)]
    pub preset: Option<String>,
    /// Chairs at the table (2 when left out; Solitaire is played by one).
    #[arg(long)]
    pub players: Option<u8>,
    /// Dominoes: four players as two partnerships.
    #[arg(long)]
    pub partnerships: bool,
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The players, comma-separated: AI levels (easy, normal, hard, expert; dominoes also random
    /// and greedy; Kugelbox also random, the throw model). They take the chairs in turn, one
    /// chair further on every game. Left out: normal for MUGGINS!, greedy for dominoes, random
    /// throws for Kugelbox.
    #[arg(long)]
    pub seats: Option<String>,
    #[arg(long)]
    pub json: bool,
}

/// The random throw model's chance of a ball in a hole when `--p-in` is left out.
pub const P_IN: f64 = 0.8;

impl SimArgs {
    /// Chairs at the table.
    pub fn players(&self) -> u8 {
        self.players.unwrap_or(2)
    }

    /// Kugelbox's random throws: the chance of each ball in a hole.
    pub fn p_in(&self) -> f64 {
        self.p_in.unwrap_or(P_IN)
    }

    /// The players listed in `--seats` (or `default`), each word trimmed; an empty one refused.
    pub fn seat_words<'a>(&'a self, default: &'a str) -> Result<Vec<&'a str>, String> {
        let list = self.seats.as_deref().unwrap_or(default);
        let words: Vec<&str> = list.split(',').map(str::trim).collect();
        if words.iter().any(|w| w.is_empty()) {
            return Err(format!(
                "--seats lists the players, comma-separated, not \"{}\"",
                crate::files::shown(list)
            ));
        }
        Ok(words)
    }

    /// Refuses the options `game` does not use, and values no game can play with.
    pub fn check(&self, game: Game) -> Result<(), String> {
        if self.kugel_game.is_some() && game != Game::Kugelbox {
            return Err(format!(
                "--game picks a Kugelbox game; {} takes --preset",
                game.title()
            ));
        }
        if self.partnerships && game != Game::Dominoes {
            return Err(format!(
                "--partnerships is for dominoes (four players as two sides), not {}",
                game.title()
            ));
        }
        if let Some(p) = self.p_in {
            if game != Game::Kugelbox {
                return Err(format!(
                    "--p-in is for Kugelbox's random throws, not {}",
                    game.title()
                ));
            }
            if !(p > 0.0 && p <= 1.0) {
                return Err(format!("--p-in is a chance above 0 and at most 1, not {p}"));
            }
        }
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.players == Some(0) {
            return Err("--players must be at least 1".into());
        }
        Ok(())
    }
}

/// `muggins replay FILE [--json]`: any game's record, picked by its "game" field.
fn replay(path: &std::path::Path, json: bool) -> ExitCode {
    let text = match crate::files::read_capped(path, crate::rules::record::RECORD_CAP) {
        Ok(t) => t,
        Err(e) => return marbles::fail(e),
    };
    match crate::rules::record::game_of(&text).as_deref() {
        Ok("marbles") => marbles::replay_cmd(path, &text, json),
        Ok("dominoes") => dominoes::replay_cmd(path, &text, json),
        Ok("kugelbox") => kugelbox::replay_cmd(path, &text, json),
        Ok(other) => marbles::fail(format!(
            "{}: not a game record: \"game\" is \"{}\"; records are of marbles, dominoes or kugelbox",
            path.display(),
            crate::files::shown(other)
        )),
        Err(e) => marbles::fail(format!("{}: not a game record: {e}", path.display())),
    }
}

/// Parses and replays a record for `muggins replay`: the record and the game, or the message
/// already printed and the exit code.
pub fn replay_record<R, G, E1: std::fmt::Display, E2: std::fmt::Display>(
    path: &std::path::Path,
    text: &str,
    parse: impl FnOnce(&str) -> Result<R, E1>,
    replay: impl FnOnce(&R, &Catalog) -> Result<G, E2>,
) -> Result<(R, G), ExitCode> {
    let record = parse(text).map_err(|e| marbles::fail(format!("{}: {e}", path.display())))?;
    let (catalog, _) = Catalog::builtin();
    let game =
        replay(&record, &catalog).map_err(|e| marbles::fail(format!("{}: {e}", path.display())))?;
    Ok((record, game))
}

/// Runs a command; prints what it has to say and returns the exit code.
pub fn run(command: Command, above: &[bench::Group]) -> ExitCode {
    match command {
        Command::Presets { game, json } => presets(game.as_deref(), json),
        Command::Solve {
            a,
            b,
            c,
            ops,
            max,
            json,
        } => marbles::solve_cmd([a, b, c], &ops, max, json),
        Command::Score { board, json } => marbles::score_cmd(&board, json),
        Command::Replay { file, json } => replay(&file, json),
        Command::Sim(args) => match Game::from_slug(&args.game) {
            Some(g) if args.check(g).is_err() => {
                marbles::fail(args.check(g).err().unwrap_or_default())
            }
            Some(Game::Dominoes) => dominoes::sim_cmd(&args),
            Some(Game::Kugelbox) => kugelbox::sim_cmd(&args),
            Some(Game::Marbles) => marbles::sim_cmd(&args),
            None => marbles::fail(format!(
                "sim plays marbles, dominoes or kugelbox, not \"{}\"",
                crate::files::shown(&args.game)
            )),
        },
        Command::Kugel {
            red,
            other,
            calc,
            json,
        } => kugelbox::kugel_cmd(&red, other.as_deref(), calc, json),
        Command::Dice {
            kind,
            dice: n,
            throws,
            seed,
            json,
        } => dice::dice_cmd(&kind, n, throws, seed, json),
        Command::Bench { group, json } => bench::run(group.as_deref(), json, above),
        Command::Fuzz {
            target,
            inputs,
            seed,
        } => fuzz::fuzz_cmd(target.as_deref(), inputs, seed),
        Command::Soak { .. } => marbles::fail(
            "soak plays the game's own tables: it needs the game build (the default features)",
        ),
        Command::CheckShots { files } => {
            if shots::report(&files) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn presets(game: Option<&str>, json: bool) -> ExitCode {
    let games = match game {
        None => Game::ALL.to_vec(),
        Some(slug) => match Game::from_slug(slug) {
            Some(g) => vec![g],
            None => {
                eprintln!(
                    "muggins: unknown game \"{}\"; say marbles, dominoes or kugelbox",
                    crate::files::shown(slug)
                );
                return ExitCode::from(2);
            }
        },
    };
    let (catalog, errors) = Catalog::builtin();
    for e in &errors {
        eprintln!("muggins: {e}");
    }
    if json {
        let mut out = serde_json::Map::new();
        for g in games {
            let list: Vec<_> = catalog
                .presets(g)
                .into_iter()
                .map(|p| {
                    serde_json::json!({
                        "name": p.name,
                        "title": p.title,
                        "default": p.default,
                        "seats": [p.seats.min, p.seats.max],
                        "summary": p.summary,
                    })
                })
                .collect();
            out.insert(g.slug().to_string(), list.into());
        }
        println!("{}", serde_json::Value::Object(out));
    } else {
        for g in games {
            println!("{} ({})", g.title(), g.slug());
            for p in catalog.presets(g) {
                let mark = if p.default { "*" } else { " " };
                println!(
                    " {mark} {:<18} {}–{} seats  {}",
                    p.name, p.seats.min, p.seats.max, p.summary
                );
            }
        }
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
