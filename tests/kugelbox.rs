//! Kugelbox rules (../shared/RULES.md §3): throw scoring over every pair of holes, the seed's
//! figures, the chips at their boundaries, Smart Calculators, Chikugo and Take It turn by turn,
//! many random games with chip conservation, records and the command line.

mod common;

use common::muggins;
use muggins::rules::Catalog;
use muggins::rules::kugelbox::{
    Action, Chip, Event, Finish, Hole, KugelGame, KugelRecord, KugelReplayError, KugelboxVariant,
    Phase, RuleError, Scored, Stage, Throw, replay_kugel,
};
use muggins::sim::kugelbox::play_kugel;

fn catalog() -> Catalog {
    Catalog::builtin().0
}

fn preset(name: &str) -> KugelboxVariant {
    catalog()
        .kugelbox
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("preset {name}"))
        .variant
        .clone()
}

fn h(r: u8, c: u8) -> Option<Hole> {
    Some(Hole(r, c))
}

fn throw(a: Option<Hole>, b: Option<Hole>) -> Throw {
    Throw { red: a, other: b }
}

fn geo(a: Option<Hole>, b: Option<Hole>) -> Scored {
    throw(a, b).geometry()
}

// ---------------------------------------------------------------- scoring

#[test]
fn every_pair_of_holes_scores_by_the_definitions() {
    let holes: Vec<Hole> = (1..=5)
        .flat_map(|r| (1..=5).map(move |c| Hole(r, c)))
        .collect();
    let mut pairs = 0;
    for (i, a) in holes.iter().enumerate() {
        for b in &holes[i + 1..] {
            pairs += 1;
            let same_line = a.0 == b.0 || a.1 == b.1;
            // Counted hole by hole, not by formula.
            let inside = |x: &Hole| {
                (a.0.min(b.0)..=a.0.max(b.0)).contains(&x.0)
                    && (a.1.min(b.1)..=a.1.max(b.1)).contains(&x.1)
            };
            let want = if same_line {
                2 + holes
                    .iter()
                    .filter(|x| inside(x) && *x != a && *x != b)
                    .count() as u32
            } else {
                holes.iter().filter(|x| inside(x)).count() as u32
            };
            let width = a.1.abs_diff(b.1);
            let height = a.0.abs_diff(b.0);
            let square = width == height && width >= 1;
            for s in [geo(Some(*a), Some(*b)), geo(Some(*b), Some(*a))] {
                assert_eq!(s.score, want, "{a} {b}");
                assert_eq!(s.row, same_line, "{a} {b}");
                assert_eq!(s.square, square, "{a} {b}");
            }
        }
        for s in [geo(Some(*a), None), geo(None, Some(*a))] {
            assert_eq!(
                s,
                Scored {
                    score: 1,
                    row: false,
                    square: false
                }
            );
        }
    }
    assert_eq!(pairs, 300);
    assert_eq!(geo(None, None), Scored::default());
}

#[test]
fn the_seeds_worked_figures() {
    // Rows: three and four points; neighbours two; opposite ends five.
    assert_eq!(geo(h(1, 1), h(1, 3)).score, 3);
    assert_eq!(geo(h(2, 1), h(2, 4)).score, 4);
    assert_eq!(geo(h(3, 3), h(4, 3)).score, 2);
    assert_eq!(geo(h(1, 5), h(5, 5)).score, 5);
    assert!(geo(h(1, 5), h(5, 5)).row);
    // Squares of four and nine, a rectangle of six, the corners 25 (Chikugo).
    let four = geo(h(2, 2), h(3, 3));
    assert_eq!((four.score, four.square, four.row), (4, true, false));
    let nine = geo(h(1, 1), h(3, 3));
    assert_eq!((nine.score, nine.square), (9, true));
    let six = geo(h(1, 1), h(2, 3));
    assert_eq!((six.score, six.square, six.row), (6, false, false));
    let corners = geo(h(1, 1), h(5, 5));
    assert_eq!((corners.score, corners.square), (25, true));
    assert_eq!(geo(h(5, 1), h(1, 5)).score, 25);
    assert_eq!(geo(h(1, 1), h(4, 4)).score, 16);
}

