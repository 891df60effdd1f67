//! Fuzzing on stable Rust: the parsers of what the game reads from disk (records, presets,
//! settings) driven with generated inputs. Structure-aware: most inputs are real files (records
//! of random games, the shipped presets, settings) mutated a few times, by bytes and by tokens
//! (a number made huge or negative, a piece of another file spliced in, brackets added); the
//! rest are random bytes and random text. Whatever parses is used as the game would use it: a
//! record is replayed and written back, a preset is played to its end by random seats, settings
//! are written and read back. Nothing may panic; a panic is caught and reported with its input.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::rules::catalog::{BUILTIN_DOMINOES, BUILTIN_KUGELBOX, BUILTIN_MARBLES, parse_preset};
use crate::rules::dominoes::{DominoesGame, DominoesVariant};
use crate::rules::kugelbox::{KugelGame, KugelboxVariant};
use crate::rules::marbles::MarblesVariant;
use crate::rules::rng::SplitMix;
use crate::rules::{AnyRecord, Catalog, Game, Record};
use crate::settings::Settings;

/// What is fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Record,
    Preset,
    Settings,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Record, Target::Preset, Target::Settings];

    pub fn name(self) -> &'static str {
        match self {
            Target::Record => "record",
            Target::Preset => "preset",
            Target::Settings => "settings",
        }
    }

    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// Largest generated input, bytes.
pub const MAX_INPUT: usize = 64 * 1024;
/// Most actions a preset's game is played before the next input.
const PLAY_CAP: usize = 3_000;

/// What a run found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub inputs: u64,
    /// Inputs the parser took (the rest were refused with a message).
    pub accepted: u64,
    /// Of those, games replayed or played to their end.
    pub played: u64,
    /// Inputs that panicked, with the first few (escaped, cut).
    pub panics: u64,
    pub examples: Vec<String>,
    /// Inputs the parser took but the game then refused or could not use (a finding as bad as a
    /// panic: validation let through what cannot be played).
    pub unusable: u64,
    pub largest_input: usize,
}

/// Runs `inputs` generated inputs at `target` from `seed`. `each` is called after every input
/// (the tests watch the memory there).
pub fn run(target: Target, inputs: u64, seed: u64, mut each: impl FnMut(u64, &[u8])) -> Report {
    let (catalog, _) = Catalog::builtin();
    let corpus = corpus(target, &catalog, seed);
    let mut rng = SplitMix::new(seed, 0xF022);
    let mut report = Report::default();
    for i in 0..inputs {
        let input = generate(&mut rng, &corpus);
        report.inputs += 1;
        report.largest_input = report.largest_input.max(input.len());
        let text = String::from_utf8_lossy(&input);
        let outcome = catch_unwind(AssertUnwindSafe(|| match target {
            Target::Record => record(&text, &catalog),
            Target::Preset => preset(&text, rng.next_u64()),
            Target::Settings => settings(&text),
        }));
        match outcome {
            Ok(Used::Refused) => {}
            Ok(Used::Played) => {
                report.accepted += 1;
                report.played += 1;
            }
            Ok(Used::Taken) => report.accepted += 1,
            Ok(Used::Unusable(why)) => {
                report.accepted += 1;
                report.unusable += 1;
                if report.examples.len() < 5 {
                    report.examples.push(format!(
                        "unusable ({}): {}",
                        crate::files::one_line(&why, 200),
                        crate::files::one_line(&text, 300)
                    ));
                }
            }
            Err(_) => {
                report.panics += 1;
                if report.examples.len() < 5 {
                    report
                        .examples
                        .push(format!("panic: {}", crate::files::one_line(&text, 300)));
                }
            }
        }
        each(i, &input);
    }
    report
}

/// What became of one input.
enum Used {
    /// The parser refused it (with a message, which is all a bad file deserves).
    Refused,
    /// Parsed and checked.
    Taken,
    /// Parsed and played through.
    Played,
    /// Parsed, but the game could not use it.
    Unusable(String),
}

