//! AI players: legal, deterministic, seeing only their seat's view.

use muggins::ai::Difficulty;
use muggins::ai::dominoes::{DominoesAi, determinize, greedy, view_actions, voids};
use muggins::rules::Catalog;
use muggins::rules::dominoes::{
    Action, Boneyard, DominoesGame, DominoesVariant, Layout, Phase, Placement, Tile,
};
use muggins::rules::marbles::{Action as MarblesAction, MarblesGame, Phase as MarblesPhase};
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
    // 2,100 games for Easy and Normal at 2, 3 and 4 seats, 1,050 for Hard and Expert.
    for (i, name) in presets.iter().enumerate() {
        for seed in 0..300 {
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
        // (At 2 and 3 seats: so small a search plays little better than chance, and chance
        // players at 4 seats under bonus A lose pips about as fast as they score.)
        for seed in 0..150 {
            let players = 2 + (seed % 2) as u8;
            ai_game(
                name,
                players,
                [Difficulty::Hard, Difficulty::Expert],
                Some(16),
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

// ---------------------------------------------------------------- MUGGINS!

fn marbles_preset(name: &str) -> muggins::rules::marbles::MarblesVariant {
    Catalog::builtin()
        .0
        .marbles
        .iter()
        .find(|p| p.name == name)
        .unwrap()
        .variant
        .clone()
}

/// Plays a MUGGINS! game between AI seats through the rules (which refuse anything illegal);
/// Expert plays out `playouts` games a decision (`None`: its full budget).
fn marbles_game(
    name: &str,
    seats: u8,
    levels: &[Difficulty],
    playouts: Option<u32>,
    seed: u64,
) -> MarblesGame {
    use muggins::ai::marbles::{MarblesAi, Referee};
    let mut g = MarblesGame::new(marbles_preset(name), seats, seed).unwrap();
    let mut ais: Vec<MarblesAi> = (0..seats)
        .map(|s| {
            let ai = MarblesAi::new(levels[s as usize % levels.len()], seed + s as u64);
            match playouts {
                Some(n) => ai.with_playouts(n),
                None => ai,
            }
        })
        .collect();
    let mut referee = Referee::default();
    for step in 0..100_000 {
        let Some((_, action)) = referee.next(&g, &mut ais) else {
            break;
        };
        g.apply(action)
            .unwrap_or_else(|e| panic!("{name} seed {seed} step {step}: {action:?}: {e}"));
    }
    assert!(g.outcome.is_some(), "{name} seed {seed}: not over");
    g
}

#[test]
fn marbles_ais_at_every_level_only_play_legal_actions() {
    let presets = [
        "classic",
        "starter",
        "junior",
        "challenge-12",
        "mixed-1",
        "mixed-2",
        "dishes",
    ];
    for name in presets {
        for (i, level) in Difficulty::ALL.into_iter().enumerate() {
            for seed in 0..500u64 {
                let seats = 2 + (seed % 3) as u8;
                let other = Difficulty::ALL[(i + 1 + seed as usize) % 4];
                // Expert on a small budget, so that many games fit in a test.
                marbles_game(name, seats, &[level, other], Some(8), seed * 7 + i as u64);
            }
        }
        // And one game with Expert at its full budget.
        let levels = [Difficulty::Expert, Difficulty::Normal];
        marbles_game(name, 2, &levels, None, 99);
    }
    for level in Difficulty::ALL {
        for seed in 0..500 {
            marbles_game("solitaire", 1, &[level], None, seed);
        }
    }
}

#[test]
fn a_marbles_ai_chooses_the_same_for_the_same_game_and_seed() {
    use muggins::ai::marbles::MarblesAi;
    // Mid-game positions of a played game, each asked of two players with one seed.
    let mut g = MarblesGame::new(marbles_preset("classic"), 2, 5).unwrap();
    let mut referee = muggins::ai::marbles::Referee::default();
    let mut ais = [0, 1].map(|s| MarblesAi::new(Difficulty::Normal, s));
    let mut asked = 0;
    while let Some((_, action)) = referee.next(&g, &mut ais) {
        if let MarblesPhase::Place { seat, .. } = g.phase {
            for level in Difficulty::ALL {
                let choose = || {
                    MarblesAi::new(level, 42)
                        .with_playouts(64)
                        .on_turn(&g, seat)
                };
                let (a, b) = (choose(), choose());
                assert!(a.is_some());
                assert_eq!(a, b, "{level:?}");
            }
            asked += 1;
        }
        g.apply(action).unwrap();
    }
    assert!(asked > 10);
}

#[test]
fn marbles_ai_challenges_a_provable_bluff_and_calls_a_wrong_no_move() {
    use muggins::ai::marbles::MarblesAi;
    use muggins::rules::marbles::Window;
    let mut g = MarblesGame::new(marbles_preset("classic"), 2, 1).unwrap();
    // Seat 0 rolled 1, 3, 6 and placed on 35, which those dice cannot make.
    g.phase = MarblesPhase::Roll { seat: 1 };
    g.set_space(35, Some(0));
    g.window = Some(Window::Placed {
        seat: 0,
        space: 35,
        dice: [1, 3, 6],
        reachable: false,
    });
    for level in [Difficulty::Hard, Difficulty::Expert] {
        assert_eq!(
            MarblesAi::new(level, 1).on_window(&g, 1),
            Some(MarblesAction::Challenge(1))
        );
    }
    // A good placement is left alone.
    g.set_space(35, None);
    g.set_space(8, Some(0));
    g.window = Some(Window::Placed {
        seat: 0,
        space: 8,
        dice: [1, 3, 6],
        reachable: true,
    });
    assert_eq!(MarblesAi::new(Difficulty::Expert, 1).on_window(&g, 1), None);
    // "No move" with 1, 3, 6 on an empty board: Muggins! on a number they make.
    g.set_space(8, None);
    g.window = Some(Window::NoMove {
        seat: 0,
        dice: [1, 3, 6],
    });
    match MarblesAi::new(Difficulty::Normal, 1).on_window(&g, 1) {
        Some(MarblesAction::Muggins { seat: 1, space }) => {
            assert!(g.reachable_open([1, 3, 6]) & 1 << space != 0)
        }
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------- Kugelbox

/// A stand-in for the physics box: the plan decides the holes directly (deterministic, fast).
struct GridModel;

impl muggins::ai::kugelbox::ThrowModel for GridModel {
    fn outcome(
        &mut self,
        plan: muggins::ai::kugelbox::ThrowPlan,
        _seed: u64,
    ) -> muggins::rules::kugelbox::Throw {
        use muggins::rules::kugelbox::Hole;
        let col = ((plan.direction + 0.3) / 0.6 * 5.0).clamp(0.0, 4.99) as u8 + 1;
        let row = (plan.strength * 6.0) as u8;
        let red = (1..=5).contains(&row).then_some(Hole(row, col));
        // The other ball: its row from the spin, its column a step on.
        let other_row = ((plan.spin + 0.3) / 0.6 * 5.0).clamp(0.0, 4.99) as u8 + 1;
        let other_col = if col < 5 { col + 1 } else { 1 };
        let other = Some(Hole(other_row, other_col)).filter(|h| Some(*h) != red);
        muggins::rules::kugelbox::Throw { red, other }
    }
}

#[test]
fn kugelbox_ais_at_every_level_only_play_legal_actions() {
    use muggins::ai::kugelbox::KugelAi;
    use muggins::rules::kugelbox::KugelGame;
    let c = Catalog::builtin().0;
    for preset in &c.kugelbox {
        // Every level sits at every table, next to the others.
        for i in 0..Difficulty::ALL.len() {
            for seed in 0..150u64 {
                let seats = if preset.variant.chips.is_empty() {
                    1 + (seed % 3) as u8
                } else {
                    2 + (seed % 5) as u8
                };
                let mut g = KugelGame::new(preset.variant.clone(), seats, seed).unwrap();
                let mut ais: Vec<KugelAi> = (0..seats)
                    .map(|s| KugelAi::new(Difficulty::ALL[(i + s as usize) % 4], seed + s as u64))
                    .collect();
                for step in 0..100_000u64 {
                    let Some(seat) = g.actor() else { break };
                    let a = ais[seat as usize]
                        .act(&g, seat, &mut GridModel, step)
                        .expect("an action");
                    g.apply(a).unwrap_or_else(|e| {
                        panic!("{} seed {seed} step {step}: {a:?}: {e}", preset.name)
                    });
                }
                assert!(g.outcome.is_some(), "{} seed {seed}", preset.name);
            }
        }
    }
}

#[test]
fn an_expert_hand_lands_what_it_planned_far_more_often_than_an_easy_one() {
    use muggins::ai::kugelbox::{KugelAi, ThrowModel};
    use muggins::physics::kugel::Kugelbox;
    let mut model = Kugelbox::new(6.0);
    let mut hits = [0u32; 2];
    for (k, level) in [Difficulty::Easy, Difficulty::Expert]
        .into_iter()
        .enumerate()
    {
        let mut ai = KugelAi::new(level, 5);
        for i in 0..40u64 {
            // A plan and what it would do with a steady hand, then the hand's own throw.
            let plan = muggins::ai::kugelbox::ThrowPlan {
                direction: (i as f32 / 40.0 - 0.5) * 0.4,
                strength: 0.3 + (i % 7) as f32 / 10.0,
                spin: 0.0,
            };
            let meant = model.outcome(plan, i);
            let thrown = model.outcome(ai.execute(plan), i);
            hits[k] += u32::from(thrown == meant);
        }
    }
    assert!(
        hits[1] > hits[0] + 5,
        "easy {} expert {} of 40",
        hits[0],
        hits[1]
    );
    // And it plans at all: the Expert tries more throws than Easy.
    assert!(
        KugelAi::new(Difficulty::Expert, 0).candidates()
            > KugelAi::new(Difficulty::Easy, 0).candidates()
    );
}