#[test]
fn smart_calculators_join_the_values_by_the_operator_opposite_the_red_ball() {
    let v = preset("smart-calculators");
    let l = &v.layout;
    assert_eq!(l.values, vec![1, 2, 3, 4, 5]);
    // Column 3 carries ×: 3 × 4.
    assert_eq!(throw(h(1, 3), h(5, 4)).calculators(l).score, 12);
    // Column 2 carries −: larger minus smaller, 5 − 2.
    assert_eq!(throw(h(4, 2), h(1, 5)).calculators(l).score, 3);
    // The red ball decides: red in column 5 (+) with the other in 2: 7; the other way, 3.
    assert_eq!(throw(h(1, 5), h(1, 2)).calculators(l).score, 7);
    assert_eq!(throw(h(1, 2), h(1, 5)).calculators(l).score, 3);
    // Column 1 carries +, column 4 −.
    assert_eq!(throw(h(2, 1), h(3, 1)).calculators(l).score, 2);
    assert_eq!(throw(h(2, 4), h(3, 1)).calculators(l).score, 3);
    // One ball in: 1; none: 0. Row and square stay geometric.
    assert_eq!(throw(h(2, 4), None).calculators(l).score, 1);
    assert_eq!(throw(None, None).calculators(l).score, 0);
    let s = throw(h(1, 1), h(2, 2)).calculators(l);
    assert_eq!((s.score, s.square), (1 + 2, true));
}

#[test]
fn a_throw_outside_the_box_or_two_balls_in_one_hole_is_refused() {
    let v = preset("chikugo");
    assert!(throw(h(1, 1), h(1, 1)).check(&v.layout).is_err());
    assert!(throw(h(6, 1), None).check(&v.layout).is_err());
    assert!(throw(h(0, 1), None).check(&v.layout).is_err());
    assert!(throw(None, None).check(&v.layout).is_ok());
    let mut g = KugelGame::new(v, 2, 1).unwrap();
    let e = g.apply(Action::Throw(throw(h(2, 2), h(2, 2)))).unwrap_err();
    assert!(matches!(e, RuleError::BadThrow(_)), "{e}");
    assert_eq!(g.phase, Phase::Throw { seat: 0 });
}

// ---------------------------------------------------------------- chips

fn scored(score: u32, row: bool, square: bool) -> Scored {
    Scored { score, row, square }
}

#[test]
fn every_chip_condition_at_its_boundary() {
    for n in [2u8, 3, 4, 5, 8, 12] {
        let c = Chip::Number(n);
        assert!(!c.met_by(scored(n as u32 - 1, false, false)), "{n}");
        assert!(c.met_by(scored(n as u32, false, false)), "{n}");
        assert!(c.met_by(scored(25, false, true)), "{n}");
        assert!(c.met_exactly_by(scored(n as u32, false, false)));
        assert!(!c.met_exactly_by(scored(n as u32 + 1, false, false)));
        assert_eq!(c.points(), n as u32);
    }
    for n in [4u8, 6] {
        let c = Chip::UpTo(n);
        assert!(c.met_by(scored(n as u32, false, false)), "↗{n}");
        assert!(!c.met_by(scored(n as u32 + 1, false, false)), "↗{n}");
        assert!(
            c.met_by(scored(0, false, false)),
            "↗{n}: up to includes nothing in"
        );
        assert!(c.met_exactly_by(scored(n as u32, false, false)));
        assert!(!c.met_exactly_by(scored(n as u32 - 1, false, false)));
        assert_eq!(c.points(), n as u32);
    }
    for (s, row, square) in [
        (geo(h(1, 1), h(1, 2)), true, false),
        (geo(h(1, 1), h(1, 5)), true, false),
        (geo(h(1, 1), h(2, 2)), false, true),
        (geo(h(1, 1), h(2, 3)), false, false),
        (geo(h(1, 1), None), false, false),
    ] {
        assert_eq!(Chip::Line.met_by(s), row, "{s:?}");
        assert_eq!(Chip::Line.met_exactly_by(s), row, "{s:?}");
        assert_eq!(Chip::Square.met_by(s), square, "{s:?}");
        assert_eq!(Chip::Square.met_exactly_by(s), square, "{s:?}");
    }
    assert_eq!(Chip::Line.points(), 1);
    assert_eq!(Chip::Square.points(), 9);
    // The twelve chips of the presets.
    let chips = preset("chikugo").chips;
    assert_eq!(chips.len(), 12);
    assert_eq!(chips, preset("take-it").chips);
    assert_eq!(chips.iter().filter(|c| **c == Chip::Line).count(), 2);
    assert_eq!(chips.iter().filter(|c| **c == Chip::Square).count(), 2);
}

