//! The dominoes table: the felt, each seat's rack with its hand standing on it, the boneyard
//! face down, and the layout — every tile carried from its player's rack and set down by the
//! live physics at the slot the layout's geometry gives it, the last one marked. A tile's face
//! (its pips) is spawned only where a human at the table may see it: the layout, the shown
//! hand, every hand at a hand's end. The chosen tile's open ends show as pale ghosts.
//!
//! The scene follows the referee when the rules move or what is shown changes (whose hand, a
//! hand's end), not every frame.

use std::collections::HashMap;
use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::play::{DominoesPlay, HandChoices};
use crate::game::camera::CameraRig;
use crate::game::live::LiveWorld;
use crate::game::live::tiles::{lay, spawn_table as spawn_live_table};
use crate::game::looks::{Craft, Crafted, Kind, crafted};
use crate::game::room::{Palette, mark_mesh as seat_mark_mesh, part, table_root};
use crate::game::screen::Screen;
use crate::game::table::seats::{MAX_SEATS, SeatMark};
use crate::physics::tiles::{
    AREA_HALF_X, Slot, TILE_L, TILE_T, TILE_W, boneyard_slot, rack_place, rack_slot, slide,
};
use crate::rules::Game;
use crate::rules::dominoes::{Seat, Tile};

/// The felt under the layout, the racks and the boneyard (its top just above the table's, where
/// the physics table's top is).
const FELT: Vec3 = Vec3::new(2.0, 0.001, 1.3);
/// Seconds a played tile takes from the rack to the layout.
pub const CARRY_S: f32 = 0.45;
/// Seconds a drawn tile takes from the boneyard to the rack.
pub const SLIDE_S: f32 = 0.4;

/// The dominoes table's live physics world.
#[derive(Component, Clone, Copy, Debug)]
pub struct DominoesWorld;

/// A tile of the layout (a live body once it is set down).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct LaidTile(pub Tile);

/// A tile standing on (or, at a hand's end, lying face up before) a seat's rack.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct RackTile {
    pub seat: Seat,
    pub index: usize,
    /// The tile, when its face is shown.
    pub tile: Option<Tile>,
}

/// A face-down tile in the boneyard.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoneyardTile;

/// A seat's rack.
#[derive(Component, Clone, Copy, Debug)]
pub struct Rack;

/// The mark under the last tile played.
#[derive(Component, Clone, Copy, Debug)]
pub struct LastMark;

/// A pale tile where the chosen tile would go.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct EndGhost(pub super::play::EndChoice);

/// A tile's face: its pips. Only ever spawned for a tile some human at the table may see.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct TileFace(pub Tile);

/// A played tile on its way from the rack to its slot.
#[derive(Component, Clone, Copy, Debug)]
pub struct Carry {
    from: Transform,
    slot: Slot,
    t: f32,
}

/// A drawn tile sliding from the boneyard to its rack.
#[derive(Component, Clone, Copy, Debug)]
pub struct Slide {
    from: Vec3,
    to: Vec3,
    t: f32,
}

/// The meshes and materials of tiles.
#[derive(Resource)]
pub struct TileLook {
    tile: Handle<Mesh>,
    faces: HashMap<(u8, u8), Handle<Mesh>>,
    pips: Handle<Crafted>,
    dim: Handle<Crafted>,
    mark: Handle<StandardMaterial>,
    ghost: Handle<StandardMaterial>,
    rack: Handle<Mesh>,
    mark_mesh: Handle<Mesh>,
    /// Each seat's mark, lying by its rack.
    seat_marks: Vec<Handle<Mesh>>,
}

impl TileLook {
    /// The pips of a tile whose local −x half shows `a` and +x half `b`, on its top face.
    fn face(&mut self, meshes: &mut Assets<Mesh>, a: u8, b: u8) -> Handle<Mesh> {
        self.faces
            .entry((a, b))
            .or_insert_with(|| meshes.add(face_mesh(a, b)))
            .clone()
    }
}

