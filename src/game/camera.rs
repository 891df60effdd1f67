//! The one camera: it lives for the whole run (the menus draw onto it) and each scene says where
//! it looks from by setting the [`CameraRig`].

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

/// A move farther than this (metres, eye and target together) cuts; a shorter one glides.
pub const CUT_M: f32 = 1.0;
/// How quickly a glide closes in: the share left after one second is `exp(-GLIDE_RATE)`.
const GLIDE_RATE: f32 = 7.0;

/// The camera follows the rig: a new scene or another seat's chair cuts there at once, a
/// change of framing (the layout growing) glides.
fn frame(
    rig: Res<CameraRig>,
    time: Res<Time>,
    mut now: Local<Option<CameraRig>>,
    mut cameras: Query<&mut Transform, With<MainCamera>>,
) {
    let at = now.get_or_insert(*rig);
    if *at == *rig && !rig.is_changed() {
        return;
    }
    let far = at.eye.distance(rig.eye) + at.target.distance(rig.target);
    if !(1e-4..=CUT_M).contains(&far) {
        *at = *rig;
    } else {
        let s = 1.0 - (-GLIDE_RATE * time.delta_secs()).exp();
        at.eye = at.eye.lerp(rig.eye, s);
        at.target = at.target.lerp(rig.target, s);
    }
    for mut t in &mut cameras {
        *t = Transform::from_translation(at.eye).looking_at(at.target, Vec3::Y);
    }
}
