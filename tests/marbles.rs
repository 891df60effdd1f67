//! MUGGINS! rules (../shared/RULES.md §1): making numbers, scoring, every turn rule, the end
//! conditions, Solitaire and Dishes, records and the command line.

mod common;

use common::muggins;
use muggins::rules::Catalog;
use muggins::rules::marbles::score::{parse_board, run_bonus, runs_of, score_seat};
use muggins::rules::marbles::solve::{Ops, apply, expression_for, reachable, solve, totals_of};
use muggins::rules::marbles::{
    Action, EndReason, Event, GameRecord, MarblesGame, MarblesMode, Op, Phase, ReplayError,
    RuleError, Window, replay,
};
use muggins::sim::playout::random_marbles;

fn catalog() -> Catalog {
    Catalog::builtin().0
}

fn game(preset: &str, seats: u8) -> MarblesGame {
    let c = catalog();
    let p = c.marbles.iter().find(|p| p.name == preset).unwrap();
    MarblesGame::new(p.variant.clone(), seats, 1).unwrap()
}

fn totals(dice: [u8; 3], ops: &[Op], max: u32) -> Vec<u32> {
    solve(dice, Ops::of(ops), max)
        .into_iter()
        .map(|(t, _)| t)
        .collect()
}

const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

// ---------------------------------------------------------------- making numbers

#[test]
fn seed_example_one_three_six_makes_eight_seventeen_and_three() {
    let found = solve([1, 3, 6], Ops::ALL, 36);
    for want in [8, 17, 3] {
        let (_, e) = found.iter().find(|(t, _)| *t == want).expect("reachable");
        assert_eq!(e.value(), Some(want), "{e}");
        assert_eq!(e.dice(), [1, 3, 6], "{e} uses each die once");
    }
}

/// An independent enumeration: every binary tree over every ordering, by recursion.
fn brute(dice: [u8; 3], ops: &[Op], max: u32) -> Vec<u32> {
    let mut out = std::collections::BTreeSet::new();
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for p in perms {
        let (a, b, c) = (dice[p[0]] as u32, dice[p[1]] as u32, dice[p[2]] as u32);
        for &o1 in ops {
            for &o2 in ops {
                // (a o1 b) o2 c and a o1 (b o2 c): together with all orderings, every tree.
                if let Some(v) = apply(o1, a, b).and_then(|v| apply(o2, v, c)) {
                    out.insert(v);
                }
                if let Some(v) = apply(o2, b, c).and_then(|v| apply(o1, a, v)) {
                    out.insert(v);
                }
            }
        }
    }
    out.into_iter().filter(|t| (1..=max).contains(t)).collect()
}

#[test]
fn totals_match_an_independent_enumeration_for_every_d12_roll() {
    let sets: [&[Op]; 4] = [&ALL, &[Op::Add, Op::Sub], &[Op::Mul, Op::Div], &[Op::Sub]];
    for ops in sets {
        for a in 1..=12 {
            for b in 1..=12 {
                for c in 1..=12 {
                    let dice = [a, b, c];
                    let want = brute(dice, ops, 36);
                    assert_eq!(totals(dice, ops, 36), want, "{dice:?} {ops:?}");
                    let mask = reachable(dice, Ops::of(ops), 36);
                    assert_eq!(totals_of(mask).collect::<Vec<_>>(), want, "{dice:?}");
                }
            }
        }
    }
}

#[test]
fn every_expression_uses_each_die_once_and_makes_its_total() {
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                let mut dice = [a, b, c];
                for (t, e) in solve(dice, Ops::ALL, 36) {
                    assert_eq!(e.value(), Some(t));
                    dice.sort_unstable();
                    assert_eq!(e.dice(), dice);
                }
            }
        }
    }
}

#[test]
fn intermediate_values_stay_whole_and_not_negative() {
    // Subtraction only: 4 − (3 − 2) = 3 and 3 − (4 − 2) = 1; 4 − (2 − 3) = 5 passes through −1.
    assert_eq!(totals([2, 3, 4], &[Op::Sub], 36), vec![1, 3]);
    // Addition and subtraction on 1, 3, 6.
    assert_eq!(
        totals([1, 3, 6], &[Op::Add, Op::Sub], 36),
        vec![2, 4, 8, 10]
    );
    // Division must be exact: 6 ÷ (2 ÷ 4) = 12 passes through ½, 6 ÷ (4 ÷ 2) = 3 does not.
    assert_eq!(totals([2, 4, 6], &[Op::Div], 36), vec![3]);
    assert!(totals([6, 3, 1], &[Op::Div, Op::Add], 36).contains(&3));
    // No division by zero, even when a step makes 0: (2 − 2) = 0, 5 ÷ 0 is not allowed.
    for (_, e) in solve([2, 2, 5], Ops::ALL, 36) {
        assert!(e.value().is_some(), "{e}");
    }
    // Totals stay on the board.
    assert!(
        totals([6, 6, 6], &ALL, 36)
            .iter()
            .all(|t| (1..=36).contains(t))
    );
    assert_eq!(totals([6, 6, 6], &ALL, 18).last(), Some(&18));
    assert_eq!(
        expression_for([6, 6, 6], Ops::ALL, 216).unwrap().value(),
        Some(216)
    );
}

