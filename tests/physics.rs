//! The physics layer, headless: fair dice that always finish and read the right face, the
//! Kugelbox throw, and the domino layout geometry.

use muggins::physics::Flick;
use muggins::physics::dice::{ATTEMPT_CAP_S, COCKED_DEG, DiceTray, MAX_ATTEMPTS, top_face};
use muggins::physics::kugel::{KugelThrow, Kugelbox, hole_at, hole_centre};
use muggins::physics::stats::uniform_p_value;
use muggins::physics::tiles::{
    AREA_HALF_X, AREA_HALF_Z, TILE_L, TILE_T, TILE_W, TableLayout, TileTable, boneyard_slot,
    overlaps, rack_slot, slide,
};
use muggins::rules::Catalog;
use muggins::rules::dominoes::{DominoesGame, Event, NoPlay, Placement};
use muggins::rules::kugelbox::Hole;
use muggins::rules::marbles::Die;
use muggins::sim::bench::kugel_sample;
use muggins::sim::dice::dice_sample;
use muggins::sim::playout::{DominoesPolicy, play_dominoes};
use rapier3d::prelude::{Rotation, Vector};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
fn sixty_thousand_of_each_die_pass_the_chi_square_test_at_two_seeds() {
    // What `muggins dice d6|d12 --seed 1|2` rolls: 20,000 throws of three, 60,000 dice. Before
    // each die's collider was turned by a random symmetry at every throw, the d12 failed this
    // at p ≈ 1e-9 (faces 3 and 11 high, 10 low), the engine's tie-breaks between faces
    // favouring some numbers.
    for die in [Die::D6, Die::D12] {
        for seed in [1, 2] {
            let s = dice_sample(die, 3, 20_000, seed);
            let n: u64 = s.counts.iter().sum();
            assert_eq!(n, 60_000);
            let p = uniform_p_value(&s.counts);
            assert!(p > 0.001, "{die:?} seed {seed}: {:?} p = {p}", s.counts);
            // Fast to rest, in game time.
            let settle = median(s.settle_s.clone());
            assert!(settle <= 2.5, "{die:?}: median settle {settle} s");
            assert!(s.settle_s.iter().all(|t| *t > 0.0));
        }
    }
}

#[test]
fn samples_from_different_seeds_share_no_throws() {
    use muggins::sim::dice::throw_seed;
    let a: Vec<u64> = (0..1000).map(|k| throw_seed(1, k)).collect();
    let b: std::collections::HashSet<u64> = (0..1000).map(|k| throw_seed(2, k)).collect();
    assert!(a.iter().all(|s| !b.contains(s)));
    // And the same seed gives the same counts, however the throws are shared out.
    let (x, y) = (
        dice_sample(Die::D12, 3, 300, 4),
        dice_sample(Die::D12, 3, 300, 4),
    );
    assert_eq!((x.counts, x.settle_s), (y.counts, y.settle_s));
}

#[test]
fn the_same_seed_rolls_the_same_and_every_face_is_read_level() {
    let dice = [Die::D6, Die::D12, Die::D6];
    let mut a = DiceTray::new(&dice);
    let mut b = DiceTray::new(&dice);
    for seed in 0..40 {
        let ra = a.roll(seed, None);
        let rb = b.roll(seed, None);
        assert_eq!(ra, rb, "seed {seed}");
        assert_eq!(a.poses(), b.poses(), "seed {seed}");
        for (i, (_, rot)) in a.poses().iter().enumerate() {
            let (face, off) = top_face(dice[i], *rot);
            assert_eq!(face, ra.faces[i], "seed {seed} die {i}");
            assert!(off <= COCKED_DEG, "seed {seed} die {i}: {off}° off level");
            assert!((1..=dice[i].sides()).contains(&face));
        }
    }
    // A flick throws too: the same flick and seed, the same roll.
    let flick = Some(Flick {
        direction: 0.3,
        strength: 0.9,
        spin: 0.0,
    });
    assert_eq!(a.roll(5, flick), b.roll(5, flick));
}

#[test]
fn top_face_reads_each_face_and_measures_tilt() {
    // Turning a die so that each face normal points up reads that face, level.
    for die in [Die::D6, Die::D12] {
        for (n, v) in muggins::physics::dice::faces(die) {
            let (face, off) = top_face(die, Rotation::from_rotation_arc(n, Vector::Y));
            assert_eq!(face, v, "{die:?}");
            assert!(off < 0.1, "{die:?} face {v}: {off}°");
        }
    }
    let tilted = Rotation::from_axis_angle(Vector::X, 30f32.to_radians());
    let (face, off) = top_face(Die::D6, tilted);
    assert_eq!(face, 2, "+Y is 2");
    assert!((off - 30.0).abs() < 0.1, "{off}");
    assert!(off > COCKED_DEG);
}

