//! The Kugelbox on the table: the box built from the physics' own bodies (so the holes are where
//! the balls fall), the two balls following the live box world while a throw rolls and resting
//! where the rules' throw put them, the holes it hit lit with the row or rectangle between them,
//! and the chips: face down and face up in the middle, in front of each player, laid out.

use bevy::prelude::*;

use super::play::KugelPlay;
use crate::game::camera::CameraRig;
use crate::game::live::LiveWorld;
use crate::game::live::kugel::{LiveKugelbox, spawn_throw};
use crate::game::looks::{Craft, Crafted, Kind, crafted};
use crate::game::room::{Palette, mark_mesh, part, table_root};
use crate::game::screen::Screen;
use crate::game::table::seats::{MAX_SEATS, SeatMark};
use crate::physics::body::Shape;
use crate::physics::kugel::{BALL_R, GRID, HOLE, NEAR_END, PITCH, PLATE, box_def, hole_centre};
use crate::rules::Game;
use crate::rules::kugelbox::{Chips, Hole, KugelGame, Seat};

/// How far the box stands above the table: its pockets' floor rests on the table top.
pub const LIFT: f32 = PLATE + 0.02;
/// A chip's radius and thickness.
pub const CHIP_R: f32 = 0.017;
pub const CHIP_T: f32 = 0.004;
/// Distance between neighbouring chips.
const CHIP_PITCH: f32 = 0.042;
/// Chips in a row before the next row starts.
const CHIP_ROW: usize = 4;

/// A box world of the live physics: the throw that counts, or an instant replay's.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct BoxWorld {
    pub replay: bool,
}

/// One of the two balls as shown: 0 the red, 1 the white.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Ball(pub u8);

/// The light in a hole, shown when the last throw's ball rests there.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct HoleLight(pub Hole);

/// One side of the frame drawn round the row or rectangle a throw makes.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct FrameBar(pub u8);

/// The aim line, shown while a throw is pulled or charged.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct AimLine;

/// Where a chip is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipPlace {
    Down,
    Up,
    Held(Seat),
    LaidOut,
    Aside,
}

/// One chip on the table.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ChipPiece {
    pub chip: u8,
    pub place: ChipPlace,
}

/// The table's own materials and meshes.
#[derive(Resource)]
pub struct BoxLook {
    pub chip: Handle<Mesh>,
    pub chip_face: Handle<Crafted>,
    pub chip_back: Handle<Crafted>,
    pub lit: Handle<StandardMaterial>,
    pub frame: Handle<StandardMaterial>,
    pub bar: Handle<Mesh>,
}

/// Where a ball of the box world (its position in the world) is shown on the table.
pub fn shown_at(p: Vec3) -> Vec3 {
    p + Vec3::Y * LIFT
}

/// The centre of hole `h`'s opening on the table.
pub fn hole_top(h: Hole) -> Vec3 {
    let (x, z) = hole_centre(h);
    Vec3::new(x, LIFT, z)
}

/// Where a ball rests in hole `h`.
fn in_hole(h: Hole) -> Vec3 {
    hole_top(h) - Vec3::Y * (PLATE + 0.01 - BALL_R)
}

/// Where ball `i` waits before a throw (on the runway), or lies after leaving the box.
fn waiting(i: u8) -> Vec3 {
    let x = if i == 0 { -0.02 } else { 0.02 };
    shown_at(Vec3::new(x, BALL_R, NEAR_END - 0.03))
}

fn out_of_box(i: u8) -> Vec3 {
    Vec3::new(0.2 + i as f32 * 0.03, BALL_R, NEAR_END + 0.04)
}

/// The camera at the box's open end, looking up it with the chips either side.
pub fn camera() -> CameraRig {
    CameraRig {
        eye: Vec3::new(0.0, 0.6, 0.72),
        target: Vec3::new(0.0, 0.0, -0.02),
    }
}

