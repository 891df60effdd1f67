//! The room every screen shares: the wooden table, the lights and the materials; and the lobby
//! scene (a few pieces of each game on the table) behind the menus.

use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;

use super::camera::CameraRig;
use super::looks::{Craft, Crafted, Kind, crafted};
use super::screen::Lobby;
use super::table::seats::{MAX_SEATS, SEAT_COLOURS, SeatMark};
use crate::rules::Game;

/// The root of a game's table scene; everything in the scene is its child.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableScene(pub Game);

/// The root of the pieces shown behind the menus.
#[derive(Component, Debug)]
pub struct LobbyScene;

/// The materials the scenes are built from.
#[derive(Resource, Debug, Clone)]
pub struct Palette {
    pub table: Handle<Crafted>,
    pub wood: Handle<Crafted>,
    pub dark_wood: Handle<Crafted>,
    pub hole: Handle<Crafted>,
    pub felt: Handle<Crafted>,
    pub ivory: Handle<Crafted>,
    pub tile_back: Handle<Crafted>,
    pub die: Handle<Crafted>,
    pub red_ball: Handle<Crafted>,
    pub white_ball: Handle<Crafted>,
    /// One marble colour per seat.
    pub seats: [Handle<Crafted>; MAX_SEATS],
}

/// Half the table's size (x, z); its top is at y = 0.
pub const TABLE_HALF: Vec2 = Vec2::new(1.6, 1.1);

pub(super) fn plugin(app: &mut App) {
    // The lobby is entered with the first state transition, before `Startup`: the palette
    // must exist by then.
    app.init_resource::<Palette>()
        .add_systems(Startup, spawn_room)
        .add_systems(OnEnter(Lobby), spawn_lobby);
}

fn material(
    materials: &mut Assets<Crafted>,
    color: Color,
    roughness: f32,
    craft: Craft,
) -> Handle<Crafted> {
    materials.add(crafted(
        StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            ..default()
        },
        craft,
    ))
}

/// Seat `seat`'s marble, as glass: its colour and pattern, glowing when `lit`.
pub fn marble_material(seat: usize, pattern: Option<Handle<Image>>, lit: bool) -> Crafted {
    let c = SEAT_COLOURS[seat % MAX_SEATS];
    crafted(
        StandardMaterial {
            base_color: c,
            base_color_texture: pattern,
            emissive: if lit {
                c.to_linear() * 1.5
            } else {
                LinearRgba::BLACK
            },
            perceptual_roughness: 0.1,
            ..default()
        },
        Craft::new(Kind::Glass, Color::srgb(0.55, 0.55, 0.55), 1.0),
    )
}