#[test]
fn a_die_knocked_out_of_the_tray_is_thrown_again() {
    let mut tray = DiceTray::new(&[Die::D6, Die::D6, Die::D6]);
    tray.start(3, None);
    for _ in 0..10 {
        assert!(tray.step().is_none());
    }
    // Die 1 flies over the wall.
    tray.place(
        1,
        Vector::new(0.5, 0.2, 0.0),
        Rotation::IDENTITY,
        Vector::new(2.0, 1.0, 0.0),
    );
    let roll = loop {
        if let Some(r) = tray.step() {
            break r;
        }
    };
    assert!(roll.rethrows >= 1, "{roll:?}");
    for (i, (p, rot)) in tray.poses().iter().enumerate() {
        assert!(p.x.abs() < 0.2 && p.z.abs() < 0.14, "die {i} at {p:?}");
        assert!(top_face(Die::D6, *rot).1 <= COCKED_DEG);
    }
}

#[test]
fn dice_that_come_to_rest_cocked_are_nudged_and_the_roll_ends_level() {
    let dice = [Die::D12; 3];
    let mut tray = DiceTray::new(&dice);
    let mut nudged = 0;
    for seed in 0..300 {
        let roll = tray.roll(seed, None);
        assert!(roll.settle_s <= ATTEMPT_CAP_S * (MAX_ATTEMPTS + 2) as f32);
        if roll.nudges > 0 {
            nudged += 1;
        }
        for (i, (_, rot)) in tray.poses().iter().enumerate() {
            let (face, off) = top_face(dice[i], *rot);
            assert_eq!(face, roll.faces[i]);
            assert!(off <= COCKED_DEG, "seed {seed} die {i}: {off}°");
        }
    }
    // Cocked dice do happen (against the walls and each other); each was set right.
    assert!(nudged > 0, "no roll needed a nudge in 300");
}

// ---------------------------------------------------------------- Kugelbox

#[test]
fn hole_positions_and_lookup_agree() {
    for r in 1..=5 {
        for c in 1..=5 {
            let (x, z) = hole_centre(Hole(r, c));
            assert_eq!(hole_at(x, z), Some(Hole(r, c)));
            assert_eq!(hole_at(x + 0.012, z - 0.012), Some(Hole(r, c)));
            assert_eq!(hole_at(x + 0.02, z), None, "between holes");
        }
    }
    // Row 1 is nearest the thrower (larger z), column 1 on the left (smaller x).
    assert!(hole_centre(Hole(1, 1)).1 > hole_centre(Hole(5, 1)).1);
    assert!(hole_centre(Hole(1, 1)).0 < hole_centre(Hole(1, 5)).0);
}

#[test]
fn a_throw_aimed_at_a_hole_lands_in_it() {
    let mut b = Kugelbox::new(6.0);
    for target in [Hole(1, 3), Hole(3, 3), Hole(5, 2), Hole(2, 5), Hole(4, 1)] {
        let (throw, seed) = b
            .aim(target, 400, 9)
            .unwrap_or_else(|| panic!("no throw found for {target}"));
        // The same throw lands there again: the box is deterministic for a throw and a seed.
        let again = b.throw(throw, seed);
        assert_eq!(again.throw.red, Some(target), "{throw:?}");
        assert!(again.settled);
    }
}

#[test]
fn a_thousand_random_throws_settle_and_never_share_a_hole() {
    let k = kugel_sample(1000, 1);
    assert!(k.settled >= 950, "{} of 1000 settled within 6 s", k.settled);
    let mut b = Kugelbox::new(6.0);
    for (i, o) in k.outcomes.iter().enumerate() {
        if let (Some(r), Some(x)) = (o.red, o.other) {
            assert_ne!(r, x, "throw {i}");
        }
    }
    // Re-simulate some with the raw check that no two balls ever rested over one hole.
    let mut rng = muggins::rules::rng::SplitMix::new(4, 4);
    for i in 0..200 {
        let t = KugelThrow {
            direction: (rng.below(601) as f32 - 300.0) / 1000.0,
            strength: rng.below(1001) as f32 / 1000.0,
            spin: 0.0,
        };
        assert!(!b.throw(t, i).shared_hole, "throw {i}");
    }
    // Every score a throw can make shows up: nothing in, one in, rows and rectangles.
    for s in [0, 1, 2, 4] {
        assert!(k.scores.contains(&s), "score {s} never thrown");
    }
    assert!(k.scores.iter().any(|s| *s > 4));
}

