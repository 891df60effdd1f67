//! The MUGGINS! scene: the wooden ring board, each seat's tray of marbles and the dice tray. It
//! follows the rules state: a marble is drawn on a hole because the rules say that seat holds
//! it, travelling there from its tray.

use bevy::prelude::*;

use super::play::{DiceWorld, MarblesPlay};
use super::{BOARD_TOP, DICE_SCALE, DICE_TRAY_AT, SPACES, TRAVEL_S, hole_rest, space_position};
use crate::game::camera::CameraRig;
use crate::game::live::{LiveBody, LiveWorld, spawn_world};
use crate::game::looks::Crafted;
use crate::game::room::{Palette, marble_material, mark_mesh, part, table_root};
use crate::game::screen::Table;
use crate::game::table::seats::{SeatMark, seat_yaw};
use crate::physics::body::WorldDef;
use crate::physics::dice::{TRAY_PARTS, tray_def};
use crate::rules::Game;
use crate::rules::marbles::{Die, Phase, Seat};

/// The centre of seat `seat`'s tray, and its turn about the board.
fn tray_frame(seat: usize, seats: usize) -> (Vec3, Quat) {
    let rot = Quat::from_rotation_y(seat_yaw(seat, seats));
    (rot * Vec3::new(0.0, 0.0125, 0.68), rot)
}

/// Where the `i`th marble of a seat's tray rests (ten to a row, two rows to a tray of 20, five
/// to Solitaire's 50).
pub fn tray_slot(seat: usize, seats: usize, i: usize, marbles: usize) -> Vec3 {
    let (centre, rot) = tray_frame(seat, seats);
    let rows = marbles.div_ceil(10).max(1);
    let (row, col) = (i / 10, i % 10);
    centre
        + rot
            * Vec3::new(
                -0.135 + 0.03 * col as f32,
                0.022,
                0.024 * (row as f32 - (rows as f32 - 1.0) / 2.0),
            )
}

/// A seat's tray: ten marbles wide, as deep as its rows.
fn tray_size(marbles: usize) -> Vec3 {
    Vec3::new(
        0.34,
        0.025,
        0.042 + 0.024 * marbles.div_ceil(10).max(1) as f32,
    )
}

/// A bevy vector from a physics one.
fn v3(v: rapier3d::prelude::Vector) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// A bevy rotation from a physics one.
fn quat(r: rapier3d::prelude::Rotation) -> Quat {
    Quat::from_xyzw(r.x, r.y, r.z, r.w)
}

/// A marble on the board, on `space`.
#[derive(Component, Debug)]
pub struct BoardMarble {
    pub seat: Seat,
    pub space: u8,
}

/// A marble in a tray: shown while the seat has more than `index` marbles left.
#[derive(Component, Debug)]
pub struct TrayMarble {
    pub seat: Seat,
    pub index: usize,
}

/// One of the dice, drawn where the physics tray has it.
#[derive(Component, Debug)]
pub struct DieBody(pub usize);

/// A marble on its way: from, to, seconds gone.
#[derive(Component, Debug)]
pub struct Travel {
    pub from: Vec3,
    pub to: Vec3,
    pub t: f32,
}

/// Meshes the game spawns while it plays.
#[derive(Resource)]
pub(super) struct MarbleMesh(Handle<Mesh>);

/// Each seat's marble material, glowing: marbles that may be taken off, and the runs at the end.
#[derive(Resource)]
pub(super) struct LitMarbles(Vec<Handle<Crafted>>);

