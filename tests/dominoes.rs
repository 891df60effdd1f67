//! Muggins dominoes rules (../shared/RULES.md §2): the seeds' examples, every setting on its own,
//! each preset played to its target, a property test over many random hands per preset,
//! records and the command line.

mod common;

use common::muggins;
use muggins::rules::Catalog;
use muggins::rules::dominoes::tile::{MAX_TILES, full_set, tiles_of};
use muggins::rules::dominoes::{
    Action, Boneyard, Count, DominoesGame, DominoesRecord, DominoesReplayError, DominoesVariant,
    Event, FirstLead, HandBonus, HandEnd, Layout, Logged, MugginsCall, NoPlay, Phase, Placement,
    RuleError, Spinner, Tile, TileSet, Why, replay_dominoes, round5,
};
use muggins::sim::playout::{DominoesPolicy, play_dominoes};

fn catalog() -> Catalog {
    Catalog::builtin().0
}

fn preset(name: &str) -> DominoesVariant {
    catalog()
        .dominoes
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("preset {name}"))
        .variant
}

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn at(tile: &str, arm: u8) -> Placement {
    Placement {
        tile: t(tile),
        arm,
        inline: false,
    }
}

fn lay(layout: &mut Layout, tile: &str, arm: u8) -> u32 {
    layout.place(at(tile, arm)).unwrap();
    layout.ends_total()
}

/// A game with chosen hands and boneyard (the last tile listed is drawn first), `leader` to lead.
fn set_up(
    variant: DominoesVariant,
    hands: &[&[&str]],
    boneyard: &[&str],
    leader: u8,
) -> DominoesGame {
    let mut g = DominoesGame::new(variant, hands.len() as u8, false, 1).unwrap();
    for (i, h) in hands.iter().enumerate() {
        g.hands[i] = h.iter().fold(0, |m, s| m | t(s).bit());
    }
    let bones: Vec<Tile> = boneyard.iter().map(|s| t(s)).collect();
    g.boneyard = Boneyard::from_tiles(&bones);
    g.layout = Layout::new(variant.spinner, variant.sniff);
    g.phase = Phase::Lead { seat: leader };
    g.history.clear();
    g
}

fn play(g: &mut DominoesGame, tile: &str, arm: u8) -> Vec<Event> {
    g.apply(Action::play(at(tile, arm)))
        .unwrap_or_else(|e| panic!("{tile} on {arm}: {e}"))
}