#[test]
fn operations_parse_from_the_command_line_forms() {
    assert_eq!(Ops::parse("+-x/").unwrap(), Ops::ALL);
    assert_eq!(Ops::parse("* ÷ + −").unwrap(), Ops::ALL);
    assert_eq!(Ops::parse("+,-").unwrap(), Ops::of(&[Op::Add, Op::Sub]));
    assert!(Ops::parse("+%").unwrap_err().contains("'%'"));
    assert!(Ops::parse("").is_err());
}

// ---------------------------------------------------------------- scoring

#[test]
fn seed_sample_twelve_marbles_with_runs_of_two_three_and_six_score_29() {
    let board = parse_board(&format!("AA.AAA.AAAAAA.A{}", ".".repeat(21))).unwrap();
    let s = score_seat(&board, 0, true, true);
    assert_eq!(
        (s.marbles, s.runs.clone(), s.bonus, s.total),
        (12, vec![2, 3, 6], 17, 29)
    );
}

#[test]
fn run_bonuses_and_runs_around_the_corner() {
    assert_eq!(
        [1, 2, 3, 4, 5, 6, 36].map(run_bonus),
        [0, 2, 5, 7, 10, 10, 10]
    );
    // 35, 36, 1, 2 are one run of four on the full ring.
    let e = parse_board(&format!("AA.BB{}AA", ".".repeat(30))).unwrap_err();
    assert!(e.contains("37"), "{e}");
    let board = parse_board(&format!("AA.BB{}AA", ".".repeat(29))).unwrap();
    let a = score_seat(&board, 0, true, true);
    assert_eq!((a.runs.clone(), a.total), (vec![4], 4 + 7));
    assert_eq!(runs_of(&board, 0, true), vec![(34, 4)]);
    // Without wrapping (the 18-space board) those are two runs of two.
    assert_eq!(score_seat(&board, 0, false, true).runs, vec![2, 2]);
    // A whole ring of one colour is one run.
    let full = parse_board(&"C".repeat(36)).unwrap();
    let c = score_seat(&full, 2, true, true);
    assert_eq!((c.runs.clone(), c.total), (vec![36], 46));
    // Runs are maximal: a run of four is not also two runs of two.
    let b = score_seat(&parse_board("BBBB..............").unwrap(), 1, false, true);
    assert_eq!((b.runs.clone(), b.bonus), (vec![4], 7));
}

#[test]
fn the_gain_of_one_marble_is_the_difference_of_two_scores() {
    use muggins::rules::marbles::score::{gain_at, score_mask};
    use muggins::rules::rng::SplitMix;
    let mut rng = SplitMix::new(7, 1);
    for (n, wrap) in [(36u32, true), (18, false)] {
        let all = (1u64 << (n + 1)) - 2;
        for k in 0..20_000 {
            // Sparse to dense boards, the full ring less one space included.
            let mut mask = rng.next_u64() & all;
            for _ in 0..k % 4 {
                mask |= rng.next_u64();
            }
            mask &= all;
            let space = 1 + rng.below(n);
            let without = mask & !(1u64 << space);
            for runs_score in [true, false] {
                let before = score_mask(without, n, wrap, runs_score).total as i32;
                let after = score_mask(without | 1 << space, n, wrap, runs_score).total as i32;
                assert_eq!(
                    gain_at(without, space, n, wrap, runs_score),
                    after - before,
                    "mask {without:#x}, space {space}, {n} spaces"
                );
            }
        }
        // Every space but 5: on the ring one run of 35 becomes the whole ring (bonus 10 both);
        // on the 18-space board runs of 4 (7) and 13 (10) become one of 18 (10).
        let all_but_five = all & !(1u64 << 5);
        assert_eq!(
            gain_at(all_but_five, 5, n, wrap, true),
            if wrap { 1 } else { 1 + 10 - 7 - 10 }
        );
    }
}

#[test]
fn bad_board_strings_are_refused_clearly() {
    assert!(parse_board("AB").unwrap_err().contains("36 or 18"));
    let e = parse_board("AAAAE.............").unwrap_err();
    assert!(e.contains("space 5") && e.contains("'E'"), "{e}");
}

// ---------------------------------------------------------------- the game

fn roll(g: &mut MarblesGame, dice: [u8; 3]) -> Vec<Event> {
    g.apply(Action::Roll(dice)).unwrap()
}

/// A game past the roll-off with `first` to roll.
fn started(preset: &str, seats: u8, first: u8) -> MarblesGame {
    let mut g = game(preset, seats);
    g.phase = Phase::Roll { seat: first };
    g
}

fn put(g: &mut MarblesGame, seat: u8, spaces: &[u8]) {
    for &s in spaces {
        g.set_space(s, Some(seat));
        g.trays[seat as usize] -= 1;
    }
}