fn record(text: &str, catalog: &Catalog) -> Used {
    let Ok(r) = AnyRecord::parse(text) else {
        return Used::Refused;
    };
    // Written back, it reads the same.
    match AnyRecord::parse(&r.to_json()) {
        Ok(again) if again == r => {}
        Ok(_) => return Used::Unusable("the record reads differently once written".into()),
        Err(e) => return Used::Unusable(format!("the record cannot be read once written: {e}")),
    }
    // A refused action or an unknown preset is the record's fault and is said so; the replay
    // itself must never fail otherwise.
    match r.check(catalog) {
        Ok(_) => Used::Played,
        Err(_) => Used::Taken,
    }
}

fn preset(text: &str, seed: u64) -> Used {
    if let Ok(p) = parse_as::<MarblesVariant>(text) {
        return play_marbles(&p.variant, pick_seats(p.seats, seed), seed);
    }
    if let Ok(p) = parse_as::<DominoesVariant>(text) {
        return play_dominoes(p.variant, pick_seats(p.seats, seed), seed);
    }
    if let Ok(p) = parse_as::<KugelboxVariant>(text) {
        return play_kugelbox(&p.variant, pick_seats(p.seats, seed), seed);
    }
    Used::Refused
}

/// A preset of game `V` as the catalog reads it, from a file named by its own name.
fn parse_as<V: crate::rules::catalog::Variant>(
    text: &str,
) -> Result<crate::rules::Preset<V>, String> {
    let named: crate::rules::Preset<V> = ron::from_str(text).map_err(|e| e.to_string())?;
    let file = format!("assets/rules/{}/{}.ron", V::GAME.slug(), named.name);
    parse_preset::<V>(&file, text).map_err(|e| e.to_string())
}

fn pick_seats(range: crate::rules::SeatRange, seed: u64) -> u8 {
    let span = (range.max - range.min) as u64 + 1;
    range.min + (seed % span) as u8
}

fn play_marbles(v: &MarblesVariant, seats: u8, seed: u64) -> Used {
    match super::playout::random_marbles(v, seats, seed, PLAY_CAP, |_, _| {}) {
        Ok(_) => Used::Played,
        Err(e) => Used::Unusable(e),
    }
}

fn play_dominoes(v: DominoesVariant, seats: u8, seed: u64) -> Used {
    let mut game = match DominoesGame::new(v, seats, false, seed) {
        Ok(g) => g,
        Err(e) => return Used::Unusable(e),
    };
    let policies = [super::playout::DominoesPolicy::Random];
    match super::playout::play_dominoes(&mut game, &policies, seed, PLAY_CAP, |_, _, _| {}) {
        Ok(_) => Used::Played,
        Err(e) => Used::Unusable(e),
    }
}

fn play_kugelbox(v: &KugelboxVariant, seats: u8, seed: u64) -> Used {
    let mut game = match KugelGame::new(v.clone(), seats, seed) {
        Ok(g) => g,
        Err(e) => return Used::Unusable(e),
    };
    match super::kugelbox::play_kugel(&mut game, 0.8, false, seed, PLAY_CAP, |_, _, _| {}) {
        Ok(_) => Used::Played,
        Err(e) => Used::Unusable(e),
    }
}

fn settings(text: &str) -> Used {
    let Ok(s) = Settings::parse(text) else {
        return Used::Refused;
    };
    let written = match ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default()) {
        Ok(w) => w,
        Err(e) => return Used::Unusable(format!("cannot be written: {e}")),
    };
    match Settings::parse(&written) {
        Ok(again) if again == s => Used::Played,
        Ok(_) => Used::Unusable("the settings read differently once written".into()),
        Err(e) => Used::Unusable(format!("cannot be read once written: {e}")),
    }
}