fn scored(events: &[Event]) -> Vec<(u8, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored { seat, points, .. } => Some((*seat, *points)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- the seeds' examples

#[test]
fn rounding_to_the_nearest_five_as_the_seeds_do() {
    assert_eq!(round5(19), 20);
    assert_eq!(round5(22), 20);
    assert_eq!(round5(23), 25);
    assert_eq!(round5(41), 40);
    assert_eq!(round5(3), 5, "[1-2] rounds up to five");
    assert_eq!(round5(2), 0, "[1-1] rounds down to zero");
    assert_eq!(round5(0), 0);
}

#[test]
fn seed_001_six_four_led_scores_ten_then_four_blank_six_or_six_one_five() {
    let mut l = Layout::new(Spinner::None, false);
    assert_eq!(lay(&mut l, "6-4", 0), 10);
    let mut a = l;
    assert_eq!(lay(&mut a, "4-0", 1), 6, "ends 6 and 0");
    assert_eq!(Count::Fives.score(6), 0);
    let mut b = l;
    assert_eq!(lay(&mut b, "6-1", 0), 5, "ends 1 and 4");
    assert_eq!(Count::Fives.score(5), 5);

    // The same through the game: the lead scores 10, [6-1] scores 5, [4-0] nothing.
    let mut v = preset("all-fives");
    v.muggins_call = MugginsCall::Off;
    let mut g = set_up(v, &[&["6-4", "4-0", "2-2"], &["6-1", "3-3"]], &[], 0);
    assert_eq!(scored(&play(&mut g, "6-4", 0)), vec![(0, 10)]);
    assert_eq!(scored(&play(&mut g, "6-1", 0)), vec![(1, 5)]);
    assert_eq!(scored(&play(&mut g, "4-0", 1)), vec![]);
    assert_eq!(g.side_scores(), vec![10, 5]);
}

#[test]
fn seed_001_the_leads_that_score_are_the_multiples_of_five() {
    for n in [6, 9, 12] {
        for lead in tiles_of(full_set(n)) {
            let mut l = Layout::new(Spinner::None, false);
            l.place(Placement {
                tile: lead,
                arm: 0,
                inline: false,
            })
            .unwrap();
            let (a, b) = lead.pips();
            assert_eq!(
                l.ends_total(),
                a as u32 + b as u32,
                "{lead} alone counts both"
            );
        }
    }
    let scoring: Vec<String> = tiles_of(full_set(6))
        .filter(|t| Count::Fives.score(t.total()) > 0)
        .map(|t| t.to_string())
        .collect();
    // "55, 50, 23, 32, 14, 41, 05, 64 and 46" are these five tiles.
    assert_eq!(
        scoring,
        vec!["[3-2]", "[4-1]", "[5-0]", "[5-5]", "[6-4]"],
        "{scoring:?}"
    );
}

#[test]
fn seed_001_doubles_count_all_their_dots() {
    let mut l = Layout::new(Spinner::EveryDouble, false);
    assert_eq!(lay(&mut l, "5-5", 0), 10);
    let mut l = Layout::new(Spinner::EveryDouble, false);
    assert_eq!(lay(&mut l, "1-1", 0), 2);
}

#[test]
fn seeds_002_003_double_six_and_double_four_crosswise_at_the_ends_make_twenty() {
    let mut l = Layout::new(Spinner::None, false);
    lay(&mut l, "6-4", 0);
    assert_eq!(lay(&mut l, "6-6", 0), 12 + 4);
    assert_eq!(lay(&mut l, "4-4", 1), 20);
    assert_eq!(Count::Fives.score(20), 20, "the highest score in one play");
}

#[test]
fn seed_003_ends_three_and_four_then_two_four_on_the_four_makes_five() {
    let mut l = Layout::new(Spinner::None, false);
    assert_eq!(lay(&mut l, "4-3", 0), 7);
    // West is the high half (4), east the 3: lay [2-4] on the 4.
    assert_eq!(lay(&mut l, "4-2", 0), 3 + 2);
    // Double three at one end and double two at the other score ten.
    let mut l = Layout::new(Spinner::None, false);
    lay(&mut l, "3-2", 0);
    lay(&mut l, "3-3", 0);
    assert_eq!(lay(&mut l, "2-2", 1), 10);
}

#[test]
fn seed_002_all_threes_and_fives_and_threes_counts() {
    // All Threes: 18 is six points, the most in one play ([6-6] at one end and a 6 at the other,
    // or [5-5] and [4-4]).
    assert_eq!(Count::Threes.score(18), 6);
    let mut l = Layout::new(Spinner::None, false);
    lay(&mut l, "5-4", 0);
    lay(&mut l, "5-5", 0);
    assert_eq!(lay(&mut l, "4-4", 1), 18);
    assert_eq!(Count::Threes.score(7), 0);
    // Fives and Threes: a point per five plus a point per three.
    assert_eq!(Count::FivesAndThrees.score(15), 3 + 5);
    assert_eq!(Count::FivesAndThrees.score(10), 2);
    assert_eq!(Count::FivesAndThrees.score(9), 3);
    assert_eq!(Count::FivesAndThrees.score(7), 0);
    // One point per five.
    assert_eq!(Count::FivesOnePointPerFive.score(20), 4);
    assert_eq!(Count::FivesOnePointPerFive.score(15), 3);
    assert_eq!(Count::Fives.score(0), 0);
}

#[test]
fn sniff_the_first_double_in_line_counts_one_end_crosswise_both() {
    // [6-1][1-4] on the table; [4-4] turned: 6 + 4 + 4 = 14; in line: 6 + 4 = 10.
    let mut l = Layout::new(Spinner::None, true);
    lay(&mut l, "6-1", 0);
    lay(&mut l, "4-1", 1);
    assert_eq!(l.ends_total(), 10);
    let mut turned = l;
    assert_eq!(lay(&mut turned, "4-4", 1), 14);
    let mut inline = l;
    inline
        .place(Placement {
            tile: t("4-4"),
            arm: 1,
            inline: true,
        })
        .unwrap();
    assert_eq!(inline.ends_total(), 10);
    // Only the first double has the choice.
    let e = inline.place(Placement {
        tile: t("6-6"),
        arm: 0,
        inline: true,
    });
    assert!(e.is_err(), "{e:?}");
    assert_eq!(lay(&mut inline, "6-6", 0), 12 + 4);
    // Both choices are offered for the sniff, none afterwards; never without Sniff.
    let mut places = Vec::new();
    l.placements_into(t("4-4").bit(), &mut places);
    assert_eq!(places.len(), 2);
    places.clear();
    inline.placements_into(t("6-6").bit(), &mut places);
    assert_eq!(places.len(), 1, "no second sniff choice");
    let mut plain = Layout::new(Spinner::None, false);
    lay(&mut plain, "6-1", 0);
    lay(&mut plain, "4-1", 1);
    assert!(
        plain
            .place(Placement {
                tile: t("4-4"),
                arm: 1,
                inline: true
            })
            .is_err()
    );
    // A sniff led in line still counts both halves alone, then one end.
    let mut l = Layout::new(Spinner::None, true);
    l.place(Placement {
        tile: t("5-5"),
        arm: 0,
        inline: true,
    })
    .unwrap();
    assert_eq!(l.ends_total(), 10);
    assert_eq!(lay(&mut l, "5-0", 0), 5);
}

// ---------------------------------------------------------------- spinners

#[test]
fn a_spinning_lead_opens_its_side_arms_once_both_sides_are_covered() {
    let mut l = Layout::new(Spinner::EveryDouble, false);
    assert_eq!(lay(&mut l, "5-5", 0), 10);
    assert_eq!(l.arms().len(), 4);
    assert_eq!(l.open_ends().count(), 2, "the sides wait");
    // One side covered: the spinner still counts both halves at the other end.
    assert_eq!(lay(&mut l, "5-0", 0), 10);
    assert!(l.place(at("5-2", 2)).is_err(), "side arm closed");
    assert_eq!(l.open_ends().count(), 2);
    assert_eq!(lay(&mut l, "5-3", 1), 3);
    assert_eq!(l.open_ends().count(), 4, "both in-line sides covered");
    // A side arm counts once a tile lies on it.
    assert_eq!(lay(&mut l, "5-2", 2), 5);
    assert_eq!(lay(&mut l, "5-1", 3), 6);
}

#[test]
fn a_spinner_in_the_line_opens_once_the_line_goes_on_past_it() {
    let mut l = Layout::new(Spinner::EveryDouble, false);
    lay(&mut l, "6-3", 0);
    assert_eq!(lay(&mut l, "3-3", 1), 6 + 6);
    assert_eq!(l.arms().len(), 4);
    assert_eq!(l.open_ends().count(), 2);
    assert_eq!(lay(&mut l, "3-1", 1), 6 + 1);
    assert_eq!(l.open_ends().count(), 4);
    assert_eq!(lay(&mut l, "3-0", 2), 7);
    assert_eq!(lay(&mut l, "3-2", 3), 9);
    assert_eq!(l.arms()[2].parent, Some((1, 1)));
}

#[test]
fn first_double_spins_and_later_doubles_only_turn() {
    let mut l = Layout::new(Spinner::FirstDouble, false);
    lay(&mut l, "6-6", 0);
    assert_eq!(l.arms().len(), 4);
    lay(&mut l, "6-3", 0);
    lay(&mut l, "3-3", 0);
    assert_eq!(l.arms().len(), 4, "[3-3] is not a spinner");
    assert_eq!(l.ends_total(), 6 + 12);
    let mut l = Layout::new(Spinner::None, false);
    lay(&mut l, "6-6", 0);
    assert_eq!(l.arms().len(), 2);
    // The first double laid anywhere is the spinner.
    let mut l = Layout::new(Spinner::FirstDouble, false);
    lay(&mut l, "6-3", 0);
    lay(&mut l, "3-3", 1);
    assert_eq!(l.arms().len(), 4);
    lay(&mut l, "6-6", 0);
    assert_eq!(l.arms().len(), 4);
}

#[test]
fn every_double_of_double_twelve_can_spin_within_the_arm_limit() {
    let mut l = Layout::new(Spinner::EveryDouble, false);
    lay(&mut l, "12-12", 0);
    // Build along arm 0: [12-d][d-d] for each d, each double a spinner.
    let mut arm_pip = 12;
    for d in (0..12).rev() {
        l.place(Placement {
            tile: Tile::new(arm_pip, d).unwrap(),
            arm: 0,
            inline: false,
        })
        .unwrap();
        lay(&mut l, &format!("{d}-{d}"), 0);
        arm_pip = d;
    }
    assert_eq!(l.arms().len(), 4 + 2 * 12);
}

// ---------------------------------------------------------------- turns, drawing, passing

#[test]
fn a_player_who_cannot_play_draws_until_a_tile_plays_and_lays_it_at_once() {
    let v = preset("muggins");
    let mut g = set_up(
        v,
        &[&["6-6", "1-0"], &["2-2", "3-1"]],
        &["5-5", "6-3", "4-4", "2-1", "5-0"],
        0,
    );
    play(&mut g, "6-6", 0);
    assert_eq!(g.phase, Phase::Turn { seat: 1 });
    assert_eq!(g.apply(Action::Pass).unwrap_err(), RuleError::MustDraw);
    assert!(matches!(
        g.apply(Action::play(at("2-2", 0))).unwrap_err(),
        RuleError::Layout(_)
    ));
    let e = g.apply(Action::Draw).unwrap();
    assert_eq!(
        e,
        vec![Event::Drew {
            seat: 1,
            tile: t("5-0")
        }]
    );
    assert_eq!(g.phase, Phase::Turn { seat: 1 }, "[5-0] does not play");
    g.apply(Action::Draw).unwrap(); // [2-1]
    g.apply(Action::Draw).unwrap(); // [4-4]
    let e = g.apply(Action::Draw).unwrap();
    assert_eq!(
        e,
        vec![Event::Drew {
            seat: 1,
            tile: t("6-3")
        }]
    );
    assert_eq!(g.phase, Phase::Drawn { seat: 1 });
    assert_eq!(g.drawn, Some(t("6-3")));
    assert!(matches!(
        g.apply(Action::Draw).unwrap_err(),
        RuleError::NotNow(_)
    ));
    assert_eq!(
        g.legal_actions(),
        vec![Action::play(at("6-3", 0)), Action::play(at("6-3", 1))]
    );
    play(&mut g, "6-3", 1);
    assert_eq!(g.phase, Phase::Turn { seat: 0 });
    assert_eq!(g.view(1).hand.len(), 2 + 4 - 1);
    assert_eq!(g.boneyard.len(), 1);
    // Drawing while holding a tile that plays is refused.
    g.phase = Phase::Turn { seat: 1 };
    assert_eq!(g.apply(Action::Draw).unwrap_err(), RuleError::CanPlay);
}

#[test]
fn the_keep_two_option_leaves_two_tiles_that_are_never_drawn() {
    let mut v = preset("muggins");
    v.boneyard_reserve = 2;
    let mut g = set_up(
        v,
        &[&["6-6", "1-0"], &["2-2", "3-1"]],
        &["5-5", "4-4", "2-1"],
        0,
    );
    play(&mut g, "6-6", 0);
    assert_eq!(g.drawable(), 1);
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.drawable(), 0);
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    assert_eq!(g.apply(Action::Draw).unwrap_err(), RuleError::BoneyardEmpty);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.boneyard.len(), 2);
    assert_eq!(g.view(0).drawable, 0);
    assert_eq!(g.view(0).boneyard, 2);
}