#[test]
fn highest_roll_goes_first_and_ties_roll_again() {
    let mut g = game("classic", 3);
    roll(&mut g, [6, 6, 5]);
    roll(&mut g, [1, 1, 1]);
    let e = roll(&mut g, [5, 6, 6]);
    assert_eq!(
        e,
        vec![
            Event::RollOff {
                seat: 2,
                dice: [5, 6, 6],
                sum: 17
            },
            Event::RollOffTie { seats: vec![0, 2] },
        ]
    );
    roll(&mut g, [1, 2, 3]);
    let e = roll(&mut g, [2, 2, 3]);
    assert!(e.contains(&Event::FirstPlayer(2)), "{e:?}");
    assert_eq!(g.phase, Phase::Roll { seat: 2 });
    // Dice are checked against the preset's dice.
    assert_eq!(
        g.apply(Action::Roll([7, 1, 1])),
        Err(RuleError::BadDice("7 is not a face of a d6".into()))
    );
}

#[test]
fn a_turn_places_one_reachable_marble_then_passes_clockwise() {
    let mut g = started("junior", 2, 1);
    roll(&mut g, [1, 3, 6]);
    assert_eq!(
        g.apply(Action::Place(17)),
        Err(RuleError::NotReachable(17)),
        "junior: + − only"
    );
    assert_eq!(g.apply(Action::Place(37)), Err(RuleError::NoSuchSpace(37)));
    let e = g.apply(Action::Place(8)).unwrap();
    assert_eq!(
        e[0],
        Event::Placed {
            seat: 1,
            space: 8,
            reachable: true
        }
    );
    assert_eq!(g.phase, Phase::Roll { seat: 0 }, "seat 1 passes to seat 0");
    assert_eq!(g.trays, vec![20, 19]);
    assert_eq!(
        g.window, None,
        "no bluffing on junior, so nothing to challenge"
    );
    roll(&mut g, [1, 3, 6]);
    assert_eq!(g.apply(Action::Place(8)), Err(RuleError::SpaceTaken(8)));
    assert_eq!(
        g.apply(Action::Remove(8)),
        Err(RuleError::NotNow(
            "seat 0 to place a marble or declare no move".into()
        ))
    );
}

#[test]
fn starter_board_has_eighteen_spaces() {
    let mut g = started("starter", 2, 0);
    assert_eq!(g.board().len(), 18);
    roll(&mut g, [6, 6, 6]); // 18 = 6 + 6 + 6
    assert_eq!(g.apply(Action::Place(19)), Err(RuleError::NoSuchSpace(19)));
    assert!(g.legal_actions().contains(&Action::Place(18)));
}

#[test]
fn a_bluff_is_recorded_and_a_won_challenge_removes_it_and_one_more() {
    let mut g = started("classic", 3, 0);
    put(&mut g, 0, &[20, 21]);
    roll(&mut g, [1, 1, 2]);
    // 1, 1, 2 cannot make 30, but on classic a marble may go anywhere open.
    let e = g.apply(Action::Place(30)).unwrap();
    assert_eq!(
        e[0],
        Event::Placed {
            seat: 0,
            space: 30,
            reachable: false
        }
    );
    assert_eq!(
        g.window,
        Some(Window::Placed {
            seat: 0,
            space: 30,
            dice: [1, 1, 2],
            reachable: false
        })
    );
    assert_eq!(
        g.apply(Action::Challenge(0)),
        Err(RuleError::NotAnOpponent(0))
    );
    let e = g.apply(Action::Challenge(2)).unwrap();
    assert!(e.contains(&Event::ChallengeWon {
        challenger: 2,
        bluffer: 0,
        space: 30
    }));
    assert_eq!(g.at(30), None);
    // The challenger picks one more of the bluffer's marbles.
    assert_eq!(
        g.phase,
        Phase::Penalty {
            chooser: 2,
            victim: 0,
            next: 1
        }
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::Remove(20), Action::Remove(21)]
    );
    assert_eq!(g.apply(Action::Remove(5)), Err(RuleError::CannotRemove(5)));
    g.apply(Action::Remove(21)).unwrap();
    assert_eq!((g.at(21), g.trays[0]), (None, 19));
    assert_eq!(g.phase, Phase::Roll { seat: 1 });
    assert_eq!(
        g.apply(Action::Challenge(1)),
        Err(RuleError::NotNow(
            "there is no placement to challenge".into()
        ))
    );
}

#[test]
fn a_lost_challenge_shows_the_proof_and_costs_the_challenger_a_marble() {
    let mut g = started("classic", 2, 0);
    put(&mut g, 1, &[5]);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(17)).unwrap();
    let e = g.apply(Action::Challenge(1)).unwrap();
    let Event::ChallengeLost {
        challenger: 1,
        placer: 0,
        space: 17,
        expression,
    } = &e[0]
    else {
        panic!("{e:?}");
    };
    assert_eq!(expression, "(6 x 3) - 1");
    assert_eq!(
        g.phase,
        Phase::Penalty {
            chooser: 0,
            victim: 1,
            next: 1
        }
    );
    g.apply(Action::Remove(5)).unwrap();
    assert_eq!((g.at(5), g.trays[1]), (None, 20));
    assert_eq!(g.at(17), Some(0), "the proven marble stays");
}