pub(super) fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Crafted>>,
    palette: Res<Palette>,
    table: Res<Table>,
    play: Option<Res<MarblesPlay>>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = CameraRig {
        eye: Vec3::new(0.2, 1.3, 1.12),
        target: Vec3::new(0.2, 0.0, 0.07),
    };
    let Some(play) = play else { return };
    let marble = meshes.add(Sphere::new(0.0125).mesh().uv(16, 12));
    commands.insert_resource(MarbleMesh(marble.clone()));
    // The same colours and patterns, glowing.
    let lit = palette
        .seats
        .iter()
        .enumerate()
        .map(|(seat, plain)| {
            let pattern = materials
                .get(plain)
                .and_then(|m| m.base.base_color_texture.clone());
            materials.add(marble_material(seat, pattern, true))
        })
        .collect();
    commands.insert_resource(LitMarbles(lit));
    let root = commands
        .spawn(table_root("MUGGINS! table", Game::Marbles))
        .id();
    spawn_board(
        &mut commands,
        root,
        &mut meshes,
        &palette,
        play.game.variant.board,
    );
    spawn_trays(
        &mut commands,
        root,
        &mut meshes,
        &palette,
        &table,
        &play,
        marble,
    );
    let def = tray_def(&play.game.variant.dice);
    spawn_world(
        &mut commands,
        &def,
        (DiceWorld, DespawnOnExit(crate::game::Screen::Playing)),
    );
    spawn_dice_tray(&mut commands, root, &mut meshes, &palette, &play, &def);
    commands.spawn(super::dice_look::tray_camera(DICE_TRAY_AT));
}

/// The ring board and its 36 holes (those beyond the preset's board covered).
fn spawn_board(
    commands: &mut Commands,
    root: Entity,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    used: u8,
) {
    let board = meshes.add(Cylinder::new(0.52, BOARD_TOP));
    let hole = meshes.add(Cylinder::new(0.02, 0.004));
    commands.entity(root).with_children(|p| {
        p.spawn(part(
            board,
            palette.wood.clone(),
            Transform::from_xyz(0.0, BOARD_TOP / 2.0, 0.0),
        ));
        for n in 1..=SPACES {
            // Spaces beyond the preset's board (18 on the starter level) stay covered.
            let mat = if n <= used as usize {
                &palette.hole
            } else {
                &palette.dark_wood
            };
            let at = space_position(n) + Vec3::Y * BOARD_TOP;
            p.spawn(part(
                hole.clone(),
                mat.clone(),
                Transform::from_translation(at),
            ));
        }
    });
}

/// Each seat's tray of marbles round the board, with the seat's mark in its colour at the
/// tray's end.
fn spawn_trays(
    commands: &mut Commands,
    root: Entity,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    table: &Table,
    play: &MarblesPlay,
    marble: Handle<Mesh>,
) {
    let marbles = play.game.variant.marbles as usize;
    let size = tray_size(marbles);
    let tray = meshes.add(Cuboid::from_size(size));
    let seats = table.seats.len();
    commands.entity(root).with_children(|p| {
        for seat in 0..seats {
            let (centre, rot) = tray_frame(seat, seats);
            p.spawn(part(
                tray.clone(),
                palette.dark_wood.clone(),
                Transform::from_translation(centre).with_rotation(rot),
            ));
            let mark = meshes.add(mark_mesh(SeatMark::of(seat as Seat), 0.016));
            let at = centre + rot * Vec3::new(size.x / 2.0 + 0.03, -0.012, 0.0);
            p.spawn(part(
                mark,
                palette.seats[seat].clone(),
                Transform::from_translation(at).with_rotation(rot),
            ));
            for i in 0..marbles {
                p.spawn((
                    TrayMarble {
                        seat: seat as Seat,
                        index: i,
                    },
                    part(
                        marble.clone(),
                        palette.seats[seat].clone(),
                        Transform::from_translation(tray_slot(seat, seats, i, marbles)),
                    ),
                ));
            }
        }
    });
}