#[test]
fn the_block_game_passes_without_drawing_and_blocks_when_everyone_passes() {
    let v = preset("block");
    assert_eq!(v.no_play, NoPlay::Pass);
    let mut g = set_up(v, &[&["5-5", "1-0"], &["2-2", "3-1"]], &["6-5", "4-4"], 0);
    play(&mut g, "5-5", 0);
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    assert_eq!(g.apply(Action::Draw).unwrap_err(), RuleError::BoneyardEmpty);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.phase, Phase::Turn { seat: 0 });
    let e = g.apply(Action::Pass).unwrap();
    // Blocked: [1-0] = 1 and [2-2]+[3-1] = 8. Bonus A: each loses their own pips, rounded:
    // seat 0 rounds 1 down to 0; seat 1 would lose 10 but has nothing to lose.
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HandEnded {
            end: HandEnd::Blocked,
            winner: Some(0),
            ..
        }
    )));
    assert_eq!(g.hand_no, 1, "the next hand was dealt");
    assert_eq!(g.side_scores(), vec![10, 0]);
}

#[test]
fn the_seeded_deal_is_reproducible_and_every_hand_is_full() {
    for (name, players, size) in [("muggins", 2, 7), ("muggins", 4, 5), ("hoyle", 2, 5)] {
        let a = DominoesGame::new(preset(name), players, false, 42).unwrap();
        let b = DominoesGame::new(preset(name), players, false, 42).unwrap();
        let c = DominoesGame::new(preset(name), players, false, 43).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.hands, c.hands);
        for s in 0..players as usize {
            assert_eq!(a.hands[s].count_ones(), size, "{name} {players}");
        }
        assert_eq!(a.boneyard.len(), 28 - size as usize * players as usize);
    }
    // Larger sets seat more players.
    let mut v = preset("muggins");
    v.set = TileSet::DoubleTwelve;
    let g = DominoesGame::new(v, 8, false, 5).unwrap();
    assert_eq!(g.boneyard.len(), 91 - 40);
    assert!(DominoesGame::new(preset("muggins"), 5, false, 1).is_err());
    assert!(DominoesGame::new(preset("muggins"), 3, true, 1).is_err());
}

// ---------------------------------------------------------------- leads

#[test]
fn heaviest_tile_drawn_leads_the_first_hand() {
    let v = preset("all-fives");
    assert_eq!(v.first_lead, FirstLead::HeaviestDrawn);
    for seed in 0..200 {
        let (g, events) = DominoesGame::new_with_events(v, 3, false, seed).unwrap();
        let draws: Vec<(u8, Tile)> = events
            .iter()
            .filter_map(|e| match e {
                Event::LeadDraw { seat, tile } => Some((*seat, *tile)),
                _ => None,
            })
            .collect();
        assert_eq!(draws.iter().map(|d| d.0).collect::<Vec<_>>(), vec![0, 1, 2]);
        let (leader, _) = draws
            .iter()
            .max_by_key(|(_, t)| (t.total(), t.high()))
            .unwrap();
        let Phase::Lead { seat } = g.phase else {
            panic!("{:?}", g.phase)
        };
        assert_eq!(seat, *leader, "seed {seed}: {draws:?}");
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::HandStarted { hand: 0, leader } if *leader == seat))
        );
    }
}