// ---------------------------------------------------------------- Chikugo

/// A throw that scores `n` (0, 1, rows 2–5, squares 4/9/16/25, rectangles 6/8/12...).
fn scoring(n: u32) -> Throw {
    match n {
        0 => throw(None, None),
        1 => throw(h(1, 1), None),
        2..=5 => throw(h(1, 1), h(1, n as u8)),
        6 => throw(h(1, 1), h(2, 3)),
        8 => throw(h(1, 1), h(2, 4)),
        9 => throw(h(1, 1), h(3, 3)),
        12 => throw(h(1, 1), h(3, 4)),
        16 => throw(h(1, 1), h(4, 4)),
        25 => throw(h(1, 1), h(5, 5)),
        _ => panic!("no throw for {n} here"),
    }
}

fn t(g: &mut KugelGame, n: u32) -> Vec<Event> {
    let th = scoring(n);
    assert_eq!(th.geometry().score, n);
    g.apply(Action::Throw(th)).unwrap()
}

fn chip_index(g: &KugelGame, face: Chip, mask: u16) -> u8 {
    (0..12)
        .find(|c| mask & 1 << c != 0 && g.face(*c) == face)
        .unwrap_or_else(|| panic!("{face:?} not in {mask:b}"))
}

#[test]
fn chikugo_rounds_nadir_pick_up_instant_win_lay_out_and_the_loser() {
    let mut g = KugelGame::new(preset("chikugo"), 3, 5).unwrap();
    // Round 1: A throws 6 (the lowest so far); B must score at least 7: 8 does; C's 6 does
    // not: C is Nadir and, as the round's lowest, takes a chip.
    let e = t(&mut g, 6);
    assert!(e.contains(&Event::Nadir { seat: 0, score: 6 }));
    assert_eq!(g.phase, Phase::Throw { seat: 1 });
    let e = t(&mut g, 8);
    assert!(!e.iter().any(|e| matches!(e, Event::Nadir { .. })));
    let next_chip = *g.down.last().unwrap();
    let e = t(&mut g, 6);
    assert!(e.contains(&Event::Nadir { seat: 2, score: 6 }));
    assert!(e.contains(&Event::PickedUp {
        seat: 2,
        chip: next_chip,
        face: g.face(next_chip)
    }));
    assert_eq!(g.held[2], 1 << next_chip);
    assert_eq!(g.down.len(), 11);
    // Round 2 starts one seat on: B, C, A. B throws 1, C throws 2, A throws 0: A takes.
    assert_eq!(g.phase, Phase::Throw { seat: 1 });
    t(&mut g, 1);
    let e = t(&mut g, 2);
    assert!(!e.iter().any(|e| matches!(e, Event::Nadir { .. })));
    let e = t(&mut g, 0);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::PickedUp { seat: 0, .. }))
    );
    // Round 3 (C, A, B): C throws 25: Chikugo, wins at once, its chip leaves the game.
    assert_eq!(g.phase, Phase::Throw { seat: 2 });
    let c_chips = g.held[2];
    let e = t(&mut g, 25);
    assert!(e.contains(&Event::Chikugo {
        seat: 2,
        aside: c_chips
    }));
    assert!(e.contains(&Event::Retired {
        seat: 2,
        finish: Finish::Chikugo
    }));
    assert_eq!(g.aside, c_chips);
    assert_eq!(g.held[2], 0);
    // A and B play on; C never throws again.
    assert_eq!(g.phase, Phase::Throw { seat: 0 });
    t(&mut g, 3);
    let e = t(&mut g, 2);
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::PickedUp { seat: 1, .. }))
    );
    // Leave one chip in the middle to reach lay-out: the next round's lowest takes it.
    let keep = g.down[0];
    g.down = vec![keep];
    for c in 0..12u8 {
        if c != keep && g.held.iter().all(|h| h & 1 << c == 0) && g.aside & 1 << c == 0 {
            g.laid_out |= 1 << c; // out of this scripted game
        }
    }
    // The next round starts one seat further on again (A, B): A 5, B 4: B takes the last chip;
    // lay-out begins.
    assert_eq!(g.phase, Phase::Throw { seat: 0 });
    t(&mut g, 5);
    let e = t(&mut g, 4);
    assert!(e.contains(&Event::LayOutBegins));
    assert_eq!(g.stage, Stage::LayOut);
    assert!(g.down.is_empty());
    // Both hold chips, so nobody retires yet. Lay-out throws: the thrower lays out one chip the
    // throw meets, by choice.
    let Phase::Throw { seat } = g.phase else {
        panic!("{:?}", g.phase)
    };
    let mine = g.held[seat as usize];
    let faces: Vec<Chip> = KugelGame::chips_of(mine).map(|c| g.face(c)).collect();
    // A throw of 0 meets only arrows; of 16, every number up to 12 and the square.
    let e = t(&mut g, 0);
    let meets_arrow = faces.iter().any(|f| matches!(f, Chip::UpTo(_)));
    if !meets_arrow {
        assert!(e.contains(&Event::NothingMet { seat }));
    }
    // Lay-out until someone has no chips: pick whatever is offered.
    let mut guard = 0;
    while g.phase != Phase::Over && guard < 200 {
        guard += 1;
        match g.phase {
            Phase::Throw { .. } => {
                t(&mut g, 16);
            }
            Phase::Choose { .. } => {
                let choices = g.chip_choices();
                assert!(!choices.is_empty());
                // A chip that is not offered is refused.
                assert!(matches!(
                    g.apply(Action::Chip(99)).unwrap_err(),
                    RuleError::NotAChoice(99)
                ));
                g.apply(choices[0]).unwrap();
            }
            Phase::Over => {}
        }
    }
    let o = g.outcome.clone().expect("over");
    let loser = o.loser.expect("a loser");
    assert_ne!(g.held[loser as usize], 0, "the loser still holds chips");
    assert_eq!(o.order.first(), Some(&(2, Finish::Chikugo)));
    assert_eq!(o.order.last(), Some(&(loser, Finish::Loser)));
    assert_eq!(o.order.len(), 3);
    assert!(o.winners.contains(&2) && !o.winners.contains(&loser));
    assert_eq!(
        g.apply(Action::Throw(scoring(2))).unwrap_err(),
        RuleError::GameOver
    );
}

