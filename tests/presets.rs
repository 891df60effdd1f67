//! The preset files under assets/rules/: every preset of ../shared/RULES.md exists as data with
//! the settings the rulings give it, and a malformed preset is refused with a clear message.

use muggins::rules::catalog::{Preset, parse_preset};
use muggins::rules::dominoes::{
    Count, DominoesVariant, FirstLead, HandBonus, MugginsCall, NoPlay, Spinner,
};
use muggins::rules::kugelbox::{CalcOp, Chip, KugelboxMode, KugelboxVariant, Scoring};
use muggins::rules::marbles::{Die, MarblesMode, MarblesVariant, Op};
use muggins::rules::{Catalog, Game};

fn builtin() -> Catalog {
    let (catalog, errors) = Catalog::builtin();
    assert!(errors.is_empty(), "{errors:?}");
    catalog
}

fn names(c: &Catalog, g: Game) -> Vec<String> {
    c.presets(g).into_iter().map(|p| p.name).collect()
}

#[test]
fn every_ruled_preset_exists_in_menu_order_with_one_default() {
    let c = builtin();
    assert_eq!(
        names(&c, Game::Marbles),
        [
            "starter",
            "junior",
            "classic",
            "challenge-12",
            "mixed-1",
            "mixed-2",
            "solitaire",
            "dishes"
        ]
    );
    assert_eq!(
        names(&c, Game::Dominoes),
        [
            "muggins",
            "all-fives",
            "hoyle",
            "all-threes",
            "fives-and-threes",
            "sniff",
            "block"
        ]
    );
    assert_eq!(
        names(&c, Game::Kugelbox),
        ["chikugo", "take-it", "smart-calculators", "practice-box"]
    );
    for (game, default) in [
        (Game::Marbles, "classic"),
        (Game::Dominoes, "muggins"),
        (Game::Kugelbox, "chikugo"),
    ] {
        assert_eq!(c.presets(game).iter().filter(|p| p.default).count(), 1);
        assert_eq!(c.default_preset(game).unwrap().name, default);
    }
}

fn marbles<'a>(c: &'a Catalog, name: &str) -> &'a MarblesVariant {
    &c.marbles.iter().find(|p| p.name == name).unwrap().variant
}

#[test]
fn marbles_levels_follow_the_rulings_table() {
    use Die::*;
    use Op::*;
    let c = builtin();
    let all = vec![Add, Sub, Mul, Div];
    type Level = (&'static str, Vec<Die>, Vec<Op>, u8, bool);
    let table: [Level; 6] = [
        ("starter", vec![D6, D6, D6], vec![Add, Sub], 18, false),
        ("junior", vec![D12, D12, D12], vec![Add, Sub], 36, false),
        ("classic", vec![D6, D6, D6], all.clone(), 36, true),
        ("challenge-12", vec![D12, D12, D12], all.clone(), 36, true),
        ("mixed-1", vec![D12, D6, D6], all.clone(), 36, true),
        ("mixed-2", vec![D12, D12, D6], all.clone(), 36, true),
    ];
    for (name, dice, ops, board, bluffing) in table {
        let v = marbles(&c, name);
        assert_eq!(
            (v.mode, &v.dice, &v.ops, v.board, v.bluffing),
            (MarblesMode::Levels, &dice, &ops, board, bluffing),
            "{name}"
        );
        assert_eq!((v.marbles, v.runs_score), (20, true), "{name}");
    }
    let solo = marbles(&c, "solitaire");
    assert_eq!(
        (solo.mode, solo.marbles, solo.bluffing, solo.runs_score),
        (MarblesMode::Solitaire, 50, false, false)
    );
    let seats = c.find(Game::Marbles, "solitaire").unwrap().seats;
    assert_eq!((seats.min, seats.max), (1, 1));
    let dishes = marbles(&c, "dishes");
    assert_eq!(
        (dishes.mode, dishes.bluffing, dishes.runs_score),
        (MarblesMode::Dishes, false, false)
    );
}

fn dominoes<'a>(c: &'a Catalog, name: &str) -> &'a DominoesVariant {
    &c.dominoes.iter().find(|p| p.name == name).unwrap().variant
}