impl FromWorld for Palette {
    fn from_world(world: &mut World) -> Self {
        // Each seat's pattern on its pieces (none without images: the headless tests).
        let patterns: Option<[Handle<Image>; MAX_SEATS]> = world
            .get_resource_mut::<Assets<Image>>()
            .map(|mut images| std::array::from_fn(|s| images.add(seat_pattern(s))));
        let mut materials = world.resource_mut::<Assets<Crafted>>();
        let m = &mut *materials;
        let seats = std::array::from_fn(|s| {
            m.add(marble_material(
                s,
                patterns.as_ref().map(|p| p[s].clone()),
                false,
            ))
        });
        let latewood = |c: Color| Craft::new(Kind::Wood, c, 9.0);
        Palette {
            table: material(
                m,
                Color::srgb(0.36, 0.2, 0.1),
                0.5,
                latewood(Color::srgb(0.22, 0.11, 0.045)).planks(0.18),
            ),
            wood: material(
                m,
                Color::srgb(0.8, 0.6, 0.36),
                0.42,
                latewood(Color::srgb(0.55, 0.34, 0.16)).seed(2.0),
            ),
            dark_wood: material(
                m,
                Color::srgb(0.45, 0.27, 0.13),
                0.45,
                latewood(Color::srgb(0.2, 0.1, 0.04)).seed(5.0),
            ),
            hole: material(m, Color::srgb(0.08, 0.05, 0.03), 0.9, Craft::plain()),
            felt: material(
                m,
                Color::srgb(0.08, 0.31, 0.17),
                0.95,
                Craft::new(Kind::Felt, Color::srgb(0.3, 0.55, 0.35), 260.0),
            ),
            ivory: material(
                m,
                Color::srgb(0.95, 0.91, 0.8),
                0.32,
                Craft::new(Kind::Ivory, Color::srgb(1.0, 0.8, 0.55), 1.0),
            ),
            tile_back: material(
                m,
                Color::srgb(0.13, 0.1, 0.09),
                0.35,
                latewood(Color::srgb(0.06, 0.045, 0.04)).seed(3.0),
            ),
            die: material(
                m,
                Color::srgb(0.97, 0.96, 0.92),
                0.28,
                Craft::new(Kind::Ivory, Color::srgb(1.0, 0.85, 0.6), 1.0).seed(4.0),
            ),
            red_ball: material(
                m,
                Color::srgb(0.85, 0.08, 0.06),
                0.15,
                Craft::new(Kind::Glass, Color::srgb(0.7, 0.7, 0.7), 1.0),
            ),
            white_ball: material(
                m,
                Color::srgb(0.92, 0.92, 0.9),
                0.15,
                Craft::new(Kind::Glass, Color::srgb(0.85, 0.85, 0.85), 1.0),
            ),
            seats,
        }
    }
}

/// Seat `seat`'s pattern on its marbles (and other round pieces), as a texture over the
/// sphere's longitude (u) and latitude (v): white keeps the seat's colour, grey darkens it.
/// Plain, one band, two bands, checks, dark poles, stripes, spots, and a light band on dark,
/// in the order of the seats' marks, so pieces tell seats apart without their colour.
pub fn seat_pattern(seat: usize) -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let (w, h) = (64u32, 32u32);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (u, v) = ((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
            let dark = match seat % MAX_SEATS {
                0 => false,
                1 => (v - 0.5).abs() < 0.12,
                2 => (v - 0.33).abs() < 0.07 || (v - 0.67).abs() < 0.07,
                3 => ((u * 8.0) as u32 + (v * 4.0) as u32).is_multiple_of(2),
                4 => !(0.25..=0.75).contains(&v),
                5 => (u * 6.0).fract() < 0.3,
                6 => {
                    let (fu, fv) = ((u * 8.0).fract() - 0.5, (v * 4.0).fract() - 0.5);
                    fu * fu + fv * fv < 0.09
                }
                _ => (v - 0.5).abs() >= 0.1,
            };
            let g = if dark { 105 } else { 255 };
            data.extend_from_slice(&[g, g, g, 255]);
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The root of a game's table scene: cleared when the game is left.
pub fn table_root(name: &'static str, game: Game) -> impl Bundle {
    (
        Name::new(name),
        TableScene(game),
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(super::screen::Screen::Playing),
    )
}

/// A mesh with a material at a place: the building block of every scene.
pub fn part<M: Material>(
    mesh: Handle<Mesh>,
    material: Handle<M>,
    transform: Transform,
) -> impl Bundle {
    (Mesh3d(mesh), MeshMaterial3d(material), transform)
}

fn spawn_room(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, palette: Res<Palette>) {
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.92, 0.85),
        brightness: 250.0,
        ..default()
    });
    // The key: a warm lamp above and to the right, its shadows softened by Bevy's Gaussian
    // filter (the camera's default); the warm ambient light fills the sides turned from it. (A
    // second, cool lamp as fill cost the software renderer too much for what it showed.)
    commands.spawn((
        Name::new("Lamp"),
        DirectionalLight {
            illuminance: 6_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.88, 0.72),
            ..default()
        },
        Transform::from_xyz(1.2, 3.0, 1.4).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            maximum_distance: 6.0,
            first_cascade_far_bound: 2.0,
            ..default()
        }
        .build(),
    ));
    commands.spawn((
        Name::new("Table"),
        part(
            meshes.add(Cuboid::new(TABLE_HALF.x * 2.0, 0.08, TABLE_HALF.y * 2.0)),
            palette.table.clone(),
            Transform::from_xyz(0.0, -0.04, 0.0),
        ),
    ));
}