/// The dice tray, drawn larger than the physics tray so the dice read from the chair: a felt
/// floor in a wooden frame, and the dice with their pips.
fn spawn_dice_tray(
    commands: &mut Commands,
    root: Entity,
    meshes: &mut Assets<Mesh>,
    palette: &Palette,
    play: &MarblesPlay,
    def: &WorldDef,
) {
    use crate::physics::dice::{D6_EDGE, TRAY_HALF_D as HD, TRAY_HALF_W as HW};
    let wall_h = 0.04;
    let floor = meshes.add(Cuboid::new(2.0 * HW + 0.04, 0.01, 2.0 * HD + 0.04));
    let long_wall = meshes.add(Cuboid::new(2.0 * HW + 0.04, wall_h, 0.02));
    let short_wall = meshes.add(Cuboid::new(0.02, wall_h, 2.0 * HD + 0.04));
    let d6 = meshes.add(Cuboid::from_length(D6_EDGE));
    let d12 = meshes.add(super::dice_look::d12_mesh());
    let numbers = meshes.add(super::dice_look::d12_numbers_mesh());
    let pip = meshes.add(Sphere::new(D6_EDGE * 0.1));
    let tray = commands
        .spawn((
            Name::new("Dice tray"),
            Transform::from_translation(DICE_TRAY_AT).with_scale(Vec3::splat(DICE_SCALE)),
            Visibility::default(),
            ChildOf(root),
        ))
        .id();
    commands.entity(tray).with_children(|t| {
        t.spawn(part(
            floor,
            palette.felt.clone(),
            Transform::from_xyz(0.0, -0.005, 0.0),
        ));
        for (mesh, x, z) in [
            (&long_wall, 0.0, HD + 0.01),
            (&long_wall, 0.0, -HD - 0.01),
            (&short_wall, HW + 0.01, 0.0),
            (&short_wall, -HW - 0.01, 0.0),
        ] {
            t.spawn(part(
                mesh.clone(),
                palette.dark_wood.clone(),
                Transform::from_xyz(x, wall_h / 2.0, z),
            ));
        }
        let dice = def.bodies[TRAY_PARTS..].iter();
        for (i, (body, die)) in dice.zip(&play.game.variant.dice).enumerate() {
            let mesh = match die {
                Die::D6 => d6.clone(),
                Die::D12 => d12.clone(),
            };
            let (at, rot) = (body.pose.translation, body.pose.rotation);
            let transform = Transform::from_translation(v3(at)).with_rotation(quat(rot));
            t.spawn((DieBody(i), part(mesh, palette.die.clone(), transform)))
                .with_children(|d| match die {
                    Die::D6 => {
                        for at in pips() {
                            d.spawn(part(
                                pip.clone(),
                                palette.hole.clone(),
                                Transform::from_translation(at),
                            ));
                        }
                    }
                    Die::D12 => {
                        d.spawn(part(
                            numbers.clone(),
                            palette.hole.clone(),
                            Transform::IDENTITY,
                        ));
                    }
                });
        }
    });
}

/// Where the pips of a six-sided die sit, in the die's own frame: each face's value drawn on
/// the face the physics reads it from.
fn pips() -> Vec<Vec3> {
    use crate::physics::dice::{D6_EDGE, faces};
    let layout = |v: u8| -> &'static [(f32, f32)] {
        match v {
            1 => &[(0.0, 0.0)],
            2 => &[(-1.0, -1.0), (1.0, 1.0)],
            3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
            4 => &[(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)],
            5 => &[
                (-1.0, -1.0),
                (-1.0, 1.0),
                (0.0, 0.0),
                (1.0, -1.0),
                (1.0, 1.0),
            ],
            _ => &[
                (-1.0, -1.0),
                (-1.0, 0.0),
                (-1.0, 1.0),
                (1.0, -1.0),
                (1.0, 0.0),
                (1.0, 1.0),
            ],
        }
    };
    let mut out = Vec::new();
    for (normal, value) in faces(Die::D6) {
        let n = v3(normal);
        let u = n.any_orthonormal_vector();
        let w = n.cross(u);
        for (a, b) in layout(value) {
            out.push(n * (D6_EDGE / 2.0) + (u * *a + w * *b) * D6_EDGE * 0.27);
        }
    }
    out
}