#[test]
fn the_highest_double_leads_in_hoyle() {
    let v = preset("hoyle");
    for seed in 0..200 {
        let g = DominoesGame::new(v, 3, false, seed).unwrap();
        let Phase::Lead { seat } = g.phase else {
            panic!()
        };
        let best = |s: usize| {
            tiles_of(g.hands[s])
                .map(|t| (t.is_double(), t.total(), t.high()))
                .max()
        };
        for other in 0..3 {
            assert!(best(seat as usize) >= best(other), "seed {seed}");
        }
    }
}

#[test]
fn the_winner_leads_the_next_hand_and_after_a_block_the_lot_decides() {
    let v = preset("muggins");
    let mut g = set_up(v, &[&["6-4"], &["4-0", "2-2"]], &[], 1);
    play(&mut g, "4-0", 0);
    let e = play(&mut g, "6-4", 0);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HandEnded {
            end: HandEnd::Domino(0),
            winner: Some(0),
            ..
        }
    )));
    assert_eq!(g.phase, Phase::Lead { seat: 0 });
    assert!(e.contains(&Event::HandStarted { hand: 1, leader: 0 }));
    // Blocked hands: the lead is drawn by lot, seeded, and both seats get it sometimes.
    let mut leaders = [0; 2];
    for seed in 0..40 {
        let mut g = set_up(v, &[&["6-6", "1-0"], &["2-2", "3-1"]], &[], 0);
        g.seed = seed;
        g.variant.no_play = NoPlay::Pass;
        play(&mut g, "6-6", 0);
        g.apply(Action::Pass).unwrap();
        g.apply(Action::Pass).unwrap();
        let Phase::Lead { seat } = g.phase else {
            panic!()
        };
        leaders[seat as usize] += 1;
    }
    assert!(leaders[0] > 0 && leaders[1] > 0, "{leaders:?}");
}

#[test]
fn the_lead_scores_only_when_the_preset_says_so() {
    let mut v = preset("muggins");
    let mut g = set_up(v, &[&["5-5", "1-0"], &["2-2", "3-1"]], &[], 0);
    assert_eq!(scored(&play(&mut g, "5-5", 0)), vec![(0, 10)]);
    v.lead_scores = false;
    let mut g = set_up(v, &[&["5-5", "1-0"], &["2-2", "3-1"]], &[], 0);
    assert_eq!(scored(&play(&mut g, "5-5", 0)), vec![]);
}

// ---------------------------------------------------------------- announcing and "Muggins!"

#[test]
fn forfeit_a_count_announced_wrongly_is_lost_to_a_call() {
    let v = preset("hoyle");
    assert_eq!(v.muggins_call, MugginsCall::Forfeit);
    let hands: &[&[&str]] = &[&["6-4", "1-0"], &["2-2", "3-1"]];
    // Announced right: scored, no window.
    let mut g = set_up(v, hands, &[], 0);
    let e = g.apply(Action::play_announcing(at("6-4", 0), 10)).unwrap();
    assert_eq!(scored(&e), vec![(0, 10)]);
    assert_eq!(g.phase, Phase::Turn { seat: 1 });
    // Not announced and called: lost.
    let mut g = set_up(v, hands, &[], 0);
    g.apply(Action::play(at("6-4", 0))).unwrap();
    assert_eq!(
        g.phase,
        Phase::Call {
            scorer: 0,
            points: 10,
            said: 0
        }
    );
    assert_eq!(g.legal_actions(), vec![Action::Proceed, Action::Muggins(1)]);
    assert_eq!(
        g.apply(Action::Muggins(0)).unwrap_err(),
        RuleError::NotAnOpponent(0)
    );
    assert!(matches!(
        g.apply(Action::play(at("2-2", 0))).unwrap_err(),
        RuleError::NotNow(_)
    ));
    let e = g.apply(Action::Muggins(1)).unwrap();
    assert!(e.contains(&Event::MugginsCalled {
        caller: 1,
        scorer: 0,
        points: 10,
        stolen: false
    }));
    assert_eq!(scored(&e), vec![]);
    assert_eq!(g.side_scores(), vec![0, 0]);
    assert_eq!(g.phase, Phase::Turn { seat: 1 });
    // Announced wrongly, nobody calls: the true count is scored.
    let mut g = set_up(v, hands, &[], 0);
    g.apply(Action::play_announcing(at("6-4", 0), 15)).unwrap();
    let e = g.apply(Action::Proceed).unwrap();
    assert_eq!(scored(&e), vec![(0, 10)]);
    // A claim where there is no count opens nothing and scores nothing.
    let mut g = set_up(v, &[&["6-3", "1-0"], &["2-2", "3-1"]], &[], 0);
    let e = g.apply(Action::play_announcing(at("6-3", 0), 5)).unwrap();
    assert_eq!(scored(&e), vec![]);
    assert_eq!(g.phase, Phase::Turn { seat: 1 });
}

#[test]
fn steal_the_caller_takes_a_missed_count_and_partners_cannot_call() {
    let v = preset("all-fives");
    assert_eq!(v.muggins_call, MugginsCall::Steal);
    let mut g = set_up(v, &[&["6-4", "1-0"], &["2-2", "3-1"]], &[], 0);
    g.apply(Action::play(at("6-4", 0))).unwrap();
    let e = g.apply(Action::Muggins(1)).unwrap();
    assert_eq!(scored(&e), vec![(1, 10)]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Scored {
            why: Why::Stolen { from: 0, total: 10 },
            ..
        }
    )));
    assert_eq!(g.side_scores(), vec![0, 10]);
    // Partnerships: seat 2 is seat 0's partner.
    let mut g = DominoesGame::new(v, 4, true, 3).unwrap();
    g.hands[0] = t("6-4").bit() | t("1-0").bit();
    g.layout = Layout::new(v.spinner, v.sniff);
    g.phase = Phase::Lead { seat: 0 };
    g.apply(Action::play(at("6-4", 0))).unwrap();
    assert_eq!(
        g.apply(Action::Muggins(2)).unwrap_err(),
        RuleError::NotAnOpponent(2)
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::Proceed, Action::Muggins(1), Action::Muggins(3)]
    );
    g.apply(Action::Muggins(3)).unwrap();
    assert_eq!(g.side_scores(), vec![0, 10]);
}