/// Where the pips of `n` sit in a half, in steps from its centre.
pub fn pip_spots(n: u8) -> Vec<(f32, f32)> {
    let corners = [(-1.0, -1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, 1.0)];
    let mut v: Vec<(f32, f32)> = match n {
        0 => vec![],
        1 => vec![],
        2 | 3 => corners[..2].to_vec(),
        4 | 5 => corners.to_vec(),
        6 | 7 => [corners.to_vec(), vec![(-1.0, 0.0), (1.0, 0.0)]].concat(),
        8 | 9 => [
            corners.to_vec(),
            vec![(-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0)],
        ]
        .concat(),
        _ => {
            // Ten to twelve: four columns of three, less the middle ones as needed.
            let mut all = Vec::new();
            for x in [-1.2f32, -0.4, 0.4, 1.2] {
                for y in [-1.0f32, 0.0, 1.0] {
                    all.push((x, y));
                }
            }
            match n {
                10 => all.retain(|(x, y)| !(*y == 0.0 && x.abs() < 1.0)),
                11 => all.retain(|(x, y)| !(*y == 0.0 && *x == 0.4)),
                _ => {}
            }
            all
        }
    };
    if n % 2 == 1 && n < 10 {
        v.push((0.0, 0.0));
    }
    v
}

/// The pips of a tile lying along x, halves showing `a` (−x) and `b` (+x), and the line
/// between them, as one mesh on the tile's top face.
fn face_mesh(a: u8, b: u8) -> Mesh {
    let flat = Quat::from_rotation_x(-FRAC_PI_2);
    let mut mesh = Rectangle::new(0.0012, TILE_W * 0.8)
        .mesh()
        .build()
        .rotated_by(flat);
    for (n, centre) in [(a, -TILE_L / 4.0), (b, TILE_L / 4.0)] {
        let (step, radius) = if n > 9 {
            (0.0105, 0.0026)
        } else {
            (0.0125, 0.0036)
        };
        for (u, v) in pip_spots(n) {
            let disc = Circle::new(radius)
                .mesh()
                .resolution(14)
                .build()
                .rotated_by(flat)
                .translated_by(Vec3::new(centre + u * step, 0.0, v * step));
            let _ = mesh.merge(&disc);
        }
    }
    mesh
}

/// The face of a laid tile: which number its local −x and +x halves show.
fn slot_face(slot: &Slot) -> (u8, u8) {
    let other = slot.tile.other(slot.plus_half);
    if slot.along_x {
        (other, slot.plus_half)
    } else {
        // Turned a quarter about y, its +x half lies towards −z.
        (slot.plus_half, other)
    }
}

/// The way seat `seat`'s player faces from the table's middle: towards their own edge.
pub fn owner_dir(seat: usize, seats: usize) -> Vec3 {
    let ((x, z), _) = rack_place(seat, seats);
    if seats <= 4 && x.abs() > z.abs() {
        Vec3::new(x.signum(), 0.0, 0.0)
    } else {
        Vec3::new(0.0, 0.0, if z < 0.0 { -1.0 } else { 1.0 })
    }
}

/// A tile standing on seat `seat`'s rack, its top face (the pips) to its owner.
fn standing(seat: usize, seats: usize, index: usize, count: usize, raised: bool) -> Transform {
    let ([x, y, z], _) = rack_slot(seat, seats, index, count);
    let d = owner_dir(seat, seats);
    let rotation = Quat::from_mat3(&Mat3::from_cols(Vec3::Y, d, Vec3::Y.cross(d)));
    let lift = if raised { 0.015 } else { 0.0 };
    Transform::from_xyz(x, y + lift, z).with_rotation(rotation)
}

/// A tile lying face up before seat `seat`'s rack (a hand's end), pointing to the middle.
fn lying(seat: usize, seats: usize, index: usize, count: usize) -> Transform {
    let ([x, _, z], _) = rack_slot(seat, seats, index, count);
    let d = owner_dir(seat, seats);
    let rotation = Quat::from_mat3(&Mat3::from_cols(d, Vec3::Y, d.cross(Vec3::Y)));
    let at = Vec3::new(x, TILE_T / 2.0, z) - d * (TILE_L / 2.0 + 0.03);
    Transform::from_translation(at).with_rotation(rotation)
}

/// A face-down boneyard tile.
fn in_boneyard(index: usize) -> Transform {
    let [x, y, z] = boneyard_slot(index);
    Transform::from_xyz(x, y, z).with_rotation(Quat::from_rotation_y(FRAC_PI_2))
}

/// Where a laid tile rests on the felt.
fn at_slot(slot: &Slot, lift: f32) -> Transform {
    let yaw = if slot.along_x { 0.0 } else { FRAC_PI_2 };
    Transform::from_xyz(slot.x, TILE_T / 2.0 + lift, slot.z)
        .with_rotation(Quat::from_rotation_y(yaw))
}