/// Marbles on the board follow the rules: a new one travels from its seat's tray, a removed one
/// goes.
pub(super) fn place_marbles(
    mut commands: Commands,
    play: Res<MarblesPlay>,
    on_board: Query<(Entity, &BoardMarble)>,
    roots: Query<(Entity, &crate::game::TableScene)>,
    palette: Res<Palette>,
    mesh: Option<Res<MarbleMesh>>,
) {
    let (Some(mesh), Some((root, _))) = (mesh, roots.iter().find(|(_, s)| s.0 == Game::Marbles))
    else {
        return;
    };
    let mut shown = [None::<Seat>; 64];
    for (e, m) in &on_board {
        if play.game.at(m.space) == Some(m.seat) && shown[m.space as usize].is_none() {
            shown[m.space as usize] = Some(m.seat);
        } else {
            commands.entity(e).despawn();
        }
    }
    for space in 1..=play.game.variant.board {
        let Some(seat) = play.game.at(space) else {
            continue;
        };
        if shown[space as usize].is_some() {
            continue;
        }
        let from = tray_slot(
            seat as usize,
            play.game.seats as usize,
            play.game.trays[seat as usize] as usize,
            play.game.variant.marbles as usize,
        );
        let to = hole_rest(space as usize);
        commands.entity(root).with_child((
            BoardMarble { seat, space },
            Travel { from, to, t: 0.0 },
            part(
                mesh.0.clone(),
                palette.seats[seat as usize].clone(),
                Transform::from_translation(from),
            ),
        ));
    }
}

/// Moves travelling marbles along an arc and drops them in.
pub(super) fn travel(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(Entity, &mut Travel, &mut Transform)>,
) {
    for (e, mut tr, mut t) in &mut moving {
        tr.t += time.delta_secs();
        let k = (tr.t / TRAVEL_S).min(1.0);
        let lift = 0.12 * (k * std::f32::consts::PI).sin();
        t.translation = tr.from.lerp(tr.to, k * k * (3.0 - 2.0 * k)) + Vec3::Y * lift;
        if k >= 1.0 {
            commands.entity(e).remove::<Travel>();
        }
    }
}

/// Each tray shows the marbles its seat has left.
pub(super) fn show_trays(
    play: Res<MarblesPlay>,
    mut marbles: Query<(&TrayMarble, &mut Visibility)>,
) {
    for (m, mut v) in &mut marbles {
        let left = play.game.trays.get(m.seat as usize).copied().unwrap_or(0) as usize;
        let want = if m.index < left {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        v.set_if_neq(want);
    }
}

/// The dice are drawn, in the larger tray, where the live physics has them.
pub(super) fn show_dice(
    worlds: Query<&LiveWorld, With<DiceWorld>>,
    bodies: Query<&Transform, (With<LiveBody>, Without<DieBody>)>,
    mut dice: Query<(&DieBody, &mut Transform)>,
) {
    let Ok(world) = worlds.single() else { return };
    for (d, mut t) in &mut dice {
        let body = world.bodies.get(TRAY_PARTS + d.0);
        if let Some(pose) = body.and_then(|b| bodies.get(*b).ok()) {
            t.translation = pose.translation;
            t.rotation = pose.rotation;
        }
    }
}

/// Marbles glow that the player choosing may take off (after triples or a challenge), and, when
/// the game is over, every marble in a run.
pub(super) fn light_marbles(
    play: Res<MarblesPlay>,
    palette: Res<Palette>,
    lit: Option<Res<LitMarbles>>,
    mut marbles: Query<(&BoardMarble, &mut MeshMaterial3d<Crafted>)>,
) {
    let Some(lit) = lit else { return };
    let game = &play.game;
    // At the end: each seat's spaces that lie in a run, as the rules count them, once.
    let in_runs: Vec<u64> = match game.phase {
        Phase::Over => (0..game.seats).map(|s| game.run_spaces(s)).collect(),
        _ => Vec::new(),
    };
    for (m, mut mat) in &mut marbles {
        let glow = match &game.phase {
            Phase::Triples { .. } | Phase::Penalty { .. } => {
                game.removable_owners().contains(&m.seat)
            }
            Phase::Over => in_runs
                .get(m.seat as usize)
                .is_some_and(|r| r & 1u64 << m.space != 0),
            _ => false,
        };
        let want = if glow {
            &lit.0[m.seat as usize % lit.0.len()]
        } else {
            &palette.seats[m.seat as usize % palette.seats.len()]
        };
        if mat.0 != *want {
            mat.0 = want.clone();
        }
    }
}