#[test]
fn chikugo_lay_out_is_the_players_choice_and_a_player_without_chips_retires() {
    let mut g = KugelGame::new(preset("chikugo"), 3, 8).unwrap();
    // One chip left in the middle; the rest already in front of A and B.
    let five = chip_index(&g, Chip::Number(5), g.all_chips());
    let two = chip_index(&g, Chip::Number(2), g.all_chips());
    let line = chip_index(&g, Chip::Line, g.all_chips());
    let last = chip_index(&g, Chip::Number(12), g.all_chips());
    g.down = vec![last];
    g.held[0] = 1 << five | 1 << two;
    g.held[1] = 1 << line;
    g.laid_out = g.all_chips() & !(1 << five | 1 << two | 1 << line | 1 << last);
    // Round: A 9, B 12, C 10: nobody below 9 but A... A is lowest and takes [12].
    t(&mut g, 9);
    t(&mut g, 12);
    let e = t(&mut g, 12);
    assert!(e.contains(&Event::PickedUp {
        seat: 0,
        chip: last,
        face: Chip::Number(12)
    }));
    // C never picked up: retires as a winner when lay-out begins.
    assert!(e.contains(&Event::Retired {
        seat: 2,
        finish: Finish::NoChip
    }));
    // Lay-out starts after the round's first thrower (A): B throws a row of 5.
    assert_eq!(g.phase, Phase::Throw { seat: 1 });
    let e = t(&mut g, 5);
    assert!(!e.iter().any(|e| matches!(e, Event::NothingMet { .. })));
    assert_eq!(g.chip_choices(), vec![Action::Chip(line)]);
    let e = g.apply(Action::Chip(line)).unwrap();
    assert!(e.contains(&Event::Retired {
        seat: 1,
        finish: Finish::LaidOut
    }));
    // A is the last holding chips: the loser.
    assert_eq!(g.phase, Phase::Over);
    let o = g.outcome.unwrap();
    assert_eq!(
        o.order,
        vec![
            (2, Finish::NoChip),
            (1, Finish::LaidOut),
            (0, Finish::Loser)
        ]
    );
    assert_eq!(o.loser, Some(0));
    assert_eq!(o.winners, vec![1, 2]);
}