#[test]
fn with_calls_off_the_game_announces_for_everyone() {
    let v = preset("muggins");
    let mut g = set_up(v, &[&["6-4", "1-0"], &["2-2", "3-1"]], &[], 0);
    let e = g.apply(Action::play_announcing(at("6-4", 0), 3)).unwrap();
    assert_eq!(scored(&e), vec![(0, 10)]);
    assert!(!e.iter().any(|e| matches!(e, Event::Announced { .. })));
    assert_eq!(
        g.apply(Action::Proceed).unwrap_err().to_string(),
        "not now: no count waits for a call"
    );
}

// ---------------------------------------------------------------- end of hand

/// Seat 0 dominoes with its last tile; returns the events of that play.
fn domino_with(v: DominoesVariant, others: &[&[&str]]) -> (DominoesGame, Vec<Event>) {
    let mut hands: Vec<&[&str]> = vec![&["6-3"]];
    hands.extend_from_slice(others);
    let mut g = set_up(v, &hands, &[], 0);
    let e = play(&mut g, "6-3", 0);
    (g, e)
}

#[test]
fn bonus_a_each_player_loses_their_own_pips_rounded_never_below_zero() {
    let v = preset("muggins");
    assert_eq!(v.hand_bonus, HandBonus::LoseOwnPips);
    let hands: &[&[&str]] = &[&["6-3"], &["6-6", "4-3"], &["1-1"], &["2-1"]];
    let mut g = set_up(v, hands, &[], 0);
    g.scores[..4].copy_from_slice(&[50, 50, 50, 50]);
    let e = play(&mut g, "6-3", 0); // ends 6 and 3: 9, no count; seat 0 is out
    // 19 pips → 20, 2 → 0, 3 → 5.
    assert_eq!(scored(&e), vec![(1, -20), (3, -5)]);
    assert_eq!(g.side_scores(), vec![50, 30, 50, 45]);
    // A score at 12 loses what it has, and the event says so.
    let mut g = set_up(v, hands, &[], 0);
    g.scores[1] = 12;
    let e = play(&mut g, "6-3", 0);
    assert_eq!(scored(&e), vec![(1, -12)]);
    assert_eq!(g.side_scores(), vec![0, 0, 0, 0]);
}

#[test]
fn bonus_c_seed_001_forty_five_less_four_is_eight() {
    // The winner of a blocked hand holds [1-3] (4); the losers hold [1-6][5-4][6-3] and
    // [5-6][4-4][1-0], 45 in all: 45 − 4 = 41 → 40 → ÷5 = 8.
    let mut v = preset("all-fives");
    assert_eq!(v.hand_bonus, HandBonus::WinnerTakesDifferenceFifths);
    v.no_play = NoPlay::Pass;
    v.muggins_call = MugginsCall::Off;
    let mut g = set_up(
        v,
        &[
            &["2-2", "1-3"],
            &["6-1", "5-4", "6-3"],
            &["6-5", "4-4", "1-0"],
        ],
        &[],
        0,
    );
    play(&mut g, "2-2", 0);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    let e = g.apply(Action::Pass).unwrap();
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HandEnded {
            end: HandEnd::Blocked,
            winner: Some(0),
            ..
        }
    )));
    assert_eq!(scored(&e), vec![(0, 8)]);
}

#[test]
fn bonus_b_seed_003_the_winner_adds_the_others_pips_to_the_nearest_five() {
    let mut b = preset("hoyle");
    assert_eq!(b.hand_bonus, HandBonus::WinnerTakesOthers);
    b.muggins_call = MugginsCall::Off;
    for (others, want) in [
        (&["6-6", "4-3"][..], 20), // 19
        (&["6-6", "5-5"][..], 20), // 22
        (&["6-6", "6-5"][..], 25), // 23
    ] {
        let (g, e) = domino_with(b, &[others]);
        assert_eq!(scored(&e), vec![(0, want)], "{others:?}");
        assert_eq!(g.side_scores(), vec![want, 0]);
    }
}

#[test]
fn one_point_for_going_out_and_none_for_a_block() {
    let (_, e) = domino_with(preset("all-threes"), &[&["6-6", "4-3"]]);
    // [6-3] alone: 9, three points, then one for going out.
    assert_eq!(scored(&e), vec![(0, 3), (0, 1)]);
    let mut v = preset("fives-and-threes");
    v.no_play = NoPlay::Pass;
    let mut g = set_up(v, &[&["2-2", "1-0"], &["6-6", "4-3"]], &[], 0);
    play(&mut g, "2-2", 0);
    g.apply(Action::Pass).unwrap();
    let e = g.apply(Action::Pass).unwrap();
    assert!(scored(&e).is_empty(), "{e:?}");
}

#[test]
fn partnerships_score_as_sides_and_the_bonus_counts_the_opponents_pips() {
    let mut v = preset("hoyle");
    v.muggins_call = MugginsCall::Off;
    let mut g = DominoesGame::new(v, 4, true, 2).unwrap();
    let hands: [&[&str]; 4] = [&["6-3"], &["6-6", "4-3"], &["5-5"], &["1-0"]];
    for (i, h) in hands.iter().enumerate() {
        g.hands[i] = h.iter().fold(0, |m, s| m | t(s).bit());
    }
    g.layout = Layout::new(v.spinner, v.sniff);
    g.phase = Phase::Lead { seat: 0 };
    let e = play(&mut g, "6-3", 0);
    // Seats 1 and 3, the opponents, hold 19 + 1 = 20; partner seat 2's [5-5] does not count.
    assert_eq!(scored(&e), vec![(0, 20)]);
    assert_eq!(g.side_scores(), vec![20, 0]);
    assert_eq!(g.side(2), 0);
    assert_eq!(g.side(3), 1);
    // A blocked hand where partners tie for the lowest count pays their side.
    v.no_play = NoPlay::Pass;
    let mut g = DominoesGame::new(v, 4, true, 2).unwrap();
    let hands: [&[&str]; 4] = [&["3-3", "2-0"], &["6-6"], &["1-1"], &["5-5"]];
    for (i, h) in hands.iter().enumerate() {
        g.hands[i] = h.iter().fold(0, |m, s| m | t(s).bit());
    }
    g.layout = Layout::new(v.spinner, v.sniff);
    g.phase = Phase::Lead { seat: 0 };
    play(&mut g, "3-3", 0);
    for _ in 0..3 {
        g.apply(Action::Pass).unwrap();
    }
    let e = g.apply(Action::Pass).unwrap();
    // Partners tie at 2 ([2-0] and [1-1]): their side wins; the opponents hold 12 + 10 = 22 → 20.
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HandEnded {
            winner: Some(0),
            ..
        }
    )));
    assert_eq!(scored(&e), vec![(0, 20)]);
    assert_eq!(g.side_scores(), vec![20, 0]);
}