/// The real files a target's inputs grow from.
fn corpus(target: Target, catalog: &Catalog, seed: u64) -> Vec<Vec<u8>> {
    match target {
        Target::Record => {
            let mut out = Vec::new();
            for (i, game) in Game::ALL.into_iter().cycle().take(12).enumerate() {
                if let Some(r) = random_record(game, catalog, seed.wrapping_add(i as u64)) {
                    out.push(r.to_json().into_bytes());
                }
            }
            out
        }
        Target::Preset => BUILTIN_MARBLES
            .iter()
            .chain(BUILTIN_DOMINOES)
            .chain(BUILTIN_KUGELBOX)
            .map(|(_, text)| text.as_bytes().to_vec())
            .collect(),
        Target::Settings => {
            let full = Settings {
                volume: 0.4,
                muted: true,
                ui_scale: 1.5,
                last_setup: Some(crate::table::TableSetup::default_for(
                    Game::Dominoes,
                    catalog,
                )),
                ..Settings::default()
            };
            [Settings::default(), full]
                .iter()
                .filter_map(|s| {
                    ron::ser::to_string_pretty(s, ron::ser::PrettyConfig::default()).ok()
                })
                .map(String::into_bytes)
                .collect()
        }
    }
}

/// The record of a random game of `game` (its default preset, two seats), cut at a random
/// point so that records in progress are fuzzed too.
pub fn random_record(game: Game, catalog: &Catalog, seed: u64) -> Option<AnyRecord> {
    let preset = catalog.default_preset(game)?.name;
    let cut = 20 + (seed % 400) as usize;
    Some(match game {
        Game::Marbles => {
            let p = catalog.marbles.iter().find(|p| p.name == preset)?;
            let (_, actions) =
                super::playout::random_marbles(&p.variant, 2, seed, cut, |_, _| {}).ok()?;
            let mut r = Record::new(&preset, 2, false, seed);
            r.actions = actions;
            AnyRecord::Marbles(r)
        }
        Game::Dominoes => {
            let p = catalog.dominoes.iter().find(|p| p.name == preset)?;
            let mut g = DominoesGame::new(p.variant, 2, false, seed).ok()?;
            let policies = [super::playout::DominoesPolicy::Random];
            let actions =
                super::playout::play_dominoes(&mut g, &policies, seed, cut, |_, _, _| {}).ok()?;
            let mut r = Record::new(&preset, 2, false, seed);
            r.actions = actions;
            AnyRecord::Dominoes(r)
        }
        Game::Kugelbox => {
            let p = catalog.kugelbox.iter().find(|p| p.name == preset)?;
            let mut g = KugelGame::new(p.variant.clone(), 2, seed).ok()?;
            let mut actions = Vec::new();
            super::kugelbox::play_kugel(&mut g, 0.8, false, seed, cut, |_, a, _| actions.push(a))
                .ok()?;
            let mut r = Record::new(&preset, 2, false, seed);
            r.actions = actions;
            AnyRecord::Kugelbox(r)
        }
    })
}

/// Numbers that break parsers and rules: edges of the integer types, floats that are not
/// numbers.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "12",
    "13",
    "36",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "1e309",
    "-0.0",
    "NaN",
    "inf",
    "0.000001",
];

/// Bits of syntax spliced in.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "Some(",
    "None",
    "\\u0000",
    "\\ud800",
    "\u{0}",
    "\n",
    "\u{1b}[2J",
    "é",
    "🂡",
];

/// One input: mostly a corpus file mutated once or twice, sometimes random bytes or text.
fn generate(rng: &mut SplitMix, corpus: &[Vec<u8>]) -> Vec<u8> {
    let roll = rng.below(20);
    let mut out = if roll == 0 || corpus.is_empty() {
        (0..rng.below(512)).map(|_| rng.next_u64() as u8).collect()
    } else if roll == 1 {
        let alphabet = b"{}[]()\":,.-0123456789eEabcdefgnrstu \n";
        (0..rng.below(256))
            .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize])
            .collect()
    } else {
        let mut input = corpus[rng.below(corpus.len() as u32) as usize].clone();
        for _ in 0..1 + rng.below(2) {
            mutate(rng, &mut input, corpus);
        }
        input
    };
    out.truncate(MAX_INPUT);
    out
}

/// A random position in `v` (its length included).
fn at(rng: &mut SplitMix, v: &[u8]) -> usize {
    rng.below(v.len() as u32 + 1) as usize
}

