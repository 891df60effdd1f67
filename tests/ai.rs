//! AI players: legal, deterministic, seeing only their seat's view.

use muggins::ai::Difficulty;
use muggins::ai::dominoes::{DominoesAi, determinize, greedy, view_actions, voids};
use muggins::rules::Catalog;
use muggins::rules::dominoes::{
    Action, Boneyard, DominoesGame, DominoesVariant, Layout, Phase, Placement, Tile,
};
use muggins::rules::rng::SplitMix;

fn preset(name: &str) -> DominoesVariant {
    Catalog::builtin()
        .0
        .dominoes
        .iter()
        .find(|p| p.name == name)
        .unwrap()
        .variant
}

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// Plays a game with AI seats (searching `iterations` a decision where they search), through the
/// rules, which refuse anything illegal.
fn ai_game(name: &str, players: u8, levels: [Difficulty; 2], iterations: Option<u32>, seed: u64) {
    let mut g = DominoesGame::new(preset(name), players, false, seed).unwrap();
    let mut rng = SplitMix::new(seed, 1);
    for step in 0..100_000 {
        let Some(seat) = g.actor() else { break };
        let level = levels[seat as usize % 2];
        let mut ai = DominoesAi::new(level, rng.next_u64());
        if let Some(n) = iterations {
            ai = ai.with_iterations(n);
        }
        let view = g.view(seat);
        let action = ai.act(&view).expect("an action");
        g.apply(action).unwrap_or_else(|e| {
            panic!("{name} {levels:?} seed {seed} step {step}: {action:?}: {e}")
        });
    }
    assert!(
        g.outcome.is_some(),
        "{name} {levels:?} seed {seed}: not over"
    );
}

#[test]
fn dominoes_ais_at_every_level_only_play_legal_actions() {
    let presets = [
        "muggins",
        "all-fives",
        "hoyle",
        "all-threes",
        "fives-and-threes",
        "sniff",
        "block",
    ];
    for (i, name) in presets.iter().enumerate() {
        for seed in 0..150 {
            let players = 2 + (seed % 3) as u8;
            ai_game(
                name,
                players,
                [Difficulty::Easy, Difficulty::Normal],
                None,
                seed,
            );
        }
        // The searching levels, on a small budget so that many games fit in a test.
        for seed in 0..12 {
            let players = 2 + (seed % 3) as u8;
            ai_game(
                name,
                players,
                [Difficulty::Hard, Difficulty::Expert],
                Some(20),
                seed,
            );
        }
        // And one game at Expert's full budget.
        if i == 0 {
            ai_game(name, 2, [Difficulty::Expert, Difficulty::Normal], None, 99);
        }
    }
}

#[test]
fn the_same_view_and_seed_give_the_same_choice() {
    let g = DominoesGame::new(preset("all-fives"), 2, false, 7).unwrap();
    let seat = g.actor().unwrap();
    let view = g.view(seat);
    for level in Difficulty::ALL {
        let a = DominoesAi::new(level, 3).act(&view);
        let b = DominoesAi::new(level, 3).act(&view);
        assert_eq!(a, b, "{level}");
        assert!(view_actions(&view).contains(&a.unwrap()), "{level}");
    }
}

#[test]
fn the_ai_sees_only_its_view() {
    // Two games that look the same from seat 0 but hide different tiles.
    let v = preset("muggins");
    let mut a = DominoesGame::new(v, 2, false, 11).unwrap();
    a.phase = Phase::Turn { seat: 0 };
    a.layout = Layout::new(v.spinner, v.sniff);
    a.layout
        .place(Placement {
            tile: t("6-4"),
            arm: 0,
            inline: false,
        })
        .unwrap();
    let mine: Vec<Tile> = ["6-6", "4-1", "5-0", "6-2", "3-3", "2-1"]
        .iter()
        .map(|s| t(s))
        .collect();
    a.hands[0] = mine.iter().fold(0, |m, t| m | t.bit());
    let rest: Vec<Tile> = muggins::rules::dominoes::tile::tiles_of(
        muggins::rules::dominoes::tile::full_set(6) & !a.hands[0] & !a.layout.played(),
    )
    .collect();
    let mut b = a.clone();
    a.hands[1] = rest[..7].iter().fold(0, |m, t| m | t.bit());
    a.boneyard = Boneyard::from_tiles(&rest[7..]);
    b.hands[1] = rest[rest.len() - 7..].iter().fold(0, |m, t| m | t.bit());
    b.boneyard = Boneyard::from_tiles(&rest[..rest.len() - 7]);
    assert_ne!(a.hands[1], b.hands[1]);
    assert_eq!(a.view(0), b.view(0));
    for level in Difficulty::ALL {
        assert_eq!(
            DominoesAi::new(level, 5).act(&a.view(0)),
            DominoesAi::new(level, 5).act(&b.view(0)),
            "{level}"
        );
    }
}