#[test]
fn a_blocked_hand_with_a_tie_for_the_lowest_count_pays_no_bonus() {
    let mut v = preset("hoyle");
    v.muggins_call = MugginsCall::Off;
    v.no_play = NoPlay::Pass;
    let mut g = set_up(v, &[&["2-2", "4-1"], &["3-2", "6-6"], &["5-0"]], &[], 0);
    play(&mut g, "2-2", 0);
    g.hands[1] &= !t("3-2").bit();
    g.hands[1] |= t("4-0").bit();
    for _ in 0..2 {
        g.apply(Action::Pass).unwrap();
    }
    let e = g.apply(Action::Pass).unwrap();
    assert!(e.iter().any(|e| matches!(
        e,
        Event::HandEnded {
            end: HandEnd::Blocked,
            winner: None,
            ..
        }
    )));
    assert!(scored(&e).is_empty(), "{e:?}");
}

#[test]
fn the_game_ends_the_moment_a_side_reaches_the_target() {
    let v = preset("muggins");
    let mut g = set_up(v, &[&["6-4", "1-0"], &["2-2", "3-1"]], &[], 0);
    g.scores[0] = 245;
    let e = play(&mut g, "6-4", 0);
    assert_eq!(g.phase, Phase::Over);
    let o = g.outcome.clone().unwrap();
    assert_eq!(
        (o.winner, o.winners.clone(), o.scores.clone()),
        (0, vec![0], vec![255, 0])
    );
    assert!(e.contains(&Event::GameOver(o)));
    assert_eq!(g.apply(Action::Pass).unwrap_err(), RuleError::GameOver);
    assert!(g.legal_actions().is_empty());
    // Three or more play to the other target; partnerships to the two-handed one.
    assert_eq!(DominoesGame::new(v, 2, false, 0).unwrap().target(), 250);
    assert_eq!(DominoesGame::new(v, 3, false, 0).unwrap().target(), 200);
    assert_eq!(DominoesGame::new(v, 4, true, 0).unwrap().target(), 250);
    assert_eq!(
        DominoesGame::new(preset("hoyle"), 3, false, 0)
            .unwrap()
            .target(),
        150
    );
}

// ---------------------------------------------------------------- views

#[test]
fn a_view_shows_the_own_hand_the_table_and_counts_only() {
    let v = preset("muggins");
    let mut g = set_up(
        v,
        &[&["6-6", "1-0"], &["2-2", "3-1"]],
        &["5-5", "6-3", "4-4"],
        0,
    );
    play(&mut g, "6-6", 0);
    g.apply(Action::Draw).unwrap(); // [4-4]
    g.apply(Action::Draw).unwrap(); // [6-3]: plays
    let mine = g.view(1);
    assert_eq!(mine.drawn, Some(t("6-3")));
    assert_eq!(mine.hand.len(), 4);
    let theirs = g.view(0);
    assert_eq!(theirs.drawn, None, "the drawn tile stays hidden");
    assert_eq!(theirs.hand, vec![t("1-0")]);
    assert_eq!(theirs.tiles_held, vec![1, 4]);
    assert_eq!(theirs.boneyard, 1);
    assert_eq!(
        theirs.history,
        vec![
            Logged::Played {
                seat: 0,
                placement: at("6-6", 0)
            },
            Logged::Drew { seat: 1 },
            Logged::Drew { seat: 1 },
        ]
    );
    let json = serde_json::to_string(&theirs).unwrap();
    assert!(
        !json.contains("[6,3]"),
        "no trace of the hidden tile: {json}"
    );
    assert!(!json.contains("[2,2]"), "nor the other hand: {json}");
}

// ---------------------------------------------------------------- whole games

const PRESETS: [&str; 7] = [
    "muggins",
    "all-fives",
    "hoyle",
    "all-threes",
    "fives-and-threes",
    "sniff",
    "block",
];

#[test]
fn every_preset_is_played_to_its_target() {
    for name in PRESETS {
        for (players, partners) in [(2, false), (3, false), (4, true)] {
            let mut g = DominoesGame::new(preset(name), players, partners, 11).unwrap();
            let policies = [DominoesPolicy::Greedy, DominoesPolicy::Random];
            play_dominoes(&mut g, &policies, 11, 2_000_000, |_, _, _| {}).unwrap();
            let o = g
                .outcome
                .clone()
                .unwrap_or_else(|| panic!("{name} {players}: not over"));
            assert!(o.scores[o.winner as usize] >= g.target(), "{name}: {o:?}");
            for (side, s) in o.scores.iter().enumerate() {
                assert!(*s >= 0);
                if side != o.winner as usize {
                    assert!(*s < g.target(), "{name}: {o:?}");
                }
            }
        }
    }
}

/// An arm of the model: the number it starts from, what it grows from (the lead's side arms
/// say `usize::MAX`), its tiles with their in-line flag.
type ModelArm = (u8, Option<(usize, usize)>, Vec<(Tile, bool)>);

/// An independent model of the table: each arm as its list of tiles, ends recomputed from the
/// start every time.
struct Model {
    variant: DominoesVariant,
    lead: Option<(Tile, bool)>,
    /// (start number, parent (arm, position) or none, tiles with their in-line flag)
    arms: Vec<ModelArm>,
    doubles_seen: usize,
}

impl Model {
    fn new(variant: DominoesVariant) -> Model {
        Model {
            variant,
            lead: None,
            arms: Vec::new(),
            doubles_seen: 0,
        }
    }

    fn spins(&self, tile: Tile, inline: bool) -> bool {
        tile.is_double()
            && !inline
            && match self.variant.spinner {
                Spinner::None => false,
                Spinner::FirstDouble => self.doubles_seen == 0,
                Spinner::EveryDouble => true,
            }
    }

    fn end(&self, arm: usize) -> (u8, bool) {
        let (start, _, tiles) = &self.arms[arm];
        let mut pip = *start;
        let mut double = self.lead.is_some_and(|(t, i)| t.is_double() && !i) && arm < 2;
        for (tile, inline) in tiles {
            pip = tile.other(pip);
            double = tile.is_double() && !inline;
        }
        (pip, double)
    }