/// The face child of a tile whose top face shows `a | b`.
fn face(look: &mut TileLook, meshes: &mut Assets<Mesh>, tile: Tile, a: u8, b: u8) -> impl Bundle {
    (
        TileFace(tile),
        part(
            look.face(meshes, a, b),
            look.pips.clone(),
            Transform::from_xyz(0.0, TILE_T / 2.0 + 0.0003, 0.0),
        ),
    )
}

pub(super) fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut crafted_materials: ResMut<Assets<Crafted>>,
    palette: Res<Palette>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = camera_for(0, 2, 0.0);
    let felt = meshes.add(Cuboid::new(FELT.x, FELT.y, FELT.z));
    commands
        .spawn(table_root("Dominoes table", Game::Dominoes))
        .with_child(part(
            felt,
            palette.felt.clone(),
            Transform::from_xyz(0.0, FELT.y / 2.0, 0.0),
        ));
    spawn_live_table(
        &mut commands,
        (DominoesWorld, DespawnOnExit(Screen::Playing)),
    );
    let mut material = |color: Color, alpha: bool| {
        materials.add(StandardMaterial {
            base_color: color,
            perceptual_roughness: 0.5,
            alpha_mode: if alpha {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            },
            ..default()
        })
    };
    commands.insert_resource(TileLook {
        tile: meshes.add(Cuboid::new(TILE_L, TILE_T, TILE_W)),
        faces: HashMap::new(),
        // Pips and the line cut into the tile and painted black, their walls the ivory's shade.
        pips: crafted_materials.add(crafted(
            StandardMaterial {
                base_color: Color::srgb(0.04, 0.04, 0.05),
                perceptual_roughness: 0.6,
                ..default()
            },
            Craft::new(Kind::Engraved, Color::srgb(0.5, 0.46, 0.38), 1.0),
        )),
        // A tile that cannot be played: the ivory, greyed.
        dim: crafted_materials.add(crafted(
            StandardMaterial {
                base_color: Color::srgb(0.55, 0.53, 0.48),
                perceptual_roughness: 0.5,
                ..default()
            },
            Craft::new(Kind::Ivory, Color::BLACK, 1.0),
        )),
        mark: material(Color::srgb(0.66, 0.46, 0.16), false),
        ghost: material(Color::srgba(0.95, 0.78, 0.35, 0.55), true),
        rack: meshes.add(Cuboid::new(1.0, 0.012, 0.03)),
        mark_mesh: meshes.add(Cuboid::new(TILE_L + 0.012, 0.0008, TILE_W + 0.012)),
        seat_marks: (0..MAX_SEATS)
            .map(|s| meshes.add(seat_mark_mesh(SeatMark::of(s as Seat), 0.016)))
            .collect(),
    });
}

/// The camera behind seat `seat`'s chair, looking over the table: close over a short layout,
/// drawing back in steps as it `reach`es (metres from the centre, the farthest tile's edge)
/// towards the table's edges.
pub fn camera_for(seat: usize, seats: usize, reach: f32) -> CameraRig {
    let d = owner_dir(seat, seats);
    let ((x, _), _) = rack_place(seat, seats);
    let side = if seats > 4 { x * 0.5 } else { 0.0 };
    let target = d * 0.08 + Vec3::new(side * 0.3, 0.0, 0.0);
    let back = d * 0.97 + Vec3::new(side * 0.7, 1.3, 0.0);
    // In steps of a tenth, so the camera moves now and then rather than with every tile.
    let k = ((reach + 0.12) / AREA_HALF_X * 10.0)
        .ceil()
        .clamp(6.0, 10.0)
        / 10.0;
    CameraRig {
        eye: target + back * k,
        target,
    }
}

/// How far the shown layout reaches from the table's centre, metres: the farthest corner of
/// any tile, across the camera's view (`d`, towards its seat) weighted for a wide screen.
fn layout_reach(slots: &[Slot], d: Vec3) -> f32 {
    slots
        .iter()
        .map(|s| {
            let p = Vec3::new(s.x, 0.0, s.z);
            let along = p.dot(d).abs();
            let across = (p - d * p.dot(d)).length();
            (across / 1.5).max(along) + TILE_L / 2.0
        })
        .fold(0.0, f32::max)
}

/// Run condition: what the table shows moved (an action, whose hand, a hand's end).
pub fn shown_moved(
    play: Option<Res<DominoesPlay>>,
    mut seen: Local<Option<(u64, usize, u64)>>,
) -> bool {
    let Some(p) = play else { return false };
    let now = (p.record.seed, p.record.actions.len(), p.table.view_key());
    seen.replace(now) != Some(now)
}

