//! The live table's physics: bevy_rapier3d entities stepped by `RapierPhysicsPlugin` at the
//! fixed step in a headless app, against the pure worlds that the AI and the benches use.
#![cfg(feature = "game")]

use bevy::ecs::message::Messages;
use bevy::prelude::*;
use bevy_rapier3d::prelude::{CollisionEvent, ContactForceEvent, MassModifiedMessage};

use muggins::game::headless;
use muggins::game::live::agreement::{app, despawn_world, live_roll, live_throw, spawn};
use muggins::game::live::tiles::{TileSettled, lay, spawn_table};
use muggins::game::live::{Impact, LiveBody, LiveWorld};
use muggins::game::marbles::play::{DiceWorld, MarblesPlay};
use muggins::physics::body::Surface;
use muggins::physics::dice::{DiceTray, TRAY_PARTS, top_face};
use muggins::physics::kugel::{KugelThrow, Kugelbox, hole_at};
use muggins::physics::tiles::{TILE_T, TableLayout};
use muggins::rules::dominoes::{Placement, Spinner, Tile};
use muggins::rules::kugelbox::Hole;
use muggins::rules::marbles::{Die, Event};
use muggins::sim::bench::{KUGEL_LIMIT_S, kugel_plans};
use muggins::table::SeatKind;

#[test]
fn a_live_roll_ends_and_lands_as_the_pure_world_does_seed_for_seed() {
    let mut app = app();
    for (seed, die) in [(1, Die::D6), (2, Die::D12), (3, Die::D6), (4, Die::D12)] {
        let dice = [die; 3];
        let (first, world) = live_roll(&mut app, &dice, seed);
        let first = first.expect("the live roll ends");
        // What the entities show is what the roll says.
        let bodies = app.world().get::<LiveWorld>(world).unwrap().bodies.clone();
        for (i, face) in first.faces.iter().enumerate() {
            let t = app
                .world()
                .get::<Transform>(bodies[TRAY_PARTS + i])
                .unwrap();
            let r = t.rotation;
            let rot = rapier3d::prelude::Rotation::from_xyzw(r.x, r.y, r.z, r.w);
            assert_eq!(top_face(die, rot).0, *face, "seed {seed} die {i}");
        }
        despawn_world(&mut app, world);
        // Same seed, same faces; and the same as the pure world's.
        let (again, world) = live_roll(&mut app, &dice, seed);
        despawn_world(&mut app, world);
        assert_eq!(
            again.map(|r| r.faces),
            Some(first.faces.clone()),
            "seed {seed}"
        );
        let pure = DiceTray::new(&dice).roll(seed, None);
        assert_eq!(first, pure, "seed {seed}: live and pure agree to the step");
    }
}

#[test]
fn impacts_fire_when_the_dice_hit_the_tray() {
    let mut app = app();
    let mut cursor = app.world().resource::<Messages<Impact>>().get_cursor();
    let world = spawn(&mut app, |c| {
        muggins::game::live::dice::spawn_tray(c, &[Die::D6; 3], ())
    });
    app.world_mut()
        .get_mut::<muggins::game::live::dice::LiveDice>(world)
        .unwrap()
        .roller
        .start(7, None);
    let mut impacts = Vec::new();
    let mut forces = app
        .world()
        .resource::<Messages<ContactForceEvent>>()
        .get_cursor();
    let mut contacts = 0;
    for _ in 0..40 {
        app.update();
        let m = app.world().resource::<Messages<Impact>>();
        impacts.extend(cursor.read(m).copied());
        let m = app.world().resource::<Messages<ContactForceEvent>>();
        contacts += forces.read(m).count();
    }
    assert!(!impacts.is_empty(), "no impact");
    assert!(
        impacts
            .iter()
            .any(|i| i.what == Surface::Die && i.against == Surface::Felt),
        "{impacts:?}"
    );
    for i in &impacts {
        assert_eq!(i.what, Surface::Die);
        assert!(i.strength >= 1.0 && i.force > 0.0, "{i:?}");
        assert!(app.world().get::<LiveBody>(i.body).is_some());
    }
    // A knock is one message, not one per step of pressing: far fewer than steps × dice.
    assert!(impacts.len() < 200, "{} impacts", impacts.len());
    // bevy_rapier3d's own messages are cleared as every message is, not kept for the life of
    // the process: with the dice gone, none is left a few frames on.
    assert!(contacts > impacts.len(), "{contacts} contact forces");
    despawn_world(&mut app, world);
    for _ in 0..4 {
        app.update();
    }
    let world = app.world();
    assert_eq!(world.resource::<Messages<ContactForceEvent>>().len(), 0);
    assert_eq!(world.resource::<Messages<CollisionEvent>>().len(), 0);
    assert_eq!(world.resource::<Messages<MassModifiedMessage>>().len(), 0);
}