#[test]
fn a_challenge_against_a_player_with_nothing_to_lose_costs_nothing() {
    let mut g = started("classic", 2, 0);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(8)).unwrap();
    g.apply(Action::Challenge(1)).unwrap();
    assert_eq!(g.phase, Phase::Roll { seat: 1 });
    // The bluffer with no other marble loses only the bluff.
    let mut g = started("classic", 2, 0);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(35)).unwrap();
    g.apply(Action::Challenge(1)).unwrap();
    assert_eq!(
        (g.at(35), g.trays[0], g.phase.clone()),
        (None, 20, Phase::Roll { seat: 1 })
    );
}

#[test]
fn the_next_roll_closes_the_challenge_window() {
    let mut g = started("classic", 2, 0);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(30)).unwrap();
    roll(&mut g, [2, 2, 3]);
    assert_eq!(g.window, None);
    assert!(g.apply(Action::Challenge(1)).is_err());
    assert_eq!(g.at(30), Some(0), "an unchallenged bluff stands");
}

#[test]
fn triples_take_one_marble_from_each_opponent_then_place() {
    let mut g = started("classic", 4, 0);
    put(&mut g, 0, &[1]);
    put(&mut g, 1, &[2, 3]);
    put(&mut g, 3, &[4]);
    let e = roll(&mut g, [4, 4, 4]);
    assert!(e.contains(&Event::Triples { seat: 0 }));
    // Seat 2 has nothing on the board, so only seats 1 and 3 lose one.
    assert_eq!(
        g.phase,
        Phase::Triples {
            seat: 0,
            dice: [4, 4, 4],
            from: vec![1, 3]
        }
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::Remove(2), Action::Remove(3), Action::Remove(4)]
    );
    assert_eq!(
        g.apply(Action::Remove(1)),
        Err(RuleError::CannotRemove(1)),
        "not your own"
    );
    g.apply(Action::Remove(3)).unwrap();
    assert_eq!(
        g.apply(Action::Remove(2)),
        Err(RuleError::CannotRemove(2)),
        "one per opponent"
    );
    g.apply(Action::Remove(4)).unwrap();
    assert_eq!(g.trays, vec![19, 19, 20, 20]);
    assert_eq!(
        g.phase,
        Phase::Place {
            seat: 0,
            dice: [4, 4, 4]
        }
    );
    g.apply(Action::Place(12)).unwrap(); // 4 + 4 + 4
    // Triples with nobody on the board go straight to placing.
    let mut g = started("classic", 2, 0);
    roll(&mut g, [2, 2, 2]);
    assert_eq!(
        g.phase,
        Phase::Place {
            seat: 0,
            dice: [2, 2, 2]
        }
    );
}

#[test]
fn muggins_calls_after_a_wrong_no_move() {
    let mut g = started("classic", 3, 0);
    roll(&mut g, [1, 3, 6]);
    put(&mut g, 2, &[10]);
    g.apply(Action::NoMove).unwrap();
    assert_eq!(
        g.window,
        Some(Window::NoMove {
            seat: 0,
            dice: [1, 3, 6]
        })
    );
    // A number the roll cannot make, a taken one, the passer itself: told so, nothing changes.
    let e = g.apply(Action::Muggins { seat: 1, space: 35 }).unwrap();
    assert!(
        matches!(
            &e[0],
            Event::MugginsRejected {
                seat: 1,
                space: 35,
                ..
            }
        ),
        "{e:?}"
    );
    let e = g.apply(Action::Muggins { seat: 1, space: 10 }).unwrap();
    assert!(
        matches!(&e[0], Event::MugginsRejected { reason, .. } if reason == "10 is taken"),
        "{e:?}"
    );
    assert_eq!(
        g.apply(Action::Muggins { seat: 0, space: 8 }),
        Err(RuleError::NotAnOpponent(0))
    );
    assert_eq!(g.trays, vec![20, 20, 19]);
    // The first good call places the caller's marble and shows how the number is made.
    let e = g.apply(Action::Muggins { seat: 2, space: 17 }).unwrap();
    assert_eq!(
        e[0],
        Event::MugginsPlaced {
            seat: 2,
            space: 17,
            expression: "(6 x 3) - 1".into()
        }
    );
    assert_eq!((g.at(17), g.trays[2]), (Some(2), 18));
    assert!(
        g.apply(Action::Muggins { seat: 1, space: 8 }).is_err(),
        "one call per no move"
    );
    // The caller still takes their own turn in rotation: seat 1 is next.
    assert_eq!(g.phase, Phase::Roll { seat: 1 });
}