#[test]
fn chikugo_a_lay_out_throw_that_meets_several_chips_lets_the_player_pick() {
    let mut g = KugelGame::new(preset("chikugo"), 2, 3).unwrap();
    let five = chip_index(&g, Chip::Number(5), g.all_chips());
    let two = chip_index(&g, Chip::Number(2), g.all_chips());
    let arrow = chip_index(&g, Chip::UpTo(6), g.all_chips());
    let last = chip_index(&g, Chip::Square, g.all_chips());
    g.down = vec![last];
    g.held[0] = 1 << five | 1 << two | 1 << arrow;
    g.laid_out = g.all_chips() & !(1 << five | 1 << two | 1 << arrow | 1 << last);
    t(&mut g, 3);
    t(&mut g, 2); // B is lowest: takes the square
    assert_eq!(g.held[1], 1 << last);
    assert_eq!(g.phase, Phase::Throw { seat: 1 });
    t(&mut g, 6); // B: 6 does not make a square
    assert_eq!(g.phase, Phase::Throw { seat: 0 });
    t(&mut g, 5); // A: ≥2, ≥5, ≤6 all met
    let mut offered = g.chip_choices();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::Chip(five), Action::Chip(two), Action::Chip(arrow)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, want);
    g.apply(Action::Chip(arrow)).unwrap();
    assert_eq!(g.held[0], 1 << five | 1 << two);
    assert!(g.laid_out & 1 << arrow != 0);
}

// ---------------------------------------------------------------- Take It

#[test]
fn take_it_turn_a_chip_take_from_the_middle_or_exactly_from_another_player() {
    let mut g = KugelGame::new(preset("take-it"), 2, 4).unwrap();
    let all = g.all_chips();
    let eight = chip_index(&g, Chip::Number(8), all);
    let four = chip_index(&g, Chip::Number(4), all);
    let square = chip_index(&g, Chip::Square, all);
    let twelve = chip_index(&g, Chip::Number(12), all);
    // Script the middle: [8] is turned first, then [4], then [12]. B holds a square; the other
    // chips are put out of this scripted game.
    g.down = vec![twelve, four, eight];
    g.held[1] = 1 << square;
    g.laid_out = all & !(1 << eight | 1 << four | 1 << square | 1 << twelve);
    // A throws a row of 2: [8] turns up; 2 does not meet it, and B's square is not met exactly.
    let e = t(&mut g, 2);
    assert!(e.contains(&Event::Turned {
        chip: eight,
        face: Chip::Number(8)
    }));
    assert!(e.contains(&Event::NothingMet { seat: 0 }));
    assert_eq!(g.phase, Phase::Throw { seat: 1 });
    // B throws 9 (a square): [4] turns up; the middle's [8] and [4] are met: B takes [8].
    let e = t(&mut g, 9);
    assert!(e.contains(&Event::Turned {
        chip: four,
        face: Chip::Number(4)
    }));
    let mut offered = g.chip_choices();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::Chip(eight), Action::Chip(four)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered, want,
        "the middle first: no steal while the middle has a match"
    );
    let e = g.apply(Action::Chip(eight)).unwrap();
    assert!(e.contains(&Event::Took {
        seat: 1,
        chip: eight,
        face: Chip::Number(8),
        from: None
    }));
    // A throws 1: [12] turns up.
    let e = t(&mut g, 1);
    assert!(e.contains(&Event::Turned {
        chip: twelve,
        face: Chip::Number(12)
    }));
    // 1 meets neither [4] nor [12]; exactly 1 is no chip: nothing.
    assert!(e.contains(&Event::NothingMet { seat: 0 }));
    // B throws 4: takes [4] from the middle.
    t(&mut g, 4);
    g.apply(Action::Chip(four)).unwrap();
    // A throws 8: the middle's [12] is not met; B's [8] is met exactly: A takes it from B.
    t(&mut g, 8);
    assert_eq!(g.chip_choices(), vec![Action::Chip(eight)]);
    let e = g.apply(Action::Chip(eight)).unwrap();
    assert!(e.contains(&Event::Took {
        seat: 0,
        chip: eight,
        face: Chip::Number(8),
        from: Some(1)
    }));
    // B throws 12 (a 3×4 rectangle) and takes the last chip in the middle: the game ends.
    t(&mut g, 12);
    let e = g.apply(Action::Chip(twelve)).unwrap();
    let o = g.outcome.clone().expect("over when the middle is empty");
    assert!(e.contains(&Event::GameOver(o.clone())));
    assert_eq!(o.points, vec![8, 9 + 4 + 12]);
    assert_eq!(o.points, g.points());
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.loser, None);
}