#[test]
fn dominoes_presets_follow_their_seeds() {
    let c = builtin();
    let m = dominoes(&c, "muggins");
    assert_eq!(
        (m.spinner, m.count, m.no_play, m.muggins_call, m.hand_bonus),
        (
            Spinner::None,
            Count::Fives,
            NoPlay::Draw,
            MugginsCall::Off,
            HandBonus::LoseOwnPips
        )
    );
    assert_eq!(
        (
            m.target.for_players(2),
            m.target.for_players(3),
            m.hand_size.for_players(2),
            m.hand_size.for_players(4)
        ),
        (250, 200, 7, 5)
    );
    let f = dominoes(&c, "all-fives");
    assert_eq!(
        (f.spinner, f.muggins_call, f.hand_bonus, f.first_lead),
        (
            Spinner::EveryDouble,
            MugginsCall::Steal,
            HandBonus::WinnerTakesDifferenceFifths,
            FirstLead::HeaviestDrawn
        )
    );
    assert_eq!(
        (f.target.for_players(2), f.target.for_players(4)),
        (200, 200)
    );
    let h = dominoes(&c, "hoyle");
    assert_eq!(
        (h.first_lead, h.muggins_call, h.hand_bonus),
        (
            FirstLead::HighestDouble,
            MugginsCall::Forfeit,
            HandBonus::WinnerTakesOthers
        )
    );
    assert_eq!(
        (
            h.hand_size.for_players(2),
            h.hand_size.for_players(3),
            h.target.for_players(2),
            h.target.for_players(3)
        ),
        (5, 5, 200, 150)
    );
    assert_eq!(dominoes(&c, "all-threes").count, Count::Threes);
    assert_eq!(
        dominoes(&c, "fives-and-threes").count,
        Count::FivesAndThrees
    );
    assert!(dominoes(&c, "sniff").sniff);
    assert!(!m.sniff);
    assert_eq!(dominoes(&c, "block").no_play, NoPlay::Pass);
    for p in &c.dominoes {
        assert_eq!(p.variant.set.tiles(), 28, "{}: double-six", p.name);
        assert!(p.variant.lead_scores, "{}", p.name);
    }
}

#[test]
fn count_rules_score_the_seed_totals() {
    // Seeds 001–003: 10 scores 10, 6 scores nothing, 5 scores 5, [6-6] and [4-4] make 20.
    assert_eq!(Count::Fives.score(10), 10);
    assert_eq!(Count::Fives.score(6), 0);
    assert_eq!(Count::Fives.score(5), 5);
    assert_eq!(Count::Fives.score(20), 20);
    assert_eq!(Count::Fives.score(0), 0);
    assert_eq!(Count::FivesOnePointPerFive.score(20), 4);
    // All Threes: one point per three, at most 6 (for 18).
    assert_eq!(Count::Threes.score(18), 6);
    assert_eq!(Count::Threes.score(10), 0);
    // Fives and Threes: 15 is three fives and five threes.
    assert_eq!(Count::FivesAndThrees.score(15), 8);
    assert_eq!(Count::FivesAndThrees.score(9), 3);
    assert_eq!(Count::FivesAndThrees.score(10), 2);
    assert_eq!(Count::FivesAndThrees.score(7), 0);
}

#[test]
fn kugelbox_presets_carry_the_twelve_chips_and_the_default_box() {
    let c = builtin();
    let chips = vec![
        Chip::Number(2),
        Chip::Number(3),
        Chip::Number(4),
        Chip::UpTo(4),
        Chip::Number(5),
        Chip::UpTo(6),
        Chip::Number(8),
        Chip::Number(12),
        Chip::Line,
        Chip::Line,
        Chip::Square,
        Chip::Square,
    ];
    let v: Vec<&KugelboxVariant> = c.kugelbox.iter().map(|p| &p.variant).collect();
    assert_eq!(
        (v[0].mode, v[0].scoring, &v[0].chips),
        (KugelboxMode::Chikugo, Scoring::Geometry, &chips)
    );
    assert_eq!((v[1].mode, &v[1].chips), (KugelboxMode::TakeIt, &chips));
    assert_eq!(
        (v[2].mode, v[2].scoring),
        (KugelboxMode::Practice, Scoring::SmartCalculators)
    );
    for k in v {
        assert_eq!((k.layout.rows, k.layout.columns), (5, 5));
        assert_eq!(k.layout.values, [1, 2, 3, 4, 5]);
        assert_eq!(
            k.layout.operators,
            [
                CalcOp::Add,
                CalcOp::Sub,
                CalcOp::Mul,
                CalcOp::Sub,
                CalcOp::Add
            ]
        );
    }
    let take_it = c.find(Game::Kugelbox, "take-it").unwrap().seats;
    assert_eq!((take_it.min, take_it.max), (2, 6));
}

const GOOD: &str = r#"(
    name: "classic",
    title: "Classic",
    default: true,
    seats: (min: 2, max: 4),
    about: "x",
    variant: (mode: Levels, dice: [D6, D6, D6], ops: [Add, Sub, Mul, Div], board: 36,
              bluffing: true, marbles: 20, runs_score: true),
)"#;

fn marbles_error(file: &str, text: &str) -> String {
    parse_preset::<MarblesVariant>(file, text)
        .unwrap_err()
        .to_string()
}