#[test]
fn muggins_needs_a_no_move_and_a_right_no_move_leaves_nothing_to_call() {
    let mut g = started("classic", 2, 0);
    assert!(g.apply(Action::Muggins { seat: 1, space: 3 }).is_err());
    put(
        &mut g,
        1,
        &(1..=36).filter(|s| *s != 33).collect::<Vec<_>>()[..19],
    );
    roll(&mut g, [1, 1, 1]); // makes 1, 2 and 3 at most
    g.phase = Phase::Place {
        seat: 0,
        dice: [1, 1, 1],
    };
    g.apply(Action::NoMove).unwrap();
    for space in 1..=36 {
        let e = g.apply(Action::Muggins { seat: 1, space }).unwrap();
        assert!(
            matches!(e[0], Event::MugginsRejected { .. }),
            "{space}: {e:?}"
        );
    }
}

#[test]
fn the_game_ends_when_the_board_is_full() {
    let mut g = started("starter", 2, 0);
    put(&mut g, 0, &[1, 2, 3, 4, 5, 6, 7, 8, 18]);
    put(&mut g, 1, &(9..=16).collect::<Vec<_>>());
    roll(&mut g, [6, 6, 5]);
    let e = g.apply(Action::Place(17)).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(o.reason, EndReason::BoardFull);
    // On the 18-space board 18 is not next to 1: seat 0 has runs of 8 and 2, not one of 10.
    assert_eq!(
        (o.scores[0].runs.clone(), o.scores[0].total),
        (vec![8, 2], 10 + 10 + 2)
    );
    assert_eq!(
        (o.scores[1].runs.clone(), o.scores[1].total),
        (vec![8], 8 + 10)
    );
    assert_eq!(o.winners, vec![0]);
    assert_eq!(g.apply(Action::Roll([1, 1, 1])), Err(RuleError::GameOver));
}

#[test]
fn the_game_ends_after_three_idle_rounds() {
    let mut g = started("classic", 2, 0);
    for turn in 0..6 {
        let seat = turn % 2;
        assert_eq!(g.phase, Phase::Roll { seat });
        roll(&mut g, [1, 1, 2]);
        g.apply(Action::NoMove).unwrap();
    }
    // Rolling now would close the window and end the game: proceed instead.
    assert_eq!(g.apply(Action::Roll([1, 2, 3])), Err(RuleError::GameEnds));
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Roll(_)))
    );
    let e = g.apply(Action::Proceed).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(o.reason, EndReason::ThreeIdleRounds);
    assert_eq!(o.winners, vec![0, 1], "equal totals share the win");
}

#[test]
fn a_placement_resets_the_idle_count_but_a_muggins_call_does_not() {
    let mut g = started("classic", 2, 0);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::NoMove).unwrap();
    g.apply(Action::Muggins { seat: 1, space: 8 }).unwrap();
    assert_eq!(g.idle_turns, 1);
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(10)).unwrap();
    assert_eq!(g.idle_turns, 0);
}

#[test]
fn the_game_ends_when_a_tray_is_empty() {
    let mut g = started("classic", 2, 1);
    g.trays[1] = 1;
    roll(&mut g, [1, 3, 6]);
    g.apply(Action::Place(10)).unwrap();
    assert_eq!(
        g.phase,
        Phase::Roll { seat: 0 },
        "the window is open until it closes"
    );
    let e = g.apply(Action::Proceed).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(o.reason, EndReason::TrayEmpty(1));
    assert_eq!(o.winners, vec![1]);
}

#[test]
fn a_challenge_can_undo_the_end() {
    let mut g = started("classic", 2, 1);
    g.trays[1] = 1;
    roll(&mut g, [1, 1, 2]);
    g.apply(Action::Place(30)).unwrap(); // a bluff with the last marble
    g.apply(Action::Challenge(0)).unwrap();
    assert_eq!((g.trays[1], g.phase.clone()), (1, Phase::Roll { seat: 0 }));
}

#[test]
fn solitaire_scores_set_aside_marbles_plus_the_spaces() {
    let mut g = game("solitaire", 1);
    assert_eq!(g.trays, vec![50]);
    assert_eq!(g.phase, Phase::Roll { seat: 0 });
    roll(&mut g, [1, 3, 6]);
    assert_eq!(g.apply(Action::NoMove), Err(RuleError::MoveAvailable));
    assert_eq!(
        g.apply(Action::Place(30)),
        Err(RuleError::NotReachable(30)),
        "no bluffing alone"
    );
    g.apply(Action::Place(8)).unwrap();
    // Fill all but 1, then miss once and fill it.
    put(&mut g, 0, &(2..=36).filter(|s| *s != 8).collect::<Vec<_>>());
    roll(&mut g, [6, 6, 6]);
    let e = g.apply(Action::NoMove).unwrap();
    assert!(e.contains(&Event::SetAside { total: 1 }));
    roll(&mut g, [1, 1, 1]);
    let e = g.apply(Action::Place(1)).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(
        (o.reason, o.solitaire_score, o.filled),
        (EndReason::BoardFull, Some(37), 36)
    );
    assert_eq!(g.trays[0], 50 - 36 - 1);
}