#[test]
fn a_ball_thrown_too_softly_stops_short_and_is_out() {
    let mut b = Kugelbox::new(6.0);
    // Too soft: the balls stop on the runway before the first row.
    let soft = b.throw(
        KugelThrow {
            direction: 0.0,
            strength: 0.0,
            spin: -1.0,
        },
        1,
    );
    assert!(soft.settled);
    assert_eq!(soft.throw.red, None);
    assert_eq!(soft.throw.other, None);
}

// ---------------------------------------------------------------- domino tiles

/// Every hand's plays, in order, from random games of a preset.
fn hands_of(preset: &str, games: u64) -> Vec<Vec<Placement>> {
    let c = Catalog::builtin().0;
    let v = c
        .dominoes
        .iter()
        .find(|p| p.name == preset)
        .unwrap()
        .variant;
    let mut hands = Vec::new();
    for seed in 0..games {
        let players = [2, 2, 3][(seed % 3) as usize];
        let mut g = DominoesGame::new(v, players, false, seed).unwrap();
        let mut plays = Vec::new();
        play_dominoes(
            &mut g,
            &[DominoesPolicy::Random],
            seed,
            20_000,
            |_, action, events| {
                if events
                    .iter()
                    .any(|e| matches!(e, Event::HandStarted { .. }))
                {
                    if let Some(p) = action.placement() {
                        plays.push(p);
                    }
                    hands.push(std::mem::take(&mut plays));
                } else if let Some(p) = action.placement() {
                    plays.push(p);
                }
            },
        )
        .unwrap();
        hands.push(plays);
    }
    hands
}

#[test]
fn every_laid_tile_stays_on_the_table_and_never_overlaps_another() {
    let c = Catalog::builtin().0;
    for preset in &c.dominoes {
        let v = preset.variant;
        let hands = hands_of(&preset.name, 60);
        let (mut tiles, mut jumps) = (0, 0);
        let longest = hands.iter().map(Vec::len).max().unwrap_or(0);
        // Long layouts are exercised: a draw game lays most of the set, a block game two hands.
        let want = if v.no_play == NoPlay::Pass { 12 } else { 20 };
        assert!(longest >= want, "{}: longest layout {longest}", preset.name);
        for plays in &hands {
            let t = TableLayout::from_plays(v.spinner, v.sniff, plays);
            assert_eq!(t.misplaced, 0, "{}: {plays:?}", preset.name);
            tiles += plays.len();
            jumps += t.jumps as usize;
            let slots = t.slots();
            assert_eq!(slots.len(), plays.len());
            for (i, a) in slots.iter().enumerate() {
                let r = a.rect();
                assert!(
                    r.0 >= -AREA_HALF_X
                        && r.2 <= AREA_HALF_X
                        && r.1 >= -AREA_HALF_Z
                        && r.3 <= AREA_HALF_Z,
                    "{}: {} off the table at {r:?}",
                    preset.name,
                    a.tile
                );
                for b in &slots[..i] {
                    assert!(
                        !overlaps(a.rect(), b.rect()),
                        "{}: {} overlaps {} in {plays:?}",
                        preset.name,
                        a.tile,
                        b.tile
                    );
                }
            }
        }
        // A walled-in arm breaks its line now and then; it must stay rare.
        eprintln!("{}: {jumps} breaks in {tiles} tiles", preset.name);
        assert!(
            jumps * 100 <= tiles,
            "{}: {jumps} breaks in {tiles}",
            preset.name
        );
    }
}

#[test]
fn the_line_turns_before_the_edge_and_doubles_lie_crosswise() {
    // A long straight arm: every tile of double-six but a few, chained from [6-6].
    let chain = [
        "6-6", "6-5", "5-5", "5-4", "4-4", "4-3", "3-3", "3-2", "2-2", "2-1", "1-1", "1-0", "0-0",
        "0-6", "6-4", "4-2", "2-0", "0-5", "5-3", "3-1",
    ];
    let plays: Vec<Placement> = chain
        .iter()
        .map(|s| Placement {
            tile: s.parse().unwrap(),
            arm: 0,
            inline: false,
        })
        .collect();
    let t = TableLayout::from_plays(muggins::rules::dominoes::Spinner::None, false, &plays);
    assert_eq!(t.misplaced, 0);
    let slots = t.slots();
    // It could not have gone straight: 20 tiles are longer than the table is wide.
    assert!(chain.len() as f32 * TILE_L > 2.0 * AREA_HALF_X);
    assert!(
        slots.iter().any(|s| !s.along_x && !s.crosswise),
        "the line turned"
    );
    for s in slots {
        assert_eq!(s.crosswise, s.tile.is_double());
    }
}