    fn is_open(&self, arm: usize) -> bool {
        match self.arms[arm].1 {
            None => true,
            Some((usize::MAX, _)) => !self.arms[0].2.is_empty() && !self.arms[1].2.is_empty(),
            Some((parent, pos)) => self.arms[parent].2.len() > pos,
        }
    }

    fn place(&mut self, p: Placement) {
        let spins = self.spins(p.tile, p.inline);
        match self.lead {
            None => {
                self.lead = Some((p.tile, p.inline));
                self.arms.push((p.tile.high(), None, vec![]));
                self.arms.push((p.tile.low(), None, vec![]));
                if spins {
                    for _ in 0..2 {
                        self.arms
                            .push((p.tile.high(), Some((usize::MAX, 0)), vec![]));
                    }
                }
            }
            Some(_) => {
                let arm = p.arm as usize;
                self.arms[arm].2.push((p.tile, p.inline));
                let pos = self.arms[arm].2.len();
                if spins {
                    for _ in 0..2 {
                        self.arms.push((p.tile.high(), Some((arm, pos)), vec![]));
                    }
                }
            }
        }
        if p.tile.is_double() {
            self.doubles_seen += 1;
        }
    }

    fn open_ends(&self) -> Vec<(u8, u8)> {
        (0..self.arms.len())
            .filter(|a| self.is_open(*a))
            .map(|a| (a as u8, self.end(a).0))
            .collect()
    }

    fn total(&self) -> u32 {
        let Some((lead, _)) = self.lead else { return 0 };
        if self.arms.iter().all(|a| a.2.is_empty()) {
            return lead.total();
        }
        (0..self.arms.len())
            .filter(|a| self.is_open(*a) && (*a < 2 || !self.arms[*a].2.is_empty()))
            .map(|a| {
                let (pip, double) = self.end(a);
                pip as u32 * if double { 2 } else { 1 }
            })
            .sum()
    }
}

/// Checks the invariants after an action: every tile in one place, the open ends and the count
/// as the model has them, the score sheet the sum of the scoring events.
fn check(g: &DominoesGame, model: &Model, sheet: &[i64], what: &str) {
    let all = full_set(g.variant.set.max_pip());
    let mut seen = 0u128;
    let mut places = 0;
    for h in &g.hands[..g.seats as usize] {
        assert_eq!(seen & h, 0, "{what}: a tile in two hands");
        seen |= h;
        places += h.count_ones();
    }
    let bone = g.boneyard.mask();
    assert_eq!(
        bone.count_ones() as usize,
        g.boneyard.len(),
        "{what}: boneyard repeats"
    );
    assert_eq!(seen & bone, 0, "{what}: a tile in a hand and the boneyard");
    assert_eq!(
        (seen | bone) & g.layout.played(),
        0,
        "{what}: a laid tile still held"
    );
    places += bone.count_ones() + g.layout.played().count_ones();
    assert_eq!(seen | bone | g.layout.played(), all, "{what}: a tile lost");
    assert_eq!(places, all.count_ones(), "{what}");
    assert!(places as usize <= MAX_TILES);
    assert_eq!(
        g.layout.open_ends().collect::<Vec<_>>(),
        model.open_ends(),
        "{what}: open ends"
    );
    assert_eq!(g.layout.ends_total(), model.total(), "{what}: count");
    let scores: Vec<i64> = g.side_scores().iter().map(|s| *s as i64).collect();
    assert_eq!(scores, sheet, "{what}: score sheet");
}

/// What a checked game saw.
#[derive(Default)]
struct Checked {
    hands: u32,
    blocked: u32,
    actions: u64,
}

/// Plays one game to its end (or `max_actions`) with the given seats, checking the invariants
/// after every action against the model and a score sheet kept from the events.
fn play_checked(
    v: DominoesVariant,
    players: u8,
    partners: bool,
    seed: u64,
    policies: &[DominoesPolicy],
    max_actions: usize,
) -> Checked {
    let mut g = DominoesGame::new(v, players, partners, seed).unwrap();
    let mut model = Model::new(v);
    let mut sheet = vec![0i64; g.sides() as usize];
    let mut seen = Checked::default();
    play_dominoes(&mut g, policies, seed, max_actions, |g, action, events| {
        for e in events {
            match e {
                Event::Scored { side, points, .. } => sheet[*side as usize] += *points as i64,
                Event::HandStarted { .. } => model = Model::new(v),
                Event::HandEnded { end, .. } => {
                    seen.hands += 1;
                    seen.blocked += u32::from(*end == HandEnd::Blocked);
                }
                _ => {}
            }
        }
        if let Some(p) = action.placement()
            && !events
                .iter()
                .any(|e| matches!(e, Event::HandStarted { .. }))
        {
            model.place(p);
        }
        check(
            g,
            &model,
            &sheet,
            &format!("{:?} seed {seed} {action:?}", v.set),
        );
        seen.actions += 1;
    })
    .unwrap();
    seen
}

/// Plays at least `hands` random hands of a preset (whole games of 2, 3 and 4 players, and
/// partnerships, seeds from `seed`), checking after every action.
fn property(name: &str, hands: u32, seed: u64) {
    let v = preset(name);
    let mut total = Checked::default();
    let mut game_no = 0u64;
    while total.hands < hands {
        let players = [2, 3, 4, 4][(game_no % 4) as usize];
        let partners = game_no % 4 == 3;
        let policies = [DominoesPolicy::Random, DominoesPolicy::Greedy];
        let seen = play_checked(v, players, partners, seed + game_no, &policies, 100_000);
        game_no += 1;
        // A game that ends in the middle of its first hand still counts that hand.
        total.hands += seen.hands.max(1);
        total.blocked += seen.blocked;
        total.actions += seen.actions;
    }
    assert!(
        total.blocked > 0 || name == "all-fives",
        "{name}: no hand was blocked"
    );
    assert!(
        total.actions > 10 * hands as u64,
        "{name}: {} checks for {} hands",
        total.actions,
        total.hands
    );
    eprintln!(
        "{name}: {} hands, {} actions checked, {} blocked",
        total.hands, total.actions, total.blocked
    );
}

#[test]
fn property_muggins() {
    property("muggins", 10_000, 1_000);
}