pub(super) fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut crafted_materials: ResMut<Assets<Crafted>>,
    palette: Res<Palette>,
    play: Option<Res<KugelPlay>>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = camera();
    let seats = play.map_or(0, |p| p.seats.len().min(MAX_SEATS));
    let look = BoxLook {
        chip: meshes.add(Cylinder::new(CHIP_R, CHIP_T)),
        // Bone faces; backs of blue-stained wood.
        chip_face: crafted_materials.add(crafted(
            StandardMaterial {
                base_color: Color::srgb(0.93, 0.87, 0.68),
                perceptual_roughness: 0.4,
                ..default()
            },
            Craft::new(Kind::Ivory, Color::srgb(1.0, 0.8, 0.5), 1.0).seed(7.0),
        )),
        chip_back: crafted_materials.add(crafted(
            StandardMaterial {
                base_color: Color::srgb(0.24, 0.36, 0.6),
                perceptual_roughness: 0.45,
                ..default()
            },
            Craft::new(Kind::Wood, Color::srgb(0.1, 0.16, 0.32), 60.0).seed(1.0),
        )),
        lit: materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.85, 0.35),
            emissive: LinearRgba::rgb(3.0, 2.2, 0.6),
            ..default()
        }),
        frame: materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.9, 0.5),
            emissive: LinearRgba::rgb(1.6, 1.2, 0.3),
            unlit: true,
            ..default()
        }),
        bar: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
    };
    let ball = meshes.add(Sphere::new(BALL_R).mesh().uv(24, 16));
    let light = meshes.add(Cuboid::new(HOLE * 0.9, 0.002, HOLE * 0.9));
    commands
        .spawn(table_root("Kugelbox", Game::Kugelbox))
        .with_children(|p| {
            // The box: every fixed body of the physics box, drawn where it is.
            for b in box_def().bodies.iter().filter(|b| !b.dynamic) {
                let Shape::Cuboid(h) = b.shape else { continue };
                let t = b.pose.translation;
                let material = match b.name {
                    "plate" => palette.wood.clone(),
                    "pockets' floor" => palette.hole.clone(),
                    _ => palette.dark_wood.clone(),
                };
                p.spawn(part(
                    meshes.add(Cuboid::new(h.x * 2.0, h.y * 2.0, h.z * 2.0)),
                    material,
                    Transform::from_translation(shown_at(Vec3::new(t.x, t.y, t.z))),
                ));
            }
            for row in 1..=GRID {
                for column in 1..=GRID {
                    let h = Hole(row, column);
                    p.spawn((
                        HoleLight(h),
                        part(
                            light.clone(),
                            look.lit.clone(),
                            Transform::from_translation(hole_top(h) - Vec3::Y * (PLATE - 0.002)),
                        ),
                        Visibility::Hidden,
                    ));
                }
            }
            for i in 0..4 {
                p.spawn((
                    FrameBar(i),
                    part(look.bar.clone(), look.frame.clone(), Transform::default()),
                    Visibility::Hidden,
                ));
            }
            p.spawn((
                AimLine,
                part(look.bar.clone(), look.frame.clone(), Transform::default()),
                Visibility::Hidden,
            ));
            // Each seat's mark in its colour and pattern, at the end of its row of chips.
            for seat in 0..seats {
                let start = chip_spot(ChipPlace::Held(seat as Seat), 0);
                p.spawn(part(
                    meshes.add(mark_mesh(SeatMark::of(seat as Seat), 0.014)),
                    palette.seats[seat].clone(),
                    Transform::from_xyz(start.x + CHIP_ROW as f32 * CHIP_PITCH, 0.0, start.z),
                ));
            }
            for (i, material) in [(0, &palette.red_ball), (1, &palette.white_ball)] {
                p.spawn((
                    Ball(i),
                    part(
                        ball.clone(),
                        material.clone(),
                        Transform::from_translation(waiting(i)),
                    ),
                ));
            }
        });
    commands.insert_resource(look);
}

/// A throw asked for (or its instant replay) gets a fresh box world; the last one goes.
pub(super) fn launch(
    mut commands: Commands,
    mut play: ResMut<KugelPlay>,
    worlds: Query<Entity, With<BoxWorld>>,
) {
    let (hand, replay) = match (play.table.launch, play.table.replay) {
        (Some(hand), _) => (hand, false),
        (None, true) => match play.table.last.and_then(|l| l.hand) {
            Some(hand) => (hand, true),
            None => {
                play.table.replay = false;
                return;
            }
        },
        _ => return,
    };
    for e in &worlds {
        commands.entity(e).despawn();
    }
    let limit = play.table.time_limit_s;
    spawn_throw(
        &mut commands,
        hand.throw,
        hand.seed,
        limit,
        (BoxWorld { replay }, DespawnOnExit(Screen::Playing)),
    );
    let table = &mut play.table;
    table.replay = false;
    if !replay {
        table.launch = None;
        table.rolling = Some(hand);
        table.hand = Some(hand);
    }
}