#[test]
fn malformed_presets_are_refused_with_the_file_and_the_reason() {
    assert!(parse_preset::<MarblesVariant>("assets/rules/marbles/classic.ron", GOOD).is_ok());
    let file = "assets/rules/marbles/classic.ron";
    let cases = [
        (GOOD.replace("board: 36", "board: 36,,"), "7:"),
        (GOOD.replace("board: 36", "board: 24"), "18 or 36"),
        (GOOD.replace("[D6, D6, D6]", "[D6, D6]"), "exactly 3 dice"),
        (GOOD.replace("[D6, D6, D6]", "[D6, D6, D20]"), "D20"),
        (GOOD.replace("max: 4", "max: 9"), "1..4"),
        (GOOD.replace("min: 2", "min: 0"), "seats"),
        (
            GOOD.replace("runs_score: true", "runs_score: true, colour: Blue"),
            "colour",
        ),
        (GOOD.replace("[Add, Sub, Mul, Div]", "[Add, Add]"), "twice"),
        (
            GOOD.replace("mode: Levels", "mode: Dishes"),
            "without bluffing",
        ),
        (String::new(), "preset"),
    ];
    for (text, want) in cases {
        let e = marbles_error(file, &text);
        assert!(
            e.starts_with("preset assets/rules/marbles/classic.ron: "),
            "{e}"
        );
        assert!(e.contains(want), "wanted {want:?} in {e:?}");
    }
    let e = marbles_error("assets/rules/marbles/other.ron", GOOD);
    assert!(e.contains("does not match the file name"), "{e}");
    let e = marbles_error("classic.toml", GOOD);
    assert!(e.contains(".ron"), "{e}");
}

#[test]
fn a_bad_file_is_left_out_and_reported_while_the_rest_load() {
    let broken = GOOD
        .replace("name: \"classic\"", "name: \"broken\"")
        .replace("board: 36", "board: [");
    let other = GOOD.replace("name: \"classic\"", "name: \"other\"");
    let files = [
        ("m/classic.ron", GOOD),
        ("m/broken.ron", broken.as_str()),
        ("m/other.ron", other.as_str()),
        ("m2/classic.ron", GOOD),
    ];
    let (c, errors) = Catalog::load(&files, &[], &[]);
    assert_eq!(names(&c, Game::Marbles), ["classic", "other"]);
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(text.len(), 3, "{text:?}");
    assert!(text[0].starts_with("preset m/broken.ron:"));
    assert!(text[1].contains("a second preset named \"classic\""));
    assert!(text[2].contains("more than one preset is marked default"));
    // Defaults fall back to the first preset when none is marked.
    let plain = GOOD.replace("default: true,", "");
    let (c, errors) = Catalog::load(&[("m/classic.ron", plain.as_str())], &[], &[]);
    assert!(errors.is_empty());
    assert_eq!(c.default_preset(Game::Marbles).unwrap().name, "classic");
    assert!(c.default_preset(Game::Dominoes).is_none());
}

#[test]
fn presets_round_trip_through_ron() {
    let c = builtin();
    for p in &c.dominoes {
        let text = ron::to_string(p).unwrap();
        let back: Preset<DominoesVariant> =
            parse_preset(&format!("x/{}.ron", p.name), &text).unwrap();
        assert_eq!(back.variant, p.variant);
    }
}

#[test]
fn the_command_line_lists_presets() {
    let exe = env!("CARGO_BIN_EXE_muggins");
    let out = std::process::Command::new(exe)
        .args(["presets", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["marbles"].as_array().unwrap().len(), 8);
    assert_eq!(v["dominoes"][2]["name"], "hoyle");
    assert_eq!(v["kugelbox"][0]["seats"], serde_json::json!([2, 6]));
    let out = std::process::Command::new(exe)
        .args(["presets", "dominoes"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Muggins dominoes (dominoes)\n"), "{text}");
    assert!(text.contains("* muggins"), "{text}");
    let out = std::process::Command::new(exe)
        .args(["presets", "chess"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("unknown game \"chess\"")
    );
}

#[test]
fn a_saved_games_line_names_its_preset_by_title() {
    let c = builtin();
    for game in [Game::Marbles, Game::Dominoes, Game::Kugelbox] {
        let preset = c.default_preset(game).unwrap();
        let record = muggins::sim::fuzz::random_record(game, &c, 3).unwrap();
        let summary = record.summary();
        assert_eq!(summary.preset, preset.name);
        let line = summary.titled(&c).line();
        assert!(
            line.starts_with(&format!("{} · {} · ", game.title(), preset.title)),
            "{line}"
        );
        // A preset the catalog does not know keeps its name.
        let mut unknown = record.summary();
        unknown.preset = "homemade".into();
        assert!(unknown.titled(&c).line().contains(" · homemade · "));
    }
}