#[test]
fn solitaire_can_run_out_of_marbles_unfinished() {
    let mut g = game("solitaire", 1);
    g.trays[0] = 1;
    roll(&mut g, [1, 3, 6]);
    let e = g.apply(Action::Place(8)).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(
        (o.reason, o.solitaire_score, o.filled),
        (EndReason::OutOfMarbles, None, 1)
    );
}

#[test]
fn dishes_fixes_three_different_numbers_and_the_first_to_fail_loses() {
    let mut g = game("dishes", 2);
    assert_eq!(g.variant.mode, MarblesMode::Dishes);
    roll(&mut g, [6, 6, 6]);
    roll(&mut g, [1, 1, 1]);
    assert_eq!(g.phase, Phase::DishesRoll { seat: 0 });
    let e = roll(&mut g, [2, 2, 5]);
    assert_eq!(e, vec![Event::DishesReroll([2, 2, 5])]);
    let e = roll(&mut g, [1, 3, 6]);
    assert_eq!(e, vec![Event::DishesNumbers([1, 3, 6])]);
    assert_eq!(
        g.phase,
        Phase::Place {
            seat: 0,
            dice: [1, 3, 6]
        }
    );
    assert_eq!(
        g.apply(Action::Roll([1, 2, 3])),
        Err(RuleError::NotNow(
            "seat 0 to place a marble or declare no move".into()
        ))
    );
    g.apply(Action::Place(8)).unwrap();
    assert_eq!(g.apply(Action::Place(8)), Err(RuleError::SpaceTaken(8)));
    assert_eq!(g.apply(Action::Place(35)), Err(RuleError::NotReachable(35)));
    g.apply(Action::Place(17)).unwrap();
    assert_eq!(
        g.phase,
        Phase::Place {
            seat: 0,
            dice: [1, 3, 6]
        }
    );
    let e = g.apply(Action::NoMove).unwrap();
    let Some(Event::GameOver(o)) = e.last() else {
        panic!("{e:?}")
    };
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::DoesTheDishes(0), vec![1])
    );
}

#[test]
fn setups_the_rules_cannot_play_are_refused() {
    let c = catalog();
    let classic = &c
        .marbles
        .iter()
        .find(|p| p.name == "classic")
        .unwrap()
        .variant;
    assert!(
        MarblesGame::new(classic.clone(), 1, 0)
            .unwrap_err()
            .contains("2–4")
    );
    assert!(MarblesGame::new(classic.clone(), 5, 0).is_err());
    let solo = &c
        .marbles
        .iter()
        .find(|p| p.name == "solitaire")
        .unwrap()
        .variant;
    assert!(MarblesGame::new(solo.clone(), 2, 0).is_err());
}

// ---------------------------------------------------------------- invariants

/// Score by a different method: rotate the ring to start just after an empty space.
fn recount(board: &[Option<u8>], seat: u8, runs_score: bool) -> u32 {
    let n = board.len();
    let wrap = n == 36;
    let marbles = board.iter().filter(|s| **s == Some(seat)).count();
    if !runs_score {
        return marbles as u32;
    }
    let start = if wrap {
        (0..n).find(|i| board[*i] != Some(seat)).unwrap_or(0)
    } else {
        0
    };
    let mut bonus = 0;
    let mut len = 0;
    for k in 0..=n {
        let here = k < n && board[(start + k) % n] == Some(seat);
        if here {
            len += 1;
        } else {
            bonus += match len {
                0 | 1 => 0,
                2 => 2,
                3 => 5,
                4 => 7,
                _ => 10,
            };
            len = 0;
        }
    }
    if marbles == n {
        bonus = 10;
    }
    marbles as u32 + bonus
}

fn check_invariants(g: &MarblesGame) {
    // No space is held twice, and nothing lies off the board.
    for (a, ma) in g.marbles.iter().enumerate() {
        assert_eq!(ma & !g.spaces(), 0, "seat {a} has marbles off the board");
        for (b, mb) in g.marbles.iter().enumerate().skip(a + 1) {
            assert_eq!(ma & mb, 0, "seats {a} and {b} share a space");
        }
    }
    let board = g.board();
    let per = g.variant.marbles as usize;
    for seat in 0..g.seats {
        let on_board = board.iter().filter(|s| **s == Some(seat)).count();
        let mut total = on_board + g.trays[seat as usize] as usize;
        if g.variant.mode == MarblesMode::Solitaire {
            total += g.set_aside as usize;
        }
        assert_eq!(
            total, per,
            "seat {seat}: board + tray (+ set aside) = {total}, not {per}"
        );
    }
    for (seat, s) in g.scores().iter().enumerate() {
        assert_eq!(
            s.total,
            recount(&board, seat as u8, g.variant.runs_score),
            "{board:?}"
        );
    }
    if let Some(Window::Placed { seat, space, .. }) = g.window {
        assert_eq!(
            g.at(space),
            Some(seat),
            "the window's marble is on the board"
        );
    }
}