#[test]
fn practice_every_seat_throws_its_throws_and_the_highest_total_wins() {
    let mut g = KugelGame::new(preset("smart-calculators"), 1, 0).unwrap();
    assert!(KugelGame::new(preset("chikugo"), 1, 0).is_err());
    assert!(KugelGame::new(preset("take-it"), 7, 0).is_err());
    for i in 0..10 {
        assert_eq!(g.phase, Phase::Throw { seat: 0 }, "throw {i}");
        g.apply(Action::Throw(throw(h(1, 3), h(2, 4)))).unwrap(); // 3 × 4
    }
    let o = g.outcome.unwrap();
    assert_eq!(o.points, vec![120]);
    assert_eq!(o.winners, vec![0]);
}

// ---------------------------------------------------------------- many random games

fn conserved(g: &KugelGame, what: &str) {
    let mut seen: u16 = 0;
    let mut places = 0;
    let mut add = |m: u16, name: &str| {
        assert_eq!(seen & m, 0, "{what}: a chip in two places ({name})");
        seen |= m;
        places += m.count_ones();
    };
    add(g.down_mask(), "face down");
    assert_eq!(
        g.down_mask().count_ones() as usize,
        g.down.len(),
        "{what}: repeats"
    );
    add(g.up, "face up");
    for (s, h) in g.held.iter().enumerate() {
        add(*h, &format!("seat {s}"));
    }
    add(g.laid_out, "laid out");
    add(g.aside, "set aside");
    assert_eq!(seen, g.all_chips(), "{what}: a chip lost");
    assert_eq!(places, 12, "{what}");
}

fn property(name: &str, games: u64) {
    let v = preset(name);
    let mut retired = 0;
    let mut chikugos = 0;
    let mut steals = 0;
    for s in 0..games {
        let players = 2 + (s % 5) as u8;
        let mut g = KugelGame::new(v.clone(), players, s).unwrap();
        conserved(&g, "start");
        let p_in = [0.5, 0.8, 0.95][(s % 3) as usize];
        play_kugel(&mut g, p_in, s % 2 == 0, s, 100_000, |g, a, events| {
            conserved(g, &format!("{name} seed {s} {a:?}"));
            for e in events {
                match e {
                    Event::Retired { .. } => retired += 1,
                    Event::Chikugo { .. } => chikugos += 1,
                    Event::Took { from: Some(_), .. } => steals += 1,
                    _ => {}
                }
            }
            if g.stage == Stage::TakeIt {
                assert!(g.laid_out == 0 && g.aside == 0);
            }
        })
        .unwrap();
        let o = g
            .outcome
            .as_ref()
            .unwrap_or_else(|| panic!("{name} seed {s}: not over"));
        if name == "chikugo" {
            assert_eq!(
                o.order.len(),
                players as usize,
                "everyone leaves, the loser last"
            );
            assert_eq!(o.order.last().map(|x| x.1), Some(Finish::Loser));
            assert_eq!(o.winners.len(), players as usize - 1);
        } else {
            assert!(g.down.is_empty() && g.up == 0, "the middle is empty");
            let total: u32 = o.points.iter().sum();
            assert_eq!(total, v.chips.iter().map(|c| c.points()).sum::<u32>());
        }
    }
    if name == "chikugo" {
        assert!(retired > 0 && chikugos > 0, "{retired} {chikugos}");
    } else {
        assert!(steals > 0);
    }
}

#[test]
fn property_chikugo_ten_thousand_games_conserve_the_chips() {
    property("chikugo", 10_000);
}

#[test]
fn property_take_it_ten_thousand_games_conserve_the_chips() {
    property("take-it", 10_000);
}

// ---------------------------------------------------------------- records and command line