fn mutate(rng: &mut SplitMix, input: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    // Numbers changed most often: they reach the rules' checks rather than the parser's.
    match rng.below(12).min(9) {
        // A byte changed.
        0 if !input.is_empty() => {
            let i = rng.below(input.len() as u32) as usize;
            input[i] = rng.next_u64() as u8;
        }
        // A few random bytes in.
        1 => {
            let i = at(rng, input);
            let n = 1 + rng.below(8) as usize;
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            input.splice(i..i, bytes);
        }
        // A stretch out.
        2 if !input.is_empty() => {
            let i = rng.below(input.len() as u32) as usize;
            let n = (1 + rng.below(64) as usize).min(input.len() - i);
            input.drain(i..i + n);
        }
        // A stretch doubled.
        3 if !input.is_empty() => {
            let i = rng.below(input.len() as u32) as usize;
            let n = (1 + rng.below(256) as usize).min(input.len() - i);
            let copy = input[i..i + n].to_vec();
            input.splice(i..i, copy);
        }
        // A number made another.
        4 | 9 => {
            let digits: Vec<usize> = input
                .iter()
                .enumerate()
                .filter(|(i, b)| b.is_ascii_digit() && (*i == 0 || !input[i - 1].is_ascii_digit()))
                .map(|(i, _)| i)
                .collect();
            if let Some(&start) = digits.get(rng.below(digits.len().max(1) as u32) as usize) {
                let end = start
                    + input[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                let n = NUMBERS[rng.below(NUMBERS.len() as u32) as usize];
                input.splice(start..end, n.bytes());
            }
        }
        // Syntax in.
        5 => {
            let i = at(rng, input);
            let t = TOKENS[rng.below(TOKENS.len() as u32) as usize];
            input.splice(i..i, t.bytes());
        }
        // A piece of another file.
        6 if !corpus.is_empty() => {
            let other = &corpus[rng.below(corpus.len() as u32) as usize];
            if !other.is_empty() {
                let from = rng.below(other.len() as u32) as usize;
                let n = (1 + rng.below(512) as usize).min(other.len() - from);
                let i = at(rng, input);
                input.splice(i..i, other[from..from + n].iter().copied());
            }
        }
        // Cut short.
        7 => {
            let i = at(rng, input);
            input.truncate(i);
        }
        // Deep nesting.
        8 => {
            let i = at(rng, input);
            let depth = 1 + rng.below(400) as usize;
            let open = if rng.below(2) == 0 { b'[' } else { b'{' };
            input.splice(i..i, std::iter::repeat_n(open, depth));
        }
        // A guard above failed: the input stays as it is.
        _ => {}
    }
}

/// `muggins fuzz [TARGET] [--inputs N] [--seed S]`: a line per target, the peak memory of the
/// process at the start and the end; fails on any panic or unusable input.
pub fn fuzz_cmd(target: Option<&str>, inputs: u64, seed: u64) -> std::process::ExitCode {
    let targets = match target {
        None => Target::ALL.to_vec(),
        Some(t) => match Target::parse(t) {
            Some(t) => vec![t],
            None => {
                return super::marbles::fail(format!(
                    "fuzz takes record, preset or settings, not \"{}\"",
                    crate::files::shown(t)
                ));
            }
        },
    };
    // Panics are caught and counted; their messages would only repeat the report.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let start_peak = super::stats::peak_rss_kb();
    let mut ok = true;
    for t in targets {
        let began = std::time::Instant::now();
        let r = run(t, inputs, seed, |_, _| {});
        println!(
            "fuzz.{}: {} inputs, {} parsed, {} played, {} unusable, {} panics, largest input {} \
             bytes, {:.1} s",
            t.name(),
            r.inputs,
            r.accepted,
            r.played,
            r.unusable,
            r.panics,
            r.largest_input,
            began.elapsed().as_secs_f64()
        );
        for e in &r.examples {
            println!("  {e}");
        }
        ok &= r.panics == 0 && r.unusable == 0;
    }
    std::panic::set_hook(hook);
    println!(
        "fuzz.peak_memory: {} kB at the start, {} kB at the end",
        start_peak.map_or("?".into(), |k| k.to_string()),
        super::stats::peak_rss_kb().map_or("?".into(), |k| k.to_string())
    );
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