#[test]
fn a_live_kugelbox_throw_rests_its_balls_in_the_holes_of_the_throw() {
    let mut app = app();
    let mut pure = Kugelbox::new(KUGEL_LIMIT_S);
    // A throw the pure box lands in hole (3, 3), and some of the bench's.
    let aimed = pure.aim(Hole(3, 3), 400, 5).expect("an aimed throw");
    let throws: Vec<(KugelThrow, u64)> = [aimed].into_iter().chain(kugel_plans(12, 3)).collect();
    let mut in_holes = 0;
    for (t, seed) in throws {
        let (out, world) = live_throw(&mut app, t, seed);
        let out = out.expect("the throw ends");
        assert_eq!(out, pure.throw(t, seed), "{t:?} seed {seed}");
        // Each ball in a hole rests in that hole's pocket.
        let bodies = app.world().get::<LiveWorld>(world).unwrap().bodies.clone();
        let n = bodies.len();
        for (hole, body) in [
            (out.throw.red, bodies[n - 2]),
            (out.throw.other, bodies[n - 1]),
        ] {
            let Some(hole) = hole else { continue };
            in_holes += 1;
            let p = app.world().get::<Transform>(body).unwrap().translation;
            assert!(p.y < 0.0, "below the plate");
            assert_eq!(hole_at(p.x, p.z), Some(hole));
        }
        despawn_world(&mut app, world);
    }
    assert!(in_holes >= 1, "no ball rested in a hole");
}

#[test]
fn a_laid_tile_settles_at_its_slot() {
    let mut app = app();
    let mut cursor = app.world().resource::<Messages<TileSettled>>().get_cursor();
    let mut layout = TableLayout::new(Spinner::None, false);
    let lead = layout
        .lay(Placement {
            tile: Tile::new(6, 6).unwrap(),
            arm: 0,
            inline: false,
        })
        .expect("the lead lies");
    let next = layout
        .lay(Placement {
            tile: Tile::new(6, 3).unwrap(),
            arm: 0,
            inline: false,
        })
        .expect("a tile on the lead");
    let world = spawn(&mut app, |c| spawn_table(c, ()));
    for slot in [lead, next] {
        let tile = spawn(&mut app, |c| lay(c, world, &slot, ()));
        let mut done = None;
        for _ in 0..20 {
            app.update();
            let m = app.world().resource::<Messages<TileSettled>>();
            if let Some(s) = cursor.read(m).find(|s| s.tile == tile) {
                done = Some(*s);
                break;
            }
        }
        let s = done.expect("the tile settles");
        assert!(
            (s.at.x - slot.x).abs() < 0.002 && (s.at.z - slot.z).abs() < 0.002,
            "{s:?} {slot:?}"
        );
        assert!((s.at.y - TILE_T / 2.0).abs() < 0.001, "{s:?}");
        let want = if slot.along_x {
            0.0
        } else {
            std::f32::consts::FRAC_PI_2
        };
        let turn = (s.yaw - want).rem_euclid(std::f32::consts::PI);
        assert!(
            !(0.01..=std::f32::consts::PI - 0.01).contains(&turn),
            "{s:?}"
        );
    }
}

#[test]
fn the_tables_roll_is_what_its_dice_show() {
    // The MUGGINS! table: a human throws, the live dice roll, and the roll the rules hear is
    // the faces up on the dice entities.
    let mut app = headless::app(50);
    assert!(headless::start_marbles(
        &mut app,
        "classic",
        vec![SeatKind::Human; 2]
    ));
    let mut cursor = app
        .world()
        .resource::<Messages<muggins::game::table::Happened<Event>>>()
        .get_cursor();
    for throw in 0..3 {
        let seat = (0..600)
            .find_map(|_| {
                app.update();
                app.world().resource::<MarblesPlay>().thrower()
            })
            .expect("a seat may throw");
        app.world_mut()
            .write_message(
                muggins::game::table::Intent::<muggins::rules::marbles::Action>::Throw {
                    seat,
                    flick: None,
                },
            );
        let mut rolled = None;
        for _ in 0..600 {
            app.update();
            let m = app
                .world()
                .resource::<Messages<muggins::game::table::Happened<Event>>>();
            for h in cursor.read(m) {
                if let Event::Rolled { dice, .. } | Event::RollOff { dice, .. } = h.0 {
                    rolled = Some(dice);
                }
            }
            if rolled.is_some() {
                break;
            }
        }
        let dice = rolled.unwrap_or_else(|| panic!("throw {throw}: no roll"));
        let mut q = app
            .world_mut()
            .query_filtered::<&LiveWorld, With<DiceWorld>>();
        let bodies = q.single(app.world()).unwrap().bodies.clone();
        for (i, face) in dice.iter().enumerate() {
            let r = app
                .world()
                .get::<Transform>(bodies[TRAY_PARTS + i])
                .unwrap()
                .rotation;
            let rot = rapier3d::prelude::Rotation::from_xyzw(r.x, r.y, r.z, r.w);
            assert_eq!(top_face(Die::D6, rot).0, *face, "throw {throw} die {i}");
        }
    }
}