fn record_of(name: &str, seats: u8, seed: u64) -> (KugelRecord, KugelGame) {
    let mut g = KugelGame::new(preset(name), seats, seed).unwrap();
    let mut actions = Vec::new();
    play_kugel(&mut g, 0.8, false, seed, 100_000, |_, a, _| actions.push(a)).unwrap();
    let record = KugelRecord {
        game: "kugelbox".into(),
        preset: name.into(),
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
fn a_record_replays_to_the_same_game_and_errors_are_named() {
    for name in ["chikugo", "take-it", "smart-calculators"] {
        let (record, played) = record_of(name, 3, 17);
        let parsed = KugelRecord::parse(&record.to_json()).unwrap();
        assert_eq!(parsed, record);
        let (replayed, _) = replay_kugel(&parsed, &catalog()).unwrap();
        assert_eq!(replayed, played, "{name}");
        let back: KugelGame =
            serde_json::from_str(&serde_json::to_string(&played).unwrap()).unwrap();
        assert_eq!(back, played);
    }
    let (mut record, _) = record_of("take-it", 2, 3);
    record.actions.insert(0, Action::Chip(0));
    match replay_kugel(&record, &catalog()).unwrap_err() {
        KugelReplayError::Action { index, error, .. } => {
            assert_eq!(index, 0);
            assert!(matches!(error, RuleError::NotNow(_)));
        }
        e => panic!("{e}"),
    }
    let e = KugelRecord::parse(r#"{"game":"kugelbox","preset":"chikugo","seats":2,"seed":1,"actions":[{"Throw":{"red":[1],"other":null}}]}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a game record"), "{e}");
    record.preset = "nope".into();
    assert!(matches!(
        replay_kugel(&record, &catalog()),
        Err(KugelReplayError::Setup(_))
    ));
}

#[test]
fn kugel_prints_the_score_in_the_exact_format() {
    let (code, out, _) = muggins(&["kugel", "1,1", "5,5", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), r#"{"score":25,"row":false,"square":true}"#);
    let (_, out, _) = muggins(&["kugel", "2,1", "2,4", "--json"]);
    assert_eq!(out.trim(), r#"{"score":4,"row":true,"square":false}"#);
    let (_, out, _) = muggins(&["kugel", "out", "3,3", "--json"]);
    assert_eq!(out.trim(), r#"{"score":1,"row":false,"square":false}"#);
    let (_, out, _) = muggins(&["kugel", "out", "--json"]);
    assert_eq!(out.trim(), r#"{"score":0,"row":false,"square":false}"#);
    let (_, out, _) = muggins(&["kugel", "1,3", "5,4", "--calc", "--json"]);
    assert_eq!(out.trim(), r#"{"score":12,"row":false,"square":false}"#);
    let (_, out, _) = muggins(&["kugel", "1,1", "3,3"]);
    assert_eq!(out.trim(), "9 square");
    let (code, _, err) = muggins(&["kugel", "6,1"]);
    assert_eq!(code, 1);
    assert!(err.contains("1 to 5"), "{err}");
    let (code, _, err) = muggins(&["kugel", "2,2", "2,2"]);
    assert_eq!(code, 1);
    assert!(err.contains("one hole"), "{err}");
}

#[test]
fn sim_and_replay_kugelbox_from_the_command_line() {
    let (code, out, err) = muggins(&[
        "sim",
        "kugelbox",
        "--game",
        "take-it",
        "--players",
        "3",
        "--games",
        "50",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 50);
    assert!(v["throw_score_mean"].as_f64().unwrap() > 1.0);
    let (code, out, err) = muggins(&["sim", "kugelbox", "--game", "chikugo", "--games", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("lost"), "{out}");
    let (code, _, err) = muggins(&["sim", "kugelbox", "--game", "croquet"]);
    assert_eq!(code, 1);
    assert!(err.contains("croquet"), "{err}");

    let dir = std::env::temp_dir().join(format!("muggins-kugel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (record, played) = record_of("chikugo", 4, 2);
    let file = dir.join("game.json");
    std::fs::write(&file, record.to_json()).unwrap();
    let (code, out, err) = muggins(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["over"], true);
    let loser = played.outcome.unwrap().loser.unwrap();
    assert_eq!(v["loser"], ((b'A' + loser) as char).to_string());
    std::fs::remove_dir_all(dir).unwrap();
}
