//! The physics layer, headless: fair dice that always finish and read the right face, the
//! Kugelbox throw, and the domino layout geometry.

use muggins::physics::Flick;
use muggins::physics::dice::{ATTEMPT_CAP_S, COCKED_DEG, DiceTray, MAX_ATTEMPTS, top_face};
use muggins::physics::stats::uniform_p_value;
use muggins::rules::marbles::Die;
use muggins::sim::bench::dice_sample;
use rapier3d::prelude::{Rotation, Vector};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
fn six_thousand_of_each_die_pass_the_chi_square_test() {
    for die in [Die::D6, Die::D12] {
        // The sample `muggins bench physics` prints: 2,000 throws of three from seed 1.
        let s = dice_sample(die, 2000, 1);
        let n: u64 = s.counts.iter().sum();
        assert_eq!(n, 6000);
        let p = uniform_p_value(&s.counts);
        assert!(p > 0.001, "{die:?}: {:?} p = {p}", s.counts);
        // Fast to rest, in game time.
        let settle = median(s.settle_s.clone());
        assert!(settle <= 2.5, "{die:?}: median settle {settle} s");
        assert!(s.settle_s.iter().all(|t| *t > 0.0));
    }
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
    });
    assert_eq!(a.roll(5, flick), b.roll(5, flick));
}

#[test]
fn top_face_reads_each_face_and_measures_tilt() {
    // Turning a d6 so that each face normal points up reads that face, level.
    let faces = muggins::physics::dice::faces(Die::D12);
    for (n, v) in faces {
        let rot = Rotation::from_rotation_arc(n, Vector::Y);
        assert_eq!(top_face(Die::D12, rot), (v, top_face(Die::D12, rot).1));
        assert!(top_face(Die::D12, rot).1 < 0.1);
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