#[test]
fn draws_and_passes_tell_which_numbers_a_player_lacks() {
    let v = preset("muggins");
    let mut g = DominoesGame::new(v, 2, false, 1).unwrap();
    g.hands[0] = t("6-6").bit() | t("1-0").bit();
    g.hands[1] = t("2-2").bit() | t("3-1").bit() | t("4-0").bit();
    // The rest of the set in the boneyard, [2-1] on top, then [6-3].
    let held = g.hands[0] | g.hands[1] | t("5-5").bit() | t("6-3").bit() | t("2-1").bit();
    let mut bones: Vec<Tile> = muggins::rules::dominoes::tile::tiles_of(
        muggins::rules::dominoes::tile::full_set(6) & !held,
    )
    .collect();
    bones.extend([t("5-5"), t("6-3"), t("2-1")]);
    g.boneyard = Boneyard::from_tiles(&bones);
    g.layout = Layout::new(v.spinner, v.sniff);
    g.phase = Phase::Lead { seat: 0 };
    g.history.clear();
    g.apply(Action::play(Placement {
        tile: t("6-6"),
        arm: 0,
        inline: false,
    }))
    .unwrap();
    // Seat 1 has no 6: it draws [2-1] (no 6 either), then [6-3], which it lays.
    g.apply(Action::Draw).unwrap();
    let view = g.view(0);
    let lacks = voids(&view);
    assert_eq!(lacks[1], 1 << 6, "seat 1 lacks sixes");
    assert_eq!(lacks[0], 0);
    // Every determinization keeps sixes out of seat 1's hand.
    let mut rng = SplitMix::new(9, 9);
    for _ in 0..200 {
        let d = determinize(&view, &lacks, &mut rng);
        assert_eq!(d.hands[0], g.hands[0], "own hand as it is");
        assert_eq!(d.hands[1].count_ones(), g.hands[1].count_ones());
        assert!(
            muggins::rules::dominoes::tile::tiles_of(d.hands[1]).all(|t| !t.has(6)),
            "{:?}",
            d.hands[1]
        );
        assert_eq!(d.boneyard.len(), g.boneyard.len());
        let all = d.hands[0] | d.hands[1] | d.boneyard.mask() | d.layout.played();
        assert_eq!(all, muggins::rules::dominoes::tile::full_set(6));
    }
}

#[test]
fn normal_plays_the_greatest_count_now() {
    let v = preset("muggins");
    let mut g = DominoesGame::new(v, 2, false, 1).unwrap();
    g.layout = Layout::new(v.spinner, v.sniff);
    g.layout
        .place(Placement {
            tile: t("6-4"),
            arm: 0,
            inline: false,
        })
        .unwrap();
    // Ends 6 and 4. [6-1] on the 6 makes 1 + 4 = 5, a count; [6-6] makes 16, [4-4] 14 and
    // [4-0] 6, none a multiple of five.
    g.hands[0] = t("6-1").bit() | t("6-6").bit() | t("4-4").bit() | t("4-0").bit();
    g.phase = Phase::Turn { seat: 0 };
    let view = g.view(0);
    let a = greedy(&view, &view_actions(&view));
    assert_eq!(a.placement().map(|p| p.tile), Some(t("6-1")));
    assert_eq!(DominoesAi::new(Difficulty::Normal, 0).act(&view), Some(a));
}