fn spawn_lobby(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    palette: Res<Palette>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = CameraRig::default();
    let die = meshes.add(Cuboid::from_length(0.07));
    let tile = meshes.add(Cuboid::new(0.05, 0.012, 0.1));
    let ball = meshes.add(Sphere::new(0.035).mesh().uv(24, 16));
    let marble = meshes.add(Sphere::new(0.014).mesh().uv(16, 12));
    commands
        .spawn((
            Name::new("Lobby"),
            LobbyScene,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Lobby),
        ))
        .with_children(|p| {
            // Three dice, left.
            for (i, (x, z, turn)) in [(-0.95, 0.35, 0.3), (-0.82, 0.48, -0.5), (-1.02, 0.55, 1.1)]
                .into_iter()
                .enumerate()
            {
                let t = Transform::from_xyz(x, 0.035, z)
                    .with_rotation(Quat::from_rotation_y(turn + i as f32));
                p.spawn(part(die.clone(), palette.die.clone(), t));
            }
            // A short line of dominoes, right.
            for i in 0..4 {
                let t = Transform::from_xyz(0.75 + 0.105 * i as f32, 0.006, 0.45)
                    .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2));
                p.spawn(part(tile.clone(), palette.ivory.clone(), t));
            }
            // The two Kugelbox balls and a few marbles, front.
            p.spawn(part(
                ball.clone(),
                palette.red_ball.clone(),
                Transform::from_xyz(-0.2, 0.035, 0.75),
            ));
            p.spawn(part(
                ball,
                palette.white_ball.clone(),
                Transform::from_xyz(-0.1, 0.035, 0.8),
            ));
            for (i, seat) in palette.seats.iter().take(4).enumerate() {
                let t = Transform::from_xyz(0.15 + 0.05 * i as f32, 0.014, 0.78 - 0.02 * i as f32);
                p.spawn(part(marble.clone(), seat.clone(), t));
            }
        });
}

/// A seat's mark as a flat shape lying on the table (normal up), `radius` metres across its
/// points, a few millimetres thick.
pub fn mark_mesh(mark: SeatMark, radius: f32) -> Mesh {
    let outline: Vec<Vec2> = mark.outline().into_iter().map(|p| p * radius).collect();
    let n = outline.len() as u32;
    let y = 0.002;
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    if mark.hollow() {
        // A ring: the outline and a smaller one inside it.
        for p in &outline {
            positions.push([p.x, y, -p.y]);
            positions.push([p.x * 0.6, y, -p.y * 0.6]);
        }
        for i in 0..n {
            let (a, b) = (2 * i, 2 * ((i + 1) % n));
            indices.extend([a, b, a + 1, a + 1, b, b + 1]);
        }
    } else {
        // A fan from the centre (the star and the cross are not convex, but star-shaped).
        positions.push([0.0, y, 0.0]);
        positions.extend(outline.iter().map(|p| [p.x, y, -p.y]));
        for i in 0..n {
            indices.extend([0, 1 + i, 1 + (i + 1) % n]);
        }
    }
    // Facing up whatever the winding.
    let mut corners = Vec::new();
    for t in indices.chunks(3) {
        let [a, b, c] = [t[0], t[1], t[2]].map(|k| Vec3::from(positions[k as usize]));
        let up = if (b - a).cross(c - a).y < 0.0 {
            [a, c, b]
        } else {
            [a, b, c]
        };
        corners.extend(up.map(|p| (p.to_array(), [0.0, 1.0, 0.0])));
    }
    super::marbles::dice_look::flat_mesh(corners)
}
