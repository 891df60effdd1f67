//! The rough edges of bad input: every case gets one clear line and an exit code, never a
//! panic, a raw control character or a name echoed whole; and the parsers of what the game reads
//! from disk survive generated inputs (a short run; `make fuzz` runs 100,000 of each). Pure:
//! it runs with the pure layers (`cargo test --no-default-features`), once.
#![cfg(not(feature = "game"))]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use common::muggins;
use muggins::rules::catalog::parse_preset;
use muggins::rules::kugelbox::KugelboxVariant;
use muggins::sim::fuzz::{self, Target};

/// The heap in use now and at its highest since the last reset: a parser that allocates far
/// beyond its input shows here.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The tests that measure the heap run one at a time (the others allocate little: they run the
/// binary).
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn measuring() -> std::sync::MutexGuard<'static, ()> {
    MEASURING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the binary and checks it failed with one line on stderr that says `want`.
fn refused(args: &[&str], want: &str) -> String {
    let (code, out, err) = muggins(args);
    assert_ne!(code, 0, "{args:?} passed: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err:?}");
    assert!(err.contains(want), "{args:?}: {err}");
    assert!(
        !err.trim_end().chars().any(|c| c.is_control()),
        "{args:?}: a control character reached the terminal: {err:?}"
    );
    err
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("muggins-bad-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sim_options_a_game_does_not_use_are_refused() {
    refused(
        &["sim", "marbles", "--partnerships", "--games", "1"],
        "--partnerships is for dominoes",
    );
    refused(
        &["sim", "dominoes", "--p-in", "0.5", "--games", "1"],
        "--p-in is for Kugelbox",
    );
    refused(
        &["sim", "marbles", "--game", "chikugo", "--games", "1"],
        "--game picks a Kugelbox game",
    );
    refused(
        &[
            "sim",
            "marbles",
            "--preset",
            "solitaire",
            "--players",
            "4",
            "--games",
            "1",
        ],
        "played by one",
    );
    for p in ["0", "NaN", "2", "inf", "-0.5"] {
        let arg = format!("--p-in={p}");
        refused(&["sim", "kugelbox", &arg], "above 0 and at most 1");
    }
    refused(
        &["sim", "kugelbox", "--seats", "wizard"],
        "\"wizard\" is not",
    );
    refused(
        &["sim", "kugelbox", "--seats", ""],
        "--seats lists the players",
    );
    refused(
        &["sim", "dominoes", "--seats", "greedy,,random"],
        "--seats lists",
    );
    refused(
        &["sim", "kugelbox", "--seats", "easy", "--p-in", "0.5"],
        "AI seats throw through the physics box",
    );
    refused(
        &["sim", "marbles", "--games", "0"],
        "--games must be at least 1",
    );
}

#[test]
fn sims_with_their_defaults_run() {
    // Marbles used to fail with no --seats: its default level is its own now.
    let (code, out, err) = muggins(&["sim", "marbles", "--games", "2", "--preset", "junior"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
    let (code, _, err) = muggins(&["sim", "kugelbox", "--games", "3", "--seats", "random"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = muggins(&[
        "sim",
        "marbles",
        "--preset",
        "solitaire",
        "--players",
        "1",
        "--games",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn solve_refuses_dice_no_die_shows() {
    for d in ["0", "13", "255"] {
        refused(&["solve", d, "3", "4"], "a die shows 1 to 6");
    }
    let (code, out, _) = muggins(&["solve", "12", "1", "1"]);
    assert_eq!(code, 0);
    assert!(
        out.lines()
            .any(|l| l == "12 = 12 x 1 x 1" || l.starts_with("12 = ")),
        "{out}"
    );
}

#[test]
fn names_from_files_and_arguments_are_escaped_and_cut() {
    let err = refused(
        &["sim", "marbles", "--preset", "evil\n\u{1b}[2Jname"],
        "no MUGGINS! preset",
    );
    assert!(err.contains("evil\\n\\u{1b}[2Jname"), "{err}");
    let long = "x".repeat(100_000);
    let err = refused(
        &["sim", "dominoes", "--preset", &long],
        "no dominoes preset",
    );
    assert!(
        err.len() < 600 && err.contains("(100000 characters)"),
        "{err}"
    );
    // A record whose game is a long name with a newline in it.
    let dir = temp_dir("names");
    let file = dir.join("r.json");
    let name = format!("mar\nbles{}", "y".repeat(10_000));
    std::fs::write(&file, format!("{{\"game\": {name:?}, \"x\": 1}}")).unwrap();
    let err = refused(&["replay", file.to_str().unwrap()], "not a game record");
    assert!(err.contains("mar\\nbles") && err.len() < 600, "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_too_large_is_refused_by_its_size() {
    let dir = temp_dir("large");
    let file = dir.join("big.json");
    let cap = muggins::rules::record::RECORD_CAP as usize;
    let mut text = String::from(
        "{\"game\":\"marbles\",\"preset\":\"classic\",\"seats\":2,\"seed\":1,\"actions\":[",
    );
    while text.len() <= cap {
        text.push_str("\"Pass\",");
    }
    text.push_str("\"Pass\"]}");
    std::fs::write(&file, &text).unwrap();
    refused(&["replay", file.to_str().unwrap()], "may be at most");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn reading_a_records_game_costs_no_more_than_its_text() {
    // A long record: the "game" field is read without building the rest in memory.
    let actions = vec!["{\"Place\":{\"space\":7,\"expr\":[1,2,3]}}"; 100_000].join(",");
    let text = format!("{{\"actions\":[{actions}],\"game\":\"marbles\"}}");
    let _one = measuring();
    PEAK.store(NOW.load(Ordering::Relaxed), Ordering::Relaxed);
    let base = NOW.load(Ordering::Relaxed);
    assert_eq!(
        muggins::rules::record::game_of(&text).as_deref(),
        Ok("marbles")
    );
    let used = PEAK.load(Ordering::Relaxed) - base;
    assert!(
        used < 64 * 1024,
        "reading the game field of {} bytes took {used} bytes",
        text.len()
    );
}

#[test]
fn kugelbox_presets_the_table_cannot_play_are_refused() {
    let (file, text) = muggins::rules::catalog::BUILTIN_KUGELBOX[0];
    parse_preset::<KugelboxVariant>(file, text).expect("the shipped preset");
    let p = parse_preset::<KugelboxVariant>(file, text).unwrap();
    let ron_of = |v: &KugelboxVariant| {
        let mut p = p.clone();
        p.variant = v.clone();
        ron::to_string(&p).unwrap()
    };
    let mut many = p.variant.clone();
    while many.chips.len() <= 16 {
        many.chips.push(many.chips[0]);
    }
    let e = parse_preset::<KugelboxVariant>(file, &ron_of(&many)).unwrap_err();
    assert!(e.reason.contains("at most 16 chips"), "{e}");
    let mut wide = p.variant.clone();
    wide.layout.columns = 6;
    wide.layout.values.push(1);
    wide.layout.operators.push(wide.layout.operators[0]);
    let e = parse_preset::<KugelboxVariant>(file, &ron_of(&wide)).unwrap_err();
    assert!(e.reason.contains("5 by 5"), "{e}");
}

/// A short fuzz run of one target: no panic, nothing taken that the game cannot use, and no
/// input costing memory far beyond its size.
fn fuzz_briefly(target: Target, inputs: u64) {
    let _one = measuring();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut worst = 0usize;
    let mut base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let report = fuzz::run(target, inputs, 7, |_, input| {
        let used = PEAK.load(Ordering::Relaxed).saturating_sub(base);
        // A small multiple of the input, over what a game of the largest preset holds.
        let allowed = 64 * input.len() + 32 * 1024 * 1024;
        assert!(
            used <= allowed,
            "{target:?}: an input of {} bytes took {used} bytes",
            input.len()
        );
        worst = worst.max(used);
        base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
    });
    std::panic::set_hook(hook);
    assert_eq!(report.inputs, inputs);
    assert_eq!(report.panics, 0, "{:#?}", report.examples);
    assert_eq!(report.unusable, 0, "{:#?}", report.examples);
    // The mutations are mild enough that some inputs still parse and play.
    assert!(report.played > 0, "{report:?}");
    assert!(report.accepted < report.inputs, "{report:?}");
    eprintln!("{target:?}: {report:?}, worst {worst} bytes");
}

#[test]
fn fuzz_records_briefly() {
    fuzz_briefly(Target::Record, 1_500);
}

#[test]
fn fuzz_presets_briefly() {
    fuzz_briefly(Target::Preset, 1_500);
}

#[test]
fn fuzz_settings_briefly() {
    fuzz_briefly(Target::Settings, 3_000);
}