/// The layout, the racks, the boneyard and the last tile's mark follow what is shown.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow(
    mut commands: Commands,
    play: Res<DominoesPlay>,
    choices: Res<HandChoices>,
    mut look: ResMut<TileLook>,
    mut meshes: ResMut<Assets<Mesh>>,
    palette: Res<Palette>,
    mut rig: ResMut<CameraRig>,
    laid: Query<(Entity, &LaidTile)>,
    racks: Query<(Entity, &RackTile)>,
    stands: Query<Entity, With<Rack>>,
    boneyard: Query<Entity, With<BoneyardTile>>,
    marks: Query<Entity, With<LastMark>>,
) {
    let seats = play.game.seats as usize;
    let look = &mut *look;
    // The camera sits behind the hand shown (or the one about to be).
    let seat = play
        .table
        .viewer
        .or(play.table.pass_to)
        .or(play.humans().first().copied())
        .unwrap_or(0);
    // The layout: tiles no longer shown go (a new hand), new ones are carried from the rack.
    let shown = play.shown_slots();
    // A hand's end draws back to see every hand laid out.
    let reach = match play.table.reveal {
        Some(_) => AREA_HALF_X,
        None => layout_reach(shown, owner_dir(seat as usize, seats)),
    };
    let want = camera_for(seat as usize, seats, reach);
    if *rig != want {
        *rig = want;
    }
    for (e, t) in &laid {
        if !shown.iter().any(|s| s.tile == t.0) {
            commands.entity(e).despawn();
        }
    }
    let counts = play.shown_counts();
    for slot in shown {
        if laid.iter().any(|(_, t)| t.0 == slot.tile) {
            continue;
        }
        let (a, b) = slot_face(slot);
        let from = match play.table.last {
            Some((s, t)) if t == slot.tile && play.table.reveal.is_none() => {
                let n = counts[s as usize] + 1;
                standing(s as usize, seats, n / 2, n, false)
            }
            _ => at_slot(slot, 0.03),
        };
        commands
            .spawn((
                LaidTile(slot.tile),
                Carry {
                    from,
                    slot: *slot,
                    t: 0.0,
                },
                part(look.tile.clone(), palette.ivory.clone(), from),
                DespawnOnExit(Screen::Playing),
            ))
            .with_child(face(look, &mut meshes, slot.tile, a, b));
    }
    // The racks: rebuilt, each seat's tiles standing (face up to a human who may see them), or
    // lying face up at a hand's end.
    for (e, _) in &racks {
        commands.entity(e).despawn();
    }
    for e in &stands {
        commands.entity(e).despawn();
    }
    let revealed = play.table.reveal.is_some();
    for s in 0..seats {
        let seat = s as Seat;
        let choice = choices.get(seat);
        let tiles = play.hand(seat, choice.sort);
        let n = counts.get(s).copied().unwrap_or(0);
        let ((x, z), yaw) = rack_place(s, seats);
        let width = n.max(1) as f32 * (TILE_W + 0.007) + 0.02;
        commands.spawn((
            Rack,
            part(
                look.rack.clone(),
                palette.dark_wood.clone(),
                Transform::from_xyz(x, 0.006, z)
                    .with_rotation(Quat::from_rotation_y(yaw))
                    .with_scale(Vec3::new(width, 1.0, 1.0)),
            ),
            DespawnOnExit(Screen::Playing),
        ));
        // The seat's mark in its colour and pattern, at the rack's right-hand end.
        commands.spawn((
            Rack,
            part(
                look.seat_marks[s % look.seat_marks.len()].clone(),
                palette.seats[s % palette.seats.len()].clone(),
                Transform::from_xyz(x, 0.0, z).with_rotation(Quat::from_rotation_y(yaw))
                    * Transform::from_xyz(width / 2.0 + 0.025, 0.001, 0.0),
            ),
            DespawnOnExit(Screen::Playing),
        ));
        let up = play.face_up(seat);
        let playable = play.placements(seat);
        for i in 0..n {
            let tile = up.then(|| tiles.get(i).copied()).flatten();
            let chosen = tile.is_some() && tile == choice.tile && !revealed;
            let at = if revealed {
                lying(s, seats, i, n)
            } else {
                standing(s, seats, i, n, chosen)
            };
            let material = match tile {
                None => palette.tile_back.clone(),
                Some(t)
                    if !revealed
                        && play.may_move(seat)
                        && !playable.iter().any(|p| p.tile == t) =>
                {
                    look.dim.clone()
                }
                Some(_) => palette.ivory.clone(),
            };
            let mut e = commands.spawn((
                RackTile {
                    seat,
                    index: i,
                    tile,
                },
                part(look.tile.clone(), material, at),
                DespawnOnExit(Screen::Playing),
            ));
            if let Some(t) = tile {
                let (a, b) = t.pips();
                e.with_child(face(look, &mut meshes, t, b, a));
            }
            // The tile just drawn slides in from the boneyard.
            if play.table.drew == Some(seat) && i + 1 == n && !revealed {
                let from = in_boneyard(play.game.boneyard.len()).translation;
                e.insert(Slide {
                    from,
                    to: at.translation,
                    t: 0.0,
                });
            }
        }
    }
    // The boneyard, face down.
    for e in &boneyard {
        commands.entity(e).despawn();
    }
    if !revealed {
        for i in 0..play.game.boneyard.len() {
            commands.spawn((
                BoneyardTile,
                part(look.tile.clone(), palette.tile_back.clone(), in_boneyard(i)),
                DespawnOnExit(Screen::Playing),
            ));
        }
    }
    // The last tile played, marked underneath.
    for e in &marks {
        commands.entity(e).despawn();
    }
    let last = play.table.last.map(|(_, t)| t);
    if let Some(slot) = shown.iter().find(|s| Some(s.tile) == last) {
        let mut at = at_slot(slot, 0.0);
        at.translation.y = FELT.y + 0.0004;
        commands.spawn((
            LastMark,
            part(look.mark_mesh.clone(), look.mark.clone(), at),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Played tiles travel from the rack and, over their slot, are let go to the live physics.
pub(super) fn carry(
    mut commands: Commands,
    time: Res<Time>,
    mut tiles: Query<(Entity, &mut Carry, &mut Transform, &Children)>,
    faces: Query<&TileFace>,
    world: Query<Entity, (With<DominoesWorld>, With<LiveWorld>)>,
    look: Res<TileLook>,
    palette: Res<Palette>,
) {
    let Ok(world) = world.single() else { return };
    for (e, mut c, mut at, children) in &mut tiles {
        c.t += time.delta_secs() / CARRY_S;
        let end = at_slot(&c.slot, crate::physics::tiles::DROP);
        if c.t < 1.0 {
            let t = c.t * c.t * (3.0 - 2.0 * c.t);
            let lift = 0.06 * (std::f32::consts::PI * c.t).sin();
            at.translation = c.from.translation.lerp(end.translation, t) + Vec3::Y * lift;
            at.rotation = c.from.rotation.slerp(end.rotation, t);
            continue;
        }
        // Over its slot: the live table takes it.
        let has_face = children.iter().any(|c| faces.contains(c));
        let tile = c.slot.tile;
        commands.entity(e).despawn();
        let body = lay(
            &mut commands,
            world,
            &c.slot,
            (
                LaidTile(tile),
                Mesh3d(look.tile.clone()),
                MeshMaterial3d(palette.ivory.clone()),
                DespawnOnExit(Screen::Playing),
            ),
        );
        if has_face {
            let (a, b) = slot_face(&c.slot);
            if let Some(mesh) = look.faces.get(&(a, b)) {
                commands.entity(body).with_child((
                    TileFace(tile),
                    part(
                        mesh.clone(),
                        look.pips.clone(),
                        Transform::from_xyz(0.0, TILE_T / 2.0 + 0.0003, 0.0),
                    ),
                ));
            }
        }
    }
}

/// Drawn tiles slide to their racks.
pub(super) fn slide_drawn(
    mut commands: Commands,
    time: Res<Time>,
    mut tiles: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (e, mut s, mut at) in &mut tiles {
        s.t += time.delta_secs() / SLIDE_S;
        let p = slide(s.from.to_array(), s.to.to_array(), s.t);
        at.translation = Vec3::from_array(p);
        if s.t >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

/// The chosen tile's open ends, shown as pale tiles where it would lie.
pub(super) fn ghosts(
    mut commands: Commands,
    play: Res<DominoesPlay>,
    choices: Res<HandChoices>,
    look: Res<TileLook>,
    ghosts: Query<Entity, With<EndGhost>>,
) {
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    let Some(seat) = play.table.viewer else {
        return;
    };
    let Some(tile) = choices.get(seat).tile else {
        return;
    };
    for end in play.ends_for(seat, tile) {
        commands.spawn((
            EndGhost(end),
            part(
                look.tile.clone(),
                look.ghost.clone(),
                at_slot(&end.slot, 0.0),
            ),
            DespawnOnExit(Screen::Playing),
        ));
    }
}
