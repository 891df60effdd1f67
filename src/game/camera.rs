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
        .add_systems(
            PostUpdate,
            frame
                .run_if(resource_changed::<CameraRig>)
                .before(TransformSystems::Propagate),
        );
}

fn spawn_camera(mut commands: Commands, rig: Res<CameraRig>) {
    commands.spawn((
        Name::new("Main camera"),
        MainCamera,
        Camera3d::default(),
        Transform::from_translation(rig.eye).looking_at(rig.target, Vec3::Y),
    ));
}

fn frame(rig: Res<CameraRig>, mut cameras: Query<&mut Transform, With<MainCamera>>) {
    for mut t in &mut cameras {
        *t = Transform::from_translation(rig.eye).looking_at(rig.target, Vec3::Y);
    }
}
