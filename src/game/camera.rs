//! The one camera: it lives for the whole run (the menus draw onto it) and each scene says where
//! it looks from by setting the [`CameraRig`], and the camera eases there.

use bevy::prelude::*;

/// Marks the game's camera.
#[derive(Component, Debug)]
pub struct MainCamera;

/// Where the camera stands and what it looks at.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraRig {
    pub eye: Vec3,
    pub target: Vec3,
}

impl Default for CameraRig {
    fn default() -> Self {
        CameraRig {
            eye: Vec3::new(0.0, 1.6, 1.9),
            target: Vec3::new(0.0, 0.0, 0.1),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraRig>()
        .insert_resource(ClearColor(Color::srgb(0.05, 0.045, 0.04)))
        .add_systems(Startup, spawn_camera)
        .add_systems(PostUpdate, frame.before(TransformSystems::Propagate));
}

fn spawn_camera(mut commands: Commands, rig: Res<CameraRig>) {
    commands.spawn((
        Name::new("Main camera"),
        MainCamera,
        Camera3d::default(),
        Transform::from_translation(rig.eye).looking_at(rig.target, Vec3::Y),
    ));
}

/// How long a move of the camera takes: a short reframing quickly, a new view (the hand, the
/// layout, the box, another chair) over most of a second.
pub fn move_s(far: f32) -> f32 {
    (0.2 + 0.3 * far).clamp(0.2, 0.9)
}

/// A move under way: where it began, how far along it is (seconds), how long it takes.
#[derive(Debug, Clone, Copy)]
struct Move {
    from: CameraRig,
    to: CameraRig,
    t: f32,
    length: f32,
}

/// The camera eases to the rig (slow at both ends, `smootherstep`) rather than jumping; a change
/// of the rig during a move starts a new one from where the camera is.
fn frame(
    rig: Res<CameraRig>,
    time: Res<Time<Real>>,
    mut now: Local<Option<CameraRig>>,
    mut moving: Local<Option<Move>>,
    mut cameras: Query<&mut Transform, With<MainCamera>>,
) {
    let at = now.get_or_insert(*rig);
    if rig.is_changed() && *rig != moving.map_or(*at, |m| m.to) {
        let far = at.eye.distance(rig.eye) + at.target.distance(rig.target);
        *moving = Some(Move {
            from: *at,
            to: *rig,
            t: 0.0,
            length: move_s(far),
        });
    }
    let Some(m) = moving.as_mut() else { return };
    m.t += time.delta_secs();
    let x = (m.t / m.length).clamp(0.0, 1.0);
    let k = x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
    at.eye = m.from.eye.lerp(m.to.eye, k);
    at.target = m.from.target.lerp(m.to.target, k);
    if x >= 1.0 {
        *moving = None;
    }
    for mut t in &mut cameras {
        *t = Transform::from_translation(at.eye).looking_at(at.target, Vec3::Y);
    }
}