#[test]
fn property_all_fives() {
    property("all-fives", 10_000, 2_000);
}

#[test]
fn property_hoyle() {
    property("hoyle", 10_000, 3_000);
}

#[test]
fn property_all_threes() {
    property("all-threes", 10_000, 4_000);
}

#[test]
fn property_fives_and_threes() {
    property("fives-and-threes", 10_000, 5_000);
}

#[test]
fn property_sniff() {
    property("sniff", 10_000, 6_000);
}

#[test]
fn property_block() {
    property("block", 10_000, 7_000);
}

#[test]
fn property_larger_sets() {
    let mut v = preset("all-fives");
    for (set, players) in [(TileSet::DoubleNine, 6), (TileSet::DoubleTwelve, 8)] {
        v.set = set;
        for s in 0..30 {
            let seen = play_checked(v, players, false, s, &[DominoesPolicy::Random], 20_000);
            assert!(seen.actions > 10, "{set:?} seed {s}");
        }
    }
}

// ---------------------------------------------------------------- records and state

fn record_of(name: &str, seats: u8, partners: bool, seed: u64) -> (DominoesRecord, DominoesGame) {
    let mut g = DominoesGame::new(preset(name), seats, partners, seed).unwrap();
    let actions = play_dominoes(
        &mut g,
        &[DominoesPolicy::Greedy, DominoesPolicy::Random],
        seed,
        1_000_000,
        |_, _, _| {},
    )
    .unwrap();
    let record = DominoesRecord {
        game: "dominoes".into(),
        preset: name.into(),
        seats,
        partnerships: partners,
        set: None,
        scoring: None,
        seed,
        actions,
    };
    (record, g)
}

#[test]
fn a_record_replays_to_the_same_game_and_the_state_round_trips() {
    for name in PRESETS {
        let (record, played) = record_of(name, 2, false, 21);
        let parsed = DominoesRecord::parse(&record.to_json()).unwrap();
        assert_eq!(parsed, record);
        let (replayed, _) = replay_dominoes(&parsed, &catalog()).unwrap();
        assert_eq!(replayed, played, "{name}");
        let json = serde_json::to_string(&played).unwrap();
        let back: DominoesGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, played, "{name}");
    }
    let (record, played) = record_of("all-fives", 4, true, 5);
    let (replayed, _) = replay_dominoes(&record, &catalog()).unwrap();
    assert_eq!(replayed, played);
    // A game in progress round trips too, boneyard order included.
    let mut g = DominoesGame::new(preset("sniff"), 3, false, 9).unwrap();
    play_dominoes(&mut g, &[DominoesPolicy::Random], 9, 10, |_, _, _| {}).unwrap();
    let back: DominoesGame = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn a_refused_action_or_a_bad_record_is_named() {
    let (mut record, _) = record_of("muggins", 2, false, 3);
    record.actions[1] = Action::Muggins(7);
    match replay_dominoes(&record, &catalog()).unwrap_err() {
        DominoesReplayError::Action { index, error, .. } => {
            assert_eq!(index, 1);
            assert!(matches!(error, RuleError::NotNow(_)), "{error:?}");
        }
        e => panic!("{e}"),
    }
    for (json, want) in [
        ("{not json", "not a game record"),
        (
            r#"{"game":"marbles","preset":"muggins","seats":2,"seed":1,"actions":[]}"#,
            "not \"dominoes\"",
        ),
        (
            r#"{"game":"dominoes","preset":"muggins","seats":2,"seed":1,"actions":[{"Play":{"tile":[13,1],"arm":0}}]}"#,
            "above 12",
        ),
    ] {
        let e = DominoesRecord::parse(json).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    }
    let mut bad = record.clone();
    bad.preset = "nope".into();
    assert!(matches!(
        replay_dominoes(&bad, &catalog()),
        Err(DominoesReplayError::Setup(_))
    ));
    bad.preset = "muggins".into();
    bad.seats = 9;
    assert!(matches!(
        replay_dominoes(&bad, &catalog()),
        Err(DominoesReplayError::Setup(_))
    ));
}

// ---------------------------------------------------------------- command line

#[test]
fn replay_prints_a_dominoes_game_and_names_a_refused_action() {
    let dir = std::env::temp_dir().join(format!("muggins-dom-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (record, played) = record_of("hoyle", 3, false, 4);
    let file = dir.join("game.json");
    std::fs::write(&file, record.to_json()).unwrap();
    let (code, out, err) = muggins(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "dominoes");
    assert_eq!(v["over"], true);
    assert_eq!(v["scores"], serde_json::json!(played.side_scores()));
    let (code, out, _) = muggins(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Muggins dominoes hoyle, 3 seats"), "{out}");
    let mut bad = record.clone();
    bad.actions[0] = Action::Pass;
    std::fs::write(&file, bad.to_json()).unwrap();
    let (code, _, err) = muggins(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("action 0 (Pass) was refused"), "{err}");
    std::fs::write(&file, r#"{"game":"chess"}"#).unwrap();
    let (code, _, err) = muggins(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not a game record"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sim_prints_points_hand_lengths_and_blocked_hands() {
    let (code, out, err) = muggins(&[
        "sim",
        "dominoes",
        "--preset",
        "block",
        "--players",
        "2",
        "--games",
        "20",
        "--seed",
        "3",
        "--seats",
        "greedy,random",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 20);
    let wins: u64 = v["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins, 20);
    let blocked = v["blocked_share"].as_f64().unwrap();
    assert!(blocked > 0.0 && blocked < 1.0, "{blocked}");
    assert!(v["hand_actions_mean"].as_f64().unwrap() > 2.0);
    assert_eq!(v["count_points_per_hand"].as_array().unwrap().len(), 2);
    let (code, out, _) = muggins(&["sim", "dominoes", "--games", "5"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("blocked") && out.contains("points a hand"),
        "{out}"
    );
    let (code, _, err) = muggins(&["sim", "dominoes", "--preset", "nope"]);
    assert_eq!(code, 1);
    assert!(err.contains("no dominoes preset"), "{err}");
    let (code, _, err) = muggins(&["sim", "dominoes", "--seats", "wizard"]);
    assert_eq!(code, 1);
    assert!(err.contains("wizard"), "{err}");
}

#[test]
fn bench_prints_the_playout_figure() {
    let (code, out, err) = muggins(&["bench", "dominoes", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["dominoes.playout_hands_per_s"].as_f64().unwrap() > 0.0);
}