/// Where the rolling throw's balls came to rest, for the referee (before it runs).
pub(super) fn collect(mut play: ResMut<KugelPlay>, worlds: Query<(&LiveKugelbox, &BoxWorld)>) {
    if play.table.rolling.is_none() {
        return;
    }
    for (kugel, world) in &worlds {
        if let (Some(out), false) = (kugel.outcome, world.replay) {
            let table = &mut play.table;
            table.rolling = None;
            table.finished = Some(out.throw);
        }
    }
}

/// The balls as shown: riding the box world while one is up, else where the last throw left
/// them (a saved game's throws land so), or waiting on the runway.
pub(super) fn show_balls(
    play: Res<KugelPlay>,
    worlds: Query<&LiveWorld, With<BoxWorld>>,
    bodies: Query<&Transform, Without<Ball>>,
    mut balls: Query<(&Ball, &mut Transform)>,
) {
    let live = worlds
        .iter()
        .next()
        .and_then(|w| match w.bodies.as_slice() {
            [.., red, white] => Some([*red, *white]),
            _ => None,
        });
    for (ball, mut at) in &mut balls {
        let i = ball.0 as usize;
        let want = match live.and_then(|b| bodies.get(b[i]).ok()) {
            Some(body) => {
                Transform::from_translation(shown_at(body.translation)).with_rotation(body.rotation)
            }
            None => {
                let place = play.table.last.map(|l| [l.throw.red, l.throw.other][i]);
                Transform::from_translation(match place {
                    Some(Some(h)) => in_hole(h),
                    Some(None) => out_of_box(ball.0),
                    None => waiting(ball.0),
                })
            }
        };
        if *at != want {
            *at = want;
        }
    }
}