#[test]
fn ten_thousand_random_games_across_every_preset_keep_the_invariants() {
    let c = catalog();
    let mut games = 0;
    let mut ended = std::collections::HashMap::new();
    for preset in &c.marbles {
        let n = 10_000 / c.marbles.len() + 1;
        for i in 0..n {
            let seats = if preset.variant.mode == MarblesMode::Solitaire {
                1
            } else {
                2 + (i % 3) as u8
            };
            let seed = i as u64 * 7919 + preset.name.len() as u64;
            let (g, actions) = random_marbles(&preset.variant, seats, seed, 20_000, |g, _| {
                check_invariants(g)
            })
            .unwrap_or_else(|e| {
                panic!(
                    "{} seed {seed}: a legal action was refused: {e}",
                    preset.name
                )
            });
            assert_eq!(
                g.phase,
                Phase::Over,
                "{} seed {seed} ended within 20,000 actions ({})",
                preset.name,
                actions.len()
            );
            let o = g.outcome.as_ref().unwrap();
            *ended
                .entry(
                    format!("{:?}", o.reason)
                        .split('(')
                        .next()
                        .unwrap()
                        .to_string(),
                )
                .or_insert(0) += 1;
            games += 1;
        }
    }
    assert!(games >= 10_000);
    // Every way a game can end happened.
    for reason in [
        "BoardFull",
        "ThreeIdleRounds",
        "TrayEmpty",
        "OutOfMarbles",
        "DoesTheDishes",
    ] {
        assert!(
            ended.get(reason).copied().unwrap_or(0) > 0,
            "no game ended by {reason}: {ended:?}"
        );
    }
}

// ---------------------------------------------------------------- records

fn record_of(preset: &str, seats: u8, seed: u64) -> (GameRecord, MarblesGame) {
    let c = catalog();
    let v = &c.marbles.iter().find(|p| p.name == preset).unwrap().variant;
    let (g, actions) = random_marbles(v, seats, seed, 20_000, |_, _| {}).unwrap();
    let record = GameRecord {
        game: "marbles".into(),
        preset: preset.into(),
        seats,
        partnerships: false,
        set: None,
        scoring: None,
        seed,
        actions,
    };
    (record, g)
}

#[test]
fn a_record_replays_to_the_same_game() {
    for (preset, seats) in [
        ("classic", 4),
        ("junior", 2),
        ("solitaire", 1),
        ("dishes", 3),
        ("mixed-2", 3),
    ] {
        let (record, played) = record_of(preset, seats, 42);
        let json = record.to_json();
        let parsed = GameRecord::parse(&json).unwrap();
        assert_eq!(parsed, record);
        let (replayed, _) = replay(&parsed, &catalog()).unwrap();
        assert_eq!(replayed, played, "{preset}");
        // The state itself round-trips through JSON too.
        let state: MarblesGame =
            serde_json::from_str(&serde_json::to_string(&played).unwrap()).unwrap();
        assert_eq!(state, played);
    }
}