#[test]
fn a_tile_set_down_settles_flat_at_its_slot() {
    let c = Catalog::builtin().0;
    let v = c
        .dominoes
        .iter()
        .find(|p| p.name == "all-fives")
        .unwrap()
        .variant;
    let hands = hands_of("all-fives", 10);
    let plays = hands.iter().max_by_key(|h| h.len()).unwrap();
    let layout = TableLayout::from_plays(v.spinner, v.sniff, plays);
    let mut table = TileTable::new();
    for slot in layout.slots() {
        let steps = table.set_down(slot);
        assert!(steps < 360, "{} took {steps} steps", slot.tile);
    }
    for ((p, _), slot) in table.poses().iter().zip(layout.slots()) {
        assert!(
            (p.x - slot.x).abs() < 0.002,
            "{}: {p:?} vs {slot:?}",
            slot.tile
        );
        assert!(
            (p.z - slot.z).abs() < 0.002,
            "{}: {p:?} vs {slot:?}",
            slot.tile
        );
        assert!(
            (p.y - TILE_T / 2.0).abs() < 0.001,
            "{} not flat: {p:?}",
            slot.tile
        );
    }
}

#[test]
fn racks_and_the_boneyard_stand_clear_of_the_layout_and_of_each_other() {
    // Footprints on the felt: a standing tile is a tile's width by its thickness.
    let standing = |[x, _, z]: [f32; 3], yaw: f32| {
        let (hx, hz) = if yaw.abs() < 0.1 {
            (TILE_W / 2.0, TILE_T / 2.0)
        } else {
            (TILE_T / 2.0, TILE_W / 2.0)
        };
        (x - hx, z - hz, x + hx, z + hz)
    };
    let area = (-AREA_HALF_X, -AREA_HALF_Z, AREA_HALF_X, AREA_HALF_Z);
    for seats in 2..=8usize {
        let hand = if seats <= 2 { 7 } else { 5 };
        let boneyard = 91usize.saturating_sub(hand * seats).min(28);
        let mut rects = Vec::new();
        for seat in 0..seats {
            for i in 0..hand {
                let (p, yaw) = rack_slot(seat, seats, i, hand);
                assert!((p[1] - TILE_L / 2.0).abs() < 0.02, "stands on its edge");
                rects.push(standing(p, yaw));
            }
        }
        for i in 0..boneyard {
            let [x, _, z] = boneyard_slot(i);
            rects.push((
                x - TILE_W / 2.0,
                z - TILE_L / 2.0,
                x + TILE_W / 2.0,
                z + TILE_L / 2.0,
            ));
        }
        for (i, r) in rects.iter().enumerate() {
            assert!(
                !overlaps(*r, area),
                "{seats} seats: {r:?} in the layout area"
            );
            assert!(
                r.0 > -1.0 && r.2 < 1.0 && r.1 > -0.65 && r.3 < 0.65,
                "off the felt: {r:?}"
            );
            for q in &rects[..i] {
                assert!(!overlaps(*r, *q), "{seats} seats: {r:?} and {q:?}");
            }
        }
    }
}

#[test]
fn a_drawn_tile_slides_from_the_boneyard_to_the_rack() {
    let from = boneyard_slot(3);
    let (to, _) = rack_slot(0, 2, 6, 8);
    assert_eq!(slide(from, to, 0.0), from);
    let end = slide(from, to, 1.0);
    for k in 0..3 {
        assert!((end[k] - to[k]).abs() < 1e-5);
    }
    // It lifts clear in the middle and moves steadily on.
    let mid = slide(from, to, 0.5);
    assert!(mid[1] > (from[1] + to[1]) / 2.0 + 0.02);
    let mut last = f32::MAX;
    for i in 0..=20 {
        let p = slide(from, to, i as f32 / 20.0);
        let d = ((p[0] - to[0]).powi(2) + (p[2] - to[2]).powi(2)).sqrt();
        assert!(d <= last + 1e-6);
        last = d;
    }
}