/// The last throw's holes lit and the row or rectangle between them framed.
pub(super) fn light_holes(
    play: Res<KugelPlay>,
    mut lights: Query<(&HoleLight, &mut Visibility), Without<FrameBar>>,
    mut bars: Query<(&FrameBar, &mut Transform, &mut Visibility), Without<HoleLight>>,
) {
    let last = play.table.last.filter(|_| play.table.rolling.is_none());
    let holes: Vec<Hole> = last
        .map(|l| [l.throw.red, l.throw.other].into_iter().flatten().collect())
        .unwrap_or_default();
    for (light, mut v) in &mut lights {
        v.set_if_neq(if holes.contains(&light.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    let frame = match holes.as_slice() {
        [a, b] => Some(frame_of(*a, *b)),
        _ => None,
    };
    for (bar, mut at, mut v) in &mut bars {
        let Some(sides) = frame else {
            v.set_if_neq(Visibility::Hidden);
            continue;
        };
        *at = sides[bar.0 as usize];
        v.set_if_neq(Visibility::Inherited);
    }
}

/// The four bars round the holes from `a` to `b`: the row or rectangle the throw makes.
pub fn frame_of(a: Hole, b: Hole) -> [Transform; 4] {
    let corner = |h: Hole| hole_top(h);
    let (p, q) = (corner(a), corner(b));
    let half = PITCH / 2.0 - 0.003;
    let (x0, x1) = (p.x.min(q.x) - half, p.x.max(q.x) + half);
    let (z0, z1) = (p.z.min(q.z) - half, p.z.max(q.z) + half);
    let y = LIFT + 0.0015;
    let w = 0.003;
    let bar = |cx: f32, cz: f32, sx: f32, sz: f32| {
        Transform::from_xyz(cx, y, cz).with_scale(Vec3::new(sx, 0.002, sz))
    };
    [
        bar((x0 + x1) / 2.0, z0, x1 - x0 + w, w),
        bar((x0 + x1) / 2.0, z1, x1 - x0 + w, w),
        bar(x0, (z0 + z1) / 2.0, w, z1 - z0 + w),
        bar(x1, (z0 + z1) / 2.0, w, z1 - z0 + w),
    ]
}

/// Every chip's place now, from the rules' state.
pub fn chip_places(game: &KugelGame) -> Vec<(u8, ChipPlace)> {
    let n = game.variant.chips.len() as u8;
    let has = |mask: Chips, c: u8| mask & 1 << c != 0;
    (0..n)
        .filter_map(|c| {
            let place = if game.down.contains(&c) {
                ChipPlace::Down
            } else if has(game.up, c) {
                ChipPlace::Up
            } else if let Some(s) = game.held.iter().position(|m| has(*m, c)) {
                ChipPlace::Held(s as Seat)
            } else if has(game.laid_out, c) {
                ChipPlace::LaidOut
            } else if has(game.aside, c) {
                ChipPlace::Aside
            } else {
                return None;
            };
            Some((c, place))
        })
        .collect()
}

/// Where the `i`th chip of a place lies: the middle to the box's left (face down behind, face
/// up before), each player's in a row to its right, the laid-out and set-aside ones in the lid
/// beyond the box.
pub fn chip_spot(place: ChipPlace, i: usize) -> Vec3 {
    let grid = |x0: f32, z0: f32, dx: f32| {
        let (col, row) = (i % CHIP_ROW, i / CHIP_ROW);
        Vec3::new(
            x0 + dx * col as f32 * CHIP_PITCH,
            CHIP_T / 2.0,
            z0 + row as f32 * CHIP_PITCH,
        )
    };
    match place {
        ChipPlace::Down => grid(-0.22, -0.2, -1.0),
        ChipPlace::Up => grid(-0.22, 0.02, -1.0),
        ChipPlace::Held(s) => {
            // Two chips deep per player, the stack rising past a row's worth.
            let base = Vec3::new(0.22, 0.0, -0.2 + s as f32 * 0.085);
            let (col, rest) = (i % CHIP_ROW, i / CHIP_ROW);
            base + Vec3::new(
                col as f32 * CHIP_PITCH,
                CHIP_T / 2.0 + (rest / 2) as f32 * CHIP_T,
                (rest % 2) as f32 * CHIP_PITCH * 0.9,
            )
        }
        ChipPlace::LaidOut => grid(-0.06, -0.3, 1.0),
        ChipPlace::Aside => grid(0.22, -0.3, 1.0),
    }
}

/// The chips follow the rules: each where the game has it, face up unless face down in the
/// middle.
pub(super) fn place_chips(
    mut commands: Commands,
    play: Res<KugelPlay>,
    look: Res<BoxLook>,
    chips: Query<Entity, With<ChipPiece>>,
) {
    for e in &chips {
        commands.entity(e).despawn();
    }
    let mut count: Vec<(ChipPlace, usize)> = Vec::new();
    for (chip, place) in chip_places(&play.game) {
        let i = match count.iter_mut().find(|(p, _)| *p == place) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                count.push((place, 1));
                0
            }
        };
        let material = if place == ChipPlace::Down {
            look.chip_back.clone()
        } else {
            look.chip_face.clone()
        };
        commands.spawn((
            ChipPiece { chip, place },
            part(
                look.chip.clone(),
                material,
                Transform::from_translation(chip_spot(place, i)),
            ),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Run condition: what the table shows moved: an action, a new game, or a throw began or
/// stopped rolling (the lit holes go out as the balls leave).
pub fn shown_moved(
    play: Option<Res<KugelPlay>>,
    mut seen: Local<Option<(u64, usize, bool)>>,
) -> bool {
    let Some(p) = play else { return false };
    let now = (
        p.record.seed,
        p.record.actions.len(),
        p.table.rolling.is_some(),
    );
    seen.replace(now) != Some(now)
}

/// The aim line while a throw is pulled or charged: from the balls to the box's edge, no
/// further (the bounces stay a surprise), thicker the harder.
pub(super) fn aim_line(
    aim: Res<super::pointer::Aim>,
    play: Res<KugelPlay>,
    mut line: Query<(&mut Transform, &mut Visibility), With<AimLine>>,
) {
    let Ok((mut at, mut shown)) = line.single_mut() else {
        return;
    };
    let flick = aim
        .pull
        .filter(|_| aim.seat.is_some() && aim.seat == play.thrower());
    let Some(flick) = flick else {
        shown.set_if_neq(Visibility::Hidden);
        return;
    };
    let start = shown_at(Vec3::new(0.0, BALL_R, NEAR_END - 0.03));
    let end = shown_at(super::pointer::aim_end(flick.direction));
    let width = 0.002 + 0.003 * flick.strength;
    *at = Transform::from_translation((start + end) / 2.0)
        .looking_at(end, Vec3::Y)
        .with_scale(Vec3::new(width, 0.001, start.distance(end)));
    shown.set_if_neq(Visibility::Inherited);
}