#[test]
fn a_refused_action_stops_the_replay_naming_its_index_and_reason() {
    let (mut record, _) = record_of("classic", 2, 3);
    record.actions.truncate(6);
    record.actions.insert(4, Action::Place(99));
    let e = replay(&record, &catalog()).unwrap_err();
    assert!(
        matches!(
            e,
            ReplayError::Action {
                index: 4,
                action: Action::Place(99),
                ..
            }
        ),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(
        text.starts_with("action 4 (Place(99)) was refused: "),
        "{text}"
    );
}

#[test]
fn malformed_records_get_clear_errors() {
    let cases = [
        ("", "not a game record"),
        ("{\"game\":\"marbles\"}", "missing field"),
        (
            "{\"game\":\"chess\",\"preset\":\"classic\",\"seats\":2,\"seed\":1,\"actions\":[]}",
            "\"chess\"",
        ),
        (
            "{\"game\":\"marbles\",\"preset\":\"classic\",\"seats\":2,\"seed\":1,\"actions\":[{\"Jump\":3}]}",
            "Jump",
        ),
        (
            "{\"game\":\"marbles\",\"preset\":\"classic\",\"seats\":2,\"seed\":1,\"actions\":[],\"extra\":1}",
            "extra",
        ),
    ];
    for (json, want) in cases {
        let e = GameRecord::parse(json).unwrap_err().to_string();
        assert!(e.contains(want), "{json}: {e}");
    }
    let bad_preset = GameRecord {
        game: "marbles".into(),
        preset: "chess".into(),
        seats: 2,
        partnerships: false,
        set: None,
        scoring: None,
        seed: 1,
        actions: vec![],
    };
    assert!(
        replay(&bad_preset, &catalog())
            .unwrap_err()
            .to_string()
            .contains("no preset named \"chess\"")
    );
    let bad_seats = GameRecord {
        preset: "classic".into(),
        seats: 7,
        ..bad_preset
    };
    assert!(
        replay(&bad_seats, &catalog())
            .unwrap_err()
            .to_string()
            .contains("not 7")
    );
}

// ---------------------------------------------------------------- command line

#[test]
fn solve_prints_totals_then_one_expression_each() {
    let (code, out, _) = muggins(&["solve", "1", "3", "6", "--ops", "+-"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "2 4 8 10");
    assert_eq!(lines.len(), 5);
    assert!(lines[1].starts_with("2 = "));
    let (_, out, _) = muggins(&["solve", "1", "3", "6", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dice"], serde_json::json!([1, 3, 6]));
    let totals: Vec<u64> = v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    assert!(totals.windows(2).all(|w| w[0] < w[1]));
    assert!(totals.contains(&17) && totals.contains(&8) && totals.contains(&3));
    assert_eq!(v["expressions"]["17"], "(6 x 3) - 1");
    let (_, out, _) = muggins(&["solve", "6", "6", "6", "--max", "18", "--ops", "*+"]);
    assert_eq!(
        out.lines().next().unwrap().split(' ').next_back(),
        Some("18")
    );
    let (code, _, err) = muggins(&["solve", "1", "3", "6", "--ops", "%"]);
    assert_eq!(code, 1);
    assert!(err.contains("'%'"), "{err}");
}

#[test]
fn score_prints_each_seat_as_json() {
    let board = format!("AA.AAA.AAAAAA.A{}BB{}B", ".".repeat(5), ".".repeat(13));
    let (code, out, _) = muggins(&["score", "--board", &board, "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["A"],
        serde_json::json!({"marbles": 12, "runs": [2, 3, 6], "bonus": 17, "total": 29})
    );
    assert_eq!(v["B"]["total"], 3 + 2);
    assert!(v.get("C").is_none());
    let (code, _, err) = muggins(&["score", "--board", "AB"]);
    assert_eq!(code, 1);
    assert!(err.contains("36 or 18"), "{err}");
}

#[test]
fn replay_prints_the_final_state_and_errors_name_the_action() {
    let dir = std::env::temp_dir().join(format!("muggins-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (record, played) = record_of("classic", 3, 9);
    let file = dir.join("game.json");
    std::fs::write(&file, record.to_json()).unwrap();
    let (code, out, err) = muggins(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["over"], true);
    for (seat, s) in played.scores().iter().enumerate() {
        let letter = ((b'A' + seat as u8) as char).to_string();
        assert_eq!(v["scores"][&letter]["total"], s.total);
    }
    let mut bad = record.clone();
    bad.actions[2] = Action::Challenge(9);
    std::fs::write(&file, bad.to_json()).unwrap();
    let (code, _, err) = muggins(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("action 2 (Challenge(9)) was refused"), "{err}");
    std::fs::write(&file, "{not json").unwrap();
    let (code, _, err) = muggins(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not a game record"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

// ---------------------------------------------------------------- what the table asks of the rules

#[test]
fn runs_speaking_order_and_learning_come_from_the_rules() {
    // Runs: round the corner on the full ring, not on the 18-space half.
    let mut g = game("classic", 3);
    for space in [35, 36, 1, 5, 9, 10] {
        g.set_space(space, Some(0));
    }
    g.set_space(20, Some(1));
    let bits = |spaces: &[u8]| spaces.iter().fold(0u64, |m, s| m | 1u64 << s);
    assert_eq!(g.run_spaces(0), bits(&[35, 36, 1, 9, 10]));
    assert_eq!(g.run_spaces(1), 0, "a lone marble is no run");
    let mut starter = game("starter", 2);
    for space in [18, 1, 2] {
        starter.set_space(space, Some(1));
    }
    assert_eq!(
        starter.run_spaces(1),
        bits(&[1, 2]),
        "18 and 1 are not neighbours"
    );
    let mut dishes = game("dishes", 2);
    dishes.set_space(3, Some(0));
    dishes.set_space(4, Some(0));
    assert_eq!(dishes.run_spaces(0), 0, "Dishes scores no runs");
    // The speaking order on a window: each other seat in table order after the mover.
    assert!(g.speaking_order().is_empty(), "no window, nobody speaks");
    g.window = Some(Window::Placed {
        seat: 1,
        space: 8,
        dice: [1, 3, 6],
        reachable: true,
    });
    assert_eq!(g.speaking_order(), vec![2, 0]);
    assert_eq!(g.window.unwrap().mover(), 1);
    // The learning mode is a preset flag; bluffing at the table only in the regular game.
    for p in catalog().marbles {
        assert_eq!(
            p.variant.learning,
            matches!(p.name.as_str(), "starter" | "junior"),
            "{}",
            p.name
        );
        assert_eq!(
            p.variant.may_bluff(),
            p.variant.bluffing && p.variant.mode == MarblesMode::Levels
        );
    }
    assert_eq!(
        muggins::rules::marbles::score::run_bonuses_text(),
        format!(
            "{} (two), {} (three), {} (four), {} (five or more)",
            run_bonus(2),
            run_bonus(3),
            run_bonus(4),
            run_bonus(5)
        )
    );
}
